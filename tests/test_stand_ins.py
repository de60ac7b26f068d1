"""build/stand_ins.py: the decoders the game never uses leave the Linux bundle, and SDL_mixer and
SDL_image still load and still do what the game asks of them (issue 47, the one file's start-up)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_stand_ins():  # -> module; build/ is no package
    spec = importlib.util.spec_from_file_location("build_stand_ins", ROOT / "build" / "stand_ins.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


stand_ins = load_stand_ins()


def test_library_names_without_hash_or_version() -> None:
    assert stand_ins.library_name("libFLAC-e7027ec5.so.14.0.0") == "flac"
    assert stand_ins.library_name("libvorbisfile-07b6198b.so.3.3.8") == "vorbisfile"
    assert stand_ins.library_name("libstdc++.so.6") == "stdc++"
    assert stand_ins.library_name("libSDL2_mixer-2-6719e6f6.0.so.0.800.2") not in stand_ins.LEFT_OUT
    assert stand_ins.library_name("mixer.cpython-311-x86_64-linux-gnu.so") is None


def test_a_stand_in_keeps_the_versions_its_users_ask_for() -> None:
    source, script = stand_ins.stand_in_source({"xmp_a": "XMP_4.0", "xmp_b": "XMP_4.1", "plain": ""})
    assert "long xmp_a(void) { return 0; }" in source
    assert script.splitlines() == ["XMP_4.0 { global: plain; xmp_a; local: *; };", "XMP_4.1 { global: xmp_b; };"]
    assert stand_ins.stand_in_source({"ogg_x": ""})[1] == "{ global: ogg_x; local: *; };\n"
    assert stand_ins.stand_in_source({})[1] == "{ local: *; };\n"


def test_what_only_the_left_out_needed_goes_with_its_links() -> None:
    binaries = [("libs/libmixer.so", "/m", "BINARY"), ("libs/libfluidsynth.so.3", "/f", "BINARY"),
                ("libs/libsndfile.so.1", "/s", "BINARY"), ("libs/libogg.so.0", "/o", "BINARY"),
                ("libstdc++.so.6", "/c", "BINARY")]
    before = {"libs/libmixer.so": ["libfluidsynth.so.3", "libogg.so.0"], "libs/libogg.so.0": [],
              "libs/libfluidsynth.so.3": ["libsndfile.so.1", "libstdc++.so.6"], "libs/libsndfile.so.1": ["libogg.so.0"],
              "libstdc++.so.6": []}
    after = {**before, "libs/libfluidsynth.so.3": []}  # fluidsynth's stand-in needs nothing
    assert stand_ins.unneeded(binaries, before, after) == {"libs/libsndfile.so.1", "libstdc++.so.6"}
    link = ("libsndfile.so.1", "libs/libsndfile.so.1", "SYMLINK")
    assert stand_ins.symlink_target(link) == "libs/libsndfile.so.1"


# SDL's own numbers (SDL.h, SDL_mixer.h): the audio subsystem, signed 16-bit samples, every decoder's flag.
PROBE = r"""
import ctypes, glob, os, sys
folder, wav, png = sys.argv[1:4]
def library(stem):
    [path] = glob.glob(os.path.join(folder, stem + "-*"))
    return ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
sdl, mixer, image = library("libSDL2-2"), library("libSDL2_mixer-2"), library("libSDL2_image-2")
for lib, name in ((sdl, "SDL_RWFromFile"), (mixer, "Mix_LoadWAV_RW"), (image, "IMG_Load")):
    getattr(lib, name).restype = ctypes.c_void_p
sdl.SDL_RWFromFile.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
mixer.Mix_LoadWAV_RW.argtypes = [ctypes.c_void_p, ctypes.c_int]
image.IMG_Load.argtypes = [ctypes.c_char_p]
assert sdl.SDL_Init(0x10) == 0, "SDL audio"
print("mix_init", mixer.Mix_Init(0x01 | 0x02 | 0x08 | 0x10 | 0x20 | 0x40 | 0x80))
assert mixer.Mix_OpenAudio(22050, 0x8010, 1, 512) == 0, "Mix_OpenAudio"
assert mixer.Mix_LoadWAV_RW(sdl.SDL_RWFromFile(wav.encode(), b"rb"), 1), "the WAV effect"
assert image.IMG_Load(png.encode()), "the PNG icon"
print("ok")
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or any(shutil.which(t) is None for t in stand_ins.TOOLS),
                    reason="stand-ins are built on Linux, with cc, nm and readelf")
def test_sdl_mixer_and_image_load_a_wav_and_a_png_with_the_stand_ins(tmp_path: Path) -> None:
    import pygame

    wheel_libs = Path(pygame.__file__).resolve().parents[1] / "pygame_ce.libs"
    binaries = [(f"pygame_ce.libs/{path.name}", str(path), "BINARY") for path in sorted(wheel_libs.iterdir())]
    link = ("libogg.so.0", "pygame_ce.libs/" + next(p.name for p in wheel_libs.iterdir() if "libogg" in p.name),
            "SYMLINK")
    kept, datas, made = stand_ins.leave_out(binaries, [link], tmp_path / "work")

    names = {stand_ins.library_name(Path(dest).name): Path(source) for dest, source, _ in kept}
    assert {"fluidsynth", "xmp", "mpg123", "flac", "jpeg", "tiff", "webp", "ogg", "vorbis"} <= {
        stand_ins.library_name(name) for name in made}
    assert not {"sndfile", "vorbisenc", "opus", "sharpyuv"} & set(names), "needed by left-out decoders only"
    assert all(names[stand_ins.library_name(name)].stat().st_size < 64 * 1024 for name in made)
    assert datas == [link], "a link to a stand-in stays"
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    for dest, source, _ in kept:
        shutil.copyfile(source, bundle / Path(dest).name)
    done = subprocess.run([sys.executable, "-c", PROBE, str(bundle), str(ROOT / "assets" / "sounds" / "flip.wav"),
                           str(ROOT / "assets" / "icons" / "skyjo_64.png")],
                          capture_output=True, text=True, timeout=60, env={"SDL_AUDIODRIVER": "dummy", "PATH": ""})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "ok"

"""The research tools: measures of the computer players, kept in the repository and never
installed (pyproject.toml's package list leaves this folder out, so a player's `pip install`
carries none of it). Run them from the repository's root, in its virtual environment:

    python -m tools.tournament --out docs/strength.md   # the published strength table
    python -m tools.tune NAME=VALUE ... --deals 300      # a trial of Hard's or Expert's figures
    python -m tools.duplicate --bot expert ...           # the same positions, two players compared
    python -m tools.review_levels --games N --samples K  # the review's yardstick (and --speed)

They use the game's own code (game.ai, game.rules) and only it; the app's speed figures are
`skyjo bench ...`, which the app ships (docs/commands.md).
"""

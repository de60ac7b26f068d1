"""A tiny Skyjo bot for the open protocol (docs/bots.md): it plays a random legal action.

Run it against ours:  python -m game simulate --bots "cmd:python examples/random_bot.py",easy --games 10
Every line we send is one JSON object; only "decide" needs an answer, one JSON line.
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decide":
            action = rng.choice(message["legal"])
            print(json.dumps({"action": action}), flush=True)


if __name__ == "__main__":
    main()

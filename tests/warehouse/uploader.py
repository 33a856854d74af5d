"""A test uploader process: ``python -m tests.warehouse.uploader SEED LIST URL...`` POSTs each log file named in the
file LIST (one path a line) to one of the servers (chosen at random) and prints one JSON line per upload: path, status, id."""

from __future__ import annotations

import json
import random
import sys
import urllib.error
import urllib.request


def upload(base: str, data: bytes) -> tuple[int, object]:
    request = urllib.request.Request(f"{base}/api/games", data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read()).get("id")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


def main(seed: int, listing: str, bases: list[str]) -> None:
    rng = random.Random(seed)
    with open(listing, encoding="utf-8") as handle:
        paths = handle.read().split()
    for path in paths:
        with open(path, "rb") as handle:
            status, game_id = upload(rng.choice(bases), handle.read())
        print(json.dumps({"path": path, "status": status, "id": game_id}), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3:])

"""First contact: samples of servers nobody here has studied, their listings and judgements.

A sample lives in `benchmarks/realworld/first-contact/<name>/`:

    sample.json          the draw: seed, date, command, package list, every scanned candidate
    settings.toml        per server: placeholder settings, arguments or entry to start it
    listings/<dist>.json what the running server listed (corpus_listing.Listing)
    judgements/<dist>.toml  hand judgements, written before anyone looks at toolargs' output
    phantoms.toml        after measuring: each phantom checked by hand (optional or not)

Only facts about packages are committed, never their code.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from corpus_listing import Listing, list_tools
from corpus_sample import STRATA, allocate, draw, quota_of, read_candidates


def sample_folder(root: Path, name: str) -> Path:
    return root / name


def make_sample(
    root: Path, name: str, seed: int, count: int, package_list: Path, studied: list[str],
    cache: Path, scan_limit: int, argv: list[str],
) -> dict[str, Any]:  # fmt: skip
    candidates = read_candidates(package_list, studied)
    sample, scanned = draw(candidates, seed, count, cache / "metadata", scan_limit)
    digest = hashlib.sha256(package_list.read_bytes()).hexdigest()
    kept_by_stratum = {
        s: sum(d.kept and quota_of(d.stratum) == s for d in scanned) for s in STRATA
    }
    data = {
        "name": name,
        "seed": seed,
        "count": count,
        "drawn_on": time.strftime("%Y-%m-%d"),
        "command": "python scripts/corpus.py " + " ".join(argv),
        "package_list": {"path": str(package_list), "sha256": digest},
        "candidates": len(candidates),
        "excluded_studied": sorted(studied),
        "quotas": allocate(count, STRATA),
        "scanned": len(scanned),
        "servers_seen_per_stratum": kept_by_stratum,
        "servers": [asdict(d) for d in sample],
        "not_servers": [
            {"dist": d.dist, "version": d.version, "reason": d.reason}
            for d in scanned if not d.kept
        ],  # fmt: skip
    }
    folder = sample_folder(root, name)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sample.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return data


def load_sample(root: Path, name: str) -> dict[str, Any]:
    path = sample_folder(root, name) / "sample.json"
    if not path.is_file():
        raise SystemExit(f"corpus: no sample {name!r} ({path})")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


# An environment value written as this stands for a throwaway RSA key made when the server
# is listed (a server that loads its key at start): no key is kept in the repository.
GENERATED_RSA_KEY = "<generated RSA private key>"


def settings(root: Path, name: str) -> dict[str, dict[str, Any]]:
    path = sample_folder(root, name) / "settings.toml"
    if not path.is_file():
        return {}
    found: dict[str, dict[str, Any]] = tomllib.loads(path.read_text(encoding="utf-8"))
    for entry in found.values():
        env = entry.get("env", {})
        for key, value in env.items():
            if value == GENERATED_RSA_KEY:
                env[key] = subprocess.run(
                    ["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"],
                    check=True, capture_output=True, text=True,
                ).stdout  # fmt: skip
    return found


def list_sample(
    root: Path, name: str, cache: Path, only: list[str], jobs: int, again: bool
) -> list[Listing]:
    sample = load_sample(root, name)
    per_server = settings(root, name)
    out = sample_folder(root, name) / "listings"
    out.mkdir(parents=True, exist_ok=True)
    # a server named as `dist` or `dist==version` (the form fetch and the briefs print)
    named = {entry.partition("==")[0] for entry in only}
    servers = [s for s in sample["servers"] if not named or s["dist"] in named]

    def one(server: dict[str, Any]) -> Listing:
        target = out / f"{server['dist']}.json"
        if target.is_file() and not again:
            return Listing(**json.loads(target.read_text(encoding="utf-8")))
        given = per_server.get(server["dist"], {})
        listing = list_tools(
            server["dist"], server["version"], cache,
            env={k: str(v) for k, v in given.get("env", {}).items()},
            args=tuple(given.get("args", ())),
            entry=given.get("entry") or server.get("entry") or None,
            timeout=float(given.get("timeout", 60)),
        )  # fmt: skip
        target.write_text(listing.to_json(), encoding="utf-8")
        state = f"{len(listing.tools)} tools" if not listing.error else listing.reason
        print(f"{server['dist']}=={server['version']}: {state} ({listing.seconds})",
              file=sys.stderr, flush=True)  # fmt: skip
        return listing

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, servers))


def listings(root: Path, name: str) -> dict[str, dict[str, Any]]:
    folder = sample_folder(root, name) / "listings"
    return {
        p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))
    }

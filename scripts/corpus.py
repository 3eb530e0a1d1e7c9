"""The real-server corpus: MCP servers from the package index, pinned, never committed.

Each server is described by one file, `benchmarks/realworld/servers/<dist>.toml`: its
pinned version, what to analyse, and the ground truth counted by hand from its source
(see `benchmarks/realworld/README.md`). This script only downloads and unpacks:

    python scripts/corpus.py fetch                    # every server, into .corpus/
    python scripts/corpus.py fetch mcp-server-git     # some of them
    python scripts/corpus.py fetch --dest DIR
    python scripts/corpus.py list                     # dist, version, shape

`fetch` puts each distribution in DEST/<dist>/ (a source distribution when the server
file says `sdist = true`, else the wheel), unpacked, and skips servers already there.
Nothing is installed, imported or run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
SERVERS = ROOT / "benchmarks" / "realworld" / "servers"
DEFAULT_DEST = ROOT / ".corpus"


@dataclass(frozen=True)
class Server:
    dist: str
    version: str
    shape: str
    analyse: str  # the folder to analyse, relative to the unpacked distribution
    sdist: bool
    file: Path

    @property
    def requirement(self) -> str:
        return f"{self.dist}=={self.version}"


def load_servers(names: list[str] | None = None) -> list[Server]:
    servers = []
    for file in sorted(SERVERS.glob("*.toml")):
        data: dict[str, Any] = tomllib.loads(file.read_text(encoding="utf-8"))
        entry = data["server"]
        server = Server(
            dist=entry["dist"],
            version=entry["version"],
            shape=entry.get("shape", ""),
            analyse=entry.get("analyse", "."),
            sdist=bool(entry.get("sdist", False)),
            file=file,
        )
        if not names or server.dist in names:
            servers.append(server)
    missing = set(names or ()) - {s.dist for s in servers}
    if missing:
        raise SystemExit(f"corpus: no server file for {', '.join(sorted(missing))}")
    return servers


def fetch(server: Server, dest: Path) -> Path:
    """Download the pinned distribution and unpack it into dest/<dist>/."""
    target = dest / server.dist
    if target.is_dir() and any(target.iterdir()):
        return target
    with tempfile.TemporaryDirectory() as download:
        kind = ["--no-binary", ":all:"] if server.sdist else ["--only-binary", ":all:"]
        command = [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--disable-pip-version-check", *kind, "-d", download, server.requirement,
        ]  # fmt: skip
        subprocess.run(command, check=True)
        (archive,) = Path(download).iterdir()
        target.mkdir(parents=True, exist_ok=True)
        if archive.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(archive) as unpacked:
                unpacked.extractall(target)
        else:
            with tarfile.open(archive) as unpacked:
                unpacked.extractall(target, filter="data")
            # An sdist unpacks into one folder named dist-version: lift its content.
            inner = list(target.iterdir())
            if len(inner) == 1 and inner[0].is_dir():
                for child in inner[0].iterdir():
                    child.rename(target / child.name)
                inner[0].rmdir()
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="corpus", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fetching = commands.add_parser("fetch", help="download and unpack servers")
    fetching.add_argument("names", nargs="*", help="distribution names (default: all)")
    fetching.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    listing = commands.add_parser("list", help="list the servers")
    listing.add_argument("names", nargs="*")
    options = parser.parse_args(argv)
    servers = load_servers(options.names)
    if options.command == "list":
        for server in servers:
            print(f"{server.dist}\t{server.version}\t{server.shape}")
        return 0
    failed = []
    for server in servers:
        try:
            where = fetch(server, options.dest)
        except (subprocess.CalledProcessError, ValueError, OSError) as exc:
            failed.append(server.dist)
            print(f"corpus: {server.requirement}: {exc}", file=sys.stderr)
            continue
        print(f"{server.requirement}: {where / server.analyse}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

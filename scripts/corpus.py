"""The real-server corpus: MCP servers from the package index, pinned, never committed.

Each server is described by one file, `benchmarks/realworld/servers/<dist>.toml`: its
pinned version, what to analyse, and the ground truth counted by hand from its source
(see `benchmarks/realworld/README.md`). This script only downloads and unpacks:

    python scripts/corpus.py fetch                    # every server, into .corpus/
    python scripts/corpus.py fetch mcp-server-git     # some of them
    python scripts/corpus.py fetch --dest DIR
    python scripts/corpus.py list                     # dist, version, shape
    python scripts/corpus.py measure [--json OUT]     # audit vs. the hand counts

First contact (benchmarks/realworld/README.md, "First contact"): servers nobody here has
studied, drawn at random, with truth taken from the running servers themselves:

    python scripts/corpus.py sample --seed N --count K [--name S]   # draw a sample
    python scripts/corpus.py list-tools DIST==VERSION [--env K=V ...] [--json OUT]
    python scripts/corpus.py list-tools --sample S [--jobs 2]       # list every drawn one
    python scripts/corpus.py fetch --sample S                       # their source
    python scripts/corpus.py measure --first-contact S [--json OUT] # audit vs. listings

`fetch` puts each distribution in DEST/<dist>/ (a source distribution when the server
file says `sdist = true`, else the wheel), unpacked, and skips servers already there.
Nothing is installed, imported or run.

`measure` runs `toolargs audit --format json` on each fetched server's `analyse` folder
and compares it with the ground truth written by hand: tools found, tools missed,
phantoms (found but not in the hand count), the mode of annotated tools against their
annotation, and the mode of unannotated tools against the hand judgement. It prints
Markdown tables; the audit itself decides nothing about the ground truth.
"""

from __future__ import annotations

import argparse
import json
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
FIRST_CONTACT = ROOT / "benchmarks" / "realworld" / "first-contact"
DEFAULT_DEST = ROOT / ".corpus"
PACKAGE_LIST = Path("/work/.library/env/packages/pypi.tsv")


@dataclass(frozen=True)
class Server:
    dist: str
    version: str
    shape: str
    framework: str
    analyse: str  # the folder to analyse, relative to the unpacked distribution
    sdist: bool
    file: Path
    tools: tuple[dict[str, Any], ...] = ()
    count: dict[str, Any] | None = None

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
            framework=entry.get("framework", ""),
            analyse=entry.get("analyse", "."),
            sdist=bool(entry.get("sdist", False)),
            file=file,
            tools=tuple(data.get("tool", ())),
            count=data.get("count"),
        )
        if not names or server.dist in names:
            servers.append(server)
    missing = set(names or ()) - {s.dist for s in servers}
    if missing:
        raise SystemExit(f"corpus: no server file for {', '.join(sorted(missing))}")
    return servers


def fetch(server: Server, dest: Path) -> Path:
    """Download the pinned distribution and unpack it into dest/<dist>/."""
    return fetch_release(server.dist, server.version, dest / server.dist, server.sdist)


def fetch_release(dist: str, version: str, target: Path, sdist: bool) -> Path:
    """Unpack dist==version into target: its source distribution when `sdist` (falling
    back to the wheel when it has none), else its wheel. Nothing is installed or run."""
    if target.is_dir() and any(target.iterdir()):
        return target
    kinds = [["--no-binary", ":all:"], ["--only-binary", ":all:"]]
    with tempfile.TemporaryDirectory() as download:
        for kind in kinds if sdist else kinds[1:]:
            command = [
                sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                "--disable-pip-version-check", *kind, "-d", download, f"{dist}=={version}",
                # Nothing is installed: a server needing a newer Python still unpacks.
                "--ignore-requires-python",
            ]  # fmt: skip
            if subprocess.run(command, capture_output=True).returncode == 0:
                break
        else:
            subprocess.run(command, check=True)  # the last one again, to raise its error
        (archive,) = Path(download).iterdir()
        target.mkdir(parents=True, exist_ok=True)
        if archive.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(archive) as unpacked:
                unpacked.extractall(target)
        else:
            with tarfile.open(archive) as unpacked:
                unpacked.extractall(target, filter=_safe_member)
            # An sdist unpacks into one folder named dist-version: lift its content.
            inner = list(target.iterdir())
            if len(inner) == 1 and inner[0].is_dir():
                for child in inner[0].iterdir():
                    child.rename(target / child.name)
                inner[0].rmdir()
    return target


def _safe_member(member: tarfile.TarInfo, path: str) -> tarfile.TarInfo | None:
    """The "data" filter, skipping what it refuses (a link to an absolute path left in
    an sdist by a build cache) instead of failing the whole archive."""
    try:
        return tarfile.data_filter(member, path)
    except tarfile.FilterError:
        return None


@dataclass
class Measured:
    server: Server
    expected: list[str]
    found: list[str]
    missed: list[str]
    phantoms: list[str]
    annotated: int
    annotated_right: int
    unannotated: list[tuple[str, str, str, str]]  # name, toolargs mode, why, hand judgement
    audit_tools: list[dict[str, Any]]
    error: str = ""


def audit(folder: Path) -> list[dict[str, Any]]:
    command = [sys.executable, "-m", "toolargs", "audit", "--format", "json", str(folder)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if result.returncode not in (0, 1):
        raise RuntimeError(result.stderr.strip().splitlines()[-1] if result.stderr else "?")
    tools: list[dict[str, Any]] = json.loads(result.stdout)["tools"]
    return tools


def measure(server: Server, dest: Path) -> Measured:
    truth = [t for t in server.tools if not t.get("optional", False)]
    optional = {t["name"] for t in server.tools if t.get("optional", False)}
    expected = [t["name"] for t in truth]
    try:
        tools = audit(dest / server.dist / server.analyse)
    except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as exc:
        return Measured(server, expected, [], expected, [], 0, 0, [], [], str(exc))
    by_name: dict[str, dict[str, Any]] = {}
    for audited in tools:
        by_name.setdefault(audited["name"], audited)
    found = [name for name in expected if name in by_name]
    missed = [name for name in expected if name not in by_name]
    known = set(expected) | optional
    phantoms = sorted({t["name"] for t in tools if t["name"] not in known})
    annotated = annotated_right = 0
    unannotated = []
    for entry in truth:
        tool = by_name.get(entry["name"])
        if tool is None:
            continue
        if entry.get("annotated", "none") != "none":
            annotated += 1
            annotated_right += tool["mode"] == entry["annotated"]
        else:
            unannotated.append(
                (entry["name"], tool["mode"], tool.get("mode_source", ""), entry["judged"])
            )
    return Measured(
        server, expected, found, missed, phantoms, annotated, annotated_right, unannotated, tools
    )


def report(results: list[Measured]) -> str:
    lines = [
        "| server | framework | hand count | found | missed | phantoms | annotated: mode right |",
        "| --- | --- | ---: | ---: | --- | --- | ---: |",
    ]
    for r in results:
        missed = ", ".join(r.missed[:6]) + (" …" if len(r.missed) > 6 else "")
        lines.append(
            f"| {r.server.dist} {r.server.version} | {r.server.framework} | {len(r.expected)} "
            f"| {len(r.found)} | {missed or '-'}{' (' + r.error + ')' if r.error else ''} "
            f"| {', '.join(r.phantoms) or '-'} | {r.annotated_right}/{r.annotated} |"
        )
    expected = sum(len(r.expected) for r in results)
    found = sum(len(r.found) for r in results)
    phantoms = sum(len(r.phantoms) for r in results)
    annotated = sum(r.annotated for r in results)
    right = sum(r.annotated_right for r in results)
    share = f"{100 * found / expected:.1f}%" if expected else "-"
    lines.append(
        f"| **{len(results)} servers** | | **{expected}** | **{found} ({share})** | "
        f"**{expected - found}** | **{phantoms}** | **{right}/{annotated}** |"
    )
    lines += ["", "| server | unannotated tool | toolargs | why | by hand | agree |"]
    lines.append("| --- | --- | --- | --- | --- | --- |")
    agree = total = 0
    for r in results:
        for name, mode, why, judged in r.unannotated:
            total += 1
            agree += mode == judged
            mark = "yes" if mode == judged else "**no**"
            lines.append(f"| {r.server.dist} | {name} | {mode} | {why} | {judged} | {mark} |")
    if total:
        lines.append(f"\nUnannotated tools: {agree}/{total} agree ({100 * agree / total:.1f}%).")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="corpus", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fetching = commands.add_parser("fetch", help="download and unpack servers")
    fetching.add_argument("names", nargs="*", help="distribution names (default: all)")
    fetching.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    fetching.add_argument("--sample", help="the servers of this first-contact sample")
    listing = commands.add_parser("list", help="list the servers")
    listing.add_argument("names", nargs="*")
    measuring = commands.add_parser("measure", help="compare the audit with the truth")
    measuring.add_argument("names", nargs="*")
    measuring.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    measuring.add_argument("--json", type=Path, help="also write the audits and results here")
    measuring.add_argument(
        "--first-contact", metavar="SAMPLE", help="a first-contact sample, against its listings"
    )
    measuring.add_argument("--audits", type=Path,
                           help="with --first-contact: score the audits of an earlier --json "
                                "again (new judgements), without running toolargs")  # fmt: skip
    sampling = commands.add_parser("sample", help="draw a first-contact sample")
    sampling.add_argument("--seed", type=int, required=True)
    sampling.add_argument("--count", type=int, required=True)
    sampling.add_argument("--name", help="the sample's folder name (default: seed<N>)")
    sampling.add_argument("--scan-limit", type=int, default=800,
                          help="candidates read at most (default 800)")  # fmt: skip
    sampling.add_argument("--packages", type=Path, default=PACKAGE_LIST)
    sampling.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    tools = commands.add_parser("list-tools", help="start servers and record tools/list")
    tools.add_argument("requirements", nargs="*", metavar="DIST==VERSION")
    tools.add_argument("--env", action="append", default=[], metavar="K=V")
    tools.add_argument("--arg", action="append", default=[], help="an argument to the server")
    tools.add_argument("--entry", help="console script, or '-m module', to start it with")
    tools.add_argument("--timeout", type=float, default=60.0)
    tools.add_argument("--json", type=Path, help="write the listing here")
    tools.add_argument("--sample", help="list every server of this first-contact sample")
    tools.add_argument("--jobs", type=int, default=1)
    tools.add_argument(
        "--again", action="store_true", help="list again servers listed before (named or all)"
    )
    tools.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    options = parser.parse_args(argv)
    if options.command == "sample":
        return draw_sample(options, argv if argv is not None else sys.argv[1:])
    if options.command == "list-tools":
        return list_tools_command(options)
    if options.command == "fetch" and options.sample:
        return fetch_sample(options)
    if options.command == "measure" and options.first_contact:
        from corpus_measure import measure_first_contact

        return measure_first_contact(FIRST_CONTACT, options.first_contact, options.dest,
                                     options.names, options.json, options.audits)  # fmt: skip
    servers = load_servers(options.names)
    if options.command == "measure":
        results = [measure(s, options.dest) for s in servers if s.tools]
        print(report(results))
        if options.json:
            data = [
                {"dist": r.server.dist, "version": r.server.version, "missed": r.missed,
                 "phantoms": r.phantoms, "unannotated": r.unannotated,
                 "audit": r.audit_tools, "error": r.error}
                for r in results
            ]  # fmt: skip
            options.json.write_text(json.dumps(data, indent=1), encoding="utf-8")
        return 0
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


def draw_sample(options: argparse.Namespace, argv: list[str]) -> int:
    from corpus_first_contact import make_sample

    name = options.name or f"seed{options.seed}"
    studied = [server.dist for server in load_servers()]
    # Every server an earlier sample drew has been listed, judged and measured: studied.
    for earlier in sorted(FIRST_CONTACT.glob("*/sample.json")):
        if earlier.parent.name != name:
            drawn = json.loads(earlier.read_text(encoding="utf-8"))["servers"]
            studied += [server["dist"] for server in drawn]
    data = make_sample(FIRST_CONTACT, name, options.seed, options.count, options.packages,
                       studied, options.dest, options.scan_limit, argv)  # fmt: skip
    for server in data["servers"]:
        print(f"{server['stratum']:<10} {server['dist']}=={server['version']}  "
              f"{server['requirement'] or '-'}  ({server['entry']})")  # fmt: skip
    print(f"{len(data['servers'])} servers drawn from {data['scanned']} candidates read "
          f"({data['candidates']} in the list); servers seen per stratum: "
          f"{data['servers_seen_per_stratum']}", file=sys.stderr)  # fmt: skip
    return 0


def list_tools_command(options: argparse.Namespace) -> int:
    from corpus_first_contact import list_sample
    from corpus_listing import list_tools

    if options.sample:
        done = list_sample(FIRST_CONTACT, options.sample, options.dest, options.requirements,
                           options.jobs, options.again)  # fmt: skip
        listed = [d for d in done if not d.error]
        tools = sum(len(d.tools) for d in listed)
        print(f"{len(listed)} of {len(done)} servers listed, {tools} tools", file=sys.stderr)
        return 0
    status = 0
    for requirement in options.requirements:
        dist, _, version = requirement.partition("==")
        if not version:
            raise SystemExit(f"corpus: name a pinned release: {dist}==VERSION")
        env = dict(item.split("=", 1) for item in options.env)
        listing = list_tools(dist, version, options.dest, env, tuple(options.arg),
                             options.entry, options.timeout)  # fmt: skip
        if options.json:
            options.json.write_text(listing.to_json(), encoding="utf-8")
        else:
            sys.stdout.write(listing.to_json())
        if listing.error:
            print(f"corpus: {requirement}: {listing.reason}: {listing.error}", file=sys.stderr)
            status = 1
    return status


def fetch_sample(options: argparse.Namespace) -> int:
    from corpus_first_contact import load_sample

    sample = load_sample(FIRST_CONTACT, options.sample)
    failed = 0
    for server in sample["servers"]:
        if options.names and server["dist"] not in options.names:
            continue
        target = options.dest / "first-contact" / options.sample / server["dist"]
        try:
            fetch_release(server["dist"], server["version"], target, sdist=True)
        except (subprocess.CalledProcessError, ValueError, OSError) as exc:
            failed += 1
            print(f"corpus: {server['dist']}: {exc}", file=sys.stderr)
            continue
        print(f"{server['dist']}=={server['version']}: {target}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Drawing a first-contact sample of MCP servers from the package list.

The package list (`env/packages/pypi.tsv`: name, version, month, rank, summary) is read,
never the registry's own index. A candidate is a distribution whose name says MCP and
whose name and summary do not say it is an SDK, a client, an adapter or a framework.
Candidates are shuffled with the seed; each one's metadata is read from its pinned
release (downloaded without dependencies, cached under `.corpus/metadata/`), and it is
kept when it is a server: it has a console script or a `__main__` module, and it names
an MCP framework in its requirements (or names none but says it is an MCP server: the
"other" stratum). Kept servers fill equal quotas per stratum in the shuffled order; a
stratum that runs out gives its share to the others. The same seed, list and count
always draw the same sample, and a larger count draws a superset.
"""

from __future__ import annotations

import email.parser
import io
import json
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from packaging.requirements import InvalidRequirement, Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

# The framework majors the instrument knows; a new major only adds a line.
MAJORS = {
    "mcp": [Version("1"), Version("2")],
    "fastmcp": [Version("1"), Version("2"), Version("3"), Version("4")],
}
STRATA = ("mcp-1", "mcp-2", "fastmcp-2", "fastmcp-3", "fastmcp-4", "other")

# Words in a name or summary that make a distribution something other than a server.
NOT_A_SERVER_NAME = {
    "sdk", "client", "clients", "adapter", "adapters", "framework", "proxy", "gateway",
    "bridge", "inspector", "router", "langchain", "llamaindex", "testing", "tester",
    "template", "boilerplate", "toolkit", "lib", "library", "plugin", "host",
}  # fmt: skip
NOT_A_SERVER_SUMMARY = re.compile(
    r"\b(sdk|client library|client for|framework for|library for|adapter|"
    r"proxy|gateway|bridge|inspector|template|boilerplate)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Candidate:
    name: str
    version: str
    month: str
    summary: str


@dataclass
class Drawn:
    """One scanned candidate, kept or not, with the facts that decided it."""

    dist: str
    version: str
    stratum: str = ""
    requirement: str = ""  # the framework requirement as written, "" for "other"
    entry: str = ""  # a console script, or "-m module"
    requires_python: str = ""
    kept: bool = False
    reason: str = ""  # why a scanned candidate is not a server (or could not be read)
    scripts: list[str] = field(default_factory=list)


def read_candidates(package_list: Path, excluded: Iterable[str]) -> list[Candidate]:
    excluded_names = {normalise(name) for name in excluded}
    candidates = []
    with package_list.open(encoding="utf-8") as rows:
        next(rows)  # the header
        for row in rows:
            parts = row.rstrip("\n").split("\t")
            if len(parts) < 5:
                continue
            name, version, month, _rank, summary = parts[:5]
            words = set(normalise(name).split("-"))
            if "mcp" not in normalise(name) or words & NOT_A_SERVER_NAME:
                continue
            if NOT_A_SERVER_SUMMARY.search(summary):
                continue
            # A republished copy of a studied server is studied code under another name.
            if any(known in normalise(name) for known in excluded_names):
                continue
            candidates.append(Candidate(name, version, month, summary))
    return candidates


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def stratum_of(requirements: list[str]) -> tuple[str, str]:
    """The framework stratum a server's requirements name, and that requirement.

    standalone fastmcp wins over the SDK (it depends on the SDK itself); the major is the
    lowest one the requirement admits: the major the code was written against.
    """
    named: dict[str, tuple[Requirement, str]] = {}
    for text in requirements:
        try:
            requirement = Requirement(text)
        except InvalidRequirement:
            continue
        if requirement.marker is not None and "extra" in str(requirement.marker):
            continue  # an optional extra is not what the server runs on
        package = normalise(requirement.name)
        if package in MAJORS:
            named.setdefault(package, (requirement, text))
    for package in ("fastmcp", "mcp"):
        if package in named:
            requirement, text = named[package]
            major = lowest_major(package, requirement.specifier)
            return f"{package}-{major}", text
    return "other", ""


def lowest_major(package: str, specifier: SpecifierSet) -> int:
    """The lowest major with a release the specifier admits; with no lower bound at all,
    the newest one it admits (what an install takes)."""
    majors = [v.major for v in MAJORS[package]]
    probes = [Version(f"{m}.{n}") for m in majors for n in range(61)]
    probes += [Version(s.version) for s in specifier if not s.version.endswith("*")]
    admitted = sorted(
        {v.major for v in probes if v.major in majors and specifier.contains(v, True)}
    )
    if not admitted:
        return majors[-1]
    bounded = any(s.operator in (">=", ">", "~=", "==", "===") for s in specifier)
    return admitted[0] if bounded else admitted[-1]


def read_metadata(candidate: Candidate, cache: Path) -> Drawn:
    """Requirements and entry points of the pinned release (cached as JSON)."""
    drawn = Drawn(candidate.name, candidate.version)
    cached = cache / f"{normalise(candidate.name)}-{candidate.version}.json"
    if cached.is_file():
        return Drawn(**json.loads(cached.read_text(encoding="utf-8")))
    try:
        metadata, entry_points, modules = download_metadata(candidate)
    except (OSError, ValueError, subprocess.SubprocessError, tarfile.TarError,
            zipfile.BadZipFile) as exc:  # fmt: skip
        drawn.reason = f"cannot read its metadata: {str(exc).splitlines()[0][:160]}"
        return drawn
    requirements = metadata.get_all("Requires-Dist") or []
    drawn.requires_python = metadata.get("Requires-Python") or ""
    drawn.stratum, drawn.requirement = stratum_of(requirements)
    drawn.scripts = console_scripts(entry_points)
    drawn.entry = choose_entry(candidate.name, drawn.scripts, modules)
    summary = (metadata.get("Summary") or candidate.summary).lower()
    if not drawn.entry:
        drawn.reason = "no console script and no __main__ module: not started on its own"
    elif drawn.stratum == "other" and not re.search(r"\bmcp\b.*\bserver\b|server", summary):
        drawn.reason = "names no MCP framework and does not say it is a server"
    else:
        drawn.kept = True
    cache.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(asdict(drawn), indent=1), encoding="utf-8")
    return drawn


def download_metadata(candidate: Candidate) -> tuple[email.message.Message, str, list[str]]:
    """(METADATA, entry_points.txt, top-level modules having __main__) of the release."""
    with tempfile.TemporaryDirectory() as folder:
        for kind in (["--only-binary", ":all:"], ["--no-binary", ":all:"]):
            command = [
                sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                "--disable-pip-version-check", "--ignore-requires-python", *kind,
                "-d", folder, f"{candidate.name}=={candidate.version}",
            ]  # fmt: skip
            done = subprocess.run(command, capture_output=True, text=True, timeout=180)
            if done.returncode == 0:
                break
        else:
            raise ValueError(done.stderr.strip().splitlines()[-1] if done.stderr else "?")
        (archive,) = Path(folder).iterdir()
        files = dict(archive_files(archive))
    metadata_name = next(
        (n for n in files if n.endswith(".dist-info/METADATA")), None
    ) or min((n for n in files if n.endswith("PKG-INFO")), key=len, default=None)
    if metadata_name is None:
        raise ValueError("no METADATA or PKG-INFO")
    metadata = email.parser.Parser().parsestr(files[metadata_name].decode("utf-8", "replace"))
    entry_points = next(
        (files[n].decode("utf-8", "replace") for n in files if n.endswith("entry_points.txt")),
        "",
    )
    if not entry_points:
        entry_points = sdist_scripts(files)
    modules = sorted(
        {n.split("/")[-2] for n in files if n.endswith("/__main__.py") and n.count("/") >= 1}
    )
    return metadata, entry_points, modules


def archive_files(archive: Path) -> Iterator[tuple[str, bytes]]:
    """Small text files of a wheel or sdist: metadata, entry points, pyproject, __main__."""
    wanted = ("METADATA", "PKG-INFO", "entry_points.txt", "pyproject.toml", "__main__.py")
    if archive.suffix in (".whl", ".zip"):
        with zipfile.ZipFile(archive) as unpacked:
            for name in unpacked.namelist():
                if name.endswith(wanted):
                    yield name, unpacked.read(name)
        return
    with tarfile.open(archive) as unpacked:
        for member in unpacked.getmembers():
            if member.isfile() and member.name.endswith(wanted):
                data = unpacked.extractfile(member)
                if data is not None:
                    yield member.name, data.read()


def sdist_scripts(files: dict[str, bytes]) -> str:
    """An sdist's [project.scripts], in entry_points.txt form."""
    pyproject = min((n for n in files if n.endswith("pyproject.toml")), key=len, default=None)
    if pyproject is None:
        return ""
    import tomllib

    try:
        data = tomllib.load(io.BytesIO(files[pyproject]))
    except tomllib.TOMLDecodeError:
        return ""
    scripts = data.get("project", {}).get("scripts", {})
    return "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items())


def console_scripts(entry_points: str) -> list[str]:
    scripts, section = [], ""
    for line in entry_points.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]").strip()
        elif section == "console_scripts" and "=" in line:
            scripts.append(line.split("=", 1)[0].strip())
    return scripts


def choose_entry(dist: str, scripts: list[str], modules: list[str]) -> str:
    """The script a user would start: the dist's own name, else one that says mcp or
    server, else the only one; a `__main__` module when there is no script."""
    if scripts:
        wanted = normalise(dist)
        for script in scripts:
            if normalise(script) == wanted:
                return script
        for script in scripts:
            if re.search(r"mcp|server", script, re.IGNORECASE):
                return script
        return scripts[0]
    return f"-m {modules[0]}" if modules else ""


def draw(
    candidates: list[Candidate], seed: int, count: int, cache: Path, scan_limit: int
) -> tuple[list[Drawn], list[Drawn]]:
    """(the sample in draw order, every candidate scanned), deterministic for a seed."""
    order = list(candidates)
    random.Random(seed).shuffle(order)
    quotas = allocate(count, STRATA)
    kept: dict[str, list[Drawn]] = {s: [] for s in STRATA}
    scanned: list[Drawn] = []
    batch = 8
    with ThreadPoolExecutor(max_workers=8) as pool:  # network-bound; the order is map()'s
        for start in range(0, min(len(order), scan_limit), batch):
            chunk = order[start : min(start + batch, scan_limit)]
            for drawn in pool.map(lambda c: read_metadata(c, cache), chunk):
                scanned.append(drawn)
                if drawn.kept:
                    kept[quota_of(drawn.stratum)].append(drawn)
            if filled(kept, quotas, count):
                break
    sample = take(kept, quotas, count)
    return sample, scanned


def quota_of(stratum: str) -> str:
    """The quota a stratum draws from: a framework major outside STRATA (fastmcp 1.x,
    the standalone package before 2.0) counts as "other"."""
    return stratum if stratum in STRATA else "other"


def allocate(count: int, strata: tuple[str, ...]) -> dict[str, int]:
    share, extra = divmod(count, len(strata))
    return {s: share + (i < extra) for i, s in enumerate(strata)}


def filled(kept: dict[str, list[Drawn]], quotas: dict[str, int], count: int) -> bool:
    return all(len(kept[s]) >= q for s, q in quotas.items())


def take(kept: dict[str, list[Drawn]], quotas: dict[str, int], count: int) -> list[Drawn]:
    """Each stratum's quota in draw order; what a short stratum leaves goes round the
    others, one at a time, in the order of the strata."""
    sample = {s: kept[s][: quotas[s]] for s in STRATA}
    spare = count - sum(len(v) for v in sample.values())
    while spare > 0:
        grew = False
        for s in STRATA:
            if spare and len(sample[s]) < len(kept[s]):
                sample[s].append(kept[s][len(sample[s])])
                spare -= 1
                grew = True
        if not grew:
            break
    return [d for s in STRATA for d in sample[s]]

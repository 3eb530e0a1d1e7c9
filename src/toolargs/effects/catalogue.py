"""The effect catalogue: which calls write, as data, one table per kind.

The engine (`toolargs.effects.analysis`) only looks names up here; users extend the
tables with `write-calls` and `read-only-calls` (fnmatch patterns on the qualified name,
`os.remove`, `mylib.Client.drop_*`, or on the last name, `persist_*`). docs/effects.md
says what each table covers and where it is wrong.

Names are qualified through the module's imports: `from shutil import rmtree` makes
`rmtree(...)` the call `shutil.rmtree`. Method tables apply to any receiver the
checker cannot resolve, which is why some look at the arguments too (`x.replace(a)` is
`Path.replace`, `s.replace(a, b)` is `str.replace`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fnmatch import fnmatchcase

from toolargs.config import Config

# --- filesystem ---

# Module functions that change the filesystem.
FILESYSTEM_CALLS = frozenset(
    """os.remove os.unlink os.rename os.renames os.replace os.makedirs os.mkdir os.rmdir
    os.removedirs os.truncate os.symlink os.link os.chmod os.chown os.mkfifo os.utime
    shutil.copy shutil.copy2 shutil.copyfile shutil.copytree shutil.move shutil.rmtree
    shutil.copymode shutil.copystat shutil.chown shutil.make_archive shutil.unpack_archive
    aiofiles.os.remove aiofiles.os.unlink aiofiles.os.rename aiofiles.os.replace
    aiofiles.os.makedirs aiofiles.os.mkdir aiofiles.os.rmdir send2trash.send2trash""".split()
)
# Methods of `pathlib.Path` that change the filesystem, by name.
PATH_WRITE_METHODS = frozenset(
    """write_text write_bytes unlink mkdir touch rmdir chmod lchmod symlink_to
    hardlink_to""".split()
)
# Words that make a path a scratch location: writing or deleting there (temporary files)
# changes nothing the user owns. A name says it (`self.tmp_root`, `tmpDir`), or a literal
# part of the path does (`"/tmp/x"`); toolargs.effects.space follows a path's value to
# its root.
SCRATCH_WORDS = frozenset(
    """tmp temp tempfile tempdir tmpdir tmpfile tmppath temppath temporary scratch""".split()
)
# Calls whose result is scratch space: temporary files and folders, an in-memory buffer.
SCRATCH_CALLS = frozenset(
    """tempfile.mkstemp tempfile.mkdtemp tempfile.gettempdir tempfile.gettempdirb
    tempfile.NamedTemporaryFile tempfile.TemporaryFile tempfile.SpooledTemporaryFile
    tempfile.TemporaryDirectory io.BytesIO io.StringIO""".split()
)
# What the server keeps for itself, by the words that name it (a path, a folder, the
# object written to): its cache, what it keeps to log in again (cookies, tokens), what it
# records about its own work (logs, audit trails), its lock files. A write there is shown
# but is not a change the tool makes, unless the tool is named for that state
# (OWN_STATE_TOOL_WORDS). Each word gives the reason the evidence shows.
CACHE = "its cache"
CREDENTIALS = "credentials"
LOG = "a log"
LOCK = "a lock file"
# Calls that lock an open file (its descriptor, or the file object): a file opened only to
# be locked coordinates the server's processes, its contents are nobody's state.
LOCK_CALLS = frozenset(
    {"fcntl.flock", "fcntl.lockf", "msvcrt.locking", "portalocker.lock", "portalocker.Lock"}
)
FOLDER = "a folder it sets up"
DATABASE_SETUP = "database set-up"
OBJECT_SETUP = "set-up of an object it uses"
EXPIRY = "the expiry of entries it keeps"
SCRATCH_CLEANUP = "temporary files it cleans up"
OWN_WORDS: dict[str, str] = {
    **{word: CACHE for word in "cache caches cachedir cached".split()},
    **{word: CREDENTIALS for word in """cookie cookies cookiejar token tokens credential
        credentials creds oauth""".split()},
    # `DEBUG_TIMINGS`, `trace_file`: what a server records of its own work when asked to
    **{word: LOG for word in """log logs logfile logdir audit debug trace traces tracing
        timing timings telemetry""".split()},
    **{word: LOCK for word in "lock lockfile pid pidfile".split()},
}
# Calls whose result is a folder the platform gives the application for its cache or
# its logs (platformdirs, appdirs, xdg).
OWN_CALLS = {
    **{name: CACHE for name in """platformdirs.user_cache_dir platformdirs.user_cache_path
        platformdirs.site_cache_dir platformdirs.site_cache_path
        platformdirs.PlatformDirs.user_cache_dir appdirs.user_cache_dir xdg.xdg_cache_home
        xdg_base_dirs.xdg_cache_home""".split()},
    **{name: LOG for name in """platformdirs.user_log_dir platformdirs.user_log_path
        platformdirs.site_log_dir platformdirs.site_log_path
        appdirs.user_log_dir""".split()},
}
# Functions that keep the server's credentials, by the words of their name or of their
# module's (`_apply_encryption_key`, `auth.safe_delete_password`, `windows_credentials.
# _retire_legacy`): a local write inside one (a key file moved, a keyring entry dropped,
# `PRAGMA key`) is the server keeping its own credentials. A word alone, or a pair of words
# (`api_key`, not `key`: a key-value store's `set_key` writes what the user owns).
CREDENTIAL_FUNCTION_WORDS = frozenset(
    """auth credential credentials creds keyring keychain oauth passphrase secret secrets
    token tokens""".split()
)
CREDENTIAL_FUNCTION_PAIRS = (
    frozenset({"api", "key"}), frozenset({"encryption", "key"}), frozenset({"access", "key"}),
    frozenset({"private", "key"}), frozenset({"secret", "key"}),
)
# Functions that set the server's database up, by the words of their name (`bootstrap`,
# `init_db`, `run_migrations`, `ensure_schema`): SQL they run, even from a script file
# the checker cannot read, makes its tables before a query, not a change of data.
# (`init_user` is not one: a verb of set-up counts with what it sets up.)
SETUP_FUNCTION_WORDS = frozenset("bootstrap migrate migration migrations".split())
SETUP_FUNCTION_PAIRS = tuple(
    frozenset({verb, what})
    for verb in ("init", "initialize", "initialise", "setup", "ensure", "create")
    for what in ("db", "database", "schema", "tables")
)
# Functions whose requests obtain the server's own credentials (`request_tokens`,
# `_refresh_access_token`, `login`): by the words of their names. Narrower than the words
# of a credentials store: `authorize_payment` or `reset_password` act for the user.
CREDENTIAL_REQUEST_WORDS = frozenset(
    "token tokens credential credentials creds oauth login signin reauth relogin".split()
)
# Modules whose every call keeps credentials: a keyring entry is the server's own.
CREDENTIAL_MODULES = ("keyring.",)
# A tool named with one of these words is there to change that state (`clear_cache`,
# `refresh_authentication`, `rotate_logs`, `init_database`): for it, such a write counts.
OWN_STATE_TOOL_WORDS: dict[str, frozenset[str]] = {
    # `refresh_dataset` rebuilding the database it keeps in its cache folder.
    CACHE: frozenset(
        "cache caches cached refresh rebuild reload reindex purge invalidate evict".split()
    ),
    CREDENTIALS: frozenset(
        """auth authenticate authentication authorize authorization login logout logon
        logoff signin signout reauth relogin token tokens cookie cookies credential
        credentials oauth key keys apikey password passphrase secret secrets keyring
        keychain""".split()
    ),
    # `record_visit`, `track_event`, `log_call`: recording is what such a tool is for.
    LOG: frozenset("log logs audit record track".split()),
    LOCK: frozenset("lock unlock".split()),
    FOLDER: frozenset("init initialize initialise setup bootstrap install".split()),
    DATABASE_SETUP: frozenset(
        "init initialize initialise setup bootstrap install migrate migration".split()
    ),
    OBJECT_SETUP: frozenset("init initialize initialise setup bootstrap install".split()),
}
# What a helper between a tool and a write is named for, when it keeps the server's own
# state: set-up of an object the tool uses (`Store.__init__` running migrations), or its
# upkeep: a cache it refreshes (`_maybe_refresh_trends`), an index it derives from what it
# reads and brings up to date before answering (`Store._index`, `ensure_indexed`,
# `ensure_fresh`), the counts and logs it keeps of
# its own use (`record_hit`, `_bump_access_count`), the entries it lets expire
# (`_prune_expired`, `evict_stale`). A write reached through one is the server's, for a
# tool whose name says it reads, or one annotated read-only (set-up words aside there:
# `init_user` may make what the user owns) (docs/effects.md).
UPKEEP_HELPER_WORDS: dict[str, str] = {
    **{word: CACHE for word in """cache caches cached memo memoize refresh refreshes
        rebuild reindex warm index indexed indexing fresh""".split()},
    **{word: LOG for word in """log logs audit record track hit hits counter counters
        access accesses usage telemetry bookkeeping""".split()},
    **{word: DATABASE_SETUP for word in """init initialize initialise setup bootstrap
        migrate migration migrations""".split()},
    # `ensure_module_injected`, `_ensure_schema`: an idempotent precondition of the read
    **{word: OBJECT_SETUP for word in "ensure ensures".split()},
    **{word: EXPIRY for word in """prune expire expired expiry evict stale ttl
        housekeeping""".split()},
}
# Helpers whose name says they record the server's own work for itself (`log_audit_event`,
# `_emit_telemetry`): what they write is its audit trail, under any tool.
AUDIT_HELPER_WORDS = frozenset("audit telemetry".split())
# Tables a server keeps for itself, by the words of their names (`file_cache`, `metrics`,
# `audit_log`): SQL that writes only there keeps its cache or records its own work.
OWN_TABLE_WORDS: dict[str, str] = {
    **{word: CACHE for word in "cache caches cached".split()},
    **{word: LOG for word in "log logs audit telemetry metrics".split()},
}
# Helpers whose name says they keep a cache (`replace_tasklist_cache`, `memoize_result`):
# what they write is the server's cache under any tool, not only one named as a read.
CACHE_HELPER_WORDS = frozenset("cache caches cached memo memoize".split())
# Helpers whose name says they pace the server's own calls (`check_circuit`,
# `acquire_rate_limit`, `_throttle`): what they write is its bookkeeping, under any tool.
PACING = "the pacing of its own calls"
PACING_HELPER_WORDS = frozenset(
    "circuit breaker throttle throttling ratelimit ratelimiter backoff cooldown".split()
)
# Helpers whose name says they log the server in (`_authenticate_locked`,
# `refresh_access_token`): what they write is the credentials it keeps, under any tool.
CREDENTIAL_HELPER_WORDS = frozenset(
    """auth authenticate authentication login relogin reauth reauthenticate signin token tokens
    credential credentials creds oauth""".split()
)
# A deletion reached through a helper named for cleaning up temporary files
# (`processor.cleanup_files(*downloaded)`, `_remove_temp_files`): the tool removes what it
# made on the way, unless the tool's own name says it cleans or deletes (docs/effects.md).
CLEANUP_HELPER_WORDS = frozenset(
    "cleanup clean temp tmp temporary tempfile tempfiles scratch leftovers".split()
)
DELETION_CALLS = frozenset("unlink remove rmtree rmdir removedirs".split())
# Words that, beside the read verbs of the configuration, name a tool that reports
# (`get_status`, `auth_status`, `recall`, `usage_stats`).
READ_NAME_WORDS = frozenset("status recall query retrieve info stats health".split())
# Receivers whose writes fill or empty a cache the server keeps (`cache.set(key, df)`,
# `self._cache.delete(key)`): words of the receiver's name.
CACHE_WORDS = frozenset({"cache", "caches", "cached", "memo", "lru"})
# Receivers whose weak-verb methods configure the server's own client or process
# (`self._options.add_http_header(k, v)`, `settings.set_value(k, v)`): state kept in
# memory, not a write.
CONFIGURATION_WORDS = frozenset(
    {"options", "opts", "config", "configuration", "settings", "headers", "preferences"}
)
# Reading the environment: a variable named like scratch space (`XDG_CACHE_HOME`,
# `TMPDIR`) is scratch. One whose name says nothing has the place of its default when
# that is the server's own (`os.getenv("PACING_DIR") or user_cache_path("app")`): the
# operator moves the folder, it stays the server's; a scratch default does not decide,
# the variable may name the user's output.
ENVIRONMENT_CALLS = frozenset({"os.getenv", "os.environ.get", "os.environ.setdefault"})
ENVIRONMENT = frozenset({"os.environ"})
# Functions that make a folder, or set its mode (`storage_dir.chmod(0o700)` after making
# it): making sure a folder the server uses exists is set-up, not a change the tool
# makes, unless the tool's arguments say where (docs/effects.md).
FOLDER_CALLS = frozenset(
    "os.makedirs os.mkdir aiofiles.os.makedirs aiofiles.os.mkdir os.chmod".split()
)
FOLDER_METHODS = frozenset({"mkdir", "chmod"})
# Calls whose result lives where their first argument does: the path itself made another
# way (`Path(root)`, `os.path.join(root, name)`, `str(root)`), or what a folder holds
# (`glob.glob(pattern)`, `os.scandir(root)`). Literal later parts count too
# (`os.path.join(home, ".cache")`).
SAME_PLACE_CALLS = frozenset(
    """Path PurePath PosixPath pathlib.Path pathlib.PurePath pathlib.PosixPath anyio.Path
    str os.fspath os.fsencode os.fsdecode os.path.join os.path.abspath os.path.realpath
    os.path.normpath os.path.expanduser os.path.expandvars os.path.dirname glob.glob
    glob.iglob os.scandir os.walk os.listdir sorted list reversed iter tuple set
    aiofiles.os.scandir aiofiles.os.listdir sqlite3.connect aiosqlite.connect
    duckdb.connect sqlite_utils.Database apsw.Connection git.Repo git.repo.Repo
    git.repo.base.Repo git.Repo.init""".split()
)
# GitPython calls whose repository lives at another argument than the first: where
# `Repo.clone_from(url, to_path)` clones to.
REPOSITORY_AT = {"git.Repo.clone_from": (1, "to_path"), "git.repo.Repo.clone_from": (1, "to_path")}
# A database that lives in memory: what is written there is gone with the connection.
MEMORY_DATABASES = frozenset({":memory:"})
# A database file named for an index (`index.sqlite3`, `search_index.db`): what the server
# derives from what it reads (files, documents) to answer faster, its cache.
INDEX_DATABASE = re.compile(r"(?:^|[/\\_.-])index\.(?:db|sqlite|sqlite3|duckdb)$", re.IGNORECASE)
# Module functions that change the filesystem at another argument than the first: the
# positions (and keywords) of the paths they change. `shutil.copy(src, dst)` writes dst;
# `shutil.move(src, dst)` changes both. Others change their first argument.
FILESYSTEM_TARGETS: dict[str, tuple[tuple[int, str], ...]] = {
    **{name: ((1, "dst"),) for name in (
        "shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.copytree",
        "shutil.copymode", "shutil.copystat", "os.symlink", "os.link",
    )},
    **{name: ((0, "src"), (1, "dst")) for name in (
        "shutil.move", "os.rename", "os.renames", "os.replace", "aiofiles.os.rename",
        "aiofiles.os.replace",
    )},
    "shutil.unpack_archive": ((1, "extract_dir"),),
    "shutil.make_archive": ((0, "base_name"),),
}
# Methods whose name is shared with a pure method of another type: a write only with
# this many positional arguments (`Path.rename(target)`, `str.replace(old, new)`).
PATH_WRITE_BY_ARITY = {"rename": 1, "replace": 1}
# Methods of `str` sharing a name with a write, and the keywords `str` takes for them:
# `s.replace(old, new)` is a string's only on something that can be a string (a literal,
# a `str` parameter, text made in the function); `client.replace(key, value, expire=60)`
# (a keyword `str` does not take, or an object got from elsewhere) is a store's write.
TEXT_METHODS = {"replace": frozenset({"count"})}
# What a receiver is built as, by the qualified name of its constructor or annotation.
PATH_TYPES = frozenset(
    """Path PurePath PosixPath WindowsPath pathlib.Path pathlib.PurePath pathlib.PosixPath
    pathlib.WindowsPath anyio.Path trio.Path zipfile.Path""".split()
)
QUEUE_TYPES = frozenset(
    """asyncio.Queue asyncio.PriorityQueue asyncio.LifoQueue queue.Queue queue.SimpleQueue
    queue.LifoQueue queue.PriorityQueue multiprocessing.Queue multiprocessing.SimpleQueue
    multiprocessing.JoinableQueue janus.Queue Queue PriorityQueue LifoQueue SimpleQueue
    asyncio.queues.Queue""".split()
)
TEXT_TYPES = frozenset({"str", "builtins.str", "typing.Text", "Text"})
# Functions that open a file: the mode argument (position, keyword) says whether they write.
OPEN_CALLS = {
    "open": (1, "mode"),
    "io.open": (1, "mode"),
    "codecs.open": (1, "mode"),
    "aiofiles.open": (1, "mode"),
    "gzip.open": (1, "mode"),
    "bz2.open": (1, "mode"),
    "lzma.open": (1, "mode"),
    "tarfile.open": (1, "mode"),
    "zipfile.ZipFile": (1, "mode"),
    "anyio.open_file": (1, "mode"),
    "gzip.GzipFile": (1, "mode"),
    "bz2.BZ2File": (1, "mode"),
    "lzma.LZMAFile": (1, "mode"),
    "zipfile.PyZipFile": (1, "mode"),
    "tarfile.TarFile": (1, "mode"),
    "tarfile.TarFile.open": (1, "mode"),
}
# `os.open(path, flags)`: the flags say whether it writes (`os.O_WRONLY | os.O_CREAT`);
# with none of these (`os.O_RDONLY | os.O_NONBLOCK`) it only reads.
FLAG_OPEN_CALLS = frozenset({"os.open"})
WRITE_OPEN_FLAGS = frozenset(
    {"O_WRONLY", "O_RDWR", "O_CREAT", "O_APPEND", "O_TRUNC", "O_EXCL", "O_TMPFILE"}
)
# Words naming a file rather than a mode, in the first argument of an `open` method:
# `fitz.open(pdf_path)`, `archive.open(member_name)` are given a file, the mode comes next;
# `opener.open(req)` (urllib's `build_opener()`) sends a request, whose method was judged
# where the request was built.
FILE_NAME_WORDS = frozenset(
    """path file filename fname filepath name url uri src source doc document pdf member
    req request""".split()
)
# `path.open("w")`: the mode is the first argument of the method.
OPEN_METHOD = ("open", 0, "mode")
WRITE_MODE_LETTERS = frozenset("wax+")
# What an opened file or archive is built by. Its methods change only that file, whose
# mode was judged where it was opened (`with zipfile.ZipFile(p) as z: z.read(name)`
# reads; `ZipFile(p, "w")` was reported at the call), or an in-memory buffer.
OPENED_TYPES = frozenset(
    """open builtins.open io.open codecs.open aiofiles.open anyio.open_file gzip.open
    bz2.open lzma.open gzip.GzipFile bz2.BZ2File lzma.LZMAFile zipfile.ZipFile
    zipfile.PyZipFile tarfile.open tarfile.TarFile tarfile.TarFile.open io.BytesIO
    io.StringIO io.TextIOWrapper io.BufferedReader tempfile.NamedTemporaryFile
    tempfile.TemporaryFile tempfile.SpooledTemporaryFile py7zr.SevenZipFile
    rarfile.RarFile""".split()
)
# Methods of an opened archive that write outside it: into the folder given (position,
# keyword), the current folder when none is.
ARCHIVE_EXTRACT = {"extract": (1, "path"), "extractall": (0, "path")}

# --- the desktop ---

# Calls that change what the user's desktop holds or does: the clipboard, and keys and
# pointer input sent to whatever window has the focus.
DESKTOP_CALLS = frozenset(
    """pyperclip.copy pyperclip.paste_and_copy win32clipboard.SetClipboardData
    win32clipboard.SetClipboardText win32clipboard.EmptyClipboard pyautogui.click
    pyautogui.doubleClick pyautogui.tripleClick pyautogui.rightClick pyautogui.middleClick
    pyautogui.mouseDown pyautogui.mouseUp pyautogui.moveTo pyautogui.moveRel pyautogui.move
    pyautogui.dragTo pyautogui.dragRel pyautogui.drag pyautogui.scroll pyautogui.hscroll
    pyautogui.vscroll pyautogui.typewrite pyautogui.write pyautogui.press pyautogui.keyDown
    pyautogui.keyUp pyautogui.hotkey keyboard.write keyboard.press keyboard.release
    keyboard.press_and_release keyboard.send mouse.click mouse.move mouse.press
    mouse.release mouse.wheel webbrowser.open webbrowser.open_new webbrowser.open_new_tab""".split()
)

# --- processes ---

PROCESS_CALLS = frozenset(
    """subprocess.run subprocess.call subprocess.check_call subprocess.check_output
    subprocess.Popen subprocess.getoutput subprocess.getstatusoutput os.system os.popen
    os.execv os.execve os.execvp os.execvpe os.execl os.execle os.execlp os.execlpe
    os.spawnv os.spawnve os.spawnvp os.spawnvpe os.spawnl os.spawnle os.spawnlp os.spawnlpe
    os.posix_spawn os.posix_spawnp os.startfile pty.spawn asyncio.create_subprocess_exec
    asyncio.create_subprocess_shell anyio.run_process anyio.open_process""".split()
)
# Calls whose argument list is the command line itself (`create_subprocess_exec("git",
# "log")`), rather than one list or string argument.
PROCESS_VARARGS = frozenset(
    """asyncio.create_subprocess_exec os.execl os.execle os.execlp os.execlpe os.spawnl
    os.spawnle os.spawnlp os.spawnlpe""".split()
)
# A process is a write effect unless its literal command line is one of these.
# Programs that only read, whatever their arguments (but see READ_ONLY_UNLESS):
READ_ONLY_PROGRAMS = frozenset(
    """ls cat head tail grep egrep fgrep rg ag wc which whereis pwd echo date uname whoami
    id ps df du env printenv file stat tree uptime hostname nproc free lsof ss netstat
    ping dig nslookup host journalctl lsblk lscpu lsusb lspci pgrep getent groups who w
    vmstat iostat mpstat sensors traceroute tracepath whois
    awk gawk mawk nawk sed cut sort uniq tr tac rev nl fold fmt column paste join expand
    unexpand comm cmp diff jq yq find locate basename dirname realpath readlink strings
    xxd od hexdump md5sum sha1sum sha256sum sha512sum cksum
    findstr where tasklist systeminfo ipconfig""".split()
)
# Arguments that make a reading program write (`find -delete`, `sed -i`, `gawk -i inplace`,
# `sort --output=f`, `journalctl --vacuum-size=1G`).
READ_ONLY_UNLESS = frozenset(
    {"-delete", "-exec", "-execdir", "-ok", "-i", "--in-place", "--output", "--rotate", "--flush",
     "--vacuum-size", "--vacuum-time", "--vacuum-files", "--sync", "--relinquish-var"}
)
# Programs whose first word names an object and the second what to do with it (`ip addr
# show`, `ip route add ...`): they read with no action or one of these.
OBJECT_ACTION_PROGRAMS = frozenset({"ip"})
OBJECT_READ_ACTIONS = frozenset({"show", "list", "ls", "lst", "get"})
# Programs whose action comes after an object and a filter (`wmic process where
# "name='chrome.exe'" get commandline`): the first of their actions decides.
LATER_ACTION_PROGRAMS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "wmic": (frozenset({"get", "list", "assoc"}), frozenset({"call", "create", "delete", "set"})),
}
# `git <subcommand>`: the subcommands that only read.
GIT_READ_SUBCOMMANDS = frozenset(
    """status log diff show blame ls-files ls-tree ls-remote rev-parse rev-list describe
    cat-file grep shortlog show-ref for-each-ref name-rev merge-base whatchanged
    count-objects check-ignore version help""".split()
)
# Subcommands that read unless their first word is one of these actions (`git reflog`,
# `git reflog show HEAD`; `git reflog expire --all` writes).
GIT_READ_UNLESS_ACTIONS: dict[str, frozenset[str]] = {
    "reflog": frozenset({"expire", "delete"}),
}
# Subcommands that read the one name they are given and set it when given a second
# (`git symbolic-ref HEAD`; `git symbolic-ref HEAD refs/heads/main` writes), unless told
# to delete it.
GIT_NAME_READS = frozenset({"symbolic-ref"})
GIT_NAME_WRITE_FLAGS = frozenset({"-d", "--delete"})
# Subcommands that list without arguments and write with them (`git branch new`).
GIT_LIST_SUBCOMMANDS = frozenset({"branch", "tag", "remote", "config"})
GIT_LIST_FLAGS = frozenset(
    {"-a", "--all", "-r", "--remotes", "-l", "--list", "-v", "-vv", "--verbose",
     "--show-current", "--contains", "--merged", "--no-merged", "--get", "--get-all",
     "--list", "-n", "--format", "--sort", "--points-at"}
)
# Subcommands whose first word says they read (`git remote get-url origin`,
# `git stash show`; `git stash` alone pushes).
GIT_LIST_READ_ACTIONS: dict[str, frozenset[str]] = {
    "remote": frozenset({"get-url", "show"}),
    "stash": frozenset({"list", "show"}),
    "worktree": frozenset({"list"}),
}
# Of those, the options followed by a value (`--format "%(refname)"`, or `--format=...`).
GIT_LIST_VALUE_FLAGS = frozenset(
    {"--format", "--sort", "--contains", "--merged", "--no-merged", "--points-at"}
)
# `git config` reading: with one of these, the names that follow are read.
GIT_CONFIG_READ_FLAGS = frozenset(
    {"--get", "--get-all", "--get-regexp", "--get-urlmatch", "--list", "-l"}
)
# Subcommands that only read, for any other program (`kubectl get`, `docker ps`): the first
# argument that is not an option decides.
READ_SUBCOMMANDS = frozenset(
    """get list ls logs log show describe status version help info inspect view diff
    search cat top ps images history whoami explain tree check config-get is-active
    is-enabled is-failed list-units list-unit-files list-timers scan lint validate verify
    analyze analyse query prefix root bin devices get-state get-serialno dump-keychain
    find-generic-password find-internet-password find-certificate""".split()
)
# Subcommands that run what follows them (`uv run tool list` runs `tool`): no group.
COMMAND_RUNNERS = frozenset(
    "run exec x dlx start build sync up apply deploy watch serve shell".split()
)
# `gh api` sends a GET unless told a method or given fields (which make it POST).
GH_API_WRITE_FLAGS = frozenset(
    {"-X", "--method", "-f", "-F", "--field", "--raw-field", "--input"}
)
# Options that only ask a program about itself (prefixes).
READ_ONLY_OPTIONS = ("--version", "-V", "--help", "-h", "--print", "--show", "--list")
# Of those, the ones after which a program prints and exits, whatever else it is given.
ABOUT_ITSELF = frozenset({"--version", "-V", "--help", "-h"})
# `git` options taking a value before the subcommand.
GIT_GLOBAL_OPTIONS_WITH_VALUE = frozenset({"-C", "-c", "--git-dir", "--work-tree"})

# --- network ---

# The standard library's request objects, sent by `urlopen`: their method decides.
URLLIB_REQUESTS = frozenset({"urllib.request.Request"})
# Module-level HTTP functions that send a write request.
NETWORK_CALLS = frozenset(
    """requests.post requests.put requests.patch requests.delete httpx.post httpx.put
    httpx.patch httpx.delete urllib3.request""".split()
)
# Methods of HTTP clients and sessions (requests, httpx, aiohttp) that write.
NETWORK_WRITE_METHODS = frozenset({"post", "put", "patch", "delete"})
# API clients built from a discovery document (googleapiclient) and query builders make
# a request from a resource's operation and send it with one of these methods:
# `service.users().messages().trash(id=m).execute()`. The operation's words decide: a
# mutation verb or one of API_WRITE_WORDS writes, a read verb or API_READ_WORDS reads.
API_EXECUTE_METHODS = frozenset({"execute"})
API_WRITE_WORDS = frozenset(
    "trash untrash archive unarchive import copy clear empty modify insert send".split()
)
API_READ_WORDS = frozenset({"export", "select"})

# The last part of an endpoint's path that names a query: a POST there is a search form
# (`/query`, Elasticsearch's `/_search`, Solr's `/select`, SPARQL), which reads; or a
# computation a model service answers (`/v1/chat/completions`, `/embeddings`,
# `models/gemini:generateContent`, `/predict`), which changes nothing either.
QUERY_ENDPOINTS = frozenset(
    """query search select msearch count find lookup autocomplete suggest sparql
    completions completion embeddings embed generatecontent predict inference infer
    classify moderations rerank tokenize""".split()
)
# A model service's client methods, called on these resources with a `model=`: the
# computation of `/chat/completions` through an SDK (`client.chat.completions.create(
# model=..., messages=...)`, `client.messages.create(model=...)`), which changes nothing.
# Without a `model=`, `client.messages.create(to=..., body=...)` sends a message.
MODEL_CALLS = frozenset({"create", "complete", "stream", "parse"})
MODEL_RESOURCES = frozenset({"completions", "chat", "messages", "responses", "embeddings"})
# Calls whose method argument (position, keyword) says which HTTP method is sent.
REQUEST_METHOD_CALLS = {"request": (0, "method"), "stream": (0, "method")}
# WebDAV and CalDAV/CardDAV read with PROPFIND (properties, folder listings) and REPORT
# (queries); their writes are PUT, DELETE, MKCOL, MOVE, COPY, PROPPATCH.
READ_HTTP_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PROPFIND", "REPORT"})
HTTP_METHODS = READ_HTTP_METHODS | {
    "POST", "PUT", "PATCH", "DELETE", "TRACE", "CONNECT", "MKCOL", "MOVE", "COPY", "PROPPATCH"
}
# A first positional argument that is not a literal is the HTTP method only when its name
# says so (`session.request(method, url)`); `adapter.request(symbol, fetch)` is not HTTP.
METHOD_NAME_WORDS = frozenset({"method", "verb"})

# --- SQL ---

SQL_EXECUTE_METHODS = frozenset(
    {"execute", "executemany", "exec_driver_sql", "fetch", "fetchrow", "fetchval"}
)
SQL_EXECUTE_PREFIXES = ("execute_", "run_sql", "run_query")
SQL_ALWAYS_WRITES = frozenset({"executescript"})
SQL_WRITE_KEYWORDS = frozenset(
    """INSERT UPDATE DELETE MERGE CREATE DROP ALTER TRUNCATE REPLACE UPSERT GRANT REVOKE
    COPY VACUUM REINDEX ATTACH DETACH COMMENT RENAME""".split()
)
SQL_READ_KEYWORDS = frozenset(
    {"SELECT", "WITH", "EXPLAIN", "SHOW", "PRAGMA", "DESCRIBE", "DESC", "VALUES", "TABLE"}
)
# Statements that change no data themselves: transaction control and session settings.
SQL_NEUTRAL_KEYWORDS = frozenset(
    {"BEGIN", "START", "COMMIT", "ROLLBACK", "END", "SAVEPOINT", "RELEASE", "SET", "USE",
     "LISTEN", "UNLISTEN", "RESET", "DISCARD", "DEALLOCATE", "PREPARE"}
)
# A connection opened read-only: the database refuses writes, whatever the SQL.
# `connection(read_only=True)`, `duckdb.connect(path, read_only=True)`, a SQLite URI
# `file:x.db?mode=ro`; its cursors (`conn.cursor()`) are read-only too.
READ_ONLY_KEYWORDS = frozenset({"read_only", "readonly"})
READ_ONLY_URI = re.compile(r"[?&]mode=ro\b")
CONNECTION_METHODS = frozenset({"cursor", "connection", "connect", "acquire", "begin"})
# Receivers an ORM `add`/`merge` is a write on (`session.add(obj)`, `db.merge(obj)`);
# on anything else `add` is `set.add` and `merge` a data-frame merge.
ORM_WRITE_METHODS = frozenset({"add", "add_all", "merge", "bulk_save_objects", "flush"})
ORM_RECEIVER_WORDS = frozenset({"session", "db", "orm"})
# Receivers whose `execute(query)` runs SQL even when the query is not a literal.
DB_RECEIVER_WORDS = frozenset(
    {"cursor", "cur", "conn", "connection", "db", "session", "engine", "database", "tx",
     "transaction", "sqlite", "pg", "pool", "duckdb", "con", "client", "sql", "driver",
     "connect"}
)

# --- git (GitPython) ---

# `repo.git.<verb>(...)`: git's own command line, one method per subcommand.
GIT_WRITE_VERBS = frozenset(
    """add commit push pull fetch checkout switch restore reset rm mv merge rebase revert
    cherry_pick stash clean apply am init clone branch tag remote""".split()
)
# `repo.index.<method>(...)`.
GIT_INDEX_WRITE_METHODS = frozenset({"add", "commit", "remove", "move", "reset", "write"})
# Methods of GitPython objects (heads, remotes, repos) that write, by name.
GIT_WRITE_METHODS = frozenset({"checkout", "push", "pull", "set_reference"})
# Of those, the ones that change another repository than the local one: a push writes to
# the remote wherever the clone lives.
GIT_REMOTE_WRITES = frozenset({"push"})
# GitPython functions that create or change a repository.
GIT_CALLS = frozenset(
    {"git.Repo.init", "git.Repo.clone_from", "git.Git.clone", "dulwich.porcelain.commit",
     "dulwich.porcelain.add", "dulwich.porcelain.push"}
)

# --- names ---

# Calls that start with a mutation verb but do not write anything the user owns.
READ_ONLY_CALLS = frozenset(
    """asyncio.create_task create_task asyncio.ensure_future loop.create_task
    anyio.create_task_group create_task_group anyio.create_memory_object_stream
    create_memory_object_stream trio.open_nursery asyncio.TaskGroup
    functools.update_wrapper update_wrapper asyncio.set_event_loop set_event_loop
    set_result set_exception create_engine create_async_engine sqlalchemy.create_engine
    ssl.create_default_context create_default_context
    ssl._create_unverified_context _create_unverified_context set_defaults send_progress
    send_log_message report_progress setdefault create_connection create_pool
    async_sessionmaker sessionmaker contextvars.ContextVar.set create_model
    pydantic.create_model set_tracer_provider set_exception_handler send_notification
    send_resource_updated send_resource_list_changed send_tool_list_changed
    send_prompt_list_changed send_ping create_message insert_before insert_after
    replace_with decompose new_tag new_string add_argument add_argument_group
    add_mutually_exclusive_group add_subparsers add_parser set_defaults create_future
    loop.create_future logging.basicConfig logging.config.dictConfig
    logging.config.fileConfig logging.captureWarnings logging.disable
    logging.addLevelName addLevelName logging.setLoggerClass addHandler
    removeHandler setFormatter setLevel addFilter add_done_callback
    remove_done_callback""".split()
    # Windows GDI objects a screen capture makes in memory and gives back (pywin32's
    # `mfc_dc.CreateCompatibleDC()`, `win32gui.DeleteObject(bitmap.GetHandle())`), under
    # their names and as COM methods read them (`delete_dc`): its own memory
    + [
        form
        for name in """CreateCompatibleDC CreateCompatibleBitmap CreateDCFromHandle
        CreateBitmap DeleteObject DeleteDC ReleaseDC""".split()
        for form in (name, re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower())
    ]
)
# The same, as patterns on the last name. Data frames and plots are built in memory:
# `df.reset_index(drop=True)`, `ax.set_ylabel("dB")`, `fig.update_layout(...)` change only
# the object (a frame's `to_csv(path)` is its own write, a figure's `savefig(path)` too).
READ_ONLY_CALL_PATTERNS = ("send_*notification*", "send_*progress*", "set_*_level")
# Methods of data frames and plots by name (exact): built in memory, they change only
# the object (`df.reset_index(drop=True)`, `ax.set_ylabel("dB")`); writing the frame or
# the figure out (`to_csv(path)`, `savefig(path)`) is another call.
IN_MEMORY_DATA_METHODS = frozenset(
    """reset_index set_index set_axis set_xlabel set_ylabel set_zlabel set_xlim set_ylim
    set_zlim set_xticks set_yticks set_xticklabels set_yticklabels set_xscale set_yscale
    set_xmargin set_ymargin set_title set_aspect set_facecolor set_size_inches
    add_subplot add_axes add_patch add_trace update_layout update_traces update_xaxes
    update_yaxes drop_duplicates dropna droplevel""".split()
    # An event emitter's subscriptions (pyee, Playwright's `page.remove_listener(...)`):
    # the object's own callbacks.
    + """add_listener remove_listener remove_all_listeners removeListener
    removeAllListeners""".split()
)
# `df.rename(columns=...)`, `series.replace(to_replace=..., value=...)`: a data frame's
# method (by the keywords only it takes) returns a new frame or changes that one.
FRAME_METHODS = frozenset({"rename", "replace", "drop"})
# A data frame's serialisers: without a destination (no positional argument, none of
# DESTINATION_KEYWORDS) they return the text (pandas `to_json()`, polars `write_json()`).
TEXT_SERIALISERS = frozenset(
    """to_json to_csv to_markdown to_html to_latex to_xml to_string write_json write_csv
    write_ndjson""".split()
)
# Methods that fetch a remote file into a local one, by their first word
# (`client.download_file(remote, local)`, `blob.download_to_filename(path)`), and the
# keywords naming the local file.
DOWNLOAD_WORDS = frozenset({"download"})
# (Not `path` or `filename`: in `download(path=...)` they may name the remote file.)
DOWNLOAD_DESTINATIONS = (
    "local_path", "to_path", "dest", "dst", "destination", "file_path", "local_file",
    "output_path", "save_path",
)
DESTINATION_KEYWORDS = frozenset(
    {"path", "path_or_buf", "buf", "file", "fp", "filename", "target", "destination"}
)
# Words of a class name that say its methods keep the server's own log: an audit trail,
# metrics counters, telemetry (`Audit.record`, `Metrics.record_call`).
OWN_LOG_CLASS_WORDS = frozenset({"audit", "auditor", "log", "logger", "metrics", "telemetry"})
FRAME_KEYWORDS = frozenset({"columns", "inplace", "axis", "mapper", "level", "to_replace"})

# Methods and functions that change only the object they are called on: an effect on
# nothing outside the process. Bare names only (`list.append`, `dict.update`).
IN_MEMORY_METHODS = frozenset(
    """append extend add update setdefault pop popitem insert remove discard sort clear
    reverse appendleft extendleft popleft rotate set reset write writelines put_nowait
    get_nowait move_to_end drop""".split()
)
# Those of them a key-value store client also has, where they write (`client.set(k, v)`).
STORE_LIKE_METHODS = frozenset({"set", "append", "add", "update", "insert", "remove"})
# Names of the parts of a request being built: `headers.update({"Authorization": ...})` on
# the headers a caller passed changes the request, not a store.
REQUEST_PART_NAMES = frozenset(
    {"headers", "request_headers", "params", "query_params", "payload", "body", "form"}
)
# Classes of the standard library whose instances a module keeps as its own state.
CONTAINER_CLASSES = frozenset(
    """set dict list frozenset tuple collections.deque collections.defaultdict
    collections.OrderedDict collections.Counter collections.ChainMap queue.Queue
    asyncio.Queue threading.Lock threading.Event weakref.WeakValueDictionary""".split()
)
# Libraries that only compute: a call of one of their functions is never a write
# (`sympy.sympify(text)`, `math.gcd(a, b)`).
PURE_MODULES = ("sympy.", "math.", "cmath.", "statistics.", "fractions.", "decimal.")
# Calls that read or compute: never a write, whatever they are given.
PURE_CALLS = frozenset(
    """abs all any bool bytes bytearray callable chr dict divmod enumerate filter float
    format frozenset getattr hasattr hash id int isinstance issubclass iter len list map
    max min next ord pow print range repr reversed round set slice sorted str sum tuple
    type vars zip super object isinstance memoryview complex ascii bin hex oct input
    cast typing.cast Path PurePath PurePosixPath PureWindowsPath pathlib.Path
    json.dumps json.loads json.load re.compile re.match re.search re.fullmatch re.sub
    re.split re.findall re.finditer re.escape textwrap.dedent textwrap.indent
    textwrap.shorten textwrap.wrap dataclasses.asdict asdict dataclasses.replace
    os.getenv os.environ.get os.listdir os.scandir os.walk os.stat os.lstat os.getcwd
    os.cpu_count os.fspath os.access os.get_terminal_size glob.glob glob.iglob
    fnmatch.fnmatch fnmatch.filter time.time time.monotonic time.perf_counter
    time.sleep asyncio.sleep asyncio.gather asyncio.wait asyncio.wait_for
    asyncio.get_event_loop asyncio.get_running_loop asyncio.timeout asyncio.shield
    asyncio.Lock asyncio.Semaphore asyncio.Event asyncio.Queue
    datetime.now datetime.utcnow datetime.fromisoformat datetime.strptime
    datetime.datetime.now datetime.datetime.utcnow datetime.datetime.fromisoformat
    datetime.datetime.fromtimestamp datetime.fromtimestamp datetime.date.today
    date.today timedelta datetime.timedelta uuid.uuid4 uuid.uuid1 uuid.UUID
    math.ceil math.floor math.sqrt math.log hashlib.sha256 hashlib.md5 hashlib.sha1
    base64.b64encode base64.b64decode base64.urlsafe_b64encode base64.urlsafe_b64decode
    urllib.parse.quote urllib.parse.unquote urllib.parse.urlencode urllib.parse.urljoin
    urllib.parse.urlparse quote unquote urlencode urljoin urlparse
    mimetypes.guess_type shlex.quote shlex.split shlex.join copy.copy copy.deepcopy
    itertools.chain itertools.islice collections.Counter collections.defaultdict
    collections.OrderedDict Counter defaultdict OrderedDict deque collections.deque
    logging.getLogger getLogger traceback.format_exc inspect.signature
    warnings.warn platform.system platform.platform sys.exit locals globals
    TextContent types.TextContent ImageContent types.ImageContent EmbeddedResource
    types.EmbeddedResource CallToolResult types.CallToolResult McpError ErrorData
    types.ErrorData""".split()
) | frozenset(
    # The standard library's reads and computations (paths, time, text, addresses).
    """os.path.abspath os.path.basename os.path.commonpath os.path.commonprefix
    os.path.dirname os.path.exists os.path.lexists os.path.expanduser os.path.expandvars
    os.path.getatime os.path.getctime os.path.getmtime os.path.getsize os.path.isabs
    os.path.isdir os.path.isfile os.path.islink os.path.ismount os.path.join
    os.path.normcase os.path.normpath os.path.realpath os.path.relpath os.path.samefile
    os.path.split os.path.splitdrive os.path.splitext os.getpid os.getppid os.getuid
    os.getgid os.geteuid os.getlogin os.uname os.strerror os.urandom os.readlink
    os.isatty os.environ.copy os.getcwdb pathlib.Path.cwd pathlib.Path.home Path.cwd
    Path.home tempfile.gettempdir tempfile.gettempprefix shutil.which shutil.disk_usage
    shutil.get_terminal_size sys.getsizeof sys.getrecursionlimit sys.getdefaultencoding
    sys.getfilesystemencoding platform.python_version platform.machine platform.node
    platform.release platform.version platform.uname platform.processor
    platform.architecture platform.mac_ver socket.gethostname socket.getfqdn
    socket.getaddrinfo socket.gethostbyname getpass.getuser time.strftime time.localtime
    time.gmtime time.time_ns time.monotonic_ns time.process_time time.strptime
    datetime.datetime datetime.date datetime.time datetime.timezone
    datetime.datetime.strptime datetime.datetime.combine datetime.datetime.today
    datetime.datetime.utcfromtimestamp datetime.date.fromisoformat
    datetime.date.fromtimestamp urllib.parse.urlunparse urllib.parse.urlsplit
    urllib.parse.urlunsplit urllib.parse.parse_qs urllib.parse.parse_qsl
    urllib.parse.quote_plus urllib.parse.unquote_plus urllib.parse.urldefrag
    ipaddress.ip_address ipaddress.ip_network ipaddress.ip_interface
    xml.etree.ElementTree.fromstring math.isnan math.isinf math.isfinite math.isclose
    math.exp math.log10 math.log2 math.fabs math.trunc email.utils.parsedate_to_datetime
    email.utils.formatdate email.utils.parseaddr difflib.unified_diff difflib.ndiff
    difflib.SequenceMatcher difflib.get_close_matches functools.partial functools.reduce
    contextlib.suppress contextlib.closing contextlib.nullcontext warnings.catch_warnings
    warnings.filterwarnings warnings.simplefilter traceback.print_exc
    traceback.format_exception traceback.print_exception random.random random.randint
    random.choice random.uniform random.sample secrets.token_hex secrets.token_urlsafe
    unicodedata.normalize zoneinfo.ZoneInfo zoneinfo.available_timezones html.escape
    html.unescape asyncio.wrap_future asyncio.iscoroutinefunction asyncio.current_task
    anyio.sleep inspect.iscoroutinefunction inspect.isclass inspect.getdoc json.dump
    string.Template operator.itemgetter operator.attrgetter statistics.mean
    statistics.median statistics.stdev itertools.groupby itertools.product
    itertools.zip_longest itertools.accumulate zlib.compress zlib.decompress zlib.crc32
    gzip.compress gzip.decompress io.StringIO io.BytesIO decimal.Decimal
    csv.reader csv.DictReader locale.getpreferredencoding""".split()
)
# Methods that only read, on any receiver.
READ_METHODS = frozenset(
    """get keys items values copy strip lstrip rstrip lower upper casefold title
    capitalize split rsplit splitlines join startswith endswith format format_map
    encode decode count index find rfind isdigit isalnum isalpha isnumeric isspace
    islower isupper isidentifier partition rpartition removeprefix removesuffix zfill
    ljust rjust center expandtabs translate maketrans exists is_file is_dir is_symlink
    is_absolute relative_to with_suffix with_name with_stem joinpath as_posix as_uri
    resolve absolute expanduser iterdir glob rglob read_text read_bytes stat lstat
    samefile match owner group readlink model_dump model_dump_json model_validate
    model_validate_json model_copy dict json parse_obj isoformat strftime timestamp
    date time astimezone total_seconds hexdigest digest read readline readlines seek
    tell fileno close fetchone fetchall fetchmany scalar scalars scalar_one
    scalar_one_or_none first one one_or_none all raise_for_status json text
    cursor rollback group groups groupdict span start end sub findall finditer search
    fullmatch most_common to_dict to_list tolist head describe acquire release wait
    result done cancel cancelled exception info debug warning warn error critical
    exception log trace report_progress read_resource list_roots elicit sample
    is_relative_to getvalue getbuffer qsize""".split()
)
# Receivers that log: every method of theirs only reports (`logger.info`, `ctx.debug`).
LOGGING_ROOTS = frozenset(
    {"logger", "logging", "log", "LOGGER", "LOG", "_logger", "_log", "_LOGGER", "_LOG"}
)
# Callee names that read, by their first word: `get_note`, `list_files`, `fetchPage`.
READ_VERBS = frozenset(
    """get list read find search fetch load count describe is has parse format render
    to as compute calculate validate lookup resolve show view inspect summarize summarise
    analyze analyse filter sort dumps loads exists contains peek preview diff compare
    estimate explain detect guess evaluate score rank total connect""".split()
)
# Keys of a message a transport sends (a browser extension's, a desktop app's RPC) that
# name what the other side does, and the words of a read among their values
# (`{"action": "history.query"}`, `{"method": "tabs.list"}`).
ACTION_KEYS = ("action", "method", "command", "operation", "op")
ACTION_READ_WORDS = (READ_VERBS - {"to", "as", "is", "has"}) | {"query", "status", "info", "stats"}
# Bare method names that write whatever they are called on (`session.commit()`,
# `cache.delete(key)`, `model.save()`), besides the HTTP methods above.
WRITE_METHOD_NAMES = frozenset(
    {"push", "persist", "save", "upload", "create", "delete", "move", "rename", "store",
     "upsert", "modify", "fork", "clone", "savefig"}
)
# Of those, the methods whose first argument is where they write (`image.save(path)`,
# `audio.save(tmp_path)`, matplotlib's `fig.savefig(out_path)`): nothing the user owns
# when it is scratch space (`fig.savefig(buffer, format="png")` into an `io.BytesIO()`).
SAVE_TO_METHODS = frozenset({"save", "savefig"})
# Verbs of methods that write what they are given to a place one of their first two
# arguments names (`target.save_logs(log_dir)`, `pio.write_image(fig, path)`,
# `model.dump_weights(folder)`).
SAVE_TO_VERBS = frozenset({"save", "write", "dump"})
# Verbs that often name calls that write nothing the user owns (`client.embeddings.create()`,
# `set_level()`, `update_state()`, `rename_changes()` computing a diff): a call of a library
# named so may write, which classifies an unannotated tool but is not enough for TAV403.
# `delete_`, `remove_`, `drop_`, `write_`, `upload_`, `save_`, `persist_`, `push_` are.
WEAK_VERBS = frozenset(
    """create set send post add store update insert append rename move reset put patch
    modify upsert edit commit fork clone""".split()
)
# Verbs that change the state of a remote thing, besides `mutation-verbs`: a call named so
# on an API's resource (`service.orders().refund(...)`, `...basePlans().migratePrices()`)
# or of a library (`client.cancel_subscription()`) may write (uncertain, like WEAK_VERBS).
# Fewer than the verbs of tool names (`toolargs.mode.STATE_VERBS`): `start`, `stop`,
# `import`, `register`, `enable`, `clear` name calls that set up the process itself
# (`thread.start()`, `importlib.import_module()`, `atexit.register()`).
STATE_CALL_VERBS = frozenset(
    """acknowledge activate deactivate approve reject archive unarchive assign unassign
    cancel consume defer deploy undeploy halt invite migrate promote demote publish
    unpublish refund reply restore revoke grant suspend unsuspend terminate transfer trash
    untrash undelete""".split()
)
# Methods of key-value stores (redis, memcached) that write, by name.
STORE_WRITE_METHODS = frozenset(
    """incr incrby incrbyfloat decr decrby setex setnx psetex mset msetnx getset hset
    hmset hsetnx hdel hincrby lpush rpush lpop rpop lrem lset ltrim sadd srem spop zadd
    zrem zincrby expire expireat pexpire persist flushdb flushall flush_all cas prepend
    set_many set_multi delete_many delete_multi xadd xdel publish touch""".split()
)
# A store's raw command line (redis `execute_command("SLOWLOG", "GET", n)`): its first
# word, or first two, say whether it writes (STORE_WRITE_METHODS or these).
STORE_COMMAND_METHODS = frozenset({"execute_command"})
STORE_WRITE_COMMANDS = frozenset(
    """set del unlink rename renamenx move copy restore migrate mset hmset getdel getex
    append setrange bitop pfadd pfmerge linsert lmove blmove rpoplpush smove sinterstore
    sunionstore sdiffstore zunionstore zinterstore zremrangebyscore zremrangebyrank
    geoadd xtrim xgroup swapdb shutdown save bgsave bgrewriteaof replicaof slaveof
    debug failover""".split()
) | frozenset({"config set", "config rewrite", "config resetstat", "slowlog reset",
               "memory purge", "client kill", "script flush", "function flush",
               "function load", "acl setuser", "acl deluser", "cluster reset"})
# Methods whose result is plain data the caller owns (a regular expression match's
# `group()` among them).
DATA_METHODS = frozenset(
    """json copy split rsplit splitlines keys values items model_dump to_dict dict
    strip lower upper format join encode decode read_text read_bytes fetchall fetchone
    fetchmany group groups groupdict""".split()
)
# Parameter annotations of plain data (JSON values): not an object of a library.
DATA_TYPES = frozenset(
    """dict Dict list List set Set tuple Tuple str int float bool Any Optional Mapping
    MutableMapping Sequence Iterable JSON Json bytes""".split()
)


def known_read_only(qualified: str, last: str) -> bool:
    """A library call named like a write that changes nothing the user owns."""
    if qualified in READ_ONLY_CALLS or last in READ_ONLY_CALLS:
        return True
    return any(fnmatchcase(last, pattern) for pattern in READ_ONLY_CALL_PATTERNS)


@dataclass(frozen=True)
class Catalogue:
    """The tables above, with the configuration's additions."""

    write_calls: tuple[str, ...] = ()
    read_only_calls: tuple[str, ...] = ()
    mutation_verbs: tuple[str, ...] = ()

    @classmethod
    def from_config(cls, config: Config) -> Catalogue:
        return cls(config.write_calls, config.read_only_calls, config.mutation_verbs)

    def configured_write(self, qualified: str, last: str) -> str | None:
        return _matching(self.write_calls, qualified, last)

    def configured_read_only(self, qualified: str, last: str) -> str | None:
        return _matching(self.read_only_calls, qualified, last)


def _matching(patterns: tuple[str, ...], qualified: str, last: str) -> str | None:
    for pattern in patterns:
        if fnmatchcase(qualified, pattern) or ("." not in pattern and fnmatchcase(last, pattern)):
            return pattern
    return None

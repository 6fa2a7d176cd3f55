"""The compiled engine: the engine's own play-time modules, built by Cython for this machine.

There is one engine. The modules listed in :data:`MODULES` (move generation, playing and taking
back moves, the end checks, the expressions, the agents' loops) are plain Python; ``spielwerk
build`` (or :func:`build`) compiles those same files with Cython into the user's cache folder,
and every later ``import spielwerk`` loads the compiled ones in their place. Nothing is written
twice, so both paths have one meaning: the compiled module is the Python module, compiled.

A build is kept per engine version, Python ABI and the modules' sources (their digest is part of
the folder's name): an edited source, another Python or a new release finds no build and runs the
pure-Python modules until ``spielwerk build`` is run again.

``SPIELWERK_NATIVE`` chooses: ``0`` the pure-Python modules always; ``1`` the compiled ones or an
error at import (CI's run on the compiled path uses it); unset or ``auto``, the compiled ones
where a build for this engine is in the cache. ``SPIELWERK_CACHE`` moves the cache folder
(default: ``$XDG_CACHE_HOME/spielwerk`` or ``~/.cache/spielwerk``). :func:`status` says which path
is in use (``spielwerk doctor``).

No game file reaches the compiler: a build compiles the engine's modules, never a file's names,
strings or expressions, so a stranger's game file cannot put code into what is built.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from .version import __version__

__all__ = ["MODULES", "NativeBuildError", "build", "cache_root", "compiled_modules", "status", "activate",
           "compiler_problem", "build_folder", "hint_once", "compile_extension"]

#: the modules that run while games are played, relative to the package (``dsl.expr`` is the
#: expression language's evaluator); package ``__init__`` files stay Python
MODULES: tuple[str, ...] = (
    "ledger", "state", "game", "outcome", "moves", "effects", "dice", "turns", "questions",
    "blocks.base", "blocks.parts", "blocks.move", "blocks.step", "blocks.slide", "blocks.leap",
    "blocks.jump", "blocks.place", "blocks.carry", "blocks.fly", "blocks.sow", "blocks.sequence",
    "blocks.rotate",
    "blocks.track.turns", "blocks.track.rules", "blocks.track.steps",
    "predicates.connection", "predicates.pattern", "predicates.reach", "predicates.row", "predicates.count",
    "compile.conditions", "dsl.expr", "agents.base", "agents.search",
    "learning.actions", "learning.observation", "learning.vector",
)

#: where the package's modules are (``dsl`` is installed inside it)
_HERE = Path(__file__).resolve().parent
#: Cython's directives: the files are plain Python, and their annotations are for mypy only
_DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}

#: what :func:`activate` found: the path in use and why
_state: dict[str, Any] = {"active": False, "why": "not looked for"}


class NativeBuildError(Exception):
    """A build of the compiled engine could not be made (no Cython, no C compiler, a failed step)."""


def _source(module: str) -> Path:
    """The Python file of ``module`` (``dsl`` may lie outside the package in an editable install)."""
    parts = module.split(".")
    if parts[0] == "dsl":
        spec = importlib.util.find_spec("spielwerk.dsl")
        locations = list(spec.submodule_search_locations or []) if spec is not None else []
        base = Path(locations[0]) if locations else _HERE / "dsl"
        return base.joinpath(*parts[1:]).with_suffix(".py")
    return _HERE.joinpath(*parts).with_suffix(".py")


def _suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]  # the suffix of this Python's own ABI (.cpython-311-...so)


def cache_root() -> Path:
    """The folder builds are kept in: ``$SPIELWERK_CACHE/native``, else under the user's cache."""
    base = os.environ.get("SPIELWERK_CACHE")
    if not base:
        base = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
                            "spielwerk")
    return Path(base) / "native"


def build_folder() -> Path:
    """The folder of the build for this engine version, this Python and these sources."""
    import hashlib  # here, not at the top: ``import spielwerk`` stays quick where no build is kept
    digest = hashlib.sha256(f"{__version__}|{_suffix()}|{sys.version_info[:2]}".encode())
    for module in MODULES:
        digest.update(module.encode())
        digest.update(_source(module).read_bytes())
    return cache_root() / f"{__version__}-{sys.implementation.cache_tag}-{digest.hexdigest()[:16]}"


def _module_file(folder: Path, module: str) -> Path:
    return folder.joinpath("spielwerk", *module.split(".")).with_name(module.split(".")[-1] + _suffix())


class _Finder:
    """Finds the compiled file of each module of a build before the pure-Python one."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: Any = None) -> Any:
        where = self.files.get(fullname)
        if where is None or not os.path.isfile(where):  # a file gone from the cache: that module runs as Python
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, where)
        return importlib.util.spec_from_file_location(fullname, where, loader=loader)


def _choice() -> str:
    """What ``SPIELWERK_NATIVE`` asks for: ``pure``, ``native`` or ``auto``."""
    choice = os.environ.get("SPIELWERK_NATIVE", "auto").strip().lower()
    if choice in ("0", "no", "off", "false", "pure"):
        return "pure"
    return "native" if choice in ("1", "yes", "on", "true", "native") else "auto"


def activate() -> bool:
    """Load the compiled modules from now on where a build for this engine exists (and
    ``SPIELWERK_NATIVE`` is not ``0``). Called once by ``import spielwerk``; True if they are used."""
    choice = _choice()
    if choice == "pure":
        _state.update(active=False, why="SPIELWERK_NATIVE=0 chooses the pure-Python engine")
        return False
    required = choice == "native"
    folder = None
    if cache_root().is_dir():
        folder = build_folder()
    done = folder is not None and (folder / "BUILT").is_file()
    if not done:
        why = "no compiled engine for this version in the cache: `spielwerk build` makes one"
        _state.update(active=False, why=why)
        if required:
            raise ImportError(f"SPIELWERK_NATIVE=1, but there is {why}")
        return False
    assert folder is not None
    files = {f"spielwerk.{m}": str(_module_file(folder, m)) for m in MODULES}
    loaded = [name for name in files if name in sys.modules]
    if loaded:  # too late to swap them: the pure modules are already in use
        _state.update(active=False, why=f"{loaded[0]} was imported before the compiled engine")
        if required:
            raise ImportError(f"SPIELWERK_NATIVE=1, but {_state['why']}")
        return False
    sys.meta_path.insert(0, _Finder(files))
    _state.update(active=True, why=f"compiled by Cython, {len(MODULES)} modules in {folder}")
    return True


def compiled_modules() -> list[str]:
    """The modules running compiled right now (empty on the pure-Python path)."""
    return [name for name, module in sorted(sys.modules.items())
            if name.startswith("spielwerk.") and str(getattr(module, "__file__", "")).endswith(_suffix())]


def status() -> str:
    """One line: which engine runs, and why (``spielwerk doctor``, ``spielwerk.native_status()``)."""
    if _state["active"]:
        return f"native ({_state['why']})"
    return f"pure Python ({_state['why']})"


def hint_once() -> str | None:
    """On the pure-Python path where a build could be made, the line that says how to get the
    compiled engine - once per cache folder (a marker file remembers it), else None."""
    if _state["active"] or _choice() == "pure":
        return None
    marker = cache_root() / "hint-shown"
    if marker.exists() or compiler_problem() is not None:
        return None
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        return None  # a cache that cannot be written: better silent than said every time
    return ("spielwerk: the pure-Python engine is running; `spielwerk build` compiles it for this machine "
            "(once, a minute or two; `spielwerk doctor` says which one runs)")


def compiler_problem() -> str | None:
    """Why a build cannot be made here (no Cython, no C compiler, no setuptools), or None."""
    import shutil
    import sysconfig
    if importlib.util.find_spec("Cython") is None:
        return "Cython is not installed (pip install 'spielwerk[native]')"
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed (pip install 'spielwerk[native]')"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None and shutil.which("cc") is None:
        return f"no C compiler ({cc}) on the PATH"
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        return "Python's C headers (Python.h) are missing (Debian: python3-dev)"
    return None


def _compile_one(job: tuple[str, str, str, bool]) -> tuple[str, float]:
    """Compile one module of the engine in a worker process (see :func:`compile_extension`)."""
    module, tree, out, quick = job
    seconds = compile_extension(f"spielwerk.{module}", os.path.join("spielwerk", *module.split(".")) + ".py",
                                tree, out, quick)
    return module, seconds


def compile_extension(name: str, rel: str, tree: str, out: str, quick: bool = False) -> float:
    """Compile the Python or Cython file ``rel`` (relative to the folder ``tree``) into the
    extension module ``name`` in the folder ``out``: its C file from Cython, then the extension
    (``quick``: without the C optimiser). Returns the seconds it took; raises
    :class:`NativeBuildError` with the compiler's first error line."""
    import time
    started = time.perf_counter()
    import logging

    cythonize: Any = importlib.import_module("Cython.Build").cythonize  # the `native` extra's
    tools: Any = importlib.import_module("setuptools")
    logging.getLogger("Cython").setLevel(logging.ERROR)
    cwd = os.getcwd()
    os.chdir(tree)
    # the compiler's chatter (warnings about unused helpers) goes to a log, not the terminal
    log_file = os.path.join(tree, f"{name}.log")
    log = os.open(log_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    saved = os.dup(1), os.dup(2)
    os.dup2(log, 1)
    os.dup2(log, 2)
    try:
        ext = tools.Extension(name, [rel], extra_compile_args=["-O0" if quick else "-O2", "-g0"] if os.name == "posix" else [])
        modules = cythonize([ext], compiler_directives=_DIRECTIVES, quiet=True, force=True)
        dist = tools.Distribution({"name": "spielwerk-native", "ext_modules": modules})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = out
        cmd.build_temp = os.path.join(tree, "temp", name)
        cmd.ensure_finalized()
        cmd.run()
    except BaseException as exc:
        lines = [ln for ln in Path(log_file).read_text(errors="replace").splitlines() if "error" in ln.lower()]
        raise NativeBuildError(f"{name}: {lines[0] if lines else exc}") from None
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (log, *saved):
            os.close(fd)
        os.chdir(cwd)
    return time.perf_counter() - started


def build(progress: Callable[[str], None] | None = None, jobs: int | None = None, quick: bool = False) -> Path:
    """Compile :data:`MODULES` with Cython into :func:`build_folder` and return it. ``progress``
    gets one line per module as it is done; ``quick`` leaves out the C optimiser (a build made in
    about half the time whose code is slower: for checking the compiled path, as CI does). Raises
    :class:`NativeBuildError` with the reason where no build can be made; a half-made build is
    never left where :func:`activate` would take it."""
    import json
    import shutil
    import tempfile
    import time
    problem = compiler_problem()
    if problem is not None:
        raise NativeBuildError(problem)
    say = progress or (lambda line: None)
    folder = build_folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    tree = Path(tempfile.mkdtemp(prefix="build-", dir=folder.parent))
    out = tree / "out"
    try:
        for module in MODULES:  # the sources in their package folders, so each gets its full name
            target = tree.joinpath("spielwerk", *module.split(".")).with_suffix(".py")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(_source(module), target)
        for pkg in {p for p in tree.joinpath("spielwerk").rglob("*") if p.is_dir()} | {tree / "spielwerk"}:
            (pkg / "__init__.py").touch()
        from .cores import processes
        jobs = processes(jobs, len(MODULES))
        started = time.perf_counter()
        say(f"compiling {len(MODULES)} modules of the engine with Cython on {jobs} "
            f"process{'es' if jobs > 1 else ''} (once per version; a minute or two)")
        work = [(m, str(tree), str(out), quick) for m in MODULES]
        if jobs == 1:
            finished = map(_compile_one, work)
            _report(finished, say)
        else:
            from concurrent.futures import ProcessPoolExecutor, as_completed
            with ProcessPoolExecutor(jobs) as pool:
                futures = [pool.submit(_compile_one, job) for job in work]
                _report((f.result() for f in as_completed(futures)), say)
        missing = [m for m in MODULES if not _module_file(out, m).is_file()]
        if missing:
            raise NativeBuildError(f"the build made no file for {', '.join(missing)}")
        (out / "BUILT").write_text(json.dumps({"version": __version__, "modules": list(MODULES), "quick": quick,
                                               "seconds": round(time.perf_counter() - started, 1)}) + "\n")
        if folder.exists():
            shutil.rmtree(folder)
        os.replace(out, folder)
        say(f"built in {time.perf_counter() - started:.0f} s: {folder}")
        return folder
    except NativeBuildError:
        raise
    except Exception as exc:  # a compiler's or Cython's failure: reported in one line, never half kept
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise NativeBuildError(f"{type(exc).__name__}: {first}") from exc
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def _report(finished: Any, say: Callable[[str], None]) -> None:
    for count, (module, seconds) in enumerate(finished, 1):
        say(f"[{count}/{len(MODULES)}] spielwerk.{module} ({seconds:.1f} s)")

"""block.compile: block-compile behind an on-disk cache.

The compiler runs in-process where its C library, libBlockCompileC.so, is
found ($BLOCK_COMPILE_LIBRARY, else beside block-compile, in its ../lib),
and as the block-compile process otherwise; both write the same bundles and
report the same diagnostics. A bundle is kept under $BLOCK_CACHE_DIR
(default ~/.block/cache) in a directory named by a SHA-256 of the source,
the module name, the options and the compiler (its version text and its
file's bytes), so that the same call again, in any process, runs no
compiler: it only hashes the source and, once per process and compiler, the
compiler's file.
"""

import ctypes
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
from typing import NoReturn

from ._errors import CompileError, ManifestError, parse_diagnostics

#: Environment variables: the cache directory, the compiler to run, and
#: its C library.
CACHE_ENV = "BLOCK_CACHE_DIR"
COMPILER_ENV = "BLOCK_COMPILE"
LIBRARY_ENV = "BLOCK_COMPILE_LIBRARY"
LIBRARY_NAME = "libBlockCompileC.so"

_FORMAT = 1  # Bump when the cache layout or the key changes.
_identities: dict = {}  # (path, mtime, size) -> the compiler's identity
_libraries: dict = {}  # path -> the loaded libBlockCompileC.so
_bundles: dict = {}  # bundle directory -> Bundle, so that code loads once
_lock = threading.Lock()


def cache_dir():
    """The cache directory: $BLOCK_CACHE_DIR, else ~/.block/cache."""
    return os.environ.get(CACHE_ENV) or os.path.join(
        os.path.expanduser("~"), ".block", "cache")


def find_compiler(compiler=None):
    """The block-compile to run: `compiler`, else $BLOCK_COMPILE, else the
    one on PATH."""
    path = compiler or os.environ.get(COMPILER_ENV) or shutil.which("block-compile")
    if not path or not os.path.isfile(path):
        raise CompileError(
            f"block-compile not found (looked for {path or 'it on PATH'}); "
            f"build the project's tools and set {COMPILER_ENV} to "
            "build/bin/block-compile, or put it on PATH")
    return os.path.abspath(path)


def find_library(compiler=None):
    """The libBlockCompileC.so to compile with in-process, or None:
    $BLOCK_COMPILE_LIBRARY, else the one installed beside the block-compile
    find_compiler finds (in its ../lib). Given a `compiler`, only the
    library beside it."""
    path = None if compiler else os.environ.get(LIBRARY_ENV)
    if path:
        if not os.path.isfile(path):
            raise CompileError(f"{LIBRARY_ENV} names '{path}', which is not a file")
        return os.path.abspath(path)
    try:
        tool = find_compiler(compiler)
    except CompileError:
        return None
    beside = os.path.join(os.path.dirname(os.path.dirname(tool)), "lib", LIBRARY_NAME)
    return beside if os.path.isfile(beside) else None


def compiler_identity(path):
    """What the cache key knows of a compiler: its --version text (which
    names the LLVM it runs on) and a hash of the executable, computed once
    per process while the file stays the same."""
    def version():
        done = subprocess.run([path, "--version"], capture_output=True,
                              text=True, check=False)
        return done.stdout + done.stderr
    return _identity(path, version)


def _identity(path, version):
    """`version()` and a hash of the file `path`, computed once per process
    while the file stays the same."""
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    identity = _identities.get(key)
    if identity is None:
        digest = hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
        identity = _identities[key] = version().strip() + "\n" + digest.hexdigest()
    return identity


def _read_source(source_or_path, name):
    """(source text, its file or None, module name): a str holding a newline
    is source text, anything else a path; a file's module is its stem."""
    if isinstance(source_or_path, str) and "\n" in source_or_path:
        return source_or_path, None, name or "kernels"
    path = os.fspath(source_or_path)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise CompileError(f"cannot read '{path}': {e.strerror}") from None
    stem = os.path.splitext(os.path.basename(path))[0]
    # block-compile names the module after the file: another name needs a copy.
    return text, (path if name in (None, stem) else None), name or stem


def compile(source_or_path, *, chip="sm_90a", num_warps=None, features=None,
            opt_level=None, cubin=None, raise_occupancy=None, specialize=None,
            name=None, compiler=None, cache=True, runtime=None):
    """Compiles a block program (its text, or the path of a .mlir file) into
    a bundle and returns it (a `block.Bundle`), from the cache when it was
    compiled before.

    The options are block-compile's: `chip` (e.g. "sm_90a", "sm_80"),
    `num_warps` (for kernels without block.num_warps), `features` ("+ptx80"),
    `opt_level`, `cubin` (True: require ptxas; False: PTX only; None: a
    cubin where ptxas is found), `raise_occupancy` and `specialize` ("auto",
    "none", or argument names, as a list or comma-separated: the arguments
    to build variants on, integers divisible by 16 or equal to 1 and
    pointers 16-byte aligned, among which the runtime picks at launch). `name` names the
    module (default: the file's stem, or "kernels" for text). `compiler` is
    the block-compile to run (default $BLOCK_COMPILE, else PATH). With
    `cache=False` it compiles into a fresh temporary directory. Failures
    raise CompileError with block-compile's diagnostics. The compiler runs
    in-process where its library is found (find_library)."""
    text, file, name = _read_source(source_or_path, name)
    if not name.replace("_", "").replace("-", "").isalnum():
        raise CompileError(f"invalid module name '{name}'")
    options = []
    if chip is not None:
        options.append(f"--chip={chip}")
    if num_warps is not None:
        options.append(f"--num-warps={_integer('num_warps', num_warps)}")
    if features is not None:
        options.append(f"--features={features}")
    if opt_level is not None:
        options.append(f"--opt-level={_integer('opt_level', opt_level)}")
    if cubin is not None:
        options.append("--cubin" if cubin else "--no-cubin")
    if raise_occupancy is not None:
        options.append(f"--raise-occupancy={'true' if raise_occupancy else 'false'}")
    if specialize is not None:
        if not isinstance(specialize, str):
            specialize = ",".join(specialize)
        options.append(f"--specialize={specialize}")
    from ._bundle import Bundle
    try:
        backend = _backend(compiler)
    except CompileError:
        # A machine without block-compile uses what was compiled into the
        # cache elsewhere (carried over), found by the source alone.
        found = _compiled_elsewhere(text, name, options) if cache else None
        if found is None:
            raise
        return Bundle(found, runtime)

    if not cache:
        out = tempfile.mkdtemp(prefix=f"block-{name}-")
        backend.run(text, file, name, options, out)
        return Bundle(out, runtime)

    key = hashlib.sha256(json.dumps(
        [_FORMAT, text, name, options, backend.identity()]).encode()).hexdigest()
    root = cache_dir()
    final = os.path.join(root, key[:2], key)
    with _lock:
        bundle = _bundles.get((final, runtime))
        if bundle is not None and os.path.isdir(final):
            return bundle
    try:
        # A damaged entry (a write cut short, a file in its place) is
        # replaced once: what was compiled into it can be compiled again.
        for attempt in (0, 1):
            if not os.path.isfile(os.path.join(final, f"{name}.json")):
                _compile_into_cache(backend, text, file, name, options, key, final)
            entry = _identify(final)
            try:
                loaded = _load_entry(final, runtime)
                break
            except ManifestError:
                if attempt:
                    raise
                _discard_entry(final, entry)
    except OSError as e:
        raise CompileError(f"cannot use the cache directory '{root}' (set "
                           f"{CACHE_ENV} to another): "
                           f"{e.strerror or e}") from None
    _index_by_source(text, name, options, final)
    with _lock:
        bundle = _bundles.get((final, runtime))
        if bundle is None:
            bundle = _bundles[final, runtime] = loaded
    return bundle


def strip_locations(text):
    """`text` without its `loc(...)` attributes (nested, with strings), so
    that a kernel emitted from a file at another path keys the same."""
    out, i, n = [], 0, len(text)
    while i < n:
        j = text.find("loc(", i)
        if j < 0 or (j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_.#")):
            if j < 0:
                out.append(text[i:])
                break
            out.append(text[i:j + 4])
            i = j + 4
            continue
        out.append(text[i:j])
        depth, k, quoted = 0, j + 3, False
        while k < n:
            c = text[k]
            if quoted:
                if c == "\\":
                    k += 1
                elif c == '"':
                    quoted = False
            elif c == '"':
                quoted = True
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        i = k + 1
    return "".join(out)


def _source_key(text, name, options):
    code = "\n".join(line for line in strip_locations(text).splitlines()
                     if not line.lstrip().startswith("//"))
    return hashlib.sha256(json.dumps([_FORMAT, code, name, options]).encode()).hexdigest()


def _index_by_source(text, name, options, final):
    """Records the entry `final` under the source's key, for machines that
    have the cache but not the compiler."""
    index = os.path.join(cache_dir(), "by-source", _source_key(text, name, options))
    try:
        os.makedirs(os.path.dirname(index), exist_ok=True)
        tmp = f"{index}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(os.path.relpath(final, cache_dir()))
        os.replace(tmp, index)
    except OSError:
        pass  # only an index: the entry itself is complete


def _compiled_elsewhere(text, name, options):
    """The cache entry compiled for this source (with any compiler), or
    None."""
    root = cache_dir()
    try:
        with open(os.path.join(root, "by-source", _source_key(text, name, options)),
                  encoding="utf-8") as f:
            entry = os.path.join(root, f.read().strip())
    except OSError:
        return None
    return entry if os.path.isfile(os.path.join(entry, f"{name}.json")) else None


def _integer(option, value):
    """`value` as an int for block-compile's `option` (an unsigned 32-bit
    one), or CompileError."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            if isinstance(value, bool) or int(value) != value:
                raise ValueError
            value = int(value)
        except (TypeError, ValueError):
            raise CompileError(f"{option} must be an integer, not "
                               f"{value!r}") from None
    if not 0 <= value < 1 << 32:
        raise CompileError(f"{option} must be from 0 to {(1 << 32) - 1}, not {value}")
    return value


def _compile_into_cache(backend, text, file, name, options, key, final):
    """Compiles into the cache entry `final`, aside and then renamed into
    place: a reader sees a whole bundle or none, and of two processes
    compiling at once the first rename wins."""
    parent = os.path.dirname(final)
    os.makedirs(parent, exist_ok=True)
    if os.path.lexists(final) and not os.path.isdir(final):
        _discard_entry(final, _identify(final))
    work = tempfile.mkdtemp(prefix=f".{key[:16]}-", dir=parent)
    try:
        out = os.path.join(work, "bundle")
        backend.run(text, file, name, options, out)
        if not os.path.isfile(os.path.join(out, f"{name}.json")):
            raise CompileError(f"block-compile ({backend.path}) exited 0 but "
                               f"wrote no {name}.json")
        try:
            os.rename(out, final)
        except OSError:
            if not os.path.isdir(final):
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _identify(final):
    """What tells the entry `final` from one put in its place later: its
    device and inode, or None where there is none."""
    try:
        st = os.lstat(final)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


def _load_entry(final, runtime):
    """The bundle of the cache entry `final`, or ManifestError where it is
    damaged: a manifest that does not load, or a file it names missing or
    empty."""
    from ._bundle import Bundle
    bundle = Bundle(final, runtime)
    manifest = bundle.manifest
    for key, named in (("ptx", manifest.ptx), ("cubin", manifest.cubin)):
        if named is None:
            continue
        try:
            empty = os.stat(os.path.join(final, named)).st_size == 0
        except OSError:
            empty = True
        if empty:
            raise ManifestError(f"{manifest.path}: its {key} file '{named}' is missing "
                                "or empty", path=manifest.path, field=key)
    return bundle


def _discard_entry(final, entry):
    """Removes the damaged cache entry `final` (a directory or a file)
    where it is still `entry` (_identify): another process may have
    replaced it with a whole one already. Renamed aside first, so that no
    other process reads it half removed."""
    if _identify(final) != entry:
        return
    trash = tempfile.mkdtemp(prefix=".discarded-", dir=os.path.dirname(final))
    try:
        os.rename(final, os.path.join(trash, "entry"))
    except FileNotFoundError:
        pass  # Another process removed it first.
    shutil.rmtree(trash, ignore_errors=True)


def _backend(compiler):
    """The compiler: its library in-process where find_library finds it,
    else the block-compile process."""
    library = find_library(compiler)
    return _Library(library) if library else _Tool(find_compiler(compiler))


class _Tool:
    """block-compile, run as a process on block-compile's `options`."""

    def __init__(self, path):
        self.path = path

    def identity(self):
        return compiler_identity(self.path)

    def run(self, text, file, name, options, out):
        """Runs block-compile into `out` on `file`, or on `text` written to
        <name>.mlir where there is no file."""
        with tempfile.TemporaryDirectory(prefix="block-src-") as src:
            if file is None:
                file = os.path.join(src, f"{name}.mlir")
                with open(file, "w", encoding="utf-8") as f:
                    f.write(text)
            done = subprocess.run([self.path, file, "-o", out, *options],
                                  capture_output=True, text=True, check=False)
        if done.returncode != 0:
            _failed(done.returncode, done.stderr + done.stdout)


def _failed(status: int, output: str) -> NoReturn:
    """Raises the CompileError of a compilation that ended with `status`
    and reported `output`: the same from the process and the library."""
    raise CompileError(f"block-compile failed (exit {status}):\n{output.strip()}",
                       diagnostics=parse_diagnostics(output))


class _Options(ctypes.Structure):
    """BlockCompileOptions (block/Target/Bundle/CApi.h): block-compile's
    options under their names."""
    _fields_ = [("chip", ctypes.c_char_p), ("features", ctypes.c_char_p),
                ("num_warps", ctypes.c_uint32), ("opt_level", ctypes.c_uint32),
                ("tma", ctypes.c_int32), ("warp_specialize", ctypes.c_int32),
                ("warp_group_turns", ctypes.c_int32), ("cubin", ctypes.c_int32),
                ("raise_occupancy", ctypes.c_int32),
                ("specialize", ctypes.c_char_p), ("max_variants", ctypes.c_uint32)]


#: The value of BlockCompileOptions.cubin each flag sets.
_CUBIN_FLAGS = {"--cubin": 1, "--no-cubin": 2}


class _Library:
    """libBlockCompileC.so, called in-process with the options that
    block-compile's flags (as compile() writes them) say."""

    def __init__(self, path):
        self.path = path
        self.lib = _load_library(path)

    def identity(self):
        return _identity(self.path, lambda: self.lib.blockCompileVersion().decode())

    def run(self, text, file, name, options, out):
        settings = _Options()
        self.lib.blockCompileInitOptions(ctypes.byref(settings))
        for flag in options:
            if flag in _CUBIN_FLAGS:
                settings.cubin = _CUBIN_FLAGS[flag]
                continue
            option, value = flag[2:].split("=", 1)
            field = option.replace("-", "_")
            if field in ("num_warps", "opt_level"):
                setattr(settings, field, int(value))
            elif field == "raise_occupancy":
                settings.raise_occupancy = value == "true"
            else:
                setattr(settings, field, value.encode())
        source = text.encode()
        rc = self.lib.blockCompileBundle(
            source, len(source), os.fsencode(file or f"{name}.mlir"), name.encode(),
            ctypes.byref(settings), os.fsencode(out))
        if rc != 0:
            _failed(rc, self.lib.blockCompileLastError().decode(errors="replace"))


def _load_library(path):
    """libBlockCompileC.so at `path`, loaded once per process."""
    with _lock:
        lib = _libraries.get(path)
        if lib is not None:
            return lib
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            raise CompileError(f"cannot load {path}: {e}") from None
        lib.blockCompileInitOptions.argtypes = [ctypes.POINTER(_Options)]
        lib.blockCompileInitOptions.restype = None
        lib.blockCompileBundle.argtypes = [
            ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p,
            ctypes.POINTER(_Options), ctypes.c_char_p]
        lib.blockCompileBundle.restype = ctypes.c_int
        lib.blockCompileLastError.restype = ctypes.c_char_p
        lib.blockCompileVersion.restype = ctypes.c_char_p
        _libraries[path] = lib
        return lib

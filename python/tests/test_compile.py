"""block.compile and its cache. A stand-in compiler (a Python script that
logs each run and writes a one-kernel bundle) shows what runs when; with
BLOCK_COMPILE set, the real block-compile is checked too, and with its
library (BLOCK_COMPILE_LIBRARY, or beside it) the in-process compiler
against it."""

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest

from helpers import REPO

import block
from block import _compile

FAKE = textwrap.dedent('''\
    #!{python}
    # A stand-in for block-compile: logs its arguments, fails on "BAD",
    # takes FAKE_COMPILE_DELAY seconds.
    import json, os, sys, time
    if sys.argv[1:] == ["--version"]:
        print("fake-compile {version}")
        sys.exit(0)
    time.sleep(float(os.environ.get("FAKE_COMPILE_DELAY", "0")))
    with open(os.environ["FAKE_COMPILE_LOG"], "a") as log:
        log.write(" ".join(sys.argv[1:]) + "\\n")
    source, out = sys.argv[1], sys.argv[sys.argv.index("-o") + 1]
    text = open(source).read()
    if "BAD" in text:
        sys.exit(source + ":1:1: error: custom op 'BAD' is unknown")
    name = os.path.splitext(os.path.basename(source))[0]
    os.makedirs(out, exist_ok=True)
    open(os.path.join(out, name + ".ptx"), "w").write("// " + text)
    kernel = {{"name": "k", "num_warps": 4, "threads_per_block": 128,
              "shared_memory_bytes": 0, "parameters": [
                  {{"index": 0, "name": "n", "kind": "scalar", "type": "i32"}}]}}
    json.dump({{"format": "block-bundle", "version": 1, "module": name,
               "target": {{"triple": "nvptx64-nvidia-cuda", "chip": "sm_90a"}},
               "ptx": name + ".ptx", "kernels": [kernel],
               "options": sys.argv[4:]}},
              open(os.path.join(out, name + ".json"), "w"))
''')

SOURCE = "func.func @k(%n: i32) attributes {block.kernel} {\n  return\n}\n"


def stand_in_options(bundle):
    """The options the stand-in compiled `bundle` with: a key of its own in
    the manifest, which block.Manifest (the format's fields) leaves out."""
    with open(bundle.manifest_path) as f:
        return json.load(f)["options"]

# A process of test_concurrent: waits for the file argv[1], then compiles
# SOURCE through block.compile, or @block.jit's kernel k (argv[2] == "jit"),
# and prints the manifest's path and the kernel.
RACER = textwrap.dedent('''\
    import os, sys, time
    sys.path.insert(0, {python!r})
    import block
    while not os.path.exists(sys.argv[1]):
        time.sleep(0.001)
    if sys.argv[2] == "jit":
        @block.jit
        def k(n):
            pass
        kernel = k.compile("i32")
    else:
        kernel = block.compile({source!r})["k"]
    print(kernel.bundle.manifest_path, kernel.name)
''')


class Cache(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.work)
        self.log = os.path.join(self.work, "log")
        self.compiler = os.path.join(self.work, "block-compile")
        self.write_compiler("1.0")
        self.cache = os.path.join(self.work, "cache")
        self.environ = dict(os.environ)
        self.addCleanup(os.environ.update, self.environ)
        os.environ.update(FAKE_COMPILE_LOG=self.log, BLOCK_CACHE_DIR=self.cache,
                          BLOCK_COMPILE=self.compiler)
        os.environ.pop(_compile.LIBRARY_ENV, None)  # The stand-in runs.
        self.new_process()

    def write_compiler(self, version):
        with open(self.compiler, "w") as f:
            f.write(FAKE.format(python=sys.executable, version=version))
        os.chmod(self.compiler, os.stat(self.compiler).st_mode | stat.S_IXUSR)
        # A rewrite within the file system's clock tick keeps mtime: make
        # the change visible as it would be to another process.
        os.utime(self.compiler, ns=(0, os.stat(self.compiler).st_mtime_ns + 10**9 *
                                    (1 + len(version))))

    def new_process(self):
        """Forgets what this process knows, as a new process would."""
        _compile._bundles.clear()
        _compile._identities.clear()

    def runs(self):
        """The compilations so far (--version runs are not logged)."""
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return f.read().splitlines()

    def test_second_call_compiles_nothing(self):
        first = block.compile(SOURCE, chip="sm_80", num_warps=8)
        self.assertEqual(len(self.runs()), 1)
        self.assertTrue(first.manifest_path.startswith(self.cache + os.sep))
        self.assertEqual(first.kernel_names, ["k"])
        self.assertEqual(stand_in_options(first), ["--chip=sm_80", "--num-warps=8"])
        # The same process: the same Bundle, so code loads once.
        self.assertIs(block.compile(SOURCE, chip="sm_80", num_warps=8), first)
        # Another process: the bundle on disk, no compilation.
        self.new_process()
        again = block.compile(SOURCE, chip="sm_80", num_warps=8)
        self.assertEqual(again.manifest_path, first.manifest_path)
        self.assertEqual(len(self.runs()), 1)
        # Nothing but the bundle and its by-source index is left in the cache.
        entries = [os.path.join(d, f) for d, _, files in os.walk(self.cache) for f in files]
        self.assertEqual(sorted(os.path.basename(e) for e in entries
                                if os.path.basename(os.path.dirname(e)) != "by-source"),
                         ["kernels.json", "kernels.ptx"])
        index = [e for e in entries if os.path.basename(os.path.dirname(e)) == "by-source"]
        self.assertEqual(len(index), 1)
        with open(index[0]) as f:
            self.assertEqual(os.path.join(self.cache, f.read()),
                             os.path.dirname(first.manifest_path))

    def test_specialize_option(self):
        named = block.compile(SOURCE, specialize=["n", "m"])
        self.assertEqual(stand_in_options(named), ["--chip=sm_90a", "--specialize=n,m"])
        off = block.compile(SOURCE, specialize="none")
        self.assertEqual(stand_in_options(off), ["--chip=sm_90a", "--specialize=none"])
        self.assertEqual(len(self.runs()), 2)

    def test_key(self):
        paths = {block.compile(SOURCE).manifest_path}
        variants = [((SOURCE + "// more\n",), {}), ((SOURCE,), {"chip": "sm_80"}),
                    ((SOURCE,), {"num_warps": 2}), ((SOURCE,), {"features": "+ptx81"}),
                    ((SOURCE,), {"opt_level": 2}), ((SOURCE,), {"cubin": False}),
                    ((SOURCE,), {"raise_occupancy": False}), ((SOURCE,), {"name": "other"})]
        for args, kwargs in variants:
            paths.add(block.compile(*args, **kwargs).manifest_path)
        self.assertEqual(len(paths), 1 + len(variants))
        self.assertEqual(len(self.runs()), 1 + len(variants))
        self.assertIn("--opt-level=2", self.runs()[5])
        self.assertIn("--raise-occupancy=false", self.runs()[7])

    def test_new_compiler_compiles_again(self):
        first = block.compile(SOURCE)
        self.write_compiler("2.0")  # Another version, other bytes.
        second = block.compile(SOURCE)
        self.assertNotEqual(first.manifest_path, second.manifest_path)
        self.assertEqual(len(self.runs()), 2)

    def test_path(self):
        path = os.path.join(self.work, "my_kernels.mlir")
        with open(path, "w") as f:
            f.write(SOURCE)
        bundle = block.compile(path)
        self.assertEqual(bundle.name, "my_kernels")
        # The file itself is compiled, so that diagnostics name it.
        self.assertTrue(self.runs()[0].startswith(path + " -o "))
        self.assertIs(block.compile(path), bundle)
        self.assertEqual(len(self.runs()), 1)

    def test_no_cache(self):
        first = block.compile(SOURCE, cache=False)
        second = block.compile(SOURCE, cache=False)
        self.assertNotEqual(first.manifest_path, second.manifest_path)
        self.assertEqual(len(self.runs()), 2)
        self.assertFalse(os.path.exists(self.cache))
        for bundle in (first, second):
            shutil.rmtree(os.path.dirname(bundle.manifest_path))

    def test_failure(self):
        with self.assertRaisesRegex(block.CompileError,
                                    r"block-compile failed \(exit 1\):\n.*kernels.mlir:1:1: "
                                    "error: custom op 'BAD' is unknown") as caught:
            block.compile(SOURCE + "BAD\n")
        diagnostic, = caught.exception.diagnostics
        self.assertEqual(os.path.basename(diagnostic.file), "kernels.mlir")
        self.assertEqual((diagnostic.line, diagnostic.column, diagnostic.severity,
                          diagnostic.message), (1, 1, "error", "custom op 'BAD' is unknown"))
        self.assertIsNone(caught.exception.kernel)  # a module's text, not a kernel
        # Nothing half-made is left.
        self.assertEqual([f for _, _, files in os.walk(self.cache) for f in files], [])
        self.assertEqual([d for _, dirs, _ in os.walk(self.cache) for d in dirs
                          if d.startswith(".")], [])

    def test_failure_of_a_jit_kernel(self):
        @block.jit
        def BAD(n):  # the stand-in refuses the text: it holds "BAD"
            pass
        with self.assertRaises(block.CompileError) as caught:
            BAD.compile("i32")
        self.assertEqual(caught.exception.kernel, "BAD")
        self.assertEqual([d.message for d in caught.exception.diagnostics],
                         ["custom op 'BAD' is unknown"])

    def test_missing_things(self):
        with self.assertRaisesRegex(block.CompileError, "cannot read '/nonexistent.mlir'"):
            block.compile("/nonexistent.mlir")
        os.environ["BLOCK_COMPILE"] = os.path.join(self.work, "none")
        with self.assertRaisesRegex(block.CompileError, "block-compile not found"):
            block.compile(SOURCE)

    def test_damaged_entry_is_replaced(self):
        first = block.compile(SOURCE)
        # A write cut short (a full disk, a killed copy): compiled again,
        # once, into the same entry.
        with open(first.manifest_path, "w") as f:
            f.write('{"format": "block-bundle", "ver')
        self.new_process()
        again = block.compile(SOURCE)
        self.assertEqual(again.manifest_path, first.manifest_path)
        self.assertEqual(again.kernel_names, ["k"])
        self.assertEqual(len(self.runs()), 2)
        self.new_process()
        block.compile(SOURCE)
        self.assertEqual(len(self.runs()), 2)
        # The entry's name taken by a file.
        entry = os.path.dirname(first.manifest_path)
        shutil.rmtree(entry)
        open(entry, "w").close()
        self.new_process()
        self.assertEqual(block.compile(SOURCE).kernel_names, ["k"])
        self.assertEqual(len(self.runs()), 3)
        # Nothing discarded is left behind.
        self.assertEqual([d for _, dirs, _ in os.walk(self.cache) for d in dirs
                          if d.startswith(".")], [])

    def test_damaged_file_is_replaced(self):
        first = block.compile(SOURCE)
        # The PTX the manifest names, emptied or gone.
        ptx = os.path.join(os.path.dirname(first.manifest_path), "kernels.ptx")
        for damage in (lambda: open(ptx, "w").close(), lambda: os.remove(ptx)):
            damage()
            self.new_process()
            block.compile(SOURCE)
            self.assertGreater(os.path.getsize(ptx), 0)
        self.assertEqual(len(self.runs()), 3)

    def race(self, how, processes=4):
        """Runs `processes` processes of RACER at once, each compiling
        `how` ("compile" or "jit"); what each printed."""
        script = os.path.join(self.work, "racer.py")
        with open(script, "w") as f:
            f.write(RACER.format(python=os.path.join(REPO, "python"), source=SOURCE))
        go = os.path.join(self.work, "go")
        racers = [subprocess.Popen([sys.executable, script, go, how], text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                  for _ in range(processes)]
        open(go, "w").close()
        outputs = [racer.communicate(timeout=120) for racer in racers]
        os.remove(go)
        for racer, (_, err) in zip(racers, outputs):
            self.assertEqual(racer.returncode, 0, err)
        return [out.strip() for out, _ in outputs]

    def assert_one_entry(self, printed):
        """Every process got the same whole entry, and nothing else is left
        in the cache (no half-written or discarded directory)."""
        self.assertEqual(len(set(printed)), 1, printed)
        path, kernel = printed[0].split()
        self.assertEqual(kernel, "k")
        entry = os.path.dirname(path)
        self.new_process()
        self.assertEqual(block.Bundle(entry).kernel_names, ["k"])
        self.assertEqual([d for _, dirs, _ in os.walk(self.cache) for d in dirs
                          if d.startswith(".")], [])

    def test_concurrent(self):
        # Four processes compile the same source at once, through
        # block.compile and through @block.jit: each gets the whole bundle,
        # however many of them ran the compiler.
        os.environ["FAKE_COMPILE_DELAY"] = "0.5"
        for how in ("compile", "jit"):
            printed = self.race(how)
            self.assert_one_entry(printed)
            self.assertTrue(1 <= len(self.runs()) <= 4, self.runs())
            os.remove(self.log)
        # Four at once over a damaged entry: replaced, and each gets it.
        entry = os.path.dirname(printed[0].split()[0])
        with open(os.path.join(entry, "k.json"), "w") as f:
            f.write('{"format": "block-bundle", "ver')
        self.assert_one_entry(self.race("jit"))
        self.assertTrue(1 <= len(self.runs()) <= 4, self.runs())

    def test_misuse_raises_block_errors(self):
        for value in ("x", 2.5, [4], True):
            with self.assertRaisesRegex(block.CompileError,
                                        "num_warps must be an integer"):
                block.compile(SOURCE, num_warps=value)
        with self.assertRaisesRegex(block.CompileError, "opt_level must be an integer"):
            block.compile(SOURCE, opt_level="3x")
        with self.assertRaisesRegex(block.CompileError, "num_warps must be from 0 "
                                    "to 4294967295, not -1"):
            block.compile(SOURCE, num_warps=-1)
        # A compiler that exits 0 and writes nothing.
        with self.assertRaisesRegex(block.CompileError, "exited 0 but wrote no "
                                    "kernels.json"):
            block.compile(SOURCE, compiler="/bin/true")
        # The cache directory is a file.
        os.environ["BLOCK_CACHE_DIR"] = self.log
        open(self.log, "w").close()
        with self.assertRaisesRegex(block.CompileError, "cannot use the cache "
                                    "directory '.*log' .set BLOCK_CACHE_DIR"):
            block.compile(SOURCE)

    def test_default_cache_dir(self):
        del os.environ["BLOCK_CACHE_DIR"]
        self.assertEqual(block.cache_dir(),
                         os.path.join(os.path.expanduser("~"), ".block", "cache"))


REAL = os.environ.get("BLOCK_COMPILE")


@unittest.skipUnless(REAL and os.path.exists(REAL), "BLOCK_COMPILE is not set")
class RealCompiler(unittest.TestCase):
    """block-compile itself behind a wrapper that logs its runs."""

    def test_cached(self):
        work = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, work)
        log, wrapper = os.path.join(work, "log"), os.path.join(work, "block-compile")
        with open(wrapper, "w") as f:
            f.write(f'#!/bin/sh\n[ "$1" = --version ] || echo "$@" >> {log}\n'
                    f'exec {os.path.abspath(REAL)} "$@"\n')
        os.chmod(wrapper, 0o755)
        source = os.path.join(REPO, "examples", "vector_add.mlir")
        env = dict(os.environ, BLOCK_CACHE_DIR=os.path.join(work, "cache"),
                   PYTHONPATH=os.path.join(REPO, "python"))
        script = ("import block, sys; b = block.compile(sys.argv[1], chip='sm_80', "
                  "compiler=sys.argv[2], cubin=False); print(b.manifest_path)")
        # Two processes: the second finds the first's bundle.
        paths = [subprocess.run([sys.executable, "-c", script, source, wrapper],
                                env=env, check=True, capture_output=True,
                                text=True).stdout.strip() for _ in range(2)]
        self.assertEqual(paths[0], paths[1])
        with open(log) as f:
            self.assertEqual(len(f.read().splitlines()), 1)
        with open(paths[0]) as f:
            manifest = json.load(f)
        self.assertEqual(manifest["target"]["chip"], "sm_80")
        self.assertNotIn("cubin", manifest)
        kernel = manifest["kernels"][0]
        self.assertEqual([p["name"] for p in kernel["parameters"]], ["x", "y", "out", "n"])

    def test_diagnostics(self):
        with self.assertRaisesRegex(block.CompileError, r"kernels.mlir:1:\d+: error"):
            block.compile("func.func @f() attributes {block.kernel} { block.nope }\n",
                          compiler=REAL, cache=False)


class Diagnostics(unittest.TestCase):
    """block-compile's output read into block.Diagnostic."""

    def test_parse(self):
        from block._errors import parse_diagnostics
        output = ("/src/k.py:12:8: error: 'arith.addf' op operand #0 must be "
                  "floating-point-like, but got 'i32'\n"
                  "  %y = arith.addf %x, %x : i32\n"
                  "       ^\n"
                  "/src/k.py:3:1: note: called from\n"
                  "block-compile: error: k.mlir has no kernel\n"
                  "something else entirely\n")
        found = parse_diagnostics(output)
        self.assertEqual(found, [
            block.Diagnostic("/src/k.py", 12, 8, "error", "'arith.addf' op operand #0 must "
                             "be floating-point-like, but got 'i32'"),
            block.Diagnostic("/src/k.py", 3, 1, "note", "called from"),
            block.Diagnostic("", 0, 0, "error", "k.mlir has no kernel")])
        self.assertEqual(str(found[1]), "/src/k.py:3:1: note: called from")
        self.assertEqual(str(found[2]), "error: k.mlir has no kernel")


LIBRARY = os.environ.get(_compile.LIBRARY_ENV) or (
    REAL and _compile.find_library(os.path.abspath(REAL)))

#: A kernel whose call is refused by the compiler, at the Python line the
#: front end gave it.
REFUSED = """func.func private @ext(i32)
func.func @k(%n: i32) attributes {block.kernel} {
  func.call @ext(%n) : (i32) -> () loc("kernel.py":7:5)
  return
}
"""


@unittest.skipUnless(REAL and LIBRARY, "BLOCK_COMPILE or its library is missing")
class InProcess(unittest.TestCase):
    """libBlockCompileC.so in-process against the block-compile process:
    the same bundles, byte for byte, and the same errors."""

    def setUp(self):
        self.work = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.work)
        environ = dict(os.environ)
        self.addCleanup(lambda: (os.environ.clear(), os.environ.update(environ)))
        os.environ[_compile.LIBRARY_ENV] = os.path.abspath(LIBRARY)
        # The process: block-compile behind a wrapper with no library
        # beside it, which logs its runs.
        self.log = os.path.join(self.work, "log")
        self.wrapper = os.path.join(self.work, "bin", "block-compile")
        os.makedirs(os.path.dirname(self.wrapper))
        with open(self.wrapper, "w") as f:
            f.write(f'#!/bin/sh\n[ "$1" = --version ] || echo "$@" >> {self.log}\n'
                    f'exec {os.path.abspath(REAL)} "$@"\n')
        os.chmod(self.wrapper, 0o755)

    def runs(self):
        if not os.path.exists(self.log):
            return 0
        with open(self.log) as f:
            return len(f.read().splitlines())

    def both(self, source, **options):
        """(in-process, process): each a bundle's files by name, or the
        CompileError's message with the temporary source's directory
        left out."""
        results = []
        for compiler in (None, self.wrapper):
            try:
                bundle = block.compile(source, cache=False, compiler=compiler, **options)
            except block.CompileError as e:
                results.append(re.sub(r"\S*/(kernels\.mlir)", r"\1", str(e)))
                continue
            out = os.path.dirname(bundle.manifest_path)
            files = {}
            for file in sorted(os.listdir(out)):
                with open(os.path.join(out, file), "rb") as f:
                    files[file] = f.read()
            shutil.rmtree(out)
            results.append(files)
        return results

    def test_same_bundles(self):
        source = os.path.join(REPO, "examples", "vector_add.mlir")
        for options in ({"cubin": False}, {},
                        {"chip": "sm_80", "num_warps": 8, "opt_level": 2,
                         "raise_occupancy": False, "specialize": ["n"], "cubin": False},
                        {"features": "+ptx81", "specialize": "none", "cubin": False}):
            inside, outside = self.both(source, **options)
            self.assertEqual(inside, outside, options)
            self.assertIn("vector_add.json", inside)
        # Only the process ran block-compile.
        self.assertEqual(self.runs(), 4)
        manifest = json.loads(inside["vector_add.json"])
        self.assertEqual(manifest["target"]["features"], "+ptx81")
        self.assertEqual([p["name"] for p in manifest["kernels"][0]["parameters"]],
                         ["x", "y", "out", "n"])

    def test_same_errors(self):
        cases = [("func.func @f() attributes {block.kernel} { block.nope }\n", {},
                  r"^block-compile failed \(exit 1\):\nkernels.mlir:1:44: error: "
                  "custom op 'block.nope' is unknown"),
                 (REFUSED, {}, r"\nkernel.py:7:5: error: 'func.call' op calls a "
                  "function without a body"),
                 (REFUSED, {"chip": "sm_42"}, r"\nblock-compile: error: --chip='sm_42' "
                  "is not a supported chip"),
                 (REFUSED, {"specialize": "m"}, r"\nblock-compile: error: --specialize: "
                  "no kernel has an argument named 'm'"),
                 ("func.func @f(%x: i32) {\n  return\n}\n", {},
                  r"\nblock-compile: error: kernels.mlir has no kernel")]
        for source, options, expected in cases:
            inside, outside = self.both(source, **options)
            self.assertEqual(inside, outside)
            self.assertRegex(inside, expected)

    def test_same_diagnostics(self):
        """The diagnostics as fields, alike from the library and the
        process: located ones at the Python line the front end gave, and
        block-compile's own."""
        cases = [({}, ("kernel.py", 7, 5, "error"), "'func.call' op calls a function "
                  "without a body: a kernel compiles only with every call inlined"),
                 ({"chip": "sm_42"}, ("", 0, 0, "error"),
                  "--chip='sm_42' is not a supported chip; supported: sm_50")]
        for options, where, message in cases:
            for compiler in (None, self.wrapper):
                with self.assertRaises(block.CompileError) as caught:
                    block.compile(REFUSED, cache=False, compiler=compiler, **options)
                diagnostic, = caught.exception.diagnostics
                self.assertEqual((diagnostic.file, diagnostic.line, diagnostic.column,
                                  diagnostic.severity), where)
                self.assertTrue(diagnostic.message.startswith(message), diagnostic.message)

    def test_found_beside_block_compile(self):
        # bin/block-compile (the stand-in, which would log) and
        # lib/libBlockCompileC.so: the library compiles.
        tree = os.path.join(self.work, "tree")
        os.makedirs(os.path.join(tree, "bin"))
        os.makedirs(os.path.join(tree, "lib"))
        stand_in = os.path.join(tree, "bin", "block-compile")
        shutil.copy(self.wrapper, stand_in)
        os.symlink(os.path.abspath(LIBRARY), os.path.join(tree, "lib", "libBlockCompileC.so"))
        del os.environ[_compile.LIBRARY_ENV]
        os.environ["BLOCK_COMPILE"] = stand_in
        self.assertEqual(_compile.find_library(),
                         os.path.join(tree, "lib", "libBlockCompileC.so"))
        bundle = block.compile(os.path.join(REPO, "examples", "vector_add.mlir"),
                               cache=False, cubin=False)
        self.addCleanup(shutil.rmtree, os.path.dirname(bundle.manifest_path))
        self.assertEqual(bundle.kernel_names, ["vector_add"])
        self.assertEqual(self.runs(), 0)
        # A library named that is not there.
        os.environ[_compile.LIBRARY_ENV] = os.path.join(self.work, "none.so")
        with self.assertRaisesRegex(block.CompileError, "BLOCK_COMPILE_LIBRARY names "
                                    "'.*none.so', which is not a file"):
            block.compile(SOURCE, cache=False)

    def test_cached_in_process(self):
        os.environ["BLOCK_CACHE_DIR"] = os.path.join(self.work, "cache")
        _compile._bundles.clear()
        first = block.compile(os.path.join(REPO, "examples", "vector_add.mlir"), cubin=False)
        _compile._bundles.clear()
        again = block.compile(os.path.join(REPO, "examples", "vector_add.mlir"), cubin=False)
        self.assertEqual(first.manifest_path, again.manifest_path)
        self.assertEqual(self.runs(), 0)


if __name__ == "__main__":
    unittest.main()

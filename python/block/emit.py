"""python -m block.emit file.py:kernel --signature "*fp32,*fp32,i32" -D BLOCK=1024

Writes a @block.jit kernel's block-dialect text (to stdout, or -o FILE,
written only when emission succeeds), for block-opt, FileCheck, block-compile
and C++ embedders."""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import sys

from ._errors import BlockError


def _value(text: str):
    """A -D value: a Python literal (1024, 0.5, True, "x"), else the text;
    bl.float16 and friends name dtypes."""
    from .language import core as bl
    name = text.split(".")[-1]
    if text.startswith(("bl.", "tl.")) and isinstance(getattr(bl, name, None), bl.dtype):
        return getattr(bl, name)
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def _load_kernel(target: str):
    path, sep, name = target.rpartition(":")
    if not sep or not path or not name:
        raise BlockError(f"'{target}': expected file.py:kernel")
    if not os.path.isfile(path):
        raise BlockError(f"'{path}': no such file")
    module_name = "_block_emit_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise BlockError(f"'{path}' is not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec.loader.exec_module(module)
    kernel = getattr(module, name, None)
    if kernel is None:
        raise BlockError(f"'{path}' has no '{name}'")
    return kernel


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m block.emit", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kernel", help="file.py:kernel (a @block.jit or @block.autotune)")
    parser.add_argument("--signature", "-s", default="",
                        help='the runtime parameters\' types in order: "*fp16,*fp16:16,i32,fp32"')
    parser.add_argument("-D", dest="defines", action="append", default=[],
                        metavar="NAME=VALUE", help="a constexpr value (or num_warps, num_stages)")
    parser.add_argument("--num-warps", type=int, default=None)
    parser.add_argument("--num-stages", type=int, default=None)
    parser.add_argument("-o", "--output", default="-", help="output file (default stdout)")
    args = parser.parse_args(argv)
    try:
        kernel = _load_kernel(args.kernel)
        kwargs = {}
        for define in args.defines:
            name, sep, value = define.partition("=")
            if not sep or not name:
                raise BlockError(f"-D {define}: expected NAME=VALUE")
            kwargs[name] = _value(value)
        if args.num_warps is not None:
            kwargs["num_warps"] = args.num_warps
        if args.num_stages is not None:
            kwargs["num_stages"] = args.num_stages
        if not hasattr(kernel, "emit"):
            raise BlockError(f"'{args.kernel}' is not a @block.jit kernel")
        text = kernel.emit(args.signature, **kwargs)
    except BlockError as e:
        from .frontend.errors import CompilationError
        print(e if isinstance(e, CompilationError) else f"block.emit: {e}", file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.write(text)
        return 0
    tmp = f"{args.output}.{os.getpid()}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, args.output)
    except OSError as e:
        print(f"block.emit: cannot write '{args.output}': {e.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Prints a kernel with the hints of block-compile's aligned variant written
in: 16-byte alignment on every pointer argument, divisibility by 16 on every
i32 and i64 argument, where the signature has no hint. Tests of how an
example compiles where its arguments allow vectors read the examples through
it, as the runtime launches that variant there.

    python3 add-hints.py examples/vector_add.mlir | block-opt ...
"""
import re
import sys

SIGNATURE = re.compile(r"(func\.func @\w+\([^{]*?\)\s*(?:->[^{]*?)?\s*(?:attributes|\{))")
ARGUMENT = re.compile(r"(%[A-Za-z_0-9]+: (?:!block\.ptr<[^>]+>|i32|i64))(?=[,)])")


def hint(match):
    argument = match.group(1)
    kind = "alignment" if "!block.ptr" in argument else "divisibility"
    return f"{argument} {{block.{kind} = 16}}"


def main():
    text = open(sys.argv[1]).read()
    # Only signatures, from `func.func @name(` to the attributes or the body
    # (re.split keeps them at the odd indices).
    pieces = SIGNATURE.split(text)
    sys.stdout.write("".join(ARGUMENT.sub(hint, piece) if i % 2 else piece
                             for i, piece in enumerate(pieces)))


if __name__ == "__main__":
    main()

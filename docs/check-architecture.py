#!/usr/bin/env python3
"""Checks the op tables of docs/architecture.md against the ODS definitions.

  check-architecture.py <source-dir>

Every op of BlockOps.td and BlockGPUOps.td needs exactly one row; every row
names an op that exists, files that exist, a verifier file where ODS says
`hasVerifier` or `hasRegionVerifier`, a canonicalisation file where ODS says
`hasFolder`, `hasCanonicalizer` or `hasCanonicalizeMethod`, and test files
that use the op. Each problem is printed on its own line, naming the op, and
the exit status is 1 when there is any.
"""

import re
import sys
from pathlib import Path

DIALECTS = {
    # ODS file: (op class prefix, dialect namespace)
    "include/block/Dialect/Block/IR/BlockOps.td": ("Block_Op", "block"),
    "include/block/Dialect/BlockGPU/IR/BlockGPUOps.td": ("BlockGPU_Op", "blockgpu"),
}
COLUMNS = ["Op", "Definition", "Verifier", "Canonicalisation", "Lowering",
           "Interpreter", "Tests"]
VERIFIER_FLAGS = ("hasVerifier", "hasRegionVerifier")
CANONICALISER_FLAGS = ("hasFolder", "hasCanonicalizer", "hasCanonicalizeMethod")


def read_ops(root):
    """{op name: (ODS file, set of `let ... = 1` flags)} for every op."""
    ops = {}
    for path, (op_class, dialect) in DIALECTS.items():
        text = (root / path).read_text()
        defs = list(re.finditer(
            r'^def\s+\w+\s*:\s*' + op_class + r'<"([\w.]+)"', text, re.M))
        for i, match in enumerate(defs):
            end = defs[i + 1].start() if i + 1 < len(defs) else len(text)
            body = text[match.start():end]
            flags = set(re.findall(r'let\s+(\w+)\s*=\s*1\s*;', body))
            ops[dialect + "." + match.group(1)] = (path, flags)
    return ops


def read_rows(doc):
    """[(line number, cells)] for every table row that names an op."""
    rows = []
    for number, line in enumerate(doc.splitlines(), 1):
        if not line.startswith("| `"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if re.fullmatch(r"`[a-z]+\.[\w.]+`", cells[0]):
            rows.append((number, cells))
    return rows


def paths_in(cell):
    return re.findall(r"`([^`]+)`", cell)


def check(root):
    ops = read_ops(root)
    doc_path = root / "docs" / "architecture.md"
    rows = read_rows(doc_path.read_text())
    problems = []
    seen = {}
    for number, cells in rows:
        where = "docs/architecture.md:%d" % number
        op = cells[0].strip("`")
        if len(cells) != len(COLUMNS):
            problems.append("%s: the row of %s has %d cells; expected %d (%s)"
                            % (where, op, len(cells), len(COLUMNS),
                               ", ".join(COLUMNS)))
            continue
        if op in seen:
            problems.append("%s: %s has a second row (the first is on line %d)"
                            % (where, op, seen[op]))
            continue
        seen[op] = number
        if op not in ops:
            problems.append("%s: %s is not an op of %s" %
                            (where, op, " or ".join(DIALECTS)))
            continue
        ods_file, flags = ops[op]
        row = dict(zip(COLUMNS, cells))
        for column in COLUMNS[1:]:
            for path in paths_in(row[column]):
                if not (root / path).is_file():
                    problems.append("%s: %s: %s names %s, which does not exist"
                                    % (where, op, column, path))
        if paths_in(row["Definition"]) != [ods_file]:
            problems.append("%s: %s: Definition should be `%s`"
                            % (where, op, ods_file))
        for column, declared in (("Verifier", VERIFIER_FLAGS),
                                 ("Canonicalisation", CANONICALISER_FLAGS)):
            wanted = sorted(flags.intersection(declared))
            if wanted and not paths_in(row[column]):
                problems.append("%s: %s: ODS declares %s, but the %s cell "
                                "names no file" % (where, op,
                                                   " and ".join(wanted),
                                                   column))
        mnemonic = op.split(".", 1)[1]
        generic = '"%s"' % op
        for path in paths_in(row["Tests"]):
            test = root / path
            if not test.is_file():
                continue
            text = test.read_text()
            if not re.search(re.escape(op) + r"\b", text) and generic not in text:
                problems.append("%s: %s: the test %s does not use %s.%s"
                                % (where, op, path, op.split(".")[0],
                                   mnemonic))
        if not paths_in(row["Tests"]):
            problems.append("%s: %s names no test" % (where, op))
    for op in sorted(set(ops) - set(seen)):
        problems.append("docs/architecture.md: %s (defined in %s) has no row "
                        "in the op tables; add one giving its definition, "
                        "verifier, canonicalisation, lowering, interpreter "
                        "and tests" % (op, ops[op][0]))
    return problems


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    problems = check(Path(sys.argv[1]))
    for problem in problems:
        print(problem)
    if problems:
        print("%d problem(s) in docs/architecture.md" % len(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

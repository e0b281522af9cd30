#!/usr/bin/env python3
"""Fails on a reference to the stretches of work the tree was written in.

  check-working-periods.py <source-dir>

The tree says what is true now; when and in which stretch of work something
was measured or changed belongs in commit messages. This check reads every
text file under the source directories below (and the top-level files) and
prints each line that names such a period: by number ("<word> 17",
"<word>17"), in the possessive ("<word>'s"), or relative to the present
("this <word>", "the next <word>", "the second <word>"), where <word> is the
one built in WORD below (spelled in two parts, so that this file does not
match itself), or the phrase built in PERIOD. The exit status is 1 when
there is any.
"""

import re
import sys
from pathlib import Path

# The directories whose files are checked, relative to the source directory.
DIRECTORIES = ["include", "lib", "docs", "tools", "bench", "test", "examples",
               "runtime", "scripts", "python", "fuzz", "unittests", "cmake",
               ".ci"]
SKIPPED_DIRECTORIES = {"__pycache__", ".git"}
MAX_BYTES = 1 << 20

WORD = "ses" + "sion"
PERIOD = "working" + r"\s+" + "period"
RELATIVE = ("this|that|next|last|previous|earlier|later|same|first|second|"
            "third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
            "twelfth|one|each|every|per")
PATTERN = re.compile(
    rf"\b{WORD}s?\s*#?\d"                # a period by number
    rf"|\b{WORD}'s\b|\b{WORD}s'"         # its possessive
    rf"|\b(?:{RELATIVE})\s+{WORD}s?\b"   # relative to the present
    rf"|\b{PERIOD}s?\b",
    re.IGNORECASE)


def files(root):
    """The text files to check: the top-level files and those under
    DIRECTORIES, skipping caches, egg-info and anything large."""
    for path in sorted(root.iterdir()):
        if path.is_file():
            yield path
    for directory in DIRECTORIES:
        base = root / directory
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            parts = set(path.relative_to(root).parts)
            if parts & SKIPPED_DIRECTORIES or any(p.endswith(".egg-info") for p in parts):
                continue
            if path.is_file() and not path.is_symlink() and path.stat().st_size <= MAX_BYTES:
                yield path


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = Path(sys.argv[1])
    problems = 0
    for path in files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # not text
        for number, line in enumerate(text.splitlines(), 1):
            if PATTERN.search(line):
                print(f"{path.relative_to(root)}:{number}: {line.strip()}")
                problems += 1
    if problems:
        print(f"{problems} line(s) name a stretch of work; say what is true "
              "now (the when belongs in the commit message)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

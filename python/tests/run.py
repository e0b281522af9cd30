"""Runs test modules of the package for ctest and bench/run.sh:

  python3 python/tests/run.py test_args test_runtime ...

Exit status 0 when the tests pass, 1 when one fails, and 77 (ctest's
SKIP_RETURN_CODE) when every test was skipped, say for want of a GPU or the
runtime library: then nothing was checked, and ctest says "skipped", not
"passed". The environment says what to test: BLOCK_RUNTIME_LIBRARY (the
runtime's libBlockRuntimeC.so), BLOCK_COMPILE (a block-compile, for the
tests of the cache against the real compiler), BLOCK_TEST_BUNDLES (the
bundles/ of scripts/make-bundles.sh, for GPU tests of compiled examples).
"""

import os
import sys
import unittest


def main(names):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    suite = unittest.defaultTestLoader.loadTestsFromNames(names)
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    if not result.wasSuccessful():
        return 1
    if result.testsRun <= len(result.skipped):  # A skipped module runs none.
        reasons = sorted({reason for _, reason in result.skipped})
        print(f"skipped: every test was skipped ({'; '.join(reasons)})")
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

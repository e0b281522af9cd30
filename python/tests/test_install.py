"""pip installs the package from the repository offline, with the build
backend the system has (Debian's python3-setuptools), and the installed
copy imports."""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from helpers import REPO


@unittest.skipUnless(importlib.util.find_spec("pip") and
                     importlib.util.find_spec("setuptools"),
                     "pip or setuptools is not installed")
class Install(unittest.TestCase):
    def test_pip_install(self):
        work = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, work)
        # A copy, so that the build leaves nothing in the repository.
        source = os.path.join(work, "python")
        shutil.copytree(os.path.join(REPO, "python"), source,
                        ignore=shutil.ignore_patterns("tests", "build", "*.egg-info",
                                                      "__pycache__"))
        target = os.path.join(work, "site")
        subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation",
                        "--no-deps", "--no-index", "--quiet", "--target", target, source],
                       check=True, env=dict(os.environ, PIP_NO_INPUT="1",
                                            PIP_ROOT_USER_ACTION="ignore",
                                            PIP_DISABLE_PIP_VERSION_CHECK="1"))
        shown = subprocess.run(
            [sys.executable, "-c", "import block; print(block.__file__, block.__version__)"],
            check=True, capture_output=True, text=True, cwd=work,
            env=dict(os.environ, PYTHONPATH=target)).stdout.split()
        # One version: the package's is the project's (cmake/BlockVersion.cmake).
        with open(os.path.join(REPO, "cmake", "BlockVersion.cmake")) as f:
            version = re.search(r"set\(BLOCK_VERSION ([0-9.]+)\)", f.read()).group(1)
        self.assertEqual(shown, [os.path.join(target, "block", "__init__.py"), version])


if __name__ == "__main__":
    unittest.main()

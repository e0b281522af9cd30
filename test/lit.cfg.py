# -*- Python -*-
import os
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "BLOCK"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.block_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%block_src_root", config.block_src_root))
config.substitutions.append(("%block_lib_dir", config.block_lib_dir))
config.substitutions.append(("%examples", os.path.join(config.block_src_root, "examples")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# FileCheck, not, count and split-file live in LLVM's bin/, which is not on PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.block_tools_dir, append_path=True)

tool_dirs = [config.block_tools_dir, config.runtime_tools_dir, config.llvm_tools_dir]
tools = ["block-opt", "block-compile", ToolSubst("%mlir-opt", config.mlir_opt, unresolved="ignore")]
# Built only where their parts are (block-run-gpu needs the CUDA toolkit).
for name in ["block-run", "block-run-gpu"]:
    tools.append(ToolSubst(name, unresolved="ignore"))
llvm_config.add_tool_substitutions(tools, tool_dirs)

# The plugin is tested against stock mlir-opt-22 when it is installed, but
# not in sanitizer builds: an instrumented plugin cannot load into the
# uninstrumented mlir-opt-22 (docs/fuzzing.md).
if config.block_sanitize:
    config.available_features.add("sanitizers")
elif config.mlir_opt and os.path.exists(config.mlir_opt):
    config.available_features.add("mlir-opt")

# Generated PTX is also assembled by ptxas where the CUDA toolkit exists.
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))

# The interpreter tests compute their references with NumPy.
config.substitutions.append(("%python", "/usr/bin/python3"))
# A kernel with the hints of block-compile's aligned variant written in.
config.substitutions.append(
    ("%add-hints", "/usr/bin/python3 " + os.path.join(config.test_source_root, "Inputs", "add-hints.py")))
if os.path.exists("/usr/bin/python3") and subprocess.call(
        ["/usr/bin/python3", "-c", "import numpy"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("numpy")

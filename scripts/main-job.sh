#!/usr/bin/env bash
# The main job: compile examples/vector_add.mlir to PTX and run it on the
# interpreter.
#   bash scripts/main-job.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
bin=$build/bin

echo "== examples/vector_add.mlir parses and verifies"
"$bin/block-opt" examples/vector_add.mlir > /dev/null
echo "ok"

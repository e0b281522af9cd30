#!/usr/bin/env bash
# The "before" of an A/B on the GPU: build block-compile as it is at COMMIT
# (in a worktree under build-before/, ignored by git, against the same LLVM
# and MLIR) and compile the kernels that scripts/make-bundles.sh compiles,
# from their sources as they are at COMMIT, into bundles/before/<name>/.
# bench/bench.py --before times each of our kernels next to its bundle from
# there, on the same buffers and in the same process:
#   bash scripts/make-bundles.sh                # bundles/ (starts it afresh)
#   bash scripts/make-before-bundles.sh main~3  # bundles/before/
#   BENCH_ARGS="--before bundles/before" bash bench/run.sh   # on the GPU
# A kernel whose source is missing at COMMIT, or that its block-compile
# refuses (a flag it does not know yet), is left out and said so.
#   bash scripts/make-before-bundles.sh COMMIT
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git rev-parse --verify "${1:?usage: make-before-bundles.sh COMMIT}^{commit}")
src=$PWD/build-before/src
build=$PWD/build-before/build
if [ -e "$src/.git" ]; then
  git -C "$src" checkout -q --detach "$commit"
else
  git worktree add -q --detach "$src" "$commit"
fi
cmake -G Ninja -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir > /dev/null
ninja -C "$build" block-compile
compile=$build/bin/block-compile

out=bundles/before
rm -rf "$out"
mkdir -p "$out/sources"
# The attention examples in f16, made as make-bundles.sh makes them.
for e in attention_fwd attention_fwd_d64; do
  [ -f "$src/examples/$e.mlir" ] && sed 's/bf16/f16/g' "$src/examples/$e.mlir" > "$out/sources/${e}_f16.mlir"
done
# before <name> <source> [block-compile flags]
before() {
  local name=$1 source=$2 flags=${3:-}
  case $source in
    bundles/sources/*) source=$out/sources/${source#bundles/sources/} ;;
    *) source=$src/$source ;;
  esac
  if [ ! -f "$source" ]; then
    echo "left out $name: no ${source#"$src"/} at $commit"
    return
  fi
  # shellcheck disable=SC2086
  if "$compile" "$source" -o "$out/$name" $flags 2> "$out/$name.err"; then
    rm -f "$out/$name.err"
    echo "before $name"
  else
    rm -rf "${out:?}/$name"
    echo "left out $name: $(head -1 "$out/$name.err")"
  fi
}
grep -v '^#' bench/examples.txt | while IFS='|' read -r name _; do
  [ -z "$name" ] && continue
  before "$name" "examples/$name.mlir"
done
grep -v '^#' bench/kernels.txt | while IFS='|' read -r name source _ _ _ _ _ _ flags; do
  [ -z "$name" ] && continue
  before "$name" "$source" "$flags"
done

#!/usr/bin/env bash
# Runs one fuzz target for a while, in one process on one core, and records
# what it did.
#   bash fuzz/run.sh <opt|manifest|runspec|npy> <seconds> [libFuzzer flags...]
# Environment: BUILD (default build-fuzz), FORK=1 to keep going after a crash
# (libFuzzer's -fork=1 -ignore_crashes=1; artifacts are still written).
# Corpus: $BUILD/corpus/<target> (grows), seeds: $BUILD/seeds/<target>
# (fuzz/make-corpus.sh makes them), crashes: $BUILD/artifacts/<target>/,
# log: $BUILD/logs/<target>-<time>.log, ending with the CPU seconds used.
set -euo pipefail
cd "$(dirname "$0")/.."
target=$1
seconds=$2
shift 2
build=${BUILD:-build-fuzz}
bin=$build/bin/block-fuzz-$target
[ -x "$bin" ] || { echo "no $bin: build with -DBLOCK_ENABLE_FUZZERS=ON" >&2; exit 1; }
[ -d "$build/seeds/$target" ] || bash fuzz/make-corpus.sh "$build/seeds" > /dev/null
mkdir -p "$build/corpus/$target" "$build/artifacts/$target" "$build/logs"
log=$build/logs/$target-$(date +%Y%m%d-%H%M%S).log

flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096
       -artifact_prefix="$build/artifacts/$target/" -print_final_stats=1
       -print_pcs=0 -reload=0)
case $target in
  opt)      flags+=(-dict=fuzz/dict/block.dict -max_len=16384) ;;
  manifest) flags+=(-dict=fuzz/dict/json.dict -max_len=8192) ;;
  runspec)  flags+=(-dict=fuzz/dict/runspec.dict -max_len=1024) ;;
  npy)      flags+=(-max_len=4096) ;;
esac
if [ "${FORK:-0}" = 1 ]; then
  flags+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi

echo "== $bin ${flags[*]} $* $build/corpus/$target $build/seeds/$target" | tee "$log"
start=$(date +%s)
set +e
/usr/bin/time -f "cpu-seconds: %U user + %S sys, wall %e s, max rss %M KB" \
  nice -n 10 timeout $((seconds + 120)) "$bin" "${flags[@]}" "$@" \
  "$build/corpus/$target" "$build/seeds/$target" >> "$log" 2>&1
rc=$?
set -e
echo "exit: $rc after $(( $(date +%s) - start )) s" >> "$log"
grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::|cpu-seconds|^exit:|^block-fuzz-opt: [0-9]|^block-fuzz-opt:   |SUMMARY|==== block-fuzz|Test unit written" "$log" || true
echo "log: $log"
exit $rc

#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from the repository:
#   opt:      test/**/*.mlir and examples/*.mlir, split on "// -----" (one
#             program per file, as block-opt --split-input-file sees them)
#   manifest: runtime/test/bundle/*.json and every other *.json under test/
#   runspec:  fuzz/seeds/runspec/* (one command-line word per line)
#   npy:      runtime/test/data/*.npy and every *.npy under test/
#   bash fuzz/make-corpus.sh <out-dir>       (default build-fuzz/seeds)
set -euo pipefail
out=$(realpath -m "${1:-$(dirname "$0")/../build-fuzz/seeds}")
cd "$(dirname "$0")/.."
rm -rf "$out"
mkdir -p "$out"/{opt,manifest,runspec,npy}

python3 - "$out/opt" <<'PY'
import glob, hashlib, os, re, sys
out = sys.argv[1]
files = sorted(glob.glob("test/**/*.mlir", recursive=True) + glob.glob("examples/*.mlir"))
n = 0
for path in files:
    text = open(path, encoding="utf-8", errors="replace").read()
    for part in re.split(r"^// -----.*$", text, flags=re.M):
        if not part.strip():
            continue
        name = hashlib.sha1(part.encode()).hexdigest()[:16]
        with open(os.path.join(out, name + ".mlir"), "w") as f:
            f.write(part)
        n += 1
print(f"opt: {n} seeds from {len(files)} files")
PY

find runtime/test/bundle test -name '*.json' -exec cp {} "$out/manifest/" \; 2>/dev/null || true
cp fuzz/seeds/manifest/* "$out/manifest/" 2>/dev/null || true
cp fuzz/seeds/runspec/* "$out/runspec/"
find runtime/test/data test -name '*.npy' -exec cp {} "$out/npy/" \; 2>/dev/null || true
for d in opt manifest runspec npy; do
  echo "$d: $(ls "$out/$d" | wc -l) files in $out/$d"
done

"""cuBLAS's structure for the f32 product, written by hand in CUDA and
compiled by nvcc, to see whether it is what the lowering lacks: warp tiles
(each lane runs of 4 rows and 4 columns spread over the warp's tile, as
cuBLAS's 256x128x8 kernel), operands copied by cp.async several tiles ahead
with one barrier per tile, and each step's shared-memory fragments read
during the previous step's FMAs. On the H200 (docs/performance.md,
2026-12-04) it ran at 33-39 TFLOP/s against cuBLAS's 51.2 and our 43: this
structure through PTX and ptxas does not reach cuBLAS's SASS.

On the GPU machine (CuPy compiles the kernel with NVRTC):
  python3 bench/sgemm_warp_probe.py
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import bench  # noqa: E402

SOURCE = r"""
// BM x BN tiles of c over 8 warps, WM of them along m; each warp a tile of
// BM/WM x BN/(8/WM), its lanes LR along m and 32/LR along n; each lane runs
// of 4 rows LR*4 apart and runs of 4 columns (32/LR)*4 apart. a is staged
// k-major (transposed) by 4-byte cp.async, its runs of 4 rows swizzled by k;
// b as it is, by 16-byte cp.async. STAGES tiles in flight, one barrier per
// tile, fragments of step kk+1 read during the FMAs of step kk.
template <int BM, int BN, int BK, int STAGES, int WM, int LR, int MINB>
__global__ void __launch_bounds__(256, MINB)
wsgemm(const float *__restrict__ A, const float *__restrict__ B,
       float *__restrict__ C, int M, int N, int K) {
  constexpr int WN = 8 / WM, LC = 32 / LR;
  constexpr int WTM = BM / WM, WTN = BN / WN;
  constexpr int TM = WTM / (LR * 4), TN = WTN / (LC * 4);
  extern __shared__ __align__(16) float smem[];
  float *As = smem;                       // [STAGES][BK][BM]
  float *Bs = smem + STAGES * BM * BK;    // [STAGES][BK][BN]
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int wm = warp % WM, wn = warp / WM;
  const int lr = lane / LC, lc = lane % LC;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  const float *Ablk = A + (size_t)row0 * K;
  const float *Bblk = B + col0;
  auto swz = [](int k, int row) { return row ^ ((k % 8) * 4); };

  // Per thread: BM*BK/256 elements of a, BK*BN/4/256 chunks of b.
  auto issue = [&](int stage, int kt) {
    const int k0 = kt * BK;
#pragma unroll
    for (int i = 0; i < BM * BK / 256; ++i) {
      int e = tid + i * 256, r = e / BK, kk = e % BK;
      const float *g = Ablk + (size_t)r * K + k0 + kk;
      unsigned s = (unsigned)__cvta_generic_to_shared(As + stage * BM * BK + kk * BM + swz(kk, r));
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(s), "l"(g));
    }
#pragma unroll
    for (int i = 0; i < BK * BN / 4 / 256; ++i) {
      int e = tid + i * 256, r = e / (BN / 4), ch = e % (BN / 4);
      const float *g = Bblk + (size_t)(k0 + r) * N + ch * 4;
      unsigned s = (unsigned)__cvta_generic_to_shared(Bs + stage * BK * BN + r * BN + ch * 4);
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(s), "l"(g));
    }
  };

  float acc[TM * 4][TN * 4];
#pragma unroll
  for (int i = 0; i < TM * 4; ++i)
#pragma unroll
    for (int j = 0; j < TN * 4; ++j) acc[i][j] = 0.f;
  const int KT = K / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < KT) issue(s, s);
    asm volatile("cp.async.commit_group;");
  }
  const int arow = wm * WTM + lr * 4, bcol = wn * WTN + lc * 4;
  for (int kt = 0; kt < KT; ++kt) {
    asm volatile("cp.async.wait_group %0;" :: "n"(STAGES - 2));
    __syncthreads();
    int next = kt + STAGES - 1;
    if (next < KT) issue(next % STAGES, next);
    asm volatile("cp.async.commit_group;");
    const float *as = As + (kt % STAGES) * BM * BK;
    const float *bs = Bs + (kt % STAGES) * BK * BN;
    float4 af[2][TM], bf[2][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i) af[0][i] = *(const float4 *)(as + swz(0, arow + i * LR * 4));
#pragma unroll
    for (int j = 0; j < TN; ++j) bf[0][j] = *(const float4 *)(bs + bcol + j * LC * 4);
#pragma unroll
    for (int kk = 0; kk < BK; ++kk) {
      const int cur = kk % 2, nxt = (kk + 1) % 2;
      if (kk + 1 < BK) {
#pragma unroll
        for (int i = 0; i < TM; ++i)
          af[nxt][i] = *(const float4 *)(as + (kk + 1) * BM + swz(kk + 1, arow + i * LR * 4));
#pragma unroll
        for (int j = 0; j < TN; ++j)
          bf[nxt][j] = *(const float4 *)(bs + (kk + 1) * BN + bcol + j * LC * 4);
      }
#pragma unroll
      for (int i = 0; i < TM; ++i) {
        float a4[4] = {af[cur][i].x, af[cur][i].y, af[cur][i].z, af[cur][i].w};
#pragma unroll
        for (int j = 0; j < TN; ++j) {
          float b4[4] = {bf[cur][j].x, bf[cur][j].y, bf[cur][j].z, bf[cur][j].w};
#pragma unroll
          for (int x = 0; x < 4; ++x)
#pragma unroll
            for (int y = 0; y < 4; ++y)
              acc[i * 4 + x][j * 4 + y] = fmaf(a4[x], b4[y], acc[i * 4 + x][j * 4 + y]);
        }
      }
    }
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int x = 0; x < 4; ++x) {
      int r = row0 + arow + i * LR * 4 + x;
      float *c = C + (size_t)r * N + col0 + bcol;
#pragma unroll
      for (int j = 0; j < TN; ++j)
        *(float4 *)(c + j * LC * 4) = make_float4(acc[i * 4 + x][j * 4], acc[i * 4 + x][j * 4 + 1],
                                                  acc[i * 4 + x][j * 4 + 2], acc[i * 4 + x][j * 4 + 3]);
    }
}
"""

# BM, BN, BK, STAGES, WM, LR, MINB
VARIANTS = [
    (256, 128, 8, 3, 4, 4, 1),
    (256, 128, 8, 4, 4, 4, 1),
    (256, 128, 8, 2, 4, 4, 1),
    (128, 256, 8, 3, 2, 4, 1),
    (128, 128, 8, 3, 2, 8, 2),
    (128, 128, 8, 4, 2, 8, 2),
    (128, 128, 8, 3, 4, 4, 2),
    (128, 128, 8, 2, 2, 8, 2),
]


def main():
    bench.time_cuda_probes(SOURCE, [
        (f"wsgemm<{', '.join(map(str, v))}>", f"probe {v[0]}x{v[1]}x{v[2]} s{v[3]} wm{v[4]} lr{v[5]}",
         v[0], v[1], v[3] * (v[0] + v[1]) * v[2] * 4) for v in VARIANTS])


if __name__ == "__main__":
    main()

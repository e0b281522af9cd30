// Options LLVM cannot take are refused before any pass runs, with one error
// that names the option and says what is valid, and a non-zero exit; nothing
// reaches LLVM (which crashed or aborted on each of these) and nothing is
// written. The kernel has a reduction: warp shuffles are what LLVM could not
// select for an unknown chip.

// An empty, unknown or malformed chip; options separated by a comma. (The
// pass-option parser trims spaces; block-compile's --chip does not.)
// RUN: not block-opt %s '--block-to-ptx=chip=' -o %t.out 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not=error: --implicit-check-not=func.func
// RUN: not ls %t.out
// RUN: not block-opt %s '--block-to-ptx=chip=sm_1000' 2>&1 | FileCheck %s --check-prefix=SM1000 --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=chip=sm_90x' 2>&1 | FileCheck %s --check-prefix=SM90X --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=chip=bogus' 2>&1 | FileCheck %s --check-prefix=BOGUS --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=chip=sm_80,features=+ptx80' 2>&1 | FileCheck %s --check-prefix=COMMA --implicit-check-not=error:
// RUN: not block-opt %s '--pass-pipeline=builtin.module(block-to-ptx{chip=sm_1000})' 2>&1 | FileCheck %s --check-prefix=SM1000

// EMPTY: error: block-to-ptx: chip='' is not a supported chip; supported: sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_100f, sm_101, sm_101a, sm_101f, sm_103, sm_103a, sm_103f, sm_110, sm_110a, sm_110f, sm_120, sm_120a, sm_120f, sm_121, sm_121a, sm_121f
// SM1000: error: block-to-ptx: chip='sm_1000' is not a supported chip; supported: sm_50,
// SM90X: error: block-to-ptx: chip='sm_90x' is not a supported chip; supported: sm_50,
// BOGUS: error: block-to-ptx: chip='bogus' is not a supported chip; supported: sm_50,
// COMMA: error: block-to-ptx: chip='sm_80,features=+ptx80' is not a supported chip (separate options with spaces, not commas); supported: sm_50,

// Features: empty, malformed, unknown, or too old for the chip.
// RUN: not block-opt %s '--block-to-ptx=features=' 2>&1 | FileCheck %s --check-prefix=FEMPTY --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=features=ptx80' 2>&1 | FileCheck %s --check-prefix=FPLUS --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=features=+ptx79' 2>&1 | FileCheck %s --check-prefix=F79 --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=chip=sm_50 features=+ptx40' 2>&1 | FileCheck %s --check-prefix=F40 --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=chip=sm_100a features=+ptx80' 2>&1 | FileCheck %s --check-prefix=FOLD --implicit-check-not=error:

// FEMPTY: error: block-to-ptx: features='' is not a PTX version: expected one of +ptx60, +ptx61, +ptx62, +ptx63, +ptx64, +ptx65, +ptx70, +ptx71, +ptx72, +ptx73, +ptx74, +ptx75, +ptx76, +ptx77, +ptx78, +ptx80, +ptx81, +ptx82, +ptx83, +ptx84, +ptx85, +ptx86, +ptx87, +ptx88, +ptx90, at least +ptx80 for sm_90a
// FPLUS: error: block-to-ptx: features='ptx80' is not a PTX version: expected one of +ptx60,
// F79: error: block-to-ptx: features='+ptx79' is not a PTX version: expected one of +ptx60,
// F40: error: block-to-ptx: features=+ptx40 is too old for sm_50, which needs +ptx60 or later (without features, sm_50 gets +ptx80)
// FOLD: error: block-to-ptx: features=+ptx80 is too old for sm_100a, which needs +ptx86 or later (without features, sm_100a gets +ptx86)

// Format, warps, optimisation level. A failed command writes no output.
// RUN: not block-opt %s '--block-to-ptx=format=bogus' -o %t.bogus 2>&1 | FileCheck %s --check-prefix=FORMAT --implicit-check-not=error: --implicit-check-not=func.func
// RUN: not ls %t.bogus
// RUN: not block-opt %s '--block-to-ptx=num-warps=3' 2>&1 | FileCheck %s --check-prefix=WARPS --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=num-warps=64' 2>&1 | FileCheck %s --check-prefix=WARPS64 --implicit-check-not=error:
// RUN: not block-opt %s '--block-to-ptx=opt-level=4' 2>&1 | FileCheck %s --check-prefix=OPT --implicit-check-not=error:

// FORMAT: error: block-to-ptx: format='bogus' is not a format block-to-ptx writes; expected isa (PTX text), bin (cubin) or fatbin
// WARPS: error: block-to-ptx: num-warps=3 must be a power of two from 1 to 32
// WARPS64: error: block-to-ptx: num-warps=64 must be a power of two from 1 to 32
// OPT: error: block-to-ptx: opt-level=4 must be 0, 1, 2 or 3

// The same checks in block-compile, which then creates no bundle.
// RUN: rm -rf %t.dir
// RUN: not block-compile %s -o %t.dir --chip= 2>&1 | FileCheck %s --check-prefix=BC-EMPTY
// RUN: not ls %t.dir
// RUN: not block-compile %s -o %t.dir '--chip=sm_90a ' 2>&1 | FileCheck %s --check-prefix=BC-SPACE
// RUN: not block-compile %s -o %t.dir --chip=sm_120 --features=+ptx86 2>&1 | FileCheck %s --check-prefix=BC-OLD
// RUN: not block-compile %s -o %t.dir --features= 2>&1 | FileCheck %s --check-prefix=BC-FEMPTY
// RUN: not block-compile %s -o %t.dir --num-warps=0 2>&1 | FileCheck %s --check-prefix=BC-WARPS
// RUN: not block-compile %s -o %t.dir --opt-level=9 2>&1 | FileCheck %s --check-prefix=BC-OPT
// RUN: not ls %t.dir

// BC-EMPTY: block-compile: error: --chip='' is not a supported chip; supported: sm_50,
// BC-SPACE: block-compile: error: --chip='sm_90a ' is not a supported chip; supported: sm_50,
// BC-OLD: block-compile: error: --features=+ptx86 is too old for sm_120, which needs +ptx87 or later (without features, sm_120 gets +ptx87)
// BC-FEMPTY: block-compile: error: --features='' is not a PTX version
// BC-WARPS: block-compile: error: --num-warps=0 must be a power of two from 1 to 32
// BC-OPT: block-compile: error: --opt-level=9 must be 0, 1, 2 or 3

func.func @r(%p: !block.ptr<f32>) attributes {block.kernel, block.num_warps = 1 : i32} {
  %r = block.arange 0, 32 : tensor<32xi32>
  %ps = block.splat %p : tensor<32x!block.ptr<f32>>
  %a = block.addptr %ps, %r : tensor<32x!block.ptr<f32>>, tensor<32xi32>
  %x = block.load %a : tensor<32x!block.ptr<f32>>
  %s = block.reduce %x axis = 0 : (tensor<32xf32>) -> f32 {
  ^bb0(%u: f32, %v: f32):
    %w = arith.addf %u, %v : f32
    block.yield %w : f32
  }
  block.store %p, %s : !block.ptr<f32>
  return
}

// RUN: block-opt %s | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | block-opt | FileCheck %s
// RUN: block-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=REGION

// The named combiners of block.reduce and block.scan build their region and
// print back by name; a region that is exactly a named one (however it was
// written) prints by name, any other region in full.

// CHECK-LABEL: func.func @every_kind
func.func @every_kind(%f: tensor<8x16xf32>, %i: tensor<8x16xi32>, %b: tensor<16xi1>) {
  // CHECK: block.reduce add %{{.*}} axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32>
  // CHECK-NOT: ^bb0
  %0 = block.reduce add %f axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32>
  // CHECK: block.reduce add %{{.*}} axis = 0 : (tensor<8x16xi32>) -> tensor<16xi32>
  %1 = block.reduce add %i axis = 0 : (tensor<8x16xi32>) -> tensor<16xi32>
  // CHECK: block.reduce mul %{{.*}} axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32>
  %2 = block.reduce mul %f axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32>
  // CHECK: block.reduce mul %{{.*}} axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  %3 = block.reduce mul %i axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  // CHECK: block.reduce maxsi
  %4 = block.reduce maxsi %i axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  // CHECK: block.reduce maxui
  %5 = block.reduce maxui %i axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  // CHECK: block.reduce minsi
  %6 = block.reduce minsi %i axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  // CHECK: block.reduce minui
  %7 = block.reduce minui %i axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  // CHECK: block.reduce maximumf
  %8 = block.reduce maximumf %f axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32>
  // CHECK: block.reduce maxnumf
  %9 = block.reduce maxnumf %f axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32>
  // CHECK: block.reduce minimumf
  %10 = block.reduce minimumf %f axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32>
  // CHECK: block.reduce minnumf
  %11 = block.reduce minnumf %f axis = 1 : (tensor<8x16xf32>) -> tensor<8xf32>
  // CHECK: block.reduce and %{{.*}} axis = 0 : (tensor<16xi1>) -> i1
  %12 = block.reduce and %b axis = 0 : (tensor<16xi1>) -> i1
  // CHECK: block.reduce or %{{.*}} axis = 0 : (tensor<16xi1>) -> i1
  %13 = block.reduce or %b axis = 0 : (tensor<16xi1>) -> i1
  // CHECK: block.reduce xor %{{.*}} axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  %14 = block.reduce xor %i axis = 1 : (tensor<8x16xi32>) -> tensor<8xi32>
  // CHECK: block.reduce argmax %{{.*}}, %{{.*}} axis = 1 : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  %15:2 = block.reduce argmax %f, %i axis = 1 : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  // CHECK: block.reduce argmin %{{.*}}, %{{.*}} axis = 1 : (tensor<8x16xi32>, tensor<8x16xi32>) -> (tensor<8xi32>, tensor<8xi32>)
  %16:2 = block.reduce argmin %i, %i axis = 1 : (tensor<8x16xi32>, tensor<8x16xi32>) -> (tensor<8xi32>, tensor<8xi32>)
  // CHECK: block.scan add %{{.*}} axis = 1 : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %17 = block.scan add %f axis = 1 : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK: block.scan maxsi %{{.*}} axis = 0 reverse {tag} : (tensor<8x16xi32>) -> tensor<8x16xi32>
  %18 = block.scan maxsi %i axis = 0 reverse {tag} : (tensor<8x16xi32>) -> tensor<8x16xi32>
  // CHECK: block.scan argmax %{{.*}}, %{{.*}} axis = 1 : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8x16xf32>, tensor<8x16xi32>)
  %19:2 = block.scan argmax %f, %i axis = 1 : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8x16xf32>, tensor<8x16xi32>)
  return
}

// The regions the names build.
// REGION-LABEL: sym_name = "every_kind"
// REGION: "block.reduce"
// REGION: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// REGION-NEXT: "arith.addf"
// REGION-NEXT: "block.yield"
// REGION: "block.reduce"
// REGION-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32):
// REGION-NEXT: "arith.addi"
// REGION-COUNT-2: "block.reduce"
// REGION: "arith.muli"
// REGION: "arith.maxsi"
// REGION: "arith.maxui"
// REGION: "arith.minsi"
// REGION: "arith.minui"
// REGION: "arith.maximumf"
// REGION: "arith.maxnumf"
// REGION: "arith.minimumf"
// REGION: "arith.minnumf"
// REGION: "arith.andi"
// REGION: "arith.ori"
// REGION: "arith.xori"
// argmax: a wins if it is greater, or NaN where b is not, or equal (or both
// NaN) at a smaller index.
// REGION: ^bb0(%[[A:.*]]: f32, %[[AI:.*]]: i32, %[[B:.*]]: f32, %[[BI:.*]]: i32):
// REGION-NEXT: %[[GT:.*]] = "arith.cmpf"(%[[A]], %[[B]]) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}>
// REGION-NEXT: %[[EQ:.*]] = "arith.cmpf"(%[[A]], %[[B]]) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}>
// REGION-NEXT: %[[ANAN:.*]] = "arith.cmpf"(%[[A]], %[[A]]) <{fastmath = #arith.fastmath<none>, predicate = 14 : i64}>
// REGION-NEXT: %[[BNAN:.*]] = "arith.cmpf"(%[[B]], %[[B]]) <{fastmath = #arith.fastmath<none>, predicate = 14 : i64}>
// REGION-NEXT: %[[ONLYA:.*]] = "arith.cmpi"(%[[ANAN]], %[[BNAN]]) <{predicate = 8 : i64}>
// REGION-NEXT: %[[WIN:.*]] = "arith.ori"(%[[GT]], %[[ONLYA]])
// REGION-NEXT: %[[BOTH:.*]] = "arith.andi"(%[[ANAN]], %[[BNAN]])
// REGION-NEXT: %[[SAME:.*]] = "arith.ori"(%[[EQ]], %[[BOTH]])
// REGION-NEXT: %[[FIRST:.*]] = "arith.cmpi"(%[[AI]], %[[BI]]) <{predicate = 2 : i64}>
// REGION-NEXT: %[[TIE:.*]] = "arith.andi"(%[[SAME]], %[[FIRST]])
// REGION-NEXT: %[[KEEP:.*]] = "arith.ori"(%[[WIN]], %[[TIE]])
// REGION-NEXT: %[[V:.*]] = "arith.select"(%[[KEEP]], %[[A]], %[[B]])
// REGION-NEXT: %[[I:.*]] = "arith.select"(%[[KEEP]], %[[AI]], %[[BI]])
// REGION-NEXT: "block.yield"(%[[V]], %[[I]])
// argmin on integers: less, or equal at a smaller index.
// REGION: ^bb0(%[[A:.*]]: i32, %[[AI:.*]]: i32, %[[B:.*]]: i32, %[[BI:.*]]: i32):
// REGION-NEXT: %[[LT:.*]] = "arith.cmpi"(%[[A]], %[[B]]) <{predicate = 2 : i64}>
// REGION-NEXT: %[[EQ:.*]] = "arith.cmpi"(%[[A]], %[[B]]) <{predicate = 0 : i64}>
// REGION-NEXT: %[[FIRST:.*]] = "arith.cmpi"(%[[AI]], %[[BI]]) <{predicate = 2 : i64}>
// REGION-NEXT: %[[TIE:.*]] = "arith.andi"(%[[EQ]], %[[FIRST]])
// REGION-NEXT: %[[KEEP:.*]] = "arith.ori"(%[[LT]], %[[TIE]])
// REGION-NEXT: "arith.select"(%[[KEEP]], %[[A]], %[[B]])
// REGION-NEXT: "arith.select"(%[[KEEP]], %[[AI]], %[[BI]])

// CHECK-LABEL: func.func @written_out
func.func @written_out(%f: tensor<128xf32>, %i: tensor<128xi32>) {
  // A region written out that is exactly a named combiner prints by name.
  // CHECK: block.reduce maxnumf %{{.*}} axis = 0 : (tensor<128xf32>) -> f32
  %0 = block.reduce %f axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    block.yield %m : f32
  }
  // The operands swapped: not the named combiner.
  // CHECK: block.reduce %{{.*}} axis = 0 : (tensor<128xf32>) -> f32 {
  // CHECK: arith.addf %[[B:.*]], %[[A:.*]] : f32
  %1 = block.reduce %f axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %b, %a : f32
    block.yield %s : f32
  }
  // Fast-math flags: not the named combiner.
  // CHECK: block.reduce %{{.*}} axis = 0 : (tensor<128xf32>) -> f32 {
  // CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
  %2 = block.reduce %f axis = 0 : (tensor<128xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b fastmath<reassoc> : f32
    block.yield %s : f32
  }
  // An argmax without the tie rule: written out.
  // CHECK: block.reduce %{{.*}}, %{{.*}} axis = 0 : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32) {
  // CHECK: arith.cmpf ogt
  %3:2 = block.reduce %f, %i axis = 0 : (tensor<128xf32>, tensor<128xi32>) -> (f32, i32) {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %v = arith.select %gt, %a, %b : f32
    %j = arith.select %gt, %ai, %bi : i32
    block.yield %v, %j : f32, i32
  }
  return
}

// Empty and comment-only input is a valid, empty module.
// RUN: block-opt %s | FileCheck %s
// RUN: printf '' | block-opt | FileCheck %s
// CHECK: module {
// CHECK-NEXT: }

// RUN: block-opt %s -split-input-file -verify-diagnostics
//
// Found by block-fuzz-opt: dialect attributes are verified before the op's
// own invariants, and the block.kernel rule read the function type of a
// func.func (generic form) that had none, or one that is no function type:
// a segfault, or "returns 3200171710 values". The func.func verifier now
// names the problem.

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "k"}> ({
  "func.return"() : () -> ()
}) {block.kernel} : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "k"}> ({
  "func.return"() : () -> ()
}) {block.num_warps = 4 : i32, block.kernel} : () -> ()

// -----

// expected-error @+1 {{attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{sym_name = "k", function_type = i32}> ({
  "func.return"() : () -> ()
}) {block.kernel} : () -> ()

// -----

// expected-error @+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
}) {block.kernel} : () -> ()

//===- BlockSanitizerDefaults.cpp - Sanitizer options of our executables --===//
//
// Compiled into every executable of a BLOCK_SANITIZE build
// (cmake/BlockSanitizers.cmake); ASAN_OPTIONS / UBSAN_OPTIONS in the
// environment still override these defaults.
//
// allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons the unused part of
// a slab with ASan's manual-poisoning API when the code that allocates from
// it is instrumented. The allocators of an MLIRContext are shared between
// our instrumented code and Debian's uninstrumented libMLIR.so, which hands
// out memory from such slabs without unpoisoning it, and ASan then reports
// a use-after-poison on perfectly valid memory. Heap, stack and global
// checking are unaffected.
//
//===----------------------------------------------------------------------===//

extern "C" {
__attribute__((used, visibility("default"))) const char *
__asan_default_options() {
  return "allow_user_poisoning=0";
}
__attribute__((used, visibility("default"))) const char *
__ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1";
}
}

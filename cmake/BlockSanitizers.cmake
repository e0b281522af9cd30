# Sanitizer and fuzzer builds of the project's own code (docs/fuzzing.md).
#
#   -DBLOCK_SANITIZE="address;undefined"   ASan + UBSan on every target of
#                                          this project (not on libMLIR.so,
#                                          which Debian ships uninstrumented)
#   -DBLOCK_ENABLE_FUZZERS=ON              the libFuzzer targets in fuzz/
#                                          (clang only); implies
#                                          BLOCK_SANITIZE=address;undefined
#                                          and coverage instrumentation
#   -DBLOCK_ENABLE_ASSERTIONS=ON           assert() in our code and in the
#                                          inline LLVM/MLIR headers it uses
#                                          (cast<>, ArrayRef[] ...): on by
#                                          default in the two builds above
#
# Included from the top-level CMakeLists.txt before any target is defined,
# so that the flags reach the runtime support library too.

set(BLOCK_SANITIZE "" CACHE STRING
  "Sanitizers for the project's code, e.g. \"address;undefined\" (empty: none)")
option(BLOCK_ENABLE_FUZZERS
  "Build the libFuzzer targets in fuzz/ (needs clang, e.g. clang++-22)" OFF)

if(BLOCK_ENABLE_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "BLOCK_ENABLE_FUZZERS needs clang (libFuzzer): "
      "configure with -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 "
      "(Debian: apt-get install clang-22 libclang-rt-22-dev)")
  endif()
  if(NOT BLOCK_SANITIZE)
    set(BLOCK_SANITIZE "address;undefined" CACHE STRING
      "Sanitizers for the project's code" FORCE)
  endif()
endif()

set(_block_default_assertions OFF)
if(BLOCK_SANITIZE OR BLOCK_ENABLE_FUZZERS)
  set(_block_default_assertions ON)
endif()
option(BLOCK_ENABLE_ASSERTIONS
  "Enable assert() in the project's code (and the inline LLVM/MLIR headers)"
  ${_block_default_assertions})

if(BLOCK_SANITIZE)
  list(JOIN BLOCK_SANITIZE "," _block_sanitizers)
  set(_block_sanitize_flags
    -fsanitize=${_block_sanitizers}
    -fno-omit-frame-pointer
    -fno-optimize-sibling-calls)
  # Line tables: symbolized reports at a fraction of full debug info's cost.
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    list(APPEND _block_sanitize_flags -gline-tables-only)
  else()
    list(APPEND _block_sanitize_flags -g1)
  endif()
  if("undefined" IN_LIST BLOCK_SANITIZE)
    # Every UBSan report is fatal, so that lit and the fuzzers see it.
    list(APPEND _block_sanitize_flags -fno-sanitize-recover=all)
    # LLVM and MLIR are built without RTTI: the vptr check cannot work (clang
    # drops it under -fno-rtti by itself; GCC needs to be told).
    list(APPEND _block_sanitize_flags -fno-sanitize=vptr)
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
      # Indirect calls into uninstrumented libMLIR.so carry no type
      # signature for -fsanitize=function to check.
      list(APPEND _block_sanitize_flags -fno-sanitize=function)
    endif()
  endif()
  message(STATUS "Block: sanitizers ${_block_sanitizers} on the project's targets")
  add_compile_options(${_block_sanitize_flags})
  add_link_options(-fsanitize=${_block_sanitizers})

  # Every executable gets the default sanitizer options it needs next to an
  # uninstrumented libMLIR.so (BlockSanitizerDefaults.cpp says why), once all
  # directories are processed.
  function(_block_add_sanitizer_defaults dir)
    get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target IN LISTS targets)
      get_target_property(type ${target} TYPE)
      if(type STREQUAL "EXECUTABLE")
        target_sources(${target} PRIVATE
          ${BLOCK_SOURCE_DIR}/cmake/BlockSanitizerDefaults.cpp)
      endif()
    endforeach()
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    foreach(subdir IN LISTS subdirs)
      _block_add_sanitizer_defaults(${subdir})
    endforeach()
  endfunction()
  cmake_language(DEFER DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    CALL _block_add_sanitizer_defaults ${CMAKE_CURRENT_SOURCE_DIR})
endif()

if(BLOCK_ENABLE_FUZZERS)
  # Coverage instrumentation for all of our code; only the fuzz targets link
  # libFuzzer's main (fuzz/CMakeLists.txt).
  add_compile_options(-fsanitize=fuzzer-no-link)
  message(STATUS "Block: libFuzzer targets enabled (fuzz/)")
endif()

if(BLOCK_ENABLE_ASSERTIONS)
  # LLVM's headers decide ABI-relevant layout by LLVM_ENABLE_ABI_BREAKING_CHECKS
  # (fixed in llvm/Config/abi-breaking.h), not by NDEBUG, so our asserts can be
  # on while libMLIR.so's are off. _GLIBCXX_ASSERTIONS adds bounds checks to
  # std::vector/string/array operator[] and is ABI-compatible.
  add_compile_options(-UNDEBUG -D_GLIBCXX_ASSERTIONS)
  message(STATUS "Block: assertions enabled in the project's code")
endif()

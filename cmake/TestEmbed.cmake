# ctest script: install the build tree into a scratch prefix, build
# examples/embed against the installed package alone, and run it.
#   cmake -DBLOCK_BINARY_DIR=... -DBLOCK_SOURCE_DIR=... -DWORK_DIR=... -P TestEmbed.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BLOCK_BINARY_DIR} --prefix ${WORK_DIR}/install)
run(${CMAKE_COMMAND} -G Ninja -S ${BLOCK_SOURCE_DIR}/examples/embed
    -B ${WORK_DIR}/build -DCMAKE_PREFIX_PATH=${WORK_DIR}/install)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)

run(${WORK_DIR}/build/embed-block)
if(NOT out MATCHES "block.num_warps = 8 : i32" OR NOT out MATCHES "kernels: 1"
   OR out MATCHES "mask")
  message(FATAL_ERROR "embed-block printed an unexpected program:\n${out}")
endif()
run(${WORK_DIR}/build/embed-block ${BLOCK_SOURCE_DIR}/examples/vector_add.mlir)
if(NOT out MATCHES "func.func @vector_add" OR NOT out MATCHES "kernels: 1")
  message(FATAL_ERROR "embed-block on vector_add printed:\n${out}")
endif()
message(STATUS "examples/embed built and ran against the installed package")

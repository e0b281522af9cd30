# Runs a tool for ctest and checks how it ends:
#   cmake -DCOMMAND=<program|arg|...> -DEXPECT=<ok|fail|gpu|gpu-fail>
#         -DREGEX=<regex> [-DSTUB=<libcuda stub>] [-DSTUB_DIR=<dir>]
#         -P RunTool.cmake
# EXPECT=ok:   the tool must exit 0 and print REGEX (stdout and stderr).
# EXPECT=fail: the tool must exit 1 and print REGEX.
# EXPECT=gpu:  with a GPU the tool must exit 0 and print REGEX; without one
#              it must exit 1 saying "no CUDA device: <error name>" (or, on
#              a machine without the driver, "no CUDA driver: <why>"), and
#              the test is skipped.
# EXPECT=gpu-fail: the same, except that with a GPU it must exit 1.
# A program linked with libcuda (the C API test, which allocates device
# memory itself; the runtime opens the driver at run time) cannot even start
# without the driver; then it is run again with the toolkit's stub libcuda,
# whose cuInit always fails. The stub is never tried first: it would shadow
# a real driver.
if(NOT DEFINED COMMAND OR NOT DEFINED EXPECT OR NOT DEFINED REGEX)
  message(FATAL_ERROR "RunTool.cmake needs COMMAND, EXPECT and REGEX")
endif()
# '|' separates the words: a ';' would split the -D argument itself.
string(REPLACE "|" ";" COMMAND "${COMMAND}")
# What CMakeLists.txt's SKIP_REGULAR_EXPRESSION looks for.
set(SKIP_MARKER "skipped: no CUDA device here")

function(run_tool)
  execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc
    OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(rc "${rc}" PARENT_SCOPE)
  set(output "${out}${err}" PARENT_SCOPE)
endfunction()

run_tool()
if(rc EQUAL 127 AND output MATCHES "libcuda\\.so\\.1" AND DEFINED STUB
   AND EXISTS "${STUB}")
  file(MAKE_DIRECTORY "${STUB_DIR}")
  file(CREATE_LINK "${STUB}" "${STUB_DIR}/libcuda.so.1" SYMBOLIC)
  set(ENV{LD_LIBRARY_PATH} "${STUB_DIR}:$ENV{LD_LIBRARY_PATH}")
  message(STATUS "no CUDA driver here: running with the stub ${STUB}")
  run_tool()
endif()
message(STATUS "exit code ${rc}; output:\n${output}")

if(EXPECT STREQUAL "fail" OR EXPECT STREQUAL "ok")
  set(want 1)
  if(EXPECT STREQUAL "ok")
    set(want 0)
  endif()
  if(NOT rc EQUAL want)
    message(FATAL_ERROR "expected exit code ${want}, got ${rc}")
  endif()
elseif(EXPECT STREQUAL "gpu" OR EXPECT STREQUAL "gpu-fail")
  if(rc EQUAL 1 AND output MATCHES
     ": error: no CUDA (device: CUDA_ERROR_[A-Z_]+ |driver: )")
    # ctest reports the test as skipped (SKIP_REGULAR_EXPRESSION), not as
    # passed: nothing ran on a GPU.
    message(STATUS "${SKIP_MARKER}: the tool said so, as it should")
    return()
  endif()
  set(want 0)
  if(EXPECT STREQUAL "gpu-fail")
    set(want 1)
  endif()
  if(NOT rc EQUAL want)
    message(FATAL_ERROR "expected exit code ${want} (GPU) or a 'no CUDA "
                        "device' error, got ${rc}")
  endif()
else()
  message(FATAL_ERROR "EXPECT must be ok, fail, gpu or gpu-fail, not '${EXPECT}'")
endif()
if(NOT output MATCHES "${REGEX}")
  message(FATAL_ERROR "output does not match: ${REGEX}")
endif()

# add_block_library(name SOURCES ... [DEPENDS tablegen-targets]
#                   [LINK_LIBS block-libs] [MLIR_LIBS mlir-libs])
#
# A static, position-independent library of the project, linked into
# block-opt, the plugin and embedding projects. MLIR libraries go through
# mlir_target_link_libraries so that everything shares one libMLIR.so.
function(add_block_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK_LIBS;MLIR_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${BLOCK_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${BLOCK_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  # MLIR's and LLVM's headers, so that embedders need nothing but the target.
  target_include_directories(${name} SYSTEM PUBLIC
    ${MLIR_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  # libMLIR.so depends on libLLVM.so only privately: name it for our users.
  if(TARGET LLVM)
    target_link_libraries(${name} PUBLIC LLVM)
  endif()
  install(TARGETS ${name} EXPORT BlockTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()

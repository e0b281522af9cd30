# The installed CMake package: find_package(Block CONFIG) gives the targets
# Block::BlockDialect, Block::BlockTransforms, Block::BlockRegistration, ...
include(CMakePackageConfigHelpers)

set(BLOCK_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Block)

install(DIRECTORY ${BLOCK_SOURCE_DIR}/include/block
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${BLOCK_BINARY_DIR}/include/block
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc" PATTERN "*.h")

# The dialect and the interpreter describe kernels in the runtime's
# vocabulary (block/Runtime/Manifest.h, LaunchCheck.h): its support library
# and headers come with the package.
install(TARGETS BlockRuntimeSupport EXPORT BlockTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${BLOCK_SOURCE_DIR}/runtime/include/block
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")

install(EXPORT BlockTargets NAMESPACE Block::
  DESTINATION ${BLOCK_INSTALL_CMAKEDIR})

configure_package_config_file(
  ${BLOCK_SOURCE_DIR}/cmake/BlockConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/BlockConfig.cmake
  INSTALL_DESTINATION ${BLOCK_INSTALL_CMAKEDIR})
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/BlockConfigVersion.cmake
  VERSION ${BLOCK_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES
  ${CMAKE_BINARY_DIR}/cmake/BlockConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/BlockConfigVersion.cmake
  DESTINATION ${BLOCK_INSTALL_CMAKEDIR})

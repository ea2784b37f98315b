# Install rules: the tools, the shared library (tools carry an $ORIGIN-relative RPATH),
# the public headers, the man pages, and a CMake package so that another project can
# find_package(boardgames) and link boardgames::boardgames.
include(CMakePackageConfigHelpers)

install(TARGETS boardgames EXPORT boardgamesTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
set(BOARDGAMES_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/boardgames)
install(EXPORT boardgamesTargets
  NAMESPACE boardgames::
  DESTINATION ${BOARDGAMES_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/boardgamesConfig.cmake.in
  ${PROJECT_BINARY_DIR}/boardgamesConfig.cmake
  INSTALL_DESTINATION ${BOARDGAMES_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/boardgamesConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/boardgamesConfig.cmake ${PROJECT_BINARY_DIR}/boardgamesConfigVersion.cmake
  DESTINATION ${BOARDGAMES_CMAKE_DIR})
install(TARGETS ${BOARDGAMES_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY libboardgames/include/boardgames
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${CMAKE_BINARY_DIR}/generated/boardgames/version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/boardgames)

file(GLOB BOARDGAMES_MAN1 CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/man/*.1)
file(GLOB BOARDGAMES_MAN5 CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/man/*.5)
install(FILES ${BOARDGAMES_MAN1} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${BOARDGAMES_MAN5} DESTINATION ${CMAKE_INSTALL_MANDIR}/man5)

# Install the headers, both libraries and both of fast-streebog's compatibility libraries, the
# CMake package (find_package(axiom) -> axiom::axiom, axiom::axiom_static,
# axiom::streebog_compat, axiom::streebog_compat_static), axiom.pc and axiom_streebog_compat.pc
# for pkg-config.
include(CMakePackageConfigHelpers)

set_target_properties(axiom_static PROPERTIES EXPORT_NAME axiom_static)
set_target_properties(axiom_streebog_compat PROPERTIES EXPORT_NAME streebog_compat)
set_target_properties(axiom_streebog_compat_static PROPERTIES EXPORT_NAME streebog_compat_static)
install(TARGETS axiom axiom_static axiom_streebog_compat axiom_streebog_compat_static EXPORT axiomTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/axiom DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT axiomTargets NAMESPACE axiom:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/axiom)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/axiomConfig.cmake.in
  ${PROJECT_BINARY_DIR}/axiomConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/axiom)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/axiomConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/axiomConfig.cmake ${PROJECT_BINARY_DIR}/axiomConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/axiom)

# A static link from a C program (pkg-config --static) needs the C++ runtime the library uses
# (operator new, function-local statics) and, on Windows, bcrypt (fill_random).
set(AXIOM_PC_LIBS_PRIVATE -lstdc++)
if(WIN32)
  string(APPEND AXIOM_PC_LIBS_PRIVATE " -lbcrypt")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/axiom.pc.in ${PROJECT_BINARY_DIR}/axiom.pc @ONLY)
configure_file(${PROJECT_SOURCE_DIR}/cmake/axiom_streebog_compat.pc.in ${PROJECT_BINARY_DIR}/axiom_streebog_compat.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/axiom.pc ${PROJECT_BINARY_DIR}/axiom_streebog_compat.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

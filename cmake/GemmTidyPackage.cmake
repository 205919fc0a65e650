# Installation and packaging: `cmake --install build --prefix <dir>` lays out
#
#   bin/gemm-tidy, bin/gemm-clangd, bin/run-gemm-tidy, bin/gemm-guard, bin/gemm-explain
#   lib/libGemmTidy.so, lib/libGemmTidyChecks.so    (side by side: the first
#                                                    loads the second)
#   lib/libgemm_guard_preload.so                     (when CUDA was found)
#   lib/libGemmAnalyzer.so                           (the Static Analyzer's gemm
#                                                    checkers; run-gemm-tidy
#                                                    --path-sensitive finds it
#                                                    beside its bin/)
#   <GEMM_PYTHON_INSTALL_DIR>/gemm_rules*.so         (the Python module, where
#                                                    the interpreter looks: python/)
#   include/gemm/**                                  (rules core, runtime guard)
#   lib/cmake/GemmTidy/                              (find_package(GemmTidy))
#   share/gemm-tidy/docs/                            (check pages: SARIF rule help)
#   share/gemm-tidy/LICENSE, cuda-host-prelude.h     (.cu files as nvcc sees them)
#   share/gemm-tidy/cuda-stubs/                      (cuBLAS declarations without CUDA)
#
# and `cpack` builds gemm-tidy-llvm<N>_<version>_<arch>.deb, which installs
# that tree into /usr/lib/llvm-<N>, beside the clang-tidy it belongs to, with
# /usr/bin/<tool>-<N> links, /usr/share/doc/<package>/copyright and the
# Python module in /usr/lib/python3/dist-packages (cmake/GemmTidyDebExtras.cmake).
include(CMakePackageConfigHelpers)

set(GEMM_TIDY_INSTALL_CMAKEDIR lib/cmake/GemmTidy)

set_target_properties(gemm_rules PROPERTIES EXPORT_NAME rules)
install(TARGETS gemm_rules EXPORT GemmTidyTargets)
install(DIRECTORY include/gemm DESTINATION include)
install(EXPORT GemmTidyTargets NAMESPACE GemmTidy:: DESTINATION ${GEMM_TIDY_INSTALL_CMAKEDIR})

foreach(_target GemmTidy GemmTidyChecks gemm_guard_preload GemmAnalyzer)
  if(TARGET ${_target})
    install(TARGETS ${_target} LIBRARY DESTINATION lib)
  endif()
endforeach()
foreach(_target gemm-tidy gemm-clangd)
  if(TARGET ${_target})
    install(TARGETS ${_target} RUNTIME DESTINATION bin)
  endif()
endforeach()
install(PROGRAMS tools/run-gemm-tidy tools/gemm-guard DESTINATION bin)
install(DIRECTORY tools/run_gemm_tidy DESTINATION share/gemm-tidy FILES_MATCHING PATTERN "*.py")
install(DIRECTORY docs/ DESTINATION share/gemm-tidy/docs)
install(FILES LICENSE share/gemm-tidy/cuda-host-prelude.h DESTINATION share/gemm-tidy)
# The stand-in declarations for machines without the CUDA toolkit
# (run-gemm-tidy --cuda-stubs).
install(DIRECTORY test/Inputs/standin/ DESTINATION share/gemm-tidy/cuda-stubs)

set(GEMM_TIDY_CONFIG_LLVM_MAJOR "${LLVM_VERSION_MAJOR}")
set(GEMM_TIDY_CONFIG_LLVM_TOOLS "${LLVM_TOOLS_BINARY_DIR}")
configure_package_config_file(cmake/GemmTidyConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/GemmTidyConfig.cmake
  INSTALL_DESTINATION ${GEMM_TIDY_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/GemmTidyConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/GemmTidyConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/GemmTidyConfigVersion.cmake
  DESTINATION ${GEMM_TIDY_INSTALL_CMAKEDIR})

# --- the .deb, one per LLVM major ----------------------------------------------
if(LLVM_VERSION_MAJOR)
  set(CPACK_PACKAGE_NAME "gemm-tidy-llvm${LLVM_VERSION_MAJOR}")
  set(CPACK_PACKAGING_INSTALL_PREFIX "/usr/lib/llvm-${LLVM_VERSION_MAJOR}")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-tidy-${LLVM_VERSION_MAJOR}")
  if(TARGET gemm_rules_python)
    # gemm_rules is built for one CPython ABI: the Python it imports in.
    string(REPLACE "." ";" _python_version "${GEMM_PYTHON_VERSION}")
    list(GET _python_version 0 _python_major)
    list(GET _python_version 1 _python_minor)
    math(EXPR _python_next "${_python_minor} + 1")
    string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS
      ", python3 (>= ${GEMM_PYTHON_VERSION}), python3 (<< ${_python_major}.${_python_next})")
    set(CPACK_GEMM_TIDY_PYTHON_DIR "${GEMM_PYTHON_INSTALL_DIR}")
  endif()
  set(CPACK_GEMM_TIDY_LLVM_MAJOR "${LLVM_VERSION_MAJOR}")
  set(CPACK_GEMM_TIDY_BIN_LINKS gemm-tidy gemm-clangd run-gemm-tidy gemm-guard gemm-explain)
  set(CPACK_GEMM_TIDY_SOURCE_DIR "${PROJECT_SOURCE_DIR}")
  set(CPACK_PRE_BUILD_SCRIPTS "${PROJECT_SOURCE_DIR}/cmake/GemmTidyDebExtras.cmake")
else()
  set(CPACK_PACKAGE_NAME "gemm-tidy")
  set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
endif()
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "gemm-tidy")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_CONTACT "gemm-tidy maintainers <gemm-tidy@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "clang-tidy checks, clangd and a runtime guard for cuBLAS GEMM calls (LLVM ${LLVM_VERSION_MAJOR})")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
find_program(GEMM_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(GEMM_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
endif()
set(CPACK_SOURCE_IGNORE_FILES "/build[^/]*/" "/\\\\.git/")
include(CPack)

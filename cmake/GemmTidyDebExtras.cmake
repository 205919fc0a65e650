# CPack pre-build script of the .deb (CPACK_PRE_BUILD_SCRIPTS): what a
# Debian package has outside its install prefix, added to the staged tree.
#
#   usr/bin/<tool>-<N>                     links to usr/lib/llvm-<N>/bin/<tool>,
#                                          named like clang-tidy-<N>
#   usr/share/doc/<package>/copyright      the licence, machine-readable
#   usr/lib/python3/dist-packages/         gemm_rules, moved from the prefix
set(_root "${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
set(_prefix "${CPACK_PACKAGING_INSTALL_PREFIX}")
file(MAKE_DIRECTORY "${_root}/usr/bin")
foreach(_tool IN LISTS CPACK_GEMM_TIDY_BIN_LINKS)
  if(EXISTS "${_root}${_prefix}/bin/${_tool}")
    file(RELATIVE_PATH _target "/usr/bin" "${_prefix}/bin/${_tool}")
    file(CREATE_LINK "${_target}" "${_root}/usr/bin/${_tool}-${CPACK_GEMM_TIDY_LLVM_MAJOR}" SYMBOLIC)
  endif()
endforeach()

# gemm_rules in Debian's module directory, where every python3 of the ABI it
# was built for (the package's python3 dependency) looks.
if(CPACK_GEMM_TIDY_PYTHON_DIR)
  file(GLOB _modules "${_root}${_prefix}/${CPACK_GEMM_TIDY_PYTHON_DIR}/gemm_rules*.so")
  file(MAKE_DIRECTORY "${_root}/usr/lib/python3/dist-packages")
  foreach(_module IN LISTS _modules)
    get_filename_component(_name "${_module}" NAME)
    file(RENAME "${_module}" "${_root}/usr/lib/python3/dist-packages/${_name}")
  endforeach()
endif()

# The LLVM exceptions of LICENSE, as an indented copyright-format paragraph.
file(READ "${CPACK_GEMM_TIDY_SOURCE_DIR}/LICENSE" _license)
string(FIND "${_license}" "---- LLVM Exceptions" _start)
string(SUBSTRING "${_license}" ${_start} -1 _exceptions)
string(STRIP "${_exceptions}" _exceptions)
string(REGEX REPLACE "\n\n" "\n.\n" _exceptions "${_exceptions}")
string(REGEX REPLACE "\n" "\n " _exceptions "${_exceptions}")
set(_doc "${_root}/usr/share/doc/${CPACK_PACKAGE_NAME}")
file(MAKE_DIRECTORY "${_doc}")
file(WRITE "${_doc}/copyright"
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: gemm-tidy

Files: *
Copyright: the gemm-tidy authors
License: Apache-2.0 WITH LLVM-exception

License: Apache-2.0 WITH LLVM-exception
 On Debian systems the full text of the Apache License 2.0 can be found in
 /usr/share/common-licenses/Apache-2.0; the source distribution has it in
 LICENSE, with these exceptions:
 .
 ${_exceptions}
")

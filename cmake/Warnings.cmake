# Our own targets compile with every warning on and turned into errors; third-party headers are
# included as SYSTEM so they cannot break the build.
# -Wmissing-field-initializers is off because it flags C++20 designated initializers that leave
# fields at their defaults, which is how trace events are written.
# -Wrestrict and -Wmaybe-uninitialized are off for GCC 12, whose -O3 reports impossible overlaps
# inside std::string concatenation (GCC bug 105329) and uninitialized reads through std::optional;
# they break Release builds of correct code.
function(lockscope_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror
                                           -Wno-missing-field-initializers)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict -Wno-maybe-uninitialized)
  endif()
endfunction()

# Libraries without Qt: no moc pass over them.
function(lockscope_plain_library target)
  set_target_properties(${target} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
  lockscope_warnings(${target})
endfunction()

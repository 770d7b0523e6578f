# Our own targets compile with every warning on and turned into errors; third-party headers are
# included as SYSTEM so they cannot break the build.
# -Wmissing-field-initializers is off because it flags C++20 designated initializers that leave
# fields at their defaults, which is how trace events are written.
function(lockscope_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror
                                           -Wno-missing-field-initializers)
endfunction()

# Libraries without Qt: no moc pass over them.
function(lockscope_plain_library target)
  set_target_properties(${target} PROPERTIES AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
  lockscope_warnings(${target})
endfunction()

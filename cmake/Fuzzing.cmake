# -DLOCKSCOPE_BUILD_FUZZ=ON builds the libFuzzer targets in fuzz/ (clang only): every library is
# compiled with libFuzzer's coverage and under AddressSanitizer, so use a build directory of its
# own (.ci/fuzz.sh does). Off by default: the normal g++ build is untouched.
#
# Not UBSan: clang 14 fails on the coroutines in sim/ with coverage and UBSan together ("Cannot
# represent a difference across sections"); the sanitizer build (.ci/run) covers UBSan.
# -fsized-deallocation: the coroutine frame pool uses sized delete, which clang 14 leaves off.
option(LOCKSCOPE_BUILD_FUZZ "Build the libFuzzer targets (needs clang)" OFF)
if(LOCKSCOPE_BUILD_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "LOCKSCOPE_BUILD_FUZZ needs clang (-DCMAKE_CXX_COMPILER=clang++-14)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address -fno-omit-frame-pointer -fsized-deallocation)
  add_link_options(-fsanitize=address)
endif()

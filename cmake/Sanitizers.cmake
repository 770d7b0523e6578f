# -DLOCKSCOPE_SANITIZE=ON builds everything under AddressSanitizer + UndefinedBehaviorSanitizer;
# .ci/run uses it for its second pass over the test suite.
option(LOCKSCOPE_SANITIZE "Build with ASan and UBSan" OFF)
if(LOCKSCOPE_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

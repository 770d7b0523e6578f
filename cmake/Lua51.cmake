# Lua 5.1, the version Redis embeds (Debian's liblua5.1-0-dev): the Redis model runs EVAL with it
# (backends/model/redis/lua_engine.h) and the scenario loader checks a lesson's scripts compile.
find_path(LUA51_INCLUDE_DIR lua.h PATH_SUFFIXES lua5.1 REQUIRED)
find_library(LUA51_LIBRARY NAMES lua5.1 REQUIRED)
add_library(lockscope_lua51 INTERFACE)
target_include_directories(lockscope_lua51 SYSTEM INTERFACE ${LUA51_INCLUDE_DIR})
target_link_libraries(lockscope_lua51 INTERFACE ${LUA51_LIBRARY})

#include "lua_syntax.h"

#include <memory>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
}

namespace lockscope::scenario {

std::string luaSyntaxError(std::string_view source) {
  // A bare interpreter: compiling runs nothing, so it needs no libraries.
  const std::unique_ptr<lua_State, void (*)(lua_State*)> lua(luaL_newstate(), lua_close);
  if (!lua) return "no memory to compile the script";
  if (luaL_loadbuffer(lua.get(), source.data(), source.size(), "@user_script") == 0) return {};
  return lua_tostring(lua.get(), -1);
}

}  // namespace lockscope::scenario

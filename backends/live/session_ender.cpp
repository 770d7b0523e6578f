#include "session_ender.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

#include "zookeeper_c.h"

namespace lockscope::live {

bool endSession(const std::string& hosts, int64_t sessionId, const std::string& password,
                int64_t timeoutMs) {
  silenceLibraryLog();
  clientid_t id{};
  id.client_id = sessionId;
  std::memcpy(id.passwd, password.data(), std::min(password.size(), sizeof id.passwd));
  zhandle_t* handle = zookeeper_init(hosts.c_str(), nullptr, static_cast<int>(timeoutMs), &id,
                                     nullptr, 0);
  if (!handle) return false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  bool connected = false;
  while (std::chrono::steady_clock::now() < deadline) {
    const int state = zoo_state(handle);
    if (state == ZOO_CONNECTED_STATE) connected = true;
    if (state == ZOO_CONNECTED_STATE || state == ZOO_EXPIRED_SESSION_STATE) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  zookeeper_close(handle);  // closeSession on the attached session: the server ends it
  return connected;
}

}  // namespace lockscope::live

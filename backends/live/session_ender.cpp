#include "session_ender.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <thread>

#include "zookeeper_c.h"

namespace lockscope::live {

namespace {

using Clock = std::chrono::steady_clock;

// One attempt: attach a second handle to the session and close it. Returns the state the server
// gave the attachment: CONNECTED (the close was sent), EXPIRED (the session is already gone), or
// anything else if the deadline passed first.
int attachAndClose(const std::string& hosts, const clientid_t& id, int64_t timeoutMs,
                   Clock::time_point deadline) {
  zhandle_t* handle = zookeeper_init(hosts.c_str(), nullptr, static_cast<int>(timeoutMs), &id,
                                     nullptr, 0);
  if (!handle) return 0;
  int state = zoo_state(handle);
  // Polled finely: the attachment drops the owner's connection, and the owner reconnects within
  // a millisecond or so, which in turn drops this one. The close has to go out in between.
  while (Clock::now() < deadline && state != ZOO_CONNECTED_STATE &&
         state != ZOO_EXPIRED_SESSION_STATE) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    state = zoo_state(handle);
  }
  zookeeper_close(handle);  // closeSession on the attached session, if still attached
  return state;
}

}  // namespace

bool endSession(const std::string& hosts, int64_t sessionId, const std::string& password,
                int64_t timeoutMs) {
  silenceLibraryLog();
  clientid_t id{};
  id.client_id = sessionId;
  std::memcpy(id.passwd, password.data(), std::min(password.size(), sizeof id.passwd));
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
  // The close can lose the race with the owner's reconnect (the server then drops the attached
  // connection before the closeSession arrives), so attach again until the server itself says
  // the session has expired: that answer, not our close, is the proof.
  while (Clock::now() < deadline) {
    const int state = attachAndClose(hosts, id, timeoutMs, deadline);
    if (state == ZOO_EXPIRED_SESSION_STATE) return true;
    if (state != ZOO_CONNECTED_STATE) return false;
  }
  return false;
}

}  // namespace lockscope::live

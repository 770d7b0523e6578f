// The bare libzookeeper_mt round trip on this machine: the floor under the live backend's cost per
// request. One session, no Lockscope code: a synchronous call (the caller and the library's I/O
// thread), an asynchronous one awaited on a condition variable (caller, I/O thread, completion
// thread: the live backend's three crossings), and the zk-curator uncontended cycle (create,
// getChildren, delete) sent one at a time and with getChildren pipelined behind create.
//
//   zk_c_roundtrip HOST:PORT [SECONDS per measurement, default 3] [RESOLUTION_DELAY_MS]
//
// RESOLUTION_DELAY_MS: zoo_set_servers_resolution_delay (the library's default, 0, resolves the
// host list on every pass of its I/O loop; the live backend sets 1000).
#define THREADED
#include <zookeeper/zookeeper.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

namespace {
using Clock = std::chrono::steady_clock;
std::mutex m;
std::condition_variable cv;
bool connected = false;
std::atomic<int> answered = 0;  // read without the mutex between calls

void watcher(zhandle_t*, int type, int state, const char*, void*) {
  if (type == ZOO_SESSION_EVENT && state == ZOO_CONNECTED_STATE) {
    std::lock_guard l(m);
    connected = true;
    cv.notify_all();
  }
}
void done() {
  std::lock_guard l(m);
  ++answered;
  cv.notify_all();
}
void onChildren(int, const String_vector*, const void*) { done(); }
void onVoid(int, const void*) { done(); }
void waitFor(int n) {
  std::unique_lock l(m);
  cv.wait(l, [&] { return answered >= n; });
}

void report(const char* what, std::vector<double>& us) {
  std::sort(us.begin(), us.end());
  double sum = 0;
  for (double u : us) sum += u;
  std::printf("%-52s n=%6zu mean %7.1f us  median %7.1f us  p99 %7.1f us\n", what, us.size(),
              sum / us.size(), us[us.size() / 2], us[us.size() * 99 / 100]);
}
double since(Clock::time_point t) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t).count();
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const double seconds = argc > 2 ? std::atof(argv[2]) : 3;
  zoo_set_debug_level(ZOO_LOG_LEVEL_ERROR);
  zhandle_t* zh = zookeeper_init(argv[1], watcher, 4000, nullptr, nullptr, 0);
  if (argc > 3) zoo_set_servers_resolution_delay(zh, std::atoi(argv[3]));
  {
    std::unique_lock l(m);
    cv.wait(l, [] { return connected; });
  }
  zoo_create(zh, "/rt", "", 0, &ZOO_OPEN_ACL_UNSAFE, 0, nullptr, 0);
  auto loop = [&](const char* what, auto body) {
    std::vector<double> us;
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < end) {
      auto t = Clock::now();
      body();
      us.push_back(since(t));
    }
    report(what, us);
  };
  String_vector children;
  loop("sync getChildren", [&] {
    zoo_get_children(zh, "/rt", 0, &children);
    deallocate_String_vector(&children);
  });
  loop("async getChildren, condition variable", [&] {
    const int n = answered + 1;
    zoo_aget_children(zh, "/rt", 0, onChildren, nullptr);
    waitFor(n);
  });
  // The uncontended zk-curator cycle; pipelined: getChildren sent before create's reply.
  const auto cycle = [&](bool pipelined) {
    static std::string created;
    int n = answered;
    zoo_acreate(
        zh, "/rt/lock-", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL | ZOO_SEQUENCE,
        [](int, const char* value, const void*) {
          created = value ? value : "";
          done();
        },
        nullptr);
    if (!pipelined) waitFor(++n);
    zoo_aget_children(zh, "/rt", 0, onChildren, nullptr);
    waitFor(pipelined ? n += 2 : ++n);
    const std::string path = created;
    zoo_adelete(zh, path.c_str(), -1, onVoid, nullptr);
    waitFor(++n);
  };
  loop("cycle create, getChildren, delete", [&] { cycle(false); });
  loop("cycle create+getChildren (pipelined), delete", [&] { cycle(true); });
  zookeeper_close(zh);
}

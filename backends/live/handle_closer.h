// Closes libzookeeper_mt handles off the world's thread.
//
// zookeeper_close() blocks: it sends closeSession, waits (up to seconds) for the reply, and joins
// the library's threads. The world must keep running meanwhile (other clients' replies arrive), so
// each close runs on a thread of its own; the destructor waits for all of them (each is bounded).
#pragma once

#include <functional>
#include <mutex>
#include <thread>
#include <vector>

typedef struct _zhandle zhandle_t;

namespace lockscope::live {

class HandleCloser {
 public:
  HandleCloser() = default;
  HandleCloser(const HandleCloser&) = delete;
  HandleCloser& operator=(const HandleCloser&) = delete;
  ~HandleCloser();

  // Closes `handle`, then runs `after` on the closing thread (no callback of the handle runs
  // later).
  void close(zhandle_t* handle, std::function<void()> after);
  // Other blocking work of the live backend (a second handle that ends a session), same rules.
  void runInBackground(std::function<void()> work);

 private:
  std::mutex mutex_;
  std::vector<std::thread> threads_;
};

}  // namespace lockscope::live

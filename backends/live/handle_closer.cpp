#include "handle_closer.h"

#include "zookeeper_c.h"

namespace lockscope::live {

HandleCloser::~HandleCloser() {
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mutex_);
    threads.swap(threads_);
  }
  for (std::thread& thread : threads) thread.join();
}

void HandleCloser::close(zhandle_t* handle, std::function<void()> after) {
  runInBackground([handle, after = std::move(after)] {
    zookeeper_close(handle);
    if (after) after();
  });
}

void HandleCloser::runInBackground(std::function<void()> work) {
  std::lock_guard lock(mutex_);
  threads_.emplace_back(std::move(work));
}

}  // namespace lockscope::live

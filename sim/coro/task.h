// Task<T>: a lazily started C++20 coroutine, so recipes read like the seeds' pseudocode:
//
//   auto created = co_await zk.create(prefix, "", CreateMode::EphemeralSequential);
//
// A Task starts when awaited (or when start() is called on the outermost one) and resumes its
// awaiter when it finishes (symmetric transfer, so chains of tasks do not grow the stack).
// Destroying a Task destroys its frame and, through its locals, every task it is awaiting: a
// crashed client's suspended recipe is simply dropped. Exceptions are not used: a recipe reports
// failure in its return value; one that escapes anyway goes to whoever resumed the coroutine.
#pragma once

#include <coroutine>
#include <exception>
#include <optional>
#include <utility>

#include "frame_pool.h"
#include "sim/engine/check.h"

namespace lockscope::coro {

namespace detail {

struct PromiseBase {
  std::coroutine_handle<> continuation;

  std::suspend_always initial_suspend() noexcept { return {}; }
  struct FinalAwaiter {
    bool await_ready() noexcept { return false; }
    template <typename Promise>
    std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> finished) noexcept {
      const std::coroutine_handle<> next = finished.promise().continuation;
      return next ? next : std::noop_coroutine();
    }
    void await_resume() noexcept {}
  };
  FinalAwaiter final_suspend() noexcept { return {}; }
  // Rethrown to whoever resumed the coroutine (the world's event loop, then the command's guard),
  // with the frame left at its final suspension for its owner to destroy: a bug or a bad_alloc
  // in a recipe ends the run with one line instead of std::terminate.
  void unhandled_exception() { throw; }

  // Frames come from a recycling pool: see frame_pool.h.
  static void* operator new(size_t size) { return allocateFrame(size); }
  static void operator delete(void* frame, size_t size) noexcept { freeFrame(frame, size); }
};

// What Task<T> and Task<void> share: owning the frame, being awaited, starting.
template <typename Promise>
class TaskHandle {
 public:
  TaskHandle(TaskHandle&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  TaskHandle& operator=(TaskHandle&& other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  ~TaskHandle() { reset(); }

  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> awaiting) noexcept {
    handle_.promise().continuation = awaiting;
    return handle_;
  }

  // Runs the outermost task until its first suspension.
  void start() { handle_.resume(); }
  bool done() const { return handle_ && handle_.done(); }

 protected:
  TaskHandle() = default;
  explicit TaskHandle(std::coroutine_handle<Promise> handle) : handle_(handle) {}
  void reset() {
    if (handle_) handle_.destroy();
    handle_ = {};
  }
  std::coroutine_handle<Promise> handle_;
};

template <typename T>
struct ValuePromise;
struct VoidPromise;

}  // namespace detail

template <typename T = void>
class [[nodiscard]] Task : public detail::TaskHandle<detail::ValuePromise<T>> {
 public:
  using promise_type = detail::ValuePromise<T>;
  explicit Task(std::coroutine_handle<promise_type> handle)
      : detail::TaskHandle<promise_type>(handle) {}

  T await_resume() { return std::move(*this->handle_.promise().value); }
  // The result of a finished task.
  const T& result() const {
    LOCKSCOPE_CHECK(this->done(), "the result of a task that has not finished");
    return *this->handle_.promise().value;
  }
};

template <>
class [[nodiscard]] Task<void> : public detail::TaskHandle<detail::VoidPromise> {
 public:
  using promise_type = detail::VoidPromise;
  Task() = default;
  explicit Task(std::coroutine_handle<promise_type> handle) : TaskHandle(handle) {}

  void await_resume() {}
};

namespace detail {

template <typename T>
struct ValuePromise : PromiseBase {
  std::optional<T> value;
  Task<T> get_return_object() {
    return Task<T>(std::coroutine_handle<ValuePromise>::from_promise(*this));
  }
  void return_value(T result) { value = std::move(result); }
};

struct VoidPromise : PromiseBase {
  Task<void> get_return_object() {
    return Task<void>(std::coroutine_handle<VoidPromise>::from_promise(*this));
  }
  void return_void() {}
};

}  // namespace detail

}  // namespace lockscope::coro

#include "frame_pool.h"

#include <array>
#include <new>

namespace lockscope::coro::detail {
namespace {

constexpr size_t kClassBytes = 64;
constexpr size_t kClasses = 32;  // frames up to 2 KiB; recipes' frames are a few hundred bytes

struct FreeFrame {
  FreeFrame* next;
};

class FramePool {
 public:
  FramePool() = default;
  FramePool(const FramePool&) = delete;
  FramePool& operator=(const FramePool&) = delete;
  ~FramePool() {
    for (size_t index = 0; index < kClasses; ++index) {
      while (FreeFrame* frame = heads_[index]) {
        heads_[index] = frame->next;
        ::operator delete(frame, bytesOf(index));
      }
    }
  }

  void* allocate(size_t index) {
    FreeFrame* frame = heads_[index];
    if (!frame) return ::operator new(bytesOf(index));
    heads_[index] = frame->next;
    return frame;
  }

  void release(void* memory, size_t index) noexcept {
    auto* frame = static_cast<FreeFrame*>(memory);
    frame->next = heads_[index];
    heads_[index] = frame;
  }

 private:
  static constexpr size_t bytesOf(size_t index) { return (index + 1) * kClassBytes; }

  std::array<FreeFrame*, kClasses> heads_{};
};

thread_local FramePool pool;

constexpr size_t classOf(size_t size) { return (size - 1) / kClassBytes; }

}  // namespace

// Under AddressSanitizer every frame goes to the allocator, so that a use of a destroyed frame
// is still caught (a recycled frame would be valid memory to ASan).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kRecycle = false;
#else
constexpr bool kRecycle = true;
#endif

void* allocateFrame(size_t size) {
  if (!kRecycle) return ::operator new(size);
  const size_t index = classOf(size);
  return index < kClasses ? pool.allocate(index) : ::operator new(size);
}

void freeFrame(void* frame, size_t size) noexcept {
  const size_t index = classOf(size);
  if (kRecycle && index < kClasses) {
    pool.release(frame, index);
  } else {
    ::operator delete(frame, size);
  }
}

}  // namespace lockscope::coro::detail

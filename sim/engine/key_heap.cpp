#include "key_heap.h"

#include <algorithm>
#include <new>

namespace lockscope::sim {
namespace {
constexpr std::align_val_t kLineAlignment{64};
}

void KeyHeap::FreeAligned::operator()(Entry* entries) const {
  ::operator delete[](entries, kLineAlignment);
}

void KeyHeap::grow() {
  const size_t capacity = std::max<size_t>(capacity_ * 2, 64);
  // Entries are trivial: the allocation is their storage (C++20 implicit object creation).
  std::unique_ptr<Entry[], FreeAligned> storage(
      static_cast<Entry*>(::operator new[](capacity * sizeof(Entry), kLineAlignment)));
  if (size_ > 0) std::copy(&at(0), &at(0) + size_, storage.get() + kGroupOffset);
  storage_ = std::move(storage);
  capacity_ = capacity;
}

void KeyHeap::siftUp(size_t index, Entry entry) {
  while (index > 0) {
    const size_t parent = (index - 1) / kArity;
    if (!earlier(entry, at(parent))) break;
    at(index) = at(parent);
    index = parent;
  }
  at(index) = entry;
}

void KeyHeap::siftDown(size_t index, Entry entry) {
  for (;;) {
    const size_t first = index * kArity + 1;
    if (first >= size_) break;
    size_t best = first;
    const size_t end = std::min(first + kArity, size_);
    for (size_t child = first + 1; child < end; ++child) {
      if (earlier(at(child), at(best))) best = child;
    }
    if (!earlier(at(best), entry)) break;
    at(index) = at(best);
    index = best;
  }
  at(index) = entry;
}

}  // namespace lockscope::sim

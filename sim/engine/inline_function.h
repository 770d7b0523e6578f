// A std::function with room for a bigger closure inside it.
//
// libstdc++'s std::function keeps a closure in place only if it is at most 16 bytes and trivially
// copyable; everything else (a captured std::string, weak_ptr, Request or another std::function)
// costs a malloc and a free. The herd made about ten such closures per watch notification: the
// connection's messages, the world's timers and the layered completion callbacks. InlineFunction
// stores any closure up to `Capacity` bytes in place and falls back to the heap above that, so
// each user picks the capacity its largest common closure needs.
//
// Semantics as std::function: copyable (the stored closure must be copy-constructible), empty by
// default, calling an empty one is a broken invariant (check.h).
#pragma once

#include <cstddef>
#include <cstring>
#include <functional>
#include <new>
#include <type_traits>
#include <utility>

#include "check.h"

namespace lockscope::sim {

template <typename Signature, size_t Capacity>
class InlineFunction;

namespace detail {
template <typename T>
struct IsInlineFunction : std::false_type {};
template <typename Signature, size_t Capacity>
struct IsInlineFunction<InlineFunction<Signature, Capacity>> : std::true_type {};
template <typename Signature>
struct IsInlineFunction<std::function<Signature>> : std::true_type {};  // also nullable
}  // namespace detail

template <typename R, typename... Args, size_t Capacity>
class InlineFunction<R(Args...), Capacity> {
 public:
  InlineFunction() noexcept = default;
  InlineFunction(std::nullptr_t) noexcept {}  // NOLINT: as std::function

  template <typename F, typename D = std::decay_t<F>>
  requires(!std::is_same_v<D, InlineFunction> && std::is_invocable_r_v<R, D&, Args...> &&
           std::is_copy_constructible_v<D>)
      InlineFunction(F&& callable) {  // NOLINT: implicit, as std::function
    // An empty std::function, another empty InlineFunction or a null pointer makes an empty one.
    if constexpr (detail::IsInlineFunction<D>::value || std::is_pointer_v<D>) {
      if (!callable) return;
    }
    if constexpr (fitsInline<D>()) {
      ::new (static_cast<void*>(storage_)) D(std::forward<F>(callable));
      ops_ = &kInlineOps<D>;
    } else {
      ::new (static_cast<void*>(storage_)) D*(new D(std::forward<F>(callable)));
      ops_ = &kHeapOps<D>;
    }
  }

  InlineFunction(const InlineFunction& other) {
    if (other.ops_) other.ops_->copy(other.storage_, storage_);
    ops_ = other.ops_;
  }
  InlineFunction(InlineFunction&& other) noexcept { take(other); }
  InlineFunction& operator=(const InlineFunction& other) {
    if (this != &other) *this = InlineFunction(other);
    return *this;
  }
  InlineFunction& operator=(InlineFunction&& other) noexcept {
    if (this != &other) {
      reset();
      take(other);
    }
    return *this;
  }
  InlineFunction& operator=(std::nullptr_t) noexcept {
    reset();
    return *this;
  }
  ~InlineFunction() { reset(); }

  explicit operator bool() const noexcept { return ops_ != nullptr; }

  R operator()(Args... args) const {
    LOCKSCOPE_CHECK(ops_ != nullptr, "calling an empty InlineFunction");
    return ops_->invoke(storage_, std::forward<Args>(args)...);
  }

  // Whether a closure of type F is stored without a heap allocation.
  template <typename F>
  static constexpr bool fitsInline() {
    return sizeof(F) <= Capacity && alignof(F) <= alignof(std::max_align_t) &&
           std::is_nothrow_move_constructible_v<F>;
  }

 private:
  struct Ops {
    R (*invoke)(void* storage, Args&&... args);
    void (*copy)(const void* from, void* to);  // constructs a copy at `to`
    void (*move)(void* from, void* to);        // moves to `to` and destroys what was at `from`
    void (*destroy)(void* storage);            // null when there is nothing to destroy
    // Non-zero when a move is a plain copy of this many bytes (trivially copyable closures, such
    // as the agenda's arrival events, and the heap fallback's pointer): no indirect call.
    size_t bitwiseSize;
  };

  template <typename D>
  static constexpr Ops kInlineOps{
      [](void* storage, Args&&... args) -> R {
        return std::invoke(*static_cast<D*>(storage), std::forward<Args>(args)...);
      },
      [](const void* from, void* to) { ::new (to) D(*static_cast<const D*>(from)); },
      [](void* from, void* to) {
        ::new (to) D(std::move(*static_cast<D*>(from)));
        static_cast<D*>(from)->~D();
      },
      std::is_trivially_destructible_v<D> ? nullptr
                                          : +[](void* storage) { static_cast<D*>(storage)->~D(); },
      std::is_trivially_copyable_v<D> ? sizeof(D) : 0,
  };

  template <typename D>
  static constexpr Ops kHeapOps{
      [](void* storage, Args&&... args) -> R {
        return std::invoke(**static_cast<D**>(storage), std::forward<Args>(args)...);
      },
      [](const void* from, void* to) { ::new (to) D*(new D(**static_cast<D* const*>(from))); },
      [](void* from, void* to) { ::new (to) D*(*static_cast<D**>(from)); },
      [](void* storage) { delete *static_cast<D**>(storage); },
      sizeof(D*),
  };

  void reset() noexcept {
    if (!ops_) return;
    const Ops* ops = std::exchange(ops_, nullptr);
    if (ops->destroy) ops->destroy(storage_);
  }

  // Moves `other`'s closure here (this one is empty) and leaves `other` empty.
  void take(InlineFunction& other) noexcept {
    if (!other.ops_) return;
    if (other.ops_->bitwiseSize != 0) {
      std::memcpy(storage_, other.storage_, other.ops_->bitwiseSize);
    } else {
      other.ops_->move(other.storage_, storage_);
    }
    ops_ = std::exchange(other.ops_, nullptr);
  }

  static_assert(Capacity >= sizeof(void*), "the heap fallback keeps a pointer in place");
  alignas(std::max_align_t) mutable unsigned char storage_[Capacity];
  const Ops* ops_ = nullptr;
};

}  // namespace lockscope::sim

// LOCKSCOPE_CHECK(condition, "what must hold"): a precondition or invariant that stays checked in
// every build type (NDEBUG removes assert(); CI builds RelWithDebInfo, so an assert never ran).
//
// A failure is a bug in Lockscope, never bad input: input is validated where it is read, with a
// file:line:col error. It throws BrokenInvariant naming the source line, the condition and the
// message; the CLI's guard turns that into one line and exit 70, the GUI's run thread into an
// error message. A run that went on from a broken invariant would teach something false.
//
// The check is one predictable branch: the herd benchmark (docs/performance.md) budgets it.
#pragma once

#include <stdexcept>
#include <string>

namespace lockscope::sim {

class BrokenInvariant : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] void failCheck(const char* condition, const char* message, const char* file, int line);

}  // namespace lockscope::sim

#define LOCKSCOPE_CHECK(condition, message)          \
  (__builtin_expect(static_cast<bool>(condition), 1) \
       ? static_cast<void>(0)                        \
       : ::lockscope::sim::failCheck(#condition, message, __FILE__, __LINE__))

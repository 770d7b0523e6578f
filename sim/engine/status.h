// How a call that can fail says so. A failure here is the world's, not ours: bad input, a server
// that does not answer, a file that cannot be written. The caller reports it (one line naming the
// file, the server or the step, then a non-zero exit or the GUI's error line); our own bugs are
// LOCKSCOPE_CHECKs instead (check.h). Status is success or one line of why not; Result<T> is a
// value or the Status saying why there is none (std::expected is C++23; this is its subset).
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "check.h"

namespace lockscope {

class [[nodiscard]] Status {
 public:
  static Status success() { return Status(); }
  // `why`: one line, not empty ("redis=127.0.0.1:1: connection refused").
  static Status failure(std::string why) {
    LOCKSCOPE_CHECK(!why.empty(), "a failure says why");
    Status status;
    status.why_ = std::move(why);
    return status;
  }

  bool ok() const { return why_.empty(); }
  explicit operator bool() const { return ok(); }  // if (!status) ...
  const std::string& message() const { return why_; }

 private:
  Status() = default;
  std::string why_;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)), status_(Status::success()) {}  // NOLINT: implicit
  Result(Status failure) : status_(std::move(failure)) {                     // NOLINT: implicit
    LOCKSCOPE_CHECK(!status_.ok(), "a Result without a value is a failure");
  }

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }  // if (const auto x = f(); !x) ...
  const Status& status() const { return status_; }
  const std::string& message() const { return status_.message(); }

  T& value() {
    LOCKSCOPE_CHECK(ok(), "the value of a failed Result");
    return *value_;
  }
  const T& value() const {
    LOCKSCOPE_CHECK(ok(), "the value of a failed Result");
    return *value_;
  }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace lockscope

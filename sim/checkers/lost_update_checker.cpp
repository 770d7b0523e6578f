#include "lost_update_checker.h"

#include <algorithm>
#include <charconv>
#include <string>

namespace lockscope::checkers {
namespace {

int64_t numberIn(std::string_view text) {
  int64_t number = 0;
  std::from_chars(text.data(), text.data() + text.size(), number);
  return number;
}

}  // namespace

void LostUpdateChecker::onEvent(const sim::TraceEvent& event, ClientId actor,
                                const ClientNames& names) {
  if (event.kind != sim::TraceKind::Resource) return;
  const int64_t number = numberIn(event.value);
  if (event.op == "read") {
    reads_[actor] = LastRead{true, number, event.time};
    value_ = number;
  } else if (event.op == "write") {
    onWrite(event, actor, number, names);
  } else if (event.op == "rejected") {
    ++rejected_;
  }
}

void LostUpdateChecker::onWrite(const sim::TraceEvent& event, ClientId writer, int64_t written,
                                const ClientNames& names) {
  ++writes_;
  // Without a read on record, the writer read what it wrote minus one.
  const LastRead& read = reads_[writer];
  const LastRead basis = read.valid ? read : LastRead{true, written - 1, event.time};
  // Overwriting one's own last write loses nobody's work.
  if (basis.value != value_ && author_ != writer) {
    std::vector<std::string> clients{names.name(writer)};
    std::string detail = names.name(writer) + " read " + std::to_string(basis.value) +
                         " and wrote " + std::to_string(written) + " over " +
                         std::to_string(value_);
    if (author_ != kNoClient) {
      clients.push_back(names.name(author_));
      detail += " written by " + names.name(author_);
    }
    std::sort(clients.begin(), clients.end());
    lost_.push_back(
        Violation{"lost_update", basis.time, event.time, std::move(clients), std::move(detail)});
  }
  value_ = written;
  author_ = writer;
}

}  // namespace lockscope::checkers

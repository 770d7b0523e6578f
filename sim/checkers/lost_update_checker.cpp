#include "lost_update_checker.h"

#include <algorithm>
#include <string>

#include "trace_facts.h"

namespace lockscope::checkers {
void LostUpdateChecker::onEvent(const sim::TraceEvent& event, ClientId actor,
                                const ClientNames& names) {
  if (event.kind != sim::TraceKind::Resource) return;
  const int64_t number = resourceNumber(event.value);
  auto found = counters_.find(event.path);
  if (found == counters_.end()) found = counters_.emplace(std::string(event.path), Counter{}).first;
  Counter& counter = found->second;
  if (event.op == sim::ResourceOp::Read) {
    counter.reads[actor] = LastRead{true, number, event.time};
    counter.value = number;
  } else if (event.op == sim::ResourceOp::Write) {
    onWrite(event, counter, actor, number, names);
  } else if (event.op == sim::ResourceOp::Rejected) {
    ++rejected_;
  }
}

void LostUpdateChecker::onWrite(const sim::TraceEvent& event, Counter& counter, ClientId writer,
                                int64_t written, const ClientNames& names) {
  ++writes_;
  // Without a read on record, the writer read what it wrote minus one.
  const LastRead& read = counter.reads[writer];
  const LastRead basis = read.valid ? read : LastRead{true, written - 1, event.time};
  // Overwriting one's own last write loses nobody's work.
  if (basis.value != counter.value && counter.author != writer) {
    std::vector<std::string> clients{names.name(writer)};
    std::string detail = names.name(writer) + " read " + std::to_string(basis.value) +
                         " and wrote " + std::to_string(written) + " over " +
                         std::to_string(counter.value);
    if (counter.author != kNoClient) {
      clients.push_back(names.name(counter.author));
      detail += " written by " + names.name(counter.author);
    }
    std::sort(clients.begin(), clients.end());
    lost_.push_back(
        Violation{"lost_update", basis.time, event.time, std::move(clients), std::move(detail)});
  }
  counter.value = written;
  counter.author = writer;
}

}  // namespace lockscope::checkers

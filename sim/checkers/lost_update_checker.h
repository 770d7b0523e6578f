// Lost updates at the protected resource, a counter each holder reads and writes back plus one.
// An accepted write is a lost update when the resource's value at that moment is not the value
// the writer last read: some other accepted write replaced it in between, and this write throws
// that work away. The violation runs from the writer's read to its write and names the writer and
// the client whose value it overwrote. Writes the fence rejected change nothing and are counted
// apart. The resource starts at 0; every read also tells the checker its value. A run whose
// clients lock different paths has a counter per path (the event's path names it), judged apart.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "client_names.h"
#include "run_verdict.h"
#include "trace_facts.h"

namespace lockscope::checkers {

class LostUpdateChecker {
 public:
  void onEvent(const sim::TraceEvent& event, ClientId actor, const ClientNames& names);
  void finish(std::vector<Violation>& out) const {
    out.insert(out.end(), lost_.begin(), lost_.end());
  }

  int64_t writes() const { return writes_; }
  int64_t rejectedWrites() const { return rejected_; }
  int64_t lostUpdates() const { return static_cast<int64_t>(lost_.size()); }

 private:
  struct LastRead {
    bool valid = false;
    int64_t value = 0;
    sim::Micros time = 0;
  };
  // One counter of the resource (a lock path's, or "" the shared one) and who did what to it.
  struct Counter {
    PerClient<LastRead> reads;
    int64_t value = 0;
    ClientId author = kNoClient;  // who wrote value; none for the initial value
  };

  void onWrite(const sim::TraceEvent& event, Counter& counter, ClientId writer, int64_t written,
               const ClientNames& names);

  std::map<std::string, Counter, std::less<>> counters_;
  int64_t writes_ = 0;
  int64_t rejected_ = 0;
  std::vector<Violation> lost_;
};

}  // namespace lockscope::checkers

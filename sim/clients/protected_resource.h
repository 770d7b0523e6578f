// The record lock holders work on: the seeds' stock counter. A holder reads it, works, and writes
// back what it read plus one, so two holders at once lose an update, visibly. The data belongs to
// a lock: clients that lock different paths work on different counters.
//
// Fenced, it remembers the highest fencing token it has accepted and rejects writes that present
// a lower one (Kleppmann's storage-side check): a holder whose lock expired under it cannot
// overwrite the work of the holder after it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sim/engine/world.h"

namespace lockscope::clients {

class ProtectedResource {
 public:
  ProtectedResource(sim::World& world, bool fenced) : world_(world), fenced_(fenced) {}

  // A run whose clients lock different things (zk-multilock over several lock paths) protects
  // one counter per lock path: each named client works on the counters of the paths it locks,
  // and its trace events name the counter (path). Unnamed clients share the one counter.
  void separate(std::map<std::string, std::vector<std::string>> countersOfClient);

  // Reads each of the client's counters, remembering what it read.
  void read(const std::string& client, int64_t token);
  // Writes back to each of them what the client last read there plus one. False when the fence
  // rejected a write.
  bool write(const std::string& client, int64_t token);

  int64_t value() const;  // the shared counter
  int64_t writes() const { return writes_; }
  bool fenced() const { return fenced_; }

 private:
  struct Counter {
    int64_t value = 0;
    int64_t highestToken = 0;
    std::map<std::string, int64_t> readBy;  // what each client last read
  };
  const std::vector<std::string>& countersOf(const std::string& client) const;

  sim::World& world_;
  bool fenced_;
  std::map<std::string, std::vector<std::string>> countersOfClient_;
  std::map<std::string, Counter> counters_;  // "" is the shared one
  int64_t writes_ = 0;
};

}  // namespace lockscope::clients

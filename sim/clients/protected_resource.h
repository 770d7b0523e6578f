// The shared record lock holders work on: the seeds' stock counter. A holder reads it, works, and
// writes back what it read plus one, so two holders at once lose an update, visibly.
//
// Fenced, it remembers the highest fencing token it has accepted and rejects writes that present
// a lower one (Kleppmann's storage-side check): a holder whose lock expired under it cannot
// overwrite the work of the holder after it.
#pragma once

#include <cstdint>
#include <string>

#include "sim/engine/world.h"

namespace lockscope::clients {

class ProtectedResource {
 public:
  ProtectedResource(sim::World& world, bool fenced) : world_(world), fenced_(fenced) {}

  int64_t read(const std::string& client, int64_t token);
  // False when the fence rejected the write.
  bool write(const std::string& client, int64_t value, int64_t token);

  int64_t value() const { return value_; }
  int64_t writes() const { return writes_; }
  bool fenced() const { return fenced_; }

 private:
  sim::World& world_;
  bool fenced_;
  int64_t value_ = 0;
  int64_t writes_ = 0;
  int64_t highestToken_ = 0;
};

}  // namespace lockscope::clients

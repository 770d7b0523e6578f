// Who is who in a recorded run: the scenario's clients in its order (the order the stage draws
// them in), which trace actor is which client, and which session belongs to which client.
// Sessions are learnt from the whole trace at once: they are never reused, so a session's owner
// is the same at every moment of the run.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "recorded_trace.h"

namespace lockscope::gui {

constexpr int kNoClient = -1;

class RunCast {
 public:
  RunCast() = default;
  RunCast(const std::vector<std::string>& clientNames, const RecordedTrace& trace);

  size_t size() const { return names_.size(); }
  const std::string& name(int client) const { return names_[static_cast<size_t>(client)]; }
  const std::vector<std::string>& names() const { return names_; }
  // kNoClient for the server, the world, the setup connection and unknown names.
  int clientOfActor(TextId actor) const;
  int clientOfName(const std::string& name) const;
  int clientOfSession(int64_t session) const;

 private:
  std::vector<std::string> names_;
  std::vector<int> clientOfText_;  // indexed by TextId
  std::map<int64_t, int> clientOfSession_;
};

}  // namespace lockscope::gui

// Something that keeps part of an object's state elsewhere while nothing can observe it, and puts
// it back before anything does.
//
// The ZooKeeper model's idle sessions run their heartbeats from a compact table instead of their
// client, process, connection and server session objects (backends/model/zookeeper/
// quiet_sessions.h). Each of those objects calls giveBack() before it changes, or shows, any
// state the keeper may hold, and forget() when it goes away; the keeper then puts everything
// back, as it would stand had the objects run every event themselves.
#pragma once

namespace lockscope::sim {

class StateKeeper {
 public:
  // Puts the kept state back into every object it came from, and lets go of them all.
  virtual void giveBack() = 0;
  // One of the objects is going away (the model is being taken down): puts nothing back.
  virtual void forget() = 0;

 protected:
  ~StateKeeper() = default;
};

}  // namespace lockscope::sim

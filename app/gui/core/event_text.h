// One line of plain words per trace event, for the event log: "c1 → create /lock/lock-",
// "server: created /lock/lock-0000000003 (EPHEMERAL_SEQUENTIAL, c4)". The words are English
// unless the caller gives its own (the GUI's translation, app/gui/event_words.h); the names of
// requests, events and states ("create", "NodeChildrenChanged") are the trace's own, never
// translated.
#pragma once

#include <string>

#include "recorded_trace.h"
#include "run_cast.h"

namespace lockscope::gui {

// The lines' words, %1, %2... standing for what the trace fills in.
struct EventWords {
  std::string created = "server: created %1 (%2)";         // path, node type
  std::string createdFor = "server: created %1 (%2, %3)";  // an ephemeral node: its owner too
  std::string deleted = "server: deleted %1";
  std::string dataSet = "server: set data of %1";
  std::string watchSet = "server: %1 watch on %2 for %3";              // kind, path, owner
  std::string watchFired = "server: fires %1 on %2 \u2192 %3";         // event, path, owner
  std::string watchDelivered = "%1 \u2190 %2 on %3";                   // client, event, path
  std::string watchRemoved = "server: removed %1 watch on %2 for %3";  // table, path, owner
  std::string serverSession = "server: session of %1 %2";              // owner, state
  std::string clientSession = "%1: session %2";                        // client, state
  std::string sessionNumber = "session %1";                            // a session no client owns
  std::string fault = "fault: %1 %2";                                  // kind, target
  std::string process = "%1: process %2";
  std::string resource = "%1: resource %2 %3";  // client, operation, value
  std::string step = "%1: line %2";             // client, recipe line
  std::string ttl = " (ttl %1 ms)";
  std::string keyDeleted = "deleted";
  std::string instance = "%1: %2 (%3, clock %4 ms)";  // instance, what, role, clock
  std::string rowLock = "%1: %2 lock on %3 %4";       // client, mode, row, state
  std::string transaction = "%1: transaction %2";
};

std::string describeEvent(const StoredEvent& event, const RecordedTrace& trace, const RunCast& cast,
                          const EventWords& words = {});

}  // namespace lockscope::gui

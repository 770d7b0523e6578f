#include "event_text.h"

namespace lockscope::gui {
namespace {

std::string sessionOwner(int64_t session, const RunCast& cast) {
  const int client = cast.clientOfSession(session);
  return client == kNoClient ? "session " + std::to_string(session) : cast.name(client);
}

}  // namespace

std::string describeEvent(const StoredEvent& event, const RecordedTrace& trace,
                          const RunCast& cast) {
  const std::string actor(trace.text(event.actor));
  const std::string op(sim::name(event.op));
  const std::string path(trace.text(event.path));
  const std::string value(trace.text(event.value));
  const std::string detail(trace.text(event.detail));
  switch (event.kind) {
    case sim::TraceKind::Request: return actor + " \u2192 " + op + (path.empty() ? "" : " " + path);
    case sim::TraceKind::Reply: {
      std::string text = actor + " \u2190 " + op + " " + std::string(trace.text(event.rc));
      if (!value.empty() && value != path) text += " " + value;
      return text;
    }
    case sim::TraceKind::NodeCreated: {
      std::string text = "server: created " + path + " (" + value;
      if (value.find("EPHEMERAL") != std::string::npos)
        text += ", " + sessionOwner(event.session, cast);
      return text + ")";
    }
    case sim::TraceKind::NodeDeleted: return "server: deleted " + path;
    case sim::TraceKind::NodeChanged: return "server: set data of " + path;
    case sim::TraceKind::WatchSet:
      return "server: " + op + " watch on " + path + " for " + sessionOwner(event.session, cast);
    case sim::TraceKind::WatchFired:
      return "server: fires " + value + " on " + path + " \u2192 " +
             sessionOwner(event.session, cast);
    case sim::TraceKind::WatchDelivered: return actor + " \u2190 " + value + " on " + path;
    case sim::TraceKind::SessionState:
      if (actor == "server") {
        return "server: session of " + sessionOwner(event.session, cast) + " " + op;
      }
      return actor + ": session " + op;
    case sim::TraceKind::Fault:
      return "fault: " + op + " " + actor + (detail.empty() ? "" : " (" + detail + ")");
    case sim::TraceKind::Process: return actor + ": process " + op;
    case sim::TraceKind::Lock: {
      std::string text = actor + ": " + op;
      if (!path.empty()) text += " " + path;
      return text;
    }
    case sim::TraceKind::Resource:
      return actor + ": resource " + op + " " + value + (detail.empty() ? "" : " (" + detail + ")");
    case sim::TraceKind::Step: return actor + ": line " + std::to_string(event.request);
    case sim::TraceKind::Note: return (op.empty() ? "" : op + ": ") + detail;
    case sim::TraceKind::KeyChanged: {
      std::string text = actor + ": " + op + " " + path + " = " + value;
      if (event.request >= 0) text += " (ttl " + std::to_string(event.request) + " ms)";
      return text + (detail.empty() ? "" : " [" + detail + "]");
    }
    case sim::TraceKind::KeyDeleted:
      return actor + ": " + path + " " +
             (event.op == sim::KeyDeletedOp::Expired ? op : std::string("deleted")) +
             (detail.empty() ? "" : " [" + detail + "]");
    case sim::TraceKind::RedisInstance:
      return actor + ": " + op + " (" + value + ", clock " + std::to_string(event.request) + " ms)";
    case sim::TraceKind::Row:
      return actor + ": " + path + " " + op + (value.empty() ? "" : " " + value) +
             (detail.empty() ? "" : " [" + detail + "]");
    case sim::TraceKind::RowLock:
      return actor + ": " + value + " lock on " + path + " " + op +
             (detail.empty() ? "" : " (" + detail + ")");
    case sim::TraceKind::Transaction:
      return actor + ": transaction " + op + (detail.empty() ? "" : " (" + detail + ")");
  }
  return op;
}

}  // namespace lockscope::gui

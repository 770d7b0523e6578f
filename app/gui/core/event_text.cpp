#include "event_text.h"

#include <initializer_list>
#include <vector>

namespace lockscope::gui {
namespace {

// `format` with %1, %2... replaced by `values` (in one pass: a value's own "%1" stays as it is).
std::string fill(const std::string& format, std::initializer_list<std::string> values) {
  const std::vector<std::string> args(values);
  std::string text;
  for (size_t at = 0; at < format.size(); ++at) {
    const char next = at + 1 < format.size() ? format[at + 1] : '\0';
    if (format[at] == '%' && next >= '1' && next <= '9' &&
        static_cast<size_t>(next - '1') < args.size()) {
      text += args[static_cast<size_t>(next - '1')];
      ++at;
    } else {
      text += format[at];
    }
  }
  return text;
}

// " (detail)" or " [detail]", or nothing without one.
std::string aside(const std::string& detail, const char* open, const char* close) {
  return detail.empty() ? std::string() : std::string(" ") + open + detail + close;
}

std::string sessionOwner(int64_t session, const RunCast& cast, const EventWords& words) {
  const int client = cast.clientOfSession(session);
  return client == kNoClient ? fill(words.sessionNumber, {std::to_string(session)})
                             : cast.name(client);
}

}  // namespace

std::string describeEvent(const StoredEvent& event, const RecordedTrace& trace, const RunCast& cast,
                          const EventWords& words) {
  const std::string actor(trace.text(event.actor));
  const std::string op(sim::name(event.op));
  const std::string path(trace.text(event.path));
  const std::string value(trace.text(event.value));
  const std::string detail(trace.text(event.detail));
  const auto owner = [&] { return sessionOwner(event.session, cast, words); };
  switch (event.kind) {
    case sim::TraceKind::Request: return actor + " \u2192 " + op + (path.empty() ? "" : " " + path);
    case sim::TraceKind::Reply: {
      std::string text = actor + " \u2190 " + op + " " + std::string(trace.text(event.rc));
      if (!value.empty() && value != path) text += " " + value;
      return text;
    }
    case sim::TraceKind::NodeCreated:
      return value.find("EPHEMERAL") != std::string::npos
                 ? fill(words.createdFor, {path, value, owner()})
                 : fill(words.created, {path, value});
    case sim::TraceKind::NodeDeleted: return fill(words.deleted, {path});
    case sim::TraceKind::NodeChanged: return fill(words.dataSet, {path});
    case sim::TraceKind::WatchSet: return fill(words.watchSet, {op, path, owner()});
    case sim::TraceKind::WatchFired: return fill(words.watchFired, {value, path, owner()});
    case sim::TraceKind::WatchDelivered: return fill(words.watchDelivered, {actor, value, path});
    case sim::TraceKind::WatchRemoved: return fill(words.watchRemoved, {op, path, owner()});
    case sim::TraceKind::SessionState:
      return actor == "server" ? fill(words.serverSession, {owner(), op})
                               : fill(words.clientSession, {actor, op});
    case sim::TraceKind::Fault: return fill(words.fault, {op, actor}) + aside(detail, "(", ")");
    case sim::TraceKind::Process: return fill(words.process, {actor, op});
    case sim::TraceKind::Lock: {
      std::string text = actor + ": " + op;
      if (!path.empty()) text += " " + path;
      return text;
    }
    case sim::TraceKind::Resource:
      return fill(words.resource, {actor, op, value}) + aside(detail, "(", ")");
    case sim::TraceKind::Step: return fill(words.step, {actor, std::to_string(event.request)});
    case sim::TraceKind::Note: return (op.empty() ? "" : op + ": ") + detail;
    case sim::TraceKind::KeyChanged: {
      std::string text = actor + ": " + op + " " + path + " = " + value;
      if (event.request >= 0) text += fill(words.ttl, {std::to_string(event.request)});
      return text + aside(detail, "[", "]");
    }
    case sim::TraceKind::KeyDeleted:
      return actor + ": " + path + " " +
             (event.op == sim::KeyDeletedOp::Expired ? op : words.keyDeleted) +
             aside(detail, "[", "]");
    case sim::TraceKind::RedisInstance:
      return fill(words.instance, {actor, op, value, std::to_string(event.request)});
    case sim::TraceKind::Row:
      return actor + ": " + path + " " + op + (value.empty() ? "" : " " + value) +
             aside(detail, "[", "]");
    case sim::TraceKind::RowLock:
      return fill(words.rowLock, {actor, value, path, op}) + aside(detail, "(", ")");
    case sim::TraceKind::Transaction:
      return fill(words.transaction, {actor, op}) + aside(detail, "(", ")");
  }
  return op;
}

}  // namespace lockscope::gui

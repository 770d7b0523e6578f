#include "armed_watches.h"

#include "trace_facts.h"

namespace lockscope::checkers {
namespace {

bool isPersistent(sim::TraceOp op) {
  return op == sim::WatchOp::Persistent || op == sim::WatchOp::PersistentRecursive;
}

}  // namespace

void ArmedWatches::onEvent(const sim::TraceEvent& event) {
  switch (event.kind) {
    case sim::TraceKind::WatchSet: {
      const Watch watch{
          event.op.as<sim::WatchOp>().value_or(sim::WatchOp::Data), event.time,
          isPersistent(event.op) ? static_cast<uint8_t>(kInData | kInChild) : uint8_t{0}};
      if (watch.tables != 0) {
        // addWatch replaces the session's one-shot watches on the path, and a persistent one
        // set again starts anew.
        disarm(event.session, Data, event.path);
        disarm(event.session, Child, event.path);
        disarm(event.session, Persistent, event.path);
        arm(event.session, Persistent, event.path, watch);
        return;
      }
      const Table table = event.op == sim::WatchOp::Child ? Child : Data;
      leavePersistent(event.session, table, event.path);
      arm(event.session, table, event.path, watch);
      return;
    }
    case sim::TraceKind::WatchRemoved: {
      const Table table = event.op == sim::WatchOp::Child ? Child : Data;
      disarm(event.session, table, event.path);
      leavePersistent(event.session, table, event.path);
      return;
    }
    case sim::TraceKind::WatchFired:
      if (event.value == "NodeDeleted" || event.value == "NodeCreated" ||
          event.value == "NodeDataChanged") {
        disarm(event.session, Data, event.path);
      }
      if (event.value == "NodeDeleted" || event.value == "NodeChildrenChanged") {
        disarm(event.session, Child, event.path);
      }
      return;
    case sim::TraceKind::SessionState:
      if (isServerSessionEnd(event) || (isServer(event) && event.op == sim::SessionOp::Resumed)) {
        armed_.erase(armed_.lower_bound(KeyView{event.session, Data, {}}),
                     armed_.lower_bound(KeyView{event.session + 1, Data, {}}));
      }
      return;
    default: return;
  }
}

void ArmedWatches::arm(int64_t session, Table table, std::string_view path, const Watch& watch) {
  const KeyView key{session, table, path};
  const auto at = armed_.lower_bound(key);
  if (at != armed_.end() && !armed_.key_comp()(key, at->first)) return;  // already armed
  if (spare_.empty()) {
    armed_.emplace_hint(at, Key{session, table, std::string(path)}, watch);
    return;
  }
  Armed::node_type node = std::move(spare_.back());
  spare_.pop_back();
  node.key().session = session;
  node.key().table = table;
  node.key().path.assign(path);
  node.mapped() = watch;
  armed_.insert(at, std::move(node));
}

void ArmedWatches::disarm(int64_t session, Table table, std::string_view path) {
  const auto it = armed_.find(KeyView{session, table, path});
  if (it != armed_.end()) spare_.push_back(armed_.extract(it));
}

void ArmedWatches::leavePersistent(int64_t session, Table table, std::string_view path) {
  const auto it = armed_.find(KeyView{session, Persistent, path});
  if (it == armed_.end()) return;
  it->second.tables &= static_cast<uint8_t>(table == Child ? ~kInChild : ~kInData);
  if (it->second.tables == 0) spare_.push_back(armed_.extract(it));
}

}  // namespace lockscope::checkers

#include "armed_watches.h"

#include "trace_facts.h"

namespace lockscope::checkers {

void ArmedWatches::onEvent(const sim::TraceEvent& event) {
  switch (event.kind) {
    case sim::TraceKind::WatchSet: {
      const KeyView key{event.session, event.op == sim::WatchOp::Child ? Child : Data, event.path};
      const auto at = armed_.lower_bound(key);
      if (at != armed_.end() && !armed_.key_comp()(key, at->first)) return;  // already armed
      if (spare_.empty()) {
        armed_.emplace_hint(
            at, Key{key.session, key.table, std::string(key.path)},
            Watch{event.op.as<sim::WatchOp>().value_or(sim::WatchOp::Data), event.time});
        return;
      }
      Armed::node_type node = std::move(spare_.back());
      spare_.pop_back();
      node.key().session = key.session;
      node.key().table = key.table;
      node.key().path.assign(key.path);
      node.mapped().kind = event.op.as<sim::WatchOp>().value_or(sim::WatchOp::Data);
      node.mapped().since = event.time;
      armed_.insert(at, std::move(node));
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

void ArmedWatches::disarm(int64_t session, Table table, std::string_view path) {
  const auto it = armed_.find(KeyView{session, table, path});
  if (it != armed_.end()) spare_.push_back(armed_.extract(it));
}

}  // namespace lockscope::checkers

#include "watch_table.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace lockscope::zookeeper::model {

void WatchTable::add(WatchKind kind, const std::string& path, int64_t session) {
  (kind == WatchKind::Data ? data_ : child_)[path].insert(session);
  persistent_.remove(kind, path, session);
}

void WatchTable::addPersistent(const std::string& path, int64_t session, AddWatchMode mode) {
  for (PathTable* table : {&data_, &child_}) {
    const auto found = table->find(path);
    if (found == table->end()) continue;
    found->second.erase(session);
    if (found->second.empty()) table->erase(found);
  }
  persistent_.add(path, session, mode);
}

bool WatchTable::remove(const std::string& path, WatcherType type, int64_t session,
                        std::vector<WatchKind>* removedFrom) {
  bool removed = false;
  for (const WatchKind kind : {WatchKind::Child, WatchKind::Data}) {
    if (type != WatcherType::Any && (type == WatcherType::Data) != (kind == WatchKind::Data))
      continue;
    PathTable& table = kind == WatchKind::Data ? data_ : child_;
    bool left = false;
    if (const auto found = table.find(path);
        found != table.end() && found->second.contains(session)) {
      found->second.erase(session);
      if (found->second.empty()) table.erase(found);
      left = true;
    }
    left = persistent_.remove(kind, path, session) || left;
    if (left && removedFrom) removedFrom->push_back(kind);
    removed = removed || left;
  }
  return removed;
}

bool WatchTable::has(WatchKind kind, const std::string& path, int64_t session) const {
  const PathTable& table = kind == WatchKind::Data ? data_ : child_;
  const auto found = table.find(path);
  return found != table.end() && found->second.contains(session);
}

void WatchTable::take(PathTable& table, const std::string& path, std::vector<int64_t>& sessions) {
  const auto found = table.find(path);
  if (found == table.end()) return;
  std::vector<int64_t> taken = found->second.takeSorted();
  if (sessions.empty()) {
    sessions = std::move(taken);
  } else {  // a delete fires both tables: one notification per session
    std::vector<int64_t> both;
    std::set_union(sessions.begin(), sessions.end(), taken.begin(), taken.end(),
                   std::back_inserter(both));
    sessions.swap(both);
  }
  table.erase(found);
}

void WatchTable::trigger(const std::string& path, EventType type, std::vector<Notification>& out) {
  std::vector<int64_t> sessions;
  switch (type) {
    case EventType::NodeCreated:
    case EventType::NodeDataChanged: take(data_, path, sessions); break;
    case EventType::NodeChildrenChanged: take(child_, path, sessions); break;
    case EventType::NodeDeleted:
      take(data_, path, sessions);
      take(child_, path, sessions);
      break;
    case EventType::None:
    case EventType::DataWatchRemoved:
    case EventType::ChildWatchRemoved:
    case EventType::PersistentWatchRemoved: return;
  }
  // Persistent watches fire too and stay; a session hears of one change once.
  const size_t oneShot = sessions.size();
  for (const WatchKind kind : {WatchKind::Data, WatchKind::Child}) {
    const bool dataEvent = type != EventType::NodeChildrenChanged;
    const bool childEvent = type == EventType::NodeChildrenChanged ||
                            type == EventType::NodeDeleted;
    if ((kind == WatchKind::Data && dataEvent) || (kind == WatchKind::Child && childEvent))
      persistent_.collect(kind, path, type, sessions);
  }
  if (sessions.size() != oneShot) {
    std::sort(sessions.begin(), sessions.end());
    sessions.erase(std::unique(sessions.begin(), sessions.end()), sessions.end());
  }
  for (const int64_t session : sessions) {
    out.push_back(Notification{session, WatchedEvent{type, SessionState::SyncConnected, path}});
  }
}

void WatchTable::removeSession(int64_t session) {
  persistent_.removeSession(session);
  for (PathTable* table : {&data_, &child_}) {
    for (auto it = table->begin(); it != table->end();) {
      it->second.erase(session);
      it = it->second.empty() ? table->erase(it) : std::next(it);
    }
  }
}

size_t WatchTable::count() const {
  size_t total = 0;
  for (const PathTable* table : {&data_, &child_}) {
    for (const auto& [path, sessions] : *table) total += sessions.size();
  }
  return total + persistent_.count();
}

size_t WatchTable::countForSession(int64_t session) const {
  size_t total = 0;
  for (const PathTable* table : {&data_, &child_}) {
    for (const auto& [path, sessions] : *table) total += sessions.contains(session) ? 1 : 0;
  }
  return total + persistent_.countForSession(session);
}

std::vector<WatchTable::Entry> WatchTable::entries() const {
  std::vector<Entry> result;
  for (const auto& [path, sessions] : data_) {
    for (const int64_t session : sessions.sorted())
      result.push_back(Entry{WatchKind::Data, path, session});
  }
  for (const auto& [path, sessions] : child_) {
    for (const int64_t session : sessions.sorted())
      result.push_back(Entry{WatchKind::Child, path, session});
  }
  for (const WatchKind kind : {WatchKind::Data, WatchKind::Child}) {
    for (auto& [path, session] : persistent_.entries(kind))
      result.push_back(Entry{kind, std::move(path), session});
  }
  return result;
}

}  // namespace lockscope::zookeeper::model

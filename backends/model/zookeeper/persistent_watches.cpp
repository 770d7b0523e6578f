#include "persistent_watches.h"

namespace lockscope::zookeeper::model {

void PersistentWatches::add(const std::string& path, int64_t session, AddWatchMode mode) {
  for (const WatchKind kind : {WatchKind::Data, WatchKind::Child}) {
    remove(kind, path, session);
    table(kind)[path][session] = mode;
    if (mode == AddWatchMode::PersistentRecursive) ++recursive_;
  }
}

bool PersistentWatches::remove(WatchKind kind, const std::string& path, int64_t session) {
  Table& entries = table(kind);
  const auto found = entries.find(path);
  if (found == entries.end()) return false;
  const auto entry = found->second.find(session);
  if (entry == found->second.end()) return false;
  if (entry->second == AddWatchMode::PersistentRecursive) --recursive_;
  found->second.erase(entry);
  if (found->second.empty()) entries.erase(found);
  return true;
}

void PersistentWatches::removeSession(int64_t session) {
  for (const WatchKind kind : {WatchKind::Data, WatchKind::Child}) {
    std::vector<std::string> paths;
    for (const auto& [path, sessions] : table(kind))
      if (sessions.count(session)) paths.push_back(path);
    for (const std::string& path : paths) remove(kind, path, session);
  }
}

// WatchManager.triggerWatch: on the node itself every entry fires (a recursive one not for
// NodeChildrenChanged); on its ancestors only the recursive ones do.
void PersistentWatches::collect(WatchKind kind, const std::string& path, EventType type,
                                std::vector<int64_t>& sessions) const {
  const Table& entries = table(kind);
  const bool childrenChanged = type == EventType::NodeChildrenChanged;
  if (const auto found = entries.find(path); found != entries.end()) {
    for (const auto& [session, mode] : found->second)
      if (!childrenChanged || mode == AddWatchMode::Persistent) sessions.push_back(session);
  }
  if (recursive_ == 0 || childrenChanged) return;
  for (std::string ancestor = path; ancestor != "/";) {
    const size_t slash = ancestor.rfind('/');
    ancestor = slash == 0 ? "/" : ancestor.substr(0, slash);
    const auto found = entries.find(ancestor);
    if (found == entries.end()) continue;
    for (const auto& [session, mode] : found->second)
      if (mode == AddWatchMode::PersistentRecursive) sessions.push_back(session);
  }
}

size_t PersistentWatches::count() const {
  size_t total = 0;
  for (const Table* entries : {&data_, &child_})
    for (const auto& [path, sessions] : *entries) total += sessions.size();
  return total;
}

size_t PersistentWatches::countForSession(int64_t session) const {
  size_t total = 0;
  for (const Table* entries : {&data_, &child_})
    for (const auto& [path, sessions] : *entries) total += sessions.count(session);
  return total;
}

std::vector<std::pair<std::string, int64_t>> PersistentWatches::entries(WatchKind kind) const {
  std::vector<std::pair<std::string, int64_t>> result;
  for (const auto& [path, sessions] : table(kind))
    for (const auto& [session, mode] : sessions) result.emplace_back(path, session);
  return result;
}

}  // namespace lockscope::zookeeper::model

#include "causal_slice.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <iterator>
#include <map>
#include <set>
#include <string_view>
#include <tuple>

namespace lockscope::checkers {
namespace {

using sim::TraceEvent;
using sim::TraceKind;

constexpr size_t kNone = static_cast<size_t>(-1);

bool isServerWrite(TraceKind kind) {
  return kind == TraceKind::NodeCreated || kind == TraceKind::NodeDeleted ||
         kind == TraceKind::NodeChanged || kind == TraceKind::KeyChanged ||
         kind == TraceKind::KeyDeleted;
}

// Kinds only a server (a ZooKeeper server, a Redis instance) appends: their actors have no
// program order of their own (see the header).
bool isServerKind(TraceKind kind) {
  return isServerWrite(kind) || kind == TraceKind::WatchSet || kind == TraceKind::WatchFired ||
         kind == TraceKind::WatchRemoved || kind == TraceKind::RedisInstance;
}

std::set<std::string_view> serverActors(std::span<const TraceEvent> trace) {
  std::set<std::string_view> servers{"server", "world"};
  for (const TraceEvent& event : trace) {
    if (isServerKind(event.kind)) servers.insert(event.actor);
  }
  return servers;
}

// The client (or setup actor) whose events carry each session.
std::map<int64_t, std::string_view> sessionOwners(std::span<const TraceEvent> trace,
                                                  const std::set<std::string_view>& servers) {
  std::map<int64_t, std::string_view> owners;
  for (const TraceEvent& event : trace) {
    if (event.session != 0 && !servers.contains(event.actor))
      owners.emplace(event.session, event.actor);
  }
  return owners;
}

std::string_view parentOf(std::string_view path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return {};
  return slash == 0 ? std::string_view("/") : path.substr(0, slash);
}

struct PendingRequest {
  size_t index = 0;
  std::vector<size_t> handledBy;  // server events that did its work
};

// Builds, for every event, the events it directly depends on.
class EdgeBuilder {
 public:
  explicit EdgeBuilder(std::span<const TraceEvent> trace)
      : trace_(trace),
        servers_(serverActors(trace)),
        owners_(sessionOwners(trace, servers_)),
        predecessors_(trace.size()) {}

  std::vector<std::vector<size_t>> build() {
    for (size_t index = 0; index < trace_.size(); ++index) visit(index);
    return std::move(predecessors_);
  }

 private:
  using RequestKey = std::tuple<std::string_view, std::string_view, int64_t>;

  void edge(size_t from, size_t to) {
    if (from != kNone && from != to) predecessors_[to].push_back(from);
  }

  void visit(size_t index) {
    const TraceEvent& event = trace_[index];
    const bool server = servers_.contains(event.actor);
    if (server) {
      // A fault that hit this server comes before all it does afterwards; a replica's, after a
      // fault of its master too (a failover promotes it).
      if (const auto fault = lastFault_.find(event.actor); fault != lastFault_.end())
        edge(fault->second, index);
      if (const auto master = masterOf_.find(event.actor); master != masterOf_.end()) {
        if (const auto fault = lastFault_.find(master->second); fault != lastFault_.end())
          edge(fault->second, index);
      }
    } else {
      // Program order: a client's own events, in order.
      if (const auto last = lastOfActor_.find(event.actor); last != lastOfActor_.end())
        edge(last->second, index);
      lastOfActor_[event.actor] = index;
    }
    if (isServerWrite(event.kind)) visitWrite(index);
    switch (event.kind) {
      case TraceKind::Request:
        pending_[{event.actor, event.detail, event.request}] = {index, {}};
        break;
      case TraceKind::Reply: visitReply(index); break;
      case TraceKind::WatchSet:
        if (PendingRequest* request = pendingOf(event.session, event.path))
          handledBy(*request, index);
        watchSet_[{event.session, event.path}] = index;
        break;
      case TraceKind::WatchFired: visitWatchFired(index); break;
      case TraceKind::WatchDelivered: {
        auto& fired = firedForSession_[event.session];
        if (!fired.empty()) {
          edge(fired.front(), index);
          fired.erase(fired.begin());
        }
        break;
      }
      case TraceKind::SessionState: visitSessionState(index, server); break;
      case TraceKind::Fault:
        if (server) lastFault_[event.actor] = index;  // after the edge from the one before
        break;
      case TraceKind::RedisInstance:
        // A replica names the master it follows on its first "up".
        if (!event.path.empty()) masterOf_.emplace(event.actor, event.path);
        break;
      case TraceKind::Row: chainByPath(rowWrites_, index); break;
      case TraceKind::RowLock: visitRowLock(index); break;
      default: break;
    }
  }

  // Writes to one path on one server, in order: each depends on the one before. A replica's copy
  // of a write depends on the master's (same key, same replication offset).
  void visitWrite(size_t index) {
    const TraceEvent& event = trace_[index];
    chainByPath(serverWrites_, index);
    lastWriteOfPath_[event.path] = index;
    if (event.kind == TraceKind::NodeCreated || event.kind == TraceKind::NodeDeleted)
      lastChildWriteOf_[parentOf(event.path)] = index;
    if (event.kind == TraceKind::NodeDeleted) {
      if (const auto expiry = expiryOfZxid_.find(event.zxid); expiry != expiryOfZxid_.end())
        edge(expiry->second, index);
    }
    if (event.zxid != 0) writesOfZxid_[event.zxid].push_back(index);
    if (event.kind == TraceKind::KeyChanged || event.kind == TraceKind::KeyDeleted) {
      if (event.detail == "replicated") {
        if (const auto master = redisWrites_.find({event.path, event.zxid});
            master != redisWrites_.end())
          edge(master->second, index);
      } else {
        redisWrites_[{event.path, event.zxid}] = index;
        matchRedisRequests(index);
      }
    }
  }

  void chainByPath(std::map<std::pair<std::string_view, std::string_view>, size_t>& last,
                   size_t index) {
    const TraceEvent& event = trace_[index];
    // Rows are one database's, whoever wrote them; znodes and keys are their server's.
    const std::string_view owner = event.kind == TraceKind::Row ? "" : event.actor;
    auto [found, inserted] = last.try_emplace({owner, event.path}, index);
    if (!inserted) {
      edge(found->second, index);
      found->second = index;
    }
  }

  // A Redis write happens while a request on its key to its instance is in flight (to its master,
  // for a promoted replica: clients still name the master): the one whose SET carried the value
  // written when there is one, else every such request (more than one is rare, and a slice had
  // better hold an event too many than lose the one that mattered).
  void matchRedisRequests(size_t index) {
    const TraceEvent& event = trace_[index];
    std::vector<PendingRequest*> candidates, carriers;
    for (auto& entry : pending_) {
      PendingRequest& request = entry.second;
      const TraceEvent& sent = trace_[request.index];
      const auto master = masterOf_.find(event.actor);
      const bool toThisServer = sent.detail == event.actor ||
                                (master != masterOf_.end() && sent.detail == master->second);
      if (!toThisServer || sent.path != event.path) continue;
      candidates.push_back(&request);
      if (!event.value.empty() && sent.value.starts_with(event.value)) carriers.push_back(&request);
    }
    for (PendingRequest* request : carriers.empty() ? candidates : carriers)
      handledBy(*request, index);
  }

  void handledBy(PendingRequest& request, size_t serverEvent) {
    edge(request.index, serverEvent);
    request.handledBy.push_back(serverEvent);
  }

  // The pending ZooKeeper request of `session` on `path` (the latest sent), if any.
  PendingRequest* pendingOf(int64_t session, std::string_view path) {
    PendingRequest* found = nullptr;
    for (auto& entry : pending_) {
      PendingRequest& request = entry.second;
      const TraceEvent& sent = trace_[request.index];
      if (session != 0 && sent.session == session && sent.path == path &&
          (!found || request.index > found->index))
        found = &request;
    }
    return found;
  }

  void visitReply(size_t index) {
    const TraceEvent& reply = trace_[index];
    const auto found = pending_.find({reply.actor, reply.detail, reply.request});
    if (found == pending_.end()) return;
    PendingRequest& request = found->second;
    edge(request.index, index);
    // ZooKeeper: the write the request made has the reply's zxid and the request's path (the
    // created path for a create). A read's reply carries the last zxid too, but of a write to
    // another path: the path test leaves it out.
    if (reply.zxid != 0) {
      const std::string_view path = trace_[request.index].path;
      for (size_t write : writesOfZxid_[reply.zxid]) {
        const std::string_view written = trace_[write].path;
        if (written == path || written == reply.value) handledBy(request, write);
      }
    }
    for (size_t serverEvent : request.handledBy) edge(serverEvent, index);
    pending_.erase(found);
  }

  void visitWatchFired(size_t index) {
    const TraceEvent& event = trace_[index];
    if (const auto set = watchSet_.find({event.session, event.path}); set != watchSet_.end())
      edge(set->second, index);
    // The write that triggered it: a child's create or delete for a child watch, else a write to
    // the watched path itself.
    const auto& writes = event.value == "NodeChildrenChanged" ? lastChildWriteOf_
                                                              : lastWriteOfPath_;
    if (const auto write = writes.find(event.path); write != writes.end())
      edge(write->second, index);
    firedForSession_[event.session].push_back(index);
  }

  void visitSessionState(size_t index, bool server) {
    const TraceEvent& event = trace_[index];
    const bool expired = event.op == sim::SessionOp::Expired;
    if (server) {
      if (event.op == sim::SessionOp::Created) serverCreated_[event.session] = index;
      if (!expired) return;
      // A session expires because its owner went silent: after the owner's last event.
      if (const auto owner = owners_.find(event.session); owner != owners_.end()) {
        if (const auto last = lastOfActor_.find(owner->second); last != lastOfActor_.end())
          edge(last->second, index);
      }
      expiryOfSession_[event.session] = index;
      if (event.zxid != 0) expiryOfZxid_[event.zxid] = index;
      return;
    }
    if (expired) {
      if (const auto expiry = expiryOfSession_.find(event.session);
          expiry != expiryOfSession_.end())
        edge(expiry->second, index);
    } else if (event.op == sim::SessionOp::Connected) {
      if (const auto created = serverCreated_.find(event.session); created != serverCreated_.end())
        edge(created->second, index);
    }
  }

  // A row lock granted after a wait depends on the release that let it through.
  void visitRowLock(size_t index) {
    const TraceEvent& event = trace_[index];
    if (event.op == sim::RowLockOp::Released) {
      lastRowLockRelease_[event.path] = index;
    } else if (event.op == sim::RowLockOp::Granted) {
      if (const auto release = lastRowLockRelease_.find(event.path);
          release != lastRowLockRelease_.end())
        edge(release->second, index);
    }
  }

  std::span<const TraceEvent> trace_;
  std::set<std::string_view> servers_;
  std::map<int64_t, std::string_view> owners_;
  std::vector<std::vector<size_t>> predecessors_;

  std::map<std::string_view, size_t> lastOfActor_, lastFault_;
  std::map<std::string_view, std::string_view> masterOf_;  // a Redis replica's master
  std::map<RequestKey, PendingRequest> pending_;
  std::map<std::pair<std::string_view, std::string_view>, size_t> serverWrites_, rowWrites_;
  std::map<std::string_view, size_t> lastWriteOfPath_, lastChildWriteOf_, lastRowLockRelease_;
  std::map<int64_t, std::vector<size_t>> writesOfZxid_;
  std::map<std::pair<std::string_view, int64_t>, size_t> redisWrites_;
  std::map<std::pair<int64_t, std::string_view>, size_t> watchSet_;
  std::map<int64_t, std::vector<size_t>> firedForSession_;
  std::map<int64_t, size_t> serverCreated_, expiryOfSession_, expiryOfZxid_;
};

// Whether `event` is the kind of event that `violation` is about, for choosing its seeds.
bool seedFits(const Violation& violation, const TraceEvent& event) {
  if (violation.kind == "mutual_exclusion" || violation.kind == "fifo")
    return event.kind == TraceKind::Lock && event.op == sim::LockOp::Acquired;
  if (violation.kind == "lost_update")
    return event.kind == TraceKind::Resource && event.op == sim::ResourceOp::Write;
  return true;
}

std::string millis(sim::Micros time) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f ms", static_cast<double>(time) / 1000.0);
  return text;
}

// How the summary names a notable event; empty for the rest.
std::string notableWords(const TraceEvent& event, const std::map<int64_t, std::string_view>& owners,
                         sim::Micros origin) {
  const std::string at = " at " + millis(event.time - origin);
  switch (event.kind) {
    case TraceKind::Fault: return std::string(opText(event)) + " " + std::string(event.actor) + at;
    case TraceKind::SessionState: {
      if (event.op != sim::SessionOp::Expired || event.actor != "server") return {};
      const auto owner = owners.find(event.session);
      return (owner == owners.end() ? std::string("a session")
                                    : std::string(owner->second) + "'s session") +
             " expired" + at;
    }
    case TraceKind::KeyDeleted:
      if (event.op != sim::KeyDeletedOp::Expired) return {};
      return "key " + std::string(event.path) + " expired" + at;
    case TraceKind::Lock:
      if (event.op != sim::LockOp::Acquired) return {};
      return std::string(event.actor) + " acquired" + at;
    case TraceKind::Resource:
      if (event.op != sim::ResourceOp::Write) return {};
      return std::string(event.actor) + " wrote " + std::string(event.value) + at;
    default: return {};
  }
}

}  // namespace

CausalGraph::CausalGraph(std::span<const sim::TraceEvent> trace)
    : trace_(trace), predecessors_(EdgeBuilder(trace).build()) {
  for (size_t index = 0; index < trace.size(); ++index) {
    auto [found, inserted] = eventsOfActor_.try_emplace(std::string(trace[index].actor));
    found->second.push_back(index);
  }
}

// For each client of the violation, its last event of the violation's kind at or before the
// moment the trace shows it (its last event then when it has none such); a violation that lasts
// to the end of the run (stuck, deadlock, a leaked watch) looks up to the end.
std::vector<size_t> CausalGraph::seedsOf(const Violation& violation) const {
  const bool toTheEnd = violation.until == 0 &&
                        (violation.kind == "stuck" || violation.kind == "deadlock" ||
                         violation.kind == "leaked_watch");
  const sim::Micros moment = violation.knownAt();
  std::vector<size_t> seeds;
  for (const std::string& client : violation.clients) {
    const auto events = eventsOfActor_.find(client);
    if (events == eventsOfActor_.end()) continue;
    const std::vector<size_t>& own = events->second;
    // Past the last event by the moment, then back to the last that fits.
    auto end = toTheEnd ? own.end()
                        : std::upper_bound(own.begin(), own.end(), moment,
                                           [this](sim::Micros time, size_t index) {
                                             return time < trace_[index].time;
                                           });
    if (end == own.begin()) continue;
    auto seed = end;
    while (seed != own.begin() && !seedFits(violation, trace_[*std::prev(seed)])) --seed;
    seeds.push_back(seed == own.begin() ? *std::prev(end) : *std::prev(seed));
  }
  return seeds;
}

CausalSlice CausalGraph::sliceOf(const Violation& violation) const {
  std::vector<bool> inSlice(trace_.size(), false);
  std::vector<size_t> frontier = seedsOf(violation);
  for (size_t seed : frontier) inSlice[seed] = true;
  while (!frontier.empty()) {
    const size_t index = frontier.back();
    frontier.pop_back();
    for (size_t before : predecessors_[index]) {
      if (inSlice[before]) continue;
      inSlice[before] = true;
      frontier.push_back(before);
    }
  }
  CausalSlice slice{.events = {}, .traceSize = trace_.size()};
  for (size_t index = 0; index < trace_.size(); ++index) {
    if (inSlice[index]) slice.events.push_back(index);
  }
  return slice;
}

CausalSlice causalSlice(std::span<const sim::TraceEvent> trace, const Violation& violation) {
  return CausalGraph(trace).sliceOf(violation);
}

std::string sliceSummary(std::span<const sim::TraceEvent> trace, const CausalSlice& slice,
                         sim::Micros origin) {
  const auto owners = sessionOwners(trace, serverActors(trace));
  std::string line = "the violation depends on " + std::to_string(slice.events.size()) + " of " +
                     std::to_string(slice.traceSize) + " events";
  constexpr size_t kMostNamed = 8;  // a summary stays one line; the list has them all
  size_t named = 0;
  for (size_t index : slice.events) {
    const std::string words = notableWords(trace[index], owners, origin);
    if (words.empty()) continue;
    if (named == kMostNamed) return line + ", ...";
    line += (named++ ? ", " : ": ") + words;
  }
  return line;
}

std::string sliceEventLine(const sim::TraceEvent& event, sim::Micros origin) {
  char time[32];
  std::snprintf(time, sizeof time, "%10.1f ms", static_cast<double>(event.time - origin) / 1000.0);
  std::string line = std::string(time) + "  " + std::string(event.actor) + "  " +
                     sim::traceKindName(event.kind);
  if (const std::string_view op = opText(event); !op.empty()) line += " " + std::string(op);
  if (!event.path.empty()) line += "  " + std::string(event.path);
  return line;
}

}  // namespace lockscope::checkers

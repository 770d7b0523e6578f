#include "stage_state.h"

#include <algorithm>

#include "sim/checkers/trace_facts.h"

namespace lockscope::gui {

const char* activityName(Activity activity) {
  switch (activity) {
    case Activity::Idle: return "idle";
    case Activity::Creating: return "creating";
    case Activity::Listing: return "listing";
    case Activity::Waiting: return "waiting";
    case Activity::Holding: return "holding";
    case Activity::Releasing: return "releasing";
    case Activity::Paused: return "paused";
    case Activity::Crashed: return "crashed";
    case Activity::Expired: return "expired";
    case Activity::Done: return "done";
  }
  return "idle";
}

Activity ClientOnStage::activity() const {
  if (crashed) return Activity::Crashed;
  if (paused) return Activity::Paused;
  if (expired) return Activity::Expired;
  if (holding) return Activity::Holding;
  if (releasing) return Activity::Releasing;
  if (acquiring) {
    if (outstanding == 0) return Activity::Waiting;
    return pendingOp == sim::ZooKeeperOp::Create ? Activity::Creating : Activity::Listing;
  }
  return done ? Activity::Done : Activity::Idle;
}

bool StageState::heldByDeadSession(size_t client) const {
  const ClientOnStage& state = clients_[client];
  return state.crashed && !state.node.empty() && znodes_.count(state.node) != 0;
}

bool StageState::holds(size_t client) const {
  return clients_[client].holding || heldByDeadSession(client);
}

int StageState::holders() const {
  int count = 0;
  for (size_t client = 0; client < clients_.size(); ++client) count += holds(client) ? 1 : 0;
  return count;
}

int StageState::holderOfNode(std::string_view path) const {
  for (size_t client = 0; client < clients_.size(); ++client) {
    if (clients_[client].node == path && holds(client)) return static_cast<int>(client);
  }
  return kNoClient;
}

int StageState::partHolderOfNode(std::string_view path) const {
  for (size_t client = 0; client < clients_.size(); ++client) {
    const auto& parts = clients_[client].partNodes;
    if (std::find(parts.begin(), parts.end(), path) != parts.end() &&
        znodes_.count(std::string(path)) != 0) {
      return static_cast<int>(client);
    }
  }
  return kNoClient;
}

void StageState::applyLock(ClientOnStage& client, sim::TraceOp op, std::string_view path) {
  using sim::LockOp;
  if (op != LockOp::Acquiring) client.partNodes.clear();  // it has all of its locks, or none
  if (op == LockOp::Acquiring) {
    client.acquiring = true;
    client.line = 0;
  } else if (op == LockOp::Acquired) {
    client.acquiring = false;
    client.holding = true;
    client.node = std::string(path);
    ++client.acquisitions;
  } else if (op == LockOp::Releasing) {
    client.holding = false;
    client.releasing = true;
  } else if (op == LockOp::Released) {
    client.holding = false;
    client.releasing = false;
  } else if (op == LockOp::TimedOut || op == LockOp::Failed) {
    client.acquiring = false;
  } else if (op == LockOp::Done) {
    client.done = true;
    client.acquiring = client.holding = client.releasing = false;
  }
}

void StageState::applyProcess(ClientOnStage& client, sim::TraceOp state) {
  using sim::ProcessOp;
  if (state == ProcessOp::Paused) client.paused = true;
  if (state == ProcessOp::Resumed) client.paused = false;
  if (state == ProcessOp::Crashed) {
    // The process forgets everything; its session and nodes live on at the server until expiry.
    client = ClientOnStage{.crashed = true,
                           .line = client.line,
                           .session = client.session,
                           .node = client.holding ? client.node : std::string(),
                           .acquisitions = client.acquisitions};
  }
  if (state == ProcessOp::Restarted) {
    client = ClientOnStage{.acquisitions = client.acquisitions};
  }
}

void StageState::apply(const StoredEvent& event, const RecordedTrace& trace, const RunCast& cast) {
  ++applied_;
  const int actor = cast.clientOfActor(event.actor);
  ClientOnStage* client = actor == kNoClient ? nullptr : &clients_[static_cast<size_t>(actor)];
  const sim::TraceOp op = event.op;
  switch (event.kind) {
    case sim::TraceKind::Request:
      if (client) {
        ++client->outstanding;
        client->pendingOp = event.op;
      }
      break;
    case sim::TraceKind::Reply:
      if (client && client->outstanding > 0) --client->outstanding;
      break;
    case sim::TraceKind::Step:
      if (client) client->line = static_cast<int>(event.request);
      break;
    case sim::TraceKind::Lock:
      if (client) applyLock(*client, op, trace.text(event.path));
      if (client && op == sim::LockOp::Acquired)
        client->holdingRead = trace.text(event.value) == "read";
      // A cache's close is its role's release (`release read`): what it held is no longer kept.
      if (client && op == sim::LockOp::Released && trace.text(event.value) == "read")
        client->cacheOpen = false;
      break;
    case sim::TraceKind::Process:
      if (client) applyProcess(*client, op);
      break;
    case sim::TraceKind::Note:
      if (client && op == sim::NoteOp::Multilock)
        client->partNodes.emplace_back(trace.text(event.path));
      if (client && op == sim::NoteOp::Cache) {
        client->cacheOpen = true;
        client->cache = event.value;
        client->cacheVersion = event.request;
      }
      break;
    case sim::TraceKind::Fault:
      if (op == sim::FaultKind::KillServer) serverUp_ = false;
      if (op == sim::FaultKind::RestartServer) serverUp_ = true;
      if (client && op == sim::FaultKind::Partition) client->partitioned = true;
      if (client && op == sim::FaultKind::Heal) client->partitioned = false;
      break;
    case sim::TraceKind::SessionState:
      if (client && op == sim::SessionOp::Connected) {
        client->session = event.session;
        client->expired = false;
      }
      if (client && op == sim::SessionOp::Expired) client->expired = true;
      break;
    case sim::TraceKind::NodeCreated: {
      const std::string_view mode = trace.text(event.value);
      ZnodeOnStage node{.owner = kNoClient,
                        .ephemeral = mode.find("EPHEMERAL") != std::string_view::npos,
                        .sequential = mode.find("SEQUENTIAL") != std::string_view::npos,
                        .created = event.time,
                        .czxid = event.zxid};
      if (node.ephemeral) node.owner = cast.clientOfSession(event.session);
      znodes_.insert_or_assign(std::string(trace.text(event.path)), node);
      break;
    }
    case sim::TraceKind::NodeChanged: {
      const auto node = znodes_.find(trace.text(event.path));
      if (node == znodes_.end()) break;
      node->second.data = event.value;
      node->second.version = event.request;
      break;
    }
    case sim::TraceKind::NodeDeleted: {
      const auto node = znodes_.find(trace.text(event.path));
      if (node != znodes_.end()) znodes_.erase(node);
      break;
    }
    default: break;
  }
  redis_.apply(event, trace, cast);
  database_.apply(event, trace, cast);
  watches_.onEvent(trace.view(event));
}

}  // namespace lockscope::gui

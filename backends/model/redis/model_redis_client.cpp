#include "model_redis_client.h"

#include "redis_deployment.h"

namespace lockscope::redis::model {
namespace {

std::string arguments(const Command& argv) {
  std::string out;
  for (size_t i = 2; i < argv.size(); ++i) {
    if (!out.empty()) out += ' ';
    out += argv[i];
  }
  return out;
}

}  // namespace

ModelRedisClient::ModelRedisClient(sim::World& world, sim::Process& process,
                                   sim::Connection& connection, RedisDeployment& deployment,
                                   size_t shard, std::string shardName, std::string clientName,
                                   int64_t timeoutMs)
    : world_(world),
      process_(process),
      connection_(connection),
      deployment_(deployment),
      shard_(shard),
      timeoutMs_(timeoutMs),
      state_(std::make_shared<State>(State{&world, std::move(shardName), std::move(clientName), {}})) {}

ModelRedisClient::~ModelRedisClient() = default;

void ModelRedisClient::command(Command argv, ReplyCallback done) {
  const int64_t request = ++nextRequest_;
  // EVAL's key is its fourth word; everything else names its key second.
  const bool script = !argv.empty() && argv[0] == "EVAL";
  std::string op = argv.empty() ? "" : script && argv.size() > 1 ? argv[1] : argv[0];
  std::string key = script ? (argv.size() > 3 ? argv[3] : "") : (argv.size() > 1 ? argv[1] : "");
  world_.record({.kind = sim::TraceKind::Request, .actor = state_->clientName, .op = op,
                 .path = key, .value = script ? "" : arguments(argv), .detail = state_->shardName,
                 .request = request});
  state_->pending.emplace(request, Pending{std::move(done), std::move(op), std::move(key)});
  std::weak_ptr<State> weak = state_;
  if (timeoutMs_ > 0) {
    process_.after(sim::fromMillis(timeoutMs_), [weak, request] {
      if (auto state = weak.lock()) state->finish(request, Reply::timeout());
    });
  }
  sim::Process* process = &process_;
  sim::Connection* connection = &connection_;
  RedisDeployment* deployment = &deployment_;
  const size_t shard = shard_;
  connection_.send(sim::Direction::ToServer, [=, argv = std::move(argv)] {
    const std::optional<Reply> reply = deployment->execute(shard, argv);
    if (!reply) return;  // the master is down: no answer ever comes
    connection->send(sim::Direction::ToClient, [=] {
      process->deliver([weak, request, reply] {
        if (auto state = weak.lock()) state->finish(request, *reply);
      });
    });
  });
}

void ModelRedisClient::State::finish(int64_t request, const Reply& reply) {
  const auto found = pending.find(request);
  if (found == pending.end()) return;  // answered already (a reply after its timeout)
  Pending answered = std::move(found->second);
  pending.erase(found);
  const std::string text = reply.describe();
  world->record({.kind = sim::TraceKind::Reply, .actor = clientName, .op = answered.op,
                 .path = answered.key, .rc = replyTypeName(reply.type), .value = text,
                 .detail = shardName, .request = request});
  answered.done(reply);
}

}  // namespace lockscope::redis::model

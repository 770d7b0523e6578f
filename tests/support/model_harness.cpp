#include "model_harness.h"

namespace lockscope::testing {
namespace {

zk::ErrorCode rcOf(zk::ErrorCode rc) { return rc; }
template <typename T>
zk::ErrorCode rcOf(const T& result) {
  return result.rc;
}

}  // namespace

// --- TestClient ---

TestClient::TestClient(ModelHarness& harness, std::string name,
                       std::unique_ptr<zk::ZooKeeperClient> api)
    : harness_(harness), name_(std::move(name)), api_(std::move(api)) {
  api_->setWatcher([log = log_, world = &harness_.world](const zk::WatchedEvent& event) {
    log->push_back(Observed{Observed::Kind::Event, world->now(), event, {}, {}, zk::ErrorCode::Ok});
  });
}

zkm::ClientSession& TestClient::session() {
  return dynamic_cast<zkm::ModelClient&>(*api_).session();
}

std::vector<zk::WatchedEvent> TestClient::events() const {
  std::vector<zk::WatchedEvent> result;
  for (const Observed& seen : *log_) {
    if (seen.kind == Observed::Kind::Event) result.push_back(seen.event);
  }
  return result;
}

std::vector<zk::WatchedEvent> TestClient::events(zk::EventType type) const {
  std::vector<zk::WatchedEvent> result;
  for (const zk::WatchedEvent& event : events()) {
    if (event.type == type) result.push_back(event);
  }
  return result;
}

std::string TestClient::statesSeen() const {
  std::string states;
  for (const zk::WatchedEvent& event : events(zk::EventType::None)) {
    if (!states.empty()) states += ' ';
    states += zk::sessionStateName(event.state);
  }
  return states;
}

bool TestClient::sawState(zk::SessionState state) const { return stateTime(state) >= 0; }

sim::Micros TestClient::stateTime(zk::SessionState state, sim::Micros since) const {
  for (const Observed& seen : *log_) {
    if (seen.kind == Observed::Kind::Event && seen.event.type == zk::EventType::None &&
        seen.event.state == state && seen.time >= since) {
      return seen.time;
    }
  }
  return -1;
}

template <typename T>
Pending<T> TestClient::track(const char* op, const std::string& path,
                             std::function<void(std::function<void(T)>)> issue) {
  Pending<T> pending;
  issue([slot = pending.slot, log = log_, world = &harness_.world, op = std::string(op),
         path](T result) {
    log->push_back(Observed{Observed::Kind::Reply, world->now(), {}, op, path, rcOf(result)});
    *slot = std::move(result);
  });
  return pending;
}

template <typename T>
T TestClient::await(const Pending<T>& pending) {
  harness_.runUntil([&] { return pending.ready(); });
  return pending.get();
}

Pending<CreateResult> TestClient::createAsync(const std::string& path, const std::string& data,
                                              zk::CreateMode mode) {
  return track<CreateResult>("create", path, [&](auto done) {
    api_->create(path, data, mode,
                 [done](zk::ErrorCode rc, const std::string& created, const zk::Stat& stat) {
                   done(CreateResult{rc, created, stat});
                 });
  });
}

Pending<StatResult> TestClient::existsAsync(const std::string& path, bool watch) {
  return track<StatResult>("exists", path, [&](auto done) {
    api_->exists(path, watch, [done](zk::ErrorCode rc, const std::optional<zk::Stat>& stat) {
      done(StatResult{rc, stat});
    });
  });
}

Pending<DataResult> TestClient::getDataAsync(const std::string& path, bool watch) {
  return track<DataResult>("getData", path, [&](auto done) {
    api_->getData(path, watch,
                  [done](zk::ErrorCode rc, const std::string& data, const zk::Stat& stat) {
                    done(DataResult{rc, data, stat});
                  });
  });
}

Pending<StatResult> TestClient::setDataAsync(const std::string& path, const std::string& data,
                                             int32_t version) {
  return track<StatResult>("setData", path, [&](auto done) {
    api_->setData(path, data, version,
                  [done](zk::ErrorCode rc, const std::optional<zk::Stat>& stat) {
                    done(StatResult{rc, stat});
                  });
  });
}

Pending<zk::ErrorCode> TestClient::removeAsync(const std::string& path, int32_t version) {
  return track<zk::ErrorCode>("delete", path, [&](auto done) {
    api_->remove(path, version, [done](zk::ErrorCode rc) { done(rc); });
  });
}

Pending<ChildrenResult> TestClient::getChildrenAsync(const std::string& path, bool watch) {
  return track<ChildrenResult>("getChildren", path, [&](auto done) {
    api_->getChildren(
        path, watch, [done](zk::ErrorCode rc, const zk::Children& children, const zk::Stat& stat) {
          done(ChildrenResult{rc, children ? children->names() : std::vector<std::string>{}, stat});
        });
  });
}

Pending<zk::ErrorCode> TestClient::closeAsync() {
  return track<zk::ErrorCode>(
      "close", "", [&](auto done) { api_->close([done](zk::ErrorCode rc) { done(rc); }); });
}

CreateResult TestClient::create(const std::string& path, const std::string& data,
                                zk::CreateMode mode) {
  return await(createAsync(path, data, mode));
}
StatResult TestClient::exists(const std::string& path, bool watch) {
  return await(existsAsync(path, watch));
}
DataResult TestClient::getData(const std::string& path, bool watch) {
  return await(getDataAsync(path, watch));
}
StatResult TestClient::setData(const std::string& path, const std::string& data, int32_t version) {
  return await(setDataAsync(path, data, version));
}
zk::ErrorCode TestClient::remove(const std::string& path, int32_t version) {
  return await(removeAsync(path, version));
}
ChildrenResult TestClient::getChildren(const std::string& path, bool watch) {
  return await(getChildrenAsync(path, watch));
}
zk::ErrorCode TestClient::close() { return await(closeAsync()); }

// --- ModelHarness ---

ModelHarness::ModelHarness(uint64_t seed, zkm::ModelConfig config)
    : world(seed), model(world, config) {
  world.trace().addSink(&trace);
}

ModelHarness::~ModelHarness() { world.trace().removeSink(&trace); }

std::unique_ptr<TestClient> ModelHarness::connectAsync(const std::string& name, int64_t timeoutMs) {
  return std::make_unique<TestClient>(*this, name, model.connect(name, timeoutMs));
}

std::unique_ptr<TestClient> ModelHarness::connect(const std::string& name, int64_t timeoutMs) {
  auto client = connectAsync(name, timeoutMs);
  runUntil([&] { return client->sawState(zk::SessionState::SyncConnected); });
  return client;
}

bool ModelHarness::runUntil(const std::function<bool()>& done, sim::Micros budget) {
  return world.runUntil(done, world.now() + budget);
}

void ModelHarness::runFor(sim::Micros duration) { world.runUntilTime(world.now() + duration); }

void ModelHarness::runUntilTime(sim::Micros time) { world.runUntilTime(time); }

std::optional<zk::Stat> ModelHarness::statAt(const std::string& path) const {
  const zkm::Znode* node = server().tree().find(path);
  return node ? std::optional<zk::Stat>(node->stat) : std::nullopt;
}

std::vector<sim::RecordedEvent> ModelHarness::traced(sim::TraceKind kind) const {
  std::vector<sim::RecordedEvent> result;
  for (const sim::RecordedEvent& event : trace.events()) {
    if (event.kind == kind) result.push_back(event);
  }
  return result;
}

std::vector<sim::RecordedEvent> ModelHarness::traced(sim::TraceKind kind,
                                                     const std::string& path) const {
  std::vector<sim::RecordedEvent> result;
  for (const sim::RecordedEvent& event : traced(kind)) {
    if (event.path == path) result.push_back(event);
  }
  return result;
}

sim::RecordedEvent ModelHarness::tracedOnce(sim::TraceKind kind, const std::string& path) const {
  const auto found = traced(kind, path);
  if (found.size() != 1) {
    QTest::qFail(qPrintable(QStringLiteral("expected one %1 event on %2 in the trace, found %3")
                                .arg(QString::fromLatin1(sim::traceKindName(kind)),
                                     QString::fromStdString(path))
                                .arg(found.size())),
                 __FILE__, __LINE__);
    return {};
  }
  return found.front();
}

}  // namespace lockscope::testing

namespace lockscope::zookeeper {

char* toString(const ErrorCode& code) { return qstrdup(errorCodeName(code).data()); }
char* toString(const EventType& type) { return qstrdup(eventTypeName(type).data()); }
char* toString(const SessionState& state) { return qstrdup(sessionStateName(state).data()); }

char* toString(const WatchedEvent& event) {
  return qstrdup(QStringLiteral("%1/%2 %3")
                     .arg(QString::fromLatin1(eventTypeName(event.type).data()),
                          QString::fromLatin1(sessionStateName(event.state).data()),
                          QString::fromStdString(event.path))
                     .toUtf8()
                     .constData());
}

char* toString(const Stat& stat) {
  return qstrdup(QStringLiteral("{czxid=%1 mzxid=%2 pzxid=%3 ctime=%4 mtime=%5 version=%6 "
                                "cversion=%7 aversion=%8 ephemeralOwner=%9 dataLength=%10 "
                                "numChildren=%11}")
                     .arg(stat.czxid)
                     .arg(stat.mzxid)
                     .arg(stat.pzxid)
                     .arg(stat.ctime)
                     .arg(stat.mtime)
                     .arg(stat.version)
                     .arg(stat.cversion)
                     .arg(stat.aversion)
                     .arg(stat.ephemeralOwner)
                     .arg(stat.dataLength)
                     .arg(stat.numChildren)
                     .toUtf8()
                     .constData());
}

}  // namespace lockscope::zookeeper

namespace lockscope::sim {

char* toString(const RecordedEvent& event) {
  return qstrdup(QStringLiteral("%1 t=%2 %3 op=%4 path=%5 value=%6 zxid=%7")
                     .arg(QString::fromLatin1(traceKindName(event.kind)))
                     .arg(event.time)
                     .arg(QString::fromStdString(event.actor),
                          QString::fromUtf8(opText(event.view()).data(),
                                            qsizetype(opText(event.view()).size())),
                          QString::fromStdString(event.path), QString::fromStdString(event.value))
                     .arg(event.zxid)
                     .toUtf8()
                     .constData());
}

}  // namespace lockscope::sim

namespace QTest {

template <>
char* toString(const std::string& text) {
  return qstrdup(QByteArray::fromStdString('"' + text + '"').constData());
}

template <>
char* toString(const std::vector<std::string>& names) {
  std::string joined = "[";
  for (const std::string& name : names) joined += (joined.size() > 1 ? ", " : "") + name;
  return qstrdup(QByteArray::fromStdString(joined + "]").constData());
}

template <>
char* toString(const std::vector<lockscope::zookeeper::WatchedEvent>& events) {
  QByteArray joined = "[";
  for (const auto& event : events) {
    char* one = lockscope::zookeeper::toString(event);
    joined += (joined.size() > 1 ? ", " : "") + QByteArray(one);
    delete[] one;
  }
  return qstrdup((joined + "]").constData());
}

}  // namespace QTest

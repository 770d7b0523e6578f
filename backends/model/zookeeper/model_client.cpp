#include "model_client.h"

namespace lockscope::zookeeper::model {
namespace {

// Every call's completion: the API's callback wrapped to read the reply. Checked to fit the
// session's completion in place, so a call costs no closure allocation.
template <typename F>
ClientSession::Completion completion(F complete) {
  static_assert(ClientSession::Completion::fitsInline<F>());
  return complete;
}

Request makeRequest(OpCode op, const std::string& path) {
  Request request;
  request.op = op;
  request.path = path;
  return request;
}

// The reads only zkCli makes answer in Reply::details; a failed one carries none.
const ReadDetails& detailsOf(const Reply& reply) {
  static const ReadDetails kNone;
  return reply.details ? *reply.details : kNone;
}

}  // namespace

void ModelClient::create(const std::string& path, const std::string& data, CreateMode mode,
                         CreateCallback done) {
  createWithOptions(path, data, mode, {}, std::move(done));
}

void ModelClient::createWithOptions(const std::string& path, const std::string& data,
                                    CreateMode mode, const CreateOptions& options,
                                    CreateCallback done) {
  Request request = makeRequest(OpCode::Create, path);
  request.data = data;
  request.mode = mode;
  request.ttlMs = options.ttlMs;
  if (!options.acl.empty())
    request.details = std::make_shared<const RequestDetails>(RequestDetails{.acl = options.acl});
  session_->submit(std::move(request), completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, reply.path, reply.stat);
                   }));
}

void ModelClient::setAcl(const std::string& path, const std::vector<Acl>& acl, int32_t version,
                         StatCallback done) {
  Request request = makeRequest(OpCode::SetAcl, path);
  request.version = version;
  request.details = std::make_shared<const RequestDetails>(RequestDetails{.acl = acl});
  session_->submit(std::move(request), completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, reply.hasStat ? std::optional<Stat>(reply.stat) : std::nullopt);
                   }));
}

void ModelClient::addAuth(const std::string& scheme, const std::string& auth, VoidCallback done) {
  // The path stays empty: the trace records the request, and the credentials are a secret.
  Request request = makeRequest(OpCode::AddAuth, "");
  request.details = std::make_shared<const RequestDetails>(
      RequestDetails{.scheme = scheme, .auth = auth});
  session_->submit(std::move(request),
                   completion([done = std::move(done)](const Reply& reply) { done(reply.rc); }));
}

void ModelClient::remove(const std::string& path, int32_t version, VoidCallback done) {
  Request request = makeRequest(OpCode::Delete, path);
  request.version = version;
  session_->submit(std::move(request),
                   completion([done = std::move(done)](const Reply& reply) { done(reply.rc); }));
}

void ModelClient::exists(const std::string& path, bool watch, StatCallback done) {
  Request request = makeRequest(OpCode::Exists, path);
  request.watch = watch;
  session_->submit(std::move(request), completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, reply.hasStat ? std::optional<Stat>(reply.stat) : std::nullopt);
                   }));
}

void ModelClient::getData(const std::string& path, bool watch, DataCallback done) {
  Request request = makeRequest(OpCode::GetData, path);
  request.watch = watch;
  session_->submit(std::move(request), completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, reply.data, reply.stat);
                   }));
}

void ModelClient::setData(const std::string& path, const std::string& data, int32_t version,
                          StatCallback done) {
  Request request = makeRequest(OpCode::SetData, path);
  request.data = data;
  request.version = version;
  session_->submit(std::move(request), completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, reply.hasStat ? std::optional<Stat>(reply.stat) : std::nullopt);
                   }));
}

void ModelClient::getChildren(const std::string& path, bool watch, ChildrenCallback done) {
  Request request = makeRequest(OpCode::GetChildren, path);
  request.watch = watch;
  session_->submit(std::move(request), completion([done = std::move(done)](const Reply& reply) {
                     static const Children kNone = std::make_shared<const ChildrenList>();
                     done(reply.rc, reply.children ? reply.children : kNone, reply.stat);
                   }));
}

void ModelClient::sync(const std::string& path, VoidCallback done) {
  session_->submit(makeRequest(OpCode::Sync, path),
                   [done = std::move(done)](const Reply& reply) { done(reply.rc); });
}

void ModelClient::removeAll(const std::vector<std::string>& paths, VoidCallback done) {
  Request request = makeRequest(OpCode::Multi, paths.empty() ? "" : paths.front());
  request.details = std::make_shared<const RequestDetails>(RequestDetails{.paths = paths});
  session_->submit(std::move(request),
                   completion([done = std::move(done)](const Reply& reply) { done(reply.rc); }));
}

void ModelClient::addWatch(const std::string& path, AddWatchMode mode, VoidCallback done) {
  Request request = makeRequest(OpCode::AddWatch, path);
  request.watchMode = mode;
  session_->submit(std::move(request),
                   completion([done = std::move(done)](const Reply& reply) { done(reply.rc); }));
}

void ModelClient::removeWatches(const std::string& path, WatcherType type, bool local,
                                VoidCallback done) {
  Request request = makeRequest(OpCode::RemoveWatches, path);
  request.watcherType = type;
  request.local = local;
  session_->submit(std::move(request),
                   completion([done = std::move(done)](const Reply& reply) { done(reply.rc); }));
}

void ModelClient::close(VoidCallback done) {
  session_->close([done = std::move(done)](const Reply& reply) { done(reply.rc); });
}

void ModelClient::getAcl(const std::string& path, AclCallback done) {
  session_->submit(makeRequest(OpCode::GetAcl, path),
                   completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, detailsOf(reply).acl, reply.stat);
                   }));
}

void ModelClient::getAllChildrenNumber(const std::string& path, CountCallback done) {
  session_->submit(makeRequest(OpCode::GetAllChildrenNumber, path),
                   completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, detailsOf(reply).count);
                   }));
}

void ModelClient::getEphemerals(const std::string& prefix, PathsCallback done) {
  session_->submit(makeRequest(OpCode::GetEphemerals, prefix),
                   completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, detailsOf(reply).paths);
                   }));
}

void ModelClient::whoAmI(IdentitiesCallback done) {
  session_->submit(makeRequest(OpCode::WhoAmI, ""),
                   completion([done = std::move(done)](const Reply& reply) {
                     done(reply.rc, detailsOf(reply).identities);
                   }));
}

}  // namespace lockscope::zookeeper::model

#include "fault_proxy.h"

#include "server_address.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>

namespace lockscope::live {
namespace {

// How often the proxy thread looks at its flags even when no byte moves.
constexpr int kPollMs = 100;
// Larger frames are not ZooKeeper's (jute.maxbuffer is 1 MB plus headers): the stream is cut.
constexpr uint32_t kMaxFrameBytes = 4u << 20;

int connectTo(const ServerAddress& upstream) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(upstream.host.c_str(), std::to_string(upstream.port).c_str(), &hints, &found) !=
      0)
    return -1;
  int fd = -1;
  for (addrinfo* address = found; address; address = address->ai_next) {
    fd = socket(address->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) continue;
    if (connect(fd, address->ai_addr, address->ai_addrlen) == 0) break;
    ::close(fd);
    fd = -1;
  }
  freeaddrinfo(found);
  return fd;
}

// Frames go out as soon as they are whole: Nagle's algorithm would hold a small request back
// until the previous one is acknowledged (tens of milliseconds with delayed ACKs).
void sendAtOnce(int fd) {
  const int on = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

bool sendAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t sent = send(fd, data, size, MSG_NOSIGNAL);
    if (sent <= 0) return false;
    data += sent;
    size -= static_cast<size_t>(sent);
  }
  return true;
}

uint32_t bigEndian32(const char* bytes) {
  uint32_t value;
  std::memcpy(&value, bytes, sizeof value);
  return ntohl(value);
}

// One client connection and its upstream connection.
struct Link {
  int client = -1;
  int server = -1;
  std::string toServer;  // bytes read from the client, not yet a whole frame
  std::string toClient;
  bool requestHandshakeSeen = false;  // the first frame each way is the connect handshake
  bool replyHandshakeSeen = false;
  int32_t dropReplyXid = 0;  // the reply to drop (lose-reply, applied)
  bool closed = false;

  void close() {
    if (client >= 0) ::close(client);
    if (server >= 0) ::close(server);
    client = server = -1;
    closed = true;
  }
};

enum class LoseNext { None, Applied, NotApplied };

}  // namespace

struct FaultProxy::State {
  std::vector<ServerAddress> upstreams;
  std::vector<int> listeners;
  std::vector<uint16_t> ports;
  int wake[2] = {-1, -1};

  std::mutex mutex;  // guards the flags below
  bool frozen = false;
  bool killed = false;
  bool stopping = false;
  LoseNext loseNext = LoseNext::None;

  std::vector<Link> links;  // proxy thread only
  std::thread thread;

  void signal() {
    const char byte = 0;
    [[maybe_unused]] const ssize_t written = write(wake[1], &byte, 1);
  }
  void run();
  void accept(size_t listener, bool killed);
  void readFrom(Link& link, bool fromClient);
  void forwardRequests(Link& link);
  void forwardReplies(Link& link);
  // Clears the armed lose-reply and returns true when it is `kind`.
  bool takeLoseNext(LoseNext kind) {
    std::lock_guard lock(mutex);
    if (loseNext != kind) return false;
    loseNext = LoseNext::None;
    return true;
  }
};

Result<std::unique_ptr<FaultProxy>> FaultProxy::open(const std::string& servers) {
  Result<std::vector<ServerAddress>> upstreams = parseServerList(servers);
  if (!upstreams) return upstreams.status();
  auto state = std::make_unique<State>();
  state->upstreams = std::move(*upstreams);
  // What was opened before a failure is closed again: many clients each with a proxy can run
  // out of file descriptors, and the run must then end with a reason, not leak or throw.
  const auto fail = [&](const char* what) {
    const Status failed = Status::failure(std::string(what) + ": " + std::strerror(errno));
    for (int fd : state->listeners) ::close(fd);
    for (int fd : state->wake) {
      if (fd >= 0) ::close(fd);
    }
    return failed;
  };
  if (pipe2(state->wake, O_CLOEXEC | O_NONBLOCK) != 0)
    return fail("cannot open the fault proxy's pipe");
  for (size_t i = 0; i < state->upstreams.size(); ++i) {
    const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return fail("cannot open a loopback port for the fault proxy");
    state->listeners.push_back(fd);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        listen(fd, 64) != 0 ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      return fail("cannot open a loopback port for the fault proxy");
    }
    state->ports.push_back(ntohs(address.sin_port));
  }
  std::unique_ptr<FaultProxy> proxy(new FaultProxy(std::move(state)));
  try {
    proxy->state_->thread = std::thread([state = proxy->state_.get()] { state->run(); });
  } catch (const std::system_error& failure) {  // no thread to be had: the proxy closes its ports
    return Status::failure(std::string("cannot start the fault proxy's thread: ") + failure.what());
  }
  return proxy;
}

FaultProxy::FaultProxy(std::unique_ptr<State> state) : state_(std::move(state)) {}

FaultProxy::~FaultProxy() {
  {
    std::lock_guard lock(state_->mutex);
    state_->stopping = true;
  }
  state_->signal();
  if (state_->thread.joinable()) state_->thread.join();
  for (Link& link : state_->links) link.close();
  for (int fd : state_->listeners) ::close(fd);
  ::close(state_->wake[0]);
  ::close(state_->wake[1]);
}

std::string FaultProxy::connectString() const {
  std::string out;
  for (uint16_t port : state_->ports) {
    if (!out.empty()) out += ',';
    out += "127.0.0.1:" + std::to_string(port);
  }
  return out;
}

void FaultProxy::freeze() {
  std::lock_guard lock(state_->mutex);
  state_->frozen = true;
}

void FaultProxy::thaw() {
  {
    std::lock_guard lock(state_->mutex);
    state_->frozen = false;
  }
  state_->signal();
}

void FaultProxy::kill() {
  {
    std::lock_guard lock(state_->mutex);
    state_->killed = true;
  }
  state_->signal();
}

void FaultProxy::loseNextReply(bool applied) {
  std::lock_guard lock(state_->mutex);
  state_->loseNext = applied ? LoseNext::Applied : LoseNext::NotApplied;
}

void FaultProxy::State::run() {
  for (;;) {
    bool isFrozen, isKilled;
    {
      std::lock_guard lock(mutex);
      if (stopping) return;
      isFrozen = frozen;
      isKilled = killed;
    }
    if (isKilled) {
      for (Link& link : links) link.close();
    }
    std::erase_if(links, [](const Link& link) { return link.closed; });
    // A frozen proxy polls nothing but its wake-up pipe: bytes and new connections wait in the
    // kernel (the listen backlog) until it thaws.
    std::vector<pollfd> fds{{wake[0], POLLIN, 0}};
    if (!isFrozen) {
      for (int fd : listeners) fds.push_back({fd, POLLIN, 0});
      for (const Link& link : links) {
        fds.push_back({link.client, POLLIN, 0});
        fds.push_back({link.server, POLLIN, 0});
      }
    }
    if (poll(fds.data(), fds.size(), kPollMs) < 0) continue;
    char drain[64];
    while (read(wake[0], drain, sizeof drain) > 0) {
    }
    if (isFrozen) continue;
    for (size_t i = 0; i < listeners.size(); ++i) {
      if (fds[1 + i].revents) accept(i, isKilled);
    }
    const size_t linkCount = (fds.size() - 1 - listeners.size()) / 2;
    for (size_t i = 0; i < linkCount; ++i) {
      const pollfd& fromClient = fds[1 + listeners.size() + 2 * i];
      const pollfd& fromServer = fds[2 + listeners.size() + 2 * i];
      if (fromClient.revents && !links[i].closed) readFrom(links[i], true);
      if (fromServer.revents && !links[i].closed) readFrom(links[i], false);
    }
  }
}

void FaultProxy::State::accept(size_t listener, bool isKilled) {
  const int client = accept4(listeners[listener], nullptr, nullptr, SOCK_CLOEXEC);
  if (client < 0) return;
  const int server = isKilled ? -1 : connectTo(upstreams[listener]);
  if (server < 0) {  // a dead process, or that server is down: the client tries the next one
    ::close(client);
    return;
  }
  sendAtOnce(client);
  sendAtOnce(server);
  Link link;
  link.client = client;
  link.server = server;
  links.push_back(std::move(link));
}

void FaultProxy::State::readFrom(Link& link, bool fromClient) {
  char bytes[64 * 1024];
  const ssize_t count = recv(fromClient ? link.client : link.server, bytes, sizeof bytes, 0);
  if (count <= 0) {
    link.close();  // either side closed: so does the other, as a real connection would
    return;
  }
  (fromClient ? link.toServer : link.toClient).append(bytes, static_cast<size_t>(count));
  if (fromClient) forwardRequests(link);
  else forwardReplies(link);
}

// Takes whole frames off `buffer`; false (and the link closed) on garbage.
static bool nextFrame(Link& link, std::string& buffer, std::string& frame) {
  if (buffer.size() < 4) return false;
  const uint32_t length = bigEndian32(buffer.data());
  if (length > kMaxFrameBytes) {
    link.close();
    return false;
  }
  if (buffer.size() < 4 + length) return false;
  frame.assign(buffer, 0, 4 + length);
  buffer.erase(0, 4 + length);
  return true;
}

static int32_t xidOf(const std::string& frame) {
  return frame.size() >= 8 ? static_cast<int32_t>(bigEndian32(frame.data() + 4)) : 0;
}

void FaultProxy::State::forwardRequests(Link& link) {
  std::string frame;
  while (!link.closed && nextFrame(link, link.toServer, frame)) {
    if (std::exchange(link.requestHandshakeSeen, true) && xidOf(frame) > 0) {
      LoseNext lose;
      {
        std::lock_guard lock(mutex);
        lose = std::exchange(loseNext, LoseNext::None);
      }
      if (lose == LoseNext::NotApplied) {
        link.close();
        return;
      }
      if (lose == LoseNext::Applied) link.dropReplyXid = xidOf(frame);
    }
    if (!sendAll(link.server, frame.data(), frame.size())) link.close();
  }
}

void FaultProxy::State::forwardReplies(Link& link) {
  std::string frame;
  while (!link.closed && nextFrame(link, link.toClient, frame)) {
    if (!std::exchange(link.replyHandshakeSeen, true) || xidOf(frame) <= 0) {
      // The handshake, pings (-2) and watch events (-1) pass.
    } else if (link.dropReplyXid != 0 && xidOf(frame) == link.dropReplyXid) {
      link.close();  // applied on the server; the client never hears of it
      return;
    } else if (takeLoseNext(LoseNext::Applied)) {
      // Armed while this request was already on its way (the client sent it at the fault's very
      // instant): the model loses the next reply to arrive, and so do we.
      link.close();
      return;
    }
    if (!sendAll(link.client, frame.data(), frame.size())) link.close();
  }
}

}  // namespace lockscope::live

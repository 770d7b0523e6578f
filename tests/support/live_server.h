// The live ZooKeeper a CTest fixture started for the live tests (tests/CMakeLists.txt: the
// zk_standalone fixture runs tests/support/zk-server.sh start DIR). Tests read its port file.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <QFile>
#include <QString>

namespace lockscope::testing {

#ifdef LOCKSCOPE_LIVE_ZK_DIR
// "127.0.0.1:PORT", or empty if the fixture did not start a server.
inline QString liveServer() {
  QFile portFile(QStringLiteral(LOCKSCOPE_LIVE_ZK_DIR "/port"));
  if (!portFile.open(QIODevice::ReadOnly)) return {};
  const QString port = QString::fromLatin1(portFile.readAll()).trimmed();
  return port.isEmpty() ? QString() : QStringLiteral("127.0.0.1:") + port;
}
#endif

inline  // A loopback port nobody listens on (bound, then released).
    QString
    deadServer() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  close(fd);
  return QStringLiteral("127.0.0.1:%1").arg(ntohs(address.sin_port));
}

}  // namespace lockscope::testing

// The live ZooKeeper a CTest fixture started for the live tests (tests/CMakeLists.txt: the
// zk_standalone fixture runs tests/support/zk-server.sh start DIR). Tests read its port file.
#pragma once

#include <QFile>
#include <QString>

namespace lockscope::testing {

// "127.0.0.1:PORT", or empty if the fixture did not start a server.
inline QString liveServer() {
  QFile portFile(QStringLiteral(LOCKSCOPE_LIVE_ZK_DIR "/port"));
  if (!portFile.open(QIODevice::ReadOnly)) return {};
  const QString port = QString::fromLatin1(portFile.readAll()).trimmed();
  return port.isEmpty() ? QString() : QStringLiteral("127.0.0.1:") + port;
}

}  // namespace lockscope::testing

// The live Redis servers a CTest fixture started for the live Redis tests (tests/CMakeLists.txt:
// the redis_servers fixture runs tests/support/redis-servers.sh start DIR 5). Tests read
// DIR/servers.
#pragma once

#include <QFile>
#include <QString>
#include <QStringList>

namespace lockscope::testing {

// "127.0.0.1:P1,...,127.0.0.1:P5", or empty if the fixture did not start them.
inline QString liveRedisServers() {
  QFile file(QStringLiteral(LOCKSCOPE_LIVE_REDIS_DIR "/servers"));
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromLatin1(file.readAll()).trimmed();
}

// The first `count` of them, as `--live redis=` takes them.
inline QString liveRedisServers(int count) {
  return liveRedisServers().split(',').mid(0, count).join(',');
}

}  // namespace lockscope::testing

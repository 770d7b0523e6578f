// Lessons and scratch scenario files for the GUI tests.
#pragma once

#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace lockscope::testing {

inline QString zookeeperLesson(const char* name) {
  return QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/zookeeper/") + QLatin1String(name);
}

inline QString redisLesson(const char* name) {
  return QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/redis/") + QLatin1String(name);
}

// Writes `text` to `name` in `dir` and returns its path ("" if it could not be written).
inline QString writeScenario(const QTemporaryDir& dir, const char* name, const char* text) {
  const QString path = dir.filePath(QLatin1String(name));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(text) < 0) return {};
  return path;
}

}  // namespace lockscope::testing

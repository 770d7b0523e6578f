// Database scenarios the GUI tests share, written into a test's temporary folder (the lessons
// under scenarios/ are another branch's work; these pin what the stage tests rely on).
#pragma once

#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace lockscope::testing {

// db-fenced on MariaDB, five clients: they share-lock the lock row on a duplicate key and all
// want to upgrade, so the server breaks a deadlock by 36 ms. The file's path ("" if unwritten).
inline QString writeFencedDeadlock(const QTemporaryDir& dir) {
  const QString path = dir.filePath(QStringLiteral("fenced-deadlock.yaml"));
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(
      "title: \"db-fenced on MariaDB: a deadlock\"\nbackend: database\nrecipe: db-fenced\n"
      "seed: 1\nclients: 5\nhold_ms: 50\ndatabase: {dialect: mariadb}\n");
  return path;
}

}  // namespace lockscope::testing

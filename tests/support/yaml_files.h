// Every *.yaml file below a folder, sorted: the lessons of scenarios/, the lessons the app wrote.
// A course file (course.yaml, sim/scenario/course.h) lists lessons and is none: it is left out.
#pragma once

#include <QDirIterator>
#include <QStringList>

namespace lockscope::testing {

inline QStringList yamlFilesUnder(const QString& folder) {
  QStringList files;
  QDirIterator it(folder, {QStringLiteral("*.yaml")}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString file = it.next();
    if (it.fileName() != QLatin1String("course.yaml")) files << file;
  }
  files.sort();
  return files;
}

}  // namespace lockscope::testing

// Every *.yaml file below a folder, sorted: the lessons of scenarios/, the lessons the app wrote.
#pragma once

#include <QDirIterator>
#include <QStringList>

namespace lockscope::testing {

inline QStringList yamlFilesUnder(const QString& folder) {
  QStringList files;
  QDirIterator it(folder, {QStringLiteral("*.yaml")}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) files << it.next();
  files.sort();
  return files;
}

}  // namespace lockscope::testing

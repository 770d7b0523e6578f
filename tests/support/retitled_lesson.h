// A shipped lesson's text under a title of the test's own: a lesson "of the user's", told apart
// from the shipped one by its window title. The lesson's `title:` (one line, or the `en:`/`zh:`
// lines indented under it) becomes `title: "TITLE"`.
#pragma once

#include <QByteArray>
#include <QFile>

namespace lockscope::testing {

// The text of `lessonPath` retitled; empty when the file cannot be read or has no title.
inline QByteArray retitledLesson(const QString& lessonPath, const QByteArray& title) {
  QFile lesson(lessonPath);
  if (!lesson.open(QIODevice::ReadOnly)) return {};
  QByteArray text = lesson.readAll();
  const qsizetype start = text.indexOf("\ntitle:");
  if (start < 0) return {};
  qsizetype end = text.indexOf('\n', start + 1);
  while (end >= 0 && text.mid(end + 1, 2) == "  ") end = text.indexOf('\n', end + 1);
  if (end < 0) return {};
  return text.replace(start, end - start, "\ntitle: \"" + title + "\"");
}

}  // namespace lockscope::testing

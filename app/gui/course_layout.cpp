#include "course_layout.h"

#include <QDir>
#include <QFileInfo>

namespace lockscope::gui {

CourseLayout CourseLayout::read(const QString& folder) {
  CourseLayout layout;
  const QString file = QDir(folder).filePath(QString::fromLatin1(
      scenario::kCourseFileName.data(), static_cast<qsizetype>(scenario::kCourseFileName.size())));
  if (folder.isEmpty() || !QFileInfo::exists(file)) return layout;
  scenario::CourseLoadResult loaded = scenario::loadCourseFile(file.toStdString());
  if (!loaded.course) {
    layout.error_ = QString::fromStdString(loaded.error);
    return layout;
  }
  layout.chapters_ = std::move(loaded.course->chapters);
  int order = 0;
  for (size_t chapter = 0; chapter < layout.chapters_.size(); ++chapter) {
    const scenario::CourseChapter& listed = layout.chapters_[chapter];
    for (size_t lesson = 0; lesson < listed.lessons.size(); ++lesson) {
      LessonPlace place;
      place.chapter = static_cast<int>(chapter);
      place.order = order++;
      place.number =
          QStringLiteral("%1.%2").arg(QString::fromStdString(listed.number)).arg(lesson + 1);
      place.goal = listed.lessons[lesson].goal;
      // Compared with the paths the browser finds: "a/./b.yaml" and "a/b.yaml" are one lesson.
      layout.places_[QDir::cleanPath(QString::fromStdString(listed.lessons[lesson].file))] =
          std::move(place);
    }
  }
  return layout;
}

LessonPlace CourseLayout::place(const QString& relativePath) const {
  const auto found = places_.find(QDir::cleanPath(relativePath));
  return found == places_.end() ? LessonPlace{} : found->second;
}

}  // namespace lockscope::gui

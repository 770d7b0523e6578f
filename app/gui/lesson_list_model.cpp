#include "lesson_list_model.h"

#include <QDir>
#include <QDirIterator>
#include <algorithm>
#include <tuple>

#include "lesson_text.h"
#include "sim/scenario/scenario_loader.h"

namespace lockscope::gui {

int LessonListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(lessons_.size());
}

QVariant LessonListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Lesson& lesson = lessons_[static_cast<size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
    case TitleRole: return lessonText(lesson.title);
    case SummaryRole: return lessonText(lesson.summary);
    case FileRole: return lesson.file;
    case GroupRole: return heading(lesson);
    case ValidRole: return lesson.valid;
    case GroupStartRole:
      return index.row() == 0 ||
             groupKey(lessons_[static_cast<size_t>(index.row() - 1)]) != groupKey(lesson);
    case NumberRole: return lesson.place.number;
    case GoalRole: return lessonText(lesson.place.goal);
    case RecipeRole: return lesson.recipe;
    default: break;
  }
  if (lesson.place.chapter < 0) return role == ChapterRole ? QVariant(QString()) : QVariant();
  const scenario::CourseChapter& chapter = chapters_[static_cast<size_t>(lesson.place.chapter)];
  switch (role) {
    case ChapterRole: return QString::fromStdString(chapter.number);
    case ChapterTitleRole: return lessonText(chapter.title);
    case ChapterGoalRole: return lessonText(chapter.goal);
    default: return {};
  }
}

QString LessonListModel::heading(const Lesson& lesson) const {
  if (lesson.place.chapter >= 0) {
    const scenario::CourseChapter& chapter = chapters_[static_cast<size_t>(lesson.place.chapter)];
    return QStringLiteral("%1 · %2").arg(QString::fromStdString(chapter.number),
                                         lessonText(chapter.title));
  }
  return hasCourse_ ? tr("More lessons") : lesson.folder;
}

QString LessonListModel::groupKey(const Lesson& lesson) const {
  if (lesson.place.chapter >= 0) return QString::number(lesson.place.chapter);
  return hasCourse_ ? QString() : lesson.folder;
}

QHash<int, QByteArray> LessonListModel::roleNames() const {
  return {{TitleRole, "title"},
          {SummaryRole, "summary"},
          {FileRole, "file"},
          {GroupRole, "group"},
          {ValidRole, "valid"},
          {GroupStartRole, "groupStart"},
          {ChapterRole, "chapter"},
          {ChapterTitleRole, "chapterTitle"},
          {ChapterGoalRole, "chapterGoal"},
          {NumberRole, "number"},
          {GoalRole, "goal"},
          {RecipeRole, "recipe"}};
}

void LessonListModel::setFolder(const QString& folder) {
  if (folder_ == folder) return;
  folder_ = folder;
  rescan();
  emit folderChanged();
}

void LessonListModel::setLive(bool live) {
  if (live_ == live) return;
  live_ = live;
  rescan();
  emit folderChanged();
}

QString LessonListModel::liveOnlyNote() const {
  if (leftOutCount_ == 0) return {};
  QStringList reasons;
  for (const scenario::LocalizedText& reason : leftOut_) reasons << lessonText(reason);
  const QString lessons = reasons.join(QStringLiteral("; "));
  if (leftOutCount_ == 1) {
    return tr("1 lesson needs live servers, as the model's one server cannot show them (%1): "
              "switch the backend to live to list them")
        .arg(lessons);
  }
  return tr("%1 lessons need live servers, as the model's one server cannot show them (%2): "
            "switch the backend to live to list them")
      .arg(leftOutCount_)
      .arg(lessons);
}

void LessonListModel::retranslate() {
  if (!lessons_.empty())
    emit dataChanged(index(0), index(rowCount() - 1),
                     {Qt::DisplayRole, TitleRole, SummaryRole, GroupRole, ChapterTitleRole,
                      ChapterGoalRole, GoalRole});
  emit liveOnlyNoteChanged();
}

void LessonListModel::rescan() {
  std::vector<Lesson> lessons;
  std::vector<scenario::LocalizedText> leftOut;
  int leftOutCount = 0;
  const QDir root(folder_);
  CourseLayout course = CourseLayout::read(folder_);
  QDirIterator it(folder_, {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files,
                  QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QString path = it.next();
    const QString relative = root.relativeFilePath(path);
    if (scenario::isCourseFile(path.toStdString())) continue;
    Lesson lesson;
    lesson.file = path;
    lesson.folder = QFileInfo(relative).path();
    lesson.place = course.place(relative);
    const auto loaded = lockscope::scenario::loadScenarioFile(path.toStdString());
    if (loaded.scenario && !loaded.scenario->liveOnly.en.empty() && !live_) {
      const scenario::LocalizedText& reason = loaded.scenario->liveOnly;
      if (std::none_of(leftOut.begin(), leftOut.end(),
                       [&reason](const auto& listed) { return listed.en == reason.en; }))
        leftOut.push_back(reason);
      ++leftOutCount;
      continue;
    }
    // A file's name and a loader's error are no lesson text: they read the same in any language.
    const auto untranslatable = [](const std::string& text) {
      return scenario::LocalizedText{text, text, {}};
    };
    if (loaded.scenario) {
      lesson.title = loaded.scenario->title;
      lesson.summary = loaded.scenario->summary;
      lesson.recipe = QString::fromStdString(loaded.scenario->recipe);
      if (lesson.title.en.empty())
        lesson.title = untranslatable(QFileInfo(path).completeBaseName().toStdString());
    } else {
      lesson.title = untranslatable(QFileInfo(path).completeBaseName().toStdString());
      lesson.summary = untranslatable(loaded.error);
      lesson.valid = false;
    }
    lessons.push_back(std::move(lesson));
  }
  // The course's lessons in its order, then the others (all of them, without a course) by
  // folder and name.
  const auto rank = [](const Lesson& lesson) {
    return std::tuple(lesson.place.chapter < 0, lesson.place.order, lesson.folder,
                      QFileInfo(lesson.file).fileName());
  };
  std::sort(lessons.begin(), lessons.end(),
            [&rank](const Lesson& a, const Lesson& b) { return rank(a) < rank(b); });
  beginResetModel();
  hasCourse_ = course.hasCourse();
  chapters_ = course.chapters();
  courseError_ = course.error();
  lessons_ = std::move(lessons);
  leftOut_ = leftOut;
  leftOutCount_ = leftOutCount;
  endResetModel();
  emit liveOnlyNoteChanged();
}

}  // namespace lockscope::gui

// The lesson browser as a course map: every scenario file under a folder (recursively), in the
// order of the folder's course (course_layout.h) with its chapter, number ("3.2"), goal and
// recipe, or by folder and name when the folder has no course. A file that does not load is listed
// with its error as summary, so a teacher sees at once which of their files is broken and why.
// Lessons for live servers only (`live_only:`) are listed when the backend is live. The lessons'
// texts are shown in the GUI's language (lesson_text.h) and follow a switch of it (retranslate).
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <vector>

#include "course_layout.h"
#include "sim/scenario/localized_text.h"

namespace lockscope::gui {

class LessonListModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(QString folder READ folder WRITE setFolder NOTIFY folderChanged)
  // Live runs list every lesson; the model leaves out those made for live servers (an
  // ensemble's election told over its one server would teach something false) and says so.
  Q_PROPERTY(bool live READ live WRITE setLive NOTIFY folderChanged)
  Q_PROPERTY(QString liveOnlyNote READ liveOnlyNote NOTIFY liveOnlyNoteChanged)
  // The folder's course.yaml did not load (its one-line error): the lessons are listed by folder.
  Q_PROPERTY(QString courseError READ courseError NOTIFY liveOnlyNoteChanged)

 public:
  // GroupRole: the heading of the lesson's group ("3 · Redis locks", "More lessons", or the
  // folder when there is no course); GroupStartRole: the group's first lesson, under which the
  // browser prints the heading and the chapter's goal. Number and goal are empty outside the
  // course.
  enum Role {
    TitleRole = Qt::UserRole + 1,
    SummaryRole,
    FileRole,
    GroupRole,
    ValidRole,
    GroupStartRole,
    ChapterRole,  // "3", "A"; empty outside the course
    ChapterTitleRole,
    ChapterGoalRole,
    NumberRole,
    GoalRole,
    RecipeRole
  };
  explicit LessonListModel(QObject* parent = nullptr) : QAbstractListModel(parent) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;

  QString folder() const { return folder_; }
  void setFolder(const QString& folder);
  bool live() const { return live_; }
  void setLive(bool live);
  // Empty, or e.g. "2 lessons need live servers, as the model's one server cannot show them (an
  // election among three servers; ...): switch the backend to live to list them".
  QString liveOnlyNote() const;
  QString courseError() const { return courseError_; }
  Q_INVOKABLE void rescan();
  // The titles, summaries, goals, headings and the note in the language just installed.
  Q_INVOKABLE void retranslate();

 signals:
  void folderChanged();
  void liveOnlyNoteChanged();

 private:
  struct Lesson {
    scenario::LocalizedText title, summary;  // a file that does not load: its error as summary
    QString file, recipe;
    QString folder;  // relative to the lessons folder: the group when there is no course
    bool valid = true;
    LessonPlace place;
  };
  QString heading(const Lesson& lesson) const;
  // Equal for the lessons of one group, whatever the language.
  QString groupKey(const Lesson& lesson) const;

  QString folder_;
  std::vector<scenario::CourseChapter> chapters_;
  bool hasCourse_ = false;
  QString courseError_;
  bool live_ = false;
  std::vector<Lesson> lessons_;
  // Why the live-only lessons the model does not list need servers, each reason once.
  std::vector<scenario::LocalizedText> leftOut_;
  int leftOutCount_ = 0;
};

}  // namespace lockscope::gui

// The lesson browser: every scenario file under a folder (recursively, in the course's order:
// lesson_order.h), with its title and one-line summary. A file that does not load is listed with
// its error as summary, so a teacher sees at once which of their files is broken and why. Lessons
// for live servers only (`live_only:`) are listed when the backend is live. The lessons' texts
// are shown in the GUI's language (lesson_text.h) and follow a switch of it (retranslate).
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <vector>

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

 public:
  // GroupStartRole: the first lesson of its folder, under which the browser prints the folder.
  enum Role {
    TitleRole = Qt::UserRole + 1,
    SummaryRole,
    FileRole,
    GroupRole,
    ValidRole,
    GroupStartRole
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
  Q_INVOKABLE void rescan();
  // The titles, summaries and the note in the language just installed.
  Q_INVOKABLE void retranslate();

 signals:
  void folderChanged();
  void liveOnlyNoteChanged();

 private:
  struct Lesson {
    scenario::LocalizedText title, summary;  // a file that does not load: its error as summary
    QString file, group;
    bool valid = true;
  };
  QString folder_;
  bool live_ = false;
  std::vector<Lesson> lessons_;
  // Why the live-only lessons the model does not list need servers, each reason once.
  std::vector<scenario::LocalizedText> leftOut_;
  int leftOutCount_ = 0;
};

}  // namespace lockscope::gui

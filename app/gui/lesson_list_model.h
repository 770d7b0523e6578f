// The lesson browser: every scenario file under a folder (recursively, in the course's order:
// lesson_order.h), with its title and one-line summary. A file that does not load is listed with its error as summary, so
// a teacher sees at once which of their files is broken and why.
#pragma once

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>
#include <vector>

namespace lockscope::gui {

class LessonListModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(QString folder READ folder WRITE setFolder NOTIFY folderChanged)

 public:
  // GroupStartRole: the first lesson of its folder, under which the browser prints the folder.
  enum Role { TitleRole = Qt::UserRole + 1, SummaryRole, FileRole, GroupRole, ValidRole, GroupStartRole };
  explicit LessonListModel(QObject* parent = nullptr) : QAbstractListModel(parent) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;

  QString folder() const { return folder_; }
  void setFolder(const QString& folder);
  Q_INVOKABLE void rescan();

 signals:
  void folderChanged();

 private:
  struct Lesson {
    QString title, summary, file, group;
    bool valid = true;
  };
  QString folder_;
  std::vector<Lesson> lessons_;
};

}  // namespace lockscope::gui

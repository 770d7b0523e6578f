// The running recipe's pseudocode, one row per line, with the clients whose cursor is on it
// (their identity colours, for the recipe panel's coloured cursors).
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <vector>

#include "core/run_timeline.h"

namespace lockscope::gui {

class RecipeLineModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("owned by a Simulation")
  // The first line with a client's cursor on it (-1 if none): the panel scrolls to keep it shown.
  Q_PROPERTY(int firstCursorLine READ firstCursorLine NOTIFY firstCursorLineChanged)

 public:
  enum Role { NumberRole = Qt::UserRole + 1, TextRole, CursorsRole };
  explicit RecipeLineModel(QObject* parent = nullptr) : QAbstractListModel(parent) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;

  void reset(const RunTimeline* timeline);
  void refresh(const StageState& stage);
  int firstCursorLine() const { return firstCursorLine_; }

 signals:
  void firstCursorLineChanged();

 private:
  void setFirstCursorLine(int line);

  std::vector<QString> lines_;
  std::vector<QVariantList> cursors_;  // client indexes per line
  int firstCursorLine_ = -1;
};

}  // namespace lockscope::gui

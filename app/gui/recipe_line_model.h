// The running recipe's pseudocode, one row per line, with the clients whose cursor is on it
// (their identity colours, for the recipe panel's coloured cursors).
#pragma once

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>
#include <vector>

#include "core/run_timeline.h"

namespace lockscope::gui {

class RecipeLineModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("owned by a Simulation")

 public:
  enum Role { NumberRole = Qt::UserRole + 1, TextRole, CursorsRole };
  explicit RecipeLineModel(QObject* parent = nullptr) : QAbstractListModel(parent) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;

  void reset(const RunTimeline* timeline);
  void refresh(const StageState& stage);

 private:
  std::vector<QString> lines_;
  std::vector<QVariantList> cursors_;  // client indexes per line
};

}  // namespace lockscope::gui

// The clients of the run at the playback cursor, one row each, in the scenario's order: name,
// activity, identity colour and shape, pseudocode line, lock node, and what is left of a silent
// client's session.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QColor>
#include <vector>

#include "core/run_timeline.h"

namespace lockscope::gui {

class ClientListModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("owned by a Simulation")

 public:
  enum Role {
    NameRole = Qt::UserRole + 1,
    ActivityRole,
    ColourRole,
    ShapeRole,
    LineRole,
    NodeRole,
    SessionLeftRole,
    AcquisitionsRole
  };
  explicit ClientListModel(QObject* parent = nullptr) : QAbstractListModel(parent) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;

  void reset(const RunTimeline* timeline);
  // Emits dataChanged for the rows whose shown values changed.
  void refresh(const StageState& stage, sim::Micros time);

 private:
  struct Row {
    QString activity;
    int line = 0;
    QString node;
    double sessionLeft = 1;
    int acquisitions = 0;
    bool operator==(const Row&) const = default;
  };
  const RunTimeline* timeline_ = nullptr;
  std::vector<Row> rows_;
};

}  // namespace lockscope::gui

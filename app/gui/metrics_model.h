// One job: the metrics panel's figures at the cursor, one row each (label, key, decimals,
// value): counts so far, per-release figures of the releases begun by the cursor, holders now
// and the violations shown so far. The compare headline reads the same figures.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QVariantMap>

#include "core/run_timeline.h"
#include "core/stage_state.h"

namespace lockscope::gui {

class MetricsModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("owned by a Simulation")
  // Every figure by its key, for bindings that want one ("violations").
  Q_PROPERTY(QVariantMap figures READ figures NOTIFY figuresChanged)
  // Every row(), in the window's language: notified again when the language changes.
  Q_PROPERTY(QVariantList rows READ rows NOTIFY rowsChanged)

 public:
  enum Role { LabelRole = Qt::UserRole + 1, KeyRole, DecimalsRole, ValueRole };
  explicit MetricsModel(QObject* parent = nullptr) : QAbstractListModel(parent) {}

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;
  // One row's label, key and decimals: the panel lays the rows out in its grid by hand.
  Q_INVOKABLE QVariantMap row(int row) const;
  QVariantList rows() const;
  // The language changed: the labels are read again.
  void retranslate();

  // The figures of `timeline` (none: no run) after its first `eventCount` events, at `now`.
  void refresh(const RunTimeline* timeline, const StageState& stage, sim::Micros now,
               size_t eventCount);
  QVariantMap figures() const { return figures_; }

 signals:
  void figuresChanged();
  void rowsChanged();

 private:
  QVariantMap figures_;
};

}  // namespace lockscope::gui

#include "client_list_model.h"

#include "theme.h"

namespace lockscope::gui {

int ClientListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant ClientListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const auto row = static_cast<size_t>(index.row());
  const Row& r = rows_[row];
  switch (role) {
    case Qt::DisplayRole:
    case NameRole: return QString::fromStdString(timeline_->cast().name(index.row()));
    case ActivityRole: return r.activity;
    case ColourRole: return Theme::clientColour(index.row());
    case ShapeRole: return static_cast<int>(Theme::clientShape(index.row()));
    case LineRole: return r.line;
    case NodeRole: return r.node;
    case SessionLeftRole: return r.sessionLeft;
    case AcquisitionsRole: return r.acquisitions;
    default: return {};
  }
}

QHash<int, QByteArray> ClientListModel::roleNames() const {
  return {{NameRole, "name"},
          {ActivityRole, "activity"},
          {ColourRole, "colour"},
          {ShapeRole, "shape"},
          {LineRole, "line"},
          {NodeRole, "node"},
          {SessionLeftRole, "sessionLeft"},
          {AcquisitionsRole, "acquisitions"}};
}

void ClientListModel::reset(const RunTimeline* timeline) {
  beginResetModel();
  timeline_ = timeline;
  rows_.assign(timeline ? timeline->cast().size() : 0, Row{});
  endResetModel();
}

void ClientListModel::refresh(const StageState& stage, sim::Micros time) {
  if (!timeline_) return;
  int first = -1, last = -1;
  for (size_t client = 0; client < rows_.size() && client < stage.clients().size(); ++client) {
    const ClientOnStage& state = stage.clients()[client];
    Row row{QLatin1String(activityName(state.activity())), state.line,
            QString::fromStdString(state.node),
            timeline_->sessionLeft(static_cast<int>(client), time), state.acquisitions};
    if (row == rows_[client]) continue;
    rows_[client] = std::move(row);
    if (first < 0) first = static_cast<int>(client);
    last = static_cast<int>(client);
  }
  if (first >= 0) emit dataChanged(index(first), index(last));
}

}  // namespace lockscope::gui

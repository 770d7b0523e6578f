#include "recipe_line_model.h"

#include "sim/recipes/lock_recipe.h"

namespace lockscope::gui {

int RecipeLineModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(lines_.size());
}

QVariant RecipeLineModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const auto row = static_cast<size_t>(index.row());
  switch (role) {
    case NumberRole: return index.row() + 1;
    case Qt::DisplayRole:
    case TextRole: return lines_[row];
    case CursorsRole: return cursors_[row];
    default: return {};
  }
}

QHash<int, QByteArray> RecipeLineModel::roleNames() const {
  return {{NumberRole, "number"}, {TextRole, "text"}, {CursorsRole, "cursors"}};
}

void RecipeLineModel::reset(const RunTimeline* timeline) {
  beginResetModel();
  lines_.clear();
  if (timeline) {
    if (const auto* recipe = recipes::findRecipe(timeline->scenario().recipe)) {
      for (std::string_view line : recipe->pseudocode) {
        lines_.push_back(QString::fromUtf8(line.data(), static_cast<qsizetype>(line.size())));
      }
    }
  }
  cursors_.assign(lines_.size(), {});
  endResetModel();
  setFirstCursorLine(-1);
}

void RecipeLineModel::setFirstCursorLine(int line) {
  if (firstCursorLine_ == line) return;
  firstCursorLine_ = line;
  emit firstCursorLineChanged();
}

void RecipeLineModel::refresh(const StageState& stage) {
  std::vector<QVariantList> cursors(lines_.size());
  for (size_t client = 0; client < stage.clients().size(); ++client) {
    const ClientOnStage& state = stage.clients()[client];
    const bool inRecipe = state.acquiring || state.holding || state.releasing;
    if (!inRecipe || state.crashed || state.line < 1 ||
        static_cast<size_t>(state.line) > lines_.size())
      continue;
    cursors[static_cast<size_t>(state.line - 1)].push_back(static_cast<int>(client));
  }
  int first = -1;
  for (size_t line = 0; line < lines_.size(); ++line) {
    if (first < 0 && !cursors[line].isEmpty()) first = static_cast<int>(line);
    if (cursors[line] == cursors_[line]) continue;
    cursors_[line] = std::move(cursors[line]);
    emit dataChanged(index(static_cast<int>(line)), index(static_cast<int>(line)), {CursorsRole});
  }
  setFirstCursorLine(first);
}

}  // namespace lockscope::gui

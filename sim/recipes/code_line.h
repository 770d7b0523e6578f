// A pseudocode line a recipe marks, by name rather than by number. The name carries the line's
// number in the recipe's text and a few words that text must contain, so inserting a line into a
// recipe's pseudocode cannot silently move its cursors: tst_recipes holds every recipe's named
// lines against its text, and every cursor a run reports against the recipe's named lines.
#pragma once

#include <string_view>

namespace lockscope::recipes {

struct CodeLine {
  int number = 0;          // from 1, in RecipeDescription::pseudocode; 0: nothing to mark
  std::string_view claim;  // words line `number` says, e.g. "getChildren("
};

}  // namespace lockscope::recipes

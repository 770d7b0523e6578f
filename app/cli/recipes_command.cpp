#include "recipes_command.h"

#include <QCommandLineParser>
#include <QTextStream>

#include "command_line.h"
#include "exit_codes.h"
#include "sim/recipes/lock_recipe.h"

namespace lockscope::cli {

int recipesCommand(const QStringList& arguments) {
  QTextStream err(stderr);
  QTextStream out(stdout);
  QCommandLineParser parser;
  parser.setApplicationDescription("List the lock recipes, or show one recipe's pseudocode.");
  parser.addOption({"show", "Print this recipe's numbered pseudocode.", "NAME"});
  if (const auto exit = parseOptionsOnly(parser, arguments, "recipes")) return *exit;
  if (!parser.isSet("show")) {
    int width = 0;
    for (const auto& recipe : recipes::recipeCatalog())
      width = std::max(width, static_cast<int>(recipe.name.size()));
    for (const auto& recipe : recipes::recipeCatalog()) {
      out << QString::fromUtf8(recipe.name.data(), static_cast<int>(recipe.name.size()))
                 .leftJustified(width + 2)
          << QString::fromUtf8(recipe.summary.data(), static_cast<int>(recipe.summary.size()))
          << "\n";
    }
    return kExitOk;
  }
  const std::string name = parser.value("show").toStdString();
  const recipes::RecipeDescription* recipe = recipes::findRecipe(name);
  if (!recipe) {
    err << "lockscope-cli recipes: unknown recipe '" << parser.value("show")
        << "'; `lockscope-cli recipes` lists them\n";
    return kExitBadInput;
  }
  out << QString::fromUtf8(recipe->name.data(), static_cast<int>(recipe->name.size())) << ": "
      << QString::fromUtf8(recipe->summary.data(), static_cast<int>(recipe->summary.size()))
      << "\n";
  int number = 1;
  for (const auto line : recipe->pseudocode) {
    out << QString::number(number++).rightJustified(3) << "  "
        << QString::fromUtf8(line.data(), static_cast<int>(line.size())) << "\n";
  }
  return kExitOk;
}

}  // namespace lockscope::cli

// Goal (issue 15): a recipe's pseudocode cursor lands on the line whose text says what the recipe
// is doing. Recipes mark named lines (recipes::CodeLine: a number and words that line's text must
// contain), so inserting a line into a recipe's pseudocode without renumbering its names must fail
// here, not shift every cursor in the GUI.
//
// Method: (1) every recipe's named lines are held against its text: each number is in range and
// the text of that line contains the claim; (2) every lesson under scenarios/zookeeper and
// scenarios/redis is run on the model under every recipe of its service (their faults reach the
// rare paths: lost replies, expiries, timeouts), and every Step event must name a line the
// recipe declared, with the recipe's own name.
#include <QTest>
#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "sim/recipes/lock_recipe.h"
#include "sim/trace/trace.h"
#include "support/lesson_files.h"
#include "support/model_run.h"

using namespace lockscope;

namespace {

// Every Step event: the recipe it names and the line numbers it marked.
class StepCollector final : public sim::TraceSink {
 public:
  void onEvent(const sim::TraceEvent& event) override {
    if (event.kind == sim::TraceKind::Step) marked[std::string(event.label)].insert(event.request);
  }
  std::map<std::string, std::set<int64_t>> marked;
};

std::vector<std::string> lessonsOf(const std::string& folder) {
  std::vector<std::string> lessons;
  for (const auto& entry : std::filesystem::directory_iterator(testing::lessonPath(folder))) {
    if (entry.path().extension() == ".yaml") lessons.push_back(entry.path().string());
  }
  std::sort(lessons.begin(), lessons.end());
  return lessons;
}

}  // namespace

class TestRecipeLines : public QObject {
  Q_OBJECT

 private slots:
  void namedLinesSayWhatTheyClaim();
  void runsMarkOnlyNamedLines_data();
  void runsMarkOnlyNamedLines();
};

void TestRecipeLines::namedLinesSayWhatTheyClaim() {
  for (const recipes::RecipeDescription& recipe : recipes::recipeCatalog()) {
    const std::string name(recipe.name);
    QVERIFY2(!recipe.codeLines.empty(), name.c_str());
    for (const recipes::CodeLine& line : recipe.codeLines) {
      const std::string where = name + " line " + std::to_string(line.number) + " '" +
                                std::string(line.claim) + "'";
      QVERIFY2(line.number >= 1 && line.number <= static_cast<int>(recipe.pseudocode.size()),
               where.c_str());
      QVERIFY2(!line.claim.empty(), where.c_str());
      const std::string_view text = recipe.pseudocode[static_cast<size_t>(line.number - 1)];
      QVERIFY2(text.find(line.claim) != std::string_view::npos,
               (where + " is not in: " + std::string(text)).c_str());
    }
  }
}

void TestRecipeLines::runsMarkOnlyNamedLines_data() {
  QTest::addColumn<QString>("service");
  QTest::newRow("zookeeper") << "zookeeper";
  QTest::newRow("redis") << "redis";
}

void TestRecipeLines::runsMarkOnlyNamedLines() {
  QFETCH(QString, service);
  std::map<std::string, std::set<int64_t>> marked;  // over every run of this service
  int runs = 0;
  for (const std::string& lesson : lessonsOf(service.toStdString())) {
    for (const recipes::RecipeDescription& recipe : recipes::recipeCatalog()) {
      if (recipe.backend != service.toStdString()) continue;
      // A lesson whose plan or parameters the recipe cannot take is refused at load: skipped.
      const auto loaded = scenario::loadScenarioFile(lesson,
                                                     {{"recipe", std::string(recipe.name)}});
      if (!loaded.scenario) continue;
      StepCollector steps;
      testing::runOnModel(*loaded.scenario, {&steps});
      ++runs;
      for (const auto& [name, lines] : steps.marked) {
        QCOMPARE(name, std::string(recipe.name));
        marked[name].insert(lines.begin(), lines.end());
      }
    }
  }
  QVERIFY2(runs >= 20, qPrintable(QString::number(runs)));
  for (const recipes::RecipeDescription& recipe : recipes::recipeCatalog()) {
    if (recipe.backend != service.toStdString()) continue;
    std::set<int64_t> declared;
    for (const recipes::CodeLine& line : recipe.codeLines) declared.insert(line.number);
    const std::set<int64_t>& seen = marked[std::string(recipe.name)];
    QVERIFY2(!seen.empty(), (std::string(recipe.name) + " marked no line in any run").c_str());
    for (const int64_t number : seen) {
      QVERIFY2(
          declared.count(number),
          (std::string(recipe.name) + " marked undeclared line " + std::to_string(number)).c_str());
    }
  }
}

QTEST_APPLESS_MAIN(TestRecipeLines)
#include "tst_recipe_lines.moc"

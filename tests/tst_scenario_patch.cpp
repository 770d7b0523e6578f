// Goal: Record and Save As edit a scenario's text without losing what its author wrote, and what
// they write loads back to the scenario intended: faults appended to an existing, empty or
// missing `faults:` list; top-level keys replaced (scalars and blocks) or added.
//
// Method: texts patched, then loaded with the real loader; comments are checked verbatim.
#include <QTest>

#include "sim/scenario/scenario_loader.h"
#include "sim/scenario/scenario_patch.h"

using namespace lockscope::scenario;

namespace {

const std::string kBase =
    "# A teacher's comment that must survive.\n"
    "title: \"patched\"\n"
    "recipe: zk-chained\n"
    "clients: 3\n"
    "hold_ms: 100\n";

Scenario load(const std::string& text) {
  const auto loaded = loadScenarioText(text, "patched.yaml");
  if (!loaded.scenario) qFatal("%s\n---\n%s", loaded.error.c_str(), text.c_str());
  return *loaded.scenario;
}

Fault fault(Fault::Kind kind, lockscope::sim::Micros at, const std::string& client) {
  Fault out;
  out.kind = kind;
  out.at = at;
  out.client = client;
  return out;
}

}  // namespace

class ScenarioPatchTest : public QObject {
  Q_OBJECT

 private slots:
  void faultsStartANewList() {
    const std::string text = appendFaults(
        kBase, {fault(Fault::Kind::Crash, 1500, "c1"), fault(Fault::Kind::Pause, 2'000'001, "c2")});
    const Scenario scenario = load(text);
    QCOMPARE(scenario.faults.size(), size_t{2});
    QCOMPARE(scenario.faults[0].at, lockscope::sim::Micros{1500});
    QCOMPARE(scenario.faults[0].client, std::string("c1"));
    QVERIFY(scenario.faults[1].kind == Fault::Kind::Pause);
    QCOMPARE(scenario.faults[1].at, lockscope::sim::Micros{2'000'001});
    QVERIFY(text.rfind("# A teacher's comment that must survive.\n", 0) == 0);
  }

  void faultsJoinAnExistingList() {
    const std::string text =
        kBase + "faults:\n    - at: 10ms\n      crash: c3\n# trailing comment\nseed: 4\n";
    // Appended after the crash at 10 ms, though earlier: the loader orders faults by time.
    const Scenario scenario = load(appendFaults(text, {fault(Fault::Kind::LoseReply, 30, "c1")}));
    QCOMPARE(scenario.faults.size(), size_t{2});
    auto loseReply = [](const Scenario& s) {
      return *std::find_if(s.faults.begin(), s.faults.end(),
                           [](const Fault& f) { return f.kind == Fault::Kind::LoseReply; });
    };
    QCOMPARE(loseReply(scenario).client, std::string("c1"));
    QCOMPARE(loseReply(scenario).at, lockscope::sim::Micros{30});
    QCOMPARE(scenario.seed, uint64_t{4});
    auto notApplied = fault(Fault::Kind::LoseReply, 30, "c2");
    notApplied.applied = false;
    QVERIFY(!loseReply(load(appendFaults(text, {notApplied}))).applied);
  }

  void faultsReplaceAnEmptyFlowList() {
    const Scenario scenario = load(
        appendFaults(kBase + "faults: []\n", {fault(Fault::Kind::Crash, 5, "c2")}));
    QCOMPARE(scenario.faults.size(), size_t{1});
  }

  void topLevelKeysAreReplacedOrAdded() {
    std::string text = setTopLevelKey(kBase, "clients", "7");
    text = setTopLevelKey(text, "recipe", "zk-naive");
    text = setTopLevelKey(text, "seed", "99");
    const Scenario scenario = load(text);
    QCOMPARE(scenario.clients.size(), size_t{7});
    QCOMPARE(scenario.recipe, std::string("zk-naive"));
    QCOMPARE(scenario.seed, uint64_t{99});
    // A block value (a list of clients) is replaced whole.
    const std::string listed = kBase.substr(0, kBase.find("clients:")) +
                               "clients:\n  - name: a\n  - name: b\nhold_ms: 5\n";
    QCOMPARE(load(setTopLevelKey(listed, "clients", "4")).clients.size(), size_t{4});
  }
};

QTEST_APPLESS_MAIN(ScenarioPatchTest)
#include "tst_scenario_patch.moc"

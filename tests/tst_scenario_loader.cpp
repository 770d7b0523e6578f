// Goal: every malformed scenario is refused with one line naming file, line and column and what
// was expected; valid ones come out with every key applied, and --set overrides any key.
// Method: load small YAML texts through loadScenarioText and compare the result or the exact
// error line.
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <iterator>
#include <map>

#include "sim/checkers/metric_names.h"
#include "sim/scenario/scenario_loader.h"
#include "sim/scenario/yaml_reader.h"
#include "sim/trace/fault_kinds.h"

using namespace lockscope;
using scenario::loadScenarioText;

namespace {

const char* kMinimal = "title: t\nrecipe: zk-chained\nclients: 3\n";

std::string errorOf(const std::string& text,
                    const std::vector<scenario::Override>& overrides = {}) {
  const scenario::LoadResult result = loadScenarioText(text, "s.yaml", overrides);
  return result.scenario ? "(loaded)" : result.error;
}

}  // namespace

class ScenarioLoaderTest : public QObject {
  Q_OBJECT

 private slots:
  void minimalScenarioGetsDefaults() {
    const auto result = loadScenarioText(kMinimal, "s.yaml");
    QVERIFY2(result.scenario, result.error.c_str());
    const scenario::Scenario& s = *result.scenario;
    QCOMPARE(s.clients.size(), size_t{3});
    QCOMPARE(s.clients[2].name, std::string("c3"));
    QCOMPARE(s.recipeParameters.lockPath, std::string("/lock"));
    QCOMPARE(s.clients[0].plan.size(), size_t{5});
    QCOMPARE(s.clients[0].plan[2].duration, sim::fromMillis(100));
    QCOMPARE(s.seed, uint64_t{1});
  }

  void everyKeyIsApplied() {
    const std::string text =
        "title: t\nsummary: s\nrecipe: zk-chained\nseed: 99\nrounds: 3\nhold_ms: 20\n"
        "think_ms: 5\nstart_spread_ms: 10\nsession_timeout_ms: 3000\ntick_time_ms: 100\n"
        "fenced: true\nmax_virtual_ms: 5000\nstall_ms: 700\nnetwork: {latency_ms: [2, 4]}\n"
        "recipe_parameters: {lock_path: /locks/a, acquire_timeout_ms: 250, revocable: yes}\n"
        "clients:\n  - name: alice\n  - name: bob\n    start_ms: 7\n    plan: [acquire, hold 1s, "
        "release]\n"
        "faults:\n  - {at: 2s, heal: bob}\n  - {at: 1s, partition: bob, for: 500ms}\n"
        "  - {at: 3s, lose_reply: alice, applied: false}\n"
        "narration:\n  - {at: 1.5s, text: hello, pause: true}\n  - {on: bob crashed, text: bye}\n"
        "expect: {mutual_exclusion: violated, acquisitions: '>= 2', releases: 4}\n";
    const auto result = loadScenarioText(text, "s.yaml");
    QVERIFY2(result.scenario, result.error.c_str());
    const scenario::Scenario& s = *result.scenario;
    QCOMPARE(s.seed, uint64_t{99});
    QCOMPARE(s.clients[0].rounds, 3);
    QCOMPARE(s.clients[0].startAt, sim::Micros{0});
    QCOMPARE(s.clients[1].startAt, sim::fromMillis(7));
    QCOMPARE(s.clients[1].plan.size(), size_t{3});
    QCOMPARE(s.clients[1].plan[1].duration, sim::fromSeconds(1));
    QCOMPARE(s.clients[0].thinkTime, sim::fromMillis(5));
    QCOMPARE(s.clients[0].sessionTimeoutMs, int64_t{3000});
    QCOMPARE(s.tickTimeMs, int64_t{100});
    QVERIFY(s.fencedResource);
    QCOMPARE(s.maxVirtualTime, sim::fromMillis(5000));
    QCOMPARE(s.stallWindow, sim::fromMillis(700));
    QCOMPARE(s.latency.low, sim::fromMillis(2));
    QCOMPARE(s.latency.high, sim::fromMillis(4));
    QCOMPARE(s.recipeParameters.lockPath, std::string("/locks/a"));
    QCOMPARE(s.recipeParameters.acquireTimeoutMs, int64_t{250});
    QVERIFY(s.recipeParameters.revocable);
    // Faults come out in time order; "for" adds the matching heal.
    QCOMPARE(s.faults.size(), size_t{4});
    QCOMPARE(s.faults[0].at, sim::fromSeconds(1));
    QCOMPARE(s.faults[0].kind, scenario::Fault::Kind::Partition);
    QCOMPARE(s.faults[1].at, sim::fromMillis(1500));
    QCOMPARE(s.faults[1].kind, scenario::Fault::Kind::Heal);
    QCOMPARE(s.faults[3].kind, scenario::Fault::Kind::LoseReply);
    QVERIFY(!s.faults[3].applied);
    QCOMPARE(s.narration.size(), size_t{2});
    QCOMPARE(*s.narration[0].at, sim::fromMillis(1500));
    QVERIFY(s.narration[0].pause);
    QCOMPARE(s.narration[1].onClient, std::string("bob"));
    QCOMPARE(s.narration[1].onEvent, std::string("crashed"));
    QCOMPARE(s.expectations.size(), size_t{3});
    QVERIFY(!s.expectations[0].mustHold);
    QCOMPARE(s.expectations[1].comparison, std::string(">="));
    QCOMPARE(s.expectations[2].comparison, std::string("=="));
    QCOMPARE(s.expectations[2].bound, 4.0);
  }

  void errorsNameLineColumnAndWhatWasExpected_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown key suggests")
        << "title: t\nrecipe: zk-chained\nclients: 3\nhold_sm: 5\n"
        << "s.yaml:4:1: unknown key 'hold_sm' (did you mean 'hold_ms'?)";
    // pacing: the GUI's speed (virtual ms per second) and time lens for the lesson.
    QTest::newRow("pacing unknown key")
        << "title: t\nrecipe: zk-chained\nclients: 3\npacing: {speed: 5}\n"
        << "s.yaml:4:10: unknown key 'speed' in 'pacing'";
    QTest::newRow("pacing too fast")
        << "title: t\nrecipe: zk-chained\nclients: 3\npacing: {ms_per_second: 0}\n"
        << "s.yaml:4:25: 'pacing.ms_per_second' must be between 1 and 100000";
    QTest::newRow("pacing lens not a boolean")
        << "title: t\nrecipe: zk-chained\nclients: 3\npacing: {time_lens: sometimes}\n"
        << "s.yaml:4:21: expected true or false for 'pacing.time_lens', got 'sometimes'";
    QTest::newRow("unknown recipe") << "title: t\nrecipe: zk-nope\nclients: 3\n"
                                    << "s.yaml:2:9: unknown recipe 'zk-nope'; expected one of:";
    // compare_with: another of the service's recipes or another service's representative.
    QTest::newRow("compare_with unknown recipe")
        << "title: t\nrecipe: zk-chained\ncompare_with: zk-nope\nclients: 3\n"
        << "s.yaml:3:15: cannot compare zk-chained with 'zk-nope'; expected one of: zk-naive";
    QTest::newRow("compare_with another service's non-representative")
        << "title: t\nrecipe: zk-chained\ncompare_with: redlock\nclients: 3\n"
        << "s.yaml:3:15: cannot compare zk-chained with 'redlock'; expected one of:";
    QTest::newRow("compare_with the lesson's own recipe")
        << "title: t\nbackend: redis\nrecipe: redis-lock\ncompare_with: redis-lock\nclients: 3\n"
        << "s.yaml:4:15: cannot compare redis-lock with 'redis-lock'; expected one of:";
    QTest::newRow("compare_with a recipe of another dialect")
        << "title: t\nbackend: database\ndatabase: {dialect: mariadb}\nrecipe: db-for-update\n"
           "compare_with: pg-advisory\nclients: 3\n"
        << "s.yaml:5:15: cannot compare db-for-update with 'pg-advisory'; expected one of:";
    QTest::newRow("missing title") << "recipe: zk-chained\nclients: 3\n"
                                   << "s.yaml:1:1: missing required key 'title'";
    QTest::newRow("bad number") << "title: t\nrecipe: zk-chained\nclients: many\n"
                                << "s.yaml:3:10: expected a whole number for 'clients', got 'many'";
    QTest::newRow("out of range") << "title: t\nrecipe: zk-chained\nclients: 0\n"
                                  << "s.yaml:3:10: 'clients' must be between 1 and 100000, got 0";
    QTest::newRow("bad duration")
        << "title: t\nrecipe: zk-chained\nclients: 2\nfaults:\n  - at: soon\n    crash: c1\n"
        << "s.yaml:5:9: expected a duration for 'faults[0].at' such as 250ms, 2s, 2.5s or 1500us, "
           "got 'soon'";
    QTest::newRow("unknown client in fault")
        << "title: t\nrecipe: zk-chained\nclients: 2\nfaults:\n  - {at: 1s, crash: c9}\n"
        << "s.yaml:5:21: unknown client 'c9'; expected one of: c1 c2";
    QTest::newRow("two fault kinds")
        << "title: t\nrecipe: zk-chained\nclients: 2\nfaults:\n  - {at: 1s, crash: c1, pause: c2}\n"
        << "s.yaml:5:5: a fault needs exactly one of:";
    QTest::newRow("bad plan step")
        << "title: t\nrecipe: zk-chained\nclients: 2\nplan: [acquire, nap]\n"
        << "s.yaml:4:17: expected a plan step:";
    QTest::newRow("bad expectation value")
        << "title: t\nrecipe: zk-chained\nclients: 2\nexpect: {mutual_exclusion: maybe}\n"
        << "s.yaml:4:28: expected 'holds' or 'violated' for 'expect.mutual_exclusion', got 'maybe'";
    QTest::newRow("unknown expectation")
        << "title: t\nrecipe: zk-chained\nclients: 2\nexpect: {speed: 5}\n"
        << "s.yaml:4:10: unknown expectation 'speed'; expected one of:";
    QTest::newRow("bad bound")
        << "title: t\nrecipe: zk-chained\nclients: 2\nexpect: {acquisitions: '>= lots'}\n"
        << "s.yaml:4:24: expected a bound such as '>= 6' or '== 10' for 'expect.acquisitions', got "
           "'>= lots'";
    QTest::newRow("yaml syntax") << "title: t\nrecipe: [zk-chained\nclients: 2\n"
                                 << "s.yaml:";
    QTest::newRow("not a mapping")
        << "- just\n- a list\n"
        << "s.yaml:1:1: expected a scenario (a mapping of keys such as title, recipe, clients)";
    QTest::newRow("bad lock path")
        << "title: t\nrecipe: zk-chained\nclients: 2\nrecipe_parameters: {lock_path: lock}\n"
        << "s.yaml:4:32: expected a znode path such as /lock for 'recipe_parameters.lock_path', "
           "got 'lock'";
    QTest::newRow("duplicate client")
        << "title: t\nrecipe: zk-chained\nclients:\n  - name: a\n  - name: a\n"
        << "s.yaml:5:11: client name 'a' is used twice";
    QTest::newRow("narration trigger")
        << "title: t\nrecipe: zk-chained\nclients: 2\nnarration:\n  - {on: c1 exploded, text: x}\n"
        << "s.yaml:5:10: expected '<client|any> <event>' with an event among:";
    QTest::newRow("latency inverted")
        << "title: t\nrecipe: zk-chained\nclients: 2\nnetwork: {latency_ms: [5, 1]}\n"
        << "s.yaml:4:23: 'network.latency_ms': high is below low";
    // Lesson texts in two languages (docs/scenario-format.md, "Text in two languages").
    QTest::newRow("text: unknown language")
        << "title:\n  en: a\n  fr: b\nrecipe: zk-chained\nclients: 3\n"
        << "s.yaml:3:3: unknown language 'fr' in 'title'; expected 'en' (English, required) and "
           "'zh' (Chinese, optional)";
    QTest::newRow("text: missing en")
        << "title:\n  zh: \"甲\"\nrecipe: zk-chained\nclients: 3\n"
        << "s.yaml:2:3: missing 'en' in 'title': the English text is required ('zh' is optional "
           "and falls back to it)";
    QTest::newRow("text: a list for zh")
        << "title: t\nrecipe: zk-chained\nclients: 2\nnarration:\n  - at: 0ms\n    text:\n"
           "      en: a\n      zh: [b]\n"
        << "s.yaml:8:11: expected text for 'narration[0].text.zh', got a list";
    QTest::newRow("text: a mapping for en")
        << "title: t\nsummary: {en: {x: 1}}\nrecipe: zk-chained\nclients: 2\n"
        << "s.yaml:2:15: expected text for 'summary.en', got a mapping";
    QTest::newRow("text: nothing for zh")
        << "title: t\nrecipe: zk-chained\nclients: 2\nlive_only:\n  en: why\n  zh: ~\n"
        << "s.yaml:6:7: expected text for 'live_only.zh', got nothing";
    QTest::newRow("text: a list for the field")
        << "title: [a, b]\nrecipe: zk-chained\nclients: 2\n"
        << "s.yaml:1:8: expected text, or a mapping with 'en' (English) and 'zh' (Chinese), for "
           "'title', got a list";
  }

  // Each lesson text is plain English or a mapping of en (required) and zh (optional); the
  // Chinese is looked up with a fallback to the English, which has() tells apart.
  void textsAreReadInBothForms_data() {
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("en");
    QTest::addColumn<QString>("zh");
    QTest::addColumn<QString>("where");  // the text's position, for the translation check
    QTest::newRow("plain text") << "title: \"Herd: ten clients\""
                                << "Herd: ten clients"
                                << ""
                                << "s.yaml:1:8";
    QTest::newRow("block mapping") << "title:\n  en: \"Herd: ten\"\n  zh: \"羊群：十个\""
                                   << "Herd: ten"
                                   << "羊群：十个"
                                   << "s.yaml:2:3";
    QTest::newRow("flow mapping, en only") << "title: {en: Herd}"
                                           << "Herd"
                                           << ""
                                           << "s.yaml:1:8";
  }
  void textsAreReadInBothForms() {
    QFETCH(QString, title);
    QFETCH(QString, en);
    QFETCH(QString, zh);
    QFETCH(QString, where);
    const auto result = loadScenarioText(title.toStdString() +
                                             "\nrecipe: zk-chained\nclients: 2\nnarration:\n"
                                             "  - {at: 0ms, text: {en: one, zh: 一}}\n"
                                             "  - {at: 1ms, text: two}\n",
                                         "s.yaml");
    QVERIFY2(result.scenario, result.error.c_str());
    const scenario::Scenario& s = *result.scenario;
    using scenario::TextLanguage;
    QCOMPARE(QString::fromStdString(s.title.en), en);
    QCOMPARE(QString::fromStdString(s.title.zh), zh);
    QCOMPARE(s.title.has(TextLanguage::Chinese), !zh.isEmpty());
    QCOMPARE(QString::fromStdString(s.title.in(TextLanguage::Chinese)), zh.isEmpty() ? en : zh);
    QCOMPARE(QString::fromStdString(s.title.in(TextLanguage::English)), en);
    QCOMPARE(QString::fromStdString(s.title.location.describe()), where);
    QCOMPARE(s.narration[0].text.in(TextLanguage::Chinese), std::string("一"));
    QCOMPARE(s.narration[1].text.in(TextLanguage::Chinese), std::string("two"));
    QVERIFY(!s.narration[1].text.has(TextLanguage::Chinese));
    // Every text a reader sees, by its key path: what the translation check walks.
    std::vector<std::string> paths;
    for (const auto& field : s.texts()) paths.push_back(field.path);
    QCOMPARE(paths, (std::vector<std::string>{"title", "narration[0].text", "narration[1].text"}));
  }

  // --set reaches a text in either form.
  void textsCanBeOverridden() {
    const auto result = loadScenarioText(kMinimal, "s.yaml", {{"title", "{en: a, zh: 甲}"}});
    QVERIFY2(result.scenario, result.error.c_str());
    QCOMPARE(result.scenario->title.zh, std::string("甲"));
    QCOMPARE(result.scenario->title.location.describe(), std::string("--set title"));
  }

  // Issue 13: inputs the loader used to accept or mis-read. Each is refused with line and column.
  void malformedDocumentsAreRefused_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("content after a root flow mapping")
        << "{title: t, recipe: zk-chained, clients: 2}\nfoo: [\n"
        << "s.yaml:";
    QTest::newRow("a second document")
        << "{title: t, recipe: zk-chained, clients: 2}\n---\nclients: 5\n"
        << "s.yaml:3:1: expected the end of the scenario; a scenario file holds one YAML document";
    QTest::newRow("duplicate top-level key")
        << "title: t\nrecipe: zk-chained\nclients: 2\nclients: 3\n"
        << "s.yaml:4:1: the key 'clients' appears twice in the same mapping; expected each key "
           "once";
    QTest::newRow("duplicate nested key")
        << "title: t\nrecipe: zk-chained\nclients: 2\nnetwork: {latency_ms: 1, latency_ms: 2}\n"
        << "s.yaml:4:26: the key 'latency_ms' appears twice in the same mapping; expected each key "
           "once";
    QTest::newRow("hold overflowing microseconds")
        << "title: t\nrecipe: zk-chained\nclients: 2\nplan: [acquire, hold 9223372036854775807us, "
           "release]\n"
        << "s.yaml:4:17: a hold lasts at most 24h";
    QTest::newRow("hold overflowing milliseconds")
        << "title: t\nrecipe: zk-chained\nclients: 2\nplan: [acquire, hold 9223372036854775807ms, "
           "release]\n"
        << "s.yaml:4:17: expected a plan step:";
    QTest::newRow("newline quoted in an error")
        << "title: t\nrecipe: zk-chained\nclients: \"a\\nb\\x01\"\n"
        << "s.yaml:3:10: expected a whole number for 'clients', got 'a\\nb\\x01'";
    QTest::newRow("lock path /.")
        << "title: t\nrecipe: zk-chained\nclients: 2\nrecipe_parameters: {lock_path: /.}\n"
        << "s.yaml:4:32: '.' cannot name a znode in 'recipe_parameters.lock_path', got '/.'";
    QTest::newRow("lock path /a/..")
        << "title: t\nrecipe: zk-chained\nclients: 2\nrecipe_parameters: {lock_path: /a/..}\n"
        << "s.yaml:4:32: '..' cannot name a znode in 'recipe_parameters.lock_path', got '/a/..'";
    QTest::newRow("lock path with NUL")
        << "title: t\nrecipe: zk-chained\nclients: 2\nrecipe_parameters: {lock_path: \"/a\\0b\"}\n"
        << "s.yaml:4:32: a znode path cannot hold control characters (such as NUL) in "
           "'recipe_parameters.lock_path'";
  }

  void malformedDocumentsAreRefused() { errorsNameLineColumnAndWhatWasExpected(); }

  // Invalid UTF-8 (here in the title and in a client's name) made `run --json` abort; the text
  // goes through QString in the data-driven rows, so these bytes are written here directly.
  void textMustBeUtf8() {
    QCOMPARE(errorOf("title: \"a\xff b\"\nrecipe: zk-chained\nclients: 2\n"),
             std::string("s.yaml:1:10: expected UTF-8 text, found the byte 0xFF"));
    QCOMPARE(errorOf("title: t\nrecipe: zk-chained\nclients:\n  - name: \xe2\x82\n"),
             std::string("s.yaml:4:11: expected UTF-8 text, found the byte 0xE2"));
    QCOMPARE(errorOf("title: \"\xed\xa0\x80\"\nrecipe: zk-chained\nclients: 2\n"),
             std::string("s.yaml:1:9: expected UTF-8 text, found the byte 0xED"));  // a surrogate
    QCOMPARE(errorOf("title: \"\xe2\x82\xac \xf0\x9f\x94\x92\"\nrecipe: zk-chained\nclients: 2\n"),
             std::string("(loaded)"));
  }

  void setValuesMustBeUtf8() {
    const std::string got = errorOf(kMinimal, {{"title", "bad\xC0\xAF"}});
    QCOMPARE(got, std::string("--set:1:10: expected UTF-8 text, found the byte 0xC0"));
  }

  // A list of more names than the cap is refused; a list at the cap loads, and quickly (the
  // loader was quadratic in the number of names: 300,000 did not load in a minute).
  void clientListIsCappedAndLinear() {
    std::string text = "title: t\nrecipe: zk-chained\nclients:\n";
    for (int i = 0; i < 100'000; ++i) text += "  - {name: n" + std::to_string(i) + "}\n";
    QElapsedTimer timer;
    timer.start();
    const auto loaded = loadScenarioText(text, "s.yaml");
    QVERIFY2(loaded.scenario, loaded.error.c_str());
    QCOMPARE(loaded.scenario->clients.size(), size_t{100'000});
    QVERIFY2(timer.elapsed() < 20'000, qPrintable(QString::number(timer.elapsed())));
    text += "  - {name: one-too-many}\n";
    QCOMPARE(errorOf(text), std::string("s.yaml:4:3: at most 100000 clients, got 100001"));
  }

  // Aliases that repeat one node a billion times are walked once each, not a billion times.
  void billionLaughsLoadsOrFailsQuickly() {
    // With a scenario key first, so that the loader walks the keys that follow.
    std::string text = "title: laughs\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 10; ++i) {
      text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
      for (int j = 0; j < 10; ++j)
        text += std::string(j ? ", " : "") + "*a" + std::to_string(i - 1);
      text += "]\n";
    }
    QElapsedTimer timer;
    timer.start();
    const std::string got = errorOf(text);
    QVERIFY2(got.rfind("s.yaml:2:1: unknown key 'a0'", 0) == 0, got.c_str());
    QVERIFY2(timer.elapsed() < 5'000, qPrintable(QString::number(timer.elapsed())));
  }

  // yaml-cpp's LoadAll never ended on a stray flow entry at the top level: "," alone took every
  // byte of memory (found by fuzz_scenario_loader). Now it is one line, at once.
  void aStrayCommaIsOneLineNotAnEndlessParse() {
    for (const char* text : {",", ",a", "[1],", "{title: t},", "\"x\","}) {
      const std::string got = errorOf(text);
      QVERIFY2(
          got.find(": expected the end of the scenario; a scenario file holds one YAML document") !=
              std::string::npos,
          got.c_str());
    }
  }

  // Run as root against /etc/shadow, the error quoted its first line as an "unknown key". A file
  // none of whose keys is a scenario's is named, not quoted; a long key is cut short.
  void errorsNeverQuoteAFileThatIsNotAScenario() {
    const std::string shadow =
        "root:$y$j9T$secrethashsecrethash:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n";
    const std::string got = errorOf(shadow);
    QCOMPARE(
        QString::fromStdString(got),
        QStringLiteral(
            "s.yaml:1:1: expected a scenario (a mapping of keys such as title, recipe, clients); "
            "none of this file's keys is one"));
    const std::string longKey = errorOf("title: t\n" + std::string(300, 'k') + ": 1\n");
    QVERIFY2(longKey.rfind("s.yaml:2:1: unknown key '" + std::string(40, 'k') + "...'", 0) == 0,
             longKey.c_str());
  }

  // compare_with names the recipe the GUI opens compare mode with; the error lists exactly what
  // compare mode would offer: the service's other recipes, then the other representatives.
  void compareWithIsReadAndItsChoicesListed() {
    const auto loaded = loadScenarioText(
        "title: t\nbackend: database\nrecipe: db-no-expiry\ncompare_with: zk-curator\nclients: 2\n",
        "s.yaml");
    QVERIFY2(loaded.scenario, loaded.error.c_str());
    QCOMPARE(loaded.scenario->compareWith, std::string("zk-curator"));
    QVERIFY(loadScenarioText(kMinimal, "s.yaml").scenario->compareWith.empty());
    const std::string got = errorOf(
        "title: t\nbackend: database\nrecipe: db-no-expiry\ncompare_with: x\nclients: 2\n");
    QVERIFY2(got.find("expected one of: ") != std::string::npos, got.c_str());
    const std::string listed = got.substr(got.find("expected one of:")) + " ";
    QVERIFY2(listed.find(" db-unique-key ") != std::string::npos, got.c_str());
    QVERIFY2(listed.find(" redis-lock ") != std::string::npos, got.c_str());
    QVERIFY2(listed.find(" zk-curator ") != std::string::npos, got.c_str());
    QVERIFY2(listed.find("redlock") == std::string::npos, got.c_str());
    QVERIFY2(listed.find("zk-chained") == std::string::npos, got.c_str());
    QVERIFY2(listed.find(" db-no-expiry ") == std::string::npos, got.c_str());
  }

  void errorsNameLineColumnAndWhatWasExpected() {
    QFETCH(QString, text);
    QFETCH(QString, error);
    const std::string got = errorOf(text.toStdString());
    QVERIFY2(got.rfind(error.toStdString(), 0) == 0, ("got: " + got).c_str());
    QVERIFY2(got.find('\n') == std::string::npos, "errors are one line");
  }

  void redisKeysAreApplied() {
    const auto result = loadScenarioText(
        "title: t\nbackend: redis\nrecipe: redlock\nclients: 2\n"
        "recipe_parameters: {lock_key: k, ttl_ms: 500, retry_delay_ms: 7, retries: 2, "
        "renew_every_ms: 100, redlock_timer_after_quorum: true}\n"
        "redis:\n  instances: 3\n  replicas: 1\n  replication_lag_ms: 40\n  persistence: always\n"
        "  request_timeout_ms: 30\n  clocks: {redis-2: {offset_ms: -5, drift_ppm: 300}}\n"
        "  client_clocks: {c2: {drift_ppm: -7}}\n"
        "faults:\n  - {at: 1s, kill_instance: redis-1-r1, for: 2s}\n  - {at: 2s, clock_jump: "
        "redis-3, by: -1.5s}\n"
        "  - {at: 3s, failover: redis-2}\n",
        "s.yaml");
    QVERIFY2(result.scenario, result.error.c_str());
    const scenario::Scenario& s = *result.scenario;
    QCOMPARE(s.backend, std::string("redis"));
    QCOMPARE(s.recipeParameters.lockKey, std::string("k"));
    QCOMPARE(s.recipeParameters.ttlMs, int64_t{500});
    QCOMPARE(s.recipeParameters.retryDelayMs, int64_t{7});
    QCOMPARE(s.recipeParameters.retries, 2);
    QCOMPARE(s.recipeParameters.renewEveryMs, int64_t{100});
    QVERIFY(s.recipeParameters.redlockTimerAfterQuorum);
    QCOMPARE(s.redis.instances, 3);
    QCOMPARE(s.redis.replicas, 1);
    QCOMPARE(s.redis.replicationLagMs, int64_t{40});
    QCOMPARE(s.redis.persistence, std::string("always"));
    QCOMPARE(s.redis.requestTimeoutMs, int64_t{30});
    QCOMPARE(s.redis.clocks.at("redis-2").offsetMs, int64_t{-5});
    QCOMPARE(s.redis.clocks.at("redis-2").driftPpm, int64_t{300});
    QCOMPARE(s.redis.clientClocks.at("c2").driftPpm, int64_t{-7});
    QCOMPARE(s.faults.size(), size_t{4});
    QCOMPARE(s.faults[0].kind, scenario::Fault::Kind::KillInstance);
    QCOMPARE(s.faults[0].client, std::string("redis-1-r1"));
    QCOMPARE(s.faults[1].kind, scenario::Fault::Kind::ClockJump);
    QCOMPARE(s.faults[1].clockJumpMs, int64_t{-1500});
    QCOMPARE(s.faults[2].kind, scenario::Fault::Kind::RestartInstance);
    QCOMPARE(s.faults[2].at, sim::fromSeconds(3));
    QCOMPARE(s.faults[3].kind, scenario::Fault::Kind::Failover);
  }

  void redisErrorsNameLineColumn_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const QString redis = "title: t\nbackend: redis\nrecipe: redis-lock\nclients: 2\n";
    QTest::newRow("unknown redis key")
        << redis + "redis: {instance: 3}\n"
        << "s.yaml:5:9: unknown key 'instance' in 'redis' (did you mean 'instances'?)";
    QTest::newRow("persistence")
        << redis + "redis: {persistence: sometimes}\n"
        << "s.yaml:5:22: unknown persistence 'sometimes'; expected: none, every_second, always";
    QTest::newRow("too many instances")
        << redis + "redis: {instances: 99}\n"
        << "s.yaml:5:20: 'redis.instances' must be between 1 and 15, got 99";
    QTest::newRow("unknown instance clock")
        << redis + "redis: {clocks: {redis-7: {offset_ms: 1}}}\n"
        << "s.yaml:5:18: unknown Redis instance 'redis-7'; expected one of: redis-1";
    QTest::newRow("unknown clock key") << redis + "redis: {clocks: {redis-1: {skew_ms: 1}}}\n"
                                       << "s.yaml:5:28: unknown key 'skew_ms'";
    QTest::newRow("unknown client clock")
        << redis + "redis: {client_clocks: {c9: {drift_ppm: 1}}}\n"
        << "s.yaml:5:25: unknown client 'c9' in 'redis.client_clocks'";
    QTest::newRow("unknown instance in fault")
        << redis + "faults:\n  - {at: 1s, kill_instance: redis-2}\n"
        << "s.yaml:6:29: unknown Redis instance 'redis-2'; expected one of: redis-1";
    QTest::newRow("clock jump without by") << redis + "faults:\n  - {at: 1s, clock_jump: redis-1}\n"
                                           << "s.yaml:6:5: clock_jump needs 'by: <duration>'";
    QTest::newRow("bad jump") << redis + "faults:\n  - {at: 1s, clock_jump: redis-1, by: far}\n"
                              << "s.yaml:6:39: expected a duration such as '30s' or '-500ms' for "
                                 "'faults[0].by', got 'far'";
    QTest::newRow("by without jump") << redis + "faults:\n  - {at: 1s, crash: c1, by: 2s}\n"
                                     << "s.yaml:6:29: 'by' goes with clock_jump only";
    QTest::newRow("for with failover")
        << redis + "faults:\n  - {at: 1s, failover: redis-1, for: 2s}\n"
        << "s.yaml:6:38: 'for' goes with pause, partition or kill_instance only";
    QTest::newRow("redis section without backend")
        << "title: t\nrecipe: zk-chained\nclients: 2\nredis: {instances: 2}\n"
        << "s.yaml:4:8: 'redis' needs 'backend: redis'";
    QTest::newRow("instance fault without backend")
        << "title: t\nrecipe: zk-chained\nclients: 2\nfaults:\n  - {at: 1s, kill_instance: "
           "redis-1}\n"
        << "s.yaml:5:5: instance faults need 'backend: redis'";
    QTest::newRow("zookeeper recipe on redis")
        << "title: t\nbackend: redis\nrecipe: zk-chained\nclients: 2\n"
        << "s.yaml:3:9: recipe 'zk-chained' needs 'backend: zookeeper'";
    QTest::newRow("redis recipe on zookeeper")
        << "title: t\nrecipe: redlock\nclients: 2\n"
        << "s.yaml:2:9: recipe 'redlock' needs 'backend: redis'";
    QTest::newRow("unknown backend")
        << "title: t\nbackend: etcd\nrecipe: redlock\nclients: 2\n"
        << "s.yaml:2:10: unknown backend 'etcd'; expected: zookeeper, redis";
    QTest::newRow("ttl out of range")
        << redis + "recipe_parameters: {ttl_ms: 0}\n"
        << "s.yaml:5:29: 'recipe_parameters.ttl_ms' must be between 1 and 86400000, got 0";
    QTest::newRow("unlock script that does not compile")
        << redis +
               "recipe_parameters:\n  unlock_script: |\n    if redis.call('get', KEYS[1]) "
               "== ARGV[1] then\n      return redis.call('del', KEYS[1])\n"
        << "s.yaml:6:18: expected a Lua script that compiles (Redis' Lua 5.1): user_script:3: "
           "'end' expected (to close 'if' at line 1) near '<eof>'";
  }

  void redisErrorsNameLineColumn() { errorsNameLineColumnAndWhatWasExpected(); }

  // Issue 11: a narration step says what is on screen at its moment (`shows:`).
  void narrationClaimsAreRead() {
    const auto result = loadScenarioText(
        "title: t\nrecipe: zk-chained\nclients: 3\nlive_only: an ensemble's election\nnarration:\n"
        "  - on: c1 acquired\n    text: x\n"
        "    shows: {holders: 1, holder: c1, waiting: [c3, c2], node_exists: "
        "/lock/lock-0000000000,\n"
        "            node_absent: [/lock/a, /lock/b], violations: '< 1', state: {c2: waiting, c1: "
        "holding}}\n",
        "s.yaml");
    QVERIFY2(result.scenario, result.error.c_str());
    const scenario::Scenario& s = *result.scenario;
    QCOMPARE(s.liveOnly.en, std::string("an ensemble's election"));
    const auto& claims = s.narration.at(0).claims;
    QCOMPARE(claims.size(), size_t{7});
    std::map<std::string, scenario::NarrationClaim> byKey;
    for (const auto& claim : claims) byKey[claim.key] = claim;
    QCOMPARE(byKey.at("holders").comparison, std::string("=="));
    QCOMPARE(byKey.at("holders").bound, 1.0);
    QCOMPARE(byKey.at("holders").location.line, 8);
    QCOMPARE(byKey.at("holder").names, std::vector<std::string>{"c1"});
    QCOMPARE(byKey.at("waiting").names, (std::vector<std::string>{"c2", "c3"}));
    QCOMPARE(byKey.at("waiting").written, std::string("[c3, c2]"));
    QCOMPARE(byKey.at("node_exists").names, std::vector<std::string>{"/lock/lock-0000000000"});
    QCOMPARE(byKey.at("node_absent").names, (std::vector<std::string>{"/lock/a", "/lock/b"}));
    QCOMPARE(byKey.at("violations").comparison, std::string("<"));
    QCOMPARE(byKey.at("state").byName.at("c2"), std::string("waiting"));
  }

  // What a client's cache holds: a version, or none.
  void cacheVersionClaimsAreRead() {
    const auto result = loadScenarioText(
        "title: t\nrecipe: zk-node-cache\nclients: 2\nnarration:\n"
        "  - {at: 1ms, text: x, shows: {cache_version: {c1: 3, c2: none}}}\n",
        "s.yaml");
    QVERIFY2(result.scenario, result.error.c_str());
    const scenario::NarrationClaim& claim = result.scenario->narration.at(0).claims.at(0);
    QCOMPARE(claim.key, std::string("cache_version"));
    QCOMPARE(claim.byName.at("c1"), std::string("3"));
    QCOMPARE(claim.byName.at("c2"), std::string("none"));
  }

  void narrationClaimErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const QString zk =
        "title: t\nrecipe: zk-chained\nclients: 2\nnarration:\n  - at: 10ms\n    text: x\n";
    QTest::newRow("unknown claim suggests")
        << zk + "    shows: {holder: c1, waitng: [c2]}\n"
        << "s.yaml:7:25: unknown key 'waitng' in 'narration[0].shows' (did you mean 'waiting'?)";
    QTest::newRow("count not a number") << zk + "    shows: {holders: one}\n"
                                        << "s.yaml:7:22: expected a bound such as '>= 6' or '== "
                                           "10' for 'narration[0].shows.holders', got 'one'";
    QTest::newRow("not a client")
        << zk + "    shows: {waiting: [c2, any]}\n"
        << "s.yaml:7:27: expected a client's name for 'narration[0].shows.waiting[1]', got 'any'";
    QTest::newRow("unknown state")
        << zk + "    shows: {state: {c1: sleeping}}\n"
        << "s.yaml:7:25: unknown state 'sleeping'; expected one of: idle, creating";
    QTest::newRow("not a path")
        << zk + "    shows: {node_exists: lock-1}\n"
        << "s.yaml:7:26: expected a znode path such as /lock/lock-0000000000, got 'lock-1'";
    QTest::newRow("not a mapping")
        << zk + "    shows: [holders]\n"
        << "s.yaml:7:12: expected a mapping for 'narration[0].shows', got a list";
    QTest::newRow("cache version not a number")
        << zk + "    shows: {cache_version: {c1: latest}}\n"
        << "s.yaml:7:33: expected a version (0, 1, ...) or none, got 'latest'";
    QTest::newRow("redis claim on zookeeper") << zk + "    shows: {redis_holder: {redis-1: c1}}\n"
                                              << "s.yaml:7:27: 'redis_holder' needs backend: redis";
    QTest::newRow("unknown instance")
        << "title: t\nbackend: redis\nrecipe: redis-lock\nclients: 2\nnarration:\n"
           "  - {at: 1ms, text: x, shows: {redis_holder: {redis-4: c1}}}\n"
        << "s.yaml:6:47: unknown Redis instance 'redis-4'";
    QTest::newRow("empty live_only")
        << "title: t\nrecipe: zk-chained\nclients: 2\nlive_only: ''\n"
        << "s.yaml:4:12: 'live_only' says why the model cannot teach this lesson; got nothing";
  }

  void narrationClaimErrors() { errorsNameLineColumnAndWhatWasExpected(); }

  // Issue 16: a step may ask a question (predict, then reveal); it pauses there.
  void narrationQuestionsAreRead() {
    const auto result = loadScenarioText(
        "title: t\nrecipe: zk-chained\nclients: 2\nnarration:\n"
        "  - on: c1 crashed\n    text: x\n    question:\n"
        "      ask: {en: \"When?\", zh: 什么时候？}\n"
        "      answers: [{en: now, zh: 现在}, later, {en: never, zh: 永不}]\n"
        "      right: 2\n",
        "s.yaml");
    QVERIFY2(result.scenario, result.error.c_str());
    const scenario::NarrationStep& step = result.scenario->narration.at(0);
    QVERIFY(step.pause);  // a question stops the run
    QVERIFY(step.question.has_value());
    QCOMPARE(step.question->ask.en, std::string("When?"));
    QCOMPARE(step.question->ask.in(scenario::TextLanguage::Chinese), std::string("什么时候？"));
    QCOMPARE(step.question->answers.size(), size_t{3});
    QCOMPARE(step.question->answers[1].en, std::string("later"));
    QCOMPARE(step.question->right, size_t{1});
    QCOMPARE(step.question->location.line, 8);
    // Its texts are the lesson's, for the translation check: "later" has no Chinese.
    std::vector<std::string> paths;
    for (const auto& field : result.scenario->texts()) paths.push_back(field.path);
    QCOMPARE(paths, (std::vector<std::string>{
                        "title", "narration[0].text", "narration[0].question.ask",
                        "narration[0].question.answers[0]", "narration[0].question.answers[1]",
                        "narration[0].question.answers[2]"}));
  }

  void narrationQuestionErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const QString zk =
        "title: t\nrecipe: zk-chained\nclients: 2\nnarration:\n  - at: 10ms\n    text: x\n";
    QTest::newRow("one answer") << zk + "    question: {ask: q, answers: [a], right: 1}\n"
                                << "s.yaml:7:33: expected 2 to 4 answers, found 1";
    QTest::newRow("five answers")
        << zk + "    question: {ask: q, answers: [a, b, c, d, e], right: 1}\n"
        << "s.yaml:7:33: expected 2 to 4 answers, found 5";
    QTest::newRow("right out of range")
        << zk + "    question: {ask: q, answers: [a, b], right: 3}\n"
        << "s.yaml:7:48: 'narration[0].question.right' must be between 1 and 2, got 3";
    QTest::newRow("right missing") << zk + "    question: {ask: q, answers: [a, b]}\n"
                                   << "s.yaml:7:15: a question needs 'right'";
    QTest::newRow("unknown key suggests")
        << zk + "    question: {ask: q, answer: [a, b], right: 1}\n"
        << "s.yaml:7:24: unknown key 'answer' in 'narration[0].question' (did you mean 'answers'?)";
    QTest::newRow("a question with pause: false")
        << zk + "    pause: false\n    question: {ask: q, answers: [a, b], right: 1}\n"
        << "s.yaml:7:12: a step with a question pauses";
    QTest::newRow("not a mapping") << zk + "    question: what now?\n"
                                   << "s.yaml:7:15: expected a mapping for 'narration[0].question'";
  }

  void narrationQuestionErrors() { errorsNameLineColumnAndWhatWasExpected(); }

  // Issue 16: a challenge ("break it"): what to break, with how many faults of which kinds.
  void challengesAreRead() {
    const auto result = loadScenarioText(
        "title: t\nrecipe: zk-chained\nclients: 2\nchallenge:\n  id: zk-two\n"
        "  goal: {en: Break it, zh: 破坏它}\n  break: mutual_exclusion\n"
        "  budget: {faults: 2, kinds: [pause, crash]}\n",
        "s.yaml");
    QVERIFY2(result.scenario, result.error.c_str());
    QVERIFY(result.scenario->challenge.has_value());
    const scenario::Challenge& challenge = *result.scenario->challenge;
    QCOMPARE(challenge.id, std::string("zk-two"));
    QCOMPARE(challenge.goal.in(scenario::TextLanguage::Chinese), std::string("破坏它"));
    QCOMPARE(challenge.violation, std::string("mutual_exclusion"));
    QCOMPARE(challenge.budget, 2);
    QCOMPARE(challenge.kinds,
             (std::vector<sim::FaultKind>{sim::FaultKind::Pause, sim::FaultKind::Crash}));
    QCOMPARE(challenge.location.line, 5);
    // Its goal is a lesson text, for the translation check.
    std::vector<std::string> paths;
    for (const auto& field : result.scenario->texts()) paths.push_back(field.path);
    QCOMPARE(paths, (std::vector<std::string>{"title", "challenge.goal"}));
  }

  void challengeErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    const QString zk = "title: t\nrecipe: zk-chained\nclients: 2\nchallenge:\n";
    QTest::newRow("break missing") << zk + "  {id: a, goal: g, budget: 1}\n"
                                   << "s.yaml:5:3: a challenge needs 'break'";
    QTest::newRow("unknown violation")
        << zk + "  {id: a, goal: g, break: starvation, budget: 1}\n"
        << "s.yaml:5:27: unknown violation 'starvation'; expected one of: mutual_exclusion, "
           "lost_update, fifo, stuck, deadlock, leaked_watch, wait_cycle";
    QTest::newRow("id with a slash") << zk + "  {id: ../x, goal: g, break: fifo, budget: 1}\n"
                                     << "s.yaml:5:8: expected a file name without '.yaml' (a-z, "
                                        "0-9, '-'), got '../x'";
    QTest::newRow("budget out of range")
        << zk + "  {id: a, goal: g, break: fifo, budget: 0}\n"
        << "s.yaml:5:41: 'challenge.budget' must be between 1 and 10, got 0";
    QTest::newRow("unknown fault kind")
        << zk + "  {id: a, goal: g, break: fifo, budget: {faults: 1, kinds: [nap]}}\n"
        << "s.yaml:5:61: unknown fault kind 'nap'; expected one of: crash, restart, pause, resume, "
           "partition, heal, expire_session, lose_reply, kill_instance, restart_instance, "
           "clock_jump, failover, kill_server, restart_server";
    QTest::newRow("budget without faults")
        << zk + "  {id: a, goal: g, break: fifo, budget: {kinds: [pause]}}\n"
        << "s.yaml:5:41: a budget needs 'faults' (how many)";
    QTest::newRow("unknown key suggests")
        << zk + "  {id: a, goal: g, brake: fifo, budget: 1}\n"
        << "s.yaml:5:20: unknown key 'brake' in 'challenge' (did you mean 'break'?)";
    QTest::newRow("not a mapping") << zk + "  break it\n"
                                   << "s.yaml:5:3: expected a mapping for 'challenge'";
  }

  void challengeErrors() { errorsNameLineColumnAndWhatWasExpected(); }

  // A lesson's claims name its clients; with fewer clients (the GUI's top bar, --set clients=2)
  // it still loads, and a claim about a client it no longer has is false when checked.
  void narrationClaimsSurviveAChangedClientCount() {
    const std::string text =
        "title: t\nrecipe: zk-chained\nclients: 10\nnarration:\n"
        "  - {at: 1ms, text: x, shows: {waiting: [c9, c10], state: {c10: waiting}}}\n";
    QCOMPARE(errorOf(text, {{"clients", "2"}}), std::string("(loaded)"));
  }

  void overridesReplaceAndReportThemselves() {
    const auto result = loadScenarioText(kMinimal, "s.yaml",
                                         {{"clients", "1000"},
                                          {"recipe", "zk-chained"},
                                          {"recipe_parameters.acquire_timeout_ms", "50"},
                                          {"network.latency_ms", "[1, 2]"}});
    QVERIFY2(result.scenario, result.error.c_str());
    QCOMPARE(result.scenario->clients.size(), size_t{1000});
    QCOMPARE(result.scenario->recipeParameters.acquireTimeoutMs, int64_t{50});
    QCOMPARE(result.scenario->latency.high, sim::fromMillis(2));
    QCOMPARE(errorOf(kMinimal, {{"clients", "lots"}}),
             std::string("--set clients: expected a whole number for 'clients', got 'lots'"));
    const std::string unknownRecipe = errorOf(kMinimal, {{"recipe", "zk-nope"}});
    QVERIFY2(
        unknownRecipe.rfind("--set recipe: unknown recipe 'zk-nope'; expected one of:", 0) == 0,
        unknownRecipe.c_str());
  }

  // `expect:` takes every metric the run reports, and docs/scenario-format.md names each one:
  // all three read the one table in metric_names.h.
  void everyMetricCanBeExpectedAndIsDocumented() {
    std::ifstream docFile(LOCKSCOPE_SOURCE_DIR "/docs/scenario-format.md");
    const std::string doc((std::istreambuf_iterator<char>(docFile)),
                          std::istreambuf_iterator<char>());
    QVERIFY(!doc.empty());
    for (const auto& info : checkers::kMetrics) {
      const std::string text = std::string(kMinimal) + "expect: {" + info.name + ": \">= 0\"}\n";
      const auto result = loadScenarioText(text, "s.yaml");
      QVERIFY2(result.scenario, result.error.c_str());
      QCOMPARE(result.scenario->expectations.back().name, std::string(info.name));
      QVERIFY2(doc.find("`" + std::string(info.name) + "`") != std::string::npos, info.name);
    }
  }

  // Every fault kind in the one table (sim/trace/fault_kinds.h) is a key the loader reads into
  // that kind, and a row of docs/scenario-format.md's fault table; the docs have no other row.
  void everyFaultKindLoadsAndIsDocumented() {
    std::ifstream docFile(LOCKSCOPE_SOURCE_DIR "/docs/scenario-format.md");
    const std::string doc((std::istreambuf_iterator<char>(docFile)),
                          std::istreambuf_iterator<char>());
    const size_t section = doc.find("### Faults");
    QVERIFY(section != std::string::npos);
    const std::string faults = doc.substr(section, doc.find("\n### ", section + 1) - section);
    size_t documentedRows = 0;
    for (size_t at = faults.find("\n| `"); at != std::string::npos;
         at = faults.find("\n| `", at + 1))
      ++documentedRows;
    QCOMPARE(documentedRows, sim::kFaultKinds.size());
    for (const sim::FaultInfo& info : sim::kFaultKinds) {
      const std::string name = info.name;
      QVERIFY2(faults.find("\n| `" + name + ":") != std::string::npos, info.name);
      std::string text;
      switch (info.target) {
        case sim::FaultTarget::Client:
          text = std::string(kMinimal) + "faults: [{at: 1s, " + name + ": c1}]\n";
          break;
        case sim::FaultTarget::Server:
          text = std::string(kMinimal) + "faults: [{at: 1s, " + name + ": 1}]\n";
          break;
        case sim::FaultTarget::RedisInstance:
          text =
              "title: t\nbackend: redis\nrecipe: redlock\nclients: 2\nredis: {instances: 2, "
              "replicas: 1}\n"
              "faults: [{at: 1s, " +
              name + ": redis-1" + (info.kind == sim::FaultKind::ClockJump ? ", by: 1s" : "") +
              "}]\n";
          break;
      }
      const auto result = loadScenarioText(text, "s.yaml");
      QVERIFY2(result.scenario, result.error.c_str());
      QCOMPARE(result.scenario->faults.size(), size_t{1});
      QVERIFY(result.scenario->faults.front().kind == info.kind);
      QCOMPARE(std::string(scenario::faultKindName(info.kind)), name);
    }
  }

  void durationsAreExactFixedPoint() {
    sim::Micros micros = 0;
    QVERIFY(scenario::parseDurationText("2.5s", micros));
    QCOMPARE(micros, sim::Micros{2'500'000});
    QVERIFY(scenario::parseDurationText("40", micros));
    QCOMPARE(micros, sim::fromMillis(40));
    QVERIFY(scenario::parseDurationText("1500us", micros));
    QCOMPARE(micros, sim::Micros{1500});
    QVERIFY(scenario::parseDurationText("0.001ms", micros));
    QCOMPARE(micros, sim::Micros{1});
    QVERIFY(!scenario::parseDurationText("0.0001ms", micros));
    QVERIFY(!scenario::parseDurationText("-5ms", micros));
    QVERIFY(!scenario::parseDurationText("5 minutes", micros));
    QVERIFY(!scenario::parseDurationText("", micros));
  }

  // Not a regular file, or larger than the limit: one line, and without reading it all (reading
  // /dev/zero grew to gigabytes and aborted).
  void devicesAndHugeFilesAreRefused() {
    QCOMPARE(scenario::loadScenarioFile("/dev/zero").error,
             std::string("/dev/zero: not a regular file (a directory, device or pipe); expected a "
                         "scenario file"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("huge.yaml").toStdString();
    {
      std::ofstream huge(path, std::ios::binary);
      huge << kMinimal << "# " << std::string(5 * 1024 * 1024, 'x') << "\n";
    }
    QCOMPARE(scenario::loadScenarioFile(path).error,
             path + ": the scenario file is larger than 4 MiB, the limit");
  }

  void missingFileIsOneLine() {
    const auto result = scenario::loadScenarioFile("/nonexistent/x.yaml");
    QVERIFY(!result.scenario);
    QCOMPARE(result.error, std::string("/nonexistent/x.yaml: cannot open the scenario file"));
  }
};

QTEST_APPLESS_MAIN(ScenarioLoaderTest)
#include "tst_scenario_loader.moc"

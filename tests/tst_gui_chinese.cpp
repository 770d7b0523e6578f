// Goal: a Chinese-reading class sees the window in Chinese. With the zh_CN translation installed
// (as --language zh_CN or a Chinese system locale does) the top bar, the panels and the status
// line read in Chinese; every translated text has a glyph for each of its characters in the
// fonts the window draws with (a missing CJK font gives the empty "tofu" boxes instead); and the
// language switched while the window runs (the top bar's EN / 中文 button) changes the labels
// already shown, both those of QML and the status line and event log that C++ writes, and back.
//
// Method: Main.qml loaded as the app loads it, offscreen with the software renderer; texts are
// read from the "text" property of every object in the window. The glyph check lays each
// translation out with QTextLayout in the window's font and the application font (what the
// painted views use), Qt's font fallback included, and asks that no glyph is index 0 (.notdef).
//
// The lessons' own texts (issue 19) follow the GUI's language too: a translated lesson's title
// and narration read in Chinese, and switch with the window; a text without its Chinese shows
// the English behind the （未翻译） marker, in the window and in the lesson browser.
#include <QtQml/qqmlextensionplugin.h>
#include <QDir>
#include <QGlyphRun>
#include <QGuiApplication>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>

#include "event_log_model.h"
#include "language.h"
#include "lesson_list_model.h"
#include "playback_controller.h"
#include "scenario_session.h"
#include "simulation_controller.h"
#include "support/gui_lessons.h"
#include "support/gui_window.h"
#include "support/ts_file.h"

Q_IMPORT_QML_PLUGIN(LockscopePlugin)

using namespace lockscope;

namespace {

bool hasHan(const QString& text) {
  for (const QChar c : text) {
    if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) return true;
  }
  return false;
}

// The event log's line for the creation of the first lock node, played to the run's end.
QString firstNodeCreated(const QQuickWindow& window) {
  auto* simulation = window.property("simulation").value<gui::SimulationController*>();
  simulation->playback()->toEnd();
  QCoreApplication::processEvents();
  const gui::EventLogModel& events = *simulation->events();
  for (int row = 0; row < events.rowCount(); ++row) {
    const QString text = events.data(events.index(row), gui::EventLogModel::TextRole).toString();
    if (text.contains(QLatin1String("/lock/lock-0000000000 (EPHEMERAL_SEQUENTIAL"))) return text;
  }
  return {};
}

// The "text" of every object of the window that has one (labels, buttons, tabs, fields).
QStringList shownTexts(const QQuickWindow& window) {
  QStringList texts;
  for (const QObject* object : window.findChildren<QObject*>()) {
    const QVariant text = object->property("text");
    if (text.typeId() == QMetaType::QString && !text.toString().isEmpty()) texts << text.toString();
  }
  return texts;
}

// The object whose text is `text` (the first found), or nullptr.
QObject* objectReading(const QQuickWindow& window, const QString& text) {
  for (QObject* object : window.findChildren<QObject*>()) {
    if (object->property("text").toString() == text) return object;
  }
  return nullptr;
}

// Plays the window's run to its narration step `step` (in time order) and returns what the
// narration panel shows then.
QString narrationAt(const QQuickWindow& window, size_t step) {
  auto* simulation = window.property("simulation").value<gui::SimulationController*>();
  const auto& moments = simulation->timeline()->report().narration;
  if (step >= moments.size()) return QStringLiteral("(no such step)");
  simulation->playback()->seekTime(static_cast<double>(moments[step].time));
  QCoreApplication::processEvents();
  const QObject* shown = window.findChild<QObject*>(QStringLiteral("narrationText"));
  return shown ? shown->property("text").toString() : QStringLiteral("(no narration panel)");
}

const QString kUntranslated = QStringLiteral("（未翻译）");

// A lesson written before its translation: the title has its Chinese, the rest does not.
constexpr const char* kHalfTranslated =
    "title:\n  en: \"Half translated\"\n  zh: \"译了一半\"\n"
    "summary: \"Only in English\"\n"
    "recipe: zk-chained\nclients: 2\n"
    "narration:\n"
    "  - at: 0ms\n    text:\n      en: Two clients queue.\n"
    "      zh: |\n        两个客户端\n        排队等锁。\n"
    "  - at: 5ms\n    text: \"Nobody translated this step.\"\n";

// Whether `font`, with Qt's fallback fonts, draws `character` as the .notdef box (glyph 0).
bool lacksGlyph(const QString& character, const QFont& font) {
  QTextLayout layout(character, font);
  layout.beginLayout();
  layout.createLine();
  layout.endLayout();
  for (const QGlyphRun& run : layout.glyphRuns()) {
    if (run.glyphIndexes().contains(0u)) return true;
  }
  return false;
}

}  // namespace

class GuiChineseTest : public QObject {
  Q_OBJECT

  // A fresh window on the herd lesson, in the language installed now.
  QQuickWindow* openWindow(QQmlApplicationEngine& engine) {
    QQuickWindow* window = testing::loadMainWindow(engine, false, 1600, 1000);
    if (!window) return nullptr;
    auto* simulation = window->property("simulation").value<gui::SimulationController*>();
    if (!simulation || !simulation->session()->load(testing::zookeeperLesson("herd-naive.yaml")))
      return nullptr;
    QCoreApplication::processEvents();
    return window;
  }

 private slots:
  void cleanup() { gui::installLanguage(QStringLiteral("en")); }

  void theWindowReadsChinese() {
    QVERIFY(gui::installLanguage(QStringLiteral("zh_CN")));
    QQmlApplicationEngine engine;
    QQuickWindow* window = openWindow(engine);
    QVERIFY(window);
    const QStringList texts = shownTexts(*window);
    // The top bar, the side panel's narration, the event log and the playback bar.
    for (const char* chinese : {"课程", "录制…", "方案", "种子", "讲解", "事件", "▶ 播放"})
      QVERIFY2(texts.contains(QString::fromUtf8(chinese)), chinese);
    for (const char* english : {"Lessons", "Record…", "recipe", "seed", "Narration", "Events"})
      QVERIFY2(!texts.contains(QLatin1String(english)), english);
    // The status line is written in C++ (verdict_line.cpp).
    const QObject* status = window->findChild<QObject*>(QStringLiteral("statusText"));
    QVERIFY(status);
    QVERIFY2(hasHan(status->property("text").toString()),
             qPrintable(status->property("text").toString()));
    // So is the event log's (core/event_text.h with app/gui/event_words.h).
    QCOMPARE(firstNodeCreated(*window),
             QStringLiteral("服务器：创建 /lock/lock-0000000000 (EPHEMERAL_SEQUENTIAL, c1)"));
  }

  void everyTranslationHasItsGlyphs() {
    QVERIFY(gui::installLanguage(QStringLiteral("zh_CN")));
    QQmlApplicationEngine engine;
    QQuickWindow* window = openWindow(engine);
    QVERIFY(window);
    const QList<testing::TsMessage> messages = testing::readTsFile(
        QStringLiteral(LOCKSCOPE_TS_FILE));
    QVERIFY(messages.size() > 100);
    // The QML controls' font and the painted views' (QFont(): the application's).
    const QFont windowFont = window->property("font").value<QFont>();
    QSet<char32_t> characters;
    for (const testing::TsMessage& message : messages) {
      for (const char32_t character : message.translation.toUcs4()) {
        if (!QChar::isSpace(character)) characters.insert(character);
      }
    }
    for (const QFont& font : {windowFont, QGuiApplication::font()}) {
      QString missing;
      for (const char32_t character : characters) {
        const QString text = QString::fromUcs4(&character, 1);
        if (lacksGlyph(text, font)) missing += text;
      }
      QVERIFY2(missing.isEmpty(),
               qPrintable(font.family() + QStringLiteral(" has no glyph for: ") + missing));
    }
  }

  void switchingRetranslatesTheWindow() {
    QVERIFY(gui::installLanguage(QStringLiteral("en")));
    QQmlApplicationEngine engine;
    QQuickWindow* window = openWindow(engine);
    QVERIFY(window);
    QObject* lessons = objectReading(*window, QStringLiteral("Lessons"));
    QVERIFY(lessons);
    QObject* button = window->findChild<QObject*>(QStringLiteral("languageButton"));
    QVERIFY(button);
    QCOMPARE(button->property("text").toString(), QStringLiteral("中文"));
    const QObject* status = window->findChild<QObject*>(QStringLiteral("statusText"));
    QVERIFY(status);
    const QString englishStatus = status->property("text").toString();
    QVERIFY(!hasHan(englishStatus));

    QMetaObject::invokeMethod(button, "clicked");
    QTRY_COMPARE(lessons->property("text").toString(), QStringLiteral("课程"));
    QCOMPARE(gui::installedLanguage(), QStringLiteral("zh_CN"));
    QCOMPARE(button->property("text").toString(), QStringLiteral("EN"));
    QTRY_VERIFY2(hasHan(status->property("text").toString()),
                 qPrintable(status->property("text").toString()));

    QMetaObject::invokeMethod(button, "clicked");
    QTRY_COMPARE(lessons->property("text").toString(), QStringLiteral("Lessons"));
    QTRY_COMPARE(status->property("text").toString(), englishStatus);
    // The event log's lines too, while they are listed.
    const QString english = firstNodeCreated(*window);
    QVERIFY2(english.startsWith(QLatin1String("server: created")), qPrintable(english));
    QMetaObject::invokeMethod(button, "clicked");
    QTRY_VERIFY(firstNodeCreated(*window).startsWith(QStringLiteral("服务器：创建")));
  }

  // A translated lesson (the explorer writes both languages) reads in Chinese; the language
  // switched while it is open switches its title and narration too, and back.
  void aTranslatedLessonReadsInChinese() {
    QVERIFY(gui::installLanguage(QStringLiteral("zh_CN")));
    QQmlApplicationEngine engine;
    QQuickWindow* window = testing::loadMainWindow(engine, false, 1600, 1000);
    QVERIFY(window);
    auto* simulation = window->property("simulation").value<gui::SimulationController*>();
    QVERIFY(simulation->session()->load(
        QStringLiteral(LOCKSCOPE_SOURCE_DIR "/scenarios/found/zk-paused-holder.yaml")));
    QCoreApplication::processEvents();
    QCOMPARE(simulation->run()->title(), QStringLiteral("发现：互斥被打破（zk-curator）"));
    // Its beats: which run it is, the explorer's fault, the violation.
    QCOMPARE(narrationAt(*window, 2), QStringLiteral("互斥被打破：c1、c2 同时持有锁。"));
    const QString opening = narrationAt(*window, 0);
    QVERIFY2(opening.startsWith(QStringLiteral("zk-curator，种子 15：2 个客户端")),
             qPrintable(opening));
    const QString fault = narrationAt(*window, 1);
    QVERIFY2(fault.startsWith(QStringLiteral("探索器注入的故障：在 7 ms 暂停 c1")),
             qPrintable(fault));
    QVERIFY2(!fault.contains(kUntranslated), qPrintable(fault));

    QObject* button = window->findChild<QObject*>(QStringLiteral("languageButton"));
    QVERIFY(button);
    QMetaObject::invokeMethod(button, "clicked");
    QTRY_COMPARE(simulation->run()->title(),
                 QStringLiteral("Found: mutual exclusion is broken (zk-curator)"));
    QTRY_VERIFY2(narrationAt(*window, 1).startsWith(QLatin1String("The explorer's fault: pause")),
                 qPrintable(narrationAt(*window, 1)));
    QMetaObject::invokeMethod(button, "clicked");
    QTRY_COMPARE(narrationAt(*window, 2), QStringLiteral("互斥被打破：c1、c2 同时持有锁。"));
  }

  // A text without its Chinese shows its English behind the marker; one with it shows no
  // marker, its block lines joined without a space between Chinese characters. In English,
  // nothing is marked.
  void anUntranslatedTextIsMarked() {
    QTemporaryDir dir;
    const QString file = testing::writeScenario(dir, "half.yaml", kHalfTranslated);
    QVERIFY(!file.isEmpty());
    QVERIFY(gui::installLanguage(QStringLiteral("zh_CN")));
    QQmlApplicationEngine engine;
    QQuickWindow* window = testing::loadMainWindow(engine, false, 1600, 1000);
    QVERIFY(window);
    auto* simulation = window->property("simulation").value<gui::SimulationController*>();
    QVERIFY(simulation->session()->load(file));
    QCoreApplication::processEvents();
    QCOMPARE(simulation->run()->title(), QStringLiteral("译了一半"));
    QCOMPARE(simulation->run()->summary(), kUntranslated + QStringLiteral("Only in English"));
    QCOMPARE(narrationAt(*window, 0), QStringLiteral("两个客户端排队等锁。"));
    QCOMPARE(narrationAt(*window, 1),
             kUntranslated + QStringLiteral("Nobody translated this step."));

    QVERIFY(gui::installLanguage(QStringLiteral("en")));
    simulation->retranslate();
    QCOMPARE(simulation->run()->summary(), QStringLiteral("Only in English"));
    QCOMPARE(narrationAt(*window, 1), QStringLiteral("Nobody translated this step."));
    QCOMPARE(narrationAt(*window, 0), QStringLiteral("Two clients queue."));
  }

  // The lesson browser lists titles and summaries in the GUI's language and follows a switch.
  void theLessonBrowserReadsInTheGuisLanguage() {
    QTemporaryDir dir;
    QVERIFY(!testing::writeScenario(dir, "half.yaml", kHalfTranslated).isEmpty());
    QVERIFY(gui::installLanguage(QStringLiteral("zh_CN")));
    gui::LessonListModel lessons;
    lessons.setFolder(dir.path());
    QCOMPARE(lessons.rowCount(), 1);
    const QModelIndex row = lessons.index(0);
    QCOMPARE(lessons.data(row, gui::LessonListModel::TitleRole).toString(),
             QStringLiteral("译了一半"));
    QCOMPARE(lessons.data(row, gui::LessonListModel::SummaryRole).toString(),
             kUntranslated + QStringLiteral("Only in English"));
    QSignalSpy changed(&lessons, &QAbstractItemModel::dataChanged);
    QVERIFY(gui::installLanguage(QStringLiteral("en")));
    lessons.retranslate();
    QCOMPARE(changed.size(), 1);
    QCOMPARE(lessons.data(row, gui::LessonListModel::TitleRole).toString(),
             QStringLiteral("Half translated"));
    QCOMPARE(lessons.data(row, gui::LessonListModel::SummaryRole).toString(),
             QStringLiteral("Only in English"));
  }

  // Issue 16: the lesson browser is a course map at a projector's 1280x720, in English and, after
  // the language button, in Chinese: the first chapter's heading, number and goal, whole.
  // LOCKSCOPE_BROWSER_PNG=DIR saves both pictures there, to look at.
  void theLessonBrowserIsACourseMapInBothLanguages() {
    QVERIFY(gui::installLanguage(QStringLiteral("en")));
    QQmlApplicationEngine engine;
    QQuickWindow* window = testing::loadMainWindow(engine, false, 1280, 720);
    QVERIFY(window);
    QObject* browser = window->findChild<QObject*>(QStringLiteral("lessonBrowser"));
    QObject* button = window->findChild<QObject*>(QStringLiteral("languageButton"));
    QVERIFY(browser && button);
    QVERIFY(QMetaObject::invokeMethod(browser, "open"));
    QTRY_VERIFY(browser->property("opened").toBool());
    auto* content = browser->property("contentItem").value<QQuickItem*>();
    QVERIFY(content);
    // A popup's items are its content item's visual children, not necessarily its QObject ones.
    QQuickItem* list = testing::findVisualItem(content, QStringLiteral("lessonList"));
    QVERIFY(list);
    // The texts of the first row's labels, as drawn, and whether any of them is cut short.
    const auto firstRow = [list] {
      QQuickItem* row = nullptr;
      QMetaObject::invokeMethod(list, "itemAtIndex", Q_RETURN_ARG(QQuickItem*, row), Q_ARG(int, 0));
      QStringList texts;
      if (!row) return texts;
      for (const QObject* label : row->findChildren<QObject*>()) {
        if (label->property("visible").toBool() && label->property("truncated").toBool())
          texts << QStringLiteral("(cut) ") + label->property("text").toString();
        else if (label->property("visible").toBool() &&
                 !label->property("text").toString().isEmpty())
          texts << label->property("text").toString();
      }
      return texts;
    };
    const auto save = [window](const char* name) {
      const QString folder = qEnvironmentVariable("LOCKSCOPE_BROWSER_PNG");
      if (!folder.isEmpty()) window->grabWindow().save(QDir(folder).filePath(QLatin1String(name)));
    };
    QTRY_VERIFY(firstRow().contains(QStringLiteral("1 · Why a distributed lock")));
    QStringList english = firstRow();
    QVERIFY2(english.contains(QStringLiteral("1.1")), qPrintable(english.join(" | ")));
    QVERIFY2(english.filter(QStringLiteral("(cut)")).isEmpty(), qPrintable(english.join(" | ")));
    save("lesson-browser-en.png");
    QMetaObject::invokeMethod(button, "clicked");
    QTRY_VERIFY(firstRow().contains(QStringLiteral("1 · 为什么需要分布式锁")));
    const QStringList chinese = firstRow();
    QVERIFY2(chinese.contains(QStringLiteral("看两个进程不加锁地给同一个计数器加一，丢掉一次更新")),
             qPrintable(chinese.join(" | ")));
    QVERIFY2(chinese.filter(QStringLiteral("(cut)")).isEmpty(), qPrintable(chinese.join(" | ")));
    save("lesson-browser-zh.png");
  }

  // The boxes whose entries are translated keep what was chosen in them when their list is made
  // again in the other language (a new list put a combo box back on its first entry).
  void switchingKeepsTheChoices() {
    QVERIFY(gui::installLanguage(QStringLiteral("en")));
    QQmlApplicationEngine engine;
    QQuickWindow* window = openWindow(engine);
    QVERIFY(window);
    window->setProperty("comparing", true);
    QCoreApplication::processEvents();
    QObject* align = window->findChild<QObject*>(QStringLiteral("alignBox"));
    QObject* log = window->findChild<QObject*>(QStringLiteral("logBox"));
    QObject* bar = window->findChild<QObject*>(QStringLiteral("compareBar"));
    QObject* button = window->findChild<QObject*>(QStringLiteral("languageButton"));
    QVERIFY(align && log && bar && button);
    for (QObject* box : {align, log}) {
      box->setProperty("currentIndex", 1);
      QVERIFY(QMetaObject::invokeMethod(box, "activated", Q_ARG(int, 1)));
    }
    QCOMPARE(align->property("currentText").toString(), QStringLiteral("release #k"));
    QVERIFY(bar->property("logOfSecond").toBool());
    QMetaObject::invokeMethod(button, "clicked");
    QTRY_COMPARE(align->property("currentText").toString(), QStringLiteral("第 k 次释放"));
    QCOMPARE(log->property("currentText").toString(), QStringLiteral("右"));
    QVERIFY(bar->property("logOfSecond").toBool());
  }
};

QTEST_MAIN(GuiChineseTest)
#include "tst_gui_chinese.moc"

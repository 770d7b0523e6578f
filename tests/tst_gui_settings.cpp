// Goal: what the window remembers between runs is read back as written, and a settings file
// that is corrupt, hand-edited with nonsense or cannot be written gives the defaults or an error
// line, never a crash; the recent files are newest first, each once, at most eight, and a file
// that has gone is dropped.
//
// Method: AppSettings and RecentFiles (app/gui) on files in a temporary folder; the whole app
// over several runs is tst_window_settings.
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app_settings.h"
#include "recent_files.h"

using lockscope::gui::AppSettings;
using lockscope::gui::RecentFiles;
using lockscope::gui::RememberedState;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes) {
  QFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

}  // namespace

class GuiSettingsTest : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;

  // A lesson-like file that exists: NAME.yaml in the temporary folder.
  QString existing(const QString& name) {
    const QString path = dir_.filePath(name + QStringLiteral(".yaml"));
    if (!QFile::exists(path)) writeFile(path, "title: x\n");
    return path;
  }

 private slots:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  void writtenIsRead() {
    const AppSettings settings(dir_.filePath(QStringLiteral("round/lockscope.conf")));
    RememberedState state;
    state.geometry = QRect(40, 30, 1300, 800);
    state.maximized = true;
    state.lesson = existing(QStringLiteral("last"));
    state.speed = 0.005;
    state.language = QStringLiteral("zh_CN");
    state.presentation = true;
    state.recentFiles = {existing(QStringLiteral("a")), existing(QStringLiteral("b"))};
    QString error;
    QVERIFY2(settings.write(state, &error), qPrintable(error));
    const RememberedState read = settings.read();
    QCOMPARE(read.geometry, state.geometry);
    QCOMPARE(read.maximized, true);
    QCOMPARE(read.lesson, state.lesson);
    QCOMPARE(read.speed, state.speed);
    QCOMPARE(read.language, state.language);
    QCOMPARE(read.presentation, state.presentation);
    QCOMPARE(read.recentFiles, state.recentFiles);

    // A run that changed neither language nor presentation keeps the remembered ones.
    RememberedState next = read;
    next.language.clear();
    next.presentation.reset();
    next.recentFiles = {existing(QStringLiteral("a"))};  // a single file reads back as a list
    QVERIFY(settings.write(next, &error));
    QCOMPARE(settings.read().language, QStringLiteral("zh_CN"));
    QCOMPARE(settings.read().presentation, std::optional<bool>(true));
    QCOMPARE(settings.read().recentFiles, next.recentFiles);
    // No recent files: no key (QSettings would write an empty list as @Invalid()).
    next.recentFiles.clear();
    QVERIFY(settings.write(next, &error));
    QVERIFY(
        !QSettings(settings.file(), QSettings::IniFormat).contains(QStringLiteral("files/recent")));
    QVERIFY(settings.read().recentFiles.isEmpty());
  }

  void nonsenseGivesDefaults_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("binary") << QByteArray("\x00\xff\xfe[\x01\x02=\x03\n\xc3\x28", 12);
    QTest::newRow("bad values") << QByteArray(
        "[window]\ngeometry=1,2,three,4\nmaximized=perhaps\n"
        "[lesson]\nlast=/no/such/lesson.yaml\n[playback]\nspeed=nan\n"
        "[view]\nlanguage=fr\npresentation=2\n");
    QTest::newRow("out of range") << QByteArray(
        "[window]\ngeometry=0,0,99999,10\n[playback]\nspeed=-1\n");
    QTest::newRow("unterminated section") << QByteArray("[window\ngeometry=@Rect(\n");
  }
  void nonsenseGivesDefaults() {
    QFETCH(QByteArray, text);
    const QString path = dir_.filePath(QStringLiteral("nonsense.conf"));
    QVERIFY(writeFile(path, text));
    const RememberedState read = AppSettings(path).read();
    QVERIFY(!read.geometry);
    QVERIFY(!read.maximized);
    QVERIFY(read.lesson.isEmpty());
    QVERIFY(!read.speed);
    QVERIFY(read.language.isEmpty());
    QVERIFY(!read.presentation);
  }

  void unwritableIsAnError() {
    // Under a regular file no folder can be made, not even by root (CI runs as root).
    const QString blocker = dir_.filePath(QStringLiteral("blocker"));
    QVERIFY(writeFile(blocker, "not a folder\n"));
    const AppSettings settings(blocker + QStringLiteral("/Lockscope/lockscope.conf"));
    RememberedState state;
    state.speed = 1.0;
    QString error;
    QVERIFY(!settings.write(state, &error));
    QVERIFY2(error.contains(QLatin1String("cannot be written")), qPrintable(error));
    QVERIFY(!settings.read().speed);
  }

  void recentFilesNewestFirst() {
    RecentFiles recent;
    QSignalSpy changed(&recent, &RecentFiles::changed);
    QStringList opened;
    for (int index = 0; index < 10; ++index) {
      opened.prepend(existing(QStringLiteral("recent-%1").arg(index)));
      recent.add(opened.constFirst());
    }
    QCOMPARE(recent.files(), opened.mid(0, lockscope::gui::kMaxRecentFiles));
    QCOMPARE(changed.count(), 10);
    // Opened again: moved to the top, listed once.
    recent.add(opened[3]);
    QCOMPARE(recent.files().constFirst(), opened[3]);
    QCOMPARE(recent.files().count(opened[3]), 1);
    QCOMPARE(recent.files().size(), lockscope::gui::kMaxRecentFiles);
    // A relative path is the same file as its absolute one.
    QDir::setCurrent(dir_.path());
    recent.add(QStringLiteral("recent-0.yaml"));
    QCOMPARE(recent.files().constFirst(), opened.constLast());
    QCOMPARE(recent.files().count(opened.constLast()), 1);
  }

  void recentFilesDropWhatHasGone() {
    RecentFiles recent;
    const QString kept = existing(QStringLiteral("kept"));
    const QString gone = existing(QStringLiteral("gone"));
    recent.setFiles({gone, dir_.path(), QStringLiteral("/no/such/file.yaml"), kept, kept});
    QCOMPARE(recent.files(), (QStringList{gone, kept}));  // the folder, the missing, the repeat
    QVERIFY(QFile::remove(gone));
    recent.dropMissing();
    QCOMPARE(recent.files(), QStringList{kept});
  }
};

QTEST_GUILESS_MAIN(GuiSettingsTest)
#include "tst_gui_settings.moc"

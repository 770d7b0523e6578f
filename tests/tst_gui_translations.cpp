// Goal: the Chinese translation is complete and in step with the sources. Every message of
// i18n/lockscope_zh_CN.ts is translated (none unfinished, vanished or obsolete, none empty) and
// keeps its source's %1 placeholders; and the .ts holds exactly what the GUI's sources mark for
// translation today: a new qsTr("...") or tr("...") left untranslated, or a text deleted from the
// sources but left in the file, fails here.
//
// Method: the committed .ts is read as XML; then lupdate (the build's own) runs over the same
// sources as the update_translations target (i18n/CMakeLists.txt) into a temporary copy, keeping
// obsolete entries: a new text arrives there "unfinished", a removed one "vanished".
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "support/ts_file.h"

namespace {

using Message = lockscope::testing::TsMessage;
using lockscope::testing::readTsFile;

QString described(const Message& message) {
  return QStringLiteral("%1: \"%2\"").arg(message.context, message.source);
}

}  // namespace

class TranslationsTest : public QObject {
  Q_OBJECT

 private slots:
  void everyMessageIsTranslated() {
    const QList<Message> messages = readTsFile(QStringLiteral(LOCKSCOPE_TS_FILE));
    QVERIFY2(messages.size() > 100, "the .ts file is missing, unreadable or nearly empty");
    static const QRegularExpression placeholder(QStringLiteral("%\\d"));
    for (const Message& message : messages) {
      QVERIFY2(message.type.isEmpty(),
               qPrintable(described(message) + QStringLiteral(" is ") + message.type));
      QVERIFY2(!message.translation.trimmed().isEmpty(),
               qPrintable(described(message) + QStringLiteral(" has an empty translation")));
      auto it = placeholder.globalMatch(message.source);
      while (it.hasNext()) {
        const QString marker = it.next().captured();
        QVERIFY2(message.translation.contains(marker),
                 qPrintable(described(message) + QStringLiteral(" loses ") + marker));
      }
    }
  }

  void theFileMatchesTheSources() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("lockscope_zh_CN.ts"));
    QVERIFY(QFile::copy(QStringLiteral(LOCKSCOPE_TS_FILE), copy));
    QFile sourceList(QStringLiteral(LOCKSCOPE_LUPDATE_SOURCES));
    QVERIFY(sourceList.open(QIODevice::ReadOnly));
    const QStringList sources =
        QString::fromUtf8(sourceList.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(sources.size() > 20, "the list of sources lupdate reads is nearly empty");
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    // As update_translations runs it, except that what left the sources stays, "vanished".
    lupdate.start(QStringLiteral(LOCKSCOPE_LUPDATE),
                  QStringList{QStringLiteral("-locations"), QStringLiteral("none")} + sources +
                      QStringList{QStringLiteral("-ts"), copy});
    QVERIFY(lupdate.waitForFinished(120'000));
    const QString output = QString::fromLocal8Bit(lupdate.readAll());
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
             qPrintable(output));
    const QList<Message> updated = readTsFile(copy);
    const QList<Message> committed = readTsFile(QStringLiteral(LOCKSCOPE_TS_FILE));
    QStringList problems;
    for (const Message& message : updated) {
      if (message.type == QLatin1String("unfinished"))
        problems << QStringLiteral("not translated: ") + described(message);
      else if (!message.type.isEmpty())
        problems << QStringLiteral("no longer in the sources: ") + described(message);
    }
    QVERIFY2(problems.isEmpty(),
             qPrintable(problems.join(QLatin1Char('\n')) +
                        QStringLiteral("\n(cmake --build build --target update_translations, "
                                       "then translate in i18n/lockscope_zh_CN.ts)")));
    QCOMPARE(updated.size(), committed.size());
  }
};

QTEST_GUILESS_MAIN(TranslationsTest)
#include "tst_gui_translations.moc"

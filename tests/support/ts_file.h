// The messages of a Qt Linguist .ts file (i18n/), for the translation tests: each message's
// context, source, translation and translation type ("unfinished", "vanished", "obsolete", or
// empty once translated). An unreadable or malformed file gives no messages.
#pragma once

#include <QFile>
#include <QList>
#include <QString>
#include <QXmlStreamReader>

namespace lockscope::testing {

struct TsMessage {
  QString context;
  QString source;
  QString translation;
  QString type;
};

inline QList<TsMessage> readTsFile(const QString& path) {
  QList<TsMessage> messages;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return messages;
  QXmlStreamReader xml(&file);
  QString context;
  TsMessage current;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isEndElement() && xml.name() == QLatin1String("message")) messages << current;
    if (!xml.isStartElement()) continue;
    if (xml.name() == QLatin1String("name")) {
      context = xml.readElementText();
    } else if (xml.name() == QLatin1String("message")) {
      current = TsMessage{context, {}, {}, {}};
    } else if (xml.name() == QLatin1String("source")) {
      current.source = xml.readElementText();
    } else if (xml.name() == QLatin1String("translation")) {
      current.type = xml.attributes().value(QLatin1String("type")).toString();
      current.translation = xml.readElementText();
    }
  }
  return xml.hasError() ? QList<TsMessage>() : messages;
}

}  // namespace lockscope::testing

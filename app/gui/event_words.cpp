#include "event_words.h"

#include <QCoreApplication>

namespace lockscope::gui {
namespace {

constexpr auto kContext = "EventText";

// Every default of EventWords, marked for lupdate: a new or changed English line must be changed
// here too, or it stays English in the log (lupdate cannot see strings in the Qt-free core).
[[maybe_unused]] constexpr const char* kWords[] = {
    QT_TRANSLATE_NOOP("EventText", "server: created %1 (%2)"),
    QT_TRANSLATE_NOOP("EventText", "server: created %1 (%2, %3)"),
    QT_TRANSLATE_NOOP("EventText", "server: deleted %1"),
    QT_TRANSLATE_NOOP("EventText", "server: set data of %1"),
    QT_TRANSLATE_NOOP("EventText", "server: %1 watch on %2 for %3"),
    QT_TRANSLATE_NOOP("EventText", "server: fires %1 on %2 → %3"),
    QT_TRANSLATE_NOOP("EventText", "%1 ← %2 on %3"),
    QT_TRANSLATE_NOOP("EventText", "server: session of %1 %2"),
    QT_TRANSLATE_NOOP("EventText", "%1: session %2"),
    QT_TRANSLATE_NOOP("EventText", "session %1"),
    QT_TRANSLATE_NOOP("EventText", "fault: %1 %2"),
    QT_TRANSLATE_NOOP("EventText", "%1: process %2"),
    QT_TRANSLATE_NOOP("EventText", "%1: resource %2 %3"),
    QT_TRANSLATE_NOOP("EventText", "%1: line %2"),
    QT_TRANSLATE_NOOP("EventText", " (ttl %1 ms)"),
    QT_TRANSLATE_NOOP("EventText", "deleted"),
    QT_TRANSLATE_NOOP("EventText", "%1: %2 (%3, clock %4 ms)"),
    QT_TRANSLATE_NOOP("EventText", "%1: %2 lock on %3 %4"),
    QT_TRANSLATE_NOOP("EventText", "%1: transaction %2"),
    QT_TRANSLATE_NOOP("EventText", "server: removed %1 watch on %2 for %3"),
};

// The fields translated: each English default is its own source text.
constexpr std::string EventWords::*kFields[] = {
    &EventWords::created,        &EventWords::createdFor,    &EventWords::deleted,
    &EventWords::dataSet,        &EventWords::watchSet,      &EventWords::watchFired,
    &EventWords::watchDelivered, &EventWords::serverSession, &EventWords::clientSession,
    &EventWords::sessionNumber,  &EventWords::fault,         &EventWords::process,
    &EventWords::resource,       &EventWords::step,          &EventWords::ttl,
    &EventWords::keyDeleted,     &EventWords::instance,      &EventWords::rowLock,
    &EventWords::transaction,    &EventWords::watchRemoved,
};

}  // namespace

EventWords translatedEventWords() {
  const EventWords english;
  EventWords words;
  for (const auto field : kFields)
    words.*field = QCoreApplication::translate(kContext, (english.*field).c_str()).toStdString();
  return words;
}

}  // namespace lockscope::gui

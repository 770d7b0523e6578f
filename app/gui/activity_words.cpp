#include "activity_words.h"

#include <QCoreApplication>

namespace lockscope::gui {
namespace {

// Every text core/stage_state.cpp's activityName and core/activity_text.cpp return, marked for
// lupdate: a new activity must be added here too, or it stays English on the card (lupdate cannot
// see strings in the Qt-free core).
[[maybe_unused]] constexpr const char* kActivities[] = {
    QT_TRANSLATE_NOOP("Activity", "idle"),
    QT_TRANSLATE_NOOP("Activity", "creating"),
    QT_TRANSLATE_NOOP("Activity", "listing"),
    QT_TRANSLATE_NOOP("Activity", "waiting"),
    QT_TRANSLATE_NOOP("Activity", "holding"),
    QT_TRANSLATE_NOOP("Activity", "releasing"),
    QT_TRANSLATE_NOOP("Activity", "paused"),
    QT_TRANSLATE_NOOP("Activity", "crashed"),
    QT_TRANSLATE_NOOP("Activity", "expired"),
    QT_TRANSLATE_NOOP("Activity", "done"),
    QT_TRANSLATE_NOOP("Activity", "trying SET NX"),
    QT_TRANSLATE_NOOP("Activity", "trying SETNX"),
    QT_TRANSLATE_NOOP("Activity", "setting a TTL"),
    QT_TRANSLATE_NOOP("Activity", "unlocking"),
    QT_TRANSLATE_NOOP("Activity", "extending"),
    QT_TRANSLATE_NOOP("Activity", "acquiring"),
    QT_TRANSLATE_NOOP("Activity", "waiting to retry"),
    // What holding is for the recipes that take no lock (RecipeDescription::heldWord).
    QT_TRANSLATE_NOOP("Activity", "watching"),
    QT_TRANSLATE_NOOP("Activity", "node created"),
    QT_TRANSLATE_NOOP("Activity", "cache open"),
    QT_TRANSLATE_NOOP("Activity", "writing"),
    QT_TRANSLATE_NOOP("Activity", "registered"),
};

}  // namespace

QString activityWords(const std::string& english) {
  return QCoreApplication::translate("Activity", english.c_str());
}

}  // namespace lockscope::gui

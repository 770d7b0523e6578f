// The lessons a user opened from files (Open… / Ctrl+O, or this list itself), most recent first:
// the top bar's Recent menu. A file that has gone since is dropped rather than offered. The list
// lives in memory; the app's main remembers it between runs (app_settings.h), so that the GUI
// tests, which load the window without main, never touch the user's settings.
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QStringList>

namespace lockscope::gui {

// Enough for a term's lessons, few enough for a menu on a projector.
inline constexpr int kMaxRecentFiles = 8;

// `files` as the list keeps them: absolute, each once (its first place), existing files only,
// at most kMaxRecentFiles.
QStringList keptRecentFiles(const QStringList& files);

class RecentFiles : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(QStringList files READ files NOTIFY changed)

 public:
  using QObject::QObject;

  QStringList files() const { return files_; }
  // Replaces the list (the remembered one, at start); missing files are dropped.
  void setFiles(const QStringList& files);
  // `path` was opened: it goes first.
  Q_INVOKABLE void add(const QString& path);
  // Drops files that have gone since they were listed (before the menu shows them).
  Q_INVOKABLE void dropMissing();

 signals:
  void changed();

 private:
  QStringList files_;
};

}  // namespace lockscope::gui

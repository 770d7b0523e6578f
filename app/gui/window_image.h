// The window as a PNG ("Export PNG"): all of it, the top bar and the status line included
// (an item's grabToImage would leave out the window's header and footer).
#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QQuickWindow>

namespace lockscope::gui {

class WindowImage : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON

 public:
  using QObject::QObject;
  // Renders `window` as it is now and writes it to `path`; false if it could not.
  Q_INVOKABLE static bool save(QQuickWindow* window, const QString& path);
};

}  // namespace lockscope::gui

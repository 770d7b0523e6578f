// Reading a grabbed window's pixels: what the GUI tests count to check that something is drawn
// in the colour that tells what it is.
#pragma once

#include <QColor>
#include <QImage>
#include <QRect>
#include <cstdlib>

namespace lockscope::testing {

// Within `tolerance` of `colour` in each channel (antialiasing and blending shift them a little).
inline bool near(QRgb pixel, const QColor& colour, int tolerance) {
  return std::abs(qRed(pixel) - colour.red()) <= tolerance &&
         std::abs(qGreen(pixel) - colour.green()) <= tolerance &&
         std::abs(qBlue(pixel) - colour.blue()) <= tolerance;
}

// The pixels of `area` (clipped to the image) near `colour`.
inline int pixelsNear(const QImage& image, const QRect& area, const QColor& colour, int tolerance) {
  int count = 0;
  const QRect box = area.intersected(image.rect());
  for (int y = box.top(); y <= box.bottom(); ++y) {
    for (int x = box.left(); x <= box.right(); ++x)
      count += near(image.pixel(x, y), colour, tolerance) ? 1 : 0;
  }
  return count;
}

}  // namespace lockscope::testing

// Goal: the hardware-accelerated SHA-256 (x86 SHA extensions) and the portable code give the
// same digests, so a trace hash never depends on the machine that computed it.
// Method: hash FIPS vectors and many lengths around block boundaries both ways and compare; the
// known answers pin both. On a processor without the extensions both runs use the portable code.
#include <QTest>

#include "sim/trace/sha256.h"

using lockscope::sim::Sha256;

namespace {

std::string digest(const std::string& message, bool accelerated, size_t chunk) {
  Sha256::useShaExtensions(accelerated);
  Sha256 sha;
  for (size_t offset = 0; offset < message.size(); offset += chunk) {
    sha.update(std::string_view(message).substr(offset, chunk));
  }
  const std::string hex = sha.finishHex();
  Sha256::useShaExtensions(true);
  return hex;
}

std::string pattern(size_t length) {
  std::string text(length, '\0');
  for (size_t i = 0; i < length; ++i) text[i] = static_cast<char>((i * 131 + 7) & 0xff);
  return text;
}

}  // namespace

class Sha256PathsTest : public QObject {
  Q_OBJECT

 private slots:
  void knownAnswersBothWays() {
    for (const bool accelerated : {false, true}) {
      QCOMPARE(digest("abc", accelerated, 64),
               std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
      QCOMPARE(digest("", accelerated, 64),
               std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
      QCOMPARE(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", accelerated, 64),
               std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
      QCOMPARE(digest(std::string(1'000'000, 'a'), accelerated, 4096),
               std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }
  }

  void pathsAgreeOnEveryLengthAndChunking() {
    qInfo("SHA extensions in use: %s", Sha256::usingShaExtensions() ? "yes" : "no");
    for (size_t length = 0; length <= 300; ++length) {
      const std::string message = pattern(length);
      QCOMPARE(digest(message, true, 64), digest(message, false, 64));
      QCOMPARE(digest(message, true, 7), digest(message, false, 64));
    }
    const std::string large = pattern(1 << 20);
    QCOMPARE(digest(large, true, 1000), digest(large, false, 1 << 20));
  }
};

QTEST_APPLESS_MAIN(Sha256PathsTest)
#include "tst_sha256_paths.moc"

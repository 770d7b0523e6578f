// Goal (issue 15, item 5): one way for a call to say that it failed and why. Status is success
// or one line of why not; Result<T> is a value or the Status without one. Using either wrongly
// (a failure that says nothing, the value of a failed Result) is a bug and is caught at once.
//
// Method: build each kind, read it back, and misuse each; the misuse must throw
// sim::BrokenInvariant (LOCKSCOPE_CHECK), not crash or read garbage.
#include <QTest>
#include <memory>
#include <string>

#include "sim/engine/check.h"
#include "sim/engine/status.h"

using lockscope::Result;
using lockscope::Status;
using lockscope::sim::BrokenInvariant;

class TestStatus : public QObject {
  Q_OBJECT

 private slots:
  void successAndFailure() {
    const Status fine = Status::success();
    QVERIFY(fine.ok());
    QVERIFY(static_cast<bool>(fine));
    QVERIFY(fine.message().empty());
    const Status refused = Status::failure("redis=127.0.0.1:1: connection refused");
    QVERIFY(!refused.ok());
    QVERIFY(!refused);
    QCOMPARE(refused.message(), std::string("redis=127.0.0.1:1: connection refused"));
  }

  void aFailureSaysWhy() { QVERIFY_THROWS_EXCEPTION(BrokenInvariant, Status::failure("")); }

  void resultHoldsAValueOrAFailure() {
    Result<std::unique_ptr<int>> made = std::make_unique<int>(7);  // move-only values too
    QVERIFY(made.ok());
    QCOMPARE(**made, 7);
    QVERIFY(made.status().ok());
    const Result<int> missing = Status::failure("no port");
    QVERIFY(!missing);
    QCOMPARE(missing.message(), std::string("no port"));
    QVERIFY_THROWS_EXCEPTION(BrokenInvariant, missing.value());
  }

  void aResultCannotFailWithoutSayingWhy() {
    QVERIFY_THROWS_EXCEPTION(BrokenInvariant, Result<int>(Status::success()));
  }
};

QTEST_APPLESS_MAIN(TestStatus)
#include "tst_status.moc"

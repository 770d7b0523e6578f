// Goal: the model reproduces what ZooKeeper 3.8 takes from Java: the order a closing session's
// ephemerals are deleted in (a clone of the session's HashSet<String>, iterated) and how bytes
// that are not UTF-8 read as a String.
//
// Method: EphemeralSet and java_text.h directly, with the cases a real 3.8.0 server and zkCli
// (OpenJDK 17, LANG=C.UTF-8) showed; and the digest ids and the order of a connection's
// identities (a ConcurrentHashMap set) that whoami shows (tests/zkcli/12-acls.zk end to end).
// tests/zkcli/08-limits-and-order.zk checks the delete orders end to end against the real server;
// the bytes cannot go there (the scripts stay UTF-8).
#include <QtTest>

#include "backends/model/zookeeper/acl_rules.h"
#include "backends/model/zookeeper/ephemeral_set.h"
#include "backends/model/zookeeper/java_text.h"

using namespace lockscope::zookeeper::model;

namespace {

EphemeralSet setOf(const std::vector<std::string>& paths) {
  EphemeralSet set;
  for (const std::string& path : paths) set.insert(path);
  return set;
}

using Paths = std::vector<std::string>;

}  // namespace

class ZooKeeperJavaOrderTest : public QObject {
  Q_OBJECT

 private slots:
  void hashCodeIsJavas() {
    QCOMPARE(javaHashCode("abc"), 96354);
    QCOMPARE(javaHashCode(""), 0);
    QCOMPARE(javaHashCode("/e5"), 48351);
    // Wraps like Java's int: "/zookeeper/quota".hashCode() is negative.
    QCOMPARE(javaHashCode("/zookeeper/quota"), -1414033946);
    // U+1F600 is a surrogate pair in UTF-16: 31 * 0xD83D + 0xDE00.
    QCOMPARE(javaHashCode("\xF0\x9F\x98\x80"), 31 * 0xD83D + 0xDE00);
  }

  void twoEphemeralsGoInTheClonesFourBucketOrder() {
    // The session's own 16-bucket set lists /e1 (bucket 11) before /e2 (12); the clone has 4
    // buckets and lists /e2 (0) before /e1 (3). The server deletes in the clone's order.
    QCOMPARE(setOf({"/e1", "/e2"}).deletionOrder(), (Paths{"/e2", "/e1"}));
    QCOMPARE(setOf({"/e5", "/e6"}).deletionOrder(), (Paths{"/e6", "/e5"}));
    QCOMPARE(setOf({"/e1", "/e2", "/e5", "/e6"}).deletionOrder(),
             (Paths{"/e6", "/e1", "/e2", "/e5"}));
  }

  void theSetsLargestSizeStillCounts() {
    // Thirteen at once grew the session's table to 32 buckets; it does not shrink.
    EphemeralSet set = setOf({"/p1", "/p20"});
    QCOMPARE(set.deletionOrder(), (Paths{"/p1", "/p20"}));
    for (int i = 1; i <= 11; ++i) set.insert("/q" + std::to_string(i));
    for (int i = 1; i <= 11; ++i) set.erase("/q" + std::to_string(i));
    QCOMPARE(set.deletionOrder(), (Paths{"/p20", "/p1"}));
  }

  void aReinsertedPathGoesLastInItsBucket() {
    // /r1 and /r17 share bucket 14 of 16 (and so 2 of 4): insertion order decides.
    EphemeralSet set = setOf({"/r1", "/r17"});
    QCOMPARE(set.deletionOrder(), (Paths{"/r1", "/r17"}));
    set.erase("/r1");
    set.insert("/r1");
    QCOMPARE(set.deletionOrder(), (Paths{"/r17", "/r1"}));
  }

  void malformedBytesBecomeOneReplacementEach() {
    QCOMPARE(javaRecoded("a\xFF"
                         "b"),
             std::string("a\xEF\xBF\xBD"
                         "b"));
    // A truncated sequence is one U+FFFD; so is a complete surrogate (ED A0 80); C0 AF is two.
    QCOMPARE(javaRecoded("\xC3\xA9\xE2\x82"), std::string("\xC3\xA9\xEF\xBF\xBD"));
    QCOMPARE(javaRecoded("\xED\xA0\x80-\xF0\x90-\xC0\xAF").size(), size_t{14});
    QCOMPARE(javaRecoded("caf\xC3\xA9 \xF0\x9F\x98\x80"),
             std::string("caf\xC3\xA9 \xF0\x9F\x98\x80"));
    QCOMPARE(javaUtf16("\xE0\x80\x80").size(), size_t{3});  // overlong: each byte on its own
  }

  // getAcl on a 3.8.0 server after `addauth digest alice:secret` and `create /au x auth::cdrwa`.
  void digestIdsAreBase64OfSha1() {
    QCOMPARE(digestId("alice:secret"), std::string("alice:aYXlLOpEooaV1cRAvUL1fp9Qt7E="));
    QCOMPARE(digestId("alice:wrong"), std::string("alice:9ussi3jBkbd4no1raUvxHSkUEN8="));
    QCOMPARE(digestId(""), std::string(":2jmj7l5rSw0yVb/vlWAYkK/YBwk="));  // sha1 of nothing
  }

  // whoami on 3.8.0 after addauth of alice:wrong, alice:secret, u2:p2 and zed:zz.
  void identitiesKeepTheServersSetOrder() {
    AuthIdentities ids("127.0.0.1");
    for (const char* auth : {"alice:wrong", "alice:secret", "u2:p2", "zed:zz"})
      ids.add({"digest", digestId(auth)});
    std::vector<std::string> shown;
    for (const auto& id : whoAmINames(ids)) shown.push_back(id.scheme + ": " + id.user);
    QCOMPARE(shown, (std::vector<std::string>{"digest: alice", "digest: u2", "digest: zed",
                                              "ip: 127.0.0.1", "digest: alice"}));
  }
};

QTEST_APPLESS_MAIN(ZooKeeperJavaOrderTest)
#include "tst_zookeeper_java_order.moc"

// Goal: the trace's bytes and hash are exactly what the documents promise, because golden files,
// determinism checks and replays compare them byte for byte. SHA-256 must match FIPS 180-4 for
// every message length and however the bytes are split across update() calls; a JSON line has a
// fixed field order, escapes what JSON requires, and leaves absent fields out.
//
// Method: the FIPS 180-2 / NIST example vectors (empty, "abc", the 448- and 896-bit messages and
// a million 'a's), padding-boundary lengths computed once with Python's hashlib, and every split
// point of a 200-byte message. JSON: exact expected strings. Sinks: the hasher hashes exactly the
// bytes the file writer writes. Ops: every op of every enum is written under its one name and
// read back as itself, for each kind that may carry it; the reader refuses an op its kind does
// not have, naming the line, and the trace refuses an op of another kind when it is appended.
#include <QTest>

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "sim/engine/check.h"
#include "sim/trace/sha256.h"
#include "sim/trace/sink_thread.h"
#include "sim/trace/trace.h"
#include "sim/trace/trace_json.h"
#include "sim/trace/trace_json_reader.h"
#include "sim/trace/trace_packing.h"
#include "sim/trace/trace_sinks.h"

using lockscope::sim::appendJsonLine;
using lockscope::sim::appendJsonString;
using lockscope::sim::OpSet;
using lockscope::sim::Sha256;
using lockscope::sim::SinkThread;
using lockscope::sim::Trace;
using lockscope::sim::TraceEvent;
using lockscope::sim::TraceFileWriter;
using lockscope::sim::TraceHasher;
using lockscope::sim::TraceKind;
using lockscope::sim::TraceOp;
using lockscope::sim::TraceRecorder;

namespace {

std::string sha256Hex(std::string_view message) {
  Sha256 sha;
  sha.update(message);
  return sha.finishHex();
}

// Bytes (i * 7) mod 256, the pattern the padding-boundary digests were computed for.
std::string patternOfLength(size_t length) {
  std::string bytes(length, '\0');
  for (size_t i = 0; i < length; ++i) bytes[i] = static_cast<char>((i * 7) & 0xff);
  return bytes;
}

std::string jsonLine(const TraceEvent& event) {
  std::string line;
  appendJsonLine(event, line);
  return line;
}

std::string jsonString(std::string_view text) {
  std::string out;
  appendJsonString(text, out);
  return out;
}

}  // namespace

class TraceTest : public QObject {
  Q_OBJECT

 private slots:
  void sha256FipsVectors_data() {
    QTest::addColumn<QByteArray>("message");
    QTest::addColumn<QByteArray>("digest");
    QTest::newRow("empty")
        << QByteArray("")
        << QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    QTest::newRow("abc") << QByteArray("abc")
                         << QByteArray(
                                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    QTest::newRow("448 bits")
        << QByteArray("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        << QByteArray("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    QTest::newRow("896 bits")
        << QByteArray(
               "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
               "klmnopqrlmnopqrsmnopqrstnopqrstu")
        << QByteArray("cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  }

  void sha256FipsVectors() {
    QFETCH(QByteArray, message);
    QFETCH(QByteArray, digest);
    QCOMPARE(sha256Hex(std::string_view(message.constData(), size_t(message.size()))),
             digest.toStdString());
  }

  void sha256MillionAs() {
    // Fed in 1000 updates of 1000 bytes: 1000 is not a multiple of 64, so most updates straddle
    // a block boundary.
    Sha256 sha;
    const std::string thousand(1000, 'a');
    for (int i = 0; i < 1000; ++i) sha.update(thousand);
    QCOMPARE(sha.finishHex(),
             std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    QCOMPARE(sha256Hex(std::string(1'000'000, 'a')),
             std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
  }

  void sha256PaddingBoundaries_data() {
    // 55 bytes is the longest message whose padding fits one block; 56 needs a second block.
    QTest::addColumn<int>("length");
    QTest::addColumn<QByteArray>("digest");
    QTest::newRow("55") << 55
                        << QByteArray(
                               "576a1bf8d4478657e6dc4af9398544765c2a92cde28478b019235cfed315fc09");
    QTest::newRow("56") << 56
                        << QByteArray(
                               "9b20501dfd1d99161c257950f3444f3e49230c351c5c8e0943ef369f85f5205d");
    QTest::newRow("63") << 63
                        << QByteArray(
                               "30b345906b493f06f69444b6521113511c242f30e29840462950035043682f1e");
    QTest::newRow("64") << 64
                        << QByteArray(
                               "d8bc63b4fc1156e5e7d95a418b9bf54cd3174bedbc2db40f74895349b229b3c0");
    QTest::newRow("65") << 65
                        << QByteArray(
                               "1ee23b0fbcaecc1aff4a9e8f1645f35ab2c8e13609cd73b68df8b5e3f63ce073");
    QTest::newRow("119") << 119
                         << QByteArray(
                                "7a6589821178918ca8d9edaba5abfc1e9b2669564f4469b66885379c1530b2c8");
    QTest::newRow("128") << 128
                         << QByteArray(
                                "54c9eb041badfd7064645067b107661fed6113197ce2dd066ba69618abd3732f");
  }

  void sha256PaddingBoundaries() {
    QFETCH(int, length);
    QFETCH(QByteArray, digest);
    QCOMPARE(sha256Hex(patternOfLength(size_t(length))), digest.toStdString());
  }

  void sha256ChunkingDoesNotMatter() {
    // Every split of a 200-byte message into two updates, and into three at 1-byte granularity
    // around the block boundaries, gives the one-shot digest.
    const std::string message = patternOfLength(200);
    const std::string expected = sha256Hex(message);
    for (size_t split = 0; split <= message.size(); ++split) {
      Sha256 sha;
      sha.update(std::string_view(message).substr(0, split));
      sha.update(std::string_view(message).substr(split));
      QCOMPARE(sha.finishHex(), expected);
    }
    for (size_t first = 60; first <= 68; ++first) {
      for (size_t second = first; second <= 132; ++second) {
        Sha256 sha;
        sha.update(std::string_view(message).substr(0, first));
        sha.update(std::string_view(message).substr(first, second - first));
        sha.update(std::string_view(message).substr(second));
        QCOMPARE(sha.finishHex(), expected);
      }
    }
  }

  void sha256ByteByByte() {
    const std::string message = patternOfLength(129);
    Sha256 sha;
    for (const char byte : message) sha.update(std::string_view(&byte, 1));
    QCOMPARE(sha.finishHex(), sha256Hex(message));
  }

  void jsonLineWithEveryField() {
    const TraceEvent event{.time = 1500,
                           .kind = TraceKind::Reply,
                           .actor = "client-1",
                           .op = lockscope::sim::ZooKeeperOp::Create,
                           .path = "/lock/lock-",
                           .rc = "OK",
                           .value = "/lock/lock-0000000000",
                           .detail = "first",
                           .session = 72057594037927937,
                           .zxid = 5,
                           .request = 3};
    QCOMPARE(jsonLine(event),
             std::string(R"({"t":1500,"kind":"reply","actor":"client-1","op":"create",)"
                         R"("path":"/lock/lock-","rc":"OK","value":"/lock/lock-0000000000",)"
                         R"("session":72057594037927937,"zxid":5,"request":3,"detail":"first"})"
                         "\n"));
  }

  void jsonLineOmitsAbsentFields() {
    QCOMPARE(jsonLine(TraceEvent{}), std::string("{\"t\":0,\"kind\":\"note\"}\n"));
    QCOMPARE(
        jsonLine(TraceEvent{.time = 7, .kind = TraceKind::WatchFired, .path = "/a", .zxid = 2}),
        std::string("{\"t\":7,\"kind\":\"watch_fired\",\"path\":\"/a\",\"zxid\":2}\n"));
  }

  void jsonLineNegativeNumbers() {
    QCOMPARE(jsonLine(TraceEvent{.time = 0, .kind = TraceKind::NodeChanged, .request = -8}),
             std::string("{\"t\":0,\"kind\":\"node_changed\",\"request\":-8}\n"));
  }

  // Expected strings are written without raw literals: moc mis-tokenizes \" inside R"(...)".
  void jsonEscaping() {
    QCOMPARE(jsonString("plain"), std::string("\"plain\""));
    QCOMPARE(jsonString("say \"hi\""), std::string("\"say \\\"hi\\\"\""));
    QCOMPARE(jsonString("back\\slash"), std::string("\"back\\\\slash\""));
    QCOMPARE(jsonString("a\nb\rc\td"), std::string("\"a\\nb\\rc\\td\""));
    QCOMPARE(jsonString(std::string_view("\x00\x01\x1f", 3)),
             std::string("\"\\u0000\\u0001\\u001f\""));
    QCOMPARE(jsonString("\b\f"), std::string("\"\\u0008\\u000c\""));
    // DEL and UTF-8 need no escaping and pass through byte for byte.
    QCOMPARE(jsonString("\x7f"
                        "caf\xc3\xa9"),
             std::string("\"\x7f"
                         "caf\xc3\xa9\""));
    QCOMPARE(jsonString(""), std::string("\"\""));
  }

  void jsonLineEscapesEveryStringField() {
    const TraceEvent event{.kind = TraceKind::Note, .actor = "a\"", .detail = "line\nbreak"};
    QCOMPARE(jsonLine(event),
             std::string(
                 "{\"t\":0,\"kind\":\"note\",\"actor\":\"a\\\"\",\"detail\":\"line\\nbreak\"}\n"));
  }

  void kindNamesAreDistinctAndStable() {
    QCOMPARE(std::string(lockscope::sim::traceKindName(TraceKind::NodeCreated)),
             std::string("node_created"));
    QCOMPARE(std::string(lockscope::sim::traceKindName(TraceKind::SessionState)),
             std::string("session_state"));
    QCOMPARE(std::string(lockscope::sim::traceKindName(TraceKind::WatchDelivered)),
             std::string("watch_delivered"));
    QCOMPARE(std::string(lockscope::sim::traceKindName(TraceKind::KeyChanged)),
             std::string("key_changed"));
    QCOMPARE(std::string(lockscope::sim::traceKindName(TraceKind::RedisInstance)),
             std::string("redis_instance"));
    std::set<std::string> names;
    for (size_t kind = 0; kind < lockscope::sim::kTraceKindCount; ++kind) {
      names.insert(lockscope::sim::traceKindName(TraceKind(kind)));
    }
    QCOMPARE(names.size(), lockscope::sim::kTraceKindCount);
    QVERIFY(!names.count("unknown"));
  }

  void hasherHashesExactlyTheFileBytes() {
    Trace trace;
    TraceHasher hasher;
    TraceRecorder recorder;
    std::FILE* file = std::tmpfile();
    QVERIFY(file);
    TraceFileWriter writer(file);
    trace.addSink(&hasher);
    trace.addSink(&writer);
    trace.addSink(&recorder);
    trace.append(TraceEvent{.time = 1,
                            .kind = TraceKind::Request,
                            .actor = "c",
                            .op = lockscope::sim::ZooKeeperOp::Exists});
    trace.append(TraceEvent{.time = 2,
                            .kind = TraceKind::Fault,
                            .op = lockscope::sim::FaultKind::Partition,
                            .detail = "\"x\""});
    QCOMPARE(trace.eventCount(), uint64_t{2});

    std::string written;
    std::rewind(file);
    for (int c; (c = std::fgetc(file)) != EOF;) written += static_cast<char>(c);
    std::fclose(file);
    QVERIFY(!writer.failed());
    QCOMPARE(written,
             std::string(
                 "{\"t\":1,\"kind\":\"request\",\"actor\":\"c\",\"op\":\"exists\"}\n"
                 "{\"t\":2,\"kind\":\"fault\",\"op\":\"partition\",\"detail\":\"\\\"x\\\"\"}\n"));
    QCOMPARE(hasher.finishHex(), sha256Hex(written));

    // A recorded event renders to the same line as the original.
    std::string replayed;
    for (const auto& event : recorder.events()) appendJsonLine(event.view(), replayed);
    QCOMPARE(replayed, written);
  }

  // Events of every size around the staging buffer's (4 KiB), each after a different number of
  // bytes already staged: a partial flush leaves up to 63 of them behind, and an event that did
  // not fit beside them once overran the buffer (a database's long wait queue crashed the run).
  void sinkThreadTakesEventsAroundTheStagingSize() {
    Trace trace;
    TraceRecorder direct, threaded;
    SinkThread offThread({&threaded});
    trace.addSink(&direct);
    trace.addSink(&offThread);
    std::vector<std::string> details;
    for (size_t size = 3900; size <= 4200; ++size) details.emplace_back(size, 'w');
    int time = 0;
    for (const std::string& detail : details) {
      for (int small = 0; small < 3; ++small)
        trace.append(TraceEvent{.time = ++time, .kind = TraceKind::Note, .detail = "s"});
      trace.append(TraceEvent{.time = ++time, .kind = TraceKind::Note, .detail = detail});
    }
    offThread.finish();
    QCOMPARE(threaded.events().size(), direct.events().size());
    for (size_t i = 0; i < threaded.events().size(); ++i)
      QCOMPARE(jsonLine(threaded.events()[i].view()), jsonLine(direct.events()[i].view()));
  }

  // Sinks on their own thread see what sinks on the trace see: every event, in order, every field
  // (many batches' worth, one event larger than a batch); nothing after finish().
  void sinkThreadDeliversEveryEventInOrder() {
    Trace trace;
    TraceHasher directHasher, threadHasher;
    TraceRecorder direct, threaded;
    SinkThread offThread({&threadHasher, &threaded});
    trace.addSink(&directHasher);
    trace.addSink(&direct);
    trace.addSink(&offThread);
    const std::string huge(3 * 1024 * 1024, 'h');
    for (int i = 0; i < 60'000; ++i) {
      const std::string path = "/lock/node-" + std::to_string(i) +
                               std::string(static_cast<size_t>(i % 90), 'p');
      trace.append(
          TraceEvent{.time = i,
                     .kind = static_cast<TraceKind>(i % 5),
                     .actor = i % 3 ? "c1" : "",
                     .op = i % 5 < 2 ? TraceOp(lockscope::sim::ZooKeeperOp::Create) : TraceOp(),
                     .path = path,
                     .rc = i % 7 ? "OK" : "",
                     .value = i == 30'000 ? huge : "v",
                     .detail = i % 11 ? "" : "\"quoted\"",
                     .session = -i,
                     .zxid = i * 3,
                     .request = i % 13});
    }
    offThread.finish();
    trace.append(TraceEvent{.time = 99, .kind = TraceKind::Note, .detail = "after finish"});
    QCOMPARE(threaded.events().size(), size_t{60'000});
    QCOMPARE(direct.events().size(), size_t{60'001});
    for (size_t i = 0; i < threaded.events().size(); ++i) {
      if (jsonLine(threaded.events()[i].view()) != jsonLine(direct.events()[i].view()))
        QFAIL(qPrintable(QString::number(i)));
    }
    QCOMPARE(threaded.events()[30'000].value, huge);
    TraceHasher firstSixtyThousand;
    for (size_t i = 0; i < threaded.events().size(); ++i)
      firstSixtyThousand.onEvent(direct.events()[i].view());
    QCOMPARE(threadHasher.finishHex(), firstSixtyThousand.finishHex());
  }

  // Packing for the sinks' thread keeps every field exactly: each string length from 0 to 300
  // (the short-copy paths and the long-length escape at 255) in each of the six string fields,
  // numbers present or absent, extreme and negative; the bytes written stay within the bound.
  void packingRoundTripsEveryFieldAndLength() {
    std::string source;
    for (int i = 0; i < 400; ++i) source.push_back(static_cast<char>('a' + i % 26));
    const int64_t numbers[] = {0, 1, -1, INT64_MIN, INT64_MAX, 72057594037927937};
    std::vector<char> buffer(4096, '\xee');
    for (size_t field = 0; field < 6; ++field) {
      for (size_t length = 0; length <= 300; ++length) {
        const std::string text = source.substr(length % 7, length);
        std::string_view strings[6] = {"c12", "lock-recipe", "", "OK", "x", ""};
        strings[field] = text;
        const TraceEvent event{
            .time = static_cast<int64_t>(length) - 5,
            .kind = static_cast<TraceKind>(length % 18),
            .actor = strings[0],
            .op = TraceOp::fromCode(static_cast<OpSet>(length % lockscope::sim::kOpSetCount), 0),
            .label = strings[1],
            .path = strings[2],
            .rc = strings[3],
            .value = strings[4],
            .detail = strings[5],
            .session = numbers[length % 6],
            .zxid = numbers[(length / 6) % 6],
            .request = numbers[(length + field) % 6]};
        const char* end = lockscope::sim::packEvent(event, buffer.data());
        QVERIFY(static_cast<size_t>(end - buffer.data()) <= lockscope::sim::packedSizeBound(event));
        TraceEvent back;
        // Positions, not C strings: QCOMPARE on two char pointers would compare the text.
        QCOMPARE(lockscope::sim::unpackEvent(buffer.data(), back) - buffer.data(),
                 end - buffer.data());
        QCOMPARE(jsonLine(back), jsonLine(event));
        QCOMPARE(back.time, event.time);
        QCOMPARE(back.kind, event.kind);
        QVERIFY(back.op == event.op);
        QCOMPARE(back.label, event.label);
      }
    }
  }

  // Every op of every set, on every kind that may carry it: written under its name, read back as
  // the same op; within a kind no two ops share a name (the reader could not tell them apart).
  void everyOpRoundTripsThroughItsName() {
    using namespace lockscope::sim;
    size_t checked = 0;
    for (size_t kindIndex = 0; kindIndex < kTraceKindCount; ++kindIndex) {
      const auto kind = static_cast<TraceKind>(kindIndex);
      std::set<std::string_view> names;
      for (size_t set = 1; set < kOpSetCount; ++set) {
        if (!opFitsKind(kind, static_cast<OpSet>(set))) continue;
        for (uint8_t code = 0;; ++code) {
          const TraceOp op = TraceOp::fromCode(static_cast<OpSet>(set), code);
          if (name(op).empty()) break;
          QVERIFY2(names.insert(name(op)).second, std::string(name(op)).c_str());
          const std::string line = jsonLine(TraceEvent{.kind = kind, .op = op});
          RecordedEvent back;
          std::string error;
          QVERIFY2(readJsonLine(std::string_view(line).substr(0, line.size() - 1), back, error),
                   error.c_str());
          QVERIFY(back.op == op);
          QCOMPARE(back.kind, kind);
          ++checked;
        }
      }
    }
    QVERIFY(checked > 80);
    for (size_t set = 1; set < kOpSetCount; ++set) {
      QVERIFY2(!name(TraceOp::fromCode(static_cast<OpSet>(set), 0)).empty(), "a set without names");
    }
    QCOMPARE(name(TraceOp(RedisOp::CompareAndDelete)), name(RedisOp::CompareAndDelete));
    QCOMPARE(name(LockOp::TimedOut), std::string_view("timed_out"));
    QCOMPARE(name(TraceOp(FaultKind::ExpireSession)), std::string_view("expire_session"));
    QCOMPARE(name(TraceOp()), std::string_view());
  }

  // A trace read back and written again is the same bytes: escapes, a Step's recipe label,
  // negative and absent numbers.
  void readerRoundTripsWrittenLines() {
    using namespace lockscope::sim;
    const TraceEvent events[] = {
        {.time = 3, .kind = TraceKind::Step, .actor = "c1", .label = "zk-chained", .request = 4},
        {.time = 4,
         .kind = TraceKind::Lock,
         .actor = "c1",
         .op = LockOp::Acquired,
         .path = "/lock/x-1",
         .value = "exclusive",
         .request = 7},
        {.time = 5,
         .kind = TraceKind::Note,
         .actor = "a\"b",
         .op = NoteOp::Redlock,
         .detail = "tab\there\n"},
        {.time = 6,
         .kind = TraceKind::KeyChanged,
         .actor = "redis-1",
         .op = KeyChangedOp::Set,
         .path = "k",
         .value = std::string_view("\x01\x7f", 2),
         .zxid = 2,
         .request = -1},
        {.time = 7,
         .kind = TraceKind::Request,
         .actor = "c2",
         .op = RedisOp::CompareAndDelete,
         .path = "k"},
    };
    std::string written;
    for (const TraceEvent& event : events) appendJsonLine(event, written);
    std::string error;
    const auto read = readJsonLines(written, error);
    QCOMPARE(error, std::string());
    QCOMPARE(read.size(), std::size(events));
    std::string again;
    for (const RecordedEvent& event : read) appendJsonLine(event.view(), again);
    QCOMPARE(again, written);
    QCOMPARE(read[0].label, std::string("zk-chained"));
    QVERIFY(read[1].op == LockOp::Acquired);
  }

  // A misspelt op, or one of another kind, is refused with the line and the kind's ops.
  void readerRejectsAnOpItsKindDoesNotHave() {
    using namespace lockscope::sim;
    std::string error;
    readJsonLines(
        "{\"t\":1,\"kind\":\"lock\",\"op\":\"acquired\"}\n\n"
        "{\"t\":2,\"kind\":\"lock\",\"op\":\"acquird\"}\n",
        error);
    QCOMPARE(
        error,
        std::string("line 3: unknown op 'acquird' for a lock event; expected one of: acquiring, "
                    "acquired, releasing, released, timed_out, failed, revoked, done"));
    readJsonLines("{\"t\":1,\"kind\":\"resource\",\"op\":\"acquired\"}\n", error);
    QCOMPARE(
        error,
        std::string("line 1: unknown op 'acquired' for a resource event; expected one of: read, "
                    "write, rejected"));
    readJsonLines("{\"t\":1,\"kind\":\"node_created\",\"op\":\"create\"}\n", error);
    QCOMPARE(error,
             std::string("line 1: unknown op 'create' for a node_created event; expected none"));
    readJsonLines("{\"t\":1,\"kind\":\"lock\",\"colour\":\"red\"}\n", error);
    QCOMPARE(error, std::string("line 1: unknown key \"colour\""));
    readJsonLines("{\"t\":1,\"kind\":\"locks\"}\n", error);
    QCOMPARE(error, std::string("line 1: unknown kind 'locks'"));
  }

  // An op of another kind's enum never reaches a sink: it fails when appended.
  void appendRefusesAnOpOfAnotherKind() {
    using namespace lockscope::sim;
    Trace trace;
    TraceRecorder recorder;
    trace.addSink(&recorder);
    QVERIFY_THROWS_EXCEPTION(BrokenInvariant, trace.append(TraceEvent{.kind = TraceKind::Resource,
                                                                      .op = LockOp::Acquired}));
    QVERIFY_THROWS_EXCEPTION(
        BrokenInvariant, trace.append(TraceEvent{.kind = TraceKind::Lock, .label = "zk-chained"}));
    trace.append(TraceEvent{.kind = TraceKind::Reply, .op = RedisOp::Set});
    trace.append(TraceEvent{.kind = TraceKind::Reply, .op = ZooKeeperOp::Create});
    QCOMPARE(recorder.events().size(), size_t{2});
  }

  void removedSinkSeesNothingMore() {
    Trace trace;
    TraceRecorder recorder;
    trace.addSink(&recorder);
    trace.append(TraceEvent{});
    trace.removeSink(&recorder);
    trace.append(TraceEvent{});
    QCOMPARE(recorder.events().size(), size_t{1});
    QCOMPARE(trace.eventCount(), uint64_t{2});
  }
};

QTEST_APPLESS_MAIN(TraceTest)
#include "tst_trace.moc"

// Helpers of the live tests that run lockscope-cli against real servers: the CLI with a chosen
// environment, scenario files, and a synchronous ZooKeeper session to set up and inspect the tree.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTest>
#include <cstring>
#include <functional>

#include "backends/live/zookeeper_c.h"

namespace lockscope::testing {

constexpr int kCliBoundMs = 120'000;

struct CliRun {
  int exitCode = -1;
  QByteArray out, err;
};

// lockscope-cli with `arguments`, in `directory`; LOCKSCOPE_SERVER_CONTROL is `control` (unset
// when empty), whatever the test's own environment says, and `variables` ("NAME=value") are added.
// `inChild` runs in the child before the CLI starts (to lower a resource limit, say).
inline CliRun runCli(const QStringList& arguments, const QString& control,
                     const QString& directory = QDir::tempPath(), const QStringList& variables = {},
                     const std::function<void()>& inChild = {}) {
  QProcess process;
  if (inChild) process.setChildProcessModifier(inChild);
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.remove(QStringLiteral("LOCKSCOPE_SERVER_CONTROL"));
  if (!control.isEmpty()) environment.insert(QStringLiteral("LOCKSCOPE_SERVER_CONTROL"), control);
  for (const QString& variable : variables)
    environment.insert(variable.section('=', 0, 0), variable.section('=', 1));
  process.setProcessEnvironment(environment);
  process.setWorkingDirectory(directory);
  process.start(QStringLiteral(LOCKSCOPE_CLI_PATH), arguments);
  if (!process.waitForFinished(kCliBoundMs)) process.kill();
  process.waitForFinished(5000);
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          process.readAllStandardOutput(), process.readAllStandardError()};
}

inline QString writeFile(const QString& path, const QByteArray& text) {
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(text);
  return path;
}

// A synchronous session to the fixture's ZooKeeper, for setting up and inspecting the tree.
class ZooKeeperSession {
 public:
  explicit ZooKeeperSession(const QString& servers) {
    lockscope::live::silenceLibraryLog();
    handle_ = zookeeper_init(servers.toUtf8().constData(), nullptr, 10000, nullptr, nullptr, 0);
    for (int i = 0; handle_ && zoo_state(handle_) != ZOO_CONNECTED_STATE && i < 1000; ++i)
      QTest::qWait(10);
  }
  ~ZooKeeperSession() {
    if (handle_) zookeeper_close(handle_);
  }
  bool connected() const { return handle_ && zoo_state(handle_) == ZOO_CONNECTED_STATE; }
  int create(const char* path, const char* data) {
    return zoo_create(handle_, path, data, static_cast<int>(strlen(data)), &ZOO_OPEN_ACL_UNSAFE, 0,
                      nullptr, 0);
  }
  bool exists(const char* path) { return zoo_exists(handle_, path, 0, nullptr) == ZOK; }
  int remove(const char* path) { return zoo_delete(handle_, path, -1); }
  // zoo_get_children's result code for `path` (ZNOAUTH when its ACL keeps us out).
  int childrenCode(const char* path) {
    String_vector names{};
    const int rc = zoo_get_children(handle_, path, 0, &names);
    if (rc == ZOK) deallocate_String_vector(&names);
    return rc;
  }
  // The children of `path`; empty for none or no such node.
  QStringList children(const char* path) {
    String_vector names{};
    QStringList list;
    if (zoo_get_children(handle_, path, 0, &names) != ZOK) return list;
    for (int32_t i = 0; i < names.count; ++i) list << QString::fromUtf8(names.data[i]);
    deallocate_String_vector(&names);
    return list;
  }

 private:
  zhandle_t* handle_ = nullptr;
};

// Deletes `path` and everything under it.
inline void deleteTree(ZooKeeperSession& zk, const QString& path) {
  for (const QString& child : zk.children(path.toUtf8().constData()))
    deleteTree(zk, path + "/" + child);
  zk.remove(path.toUtf8().constData());
}

}  // namespace lockscope::testing

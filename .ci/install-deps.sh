#!/usr/bin/env bash
# Installs every Debian 12 package Lockscope needs to build, test and benchmark. Run as root.
# Used by README.md's set-up commands and by .ci/run, so both stay in step.
#
# --no-install-recommends keeps the install small; the real ZooKeeper still works because its
# jars' hard dependencies (libslf4j-java ships slf4j-simple.jar) and a JRE come along anyway.
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build g++
  # Qt 6.4 (QtCore, Qt Test, and Qt Quick for the GUI and its QML tests)
  qt6-base-dev qt6-declarative-dev qt6-declarative-dev-tools libgl-dev
  qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-layouts
  qml6-module-qtquick-window qml6-module-qtquick-templates qml6-module-qtqml-workerscript
  qml6-module-qttest qml6-module-qtquick-dialogs qml6-module-qtqml-models
  qml6-module-qt-labs-folderlistmodel
  # the GUI's translations (i18n/): lupdate and lrelease, and the CMake package that runs them
  # (qt6-tools-dev has Qt6LinguistTools' CMake files, qt6-l10n-tools the tools themselves); a
  # Chinese font so that the window in Chinese draws characters, not boxes (WenQuanYi Micro Hei:
  # 5 MB, where fonts-noto-cjk is 91 MB)
  qt6-tools-dev qt6-l10n-tools fonts-wqy-microhei
  # scenario files, JSON, live backends, benchmarks
  libyaml-cpp-dev nlohmann-json3-dev libzookeeper-mt-dev libhiredis-dev libbenchmark-dev
  # Lua 5.1, embedded as Redis embeds it, so the Redis model runs scripts' real Lua
  liblua5.1-0-dev
  # real servers the differential and live tests start on loopback ports (redis-server's package
  # may start its own service on 6379: tests/support/redis-servers.sh never uses that port)
  zookeeper default-jre-headless redis-server redis-tools
  # PostgreSQL 15 for the live database tests (tests/support/pg-server.sh starts a throw-away
  # cluster of its own as an unprivileged user; never the system cluster or port 5432) and libpq
  # for the live client
  postgresql-15 libpq-dev
  # live MariaDB: the server the live database tests start on a loopback port of their own
  # (tests/support/mariadb-server.sh: never 3306 nor the system datadir, though the package may
  # start its own service there) and MariaDB Connector/C for the client
  mariadb-server libmariadb-dev
  # fuzzing (.ci/fuzz.sh): clang with libFuzzer's runtime; the layout check (.ci/format-check.sh)
  clang-14 libclang-rt-14-dev clang-format-14
  # the tests that run the app as people do (ctest -L window): a real X server, keys typed into
  # its windows, and window grabs
  xvfb xdotool imagemagick
  # installing (data/, cmake/Packaging.cmake): PNG icons rendered from the SVG, the validators of
  # the menu entry and the AppStream metadata (CTest tests), dpkg-shlibdeps for `cpack -G DEB`
  librsvg2-bin desktop-file-utils appstream dpkg-dev
)

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"

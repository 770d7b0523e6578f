# The Debian package: `cd build && cpack -G DEB` makes lockscope_VERSION_ARCH.deb from the install
# rules (app/, data/), installed under /usr. dpkg-shlibdeps (dpkg-dev) finds the shared libraries'
# packages; the QML modules and Qt's platform plugins are loaded at run time, where it cannot see
# them, so they are named here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME lockscope)
set(CPACK_PACKAGE_VENDOR "Lockscope")
set(CPACK_PACKAGE_CONTACT "Lockscope developers <lockscope@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "see how distributed locks behave, and how they break")
# One string: set() with several would join them with ';'. CPack indents the lines for control.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "Lockscope runs lock recipes (ZooKeeper, Curator, Redis SET NX PX, Redlock, database lock\n"
    "tables, fencing and broken variants) against deterministic models of ZooKeeper, Redis and\n"
    "a SQL database in virtual time, or against real servers, and shows every message on a\n"
    "stage made for teaching. lockscope-cli runs and checks the same lessons headless.")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/lockscope/lockscope")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # lockscope_0.1.0_amd64.deb, as apt-get install ./ expects
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Appended to by the shared libraries' dependencies that dpkg-shlibdeps finds.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "qml6-module-qtquick, qml6-module-qtquick-controls, qml6-module-qtquick-layouts, \
qml6-module-qtquick-window, qml6-module-qtquick-templates, qml6-module-qtqml-workerscript, \
qml6-module-qtqml-models, qml6-module-qt-labs-folderlistmodel, qt6-qpa-plugins")
# The window in Chinese (i18n/) draws its characters with a CJK font: any one will do.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei | fonts-noto-cjk")
# A RelWithDebInfo build's debug information would make the package many times its size.
set(CPACK_STRIP_FILES ON)
include(CPack)

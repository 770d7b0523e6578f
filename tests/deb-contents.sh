#!/usr/bin/env bash
# The Debian package holds what an installed Lockscope needs, and names its dependencies:
# both programs, every lesson of scenarios/, the menu entry, the AppStream metadata, the man pages,
# the icons (scalable and each PNG size), project(VERSION), and a Depends with the shared libraries
# dpkg-shlibdeps found as well as the QML modules named in cmake/Packaging.cmake.
#
#   tests/deb-contents.sh FILE.deb VERSION SOURCE_DIR ICON_SIZES   checks a package
#   tests/deb-contents.sh --cpack BUILD_DIR VERSION SOURCE_DIR ICON_SIZES
#                                          makes one from BUILD_DIR in a temporary folder first
# ICON_SIZES: "48,64,128,256" (empty: only the scalable icon). Fails with one line saying why.
set -euo pipefail

fail() { echo "deb-contents: $*" >&2; exit 1; }

if [[ ${1:-} == --cpack ]]; then
  [[ $# -eq 5 ]] || fail "usage: $0 --cpack BUILD_DIR VERSION SOURCE_DIR ICON_SIZES"
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
  # Into a folder of its own: cpack's staging and package never touch BUILD_DIR's.
  cpack -G DEB --config "$2/CPackConfig.cmake" -B "$out" >"$out/cpack.log" 2>&1 ||
    fail "cpack -G DEB failed: $(tail -n 3 "$out/cpack.log" | tr '\n' ' ')"
  debs=("$out"/lockscope_*.deb)
  [[ -f ${debs[0]} ]] || fail "cpack made no lockscope_*.deb in $out"
  deb=${debs[0]}
  shift 2
else
  [[ $# -eq 4 ]] || fail "usage: $0 FILE.deb VERSION SOURCE_DIR ICON_SIZES"
  deb=$1
  shift
fi
version=$1 source=$2 icon_sizes=$3
[[ -f $deb ]] || fail "$deb: no such package"

listing=$(dpkg-deb -c "$deb") || fail "$deb: dpkg-deb -c cannot read it"
files=$(awk '{print $6}' <<<"$listing" | sed 's|^\./|/|')
has() { grep -qxF "$1" <<<"$files" || fail "$(basename "$deb") lacks $1"; }

has /usr/bin/lockscope
has /usr/bin/lockscope-cli
app=io.github.lockscope.Lockscope
has /usr/share/applications/$app.desktop
has /usr/share/metainfo/$app.metainfo.xml
has /usr/share/icons/hicolor/scalable/apps/$app.svg
for size in ${icon_sizes//,/ }; do has "/usr/share/icons/hicolor/${size}x${size}/apps/$app.png"; done
# Man pages, compressed or not (CPack leaves them as installed; a later packager may gzip them).
for page in lockscope lockscope-cli; do
  grep -qE "^/usr/share/man/man1/$page\.1(\.gz)?$" <<<"$files" || fail "$(basename "$deb") lacks the man page $page(1)"
done
# Every lesson of the checkout, at its place under share/lockscope/scenarios.
lessons=0
while IFS= read -r lesson; do
  has "/usr/share/lockscope/scenarios/${lesson#"$source"/scenarios/}"
  lessons=$((lessons + 1))
done < <(find "$source/scenarios" -name '*.yaml' | sort)
[[ $lessons -gt 0 ]] || fail "no lessons found under $source/scenarios"

control_version=$(dpkg-deb -f "$deb" Version)
[[ $control_version == "$version" ]] || fail "Version is '$control_version', project(VERSION) is $version"
[[ $(dpkg-deb -f "$deb" Package) == lockscope ]] || fail "Package is not lockscope"
depends=$(dpkg-deb -f "$deb" Depends)
# Each package Depends names, alternatives included, without its version.
names=$(tr ',|' '\n\n' <<<"$depends" | sed 's/^ *//; s/[ (].*//')
# The libraries the programs link (dpkg-shlibdeps) and what they load at run time (named by hand).
for need in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6qml6 libqt6quick6 libzookeeper-mt2 \
            libhiredis0.14 liblua5.1-0 qml6-module-qtquick-controls qml6-module-qtquick-layouts \
            qml6-module-qt-labs-folderlistmodel qml6-module-qtqml-models qt6-qpa-plugins; do
  grep -qxF "$need" <<<"$names" || fail "Depends lacks $need: $depends"
done
# A dependency on ourselves or on a -dev package would be a packaging mistake.
if grep -qE '^lockscope$|-dev$' <<<"$names"; then
  fail "Depends names lockscope or a -dev package: $depends"
fi
echo "deb-contents: $(basename "$deb"): ${lessons} lessons, both programs, entry, metadata, man pages, icons; Depends: $depends"

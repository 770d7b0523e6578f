#!/usr/bin/env bash
# The Debian package as a user gets it: `cpack -G DEB` in build/, its contents and Depends
# (tests/deb-contents.sh), then `apt-get install ./build/lockscope_*.deb` on this machine and the
# INSTALLED programs run from a folder without scenarios/: both --version, `lockscope-cli check` of
# the installed lessons, the installed menu entry and metadata validated, a headless screenshot
# from the installed GUI; then `apt-get remove lockscope`. CI runs it as root after the tests.
#
#   .ci/deb-check.sh                 as CI: installs with apt-get (root only)
#   .ci/deb-check.sh --extract-only  on a developer's machine: dpkg-deb -x into a temporary root
#                                    instead, the Depends checked installed with dpkg-query
# BUILD_DIR (default build) is the configured and built tree. Fails with one line saying why.
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=$PWD

fail() { echo "deb-check: $*" >&2; exit 1; }

mode=install
case ${1:-} in
  "") ;;
  --extract-only) mode=extract ;;
  *) fail "usage: $0 [--extract-only]" ;;
esac
build=$(realpath "${BUILD_DIR:-build}")
[[ -f $build/CPackConfig.cmake ]] || fail "$build is not a configured build tree (no CPackConfig.cmake)"
version=$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")
[[ -n $version ]] || fail "no CPACK_PACKAGE_VERSION in $build/CPackConfig.cmake"
# The PNG icon sizes the build rendered (data/CMakeLists.txt): the package must hold each.
icon_sizes=$(find "$build/data/icons" -name 'io.github.lockscope.Lockscope.png' 2>/dev/null |
             sed 's|.*/\([0-9]*\)x[0-9]*/[^/]*$|\1|' | sort -n | paste -sd, -)

rm -f "$build"/lockscope_*.deb
(cd "$build" && cpack -G DEB >cpack-deb.log 2>&1) ||
  fail "cpack -G DEB failed in $build: $(tail -n 3 "$build/cpack-deb.log" | tr '\n' ' ')"
debs=("$build"/lockscope_*.deb)
[[ ${#debs[@]} -eq 1 && -f ${debs[0]} ]] || fail "expected one $build/lockscope_*.deb, found: ${debs[*]}"
deb=${debs[0]}
tests/deb-contents.sh "$deb" "$version" "$source_dir" "$icon_sizes" || fail "the package's contents (above)"

work=$(mktemp -d)
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
if [[ $mode == install ]]; then
  [[ $(id -u) -eq 0 ]] || fail "installing needs root; run with --extract-only instead"
  [[ $(dpkg-query -W -f='${Status}' lockscope 2>/dev/null) != "install ok installed" ]] ||
    fail "lockscope is already installed: not replacing it"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" >"$work/apt.log" 2>&1 ||
    fail "apt-get install $deb failed: $(tail -n 3 "$work/apt.log" | tr '\n' ' ')"
  trap 'apt-get remove -y -q lockscope >/dev/null 2>&1 || true; cleanup' EXIT
  root=""
else
  root=$work/root
  dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x $deb failed"
  # What apt-get would have installed: each dependency's first choice is installed here.
  while IFS= read -r dependency; do
    name=${dependency%% *}
    [[ $(dpkg-query -W -f='${Status}' "$name" 2>/dev/null) == "install ok installed" ]] ||
      fail "Depends names $name, which is not installed here (apt-get would need to find it)"
  done < <(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/|.*//; s/^ *//')
fi

# From a folder without scenarios/, with nothing of the build on the library path: only what the
# package installed can be found.
mkdir -p "$work/elsewhere"
cd "$work/elsewhere"
unset LD_LIBRARY_PATH
bin=$root/usr/bin
share=$root/usr/share
[[ -x $bin/lockscope && -x $bin/lockscope-cli ]] || fail "$bin/lockscope or lockscope-cli is missing"
for program in lockscope-cli lockscope; do
  first=$("$bin/$program" --version | head -n 1) || fail "$bin/$program --version failed"
  [[ $first == "$program $version" ]] || fail "$bin/$program --version says '$first', expected '$program $version'"
done
"$bin/lockscope-cli" check "$share/lockscope/scenarios" >"$work/check.log" 2>&1 ||
  fail "lockscope-cli check of the installed lessons failed: $(tail -n 2 "$work/check.log" | tr '\n' ' ')"
desktop-file-validate "$share/applications/io.github.lockscope.Lockscope.desktop" ||
  fail "desktop-file-validate rejects the installed menu entry"
appstreamcli validate --no-net "$share/metainfo/io.github.lockscope.Lockscope.metainfo.xml" \
  >"$work/appstream.log" 2>&1 ||
  fail "appstreamcli validate rejects the installed metadata: $(tail -n 2 "$work/appstream.log" | tr '\n' ' ')"
# The installed GUI finds its installed lessons (the first one by default) and renders offscreen.
png=$work/installed.png
QT_QPA_PLATFORM=offscreen "$bin/lockscope" --at 1s --screenshot "$png" >"$work/gui.log" 2>&1 ||
  fail "the installed lockscope could not render a screenshot: $(tail -n 2 "$work/gui.log" | tr '\n' ' ')"
[[ -f $png ]] || fail "the installed lockscope wrote no $png"
# A PNG's width and height are big-endian at bytes 16 to 23: 1600x1000 unless --size says.
read -r -a header < <(od -An -tu1 -j16 -N8 "$png")
width=$(( (header[2] << 8) | header[3] )) height=$(( (header[6] << 8) | header[7] ))
[[ $width -eq 1600 && $height -eq 1000 ]] || fail "the screenshot is ${width}x${height}, expected 1600x1000"
# An empty or one-colour window compresses to a few kilobytes; the stage, panels and text do not.
bytes=$(stat -c %s "$png")
[[ $bytes -gt 60000 ]] || fail "the screenshot is only $bytes bytes: an empty window?"

if [[ $mode == install ]]; then
  cd /
  apt-get remove -y -q lockscope >"$work/remove.log" 2>&1 ||
    fail "apt-get remove lockscope failed: $(tail -n 2 "$work/remove.log" | tr '\n' ' ')"
  trap cleanup EXIT
  [[ ! -e /usr/bin/lockscope ]] || fail "/usr/bin/lockscope is still there after apt-get remove"
fi
echo "deb-check: $(basename "$deb") ${mode}ed, its programs, lessons, entry, metadata and GUI work"

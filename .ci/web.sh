#!/usr/bin/env bash
# The web build (issue 29): installs emscripten and Chromium from Debian/Ubuntu packages (only
# those missing), fetches Dear ImGui's and zlib's sources from the distribution's source packages
# (a private apt list: the system's sources are left alone), builds the app to WebAssembly in
# ./build-web and, unless --build-only, checks it in headless Chromium (tests/web/check_web.sh,
# which needs the desktop build in ./build for its reference picture).
# The page is build-web/app/web/: serve it with python3 -m http.server -d build-web/app/web.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
updated=""
install_missing() {  # the packages not installed yet; false when apt cannot install them
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "roofline: installing ${missing[*]} (for the web build)"
  [ -n "$updated" ] || { $sudo apt-get update -qq && updated=1; }
  # Without --no-install-recommends Chromium pulls in systemd, avahi and GTK.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
install_missing emscripten fonts-dejavu-core python3 ninja-build cmake xz-utils bzip2 || {
  echo "SKIP: emscripten could not be installed here: no web build"; exit 77; }
# Chromium is for the checks only (Ubuntu ships it as a snap, which apt cannot install).
[ "${1:-}" = "--build-only" ] || install_missing chromium ||
  echo "roofline: Chromium could not be installed: the browser checks will skip"

# Dear ImGui's and zlib's upstream sources (the .orig tarballs of the distribution's source
# packages), fetched once into build-web/_sources.
sources=build-web/_sources
if [ ! -f "$sources/ready" ]; then
  rm -rf "$sources"
  mkdir -p "$sources/apt/lists/partial" "$sources/apt/cache/archives/partial" "$sources/apt/parts"
  . /etc/os-release
  case "$ID" in
    ubuntu) echo "deb-src http://archive.ubuntu.com/ubuntu $VERSION_CODENAME main universe" ;;
    *) echo "deb-src http://deb.debian.org/debian $VERSION_CODENAME main" ;;
  esac > "$sources/apt/sources.list"
  apt_private=(-o "Dir::Etc::SourceList=$PWD/$sources/apt/sources.list"
               -o "Dir::Etc::SourceParts=$PWD/$sources/apt/parts"
               -o "Dir::State::Lists=$PWD/$sources/apt/lists"
               -o "Dir::Cache=$PWD/$sources/apt/cache")
  apt-get -qq "${apt_private[@]}" update
  (cd "$sources" && apt-get -qq "${apt_private[@]}" source --download-only imgui zlib 2>&1 |
     grep -v "unsandboxed" || true)
  for tarball in "$sources"/imgui_*.orig.tar.* "$sources"/zlib_*.orig.tar.*; do
    tar -C "$sources" -xf "$tarball"
  done
  touch "$sources/ready"
fi
imgui=$(ls -d "$PWD/$sources"/imgui-*/ | head -1)
zlib=$(ls -d "$PWD/$sources"/zlib-*/ | head -1)

# emcc 3.1.6 looks for its node modules (acorn) where Debian puts them.
export NODE_PATH=/usr/share/nodejs
emcmake cmake -S . -B build-web -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DROOFLINE_IMGUI_SOURCE_DIR="$imgui" -DROOFLINE_ZLIB_SOURCE_DIR="$zlib" >/dev/null
cmake --build build-web
[ "${1:-}" = "--build-only" ] && exit 0
tests/web/check_web.sh build-web build

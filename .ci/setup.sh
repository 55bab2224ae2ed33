#!/usr/bin/env bash
# Installs what roofline needs from Debian/Ubuntu packages (only those missing), then builds it
# into ./build. Safe to run again: it does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ pkg-config
  libimgui-dev libglfw3-dev python3-glad nlohmann-json3-dev libcairo2-dev libstb-dev libcli11-dev zlib1g-dev
  libdbus-1-dev libgtest-dev libbenchmark-dev fonts-dejavu-core python3
  xvfb xauth xdotool dbus-daemon poppler-utils libxml2-utils
  desktop-file-utils appstream dpkg-dev file zsh fish
  python3-dev pybind11-dev python3-pytest python3-jsonschema)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "roofline: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# CI (CI=true) builds with warnings as errors; a local build only shows them.
werror=OFF
[ "${CI:-}" = "true" ] && werror=ON
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DROOFLINE_WERROR="$werror" >/dev/null
cmake --build build

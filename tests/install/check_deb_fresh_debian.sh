#!/usr/bin/env bash
# The Debian package on a fresh Debian 12: a minimal bookworm (debootstrap --variant=minbase, with
# none of roofline's libraries) gets the .deb through apt, which must find every
# dependency from the package's own Depends; then roofline-cli analyze and export run from
# /usr/bin, and the app opens under Xvfb and writes a screenshot.
# Needs root, debootstrap and a Debian mirror (CI runs it from .ci/test.sh; 48 s to 1 min 38 s here).
# usage: tests/install/check_deb_fresh_debian.sh BUILD_DIR [MIRROR]
set -euo pipefail
build=$(cd "$1" && pwd)
mirror=${2:-http://deb.debian.org/debian}
[[ $(id -u) == 0 ]] || { echo "SKIP: needs root (debootstrap, chroot)"; exit 77; }
command -v debootstrap >/dev/null || { echo "SKIP: debootstrap is not installed"; exit 77; }

work=$(mktemp -d)
root=$work/bookworm
cleanup() {
  mountpoint -q "$root/proc" && umount "$root/proc"
  rm -rf "$work"
}
trap cleanup EXIT

# The package, as check_install.sh builds it.
DESTDIR="$work/stage" cmake --install "$build" --prefix /usr >/dev/null
(cd "$work/stage" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >/dev/null 2>&1)
deb=$(ls "$work"/deb/roofline_*.deb)

# Making the fresh system is the machine's part, not the package's: a mirror out of reach or a
# container that may not chroot is a skip (77, with the reason), not a failure.
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 20 "$work/debootstrap.log"; echo "SKIP: debootstrap could not make bookworm from $mirror"
  exit 77; }
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount --bind /proc "$root/proc" 2>/dev/null || echo "note: /proc not mounted in the fresh system"
cp "$deb" "$root/tmp/"
name=$(basename "$deb")

in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
                   DEBIAN_FRONTEND=noninteractive "$@"; }
if in_root dpkg -s libglfw3 >/dev/null 2>&1; then
  echo "FAIL: the fresh system already has libglfw3 (not fresh)"; exit 1
fi
in_root apt-get update -qq || { echo "SKIP: apt in the fresh system cannot reach $mirror"; exit 77; }
in_root apt-get install -y -qq --no-install-recommends "/tmp/$name" >"$work/apt.log" 2>&1 || {
  tail -n 20 "$work/apt.log"; echo "FAIL: apt could not install $name on fresh bookworm"; exit 1; }

out=$(in_root roofline-cli analyze --gpu h200 --model llama-3-8b)
grep -q "q_proj" <<<"$out" || { echo "FAIL: roofline-cli analyze from the .deb"; exit 1; }
in_root roofline-cli export --model llama-3-8b --out /tmp/chart.png >/dev/null
in_root roofline-cli export --model llama-3-8b --out /tmp/chart.pdf >/dev/null
[[ -s $root/tmp/chart.png && -s $root/tmp/chart.pdf ]] || { echo "FAIL: exports from the .deb"; exit 1; }

# The app itself, in a real window under Xvfb (xvfb brings Mesa, as a desktop would have it).
in_root apt-get install -y -qq --no-install-recommends xvfb xauth >"$work/xvfb.log" 2>&1 || {
  tail -n 20 "$work/xvfb.log"; echo "FAIL: installing xvfb in the fresh system"; exit 1; }
in_root xvfb-run -a -s "-screen 0 1280x800x24" roofline --no-settings --size 1280x800 \
  --frames 4 --screenshot /tmp/app.png
read -r w h < <(python3 -c '
import struct, sys
d = open(sys.argv[1], "rb").read(24)
print(*struct.unpack(">II", d[16:24]))' "$root/tmp/app.png")
[[ "$w x $h" == "1280 x 800" ]] || { echo "FAIL: the app's screenshot is ${w}x$h"; exit 1; }
# The Python module's package, where the build made one: apt brings python3 for it.
python_note=""
if pydeb=$(ls "$work"/deb/python3-roofline_*.deb 2>/dev/null); then
  cp "$pydeb" "$root/tmp/"
  in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$pydeb")" >"$work/py.log" 2>&1 || {
    tail -n 20 "$work/py.log"; echo "FAIL: apt could not install $(basename "$pydeb") on fresh bookworm"; exit 1; }
  t=$(in_root python3 -c "import roofline; print(roofline.analyze(model='llama-3-8b', batch=8)['totals']['time_s'])")
  [[ $t == 0.0048* ]] || { echo "FAIL: python3-roofline on fresh bookworm gave a step of $t s"; exit 1; }
  python_note="; python3-roofline installed with its python3, imported and analyzed a step"
fi
echo "PASS: $name installed by apt on a fresh Debian 12 (minbase) with $(in_root dpkg -l | grep -c '^ii') packages after; roofline-cli analyze and export ran, the app drew a 1280x800 window$python_note"

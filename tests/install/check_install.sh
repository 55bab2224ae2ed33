#!/usr/bin/env bash
# The installed roofline, as a distribution would ship it: `cmake --install` into a staging
# DESTDIR, the installed programs run from there, the desktop entry, AppStream metainfo and MIME
# type validated, the man pages render, and the Debian package built by CPack. With
# ROOFLINE_INSTALL_DEB=1 (CI, as root on a fresh machine) the .deb is also installed with dpkg
# and `roofline-cli analyze` run from /usr/bin, then removed.
# usage: tests/install/check_install.sh BUILD_DIR      Exits 77 (skipped) without the validators.
set -euo pipefail
build=$(cd "$1" && pwd)
for tool in desktop-file-validate appstreamcli xmllint cpack; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed"; exit 77; }
done
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

DESTDIR="$stage" cmake --install "$build" --prefix /usr >/dev/null
for f in usr/bin/roofline usr/bin/roofline-cli usr/share/man/man1/roofline.1 \
         usr/share/man/man1/roofline-cli.1 usr/share/applications/org.roofline.Roofline.desktop \
         usr/share/metainfo/org.roofline.Roofline.metainfo.xml \
         usr/share/mime/packages/org.roofline.Roofline.xml \
         usr/share/icons/hicolor/scalable/apps/org.roofline.Roofline.svg \
         usr/share/icons/hicolor/48x48/apps/org.roofline.Roofline.png \
         usr/share/icons/hicolor/256x256/apps/org.roofline.Roofline.png \
         usr/share/doc/roofline/LICENSE usr/share/doc/roofline/copyright \
         usr/share/doc/roofline/schema/analyze.schema.json \
         usr/share/doc/roofline/schema/calibration.schema.json \
         usr/share/bash-completion/completions/roofline-cli \
         usr/share/zsh/vendor-completions/_roofline-cli \
         usr/share/fish/vendor_completions.d/roofline-cli.fish; do
  [[ -s $stage/$f ]] || { echo "FAIL: the install lacks $f"; exit 1; }
done

# The installed programs run on their own (the presets are compiled in).
out=$("$stage/usr/bin/roofline-cli" analyze --gpu h200 --model llama-3-8b)
help=$("$stage/usr/bin/roofline" --help)
grep -q "q_proj" <<<"$out" || { echo "FAIL: installed roofline-cli analyze printed no operators"; exit 1; }
grep -q -- "--scenario" <<<"$help" || { echo "FAIL: installed roofline --help"; exit 1; }

desktop-file-validate "$stage/usr/share/applications/org.roofline.Roofline.desktop"
grep -q '^Exec=roofline %F$' "$stage/usr/share/applications/org.roofline.Roofline.desktop"
appstreamcli validate --no-net "$stage/usr/share/metainfo/org.roofline.Roofline.metainfo.xml"
xmllint --noout "$stage/usr/share/mime/packages/org.roofline.Roofline.xml"
xmllint --noout "$stage/usr/share/icons/hicolor/scalable/apps/org.roofline.Roofline.svg"
# The licence: MIT in LICENSE, the metainfo and the Debian copyright file, which also names the
# third-party code compiled into the programs.
grep -q '^MIT License$' "$stage/usr/share/doc/roofline/LICENSE" || { echo "FAIL: LICENSE is not MIT"; exit 1; }
grep -q '<project_license>MIT</project_license>' "$stage/usr/share/metainfo/org.roofline.Roofline.metainfo.xml" ||
  { echo "FAIL: the metainfo names no project_license"; exit 1; }
for part in 'Upstream-Name: roofline' 'Omar Cornut' 'Niels Lohmann' 'Henry Schreiner' 'Khronos'; do
  grep -q "$part" "$stage/usr/share/doc/roofline/copyright" || {
    echo "FAIL: the copyright file lacks '$part'"; exit 1; }
done

# The man pages list every option their program's --help lists (they are made from it).
for program in roofline roofline-cli; do
  page="$stage/usr/share/man/man1/$program.1"
  for opt in $("$stage/usr/bin/$program" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
    grep -q -- "${opt//-/\\\\-}" "$page" || { echo "FAIL: $program.1 lacks $opt"; exit 1; }
  done
done
for opt in $("$stage/usr/bin/roofline-cli" analyze --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
  grep -q -- "${opt//-/\\\\-}" "$stage/usr/share/man/man1/roofline-cli.1" || {
    echo "FAIL: roofline-cli.1 lacks analyze's $opt"; exit 1; }
done

# The Debian package, its dependencies computed by dpkg-shlibdeps.
(cd "$stage" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$stage/deb" >/dev/null 2>&1)
deb=$(ls "$stage"/deb/roofline_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libcairo2 libglfw3 libdbus-1-3 fonts-dejavu-core; do
  grep -q "$lib" <<<"$depends" || { echo "FAIL: the .deb does not depend on $lib ($depends)"; exit 1; }
done
contents=$(dpkg-deb -c "$deb")  # whole, not piped into grep -q (pipefail and SIGPIPE)
grep -q './usr/bin/roofline-cli' <<<"$contents" || { echo "FAIL: the .deb lacks roofline-cli"; exit 1; }
grep -q './usr/share/doc/roofline/copyright' <<<"$contents" || { echo "FAIL: the .deb lacks its copyright file"; exit 1; }

# The Python module, where the build made one (python3-dev and pybind11-dev installed): installed
# where Debian's python3 looks, it runs from there, and it is a package of its own.
pydeb=""
if [[ -d $build/python/roofline ]]; then
  site=$stage/usr/lib/python3/dist-packages
  [[ -s $site/roofline/__init__.py ]] || { echo "FAIL: the install lacks the Python package"; exit 1; }
  t=$(PYTHONPATH=$site /usr/bin/python3 -c "import roofline; print(roofline.analyze(model='llama-3-8b', batch=8)['totals']['time_s'])")
  [[ $t == 0.0048* ]] || { echo "FAIL: the installed Python module gave a step of $t s"; exit 1; }
  pydeb=$(ls "$stage"/deb/python3-roofline_*.deb 2>/dev/null) || { echo "FAIL: CPack made no python3-roofline .deb"; exit 1; }
  pycontents=$(dpkg-deb -c "$pydeb")
  grep -q 'dist-packages/roofline/_roofline' <<<"$pycontents" || { echo "FAIL: python3-roofline lacks the module"; exit 1; }
  grep -q './usr/share/doc/python3-roofline/copyright' <<<"$pycontents" || { echo "FAIL: python3-roofline lacks its copyright file"; exit 1; }
  dpkg-deb -f "$pydeb" Depends | grep -q 'python3 (>= 3' || { echo "FAIL: python3-roofline does not depend on python3"; exit 1; }
  if dpkg-deb -c "$deb" | grep -q dist-packages; then echo "FAIL: the roofline .deb holds the Python module"; exit 1; fi
fi

if [[ ${ROOFLINE_INSTALL_DEB:-0} == 1 ]]; then
  dpkg -i "$deb" >/dev/null
  /usr/bin/roofline-cli analyze --model llama-3-8b | grep -q "q_proj" || {
    echo "FAIL: roofline-cli from the installed .deb"; dpkg -r roofline >/dev/null; exit 1; }
  if [[ -n $pydeb ]]; then
    dpkg -i "$pydeb" >/dev/null
    /usr/bin/python3 -c "import roofline; roofline.analyze(model='llama-3-8b')" || {
      echo "FAIL: python3-roofline from the installed .deb"; dpkg -r python3-roofline roofline >/dev/null; exit 1; }
    dpkg -r python3-roofline >/dev/null
  fi
  dpkg -r roofline >/dev/null
  echo "PASS: the .deb installed with dpkg, roofline-cli analyze ran from /usr/bin (and python3-roofline imported), removed"
fi
echo "PASS: installed into a staging DESTDIR; programs run; desktop entry, metainfo, MIME and man pages valid; .deb built ($depends)"

# Shared by the end-to-end scripts: source it, don't run it.

# skip_without TOOL...: exits 77 (ctest: skipped) naming the first tool that is not installed.
skip_without() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed"; exit 77; }
  done
}

# png_size FILE: prints "width height" of a PNG, from its IHDR chunk.
png_size() {
  python3 -c '
import struct, sys
data = open(sys.argv[1], "rb").read(24)
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
print(*struct.unpack(">II", data[16:24]))' "$1"
}

# wait_for FILE SECONDS: until FILE exists and is not empty (status 1 when the time runs out).
wait_for() {
  for _ in $(seq $(($2 * 10))); do
    [[ -s $1 ]] && return 0
    sleep 0.1
  done
  return 1
}

#!/usr/bin/env bash
# The bash completion roofline-cli generates (and CMake installs): sourced, `complete -p` names
# it; completing commands, an option's listed choices and a preset option gives those words;
# the zsh and fish scripts parse where those shells are installed (skipped, and said, where not).
#   tests/cli/completion_test.sh path/to/roofline-cli
set -euo pipefail
cli=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/empty"
cd "$work/empty"  # no file here, so file names add nothing to the words completed
"$cli" completion bash >"$work/roofline-cli.bash"
# shellcheck disable=SC1091
source "$work/roofline-cli.bash"
complete -p roofline-cli | grep -q -- "-F _roofline_cli roofline-cli" ||
  { echo "FAIL: complete -p roofline-cli: $(complete -p roofline-cli 2>&1)"; exit 1; }
complete_words() {  # the words typed so far, the last one being completed
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  _roofline_cli
  echo "${COMPREPLY[*]}"
}
expect() {
  local got=$1 want=$2
  [[ $got == "$want" ]] || { echo "FAIL: completed '$got', expected '$want'"; exit 1; }
}
expect "$(complete_words roofline-cli ana)" "analyze"
expect "$(complete_words roofline-cli export --format '')" "svg png pdf csv md"
expect "$(complete_words roofline-cli analyze --gpu h1)" "h100-nvl h100-pcie h100-sxm"
expect "$(complete_words roofline-cli analyze --calibration '')" \
  "none a100-cuda-graphs ada-prior ampere-prior blackwell-prior cdna-prior h100-cuda-graphs h200-cuda-graphs hopper-prior mi300x-cuda-graphs other-prior volta-prior"
expect "$(complete_words roofline-cli request --is)" "--isl"
expect "$(complete_words roofline-cli completion '')" "bash zsh fish --help -h --error-format"
# The command line's own --error-format, after a command too.
expect "$(complete_words roofline-cli analyze --error-format '')" "text json"
# A file name with a space stays one word.
touch "$work/empty/my profile.csv"
expect "$(complete_words roofline-cli import my)" "my profile.csv"
rm "$work/empty/my profile.csv"
echo "PASS: bash completion: commands, choices, presets"
cd "$work"
"$cli" completion zsh >roofline-cli.zsh
"$cli" completion fish >roofline-cli.fish
for shell in zsh fish; do
  if command -v "$shell" >/dev/null; then
    "$shell" -n "roofline-cli.$shell" || { echo "FAIL: $shell cannot parse its script"; exit 1; }
    echo "PASS: $shell parses its script"
  else
    echo "note: $shell is not installed; its script is not parsed here"
  fi
done
grep -q '^complete -c roofline-cli -n __fish_use_subcommand -a analyze' roofline-cli.fish ||
  { echo "FAIL: the fish script does not offer analyze"; exit 1; }
if command -v fish >/dev/null; then
  got=$(fish -c "source roofline-cli.fish; complete -C 'roofline-cli export --format '" | cut -f1 |
    tr '\n' ' ')
  expect "$got" "csv md pdf png svg "
  got=$(fish -c "source roofline-cli.fish; complete -C 'roofline-cli analyze --gpu h1'" | cut -f1 |
    tr '\n' ' ')
  expect "$got" "h100-nvl h100-pcie h100-sxm "
  echo "PASS: fish completes the choices and the presets"
fi

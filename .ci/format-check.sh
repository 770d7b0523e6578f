#!/usr/bin/env bash
# Fails, naming the files, when a C++ file of ours is not laid out as .clang-format says.
# To fix: clang-format-14 -i <the files named>.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h')
unformatted=()
for file in "${files[@]}"; do
  if ! clang-format-14 --style=file --dry-run --Werror "$file" >/dev/null 2>&1; then
    unformatted+=("$file")
  fi
done
if ((${#unformatted[@]})); then
  echo "not laid out as .clang-format says (fix: clang-format-14 -i FILE...):" >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  exit 1
fi
echo "${#files[@]} files laid out as .clang-format says"

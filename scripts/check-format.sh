#!/bin/sh
# check-format.sh [--fix]: every C and C++ source tracked by git matches .clang-format
# (clang-format 14, Debian 12's). --fix rewrites the files instead of checking them.
set -eu
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format not found"; exit 1; }
files=$(git ls-files '*.c' '*.h' '*.cpp' '*.hpp')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i $files
else
  clang-format --dry-run --Werror $files
fi

#!/bin/sh
# msvc_headers.sh CLANG INCLUDE_DIR WORK: axiom.h and streebog.h as an MSVC program reads them
# (clang for the MSVC target, which defines _MSC_VER and not __GNUC__), as C99 and C++14, for a
# DLL user and with AXIOM_STATIC: they must compile, show no GCC-only syntax, and declare every
# function with the DLL import mark (none with AXIOM_STATIC). MSVC's own headers are not here:
# the two C library headers streebog.h includes are empty stand-ins.
set -eu
clang=$1 include=$2 work=$3
mkdir -p "$work/stub"
: >"$work/stub/stdio.h"
: >"$work/stub/string.h"
printf '#include <axiom/axiom.h>\n#include <axiom/streebog.h>\n' >"$work/headers.c"
msvc() { "$clang" --target=x86_64-pc-windows-msvc -ffreestanding -isystem "$work/stub" -I"$include" "$@" "$work/headers.c"; }
imported=0
for static in "" -DAXIOM_STATIC; do
  msvc -x c -std=c99 -pedantic -Wall -Werror -fsyntax-only $static
  msvc -x c++ -std=c++14 -Wall -Werror -fsyntax-only $static
  text=$(msvc -x c -E -P $static)
  if printf '%s\n' "$text" | grep -m3 -E "__attribute__|__extension__|__typeof|__asm|__builtin|__int128"; then
    echo "GCC-only syntax above reaches an MSVC program${static:+ ($static)}"
    exit 1
  fi
  unmarked=$(printf '%s\n' "$text" | grep -cE "^(const char ?\*|int|void) ?(axiom|streebog)_[a-z0-9_]+\(" || true)
  marked=$(printf '%s\n' "$text" | grep -cE "^__declspec\(dllimport\) (const char ?\*|int|void) ?(axiom|streebog)_[a-z0-9_]+\(" || true)
  if [ -z "$static" ] && { [ "$unmarked" != 0 ] || [ "$marked" -lt 100 ]; }; then
    echo "$unmarked functions declared without AXIOM_API / AXIOM_STREEBOG_API ($marked with)"
    exit 1
  fi
  [ -n "$static" ] || imported=$marked
  if [ -n "$static" ] && [ "$marked" != 0 ]; then
    echo "$marked functions still imported from a DLL with AXIOM_STATIC"
    exit 1
  fi
done
echo "msvc_headers: axiom.h and streebog.h read as MSVC C99 and C++14, DLL and static: $imported functions, all marked"

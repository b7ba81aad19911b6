#!/bin/sh
# Installs the build tree into a scratch prefix, then builds and runs a consumer three ways:
# find_package with the shared library, with the static one, and plain pkg-config; and the same
# for fast-streebog's README program over the axiom_streebog_compat library.
# run.sh CMAKE BUILD WORK CXX CC OBJDUMP [TOOLCHAIN EMULATOR...]: with a toolchain file the
# consumers are cross-built with it and run through EMULATOR (Windows: under Wine, with the DLLs
# next to the program, where Windows looks for them).
set -eu
cmake=$1 build=$2 work=$3 cxx=$4 cc=$5 objdump=$6
shift 6
toolchain=""
if [ $# -gt 0 ]; then
  toolchain=$1
  shift
fi
windows=""
case "$toolchain" in *mingw*) windows=yes ;; esac
src=$(cd "$(dirname "$0")" && pwd)/consumer
readme=$(cd "$(dirname "$0")/../api" && pwd)/fast_streebog_readme.c
gost256="GOST 256: 322bfc2fc207ef5e6830517595a34a9389534ebffaaed125058c174f4c73072e"
rm -rf "$work"
"$cmake" --install "$build" --prefix "$work/prefix" >/dev/null
# A cross toolchain looks for packages only under its root: name the package's directory.
"$cmake" -S "$src" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_C_COMPILER="$cc" -DFAST_STREEBOG_README="$readme" \
  ${toolchain:+-DCMAKE_TOOLCHAIN_FILE="$toolchain" -Daxiom_DIR="$(ls -d "$work/prefix"/lib*/cmake/axiom)"} >/dev/null
"$cmake" --build "$work/build" >/dev/null
libdir=$(ls -d "$work/prefix"/lib*/pkgconfig | head -n 1)
exe=""
if [ -n "$windows" ]; then
  exe=.exe
  # The C API is exported from the DLL by name; the DLLs go next to the programs.
  dll=$(ls "$work/prefix/bin"/*axiom.dll)
  "$objdump" -p "$dll" | grep -qw axiom_sha256 || { echo "$dll does not export axiom_sha256"; exit 1; }
  # axiom.h's AXIOM_API: the DLLs' users import the C functions (they call through __imp_
  # pointers), the static libraries' users call them directly, and a program linking the static
  # library exports nothing of it.
  imports() { "$objdump" -t "$(find "$work/build" -path "*/$1.dir/*.obj")" | grep -q "__imp_$2\$"; }
  imports capi_shared axiom_sha256 || { echo "capi_shared does not import axiom_sha256"; exit 1; }
  imports streebog_readme_shared streebog_hash_512_hex || { echo "streebog_readme_shared does not import streebog_hash_512_hex"; exit 1; }
  if imports capi_static axiom_sha256; then echo "capi_static imports axiom_sha256 from a DLL"; exit 1; fi
  if imports streebog_readme_static streebog_hash_512_hex; then echo "streebog_readme_static imports from a DLL"; exit 1; fi
  if "$objdump" -p "$work/build/capi_static.exe" | grep -q "Export Tables"; then echo "capi_static exports functions"; exit 1; fi
  cp "$work/prefix/bin"/*.dll "$work/build/"
  cp "$work/prefix/bin"/*.dll "$work/"
fi
# run PROGRAM: through the emulator if there is one, finding the installed shared libraries.
run() { LD_LIBRARY_PATH="$(dirname "$libdir")" "$@"; }
linked() { "$objdump" -p "$1" | grep -E "NEEDED|DLL Name" | grep -q axiom; }
run "$@" "$work/build/consumer_shared$exe"
run "$@" "$work/build/consumer_static$exe"
run "$@" "$work/build/capi_shared$exe"
run "$@" "$work/build/capi_static$exe"
run "$@" "$work/build/streebog_readme_shared$exe" | grep -q "$gost256"
run "$@" "$work/build/streebog_readme_static$exe" | grep -q "$gost256"
linked "$work/build/consumer_shared$exe" || { echo "shared consumer does not link the axiom library"; exit 1; }
if linked "$work/build/consumer_static$exe"; then echo "static consumer links a shared axiom library"; exit 1; fi
if linked "$work/build/capi_static$exe"; then echo "static C consumer links a shared axiom library"; exit 1; fi
if linked "$work/build/streebog_readme_static$exe"; then echo "static streebog program links a shared library of axiom"; exit 1; fi
static=""
[ -n "$windows" ] && static="--static"
PKG_CONFIG_LIBDIR="$libdir" pkg-config --static --cflags axiom | grep -q -- -DAXIOM_STATIC ||
  { echo "pkg-config --static --cflags axiom does not define AXIOM_STATIC"; exit 1; }
flags=$(PKG_CONFIG_LIBDIR="$libdir" pkg-config $static --cflags --libs axiom)
# shellcheck disable=SC2086
"$cxx" -std=c++20 ${windows:+-static} "$src/main.cpp" $flags -o "$work/consumer_pc$exe"
run "$@" "$work/consumer_pc$exe"
flags=$(PKG_CONFIG_LIBDIR="$libdir" pkg-config $static --cflags --libs axiom_streebog_compat)
# shellcheck disable=SC2086
"$cc" -std=c99 ${windows:+-static} "$readme" $flags -o "$work/streebog_pc$exe"
run "$@" "$work/streebog_pc$exe" | grep -q "$gost256"
echo "install.consumer: cmake shared, cmake static (C++ and C) and pkg-config consumers all ran, and fast-streebog's README program with each"

#!/bin/sh
# Installs the build tree into a scratch prefix, then builds and runs a consumer three ways:
# find_package with the shared library, with the static one, and plain pkg-config.
# run.sh CMAKE BUILD WORK CXX [TOOLCHAIN OBJDUMP EMULATOR...]: with a toolchain file, the
# consumer is cross-built with it and run through EMULATOR (Windows: under Wine, the DLL next
# to the program as Windows finds it).
set -eu
cmake=$1 build=$2 work=$3 cxx=$4
shift 4
toolchain="" objdump=""
if [ $# -gt 0 ]; then
  toolchain=$1 objdump=$2
  shift 2
fi
src=$(cd "$(dirname "$0")" && pwd)/consumer
rm -rf "$work"
"$cmake" --install "$build" --prefix "$work/prefix" >/dev/null
# A cross toolchain looks for packages only under its root: name the package's directory.
"$cmake" -S "$src" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  ${toolchain:+-DCMAKE_TOOLCHAIN_FILE="$toolchain" -Daxiom_DIR="$(ls -d "$work/prefix"/lib*/cmake/axiom)"} >/dev/null
"$cmake" --build "$work/build" >/dev/null
libdir=$(ls -d "$work/prefix"/lib*/pkgconfig | head -n 1)
if [ -z "$toolchain" ]; then
  LD_LIBRARY_PATH="$work/prefix/lib" "$work/build/consumer_shared"
  "$work/build/consumer_static"
  if ldd "$work/build/consumer_static" | grep -q libaxiom; then echo "static consumer links libaxiom.so"; exit 1; fi
  flags=$(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs axiom)
  # shellcheck disable=SC2086
  "$cxx" -std=c++20 "$src/main.cpp" $flags -o "$work/consumer_pc"
  LD_LIBRARY_PATH="$(dirname "$libdir")" "$work/consumer_pc"
else
  # Windows: the DLL (in bin/) with its import library, the static library, and the C API
  # exported from the DLL by name.
  dll=$(ls "$work/prefix/bin"/*axiom*.dll)
  "$objdump" -p "$dll" | grep -qw axiom_sha256 || { echo "$dll does not export axiom_sha256"; exit 1; }
  cp "$dll" "$work/build/"
  "$@" "$work/build/consumer_shared.exe"
  "$objdump" -p "$work/build/consumer_shared.exe" | grep -q "DLL Name: .*axiom" \
    || { echo "shared consumer does not import the axiom DLL"; exit 1; }
  rm "$work/build/$(basename "$dll")"
  "$@" "$work/build/consumer_static.exe"
  if "$objdump" -p "$work/build/consumer_static.exe" | grep -q "DLL Name: .*axiom"; then
    echo "static consumer imports the axiom DLL"; exit 1
  fi
  flags=$(PKG_CONFIG_LIBDIR="$libdir" pkg-config --static --cflags --libs axiom)
  # shellcheck disable=SC2086
  "$cxx" -std=c++20 -static "$src/main.cpp" $flags -o "$work/consumer_pc.exe"
  "$@" "$work/consumer_pc.exe"
fi
echo "install.consumer: cmake shared, cmake static and pkg-config consumers all ran"

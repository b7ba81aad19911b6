#!/bin/sh
# Installs the build tree into a scratch prefix, then builds and runs a consumer three ways:
# find_package with the shared library, with the static one, and plain pkg-config.
# A cross build passes its toolchain file and its emulator (qemu-user) as the 5th and 6th
# arguments: the consumer is built with the one and run through the other.
set -eu
cmake=$1 build=$2 work=$3 cxx=$4 toolchain=${5:-} emulator=${6:-}
src=$(cd "$(dirname "$0")" && pwd)/consumer
rm -rf "$work"
"$cmake" --install "$build" --prefix "$work/prefix" >/dev/null
"$cmake" -S "$src" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  ${toolchain:+-DCMAKE_TOOLCHAIN_FILE="$toolchain"} >/dev/null
"$cmake" --build "$work/build" >/dev/null
# shellcheck disable=SC2086
LD_LIBRARY_PATH="$work/prefix/lib" $emulator "$work/build/consumer_shared"
# shellcheck disable=SC2086
$emulator "$work/build/consumer_static"
if readelf -d "$work/build/consumer_static" | grep -q 'NEEDED.*libaxiom'; then echo "static consumer links libaxiom.so"; exit 1; fi
libdir=$(ls -d "$work/prefix"/lib*/pkgconfig | head -n 1)
flags=$(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs axiom)
# shellcheck disable=SC2086
"$cxx" -std=c++20 "$src/main.cpp" $flags -o "$work/consumer_pc"
# shellcheck disable=SC2086
LD_LIBRARY_PATH="$(dirname "$libdir")" $emulator "$work/consumer_pc"
echo "install.consumer: cmake shared, cmake static and pkg-config consumers all ran"

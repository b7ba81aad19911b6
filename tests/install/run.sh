#!/bin/sh
# Installs the build tree into a scratch prefix, then builds and runs a consumer three ways:
# find_package with the shared library, with the static one, and plain pkg-config.
set -eu
cmake=$1 build=$2 work=$3 cxx=$4
src=$(cd "$(dirname "$0")" && pwd)/consumer
rm -rf "$work"
"$cmake" --install "$build" --prefix "$work/prefix" >/dev/null
"$cmake" -S "$src" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
"$cmake" --build "$work/build" >/dev/null
LD_LIBRARY_PATH="$work/prefix/lib" "$work/build/consumer_shared"
"$work/build/consumer_static"
if ldd "$work/build/consumer_static" | grep -q libaxiom; then echo "static consumer links libaxiom.so"; exit 1; fi
libdir=$(ls -d "$work/prefix"/lib*/pkgconfig | head -n 1)
flags=$(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs axiom)
# shellcheck disable=SC2086
"$cxx" -std=c++20 "$src/main.cpp" $flags -o "$work/consumer_pc"
LD_LIBRARY_PATH="$(dirname "$libdir")" "$work/consumer_pc"
echo "install.consumer: cmake shared, cmake static and pkg-config consumers all ran"

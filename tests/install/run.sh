#!/bin/sh
# Installs the build tree into a scratch prefix, then builds and runs a consumer three ways:
# find_package with the shared library, with the static one, and plain pkg-config; and the same
# for fast-streebog's README program over the axiom_streebog_compat library.
set -eu
cmake=$1 build=$2 work=$3 cxx=$4 cc=$5
src=$(cd "$(dirname "$0")" && pwd)/consumer
readme=$(cd "$(dirname "$0")/../api" && pwd)/fast_streebog_readme.c
gost256="GOST 256: 322bfc2fc207ef5e6830517595a34a9389534ebffaaed125058c174f4c73072e"
rm -rf "$work"
"$cmake" --install "$build" --prefix "$work/prefix" >/dev/null
"$cmake" -S "$src" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_C_COMPILER="$cc" -DFAST_STREEBOG_README="$readme" >/dev/null
"$cmake" --build "$work/build" >/dev/null
LD_LIBRARY_PATH="$work/prefix/lib" "$work/build/consumer_shared"
"$work/build/consumer_static"
LD_LIBRARY_PATH="$work/prefix/lib" "$work/build/streebog_readme_shared" | grep -q "$gost256"
"$work/build/streebog_readme_static" | grep -q "$gost256"
if ldd "$work/build/streebog_readme_static" | grep -q libaxiom; then echo "static streebog program links a shared libaxiom"; exit 1; fi
if ldd "$work/build/consumer_static" | grep -q libaxiom; then echo "static consumer links libaxiom.so"; exit 1; fi
libdir=$(ls -d "$work/prefix"/lib*/pkgconfig | head -n 1)
flags=$(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs axiom)
# shellcheck disable=SC2086
"$cxx" -std=c++20 "$src/main.cpp" $flags -o "$work/consumer_pc"
LD_LIBRARY_PATH="$(dirname "$libdir")" "$work/consumer_pc"
flags=$(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs axiom_streebog_compat)
# shellcheck disable=SC2086
"$cc" -std=c99 "$readme" $flags -o "$work/streebog_pc"
LD_LIBRARY_PATH="$(dirname "$libdir")" "$work/streebog_pc" | grep -q "$gost256"
echo "install.consumer: cmake shared, cmake static and pkg-config consumers all ran, and fast-streebog's README program with each"

#!/bin/sh
# deps.sh test|aarch64|windows|bench: make sure the Debian packages the job needs are installed.
# As root it installs what is missing; otherwise it prints the exact apt-get line and fails.
# aarch64: the ARM64 cross-build and its tests under qemu-user, with the peers' arm64 libraries
# (Debian multiarch: dpkg --add-architecture arm64; libgcrypt20-dev is left out: its arm64 and
# amd64 packages replace each other). windows: the mingw-w64 cross-build and Wine.
set -eu
test_pkgs="cmake ninja-build g++ clang lld libclang-rt-14-dev binutils pkg-config python3 libgtest-dev valgrind libssl-dev libgcrypt20-dev gostsum libsodium-dev libsimde-dev openssl libengine-gost-openssl clang-format"
windows_pkgs="cmake ninja-build g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 wine64 googletest libsimde-dev pkg-config python3"
bench_pkgs="cmake ninja-build g++ pkg-config python3 libbenchmark-dev libssl-dev libgcrypt20-dev libbotan-2-dev libcrypto++-dev libsodium-dev nettle-dev libgnutls28-dev libengine-gost-openssl librhash-dev"
aarch64_pkgs="cmake ninja-build pkg-config python3 g++-aarch64-linux-gnu qemu-user libc6:arm64 libstdc++6:arm64 libgtest-dev:arm64 libssl-dev:arm64 libsodium-dev:arm64 libbenchmark-dev:arm64"
case "${1:-test}" in
  test) want=$test_pkgs ;;
  windows) want=$windows_pkgs ;;
  bench) want=$bench_pkgs ;;
  aarch64) want=$aarch64_pkgs ;;
  *) echo "usage: $0 test|aarch64|windows|bench" >&2; exit 2 ;;
esac
need_arm64=""
if [ "${1:-test}" = aarch64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  need_arm64=yes
fi
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "axiom: missing Debian packages. Run as root:" >&2
  [ -n "$need_arm64" ] && echo "  dpkg --add-architecture arm64" >&2
  echo "  apt-get update && apt-get install -y$missing" >&2
  exit 1
fi
echo "axiom: installing$missing"
export DEBIAN_FRONTEND=noninteractive
[ -n "$need_arm64" ] && dpkg --add-architecture arm64
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null

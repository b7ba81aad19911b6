#!/bin/sh
# deps.sh test|windows|bench: make sure the Debian packages the job needs are installed. As root it
# installs what is missing; otherwise it prints the exact apt-get line and fails.
set -eu
test_pkgs="cmake ninja-build g++ clang lld libclang-rt-14-dev binutils pkg-config python3 libgtest-dev valgrind libssl-dev libgcrypt20-dev gostsum libsodium-dev libsimde-dev"
windows_pkgs="cmake ninja-build g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 wine64 googletest libsimde-dev pkg-config python3"
bench_pkgs="cmake ninja-build g++ pkg-config python3 libbenchmark-dev libssl-dev libgcrypt20-dev libbotan-2-dev libcrypto++-dev libsodium-dev nettle-dev libgnutls28-dev libengine-gost-openssl librhash-dev"
case "${1:-test}" in
  test) want=$test_pkgs ;;
  windows) want=$windows_pkgs ;;
  bench) want=$bench_pkgs ;;
  *) echo "usage: $0 test|windows|bench" >&2; exit 2 ;;
esac
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "axiom: missing Debian packages. Run as root:" >&2
  echo "  apt-get update && apt-get install -y$missing" >&2
  exit 1
fi
echo "axiom: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null

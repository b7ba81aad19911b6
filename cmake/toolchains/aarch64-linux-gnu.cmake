# Cross-build for 64-bit ARM Linux on a Debian x86-64 host (scripts/deps.sh aarch64 installs
# g++-aarch64-linux-gnu, qemu-user and the arm64 GoogleTest). Target programs, the tests
# included, run through qemu-aarch64; the CPU model comes from QEMU_CPU (qemu's own variable,
# "max" when unset), so one build is tested under several models (CMakePresets.json).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
# The programs run on the arm64 multiarch root (libc6:arm64 and the -dev:arm64 packages above, in
# /lib/aarch64-linux-gnu): "-L /" loads its ld.so. The cross toolchain's own sysroot
# (/usr/aarch64-linux-gnu) has a glibc of another build, and its ld.so with the multiarch
# libc.so.6 corrupts glibc's private state: the first pthread_create or fork spins forever.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/)
# pkg-config must see the arm64 libraries only, never the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)

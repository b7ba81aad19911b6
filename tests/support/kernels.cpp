#include "support/kernels.hpp"

#if defined(_WIN32)
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <cstdlib>
#include <cstring>

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define AXIOM_HAVE_VALGRIND_H 1
#endif

namespace axiom::test {

bool running_on_valgrind() {
#ifdef AXIOM_HAVE_VALGRIND_H
  return RUNNING_ON_VALGRIND != 0;
#else
  return false;
#endif
}

bool require_all_kernels() {
  const char* v = std::getenv("AXIOM_REQUIRE_ALL_KERNELS");
  return v && std::strcmp(v, "1") == 0 && !running_on_valgrind();
}

// Explicit kernels bypass AXIOM_CPU, so what matters is the hardware (as valgrind shows it).
bool kernel_runnable(const detail::KernelInfo& info) { return cpu::hardware().has(info.needs); }

std::string kernel_test_name(const detail::KernelInfo& info) {
  std::string s(info.isa());
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

std::vector<std::uint8_t> Prng::bytes(std::size_t n) {
  std::vector<std::uint8_t> v(n);
  for (auto& b : v) b = static_cast<std::uint8_t>(engine());
  return v;
}

std::uint64_t test_seed() {
  const char* v = std::getenv("AXIOM_TEST_SEED");
  return v ? std::strtoull(v, nullptr, 0) : 0x5eed2026u;
}

std::vector<std::size_t> awkward_lengths(std::size_t dense_max) {
  std::vector<std::size_t> v;
  for (std::size_t n = 0; n <= dense_max; ++n) v.push_back(n);
  for (std::size_t p : {256u, 4096u, 65536u})
    for (std::size_t n : {p - 1, p, p + 1})
      if (n > dense_max) v.push_back(n);
  return v;
}

std::vector<std::size_t> Sweep::lengths() const {
  if (!sparse) return awkward_lengths(dense);
  std::vector<std::size_t> v;
  for (std::size_t n = 0; n <= 64 && n <= dense; ++n) v.push_back(n);
  for (std::size_t n = 80; n <= dense; n += 16) v.insert(v.end(), {n, n + 1});
  for (std::size_t n : {4095u, 4096u, 4097u}) v.push_back(n);
  return v;
}

#if defined(_WIN32)
GuardedBuffer::GuardedBuffer(std::size_t n) : size_(n) {
  SYSTEM_INFO info;
  GetSystemInfo(&info);
  const std::size_t page = info.dwPageSize;
  const std::size_t data_pages = (n + page - 1) / page;
  map_size_ = (data_pages + 1) * page;
  void* p = VirtualAlloc(nullptr, map_size_, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
  if (p == nullptr) std::abort();
  base_ = static_cast<std::uint8_t*>(p);
  DWORD old = 0;
  if (!VirtualProtect(base_ + data_pages * page, page, PAGE_NOACCESS, &old)) std::abort();
  data_ = base_ + data_pages * page - n;
}

GuardedBuffer::~GuardedBuffer() { VirtualFree(base_, 0, MEM_RELEASE); }
#else
GuardedBuffer::GuardedBuffer(std::size_t n) : size_(n) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t data_pages = (n + page - 1) / page;
  map_size_ = (data_pages + 1) * page;
  void* p = mmap(nullptr, map_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) std::abort();
  base_ = static_cast<std::uint8_t*>(p);
  mprotect(base_ + data_pages * page, page, PROT_NONE);
  data_ = base_ + data_pages * page - n;
}

GuardedBuffer::~GuardedBuffer() { munmap(base_, map_size_); }
#endif

}  // namespace axiom::test

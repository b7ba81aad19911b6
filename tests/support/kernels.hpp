// Helpers to run one test per kernel (DESIGN.md section 5).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/kernel.hpp"

namespace axiom::test {

// running_on_valgrind: true under valgrind, which hides AVX-512, VAES, GFNI and SHA-NI.
bool running_on_valgrind();

// require_all_kernels: AXIOM_REQUIRE_ALL_KERNELS=1 is set (and we are not under valgrind).
bool require_all_kernels();

// skip_unless_supported: call first in a per-kernel test. Skips when the CPU cannot run the
// kernel, but fails instead when AXIOM_REQUIRE_ALL_KERNELS=1. Returns whether to go on.
bool kernel_runnable(const detail::KernelInfo& info);

#define AXIOM_SKIP_UNLESS_RUNNABLE(info)                                                     \
  do {                                                                                       \
    if (!::axiom::test::kernel_runnable(info)) {                                             \
      if (::axiom::test::require_all_kernels())                                              \
        FAIL() << "kernel " << (info).name << " cannot run but AXIOM_REQUIRE_ALL_KERNELS=1"; \
      GTEST_SKIP() << "kernel " << (info).name << " needs features this CPU lacks";          \
    }                                                                                        \
  } while (0)

// KernelTest<Kernel>: the fixture of a test run once per kernel, skipped (or failed, as above)
// where the CPU cannot run the kernel.
template <class Kernel>
class KernelTest : public ::testing::TestWithParam<const Kernel*> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(this->GetParam()->info); }
};

// kernel_test_name turns "sha256/shani" into "shani" for parameterised test names.
std::string kernel_test_name(const detail::KernelInfo& info);

// Prng: a seeded generator; every failure message should print the seed.
struct Prng {
  explicit Prng(std::uint64_t s) : seed(s), engine(s) {}
  std::uint64_t seed;
  std::mt19937_64 engine;
  std::vector<std::uint8_t> bytes(std::size_t n);
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(engine() % n); }
};

// test_seed: AXIOM_TEST_SEED if set, else a fixed default, so runs repeat.
std::uint64_t test_seed();

// The lengths every differential test covers: 0..max, then around powers of two.
std::vector<std::size_t> awkward_lengths(std::size_t dense_max);

// Sweep: the lengths a differential test covers: awkward_lengths(dense), or, sparse (for an
// emulated kernel, 50-500 times slower), every length to 64, then the multiples of 16 up to
// dense and the lengths after them, and around 4096.
struct Sweep {
  Sweep(std::size_t dense_max, bool sparse_sweep = false)
      : dense(dense_max), sparse(sparse_sweep) {}  // NOLINT
  std::size_t dense;
  bool sparse;
  std::vector<std::size_t> lengths() const;
  // for_kernel: this sweep, made sparse when kernel_name is an emulated build ("~emul").
  Sweep for_kernel(std::string_view kernel_name) const {
    return Sweep(dense, sparse || kernel_name.ends_with("~emul"));
  }
};

// GuardedBuffer: n bytes that end exactly at an inaccessible page, to catch over-reads/writes.
class GuardedBuffer {
 public:
  explicit GuardedBuffer(std::size_t n);
  ~GuardedBuffer();
  GuardedBuffer(const GuardedBuffer&) = delete;
  GuardedBuffer& operator=(const GuardedBuffer&) = delete;
  std::span<std::uint8_t> span() { return {data_, size_}; }

 private:
  std::uint8_t* base_ = nullptr;
  std::size_t map_size_ = 0;
  std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace axiom::test

namespace axiom::detail {
// Test names and failure messages show a kernel by its name, not its address.
template <class Kernel>
requires requires(const Kernel& k) { k.info.name; }
void PrintTo(const Kernel* k, std::ostream* os) { *os << k->info.name; }
}  // namespace axiom::detail

// Tests run once per pair of kernels: a block cipher kernel with a GHASH or an MGM
// multiplication kernel (GCM, MGM), named "<cipher isa>_<multiplication isa>".
#pragma once

#include <gtest/gtest.h>

#include <tuple>

#include "support/kernels.hpp"

namespace axiom::test {

// KernelPairTest<A, B> is skipped unless this CPU runs both kernels of its pair; cipher_kernel()
// and mul_kernel() are the pair's kernels.
template <class A, class B>
class KernelPairTest : public ::testing::TestWithParam<std::tuple<const A*, const B*>> {
 protected:
  void SetUp() override {
    AXIOM_SKIP_UNLESS_RUNNABLE(cipher_kernel().info);
    AXIOM_SKIP_UNLESS_RUNNABLE(mul_kernel().info);
  }
  const A& cipher_kernel() const { return *std::get<0>(this->GetParam()); }
  const B& mul_kernel() const { return *std::get<1>(this->GetParam()); }
};

// Instantiates suite (a KernelPairTest) over every pair of the two kernel lists.
#define AXIOM_KERNEL_PAIRS(suite, ciphers, muls)                                                   \
  INSTANTIATE_TEST_SUITE_P(                                                                        \
      Kernels, suite, ::testing::Combine(::testing::ValuesIn(ciphers), ::testing::ValuesIn(muls)), \
      [](const auto& p) {                                                                          \
        return kernel_test_name(std::get<0>(p.param)->info) + "_" +                                \
               kernel_test_name(std::get<1>(p.param)->info);                                       \
      })

}  // namespace axiom::test

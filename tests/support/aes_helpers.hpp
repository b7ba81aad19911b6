// Helpers for the AES family's tests: run code for a key size known only at run time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

namespace axiom::test {

// with_key_size calls f(std::integral_constant<size_t, K>{}) for K = n (16, 24 or 32) and
// returns true, or returns false for any other n.
template <class F>
bool with_key_size(std::size_t n, F&& f) {
  switch (n) {
    case 16:
      f(std::integral_constant<std::size_t, 16>{});
      return true;
    case 24:
      f(std::integral_constant<std::size_t, 24>{});
      return true;
    case 32:
      f(std::integral_constant<std::size_t, 32>{});
      return true;
    default:
      return false;
  }
}

// fixed views a byte vector holding exactly K bytes as a fixed-extent span.
template <std::size_t K>
std::span<const std::uint8_t, K> fixed(const std::vector<std::uint8_t>& v) {
  return std::span<const std::uint8_t, K>(v.data(), K);
}

}  // namespace axiom::test

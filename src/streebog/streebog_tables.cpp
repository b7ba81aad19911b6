// The fused S+P+L tables of the portable kernel, computed at compile time from π and the
// matrix A.
#include <array>

#include "streebog/streebog_constants.hpp"
#include "streebog/streebog_kernel.hpp"

namespace axiom::detail {

namespace {

// Byte w of word t of P(S(x)) is π(byte t of word w of x), so LPS(x) word w is the XOR over t
// of l(π(byte w of word t) << 8t): one table per t.
constexpr std::array<std::array<std::uint64_t, 256>, 8> make_lps() {
  std::array<std::array<std::uint64_t, 256>, 8> t{};
  for (std::size_t pos = 0; pos < 8; ++pos)
    for (std::size_t v = 0; v < 256; ++v)
      t[pos][v] = streebog_l(static_cast<std::uint64_t>(streebog_pi[v]) << (8 * pos));
  return t;
}

}  // namespace

constexpr std::array<std::array<std::uint64_t, 256>, 8> streebog_lps = make_lps();

}  // namespace axiom::detail

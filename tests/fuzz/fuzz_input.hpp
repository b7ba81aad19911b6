// Shared by the fuzz targets: fields taken from the fuzzer's bytes, streaming cuts, kernel
// filters and the abort that reports a difference.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "axiom/cpu.hpp"
#include "core/kernel.hpp"

namespace axiom::fuzz {

using Bytes = std::span<const std::uint8_t>;

// require aborts (which libFuzzer reports with the input) when a check fails.
inline void require(bool ok) {
  if (!ok) std::abort();
}

// runnable: this CPU can run the kernel.
inline bool runnable(const detail::KernelInfo& info) { return cpu::hardware().has(info.needs); }

// Input hands out fields from the front of the fuzzer's data. Past the end it gives zero bytes
// and empty spans, so every input, however short, is a valid test.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : rest_(data, size) {}

  std::uint8_t byte() {
    if (rest_.empty()) return 0;
    const std::uint8_t b = rest_[0];
    rest_ = rest_.subspan(1);
    return b;
  }
  // take returns the next n bytes, or fewer if the data runs out.
  Bytes take(std::size_t n) {
    const Bytes b = rest_.first(std::min(n, rest_.size()));
    rest_ = rest_.subspan(b.size());
    return b;
  }
  // fixed returns the next N bytes, zero-padded if the data runs out.
  template <std::size_t N>
  std::array<std::uint8_t, N> fixed() {
    std::array<std::uint8_t, N> a{};
    const Bytes b = take(N);
    std::copy(b.begin(), b.end(), a.begin());
    return a;
  }
  // rest returns everything not taken yet.
  Bytes rest() {
    const Bytes b = rest_;
    rest_ = {};
    return b;
  }

 private:
  Bytes rest_;
};

// for_each_piece cuts [0, total) into consecutive pieces and calls f(offset, length) for each:
// the i-th piece is 1 + 3 * cuts[i % cuts.size()] units long (up to 766), the last one what is
// left; with no cuts, one piece. The streaming tests feed a message through these.
template <class F>
void for_each_piece(std::size_t total, Bytes cuts, F&& f) {
  std::size_t pos = 0, c = 0;
  while (pos < total) {
    const std::size_t take = cuts.empty() ? total : 1 + cuts[c++ % cuts.size()] * 3u;
    const std::size_t n = std::min(take, total - pos);
    f(pos, n);
    pos += n;
  }
}

// update_in_pieces streams msg into h (anything with update(span)) in the pieces of cuts.
template <class H>
void update_in_pieces(H& h, Bytes msg, Bytes cuts) {
  for_each_piece(msg.size(), cuts,
                 [&](std::size_t at, std::size_t n) { h.update(msg.subspan(at, n)); });
}

}  // namespace axiom::fuzz

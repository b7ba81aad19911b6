#include "axiom/gost_padding.hpp"

#include <cstring>

#include "modes/mode_util.hpp"

namespace axiom {

template <std::size_t N>
Result<std::size_t> gost_pad(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                             GostPadding p) noexcept {
  const std::size_t total = gost_padded_size<N>(in.size(), p);
  if (out.size() < total) return Error::output_size_mismatch;
  if (out.data() != in.data() && !detail::overlap_ok(out.data(), in.data(), in.size()))
    return Error::overlapping_buffers;
  if (!in.empty() && out.data() != in.data()) std::memmove(out.data(), in.data(), in.size());
  if (total == in.size()) return total;  // nothing to add (out may be empty: no memset on null)
  std::memset(out.data() + in.size(), 0, total - in.size());
  if (p != GostPadding::zeros) out[in.size()] = 0x80;
  return total;
}

// gost_unpad (the Status form) computes the verdict and the length with masks: no branch and
// no index depends on the padded bytes, only on padded.size().
template <std::size_t N>
Status gost_unpad(std::span<const std::uint8_t> padded, std::size_t& length) noexcept {
  length = 0;
  if (padded.empty() || padded.size() % N != 0) return Error::invalid_padding;
  const std::uint8_t* last = padded.data() + padded.size() - N;
  // The last non-zero byte and its position, selected with masks.
  std::uint32_t value = 0, pos = 0;
  for (std::uint32_t i = 0; i < N; ++i) {
    const std::uint32_t nonzero = 0u - ((static_cast<std::uint32_t>(last[i]) + 0xffu) >> 8);
    value = (value & ~nonzero) | (last[i] & nonzero);
    pos = (pos & ~nonzero) | (i & nonzero);
  }
  const std::uint32_t good =
      0u - (((value ^ 0x80u) + 0xffu) >> 8 ^ 1u);  // all ones when value == 0x80
  length = (padded.size() - N + pos) & (std::size_t{0} - (good & 1));
  return static_cast<Error>(static_cast<std::uint8_t>(~good) &
                            static_cast<std::uint8_t>(Error::invalid_padding));
}

template <std::size_t N>
Result<std::size_t> gost_unpad(std::span<const std::uint8_t> padded) noexcept {
  std::size_t length;
  const Status s = gost_unpad<N>(padded, length);
  if (!s) return s.error();  // the caller learns the verdict anyway; this branch follows it
  return length;
}

template Result<std::size_t> gost_pad<8>(std::span<std::uint8_t>, std::span<const std::uint8_t>,
                                         GostPadding) noexcept;
template Result<std::size_t> gost_pad<16>(std::span<std::uint8_t>, std::span<const std::uint8_t>,
                                          GostPadding) noexcept;
template Status gost_unpad<8>(std::span<const std::uint8_t>, std::size_t&) noexcept;
template Status gost_unpad<16>(std::span<const std::uint8_t>, std::size_t&) noexcept;
template Result<std::size_t> gost_unpad<8>(std::span<const std::uint8_t>) noexcept;
template Result<std::size_t> gost_unpad<16>(std::span<const std::uint8_t>) noexcept;

}  // namespace axiom

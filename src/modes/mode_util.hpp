// mode_util.hpp: argument checks shared by the modes.
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "axiom/result.hpp"

namespace axiom::detail {

// overlap_ok: out and in are the same bytes (in place) or do not overlap at all.
inline bool overlap_ok(const std::uint8_t* out, const std::uint8_t* in, std::size_t n) noexcept {
  if (n == 0 || out == in) return true;
  const std::less<const std::uint8_t*> before;
  return !before(out, in + n) || !before(in, out + n);
}

// check_same: sizes equal and overlap rule.
inline Status check_same(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
  if (out.size() != in.size()) return Error::output_size_mismatch;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  return {};
}

// check_blocks: as check_same, and whole 16-byte blocks.
inline Status check_blocks(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
  if (Status s = check_same(out, in); !s) return s;
  if (in.size() % 16 != 0) return Error::invalid_argument;
  return {};
}

}  // namespace axiom::detail

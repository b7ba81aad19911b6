// gost_padding.hpp: the padding procedures 1-3 of GOST R 34.13-2015 section 4.1, to use with
// the raw modes (Ecb, Cbc, ... encrypt whole blocks). The block size N is a template argument:
// 16 bytes (the default: Kuznyechik, AES, SM4) or 8 (Magma): gost_pad<8>(out, in, p).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/result.hpp"

namespace axiom {

// GostPadding names the procedure: zeros (1: zero bytes up to a whole block, none when the
// message already is whole blocks; not reversible), one_and_zeros (2: a byte 0x80, then zero
// bytes up to a whole block; always at least one byte, so reversible), one_and_zeros_if_needed
// (3: nothing when whole, else as 2; not reversible).
enum class GostPadding : std::uint8_t { zeros = 1, one_and_zeros = 2, one_and_zeros_if_needed = 3 };

// gost_padded_size returns the size of an n-byte message padded with procedure p to N-byte
// blocks.
template <std::size_t N = 16>
constexpr std::size_t gost_padded_size(std::size_t n, GostPadding p) noexcept {
  if (p == GostPadding::one_and_zeros) return n / N * N + N;
  return (n + N - 1) / N * N;
}

// gost_pad writes in, padded with procedure p, to out (out.size() >= gost_padded_size; else
// output_size_mismatch, out untouched) and returns the bytes written. out may begin at in
// (padding in place) but must not overlap it otherwise (overlapping_buffers).
template <std::size_t N = 16>
Result<std::size_t> gost_pad(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                             GostPadding p) noexcept;

// gost_unpad returns the length of the message in padded (procedure 2, the only reversible
// one): padded.size() must be a non-zero multiple of N and its last block must end in 0x80
// and zero bytes (else invalid_padding). The scan does not branch on the bytes; this form then
// branches on the verdict to build its Result.
template <std::size_t N = 16>
Result<std::size_t> gost_unpad(std::span<const std::uint8_t> padded) noexcept;
// gost_unpad(padded, length) is the same check with no branch on the bytes at all: the verdict
// and the length (0 on invalid_padding) are computed with masks, as CBC's PKCS#7 removal.
template <std::size_t N = 16>
Status gost_unpad(std::span<const std::uint8_t> padded, std::size_t& length) noexcept;

}  // namespace axiom

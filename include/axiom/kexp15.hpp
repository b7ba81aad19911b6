// kexp15.hpp: the key export and import KExp15 / KImp15 of R 1323565.1.017-2018 section 5
// (RFC 9189 section 8.2.1, the GOST engine's kexp15/kimp15), over Magma or Kuznyechik.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/kuznyechik.hpp"
#include "axiom/magma.hpp"
#include "axiom/result.hpp"

namespace axiom {

// kexp15 wraps key (any length) under two keyed ciphers C (Magma or Kuznyechik, n-bit blocks):
// out = CTR(enc_key, iv, key || OMAC(mac_key, iv || key)), with GOST R 34.13-2015's CTR (the
// first counter block iv || 0) and its MAC at full n bits. out.size() must be key.size() + n/8
// (output_size_mismatch) and must not overlap key unless it starts at it (overlapping_buffers).
template <class C>
Status kexp15(std::span<std::uint8_t> out, std::span<const std::uint8_t> key, const C& mac_key,
              const C& enc_key, std::span<const std::uint8_t, C::block_size / 2> iv) noexcept;

// kimp15 unwraps what kexp15 wrote (in, key.size() + n/8 bytes) into key: out.size() must be
// in.size() - n/8 (output_size_mismatch; invalid_argument if in is shorter than n/8). The MAC is
// compared in constant time; on a mismatch key is zeroed and authentication_failed returned.
template <class C>
Status kimp15(std::span<std::uint8_t> key, std::span<const std::uint8_t> in, const C& mac_key,
              const C& enc_key, std::span<const std::uint8_t, C::block_size / 2> iv) noexcept;

extern template Status kexp15<Magma>(std::span<std::uint8_t>, std::span<const std::uint8_t>,
                                     const Magma&, const Magma&,
                                     std::span<const std::uint8_t, 4>) noexcept;
extern template Status kexp15<Kuznyechik>(std::span<std::uint8_t>, std::span<const std::uint8_t>,
                                          const Kuznyechik&, const Kuznyechik&,
                                          std::span<const std::uint8_t, 8>) noexcept;
extern template Status kimp15<Magma>(std::span<std::uint8_t>, std::span<const std::uint8_t>,
                                     const Magma&, const Magma&,
                                     std::span<const std::uint8_t, 4>) noexcept;
extern template Status kimp15<Kuznyechik>(std::span<std::uint8_t>, std::span<const std::uint8_t>,
                                          const Kuznyechik&, const Kuznyechik&,
                                          std::span<const std::uint8_t, 8>) noexcept;

}  // namespace axiom

// xts.hpp: XTS, the tweakable mode for storage (IEEE 1619-2018, NIST SP 800-38E; GB/T 17964-2021
// for SM4), over any 128-bit block cipher C of axiom: Xts<Aes128>, Xts<Aes256>, Xts<Sm4>,
// Xts<Kuznyechik>.
//
// A data unit (a disk sector) of 16 bytes to 16 MiB is encrypted under a 16-byte tweak (the
// sector number, or an IV). Block j uses the mask T_j = E_K2(tweak) · x^j in GF(2^128); a
// partial last block is handled by ciphertext stealing, so the ciphertext has the length of
// the plaintext. The two standards differ only in how T_j · x is computed:
//   ieee1619  T is a little-endian 128-bit number: shift left by one, fold the carry back as
//             0x87 into byte 0 (IEEE 1619, SP 800-38E, OpenSSL's aes-*-xts, libgcrypt, Botan,
//             Linux dm-crypt; OpenSSL's sm4-xts with xts_standard "IEEE").
//   gb17964   T is a big-endian 128-bit number in the reflected bit order of GCM: shift right
//             by one, fold the dropped bit back as 0xe1 into byte 0 (GB/T 17964-2021; OpenSSL's
//             sm4-xts with xts_standard "GB", its default there).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom {

// XtsStandard selects the tweak multiplication by x (see above); ieee1619 is the default.
enum class XtsStandard : std::uint8_t { ieee1619, gb17964 };

namespace detail {
inline constexpr std::size_t xts_max_unit = std::size_t{16}
                                            << 20;  // 2^20 blocks (IEEE 1619-2018 5.1)
Status xts_run(BlockCipherRef data, BlockCipherRef tweak_cipher, XtsStandard standard, bool decrypt,
               std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
               std::span<const std::uint8_t, 16> tweak) noexcept;
// xts_halves_equal: the two halves of key are equal (compared in constant time).
bool xts_halves_equal(std::span<const std::uint8_t> key) noexcept;
}  // namespace detail

// Xts<C> is XTS over the block cipher C with two keys: the data key K1 and the tweak key K2.
// It keeps no state between calls: each call is one whole data unit. A const object may be
// used by several threads at once; both keyed ciphers are wiped on destruction.
template <class C>
class Xts {
 public:
  static_assert(C::block_size == 16, "defined for 128-bit block ciphers only");
  static constexpr std::size_t key_size = 2 * C::key_size;  // K1 || K2
  static constexpr std::size_t tweak_size = 16;
  static constexpr std::size_t min_unit_size = 16;
  static constexpr std::size_t max_unit_size = detail::xts_max_unit;

  // Xts(data_cipher, tweak_cipher, standard) takes the two keyed ciphers. Their keys must
  // differ (IEEE 1619-2018 5.1); this form does not check it (from_key does), so that the
  // standard's own vectors with K1 == K2 and ciphers keyed elsewhere can be used.
  Xts(const C& data_cipher, const C& tweak_cipher,
      XtsStandard standard = XtsStandard::ieee1619) noexcept
      : data_(data_cipher), tweak_(tweak_cipher), standard_(standard) {}

  // from_key splits key (key_size bytes: K1 || K2, as OpenSSL, libgcrypt and Botan take it)
  // and keys both ciphers with the fastest kernel. Errors: invalid_key_size unless key has
  // key_size bytes; invalid_argument if K1 == K2 (rejected as IEEE 1619-2018 5.1 and FIPS
  // require, and as OpenSSL 3 does).
  static Result<Xts> from_key(std::span<const std::uint8_t> key,
                              XtsStandard standard = XtsStandard::ieee1619) noexcept {
    if (key.size() != key_size) return Error::invalid_key_size;
    if (detail::xts_halves_equal(key)) return Error::invalid_argument;
    return Xts(C(key.template first<C::key_size>()),
               C(key.template subspan<C::key_size, C::key_size>()), standard);
  }

  // encrypt / decrypt one data unit of in.size() bytes under tweak (16 bytes, e.g. the sector
  // number as a little-endian integer for ieee1619). out.size() == in.size()
  // (output_size_mismatch); in.size() from 16 (invalid_argument below) to max_unit_size
  // (message_too_long above); out may be exactly in but must not overlap it otherwise
  // (overlapping_buffers). On an error out is untouched.
  Status encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                 std::span<const std::uint8_t, 16> tweak) const noexcept {
    return detail::xts_run(data_.block_ref(), tweak_.block_ref(), standard_, false, out, in, tweak);
  }
  Status decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                 std::span<const std::uint8_t, 16> tweak) const noexcept {
    return detail::xts_run(data_.block_ref(), tweak_.block_ref(), standard_, true, out, in, tweak);
  }

  // standard says which tweak multiplication this object uses.
  XtsStandard standard() const noexcept { return standard_; }

 private:
  C data_;
  C tweak_;
  XtsStandard standard_;
};

}  // namespace axiom

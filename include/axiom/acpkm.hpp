// acpkm.hpp: CTR-ACPKM (RFC 8645 section 6.2.2, R 1323565.1.017-2018): GOST CTR whose key
// changes after every section of N bytes, as GOST TLS 1.2/1.3 and CMS use it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/kuznyechik.hpp"
#include "axiom/modes.hpp"
#include "axiom/result.hpp"

namespace axiom {

// CtrAcpkm<C> is CTR-ACPKM over the 128-bit block cipher C with a 256-bit key (use
// KuznyechikCtrAcpkm). The IV is 8 bytes: the first counter block is IV || 0^64, incremented as a
// 128-bit big-endian number across sections. After each section of section_size bytes the key
// becomes E_K(D_1) || E_K(D_2), D = 80 81 ... 9f (the ACPKM transform). apply() encrypts or
// decrypts (the same operation) any number of bytes and carries on at the next byte.
// out.size() == in.size() (output_size_mismatch); out may be exactly in. Not thread-safe; keys
// and state are wiped on destruction.
template <class C>
class CtrAcpkm {
 public:
  static_assert(C::key_size == 32 && C::block_size == 16, "ACPKM is defined here for n = 128, k = 256");
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t iv_size = 8;

  // make: section_size must be a non-zero multiple of 16 (invalid_argument), iv 8 bytes
  // (invalid_nonce_size).
  static Result<CtrAcpkm> make(std::span<const std::uint8_t, key_size> key, std::span<const std::uint8_t> iv,
                               std::size_t section_size) noexcept {
    return make(C(key), iv, section_size);
  }
  // make(cipher, ...) starts from a keyed cipher; the section keys use its kernel (rekey()).
  static Result<CtrAcpkm> make(const C& cipher, std::span<const std::uint8_t> iv, std::size_t section_size) noexcept {
    if (iv.size() != iv_size) return Error::invalid_nonce_size;
    if (section_size == 0 || section_size % 16 != 0) return Error::invalid_argument;
    return CtrAcpkm(cipher, iv, section_size);
  }
  CtrAcpkm(const CtrAcpkm&) noexcept = default;
  CtrAcpkm& operator=(const CtrAcpkm&) noexcept = default;
  ~CtrAcpkm() { detail::wipe_state(&state_, sizeof state_); }

  Status apply(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    if (out.size() != in.size()) return Error::output_size_mismatch;
    while (!in.empty()) {
      if (used_ == section_) next_key();
      const std::size_t take = in.size() < section_ - used_ ? in.size() : section_ - used_;
      if (Status s = detail::ctr_run(cipher_.block_ref(), state_, out.first(take), in.first(take)); !s) return s;
      used_ += take;
      out = out.subspan(take), in = in.subspan(take);
    }
    return {};
  }

 private:
  CtrAcpkm(const C& cipher, std::span<const std::uint8_t> iv, std::size_t section) noexcept
      : cipher_(cipher), section_(section) {
    std::uint8_t block[16] = {};
    for (std::size_t i = 0; i < iv_size; ++i) block[i] = iv[i];
    detail::ctr_start(cipher_.block_ref(), state_, block, 0);
  }
  // next_key: K = E_K(D_1) || E_K(D_2); the counter carries on (sections are whole blocks).
  void next_key() noexcept {
    std::uint8_t k[32];
    for (std::size_t i = 0; i < 32; ++i) k[i] = static_cast<std::uint8_t>(0x80 + i);
    (void)cipher_.encrypt_blocks(k, k);
    cipher_.rekey(std::span<const std::uint8_t, 32>(k, 32));
    detail::wipe_state(k, sizeof k);
    used_ = 0;
  }

  C cipher_;
  detail::CtrState state_;
  std::size_t section_;
  std::size_t used_ = 0;
};

using KuznyechikCtrAcpkm = CtrAcpkm<Kuznyechik>;

}  // namespace axiom

// acpkm.hpp: CTR-ACPKM and OMAC-ACPKM (RFC 8645 sections 6.2.2 and 6.3.6, R 1323565.1.017-2018
// sections 4.1 and 4.2): GOST CTR and MAC whose key changes after every section of N bytes, as
// GOST TLS 1.2/1.3 and CMS use them; for Kuznyechik (n = 128) and Magma (n = 64).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/kuznyechik.hpp"
#include "axiom/magma.hpp"
#include "axiom/modes.hpp"
#include "axiom/result.hpp"

namespace axiom {

// CtrAcpkm<C> is CTR-ACPKM over the n-bit block cipher C with a 256-bit key (use
// KuznyechikCtrAcpkm or MagmaCtrAcpkm). The IV is n/16 bytes (8 or 4): the first counter block
// is IV || 0^(n/2), incremented as an n-bit big-endian number across sections. After each
// section of section_size bytes the key becomes E_K(D_1) || ... || E_K(D_(256/n)), D = 80 81
// ... 9f (the ACPKM transform). apply() encrypts or
// decrypts (the same operation) any number of bytes and carries on at the next byte.
// out.size() == in.size() (output_size_mismatch); out may be exactly in. Not thread-safe; keys
// and state are wiped on destruction.
template <class C>
class CtrAcpkm {
 public:
  static_assert(C::key_size == 32, "ACPKM is defined here for k = 256");
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t block_size = C::block_size;
  static constexpr std::size_t iv_size = block_size / 2;

  // make: section_size must be a non-zero multiple of block_size (invalid_argument), iv
  // iv_size bytes (invalid_nonce_size).
  static Result<CtrAcpkm> make(std::span<const std::uint8_t, key_size> key,
                               std::span<const std::uint8_t> iv,
                               std::size_t section_size) noexcept {
    return make(C(key), iv, section_size);
  }
  // make(cipher, ...) starts from a keyed cipher; the section keys use its kernel (rekey()).
  static Result<CtrAcpkm> make(const C& cipher, std::span<const std::uint8_t> iv,
                               std::size_t section_size) noexcept {
    if (iv.size() != iv_size) return Error::invalid_nonce_size;
    if (section_size == 0 || section_size % block_size != 0) return Error::invalid_argument;
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
      if (Status s = detail::ctr_run(cipher_.block_ref(), state_, out.first(take), in.first(take));
          !s)
        return s;
      used_ += take;
      out = out.subspan(take), in = in.subspan(take);
    }
    return {};
  }

 private:
  CtrAcpkm(const C& cipher, std::span<const std::uint8_t> iv, std::size_t section) noexcept
      : cipher_(cipher), section_(section) {
    std::uint8_t block[block_size] = {};
    for (std::size_t i = 0; i < iv_size; ++i) block[i] = iv[i];
    detail::ctr_start(cipher_.block_ref(), state_, std::span<const std::uint8_t, block_size>(block),
                      0);
  }
  // next_key: K = E_K(D_1) || E_K(D_2) || ...; the counter carries on (sections are whole
  // blocks).
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

// OmacAcpkm<C> is OMAC-ACPKM (RFC 8645 section 6.3.6, R 1323565.1.017-2018 section 4.2) over
// the n-bit block cipher C with a 256-bit key: CMAC whose key changes every section_size bytes
// of the message. The section keys and their subkeys K^i | K^i_1 (32 + n/8 bytes each) are
// ACPKM-Master: CTR-ACPKM under the key with sections of master_section bytes (T*) and IV
// 1^(n/2) over zero bytes. Block j of the message is enciphered under K^i, i = ceil(b j /
// section_size) (b = n/8); the last block is xored with K^l_1 if whole, else padded with 1 0...0
// and xored with K^l_1·x (the CMAC doubling in GF(2^n)). The tag is n bits. update() takes
// the message in pieces; finish() writes the tag and starts a new message. Copyable; not
// thread-safe; keys and state are wiped on destruction.
template <class C>
class OmacAcpkm {
 public:
  static constexpr std::size_t key_size = 32;
  static constexpr std::size_t block_size = C::block_size;
  static constexpr std::size_t tag_size = block_size;

  // make: section_size and master_section must be non-zero multiples of block_size
  // (invalid_argument).
  static Result<OmacAcpkm> make(std::span<const std::uint8_t, key_size> key,
                                std::size_t section_size, std::size_t master_section) noexcept {
    return make(C(key), section_size, master_section);
  }
  static Result<OmacAcpkm> make(const C& cipher, std::size_t section_size,
                                std::size_t master_section) noexcept {
    if (section_size == 0 || section_size % block_size != 0) return Error::invalid_argument;
    std::uint8_t iv[block_size / 2];
    for (std::uint8_t& b : iv) b = 0xff;
    Result<CtrAcpkm<C>> master = CtrAcpkm<C>::make(cipher, iv, master_section);
    if (!master) return master.error();
    return OmacAcpkm(cipher, std::move(master.value()), section_size);
  }
  OmacAcpkm(const OmacAcpkm&) noexcept = default;
  OmacAcpkm& operator=(const OmacAcpkm&) noexcept = default;
  ~OmacAcpkm() {
    detail::wipe_state(&state_, sizeof state_);
    detail::wipe_state(k1_, sizeof k1_);
  }

  void update(std::span<const std::uint8_t> data) noexcept {
    while (!data.empty()) {
      if (state_.used == block_size) {  // a full block and more to come: it is not the last
        blocks(state_.buffer, 1);
        state_.used = 0;
      }
      if (state_.used == 0 &&
          data.size() > block_size) {  // whole blocks in place, keeping the last
        const std::size_t n = (data.size() - 1) / block_size;
        blocks(data.data(), n);
        data = data.subspan(n * block_size);
      }
      const std::size_t take =
          data.size() < block_size - state_.used ? data.size() : block_size - state_.used;
      for (std::size_t i = 0; i < take; ++i) state_.buffer[state_.used + i] = data[i];
      state_.used = static_cast<std::uint8_t>(state_.used + take);
      data = data.subspan(take);
    }
  }
  // finish writes the tag and starts a new message.
  void finish(std::span<std::uint8_t, tag_size> tag) noexcept {
    if (in_section_ == section_blocks_) next_key();
    std::uint8_t last[block_size];
    if (state_.used == block_size) {
      for (std::size_t i = 0; i < block_size; ++i) last[i] = state_.buffer[i] ^ k1_[i];
    } else {
      std::uint8_t k2[block_size];
      detail::cmac_double<block_size>(k2, k1_);
      for (std::size_t i = 0; i < block_size; ++i)
        last[i] = static_cast<std::uint8_t>((i < state_.used    ? state_.buffer[i]
                                             : i == state_.used ? 0x80
                                                                : 0) ^
                                            k2[i]);
      detail::wipe_state(k2, sizeof k2);
    }
    section_.block_ref().ops->cbc_mac(section_.block_ref().schedule, state_.state, last, 1);
    for (std::size_t i = 0; i < tag_size; ++i) tag[i] = state_.state[i];
    detail::wipe_state(last, sizeof last);
    restart();
  }
  // verify finishes and compares the first tag.size() bytes (tag_size/2..tag_size, else
  // invalid_tag_size) in constant time: authentication_failed on a mismatch.
  Status verify(std::span<const std::uint8_t> tag) noexcept {
    std::uint8_t full[tag_size];
    finish(full);
    return detail::cmac_compare<tag_size>(full, tag);
  }

 private:
  OmacAcpkm(const C& cipher, CtrAcpkm<C>&& master, std::size_t section) noexcept
      : start_(std::move(master)),
        master_(start_),
        section_(cipher),
        section_blocks_(section / block_size) {
    restart();
  }
  void restart() noexcept {
    master_ = start_;
    detail::wipe_state(&state_, sizeof state_);
    in_section_ = section_blocks_;  // the first block takes the first section key
  }
  // next_key: the next K^i | K^i_1 from ACPKM-Master.
  void next_key() noexcept {
    std::uint8_t material[key_size + block_size] = {};
    (void)master_.apply(material, material);
    section_.rekey(std::span<const std::uint8_t, key_size>(material, key_size));
    for (std::size_t i = 0; i < block_size; ++i) k1_[i] = material[key_size + i];
    detail::wipe_state(material, sizeof material);
    in_section_ = 0;
  }
  // blocks: CBC-MAC over n whole blocks that are not the message's last, in section runs.
  void blocks(const std::uint8_t* p, std::size_t n) noexcept {
    while (n > 0) {
      if (in_section_ == section_blocks_) next_key();
      const std::size_t m = n < section_blocks_ - in_section_ ? n : section_blocks_ - in_section_;
      const detail::BlockRef<block_size> c = section_.block_ref();
      c.ops->cbc_mac(c.schedule, state_.state, p, m);
      in_section_ += m, p += m * block_size, n -= m;
    }
  }

  CtrAcpkm<C> start_;   // ACPKM-Master at the start of a message
  CtrAcpkm<C> master_;  // ACPKM-Master where this message is
  C section_;           // the cipher under the current section key K^i
  std::uint8_t k1_[block_size] = {};
  detail::CmacState state_;  // state and buffer (used: bytes in buffer)
  std::size_t section_blocks_;
  std::size_t in_section_ = 0;
};

using KuznyechikCtrAcpkm = CtrAcpkm<Kuznyechik>;
using KuznyechikOmacAcpkm = OmacAcpkm<Kuznyechik>;
using MagmaCtrAcpkm = CtrAcpkm<Magma>;
using MagmaOmacAcpkm = OmacAcpkm<Magma>;

}  // namespace axiom

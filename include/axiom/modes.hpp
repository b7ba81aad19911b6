// modes.hpp: ECB, CBC, CFB, OFB, CTR (SP 800-38A, GOST R 34.13-2015) and CMAC (SP 800-38B,
// RFC 4493; GOST's MAC) over any 128-bit block cipher C of axiom (Aes128, Sm4, Kuznyechik, ...).
//
// GOST R 34.13-2015 generalises CBC, CFB and OFB with an m-bit shift register R that starts
// as the IV: with m = 16·z bytes the mode runs z interleaved chains. The 16-byte-IV forms are
// SP 800-38A's (z = 1); with_register() takes an IV of 16·z bytes, z = 1..8.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
// ecb_run is inline: a 64-byte call costs about as much as one more call layer saves.
inline Status ecb_run(BlockCipherRef c, bool decrypt, std::span<std::uint8_t> out,
                      std::span<const std::uint8_t> in) noexcept {
  if (Status s = check_blocks(out, in); !s) return s;
  (decrypt ? c.ops->decrypt_blocks : c.ops->encrypt_blocks)(c.schedule, out.data(), in.data(), in.size() / 16);
  return {};
}
inline constexpr std::size_t max_register = 128;  // bytes: z = 8 chains
// set_register checks and copies an IV of 16·z bytes (z = 1..8) into reg; size gets 16·z.
Status set_register(std::uint8_t reg[max_register], std::uint8_t& size,
                    std::span<const std::uint8_t> iv) noexcept;
struct CbcState {
  std::uint8_t reg[max_register];  // the last z ciphertext blocks (the IV at first)
  std::uint8_t size;               // m = 16·z
  std::uint8_t head;               // the block of reg that chains with the next block
};
Status cbc_run(BlockCipherRef c, CbcState& s, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept;
}  // namespace detail

// CbcJob is one message of Cbc<C>::encrypt_many: where its ciphertext goes, its plaintext and
// its IV (held by value, so that an array of jobs can be declared and filled in).
struct CbcJob {
  std::span<std::uint8_t> out;
  std::span<const std::uint8_t> in;
  std::array<std::uint8_t, 16> iv;
};

namespace detail {
Status cbc_encrypt_many(BlockCipherRef c, std::span<const CbcJob> jobs, bool pad) noexcept;
Result<std::size_t> pad_encrypt(BlockCipherRef c, CbcState* cbc, std::span<std::uint8_t> out,
                                std::span<const std::uint8_t> in) noexcept;
Status pad_decrypt(BlockCipherRef c, CbcState* cbc, std::span<std::uint8_t> out,
                   std::span<const std::uint8_t> in, std::size_t& length) noexcept;
struct CfbState {
  std::uint8_t reg[max_register];  // R: the last m bytes of IV || ciphertext
  std::uint8_t keystream[16];      // E(MSB_16(R)) for the current segment
  std::uint8_t segment[16];        // the current segment's ciphertext so far
  std::uint8_t size;               // m
  std::uint8_t s;                  // segment size in bytes (1..16)
  std::uint8_t used;               // bytes of the current segment done (s: none started)
};
Status cfb_run(BlockCipherRef c, CfbState& s, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept;
struct OfbState {
  std::uint8_t reg[max_register];  // R, which after each refill is also the keystream
  std::uint8_t size;               // m
  std::uint8_t used;               // keystream bytes of reg used (size: none left)
};
Status ofb_run(BlockCipherRef c, OfbState& s, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept;
struct CtrState {
  std::uint8_t iv[16];
  std::uint8_t counter[16];    // the next counter block to encrypt
  std::uint8_t keystream[16];  // the current block's keystream
  std::uint8_t used;           // bytes of keystream used (16: none left)
};
void ctr_start(BlockCipherRef c, CtrState& s, std::span<const std::uint8_t, 16> iv,
               std::uint64_t offset) noexcept;
Status ctr_run(BlockCipherRef c, CtrState& s, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept;
struct CmacState {
  std::uint8_t k1[16], k2[16], state[16], buffer[16];
  std::uint8_t used;  // bytes in buffer (0..16); a full block waits for the next byte or finish
};
void cmac_start(BlockCipherRef c, CmacState& s) noexcept;
Status cmac_many(BlockCipherRef c, std::span<std::array<std::uint8_t, 16>> tags,
                 std::span<const std::span<const std::uint8_t>> messages) noexcept;
void cmac_update(BlockCipherRef c, CmacState& s, std::span<const std::uint8_t> data) noexcept;
void cmac_finish(BlockCipherRef c, CmacState& s, std::span<std::uint8_t, 16> tag) noexcept;
void wipe_state(void* p, std::size_t n) noexcept;
}  // namespace detail

// padded_size returns the length of the PKCS#7-padded form of an n-byte message (the next
// multiple of 16 above n: 1 to 16 bytes of padding).
constexpr std::size_t padded_size(std::size_t n) noexcept { return (n / 16 + 1) * 16; }

// Ecb<C> is the electronic codebook mode: each block on its own. Holds a copy of the keyed
// cipher (wiped on destruction). A const object may be used by several threads at once.
// In every call out may be exactly in (in place) but must not overlap it otherwise
// (Error::overlapping_buffers).
template <class C>
class Ecb {
 public:
  explicit Ecb(const C& cipher) noexcept : cipher_(cipher) {}
  explicit Ecb(std::span<const std::uint8_t, C::key_size> key) noexcept : cipher_(key) {}

  // encrypt / decrypt: raw mode, no padding. in.size() must be a multiple of 16
  // (invalid_argument) and out.size() == in.size() (output_size_mismatch).
  Status encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
    return detail::ecb_run(cipher_.block_ref(), false, out, in);
  }
  Status decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
    return detail::ecb_run(cipher_.block_ref(), true, out, in);
  }
  // encrypt_padded: PKCS#7; out.size() >= padded_size(in.size()); returns the bytes written.
  Result<std::size_t> encrypt_padded(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
    return detail::pad_encrypt(cipher_.block_ref(), nullptr, out, in);
  }
  // decrypt_padded: in.size() a non-zero multiple of 16 (else invalid_padding), out.size() ==
  // in.size(); the plaintext is the first `length` bytes of out. Bad padding: invalid_padding,
  // out zeroed, length 0; neither the check nor the verdict branches on the plaintext.
  Status decrypt_padded(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                        std::size_t& length) const noexcept {
    return detail::pad_decrypt(cipher_.block_ref(), nullptr, out, in, length);
  }

 private:
  C cipher_;
};

// Cbc<C> is cipher block chaining with a 16-byte IV, or GOST's m-bit register (with_register).
// Raw encrypt/decrypt calls chain on from one call to the next (one message in pieces of whole
// blocks); the padded forms end the message. Not thread-safe (it keeps the chaining value); the
// state is wiped on destruction. Aliasing and errors as for Ecb.
template <class C>
class Cbc {
 public:
  Cbc(const C& cipher, std::span<const std::uint8_t, 16> iv) noexcept : cipher_(cipher) { set_iv(iv); }
  Cbc(std::span<const std::uint8_t, C::key_size> key, std::span<const std::uint8_t, 16> iv) noexcept
      : cipher_(key) { set_iv(iv); }
  // with_register: GOST R 34.13-2015 CBC with an IV (register) of 16·z bytes, z = 1..8
  // (invalid_nonce_size otherwise).
  static Result<Cbc> with_register(const C& cipher, std::span<const std::uint8_t> iv) noexcept {
    Cbc m(cipher);
    if (Status s = m.set_register(iv); !s) return s.error();
    return m;
  }
  Cbc(const Cbc&) noexcept = default;
  Cbc& operator=(const Cbc&) noexcept = default;
  ~Cbc() { detail::wipe_state(&state_, sizeof state_); }

  // set_iv / set_register start a new message; on an error the state is unchanged.
  void set_iv(std::span<const std::uint8_t, 16> iv) noexcept { (void)set_register(iv); }
  Status set_register(std::span<const std::uint8_t> iv) noexcept {
    Status s = detail::set_register(state_.reg, state_.size, iv);
    if (s) state_.head = 0;
    return s;
  }
  Status encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::cbc_run(cipher_.block_ref(), state_, false, out, in);
  }
  Status decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::cbc_run(cipher_.block_ref(), state_, true, out, in);
  }
  // encrypt_padded / decrypt_padded: as Ecb's, continuing the chain; they end the message.
  Result<std::size_t> encrypt_padded(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::pad_encrypt(cipher_.block_ref(), &state_, out, in);
  }
  Status decrypt_padded(std::span<std::uint8_t> out, std::span<const std::uint8_t> in, std::size_t& length) noexcept {
    return detail::pad_decrypt(cipher_.block_ref(), &state_, out, in, length);
  }

  // encrypt_many encrypts independent messages under cipher, each from its own IV (raw CBC,
  // as encrypt on a fresh Cbc per job): the same output, but up to 32 messages step together,
  // their next blocks going through the cipher side by side, so that where one chain is bound
  // by the cipher's latency (AES-NI: 8 chains fill it, about 4x less time per byte than
  // encrypt; VAES: 16, about 8x; SM4 likewise) N messages cost about one message's time. Messages of any mix of
  // lengths: a message that ends hands its lane to the next job. Each job's
  // in.size() must be a multiple of 16 (invalid_argument) and out.size() == in.size()
  // (output_size_mismatch); out may be exactly in but must not overlap it otherwise
  // (overlapping_buffers); on any such error nothing is written. Jobs must not write to
  // another job's buffers (not checked). Thread-safe (cipher is only read).
  static Status encrypt_many(const C& cipher, std::span<const CbcJob> jobs) noexcept {
    return detail::cbc_encrypt_many(cipher.block_ref(), jobs, false);
  }
  // encrypt_many_padded: as encrypt_many with PKCS#7 padding, as encrypt_padded on a fresh
  // Cbc per job: jobs[i].out receives padded_size(jobs[i].in.size()) bytes, and must hold at
  // least that many (output_size_mismatch); in may have any length.
  static Status encrypt_many_padded(const C& cipher, std::span<const CbcJob> jobs) noexcept {
    return detail::cbc_encrypt_many(cipher.block_ref(), jobs, true);
  }

 private:
  explicit Cbc(const C& cipher) noexcept : cipher_(cipher) {}
  C cipher_;
  detail::CbcState state_;
};

// Cfb<C> is cipher feedback: with a 16-byte IV, SP 800-38A's CFB-128 (OpenSSL's -cfb);
// with_register adds GOST's m-bit register and an s-byte segment (s = 1..16; s = 1 with a
// 16-byte IV is OpenSSL's -cfb8). encrypt/decrypt take any number of bytes and carry on at
// the next byte on the next call. out.size() == in.size(); out may be exactly in. Not
// thread-safe; the state is wiped on destruction.
template <class C>
class Cfb {
 public:
  Cfb(const C& cipher, std::span<const std::uint8_t, 16> iv) noexcept : cipher_(cipher) { set_iv(iv); }
  Cfb(std::span<const std::uint8_t, C::key_size> key, std::span<const std::uint8_t, 16> iv) noexcept
      : cipher_(key) { set_iv(iv); }
  // with_register: an IV of 16·z bytes (z = 1..8: invalid_nonce_size) and segment s bytes
  // (1..16: invalid_argument).
  static Result<Cfb> with_register(const C& cipher, std::span<const std::uint8_t> iv,
                                   std::size_t segment = 16) noexcept {
    if (segment < 1 || segment > 16) return Error::invalid_argument;
    Cfb m(cipher);
    m.state_.s = static_cast<std::uint8_t>(segment);
    if (Status s = m.set_register(iv); !s) return s.error();
    return m;
  }
  Cfb(const Cfb&) noexcept = default;
  Cfb& operator=(const Cfb&) noexcept = default;
  ~Cfb() { detail::wipe_state(&state_, sizeof state_); }

  // set_iv / set_register start a new message (same segment size); on an error nothing changes.
  void set_iv(std::span<const std::uint8_t, 16> iv) noexcept { (void)set_register(iv); }
  Status set_register(std::span<const std::uint8_t> iv) noexcept {
    Status s = detail::set_register(state_.reg, state_.size, iv);
    if (s) state_.used = state_.s;
    return s;
  }
  Status encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::cfb_run(cipher_.block_ref(), state_, false, out, in);
  }
  Status decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::cfb_run(cipher_.block_ref(), state_, true, out, in);
  }

 private:
  explicit Cfb(const C& cipher) noexcept : cipher_(cipher) {}
  C cipher_;
  detail::CfbState state_{.reg = {}, .keystream = {}, .segment = {}, .size = 16, .s = 16, .used = 16};
};

// Ofb<C> is output feedback: with a 16-byte IV, SP 800-38A's OFB (OpenSSL's -ofb); with
// with_register, GOST's m-bit register (z interleaved keystreams). apply() encrypts or
// decrypts any number of bytes, carrying on at the next byte. Aliasing and state as for Cfb.
template <class C>
class Ofb {
 public:
  Ofb(const C& cipher, std::span<const std::uint8_t, 16> iv) noexcept : cipher_(cipher) { set_iv(iv); }
  Ofb(std::span<const std::uint8_t, C::key_size> key, std::span<const std::uint8_t, 16> iv) noexcept
      : cipher_(key) { set_iv(iv); }
  // with_register: an IV of 16·z bytes, z = 1..8 (invalid_nonce_size otherwise).
  static Result<Ofb> with_register(const C& cipher, std::span<const std::uint8_t> iv) noexcept {
    Ofb m(cipher);
    if (Status s = m.set_register(iv); !s) return s.error();
    return m;
  }
  Ofb(const Ofb&) noexcept = default;
  Ofb& operator=(const Ofb&) noexcept = default;
  ~Ofb() { detail::wipe_state(&state_, sizeof state_); }

  // set_iv / set_register start a new message; on an error the state is unchanged.
  void set_iv(std::span<const std::uint8_t, 16> iv) noexcept { (void)set_register(iv); }
  Status set_register(std::span<const std::uint8_t> iv) noexcept {
    Status s = detail::set_register(state_.reg, state_.size, iv);
    if (s) state_.used = state_.size;
    return s;
  }
  Status apply(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::ofb_run(cipher_.block_ref(), state_, out, in);
  }

 private:
  explicit Ofb(const C& cipher) noexcept : cipher_(cipher) {}
  C cipher_;
  detail::OfbState state_;
};

// Ctr<C> is counter mode with a 128-bit big-endian counter starting at the 16-byte iv (the
// whole block is incremented, mod 2^128). apply() encrypts or decrypts (the same operation)
// any number of bytes and carries on at the next byte on the next call; seek() jumps to any
// byte offset. out.size() == in.size() (output_size_mismatch); out may be exactly in. Not
// thread-safe; the state is wiped on destruction.
template <class C>
class Ctr {
 public:
  Ctr(const C& cipher, std::span<const std::uint8_t, 16> iv) noexcept : cipher_(cipher) {
    detail::ctr_start(cipher_.block_ref(), state_, iv, 0);
  }
  Ctr(std::span<const std::uint8_t, C::key_size> key, std::span<const std::uint8_t, 16> iv) noexcept
      : cipher_(key) {
    detail::ctr_start(cipher_.block_ref(), state_, iv, 0);
  }
  Ctr(const Ctr&) noexcept = default;
  Ctr& operator=(const Ctr&) noexcept = default;
  ~Ctr() { detail::wipe_state(&state_, sizeof state_); }

  Status apply(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::ctr_run(cipher_.block_ref(), state_, out, in);
  }
  // seek moves to byte offset of the keystream of the current iv.
  void seek(std::uint64_t offset) noexcept {
    detail::ctr_start(cipher_.block_ref(), state_, state_.iv, offset);
  }
  // set_iv starts a new keystream at counter block iv.
  void set_iv(std::span<const std::uint8_t, 16> iv) noexcept {
    detail::ctr_start(cipher_.block_ref(), state_, iv, 0);
  }

 private:
  C cipher_;
  detail::CtrState state_;
};

// Cmac<C> is CMAC (OMAC1): a 16-byte tag over a message of any length, given in pieces with
// update(), then finish(), which also starts a new message. No allocation; copyable (forks the
// MAC); not thread-safe; key material wiped on destruction.
template <class C>
class Cmac {
 public:
  static constexpr std::size_t tag_size = 16;
  using Tag = std::array<std::uint8_t, tag_size>;
  explicit Cmac(const C& cipher) noexcept : cipher_(cipher) { detail::cmac_start(cipher_.block_ref(), state_); }
  explicit Cmac(std::span<const std::uint8_t, C::key_size> key) noexcept : cipher_(key) {
    detail::cmac_start(cipher_.block_ref(), state_);
  }
  Cmac(const Cmac&) noexcept = default;
  Cmac& operator=(const Cmac&) noexcept = default;
  ~Cmac() { detail::wipe_state(&state_, sizeof state_); }

  void update(std::span<const std::uint8_t> data) noexcept { detail::cmac_update(cipher_.block_ref(), state_, data); }
  // finish writes the tag and starts a new message.
  void finish(std::span<std::uint8_t, tag_size> tag) noexcept { detail::cmac_finish(cipher_.block_ref(), state_, tag); }
  // verify finishes and compares the first tag.size() bytes in constant time; tag.size() must
  // be 8..16 (invalid_tag_size). authentication_failed on a mismatch.
  Status verify(std::span<const std::uint8_t> tag) noexcept;

  // mac_many writes the CMAC under cipher of messages[i] to tags[i] for every i: the same tags
  // as one Cmac per message, but up to 32 messages step together through the cipher (see
  // Cbc::encrypt_many). Error: output_size_mismatch if the spans differ
  // in size (nothing written). Thread-safe (cipher is only read).
  static Status mac_many(const C& cipher, std::span<Tag> tags,
                         std::span<const std::span<const std::uint8_t>> messages) noexcept {
    return detail::cmac_many(cipher.block_ref(), tags, messages);
  }

 private:
  C cipher_;
  detail::CmacState state_;
};

namespace detail {
Status cmac_compare(std::span<std::uint8_t, 16> full, std::span<const std::uint8_t> tag) noexcept;
}

template <class C>
Status Cmac<C>::verify(std::span<const std::uint8_t> tag) noexcept {
  std::uint8_t full[16];
  finish(full);
  return detail::cmac_compare(full, tag);
}

}  // namespace axiom

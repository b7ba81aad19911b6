// modes.hpp: ECB, CBC, CFB, OFB, CTR (SP 800-38A, GOST R 34.13-2015) and CMAC (SP 800-38B,
// RFC 4493; GOST's MAC) over any block cipher C of axiom with n-bit blocks, n = 64 (Magma) or
// 128 (Aes128, Sm4, Kuznyechik, ...). Below, b = n/8 = C::block_size bytes.
//
// GOST R 34.13-2015 generalises CBC, CFB and OFB with an m-bit shift register R that starts
// as the IV: with m = b·z bits the mode runs z interleaved chains. The one-block-IV forms are
// SP 800-38A's (z = 1); with_register() takes an IV of b·z bytes, up to 128 bytes (z = 1..8
// for n = 128, 1..16 for n = 64).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "axiom/block_cipher.hpp"
#include "axiom/result.hpp"

namespace axiom {

namespace detail {
// The functions below are templates over the block size N in bytes (8 or 16), instantiated
// in src/modes/modes.cpp; the states are the same for both (room for 16-byte blocks).
//
// ecb_run is inline: a 64-byte call costs about as much as one more call layer saves.
template <std::size_t N>
inline Status ecb_run(BlockRef<N> c, bool decrypt, std::span<std::uint8_t> out,
                      std::span<const std::uint8_t> in) noexcept {
  if (Status s = check_blocks<N>(out, in); !s) return s;
  (decrypt ? c.ops->decrypt_blocks : c.ops->encrypt_blocks)(c.schedule, out.data(), in.data(),
                                                            in.size() / N);
  return {};
}
inline constexpr std::size_t max_register = 128;  // bytes: z = 8 chains of 16 bytes, 16 of 8
// set_register checks and copies an IV of N·z bytes (up to max_register) into reg; size gets
// N·z.
template <std::size_t N = 16>
Status set_register(std::uint8_t reg[max_register], std::uint8_t& size,
                    std::span<const std::uint8_t> iv) noexcept;
struct CbcState {
  std::uint8_t reg[max_register];  // the last z ciphertext blocks (the IV at first)
  std::uint8_t size;               // m = N·z
  std::uint8_t head;               // the block of reg that chains with the next block
};
template <std::size_t N>
Status cbc_run(BlockRef<N> c, CbcState& s, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept;
}  // namespace detail

// BasicCbcJob<N> is one message of Cbc<C>::encrypt_many for N-byte blocks (CbcJob: 16): where
// its ciphertext goes, its plaintext and its IV (held by value, so that an array of jobs can be
// declared and filled in).
template <std::size_t N>
struct BasicCbcJob {
  std::span<std::uint8_t> out;
  std::span<const std::uint8_t> in;
  std::array<std::uint8_t, N> iv;
};
using CbcJob = BasicCbcJob<16>;

namespace detail {
template <std::size_t N>
Status cbc_encrypt_many(BlockRef<N> c, std::span<const BasicCbcJob<N>> jobs, bool pad) noexcept;
template <std::size_t N>
Result<std::size_t> pad_encrypt(BlockRef<N> c, CbcState* cbc, std::span<std::uint8_t> out,
                                std::span<const std::uint8_t> in) noexcept;
template <std::size_t N>
Status pad_decrypt(BlockRef<N> c, CbcState* cbc, std::span<std::uint8_t> out,
                   std::span<const std::uint8_t> in, std::size_t& length) noexcept;
struct CfbState {
  std::uint8_t reg[max_register];  // R: the last m bytes of IV || ciphertext
  std::uint8_t keystream[16];      // E(MSB_N(R)) for the current segment
  std::uint8_t segment[16];        // the current segment's ciphertext so far
  std::uint8_t size;               // m
  std::uint8_t s;                  // segment size in bytes (1..N)
  std::uint8_t used;               // bytes of the current segment done (s: none started)
};
template <std::size_t N>
Status cfb_run(BlockRef<N> c, CfbState& s, bool decrypt, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept;
struct OfbState {
  std::uint8_t reg[max_register];  // R, which after each refill is also the keystream
  std::uint8_t size;               // m
  std::uint8_t used;               // keystream bytes of reg used (size: none left)
};
template <std::size_t N>
Status ofb_run(BlockRef<N> c, OfbState& s, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept;
struct CtrState {
  std::uint8_t iv[16];
  std::uint8_t counter[16];    // the next counter block to encrypt
  std::uint8_t keystream[16];  // the current block's keystream
  std::uint8_t used;           // bytes of keystream used (N: none left)
};
template <std::size_t N>
void ctr_start(BlockRef<N> c, CtrState& s, std::span<const std::uint8_t, N> iv,
               std::uint64_t offset) noexcept;
template <std::size_t N>
Status ctr_run(BlockRef<N> c, CtrState& s, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) noexcept;
struct CmacState {
  std::uint8_t k1[16], k2[16], state[16], buffer[16];
  std::uint8_t used;  // bytes in buffer (0..N); a full block waits for the next byte or finish
};
template <std::size_t N>
void cmac_start(BlockRef<N> c, CmacState& s) noexcept;
template <std::size_t N>
Status cmac_many(BlockRef<N> c, std::span<std::array<std::uint8_t, N>> tags,
                 std::span<const std::span<const std::uint8_t>> messages) noexcept;
template <std::size_t N>
void cmac_update(BlockRef<N> c, CmacState& s, std::span<const std::uint8_t> data) noexcept;
template <std::size_t N>
void cmac_finish(BlockRef<N> c, CmacState& s, std::span<std::uint8_t, N> tag) noexcept;
// cmac_double: out = in·x in GF(2^(8N)), CMAC's subkey step (in constant time).
template <std::size_t N>
void cmac_double(std::uint8_t out[N], const std::uint8_t in[N]) noexcept;
}  // namespace detail

// padded_size returns the length of the PKCS#7-padded form of an n-byte message for blocks of
// `block` bytes (the next multiple of block above n: 1 to block bytes of padding).
constexpr std::size_t padded_size(std::size_t n, std::size_t block = 16) noexcept {
  return (n / block + 1) * block;
}

// Ecb<C> is the electronic codebook mode: each block on its own. Holds a copy of the keyed
// cipher (wiped on destruction). A const object may be used by several threads at once.
// In every call out may be exactly in (in place) but must not overlap it otherwise
// (Error::overlapping_buffers).
template <class C>
class Ecb {
 public:
  explicit Ecb(const C& cipher) noexcept : cipher_(cipher) {}
  explicit Ecb(std::span<const std::uint8_t, C::key_size> key) noexcept : cipher_(key) {}

  static constexpr std::size_t block_size = C::block_size;

  // encrypt / decrypt: raw mode, no padding. in.size() must be a multiple of block_size
  // (invalid_argument) and out.size() == in.size() (output_size_mismatch).
  Status encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
    return detail::ecb_run(cipher_.block_ref(), false, out, in);
  }
  Status decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const noexcept {
    return detail::ecb_run(cipher_.block_ref(), true, out, in);
  }
  // encrypt_padded: PKCS#7; out.size() >= padded_size(in.size(), block_size); returns the
  // bytes written.
  Result<std::size_t> encrypt_padded(std::span<std::uint8_t> out,
                                     std::span<const std::uint8_t> in) const noexcept {
    return detail::pad_encrypt(cipher_.block_ref(), nullptr, out, in);
  }
  // decrypt_padded: in.size() a non-zero multiple of block_size (else invalid_padding), out.size()
  // == in.size(); the plaintext is the first `length` bytes of out. Bad padding: invalid_padding,
  // out zeroed, length 0; neither the check nor the verdict branches on the plaintext.
  Status decrypt_padded(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                        std::size_t& length) const noexcept {
    return detail::pad_decrypt(cipher_.block_ref(), nullptr, out, in, length);
  }

 private:
  C cipher_;
};

// Cbc<C> is cipher block chaining with a one-block IV, or GOST's m-bit register (with_register).
// Raw encrypt/decrypt calls chain on from one call to the next (one message in pieces of whole
// blocks); the padded forms end the message. Not thread-safe (it keeps the chaining value); the
// state is wiped on destruction. Aliasing and errors as for Ecb.
template <class C>
class Cbc {
 public:
  static constexpr std::size_t block_size = C::block_size;
  using Job = BasicCbcJob<block_size>;

  Cbc(const C& cipher, std::span<const std::uint8_t, block_size> iv) noexcept : cipher_(cipher) {
    set_iv(iv);
  }
  Cbc(std::span<const std::uint8_t, C::key_size> key,
      std::span<const std::uint8_t, block_size> iv) noexcept
      : cipher_(key) {
    set_iv(iv);
  }
  // with_register: GOST R 34.13-2015 CBC with an IV (register) of block_size·z bytes, up to
  // 128 bytes (invalid_nonce_size otherwise).
  static Result<Cbc> with_register(const C& cipher, std::span<const std::uint8_t> iv) noexcept {
    Cbc m(cipher);
    if (Status s = m.set_register(iv); !s) return s.error();
    return m;
  }
  Cbc(const Cbc&) noexcept = default;
  Cbc& operator=(const Cbc&) noexcept = default;
  ~Cbc() { detail::wipe_state(&state_, sizeof state_); }

  // set_iv / set_register start a new message; on an error the state is unchanged.
  void set_iv(std::span<const std::uint8_t, block_size> iv) noexcept { (void)set_register(iv); }
  Status set_register(std::span<const std::uint8_t> iv) noexcept {
    Status s = detail::set_register<block_size>(state_.reg, state_.size, iv);
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
  Result<std::size_t> encrypt_padded(std::span<std::uint8_t> out,
                                     std::span<const std::uint8_t> in) noexcept {
    return detail::pad_encrypt(cipher_.block_ref(), &state_, out, in);
  }
  Status decrypt_padded(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                        std::size_t& length) noexcept {
    return detail::pad_decrypt(cipher_.block_ref(), &state_, out, in, length);
  }

  // encrypt_many encrypts independent messages under cipher, each from its own IV (raw CBC,
  // as encrypt on a fresh Cbc per job): the same output, but up to 32 messages step together,
  // their next blocks going through the cipher side by side, so that where one chain is bound
  // by the cipher's latency (AES-NI: 8 chains fill it, about 4x less time per byte than
  // encrypt; VAES: 16, about 8x; SM4 likewise) N messages cost about one message's time. Messages
  // of any mix of lengths: a message that ends hands its lane to the next job. Each job's in.size()
  // must be a multiple of block_size (invalid_argument) and out.size() == in.size()
  // (output_size_mismatch); out may be exactly in but must not overlap it otherwise
  // (overlapping_buffers); on any such error nothing is written. Jobs must not write to
  // another job's buffers (not checked). Thread-safe (cipher is only read).
  static Status encrypt_many(const C& cipher, std::span<const Job> jobs) noexcept {
    return detail::cbc_encrypt_many(cipher.block_ref(), jobs, false);
  }
  // encrypt_many_padded: as encrypt_many with PKCS#7 padding, as encrypt_padded on a fresh
  // Cbc per job: jobs[i].out receives padded_size(jobs[i].in.size(), block_size) bytes, and
  // must hold at least that many (output_size_mismatch); in may have any length.
  static Status encrypt_many_padded(const C& cipher, std::span<const Job> jobs) noexcept {
    return detail::cbc_encrypt_many(cipher.block_ref(), jobs, true);
  }

 private:
  explicit Cbc(const C& cipher) noexcept : cipher_(cipher) {}
  C cipher_;
  detail::CbcState state_;
};

// Cfb<C> is cipher feedback: with a one-block IV, SP 800-38A's CFB-n (OpenSSL's -cfb);
// with_register adds GOST's m-bit register and an s-byte segment (s = 1..block_size; s = 1
// with a one-block IV is OpenSSL's -cfb8). encrypt/decrypt take any number of bytes and carry on at
// the next byte on the next call. out.size() == in.size(); out may be exactly in. Not
// thread-safe; the state is wiped on destruction.
template <class C>
class Cfb {
 public:
  static constexpr std::size_t block_size = C::block_size;

  Cfb(const C& cipher, std::span<const std::uint8_t, block_size> iv) noexcept : cipher_(cipher) {
    set_iv(iv);
  }
  Cfb(std::span<const std::uint8_t, C::key_size> key,
      std::span<const std::uint8_t, block_size> iv) noexcept
      : cipher_(key) {
    set_iv(iv);
  }
  // with_register: an IV of block_size·z bytes, up to 128 (invalid_nonce_size), and segment s
  // bytes (1..block_size: invalid_argument).
  static Result<Cfb> with_register(const C& cipher, std::span<const std::uint8_t> iv,
                                   std::size_t segment = block_size) noexcept {
    if (segment < 1 || segment > block_size) return Error::invalid_argument;
    Cfb m(cipher);
    m.state_.s = static_cast<std::uint8_t>(segment);
    if (Status s = m.set_register(iv); !s) return s.error();
    return m;
  }
  Cfb(const Cfb&) noexcept = default;
  Cfb& operator=(const Cfb&) noexcept = default;
  ~Cfb() { detail::wipe_state(&state_, sizeof state_); }

  // set_iv / set_register start a new message (same segment size); on an error nothing changes.
  void set_iv(std::span<const std::uint8_t, block_size> iv) noexcept { (void)set_register(iv); }
  Status set_register(std::span<const std::uint8_t> iv) noexcept {
    Status s = detail::set_register<block_size>(state_.reg, state_.size, iv);
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
  detail::CfbState state_{.reg = {},
                          .keystream = {},
                          .segment = {},
                          .size = block_size,
                          .s = block_size,
                          .used = block_size};
};

// Ofb<C> is output feedback: with a one-block IV, SP 800-38A's OFB (OpenSSL's -ofb); with
// with_register, GOST's m-bit register (z interleaved keystreams). apply() encrypts or
// decrypts any number of bytes, carrying on at the next byte. Aliasing and state as for Cfb.
template <class C>
class Ofb {
 public:
  static constexpr std::size_t block_size = C::block_size;

  Ofb(const C& cipher, std::span<const std::uint8_t, block_size> iv) noexcept : cipher_(cipher) {
    set_iv(iv);
  }
  Ofb(std::span<const std::uint8_t, C::key_size> key,
      std::span<const std::uint8_t, block_size> iv) noexcept
      : cipher_(key) {
    set_iv(iv);
  }
  // with_register: an IV of block_size·z bytes, up to 128 (invalid_nonce_size otherwise).
  static Result<Ofb> with_register(const C& cipher, std::span<const std::uint8_t> iv) noexcept {
    Ofb m(cipher);
    if (Status s = m.set_register(iv); !s) return s.error();
    return m;
  }
  Ofb(const Ofb&) noexcept = default;
  Ofb& operator=(const Ofb&) noexcept = default;
  ~Ofb() { detail::wipe_state(&state_, sizeof state_); }

  // set_iv / set_register start a new message; on an error the state is unchanged.
  void set_iv(std::span<const std::uint8_t, block_size> iv) noexcept { (void)set_register(iv); }
  Status set_register(std::span<const std::uint8_t> iv) noexcept {
    Status s = detail::set_register<block_size>(state_.reg, state_.size, iv);
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

// Ctr<C> is counter mode with an n-bit big-endian counter starting at the one-block iv (the
// whole block is incremented, mod 2^n). GOST R 34.13-2015's CTR is this with the half-block
// IV followed by zeros: Ctr::gost. apply() encrypts or decrypts (the same operation)
// any number of bytes and carries on at the next byte on the next call; seek() jumps to any
// byte offset. out.size() == in.size() (output_size_mismatch); out may be exactly in. Not
// thread-safe; the state is wiped on destruction.
template <class C>
class Ctr {
 public:
  static constexpr std::size_t block_size = C::block_size;

  Ctr(const C& cipher, std::span<const std::uint8_t, block_size> iv) noexcept : cipher_(cipher) {
    detail::ctr_start(cipher_.block_ref(), state_, iv, 0);
  }
  Ctr(std::span<const std::uint8_t, C::key_size> key,
      std::span<const std::uint8_t, block_size> iv) noexcept
      : cipher_(key) {
    detail::ctr_start(cipher_.block_ref(), state_, iv, 0);
  }
  // gost: GOST R 34.13-2015 CTR, whose IV is half a block (4 bytes for Magma, 8 for
  // Kuznyechik): the first counter block is iv || 0.
  static Ctr gost(const C& cipher, std::span<const std::uint8_t, block_size / 2> iv) noexcept {
    std::array<std::uint8_t, block_size> block{};
    for (std::size_t i = 0; i < iv.size(); ++i) block[i] = iv[i];
    return Ctr(cipher, block);
  }
  Ctr(const Ctr&) noexcept = default;
  Ctr& operator=(const Ctr&) noexcept = default;
  ~Ctr() { detail::wipe_state(&state_, sizeof state_); }

  Status apply(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) noexcept {
    return detail::ctr_run(cipher_.block_ref(), state_, out, in);
  }
  // seek moves to byte offset of the keystream of the current iv.
  void seek(std::uint64_t offset) noexcept {
    detail::ctr_start(cipher_.block_ref(), state_,
                      std::span<const std::uint8_t, block_size>(state_.iv, block_size), offset);
  }
  // set_iv starts a new keystream at counter block iv.
  void set_iv(std::span<const std::uint8_t, block_size> iv) noexcept {
    detail::ctr_start(cipher_.block_ref(), state_, iv, 0);
  }

 private:
  C cipher_;
  detail::CtrState state_;
};

// Cmac<C> is CMAC (OMAC1; GOST R 34.13-2015's MAC): a one-block tag over a message of any
// length, given in pieces with update(), then finish(), which also starts a new message. The
// subkeys double in GF(2^n): R_128 = 0x87, R_64 = 0x1b. No allocation; copyable (forks the
// MAC); not thread-safe; key material wiped on destruction.
template <class C>
class Cmac {
 public:
  static constexpr std::size_t tag_size = C::block_size;
  using Tag = std::array<std::uint8_t, tag_size>;
  explicit Cmac(const C& cipher) noexcept : cipher_(cipher) {
    detail::cmac_start(cipher_.block_ref(), state_);
  }
  explicit Cmac(std::span<const std::uint8_t, C::key_size> key) noexcept : cipher_(key) {
    detail::cmac_start(cipher_.block_ref(), state_);
  }
  Cmac(const Cmac&) noexcept = default;
  Cmac& operator=(const Cmac&) noexcept = default;
  ~Cmac() { detail::wipe_state(&state_, sizeof state_); }

  void update(std::span<const std::uint8_t> data) noexcept {
    detail::cmac_update(cipher_.block_ref(), state_, data);
  }
  // finish writes the tag and starts a new message.
  void finish(std::span<std::uint8_t, tag_size> tag) noexcept {
    detail::cmac_finish(cipher_.block_ref(), state_, tag);
  }
  // verify finishes and compares the first tag.size() bytes in constant time; tag.size() must
  // be tag_size/2..tag_size (8..16, or 4..8 for n = 64: invalid_tag_size). authentication_failed
  // on a mismatch.
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
template <std::size_t N>
Status cmac_compare(std::span<std::uint8_t, N> full, std::span<const std::uint8_t> tag) noexcept;
}

template <class C>
Status Cmac<C>::verify(std::span<const std::uint8_t> tag) noexcept {
  std::uint8_t full[tag_size];
  finish(full);
  return detail::cmac_compare<tag_size>(full, tag);
}

}  // namespace axiom

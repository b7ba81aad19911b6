// registry_block_cipher.hpp: the benchmark subjects of the block ciphers of
// core/block_ciphers.h (bench registry, shared with `axiom bench`): of each row the smallest
// and the largest key, on every kernel of the row. The GOST ciphers ("kuznyechik") have the ops
// of registry_kuznyechik.hpp; the others ("aes-128", "aes-256", "sm4") the ops (block_cipher_ops)
// "ctr", "ecb" (encrypt), "cbc-enc", "cbc-dec", "gcm-seal", "gcm-open", "cmac", "xts-enc",
// "xts-dec" (the message is one XTS data unit, IEEE 1619 tweak order, tweak block_bench_iv, key
// xts_bench_key), "cbc-enc-x8" and "cmac-x8" (the message's eighths as eight messages at once: ours
// only), "cbc-enc-x16" and "cmac-x16" (likewise in sixteenths), "cbc-enc-x32" and "cmac-x32" (in
// 32nds), and for SM4 also "ccm-seal". Every implementation (ours and the peers') uses the first 16
// or 32 bytes of the benchmark key, the IV block_bench_iv (GCM and CCM: its first 12 bytes as the
// nonce), no AAD, 16-byte tags, and writes: the ciphertext (ctr, ecb, cbc-*), ciphertext || tag
// (gcm-seal, ccm-seal), the plaintext (gcm-open, which opens what gcm-seal gives for the message,
// sealed once outside the timing), or the tag (cmac).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "axiom/modes.hpp"
#include "registry/registry.hpp"

namespace axiom::bench {

inline constexpr std::uint8_t block_bench_iv[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
                                                    0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};
// block_out_size: the output buffer every block cipher subject gets (the largest message plus a
// tag).
inline constexpr std::size_t block_out_size = 1048576 + 16;

// xts_bench_key is the XTS key K1 || K2 (2n bytes) of the benchmarks for a cipher of n-byte keys:
// K1 = the first n bytes of key, K2 = K1 with each byte XORed with 0x36 (the halves differ).
std::vector<std::uint8_t> xts_bench_key(std::span<const std::uint8_t> key, std::size_t n);

// block_cipher_ops lists the ops of algo ("aes-128", "aes-256" or "sm4"; none for a GOST
// cipher or another algorithm).
std::vector<std::string> block_cipher_ops(const std::string& algo);

// is_block_cipher says whether algo names a benchmarked block cipher ("aes-128", "kuznyechik").
bool is_block_cipher(const std::string& algo);

// add_block_cipher_subjects appends our block ciphers' subjects: every op of every kernel.
void add_block_cipher_subjects(std::vector<Subject>& out);

// block_cipher_reference computes, with the row's portable kernel, what subject s must write
// for msg; false if s is not a block cipher's subject.
bool block_cipher_reference(const Subject& s, std::span<const std::uint8_t> key,
                            std::span<const std::uint8_t> msg, std::uint8_t* want);

// block_mode returns the message function of the unauthenticated modes and CMAC ("ctr", "ecb",
// "cbc-enc", "cbc-dec", "cmac", "cbc-enc-x8", "cmac-x8", "cbc-enc-x16", "cmac-x16", "cbc-enc-x32",
// "cmac-x32") over the keyed cipher C, or an empty function for another op:
// one whole message per call on a keyed object whose IV (iv) is reset per message, as a user
// with one key and many messages does and as the peers are timed.
template <class C>
MessageFn block_mode(const std::string& op, const C& cipher,
                     std::span<const std::uint8_t, C::block_size> iv) {
  constexpr std::size_t B = C::block_size;
  if (op == "ctr") {
    auto c = std::make_shared<Ctr<C>>(cipher, iv);
    return [c, iv](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->set_iv(iv);
      (void)c->apply({o, m.size()}, m);
    };
  }
  if (op == "ecb") {
    auto c = std::make_shared<const Ecb<C>>(cipher);
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) {
      (void)c->encrypt({o, m.size()}, m);
    };
  }
  if (op == "cbc-enc" || op == "cbc-dec") {
    auto c = std::make_shared<Cbc<C>>(cipher, iv);
    const bool dec = op == "cbc-dec";
    return [c, dec, iv](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->set_iv(iv);
      (void)(dec ? c->decrypt({o, m.size()}, m) : c->encrypt({o, m.size()}, m));
    };
  }
  // cbc-enc-xN / cmac-xN (N = 8, 16 or 32): the message's N parts as N independent messages (each
  // from iv) through Cbc::encrypt_many / Cmac::mac_many; out holds the N ciphertexts in place
  // of their plaintexts, or the N tags.
  const std::size_t parts = op.ends_with("-x8")    ? 8
                            : op.ends_with("-x16") ? 16
                            : op.ends_with("-x32") ? 32
                                                   : 0;
  if (op.starts_with("cbc-enc-x") && parts != 0) {
    auto keep = std::make_shared<const C>(cipher);
    return [keep, iv, parts](std::span<const std::uint8_t> m, std::uint8_t* o) {
      BasicCbcJob<B> jobs[32];
      const std::size_t blocks = m.size() / B;
      for (std::size_t i = 0; i < parts; ++i) {
        const std::size_t from = B * (blocks * i / parts), to = B * (blocks * (i + 1) / parts);
        jobs[i] = {{o + from, to - from}, m.subspan(from, to - from), {}};
        std::copy(iv.begin(), iv.end(), jobs[i].iv.begin());
      }
      (void)Cbc<C>::encrypt_many(*keep, std::span<const BasicCbcJob<B>>(jobs, parts));
    };
  }
  if (op.starts_with("cmac-x") && parts != 0) {
    auto keep = std::make_shared<const C>(cipher);
    return [keep, parts](std::span<const std::uint8_t> m, std::uint8_t* o) {
      std::span<const std::uint8_t> msgs[32];
      typename Cmac<C>::Tag tags[32];
      for (std::size_t i = 0; i < parts; ++i)
        msgs[i] =
            m.subspan(m.size() * i / parts, m.size() * (i + 1) / parts - m.size() * i / parts);
      (void)Cmac<C>::mac_many(*keep, std::span(tags, parts), std::span(msgs, parts));
      for (std::size_t i = 0; i < parts; ++i) std::copy(tags[i].begin(), tags[i].end(), o + B * i);
    };
  }
  if (op == "cmac") {
    auto c = std::make_shared<Cmac<C>>(cipher);
    return [c](std::span<const std::uint8_t> m, std::uint8_t* o) {
      c->update(m);
      c->finish(std::span<std::uint8_t, B>(o, B));
    };
  }
  return {};
}

}  // namespace axiom::bench

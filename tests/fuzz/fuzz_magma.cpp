// Fuzz target: Magma in ECB, CBC, CTR, CFB, OFB, the MAC, CTR-ACPKM and OMAC-ACPKM on every
// Magma kernel against the portable one: streamed in random pieces, in place, CTR seeking;
// MGM on every pair of Magma and GF(2^64) kernels against the portable pair, with a round trip
// where a flipped bit must fail with the output zeroed; KExp15/KImp15 round trips; and, where
// OpenSSL is linked and its GOST engine loads in this process, against the engine's CBC, CTR,
// CTR-ACPKM, MAC (truncated too) and KImp15, and its block cipher for ECB, CFB and OFB (engine
// 3.0.1 has no Magma ECB, CFB, OFB or MGM). Only the ENGINE is loaded, never the gostprov
// provider (the two cannot live in one process).
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#if AXIOM_FUZZ_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/engine.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#endif

#include "axiom/acpkm.hpp"
#include "axiom/kexp15.hpp"
#include "axiom/magma.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "fuzz_input.hpp"
#include "magma/magma_kernel.hpp"
#include "mgm64/mgm64_kernel.hpp"

namespace {

using axiom::Magma;
using axiom::fuzz::Bytes;
using axiom::fuzz::for_each_piece;
using axiom::fuzz::require;
using Vec = std::vector<std::uint8_t>;

#if AXIOM_FUZZ_OPENSSL
// The GOST engine, loaded once; null if it does not load (then the comparison is skipped).
ENGINE* gost_engine() {
  static ENGINE* e = [] {
    ENGINE* g = ENGINE_by_id("gost");
    if (g && ENGINE_init(g) != 1) g = nullptr;
    ERR_clear_error();
    return g;
  }();
  return e;
}

// has_cipher: whether the engine has the cipher nid (CTR-ACPKM and KExp15 came with 3.0).
bool has_cipher(int nid) { return ENGINE_get_cipher(gost_engine(), nid) != nullptr; }

// engine_crypt runs in through the engine's cipher nid on a fresh context (the engine's CTR
// keeps state across IV resets), with ACPKM sections of key_mesh bytes if non-zero; without
// final, only the update's output.
Vec engine_crypt(int nid, Bytes key, Bytes iv, Bytes in, bool encrypt, int key_mesh = 0,
                 bool final = true) {
  const EVP_CIPHER* cipher = ENGINE_get_cipher(gost_engine(), nid);
  require(cipher != nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  EVP_CIPHER_CTX_set_flags(ctx, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);  // magma-kexp15 is a wrap
  Vec out(in.size() + 16);
  int n = 0, tail = 0;
  const std::uint8_t none = 0;
  require(EVP_CipherInit_ex(ctx, cipher, gost_engine(), key.data(), iv.data(), encrypt) == 1);
  // The section after the key: setting Magma's key resets it to 1024 bytes.
  if (key_mesh) require(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_KEY_MESH, key_mesh, nullptr) > 0);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  require(EVP_CipherUpdate(ctx, out.data(), &n, in.empty() ? &none : in.data(),
                           static_cast<int>(in.size())) == 1);
  if (final) require(EVP_CipherFinal_ex(ctx, out.data() + n, &tail) == 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<std::size_t>(n + tail));
  return out;
}

// engine_ecb_decrypt: D_K of each whole block with the engine, which has no Magma ECB: its CBC
// decryption under a zero IV gives D_K(c_i) xor c_(i-1).
Vec engine_ecb_decrypt(Bytes key, Bytes blocks) {
  const std::uint8_t zero[8] = {};
  Vec out = engine_crypt(NID_magma_cbc, key, zero, blocks, false);
  for (std::size_t i = 8; i < out.size(); ++i) out[i] ^= blocks[i - 8];
  return out;
}

// engine_mac returns the engine's magma-mac of msg, tag_len (1..8) bytes (the engine's MAC is
// an extendable-output digest whose output length is the tag length), or an empty vector.
Vec engine_mac(Bytes key, Bytes msg, int tag_len) {
  constexpr int md_ctrl_set_key = EVP_MD_CTRL_ALG_CTRL + 4;  // gost_lcl.h
  const EVP_MD* md = ENGINE_get_digest(gost_engine(), NID_magma_mac);
  if (!md) return {};
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  Vec k(key.begin(), key.end()), tag(EVP_MAX_MD_SIZE);
  const std::size_t n = static_cast<std::size_t>(tag_len);
  require(EVP_DigestInit_ex(ctx, md, gost_engine()) == 1);
  require(EVP_MD_CTX_ctrl(ctx, md_ctrl_set_key, 32, k.data()) == 1);
  require(EVP_DigestUpdate(ctx, msg.data(), msg.size()) == 1);
  require(EVP_DigestFinalXOF(ctx, tag.data(), n) == 1);
  EVP_MD_CTX_free(ctx);
  tag.resize(n);
  return tag;
}
#endif

void run(std::span<const std::uint8_t, 32> key, std::span<const std::uint8_t, 8> iv,
         std::size_t sel, std::uint64_t seek_to, Bytes cuts, Bytes aad, Bytes msg) {
  const Magma ref(key, axiom::detail::magma_portable);
  const Bytes blocks = msg.first(msg.size() / 8 * 8);
  const std::span<const std::uint8_t, 4> iv4 = iv.first<4>();
  const std::size_t section = 8 * (1 + sel % 8);  // CTR-ACPKM sections of 8..64 bytes
  const std::size_t omac_section = 8 * (1 + sel / 8 % 4), master_section = 8 * (1 + sel / 32);
  // ACPKM re-keys every section (a key schedule each, slow under ASan): its first 1 KiB.
  const Bytes acpkm_msg = msg.first(std::min<std::size_t>(msg.size(), 1024));

  Vec ecb(blocks.size()), cbc(blocks.size()), ctr(msg.size()), cfb(msg.size()), ofb(msg.size()),
      acpkm(acpkm_msg.size());
  require(axiom::Ecb<Magma>(ref).encrypt(ecb, blocks).ok());
  require(axiom::Cbc<Magma>(ref, iv).encrypt(cbc, blocks).ok());
  require(axiom::Ctr<Magma>::gost(ref, iv4).apply(ctr, msg).ok());
  require(axiom::Cfb<Magma>(ref, iv).encrypt(cfb, msg).ok());
  require(axiom::Ofb<Magma>(ref, iv).apply(ofb, msg).ok());
  require(axiom::MagmaCtrAcpkm::make(ref, iv4, section)->apply(acpkm, acpkm_msg).ok());
  std::uint8_t cmac[8], omac[8];
  {
    axiom::Cmac<Magma> m(ref);
    m.update(msg);
    m.finish(cmac);
    auto o = axiom::MagmaOmacAcpkm::make(ref, omac_section, master_section);
    require(o.ok());
    o->update(acpkm_msg);
    o->finish(omac);
  }
  // MGM: the nonce is iv with its first bit cleared; a 4..8-byte tag.
  std::uint8_t nonce_bytes[8];
  std::copy(iv.begin(), iv.end(), nonce_bytes);
  nonce_bytes[0] &= 0x7f;
  const Bytes nonce(nonce_bytes);
  const std::size_t tag_len = 4 + sel % 5;
  Vec mgm(msg.size() + tag_len);
  require(
      axiom::MagmaMgm(ref, axiom::detail::mgm64_portable).seal(mgm, nonce, aad, msg, tag_len).ok());
  // KExp15: the message's first bytes (up to 32, a GOST key) wrapped, the MAC key the key reversed.
  const Bytes exported = msg.first(std::min<std::size_t>(msg.size(), 32));
  std::uint8_t mac_key_bytes[32];
  std::reverse_copy(key.begin(), key.end(), mac_key_bytes);
  const Magma ref_mac(mac_key_bytes, axiom::detail::magma_portable);
  Vec kexp(exported.size() + 8);
  require(axiom::kexp15<Magma>(kexp, exported, ref_mac, ref, iv4).ok());

  for (const axiom::detail::MagmaKernel* k : axiom::detail::magma_kernels()) {
    if (!axiom::fuzz::runnable(k->info)) continue;
    const Magma c(key, *k), c_mac(mac_key_bytes, *k);
    Vec buf(blocks.begin(), blocks.end());
    const axiom::Ecb<Magma> e(c);
    require(e.encrypt(buf, buf).ok() && buf == ecb);
    require(e.decrypt(buf, buf).ok() && std::equal(buf.begin(), buf.end(), blocks.begin()));

    axiom::Cbc<Magma> enc(c, iv), dec(c, iv);
    Vec out(blocks.size());
    for_each_piece(blocks.size() / 8, cuts, [&](std::size_t at, std::size_t n) {
      require(
          enc.encrypt(std::span(out).subspan(at * 8, n * 8), blocks.subspan(at * 8, n * 8)).ok());
    });
    require(out == cbc);
    require(dec.decrypt(out, out).ok() && std::equal(out.begin(), out.end(), blocks.begin()));

    // CTR, CFB, OFB and CTR-ACPKM streamed at any byte, in place; CFB back; CTR from a seek.
    Vec s_ctr(msg.begin(), msg.end()), s_cfb = s_ctr, s_ofb = s_ctr,
                                       s_acpkm(acpkm_msg.begin(), acpkm_msg.end());
    axiom::Ctr<Magma> ctr_k = axiom::Ctr<Magma>::gost(c, iv4);
    axiom::Cfb<Magma> cfb_k(c, iv), cfb_d(c, iv);
    axiom::Ofb<Magma> ofb_k(c, iv);
    auto acpkm_k = axiom::MagmaCtrAcpkm::make(c, iv4, section);
    require(acpkm_k.ok());
    for_each_piece(msg.size(), cuts, [&](std::size_t at, std::size_t n) {
      require(ctr_k.apply(std::span(s_ctr).subspan(at, n), std::span(s_ctr).subspan(at, n)).ok());
      require(cfb_k.encrypt(std::span(s_cfb).subspan(at, n), std::span(s_cfb).subspan(at, n)).ok());
      require(ofb_k.apply(std::span(s_ofb).subspan(at, n), std::span(s_ofb).subspan(at, n)).ok());
    });
    for_each_piece(acpkm_msg.size(), cuts, [&](std::size_t at, std::size_t n) {
      require(acpkm_k->apply(std::span(s_acpkm).subspan(at, n), std::span(s_acpkm).subspan(at, n))
                  .ok());
    });
    require(s_ctr == ctr && s_cfb == cfb && s_ofb == ofb && s_acpkm == acpkm);
    require(cfb_d.decrypt(s_cfb, s_cfb).ok() && std::equal(msg.begin(), msg.end(), s_cfb.begin()));
    const std::size_t from = msg.empty() ? 0 : seek_to % msg.size();
    Vec tail(msg.size() - from);
    ctr_k.seek(from);
    require(ctr_k.apply(tail, msg.subspan(from)).ok());
    require(std::equal(tail.begin(), tail.end(), ctr.begin() + static_cast<std::ptrdiff_t>(from)));

    axiom::Cmac<Magma> m(c);
    axiom::fuzz::update_in_pieces(m, msg, cuts);
    std::uint8_t tag[8];
    m.finish(tag);
    require(std::equal(tag, tag + 8, cmac));
    auto o = axiom::MagmaOmacAcpkm::make(c, omac_section, master_section);
    require(o.ok());
    axiom::fuzz::update_in_pieces(*o, acpkm_msg, cuts);
    o->finish(tag);
    require(std::equal(tag, tag + 8, omac));

    // KExp15 and back; a flipped bit fails with the key zeroed.
    Vec wrapped(kexp.size()), back(exported.size(), 0xee);
    require(axiom::kexp15<Magma>(wrapped, exported, c_mac, c, iv4).ok() && wrapped == kexp);
    require(axiom::kimp15<Magma>(back, wrapped, c_mac, c, iv4).ok());
    require(std::equal(back.begin(), back.end(), exported.begin()));
    wrapped[seek_to % wrapped.size()] ^= static_cast<std::uint8_t>(1u << (seek_to % 8));
    require(axiom::kimp15<Magma>(back, wrapped, c_mac, c, iv4).error() ==
            axiom::Error::authentication_failed);
    require(std::all_of(back.begin(), back.end(), [](std::uint8_t b) { return b == 0; }));

    // MGM with every multiplication kernel: seal, open in place, a flipped bit fails.
    for (const axiom::detail::Mgm64Kernel* g : axiom::detail::mgm64_kernels()) {
      if (!axiom::fuzz::runnable(g->info)) continue;
      const axiom::MagmaMgm a(c, *g);
      Vec sealed(mgm.size());
      require(a.seal(sealed, nonce, aad, msg, tag_len).ok() && sealed == mgm);
      require(a.open(std::span(sealed).first(msg.size()), nonce, aad, sealed, tag_len).ok());
      require(std::equal(msg.begin(), msg.end(), sealed.begin()));
      Vec bad = mgm, opened(msg.size(), 0xee);
      bad[seek_to % bad.size()] ^= static_cast<std::uint8_t>(1u << (seek_to % 8));
      require(a.open(opened, nonce, aad, bad, tag_len).error() ==
              axiom::Error::authentication_failed);
      require(std::all_of(opened.begin(), opened.end(), [](std::uint8_t b) { return b == 0; }));
    }
  }

#if AXIOM_FUZZ_OPENSSL
  if (gost_engine()) {
    const Vec plain(blocks.begin(), blocks.end());
    require(engine_crypt(NID_magma_cbc, key, iv, blocks, true) == cbc);
    require(engine_crypt(NID_magma_cbc, key, iv, cbc, false) == plain);
    require(engine_crypt(NID_magma_ctr, key, iv4, msg, true) == ctr);
    if (has_cipher(NID_magma_ctr_acpkm))
      require(engine_crypt(NID_magma_ctr_acpkm, key, iv4, acpkm_msg, true,
                           static_cast<int>(section)) == acpkm);
    // ECB: the engine's D_K undoes ours. OFB: its key stream is the engine's CBC of zeros.
    require(engine_ecb_decrypt(key, ecb) == plain);
    Vec stream = engine_crypt(NID_magma_cbc, key, iv, Vec((msg.size() + 7) / 8 * 8), true);
    for (std::size_t i = 0; i < msg.size(); ++i) stream[i] ^= msg[i];
    stream.resize(msg.size());
    require(stream == ofb);
    // CFB: each whole key-stream block c_i xor p_i is E_K(c_(i-1)), c_0 = IV.
    Vec ks(blocks.size()), prev(iv.begin(), iv.end());
    for (std::size_t i = 0; i < ks.size(); ++i) ks[i] = cfb[i] ^ msg[i];
    prev.insert(prev.end(), cfb.begin(), cfb.end());
    prev.resize(ks.size());
    require(engine_ecb_decrypt(key, ks) == prev);
    const int mac_len = 1 + static_cast<int>(sel % 8);
    const Vec mac = engine_mac(key, msg, mac_len);
    require(mac.empty() || (mac.size() == static_cast<std::size_t>(mac_len) &&
                            std::equal(mac.begin(), mac.end(), cmac)));
    // magma-kexp15 only unwraps (KImp15), 32-byte keys; its key is the MAC key, then the
    // encryption key. It must take our export back (its final repeats the key: update alone).
    if (exported.size() == 32 && has_cipher(NID_magma_kexp15)) {
      Vec kek(mac_key_bytes, mac_key_bytes + 32);
      kek.insert(kek.end(), key.begin(), key.end());
      const Vec got = engine_crypt(NID_magma_kexp15, kek, iv4, kexp, false, 0, false);
      require(std::equal(got.begin(), got.end(), exported.begin(), exported.end()));
    }
  }
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [key, 32][iv, 8][selector][seek, 2][cuts length % 16][cuts][aad length % 64][aad]
  // [message].
  axiom::fuzz::Input in(data, size);
  const auto key = in.fixed<32>();
  const auto iv = in.fixed<8>();
  const std::size_t sel = in.byte();
  const std::uint64_t seek_to = std::uint64_t{in.byte()} << 8 | in.byte();
  const Bytes cuts = in.take(in.byte() % 16);
  const Bytes aad = in.take(in.byte() % 64);
  run(key, iv, sel, seek_to, cuts, aad, in.rest());
  return 0;
}

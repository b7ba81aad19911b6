// Fuzz target: Kuznyechik in ECB, CBC, CTR, CFB, OFB, CMAC (the GOST MAC) and CTR-ACPKM on every
// Kuznyechik kernel (the tables kernel included) against the portable one: streamed in random
// pieces, in place, CTR seeking; MGM on every pair of Kuznyechik and MGM kernels against the
// portable pair, with a round trip where a flipped bit must fail with the output zeroed; and,
// where OpenSSL is linked and its GOST engine loads in this process, against the engine's ECB,
// CBC, CTR, CFB, OFB and MAC (engine 3.0.1 has no MGM). Only the ENGINE is loaded, never the
// gostprov provider (the two cannot live in one process).
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#if AXIOM_FUZZ_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/engine.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#endif

#include "axiom/acpkm.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "fuzz_input.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "mgm/mgm_kernel.hpp"

namespace {

using axiom::Kuznyechik;
using axiom::fuzz::Bytes;
using axiom::fuzz::for_each_piece;
using axiom::fuzz::require;
using Vec = std::vector<std::uint8_t>;

#if AXIOM_FUZZ_OPENSSL
// The GOST engine, loaded once; null if it does not load (then the comparison is skipped).
ENGINE* gost_engine() {
  static ENGINE* e = [] {
    ENGINE* g = ENGINE_by_id("gost");
    return g && ENGINE_init(g) == 1 ? g : nullptr;
  }();
  return e;
}

// engine_crypt encrypts in with the engine's cipher nid on a fresh context (the engine 3.0.1's
// CTR keeps state across IV resets, DESIGN.md section 6), or returns want if the engine lacks
// the cipher or takes another IV size.
Vec engine_crypt(int nid, const std::uint8_t* key, Bytes iv, Bytes in, const Vec& want) {
  const EVP_CIPHER* cipher = ENGINE_get_cipher(gost_engine(), nid);
  if (!cipher || (EVP_CIPHER_get_iv_length(cipher) != static_cast<int>(iv.size()) && !iv.empty()))
    return want;
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Vec out(in.size() + 16);
  int n = 0, tail = 0;
  const std::uint8_t none = 0;
  require(EVP_EncryptInit_ex(ctx, cipher, gost_engine(), key, iv.empty() ? nullptr : iv.data()) ==
          1);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  require(EVP_EncryptUpdate(ctx, out.data(), &n, in.empty() ? &none : in.data(),
                            static_cast<int>(in.size())) == 1);
  require(EVP_EncryptFinal_ex(ctx, out.data() + n, &tail) == 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<std::size_t>(n + tail));
  return out;
}

// engine_mac returns the engine's Kuznyechik MAC (its full size), or an empty vector.
Vec engine_mac(const std::uint8_t* key, Bytes msg) {
  constexpr int md_ctrl_set_key = EVP_MD_CTRL_ALG_CTRL + 4;  // gost_lcl.h
  const EVP_MD* md = ENGINE_get_digest(gost_engine(), NID_kuznyechik_mac);
  if (!md) return {};
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  Vec k(key, key + 32), tag(EVP_MAX_MD_SIZE);
  unsigned n = 0;
  require(EVP_DigestInit_ex(ctx, md, gost_engine()) == 1);
  require(EVP_MD_CTX_ctrl(ctx, md_ctrl_set_key, 32, k.data()) == 1);
  require(EVP_DigestUpdate(ctx, msg.data(), msg.size()) == 1);
  require(EVP_DigestFinal_ex(ctx, tag.data(), &n) == 1);
  EVP_MD_CTX_free(ctx);
  tag.resize(n);
  return tag;
}
#endif

void run(std::span<const std::uint8_t, 32> key, std::span<const std::uint8_t, 16> iv,
         std::size_t tag_sel, std::uint64_t seek_to, Bytes cuts, Bytes aad, Bytes msg) {
  const Kuznyechik ref(key, axiom::detail::kuznyechik_portable);
  const Bytes blocks = msg.first(msg.size() / 16 * 16);
  std::uint8_t iv8_block[16] = {};  // GOST CTR's counter block: the 8-byte IV, then zeros
  std::copy(iv.begin(), iv.begin() + 8, iv8_block);
  const std::span<const std::uint8_t, 16> ctr_iv(iv8_block);
  const std::size_t section = 16 * (1 + tag_sel % 4);  // CTR-ACPKM sections of 16..64 bytes
  // CTR-ACPKM re-keys every section (a key schedule each, slow under ASan): its first 1 KiB.
  const Bytes acpkm_msg = msg.first(std::min<std::size_t>(msg.size(), 1024));

  Vec ecb(blocks.size()), cbc(blocks.size()), ctr(msg.size()), cfb(msg.size()), ofb(msg.size()),
      acpkm(acpkm_msg.size());
  require(axiom::Ecb<Kuznyechik>(ref).encrypt(ecb, blocks).ok());
  require(axiom::Cbc<Kuznyechik>(ref, iv).encrypt(cbc, blocks).ok());
  require(axiom::Ctr<Kuznyechik>(ref, ctr_iv).apply(ctr, msg).ok());
  require(axiom::Cfb<Kuznyechik>(ref, iv).encrypt(cfb, msg).ok());
  require(axiom::Ofb<Kuznyechik>(ref, iv).apply(ofb, msg).ok());
  require(axiom::KuznyechikCtrAcpkm::make(ref, iv.first(8), section)->apply(acpkm, acpkm_msg).ok());
  std::uint8_t cmac[16];
  {
    axiom::Cmac<Kuznyechik> m(ref);
    m.update(msg);
    m.finish(cmac);
  }
  // MGM: the nonce is iv with its first bit cleared; a 4..16-byte tag.
  std::uint8_t nonce_bytes[16];
  std::copy(iv.begin(), iv.end(), nonce_bytes);
  nonce_bytes[0] &= 0x7f;
  const Bytes nonce(nonce_bytes);
  const std::size_t tag_len = 4 + tag_sel % 13;
  Vec mgm(msg.size() + tag_len);
  require(axiom::KuznyechikMgm(ref, axiom::detail::mgm_portable)
              .seal(mgm, nonce, aad, msg, tag_len)
              .ok());

  for (const axiom::detail::KuznyechikKernel* k : axiom::detail::kuznyechik_kernels()) {
    if (!axiom::fuzz::runnable(k->info)) continue;
    const Kuznyechik c(key, *k);
    Vec buf(blocks.begin(), blocks.end());
    const axiom::Ecb<Kuznyechik> e(c);
    require(e.encrypt(buf, buf).ok() && buf == ecb);
    require(e.decrypt(buf, buf).ok() && std::equal(buf.begin(), buf.end(), blocks.begin()));

    axiom::Cbc<Kuznyechik> enc(c, iv), dec(c, iv);
    Vec out(blocks.size());
    for_each_piece(blocks.size() / 16, cuts, [&](std::size_t at, std::size_t n) {
      require(enc.encrypt(std::span(out).subspan(at * 16, n * 16), blocks.subspan(at * 16, n * 16))
                  .ok());
    });
    require(out == cbc);
    require(dec.decrypt(out, out).ok() && std::equal(out.begin(), out.end(), blocks.begin()));

    // CTR, CFB, OFB and CTR-ACPKM streamed at any byte, in place; CFB back; CTR from a seek.
    Vec s_ctr(msg.begin(), msg.end()), s_cfb = s_ctr, s_ofb = s_ctr,
                                       s_acpkm(acpkm_msg.begin(), acpkm_msg.end());
    axiom::Ctr<Kuznyechik> ctr_k(c, ctr_iv);
    axiom::Cfb<Kuznyechik> cfb_k(c, iv), cfb_d(c, iv);
    axiom::Ofb<Kuznyechik> ofb_k(c, iv);
    auto acpkm_k = axiom::KuznyechikCtrAcpkm::make(c, iv.first(8), section);
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

    axiom::Cmac<Kuznyechik> m(c);
    axiom::fuzz::update_in_pieces(m, msg, cuts);
    std::uint8_t tag[16];
    m.finish(tag);
    require(std::equal(tag, tag + 16, cmac));

    // MGM with every multiplication kernel: seal, open in place, a flipped bit fails.
    for (const axiom::detail::MgmKernel* g : axiom::detail::mgm_kernels()) {
      if (!axiom::fuzz::runnable(g->info)) continue;
      const axiom::KuznyechikMgm a(c, *g);
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
    require(engine_crypt(NID_kuznyechik_ecb, key.data(), {}, blocks, ecb) == ecb);
    require(engine_crypt(NID_kuznyechik_cbc, key.data(), iv, blocks, cbc) == cbc);
    require(engine_crypt(NID_kuznyechik_ctr, key.data(), iv.first(8), msg, ctr) == ctr);
    require(engine_crypt(NID_kuznyechik_cfb, key.data(), iv, msg, cfb) == cfb);
    require(engine_crypt(NID_kuznyechik_ofb, key.data(), iv, msg, ofb) == ofb);
    const Vec mac = engine_mac(key.data(), msg);
    require(mac.size() <= 16 && std::equal(mac.begin(), mac.end(), cmac));
  }
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [key, 32][iv, 16][tag selector][seek, 2][cuts length % 16][cuts]
  // [aad length % 64][aad][message].
  axiom::fuzz::Input in(data, size);
  const auto key = in.fixed<32>();
  const auto iv = in.fixed<16>();
  const std::size_t tag_sel = in.byte();
  const std::uint64_t seek_to = std::uint64_t{in.byte()} << 8 | in.byte();
  const Bytes cuts = in.take(in.byte() % 16);
  const Bytes aad = in.take(in.byte() % 64);
  run(key, iv, tag_sel, seek_to, cuts, aad, in.rest());
  return 0;
}

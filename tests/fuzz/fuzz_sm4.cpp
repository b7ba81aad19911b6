// Fuzz target: SM4 in ECB, CBC, CTR, CFB, OFB and CMAC on every SM4 kernel against the portable
// one (the message streamed in random pieces, in place, CTR seeking), and SM4-GCM (every pair
// of SM4 and GHASH kernels) and SM4-CCM (every SM4 kernel) seal/open round trips against the
// portable kernels, where a flipped bit must fail with the output zeroed; SM4-XTS in both tweak
// orders (key K1 = the key, K2 = the IV), in place and back. Where linked, against OpenSSL (ECB,
// CBC, CTR, CFB, OFB, CMAC) and libgcrypt (GCM, CCM and XTS).
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#if AXIOM_FUZZ_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#endif
#if AXIOM_FUZZ_LIBGCRYPT
#include <gcrypt.h>
#endif

#include "axiom/ccm.hpp"
#include "axiom/gcm.hpp"
#include "axiom/modes.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"
#include "fuzz_input.hpp"
#include "ghash/ghash_kernel.hpp"
#include "sm4/sm4_kernel.hpp"

namespace {

using axiom::Sm4;
using axiom::fuzz::Bytes;
using axiom::fuzz::for_each_piece;
using axiom::fuzz::require;
using Vec = std::vector<std::uint8_t>;

#if AXIOM_FUZZ_OPENSSL
Vec openssl_crypt(const char* name, const std::uint8_t* key, const std::uint8_t* iv, Bytes in) {
  EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, name, nullptr);
  require(cipher != nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Vec out(in.size() + 16);
  int n = 0, tail = 0;
  const std::uint8_t none = 0;
  require(EVP_EncryptInit_ex(ctx, cipher, nullptr, key, iv) == 1);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  require(EVP_EncryptUpdate(ctx, out.data(), &n, in.empty() ? &none : in.data(),
                            static_cast<int>(in.size())) == 1);
  require(EVP_EncryptFinal_ex(ctx, out.data() + n, &tail) == 1);
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(cipher);
  out.resize(static_cast<std::size_t>(n + tail));
  return out;
}

Vec openssl_cmac(const std::uint8_t* key, Bytes msg) {
  static EVP_MAC* mac = EVP_MAC_fetch(nullptr, "CMAC", nullptr);
  char name[] = "SM4-CBC";
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, name, 0),
                         OSSL_PARAM_construct_end()};
  EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
  Vec tag(16);
  std::size_t n = 0;
  require(EVP_MAC_init(ctx, key, 16, params) == 1);
  require(EVP_MAC_update(ctx, msg.data(), msg.size()) == 1);
  require(EVP_MAC_final(ctx, tag.data(), &n, tag.size()) == 1 && n == 16);
  EVP_MAC_CTX_free(ctx);
  return tag;
}
#endif

#if AXIOM_FUZZ_LIBGCRYPT
// gcrypt_seal returns ciphertext || tag from libgcrypt's SM4 in GCM or CCM mode.
Vec gcrypt_seal(int mode, const std::uint8_t* key, Bytes nonce, Bytes aad, Bytes msg,
                std::size_t tag_len) {
  static const bool ready = gcry_check_version(nullptr) != nullptr;
  require(ready);
  gcry_cipher_hd_t h;
  require(gcry_cipher_open(&h, GCRY_CIPHER_SM4, mode, 0) == 0);
  require(gcry_cipher_setkey(h, key, 16) == 0);
  require(gcry_cipher_setiv(h, nonce.data(), nonce.size()) == 0);
  if (mode == GCRY_CIPHER_MODE_CCM) {
    const std::uint64_t lengths[3] = {msg.size(), aad.size(), tag_len};
    require(gcry_cipher_ctl(h, GCRYCTL_SET_CCM_LENGTHS, const_cast<std::uint64_t*>(lengths),
                            sizeof lengths) == 0);
  }
  require(gcry_cipher_authenticate(h, aad.data(), aad.size()) == 0);
  // GCM's tag is read whole and cut (a short GCM tag is the full tag's first bytes).
  const std::size_t read = mode == GCRY_CIPHER_MODE_GCM ? 16 : tag_len;
  Vec out(msg.size() + read);
  gcry_cipher_final(h);
  require(gcry_cipher_encrypt(h, out.data(), msg.size(), msg.data(), msg.size()) == 0);
  require(gcry_cipher_gettag(h, out.data() + msg.size(), read) == 0);
  gcry_cipher_close(h);
  out.resize(msg.size() + tag_len);
  return out;
}

// gcrypt_xts: libgcrypt's SM4-XTS (IEEE 1619 order) under K1 || K2.
Vec gcrypt_xts(const std::uint8_t* k1, const std::uint8_t* k2, const std::uint8_t* tweak,
               Bytes msg) {
  std::uint8_t key[32];
  std::copy(k1, k1 + 16, key);
  std::copy(k2, k2 + 16, key + 16);
  gcry_cipher_hd_t h;
  require(gcry_cipher_open(&h, GCRY_CIPHER_SM4, GCRY_CIPHER_MODE_XTS, 0) == 0);
  require(gcry_cipher_setkey(h, key, 32) == 0 && gcry_cipher_setiv(h, tweak, 16) == 0);
  Vec out(msg.size());
  require(gcry_cipher_encrypt(h, out.data(), out.size(), msg.data(), msg.size()) == 0);
  gcry_cipher_close(h);
  return out;
}
#endif

// aead_round_trip: seal with a, compare with want, open in place, then a flipped bit must fail
// and zero the output.
template <class Aead>
void aead_round_trip(const Aead& a, Bytes nonce, Bytes aad, Bytes msg, std::size_t tag_len,
                     const Vec& want, std::size_t flip) {
  Vec buf(msg.size() + tag_len);
  require(a.seal(buf, nonce, aad, msg, tag_len).ok() && buf == want);
  require(a.open(std::span(buf).first(msg.size()), nonce, aad, buf, tag_len).ok());
  require(std::equal(msg.begin(), msg.end(), buf.begin()));
  Vec bad = want, out(msg.size(), 0xee);
  bad[flip % bad.size()] ^= static_cast<std::uint8_t>(1u << (flip % 8));
  require(a.open(out, nonce, aad, bad, tag_len).error() == axiom::Error::authentication_failed);
  require(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0; }));
}

void run(std::span<const std::uint8_t, 16> key, std::span<const std::uint8_t, 16> iv, Bytes nonce,
         std::size_t tag_sel, std::uint64_t seek_to, Bytes cuts, Bytes aad, Bytes msg) {
  const Sm4 ref(key, axiom::detail::sm4_portable);
  const Bytes blocks = msg.first(msg.size() / 16 * 16);

  Vec ecb(blocks.size()), cbc(blocks.size()), ctr(msg.size()), cfb(msg.size()), ofb(msg.size());
  require(axiom::Ecb<Sm4>(ref).encrypt(ecb, blocks).ok());
  require(axiom::Cbc<Sm4>(ref, iv).encrypt(cbc, blocks).ok());
  require(axiom::Ctr<Sm4>(ref, iv).apply(ctr, msg).ok());
  require(axiom::Cfb<Sm4>(ref, iv).encrypt(cfb, msg).ok());
  require(axiom::Ofb<Sm4>(ref, iv).apply(ofb, msg).ok());
  std::uint8_t cmac[16];
  {
    axiom::Cmac<Sm4> m(ref);
    m.update(msg);
    m.finish(cmac);
  }
  // The AEADs' portable answers: GCM with a 12..16-byte tag, CCM with 4, 6, ..., 16 and a
  // 7..13-byte nonce (the first bytes of the fuzzer's nonce).
  const std::size_t gcm_tag = 12 + tag_sel % 5, ccm_tag = 4 + 2 * (tag_sel % 7);
  const Bytes gcm_nonce = nonce.empty() ? iv.first(12) : nonce;
  const Bytes ccm_nonce = iv.first(7 + tag_sel % 7);
  const axiom::Sm4Gcm gcm_ref(ref, axiom::detail::ghash_portable);
  const axiom::Sm4Ccm ccm_ref(ref);
  Vec gcm(msg.size() + gcm_tag), ccm(msg.size() + ccm_tag);
  require(gcm_ref.seal(gcm, gcm_nonce, aad, msg, gcm_tag).ok());
  const bool ccm_fits =
      ccm_nonce.size() <= 8 || msg.size() < (std::size_t{1} << (8 * (15 - ccm_nonce.size())));
  require(ccm_ref.seal(ccm, ccm_nonce, aad, msg, ccm_tag).ok() == ccm_fits);
  // XTS: one data unit of 16 bytes to 16 MiB (shorter: an error that leaves out alone).
  const std::uint8_t* tweak = nonce.size() >= 16 ? nonce.data() : iv.data();
  const std::span<const std::uint8_t, 16> tweak16(tweak, 16);
  const Sm4 ref2(iv, axiom::detail::sm4_portable);
  Vec xts_ieee(msg.size()), xts_gb(msg.size());
  const bool xts_fits = msg.size() >= 16 && msg.size() <= axiom::Xts<Sm4>::max_unit_size;
  require(axiom::Xts<Sm4>(ref, ref2).encrypt(xts_ieee, msg, tweak16).ok() == xts_fits);
  require(
      axiom::Xts<Sm4>(ref, ref2, axiom::XtsStandard::gb17964).encrypt(xts_gb, msg, tweak16).ok() ==
      xts_fits);

  for (const axiom::detail::Sm4Kernel* k : axiom::detail::sm4_kernels()) {
    if (!axiom::fuzz::runnable(k->info)) continue;
    const Sm4 c(key, *k);
    Vec buf(blocks.begin(), blocks.end());
    const axiom::Ecb<Sm4> e(c);
    require(e.encrypt(buf, buf).ok() && buf == ecb);
    require(e.decrypt(buf, buf).ok() && std::equal(buf.begin(), buf.end(), blocks.begin()));

    axiom::Cbc<Sm4> enc(c, iv), dec(c, iv);
    Vec out(blocks.size());
    for_each_piece(blocks.size() / 16, cuts, [&](std::size_t at, std::size_t n) {
      require(enc.encrypt(std::span(out).subspan(at * 16, n * 16), blocks.subspan(at * 16, n * 16))
                  .ok());
    });
    require(out == cbc);
    require(dec.decrypt(out, out).ok() && std::equal(out.begin(), out.end(), blocks.begin()));

    // CTR, CFB and OFB streamed at any byte, in place; CFB decrypted back; CTR from a seek.
    Vec s_ctr(msg.begin(), msg.end()), s_cfb = s_ctr, s_ofb = s_ctr;
    axiom::Ctr<Sm4> ctr_k(c, iv);
    axiom::Cfb<Sm4> cfb_k(c, iv), cfb_d(c, iv);
    axiom::Ofb<Sm4> ofb_k(c, iv);
    for_each_piece(msg.size(), cuts, [&](std::size_t at, std::size_t n) {
      require(ctr_k.apply(std::span(s_ctr).subspan(at, n), std::span(s_ctr).subspan(at, n)).ok());
      require(cfb_k.encrypt(std::span(s_cfb).subspan(at, n), std::span(s_cfb).subspan(at, n)).ok());
      require(ofb_k.apply(std::span(s_ofb).subspan(at, n), std::span(s_ofb).subspan(at, n)).ok());
    });
    require(s_ctr == ctr && s_cfb == cfb && s_ofb == ofb);
    require(cfb_d.decrypt(s_cfb, s_cfb).ok() && std::equal(msg.begin(), msg.end(), s_cfb.begin()));
    const std::size_t from = msg.empty() ? 0 : seek_to % msg.size();
    Vec tail(msg.size() - from);
    ctr_k.seek(from);
    require(ctr_k.apply(tail, msg.subspan(from)).ok());
    require(std::equal(tail.begin(), tail.end(), ctr.begin() + static_cast<std::ptrdiff_t>(from)));

    axiom::Cmac<Sm4> m(c);
    axiom::fuzz::update_in_pieces(m, msg, cuts);
    std::uint8_t tag[16];
    m.finish(tag);
    require(std::equal(tag, tag + 16, cmac));

    for (const axiom::detail::GhashKernel* g : axiom::detail::ghash_kernels()) {
      if (!axiom::fuzz::runnable(g->info)) continue;
      aead_round_trip(axiom::Sm4Gcm(c, *g), gcm_nonce, aad, msg, gcm_tag, gcm, seek_to);
    }
    if (ccm_fits) aead_round_trip(axiom::Sm4Ccm(c), ccm_nonce, aad, msg, ccm_tag, ccm, seek_to);

    if (!xts_fits) continue;
    const Sm4 c2(iv, *k);
    for (const auto& [standard, want] : {std::pair{axiom::XtsStandard::ieee1619, &xts_ieee},
                                         std::pair{axiom::XtsStandard::gb17964, &xts_gb}}) {
      const axiom::Xts<Sm4> x(c, c2, standard);
      Vec b(msg.begin(), msg.end());
      require(x.encrypt(b, b, tweak16).ok() && b == *want);
      require(x.decrypt(b, b, tweak16).ok() && std::equal(b.begin(), b.end(), msg.begin()));
    }
  }

#if AXIOM_FUZZ_OPENSSL
  require(openssl_crypt("SM4-ECB", key.data(), nullptr, blocks) == ecb);
  require(openssl_crypt("SM4-CBC", key.data(), iv.data(), blocks) == cbc);
  require(openssl_crypt("SM4-CTR", key.data(), iv.data(), msg) == ctr);
  require(openssl_crypt("SM4-CFB", key.data(), iv.data(), msg) == cfb);
  require(openssl_crypt("SM4-OFB", key.data(), iv.data(), msg) == ofb);
  require(openssl_cmac(key.data(), msg) == Vec(cmac, cmac + 16));
#endif
#if AXIOM_FUZZ_LIBGCRYPT
  require(gcrypt_seal(GCRY_CIPHER_MODE_GCM, key.data(), gcm_nonce, aad, msg, gcm_tag) == gcm);
  if (ccm_fits)
    require(gcrypt_seal(GCRY_CIPHER_MODE_CCM, key.data(), ccm_nonce, aad, msg, ccm_tag) == ccm);
  // (libgcrypt may refuse K1 == K2, as IEEE 1619 asks.)
  if (xts_fits && !std::equal(key.begin(), key.end(), iv.begin()))
    require(gcrypt_xts(key.data(), iv.data(), tweak, msg) == xts_ieee);
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [key, 16][iv, 16][nonce length % 32][nonce][tag selector][seek, 2]
  // [cuts length % 16][cuts][aad length % 64][aad][message].
  axiom::fuzz::Input in(data, size);
  const auto key = in.fixed<16>();
  const auto iv = in.fixed<16>();
  const Bytes nonce = in.take(in.byte() % 32);
  const std::size_t tag_sel = in.byte();
  const std::uint64_t seek_to = std::uint64_t{in.byte()} << 8 | in.byte();
  const Bytes cuts = in.take(in.byte() % 16);
  const Bytes aad = in.take(in.byte() % 64);
  run(key, iv, nonce, tag_sel, seek_to, cuts, aad, in.rest());
  return 0;
}

// Differential tests: Magma's modes on every Magma kernel against the OpenSSL GOST engine
// (libengine-gost-openssl) in this process, on seeded random keys, IVs and messages of awkward
// lengths, unaligned. The engine 3.0.1 has Magma CBC, CTR, CTR-ACPKM, the MAC and KImp15 but no
// ECB, CFB or OFB: those are checked against the engine's block cipher (its CBC fed so that each
// output is E_K of one chosen block). Only the engine is loaded, never the gostprov provider
// (the two cannot live in one process). Skipped where the engine is not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "axiom/acpkm.hpp"
#include "axiom/bytes.hpp"
#include "axiom/kexp15.hpp"
#include "axiom/magma.hpp"
#include "axiom/modes.hpp"
#include "magma/magma_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

#if AXIOM_HAVE_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/engine.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#endif

namespace axiom::test {
namespace {

#if AXIOM_HAVE_OPENSSL

// gost_engine: the GOST engine, loaded once; null where it is not installed.
ENGINE* gost_engine() {
  static ENGINE* e = [] {
    ENGINE* g = ENGINE_by_id("gost");
    if (g && ENGINE_init(g) != 1) {
      ENGINE_free(g);
      g = nullptr;
    }
    ERR_clear_error();
    return g;
  }();
  return e;
}

// engine_cipher returns the engine's cipher nid; the test fails if the engine lacks it.
const EVP_CIPHER* engine_cipher(int nid) {
  const EVP_CIPHER* c = ENGINE_get_cipher(gost_engine(), nid);
  EXPECT_NE(c, nullptr) << "the GOST engine has no " << OBJ_nid2sn(nid);
  return c;
}

// EngineContext: one fresh engine cipher context (the engine's CTR keeps state across IV
// resets, so every message gets its own), padding off; key_mesh > 0 sets the ACPKM section.
class EngineContext {
 public:
  EngineContext(int nid, const Bytes& key, const Bytes& iv, bool encrypt, int key_mesh = 0)
      : ctx_(EVP_CIPHER_CTX_new()) {
    const EVP_CIPHER* c = engine_cipher(nid);
    EVP_CIPHER_CTX_set_flags(ctx_, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);  // magma-kexp15 is a wrap
    ok_ = c && EVP_CipherInit_ex(ctx_, c, gost_engine(), key.data(),
                                 iv.empty() ? nullptr : iv.data(), encrypt) == 1;
    // The section after the key: setting Magma's key resets it to 1024 bytes.
    if (ok_ && key_mesh > 0)
      ok_ = EVP_CIPHER_CTX_ctrl(ctx_, EVP_CTRL_KEY_MESH, key_mesh, nullptr) > 0;
    ok_ = ok_ && EVP_CIPHER_CTX_set_padding(ctx_, 0) == 1;
    EXPECT_TRUE(ok_) << "engine set-up of " << OBJ_nid2sn(nid);
  }
  ~EngineContext() { EVP_CIPHER_CTX_free(ctx_); }
  EngineContext(const EngineContext&) = delete;
  EngineContext& operator=(const EngineContext&) = delete;

  // update passes in through the cipher and returns what it wrote.
  Bytes update(const Bytes& in) {
    Bytes out(in.size() + 16);
    int n = 0;
    const std::uint8_t none = 0;
    if (ok_ && EVP_CipherUpdate(ctx_, out.data(), &n, in.empty() ? &none : in.data(),
                                static_cast<int>(in.size())) == 1) {
      out.resize(static_cast<std::size_t>(n));
      return out;
    }
    ADD_FAILURE() << "engine update failed";
    return {};
  }
  // run: update, then final; the whole output.
  Bytes run(const Bytes& in) {
    Bytes out = update(in), tail(16);
    int n = 0;
    EXPECT_EQ(EVP_CipherFinal_ex(ctx_, tail.data(), &n), 1);
    out.insert(out.end(), tail.begin(), tail.begin() + n);
    return out;
  }

 private:
  EVP_CIPHER_CTX* ctx_;
  bool ok_ = false;
};

Bytes xor_bytes(Bytes a, const Bytes& b) {
  for (std::size_t i = 0; i < a.size(); ++i) a[i] ^= b[i];
  return a;
}

// EngineBlock is the engine's Magma block cipher alone: its CBC under a zero IV, each block
// fed xored with the previous output, so that output is E_K(block).
class EngineBlock {
 public:
  explicit EngineBlock(const Bytes& key) : ctx_(NID_magma_cbc, key, Bytes(8, 0), true) {}
  Bytes encrypt(const Bytes& block) {
    prev_ = ctx_.update(xor_bytes(block, prev_));
    return prev_;
  }

 private:
  EngineContext ctx_;
  Bytes prev_ = Bytes(8, 0);
};

// engine_mac: the engine's magma-mac of msg, tag_len bytes (1..8): the engine's MAC is an
// extendable-output digest whose output length is the tag length.
Bytes engine_mac(const Bytes& key, const Bytes& msg, int tag_len) {
  constexpr int md_ctrl_set_key = EVP_MD_CTRL_ALG_CTRL + 4;  // gost_lcl.h
  const EVP_MD* md = ENGINE_get_digest(gost_engine(), NID_magma_mac);
  EXPECT_NE(md, nullptr) << "the GOST engine has no magma-mac";
  if (!md) return {};
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  Bytes k = key, tag(EVP_MAX_MD_SIZE);
  const std::size_t n = static_cast<std::size_t>(tag_len);
  const bool ok = EVP_DigestInit_ex(ctx, md, gost_engine()) == 1 &&
                  EVP_MD_CTX_ctrl(ctx, md_ctrl_set_key, 32, k.data()) == 1 &&
                  EVP_DigestUpdate(ctx, msg.data(), msg.size()) == 1 &&
                  EVP_DigestFinalXOF(ctx, tag.data(), n) == 1;
  EVP_MD_CTX_free(ctx);
  EXPECT_TRUE(ok) << "engine magma-mac";
  tag.resize(n);
  return tag;
}

// Buffers at an odd offset from the allocation, so no kernel sees aligned data.
struct Unaligned {
  explicit Unaligned(const Bytes& b) : store(b.size() + 3) {
    for (std::size_t i = 0; i < b.size(); ++i) store[3 + i] = b[i];  // (GCC 12 misjudges copy)
  }
  std::span<std::uint8_t> span() { return std::span(store).subspan(3); }
  Bytes bytes() const { return Bytes(store.begin() + 3, store.end()); }
  Bytes store;
};

// Message lengths around Magma's 8-byte block and the kernels' batches, up to several KiB.
std::vector<std::size_t> lengths() {
  return {0,   1,   7,   8,   9,   15,   16,   17,   63,   64,  65,
          127, 255, 256, 257, 511, 1023, 1025, 4095, 4096, 4103};
}

class MagmaEngine : public KernelTest<detail::MagmaKernel> {
 protected:
  void SetUp() override {
    KernelTest::SetUp();
    if (IsSkipped()) return;
    if (!gost_engine())
      GTEST_SKIP() << "the OpenSSL GOST engine (libengine-gost-openssl) is not installed";
  }
  Magma cipher(const Bytes& key) const {
    return Magma(std::span<const std::uint8_t, 32>(key.data(), 32), *GetParam());
  }
};

TEST_P(MagmaEngine, Ecb) {
  Prng rng(test_seed() + 20);
  for (std::size_t n : lengths()) {
    const Bytes key = rng.bytes(32), in = rng.bytes(n / 8 * 8);
    const Ecb<Magma> ecb(cipher(key));
    Unaligned enc(in), dec(in);
    ASSERT_TRUE(ecb.encrypt(enc.span(), enc.span()).ok());
    ASSERT_TRUE(ecb.decrypt(dec.span(), dec.span()).ok());
    // The engine's E_K block by block; its D_K from CBC decryption under a zero IV, whose
    // output is D_K(c_i) xor c_(i-1).
    EngineBlock e(key);
    Bytes want_enc;
    for (std::size_t i = 0; i < in.size(); i += 8) {
      const Bytes b = e.encrypt(Bytes(&in[i], &in[i] + 8));
      want_enc.insert(want_enc.end(), b.begin(), b.end());
    }
    Bytes chained(8, 0);
    chained.insert(chained.end(), in.begin(), in.end());
    const Bytes want_dec =
        xor_bytes(EngineContext(NID_magma_cbc, key, Bytes(8, 0), false).run(in), chained);
    EXPECT_EQ(enc.bytes(), want_enc) << "length " << n << " seed " << rng.seed;
    EXPECT_EQ(dec.bytes(), want_dec) << "length " << n << " seed " << rng.seed;
  }
}

TEST_P(MagmaEngine, Cbc) {
  Prng rng(test_seed() + 21);
  for (std::size_t n : lengths()) {
    const Bytes key = rng.bytes(32), iv = rng.bytes(8), in = rng.bytes(n / 8 * 8);
    const std::span<const std::uint8_t, 8> iv8(iv.data(), 8);
    Unaligned enc(in), dec(in), src(in);
    ASSERT_TRUE(Cbc<Magma>(cipher(key), iv8).encrypt(enc.span(), src.span()).ok());
    ASSERT_TRUE(Cbc<Magma>(cipher(key), iv8).decrypt(dec.span(), dec.span()).ok());
    EXPECT_EQ(enc.bytes(), EngineContext(NID_magma_cbc, key, iv, true).run(in))
        << "length " << n << " seed " << rng.seed;
    EXPECT_EQ(dec.bytes(), EngineContext(NID_magma_cbc, key, iv, false).run(in))
        << "length " << n << " seed " << rng.seed;
  }
}

TEST_P(MagmaEngine, Ctr) {
  Prng rng(test_seed() + 22);
  for (std::size_t n : lengths()) {
    const Bytes key = rng.bytes(32), iv = rng.bytes(4), in = rng.bytes(n);
    Unaligned got(in), src(in);
    Ctr<Magma> ctr = Ctr<Magma>::gost(cipher(key), std::span<const std::uint8_t, 4>(iv.data(), 4));
    // In two pieces, the first ending inside a block, out of place; the second in place.
    const std::size_t cut = n / 3;
    ASSERT_TRUE(ctr.apply(got.span().first(cut), src.span().first(cut)).ok());
    ASSERT_TRUE(ctr.apply(got.span().subspan(cut), got.span().subspan(cut)).ok());
    EXPECT_EQ(got.bytes(), EngineContext(NID_magma_ctr, key, iv, true).run(in))
        << "length " << n << " seed " << rng.seed;
  }
}

TEST_P(MagmaEngine, Ofb) {
  Prng rng(test_seed() + 23);
  for (std::size_t n : lengths()) {
    const Bytes key = rng.bytes(32), iv = rng.bytes(8), in = rng.bytes(n);
    Unaligned got(in), src(in);
    Ofb<Magma> ofb(cipher(key), std::span<const std::uint8_t, 8>(iv.data(), 8));
    const std::size_t cut = n / 3;
    ASSERT_TRUE(ofb.apply(got.span().first(cut), src.span().first(cut)).ok());
    ASSERT_TRUE(ofb.apply(got.span().subspan(cut), got.span().subspan(cut)).ok());
    // The OFB key stream E_K(IV), E_K(E_K(IV)), ... is the engine's CBC of zero blocks.
    Bytes stream = EngineContext(NID_magma_cbc, key, iv, true).run(Bytes((n + 7) / 8 * 8, 0));
    stream.resize(n);
    EXPECT_EQ(got.bytes(), xor_bytes(in, stream)) << "length " << n << " seed " << rng.seed;
  }
}

TEST_P(MagmaEngine, Cfb) {
  Prng rng(test_seed() + 24);
  for (std::size_t n : lengths()) {
    const Bytes key = rng.bytes(32), iv = rng.bytes(8), in = rng.bytes(n);
    const std::span<const std::uint8_t, 8> iv8(iv.data(), 8);
    Unaligned enc(in), src(in);
    Cfb<Magma> cfb(cipher(key), iv8);
    const std::size_t cut = n / 3;
    ASSERT_TRUE(cfb.encrypt(enc.span().first(cut), src.span().first(cut)).ok());
    ASSERT_TRUE(cfb.encrypt(enc.span().subspan(cut), enc.span().subspan(cut)).ok());
    // c_i = p_i xor E_K(c_(i-1)), c_0 = IV, with the engine's E_K.
    EngineBlock e(key);
    Bytes want(n), reg = iv;
    for (std::size_t i = 0; i < n; i += 8) {
      const Bytes k = e.encrypt(reg);
      for (std::size_t j = i; j < std::min(n, i + 8); ++j) want[j] = in[j] ^ k[j - i];
      if (i + 8 <= n) reg.assign(&want[i], &want[i] + 8);
    }
    EXPECT_EQ(enc.bytes(), want) << "length " << n << " seed " << rng.seed;
    Unaligned dec(want);
    ASSERT_TRUE(Cfb<Magma>(cipher(key), iv8).decrypt(dec.span(), dec.span()).ok());
    EXPECT_EQ(dec.bytes(), in) << "length " << n << " seed " << rng.seed;
  }
}

TEST_P(MagmaEngine, Mac) {
  Prng rng(test_seed() + 25);
  for (std::size_t n : lengths()) {
    const Bytes key = rng.bytes(32), msg = rng.bytes(n);
    Cmac<Magma> mac(cipher(key));
    Unaligned m(msg);
    mac.update(m.span().first(n / 2));
    mac.update(m.span().subspan(n / 2));
    std::uint8_t tag[8];
    mac.finish(tag);
    // The engine's tag lengths 1..8 are the tag's first bytes; Cmac::verify takes 4..8.
    for (int len = 1; len <= 8; ++len) {
      const Bytes want = engine_mac(key, msg, len);
      EXPECT_EQ(Bytes(tag, tag + len), want) << "length " << n << " tag " << len;
      if (len < 4) continue;
      Cmac<Magma> check(cipher(key));
      check.update(msg);
      EXPECT_TRUE(check.verify(want).ok()) << "length " << n << " tag " << len;
    }
  }
}

TEST_P(MagmaEngine, CtrAcpkm) {
  Prng rng(test_seed() + 26);
  for (std::size_t section : {8u, 16u, 64u, 1024u}) {
    for (std::size_t n : lengths()) {
      const Bytes key = rng.bytes(32), iv = rng.bytes(4), in = rng.bytes(n);
      Unaligned got(in), src(in);
      auto ctr = MagmaCtrAcpkm::make(cipher(key), iv, section);
      ASSERT_TRUE(ctr.ok());
      const std::size_t cut = n / 3;
      ASSERT_TRUE(ctr->apply(got.span().first(cut), src.span().first(cut)).ok());
      ASSERT_TRUE(ctr->apply(got.span().subspan(cut), got.span().subspan(cut)).ok());
      EXPECT_EQ(
          got.bytes(),
          EngineContext(NID_magma_ctr_acpkm, key, iv, true, static_cast<int>(section)).run(in))
          << "section " << section << " length " << n << " seed " << rng.seed;
    }
  }
}

// KExp15 against the engine's magma-kexp15 key wrap, which only unwraps (KImp15; its 64-byte
// key is the MAC key, then the encryption key): it must take our export back to the key, and
// refuse it with any bit changed.
TEST_P(MagmaEngine, Kexp15) {
  Prng rng(test_seed() + 27);
  for (int i = 0; i < 8; ++i) {  // the engine unwraps 32-byte keys only
    const Bytes enc_key = rng.bytes(32), mac_key = rng.bytes(32), iv = rng.bytes(4),
                key = rng.bytes(32);
    Bytes wrapped(40), kek = mac_key;
    kek.insert(kek.end(), enc_key.begin(), enc_key.end());
    ASSERT_TRUE(kexp15<Magma>(wrapped, key, cipher(mac_key), cipher(enc_key),
                              std::span<const std::uint8_t, 4>(iv.data(), 4))
                    .ok());
    // Update alone: the engine's final writes the key a second time.
    EXPECT_EQ(EngineContext(NID_magma_kexp15, kek, iv, false).update(wrapped), key)
        << "seed " << rng.seed;
    wrapped[rng.bytes(1)[0] % 40] ^= 0x10;
    EXPECT_TRUE(EngineContext(NID_magma_kexp15, kek, iv, false).update(wrapped).empty());
    ERR_clear_error();
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, MagmaEngine, ::testing::ValuesIn(magma_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

#else
TEST(MagmaEngine, Skipped) { GTEST_SKIP() << "built without OpenSSL: no GOST engine to compare"; }
#endif

}  // namespace
}  // namespace axiom::test

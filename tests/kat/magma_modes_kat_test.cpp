// Known-answer tests for the modes over Magma (GOST R 34.13-2015 appendix A.2, RFC 9058 A.2,
// R 1323565.1.017-2018 appendices A and B, RFC 9189, derived GOST-engine cases) through the
// public classes, over every Magma kernel: ECB, CTR, CBC, CFB, OFB with their registers, MAC,
// MGM over GF(2^64) with every multiplication kernel, CTR-ACPKM, OMAC-ACPKM, KExp15/KImp15.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "axiom/acpkm.hpp"
#include "axiom/bytes.hpp"
#include "axiom/gost_padding.hpp"
#include "axiom/kexp15.hpp"
#include "axiom/magma.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "magma/magma_kernel.hpp"
#include "mgm64/mgm64_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/block_cipher_diff.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

class MagmaModesKat : public ::testing::TestWithParam<const detail::MagmaKernel*> {
 protected:
  void SetUp() override { AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info); }
  Magma cipher(const Bytes& key) const { return Magma(fixed<32>(key), *GetParam()); }
};

TEST_P(MagmaModesKat, Ecb) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_ecb.txt")) {
    const Bytes pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    Ecb<Magma> ecb(cipher(c.bytes("Key")));
    Bytes out(pt.size());
    ASSERT_TRUE(ecb.encrypt(out, pt).ok());
    EXPECT_EQ(out, ct) << c.where();
    ASSERT_TRUE(ecb.decrypt(out, ct).ok());
    EXPECT_EQ(out, pt) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 6);
}

// PKCS#7 (1 to 8 bytes) and GOST R 34.13's padding procedure 2 over 8-byte blocks.
TEST_P(MagmaModesKat, Padding) {
  const Magma k = cipher(Bytes(32, 3));
  const Bytes iv(8, 9);
  for (std::size_t n : {0u, 1u, 7u, 8u, 9u, 23u}) {
    const Bytes msg(n, 0x5a);
    Bytes ct(padded_size(n, 8)), back(padded_size(n, 8));
    ASSERT_EQ(*Cbc<Magma>(k, fixed<8>(iv)).encrypt_padded(ct, msg), n / 8 * 8 + 8);
    std::size_t length = 99;
    ASSERT_TRUE(Cbc<Magma>(k, fixed<8>(iv)).decrypt_padded(back, ct, length).ok());
    EXPECT_EQ(length, n);
    EXPECT_TRUE(std::equal(msg.begin(), msg.end(), back.begin()));
    Bytes g(gost_padded_size<8>(n, GostPadding::one_and_zeros));
    ASSERT_EQ(*gost_pad<8>(g, msg, GostPadding::one_and_zeros), n / 8 * 8 + 8);
    EXPECT_EQ(g[n], 0x80);
    EXPECT_EQ(*gost_unpad<8>(g), n);
  }
  EXPECT_EQ(gost_padded_size<8>(9, GostPadding::zeros), 16u);
  EXPECT_EQ(gost_unpad<8>(Bytes(8, 0)).error(), Error::invalid_padding);
}

// GOST CTR with n = 64: the 4-byte IV is the top half of the first counter block.
TEST_P(MagmaModesKat, Ctr) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_ctr.txt")) {
    const Bytes iv = c.bytes("IV"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    Ctr<Magma> ctr = Ctr<Magma>::gost(cipher(c.bytes("Key")), fixed<4>(iv));
    Bytes out(pt.size());
    ASSERT_TRUE(ctr.apply(out, pt).ok());
    EXPECT_EQ(out, ct) << c.where();
    ctr.seek(0);
    ASSERT_TRUE(ctr.apply(out, ct).ok());
    EXPECT_EQ(out, pt) << c.where();
    // A seek into the middle gives the same keystream.
    if (pt.size() > 11) {
      ctr.seek(11);
      Bytes part(pt.size() - 11);
      ASSERT_TRUE(ctr.apply(part, std::span(pt).subspan(11)).ok());
      EXPECT_TRUE(std::equal(part.begin(), part.end(), ct.begin() + 11)) << c.where();
    }
    ++cases;
  }
  EXPECT_EQ(cases, 7);
}

// CBC, CFB and OFB with GOST's m-bit register (m = 8 * IV size).
TEST_P(MagmaModesKat, RegisterModes) {
  int cases = 0;
  for (const char* file : {"kat/magma_cbc.txt", "kat/magma_cfb.txt", "kat/magma_ofb.txt"}) {
    const std::string mode(file);
    for (const VectorCase& c : load_vectors(file)) {
      const Bytes iv = c.bytes("IV"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
      const Magma k = cipher(c.bytes("Key"));
      Bytes out(pt.size()), back(pt.size());
      if (mode.find("cbc") != std::string::npos) {
        auto e = Cbc<Magma>::with_register(k, iv), d = Cbc<Magma>::with_register(k, iv);
        ASSERT_TRUE(e.ok() && d.ok()) << c.where();
        ASSERT_TRUE(e.value().encrypt(out, pt).ok());
        ASSERT_TRUE(d.value().decrypt(back, ct).ok());
      } else if (mode.find("cfb") != std::string::npos) {
        auto e = Cfb<Magma>::with_register(k, iv), d = Cfb<Magma>::with_register(k, iv);
        ASSERT_TRUE(e.ok() && d.ok()) << c.where();
        // In odd pieces: the streaming state carries over.
        for (std::size_t at = 0; at < pt.size(); at += 5) {
          const std::size_t n = std::min<std::size_t>(5, pt.size() - at);
          ASSERT_TRUE(
              e.value().encrypt(std::span(out).subspan(at, n), std::span(pt).subspan(at, n)).ok());
        }
        ASSERT_TRUE(d.value().decrypt(back, ct).ok());
      } else {
        auto e = Ofb<Magma>::with_register(k, iv), d = Ofb<Magma>::with_register(k, iv);
        ASSERT_TRUE(e.ok() && d.ok()) << c.where();
        ASSERT_TRUE(e.value().apply(out, pt).ok());
        ASSERT_TRUE(d.value().apply(back, ct).ok());
      }
      EXPECT_EQ(out, ct) << c.where();
      EXPECT_EQ(back, pt) << c.where();
      ++cases;
    }
  }
  EXPECT_EQ(cases, 4);
}

// GOST R 34.13-2015's MAC (CMAC with R_64 = 0x1b); a tag may be truncated to its first bytes.
TEST_P(MagmaModesKat, Mac) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_mac.txt")) {
    const Bytes msg = c.bytes("Msg"), tag = c.bytes("Tag");
    const Magma k = cipher(c.bytes("Key"));
    if (c.has("R")) {
      std::uint8_t r[8] = {};
      k.encrypt_block(r);
      EXPECT_EQ(to_hex(r), c.text("R")) << c.where();
    }
    Cmac<Magma> mac(k);
    for (std::size_t at = 0; at < msg.size(); at += 3)
      mac.update(std::span(msg).subspan(at, std::min<std::size_t>(3, msg.size() - at)));
    std::uint8_t full[8];
    mac.finish(full);
    EXPECT_EQ(to_hex(std::span(full).first(tag.size())), c.text("Tag")) << c.where();
    mac.update(msg);
    EXPECT_TRUE(mac.verify(tag).ok()) << c.where();
    Bytes bad = tag;
    bad.back() ^= 1;
    mac.update(msg);
    EXPECT_EQ(mac.verify(bad), Status(Error::authentication_failed)) << c.where();
    // The many-message call gives the same full tag.
    const std::span<const std::uint8_t> one[1] = {msg};
    Cmac<Magma>::Tag many[1];
    ASSERT_TRUE(Cmac<Magma>::mac_many(k, many, one).ok());
    EXPECT_TRUE(std::equal(many[0].begin(), many[0].end(), full)) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 9);
}

TEST_P(MagmaModesKat, Mgm) {
  int cases = 0;
  for (const detail::Mgm64Kernel* mul : mgm64_test_kernels()) {
    if (!kernel_runnable(mul->info)) continue;
    for (const VectorCase& c : load_vectors("kat/mgm_magma.txt")) {
      const Bytes nonce = c.bytes("Nonce"), aad = c.bytes("AAD"), pt = c.bytes("Plaintext"),
                  ct = c.bytes("Ciphertext"), tag = c.bytes("Tag");
      const MagmaMgm m(cipher(c.bytes("Key")), *mul);
      Bytes out(pt.size() + 8);
      ASSERT_TRUE(m.seal(out, nonce, aad, pt).ok()) << c.where();
      EXPECT_EQ(to_hex(out), c.text("Ciphertext") + c.text("Tag"))
          << c.where() << " " << mul->info.name;
      Bytes back(pt.size());
      ASSERT_TRUE(m.open(back, nonce, aad, out).ok()) << c.where();
      EXPECT_EQ(back, pt) << c.where();
      Bytes inplace = pt, t(8);
      ASSERT_TRUE(m.seal_detached(inplace, t, nonce, aad, inplace).ok());
      EXPECT_EQ(inplace, ct) << c.where();
      EXPECT_EQ(t, tag) << c.where();
      for (std::size_t bit : {std::size_t{0}, out.size() * 8 - 1, out.size() * 4}) {
        Bytes bad = out;
        bad[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
        Bytes o(pt.size(), 0xaa);
        EXPECT_EQ(m.open(o, nonce, aad, bad).error(), Error::authentication_failed)
            << c.where() << " bit " << bit;
        EXPECT_EQ(o, Bytes(pt.size(), 0)) << c.where();
      }
      ++cases;
    }
  }
  EXPECT_GE(cases, 8);
}

TEST_P(MagmaModesKat, MgmArguments) {
  const MagmaMgm m(cipher(Bytes(32, 1)));
  Bytes out(8 + 8), in(8), nonce(8, 0);
  EXPECT_TRUE(m.seal(out, nonce, {}, in).ok());
  nonce[0] = 0x80;  // the ICN is 63 bits
  EXPECT_EQ(m.seal(out, nonce, {}, in), Status(Error::invalid_nonce_size));
  EXPECT_EQ(m.seal(out, Bytes(16, 0), {}, in), Status(Error::invalid_nonce_size));
  Bytes longer(8 + 16);
  EXPECT_EQ(m.seal(longer, Bytes(8, 0), {}, in, 16), Status(Error::invalid_tag_size));
  EXPECT_EQ(MagmaMgm::tag_size, 8u);
}

TEST_P(MagmaModesKat, CtrAcpkm) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_ctr_acpkm.txt")) {
    const Bytes iv = c.bytes("IV"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    const auto section = static_cast<std::size_t>(c.number("SectionSize"));
    auto e = MagmaCtrAcpkm::make(cipher(c.bytes("Key")), iv, section);
    ASSERT_TRUE(e.ok()) << c.where();
    Bytes out(pt.size());
    // In pieces that do not line up with blocks or sections.
    for (std::size_t at = 0; at < pt.size(); at += 13) {
      const std::size_t n = std::min<std::size_t>(13, pt.size() - at);
      ASSERT_TRUE(
          e.value().apply(std::span(out).subspan(at, n), std::span(pt).subspan(at, n)).ok());
    }
    EXPECT_EQ(out, ct) << c.where();
    auto d = MagmaCtrAcpkm::make(cipher(c.bytes("Key")), iv, section);
    ASSERT_TRUE(d.value().apply(out, out).ok());
    EXPECT_EQ(out, pt) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 4);
  const Bytes key(32, 7), iv(4, 1);
  EXPECT_EQ(MagmaCtrAcpkm::make(cipher(key), iv, 12).error(), Error::invalid_argument);
  EXPECT_EQ(MagmaCtrAcpkm::make(cipher(key), Bytes(8, 1), 16).error(), Error::invalid_nonce_size);
}

TEST_P(MagmaModesKat, OmacAcpkm) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_omac_acpkm.txt")) {
    const Bytes msg = c.bytes("Msg");
    const auto section = static_cast<std::size_t>(c.number("SectionSize"));
    const auto tstar = static_cast<std::size_t>(c.number("TStar"));
    auto mac = MagmaOmacAcpkm::make(cipher(c.bytes("Key")), section, tstar);
    ASSERT_TRUE(mac.ok()) << c.where();
    std::uint8_t tag[8];
    mac.value().update(msg);
    mac.value().finish(tag);
    EXPECT_EQ(to_hex(tag), c.text("Tag")) << c.where();
    // Byte by byte, then again on the same object (finish starts a new message).
    for (std::uint8_t b : msg) mac.value().update(std::span(&b, 1));
    EXPECT_TRUE(mac.value().verify(c.bytes("Tag")).ok()) << c.where();
    mac.value().update(msg);
    Bytes bad = c.bytes("Tag");
    bad[0] ^= 0x40;
    EXPECT_EQ(mac.value().verify(bad), Status(Error::authentication_failed)) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 2);
}

TEST_P(MagmaModesKat, Kexp15) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/kexp15.txt")) {
    const Bytes iv = c.bytes("IV");
    if (iv.size() != 4) continue;
    const Bytes key = c.bytes("Key"), exp = c.bytes("Export");
    const Magma mac_key = cipher(c.bytes("MacKey")), enc_key = cipher(c.bytes("EncKey"));
    Bytes out(key.size() + 8);
    ASSERT_TRUE(kexp15<Magma>(out, key, mac_key, enc_key, fixed<4>(iv)).ok()) << c.where();
    EXPECT_EQ(out, exp) << c.where();
    Bytes back(key.size(), 0xaa);
    ASSERT_TRUE(kimp15<Magma>(back, exp, mac_key, enc_key, fixed<4>(iv)).ok()) << c.where();
    EXPECT_EQ(back, key) << c.where();
    for (std::size_t i : {std::size_t{0}, exp.size() / 2, exp.size() - 1}) {
      Bytes bad = exp;
      bad[i] ^= 0x01;
      Bytes b(key.size(), 0xaa);
      EXPECT_EQ(kimp15<Magma>(b, bad, mac_key, enc_key, fixed<4>(iv)),
                Status(Error::authentication_failed));
      EXPECT_EQ(b, Bytes(key.size(), 0)) << c.where() << " byte " << i;
    }
    ++cases;
  }
  EXPECT_EQ(cases, 2);
}

// The Kuznyechik cases of kexp15.txt, over the kernel the CPU picks.
TEST(Kexp15, Kuznyechik) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/kexp15.txt")) {
    const Bytes iv = c.bytes("IV");
    if (iv.size() != 8) continue;
    const Bytes key = c.bytes("Key"), exp = c.bytes("Export");
    const Kuznyechik mac_key(fixed<32>(c.bytes("MacKey"))), enc_key(fixed<32>(c.bytes("EncKey")));
    Bytes out(key.size() + 16);
    ASSERT_TRUE(kexp15<Kuznyechik>(out, key, mac_key, enc_key, fixed<8>(iv)).ok()) << c.where();
    EXPECT_EQ(out, exp) << c.where();
    Bytes back = exp;  // in place
    ASSERT_TRUE(
        kimp15<Kuznyechik>(std::span(back).first(key.size()), back, mac_key, enc_key, fixed<8>(iv))
            .ok());
    EXPECT_TRUE(std::equal(key.begin(), key.end(), back.begin())) << c.where();
    Bytes bad = exp, b(key.size());
    bad[3] ^= 0x80;
    EXPECT_EQ(kimp15<Kuznyechik>(b, bad, mac_key, enc_key, fixed<8>(iv)),
              Status(Error::authentication_failed));
    EXPECT_EQ(b, Bytes(key.size(), 0)) << c.where();
    EXPECT_EQ(
        kimp15<Kuznyechik>(b, std::span(exp).first(exp.size() - 1), mac_key, enc_key, fixed<8>(iv)),
        Status(Error::output_size_mismatch));
    ++cases;
  }
  EXPECT_EQ(cases, 2);
}

// CTR, CMAC and CBC in random pieces against one call over the portable kernel; CFB and OFB
// with a two-block register in random pieces against one call.
TEST_P(MagmaModesKat, StreamingSplits) {
  const Bytes key = Prng(test_seed() + 7).bytes(32);
  const Magma ref(fixed<32>(key), detail::magma_portable), mine = cipher(key);
  streaming_splits(ref, mine, emulated(GetParam()->info) ? 3 : 20, 40, 5);
  Prng rng(test_seed() + 8);
  const Bytes iv = rng.bytes(16);
  for (int round = 0; round < 10; ++round) {
    const Bytes msg = rng.bytes(rng.below(500));
    Bytes whole(msg.size()), pieces(msg.size()), owhole(msg.size()), opieces(msg.size());
    auto a = Cfb<Magma>::with_register(ref, iv, 3), b = Cfb<Magma>::with_register(mine, iv, 3);
    auto oa = Ofb<Magma>::with_register(ref, iv), ob = Ofb<Magma>::with_register(mine, iv);
    ASSERT_TRUE(a.value().encrypt(whole, msg).ok());
    ASSERT_TRUE(oa.value().apply(owhole, msg).ok());
    for (std::size_t pos = 0; pos < msg.size();) {
      const std::size_t take = std::min(msg.size() - pos, rng.below(30));
      ASSERT_TRUE(
          b.value()
              .encrypt(std::span(pieces).subspan(pos, take), std::span(msg).subspan(pos, take))
              .ok());
      ASSERT_TRUE(
          ob.value()
              .apply(std::span(opieces).subspan(pos, take), std::span(msg).subspan(pos, take))
              .ok());
      pos += take;
    }
    ASSERT_EQ(pieces, whole) << "round " << round << " seed " << rng.seed;
    ASSERT_EQ(opieces, owhole) << "round " << round << " seed " << rng.seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, MagmaModesKat, ::testing::ValuesIn(magma_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

// GF(2^64) products: every multiplication kernel against the portable one on random input.
class Mgm64MulDiff : public ::testing::TestWithParam<const detail::Mgm64Kernel*> {};

TEST_P(Mgm64MulDiff, MatchesPortable) {
  AXIOM_SKIP_UNLESS_RUNNABLE(GetParam()->info);
  Prng rng(test_seed());
  for (std::size_t n : {1u, 2u, 3u, 7u, 64u, 65u}) {
    const Bytes h = rng.bytes(8 * n), a = rng.bytes(8 * n), acc = rng.bytes(8);
    Bytes want = acc, got = acc;
    detail::mgm64_portable.mac(want.data(), h.data(), a.data(), n);
    GetParam()->mac(got.data(), h.data(), a.data(), n);
    EXPECT_EQ(got, want) << "n = " << n;
  }
  // x^63 * x = x^4 + x^3 + x + 1.
  Bytes acc(8, 0), h = {0x80, 0, 0, 0, 0, 0, 0, 0}, a = {0, 0, 0, 0, 0, 0, 0, 2};
  GetParam()->mac(acc.data(), h.data(), a.data(), 1);
  EXPECT_EQ(to_hex(acc), "000000000000001b");
}

INSTANTIATE_TEST_SUITE_P(Kernels, Mgm64MulDiff, ::testing::ValuesIn(mgm64_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test

// Known-answer tests for Kuznyechik (RFC 7801, GOST R 34.12-2015 and 34.13-2015 appendix A,
// Botan's random vectors, derived GOST-engine cases) over every Kuznyechik kernel: the single
// transforms, the key schedule, the block cipher and the modes.
#include <gtest/gtest.h>

#include <algorithm>

#include "axiom/acpkm.hpp"
#include "axiom/bytes.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/modes.hpp"
#include "kuznyechik/kuznyechik_constants.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::KuznyechikKernel*;
namespace kuz = detail::kuz;

kuz::Block to_block(const Bytes& b) {
  kuz::Block r{};
  std::copy(b.begin(), b.end(), r.begin());
  return r;
}

// The compile-time model every kernel's constants come from, against RFC 7801 section 5.
TEST(KuznyechikModel, Transforms) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/kuznyechik_transforms.txt")) {
    const kuz::Block in = to_block(c.bytes("In")), out = to_block(c.bytes("Out"));
    const std::string& op = c.text("Op");
    kuz::Block got{};
    if (op == "S") {
      for (std::size_t i = 0; i < 16; ++i) got[i] = kuz::pi[in[i]];
      kuz::Block back{};
      for (std::size_t i = 0; i < 16; ++i) back[i] = kuz::pi_inv[out[i]];
      EXPECT_EQ(back, in) << c.where();
    } else if (op == "R") {
      got = kuz::r_step(in);
      EXPECT_EQ(kuz::r_inv_step(out), in) << c.where();
    } else {
      ASSERT_EQ(op, "L") << c.where();
      got = kuz::l_map(in);
      EXPECT_EQ(kuz::l_inv_map(out), in) << c.where();
    }
    EXPECT_EQ(got, out) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 12);
}

TEST(KuznyechikModel, RoundConstants) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/kuznyechik_keyschedule.txt")) {
    if (!c.has("Index")) continue;
    const long long i = c.number("Index");
    ASSERT_TRUE(i >= 1 && i <= 32) << c.where();
    EXPECT_EQ(kuz::round_constants[static_cast<std::size_t>(i - 1)], to_block(c.bytes("C")))
        << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 8);
}

class KuznyechikKat : public KernelTest<detail::KuznyechikKernel> {
 protected:
  const detail::KuznyechikKernel& kernel() const { return *GetParam(); }
  Kuznyechik cipher(const Bytes& key) const { return Kuznyechik(fixed<32>(key), kernel()); }
};

// The kernel's L(S(x)) on the transform inputs and on random blocks, against the model.
TEST_P(KuznyechikKat, LinearOfSubstitution) {
  Prng rng(test_seed());
  for (int n = 0; n < 200; ++n) {
    const Bytes x = rng.bytes(16);
    kuz::Block s{};
    for (std::size_t i = 0; i < 16; ++i) s[i] = kuz::pi[x[i]];
    Bytes got = x;
    kernel().ls(got.data());
    EXPECT_EQ(to_block(got), kuz::l_map(s)) << to_hex(x);
  }
}

TEST_P(KuznyechikKat, KeySchedule) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/kuznyechik_keyschedule.txt")) {
    if (!c.has("Key")) continue;
    detail::KuznyechikSchedule ks;
    detail::kuznyechik_expand_key(ks, c.bytes("Key").data(), kernel().ls);
    const char* names[10] = {"K1", "K2", "K3", "K4", "K5", "K6", "K7", "K8", "K9", "K10"};
    for (int r = 0; r < 10; ++r)
      EXPECT_EQ(to_hex(ks.enc[r]), c.text(names[r])) << c.where() << " " << names[r];
    ++cases;
  }
  EXPECT_EQ(cases, 1);
}

TEST_P(KuznyechikKat, BlockAndEcb) {
  int cases = 0;
  for (const char* file : {"kat/kuznyechik.txt", "kat/kuznyechik_ecb.txt"}) {
    for (const VectorCase& c : load_vectors(file)) {
      const Bytes key = c.bytes("Key"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
      const Kuznyechik k = cipher(key);
      Bytes out(pt.size());
      ASSERT_TRUE(k.encrypt_blocks(out, pt).ok());
      EXPECT_EQ(out, ct) << c.where();
      ASSERT_TRUE(k.decrypt_blocks(out, ct).ok());
      EXPECT_EQ(out, pt) << c.where();
      Ecb<Kuznyechik> ecb(k);
      ASSERT_TRUE(ecb.encrypt(out, pt).ok());
      EXPECT_EQ(out, ct) << c.where();
      Bytes one(ct.begin(), ct.begin() + 16);
      k.decrypt_block(std::span<std::uint8_t, 16>(one.data(), 16));
      EXPECT_TRUE(std::equal(one.begin(), one.end(), pt.begin())) << c.where();
      k.encrypt_block(std::span<std::uint8_t, 16>(one.data(), 16));
      EXPECT_TRUE(std::equal(one.begin(), one.end(), ct.begin())) << c.where();
      ++cases;
    }
  }
  EXPECT_EQ(cases, 66);
}

// GOST CTR: the 8-byte IV is the top half of the first counter block, the low half is 0.
TEST_P(KuznyechikKat, Ctr) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/kuznyechik_ctr.txt")) {
    const Bytes key = c.bytes("Key"), iv8 = c.bytes("IV"), pt = c.bytes("Plaintext"),
                ct = c.bytes("Ciphertext");
    ASSERT_EQ(iv8.size(), 8u);
    Bytes iv(16, 0);
    std::copy(iv8.begin(), iv8.end(), iv.begin());
    Ctr<Kuznyechik> ctr(cipher(key), fixed<16>(iv));
    Bytes out(pt.size());
    ASSERT_TRUE(ctr.apply(out, pt).ok());
    EXPECT_EQ(out, ct) << c.where();
    ctr.seek(0);
    ASSERT_TRUE(ctr.apply(out, ct).ok());
    EXPECT_EQ(out, pt) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 5);
}

// GOST R 34.13-2015 CBC, CFB and OFB with an m-bit register (m = 8 * IV size: 256 in the
// standard's examples, 128 in the GOST engine's).
TEST_P(KuznyechikKat, RegisterModes) {
  int cases = 0;
  for (const char* file :
       {"kat/kuznyechik_cbc.txt", "kat/kuznyechik_cfb.txt", "kat/kuznyechik_ofb.txt"}) {
    const std::string mode(file);
    for (const VectorCase& c : load_vectors(file)) {
      const Bytes key = c.bytes("Key"), iv = c.bytes("IV"), pt = c.bytes("Plaintext"),
                  ct = c.bytes("Ciphertext");
      const Kuznyechik k = cipher(key);
      Bytes out(pt.size()), back(pt.size());
      if (mode.find("cbc") != std::string::npos) {
        auto e = Cbc<Kuznyechik>::with_register(k, iv), d = Cbc<Kuznyechik>::with_register(k, iv);
        ASSERT_TRUE(e.ok() && d.ok()) << c.where();
        ASSERT_TRUE(e.value().encrypt(out, pt).ok());
        ASSERT_TRUE(d.value().decrypt(back, ct).ok());
      } else if (mode.find("cfb") != std::string::npos) {
        auto e = Cfb<Kuznyechik>::with_register(k, iv), d = Cfb<Kuznyechik>::with_register(k, iv);
        ASSERT_TRUE(e.ok() && d.ok()) << c.where();
        ASSERT_TRUE(e.value().encrypt(out, pt).ok());
        ASSERT_TRUE(d.value().decrypt(back, ct).ok());
      } else {
        auto e = Ofb<Kuznyechik>::with_register(k, iv), d = Ofb<Kuznyechik>::with_register(k, iv);
        ASSERT_TRUE(e.ok() && d.ok()) << c.where();
        ASSERT_TRUE(e.value().apply(out, pt).ok());
        ASSERT_TRUE(d.value().apply(back, ct).ok());
      }
      EXPECT_EQ(out, ct) << c.where();
      EXPECT_EQ(back, pt) << c.where();
      ++cases;
    }
  }
  EXPECT_EQ(cases, 6);
}

// OMAC (GOST R 34.13-2015 section 5.6) is CMAC; the tag may be truncated to its first bytes.
TEST_P(KuznyechikKat, Mac) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/kuznyechik_mac.txt")) {
    const Bytes key = c.bytes("Key"), msg = c.bytes("Msg"), tag = c.bytes("Tag");
    const Kuznyechik k = cipher(key);
    if (c.has("R")) {
      std::uint8_t r[16] = {};
      k.encrypt_block(r);
      EXPECT_EQ(to_hex(r), c.text("R")) << c.where();
    }
    Cmac<Kuznyechik> mac(k);
    mac.update(msg);
    std::uint8_t full[16];
    mac.finish(full);
    EXPECT_EQ(to_hex(std::span(full).first(tag.size())), c.text("Tag")) << c.where();
    mac.update(msg);
    EXPECT_TRUE(mac.verify(tag).ok()) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 8);
}

// CTR-ACPKM (RFC 8645): the first section is GOST CTR; each next one is GOST CTR with the key
// E_K(80..8f) || E_K(90..9f) of the previous section's key, the counter carrying on. Checked
// against that definition built from Ctr<Kuznyechik>, in random pieces, for several sections;
// the CLI test checks it against the GOST engine (4096-byte sections).
TEST_P(KuznyechikKat, CtrAcpkm) {
  Prng rng(test_seed() + 11);
  const Bytes key = rng.bytes(32), iv8 = rng.bytes(8), msg = rng.bytes(32 * 7 + 5);
  for (std::size_t section : {16u, 32u, 64u}) {
    Bytes want(msg.size());
    Bytes k = key, ctr(16, 0);
    std::copy(iv8.begin(), iv8.end(), ctr.begin());
    for (std::size_t at = 0; at < msg.size(); at += section) {
      const Kuznyechik c = cipher(k);
      const std::size_t n = std::min(section, msg.size() - at);
      Ctr<Kuznyechik> m(c, fixed<16>(ctr));
      ASSERT_TRUE(m.apply(std::span(want).subspan(at, n), std::span(msg).subspan(at, n)).ok());
      for (std::size_t b = 0; b < section / 16; ++b)
        for (int j = 15; j >= 0; --j)
          if (++ctr[static_cast<std::size_t>(j)] != 0) break;
      for (std::size_t i = 0; i < 32; ++i) k[i] = static_cast<std::uint8_t>(0x80 + i);
      ASSERT_TRUE(c.encrypt_blocks(k, k).ok());
    }
    auto acpkm = KuznyechikCtrAcpkm::make(cipher(key), iv8, section);
    ASSERT_TRUE(acpkm.ok());
    Bytes got(msg.size());
    for (std::size_t pos = 0; pos < msg.size();) {
      const std::size_t take = std::min(msg.size() - pos, rng.below(50));
      ASSERT_TRUE(acpkm.value()
                      .apply(std::span(got).subspan(pos, take), std::span(msg).subspan(pos, take))
                      .ok());
      pos += take;
    }
    EXPECT_EQ(got, want) << "section " << section;
  }
  EXPECT_EQ(KuznyechikCtrAcpkm::make(cipher(key), iv8, 24).error(), Error::invalid_argument);
  EXPECT_EQ(KuznyechikCtrAcpkm::make(cipher(key), iv8, 0).error(), Error::invalid_argument);
  EXPECT_EQ(KuznyechikCtrAcpkm::make(cipher(key), std::span(msg).first(16), 32).error(),
            Error::invalid_nonce_size);
}

INSTANTIATE_TEST_SUITE_P(Kernels, KuznyechikKat, ::testing::ValuesIn(kuznyechik_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test

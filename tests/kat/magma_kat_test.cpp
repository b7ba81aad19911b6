// Known-answer tests for the Magma kernels (RFC 8891, GOST R 34.13-2015 appendix A.2, derived
// GOST-engine cases): the reference model's round function and key schedule, then every
// kernel's ops called directly on a schedule from magma_schedule_from_key.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "axiom/bytes.hpp"
#include "magma/magma_constants.hpp"
#include "magma/magma_kernel.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

using Kernel = const detail::MagmaKernel*;
namespace magma = detail::magma;

std::uint32_t word(const Bytes& b) {
  EXPECT_EQ(b.size(), 4u);
  return std::uint32_t{b[0]} << 24 | std::uint32_t{b[1]} << 16 | std::uint32_t{b[2]} << 8 | b[3];
}

detail::MagmaSchedule schedule(const Bytes& key) {
  EXPECT_EQ(key.size(), 32u);
  detail::MagmaSchedule ks;
  detail::magma_schedule_from_key(ks, key.data());
  return ks;
}

// The model every kernel's constants come from, against RFC 8891 appendix A.
TEST(MagmaModel, Transforms) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_transforms.txt")) {
    if (!c.has("Op")) continue;
    const std::uint32_t in = word(c.bytes("In")), out = word(c.bytes("Out"));
    if (c.text("Op") == "t") {
      EXPECT_EQ(magma::t_map(in), out) << c.where();
    } else {
      ASSERT_EQ(c.text("Op"), "g") << c.where();
      EXPECT_EQ(magma::g_map(word(c.bytes("RoundKey")), in), out) << c.where();
    }
    ++cases;
  }
  EXPECT_EQ(cases, 8);
}

TEST(MagmaModel, KeySchedule) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_transforms.txt")) {
    if (!c.has("Key")) continue;
    const detail::MagmaSchedule ks = schedule(c.bytes("Key"));
    for (int i = 0; i < 32; ++i) {
      std::string name = "K";
      name += std::to_string(i + 1);
      const std::uint32_t k = word(c.bytes(name));
      EXPECT_EQ(magma::round_key(ks.k, i, false), k) << c.where() << " K" << i + 1;
      EXPECT_EQ(magma::round_key(ks.k, 31 - i, true), k) << c.where() << " K" << i + 1;
    }
    ++cases;
  }
  EXPECT_EQ(cases, 1);
}

class MagmaKat : public KernelTest<detail::MagmaKernel> {
 protected:
  const detail::Block64Ops& ops() const { return GetParam()->ops; }
};

TEST_P(MagmaKat, Ecb) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_ecb.txt")) {
    const detail::MagmaSchedule ks = schedule(c.bytes("Key"));
    const Bytes pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    const std::size_t n = pt.size() / 8;
    Bytes out(pt.size());
    ops().encrypt_blocks(&ks, out.data(), pt.data(), n);
    EXPECT_EQ(out, ct) << c.where();
    ops().decrypt_blocks(&ks, out.data(), ct.data(), n);
    EXPECT_EQ(out, pt) << c.where();
    Bytes io = pt;  // in place
    ops().encrypt_blocks(&ks, io.data(), io.data(), n);
    EXPECT_EQ(io, ct) << c.where();
    ops().decrypt_blocks(&ks, io.data(), io.data(), n);
    EXPECT_EQ(io, pt) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, 6);
}

// GOST CTR: the counter block is IV || 0^32; a partial last block uses the first bytes of the
// keystream, so whole blocks are run over the plaintext padded with zeros.
TEST_P(MagmaKat, Ctr) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_ctr.txt")) {
    const detail::MagmaSchedule ks = schedule(c.bytes("Key"));
    const Bytes iv = c.bytes("IV"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    ASSERT_EQ(iv.size(), 4u) << c.where();
    const std::size_t n = (pt.size() + 7) / 8;
    Bytes in = pt;
    in.resize(8 * n);
    std::uint8_t ctr[8] = {iv[0], iv[1], iv[2], iv[3], 0, 0, 0, 0};
    Bytes out(8 * n);
    ops().ctr_xor(&ks, ctr, out.data(), in.data(), n);
    EXPECT_TRUE(std::equal(ct.begin(), ct.end(), out.begin())) << c.where();
    const std::uint8_t next[8] = {iv[0], iv[1], iv[2], iv[3],
                                  0,     0,     0,     static_cast<std::uint8_t>(n)};
    EXPECT_TRUE(std::equal(ctr, ctr + 8, next)) << c.where();
    // MGM's counter over the right half runs the same blocks while it does not wrap.
    if (ops().ctr_half_xor != nullptr) {
      std::uint8_t half_ctr[8] = {iv[0], iv[1], iv[2], iv[3], 0, 0, 0, 0};
      Bytes keystream(8 * n);
      ops().ctr_half_xor(&ks, half_ctr, 4, keystream.data(), nullptr, n);
      for (std::size_t i = 0; i < pt.size(); ++i)
        EXPECT_EQ(keystream[i] ^ pt[i], ct[i]) << c.where() << " byte " << i;
      EXPECT_TRUE(std::equal(half_ctr, half_ctr + 8, next)) << c.where();
    }
    ++cases;
  }
  EXPECT_EQ(cases, 7);
}

// GOST CBC with an m-bit register, m = 8 len(IV): chains of every (m/64)-th block, each
// starting at its 8 bytes of the IV.
TEST_P(MagmaKat, Cbc) {
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/magma_cbc.txt")) {
    const detail::MagmaSchedule ks = schedule(c.bytes("Key"));
    const Bytes iv = c.bytes("IV"), pt = c.bytes("Plaintext"), ct = c.bytes("Ciphertext");
    const std::size_t chains = iv.size() / 8, n = pt.size() / 8;
    Bytes enc_iv = iv, dec_iv = iv, mac = iv, out(pt.size()), back(pt.size());
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t l = 8 * (i % chains);
      ops().cbc_encrypt(&ks, enc_iv.data() + l, out.data() + 8 * i, pt.data() + 8 * i, 1);
      ops().cbc_decrypt(&ks, dec_iv.data() + l, back.data() + 8 * i, ct.data() + 8 * i, 1);
      ops().cbc_mac(&ks, mac.data() + l, pt.data() + 8 * i, 1);
    }
    EXPECT_EQ(out, ct) << c.where();
    EXPECT_EQ(back, pt) << c.where();
    EXPECT_EQ(enc_iv, mac) << c.where();
    if (chains == 1) {  // and all blocks in one call
      Bytes chain = iv;
      ops().cbc_encrypt(&ks, chain.data(), out.data(), pt.data(), n);
      EXPECT_EQ(out, ct) << c.where();
      EXPECT_TRUE(std::equal(chain.begin(), chain.end(), ct.end() - 8)) << c.where();
      chain = iv;
      ops().cbc_decrypt(&ks, chain.data(), back.data(), ct.data(), n);
      EXPECT_EQ(back, pt) << c.where();
      chain = iv;
      ops().cbc_mac(&ks, chain.data(), pt.data(), n);
      EXPECT_TRUE(std::equal(chain.begin(), chain.end(), ct.end() - 8)) << c.where();
    }
    ++cases;
  }
  EXPECT_EQ(cases, 2);
}

INSTANTIATE_TEST_SUITE_P(Kernels, MagmaKat, ::testing::ValuesIn(magma_test_kernels()),
                         [](const auto& p) { return kernel_test_name(p.param->info); });

}  // namespace
}  // namespace axiom::test

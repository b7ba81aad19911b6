// Runs every constant-time entry point that valgrind can execute with its secrets undefined.
// Registered in ctest under valgrind; any secret-dependent branch or index fails the run.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/axiom.h"
#include "axiom/bytes.hpp"
#include "axiom/gost_kdf.hpp"
#include "axiom/gost_padding.hpp"
#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/gcm.hpp"
#include "axiom/hkdf.hpp"
#include "axiom/hmac.hpp"
#include "axiom/acpkm.hpp"
#include "axiom/kexp15.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "axiom/ccm.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"
#include "sm4/sm4_kernel.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/poly1305.hpp"
#include "chacha20/chacha20_kernel.hpp"
#include "poly1305/poly1305_kernel.hpp"
#include "axiom/sha256.hpp"
#include "axiom/streebog.hpp"
#include "core/block_ciphers.hpp"
#include "ct/ct.hpp"
#include "ghash/ghash_kernel.hpp"
#include "kuznyechik/kuznyechik_kernel.hpp"
#include "magma/magma_kernel.hpp"
#include "mgm/mgm_kernel.hpp"
#include "mgm64/mgm64_kernel.hpp"
#include "sha256/sha256_kernel.hpp"
#include "streebog/streebog_kernel.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

TEST(Ct, RunsUnderValgrind) {
  if (std::getenv("AXIOM_CT_UNDER_VALGRIND")) {
    EXPECT_TRUE(RUNNING_ON_VALGRIND);
  }
}

// KernelCt<K> runs a test once per kernel of type K; kernels not constant time by design, and
// those this CPU cannot run, are skipped.
template <class K>
class KernelCt : public ::testing::TestWithParam<const K*> {
 protected:
  void SetUp() override {
    if (!this->GetParam()->info.constant_time)
      GTEST_SKIP() << "kernel is not constant time by design";
    AXIOM_SKIP_UNLESS_RUNNABLE(this->GetParam()->info);
  }
};

// Instantiates suite (a KernelCt) over every kernel of list, each test named with its kernel.
#define AXIOM_CT_KERNELS(suite, list)                                 \
  INSTANTIATE_TEST_SUITE_P(Kernels, suite, ::testing::ValuesIn(list), \
                           [](const auto& p) { return kernel_test_name(p.param->info); })

// verdict declassifies a status computed from secrets (only whether it is ok is public).
bool verdict(Status s) {
  ct::declassify(&s, sizeof s);
  return s.ok();
}
int verdict(int r) {
  ct::declassify(&r, sizeof r);
  return r;
}

// BlockModesWithSecrets runs a keyed block cipher's bulk block functions (one block and whole
// batches), CBC, CTR, CFB, OFB, CMAC, XTS for 16-byte blocks (both tweak orders, ciphertext
// stealing) and ECB with padding on a secret message (whose length is not a whole number of
// blocks); only outputs and verdicts are declassified.
template <class C>
void BlockModesWithSecrets(const C& cipher, std::span<const std::uint8_t, C::block_size> iv,
                           const Bytes& msg) {
  constexpr std::size_t B = C::block_size;
  Bytes out(msg.size() + B);
  const std::size_t whole = msg.size() / B * B;
  for (const std::size_t n : {B, 3 * B, whole}) {  // one block, a partial batch, more than a batch
    const auto in = std::span<const std::uint8_t>(msg).first(n);
    ASSERT_TRUE(cipher.encrypt_blocks(std::span(out).first(n), in).ok());
    ASSERT_TRUE(cipher.decrypt_blocks(std::span(out).first(n), in).ok());
    Cbc<C> cbc(cipher, iv);
    ASSERT_TRUE(cbc.encrypt(std::span(out).first(n), in).ok());
    ASSERT_TRUE(cbc.decrypt(std::span(out).first(n), in).ok());
  }
  const auto all = std::span(out).first(msg.size());
  ASSERT_TRUE(Ctr<C>(cipher, iv).apply(all, msg).ok());
  ASSERT_TRUE(Cfb<C>(cipher, iv).encrypt(all, msg).ok());
  ASSERT_TRUE(Ofb<C>(cipher, iv).apply(all, msg).ok());
  // XTS with the secret cipher as data and tweak cipher: the masks E_K2(tweak)·x^j are secret.
  // (Xts::from_key is left out: whether the key's halves are equal is its public verdict.)
  if constexpr (B == 16)
    for (const XtsStandard s : {XtsStandard::ieee1619, XtsStandard::gb17964}) {
      const Xts<C> xts(cipher, cipher, s);
      ASSERT_TRUE(xts.encrypt(all, msg, iv).ok());
      ASSERT_TRUE(xts.decrypt(all, msg, iv).ok());
    }
  Cmac<C> mac(cipher);
  mac.update(msg);
  std::uint8_t tag[B];
  mac.finish(tag);
  ct::declassify(std::span(out));
  ct::declassify(std::span(tag));
  // Nine messages of mixed lengths at once (more than the AES-NI group of eight) through the
  // many-calls: raw CBC, CBC with padding and CMAC.
  std::array<std::uint8_t, B> iv_value;
  std::copy(iv.begin(), iv.end(), iv_value.begin());
  const std::size_t room = msg.size() + B;
  Bytes many(9 * room);
  std::vector<BasicCbcJob<B>> raw_jobs, padded_jobs;
  std::vector<std::span<const std::uint8_t>> parts;
  std::vector<typename Cmac<C>::Tag> tags(9);
  for (std::size_t i = 0; i < 9; ++i) {
    const std::size_t n = msg.size() * i / 9, whole_n = n / B * B;
    const auto part = std::span<const std::uint8_t>(msg).first(n);
    const auto o = std::span(many).subspan(i * room, padded_size(n, B));
    raw_jobs.push_back({o.first(whole_n), part.first(whole_n), iv_value});
    padded_jobs.push_back({o, part, iv_value});
    parts.push_back(part);
  }
  ASSERT_TRUE(Cbc<C>::encrypt_many(cipher, raw_jobs).ok());
  ASSERT_TRUE(Cbc<C>::encrypt_many_padded(cipher, padded_jobs).ok());
  ASSERT_TRUE(Cmac<C>::mac_many(cipher, tags, parts).ok());
  ct::declassify(std::span(many));
  for (auto& t : tags) ct::declassify(std::span(t));
  // Padding is checked without branching on the plaintext: only the verdict is public.
  Bytes padded(whole + B), pt(whole + B);
  ASSERT_TRUE(Ecb<C>(cipher).encrypt_padded(padded, msg).ok());
  ct::declassify(std::span(padded));
  std::size_t len = 0;
  EXPECT_TRUE(verdict(Ecb<C>(cipher).decrypt_padded(pt, padded, len)));
  ct::declassify(&len, sizeof len);
  EXPECT_EQ(len, msg.size());
}

// SealOpenWithSecrets seals a secret message (a Gcm, Ccm or Mgm object keyed with a secret
// key), opens it, and opens it again with one ciphertext bit flipped: only the sealed message
// and the verdicts are declassified.
template <class Aead>
void SealOpenWithSecrets(const Aead& aead, const Bytes& nonce, const Bytes& aad, const Bytes& msg) {
  Bytes sealed(msg.size() + Aead::tag_size), opened(msg.size());
  ASSERT_TRUE(aead.seal(sealed, nonce, aad, msg).ok());
  ct::declassify(std::span(sealed));
  EXPECT_TRUE(verdict(aead.open(opened, nonce, aad, sealed)));
  sealed[3] ^= 1;
  EXPECT_FALSE(verdict(aead.open(opened, nonce, aad, sealed)));
}

// StreamWithSecrets: the same through the Stream (Gcm, Mgm), AAD and text cut at block
// boundaries and inside blocks, so every buffering path runs on secret bytes.
template <class Aead>
void StreamWithSecrets(const Aead& aead, const Bytes& nonce, const Bytes& aad, const Bytes& msg) {
  typename Aead::Stream s(aead);
  Bytes out(msg.size()), tag(Aead::tag_size);
  const auto run = [&](const Bytes& in) {
    ASSERT_TRUE(s.aad(std::span(aad).first(5)).ok());
    ASSERT_TRUE(s.aad(std::span(aad).subspan(5)).ok());
    std::size_t off = 0;
    for (const std::size_t n : {std::size_t{7}, std::size_t{16}, std::size_t{33}, std::size_t{1}}) {
      ASSERT_TRUE(s.update(std::span(out).subspan(off, n), std::span(in).subspan(off, n)).ok());
      off += n;
    }
    ASSERT_TRUE(s.update(std::span(out).subspan(off), std::span(in).subspan(off)).ok());
  };
  ASSERT_TRUE(s.start_seal(nonce).ok());
  run(msg);
  ASSERT_TRUE(s.finish_seal(tag).ok());
  ct::declassify(std::span(out));
  ct::declassify(std::span(tag));
  const Bytes sealed = out;
  ASSERT_TRUE(s.start_open(nonce).ok());
  run(sealed);
  EXPECT_TRUE(verdict(s.finish_open(tag)));
  tag[0] ^= 1;
  ASSERT_TRUE(s.start_open(nonce).ok());
  run(sealed);
  EXPECT_FALSE(verdict(s.finish_open(tag)));
}

// HmacWithSecrets computes HMAC over hash H (a kernel's fresh object) with a secret key and
// message, and checks it against the default kernels' tag; verify compares the secret tag in
// constant time, so only the verdict is declassified.
template <class H>
void HmacWithSecrets(Bytes key, Bytes msg, const H& hash) {
  const auto expected = Hmac<H>::mac(key, msg);
  ct::secret(std::span(key));
  ct::secret(std::span(msg));
  Hmac<H> m(key, hash);
  m.update(msg);
  auto tag = m.finish();
  ct::declassify(std::span(tag));
  EXPECT_EQ(tag, expected);
  m.update(msg);
  EXPECT_TRUE(verdict(m.verify(expected)));
}

using Sha256Ct = KernelCt<detail::Sha256Kernel>;

TEST_P(Sha256Ct, HashOfSecretMessage) {
  Prng rng(1);
  for (std::size_t n : {0u, 1u, 55u, 56u, 64u, 200u}) {
    Bytes msg = rng.bytes(n);
    ct::secret(std::span(msg));
    Sha256 h = Sha256(*GetParam());
    h.update(msg);
    auto d = h.finish();
    ct::declassify(std::span(d));
    EXPECT_EQ(d.size(), 32u);
  }
}

TEST_P(Sha256Ct, UpdateManyOfSecretMessages) {
  // Two messages (a pair), then seventeen of unequal lengths (sixteen at a time where the kernel
  // has compress_blocks_x16, the rest in pairs): the lengths are public, the bytes secret.
  Prng rng(4);
  for (const std::size_t n : {2u, 17u}) {
    std::vector<Bytes> msgs;
    std::vector<Sha256> h(n, Sha256(*GetParam()));
    std::vector<Sha256*> hashers;
    std::vector<std::span<const std::uint8_t>> data;
    for (std::size_t i = 0; i < n; ++i) msgs.push_back(rng.bytes(300 - 7 * i));
    for (std::size_t i = 0; i < n; ++i) {
      ct::secret(std::span(msgs[i]));
      hashers.push_back(&h[i]);
      data.emplace_back(msgs[i]);
    }
    ASSERT_TRUE(Sha256::update_many(hashers, data).ok());
    std::vector<Sha256::Digest> d;
    for (Sha256& x : h) {
      d.push_back(x.finish());
      ct::declassify(std::span(d.back()));
    }
    EXPECT_NE(d[0], d[1]);
  }
}

TEST_P(Sha256Ct, HmacWithSecretKeyAndMessage) {
  Prng rng(2);
  for (std::size_t keylen : {16u, 64u, 100u}) {
    HmacWithSecrets(rng.bytes(keylen), rng.bytes(100), Sha256(*GetParam()));
  }
}

TEST_P(Sha256Ct, HkdfAndPbkdf2WithSecretInputs) {
  Prng rng(3);
  Bytes ikm = rng.bytes(40), salt = rng.bytes(16), okm(80);
  ct::secret(std::span(ikm));
  ASSERT_TRUE(Hkdf<Sha256>::derive(okm, ikm, salt, as_bytes("info"), Sha256(*GetParam())).ok());
  ct::declassify(std::span(okm));
  Bytes password = rng.bytes(12), dk(40);
  ct::secret(std::span(password));
  ASSERT_TRUE(Pbkdf2<Hmac<Sha256>>::derive(dk, password, salt, 3, Sha256(*GetParam())).ok());
  ct::declassify(std::span(dk));
}

// Key schedule, both block paths (one block and the bulk batch) and every mode with secret keys
// and messages: for every row of core/block_ciphers.h (its largest key), on every kernel.
template <class C, class Kernel>
void BlockCipherAndModes(const Kernel& kernel) {
  constexpr std::size_t B = C::block_size;
  Prng rng(6);
  Bytes key = rng.bytes(C::key_size), iv = rng.bytes(B), msg = rng.bytes(B * 40 + 7);
  ct::secret(std::span(key));
  ct::secret(std::span(msg));
  const C cipher(std::span<const std::uint8_t, C::key_size>(key.data(), C::key_size), kernel);
  BlockModesWithSecrets(cipher, std::span<const std::uint8_t, B>(iv.data(), B), msg);
}
#define AXIOM_CT_ROW(family, block, standard, ...)                                            \
  using family##Ct = KernelCt<std::remove_cvref_t<decltype(*detail::family##_kernels()[0])>>; \
  TEST_P(family##Ct, BlockCipherAndModes) {                                                   \
    BlockCipherAndModes<typename detail::family##_row::ciphers::last>(*GetParam());           \
  }                                                                                           \
  AXIOM_CT_KERNELS(family##Ct, detail::family##_kernels());
AXIOM_BLOCK_CIPHERS(AXIOM_CT_ROW)
#undef AXIOM_CT_ROW

// GCM seal and open (tag comparison included) with a secret key and plaintext, the AES
// kernel matching the GHASH kernel's class (portable with portable, AES-NI with PCLMUL).
using GcmCt = KernelCt<detail::GhashKernel>;
TEST_P(GcmCt, SealAndOpen) {
  const detail::AesKernel& aes = GetParam() == &detail::ghash_portable
                                     ? detail::aes_portable
                                     : *detail::aes_kernels()[detail::aes_kernels().size() - 2];
  Prng rng(5);
  Bytes key = rng.bytes(16), nonce = rng.bytes(12), aad = rng.bytes(30), msg = rng.bytes(150);
  ct::secret(std::span(key));
  ct::secret(std::span(msg));
  const AesGcm128 g(std::span<const std::uint8_t, 16>(key.data(), 16), aes, *GetParam());
  SealOpenWithSecrets(g, nonce, aad, msg);
  StreamWithSecrets(g, nonce, aad, msg);
  // A nonce of another length goes through GHASH for J0.
  SealOpenWithSecrets(g, rng.bytes(20), aad, msg);
  StreamWithSecrets(g, rng.bytes(20), aad, msg);
}
AXIOM_CT_KERNELS(GcmCt, detail::ghash_kernels());

// SM4's AEADs, GCM (with the matching GHASH kernel class) and CCM, and whole batches, with
// secret keys and messages.
TEST_P(sm4Ct, Aeads) {
  Prng rng(6);
  Bytes key = rng.bytes(16), iv = rng.bytes(16), msg = rng.bytes(200);
  ct::secret(std::span(key));
  ct::secret(std::span(msg));
  const Sm4 sm4(std::span<const std::uint8_t, 16>(key.data(), 16), *GetParam());
  const detail::GhashKernel& ghash =
      GetParam() == &detail::sm4_portable
          ? detail::ghash_portable
          : *detail::ghash_kernels()[detail::ghash_kernels().size() - 2];
  const Bytes nonce = rng.bytes(12), aad = rng.bytes(30);
  SealOpenWithSecrets(Sm4Gcm(sm4, ghash), nonce, aad, msg);
  SealOpenWithSecrets(Sm4Ccm(sm4), nonce, aad, msg);
  SealOpenWithSecrets(Sm4Gcm(sm4, ghash), rng.bytes(20), aad, msg);

  // Whole batches (the SIMD kernels' 32 blocks in flight) besides the short paths above.
  Bytes big = rng.bytes(16 * 70 + 5), big_out(16 * 70 + 5);
  ct::secret(std::span(big));
  const auto big_whole = std::span<const std::uint8_t>(big).first(16 * 70);
  ASSERT_TRUE(sm4.encrypt_blocks(std::span(big_out).first(16 * 70), big_whole).ok());
  ASSERT_TRUE(sm4.decrypt_blocks(std::span(big_out).first(16 * 70), big_whole).ok());
  Ctr<Sm4> ctr_big(sm4, std::span<const std::uint8_t, 16>(iv.data(), 16));
  ASSERT_TRUE(ctr_big.apply(big_out, big).ok());
  ct::declassify(std::span(big_out));
}

// Magma's kernel ops, called directly: a schedule from a secret key, every op on one block, a
// partial batch and several batches of a secret message (counters and IVs public, as in use).
using MagmaCt = KernelCt<detail::MagmaKernel>;
TEST_P(MagmaCt, KernelOps) {
  Prng rng(7);
  Bytes key = rng.bytes(32), msg = rng.bytes(8 * 150), chain = rng.bytes(8);
  ct::secret(std::span(key));
  ct::secret(std::span(msg));
  detail::MagmaSchedule ks;
  detail::magma_schedule_from_key(ks, key.data());
  const detail::Block64Ops& ops = GetParam()->ops;
  Bytes out(msg.size());
  for (const std::size_t n : {std::size_t{1}, std::size_t{13}, std::size_t{150}}) {
    ops.encrypt_blocks(&ks, out.data(), msg.data(), n);
    ops.decrypt_blocks(&ks, out.data(), msg.data(), n);
    ops.ctr_xor(&ks, chain.data(), out.data(), msg.data(), n);
    ops.cbc_encrypt(&ks, chain.data(), out.data(), msg.data(), n);
    ops.cbc_decrypt(&ks, chain.data(), out.data(), msg.data(), n);
    ct::declassify(std::span(chain));  // a ciphertext block now
    ops.cbc_mac(&ks, chain.data(), msg.data(), n);
    ct::declassify(std::span(chain));
    for (const std::size_t half : {std::size_t{0}, std::size_t{4}}) {
      ops.ctr_half_xor(&ks, chain.data(), half, out.data(), msg.data(), n);
      ops.ctr_half_xor(&ks, chain.data(), half, out.data(), nullptr, n);
    }
    ct::declassify(std::span(out));
  }
}
// Magma's GOST-only constructions with secret keys and data: CTR-ACPKM (whose section keys are
// secret), OMAC-ACPKM (its tag checked in constant time) and KExp15/KImp15 (the MAC of the
// unwrapped key compared in constant time, so only the verdict is public).
TEST_P(MagmaCt, AcpkmAndKeyWrap) {
  Prng rng(8);
  Bytes key = rng.bytes(32), mac_key = rng.bytes(32), msg = rng.bytes(8 * 40 + 5),
        iv = rng.bytes(4);
  ct::secret(std::span(key));
  ct::secret(std::span(mac_key));
  ct::secret(std::span(msg));
  const Magma c(std::span<const std::uint8_t, 32>(key.data(), 32), *GetParam());
  const Magma m(std::span<const std::uint8_t, 32>(mac_key.data(), 32), *GetParam());
  Bytes out(msg.size());
  auto ctr = MagmaCtrAcpkm::make(c, iv, 16);
  ASSERT_TRUE(ctr.ok());
  ASSERT_TRUE(ctr->apply(out, msg).ok());
  ct::declassify(std::span(out));
  auto omac = MagmaOmacAcpkm::make(c, 16, 24);
  ASSERT_TRUE(omac.ok());
  omac->update(msg);
  MagmaOmacAcpkm fork = *omac;
  std::uint8_t tag[8];
  omac->finish(tag);
  EXPECT_TRUE(verdict(fork.verify(tag)));
  ct::declassify(tag, sizeof tag);

  const std::span<const std::uint8_t, 4> iv4(iv.data(), 4);
  const auto wrapped_key = std::span<const std::uint8_t>(msg).first(32);
  Bytes wrapped(40), back(32);
  ASSERT_TRUE(kexp15<Magma>(wrapped, wrapped_key, m, c, iv4).ok());
  ct::declassify(std::span(wrapped));
  for (const bool tamper : {false, true}) {
    wrapped[5] ^= tamper ? 1 : 0;
    EXPECT_EQ(verdict(kimp15<Magma>(back, wrapped, m, c, iv4)), !tamper);
    ct::declassify(std::span(back));
  }
}
AXIOM_CT_KERNELS(MagmaCt, detail::magma_kernels());

// MGM seal and open (tag comparison included) with a secret key and plaintext: the portable
// multiplication with the portable cipher, the others with the cipher kernel this CPU picks
// (under valgrind, which hides AVX-512: kuznyechik/avx2).
using MgmCt = KernelCt<detail::MgmKernel>;
TEST_P(MgmCt, SealAndOpen) {
  const detail::KuznyechikKernel& cipher = GetParam() == &detail::mgm_portable
                                               ? detail::kuznyechik_portable
                                               : detail::kuznyechik_select(cpu::detected());
  if (!test::kernel_runnable(cipher.info)) GTEST_SKIP() << "cipher kernel cannot run here";
  Prng rng(7);
  Bytes key = rng.bytes(32), nonce = rng.bytes(16), aad = rng.bytes(30), msg = rng.bytes(150);
  nonce[0] &= 0x7f;
  ct::secret(std::span(key));
  ct::secret(std::span(msg));
  const KuznyechikMgm mgm(Kuznyechik(std::span<const std::uint8_t, 32>(key.data(), 32), cipher),
                          *GetParam());
  SealOpenWithSecrets(mgm, nonce, aad, msg);
  StreamWithSecrets(mgm, nonce, aad, msg);
}
AXIOM_CT_KERNELS(MgmCt, detail::mgm_kernels());

// MGM over GF(2^64) (MagmaMgm): the multiplication kernel alone on secret operands, then seal
// and open with a secret key and plaintext (whole and partial last blocks, a short tag): the
// portable multiplication with the portable cipher, the others with the cipher kernel this CPU
// picks (under valgrind, which hides AVX-512: magma/avx2).
using Mgm64Ct = KernelCt<detail::Mgm64Kernel>;
TEST_P(Mgm64Ct, SealAndOpen) {
  const detail::MagmaKernel& cipher = GetParam() == &detail::mgm64_portable
                                          ? detail::magma_portable
                                          : detail::magma_select(cpu::detected());
  if (!test::kernel_runnable(cipher.info)) GTEST_SKIP() << "cipher kernel cannot run here";
  Prng rng(9);
  for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{9}, std::size_t{40}}) {
    Bytes acc = rng.bytes(8), h = rng.bytes(8 * n), a = rng.bytes(8 * n);
    ct::secret(std::span(acc));
    ct::secret(std::span(h));
    ct::secret(std::span(a));
    GetParam()->mac(acc.data(), h.data(), a.data(), n);
    ct::declassify(std::span(acc));
  }
  for (const std::size_t len : {std::size_t{0}, std::size_t{13}, std::size_t{150}}) {
    Bytes key = rng.bytes(32), nonce = rng.bytes(8), aad = rng.bytes(21), msg = rng.bytes(len);
    nonce[0] &= 0x7f;
    ct::secret(std::span(key));
    ct::secret(std::span(msg));
    const MagmaMgm mgm(Magma(std::span<const std::uint8_t, 32>(key.data(), 32), cipher),
                       *GetParam());
    SealOpenWithSecrets(mgm, nonce, aad, msg);
    Bytes sealed(len + 4), opened(len);
    ASSERT_TRUE(mgm.seal(sealed, nonce, aad, msg, 4).ok());
    ct::declassify(std::span(sealed));
    EXPECT_TRUE(verdict(mgm.open(opened, nonce, aad, sealed, 4)));
    ct::declassify(std::span(opened));
  }
}
AXIOM_CT_KERNELS(Mgm64Ct, detail::mgm64_kernels());

TEST(CoreCt, CompareAndWipe) {
  Bytes a(32, 7), b(32, 7);
  ct::secret(std::span(a));
  ct::secret(std::span(b));
  bool eq = ct_equal(a, b);
  ct::declassify(&eq, sizeof eq);
  EXPECT_TRUE(eq);
  secure_wipe(a);
}

// ChaCha20 and the AEADs: the key, the plaintext and the AAD are secret; for open, the
// ciphertext and tag are public but everything computed from the key is not, and only the
// verdict and the (possibly zeroed) output are declassified.
using ChaCha20Ct = KernelCt<detail::ChaCha20Kernel>;

TEST_P(ChaCha20Ct, StreamWithSecretKeyAndData) {
  Prng rng(4);
  for (std::size_t n : {1u, 64u, 130u, 300u, 512u, 1100u}) {
    Bytes key = rng.bytes(32), nonce = rng.bytes(24), msg = rng.bytes(n), out(n);
    ct::secret(std::span(key));
    ct::secret(std::span(msg));
    ChaCha20 c(std::span<const std::uint8_t, 32>(key.data(), 32),
               std::span<const std::uint8_t, 12>(nonce.data(), 12), 1, *GetParam());
    ASSERT_TRUE(c.crypt(std::span(out).first(n / 2), std::span(msg).first(n / 2)).ok());
    ASSERT_TRUE(c.crypt(std::span(out).subspan(n / 2), std::span(msg).subspan(n / 2)).ok());
    XChaCha20 x(std::span<const std::uint8_t, 32>(key.data(), 32),
                std::span<const std::uint8_t, 24>(nonce.data(), 24), 0, *GetParam());
    ASSERT_TRUE(x.crypt(out, msg).ok());
    ct::declassify(std::span(out));
  }
}

TEST_P(ChaCha20Ct, AeadSealAndOpenWithSecretKey) {
  Prng rng(5);
  for (const auto* poly : detail::poly1305_kernels()) {
    if (!kernel_runnable(poly->info)) continue;               // valgrind hides AVX-512
    for (std::size_t n : {0u, 1u, 64u, 200u, 600u, 1600u}) {  // 1600: the fused pass, 3 groups
      Bytes key = rng.bytes(32), nonce = rng.bytes(24), msg = rng.bytes(n), aad = rng.bytes(13);
      ct::secret(std::span(key));
      ct::secret(std::span(msg));
      ct::secret(std::span(aad));
      const std::span<const std::uint8_t, 32> k(key.data(), 32);
      const ChaCha20Poly1305 aead(k, *GetParam(), *poly);
      const XChaCha20Poly1305 xaead(k, *GetParam(), *poly);
      const std::span<const std::uint8_t, 12> n12(nonce.data(), 12);
      const std::span<const std::uint8_t, 24> n24(nonce.data(), 24);
      Bytes sealed(n + 16), xsealed(n + 16), out(n);
      ASSERT_TRUE(aead.seal(sealed, n12, msg, aad).ok());
      ASSERT_TRUE(xaead.seal(xsealed, n24, msg, aad).ok());
      ct::declassify(std::span(sealed));  // ciphertext and tag are public
      ct::declassify(std::span(xsealed));
      for (int tamper = 0; tamper < 2; ++tamper) {
        if (tamper) sealed.back() ^= 1;
        EXPECT_EQ(verdict(aead.open(out, n12, sealed, aad)), tamper == 0);
        EXPECT_TRUE(verdict(xaead.open(out, n24, xsealed, aad)));
        ct::declassify(std::span(out));
      }
    }
  }
}

using Poly1305Ct = KernelCt<detail::Poly1305Kernel>;

TEST_P(Poly1305Ct, MacWithSecretKeyAndMessage) {
  Prng rng(6);
  for (std::size_t n : {0u, 1u, 16u, 17u, 100u, 1000u}) {
    Bytes key = rng.bytes(32), msg = rng.bytes(n);
    ct::secret(std::span(key));
    ct::secret(std::span(msg));
    const std::span<const std::uint8_t, 32> k(key.data(), 32);
    Poly1305 m(k, *GetParam());
    m.update(std::span(msg).first(n / 3));
    m.update(std::span(msg).subspan(n / 3));
    Poly1305 fork = m;
    auto tag = m.finish();
    EXPECT_TRUE(verdict(fork.verify(tag)));
    ct::declassify(std::span(tag));
  }
}

AXIOM_CT_KERNELS(ChaCha20Ct, detail::chacha20_kernels());
AXIOM_CT_KERNELS(Poly1305Ct, detail::poly1305_kernels());

AXIOM_CT_KERNELS(Sha256Ct, detail::sha256_kernels());

// The C API (axiom.h) adds argument checks around the same kernels: none may branch on a
// secret either, and an AEAD's verdict reaches the caller without a branch in between.
TEST(CApiCt, CiphersMacsAndAeadsWithSecretInputs) {
  Prng rng(9);
  Bytes key = rng.bytes(32), iv = rng.bytes(16), msg = rng.bytes(100), aad = rng.bytes(20);
  ct::secret(std::span(key));
  ct::secret(std::span(msg));
  Bytes out(msg.size() + 16), back(msg.size());
  std::uint8_t tag[32];  // HMAC-SHA256 below writes 32 bytes

  axiom_aes_ctx aes;
  ASSERT_EQ(axiom_aes_init(&aes, key.data(), 16), AXIOM_OK);
  Bytes chain = iv;
  EXPECT_EQ(verdict(axiom_aes_cbc_encrypt(&aes, chain.data(), out.data(), 96, msg.data(), 96)),
            AXIOM_OK);
  EXPECT_EQ(verdict(axiom_aes_ctr_xor(&aes, iv.data(), 5, out.data(), msg.size(), msg.data(),
                                      msg.size())),
            AXIOM_OK);
  EXPECT_EQ(verdict(axiom_aes_cmac(&aes, tag, msg.data(), msg.size())), AXIOM_OK);
  axiom_aes_clear(&aes);

  axiom_aes_gcm_ctx gcm;
  ASSERT_EQ(axiom_aes_gcm_init(&gcm, key.data(), 32), AXIOM_OK);
  EXPECT_EQ(verdict(axiom_aes_gcm_seal(&gcm, out.data(), out.size(), iv.data(), 12, aad.data(),
                                       aad.size(), msg.data(), msg.size())),
            AXIOM_OK);
  for (const bool tamper : {false, true}) {
    out[3] ^= tamper ? 1 : 0;
    EXPECT_EQ(verdict(axiom_aes_gcm_open(&gcm, back.data(), back.size(), iv.data(), 12, aad.data(),
                                         aad.size(), out.data(), out.size())),
              tamper ? AXIOM_ERR_AUTHENTICATION_FAILED : AXIOM_OK);
  }
  axiom_aes_gcm_clear(&gcm);

  for (const std::size_t nonce_len : {12u, 24u}) {
    const auto seal =
        nonce_len == 12 ? axiom_chacha20_poly1305_seal : axiom_xchacha20_poly1305_seal;
    const auto open =
        nonce_len == 12 ? axiom_chacha20_poly1305_open : axiom_xchacha20_poly1305_open;
    Bytes nonce = rng.bytes(nonce_len);
    EXPECT_EQ(verdict(seal(out.data(), out.size(), key.data(), 32, nonce.data(), nonce_len,
                           aad.data(), aad.size(), msg.data(), msg.size())),
              AXIOM_OK);
    for (const bool tamper : {false, true}) {
      out[7] ^= tamper ? 1 : 0;
      EXPECT_EQ(verdict(open(back.data(), back.size(), key.data(), 32, nonce.data(), nonce_len,
                             aad.data(), aad.size(), out.data(), out.size())),
                tamper ? AXIOM_ERR_AUTHENTICATION_FAILED : AXIOM_OK);
    }
  }

  axiom_poly1305_ctx poly;
  ASSERT_EQ(axiom_poly1305_init(&poly, key.data(), 32), AXIOM_OK);
  ASSERT_EQ(axiom_poly1305_update(&poly, msg.data(), msg.size()), AXIOM_OK);
  ASSERT_EQ(axiom_poly1305_final(&poly, tag), AXIOM_OK);
  ASSERT_EQ(axiom_chacha20(out.data(), msg.size(), key.data(), 32, iv.data(), 12, 1, msg.data(),
                           msg.size()),
            AXIOM_OK);
  std::uint8_t hmac[32];  // HMAC-SHA256 writes 32 bytes (tag has 16: it overflowed the stack)
  ASSERT_EQ(axiom_hmac_sha256(hmac, key.data(), key.size(), msg.data(), 16), AXIOM_OK);
  EXPECT_EQ(verdict(axiom_ct_equal(key.data(), msg.data(), 32)), 0);
}

// GOST R 34.13 padding removal (procedure 2) of secret blocks: good and bad padding, the
// verdict and the length computed with masks.
TEST(ModesCt, GostUnpadOfSecretBlocks) {
  for (const std::size_t pad_at : {0u, 7u, 15u, 16u}) {  // 16: no 0x80 at all (bad)
    Bytes padded(32, 0);
    padded[3] = 0x55;
    if (pad_at < 16) padded[16 + pad_at] = 0x80;
    ct::secret(std::span(padded));
    std::size_t length = 0;
    EXPECT_EQ(verdict(gost_unpad(padded, length)), pad_at < 16);
    ct::declassify(&length, sizeof length);
    EXPECT_EQ(length, pad_at < 16 ? 16 + pad_at : 0);
  }
}

// The SM4 and Kuznyechik functions of the C API, with secret keys and messages.
TEST(CApiCt, GostCiphersWithSecretInputs) {
  Prng rng(10);
  Bytes key = rng.bytes(32), iv = rng.bytes(16), msg = rng.bytes(100), aad = rng.bytes(20);
  iv[0] &= 0x7f;  // a valid MGM nonce too
  ct::secret(std::span(key));
  ct::secret(std::span(msg));
  Bytes out(msg.size() + 16), back(msg.size());
  std::uint8_t tag[16];

  axiom_sm4_ctx sm4;
  axiom_kuznyechik_ctx kuz;
  ASSERT_EQ(axiom_sm4_init(&sm4, key.data(), 16), AXIOM_OK);
  ASSERT_EQ(axiom_kuznyechik_init(&kuz, key.data(), 32), AXIOM_OK);
  for (int cipher = 0; cipher < 2; ++cipher) {
    Bytes chain = iv;
    EXPECT_EQ(
        verdict(cipher ? axiom_kuznyechik_cbc_decrypt(&kuz, chain.data(), out.data(), 96,
                                                      msg.data(), 96)
                       : axiom_sm4_cbc_decrypt(&sm4, chain.data(), out.data(), 96, msg.data(), 96)),
        AXIOM_OK);
    EXPECT_EQ(verdict(cipher ? axiom_kuznyechik_cfb_encrypt(&kuz, chain.data(), out.data(), 100,
                                                            msg.data(), 100)
                             : axiom_sm4_cfb_encrypt(&sm4, chain.data(), out.data(), 100,
                                                     msg.data(), 100)),
              AXIOM_OK);
    EXPECT_EQ(
        verdict(cipher
                    ? axiom_kuznyechik_ofb_xor(&kuz, chain.data(), out.data(), 100, msg.data(), 100)
                    : axiom_sm4_ofb_xor(&sm4, chain.data(), out.data(), 100, msg.data(), 100)),
        AXIOM_OK);
    EXPECT_EQ(
        verdict(cipher
                    ? axiom_kuznyechik_ctr_xor(&kuz, iv.data(), 3, out.data(), 100, msg.data(), 100)
                    : axiom_sm4_ctr_xor(&sm4, iv.data(), 3, out.data(), 100, msg.data(), 100)),
        AXIOM_OK);
    EXPECT_EQ(verdict(cipher ? axiom_kuznyechik_cmac(&kuz, tag, msg.data(), 100)
                             : axiom_sm4_cmac(&sm4, tag, msg.data(), 100)),
              AXIOM_OK);
  }
  EXPECT_EQ(verdict(axiom_kuznyechik_ctr_acpkm_xor(&kuz, iv.data(), 8, 32, out.data(), 100,
                                                   msg.data(), 100)),
            AXIOM_OK);

  // The AEADs: seal, then open with the right and a wrong tag (SM4-CCM, Kuznyechik-MGM, SM4-GCM).
  axiom_sm4_gcm_ctx gcm;
  ASSERT_EQ(axiom_sm4_gcm_init(&gcm, key.data(), 16), AXIOM_OK);
  for (int aead = 0; aead < 3; ++aead) {
    const std::size_t nonce_len = aead == 1 ? 16 : 12;
    const int sealed =
        aead == 0   ? axiom_sm4_ccm_seal(&sm4, out.data(), out.size(), iv.data(), nonce_len,
                                         aad.data(), aad.size(), msg.data(), msg.size())
        : aead == 1 ? axiom_kuznyechik_mgm_seal(&kuz, out.data(), out.size(), iv.data(), nonce_len,
                                                aad.data(), aad.size(), msg.data(), msg.size())
                    : axiom_sm4_gcm_seal(&gcm, out.data(), out.size(), iv.data(), nonce_len,
                                         aad.data(), aad.size(), msg.data(), msg.size());
    EXPECT_EQ(verdict(sealed), AXIOM_OK);
    for (const bool tamper : {false, true}) {
      out[5] ^= tamper ? 1 : 0;
      const int opened =
          aead == 0 ? axiom_sm4_ccm_open(&sm4, back.data(), back.size(), iv.data(), nonce_len,
                                         aad.data(), aad.size(), out.data(), out.size())
          : aead == 1
              ? axiom_kuznyechik_mgm_open(&kuz, back.data(), back.size(), iv.data(), nonce_len,
                                          aad.data(), aad.size(), out.data(), out.size())
              : axiom_sm4_gcm_open(&gcm, back.data(), back.size(), iv.data(), nonce_len, aad.data(),
                                   aad.size(), out.data(), out.size());
      EXPECT_EQ(verdict(opened), tamper ? AXIOM_ERR_AUTHENTICATION_FAILED : AXIOM_OK) << aead;
    }
  }
  axiom_sm4_gcm_clear(&gcm);
  axiom_sm4_clear(&sm4);
  axiom_kuznyechik_clear(&kuz);
}

using StreebogCt = KernelCt<detail::StreebogKernel>;

TEST_P(StreebogCt, HashOfSecretMessage) {
  Prng rng(4);
  for (std::size_t n : {0u, 1u, 63u, 64u, 65u, 200u}) {
    Bytes msg = rng.bytes(n);
    ct::secret(std::span(msg));
    Streebog256 h(*GetParam());
    h.update(msg);
    auto d = h.finish();
    ct::declassify(std::span(d));
    Streebog512 h512(*GetParam());
    h512.update(msg);
    auto d512 = h512.finish();
    ct::declassify(std::span(d512));
    EXPECT_EQ(d512.size(), 64u);
  }
}

// Two secret messages through compress_blocks_x2 (update_many), one starting mid-block.
TEST_P(StreebogCt, UpdateManyOfSecretMessages) {
  Prng rng(6);
  Bytes a = rng.bytes(300), b = rng.bytes(200), pre = rng.bytes(10);
  ct::secret(std::span(a));
  ct::secret(std::span(b));
  ct::secret(std::span(pre));
  Streebog256 ha(*GetParam()), hb(*GetParam());
  hb.update(pre);
  Streebog256* hashers[] = {&ha, &hb};
  const std::span<const std::uint8_t> data[] = {a, b};
  ASSERT_TRUE(Streebog256::update_many(hashers, data).ok());
  auto da = ha.finish(), db = hb.finish();
  ct::declassify(std::span(da));
  ct::declassify(std::span(db));
  EXPECT_NE(da, db);
}

TEST_P(StreebogCt, HmacKdfAndPbkdf2WithSecretInputs) {
  Prng rng(5);
  Bytes key = rng.bytes(32), salt = rng.bytes(16);
  HmacWithSecrets(key, rng.bytes(100), Streebog512(*GetParam()));
  ct::secret(std::span(key));
  const Streebog256 proto(*GetParam());
  std::uint8_t k[32];
  KdfGostr3411_2012_256::derive(k, key, as_bytes("label"), salt, proto);
  ct::declassify(k, sizeof k);
  Bytes tree(96);
  ASSERT_TRUE(KdfTreeGostr3411_2012_256::derive(tree, key, as_bytes("label"), salt, 1, proto).ok());
  ct::declassify(std::span(tree));
  Bytes password = rng.bytes(12), dk(80);
  ct::secret(std::span(password));
  ASSERT_TRUE(
      Pbkdf2<Hmac<Streebog512>>::derive(dk, password, salt, 2, Streebog512(*GetParam())).ok());
  ct::declassify(std::span(dk));
}

AXIOM_CT_KERNELS(StreebogCt, detail::streebog_kernels());

}  // namespace
}  // namespace axiom::test

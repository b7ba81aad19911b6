// The streamed AEADs (Mgm<C>::Stream, Gcm<C>::Stream) over every pair of cipher and
// multiplication kernels, emulated builds included: a message fed at random splits (AAD and
// text, separate or in place) seals to what the one-shot seal of the portable pair gives and
// opens back; the RFC 9058 / GCM vectors through the stream; a changed tag fails; calls out of
// order, bad tags and nonces, and the length limits are errors that leave the message as it was.
#include <gtest/gtest.h>

#include <algorithm>
#include <type_traits>

#include "axiom/gcm.hpp"
#include "axiom/mgm.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernel_pairs.hpp"
#include "support/kernels.hpp"
#include "support/test_kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

// pieces cuts n bytes into random pieces (empty ones too), now and then one long run.
std::vector<std::size_t> pieces(Prng& rng, std::size_t n) {
  std::vector<std::size_t> out;
  for (std::size_t done = 0; done < n || rng.below(4) == 0;) {
    std::size_t m = rng.below(4) == 0 ? rng.below(n + 1) : rng.below(40);
    m = std::min(m, n - done);
    out.push_back(m);
    done += m;
    if (done == n && rng.below(2) == 0) break;
  }
  return out;
}

// streamed runs a whole message through s (started by the caller): aad, then text in pieces,
// in place or not; returns the output.
template <class Stream>
Bytes streamed(Stream& s, Prng& rng, const Bytes& aad, const Bytes& in, bool in_place) {
  std::size_t off = 0;
  for (std::size_t m : pieces(rng, aad.size())) {
    EXPECT_TRUE(s.aad(std::span(aad).subspan(off, m)).ok());
    off += m;
  }
  Bytes out = in_place ? in : Bytes(in.size(), 0xcc);
  const Bytes& src = in_place ? out : in;
  off = 0;
  for (std::size_t m : pieces(rng, in.size())) {
    EXPECT_TRUE(s.update(std::span(out).subspan(off, m), std::span(src).subspan(off, m)).ok());
    off += m;
  }
  return out;
}

// agree: messages of awkward lengths sealed and opened by the stream of mine at random splits
// equal ref's one-shot seal; a changed tag fails the open.
template <class A>
void agree(const A& mine, const A& ref, Prng& rng, bool emulated_kernel,
           std::initializer_list<std::size_t> nonce_sizes) {
  std::vector<std::size_t> lengths = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 1024};
  if (!emulated_kernel) lengths.insert(lengths.end(), {1500, 4095, 4096, 4097, 9000, 17000});
  for (std::size_t n : lengths) {
    for (std::size_t nonce_size : nonce_sizes) {
      Bytes nonce = rng.bytes(nonce_size);
      nonce[0] &= 0x7f;  // MGM's nonce has n - 1 bits
      const Bytes aad = rng.bytes(rng.below(3) == 0 ? 0 : rng.below(100)), pt = rng.bytes(n);
      Bytes want(n + A::tag_size);
      ASSERT_TRUE(ref.seal(want, nonce, aad, pt).ok());
      typename A::Stream s(mine);
      ASSERT_TRUE(s.start_seal(nonce).ok());
      Bytes got = streamed(s, rng, aad, pt, n % 2 == 0), tag(A::tag_size);
      ASSERT_TRUE(s.finish_seal(tag).ok());
      got.insert(got.end(), tag.begin(), tag.end());
      ASSERT_EQ(got, want) << "length " << n << " nonce " << nonce_size << " seed " << rng.seed;
      const Bytes ct(want.begin(), want.begin() + static_cast<long>(n));
      ASSERT_TRUE(s.start_open(nonce).ok());
      EXPECT_EQ(streamed(s, rng, aad, ct, n % 3 == 0), pt) << n;
      EXPECT_TRUE(s.finish_open(tag).ok()) << n;
      tag[rng.below(tag.size())] ^= 0x10;
      ASSERT_TRUE(s.start_open(nonce).ok());
      (void)streamed(s, rng, aad, ct, false);
      EXPECT_EQ(s.finish_open(tag).error(), Error::authentication_failed) << n;
    }
  }
}

// vectors: the known answers of file through the stream (a fresh split each time), keyed by
// keyed(key).
template <class Keyed>
void vectors(Keyed keyed, Prng& rng, const char* file, const char* nonce_field, int expected) {
  int cases = 0;
  for (const VectorCase& c : load_vectors(file)) {
    const auto a = keyed(c.bytes("Key"));
    using A = std::remove_const_t<decltype(a)>;
    const Bytes nonce = c.bytes(nonce_field), aad = c.bytes("AAD"), pt = c.bytes("Plaintext"),
                ct = c.bytes("Ciphertext"), tag = c.bytes("Tag");
    typename A::Stream s(a);
    ASSERT_TRUE(s.start_seal(nonce).ok()) << c.where();
    EXPECT_EQ(streamed(s, rng, aad, pt, false), ct) << c.where();
    Bytes t(tag.size());
    ASSERT_TRUE(s.finish_seal(t).ok()) << c.where();
    EXPECT_EQ(t, tag) << c.where();
    ASSERT_TRUE(s.start_open(nonce).ok());
    EXPECT_EQ(streamed(s, rng, aad, ct, true), pt) << c.where();
    EXPECT_TRUE(s.finish_open(tag).ok()) << c.where();
    ++cases;
  }
  EXPECT_EQ(cases, expected) << file;
}

class KuznyechikMgmStream : public KernelPairTest<detail::KuznyechikKernel, detail::MgmKernel> {};

TEST_P(KuznyechikMgmStream, SplitsAgreeWithOneShot) {
  Prng rng(test_seed() + 40);
  const Bytes key = rng.bytes(32);
  const KuznyechikMgm mine(Kuznyechik(fixed<32>(key), cipher_kernel()), mul_kernel());
  const KuznyechikMgm ref(Kuznyechik(fixed<32>(key), detail::kuznyechik_portable),
                          detail::mgm_portable);
  agree(mine, ref, rng, emulated(cipher_kernel().info) || emulated(mul_kernel().info), {16});
  vectors(
      [&](const Bytes& k) {
        return KuznyechikMgm(Kuznyechik(fixed<32>(k), cipher_kernel()), mul_kernel());
      },
      rng, "kat/mgm_kuznyechik.txt", "Nonce", 7);
}
AXIOM_KERNEL_PAIRS(KuznyechikMgmStream, kuznyechik_test_kernels(), mgm_test_kernels());

class MagmaMgmStream : public KernelPairTest<detail::MagmaKernel, detail::Mgm64Kernel> {};

TEST_P(MagmaMgmStream, SplitsAgreeWithOneShot) {
  Prng rng(test_seed() + 41);
  const Bytes key = rng.bytes(32);
  const MagmaMgm mine(Magma(fixed<32>(key), cipher_kernel()), mul_kernel());
  const MagmaMgm ref(Magma(fixed<32>(key), detail::magma_portable), detail::mgm64_portable);
  agree(mine, ref, rng, emulated(cipher_kernel().info) || emulated(mul_kernel().info), {8});
  vectors(
      [&](const Bytes& k) { return MagmaMgm(Magma(fixed<32>(k), cipher_kernel()), mul_kernel()); },
      rng, "kat/mgm_magma.txt", "Nonce", 8);
}
AXIOM_KERNEL_PAIRS(MagmaMgmStream, magma_test_kernels(), mgm64_test_kernels());

// GCM: 12-byte nonces (public counter, the fused kernels where the pair has one) and others
// (J0 = GHASH(nonce), a secret counter).
class AesGcmStream : public KernelPairTest<detail::AesKernel, detail::GhashKernel> {};

TEST_P(AesGcmStream, SplitsAgreeWithOneShot) {
  Prng rng(test_seed() + 42);
  const bool emul = emulated(cipher_kernel().info) || emulated(mul_kernel().info);
  for (std::size_t key_size : {16u, 32u}) {
    const Bytes key = rng.bytes(key_size);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      const AesGcm<K> mine(fixed<K>(key), cipher_kernel(), mul_kernel());
      const AesGcm<K> ref(fixed<K>(key), detail::aes_portable, detail::ghash_portable);
      agree(mine, ref, rng, emul, {12, 1, 16, 60});
    });
  }
}
AXIOM_KERNEL_PAIRS(AesGcmStream, aes_test_kernels(), ghash_test_kernels());

class Sm4GcmStream : public KernelPairTest<detail::Sm4Kernel, detail::GhashKernel> {};

TEST_P(Sm4GcmStream, SplitsAgreeWithOneShot) {
  Prng rng(test_seed() + 43);
  const Bytes key = rng.bytes(16);
  const Sm4Gcm mine(fixed<16>(key), cipher_kernel(), mul_kernel());
  const Sm4Gcm ref(fixed<16>(key), detail::sm4_portable, detail::ghash_portable);
  agree(mine, ref, rng, emulated(cipher_kernel().info) || emulated(mul_kernel().info), {12, 8});
  vectors([&](const Bytes& k) { return Sm4Gcm(fixed<16>(k), cipher_kernel(), mul_kernel()); }, rng,
          "kat/sm4_gcm.txt", "IV", 1);
}
AXIOM_KERNEL_PAIRS(Sm4GcmStream, sm4_test_kernels(), ghash_test_kernels());

// The AES-GCM spec vectors through the stream, every key size.
TEST(AeadStream, AesGcmVectors) {
  Prng rng(test_seed() + 44);
  int cases = 0;
  for (const VectorCase& c : load_vectors("kat/aes_gcm.txt")) {
    const Bytes key = c.bytes("Key"), nonce = c.bytes("IV"), aad = c.bytes("AAD"),
                pt = c.bytes("Plaintext"), tag = c.bytes("Tag");
    with_key_size(key.size(), [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      typename AesGcm<K>::Stream s{AesGcm<K>(fixed<K>(key))};
      ASSERT_TRUE(s.start_seal(nonce).ok());
      EXPECT_EQ(streamed(s, rng, aad, pt, false), c.bytes("Ciphertext")) << c.where();
      Bytes t(tag.size());
      ASSERT_TRUE(s.finish_seal(t).ok()) << c.where();
      EXPECT_EQ(t, tag) << c.where();
    });
    ++cases;
  }
  EXPECT_GT(cases, 10);
}

// Calls out of order, bad arguments and the limits: errors, and the message goes on as if the
// call had not been made.
template <class A>
void misuse(const A& a, std::size_t nonce_size, std::size_t min_tag, std::uint64_t max_text) {
  typename A::Stream s(a);
  Bytes nonce(nonce_size, 0x21), aad(20, 1), pt(40, 2), out(40), tag(A::tag_size);
  // Before start.
  EXPECT_EQ(s.aad(aad).error(), Error::invalid_argument);
  EXPECT_EQ(s.update(out, pt).error(), Error::invalid_argument);
  EXPECT_EQ(s.finish_seal(tag).error(), Error::invalid_argument);
  EXPECT_EQ(s.finish_open(tag).error(), Error::invalid_argument);
  EXPECT_EQ(s.start_seal({}).error(), Error::invalid_nonce_size);
  EXPECT_EQ(s.aad(aad).error(), Error::invalid_argument);  // no message after a bad nonce
  ASSERT_TRUE(s.start_seal(nonce).ok());
  ASSERT_TRUE(s.aad(std::span(aad).first(5)).ok());
  ASSERT_TRUE(s.update(std::span(out).first(3), std::span(pt).first(3)).ok());
  // AAD after text; sizes that differ; partial overlap; past the limit.
  EXPECT_EQ(s.aad(aad).error(), Error::invalid_argument);
  EXPECT_EQ(s.update(std::span(out).first(4), std::span(pt).subspan(3, 5)).error(),
            Error::output_size_mismatch);
  EXPECT_EQ(s.update(std::span(pt).subspan(4, 10), std::span(pt).subspan(3, 10)).error(),
            Error::overlapping_buffers);
  // A span as long as the limit allows after the 3 bytes, plus one: refused before any read.
  const std::span<const std::uint8_t> huge(pt.data(), static_cast<std::size_t>(max_text - 2));
  const std::span<std::uint8_t> huge_out(out.data(), huge.size());
  EXPECT_EQ(s.update(huge_out, huge).error(), Error::message_too_long);
  // Bad tag sizes, and finishing the other way.
  EXPECT_EQ(s.finish_seal(std::span(tag).first(min_tag - 1)).error(), Error::invalid_tag_size);
  Bytes longer(A::tag_size + 1);
  EXPECT_EQ(s.finish_seal(longer).error(), Error::invalid_tag_size);
  EXPECT_EQ(s.finish_open(tag).error(), Error::invalid_argument);
  // The message went on untouched: it equals the one-shot seal.
  ASSERT_TRUE(s.update(std::span(out).subspan(3), std::span(pt).subspan(3)).ok());
  ASSERT_TRUE(s.finish_seal(tag).ok());
  Bytes want(40 + A::tag_size), got = out;
  ASSERT_TRUE(a.seal(want, nonce, std::span(aad).first(5), pt).ok());
  got.insert(got.end(), tag.begin(), tag.end());
  EXPECT_EQ(got, want);
  // Finished: a second finish, more text or AAD.
  EXPECT_EQ(s.finish_seal(tag).error(), Error::invalid_argument);
  EXPECT_EQ(s.update(out, pt).error(), Error::invalid_argument);
  EXPECT_EQ(s.aad(aad).error(), Error::invalid_argument);
  // Opening: finish_seal is refused, the right tag opens (once).
  ASSERT_TRUE(s.start_open(nonce).ok());
  ASSERT_TRUE(s.aad(std::span(aad).first(5)).ok());
  Bytes back(40);
  ASSERT_TRUE(s.update(back, std::span(want).first(40)).ok());
  EXPECT_EQ(back, pt);
  EXPECT_EQ(s.finish_seal(tag).error(), Error::invalid_argument);
  EXPECT_TRUE(s.finish_open(std::span(tag).first(min_tag)).ok());
  EXPECT_EQ(s.finish_open(tag).error(), Error::invalid_argument);
  // A copy goes on by itself.
  ASSERT_TRUE(s.start_seal(nonce).ok());
  ASSERT_TRUE(s.aad(std::span(aad).first(5)).ok());
  ASSERT_TRUE(s.update(std::span(out).first(17), std::span(pt).first(17)).ok());
  typename A::Stream copy = s;
  ASSERT_TRUE(s.update(std::span(out).subspan(17), std::span(pt).subspan(17)).ok());
  ASSERT_TRUE(s.finish_seal(tag).ok());
  Bytes out2 = out, tag2(A::tag_size);
  ASSERT_TRUE(copy.update(std::span(out2).subspan(17), std::span(pt).subspan(17)).ok());
  ASSERT_TRUE(copy.finish_seal(tag2).ok());
  EXPECT_EQ(out2, out);
  EXPECT_EQ(tag2, tag);
}

TEST(AeadStream, MisuseIsAnError) {
  misuse(KuznyechikMgm(fixed<32>(Bytes(32, 5))), 16, 4, (std::uint64_t{1} << 61) - 1);
  misuse(MagmaMgm(fixed<32>(Bytes(32, 5))), 8, 4, (std::uint64_t{1} << 29) - 1);
  misuse(Sm4Gcm(fixed<16>(Bytes(16, 5))), 12, 12, (std::uint64_t{1} << 36) - 32);
  misuse(AesGcm256(fixed<32>(Bytes(32, 5))), 7, 12, (std::uint64_t{1} << 36) - 32);
}

// MGM's nonce rules and AAD limit (Magma: 2^29 - 1 bytes) through the stream.
TEST(AeadStream, MgmNonceAndAadLimit) {
  MagmaMgm::Stream s{MagmaMgm(fixed<32>(Bytes(32, 5)))};
  Bytes nonce(8, 0x80), aad(16, 1);
  EXPECT_EQ(s.start_seal(nonce).error(), Error::invalid_nonce_size);
  EXPECT_EQ(s.start_open(std::span(nonce).first(7)).error(), Error::invalid_nonce_size);
  nonce[0] = 0x7f;
  ASSERT_TRUE(s.start_seal(nonce).ok());
  ASSERT_TRUE(s.aad(std::span(aad).first(3)).ok());
  const std::span<const std::uint8_t> huge(aad.data(), (std::size_t{1} << 29) - 3);
  EXPECT_EQ(s.aad(huge).error(), Error::message_too_long);
  ASSERT_TRUE(s.aad(std::span(aad).subspan(3)).ok());
  Bytes tag(8), want(8);
  ASSERT_TRUE(s.finish_seal(tag).ok());
  ASSERT_TRUE(MagmaMgm(fixed<32>(Bytes(32, 5))).seal(want, nonce, aad, {}).ok());
  EXPECT_EQ(tag, want);
}

}  // namespace
}  // namespace axiom::test

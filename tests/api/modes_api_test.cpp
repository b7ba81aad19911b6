// CFB and OFB (and CBC's GOST register form) through the public API over AES: SP 800-38A's
// vectors, agreement with OpenSSL on random inputs and splits, and GOST R 34.13-2015's m-bit
// register and s-byte segments against a direct transcription of the standard's definitions.
// (Kuznyechik's tests run the standard's own examples through the same code.)
#include <gtest/gtest.h>

#include <algorithm>

#if AXIOM_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#include "axiom/axiom.hpp"
#include "support/aes_helpers.hpp"
#include "support/kernels.hpp"
#include "support/vectors.hpp"

namespace axiom::test {
namespace {

const Bytes sp_key = hex("2b7e151628aed2a6abf7158809cf4f3c");
const Bytes sp_iv = hex("000102030405060708090a0b0c0d0e0f");
const Bytes sp_plain =
    hex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");

// SP 800-38A F.3.13 (CFB128-AES128), F.4.1 (OFB-AES128), F.3.7 (CFB8-AES128, first 18 bytes).
TEST(ModesApi, Sp800_38aVectors) {
  const Aes128 aes(fixed<16>(sp_key));
  Bytes out(sp_plain.size());
  Cfb<Aes128> cfb(aes, fixed<16>(sp_iv));
  ASSERT_TRUE(cfb.encrypt(out, sp_plain).ok());
  EXPECT_EQ(out, hex("3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b"
                     "26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6"));
  cfb.set_iv(fixed<16>(sp_iv));
  ASSERT_TRUE(cfb.decrypt(out, out).ok());
  EXPECT_EQ(out, sp_plain);

  Ofb<Aes128> ofb(aes, fixed<16>(sp_iv));
  ASSERT_TRUE(ofb.apply(out, sp_plain).ok());
  EXPECT_EQ(out, hex("3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed825"
                     "9740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e"));

  auto cfb8 = Cfb<Aes128>::with_register(aes, sp_iv, 1);
  ASSERT_TRUE(cfb8.ok());
  Bytes out8(18);
  ASSERT_TRUE(cfb8->encrypt(out8, std::span(sp_plain).first(18)).ok());
  EXPECT_EQ(out8, hex("3b79424c9c0dd436bace9e0ed4586a4f32b9"));
}

TEST(ModesApi, RegisterAndSegmentErrors) {
  const Aes128 aes(fixed<16>(sp_key));
  for (std::size_t n : {0u, 15u, 17u, 144u})
    EXPECT_EQ(Cbc<Aes128>::with_register(aes, Bytes(n)).error(), Error::invalid_nonce_size) << n;
  EXPECT_EQ(Ofb<Aes128>::with_register(aes, Bytes(24)).error(), Error::invalid_nonce_size);
  EXPECT_EQ(Cfb<Aes128>::with_register(aes, Bytes(32), 0).error(), Error::invalid_argument);
  EXPECT_EQ(Cfb<Aes128>::with_register(aes, Bytes(32), 17).error(), Error::invalid_argument);
  EXPECT_TRUE(Cfb<Aes128>::with_register(aes, Bytes(128), 16).ok());

  // A bad register leaves the mode as it was.
  Ofb<Aes128> ofb(aes, fixed<16>(sp_iv));
  Bytes a(40), b(40);
  ASSERT_TRUE(ofb.apply(std::span(a).first(7), std::span(sp_plain).first(7)).ok());
  EXPECT_EQ(ofb.set_register(Bytes(8)).error(), Error::invalid_nonce_size);
  ASSERT_TRUE(ofb.apply(std::span(a).subspan(7, 33), std::span(sp_plain).subspan(7, 33)).ok());
  ASSERT_TRUE(Ofb<Aes128>(aes, fixed<16>(sp_iv)).apply(b, std::span(sp_plain).first(40)).ok());
  EXPECT_EQ(a, b);

  Bytes in(32), small(31);
  Cfb<Aes128> cfb(aes, fixed<16>(sp_iv));
  EXPECT_EQ(cfb.encrypt(small, in).error(), Error::output_size_mismatch);
  EXPECT_EQ(cfb.encrypt(std::span(in).subspan(1, 16), std::span(in).first(16)).error(),
            Error::overlapping_buffers);
  EXPECT_EQ(ofb.apply(small, in).error(), Error::output_size_mismatch);
}

// The standard's definitions, one segment at a time, over the raw block cipher.
Bytes reference_cfb(const Aes128& aes, Bytes reg, std::size_t s, const Bytes& in, bool decrypt) {
  Bytes out(in.size());
  for (std::size_t i = 0; i < in.size(); i += s) {
    std::uint8_t y[16];
    EXPECT_TRUE(aes.encrypt_blocks(y, std::span(reg).first(16)).ok());
    const std::size_t take = std::min(s, in.size() - i);
    for (std::size_t j = 0; j < take; ++j) out[i + j] = in[i + j] ^ y[j];
    const Bytes& c = decrypt ? in : out;
    reg.erase(reg.begin(), reg.begin() + static_cast<long>(s));
    reg.insert(reg.end(), c.begin() + static_cast<long>(i),
               c.begin() + static_cast<long>(i + s <= c.size() ? i + s : c.size()));
    reg.resize(reg.size() + (s - take));  // only after the last, partial segment
  }
  return out;
}

Bytes reference_ofb(const Aes128& aes, Bytes reg, const Bytes& in) {
  Bytes out(in.size());
  for (std::size_t i = 0; i < in.size(); i += 16) {
    std::uint8_t y[16];
    EXPECT_TRUE(aes.encrypt_blocks(y, std::span(reg).first(16)).ok());
    for (std::size_t j = 0; j < 16 && i + j < in.size(); ++j) out[i + j] = in[i + j] ^ y[j];
    reg.erase(reg.begin(), reg.begin() + 16);
    reg.insert(reg.end(), y, y + 16);
  }
  return out;
}

Bytes reference_cbc(const Aes128& aes, Bytes reg, const Bytes& in, bool decrypt) {
  Bytes out(in.size());
  for (std::size_t i = 0; i < in.size(); i += 16) {
    std::uint8_t x[16], y[16];
    if (decrypt) {
      EXPECT_TRUE(aes.decrypt_blocks(y, std::span(in).subspan(i, 16)).ok());
      for (std::size_t j = 0; j < 16; ++j) out[i + j] = y[j] ^ reg[j];
    } else {
      for (std::size_t j = 0; j < 16; ++j) x[j] = in[i + j] ^ reg[j];
      EXPECT_TRUE(aes.encrypt_blocks(std::span(out).subspan(i, 16), x).ok());
    }
    const Bytes& c = decrypt ? in : out;
    reg.erase(reg.begin(), reg.begin() + 16);
    reg.insert(reg.end(), c.begin() + static_cast<long>(i), c.begin() + static_cast<long>(i + 16));
  }
  return out;
}

// run_split feeds in to f in random pieces (in place when inplace), as one stream.
template <class F>
Bytes run_split(Prng& rng, const Bytes& in, bool inplace, F&& f) {
  Bytes out(in.size());
  if (inplace) out = in;
  for (std::size_t at = 0; at < in.size();) {
    const std::size_t take = std::min<std::size_t>(
        in.size() - at, rng.below(3) == 0 ? 1 + rng.below(80) : 1 + rng.below(600));
    const std::span<const std::uint8_t> src =
        inplace ? std::span<const std::uint8_t>(out).subspan(at, take)
                : std::span<const std::uint8_t>(in).subspan(at, take);
    EXPECT_TRUE(f(std::span(out).subspan(at, take), src).ok());
    at += take;
  }
  return out;
}

TEST(ModesApi, GostRegisterFormsMatchTheDefinitions) {
  Prng rng(test_seed() + 41);
  for (int round = 0; round < 200; ++round) {
    const Aes128 aes(fixed<16>(rng.bytes(16)));
    const std::size_t z = 1 + rng.below(4),
                      s = std::array<std::size_t, 4>{1, 7, 16, 16}[rng.below(4)];
    const Bytes iv = rng.bytes(16 * z);
    const Bytes msg = rng.bytes(rng.below(1200));
    const bool inplace = rng.below(2) == 0;
    const std::string where =
        "round " + std::to_string(round) + " z " + std::to_string(z) + " s " + std::to_string(s);

    auto cfb = Cfb<Aes128>::with_register(aes, iv, s);
    ASSERT_TRUE(cfb.ok());
    const Bytes ct =
        run_split(rng, msg, inplace, [&](auto o, auto i) { return cfb->encrypt(o, i); });
    EXPECT_EQ(ct, reference_cfb(aes, iv, s, msg, false)) << where;
    ASSERT_TRUE(cfb->set_register(iv).ok());
    EXPECT_EQ(run_split(rng, ct, inplace, [&](auto o, auto i) { return cfb->decrypt(o, i); }), msg)
        << where;

    auto ofb = Ofb<Aes128>::with_register(aes, iv);
    ASSERT_TRUE(ofb.ok());
    EXPECT_EQ(run_split(rng, msg, inplace, [&](auto o, auto i) { return ofb->apply(o, i); }),
              reference_ofb(aes, iv, msg))
        << where;

    const Bytes whole(msg.begin(), msg.begin() + static_cast<long>(msg.size() / 16 * 16));
    auto cbc = Cbc<Aes128>::with_register(aes, iv);
    ASSERT_TRUE(cbc.ok());
    Bytes cbc_ct(whole.size());
    ASSERT_TRUE(cbc->encrypt(cbc_ct, whole).ok());
    EXPECT_EQ(cbc_ct, reference_cbc(aes, iv, whole, false)) << where;
    ASSERT_TRUE(cbc->set_register(iv).ok());
    Bytes back(whole.size());
    ASSERT_TRUE(cbc->decrypt(back, cbc_ct).ok());
    EXPECT_EQ(back, whole) << where;
    // The padded form continues the same chains.
    ASSERT_TRUE(cbc->set_register(iv).ok());
    Bytes padded(padded_size(msg.size()));
    ASSERT_TRUE(cbc->encrypt_padded(padded, msg).ok());
    Bytes pkcs7 = msg;
    pkcs7.resize(padded.size(), static_cast<std::uint8_t>(padded.size() - msg.size()));
    EXPECT_EQ(padded, reference_cbc(aes, iv, pkcs7, false)) << where;
    ASSERT_TRUE(cbc->set_register(iv).ok());
    std::size_t length = 0;
    Bytes plain(padded.size());
    ASSERT_TRUE(cbc->decrypt_padded(plain, padded, length).ok());
    plain.resize(length);
    EXPECT_EQ(plain, msg) << where;
  }
}

#if AXIOM_HAVE_OPENSSL
Bytes openssl_stream(const char* name, const Bytes& key, const Bytes& iv, const Bytes& in,
                     bool decrypt) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Bytes out(in.size() + 16);
  int len = 0, fin = 0;
  EXPECT_EQ(EVP_CipherInit_ex(ctx, EVP_get_cipherbyname(name), nullptr, key.data(), iv.data(),
                              decrypt ? 0 : 1),
            1);
  EXPECT_EQ(EVP_CipherUpdate(ctx, out.data(), &len, in.data(), static_cast<int>(in.size())), 1);
  EXPECT_EQ(EVP_CipherFinal_ex(ctx, out.data() + len, &fin), 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<std::size_t>(len + fin));
  return out;
}

TEST(ModesApi, CfbAndOfbAgreeWithOpenSsl) {
  Prng rng(test_seed() + 43);
  for (int round = 0; round < 60; ++round) {
    const std::size_t key_size = 16 + 8 * rng.below(3);
    const Bytes key = rng.bytes(key_size), iv = rng.bytes(16), msg = rng.bytes(rng.below(1100));
    const bool inplace = rng.below(2) == 0;
    const std::string bits = std::to_string(key_size * 8);
    with_key_size(key_size, [&](auto k) {
      constexpr std::size_t K = decltype(k)::value;
      using C = AesCipher<K>;
      const C aes(fixed<K>(key));
      Cfb<C> cfb(aes, fixed<16>(iv));
      const Bytes ct =
          run_split(rng, msg, inplace, [&](auto o, auto i) { return cfb.encrypt(o, i); });
      EXPECT_EQ(ct, openssl_stream(("aes-" + bits + "-cfb").c_str(), key, iv, msg, false)) << round;
      cfb.set_iv(fixed<16>(iv));
      EXPECT_EQ(run_split(rng, ct, inplace, [&](auto o, auto i) { return cfb.decrypt(o, i); }), msg)
          << round;

      auto cfb8 = Cfb<C>::with_register(aes, iv, 1);
      ASSERT_TRUE(cfb8.ok());
      const Bytes ct8 =
          run_split(rng, msg, inplace, [&](auto o, auto i) { return cfb8->encrypt(o, i); });
      EXPECT_EQ(ct8, openssl_stream(("aes-" + bits + "-cfb8").c_str(), key, iv, msg, false))
          << round;

      Ofb<C> ofb(aes, fixed<16>(iv));
      EXPECT_EQ(run_split(rng, msg, inplace, [&](auto o, auto i) { return ofb.apply(o, i); }),
                openssl_stream(("aes-" + bits + "-ofb").c_str(), key, iv, msg, false))
          << round;
    });
  }
}
#endif

}  // namespace
}  // namespace axiom::test

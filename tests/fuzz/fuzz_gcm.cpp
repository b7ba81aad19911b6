// Fuzz target: AES-GCM (128/192/256-bit keys, any nonce length, tags of 12..16 bytes) on every
// pair of AES and GHASH kernels against the portable pair: seal, open in place, the detached
// forms, and a flipped bit that must fail with the output zeroed; and, where OpenSSL is
// linked, seal against OpenSSL's EVP AES-GCM.
#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#if AXIOM_FUZZ_OPENSSL
#include <openssl/evp.h>
#endif

#include "aes/aes_kernel.hpp"
#include "axiom/gcm.hpp"
#include "fuzz_input.hpp"
#include "ghash/ghash_kernel.hpp"

namespace {

using axiom::fuzz::Bytes;
using axiom::fuzz::require;
using Vec = std::vector<std::uint8_t>;

#if AXIOM_FUZZ_OPENSSL
// openssl_seal returns ciphertext || tag (tag_len bytes) from OpenSSL.
Vec openssl_seal(std::size_t key_size, const std::uint8_t* key, Bytes nonce, Bytes aad, Bytes msg,
                 std::size_t tag_len) {
  const EVP_CIPHER* c = key_size == 16   ? EVP_aes_128_gcm()
                        : key_size == 24 ? EVP_aes_192_gcm()
                                         : EVP_aes_256_gcm();
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Vec out(msg.size() + 16);
  int n = 0, tail = 0;
  const std::uint8_t none = 0;
  require(EVP_EncryptInit_ex(ctx, c, nullptr, nullptr, nullptr) == 1);
  require(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()),
                              nullptr) == 1);
  require(EVP_EncryptInit_ex(ctx, nullptr, nullptr, key, nonce.data()) == 1);
  if (!aad.empty())
    require(EVP_EncryptUpdate(ctx, nullptr, &n, aad.data(), static_cast<int>(aad.size())) == 1);
  require(EVP_EncryptUpdate(ctx, out.data(), &n, msg.empty() ? &none : msg.data(),
                            static_cast<int>(msg.size())) == 1);
  require(EVP_EncryptFinal_ex(ctx, out.data() + n, &tail) == 1);
  require(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, out.data() + msg.size()) == 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(msg.size() + tag_len);
  return out;
}
#endif

template <std::size_t K>
void run(std::span<const std::uint8_t, K> key, Bytes nonce, std::size_t tag_len, std::size_t flip,
         Bytes aad, Bytes msg) {
  using Gcm = axiom::AesGcm<K>;
  const Gcm ref(key, axiom::detail::aes_portable, axiom::detail::ghash_portable);
  Vec want(msg.size() + tag_len);
  require(ref.seal(want, nonce, aad, msg, tag_len).ok());

  for (const axiom::detail::AesKernel* a : axiom::detail::aes_kernels()) {
    if (!axiom::fuzz::runnable(a->info)) continue;
    for (const axiom::detail::GhashKernel* g : axiom::detail::ghash_kernels()) {
      if (!axiom::fuzz::runnable(g->info)) continue;
      const Gcm gcm(key, *a, *g);
      // Seal in place (the message copied into the output first), then open in place.
      Vec buf(msg.size() + tag_len);
      std::copy(msg.begin(), msg.end(), buf.begin());
      require(gcm.seal(buf, nonce, aad, std::span(buf).first(msg.size()), tag_len).ok());
      require(buf == want);
      Vec plain(msg.size());
      require(gcm.open(plain, nonce, aad, buf, tag_len).ok());
      require(std::equal(plain.begin(), plain.end(), msg.begin()));

      // The detached forms give the same bytes.
      Vec ct(msg.size()), tag(tag_len);
      require(gcm.seal_detached(ct, tag, nonce, aad, msg).ok());
      require(std::equal(ct.begin(), ct.end(), want.begin()));
      require(std::equal(tag.begin(), tag.end(),
                         want.begin() + static_cast<std::ptrdiff_t>(msg.size())));
      require(gcm.open_detached(ct, tag, nonce, aad, ct).ok());
      require(std::equal(ct.begin(), ct.end(), msg.begin()));

      // One flipped bit anywhere in ciphertext or tag: authentication fails, plaintext zeroed.
      const std::size_t bit = flip % (buf.size() * 8);
      buf[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      std::fill(plain.begin(), plain.end(), std::uint8_t{0x55});
      require(gcm.open(plain, nonce, aad, buf, tag_len).error() ==
              axiom::Error::authentication_failed);
      require(std::all_of(plain.begin(), plain.end(), [](std::uint8_t b) { return b == 0; }));
    }
  }
#if AXIOM_FUZZ_OPENSSL
  require(openssl_seal(K, key.data(), nonce, aad, msg, tag_len) == want);
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [key size by byte % 3][key, 32][nonce length: 12 if the byte < 128, else
  // 1..64][nonce, 64][tag length 12..16][flip, 2][aad length][aad][message].
  axiom::fuzz::Input in(data, size);
  const std::size_t key_size = 16 + 8 * (in.byte() % 3);
  const auto key = in.fixed<32>();
  const std::uint8_t n = in.byte();
  const std::size_t nonce_len = n < 128 ? 12 : 1 + n % 64;
  const auto nonce_bytes = in.fixed<64>();
  const Bytes nonce = std::span(nonce_bytes).first(nonce_len);
  const std::size_t tag_len = 12 + in.byte() % 5;
  const std::size_t flip = std::size_t{in.byte()} << 8 | in.byte();
  const Bytes aad = in.take(in.byte());
  const Bytes msg = in.rest();
  const std::span<const std::uint8_t, 32> k(key);
  if (key_size == 16) run<16>(k.first<16>(), nonce, tag_len, flip, aad, msg);
  if (key_size == 24) run<24>(k.first<24>(), nonce, tag_len, flip, aad, msg);
  if (key_size == 32) run<32>(k, nonce, tag_len, flip, aad, msg);
  return 0;
}

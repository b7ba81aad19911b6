// Fuzz target: AES-128/192/256 in ECB, CBC (raw and PKCS#7), CTR and CMAC on every AES kernel
// against the portable one: the message streamed in random pieces, in place, CTR seeking to a
// random offset; and, where OpenSSL is linked, against OpenSSL's ECB, CBC, CTR and CMAC.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#if AXIOM_FUZZ_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#endif

#include "aes/aes_kernel.hpp"
#include "axiom/aes.hpp"
#include "axiom/modes.hpp"
#include "fuzz_input.hpp"

namespace {

using axiom::fuzz::Bytes;
using axiom::fuzz::for_each_piece;
using axiom::fuzz::require;
using Vec = std::vector<std::uint8_t>;

#if AXIOM_FUZZ_OPENSSL
// openssl_crypt runs an OpenSSL cipher without padding over in.
Vec openssl_crypt(const EVP_CIPHER* cipher, bool encrypt, const std::uint8_t* key,
                  const std::uint8_t* iv, Bytes in) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  Vec out(in.size() + 16);
  int n = 0, tail = 0;
  const std::uint8_t none = 0;
  require(EVP_CipherInit_ex(ctx, cipher, nullptr, key, iv, encrypt ? 1 : 0) == 1);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  require(EVP_CipherUpdate(ctx, out.data(), &n, in.empty() ? &none : in.data(),
                           static_cast<int>(in.size())) == 1);
  require(EVP_CipherFinal_ex(ctx, out.data() + n, &tail) == 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<std::size_t>(n + tail));
  return out;
}

Vec openssl_cmac(std::size_t key_size, const std::uint8_t* key, Bytes msg) {
  static EVP_MAC* mac = EVP_MAC_fetch(nullptr, "CMAC", nullptr);
  char name[16];
  std::snprintf(name, sizeof name, "AES-%zu-CBC", key_size * 8);
  OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, name, 0),
                         OSSL_PARAM_construct_end()};
  EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
  Vec tag(16);
  std::size_t n = 0;
  require(EVP_MAC_init(ctx, key, key_size, params) == 1);
  require(EVP_MAC_update(ctx, msg.data(), msg.size()) == 1);
  require(EVP_MAC_final(ctx, tag.data(), &n, tag.size()) == 1 && n == 16);
  EVP_MAC_CTX_free(ctx);
  return tag;
}
#endif

template <std::size_t K>
void run(std::span<const std::uint8_t, K> key, std::span<const std::uint8_t, 16> iv,
         std::uint64_t seek_to, Bytes cuts, Bytes msg) {
  using Cipher = axiom::AesCipher<K>;
  const Cipher ref(key, axiom::detail::aes_portable);
  const Bytes blocks = msg.first(msg.size() / 16 * 16);

  // The portable kernel's answers, in one piece each.
  Vec ecb(blocks.size()), cbc(blocks.size()), ctr(msg.size()),
      padded(axiom::padded_size(msg.size()));
  require(axiom::Ecb<Cipher>(ref).encrypt(ecb, blocks).ok());
  require(axiom::Cbc<Cipher>(ref, iv).encrypt(cbc, blocks).ok());
  require(axiom::Ctr<Cipher>(ref, iv).apply(ctr, msg).ok());
  const auto n_padded = axiom::Cbc<Cipher>(ref, iv).encrypt_padded(padded, msg);
  require(n_padded.ok() && *n_padded == padded.size());
  std::uint8_t cmac[16];
  {
    axiom::Cmac<Cipher> m(ref);
    m.update(msg);
    m.finish(cmac);
  }

  for (const axiom::detail::AesKernel* k : axiom::detail::aes_kernels()) {
    if (!axiom::fuzz::runnable(k->info)) continue;
    const Cipher c(key, *k);
    Vec buf(blocks.begin(), blocks.end());

    // ECB in place, both ways.
    const axiom::Ecb<Cipher> e(c);
    require(e.encrypt(buf, buf).ok() && buf == ecb);
    require(e.decrypt(buf, buf).ok() && std::equal(buf.begin(), buf.end(), blocks.begin()));

    // CBC in pieces of whole blocks (chaining across calls), then decrypted in place.
    axiom::Cbc<Cipher> enc(c, iv), dec(c, iv);
    Vec out(blocks.size());
    for_each_piece(blocks.size() / 16, cuts, [&](std::size_t at, std::size_t n) {
      require(enc.encrypt(std::span(out).subspan(at * 16, n * 16), blocks.subspan(at * 16, n * 16))
                  .ok());
    });
    require(out == cbc);
    require(dec.decrypt(out, out).ok() && std::equal(out.begin(), out.end(), blocks.begin()));

    // CBC with PKCS#7: the same bytes, and back to the message.
    Vec pad_out(padded.size()), pad_back(padded.size());
    require(axiom::Cbc<Cipher>(c, iv).encrypt_padded(pad_out, msg).ok() && pad_out == padded);
    std::size_t length = 0;
    require(axiom::Cbc<Cipher>(c, iv).decrypt_padded(pad_back, pad_out, length).ok());
    require(length == msg.size() && std::equal(msg.begin(), msg.end(), pad_back.begin()));

    // CTR streamed at any byte, in place, and from a seek.
    Vec stream(msg.begin(), msg.end());
    axiom::Ctr<Cipher> ctr_k(c, iv);
    for_each_piece(msg.size(), cuts, [&](std::size_t at, std::size_t n) {
      const std::span<std::uint8_t> piece = std::span(stream).subspan(at, n);
      require(ctr_k.apply(piece, piece).ok());
    });
    require(stream == ctr);
    const std::size_t from = msg.empty() ? 0 : seek_to % msg.size();
    Vec tail(msg.size() - from);
    ctr_k.seek(from);
    require(ctr_k.apply(tail, msg.subspan(from)).ok());
    require(std::equal(tail.begin(), tail.end(), ctr.begin() + static_cast<std::ptrdiff_t>(from)));

    // CMAC streamed.
    axiom::Cmac<Cipher> m(c);
    axiom::fuzz::update_in_pieces(m, msg, cuts);
    std::uint8_t tag[16];
    m.finish(tag);
    require(std::equal(tag, tag + 16, cmac));
  }

#if AXIOM_FUZZ_OPENSSL
  const EVP_CIPHER* ecb_c = K == 16   ? EVP_aes_128_ecb()
                            : K == 24 ? EVP_aes_192_ecb()
                                      : EVP_aes_256_ecb();
  const EVP_CIPHER* cbc_c = K == 16   ? EVP_aes_128_cbc()
                            : K == 24 ? EVP_aes_192_cbc()
                                      : EVP_aes_256_cbc();
  const EVP_CIPHER* ctr_c = K == 16   ? EVP_aes_128_ctr()
                            : K == 24 ? EVP_aes_192_ctr()
                                      : EVP_aes_256_ctr();
  require(openssl_crypt(ecb_c, true, key.data(), nullptr, blocks) == ecb);
  require(openssl_crypt(cbc_c, true, key.data(), iv.data(), blocks) == cbc);
  require(openssl_crypt(ctr_c, true, key.data(), iv.data(), msg) == ctr);
  require(openssl_cmac(K, key.data(), msg) == Vec(cmac, cmac + 16));
#endif
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: [key size: 16, 24, 32 by byte % 3][key, 32][iv, 16][seek, 2][cuts length % 16][cuts]
  // [message].
  axiom::fuzz::Input in(data, size);
  const std::size_t key_size = 16 + 8 * (in.byte() % 3);
  const auto key = in.fixed<32>();
  const auto iv = in.fixed<16>();
  const std::uint64_t seek_to = std::uint64_t{in.byte()} << 8 | in.byte();
  const Bytes cuts = in.take(in.byte() % 16);
  const Bytes msg = in.rest();
  const std::span<const std::uint8_t, 32> k(key);
  if (key_size == 16) run<16>(k.first<16>(), iv, seek_to, cuts, msg);
  if (key_size == 24) run<24>(k.first<24>(), iv, seek_to, cuts, msg);
  if (key_size == 32) run<32>(k, iv, seek_to, cuts, msg);
  return 0;
}

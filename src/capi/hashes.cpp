// The C API of the hashes, MACs and KDFs: SHA-256, Streebog's HMAC and PBKDF2, HKDF, the GOST
// KDFs, Poly1305.
#include "capi/capi.hpp"

namespace axiom::capi {
namespace {

// kdf: a KDF with an output of any length, its checks in axiom.h's order around
// derive(out): bad says its other arguments are invalid (AXIOM_ERR_INVALID_ARGUMENT). out must
// not overlap an input; it is zeroed on any later failure (derive zeroes it itself), and on
// INVALID_ARGUMENT unless it overlaps an input (nothing is written then).
template <class F, class... Ins>
int kdf(uint8_t* out, size_t out_len, bool bad, F&& derive, Ins... ins) {
  if (int e = check_bufs({{out, out_len}, ins...})) return e;
  const bool clashes = (overlap({out, out_len}, ins) || ...);
  if (bad) {
    if (!clashes && out) secure_wipe(out, out_len);
    return AXIOM_ERR_INVALID_ARGUMENT;
  }
  if (clashes) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  return code(derive(std::span<std::uint8_t>(out, out ? out_len : 0)));
}

// hmac: HMAC-H(key, msg) to out, which may overlap them.
template <class H>
int hmac(uint8_t* out, const uint8_t* key, size_t key_len, const uint8_t* msg, size_t msg_len) {
  constexpr std::size_t n = H::digest_size;
  if (int e = check_bufs({{out, n}, {key, key_len}, {msg, msg_len}})) return e;
  aside<n>(out, [&](std::span<std::uint8_t, n> t) {
    axiom::Hmac<H>::mac(t, view(key, key_len), view(msg, msg_len));
  });
  return AXIOM_OK;
}

}  // namespace
}  // namespace axiom::capi

using namespace axiom::capi;
using axiom::secure_wipe;

extern "C" {

int axiom_sha256_init(axiom_sha256_ctx* ctx) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  start<axiom::Sha256>(ctx->opaque);
  return AXIOM_OK;
}

int axiom_sha256_update(axiom_sha256_ctx* ctx, const uint8_t* data, size_t len) {
  return stream_update<axiom::Sha256>(ctx, data, len);
}

int axiom_sha256_final(axiom_sha256_ctx* ctx, uint8_t out[AXIOM_SHA256_DIGEST_SIZE]) {
  return stream_final<axiom::Sha256>(ctx, out);
}

int axiom_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* data, size_t len) {
  if (int e = check_bufs({{out, 32}, {data, len}})) return e;
  aside<32>(out, [&](std::span<std::uint8_t, 32> d) { axiom::Sha256::hash(d, view(data, len)); });
  return AXIOM_OK;
}

int axiom_hmac_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* key, size_t key_len,
                      const uint8_t* msg, size_t msg_len) {
  return hmac<axiom::Sha256>(out, key, key_len, msg, msg_len);
}

int axiom_hkdf_sha256(uint8_t* okm, size_t okm_len, const uint8_t* ikm, size_t ikm_len,
                      const uint8_t* salt, size_t salt_len, const uint8_t* info, size_t info_len) {
  return kdf(
      okm, okm_len, false,
      [&](std::span<std::uint8_t> o) {
        return axiom::Hkdf<axiom::Sha256>::derive(o, view(ikm, ikm_len), view(salt, salt_len),
                                                  view(info, info_len));
      },
      Buf{ikm, ikm_len}, Buf{salt, salt_len}, Buf{info, info_len});
}

int axiom_pbkdf2_hmac_sha256(uint8_t* out, size_t out_len, const uint8_t* password,
                             size_t password_len, const uint8_t* salt, size_t salt_len,
                             uint32_t iterations) {
  return kdf(
      out, out_len, iterations == 0,
      [&](std::span<std::uint8_t> o) {
        return axiom::Pbkdf2<axiom::Hmac<axiom::Sha256>>::derive(o, view(password, password_len),
                                                                 view(salt, salt_len), iterations);
      },
      Buf{password, password_len}, Buf{salt, salt_len});
}

int axiom_hmac_streebog256(uint8_t out[32], const uint8_t* key, size_t key_len, const uint8_t* msg,
                           size_t msg_len) {
  return hmac<axiom::Streebog256>(out, key, key_len, msg, msg_len);
}

int axiom_hmac_streebog512(uint8_t out[64], const uint8_t* key, size_t key_len, const uint8_t* msg,
                           size_t msg_len) {
  return hmac<axiom::Streebog512>(out, key, key_len, msg, msg_len);
}

int axiom_pbkdf2_hmac_streebog512(uint8_t* out, size_t out_len, const uint8_t* password,
                                  size_t password_len, const uint8_t* salt, size_t salt_len,
                                  uint32_t iterations) {
  return kdf(
      out, out_len, iterations == 0,
      [&](std::span<std::uint8_t> o) {
        return axiom::Pbkdf2<axiom::Hmac<axiom::Streebog512>>::derive(
            o, view(password, password_len), view(salt, salt_len), iterations);
      },
      Buf{password, password_len}, Buf{salt, salt_len});
}

int axiom_kdf_gostr3411_2012_256(uint8_t out[32], const uint8_t* key, size_t key_len,
                                 const uint8_t* label, size_t label_len, const uint8_t* seed,
                                 size_t seed_len) {
  if (int e = check_bufs({{out, 32}, {key, key_len}, {label, label_len}, {seed, seed_len}}))
    return e;
  aside<32>(out, [&](std::span<std::uint8_t, 32> o) {
    axiom::KdfGostr3411_2012_256::derive(o, view(key, key_len), view(label, label_len),
                                         view(seed, seed_len));
  });
  return AXIOM_OK;
}

int axiom_kdf_tree_gostr3411_2012_256(uint8_t* out, size_t out_len, const uint8_t* key,
                                      size_t key_len, const uint8_t* label, size_t label_len,
                                      const uint8_t* seed, size_t seed_len, size_t r) {
  return kdf(
      out, out_len, r < 1 || r > 4 || out_len == 0,
      [&](std::span<std::uint8_t> o) {
        return axiom::KdfTreeGostr3411_2012_256::derive(
            o, view(key, key_len), view(label, label_len), view(seed, seed_len), r);
      },
      Buf{key, key_len}, Buf{label, label_len}, Buf{seed, seed_len});
}

int axiom_poly1305(uint8_t tag[16], const uint8_t* key, size_t key_len, const uint8_t* msg,
                   size_t msg_len) {
  if (int e = check_bufs({{tag, 16}, {key, key_len}, {msg, msg_len}})) return e;
  if (key_len != 32) return AXIOM_ERR_INVALID_KEY_SIZE;
  aside<16>(tag, [&](std::span<std::uint8_t, 16> t) {
    axiom::Poly1305::mac(t, std::span<const std::uint8_t, 32>(key, 32), view(msg, msg_len));
  });
  return AXIOM_OK;
}

int axiom_poly1305_init(axiom_poly1305_ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed<axiom::Poly1305>(ctx, key, key_len);
}

int axiom_poly1305_update(axiom_poly1305_ctx* ctx, const uint8_t* data, size_t len) {
  return stream_update<axiom::Poly1305>(ctx, data, len);
}

int axiom_poly1305_final(axiom_poly1305_ctx* ctx, uint8_t tag[16]) {
  return stream_final<axiom::Poly1305>(ctx, tag);
}

}  // extern "C"

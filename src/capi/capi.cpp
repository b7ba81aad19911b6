// The C API (include/axiom/axiom.h) over the C++ one.
#include "axiom/axiom.h"

#include <new>

#include "axiom/bytes.hpp"
#include "axiom/hkdf.hpp"
#include "axiom/hmac.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/random.hpp"
#include "axiom/sha256.hpp"

namespace {

using axiom::Error;
using axiom::Status;

static_assert(sizeof(axiom::Sha256) <= sizeof(axiom_sha256_ctx));
static_assert(alignof(axiom::Sha256) <= alignof(axiom_sha256_ctx));
static_assert(AXIOM_ERR_UNSUPPORTED == -static_cast<int>(Error::unsupported));

int code(Status s) { return -static_cast<int>(s.error()); }

// A (pointer, length) pair is valid if the pointer is set or the length is 0.
bool valid(const void* p, size_t n) { return p != nullptr || n == 0; }

std::span<const std::uint8_t> in(const std::uint8_t* p, size_t n) { return {p, p ? n : 0}; }

axiom::Sha256* sha256_of(axiom_sha256_ctx* ctx) {
  return std::launder(reinterpret_cast<axiom::Sha256*>(ctx->opaque));
}

}  // namespace

extern "C" {

const char* axiom_error_text(int c) {
  if (c == AXIOM_ERR_NULL_POINTER) return "null pointer with a non-zero length";
  if (c > 0 || c < AXIOM_ERR_UNSUPPORTED) return "unknown error";
  return axiom::error_text(static_cast<Error>(-c)).data();  // the texts are string literals
}

const char* axiom_version(void) { return AXIOM_VERSION; }

int axiom_sha256_init(axiom_sha256_ctx* ctx) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  new (ctx->opaque) axiom::Sha256();
  return AXIOM_OK;
}

int axiom_sha256_update(axiom_sha256_ctx* ctx, const uint8_t* data, size_t len) {
  if (!ctx || !valid(data, len)) return AXIOM_ERR_NULL_POINTER;
  sha256_of(ctx)->update(in(data, len));
  return AXIOM_OK;
}

int axiom_sha256_final(axiom_sha256_ctx* ctx, uint8_t out[AXIOM_SHA256_DIGEST_SIZE]) {
  if (!ctx || !out) return AXIOM_ERR_NULL_POINTER;
  sha256_of(ctx)->finish(std::span<std::uint8_t, 32>(out, 32));
  sha256_of(ctx)->~Sha256();
  axiom::secure_wipe(ctx, sizeof *ctx);
  return AXIOM_OK;
}

int axiom_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* data, size_t len) {
  if (!out || !valid(data, len)) return AXIOM_ERR_NULL_POINTER;
  axiom::Sha256::hash(std::span<std::uint8_t, 32>(out, 32), in(data, len));
  return AXIOM_OK;
}

int axiom_hmac_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* key, size_t key_len,
                      const uint8_t* msg, size_t msg_len) {
  if (!out || !valid(key, key_len) || !valid(msg, msg_len)) return AXIOM_ERR_NULL_POINTER;
  axiom::Hmac<axiom::Sha256>::mac(std::span<std::uint8_t, 32>(out, 32), in(key, key_len),
                                  in(msg, msg_len));
  return AXIOM_OK;
}

int axiom_hkdf_sha256(uint8_t* okm, size_t okm_len, const uint8_t* ikm, size_t ikm_len,
                      const uint8_t* salt, size_t salt_len, const uint8_t* info, size_t info_len) {
  if (!valid(okm, okm_len) || !valid(ikm, ikm_len) || !valid(salt, salt_len) ||
      !valid(info, info_len))
    return AXIOM_ERR_NULL_POINTER;
  return code(axiom::Hkdf<axiom::Sha256>::derive({okm, okm ? okm_len : 0}, in(ikm, ikm_len),
                                                 in(salt, salt_len), in(info, info_len)));
}

int axiom_pbkdf2_hmac_sha256(uint8_t* out, size_t out_len, const uint8_t* password,
                             size_t password_len, const uint8_t* salt, size_t salt_len,
                             uint32_t iterations) {
  if (!valid(out, out_len) || !valid(password, password_len) || !valid(salt, salt_len))
    return AXIOM_ERR_NULL_POINTER;
  return code(axiom::Pbkdf2<axiom::Hmac<axiom::Sha256>>::derive(
      {out, out ? out_len : 0}, in(password, password_len), in(salt, salt_len), iterations));
}

int axiom_random(uint8_t* out, size_t len) {
  if (!valid(out, len)) return AXIOM_ERR_NULL_POINTER;
  axiom::fill_random({out, out ? len : 0});
  return AXIOM_OK;
}

int axiom_ct_equal(const uint8_t* a, const uint8_t* b, size_t len) {
  if (!valid(a, len) || !valid(b, len)) return 0;
  return axiom::ct_equal(in(a, len), in(b, len)) ? 1 : 0;
}

void axiom_wipe(void* p, size_t len) {
  if (p) axiom::secure_wipe(p, len);
}

}  // extern "C"

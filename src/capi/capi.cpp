// The C API (include/axiom/axiom.h) over the C++ one.
#include "axiom/axiom.h"

#include <sys/stat.h>

#include <cstdio>
#include <new>

#include "axiom/bytes.hpp"
#include "axiom/hkdf.hpp"
#include "axiom/hmac.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/random.hpp"
#include "axiom/sha256.hpp"
#include "axiom/streebog.hpp"

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

// A streebog_ctx holds the digest size in bits in opaque[0], then the Streebog<bits> object.
static_assert(sizeof(axiom::Streebog512) + 8 <= sizeof(streebog_ctx));
static_assert(sizeof(axiom::Streebog256) + 8 <= sizeof(streebog_ctx));
static_assert(alignof(axiom::Streebog512) <= alignof(streebog_ctx));

template <std::size_t Bits>
axiom::Streebog<Bits>* streebog_of(streebog_ctx* ctx) {
  return std::launder(reinterpret_cast<axiom::Streebog<Bits>*>(ctx->opaque + 1));
}

void hex_text(char* out, const std::uint8_t* p, std::size_t n) {
  static const char digits[] = "0123456789abcdef";
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = digits[p[i] >> 4];
    out[2 * i + 1] = digits[p[i] & 15];
  }
  out[2 * n] = '\0';
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

void streebog_init_512(streebog_ctx* ctx) {
  if (!ctx) return;
  ctx->opaque[0] = 512;
  new (ctx->opaque + 1) axiom::Streebog512();
}

void streebog_init_256(streebog_ctx* ctx) {
  if (!ctx) return;
  ctx->opaque[0] = 256;
  new (ctx->opaque + 1) axiom::Streebog256();
}

void streebog_update(streebog_ctx* ctx, const uint8_t* data, size_t len) {
  if (!ctx || !valid(data, len)) return;
  if (ctx->opaque[0] == 512)
    streebog_of<512>(ctx)->update(in(data, len));
  else if (ctx->opaque[0] == 256)
    streebog_of<256>(ctx)->update(in(data, len));
}

void streebog_final(streebog_ctx* ctx, uint8_t* out) {
  if (!ctx || !out) return;
  if (ctx->opaque[0] == 512) {
    streebog_of<512>(ctx)->finish(std::span<std::uint8_t, 64>(out, 64));
    streebog_of<512>(ctx)->~Streebog();
  } else if (ctx->opaque[0] == 256) {
    streebog_of<256>(ctx)->finish(std::span<std::uint8_t, 32>(out, 32));
    streebog_of<256>(ctx)->~Streebog();
  }
  axiom::secure_wipe(ctx, sizeof *ctx);
}

void streebog_hash_512(const uint8_t* data, size_t len, uint8_t* out) {
  if (!out || !valid(data, len)) return;
  axiom::Streebog512::hash(std::span<std::uint8_t, 64>(out, 64), in(data, len));
}

void streebog_hash_256(const uint8_t* data, size_t len, uint8_t* out) {
  if (!out || !valid(data, len)) return;
  axiom::Streebog256::hash(std::span<std::uint8_t, 32>(out, 32), in(data, len));
}

void streebog_hash_512_hex(const uint8_t* data, size_t len, char* out) {
  if (!out || !valid(data, len)) return;
  const auto d = axiom::Streebog512::hash(in(data, len));
  hex_text(out, d.data(), d.size());
}

void streebog_hash_256_hex(const uint8_t* data, size_t len, char* out) {
  if (!out || !valid(data, len)) return;
  const auto d = axiom::Streebog256::hash(in(data, len));
  hex_text(out, d.data(), d.size());
}

void streebog_bytes_to_hex(const uint8_t* hash, size_t hash_len, char* out) {
  if (!out || !valid(hash, hash_len)) return;
  hex_text(out, hash, hash ? hash_len : 0);
}

const char* streebog_version(void) { return AXIOM_VERSION; }

int streebog_hash_file_dual(const char* filepath, uint8_t* hash_256, uint8_t* hash_512,
                            void (*progress_callback)(size_t, size_t, void*), void* user_data) {
  if (!hash_256 && !hash_512) return -3;
  if (!filepath) return -1;
  std::FILE* f = std::fopen(filepath, "rb");
  if (!f) return -1;
  struct stat st;
  const std::size_t total =
      fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) ? static_cast<std::size_t>(st.st_size) : 0;
  axiom::Streebog256 h256;
  axiom::Streebog512 h512;
  static constexpr std::size_t chunk = 1 << 16;
  std::uint8_t buf[chunk];
  std::size_t done = 0;
  for (;;) {
    const std::size_t n = std::fread(buf, 1, chunk, f);
    if (n > 0) {
      if (hash_256) h256.update(std::span(buf, n));
      if (hash_512) h512.update(std::span(buf, n));
      done += n;
      if (progress_callback) progress_callback(done, total, user_data);
    }
    if (n < chunk) break;
  }
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  axiom::secure_wipe(buf, sizeof buf);
  if (failed) return -2;
  if (hash_256) h256.finish(std::span<std::uint8_t, 32>(hash_256, 32));
  if (hash_512) h512.finish(std::span<std::uint8_t, 64>(hash_512, 64));
  return 0;
}

}  // extern "C"

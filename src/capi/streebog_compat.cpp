// fast-streebog's C function set (include/axiom/streebog.h) over axiom's Streebog: a library
// of its own (axiom_streebog_compat), so that libaxiom exports only axiom_* names.
#include <sys/stat.h>

#include <cstdio>

#include "axiom/streebog.h"
#include "capi/capi.hpp"

namespace axiom::capi {
namespace {

// The size of the text of n bytes in hex with its NUL, or 0 if it would be no object's.
size_t hex_size(size_t n) { return n > (static_cast<size_t>(PTRDIFF_MAX) - 1) / 2 ? 0 : 2 * n + 1; }

void hex_text(char* out, const std::uint8_t* p, std::size_t n) {
  static const char digits[] = "0123456789abcdef";
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = digits[p[i] >> 4];
    out[2 * i + 1] = digits[p[i] & 15];
  }
  out[2 * n] = '\0';
}

// streebog_hash: Streebog<Bits> of data into out (bytes, or hex text and a NUL); out may
// overlap data.
template <std::size_t Bits>
int streebog_hash(const uint8_t* data, size_t len, uint8_t* out, bool hex) {
  constexpr std::size_t n = Bits / 8;
  if (int e = check_bufs({{out, hex ? 2 * n + 1 : n}, {data, len}})) return e;
  const auto d = axiom::Streebog<Bits>::hash(view(data, len));
  if (hex)
    hex_text(reinterpret_cast<char*>(out), d.data(), n);
  else
    std::memcpy(out, d.data(), n);
  return AXIOM_OK;
}

}  // namespace
}  // namespace axiom::capi

using namespace axiom::capi;
using axiom::secure_wipe;

extern "C" {

int streebog_init_512(streebog_ctx* ctx) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  start<axiom::Streebog512>(ctx->opaque);
  return AXIOM_OK;
}

int streebog_init_256(streebog_ctx* ctx) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  start<axiom::Streebog256>(ctx->opaque);
  return AXIOM_OK;
}

int streebog_update(streebog_ctx* ctx, const uint8_t* data, size_t len) {
  return stream_update<axiom::Streebog512, axiom::Streebog256>(ctx, data, len);
}

int streebog_final(streebog_ctx* ctx, uint8_t* out) {
  return stream_final<axiom::Streebog512, axiom::Streebog256>(ctx, out);
}

int streebog_hash_512(const uint8_t* data, size_t len, uint8_t* out) {
  return streebog_hash<512>(data, len, out, false);
}

int streebog_hash_256(const uint8_t* data, size_t len, uint8_t* out) {
  return streebog_hash<256>(data, len, out, false);
}

int streebog_hash_512_hex(const uint8_t* data, size_t len, char* out) {
  return streebog_hash<512>(data, len, reinterpret_cast<uint8_t*>(out), true);
}

int streebog_hash_256_hex(const uint8_t* data, size_t len, char* out) {
  return streebog_hash<256>(data, len, reinterpret_cast<uint8_t*>(out), true);
}

int streebog_bytes_to_hex(const uint8_t* hash, size_t hash_len, char* out) {
  const size_t n = hex_size(hash_len);
  if (int e = check_bufs({{out, 1}, {hash, hash_len}})) return e;
  if (n == 0 || absurd(out, n)) return AXIOM_ERR_INVALID_LENGTH;
  if (overlap({out, n}, {hash, hash_len})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  hex_text(out, hash, hash ? hash_len : 0);
  return AXIOM_OK;
}

const char* streebog_version(void) { return axiom_version(); }

int streebog_hash_file_dual(const char* filepath, uint8_t* hash_256, uint8_t* hash_512,
                            void (*progress_callback)(size_t, size_t, void*), void* user_data) {
  if (!hash_256 && !hash_512) return -3;
  if (!filepath) return -1;
  if (overlap({hash_256, 32}, {hash_512, 64})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
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
  secure_wipe(buf, sizeof buf);
  if (failed) return -2;
  if (hash_256) h256.finish(std::span<std::uint8_t, 32>(hash_256, 32));
  if (hash_512) h512.finish(std::span<std::uint8_t, 64>(hash_512, 64));
  return 0;
}

}  // extern "C"

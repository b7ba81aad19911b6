// The C API's shared parts (include/axiom/axiom.h over the C++ API): argument checks, the
// contexts' state words and objects, and the keyed block-cipher contexts. The functions are in
// one file per family: capi.cpp (errors, random, wipe), hashes.cpp (hashes, MACs, KDFs),
// block_ciphers.cpp (block ciphers and their modes), aeads.cpp (AEADs and stream
// ciphers); fast-streebog's names are in streebog_compat.cpp, a library of their own.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <new>
#include <span>
#include <type_traits>

#include "axiom/axiom.h"
#include "axiom/axiom.hpp"
#include "core/block_ciphers.hpp"

namespace axiom::capi {

static_assert(AXIOM_ERR_UNSUPPORTED == -static_cast<int>(Error::unsupported));

inline int code(Status s) { return -static_cast<int>(s.error()); }

// ---- Buffers. The checks are forced inline: each call's lists are short and known, and a
// short message pays for every call made here.

// A (pointer, length) pair is valid if the pointer is set or the length is 0.
[[gnu::always_inline]] inline bool valid(const void* p, size_t n) { return p != nullptr || n == 0; }

// absurd: a length no object can have (above PTRDIFF_MAX) or one running past the end of the
// address space.
[[gnu::always_inline]] inline bool absurd(const void* p, size_t n) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  return n > static_cast<size_t>(PTRDIFF_MAX) || a + n < a;
}

// A buffer argument: a pointer and its length.
struct Buf {
  const void* p;
  size_t n;
};

// check_bufs gives the first argument error of a list of buffers: a NULL pointer, then an
// absurd length (axiom.h's order).
[[gnu::always_inline]] inline int check_bufs(std::initializer_list<Buf> bufs) {
  for (const Buf& b : bufs)
    if (!valid(b.p, b.n)) return AXIOM_ERR_NULL_POINTER;
  for (const Buf& b : bufs)
    if (absurd(b.p, b.n)) return AXIOM_ERR_INVALID_LENGTH;
  return AXIOM_OK;
}

// overlap: the two buffers share a byte.
[[gnu::always_inline]] inline bool overlap(Buf a, Buf b) {
  if (a.n == 0 || b.n == 0) return false;
  const auto x = reinterpret_cast<std::uintptr_t>(a.p), y = reinterpret_cast<std::uintptr_t>(b.p);
  return x < y + b.n && y < x + a.n;
}

// clash: out shares bytes with `in` other than exactly in place (same start and, if
// same_length, same length), or any byte with one of the others (keys, nonces, IVs, AAD,
// tags, contexts).
[[gnu::always_inline]] inline bool clash(Buf out, Buf in, std::initializer_list<Buf> others = {},
                                         bool same_length = true) {
  if (overlap(out, in) && (out.p != in.p || (same_length && out.n != in.n))) return true;
  for (const Buf& o : others)
    if (overlap(out, o)) return true;
  return false;
}

// touches: one of bufs shares a byte with area (a context: no buffer may).
[[gnu::always_inline]] inline bool touches(Buf area, std::initializer_list<Buf> bufs) {
  for (const Buf& b : bufs)
    if (overlap(area, b)) return true;
  return false;
}

inline std::span<const std::uint8_t> view(const std::uint8_t* p, size_t n) {
  return {p, p ? n : 0};
}

// aside: f writes an N-byte output (a digest, tag or key of fixed size) to scratch, copied to
// out after every input has been read, so out may overlap any input.
template <std::size_t N, class F>
void aside(uint8_t* out, F&& f) {
  std::array<std::uint8_t, N> t;
  f(std::span<std::uint8_t, N>(t));
  std::memcpy(out, t.data(), N);
  secure_wipe(t.data(), N);
}

// ---- Contexts.
//
// Every context starts with a state word: "axiom" in its top five bytes, then the kind of
// context, and in the low byte the offset of the C++ object it holds from the word's end (the
// structs are aligned as uint64_t, the objects up to 64). _init writes the word; _final,
// _clear and a failed _init wipe it. A context whose word is not one its function takes (never
// initialised, zeroed, finished, cleared) is refused before anything else in it is read.
//
// A context copied to another address (struct assignment, memcpy, realloc) finds its object
// at the recorded offset, which is not aligned when the new address differs from the old
// modulo the object's alignment. A streaming context (which the calls change anyway) then
// moves the object into place; a keyed one, which the calls take const and which may serve
// several threads at once, is left as it is: each call works on an aligned copy of the object,
// wiped after it.

// The kinds of context object; a block cipher's is block_cipher plus its place in the list
// (core/block_ciphers.h).
enum class Kind : std::uint64_t {
  none,
  sha256,
  poly1305,
  streebog256,
  streebog512,
  aes_gcm128,
  aes_gcm192,
  aes_gcm256,
  sm4_gcm,
  cmac,
  block_cipher,
};

template <class T>
inline constexpr Kind kind_of = detail::in_list<T, detail::BlockCiphers>
                                    ? Kind(static_cast<std::uint64_t>(Kind::block_cipher) +
                                           detail::index_of<T>)
                                    : Kind::none;
template <>
inline constexpr Kind kind_of<Sha256> = Kind::sha256;
template <>
inline constexpr Kind kind_of<Poly1305> = Kind::poly1305;
template <>
inline constexpr Kind kind_of<Streebog256> = Kind::streebog256;
template <>
inline constexpr Kind kind_of<Streebog512> = Kind::streebog512;
template <>
inline constexpr Kind kind_of<AesGcm128> = Kind::aes_gcm128;
template <>
inline constexpr Kind kind_of<AesGcm192> = Kind::aes_gcm192;
template <>
inline constexpr Kind kind_of<AesGcm256> = Kind::aes_gcm256;
template <>
inline constexpr Kind kind_of<Sm4Gcm> = Kind::sm4_gcm;

template <class T>
constexpr std::uint64_t state_word() {
  static_assert(kind_of<T> != Kind::none, "not a context object");
  return std::uint64_t{0x6178696f6d} << 24 | static_cast<std::uint64_t>(kind_of<T>) << 8;
}

template <class Ctx>
Buf area(const Ctx* ctx) {
  return {ctx, ctx ? sizeof *ctx : 0};
}

// offset_for: where a T aligned for its type starts after the word of opaque.
template <class T>
[[gnu::always_inline]] inline std::size_t offset_for(const std::uint64_t* opaque) {
  return (alignof(T) - reinterpret_cast<std::uintptr_t>(opaque + 1) % alignof(T)) % alignof(T);
}

// holds: the word of opaque is T's, with an offset T's alignment allows.
template <class T>
[[gnu::always_inline]] inline bool holds(const std::uint64_t* opaque) {
  const std::uint64_t w = opaque[0], at = w & 0xff;
  return (w ^ at) == state_word<T>() && at % 8 == 0 && at < alignof(T);
}

// start constructs T from args in a context.
template <class T, std::size_t W, class... A>
T* start(std::uint64_t (&opaque)[W], A&&... args) {
  static_assert(8 + (alignof(T) > 8 ? alignof(T) - 8 : 0) + sizeof(T) <= sizeof opaque,
                "context too small");
  const std::size_t at = offset_for<T>(opaque);
  T* obj = new (reinterpret_cast<unsigned char*>(opaque + 1) + at) T(std::forward<A>(args)...);
  opaque[0] = state_word<T>() | at;
  return obj;
}

// live: the T of a started streaming context, moved into place if the context was copied to
// an address of other alignment; nullptr if the context holds no T.
template <class T, std::size_t W>
T* live(std::uint64_t (&opaque)[W]) {
  if (!holds<T>(opaque)) return nullptr;
  auto* base = reinterpret_cast<unsigned char*>(opaque + 1);
  const std::size_t at = offset_for<T>(opaque), was = opaque[0] & 0xff;
  if (at != was) {
    std::memmove(base + at, base + was, sizeof(T));
    opaque[0] = state_word<T>() | at;
  }
  return std::launder(reinterpret_cast<T*>(base + at));
}

// moved: f(copy) for a keyed context found off place (see above). Out of line: the copy's
// frame costs the calls on contexts in place nothing.
template <class T, class F>
[[gnu::noinline]] int moved(const unsigned char* object, F&& f) {
  alignas(T) unsigned char copy[sizeof(T)];
  std::memcpy(copy, object, sizeof(T));  // the objects are their bytes: pointers to kernels, arrays
  const int r = f(std::launder(reinterpret_cast<const T*>(copy)));
  secure_wipe(copy, sizeof copy);
  return r;
}

// with_object calls f with a pointer to the object of the first of T, Rest whose word the
// keyed context holds, or with nullptr if ctx is NULL or holds none of them.
template <class T, class... Rest, class Ctx, class F>
int with_object(const Ctx* ctx, F&& f) {
  if (ctx && holds<T>(ctx->opaque)) {
    const auto* base = reinterpret_cast<const unsigned char*>(ctx->opaque + 1);
    const std::size_t at = offset_for<T>(ctx->opaque), was = ctx->opaque[0] & 0xff;
    if (at == was) return f(std::launder(reinterpret_cast<const T*>(base + at)));
    return moved<T>(base + was, f);
  }
  if constexpr (sizeof...(Rest) > 0)
    return with_object<Rest...>(ctx, f);
  else
    return f(static_cast<const T*>(nullptr));
}

// with_stream calls f with the object of the first of T, Rest that a started streaming
// context holds; AXIOM_ERR_INVALID_ARGUMENT if it holds none of them.
template <class T, class... Rest, class Ctx, class F>
int with_stream(Ctx* ctx, F&& f) {
  if (T* obj = live<T>(ctx->opaque)) return f(*obj);
  if constexpr (sizeof...(Rest) > 0)
    return with_stream<Rest...>(ctx, f);
  else
    return AXIOM_ERR_INVALID_ARGUMENT;
}

// init_keyed keys ctx with the first of Ts whose key size is key_len. On any failure but
// OVERLAPPING_BUFFERS (the key inside ctx: nothing written) ctx is wiped: it holds no key.
template <class... Ts, class Ctx>
int init_keyed(Ctx* ctx, const uint8_t* key, size_t key_len) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  int e = check_bufs({{key, key_len}});
  if (!e && ((key_len != Ts::key_size) && ...)) e = AXIOM_ERR_INVALID_KEY_SIZE;
  if (!e && overlap({key, key_len}, area(ctx))) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  secure_wipe(ctx, sizeof *ctx);  // the previous key
  if (e) return e;
  (void)((key_len == Ts::key_size &&
          start<Ts>(ctx->opaque, std::span<const std::uint8_t, Ts::key_size>(key, Ts::key_size))) ||
         ...);
  return AXIOM_OK;
}

// output_size: the digest or tag size of a streaming object.
template <class T>
constexpr std::size_t output_size() {
  if constexpr (requires { T::digest_size; })
    return T::digest_size;
  else
    return T::tag_size;
}

// stream_update / stream_final: update and final of a streaming context holding one of Ts.
// The data and the output must not overlap the context.
template <class... Ts, class Ctx>
int stream_update(Ctx* ctx, const uint8_t* data, size_t len) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{data, len}})) return e;
  return with_stream<Ts...>(ctx, [&](auto& h) {
    if (overlap({data, len}, area(ctx))) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    h.update(view(data, len));
    return AXIOM_OK;
  });
}

template <class... Ts, class Ctx>
int stream_final(Ctx* ctx, uint8_t* out) {
  if (!ctx || !out) return AXIOM_ERR_NULL_POINTER;
  return with_stream<Ts...>(ctx, [&](auto& h) {
    constexpr std::size_t n = output_size<std::remove_reference_t<decltype(h)>>();
    if (overlap({out, n}, area(ctx))) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    h.finish(std::span<std::uint8_t, n>(out, n));
    secure_wipe(ctx, sizeof *ctx);  // the objects own nothing but these bytes
    return AXIOM_OK;
  });
}
// ---- Block ciphers.

// Keyed<N>: a cipher context of N-byte blocks as the modes get it: error is 0, or what to
// report for a NULL context (with the NULL pointers) or one without a key (after the impossible
// lengths); c and key_size are the cipher's when keyed; area is the context's bytes, which no
// buffer may overlap.
template <std::size_t N>
struct Keyed {
  static constexpr std::size_t block_size = N;
  int error;
  detail::BlockRef<N> c;
  std::size_t key_size;
  Buf area;
};

// locate fills k for a context that holds a T (false if it does not); a T found off place
// (see moved) is left to moved_cipher.
template <class T, class Ctx, std::size_t N>
[[gnu::always_inline]] inline bool locate(const Ctx* ctx, Keyed<N>& k, bool& off_place) {
  if (!holds<T>(ctx->opaque)) return false;
  const auto* base = reinterpret_cast<const unsigned char*>(ctx->opaque + 1);
  const std::size_t at = offset_for<T>(ctx->opaque);
  k.error = AXIOM_OK;
  k.key_size = T::key_size;
  off_place = at != (ctx->opaque[0] & 0xff);
  if (!off_place) k.c = std::launder(reinterpret_cast<const T*>(base + at))->block_ref();
  return true;
}

// moved_cipher: f(k) over an aligned copy of the T of Ts a context holds off place.
template <class T, class... Rest, class Ctx, class F>
[[gnu::noinline]] int moved_cipher(const Ctx* ctx, F& f) {
  if constexpr (sizeof...(Rest) > 0)
    if (!holds<T>(ctx->opaque)) return moved_cipher<Rest...>(ctx, f);
  return moved<T>(
      reinterpret_cast<const unsigned char*>(ctx->opaque + 1) + (ctx->opaque[0] & 0xff),
      [&](const T* copy) {
        return f(Keyed<T::block_size>{AXIOM_OK, copy->block_ref(), T::key_size, area(ctx)});
      });
}

// with_cipher_of calls f(k) with the cipher of a context holding one of T, Ts (one per key
// size, one block size).
template <class T, class... Ts, class Ctx, class F>
int with_cipher_of(const Ctx* ctx, F&& f) {
  static_assert(((Ts::block_size == T::block_size) && ...));
  Keyed<T::block_size> k{AXIOM_ERR_NULL_POINTER, {}, 0, area(ctx)};
  bool off_place = false;
  if (ctx && !(locate<T>(ctx, k, off_place) || (locate<Ts>(ctx, k, off_place) || ...)))
    k.error = AXIOM_ERR_INVALID_ARGUMENT;
  if (off_place) return moved_cipher<T, Ts...>(ctx, f);
  return f(k);
}

// RowOf<Ctx>: the row of core/block_ciphers.h whose C context Ctx is (axiom_<family>_ctx).
template <class Ctx>
struct RowOf;
#define AXIOM_C_ROW_OF_(family, ...)   \
  template <>                          \
  struct RowOf<axiom_##family##_ctx> { \
    using type = detail::family##_row; \
  };
AXIOM_BLOCK_CIPHERS(AXIOM_C_ROW_OF_)
#undef AXIOM_C_ROW_OF_

template <class... Ts, class Ctx, class F>
int with_cipher_in(detail::TypeList<Ts...>, const Ctx* ctx, F&& f) {
  return with_cipher_of<Ts...>(ctx, f);
}

// with_cipher calls f(k) with the cipher of a block-cipher context, one of its row's ciphers.
template <class Ctx, class F>
int with_cipher(const Ctx* ctx, F&& f) {
  return with_cipher_in(typename RowOf<Ctx>::type::ciphers{}, ctx, f);
}

template <class... Ts, class Ctx>
int init_keyed_in(detail::TypeList<Ts...>, Ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed<Ts...>(ctx, key, key_len);
}

// init_cipher keys a block-cipher context with whichever of its row's ciphers takes key_len.
template <class Ctx>
int init_cipher(Ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed_in(typename RowOf<Ctx>::type::ciphers{}, ctx, key, key_len);
}

// first_error: the first argument error of a call over cipher contexts, in axiom.h's order: a
// NULL pointer (the contexts' too), an impossible length, a context without a key.
template <std::size_t N>
[[gnu::always_inline]] inline int first_error(std::initializer_list<const Keyed<N>*> keys,
                                              std::initializer_list<Buf> bufs) {
  for (const Keyed<N>* k : keys)
    if (k->error == AXIOM_ERR_NULL_POINTER) return k->error;
  if (int e = check_bufs(bufs)) return e;
  for (const Keyed<N>* k : keys)
    if (k->error) return k->error;
  return AXIOM_OK;
}

}  // namespace axiom::capi

// The C API (include/axiom/axiom.h) over the C++ one.
#include "axiom/axiom.h"

#include <sys/stat.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <type_traits>

#include "axiom/acpkm.hpp"
#include "axiom/aes.hpp"
#include "axiom/bytes.hpp"
#include "axiom/ccm.hpp"
#include "axiom/chacha20.hpp"
#include "axiom/chacha20_poly1305.hpp"
#include "axiom/gcm.hpp"
#include "axiom/gost_kdf.hpp"
#include "axiom/hkdf.hpp"
#include "axiom/hmac.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "axiom/pbkdf2.hpp"
#include "axiom/poly1305.hpp"
#include "axiom/random.hpp"
#include "axiom/sha256.hpp"
#include "axiom/sm4.hpp"
#include "axiom/streebog.hpp"
#include "axiom/xts.hpp"

namespace {

using axiom::Error;
using axiom::Status;
using axiom::detail::BlockCipherRef;

static_assert(AXIOM_ERR_UNSUPPORTED == -static_cast<int>(Error::unsupported));

int code(Status s) { return -static_cast<int>(s.error()); }

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

std::span<const std::uint8_t> view(const std::uint8_t* p, size_t n) { return {p, p ? n : 0}; }

// aside: f writes an N-byte output (a digest, tag or key of fixed size) to scratch, copied to
// out after every input has been read, so out may overlap any input.
template <std::size_t N, class F>
void aside(uint8_t* out, F&& f) {
  std::array<std::uint8_t, N> t;
  f(std::span<std::uint8_t, N>(t));
  std::memcpy(out, t.data(), N);
  axiom::secure_wipe(t.data(), N);
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

enum class Kind : std::uint64_t {
  none,
  sha256,
  poly1305,
  streebog256,
  streebog512,
  aes128,
  aes192,
  aes256,
  aes_gcm128,
  aes_gcm192,
  aes_gcm256,
  sm4,
  sm4_gcm,
  kuznyechik,
  cmac,
};

template <class T>
inline constexpr Kind kind_of = Kind::none;
template <>
inline constexpr Kind kind_of<axiom::Sha256> = Kind::sha256;
template <>
inline constexpr Kind kind_of<axiom::Poly1305> = Kind::poly1305;
template <>
inline constexpr Kind kind_of<axiom::Streebog256> = Kind::streebog256;
template <>
inline constexpr Kind kind_of<axiom::Streebog512> = Kind::streebog512;
template <>
inline constexpr Kind kind_of<axiom::Aes128> = Kind::aes128;
template <>
inline constexpr Kind kind_of<axiom::Aes192> = Kind::aes192;
template <>
inline constexpr Kind kind_of<axiom::Aes256> = Kind::aes256;
template <>
inline constexpr Kind kind_of<axiom::AesGcm128> = Kind::aes_gcm128;
template <>
inline constexpr Kind kind_of<axiom::AesGcm192> = Kind::aes_gcm192;
template <>
inline constexpr Kind kind_of<axiom::AesGcm256> = Kind::aes_gcm256;
template <>
inline constexpr Kind kind_of<axiom::Sm4> = Kind::sm4;
template <>
inline constexpr Kind kind_of<axiom::Sm4Gcm> = Kind::sm4_gcm;
template <>
inline constexpr Kind kind_of<axiom::Kuznyechik> = Kind::kuznyechik;

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
  static_assert(8 + (alignof(T) > 8 ? alignof(T) - 8 : 0) + sizeof(T) <= sizeof opaque, "context too small");
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
  axiom::secure_wipe(copy, sizeof copy);
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
  axiom::secure_wipe(ctx, sizeof *ctx);  // the previous key
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
    axiom::secure_wipe(ctx, sizeof *ctx);  // the objects own nothing but these bytes
    return AXIOM_OK;
  });
}

// ---- Block ciphers.

// Keyed: a cipher context as the modes get it: error is 0, or what to report for a NULL
// context (with the NULL pointers) or one without a key (after the impossible lengths); c and
// key_size are the cipher's when keyed; area is the context's bytes, which no buffer may
// overlap.
struct Keyed {
  int error;
  BlockCipherRef c;
  std::size_t key_size;
  Buf area;
};

// locate fills k for a context that holds a T (false if it does not); a T found off place
// (see moved) is left to moved_cipher.
template <class T, class Ctx>
[[gnu::always_inline]] inline bool locate(const Ctx* ctx, Keyed& k, bool& off_place) {
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
  return moved<T>(reinterpret_cast<const unsigned char*>(ctx->opaque + 1) + (ctx->opaque[0] & 0xff),
                  [&](const T* copy) { return f(Keyed{AXIOM_OK, copy->block_ref(), T::key_size, area(ctx)}); });
}

// with_cipher_of calls f(k) with the cipher of a context holding one of Ts (one per key size).
template <class... Ts, class Ctx, class F>
int with_cipher_of(const Ctx* ctx, F&& f) {
  Keyed k{AXIOM_ERR_NULL_POINTER, {}, 0, area(ctx)};
  bool off_place = false;
  if (ctx && !(locate<Ts>(ctx, k, off_place) || ...)) k.error = AXIOM_ERR_INVALID_ARGUMENT;
  if (off_place) return moved_cipher<Ts...>(ctx, f);
  return f(k);
}

template <class F>
int with_cipher(const axiom_aes_ctx* ctx, F&& f) {
  return with_cipher_of<axiom::Aes128, axiom::Aes192, axiom::Aes256>(ctx, f);
}
template <class F>
int with_cipher(const axiom_sm4_ctx* ctx, F&& f) {
  return with_cipher_of<axiom::Sm4>(ctx, f);
}
template <class F>
int with_cipher(const axiom_kuznyechik_ctx* ctx, F&& f) {
  return with_cipher_of<axiom::Kuznyechik>(ctx, f);
}

// first_error: the first argument error of a call over cipher contexts, in axiom.h's order: a
// NULL pointer (the contexts' too), an impossible length, a context without a key.
[[gnu::always_inline]] inline int first_error(std::initializer_list<const Keyed*> keys,
                                               std::initializer_list<Buf> bufs) {
  for (const Keyed* k : keys)
    if (k->error == AXIOM_ERR_NULL_POINTER) return k->error;
  if (int e = check_bufs(bufs)) return e;
  for (const Keyed* k : keys)
    if (k->error) return k->error;
  return AXIOM_OK;
}

// The modes over any keyed 128-bit block cipher.
[[gnu::always_inline]] inline int one_block(const Keyed& k, bool decrypt, uint8_t* out, const uint8_t* in) {
  if (k.error == AXIOM_ERR_NULL_POINTER || !out || !in) return AXIOM_ERR_NULL_POINTER;
  if (k.error) return k.error;
  const Buf o{out, 16}, i{in, 16};
  if (clash(o, i) || overlap(o, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  (decrypt ? k.c.ops->decrypt_blocks : k.c.ops->encrypt_blocks)(k.c.schedule, out, in, 1);
  return AXIOM_OK;
}

[[gnu::always_inline]] inline int ecb(const Keyed& k, bool decrypt, uint8_t* out, size_t out_len,
                                      const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len};
  if (int e = first_error({&k}, {o, i})) return e;
  if (in_len % 16 != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  if (clash(o, i) || overlap(o, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  return code(axiom::detail::ecb_run(k.c, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
}

// cbc, cfb, ofb: iv is read and replaced, so it overlaps nothing.
[[gnu::always_inline]] inline int cbc(const Keyed& k, bool decrypt, uint8_t* iv, uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, v{iv, 16};
  if (int e = first_error({&k}, {v, o, i})) return e;
  if (in_len % 16 != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  if (clash(o, i, {v}) || overlap(v, i) || touches(k.area, {o, v})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  axiom::detail::CbcState s;
  (void)axiom::detail::set_register(s.reg, s.size, view(iv, 16));  // 16 bytes: always valid
  s.head = 0;
  const int r = code(axiom::detail::cbc_run(k.c, s, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, 16);  // one chain: the last ciphertext block
  axiom::secure_wipe(&s, sizeof s);
  return r;
}

[[gnu::always_inline]] inline int ctr(const Keyed& k, const uint8_t* iv, uint64_t offset, uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, v{iv, 16};
  if (int e = first_error({&k}, {v, o, i})) return e;
  if (clash(o, i, {v}) || overlap(o, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  axiom::detail::CtrState s;
  axiom::detail::ctr_start(k.c, s, std::span<const std::uint8_t, 16>(iv, 16), offset);
  const int r = code(axiom::detail::ctr_run(k.c, s, {out, out ? out_len : 0}, view(in, in_len)));
  axiom::secure_wipe(&s, sizeof s);
  return r;
}

// xts: one XTS data unit, Key1 in d and Key2 in t: two contexts of the same key size.
[[gnu::always_inline]] inline int xts(const Keyed& d, const Keyed& t, int standard, bool decrypt,
                                      const uint8_t* tweak, uint8_t* out, size_t out_len,
                                      const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, w{tweak, 16};
  if (int e = first_error({&d, &t}, {w, o, i})) return e;
  if (d.area.p == t.area.p) return AXIOM_ERR_INVALID_ARGUMENT;  // Key1 must differ from Key2
  if (standard != AXIOM_XTS_IEEE1619 && standard != AXIOM_XTS_GB17964) return AXIOM_ERR_INVALID_ARGUMENT;
  if (in_len < 16) return AXIOM_ERR_INVALID_ARGUMENT;
  if (d.key_size != t.key_size) return AXIOM_ERR_INVALID_KEY_SIZE;
  if (clash(o, i, {w, d.area, t.area})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  const axiom::XtsStandard s = standard == AXIOM_XTS_GB17964 ? axiom::XtsStandard::gb17964 : axiom::XtsStandard::ieee1619;
  return code(axiom::detail::xts_run(d.c, t.c, s, decrypt, {out, out ? out_len : 0}, view(in, in_len),
                                     std::span<const std::uint8_t, 16>(tweak, 16)));
}

[[gnu::always_inline]] inline int cfb(const Keyed& k, bool decrypt, uint8_t* iv, uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, v{iv, 16};
  if (int e = first_error({&k}, {v, o, i})) return e;
  if (clash(o, i, {v}) || overlap(v, i) || touches(k.area, {o, v})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  axiom::detail::CfbState s;
  (void)axiom::detail::set_register(s.reg, s.size, view(iv, 16));  // 16 bytes: always valid
  s.s = s.used = 16;
  const int r = code(axiom::detail::cfb_run(k.c, s, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, 16);
  axiom::secure_wipe(&s, sizeof s);
  return r;
}

[[gnu::always_inline]] inline int ofb(const Keyed& k, uint8_t* iv, uint8_t* out, size_t out_len,
                                      const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, v{iv, 16};
  if (int e = first_error({&k}, {v, o, i})) return e;
  if (clash(o, i, {v}) || overlap(v, i) || touches(k.area, {o, v})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  axiom::detail::OfbState s;
  (void)axiom::detail::set_register(s.reg, s.size, view(iv, 16));
  s.used = s.size;
  const int r = code(axiom::detail::ofb_run(k.c, s, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, 16);
  axiom::secure_wipe(&s, sizeof s);
  return r;
}

// A CMAC context holds the address of its cipher context and the computation.
template <class Ctx>
struct CmacSlot {
  const Ctx* cipher;
  axiom::detail::CmacState state;
};
template <class Ctx>
inline constexpr Kind kind_of<CmacSlot<Ctx>> = Kind::cmac;

template <class Ctx, class MacCtx>
int cmac_init(MacCtx* mac, const Ctx* cipher) {
  if (!mac) return AXIOM_ERR_NULL_POINTER;
  return with_cipher(cipher, [&](const Keyed& k) {
    if (!k.error && overlap(area(mac), k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    if (k.error) {
      axiom::secure_wipe(mac, sizeof *mac);
      return k.error;
    }
    axiom::detail::cmac_start(k.c, start<CmacSlot<Ctx>>(mac->opaque, CmacSlot<Ctx>{cipher, {}})->state);
    return AXIOM_OK;
  });
}

template <class Ctx, class MacCtx>
int cmac_update(MacCtx* mac, const uint8_t* data, size_t len) {
  if (!mac) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{data, len}})) return e;
  CmacSlot<Ctx>* m = live<CmacSlot<Ctx>>(mac->opaque);
  if (!m) return AXIOM_ERR_INVALID_ARGUMENT;
  return with_cipher(m->cipher, [&](const Keyed& k) {
    if (k.error) return k.error;  // the cipher context was cleared
    if (overlap({data, len}, area(mac))) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    axiom::detail::cmac_update(k.c, m->state, view(data, len));
    return AXIOM_OK;
  });
}

template <class Ctx, class MacCtx>
int cmac_final(MacCtx* mac, uint8_t* tag) {
  if (!mac || !tag) return AXIOM_ERR_NULL_POINTER;
  CmacSlot<Ctx>* m = live<CmacSlot<Ctx>>(mac->opaque);
  if (!m) return AXIOM_ERR_INVALID_ARGUMENT;
  return with_cipher(m->cipher, [&](const Keyed& k) {
    if (k.error) return k.error;
    if (touches({tag, 16}, {area(mac), k.area})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    axiom::detail::cmac_finish(k.c, m->state, std::span<std::uint8_t, 16>(tag, 16));
    axiom::secure_wipe(mac, sizeof *mac);
    return AXIOM_OK;
  });
}

// cmac_oneshot: the CMAC of msg under the key in cipher; tag may overlap msg.
template <class Ctx>
int cmac_oneshot(const Ctx* cipher, uint8_t* tag, const uint8_t* msg, size_t msg_len) {
  return with_cipher(cipher, [&](const Keyed& k) {
    if (int e = first_error({&k}, {{tag, 16}, {msg, msg_len}})) return e;
    if (overlap({tag, 16}, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    aside<16>(tag, [&](std::span<std::uint8_t, 16> t) {
      axiom::detail::CmacState s;
      axiom::detail::cmac_start(k.c, s);
      axiom::detail::cmac_update(k.c, s, view(msg, msg_len));
      axiom::detail::cmac_finish(k.c, s, t);
      axiom::secure_wipe(&s, sizeof s);
    });
    return AXIOM_OK;
  });
}

// The many-stream calls: every job is checked before anything is written, one kind of check
// over all jobs before the next (axiom.h's order), then the jobs go to the C++ many-calls in
// chunks of up to many_chunk (each call steps up to 32 of them side by side and refills lanes
// from the rest).
constexpr std::size_t many_chunk = 64;

// jobs_buf: the job array as a buffer (outputs must not write into it); false if n jobs
// cannot be an object.
template <class Job>
bool jobs_buf(const Job* jobs, size_t n, Buf& all) {
  if (n > static_cast<size_t>(PTRDIFF_MAX) / sizeof(Job)) return false;
  all = {jobs, n * sizeof(Job)};
  return !absurd(all.p, all.n);
}

int cbc_many(const Keyed& k, const axiom_cbc_job* jobs, size_t n, bool pad) {
  Buf all{};
  if (k.error == AXIOM_ERR_NULL_POINTER || !valid(jobs, n)) return AXIOM_ERR_NULL_POINTER;
  if (!jobs_buf(jobs, n, all)) return AXIOM_ERR_INVALID_LENGTH;  // before reading any job
  for (size_t i = 0; i < n; ++i)
    if (!valid(jobs[i].out, jobs[i].out_len) || !valid(jobs[i].in, jobs[i].in_len)) return AXIOM_ERR_NULL_POINTER;
  for (size_t i = 0; i < n; ++i)
    if (absurd(jobs[i].out, jobs[i].out_len) || absurd(jobs[i].in, jobs[i].in_len)) return AXIOM_ERR_INVALID_LENGTH;
  if (k.error) return k.error;
  for (size_t i = 0; i < n; ++i)
    if (!pad && jobs[i].in_len % 16 != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  for (size_t i = 0; i < n; ++i) {
    const Buf o{jobs[i].out, jobs[i].out_len}, in{jobs[i].in, jobs[i].in_len};
    if (clash(o, in, {all, k.area}, !pad)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  }
  for (size_t i = 0; i < n; ++i)
    if (pad ? jobs[i].out_len < axiom::padded_size(jobs[i].in_len) : jobs[i].out_len != jobs[i].in_len)
      return AXIOM_ERR_OUTPUT_SIZE_MISMATCH;
  axiom::CbcJob chunk[many_chunk];
  for (size_t from = 0; from < n; from += many_chunk) {
    const size_t m = n - from < many_chunk ? n - from : many_chunk;
    for (size_t i = 0; i < m; ++i) {
      const axiom_cbc_job& j = jobs[from + i];
      chunk[i].out = {j.out, j.out ? j.out_len : 0};
      chunk[i].in = view(j.in, j.in_len);
      std::memcpy(chunk[i].iv.data(), j.iv, 16);
    }
    if (int e = code(axiom::detail::cbc_encrypt_many(k.c, {chunk, m}, pad))) return e;  // checked above
  }
  return AXIOM_OK;
}

int cmac_many(const Keyed& k, axiom_cmac_job* jobs, size_t n) {
  Buf all{};
  if (k.error == AXIOM_ERR_NULL_POINTER || !valid(jobs, n)) return AXIOM_ERR_NULL_POINTER;
  if (!jobs_buf(jobs, n, all)) return AXIOM_ERR_INVALID_LENGTH;  // before reading any job
  for (size_t i = 0; i < n; ++i)
    if (!valid(jobs[i].msg, jobs[i].msg_len)) return AXIOM_ERR_NULL_POINTER;
  for (size_t i = 0; i < n; ++i)
    if (absurd(jobs[i].msg, jobs[i].msg_len)) return AXIOM_ERR_INVALID_LENGTH;
  if (k.error) return k.error;
  if (overlap(all, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  for (size_t i = 0; i < n; ++i)  // the tags are written into the jobs as messages end
    if (overlap({jobs[i].msg, jobs[i].msg_len}, all)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  std::span<const std::uint8_t> msgs[many_chunk];
  std::array<std::uint8_t, 16> tags[many_chunk];
  for (size_t from = 0; from < n; from += many_chunk) {
    const size_t m = n - from < many_chunk ? n - from : many_chunk;
    for (size_t i = 0; i < m; ++i) msgs[i] = view(jobs[from + i].msg, jobs[from + i].msg_len);
    (void)axiom::detail::cmac_many(k.c, {tags, m}, {msgs, m});  // the sizes match
    for (size_t i = 0; i < m; ++i) std::memcpy(jobs[from + i].tag, tags[i].data(), 16);
  }
  return AXIOM_OK;
}

// The four forms of every AEAD call.
enum class Op { seal, open, seal_detached, open_detached };

// AeadArgs: the buffers of one AEAD call as the caller gave them. tag is the detached tag (empty
// for the combined forms); only seal_detached writes it.
struct AeadArgs {
  Op op;
  uint8_t* out;
  size_t out_len;
  Buf tag, key, nonce, aad;
  const uint8_t* in;
  size_t in_len;
};

// Whether an AEAD call is one of the detached forms (whose tag length the caller picks).
bool detached(const AeadArgs& a) { return a.op == Op::seal_detached || a.op == Op::open_detached; }

// AeadRules: what the AEAD accepts; keyed is false for a context that holds no key.
struct AeadRules {
  bool keyed, key_ok, nonce_ok, tag_ok;
  std::uint64_t max_message;
  std::uint64_t max_aad = UINT64_MAX;
};

// aead_checks makes every check of axiom.h, in its order, before the C++ call; then that call
// can fail only on a wrong tag, and zeroes its output itself with a mask. So no code here
// branches on the tag's verdict (which the constant-time test marks secret). The errors after
// the argument errors (NULL, impossible length, overlap) zero out and a seal's tag. In place
// is out == in (the combined forms' lengths differ by the tag). ctx is the context's bytes.
int aead_checks(const AeadArgs& a, const AeadRules& r, Buf ctx = {}) {
  if (int e = check_bufs({{a.out, a.out_len}, a.tag, a.key, a.nonce, a.aad, {a.in, a.in_len}}))
    return e;
  const auto fail = [&](int e) {
    if (a.out) axiom::secure_wipe(a.out, a.out_len);
    if (a.op == Op::seal_detached && a.tag.p) axiom::secure_wipe(const_cast<void*>(a.tag.p), a.tag.n);
    return e;
  };
  if (!r.keyed) return fail(AXIOM_ERR_INVALID_ARGUMENT);
  if (!r.key_ok) return fail(AXIOM_ERR_INVALID_KEY_SIZE);
  if (!r.nonce_ok) return fail(AXIOM_ERR_INVALID_NONCE_SIZE);
  if (!r.tag_ok) return fail(AXIOM_ERR_INVALID_TAG_SIZE);
  const Buf in{a.in, a.in_len}, out{a.out, a.out_len};
  if (clash(out, in, {a.key, a.nonce, a.aad, a.tag, ctx}, detached(a)) ||
      touches(a.tag, {in, a.aad, a.key, a.nonce}) || (a.op == Op::seal_detached && overlap(a.tag, ctx)))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  size_t message = a.in_len;  // the plaintext's length
  if (a.op == Op::open) {
    if (a.in_len < 16) return fail(AXIOM_ERR_AUTHENTICATION_FAILED);
    message = a.in_len - 16;
  }
  const size_t want = a.op == Op::seal ? a.in_len + 16 : message;  // in_len <= PTRDIFF_MAX
  if (a.out_len != want) return fail(AXIOM_ERR_OUTPUT_SIZE_MISMATCH);
  if (message > r.max_message) return fail(AXIOM_ERR_MESSAGE_TOO_LONG);
  if (a.aad.n > r.max_aad) return fail(AXIOM_ERR_MESSAGE_TOO_LONG);
  return AXIOM_OK;
}

// aead_run calls the C++ AEAD object's form of a.op.
template <class Aead, class Nonce>
int aead_run(const Aead& aead, const AeadArgs& a, Nonce nonce) {
  const std::span<std::uint8_t> o(a.out, a.out ? a.out_len : 0);
  const auto in = view(a.in, a.in_len);
  const auto aad = view(static_cast<const uint8_t*>(a.aad.p), a.aad.n);
  auto* tag = static_cast<std::uint8_t*>(const_cast<void*>(a.tag.p));
  switch (a.op) {
    case Op::seal: return code(aead.seal(o, nonce, in, aad));
    case Op::open: return code(aead.open(o, nonce, in, aad));
    case Op::seal_detached:
      return code(aead.seal_detached(o, std::span<std::uint8_t, 16>(tag, 16), nonce, in, aad));
    case Op::open_detached:
      return code(aead.open_detached(o, nonce, in, std::span<const std::uint8_t, 16>(tag, 16), aad));
  }
  return AXIOM_ERR_INVALID_ARGUMENT;
}

// detached_forms: an AEAD given by its detached seal and open, each called as
// f(out, tag, nonce, aad, in) (AES-GCM, SM4-GCM, SM4-CCM, Kuznyechik-MGM), in the four C
// forms, after aead_checks; the combined forms carry a 16-byte tag after the ciphertext.
// aead_checks made every check, so the call can fail only on a wrong tag (and then zeroes out
// itself, by a mask).
template <class Seal, class Open>
int detached_forms(const AeadArgs& a, Seal&& seal, Open&& open) {
  const auto nonce = view(static_cast<const uint8_t*>(a.nonce.p), a.nonce.n);
  const auto aad = view(static_cast<const uint8_t*>(a.aad.p), a.aad.n);
  auto* tag = static_cast<std::uint8_t*>(const_cast<void*>(a.tag.p));
  const std::span<std::uint8_t> out(a.out, a.out ? a.out_len : 0);
  const auto in = view(a.in, a.in_len);
  switch (a.op) {
    case Op::seal: return code(seal(out.first(a.in_len), out.subspan(a.in_len), nonce, aad, in));
    case Op::open: return code(open(out, in.subspan(a.out_len), nonce, aad, in.first(a.out_len)));
    case Op::seal_detached: return code(seal(out, std::span<std::uint8_t>(tag, a.tag.n), nonce, aad, in));
    case Op::open_detached: return code(open(out, view(tag, a.tag.n), nonce, aad, in));
  }
  return AXIOM_ERR_INVALID_ARGUMENT;
}

// gcm_call: AES-GCM and SM4-GCM (RFC 8998) in the C API, over the Gcm object of one of Ts
// (one per key size).
template <class T, class... Ts, class Ctx>
int gcm_call(const Ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  static_assert(((Ts::max_message_size == T::max_message_size) && ...));
  constexpr std::uint64_t max_aad = (std::uint64_t{1} << 61) - 1;  // SP 800-38D
  const bool keyed = holds<T>(ctx->opaque) || (holds<Ts>(ctx->opaque) || ...);
  const AeadRules rules{keyed, true, a.nonce.n > 0, !detached(a) || (a.tag.n >= 12 && a.tag.n <= 16),
                        T::max_message_size, max_aad};
  if (int e = aead_checks(a, rules, area(ctx))) return e;
  return with_object<T, Ts...>(ctx, [&](const auto* g) {
    return detached_forms(
        a, [&](auto o, auto t, auto n, auto ad, auto in) { return g->seal_detached(o, t, n, ad, in); },
        [&](auto o, auto t, auto n, auto ad, auto in) { return g->open_detached(o, t, n, ad, in); });
  });
}

// sm4_ccm_call: SM4-CCM (RFC 8998) over the key in an axiom_sm4_ctx.
int sm4_ccm_call(const axiom_sm4_ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  return with_cipher(ctx, [=](const Keyed& k) {
    const size_t L = 15 - a.nonce.n;  // bytes of the length field, for a valid nonce
    const std::uint64_t max = L >= 8 ? UINT64_MAX : (std::uint64_t{1} << (8 * L)) - 1;
    const AeadRules rules{k.error == AXIOM_OK, true, a.nonce.n >= 7 && a.nonce.n <= 13,
                          !detached(a) || (a.tag.n >= 4 && a.tag.n <= 16 && a.tag.n % 2 == 0), max};
    if (int e = aead_checks(a, rules, area(ctx))) return e;
    return detached_forms(
        a, [&](auto o, auto t, auto n, auto ad, auto in) { return axiom::detail::ccm_seal(k.c, o, t, n, ad, in); },
        [&](auto o, auto t, auto n, auto ad, auto in) { return axiom::detail::ccm_open(k.c, o, t, n, ad, in); });
  });
}

// mgm_call: Kuznyechik-MGM (RFC 9058) over the key in an axiom_kuznyechik_ctx.
int mgm_call(const axiom_kuznyechik_ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  return with_cipher(ctx, [=](const Keyed& k) {
    const axiom::detail::MgmKey key{k.c, &axiom::detail::mgm_default()};
    constexpr std::uint64_t max = (std::uint64_t{1} << 61) - 1;
    const bool nonce_ok = a.nonce.n == 16 && a.nonce.p && (static_cast<const uint8_t*>(a.nonce.p)[0] & 0x80) == 0;
    const AeadRules rules{k.error == AXIOM_OK, true, nonce_ok, !detached(a) || (a.tag.n >= 4 && a.tag.n <= 16), max,
                          max};
    if (int e = aead_checks(a, rules, area(ctx))) return e;
    return detached_forms(
        a, [&](auto o, auto t, auto n, auto ad, auto in) { return axiom::detail::mgm_seal(key, o, t, n, ad, in); },
        [&](auto o, auto t, auto n, auto ad, auto in) { return axiom::detail::mgm_open(key, o, t, n, ad, in); });
  });
}

// chacha_call: ChaCha20-Poly1305 or XChaCha20-Poly1305 in the C API.
template <class Aead>
int chacha_call(const AeadArgs& a) {
  const AeadRules rules{true, a.key.n == Aead::key_size, a.nonce.n == Aead::nonce_size,
                        !detached(a) || a.tag.n == Aead::tag_size, Aead::max_message_size};
  if (int e = aead_checks(a, rules)) return e;
  const auto* key = static_cast<const uint8_t*>(a.key.p);
  const Aead aead(std::span<const std::uint8_t, Aead::key_size>(key, Aead::key_size));
  return aead_run(aead, a, std::span<const std::uint8_t, Aead::nonce_size>(
                               static_cast<const uint8_t*>(a.nonce.p), Aead::nonce_size));
}

// stream_xor: ChaCha20 or XChaCha20 in the C API.
template <class Cipher>
int stream_xor(uint8_t* out, size_t out_len, const uint8_t* key, size_t key_len,
               const uint8_t* nonce, size_t nonce_len, uint32_t counter, const uint8_t* in,
               size_t in_len) {
  if (int e = check_bufs({{out, out_len}, {key, key_len}, {nonce, nonce_len}, {in, in_len}}))
    return e;
  if (key_len != Cipher::key_size) return AXIOM_ERR_INVALID_KEY_SIZE;
  if (nonce_len != Cipher::nonce_size) return AXIOM_ERR_INVALID_NONCE_SIZE;
  if (clash({out, out_len}, {in, in_len}, {{key, key_len}, {nonce, nonce_len}}))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  Cipher c(std::span<const std::uint8_t, Cipher::key_size>(key, Cipher::key_size),
           std::span<const std::uint8_t, Cipher::nonce_size>(nonce, Cipher::nonce_size), counter);
  return code(c.crypt({out, out ? out_len : 0}, view(in, in_len)));
}

// kdf: a KDF with an output of any length, its checks in axiom.h's order around
// derive(out): bad says its other arguments are invalid (AXIOM_ERR_INVALID_ARGUMENT). out must
// not overlap an input; it is zeroed on any later failure (derive zeroes it itself), and on
// INVALID_ARGUMENT unless it overlaps an input (nothing is written then).
template <class F, class... Ins>
int kdf(uint8_t* out, size_t out_len, bool bad, F&& derive, Ins... ins) {
  if (int e = check_bufs({{out, out_len}, ins...})) return e;
  const bool clashes = (overlap({out, out_len}, ins) || ...);
  if (bad) {
    if (!clashes && out) axiom::secure_wipe(out, out_len);
    return AXIOM_ERR_INVALID_ARGUMENT;
  }
  if (clashes) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  return code(derive(std::span<std::uint8_t>(out, out ? out_len : 0)));
}

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

extern "C" {

const char* axiom_error_text(int c) {
  if (c == AXIOM_ERR_NULL_POINTER) return "null pointer with a non-zero length";
  if (c == AXIOM_ERR_INVALID_LENGTH) return "length larger than any object";
  if (c > 0 || c < AXIOM_ERR_UNSUPPORTED) return "unknown error";
  return axiom::error_text(static_cast<Error>(-c)).data();  // the texts are string literals
}

const char* axiom_version(void) { return AXIOM_VERSION; }

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
        return axiom::Hkdf<axiom::Sha256>::derive(o, view(ikm, ikm_len), view(salt, salt_len), view(info, info_len));
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

int axiom_random(uint8_t* out, size_t len) {
  if (int e = check_bufs({{out, len}})) return e;
  axiom::fill_random({out, out ? len : 0});
  return AXIOM_OK;
}

int axiom_ct_equal(const uint8_t* a, const uint8_t* b, size_t len) {
  if (check_bufs({{a, len}, {b, len}})) return 0;
  return axiom::ct_equal(view(a, len), view(b, len)) ? 1 : 0;
}

void axiom_wipe(void* p, size_t len) {
  if (p && !absurd(p, len)) axiom::secure_wipe(p, len);
}

int axiom_hmac_streebog256(uint8_t out[32], const uint8_t* key, size_t key_len,
                           const uint8_t* msg, size_t msg_len) {
  return hmac<axiom::Streebog256>(out, key, key_len, msg, msg_len);
}

int axiom_hmac_streebog512(uint8_t out[64], const uint8_t* key, size_t key_len,
                           const uint8_t* msg, size_t msg_len) {
  return hmac<axiom::Streebog512>(out, key, key_len, msg, msg_len);
}

int axiom_pbkdf2_hmac_streebog512(uint8_t* out, size_t out_len, const uint8_t* password,
                                  size_t password_len, const uint8_t* salt, size_t salt_len,
                                  uint32_t iterations) {
  return kdf(
      out, out_len, iterations == 0,
      [&](std::span<std::uint8_t> o) {
        return axiom::Pbkdf2<axiom::Hmac<axiom::Streebog512>>::derive(o, view(password, password_len),
                                                                      view(salt, salt_len), iterations);
      },
      Buf{password, password_len}, Buf{salt, salt_len});
}

int axiom_kdf_gostr3411_2012_256(uint8_t out[32], const uint8_t* key, size_t key_len,
                                 const uint8_t* label, size_t label_len, const uint8_t* seed,
                                 size_t seed_len) {
  if (int e = check_bufs({{out, 32}, {key, key_len}, {label, label_len}, {seed, seed_len}})) return e;
  aside<32>(out, [&](std::span<std::uint8_t, 32> o) {
    axiom::KdfGostr3411_2012_256::derive(o, view(key, key_len), view(label, label_len), view(seed, seed_len));
  });
  return AXIOM_OK;
}

int axiom_kdf_tree_gostr3411_2012_256(uint8_t* out, size_t out_len, const uint8_t* key,
                                      size_t key_len, const uint8_t* label, size_t label_len,
                                      const uint8_t* seed, size_t seed_len, size_t r) {
  return kdf(
      out, out_len, r < 1 || r > 4 || out_len == 0,
      [&](std::span<std::uint8_t> o) {
        return axiom::KdfTreeGostr3411_2012_256::derive(o, view(key, key_len), view(label, label_len),
                                                        view(seed, seed_len), r);
      },
      Buf{key, key_len}, Buf{label, label_len}, Buf{seed, seed_len});
}

int axiom_aes_gcm_init(axiom_aes_gcm_ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed<axiom::AesGcm128, axiom::AesGcm192, axiom::AesGcm256>(ctx, key, key_len);
}

void axiom_aes_gcm_clear(axiom_aes_gcm_ctx* ctx) {
  if (ctx) axiom::secure_wipe(ctx, sizeof *ctx);
}

// The AEADs' four forms over a context (ctx_call(ctx, AeadArgs)).
#define AXIOM_C_AEAD(prefix, Ctx, call)                                                          \
  int prefix##_seal(const Ctx* ctx, uint8_t* out, size_t out_len, const uint8_t* nonce,        \
                    size_t nonce_len, const uint8_t* aad, size_t aad_len, const uint8_t* in,     \
                    size_t in_len) {                                                             \
    return call(ctx, {Op::seal, out, out_len, {}, {}, {nonce, nonce_len}, {aad, aad_len}, in, in_len}); \
  }                                                                                              \
  int prefix##_open(const Ctx* ctx, uint8_t* out, size_t out_len, const uint8_t* nonce,        \
                    size_t nonce_len, const uint8_t* aad, size_t aad_len, const uint8_t* in,     \
                    size_t in_len) {                                                             \
    return call(ctx, {Op::open, out, out_len, {}, {}, {nonce, nonce_len}, {aad, aad_len}, in, in_len}); \
  }                                                                                              \
  int prefix##_seal_detached(const Ctx* ctx, uint8_t* out, size_t out_len, uint8_t* tag,       \
                             size_t tag_len, const uint8_t* nonce, size_t nonce_len,             \
                             const uint8_t* aad, size_t aad_len, const uint8_t* in,              \
                             size_t in_len) {                                                    \
    return call(ctx, {Op::seal_detached, out, out_len, {tag, tag_len}, {}, {nonce, nonce_len},  \
                      {aad, aad_len}, in, in_len});                                              \
  }                                                                                              \
  int prefix##_open_detached(const Ctx* ctx, uint8_t* out, size_t out_len, const uint8_t* tag, \
                             size_t tag_len, const uint8_t* nonce, size_t nonce_len,             \
                             const uint8_t* aad, size_t aad_len, const uint8_t* in,              \
                             size_t in_len) {                                                    \
    return call(ctx, {Op::open_detached, out, out_len, {tag, tag_len}, {}, {nonce, nonce_len},  \
                      {aad, aad_len}, in, in_len});                                              \
  }

#define AXIOM_AES_GCM_CALL gcm_call<axiom::AesGcm128, axiom::AesGcm192, axiom::AesGcm256>
#define AXIOM_SM4_GCM_CALL gcm_call<axiom::Sm4Gcm>
AXIOM_C_AEAD(axiom_aes_gcm, axiom_aes_gcm_ctx, AXIOM_AES_GCM_CALL)
AXIOM_C_AEAD(axiom_sm4_gcm, axiom_sm4_gcm_ctx, AXIOM_SM4_GCM_CALL)
AXIOM_C_AEAD(axiom_sm4_ccm, axiom_sm4_ctx, sm4_ccm_call)
AXIOM_C_AEAD(axiom_kuznyechik_mgm, axiom_kuznyechik_ctx, mgm_call)
#undef AXIOM_AES_GCM_CALL
#undef AXIOM_SM4_GCM_CALL
#undef AXIOM_C_AEAD

int axiom_chacha20(uint8_t* out, size_t out_len, const uint8_t* key, size_t key_len,
                   const uint8_t* nonce, size_t nonce_len, uint32_t counter, const uint8_t* in,
                   size_t in_len) {
  return stream_xor<axiom::ChaCha20>(out, out_len, key, key_len, nonce, nonce_len, counter, in,
                                     in_len);
}

int axiom_xchacha20(uint8_t* out, size_t out_len, const uint8_t* key, size_t key_len,
                    const uint8_t* nonce, size_t nonce_len, uint32_t counter, const uint8_t* in,
                    size_t in_len) {
  return stream_xor<axiom::XChaCha20>(out, out_len, key, key_len, nonce, nonce_len, counter, in,
                                      in_len);
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

// The AEAD forms without a context, over the key in the call.
#define AXIOM_C_KEY_AEAD(prefix, Aead)                                                           \
  int prefix##_seal(uint8_t* out, size_t out_len, const uint8_t* key, size_t key_len,           \
                    const uint8_t* nonce, size_t nonce_len, const uint8_t* aad, size_t aad_len,  \
                    const uint8_t* in, size_t in_len) {                                          \
    return chacha_call<Aead>(                                                                    \
        {Op::seal, out, out_len, {}, {key, key_len}, {nonce, nonce_len}, {aad, aad_len}, in, in_len}); \
  }                                                                                              \
  int prefix##_open(uint8_t* out, size_t out_len, const uint8_t* key, size_t key_len,           \
                    const uint8_t* nonce, size_t nonce_len, const uint8_t* aad, size_t aad_len,  \
                    const uint8_t* in, size_t in_len) {                                          \
    return chacha_call<Aead>(                                                                    \
        {Op::open, out, out_len, {}, {key, key_len}, {nonce, nonce_len}, {aad, aad_len}, in, in_len}); \
  }                                                                                              \
  int prefix##_seal_detached(uint8_t* out, size_t out_len, uint8_t* tag, size_t tag_len,        \
                             const uint8_t* key, size_t key_len, const uint8_t* nonce,           \
                             size_t nonce_len, const uint8_t* aad, size_t aad_len,               \
                             const uint8_t* in, size_t in_len) {                                 \
    return chacha_call<Aead>({Op::seal_detached, out, out_len, {tag, tag_len}, {key, key_len},  \
                              {nonce, nonce_len}, {aad, aad_len}, in, in_len});                  \
  }                                                                                              \
  int prefix##_open_detached(uint8_t* out, size_t out_len, const uint8_t* tag, size_t tag_len,  \
                             const uint8_t* key, size_t key_len, const uint8_t* nonce,           \
                             size_t nonce_len, const uint8_t* aad, size_t aad_len,               \
                             const uint8_t* in, size_t in_len) {                                 \
    return chacha_call<Aead>({Op::open_detached, out, out_len, {tag, tag_len}, {key, key_len},  \
                              {nonce, nonce_len}, {aad, aad_len}, in, in_len});                  \
  }

AXIOM_C_KEY_AEAD(axiom_chacha20_poly1305, axiom::ChaCha20Poly1305)
AXIOM_C_KEY_AEAD(axiom_xchacha20_poly1305, axiom::XChaCha20Poly1305)
#undef AXIOM_C_KEY_AEAD

// The block-cipher set of the C API for the contexts prefix_ctx and prefix_cmac_ctx, whose
// objects are Ts (one per key size): every function one call to the helpers above.
#define AXIOM_C_BLOCK_CIPHER(prefix, ...)                                                        \
  int prefix##_init(prefix##_ctx* ctx, const uint8_t* key, size_t key_len) {                   \
    return init_keyed<__VA_ARGS__>(ctx, key, key_len);                                           \
  }                                                                                              \
  void prefix##_clear(prefix##_ctx* ctx) { /* the objects own nothing but the context's bytes */ \
    if (ctx) axiom::secure_wipe(ctx, sizeof *ctx);                                               \
  }                                                                                              \
  int prefix##_encrypt_block(const prefix##_ctx* ctx, uint8_t out[16], const uint8_t in[16]) { \
    return with_cipher(ctx, [=](const Keyed& k) { return one_block(k, false, out, in); });      \
  }                                                                                              \
  int prefix##_decrypt_block(const prefix##_ctx* ctx, uint8_t out[16], const uint8_t in[16]) { \
    return with_cipher(ctx, [=](const Keyed& k) { return one_block(k, true, out, in); });       \
  }                                                                                              \
  int prefix##_ecb_encrypt(const prefix##_ctx* ctx, uint8_t* out, size_t out_len,              \
                           const uint8_t* in, size_t in_len) {                                   \
    return with_cipher(ctx, [=](const Keyed& k) { return ecb(k, false, out, out_len, in, in_len); }); \
  }                                                                                              \
  int prefix##_ecb_decrypt(const prefix##_ctx* ctx, uint8_t* out, size_t out_len,              \
                           const uint8_t* in, size_t in_len) {                                   \
    return with_cipher(ctx, [=](const Keyed& k) { return ecb(k, true, out, out_len, in, in_len); }); \
  }                                                                                              \
  int prefix##_cbc_encrypt(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out,             \
                           size_t out_len, const uint8_t* in, size_t in_len) {                   \
    return with_cipher(ctx, [=](const Keyed& k) { return cbc(k, false, iv, out, out_len, in, in_len); }); \
  }                                                                                              \
  int prefix##_cbc_decrypt(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out,             \
                           size_t out_len, const uint8_t* in, size_t in_len) {                   \
    return with_cipher(ctx, [=](const Keyed& k) { return cbc(k, true, iv, out, out_len, in, in_len); }); \
  }                                                                                              \
  int prefix##_ctr_xor(const prefix##_ctx* ctx, const uint8_t iv[16], uint64_t offset,         \
                       uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {         \
    return with_cipher(ctx, [=](const Keyed& k) { return ctr(k, iv, offset, out, out_len, in, in_len); }); \
  }                                                                                              \
  int prefix##_cfb_encrypt(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out,             \
                           size_t out_len, const uint8_t* in, size_t in_len) {                   \
    return with_cipher(ctx, [=](const Keyed& k) { return cfb(k, false, iv, out, out_len, in, in_len); }); \
  }                                                                                              \
  int prefix##_cfb_decrypt(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out,             \
                           size_t out_len, const uint8_t* in, size_t in_len) {                   \
    return with_cipher(ctx, [=](const Keyed& k) { return cfb(k, true, iv, out, out_len, in, in_len); }); \
  }                                                                                              \
  int prefix##_ofb_xor(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out, size_t out_len,  \
                       const uint8_t* in, size_t in_len) {                                       \
    return with_cipher(ctx, [=](const Keyed& k) { return ofb(k, iv, out, out_len, in, in_len); }); \
  }                                                                                              \
  int prefix##_cmac(const prefix##_ctx* ctx, uint8_t tag[16], const uint8_t* msg,              \
                    size_t msg_len) {                                                            \
    return cmac_oneshot(ctx, tag, msg, msg_len);                                                 \
  }                                                                                              \
  int prefix##_cmac_init(prefix##_cmac_ctx* cmac, const prefix##_ctx* cipher) {                \
    return cmac_init<prefix##_ctx>(cmac, cipher);                                                \
  }                                                                                              \
  int prefix##_cmac_update(prefix##_cmac_ctx* cmac, const uint8_t* data, size_t len) {         \
    return cmac_update<prefix##_ctx>(cmac, data, len);                                           \
  }                                                                                              \
  int prefix##_cmac_final(prefix##_cmac_ctx* cmac, uint8_t tag[16]) {                          \
    return cmac_final<prefix##_ctx>(cmac, tag);                                                  \
  }                                                                                              \
  int prefix##_xts_encrypt(const prefix##_ctx* data_ctx, const prefix##_ctx* tweak_ctx, int standard, \
                           const uint8_t tweak[16], uint8_t* out, size_t out_len, const uint8_t* in,  \
                           size_t in_len) {                                                      \
    return with_cipher(data_ctx, [&](const Keyed& d) {                                           \
      return with_cipher(tweak_ctx, [&](const Keyed& t) {                                        \
        return xts(d, t, standard, false, tweak, out, out_len, in, in_len);                      \
      });                                                                                        \
    });                                                                                          \
  }                                                                                              \
  int prefix##_xts_decrypt(const prefix##_ctx* data_ctx, const prefix##_ctx* tweak_ctx, int standard, \
                           const uint8_t tweak[16], uint8_t* out, size_t out_len, const uint8_t* in,  \
                           size_t in_len) {                                                      \
    return with_cipher(data_ctx, [&](const Keyed& d) {                                           \
      return with_cipher(tweak_ctx, [&](const Keyed& t) {                                        \
        return xts(d, t, standard, true, tweak, out, out_len, in, in_len);                       \
      });                                                                                        \
    });                                                                                          \
  }                                                                                              \
  int prefix##_cbc_encrypt_many(const prefix##_ctx* ctx, const axiom_cbc_job* jobs, size_t n) { \
    return with_cipher(ctx, [=](const Keyed& k) { return cbc_many(k, jobs, n, false); });       \
  }                                                                                              \
  int prefix##_cbc_encrypt_many_padded(const prefix##_ctx* ctx, const axiom_cbc_job* jobs,      \
                                       size_t n) {                                               \
    return with_cipher(ctx, [=](const Keyed& k) { return cbc_many(k, jobs, n, true); });        \
  }                                                                                              \
  int prefix##_cmac_many(const prefix##_ctx* ctx, axiom_cmac_job* jobs, size_t n) {            \
    return with_cipher(ctx, [=](const Keyed& k) { return cmac_many(k, jobs, n); });             \
  }

AXIOM_C_BLOCK_CIPHER(axiom_aes, axiom::Aes128, axiom::Aes192, axiom::Aes256)
AXIOM_C_BLOCK_CIPHER(axiom_sm4, axiom::Sm4)
AXIOM_C_BLOCK_CIPHER(axiom_kuznyechik, axiom::Kuznyechik)
#undef AXIOM_C_BLOCK_CIPHER

int axiom_sm4_gcm_init(axiom_sm4_gcm_ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed<axiom::Sm4Gcm>(ctx, key, key_len);
}

void axiom_sm4_gcm_clear(axiom_sm4_gcm_ctx* ctx) {
  if (ctx) axiom::secure_wipe(ctx, sizeof *ctx);
}

int axiom_kuznyechik_ctr_acpkm_xor(const axiom_kuznyechik_ctx* ctx, const uint8_t* iv,
                                   size_t iv_len, size_t section_size, uint8_t* out,
                                   size_t out_len, const uint8_t* in, size_t in_len) {
  return with_object<axiom::Kuznyechik>(ctx, [&](const axiom::Kuznyechik* k) {
    const Buf o{out, out_len}, i{in, in_len}, v{iv, iv_len};
    const Keyed keyed{!ctx ? AXIOM_ERR_NULL_POINTER : !k ? AXIOM_ERR_INVALID_ARGUMENT : AXIOM_OK, {}, 32, area(ctx)};
    if (int e = first_error({&keyed}, {v, o, i})) return e;
    if (section_size == 0 || section_size % 16 != 0) return AXIOM_ERR_INVALID_ARGUMENT;
    if (iv_len != axiom::KuznyechikCtrAcpkm::iv_size) return AXIOM_ERR_INVALID_NONCE_SIZE;
    if (clash(o, i, {v, area(ctx)})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    auto m = axiom::KuznyechikCtrAcpkm::make(*k, view(iv, iv_len), section_size);  // checked: ok
    return code(m->apply({out, out ? out_len : 0}, view(in, in_len)));
  });
}

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

const char* streebog_version(void) { return AXIOM_VERSION; }

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
  axiom::secure_wipe(buf, sizeof buf);
  if (failed) return -2;
  if (hash_256) h256.finish(std::span<std::uint8_t, 32>(hash_256, 32));
  if (hash_512) h512.finish(std::span<std::uint8_t, 64>(hash_512, 64));
  return 0;
}

}  // extern "C"

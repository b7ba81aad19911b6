// The C API (include/axiom/axiom.h) over the C++ one.
#include "axiom/axiom.h"

#include <sys/stat.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>

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

static_assert(sizeof(axiom::Sha256) <= sizeof(axiom_sha256_ctx));
static_assert(alignof(axiom::Sha256) <= alignof(axiom_sha256_ctx));
static_assert(AXIOM_ERR_UNSUPPORTED == -static_cast<int>(Error::unsupported));

int code(Status s) { return -static_cast<int>(s.error()); }

// A (pointer, length) pair is valid if the pointer is set or the length is 0.
bool valid(const void* p, size_t n) { return p != nullptr || n == 0; }

// absurd: a length no object can have (above PTRDIFF_MAX) or one running past the end of the
// address space.
bool absurd(const void* p, size_t n) {
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
int check_bufs(std::initializer_list<Buf> bufs) {
  for (const Buf& b : bufs)
    if (!valid(b.p, b.n)) return AXIOM_ERR_NULL_POINTER;
  for (const Buf& b : bufs)
    if (absurd(b.p, b.n)) return AXIOM_ERR_INVALID_LENGTH;
  return AXIOM_OK;
}

// overlap: the two buffers share a byte.
bool overlap(Buf a, Buf b) {
  if (a.n == 0 || b.n == 0) return false;
  const auto x = reinterpret_cast<std::uintptr_t>(a.p), y = reinterpret_cast<std::uintptr_t>(b.p);
  return x < y + b.n && y < x + a.n;
}

// bad_overlap: out shares bytes with `in` other than exactly in place (same start), or any
// byte with one of the others (keys, nonces, IVs, AAD, tags).
bool bad_overlap(Buf out, Buf in, std::initializer_list<Buf> others = {}) {
  if (overlap(out, in) && out.p != in.p) return true;
  for (const Buf& o : others)
    if (overlap(out, o)) return true;
  return false;
}

std::span<const std::uint8_t> view(const std::uint8_t* p, size_t n) { return {p, p ? n : 0}; }

axiom::Sha256* sha256_of(axiom_sha256_ctx* ctx) {
  return std::launder(reinterpret_cast<axiom::Sha256*>(ctx->opaque));
}

// A streebog_ctx holds the digest size in bits in opaque[0], then the Streebog<bits> object.
static_assert(sizeof(axiom::Streebog512) + 8 <= sizeof(streebog_ctx));
static_assert(sizeof(axiom::Streebog256) + 8 <= sizeof(streebog_ctx));
static_assert(alignof(axiom::Streebog512) <= alignof(streebog_ctx));

// A keyed context holds the key size in opaque[0] (0: no key) and the C++ object at the first
// address after it aligned for T (the struct itself is only aligned as uint64_t).
template <class T, std::size_t Words>
T* slot(const std::uint64_t (&opaque)[Words]) {
  static_assert(8 + sizeof(T) + alignof(T) - 8 <= Words * 8, "context too small");
  auto a = reinterpret_cast<std::uintptr_t>(opaque + 1);
  a = (a + alignof(T) - 1) & ~(std::uintptr_t{alignof(T)} - 1);
  return std::launder(reinterpret_cast<T*>(a));
}

// with_key calls f with the object of type T<16>, T<24> or T<32> that ctx holds (see slot),
// or returns AXIOM_ERR_INVALID_ARGUMENT if it holds no key.
template <template <std::size_t> class T, class Ctx, class F>
int with_key(const Ctx* ctx, F&& f) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  switch (ctx->opaque[0]) {
    case 16: return f(*slot<T<16>>(ctx->opaque));
    case 24: return f(*slot<T<24>>(ctx->opaque));
    case 32: return f(*slot<T<32>>(ctx->opaque));
    default: return AXIOM_ERR_INVALID_ARGUMENT;
  }
}

// init_keyed constructs T<key_len> from key in ctx (any previous key is wiped first).
template <template <std::size_t> class T, class Ctx>
int init_keyed(Ctx* ctx, const uint8_t* key, size_t key_len) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  axiom::secure_wipe(ctx, sizeof *ctx);
  if (int e = check_bufs({{key, key_len}})) return e;
  switch (key_len) {
    case 16: new (slot<T<16>>(ctx->opaque)) T<16>(std::span<const std::uint8_t, 16>(key, 16)); break;
    case 24: new (slot<T<24>>(ctx->opaque)) T<24>(std::span<const std::uint8_t, 24>(key, 24)); break;
    case 32: new (slot<T<32>>(ctx->opaque)) T<32>(std::span<const std::uint8_t, 32>(key, 32)); break;
    default: return AXIOM_ERR_INVALID_KEY_SIZE;
  }
  ctx->opaque[0] = key_len;
  return AXIOM_OK;
}

// clear_keyed destroys the object in ctx (its destructor wipes the key) and wipes ctx.
template <template <std::size_t> class T, class Ctx>
void clear_keyed(Ctx* ctx) {
  if (!ctx) return;
  (void)with_key<T>(ctx, [](auto& obj) {
    using U = std::remove_reference_t<decltype(obj)>;
    obj.~U();
    return 0;
  });
  axiom::secure_wipe(ctx, sizeof *ctx);
}

// The block cipher a mode runs over, from a keyed axiom_aes_ctx.
int aes_ref(const axiom_aes_ctx* ctx, axiom::detail::BlockCipherRef& ref) {
  return with_key<axiom::AesCipher>(ctx, [&](const auto& aes) {
    ref = aes.block_ref();
    return AXIOM_OK;
  });
}

// The modes over any keyed 128-bit block cipher (SM4 and Kuznyechik use them the same way):
// keyed is what getting c gave (0, or the error for a missing or empty context), reported
// after the buffer checks, in axiom.h's order.
int ecb(int keyed, const axiom::detail::BlockCipherRef& c, bool decrypt, uint8_t* out,
        size_t out_len, const uint8_t* in, size_t in_len) {
  if (int e = check_bufs({{out, out_len}, {in, in_len}})) return e;
  if (keyed) return keyed;
  if (in_len % 16 != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  if (bad_overlap({out, out_len}, {in, in_len})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  return code(axiom::detail::ecb_run(c, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
}

int cbc(int keyed, const axiom::detail::BlockCipherRef& c, bool decrypt, uint8_t* iv,
        uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {
  if (int e = check_bufs({{iv, 16}, {out, out_len}, {in, in_len}})) return e;
  if (keyed) return keyed;
  if (in_len % 16 != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  if (bad_overlap({out, out_len}, {in, in_len}, {{iv, 16}}) || overlap({iv, 16}, {in, in_len}))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  axiom::detail::CbcState s;
  (void)axiom::detail::set_register(s.reg, s.size, view(iv, 16));  // 16 bytes: always valid
  s.head = 0;
  const int r = code(axiom::detail::cbc_run(c, s, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, 16);  // one chain: the last ciphertext block
  axiom::secure_wipe(&s, sizeof s);
  return r;
}

int ctr(int keyed, const axiom::detail::BlockCipherRef& c, const uint8_t* iv, uint64_t offset,
        uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {
  if (int e = check_bufs({{iv, 16}, {out, out_len}, {in, in_len}})) return e;
  if (keyed) return keyed;
  if (bad_overlap({out, out_len}, {in, in_len}, {{iv, 16}})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  axiom::detail::CtrState s;
  axiom::detail::ctr_start(c, s, std::span<const std::uint8_t, 16>(iv, 16), offset);
  const int r = code(axiom::detail::ctr_run(c, s, {out, out ? out_len : 0}, view(in, in_len)));
  axiom::secure_wipe(&s, sizeof s);
  return r;
}

// xts: one XTS data unit over the data and the tweak cipher contexts (keyed and tweak_keyed:
// their cipher_ref results).
int xts(int keyed, const axiom::detail::BlockCipherRef& data, int tweak_keyed,
        const axiom::detail::BlockCipherRef& tweak_cipher, int standard, bool decrypt, const uint8_t* tweak,
        uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {
  if (int e = check_bufs({{tweak, 16}, {out, out_len}, {in, in_len}})) return e;
  if (keyed) return keyed;
  if (tweak_keyed) return tweak_keyed;
  if (standard != AXIOM_XTS_IEEE1619 && standard != AXIOM_XTS_GB17964) return AXIOM_ERR_INVALID_ARGUMENT;
  if (bad_overlap({out, out_len}, {in, in_len}, {{tweak, 16}})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  const axiom::XtsStandard s = standard == AXIOM_XTS_GB17964 ? axiom::XtsStandard::gb17964 : axiom::XtsStandard::ieee1619;
  return code(axiom::detail::xts_run(data, tweak_cipher, s, decrypt, {out, out ? out_len : 0}, view(in, in_len),
                                     std::span<const std::uint8_t, 16>(tweak, 16)));
}

// cfb / ofb: 16-byte-register CFB-128 and OFB; iv gets the register after the call.
int cfb(int keyed, const axiom::detail::BlockCipherRef& c, bool decrypt, uint8_t* iv,
        uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {
  if (int e = check_bufs({{iv, 16}, {out, out_len}, {in, in_len}})) return e;
  if (keyed) return keyed;
  if (bad_overlap({out, out_len}, {in, in_len}, {{iv, 16}}) || overlap({iv, 16}, {in, in_len}))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  axiom::detail::CfbState s;
  (void)axiom::detail::set_register(s.reg, s.size, view(iv, 16));  // 16 bytes: always valid
  s.s = s.used = 16;
  const int r = code(axiom::detail::cfb_run(c, s, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, 16);
  axiom::secure_wipe(&s, sizeof s);
  return r;
}

int ofb(int keyed, const axiom::detail::BlockCipherRef& c, uint8_t* iv, uint8_t* out,
        size_t out_len, const uint8_t* in, size_t in_len) {
  if (int e = check_bufs({{iv, 16}, {out, out_len}, {in, in_len}})) return e;
  if (keyed) return keyed;
  if (bad_overlap({out, out_len}, {in, in_len}, {{iv, 16}}) || overlap({iv, 16}, {in, in_len}))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  axiom::detail::OfbState s;
  (void)axiom::detail::set_register(s.reg, s.size, view(iv, 16));
  s.used = s.size;
  const int r = code(axiom::detail::ofb_run(c, s, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, 16);
  axiom::secure_wipe(&s, sizeof s);
  return r;
}

// object_of: the C++ object of type T (SM4, Kuznyechik, SM4-GCM: one key size each) that a
// context holds (see slot; opaque[0] is T::key_size when keyed), or NULL if it holds no key.
template <class T, class Ctx>
const T* object_of(const Ctx* ctx) {
  return ctx && ctx->opaque[0] == T::key_size ? slot<T>(ctx->opaque) : nullptr;
}

// init_object constructs T from key in ctx (any previous key is wiped first).
template <class T, class Ctx>
int init_object(Ctx* ctx, const uint8_t* key, size_t key_len) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  axiom::secure_wipe(ctx, sizeof *ctx);
  if (int e = check_bufs({{key, key_len}})) return e;
  if (key_len != T::key_size) return AXIOM_ERR_INVALID_KEY_SIZE;
  new (slot<T>(ctx->opaque)) T(std::span<const std::uint8_t, T::key_size>(key, T::key_size));
  ctx->opaque[0] = T::key_size;
  return AXIOM_OK;
}

// clear_object destroys the object in ctx (its destructor wipes the key) and wipes ctx.
template <class T, class Ctx>
void clear_object(Ctx* ctx) {
  if (const T* obj = object_of<T>(ctx)) obj->~T();
  if (ctx) axiom::secure_wipe(ctx, sizeof *ctx);
}

// cipher_ref: the block cipher of a keyed context, for the modes; else the error to report
// (after the buffer checks).
int cipher_ref(const axiom_aes_ctx* ctx, axiom::detail::BlockCipherRef& ref) { return aes_ref(ctx, ref); }

template <class T, class Ctx>
int object_ref(const Ctx* ctx, axiom::detail::BlockCipherRef& ref) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  const T* obj = object_of<T>(ctx);
  if (!obj) return AXIOM_ERR_INVALID_ARGUMENT;
  ref = obj->block_ref();
  return AXIOM_OK;
}
int cipher_ref(const axiom_sm4_ctx* ctx, axiom::detail::BlockCipherRef& ref) { return object_ref<axiom::Sm4>(ctx, ref); }
int cipher_ref(const axiom_kuznyechik_ctx* ctx, axiom::detail::BlockCipherRef& ref) {
  return object_ref<axiom::Kuznyechik>(ctx, ref);
}

// one_block: encrypt_block / decrypt_block of any cipher context.
template <class Ctx>
int one_block(const Ctx* ctx, bool decrypt, uint8_t* out, const uint8_t* in) {
  if (!out || !in) return AXIOM_ERR_NULL_POINTER;
  axiom::detail::BlockCipherRef c{};
  if (int e = cipher_ref(ctx, c)) return e;
  if (bad_overlap({out, 16}, {in, 16})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  return code(axiom::detail::ecb_run(c, decrypt, {out, 16}, {in, 16}));
}

// A CMAC context holds the address of its cipher context in opaque[0], then the state.
template <class Ctx>
struct CmacSlot {
  const Ctx* cipher;
  axiom::detail::CmacState state;
};

template <class Ctx, class MacCtx>
CmacSlot<Ctx>* cmac_of(MacCtx* ctx) {
  static_assert(sizeof(CmacSlot<Ctx>) <= sizeof(MacCtx) && alignof(CmacSlot<Ctx>) <= alignof(MacCtx));
  return std::launder(reinterpret_cast<CmacSlot<Ctx>*>(ctx->opaque));
}

template <class Ctx, class MacCtx>
int cmac_init(MacCtx* mac, const Ctx* cipher) {
  if (!mac) return AXIOM_ERR_NULL_POINTER;
  axiom::detail::BlockCipherRef c;
  if (int e = cipher_ref(cipher, c)) return e;
  CmacSlot<Ctx>* m = new (mac->opaque) CmacSlot<Ctx>{cipher, {}};
  axiom::detail::cmac_start(c, m->state);
  return AXIOM_OK;
}

template <class Ctx, class MacCtx>
int cmac_update(MacCtx* mac, const uint8_t* data, size_t len) {
  if (!mac) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{data, len}})) return e;
  CmacSlot<Ctx>* m = cmac_of<Ctx>(mac);
  axiom::detail::BlockCipherRef c;
  if (int e = cipher_ref(m->cipher, c)) return e;
  axiom::detail::cmac_update(c, m->state, view(data, len));
  return AXIOM_OK;
}

template <class Ctx, class MacCtx>
int cmac_final(MacCtx* mac, uint8_t* tag) {
  if (!mac || !tag) return AXIOM_ERR_NULL_POINTER;
  CmacSlot<Ctx>* m = cmac_of<Ctx>(mac);
  axiom::detail::BlockCipherRef c;
  if (int e = cipher_ref(m->cipher, c)) return e;
  axiom::detail::cmac_finish(c, m->state, std::span<std::uint8_t, 16>(tag, 16));
  axiom::secure_wipe(mac, sizeof *mac);
  return AXIOM_OK;
}

// cmac_oneshot: init, update, final on a context of its own (wiped on every path).
template <class MacCtx, class Ctx>
int cmac_oneshot(const Ctx* cipher, uint8_t* tag, const uint8_t* msg, size_t msg_len) {
  MacCtx m;
  int e = cmac_init<Ctx>(&m, cipher);
  if (!e) e = cmac_update<Ctx>(&m, msg, msg_len);
  if (!e) e = cmac_final<Ctx>(&m, tag);
  axiom::secure_wipe(&m, sizeof m);
  return e;
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

int cbc_many(int keyed, const axiom::detail::BlockCipherRef& c, const axiom_cbc_job* jobs, size_t n, bool pad) {
  Buf all{};
  if (!valid(jobs, n)) return AXIOM_ERR_NULL_POINTER;
  if (!jobs_buf(jobs, n, all)) return AXIOM_ERR_INVALID_LENGTH;  // before reading any job
  for (size_t i = 0; i < n; ++i)
    if (!valid(jobs[i].out, jobs[i].out_len) || !valid(jobs[i].in, jobs[i].in_len)) return AXIOM_ERR_NULL_POINTER;
  for (size_t i = 0; i < n; ++i)
    if (absurd(jobs[i].out, jobs[i].out_len) || absurd(jobs[i].in, jobs[i].in_len)) return AXIOM_ERR_INVALID_LENGTH;
  if (keyed) return keyed;
  for (size_t i = 0; i < n; ++i)
    if (!pad && jobs[i].in_len % 16 != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  for (size_t i = 0; i < n; ++i)
    if (bad_overlap({jobs[i].out, jobs[i].out_len}, {jobs[i].in, jobs[i].in_len}, {all}))
      return AXIOM_ERR_OVERLAPPING_BUFFERS;
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
    if (int e = code(axiom::detail::cbc_encrypt_many(c, {chunk, m}, pad))) return e;  // checked above
  }
  return AXIOM_OK;
}

int cmac_many(int keyed, const axiom::detail::BlockCipherRef& c, axiom_cmac_job* jobs, size_t n) {
  Buf all{};
  if (!valid(jobs, n)) return AXIOM_ERR_NULL_POINTER;
  if (!jobs_buf(jobs, n, all)) return AXIOM_ERR_INVALID_LENGTH;  // before reading any job
  for (size_t i = 0; i < n; ++i)
    if (!valid(jobs[i].msg, jobs[i].msg_len)) return AXIOM_ERR_NULL_POINTER;
  for (size_t i = 0; i < n; ++i)
    if (absurd(jobs[i].msg, jobs[i].msg_len)) return AXIOM_ERR_INVALID_LENGTH;
  if (keyed) return keyed;
  for (size_t i = 0; i < n; ++i)  // the tags are written into the jobs as messages end
    if (overlap({jobs[i].msg, jobs[i].msg_len}, all)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  std::span<const std::uint8_t> msgs[many_chunk];
  std::array<std::uint8_t, 16> tags[many_chunk];
  for (size_t from = 0; from < n; from += many_chunk) {
    const size_t m = n - from < many_chunk ? n - from : many_chunk;
    for (size_t i = 0; i < m; ++i) msgs[i] = view(jobs[from + i].msg, jobs[from + i].msg_len);
    (void)axiom::detail::cmac_many(c, {tags, m}, {msgs, m});  // the sizes match
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

// AeadRules: what the AEAD accepts; keyed is false for a context that holds no key.
struct AeadRules {
  bool keyed, key_ok, nonce_ok, tag_ok;
  std::uint64_t max_message;
  std::uint64_t max_aad = UINT64_MAX;
};

// aead_checks makes every check of axiom.h, in its order, before the C++ call; then that call
// can fail only on a wrong tag, and zeroes its output itself with a mask. So no code here
// branches on the tag's verdict (which the constant-time test marks secret). The errors after
// the argument errors (NULL, impossible length, overlap) zero out and a seal's tag.
int aead_checks(const AeadArgs& a, const AeadRules& r) {
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
  if (bad_overlap(out, in, {a.key, a.nonce, a.aad, a.tag}) || overlap(a.tag, in) ||
      overlap(a.tag, a.aad) || overlap(a.tag, a.key) || overlap(a.tag, a.nonce))
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

// detached_aead: an AEAD given by its detached seal and open, each called as
// f(out, tag, nonce, aad, in) (SM4-GCM, SM4-CCM, Kuznyechik-MGM), in the four C forms; the
// combined forms carry a 16-byte tag after the ciphertext. aead_checks makes every check
// first, so the call can fail only on a wrong tag (and then zeroes out itself, by a mask).
template <class Seal, class Open>
int detached_aead(const AeadArgs& a, const AeadRules& r, Seal&& seal, Open&& open) {
  if (int e = aead_checks(a, r)) return e;
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

// Whether an AEAD call is one of the detached forms (whose tag length the caller picks).
bool detached(const AeadArgs& a) { return a.op == Op::seal_detached || a.op == Op::open_detached; }

// sm4_gcm_call: SM4-GCM (RFC 8998) in the C API.
int sm4_gcm_call(const axiom_sm4_gcm_ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  const axiom::Sm4Gcm* g = object_of<axiom::Sm4Gcm>(ctx);
  constexpr std::uint64_t max_aad = (std::uint64_t{1} << 61) - 1;  // SP 800-38D
  const AeadRules rules{g != nullptr, true, a.nonce.n > 0 && a.nonce.n <= max_aad,
                        !detached(a) || (a.tag.n >= 12 && a.tag.n <= 16),
                        axiom::Sm4Gcm::max_message_size, max_aad};
  return detached_aead(
      a, rules, [&](auto o, auto t, auto n, auto ad, auto in) { return g->seal_detached(o, t, n, ad, in); },
      [&](auto o, auto t, auto n, auto ad, auto in) { return g->open_detached(o, t, n, ad, in); });
}

// sm4_ccm_call: SM4-CCM (RFC 8998) over the key in an axiom_sm4_ctx.
int sm4_ccm_call(const axiom_sm4_ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  axiom::detail::BlockCipherRef c{};
  const bool keyed = cipher_ref(ctx, c) == AXIOM_OK;
  const size_t L = 15 - a.nonce.n;  // bytes of the length field, for a valid nonce
  const std::uint64_t max = L >= 8 ? UINT64_MAX : (std::uint64_t{1} << (8 * L)) - 1;
  const AeadRules rules{keyed, true, a.nonce.n >= 7 && a.nonce.n <= 13,
                        !detached(a) || (a.tag.n >= 4 && a.tag.n <= 16 && a.tag.n % 2 == 0), max};
  return detached_aead(
      a, rules, [&](auto o, auto t, auto n, auto ad, auto in) { return axiom::detail::ccm_seal(c, o, t, n, ad, in); },
      [&](auto o, auto t, auto n, auto ad, auto in) { return axiom::detail::ccm_open(c, o, t, n, ad, in); });
}

// mgm_call: Kuznyechik-MGM (RFC 9058) over the key in an axiom_kuznyechik_ctx.
int mgm_call(const axiom_kuznyechik_ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  axiom::detail::MgmKey k{{}, &axiom::detail::mgm_default()};
  const bool keyed = cipher_ref(ctx, k.cipher) == AXIOM_OK;
  constexpr std::uint64_t max = (std::uint64_t{1} << 61) - 1;
  const bool nonce_ok = a.nonce.n == 16 && a.nonce.p && (static_cast<const uint8_t*>(a.nonce.p)[0] & 0x80) == 0;
  const AeadRules rules{keyed, true, nonce_ok, !detached(a) || (a.tag.n >= 4 && a.tag.n <= 16), max, max};
  return detached_aead(
      a, rules, [&](auto o, auto t, auto n, auto ad, auto in) { return axiom::detail::mgm_seal(k, o, t, n, ad, in); },
      [&](auto o, auto t, auto n, auto ad, auto in) { return axiom::detail::mgm_open(k, o, t, n, ad, in); });
}

// gcm_call: AES-GCM in the C API (the combined forms use 16-byte tags).
int gcm_call(const axiom_aes_gcm_ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  const bool detached = a.op == Op::seal_detached || a.op == Op::open_detached;
  const size_t k = ctx->opaque[0];
  const AeadRules rules{k == 16 || k == 24 || k == 32, true, a.nonce.n > 0,
                        !detached || (a.tag.n >= 12 && a.tag.n <= 16),
                        axiom::AesGcm128::max_message_size};
  if (int e = aead_checks(a, rules)) return e;
  return with_key<axiom::AesGcm>(ctx, [&](const auto& g) {
    const std::span<std::uint8_t> o(a.out, a.out ? a.out_len : 0);
    const auto nonce = view(static_cast<const uint8_t*>(a.nonce.p), a.nonce.n);
    const auto aad = view(static_cast<const uint8_t*>(a.aad.p), a.aad.n);
    const auto in = view(a.in, a.in_len);
    auto* tag = static_cast<std::uint8_t*>(const_cast<void*>(a.tag.p));
    switch (a.op) {
      case Op::seal: return code(g.seal(o, nonce, aad, in));
      case Op::open: return code(g.open(o, nonce, aad, in));
      case Op::seal_detached: return code(g.seal_detached(o, {tag, a.tag.n}, nonce, aad, in));
      case Op::open_detached: return code(g.open_detached(o, view(tag, a.tag.n), nonce, aad, in));
    }
    return AXIOM_ERR_INVALID_ARGUMENT;
  });
}

// chacha_call: ChaCha20-Poly1305 or XChaCha20-Poly1305 in the C API.
template <class Aead>
int chacha_call(const AeadArgs& a) {
  const bool detached = a.op == Op::seal_detached || a.op == Op::open_detached;
  const AeadRules rules{true, a.key.n == Aead::key_size, a.nonce.n == Aead::nonce_size,
                        !detached || a.tag.n == Aead::tag_size, Aead::max_message_size};
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
  if (bad_overlap({out, out_len}, {in, in_len}, {{key, key_len}, {nonce, nonce_len}}))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  Cipher c(std::span<const std::uint8_t, Cipher::key_size>(key, Cipher::key_size),
           std::span<const std::uint8_t, Cipher::nonce_size>(nonce, Cipher::nonce_size), counter);
  return code(c.crypt({out, out ? out_len : 0}, view(in, in_len)));
}

// An axiom_poly1305_ctx holds 32 in opaque[0] when keyed, in opaque[1] the offset from opaque + 2
// of the Poly1305 object, which needs more alignment than the context has. A context copied
// with memcpy to a differently aligned address moves its object into place on its next use.
axiom::Poly1305* poly1305_of(axiom_poly1305_ctx* ctx) {
  constexpr std::uintptr_t align = alignof(axiom::Poly1305);
  auto* base = reinterpret_cast<unsigned char*>(ctx->opaque + 2);
  const std::uintptr_t offset = (align - reinterpret_cast<std::uintptr_t>(base) % align) % align;
  if (ctx->opaque[1] != offset) {
    std::memmove(base + offset, base + ctx->opaque[1], sizeof(axiom::Poly1305));
    ctx->opaque[1] = offset;
  }
  return std::launder(reinterpret_cast<axiom::Poly1305*>(base + offset));
}
static_assert(16 + alignof(axiom::Poly1305) - 8 + sizeof(axiom::Poly1305) <= sizeof(axiom_poly1305_ctx));

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
  if (c == AXIOM_ERR_INVALID_LENGTH) return "length larger than any object";
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
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{data, len}})) return e;
  sha256_of(ctx)->update(view(data, len));
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
  if (!out) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{data, len}})) return e;
  axiom::Sha256::hash(std::span<std::uint8_t, 32>(out, 32), view(data, len));
  return AXIOM_OK;
}

int axiom_hmac_sha256(uint8_t out[AXIOM_SHA256_DIGEST_SIZE], const uint8_t* key, size_t key_len,
                      const uint8_t* msg, size_t msg_len) {
  if (!out) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{key, key_len}, {msg, msg_len}})) return e;
  axiom::Hmac<axiom::Sha256>::mac(std::span<std::uint8_t, 32>(out, 32), view(key, key_len),
                                  view(msg, msg_len));
  return AXIOM_OK;
}

int axiom_hkdf_sha256(uint8_t* okm, size_t okm_len, const uint8_t* ikm, size_t ikm_len,
                      const uint8_t* salt, size_t salt_len, const uint8_t* info, size_t info_len) {
  if (int e = check_bufs({{okm, okm_len}, {ikm, ikm_len}, {salt, salt_len}, {info, info_len}}))
    return e;
  return code(axiom::Hkdf<axiom::Sha256>::derive({okm, okm ? okm_len : 0}, view(ikm, ikm_len),
                                                 view(salt, salt_len), view(info, info_len)));
}

int axiom_pbkdf2_hmac_sha256(uint8_t* out, size_t out_len, const uint8_t* password,
                             size_t password_len, const uint8_t* salt, size_t salt_len,
                             uint32_t iterations) {
  if (int e = check_bufs({{out, out_len}, {password, password_len}, {salt, salt_len}})) return e;
  return code(axiom::Pbkdf2<axiom::Hmac<axiom::Sha256>>::derive(
      {out, out ? out_len : 0}, view(password, password_len), view(salt, salt_len), iterations));
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
  if (p) axiom::secure_wipe(p, len);
}


int axiom_hmac_streebog256(uint8_t out[32], const uint8_t* key, size_t key_len,
                           const uint8_t* msg, size_t msg_len) {
  if (!out) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{key, key_len}, {msg, msg_len}})) return e;
  axiom::Hmac<axiom::Streebog256>::mac(std::span<std::uint8_t, 32>(out, 32), view(key, key_len),
                                       view(msg, msg_len));
  return AXIOM_OK;
}

int axiom_hmac_streebog512(uint8_t out[64], const uint8_t* key, size_t key_len,
                           const uint8_t* msg, size_t msg_len) {
  if (!out) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{key, key_len}, {msg, msg_len}})) return e;
  axiom::Hmac<axiom::Streebog512>::mac(std::span<std::uint8_t, 64>(out, 64), view(key, key_len),
                                       view(msg, msg_len));
  return AXIOM_OK;
}

int axiom_pbkdf2_hmac_streebog512(uint8_t* out, size_t out_len, const uint8_t* password,
                                  size_t password_len, const uint8_t* salt, size_t salt_len,
                                  uint32_t iterations) {
  if (int e = check_bufs({{out, out_len}, {password, password_len}, {salt, salt_len}})) return e;
  return code(axiom::Pbkdf2<axiom::Hmac<axiom::Streebog512>>::derive(
      {out, out ? out_len : 0}, view(password, password_len), view(salt, salt_len), iterations));
}

int axiom_kdf_gostr3411_2012_256(uint8_t out[32], const uint8_t* key, size_t key_len,
                                 const uint8_t* label, size_t label_len, const uint8_t* seed,
                                 size_t seed_len) {
  if (!out) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{key, key_len}, {label, label_len}, {seed, seed_len}})) return e;
  axiom::KdfGostr3411_2012_256::derive(std::span<std::uint8_t, 32>(out, 32), view(key, key_len),
                                       view(label, label_len), view(seed, seed_len));
  return AXIOM_OK;
}

int axiom_kdf_tree_gostr3411_2012_256(uint8_t* out, size_t out_len, const uint8_t* key,
                                      size_t key_len, const uint8_t* label, size_t label_len,
                                      const uint8_t* seed, size_t seed_len, size_t r) {
  if (int e = check_bufs({{out, out_len}, {key, key_len}, {label, label_len}, {seed, seed_len}})) return e;
  return code(axiom::KdfTreeGostr3411_2012_256::derive({out, out ? out_len : 0}, view(key, key_len),
                                                       view(label, label_len), view(seed, seed_len), r));
}

int axiom_aes_init(axiom_aes_ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed<axiom::AesCipher>(ctx, key, key_len);
}

void axiom_aes_clear(axiom_aes_ctx* ctx) { clear_keyed<axiom::AesCipher>(ctx); }

int axiom_aes_encrypt_block(const axiom_aes_ctx* ctx, uint8_t out[16], const uint8_t in[16]) {
  if (!out || !in) return AXIOM_ERR_NULL_POINTER;
  return with_key<axiom::AesCipher>(ctx, [&](const auto& aes) {
    if (bad_overlap({out, 16}, {in, 16})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    aes.encrypt_block(std::span<std::uint8_t, 16>(out, 16), std::span<const std::uint8_t, 16>(in, 16));
    return AXIOM_OK;
  });
}

int axiom_aes_decrypt_block(const axiom_aes_ctx* ctx, uint8_t out[16], const uint8_t in[16]) {
  if (!out || !in) return AXIOM_ERR_NULL_POINTER;
  return with_key<axiom::AesCipher>(ctx, [&](const auto& aes) {
    if (bad_overlap({out, 16}, {in, 16})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    aes.decrypt_block(std::span<std::uint8_t, 16>(out, 16), std::span<const std::uint8_t, 16>(in, 16));
    return AXIOM_OK;
  });
}

int axiom_aes_ecb_encrypt(const axiom_aes_ctx* ctx, uint8_t* out, size_t out_len,
                          const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef c{};
  return ecb(aes_ref(ctx, c), c, false, out, out_len, in, in_len);
}

int axiom_aes_ecb_decrypt(const axiom_aes_ctx* ctx, uint8_t* out, size_t out_len,
                          const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef c{};
  return ecb(aes_ref(ctx, c), c, true, out, out_len, in, in_len);
}

int axiom_aes_cbc_encrypt(const axiom_aes_ctx* ctx, uint8_t iv[16], uint8_t* out, size_t out_len,
                          const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef c{};
  return cbc(aes_ref(ctx, c), c, false, iv, out, out_len, in, in_len);
}

int axiom_aes_cbc_decrypt(const axiom_aes_ctx* ctx, uint8_t iv[16], uint8_t* out, size_t out_len,
                          const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef c{};
  return cbc(aes_ref(ctx, c), c, true, iv, out, out_len, in, in_len);
}

int axiom_aes_ctr_xor(const axiom_aes_ctx* ctx, const uint8_t iv[16], uint64_t offset,
                      uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef c{};
  return ctr(aes_ref(ctx, c), c, iv, offset, out, out_len, in, in_len);
}

int axiom_aes_cmac(const axiom_aes_ctx* ctx, uint8_t tag[16], const uint8_t* msg, size_t msg_len) {
  return cmac_oneshot<axiom_aes_cmac_ctx>(ctx, tag, msg, msg_len);
}

int axiom_aes_cmac_init(axiom_aes_cmac_ctx* cmac, const axiom_aes_ctx* aes) {
  return cmac_init<axiom_aes_ctx>(cmac, aes);
}

int axiom_aes_cmac_update(axiom_aes_cmac_ctx* cmac, const uint8_t* data, size_t len) {
  return cmac_update<axiom_aes_ctx>(cmac, data, len);
}

int axiom_aes_cmac_final(axiom_aes_cmac_ctx* cmac, uint8_t tag[16]) {
  return cmac_final<axiom_aes_ctx>(cmac, tag);
}

int axiom_aes_cbc_encrypt_many(const axiom_aes_ctx* ctx, const axiom_cbc_job* jobs, size_t n) {
  axiom::detail::BlockCipherRef c{};
  return cbc_many(aes_ref(ctx, c), c, jobs, n, false);
}

int axiom_aes_cbc_encrypt_many_padded(const axiom_aes_ctx* ctx, const axiom_cbc_job* jobs, size_t n) {
  axiom::detail::BlockCipherRef c{};
  return cbc_many(aes_ref(ctx, c), c, jobs, n, true);
}

int axiom_aes_cmac_many(const axiom_aes_ctx* ctx, axiom_cmac_job* jobs, size_t n) {
  axiom::detail::BlockCipherRef c{};
  return cmac_many(aes_ref(ctx, c), c, jobs, n);
}

int axiom_aes_cfb_encrypt(const axiom_aes_ctx* ctx, uint8_t iv[16], uint8_t* out, size_t out_len,
                          const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef c{};
  return cfb(aes_ref(ctx, c), c, false, iv, out, out_len, in, in_len);
}

int axiom_aes_cfb_decrypt(const axiom_aes_ctx* ctx, uint8_t iv[16], uint8_t* out, size_t out_len,
                          const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef c{};
  return cfb(aes_ref(ctx, c), c, true, iv, out, out_len, in, in_len);
}

int axiom_aes_ofb_xor(const axiom_aes_ctx* ctx, uint8_t iv[16], uint8_t* out, size_t out_len,
                      const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef c{};
  return ofb(aes_ref(ctx, c), c, iv, out, out_len, in, in_len);
}

int axiom_aes_xts_encrypt(const axiom_aes_ctx* data_ctx, const axiom_aes_ctx* tweak_ctx, int standard,
                          const uint8_t tweak[16], uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef d{}, t{};
  const int kd = aes_ref(data_ctx, d), kt = aes_ref(tweak_ctx, t);
  return xts(kd, d, kt, t, standard, false, tweak, out, out_len, in, in_len);
}

int axiom_aes_xts_decrypt(const axiom_aes_ctx* data_ctx, const axiom_aes_ctx* tweak_ctx, int standard,
                          const uint8_t tweak[16], uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {
  axiom::detail::BlockCipherRef d{}, t{};
  const int kd = aes_ref(data_ctx, d), kt = aes_ref(tweak_ctx, t);
  return xts(kd, d, kt, t, standard, true, tweak, out, out_len, in, in_len);
}

int axiom_aes_gcm_init(axiom_aes_gcm_ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed<axiom::AesGcm>(ctx, key, key_len);
}

void axiom_aes_gcm_clear(axiom_aes_gcm_ctx* ctx) { clear_keyed<axiom::AesGcm>(ctx); }

int axiom_aes_gcm_seal(const axiom_aes_gcm_ctx* ctx, uint8_t* out, size_t out_len,
                       const uint8_t* nonce, size_t nonce_len, const uint8_t* aad, size_t aad_len,
                       const uint8_t* in, size_t in_len) {
  return gcm_call(ctx, {Op::seal, out, out_len, {}, {}, {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_aes_gcm_open(const axiom_aes_gcm_ctx* ctx, uint8_t* out, size_t out_len,
                       const uint8_t* nonce, size_t nonce_len, const uint8_t* aad, size_t aad_len,
                       const uint8_t* in, size_t in_len) {
  return gcm_call(ctx, {Op::open, out, out_len, {}, {}, {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_aes_gcm_seal_detached(const axiom_aes_gcm_ctx* ctx, uint8_t* out, size_t out_len,
                                uint8_t* tag, size_t tag_len, const uint8_t* nonce,
                                size_t nonce_len, const uint8_t* aad, size_t aad_len,
                                const uint8_t* in, size_t in_len) {
  return gcm_call(ctx, {Op::seal_detached, out, out_len, {tag, tag_len}, {}, {nonce, nonce_len},
                        {aad, aad_len}, in, in_len});
}

int axiom_aes_gcm_open_detached(const axiom_aes_gcm_ctx* ctx, uint8_t* out, size_t out_len,
                                const uint8_t* tag, size_t tag_len, const uint8_t* nonce,
                                size_t nonce_len, const uint8_t* aad, size_t aad_len,
                                const uint8_t* in, size_t in_len) {
  return gcm_call(ctx, {Op::open_detached, out, out_len, {tag, tag_len}, {}, {nonce, nonce_len},
                        {aad, aad_len}, in, in_len});
}

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
  if (!tag) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{key, key_len}, {msg, msg_len}})) return e;
  if (key_len != 32) return AXIOM_ERR_INVALID_KEY_SIZE;
  axiom::Poly1305::mac(std::span<std::uint8_t, 16>(tag, 16), std::span<const std::uint8_t, 32>(key, 32),
                       view(msg, msg_len));
  return AXIOM_OK;
}

int axiom_poly1305_init(axiom_poly1305_ctx* ctx, const uint8_t* key, size_t key_len) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  axiom::secure_wipe(ctx, sizeof *ctx);
  if (int e = check_bufs({{key, key_len}})) return e;
  if (key_len != 32) return AXIOM_ERR_INVALID_KEY_SIZE;
  ctx->opaque[1] = 0;
  new (poly1305_of(ctx)) axiom::Poly1305(std::span<const std::uint8_t, 32>(key, 32));
  ctx->opaque[0] = 32;
  return AXIOM_OK;
}

int axiom_poly1305_update(axiom_poly1305_ctx* ctx, const uint8_t* data, size_t len) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{data, len}})) return e;
  if (ctx->opaque[0] != 32) return AXIOM_ERR_INVALID_ARGUMENT;
  poly1305_of(ctx)->update(view(data, len));
  return AXIOM_OK;
}

int axiom_poly1305_final(axiom_poly1305_ctx* ctx, uint8_t tag[16]) {
  if (!ctx || !tag) return AXIOM_ERR_NULL_POINTER;
  if (ctx->opaque[0] != 32) return AXIOM_ERR_INVALID_ARGUMENT;
  poly1305_of(ctx)->finish(std::span<std::uint8_t, 16>(tag, 16));
  poly1305_of(ctx)->~Poly1305();
  axiom::secure_wipe(ctx, sizeof *ctx);
  return AXIOM_OK;
}

int axiom_chacha20_poly1305_seal(uint8_t* out, size_t out_len, const uint8_t* key,
                                 size_t key_len, const uint8_t* nonce, size_t nonce_len,
                                 const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                 size_t in_len) {
  return chacha_call<axiom::ChaCha20Poly1305>({Op::seal, out, out_len, {}, {key, key_len},
                                   {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_chacha20_poly1305_open(uint8_t* out, size_t out_len, const uint8_t* key,
                                 size_t key_len, const uint8_t* nonce, size_t nonce_len,
                                 const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                 size_t in_len) {
  return chacha_call<axiom::ChaCha20Poly1305>({Op::open, out, out_len, {}, {key, key_len},
                                   {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_chacha20_poly1305_seal_detached(uint8_t* out, size_t out_len, uint8_t* tag,
                                          size_t tag_len, const uint8_t* key, size_t key_len,
                                          const uint8_t* nonce, size_t nonce_len,
                                          const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                          size_t in_len) {
  return chacha_call<axiom::ChaCha20Poly1305>({Op::seal_detached, out, out_len, {tag, tag_len}, {key, key_len},
                                   {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_chacha20_poly1305_open_detached(uint8_t* out, size_t out_len, const uint8_t* tag,
                                          size_t tag_len, const uint8_t* key, size_t key_len,
                                          const uint8_t* nonce, size_t nonce_len,
                                          const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                          size_t in_len) {
  return chacha_call<axiom::ChaCha20Poly1305>({Op::open_detached, out, out_len, {tag, tag_len}, {key, key_len},
                                   {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_xchacha20_poly1305_seal(uint8_t* out, size_t out_len, const uint8_t* key,
                                  size_t key_len, const uint8_t* nonce, size_t nonce_len,
                                  const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                  size_t in_len) {
  return chacha_call<axiom::XChaCha20Poly1305>({Op::seal, out, out_len, {}, {key, key_len},
                                   {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_xchacha20_poly1305_open(uint8_t* out, size_t out_len, const uint8_t* key,
                                  size_t key_len, const uint8_t* nonce, size_t nonce_len,
                                  const uint8_t* aad, size_t aad_len, const uint8_t* in,
                                  size_t in_len) {
  return chacha_call<axiom::XChaCha20Poly1305>({Op::open, out, out_len, {}, {key, key_len},
                                   {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_xchacha20_poly1305_seal_detached(uint8_t* out, size_t out_len, uint8_t* tag,
                                           size_t tag_len, const uint8_t* key, size_t key_len,
                                           const uint8_t* nonce, size_t nonce_len,
                                           const uint8_t* aad, size_t aad_len,
                                           const uint8_t* in, size_t in_len) {
  return chacha_call<axiom::XChaCha20Poly1305>({Op::seal_detached, out, out_len, {tag, tag_len}, {key, key_len},
                                   {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

int axiom_xchacha20_poly1305_open_detached(uint8_t* out, size_t out_len, const uint8_t* tag,
                                           size_t tag_len, const uint8_t* key, size_t key_len,
                                           const uint8_t* nonce, size_t nonce_len,
                                           const uint8_t* aad, size_t aad_len,
                                           const uint8_t* in, size_t in_len) {
  return chacha_call<axiom::XChaCha20Poly1305>({Op::open_detached, out, out_len, {tag, tag_len}, {key, key_len},
                                   {nonce, nonce_len}, {aad, aad_len}, in, in_len});
}

// The block-cipher set of the C API for a cipher T with one key size and the context types
// prefix_ctx and prefix_cmac_ctx: every function one call to the helpers above.
#define AXIOM_C_BLOCK_CIPHER(prefix, T)                                                          \
  int prefix##_init(prefix##_ctx* ctx, const uint8_t* key, size_t key_len) {                   \
    return init_object<T>(ctx, key, key_len);                                                    \
  }                                                                                              \
  void prefix##_clear(prefix##_ctx* ctx) { clear_object<T>(ctx); }                              \
  int prefix##_encrypt_block(const prefix##_ctx* ctx, uint8_t out[16], const uint8_t in[16]) { \
    return one_block(ctx, false, out, in);                                                       \
  }                                                                                              \
  int prefix##_decrypt_block(const prefix##_ctx* ctx, uint8_t out[16], const uint8_t in[16]) { \
    return one_block(ctx, true, out, in);                                                        \
  }                                                                                              \
  int prefix##_ecb_encrypt(const prefix##_ctx* ctx, uint8_t* out, size_t out_len,              \
                           const uint8_t* in, size_t in_len) {                                   \
    axiom::detail::BlockCipherRef c{};                                                           \
    return ecb(cipher_ref(ctx, c), c, false, out, out_len, in, in_len);                          \
  }                                                                                              \
  int prefix##_ecb_decrypt(const prefix##_ctx* ctx, uint8_t* out, size_t out_len,              \
                           const uint8_t* in, size_t in_len) {                                  \
    axiom::detail::BlockCipherRef c{};                                                           \
    return ecb(cipher_ref(ctx, c), c, true, out, out_len, in, in_len);                           \
  }                                                                                              \
  int prefix##_cbc_encrypt(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out,             \
                           size_t out_len, const uint8_t* in, size_t in_len) {                   \
    axiom::detail::BlockCipherRef c{};                                                           \
    return cbc(cipher_ref(ctx, c), c, false, iv, out, out_len, in, in_len);                      \
  }                                                                                              \
  int prefix##_cbc_decrypt(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out,             \
                           size_t out_len, const uint8_t* in, size_t in_len) {                   \
    axiom::detail::BlockCipherRef c{};                                                           \
    return cbc(cipher_ref(ctx, c), c, true, iv, out, out_len, in, in_len);                       \
  }                                                                                              \
  int prefix##_ctr_xor(const prefix##_ctx* ctx, const uint8_t iv[16], uint64_t offset,         \
                       uint8_t* out, size_t out_len, const uint8_t* in, size_t in_len) {         \
    axiom::detail::BlockCipherRef c{};                                                           \
    return ctr(cipher_ref(ctx, c), c, iv, offset, out, out_len, in, in_len);                     \
  }                                                                                              \
  int prefix##_cfb_encrypt(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out,             \
                           size_t out_len, const uint8_t* in, size_t in_len) {                   \
    axiom::detail::BlockCipherRef c{};                                                           \
    return cfb(cipher_ref(ctx, c), c, false, iv, out, out_len, in, in_len);                      \
  }                                                                                              \
  int prefix##_cfb_decrypt(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out,             \
                           size_t out_len, const uint8_t* in, size_t in_len) {                   \
    axiom::detail::BlockCipherRef c{};                                                           \
    return cfb(cipher_ref(ctx, c), c, true, iv, out, out_len, in, in_len);                       \
  }                                                                                              \
  int prefix##_ofb_xor(const prefix##_ctx* ctx, uint8_t iv[16], uint8_t* out, size_t out_len,  \
                       const uint8_t* in, size_t in_len) {                                       \
    axiom::detail::BlockCipherRef c{};                                                           \
    return ofb(cipher_ref(ctx, c), c, iv, out, out_len, in, in_len);                             \
  }                                                                                              \
  int prefix##_cmac(const prefix##_ctx* ctx, uint8_t tag[16], const uint8_t* msg,              \
                    size_t msg_len) {                                                            \
    return cmac_oneshot<prefix##_cmac_ctx>(ctx, tag, msg, msg_len);                              \
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
    axiom::detail::BlockCipherRef d{}, t{};                                                      \
    const int kd = cipher_ref(data_ctx, d), kt = cipher_ref(tweak_ctx, t);                       \
    return xts(kd, d, kt, t, standard, false, tweak, out, out_len, in, in_len);                  \
  }                                                                                              \
  int prefix##_xts_decrypt(const prefix##_ctx* data_ctx, const prefix##_ctx* tweak_ctx, int standard, \
                           const uint8_t tweak[16], uint8_t* out, size_t out_len, const uint8_t* in,  \
                           size_t in_len) {                                                      \
    axiom::detail::BlockCipherRef d{}, t{};                                                      \
    const int kd = cipher_ref(data_ctx, d), kt = cipher_ref(tweak_ctx, t);                       \
    return xts(kd, d, kt, t, standard, true, tweak, out, out_len, in, in_len);                   \
  }                                                                                              \
  int prefix##_cbc_encrypt_many(const prefix##_ctx* ctx, const axiom_cbc_job* jobs, size_t n) { \
    axiom::detail::BlockCipherRef c{};                                                           \
    return cbc_many(cipher_ref(ctx, c), c, jobs, n, false);                                      \
  }                                                                                              \
  int prefix##_cbc_encrypt_many_padded(const prefix##_ctx* ctx, const axiom_cbc_job* jobs,      \
                                       size_t n) {                                               \
    axiom::detail::BlockCipherRef c{};                                                           \
    return cbc_many(cipher_ref(ctx, c), c, jobs, n, true);                                       \
  }                                                                                              \
  int prefix##_cmac_many(const prefix##_ctx* ctx, axiom_cmac_job* jobs, size_t n) {            \
    axiom::detail::BlockCipherRef c{};                                                           \
    return cmac_many(cipher_ref(ctx, c), c, jobs, n);                                            \
  }

AXIOM_C_BLOCK_CIPHER(axiom_sm4, axiom::Sm4)
AXIOM_C_BLOCK_CIPHER(axiom_kuznyechik, axiom::Kuznyechik)
#undef AXIOM_C_BLOCK_CIPHER

// The AEADs' four forms, as the AES-GCM ones.
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

AXIOM_C_AEAD(axiom_sm4_gcm, axiom_sm4_gcm_ctx, sm4_gcm_call)
AXIOM_C_AEAD(axiom_sm4_ccm, axiom_sm4_ctx, sm4_ccm_call)
AXIOM_C_AEAD(axiom_kuznyechik_mgm, axiom_kuznyechik_ctx, mgm_call)
#undef AXIOM_C_AEAD

int axiom_sm4_gcm_init(axiom_sm4_gcm_ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_object<axiom::Sm4Gcm>(ctx, key, key_len);
}

void axiom_sm4_gcm_clear(axiom_sm4_gcm_ctx* ctx) { clear_object<axiom::Sm4Gcm>(ctx); }

int axiom_kuznyechik_ctr_acpkm_xor(const axiom_kuznyechik_ctx* ctx, const uint8_t* iv,
                                   size_t iv_len, size_t section_size, uint8_t* out,
                                   size_t out_len, const uint8_t* in, size_t in_len) {
  if (int e = check_bufs({{iv, iv_len}, {out, out_len}, {in, in_len}})) return e;
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  const axiom::Kuznyechik* k = object_of<axiom::Kuznyechik>(ctx);
  if (!k || section_size == 0 || section_size % 16 != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  if (iv_len != axiom::KuznyechikCtrAcpkm::iv_size) return AXIOM_ERR_INVALID_NONCE_SIZE;
  if (bad_overlap({out, out_len}, {in, in_len}, {{iv, iv_len}})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  auto m = axiom::KuznyechikCtrAcpkm::make(*k, view(iv, iv_len), section_size);  // checked: ok
  return code(m->apply({out, out ? out_len : 0}, view(in, in_len)));
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
    streebog_of<512>(ctx)->update(view(data, len));
  else if (ctx->opaque[0] == 256)
    streebog_of<256>(ctx)->update(view(data, len));
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
  axiom::Streebog512::hash(std::span<std::uint8_t, 64>(out, 64), view(data, len));
}

void streebog_hash_256(const uint8_t* data, size_t len, uint8_t* out) {
  if (!out || !valid(data, len)) return;
  axiom::Streebog256::hash(std::span<std::uint8_t, 32>(out, 32), view(data, len));
}

void streebog_hash_512_hex(const uint8_t* data, size_t len, char* out) {
  if (!out || !valid(data, len)) return;
  const auto d = axiom::Streebog512::hash(view(data, len));
  hex_text(out, d.data(), d.size());
}

void streebog_hash_256_hex(const uint8_t* data, size_t len, char* out) {
  if (!out || !valid(data, len)) return;
  const auto d = axiom::Streebog256::hash(view(data, len));
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

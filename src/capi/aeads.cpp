// The C API of the AEADs and the stream ciphers: AES-GCM, SM4-GCM, SM4-CCM, MGM over the GOST
// rows of core/block_ciphers.h, ChaCha20, XChaCha20 and their Poly1305 AEADs.
#include "capi/capi.hpp"

namespace axiom::capi {
namespace {

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

// AeadRules: what the AEAD accepts; keyed is false for a context that holds no key; tag is
// the size of the combined forms' tag.
struct AeadRules {
  bool keyed, key_ok, nonce_ok, tag_ok;
  std::uint64_t max_message;
  std::uint64_t max_aad = UINT64_MAX;
  size_t tag = 16;
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
    if (a.out) secure_wipe(a.out, a.out_len);
    if (a.op == Op::seal_detached && a.tag.p) secure_wipe(const_cast<void*>(a.tag.p), a.tag.n);
    return e;
  };
  if (!r.keyed) return fail(AXIOM_ERR_INVALID_ARGUMENT);
  if (!r.key_ok) return fail(AXIOM_ERR_INVALID_KEY_SIZE);
  if (!r.nonce_ok) return fail(AXIOM_ERR_INVALID_NONCE_SIZE);
  if (!r.tag_ok) return fail(AXIOM_ERR_INVALID_TAG_SIZE);
  const Buf in{a.in, a.in_len}, out{a.out, a.out_len};
  if (clash(out, in, {a.key, a.nonce, a.aad, a.tag, ctx}, detached(a)) ||
      touches(a.tag, {in, a.aad, a.key, a.nonce}) ||
      (a.op == Op::seal_detached && overlap(a.tag, ctx)))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  size_t message = a.in_len;  // the plaintext's length
  if (a.op == Op::open) {
    if (a.in_len < r.tag) return fail(AXIOM_ERR_AUTHENTICATION_FAILED);
    message = a.in_len - r.tag;
  }
  const size_t want = a.op == Op::seal ? a.in_len + r.tag : message;  // in_len <= PTRDIFF_MAX
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
    case Op::seal:
      return code(aead.seal(o, nonce, in, aad));
    case Op::open:
      return code(aead.open(o, nonce, in, aad));
    case Op::seal_detached:
      return code(aead.seal_detached(o, std::span<std::uint8_t, 16>(tag, 16), nonce, in, aad));
    case Op::open_detached:
      return code(
          aead.open_detached(o, nonce, in, std::span<const std::uint8_t, 16>(tag, 16), aad));
  }
  return AXIOM_ERR_INVALID_ARGUMENT;
}

// detached_forms: an AEAD given by its detached seal and open, each called as
// f(out, tag, nonce, aad, in) (AES-GCM, SM4-GCM, SM4-CCM, Kuznyechik-MGM), in the four C
// forms, after aead_checks; the combined forms carry the tag after the ciphertext.
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
    case Op::seal:
      return code(seal(out.first(a.in_len), out.subspan(a.in_len), nonce, aad, in));
    case Op::open:
      return code(open(out, in.subspan(a.out_len), nonce, aad, in.first(a.out_len)));
    case Op::seal_detached:
      return code(seal(out, std::span<std::uint8_t>(tag, a.tag.n), nonce, aad, in));
    case Op::open_detached:
      return code(open(out, view(tag, a.tag.n), nonce, aad, in));
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
  const AeadRules rules{keyed,
                        true,
                        a.nonce.n > 0,
                        !detached(a) || (a.tag.n >= 12 && a.tag.n <= 16),
                        T::max_message_size,
                        max_aad};
  if (int e = aead_checks(a, rules, area(ctx))) return e;
  return with_object<T, Ts...>(ctx, [&](const auto* g) {
    return detached_forms(
        a,
        [&](auto o, auto t, auto n, auto ad, auto in) { return g->seal_detached(o, t, n, ad, in); },
        [&](auto o, auto t, auto n, auto ad, auto in) {
          return g->open_detached(o, t, n, ad, in);
        });
  });
}

int aes_gcm_call(const axiom_aes_gcm_ctx* ctx, const AeadArgs& a) {
  return gcm_call<AesGcm128, AesGcm192, AesGcm256>(ctx, a);
}

// sm4_ccm_call: SM4-CCM (RFC 8998) over the key in an axiom_sm4_ctx.
int sm4_ccm_call(const axiom_sm4_ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  return with_cipher(ctx, [=](const auto& k) {
    const size_t L = 15 - a.nonce.n;  // bytes of the length field, for a valid nonce
    const std::uint64_t max = L >= 8 ? UINT64_MAX : (std::uint64_t{1} << (8 * L)) - 1;
    const AeadRules rules{k.error == AXIOM_OK, true, a.nonce.n >= 7 && a.nonce.n <= 13,
                          !detached(a) || (a.tag.n >= 4 && a.tag.n <= 16 && a.tag.n % 2 == 0), max};
    if (int e = aead_checks(a, rules, area(ctx))) return e;
    return detached_forms(
        a,
        [&](auto o, auto t, auto n, auto ad, auto in) {
          return detail::ccm_seal(k.c, o, t, n, ad, in);
        },
        [&](auto o, auto t, auto n, auto ad, auto in) {
          return detail::ccm_open(k.c, o, t, n, ad, in);
        });
  });
}

// mgm_call: MGM (RFC 9058) over the key in a GOST row's context: a nonce of one block whose
// first bit is 0; at most 2^(n/2) bits of message and of AAD each (n the block's bits); the
// combined forms' tag is one block.
template <class Ctx>
int mgm_call(const Ctx* ctx, const AeadArgs& a) {
  if (!ctx) return AXIOM_ERR_NULL_POINTER;
  return with_cipher(ctx, [=](const auto& k) {
    constexpr std::size_t N = std::decay_t<decltype(k)>::block_size;
    const detail::BasicMgmKey<N> key{k.c, &detail::mgm_default_for<N>()};
    constexpr std::uint64_t max = (std::uint64_t{1} << (4 * N - 3)) - 1;
    const bool nonce_ok =
        a.nonce.n == N && a.nonce.p && (static_cast<const uint8_t*>(a.nonce.p)[0] & 0x80) == 0;
    const AeadRules rules{k.error == AXIOM_OK,
                          true,
                          nonce_ok,
                          !detached(a) || (a.tag.n >= 4 && a.tag.n <= N),
                          max,
                          max,
                          N};
    if (int e = aead_checks(a, rules, area(ctx))) return e;
    return detached_forms(
        a,
        [&](auto o, auto t, auto n, auto ad, auto in) {
          return detail::mgm_seal(key, o, t, n, ad, in);
        },
        [&](auto o, auto t, auto n, auto ad, auto in) {
          return detail::mgm_open(key, o, t, n, ad, in);
        });
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
  return aead_run(aead, a,
                  std::span<const std::uint8_t, Aead::nonce_size>(
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

}  // namespace
}  // namespace axiom::capi

using namespace axiom::capi;

extern "C" {

int axiom_aes_gcm_init(axiom_aes_gcm_ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed<axiom::AesGcm128, axiom::AesGcm192, axiom::AesGcm256>(ctx, key, key_len);
}

void axiom_aes_gcm_clear(axiom_aes_gcm_ctx* ctx) {
  if (ctx) axiom::secure_wipe(ctx, sizeof *ctx);
}

int axiom_sm4_gcm_init(axiom_sm4_gcm_ctx* ctx, const uint8_t* key, size_t key_len) {
  return init_keyed<axiom::Sm4Gcm>(ctx, key, key_len);
}

void axiom_sm4_gcm_clear(axiom_sm4_gcm_ctx* ctx) {
  if (ctx) axiom::secure_wipe(ctx, sizeof *ctx);
}

// The four forms of an AEAD, prefix_seal, _open, _seal_detached and _open_detached, each
// `int name(HEAD out, out_len, [tag, tag_len,] KEY nonce, nonce_len, aad, aad_len, in, in_len)`
// returning call(ARG AeadArgs): HEAD and ARG are the context's parameter and argument (or
// nothing), KEY the key's parameters (or nothing) and KEYBUF the key's Buf.
#define AXIOM_ID(...) __VA_ARGS__
#define AXIOM_C_AEAD_FORM(name, op, call, HEAD, ARG, TAG, TAGBUF, KEY, KEYBUF)                   \
  int name(AXIOM_ID HEAD uint8_t* out, size_t out_len,                                           \
           AXIOM_ID TAG AXIOM_ID KEY const uint8_t* nonce, size_t nonce_len, const uint8_t* aad, \
           size_t aad_len, const uint8_t* in, size_t in_len) {                                   \
    return call(AXIOM_ID ARG AeadArgs{op, out, out_len, TAGBUF, KEYBUF, Buf{nonce, nonce_len},   \
                                      Buf{aad, aad_len}, in, in_len});                           \
  }
#define AXIOM_C_AEAD_FORMS(prefix, call, HEAD, ARG, KEY, KEYBUF)                         \
  AXIOM_C_AEAD_FORM(prefix##_seal, Op::seal, call, HEAD, ARG, (), Buf{}, KEY, KEYBUF)    \
  AXIOM_C_AEAD_FORM(prefix##_open, Op::open, call, HEAD, ARG, (), Buf{}, KEY, KEYBUF)    \
  AXIOM_C_AEAD_FORM(prefix##_seal_detached, Op::seal_detached, call, HEAD, ARG,          \
                    (uint8_t * tag, size_t tag_len, ), (Buf{tag, tag_len}), KEY, KEYBUF) \
  AXIOM_C_AEAD_FORM(prefix##_open_detached, Op::open_detached, call, HEAD, ARG,          \
                    (const uint8_t* tag, size_t tag_len, ), (Buf{tag, tag_len}), KEY, KEYBUF)
// Over a context (call(ctx, AeadArgs)), and over the key in the call (chacha_call<Aead>).
#define AXIOM_C_AEAD(prefix, Ctx, call) \
  AXIOM_C_AEAD_FORMS(prefix, call, (const Ctx* ctx, ), (ctx, ), (), Buf{})
#define AXIOM_C_KEY_AEAD(prefix, Aead)                                                          \
  AXIOM_C_AEAD_FORMS(prefix, chacha_call<Aead>, (), (), (const uint8_t* key, size_t key_len, ), \
                     (Buf{key, key_len}))

AXIOM_C_AEAD(axiom_aes_gcm, axiom_aes_gcm_ctx, aes_gcm_call)
AXIOM_C_AEAD(axiom_sm4_gcm, axiom_sm4_gcm_ctx, gcm_call<axiom::Sm4Gcm>)
AXIOM_C_AEAD(axiom_sm4_ccm, axiom_sm4_ctx, sm4_ccm_call)

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

AXIOM_C_KEY_AEAD(axiom_chacha20_poly1305, axiom::ChaCha20Poly1305)
AXIOM_C_KEY_AEAD(axiom_xchacha20_poly1305, axiom::XChaCha20Poly1305)
#undef AXIOM_C_KEY_AEAD
// MGM, for the GOST rows.
#define AXIOM_C_MGM_gost(family) AXIOM_C_AEAD(axiom_##family##_mgm, axiom_##family##_ctx, mgm_call)
#define AXIOM_C_MGM_nist(family)
#define AXIOM_C_ROW_(family, block, standard, ...) AXIOM_C_MGM_##standard(family)
AXIOM_BLOCK_CIPHERS(AXIOM_C_ROW_)
#undef AXIOM_C_ROW_
#undef AXIOM_C_AEAD
#undef AXIOM_C_AEAD_FORMS
#undef AXIOM_C_AEAD_FORM
#undef AXIOM_ID

}  // extern "C"

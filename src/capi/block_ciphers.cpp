// The C API of the block ciphers and their modes: the functions of every row of
// core/block_ciphers.h, over the helpers below and in capi.hpp.
#include "capi/capi.hpp"

namespace axiom::capi {

// A CMAC context holds the address of its cipher context and the computation.
template <class Ctx>
struct CmacSlot {
  const Ctx* cipher;
  detail::CmacState state;
};
template <class Ctx>
inline constexpr Kind kind_of<CmacSlot<Ctx>> = Kind::cmac;

namespace {

// The modes over any keyed block cipher of N-byte blocks.
template <std::size_t N>
[[gnu::always_inline]] inline int one_block(const Keyed<N>& k, bool decrypt, uint8_t* out,
                                            const uint8_t* in) {
  if (k.error == AXIOM_ERR_NULL_POINTER || !out || !in) return AXIOM_ERR_NULL_POINTER;
  if (k.error) return k.error;
  const Buf o{out, N}, i{in, N};
  if (clash(o, i) || overlap(o, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  (decrypt ? k.c.ops->decrypt_blocks : k.c.ops->encrypt_blocks)(k.c.schedule, out, in, 1);
  return AXIOM_OK;
}

template <std::size_t N>
[[gnu::always_inline]] inline int ecb(const Keyed<N>& k, bool decrypt, uint8_t* out, size_t out_len,
                                      const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len};
  if (int e = first_error({&k}, {o, i})) return e;
  if (in_len % N != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  if (clash(o, i) || overlap(o, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  return code(detail::ecb_run(k.c, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
}

// cbc, cfb, ofb: iv is read and replaced, so it overlaps nothing.
template <std::size_t N>
[[gnu::always_inline]] inline int cbc(const Keyed<N>& k, bool decrypt, uint8_t* iv, uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, v{iv, N};
  if (int e = first_error({&k}, {v, o, i})) return e;
  if (in_len % N != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  if (clash(o, i, {v}) || overlap(v, i) || touches(k.area, {o, v}))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  detail::CbcState s;
  (void)detail::set_register<N>(s.reg, s.size, view(iv, N));  // N bytes: always valid
  s.head = 0;
  const int r = code(detail::cbc_run(k.c, s, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, N);  // one chain: the last ciphertext block
  secure_wipe(&s, sizeof s);
  return r;
}

template <std::size_t N>
[[gnu::always_inline]] inline int ctr(const Keyed<N>& k, const uint8_t* iv, uint64_t offset,
                                      uint8_t* out, size_t out_len, const uint8_t* in,
                                      size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, v{iv, N};
  if (int e = first_error({&k}, {v, o, i})) return e;
  if (clash(o, i, {v}) || overlap(o, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  detail::CtrState s;
  detail::ctr_start(k.c, s, std::span<const std::uint8_t, N>(iv, N), offset);
  const int r = code(detail::ctr_run(k.c, s, {out, out ? out_len : 0}, view(in, in_len)));
  secure_wipe(&s, sizeof s);
  return r;
}

// xts: one XTS data unit, Key1 in d and Key2 in t: two contexts of the same key size.
template <std::size_t N>
[[gnu::always_inline]] inline int xts(const Keyed<N>& d, const Keyed<N>& t, int standard,
                                      bool decrypt, const uint8_t* tweak, uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, w{tweak, N};
  if (int e = first_error({&d, &t}, {w, o, i})) return e;
  if (d.area.p == t.area.p) return AXIOM_ERR_INVALID_ARGUMENT;  // Key1 must differ from Key2
  if (standard != AXIOM_XTS_IEEE1619 && standard != AXIOM_XTS_GB17964)
    return AXIOM_ERR_INVALID_ARGUMENT;
  if (in_len < N) return AXIOM_ERR_INVALID_ARGUMENT;
  if (d.key_size != t.key_size) return AXIOM_ERR_INVALID_KEY_SIZE;
  if (clash(o, i, {w, d.area, t.area})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  const XtsStandard s =
      standard == AXIOM_XTS_GB17964 ? XtsStandard::gb17964 : XtsStandard::ieee1619;
  return code(detail::xts_run(d.c, t.c, s, decrypt, {out, out ? out_len : 0}, view(in, in_len),
                              std::span<const std::uint8_t, N>(tweak, N)));
}

template <std::size_t N>
[[gnu::always_inline]] inline int cfb(const Keyed<N>& k, bool decrypt, uint8_t* iv, uint8_t* out,
                                      size_t out_len, const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, v{iv, N};
  if (int e = first_error({&k}, {v, o, i})) return e;
  if (clash(o, i, {v}) || overlap(v, i) || touches(k.area, {o, v}))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  detail::CfbState s;
  (void)detail::set_register<N>(s.reg, s.size, view(iv, N));  // N bytes: always valid
  s.s = s.used = N;
  const int r = code(detail::cfb_run(k.c, s, decrypt, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, N);
  secure_wipe(&s, sizeof s);
  return r;
}

template <std::size_t N>
[[gnu::always_inline]] inline int ofb(const Keyed<N>& k, uint8_t* iv, uint8_t* out, size_t out_len,
                                      const uint8_t* in, size_t in_len) {
  const Buf o{out, out_len}, i{in, in_len}, v{iv, N};
  if (int e = first_error({&k}, {v, o, i})) return e;
  if (clash(o, i, {v}) || overlap(v, i) || touches(k.area, {o, v}))
    return AXIOM_ERR_OVERLAPPING_BUFFERS;
  detail::OfbState s;
  (void)detail::set_register<N>(s.reg, s.size, view(iv, N));
  s.used = s.size;
  const int r = code(detail::ofb_run(k.c, s, {out, out ? out_len : 0}, view(in, in_len)));
  if (r == AXIOM_OK) std::memcpy(iv, s.reg, N);
  secure_wipe(&s, sizeof s);
  return r;
}

template <class Ctx, class MacCtx>
int cmac_init(MacCtx* mac, const Ctx* cipher) {
  if (!mac) return AXIOM_ERR_NULL_POINTER;
  return with_cipher(cipher, [&](const auto& k) {
    if (!k.error && overlap(area(mac), k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    if (k.error) {
      secure_wipe(mac, sizeof *mac);
      return k.error;
    }
    detail::cmac_start(k.c, start<CmacSlot<Ctx>>(mac->opaque, CmacSlot<Ctx>{cipher, {}})->state);
    return AXIOM_OK;
  });
}

template <class Ctx, class MacCtx>
int cmac_update(MacCtx* mac, const uint8_t* data, size_t len) {
  if (!mac) return AXIOM_ERR_NULL_POINTER;
  if (int e = check_bufs({{data, len}})) return e;
  CmacSlot<Ctx>* m = live<CmacSlot<Ctx>>(mac->opaque);
  if (!m) return AXIOM_ERR_INVALID_ARGUMENT;
  return with_cipher(m->cipher, [&](const auto& k) {
    if (k.error) return k.error;  // the cipher context was cleared
    if (overlap({data, len}, area(mac))) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    detail::cmac_update(k.c, m->state, view(data, len));
    return AXIOM_OK;
  });
}

template <class Ctx, class MacCtx>
int cmac_final(MacCtx* mac, uint8_t* tag) {
  if (!mac || !tag) return AXIOM_ERR_NULL_POINTER;
  CmacSlot<Ctx>* m = live<CmacSlot<Ctx>>(mac->opaque);
  if (!m) return AXIOM_ERR_INVALID_ARGUMENT;
  return with_cipher(m->cipher, [&](const auto& k) {
    constexpr std::size_t N = std::decay_t<decltype(k)>::block_size;
    if (k.error) return k.error;
    if (touches({tag, N}, {area(mac), k.area})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    detail::cmac_finish(k.c, m->state, std::span<std::uint8_t, N>(tag, N));
    secure_wipe(mac, sizeof *mac);
    return AXIOM_OK;
  });
}

// cmac_oneshot: the CMAC of msg under the key in cipher; tag may overlap msg.
template <class Ctx>
int cmac_oneshot(const Ctx* cipher, uint8_t* tag, const uint8_t* msg, size_t msg_len) {
  return with_cipher(cipher, [&](const auto& k) {
    constexpr std::size_t N = std::decay_t<decltype(k)>::block_size;
    if (int e = first_error({&k}, {{tag, N}, {msg, msg_len}})) return e;
    if (overlap({tag, N}, k.area)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    aside<N>(tag, [&](std::span<std::uint8_t, N> t) {
      detail::CmacState s;
      detail::cmac_start(k.c, s);
      detail::cmac_update(k.c, s, view(msg, msg_len));
      detail::cmac_finish(k.c, s, t);
      secure_wipe(&s, sizeof s);
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

template <std::size_t N>
int cbc_many(const Keyed<N>& k, const axiom_cbc_job* jobs, size_t n, bool pad) {
  Buf all{};
  if (k.error == AXIOM_ERR_NULL_POINTER || !valid(jobs, n)) return AXIOM_ERR_NULL_POINTER;
  if (!jobs_buf(jobs, n, all)) return AXIOM_ERR_INVALID_LENGTH;  // before reading any job
  for (size_t i = 0; i < n; ++i)
    if (!valid(jobs[i].out, jobs[i].out_len) || !valid(jobs[i].in, jobs[i].in_len))
      return AXIOM_ERR_NULL_POINTER;
  for (size_t i = 0; i < n; ++i)
    if (absurd(jobs[i].out, jobs[i].out_len) || absurd(jobs[i].in, jobs[i].in_len))
      return AXIOM_ERR_INVALID_LENGTH;
  if (k.error) return k.error;
  for (size_t i = 0; i < n; ++i)
    if (!pad && jobs[i].in_len % N != 0) return AXIOM_ERR_INVALID_ARGUMENT;
  for (size_t i = 0; i < n; ++i) {
    const Buf o{jobs[i].out, jobs[i].out_len}, in{jobs[i].in, jobs[i].in_len};
    if (clash(o, in, {all, k.area}, !pad)) return AXIOM_ERR_OVERLAPPING_BUFFERS;
  }
  for (size_t i = 0; i < n; ++i)
    if (pad ? jobs[i].out_len < padded_size(jobs[i].in_len, N) : jobs[i].out_len != jobs[i].in_len)
      return AXIOM_ERR_OUTPUT_SIZE_MISMATCH;
  BasicCbcJob<N> chunk[many_chunk];
  for (size_t from = 0; from < n; from += many_chunk) {
    const size_t m = n - from < many_chunk ? n - from : many_chunk;
    for (size_t i = 0; i < m; ++i) {
      const axiom_cbc_job& j = jobs[from + i];
      chunk[i].out = {j.out, j.out ? j.out_len : 0};
      chunk[i].in = view(j.in, j.in_len);
      std::memcpy(chunk[i].iv.data(), j.iv, N);
    }
    if (int e = code(detail::cbc_encrypt_many(k.c, {chunk, m}, pad))) return e;  // checked above
  }
  return AXIOM_OK;
}

template <std::size_t N>
int cmac_many(const Keyed<N>& k, axiom_cmac_job* jobs, size_t n) {
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
  std::array<std::uint8_t, N> tags[many_chunk];
  for (size_t from = 0; from < n; from += many_chunk) {
    const size_t m = n - from < many_chunk ? n - from : many_chunk;
    for (size_t i = 0; i < m; ++i) msgs[i] = view(jobs[from + i].msg, jobs[from + i].msg_len);
    (void)detail::cmac_many(k.c, {tags, m}, {msgs, m});  // the sizes match
    for (size_t i = 0; i < m; ++i) std::memcpy(jobs[from + i].tag, tags[i].data(), N);
  }
  return AXIOM_OK;
}

// ctr_acpkm: CTR-ACPKM (RFC 8645) over the cipher of a GOST row's context (one key size).
template <class Ctx>
int ctr_acpkm(const Ctx* ctx, const uint8_t* iv, size_t iv_len, size_t section_size, uint8_t* out,
              size_t out_len, const uint8_t* in, size_t in_len) {
  using C = typename RowOf<Ctx>::type::ciphers::first;
  return with_object<C>(ctx, [&](const C* k) {
    const Buf o{out, out_len}, i{in, in_len}, v{iv, iv_len};
    const Keyed<C::block_size> keyed{!ctx ? AXIOM_ERR_NULL_POINTER
                                     : !k ? AXIOM_ERR_INVALID_ARGUMENT
                                          : AXIOM_OK,
                                     {},
                                     C::key_size,
                                     area(ctx)};
    if (int e = first_error({&keyed}, {v, o, i})) return e;
    if (section_size == 0 || section_size % C::block_size != 0) return AXIOM_ERR_INVALID_ARGUMENT;
    if (iv_len != CtrAcpkm<C>::iv_size) return AXIOM_ERR_INVALID_NONCE_SIZE;
    if (clash(o, i, {v, area(ctx)})) return AXIOM_ERR_OVERLAPPING_BUFFERS;
    auto m = CtrAcpkm<C>::make(*k, view(iv, iv_len), section_size);  // checked: ok
    return code(m->apply({out, out ? out_len : 0}, view(in, in_len)));
  });
}

}  // namespace
}  // namespace axiom::capi

using namespace axiom::capi;

// The functions of a row of core/block_ciphers.h, for the contexts prefix_ctx and
// prefix_cmac_ctx: every function one call to the helpers above. Block arguments (out[16],
// iv[16], tag[16] in axiom.h) are the row's block size.
#define AXIOM_C_BLOCK_CIPHER(prefix)                                                               \
  int prefix##_init(prefix##_ctx* ctx, const uint8_t* key, size_t key_len) {                       \
    return init_cipher(ctx, key, key_len);                                                         \
  }                                                                                                \
  void prefix##_clear(prefix##_ctx* ctx) { /* the objects own nothing but the context's bytes */   \
    if (ctx) axiom::secure_wipe(ctx, sizeof *ctx);                                                 \
  }                                                                                                \
  int prefix##_encrypt_block(const prefix##_ctx* ctx, uint8_t* out, const uint8_t* in) {           \
    return with_cipher(ctx, [=](const auto& k) { return one_block(k, false, out, in); });          \
  }                                                                                                \
  int prefix##_decrypt_block(const prefix##_ctx* ctx, uint8_t* out, const uint8_t* in) {           \
    return with_cipher(ctx, [=](const auto& k) { return one_block(k, true, out, in); });           \
  }                                                                                                \
  int prefix##_ecb_encrypt(const prefix##_ctx* ctx, uint8_t* out, size_t out_len,                  \
                           const uint8_t* in, size_t in_len) {                                     \
    return with_cipher(ctx,                                                                        \
                       [=](const auto& k) { return ecb(k, false, out, out_len, in, in_len); });    \
  }                                                                                                \
  int prefix##_ecb_decrypt(const prefix##_ctx* ctx, uint8_t* out, size_t out_len,                  \
                           const uint8_t* in, size_t in_len) {                                     \
    return with_cipher(ctx,                                                                        \
                       [=](const auto& k) { return ecb(k, true, out, out_len, in, in_len); });     \
  }                                                                                                \
  int prefix##_cbc_encrypt(const prefix##_ctx* ctx, uint8_t* iv, uint8_t* out, size_t out_len,     \
                           const uint8_t* in, size_t in_len) {                                     \
    return with_cipher(                                                                            \
        ctx, [=](const auto& k) { return cbc(k, false, iv, out, out_len, in, in_len); });          \
  }                                                                                                \
  int prefix##_cbc_decrypt(const prefix##_ctx* ctx, uint8_t* iv, uint8_t* out, size_t out_len,     \
                           const uint8_t* in, size_t in_len) {                                     \
    return with_cipher(ctx,                                                                        \
                       [=](const auto& k) { return cbc(k, true, iv, out, out_len, in, in_len); }); \
  }                                                                                                \
  int prefix##_ctr_xor(const prefix##_ctx* ctx, const uint8_t* iv, uint64_t offset, uint8_t* out,  \
                       size_t out_len, const uint8_t* in, size_t in_len) {                         \
    return with_cipher(                                                                            \
        ctx, [=](const auto& k) { return ctr(k, iv, offset, out, out_len, in, in_len); });         \
  }                                                                                                \
  int prefix##_cfb_encrypt(const prefix##_ctx* ctx, uint8_t* iv, uint8_t* out, size_t out_len,     \
                           const uint8_t* in, size_t in_len) {                                     \
    return with_cipher(                                                                            \
        ctx, [=](const auto& k) { return cfb(k, false, iv, out, out_len, in, in_len); });          \
  }                                                                                                \
  int prefix##_cfb_decrypt(const prefix##_ctx* ctx, uint8_t* iv, uint8_t* out, size_t out_len,     \
                           const uint8_t* in, size_t in_len) {                                     \
    return with_cipher(ctx,                                                                        \
                       [=](const auto& k) { return cfb(k, true, iv, out, out_len, in, in_len); }); \
  }                                                                                                \
  int prefix##_ofb_xor(const prefix##_ctx* ctx, uint8_t* iv, uint8_t* out, size_t out_len,         \
                       const uint8_t* in, size_t in_len) {                                         \
    return with_cipher(ctx, [=](const auto& k) { return ofb(k, iv, out, out_len, in, in_len); });  \
  }                                                                                                \
  int prefix##_cmac(const prefix##_ctx* ctx, uint8_t* tag, const uint8_t* msg, size_t msg_len) {   \
    return cmac_oneshot(ctx, tag, msg, msg_len);                                                   \
  }                                                                                                \
  int prefix##_cmac_init(prefix##_cmac_ctx* cmac, const prefix##_ctx* cipher) {                    \
    return cmac_init<prefix##_ctx>(cmac, cipher);                                                  \
  }                                                                                                \
  int prefix##_cmac_update(prefix##_cmac_ctx* cmac, const uint8_t* data, size_t len) {             \
    return cmac_update<prefix##_ctx>(cmac, data, len);                                             \
  }                                                                                                \
  int prefix##_cmac_final(prefix##_cmac_ctx* cmac, uint8_t* tag) {                                 \
    return cmac_final<prefix##_ctx>(cmac, tag);                                                    \
  }                                                                                                \
  int prefix##_cbc_encrypt_many(const prefix##_ctx* ctx, const axiom_cbc_job* jobs, size_t n) {    \
    return with_cipher(ctx, [=](const auto& k) { return cbc_many(k, jobs, n, false); });           \
  }                                                                                                \
  int prefix##_cbc_encrypt_many_padded(const prefix##_ctx* ctx, const axiom_cbc_job* jobs,         \
                                       size_t n) {                                                 \
    return with_cipher(ctx, [=](const auto& k) { return cbc_many(k, jobs, n, true); });            \
  }                                                                                                \
  int prefix##_cmac_many(const prefix##_ctx* ctx, axiom_cmac_job* jobs, size_t n) {                \
    return with_cipher(ctx, [=](const auto& k) { return cmac_many(k, jobs, n); });                 \
  }

// XTS, for the rows of 16-byte blocks.
#define AXIOM_C_XTS_16(prefix)                                                               \
  int prefix##_xts_encrypt(const prefix##_ctx* data_ctx, const prefix##_ctx* tweak_ctx,      \
                           int standard, const uint8_t* tweak, uint8_t* out, size_t out_len, \
                           const uint8_t* in, size_t in_len) {                               \
    return with_cipher(data_ctx, [&](const auto& d) {                                        \
      return with_cipher(tweak_ctx, [&](const auto& t) {                                     \
        return xts(d, t, standard, false, tweak, out, out_len, in, in_len);                  \
      });                                                                                    \
    });                                                                                      \
  }                                                                                          \
  int prefix##_xts_decrypt(const prefix##_ctx* data_ctx, const prefix##_ctx* tweak_ctx,      \
                           int standard, const uint8_t* tweak, uint8_t* out, size_t out_len, \
                           const uint8_t* in, size_t in_len) {                               \
    return with_cipher(data_ctx, [&](const auto& d) {                                        \
      return with_cipher(tweak_ctx, [&](const auto& t) {                                     \
        return xts(d, t, standard, true, tweak, out, out_len, in, in_len);                   \
      });                                                                                    \
    });                                                                                      \
  }
#define AXIOM_C_XTS_8(prefix)

// CTR-ACPKM, for the GOST rows.
#define AXIOM_C_ACPKM_gost(prefix)                                                                 \
  int prefix##_ctr_acpkm_xor(const prefix##_ctx* ctx, const uint8_t* iv, size_t iv_len,            \
                             size_t section_size, uint8_t* out, size_t out_len, const uint8_t* in, \
                             size_t in_len) {                                                      \
    return ctr_acpkm(ctx, iv, iv_len, section_size, out, out_len, in, in_len);                     \
  }
#define AXIOM_C_ACPKM_nist(prefix)

#define AXIOM_C_ROW_(family, block, standard, ...) \
  AXIOM_C_BLOCK_CIPHER(axiom_##family)             \
  AXIOM_C_XTS_##block(axiom_##family) AXIOM_C_ACPKM_##standard(axiom_##family)

extern "C" {
AXIOM_BLOCK_CIPHERS(AXIOM_C_ROW_)
}  // extern "C"

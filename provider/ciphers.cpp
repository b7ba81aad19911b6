// ciphers.cpp: the block-cipher modes as OpenSSL ciphers. One EVP glue (keys, IVs, PKCS#7
// buffering, parameters) over a Mode interface; each (cipher, mode) pair is one row of the
// table at the end, generic over the cipher's block size.
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <cstdlib>
#include <optional>

#include "axiom/acpkm.hpp"
#include "axiom/bytes.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/magma.hpp"
#include "axiom/modes.hpp"
#include "axiom/sm4.hpp"
#include "axiom/xts.hpp"
#include "cipher_common.hpp"

namespace axiom::provider {
namespace {

// Mode is a keyed cipher in one mode. start() begins a message at an IV of the algorithm's
// IV length; run() processes whole blocks (ECB, CBC) or any number of bytes (the others).
class Mode {
 public:
  virtual ~Mode() = default;
  virtual Mode* clone() const noexcept = 0;
  virtual bool start(Bytes iv) noexcept = 0;
  virtual bool run(bool encrypt, MutBytes out, Bytes in) noexcept = 0;
  // set_xts_standard chooses XTS's tweak order; false for the other modes.
  virtual bool set_xts_standard(XtsStandard) noexcept { return false; }
  // set_section sets CTR-ACPKM's section size for the next start(); false for the other modes.
  virtual bool set_section(std::size_t) noexcept { return false; }
};

template <class Self>
class ModeBase : public Mode {
 public:
  Mode* clone() const noexcept override { return make<Self>(static_cast<const Self&>(*this)); }
};

template <class C>
class EcbMode final : public ModeBase<EcbMode<C>> {
 public:
  explicit EcbMode(Bytes key) noexcept : cipher_(key.first<C::key_size>()) {}
  bool start(Bytes) noexcept override { return true; }
  bool run(bool encrypt, MutBytes out, Bytes in) noexcept override {
    return encrypt ? cipher_.encrypt_blocks(out, in).ok() : cipher_.decrypt_blocks(out, in).ok();
  }

 private:
  C cipher_;
};

// Chained<C, M> holds the keyed cipher and the mode object M<C> of the current message.
template <class C, template <class> class M>
class Chained : public ModeBase<Chained<C, M>> {
 public:
  explicit Chained(Bytes key) noexcept : cipher_(key.first<C::key_size>()) {}
  bool start(Bytes iv) noexcept override {
    mode_.emplace(cipher_, iv.first<C::block_size>());
    return true;
  }
  bool run(bool encrypt, MutBytes out, Bytes in) noexcept override {
    if constexpr (requires(M<C> m) { m.apply(out, in); }) {
      (void)encrypt;
      return mode_->apply(out, in).ok();
    } else {
      return encrypt ? mode_->encrypt(out, in).ok() : mode_->decrypt(out, in).ok();
    }
  }

 private:
  C cipher_;
  std::optional<M<C>> mode_;
};

// GostCtrMode is GOST R 34.13-2015 CTR: the IV is half a block, the top half of the first
// counter block (the GOST engine's and provider's kuznyechik-ctr).
template <class C>
class GostCtrMode final : public ModeBase<GostCtrMode<C>> {
 public:
  explicit GostCtrMode(Bytes key) noexcept : cipher_(key.first<C::key_size>()) {}
  bool start(Bytes iv) noexcept override {
    std::array<std::uint8_t, C::block_size> block{};
    for (std::size_t i = 0; i < C::block_size / 2; ++i) block[i] = iv[i];
    ctr_.emplace(cipher_, block);
    return true;
  }
  bool run(bool, MutBytes out, Bytes in) noexcept override { return ctr_->apply(out, in).ok(); }

 private:
  C cipher_;
  std::optional<Ctr<C>> ctr_;
};

// AcpkmMode is CTR-ACPKM (RFC 8645) over C, with the section size set_section() gave.
template <class C>
class AcpkmMode final : public ModeBase<AcpkmMode<C>> {
 public:
  explicit AcpkmMode(Bytes key) noexcept : cipher_(key.first<C::key_size>()) {}
  bool start(Bytes iv) noexcept override {
    auto m = CtrAcpkm<C>::make(cipher_, iv, section_);
    if (!m) return false;
    ctr_.emplace(*m);
    return true;
  }
  bool run(bool, MutBytes out, Bytes in) noexcept override { return ctr_->apply(out, in).ok(); }
  bool set_section(std::size_t n) noexcept override {
    section_ = n;
    return true;
  }

 private:
  C cipher_;
  std::size_t section_ = 0;
  std::optional<CtrAcpkm<C>> ctr_;
};

// XtsMode: each update is one data unit under the IV as tweak, as OpenSSL's XTS ciphers. It
// keeps the two keyed ciphers, so that the tweak order can change under the same key.
template <class C>
class XtsMode final : public ModeBase<XtsMode<C>> {
 public:
  explicit XtsMode(Xts<C> xts, Bytes key) noexcept
      : data_(key.first<C::key_size>()),
        tweak_(key.subspan<C::key_size, C::key_size>()),
        xts_(xts) {}
  bool start(Bytes iv) noexcept override {
    for (std::size_t i = 0; i < 16; ++i) tweak_iv_[i] = iv[i];
    return true;
  }
  bool run(bool encrypt, MutBytes out, Bytes in) noexcept override {
    return encrypt ? xts_.encrypt(out, in, tweak_iv_).ok() : xts_.decrypt(out, in, tweak_iv_).ok();
  }
  bool set_xts_standard(XtsStandard standard) noexcept override {
    xts_ = Xts<C>(data_, tweak_, standard);
    return true;
  }

 private:
  C data_, tweak_;
  Xts<C> xts_;
  std::array<std::uint8_t, 16> tweak_iv_{};
};

template <class C, template <class> class M>
Mode* make_chained(Bytes key) noexcept {
  return make<Chained<C, M>>(key);
}
template <class M>
Mode* make_mode(Bytes key) noexcept {
  return make<M>(key);
}
template <class C>
Mode* make_xts(Bytes key) noexcept {
  auto x = Xts<C>::from_key(key);  // K1 == K2 is refused
  if (!x) return nullptr;
  return make<XtsMode<C>>(*x, key);
}

// CipherAlg describes one algorithm: its EVP mode, sizes (block_size is EVP's: 1 for the
// stream modes), whether PKCS#7 padding applies, and how to key it.
struct CipherAlg {
  unsigned mode;
  std::size_t key_size, iv_size, block_size;
  bool padded;
  bool whole_units;  // XTS: each update is one data unit of at least 16 bytes
  Mode* (*keyed)(Bytes key) noexcept;
  std::size_t section = 0;       // CTR-ACPKM: the default section size ("key-mesh"); 0 otherwise
  std::size_t section_unit = 0;  // CTR-ACPKM: the cipher's block, which sections are made of
};

constexpr const char* xts_standard_param = "xts_standard";  // OSSL_CIPHER_PARAM_XTS_STANDARD in 3.2
constexpr const char* key_mesh_param = "key-mesh";  // the GOST provider's CTR-ACPKM section size

struct CipherCtx {
  const ProvCtx* prov;
  const CipherAlg* alg;
  Mode* mode = nullptr;  // keyed; nullptr until a key is set
  bool encrypt = true;
  bool have_iv = false;
  bool started = false;  // mode->start() ran with the current key and IV
  bool fresh = false;    // started and no data processed yet
  bool pad = true;
  std::size_t section = alg->section;
  XtsStandard xts_standard = XtsStandard::ieee1619;
  std::size_t buffered = 0;
  std::uint8_t iv[16] = {};
  std::uint8_t buf[16] = {};

  ~CipherCtx() {
    delete mode;  // the modes wipe their keys
    secure_wipe(buf, sizeof buf);
  }
};

void* newctx_of(void* provctx, const CipherAlg* alg) {
  return make<CipherCtx>(CipherCtx{static_cast<const ProvCtx*>(provctx), alg});
}

void freectx(void* vctx) { delete static_cast<CipherCtx*>(vctx); }

void* dupctx(void* vctx) {
  const auto* src = static_cast<const CipherCtx*>(vctx);
  Mode* mode = nullptr;
  if (src->mode != nullptr && (mode = src->mode->clone()) == nullptr) return nullptr;
  auto* copy = make<CipherCtx>(CipherCtx{src->prov, src->alg});
  if (copy == nullptr) {
    delete mode;
    return nullptr;
  }
  copy->mode = mode;
  copy->encrypt = src->encrypt;
  copy->have_iv = src->have_iv;
  copy->started = src->started;
  copy->fresh = src->fresh;
  copy->section = src->section;
  copy->pad = src->pad;
  copy->xts_standard = src->xts_standard;
  copy->buffered = src->buffered;
  std::memcpy(copy->iv, src->iv, sizeof copy->iv);
  std::memcpy(copy->buf, src->buf, sizeof copy->buf);
  return copy;
}

bool start_if_ready(CipherCtx* ctx);

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* ctx = static_cast<CipherCtx*>(vctx);
  if (params == nullptr) return 1;
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING)) {
    unsigned pad = 0;
    if (!OSSL_PARAM_get_uint(p, &pad)) {
      AXIOM_RAISE(ctx->prov, bad_parameter);
      return 0;
    }
    ctx->pad = pad != 0;
  }
  if (!key_length_param_ok(ctx->prov, params, ctx->alg->key_size)) return 0;
  // CTR-ACPKM's section size, before the message's first byte (it restarts the message);
  // refused by the other ciphers (gostprov's magma-ctr would take it and change its output).
  const OSSL_PARAM* mesh = OSSL_PARAM_locate_const(params, key_mesh_param);
  if (mesh != nullptr) {
    std::size_t n = 0;
    if (ctx->alg->section == 0 || !OSSL_PARAM_get_size_t(mesh, &n) || n == 0 ||
        n % ctx->alg->section_unit != 0 || (ctx->started && !ctx->fresh)) {
      AXIOM_RAISE(ctx->prov, bad_parameter);
      return 0;
    }
    ctx->section = n;
    if (ctx->mode != nullptr) (void)ctx->mode->set_section(n);
    if (ctx->started && !start_if_ready(ctx)) return 0;
  }
  // XTS's tweak order, under OpenSSL 3.2's name: "IEEE" (1619) or "GB" (GB/T 17964-2021).
  const OSSL_PARAM* standard = OSSL_PARAM_locate_const(params, xts_standard_param);
  if (standard != nullptr && ctx->alg->whole_units) {
    const char* value = nullptr;
    if (!OSSL_PARAM_get_utf8_string_ptr(standard, &value) ||
        (OPENSSL_strcasecmp(value, "GB") != 0 && OPENSSL_strcasecmp(value, "IEEE") != 0)) {
      AXIOM_RAISE(ctx->prov, bad_parameter);
      return 0;
    }
    ctx->xts_standard =
        OPENSSL_strcasecmp(value, "GB") == 0 ? XtsStandard::gb17964 : XtsStandard::ieee1619;
    if (ctx->mode != nullptr) (void)ctx->mode->set_xts_standard(ctx->xts_standard);
  }
  return 1;
}

// start_if_ready begins the message once both key and IV are known.
bool start_if_ready(CipherCtx* ctx) {
  ctx->started = false;
  if (ctx->mode == nullptr || !ctx->have_iv) return true;
  if (!ctx->mode->start({ctx->iv, ctx->alg->iv_size})) {
    AXIOM_RAISE(ctx->prov, bad_iv_length);
    return false;
  }
  ctx->started = true;
  ctx->fresh = true;
  return true;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool encrypt) {
  auto* ctx = static_cast<CipherCtx*>(vctx);
  const CipherAlg& alg = *ctx->alg;
  ctx->encrypt = encrypt;
  ctx->buffered = 0;
  if (iv != nullptr && alg.iv_size != 0) {
    if (ivlen != alg.iv_size) {
      AXIOM_RAISE(ctx->prov, bad_iv_length);
      return 0;
    }
    std::memcpy(ctx->iv, iv, ivlen);
    ctx->have_iv = true;
  }
  if (alg.iv_size == 0) ctx->have_iv = true;
  if (key != nullptr) {
    if (keylen != alg.key_size) {
      AXIOM_RAISE(ctx->prov, bad_key_length);
      return 0;
    }
    Mode* mode = alg.keyed({key, keylen});
    if (mode == nullptr) {
      AXIOM_RAISE(ctx->prov, alg.whole_units ? bad_parameter : failed);  // XTS: K1 == K2
      return 0;
    }
    (void)mode->set_xts_standard(ctx->xts_standard);
    (void)mode->set_section(ctx->section);
    delete ctx->mode;
    ctx->mode = mode;
  }
  if (key != nullptr || iv != nullptr) {
    if (!start_if_ready(ctx)) return 0;
  }
  return set_ctx_params(ctx, params);
}

int encrypt_init(void* ctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                 std::size_t ivlen, const OSSL_PARAM params[]) {
  return init(ctx, key, keylen, iv, ivlen, params, true);
}
int decrypt_init(void* ctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                 std::size_t ivlen, const OSSL_PARAM params[]) {
  return init(ctx, key, keylen, iv, ivlen, params, false);
}

bool ready(CipherCtx* ctx) {
  if (ctx->mode == nullptr) {
    AXIOM_RAISE(ctx->prov, key_not_set);
    return false;
  }
  if (!ctx->started) {
    AXIOM_RAISE(ctx->prov, iv_not_set);
    return false;
  }
  return true;
}

bool run(CipherCtx* ctx, unsigned char* out, const unsigned char* in, std::size_t n) {
  if (n == 0) return true;
  ctx->fresh = false;
  if (!ctx->mode->run(ctx->encrypt, {out, n}, {in, n})) {
    AXIOM_RAISE(ctx->prov, failed);
    return false;
  }
  return true;
}

// block_update: ECB and CBC with PKCS#7 buffering. Decryption with padding holds the last
// block back for final.
int block_update(CipherCtx* ctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
                 const unsigned char* in, std::size_t inl) {
  const std::size_t bs = ctx->alg->block_size;
  const std::size_t total = ctx->buffered + inl;
  std::size_t keep = total % bs;
  if (keep == 0 && total != 0 && !ctx->encrypt && ctx->pad) keep = bs;
  const std::size_t produce = total - keep;
  if (outsize < produce) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  // Exactly in place with a block already buffered: the output would run ahead of the input.
  unsigned char* copy = nullptr;
  const std::size_t copied = inl;
  if (ctx->buffered != 0 && produce != 0 && out < in + inl && in < out + produce) {
    copy = static_cast<unsigned char*>(std::malloc(inl));
    if (copy == nullptr) return 0;
    std::memcpy(copy, in, inl);
    in = copy;
  }
  std::size_t done = 0;
  bool ok = true;
  if (ctx->buffered != 0 && produce != 0) {
    const std::size_t take = bs - ctx->buffered;
    std::memcpy(ctx->buf + ctx->buffered, in, take);
    ok = run(ctx, out, ctx->buf, bs);
    in += take, inl -= take, done = bs, ctx->buffered = 0;
  }
  if (ok) {
    const std::size_t direct = produce - done;
    ok = run(ctx, out + done, in, direct);
    in += direct, inl -= direct;
    std::memcpy(ctx->buf + ctx->buffered, in, inl);
    ctx->buffered += inl;
  }
  if (copy != nullptr) {
    secure_wipe(copy, copied);
    std::free(copy);
  }
  *outl = ok ? produce : 0;
  return ok ? 1 : 0;
}

int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* ctx = static_cast<CipherCtx*>(vctx);
  *outl = 0;
  if (!ready(ctx)) return 0;
  if (inl != 0 && (in == nullptr || out == nullptr)) {
    AXIOM_RAISE(ctx->prov, bad_parameter);
    return 0;
  }
  if (ctx->alg->padded) return block_update(ctx, out, outl, outsize, in, inl);
  if (outsize < inl) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  if (ctx->alg->whole_units && inl < 16) {
    AXIOM_RAISE(ctx->prov, not_block_multiple);
    return 0;
  }
  if (!run(ctx, out, in, inl)) return 0;
  *outl = inl;
  return 1;
}

int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) {
  auto* ctx = static_cast<CipherCtx*>(vctx);
  *outl = 0;
  if (!ready(ctx)) return 0;
  if (!ctx->alg->padded) return 1;
  const std::size_t bs = ctx->alg->block_size;
  if (!ctx->pad) {
    if (ctx->buffered != 0) {
      AXIOM_RAISE(ctx->prov, not_block_multiple);
      return 0;
    }
    return 1;
  }
  if (outsize < bs) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  if (ctx->encrypt) {
    const auto pad = static_cast<std::uint8_t>(bs - ctx->buffered);
    std::memset(ctx->buf + ctx->buffered, pad, pad);
    ctx->buffered = 0;
    if (!run(ctx, out, ctx->buf, bs)) return 0;
    *outl = bs;
    return 1;
  }
  if (ctx->buffered != bs) {
    AXIOM_RAISE(ctx->prov, ctx->buffered == 0 ? bad_padding : not_block_multiple);
    ctx->buffered = 0;
    return 0;
  }
  ctx->buffered = 0;
  std::uint8_t block[16];
  if (!run(ctx, block, ctx->buf, bs)) return 0;
  // The padding is checked with masks: the verdict, not the position of a bad byte, is public.
  const unsigned pad = block[bs - 1];
  unsigned bad = static_cast<unsigned>((pad - 1) >> 8) | static_cast<unsigned>((bs - pad) >> 8);
  for (std::size_t i = 0; i < bs; ++i) {
    const unsigned in_pad = static_cast<unsigned>(((bs - 1 - i) - pad) >> 8) & 1;  // i >= bs - pad
    bad |= in_pad & static_cast<unsigned>(block[i] != pad);
  }
  if (bad & 1) {
    secure_wipe(block, sizeof block);
    AXIOM_RAISE(ctx->prov, bad_padding);
    return 0;
  }
  std::memcpy(out, block, bs - pad);
  secure_wipe(block, sizeof block);
  *outl = bs - pad;
  return 1;
}

// cipher is EVP_Cipher's one-shot call: no buffering, whole blocks for ECB and CBC.
int cipher(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* ctx = static_cast<CipherCtx*>(vctx);
  *outl = 0;
  if (!ready(ctx)) return 0;
  if (outsize < inl) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  if (ctx->alg->padded && inl % ctx->alg->block_size != 0) {
    AXIOM_RAISE(ctx->prov, not_block_multiple);
    return 0;
  }
  if (!run(ctx, out, in, inl)) return 0;
  *outl = inl;
  return 1;
}

const OSSL_PARAM ctx_param_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_size_t(key_mesh_param, nullptr),
    OSSL_PARAM_END,
};
const OSSL_PARAM* gettable_ctx_params(void*, void*) { return ctx_param_types; }

const OSSL_PARAM settable_ctx_param_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, nullptr),
    OSSL_PARAM_utf8_string(xts_standard_param, nullptr, 0),
    OSSL_PARAM_size_t(key_mesh_param, nullptr),
    OSSL_PARAM_END,
};
const OSSL_PARAM* settable_ctx_params(void*, void*) { return settable_ctx_param_types; }

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* ctx = static_cast<CipherCtx*>(vctx);
  if (!set_size(params, OSSL_CIPHER_PARAM_KEYLEN, ctx->alg->key_size) ||
      !set_size(params, OSSL_CIPHER_PARAM_IVLEN, ctx->alg->iv_size) ||
      !set_uint(params, OSSL_CIPHER_PARAM_PADDING, ctx->pad ? 1 : 0) ||
      (ctx->alg->section != 0 && !set_size(params, key_mesh_param, ctx->section)))
    return 0;
  // The IV given at init (the chaining state stays inside the mode).
  OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV);
  if (p != nullptr && !OSSL_PARAM_set_octet_string(p, ctx->iv, ctx->alg->iv_size) &&
      !OSSL_PARAM_set_octet_ptr(p, ctx->iv, ctx->alg->iv_size))
    return 0;
  return 1;
}

template <const CipherAlg& Alg>
void* newctx(void* provctx) {
  return newctx_of(provctx, &Alg);
}
template <const CipherAlg& Alg>
int get_params(OSSL_PARAM params[]) {
  return get_cipher_params(params, Alg.mode, Alg.key_size, Alg.iv_size, Alg.block_size, false);
}

template <const CipherAlg& Alg>
const OSSL_DISPATCH functions[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, reinterpret_cast<void (*)()>(newctx<Alg>)},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, reinterpret_cast<void (*)()>(encrypt_init)},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, reinterpret_cast<void (*)()>(decrypt_init)},
    {OSSL_FUNC_CIPHER_UPDATE, reinterpret_cast<void (*)()>(update)},
    {OSSL_FUNC_CIPHER_FINAL, reinterpret_cast<void (*)()>(final)},
    {OSSL_FUNC_CIPHER_CIPHER, reinterpret_cast<void (*)()>(cipher)},
    {OSSL_FUNC_CIPHER_FREECTX, reinterpret_cast<void (*)()>(freectx)},
    {OSSL_FUNC_CIPHER_DUPCTX, reinterpret_cast<void (*)()>(dupctx)},
    {OSSL_FUNC_CIPHER_GET_PARAMS, reinterpret_cast<void (*)()>(get_params<Alg>)},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(cipher_gettable_params)},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, reinterpret_cast<void (*)()>(get_ctx_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(gettable_ctx_params)},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, reinterpret_cast<void (*)()>(set_ctx_params)},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(settable_ctx_params)},
    {0, nullptr},
};

// The modes of one block cipher C, generic over its block size (n/2-byte IVs for GOST CTR).
template <class C>
struct Modes {
  static constexpr std::size_t n = C::block_size;
  static constexpr CipherAlg ecb{EVP_CIPH_ECB_MODE,    C::key_size, 0, n, true, false,
                                 make_mode<EcbMode<C>>};
  static constexpr CipherAlg cbc{EVP_CIPH_CBC_MODE,   C::key_size, n, n, true, false,
                                 make_chained<C, Cbc>};
  static constexpr CipherAlg cfb{EVP_CIPH_CFB_MODE,   C::key_size, n, 1, false, false,
                                 make_chained<C, Cfb>};
  static constexpr CipherAlg ofb{EVP_CIPH_OFB_MODE,   C::key_size, n, 1, false, false,
                                 make_chained<C, Ofb>};
  static constexpr CipherAlg ctr{EVP_CIPH_CTR_MODE,   C::key_size, n, 1, false, false,
                                 make_chained<C, Ctr>};
  static constexpr CipherAlg gost_ctr{EVP_CIPH_CTR_MODE,        C::key_size, n / 2, 1, false, false,
                                      make_mode<GostCtrMode<C>>};
  static constexpr CipherAlg xts{EVP_CIPH_XTS_MODE, 2 * C::key_size, 16, 1, false, true,
                                 make_xts<C>};
};
// CTR-ACPKM's default sections are the GOST engine's and provider's: 4096 bytes for Kuznyechik,
// 1024 for Magma (R 1323565.1.017-2018's recommended N).
constexpr CipherAlg kuznyechik_ctr_acpkm{
    EVP_CIPH_CTR_MODE, 32, 8, 1, false, false, make_mode<AcpkmMode<Kuznyechik>>, 4096, 16};
constexpr CipherAlg magma_ctr_acpkm{EVP_CIPH_CTR_MODE,           32,   4, 1, false, false,
                                    make_mode<AcpkmMode<Magma>>, 1024, 8};

using K = Modes<Kuznyechik>;
using M = Modes<Magma>;
using S = Modes<Sm4>;

const OSSL_ALGORITHM algorithms[] = {
    {"kuznyechik-ecb", "provider=axiom", functions<K::ecb>, "Kuznyechik ECB (GOST R 34.13-2015)"},
    {"kuznyechik-cbc", "provider=axiom", functions<K::cbc>, "Kuznyechik CBC (GOST R 34.13-2015)"},
    {"kuznyechik-cfb", "provider=axiom", functions<K::cfb>, "Kuznyechik CFB (GOST R 34.13-2015)"},
    {"kuznyechik-ofb", "provider=axiom", functions<K::ofb>, "Kuznyechik OFB (GOST R 34.13-2015)"},
    {"kuznyechik-ctr", "provider=axiom", functions<K::gost_ctr>,
     "Kuznyechik CTR (GOST R 34.13-2015)"},
    {"kuznyechik-ctr-acpkm:1.2.643.7.1.1.5.2.1", "provider=axiom", functions<kuznyechik_ctr_acpkm>,
     "Kuznyechik CTR-ACPKM (RFC 8645), 4096-byte sections"},
    {"magma-ecb", "provider=axiom", functions<M::ecb>, "Magma ECB (GOST R 34.13-2015)"},
    {"magma-cbc", "provider=axiom", functions<M::cbc>, "Magma CBC (GOST R 34.13-2015)"},
    {"magma-cfb", "provider=axiom", functions<M::cfb>, "Magma CFB (GOST R 34.13-2015)"},
    {"magma-ofb", "provider=axiom", functions<M::ofb>, "Magma OFB (GOST R 34.13-2015)"},
    {"magma-ctr", "provider=axiom", functions<M::gost_ctr>, "Magma CTR (GOST R 34.13-2015)"},
    {"magma-ctr-acpkm:1.2.643.7.1.1.5.1.1", "provider=axiom", functions<magma_ctr_acpkm>,
     "Magma CTR-ACPKM (RFC 8645), 1024-byte sections"},
    {"SM4-ECB:1.2.156.10197.1.104.1", "provider=axiom", functions<S::ecb>, "SM4 ECB"},
    {"SM4-CBC:SM4:1.2.156.10197.1.104.2", "provider=axiom", functions<S::cbc>, "SM4 CBC"},
    {"SM4-OFB:SM4-OFB128:1.2.156.10197.1.104.3", "provider=axiom", functions<S::ofb>, "SM4 OFB"},
    {"SM4-CFB:SM4-CFB128:1.2.156.10197.1.104.4", "provider=axiom", functions<S::cfb>, "SM4 CFB"},
    {"SM4-CTR:1.2.156.10197.1.104.7", "provider=axiom", functions<S::ctr>, "SM4 CTR"},
    {"SM4-XTS:1.2.156.10197.1.104.10", "provider=axiom", functions<S::xts>,
     "SM4 XTS (IEEE 1619 tweak order)"},
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

std::span<const OSSL_ALGORITHM> block_cipher_algorithms() {
  return {algorithms, std::size(algorithms) - 1};
}

}  // namespace axiom::provider

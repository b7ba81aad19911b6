// aeads.cpp: MGM (RFC 9058), SM4-GCM and SM4-CCM (RFC 8998) as OpenSSL AEAD ciphers.
//
// axiom's AEADs seal and open whole messages, so the message goes through in one EVP update
// (the AAD in any number of updates before it, as for OpenSSL's CCM), and decryption needs the
// expected tag first (EVP_CTRL_AEAD_SET_TAG): a forged message then releases nothing. A second
// data update, or decryption without a tag, is refused with an error that says so.
#include <openssl/evp.h>

#include <cstdlib>

#include "axiom/bytes.hpp"
#include "axiom/ccm.hpp"
#include "axiom/gcm.hpp"
#include "axiom/mgm.hpp"
#include "common.hpp"

namespace axiom::provider {
namespace {

using Bytes = std::span<const std::uint8_t>;
using MutBytes = std::span<std::uint8_t>;

// Aead is a keyed AEAD: seal / open of one whole message with a detached tag.
class Aead {
 public:
  virtual ~Aead() = default;
  virtual Aead* clone() const noexcept = 0;
  virtual Status seal(MutBytes out, MutBytes tag, Bytes nonce, Bytes aad,
                      Bytes in) const noexcept = 0;
  virtual Status open(MutBytes out, Bytes tag, Bytes nonce, Bytes aad, Bytes in) const noexcept = 0;
};

template <class A>
class AeadOf final : public Aead {
 public:
  explicit AeadOf(const A& a) noexcept : a_(a) {}
  Aead* clone() const noexcept override { return make<AeadOf>(a_); }
  Status seal(MutBytes out, MutBytes tag, Bytes nonce, Bytes aad,
              Bytes in) const noexcept override {
    return a_.seal_detached(out, tag, nonce, aad, in);
  }
  Status open(MutBytes out, Bytes tag, Bytes nonce, Bytes aad, Bytes in) const noexcept override {
    return a_.open_detached(out, tag, nonce, aad, in);
  }

 private:
  A a_;
};

template <class A>
Aead* keyed(Bytes key) noexcept {
  auto a = A::from_key(key);
  return a ? make<AeadOf<A>>(*a) : nullptr;
}

// AeadAlg: the EVP mode, key size, the IV (nonce) lengths allowed and the default, the tag
// lengths allowed (even ones only for CCM) and the default.
struct AeadAlg {
  unsigned mode;
  std::size_t key_size;
  std::size_t iv_default, iv_min, iv_max;
  std::size_t tag_default, tag_min;
  bool even_tags;
  Aead* (*keyed)(Bytes key) noexcept;
};

constexpr std::size_t max_iv = 64;

struct AeadCtx {
  const ProvCtx* prov;
  const AeadAlg* alg;
  Aead* aead = nullptr;
  bool encrypt = true;
  bool have_iv = false;
  bool tag_set = false;  // decryption: the expected tag is in tag
  bool done = false;     // the message went through; a new IV starts the next one
  std::size_t ivlen = 0, taglen = 0;
  std::uint8_t iv[max_iv] = {};
  std::uint8_t tag[16] = {};
  std::uint8_t* aad = nullptr;  // malloc'd
  std::size_t aad_len = 0, aad_cap = 0;

  AeadCtx(const ProvCtx* p, const AeadAlg* a) noexcept
      : prov(p), alg(a), ivlen(a->iv_default), taglen(a->tag_default) {}
  AeadCtx(const AeadCtx&) = delete;
  AeadCtx& operator=(const AeadCtx&) = delete;
  ~AeadCtx() {
    delete aead;
    clear_aad();
    std::free(aad);
    secure_wipe(tag, sizeof tag);
  }
  void clear_aad() noexcept {
    if (aad != nullptr) secure_wipe(aad, aad_len);
    aad_len = 0;
  }
};

bool tag_length_ok(const AeadAlg& alg, std::size_t n) {
  return n >= alg.tag_min && n <= 16 && (!alg.even_tags || n % 2 == 0);
}

void* newctx_of(void* provctx, const AeadAlg* alg) {
  return make<AeadCtx>(static_cast<const ProvCtx*>(provctx), alg);
}

void freectx(void* vctx) { delete static_cast<AeadCtx*>(vctx); }

void* dupctx(void* vctx) {
  const auto* src = static_cast<const AeadCtx*>(vctx);
  auto* copy = make<AeadCtx>(src->prov, src->alg);
  if (copy == nullptr) return nullptr;
  if ((src->aead != nullptr && (copy->aead = src->aead->clone()) == nullptr) ||
      (src->aad_len != 0 &&
       (copy->aad = static_cast<std::uint8_t*>(std::malloc(src->aad_len))) == nullptr)) {
    delete copy;
    return nullptr;
  }
  if (src->aad_len != 0) std::memcpy(copy->aad, src->aad, src->aad_len);
  copy->aad_len = copy->aad_cap = src->aad_len;
  copy->encrypt = src->encrypt;
  copy->have_iv = src->have_iv;
  copy->tag_set = src->tag_set;
  copy->done = src->done;
  copy->ivlen = src->ivlen;
  copy->taglen = src->taglen;
  std::memcpy(copy->iv, src->iv, sizeof copy->iv);
  std::memcpy(copy->tag, src->tag, sizeof copy->tag);
  return copy;
}

int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* ctx = static_cast<AeadCtx*>(vctx);
  if (params == nullptr) return 1;
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN)) {
    std::size_t n = 0;
    if (!OSSL_PARAM_get_size_t(p, &n) || n < ctx->alg->iv_min || n > ctx->alg->iv_max) {
      AXIOM_RAISE(ctx->prov, bad_iv_length);
      return 0;
    }
    if (n != ctx->ivlen) ctx->have_iv = false;
    ctx->ivlen = n;
  }
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG)) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING || !tag_length_ok(*ctx->alg, p->data_size)) {
      AXIOM_RAISE(ctx->prov, bad_tag_length);
      return 0;
    }
    ctx->taglen = p->data_size;
    if (p->data != nullptr) {  // without data (CCM's way of choosing the length) only the length
      if (ctx->encrypt) {
        AXIOM_RAISE(ctx->prov, bad_parameter);
        return 0;
      }
      std::memcpy(ctx->tag, p->data, p->data_size);
      ctx->tag_set = true;
    }
  }
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) {
    std::size_t n = 0;
    if (!OSSL_PARAM_get_size_t(p, &n) || n != ctx->alg->key_size) {
      AXIOM_RAISE(ctx->prov, bad_key_length);
      return 0;
    }
  }
  return 1;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool encrypt) {
  auto* ctx = static_cast<AeadCtx*>(vctx);
  ctx->encrypt = encrypt;
  if (!set_ctx_params(ctx, params)) return 0;
  if (key != nullptr) {
    if (keylen != ctx->alg->key_size) {
      AXIOM_RAISE(ctx->prov, bad_key_length);
      return 0;
    }
    Aead* a = ctx->alg->keyed({key, keylen});
    if (a == nullptr) {
      AXIOM_RAISE(ctx->prov, failed);
      return 0;
    }
    delete ctx->aead;
    ctx->aead = a;
  }
  if (iv != nullptr) {
    if (ivlen != ctx->ivlen) {
      AXIOM_RAISE(ctx->prov, bad_iv_length);
      return 0;
    }
    std::memcpy(ctx->iv, iv, ivlen);
    ctx->have_iv = true;
  }
  if (key != nullptr || iv != nullptr) {
    ctx->clear_aad();
    ctx->done = false;
    ctx->tag_set = false;
  }
  return 1;
}

int encrypt_init(void* ctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                 std::size_t ivlen, const OSSL_PARAM params[]) {
  return init(ctx, key, keylen, iv, ivlen, params, true);
}
int decrypt_init(void* ctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
                 std::size_t ivlen, const OSSL_PARAM params[]) {
  return init(ctx, key, keylen, iv, ivlen, params, false);
}

Reason reason_of(Error e) {
  switch (e) {
    case Error::authentication_failed:
      return bad_tag;
    case Error::invalid_nonce_size:
      return bad_iv_length;
    case Error::invalid_tag_size:
      return bad_tag_length;
    case Error::message_too_long:
      return message_too_long;
    default:
      return failed;
  }
}

bool ready(AeadCtx* ctx) {
  if (ctx->aead == nullptr) {
    AXIOM_RAISE(ctx->prov, key_not_set);
    return false;
  }
  if (!ctx->have_iv) {
    AXIOM_RAISE(ctx->prov, iv_not_set);
    return false;
  }
  if (ctx->done) {
    AXIOM_RAISE(ctx->prov, aead_data_once);
    return false;
  }
  return true;
}

// message seals or opens the whole message; a failed open leaves out zeroed.
bool message(AeadCtx* ctx, unsigned char* out, const unsigned char* in, std::size_t inl) {
  if (!ctx->encrypt && !ctx->tag_set) {
    AXIOM_RAISE(ctx->prov, tag_not_set);
    return false;
  }
  const Bytes nonce{ctx->iv, ctx->ivlen};
  const Bytes aad{ctx->aad, ctx->aad_len};
  static const std::uint8_t nothing[1] = {0};
  const Bytes input{inl == 0 ? nothing : in, inl};
  const MutBytes output{inl == 0 ? nullptr : out, inl};
  const Status s = ctx->encrypt
                       ? ctx->aead->seal(output, {ctx->tag, ctx->taglen}, nonce, aad, input)
                       : ctx->aead->open(output, {ctx->tag, ctx->taglen}, nonce, aad, input);
  ctx->done = true;
  ctx->clear_aad();
  if (!s) {
    AXIOM_RAISE(ctx->prov, reason_of(s.error()));
    return false;
  }
  return true;
}

int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* ctx = static_cast<AeadCtx*>(vctx);
  *outl = 0;
  if (!ready(ctx)) return 0;
  if (in == nullptr && inl != 0 && out == nullptr) return 1;  // CCM's total length: not needed
  if (inl != 0 && in == nullptr) {
    AXIOM_RAISE(ctx->prov, bad_parameter);
    return 0;
  }
  if (out == nullptr) {  // AAD
    if (inl > SIZE_MAX / 2 - ctx->aad_len) {
      AXIOM_RAISE(ctx->prov, message_too_long);
      return 0;
    }
    if (ctx->aad_len + inl > ctx->aad_cap) {
      const std::size_t cap = 2 * (ctx->aad_len + inl);
      auto* grown = static_cast<std::uint8_t*>(std::malloc(cap));
      if (grown == nullptr) return 0;
      const std::size_t len = ctx->aad_len;
      if (len != 0) std::memcpy(grown, ctx->aad, len);
      ctx->clear_aad();
      std::free(ctx->aad);
      ctx->aad = grown, ctx->aad_cap = cap, ctx->aad_len = len;
    }
    if (inl != 0) std::memcpy(ctx->aad + ctx->aad_len, in, inl);
    ctx->aad_len += inl;
    return 1;
  }
  if (outsize < inl) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  if (!message(ctx, out, in, inl)) return 0;
  *outl = inl;
  return 1;
}

int final(void* vctx, unsigned char*, std::size_t* outl, std::size_t) {
  auto* ctx = static_cast<AeadCtx*>(vctx);
  *outl = 0;
  if (ctx->done) return 1;  // the message went through (and was authentic) in update
  if (!ready(ctx)) return 0;
  return message(ctx, nullptr, nullptr, 0) ? 1 : 0;  // an empty message
}

const OSSL_PARAM param_types[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, nullptr),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, nullptr),
    OSSL_PARAM_END,
};
const OSSL_PARAM* gettable_params(void*) { return param_types; }

int get_params_of(const AeadAlg& alg, OSSL_PARAM params[]) {
  return set_uint(params, OSSL_CIPHER_PARAM_MODE, alg.mode) &&
         set_size(params, OSSL_CIPHER_PARAM_KEYLEN, alg.key_size) &&
         set_size(params, OSSL_CIPHER_PARAM_IVLEN, alg.iv_default) &&
         set_size(params, OSSL_CIPHER_PARAM_BLOCK_SIZE, 1) &&
         set_int(params, OSSL_CIPHER_PARAM_AEAD, 1) &&
         set_int(params, OSSL_CIPHER_PARAM_CUSTOM_IV, 1) &&
         set_int(params, OSSL_CIPHER_PARAM_CTS, 0) &&
         set_int(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0) &&
         set_int(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0);
}

const OSSL_PARAM ctx_param_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM* gettable_ctx_params(void*, void*) { return ctx_param_types; }

const OSSL_PARAM settable_ctx_param_types[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM* settable_ctx_params(void*, void*) { return settable_ctx_param_types; }

int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* ctx = static_cast<AeadCtx*>(vctx);
  if (!set_size(params, OSSL_CIPHER_PARAM_KEYLEN, ctx->alg->key_size) ||
      !set_size(params, OSSL_CIPHER_PARAM_IVLEN, ctx->ivlen) ||
      !set_size(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN, ctx->taglen))
    return 0;
  if (OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) {
    if (!ctx->have_iv || !OSSL_PARAM_set_octet_string(p, ctx->iv, ctx->ivlen)) {
      AXIOM_RAISE(ctx->prov, iv_not_set);
      return 0;
    }
  }
  if (OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG)) {
    if (!ctx->encrypt || !ctx->done) {
      AXIOM_RAISE(ctx->prov, tag_not_available);
      return 0;
    }
    // The tag computed has taglen bytes; a shorter request takes its first bytes (MSB_s), but
    // not for CCM, whose tag length is part of its first block.
    if (p->data_type != OSSL_PARAM_OCTET_STRING || !tag_length_ok(*ctx->alg, p->data_size) ||
        p->data_size > ctx->taglen || (ctx->alg->even_tags && p->data_size != ctx->taglen)) {
      AXIOM_RAISE(ctx->prov, bad_tag_length);
      return 0;
    }
    if (!OSSL_PARAM_set_octet_string(p, ctx->tag, p->data_size)) return 0;
  }
  return 1;
}

template <const AeadAlg& Alg>
void* newctx(void* provctx) {
  return newctx_of(provctx, &Alg);
}
template <const AeadAlg& Alg>
int get_params(OSSL_PARAM params[]) {
  return get_params_of(Alg, params);
}

template <const AeadAlg& Alg>
const OSSL_DISPATCH functions[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, reinterpret_cast<void (*)()>(newctx<Alg>)},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, reinterpret_cast<void (*)()>(encrypt_init)},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, reinterpret_cast<void (*)()>(decrypt_init)},
    {OSSL_FUNC_CIPHER_UPDATE, reinterpret_cast<void (*)()>(update)},
    {OSSL_FUNC_CIPHER_FINAL, reinterpret_cast<void (*)()>(final)},
    {OSSL_FUNC_CIPHER_FREECTX, reinterpret_cast<void (*)()>(freectx)},
    {OSSL_FUNC_CIPHER_DUPCTX, reinterpret_cast<void (*)()>(dupctx)},
    {OSSL_FUNC_CIPHER_GET_PARAMS, reinterpret_cast<void (*)()>(get_params<Alg>)},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(gettable_params)},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, reinterpret_cast<void (*)()>(get_ctx_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(gettable_ctx_params)},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, reinterpret_cast<void (*)()>(set_ctx_params)},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(settable_ctx_params)},
    {0, nullptr},
};

// MGM: a 16-byte nonce (its first bit 0); SM4-GCM: nonces of 1..64 bytes, tags 12..16;
// SM4-CCM: nonces 7..13, tags 4, 6, ..., 16; all 16-byte tags by default.
constexpr AeadAlg kuznyechik_mgm{EVP_CIPH_GCM_MODE,   32, 16, 16, 16, 16, 4, false,
                                 keyed<KuznyechikMgm>};
constexpr AeadAlg sm4_gcm{EVP_CIPH_GCM_MODE, 16, 12, 1, max_iv, 16, 12, false, keyed<Sm4Gcm>};
constexpr AeadAlg sm4_ccm{EVP_CIPH_CCM_MODE, 16, 12, 7, 13, 16, 4, true, keyed<Sm4Ccm>};

const OSSL_ALGORITHM algorithms[] = {
    {"kuznyechik-mgm", "provider=axiom", functions<kuznyechik_mgm>, "Kuznyechik MGM (RFC 9058)"},
    {"SM4-GCM:1.2.156.10197.1.104.8", "provider=axiom", functions<sm4_gcm>, "SM4-GCM (RFC 8998)"},
    {"SM4-CCM:1.2.156.10197.1.104.9", "provider=axiom", functions<sm4_ccm>, "SM4-CCM (RFC 8998)"},
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

std::span<const OSSL_ALGORITHM> aead_algorithms() {
  return {algorithms, std::size(algorithms) - 1};
}

}  // namespace axiom::provider

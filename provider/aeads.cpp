// aeads.cpp: MGM (RFC 9058) over Kuznyechik and Magma, SM4-GCM and SM4-CCM (RFC 8998), and
// the GOST engine's CMS ciphers kuznyechik- and magma-ctr-acpkm-omac as OpenSSL AEAD ciphers.
//
// MGM and GCM stream as OpenSSL's GCM does: AAD in any number of updates (out == NULL), then
// the text in any number of updates at any split, then final; the tag is read after final
// when encrypting, and set before final when decrypting (a wrong tag fails final). Decryption
// releases plaintext before final checks the tag, as EVP_DecryptUpdate does for OpenSSL's own
// GCM. CCM follows OpenSSL's CCM: its length comes first (it is in CCM's first block), so the
// text goes in one update and decryption needs the expected tag before it; a forged message
// then releases nothing.
#include <openssl/evp.h>

#include <cstdlib>

#include "axiom/acpkm.hpp"
#include "axiom/bytes.hpp"
#include "axiom/ccm.hpp"
#include "axiom/gcm.hpp"
#include "axiom/gost_kdf.hpp"
#include "axiom/mgm.hpp"
#include "axiom/modes.hpp"
#include "axiom/random.hpp"
#include "cipher_common.hpp"

namespace axiom::provider {
namespace {

// Aead is a keyed AEAD taking one message at a time: start, AAD, text, finish.
class Aead {
 public:
  virtual ~Aead() = default;
  virtual Aead* clone() const noexcept = 0;
  virtual Status start(bool seal, Bytes nonce) noexcept = 0;
  virtual Status aad(Bytes in) noexcept = 0;
  // update: text. tag is the expected tag when opening; CCM's tag goes there when sealing.
  virtual Status update(MutBytes out, Bytes in, MutBytes tag) noexcept = 0;
  // finish: sealing, the tag is written; opening, it is checked.
  virtual Status finish(MutBytes tag) noexcept = 0;
};

// Streamed: MGM and GCM through their Stream.
template <class A>
class Streamed final : public Aead {
 public:
  explicit Streamed(const A& a) noexcept : s_(a) {}
  Aead* clone() const noexcept override { return make<Streamed>(*this); }
  Status start(bool seal, Bytes nonce) noexcept override {
    seal_ = seal;
    return seal ? s_.start_seal(nonce) : s_.start_open(nonce);
  }
  Status aad(Bytes in) noexcept override { return s_.aad(in); }
  Status update(MutBytes out, Bytes in, MutBytes) noexcept override { return s_.update(out, in); }
  Status finish(MutBytes tag) noexcept override {
    return seal_ ? s_.finish_seal(tag) : s_.finish_open(tag);
  }

 private:
  typename A::Stream s_;
  bool seal_ = true;
};

// Buffer: bytes kept with malloc (no exceptions), wiped when dropped.
struct Buffer {
  std::uint8_t* data = nullptr;
  std::size_t size = 0, cap = 0;
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() {
    clear();
    std::free(data);
  }
  void clear() noexcept {
    if (data != nullptr) secure_wipe(data, size);
    size = 0;
  }
  bool append(Bytes in) noexcept {
    if (in.size() > SIZE_MAX / 2 - size) return false;
    if (size + in.size() > cap) {
      const std::size_t c = 2 * (size + in.size());
      auto* grown = static_cast<std::uint8_t*>(std::malloc(c));
      if (grown == nullptr) return false;
      const std::size_t n = size;
      if (n != 0) std::memcpy(grown, data, n);
      clear();
      std::free(data);
      data = grown, cap = c, size = n;
    }
    if (!in.empty()) std::memcpy(data + size, in.data(), in.size());
    size += in.size();
    return true;
  }
};

// OneShot: CCM, whose message goes through whole: the AAD is kept until the text comes.
template <class A>
class OneShot final : public Aead {
 public:
  explicit OneShot(const A& a) noexcept : a_(a) {}
  Aead* clone() const noexcept override {
    auto* c = make<OneShot>(a_);
    if (c == nullptr) return nullptr;
    if (!c->aad_.append({aad_.data, aad_.size})) {
      delete c;
      return nullptr;
    }
    c->seal_ = seal_, c->done_ = done_, c->nonce_len_ = nonce_len_;
    std::memcpy(c->nonce_, nonce_, sizeof nonce_);
    return c;
  }
  Status start(bool seal, Bytes nonce) noexcept override {
    if (nonce.size() > sizeof nonce_) return Error::invalid_nonce_size;
    seal_ = seal, done_ = false;
    std::memcpy(nonce_, nonce.data(), nonce.size());
    nonce_len_ = nonce.size();
    aad_.clear();
    return {};
  }
  Status aad(Bytes in) noexcept override {
    if (done_) return Error::invalid_argument;
    return aad_.append(in) ? Status{} : Error::message_too_long;
  }
  Status update(MutBytes out, Bytes in, MutBytes tag) noexcept override {
    if (done_) return Error::invalid_argument;
    done_ = true;
    static const std::uint8_t nothing[1] = {0};
    const Bytes input{in.empty() ? nothing : in.data(), in.size()};
    const Bytes nonce{nonce_, nonce_len_}, aad{aad_.data, aad_.size};
    const Status s = seal_ ? a_.seal_detached(out, tag, nonce, aad, input)
                           : a_.open_detached(out, tag, nonce, aad, input);
    aad_.clear();
    return s;
  }
  Status finish(MutBytes tag) noexcept override {
    return done_ ? Status{} : update({}, {}, tag);  // no text: an empty message
  }

 private:
  A a_;
  Buffer aad_;
  bool seal_ = true, done_ = false;
  std::size_t nonce_len_ = 0;
  std::uint8_t nonce_[16] = {};
};

// CtrAcpkmOmac is the GOST engine's C-ctr-acpkm-omac (OIDs 1.2.643.7.1.1.5.{2,1}.2), a cipher
// for CMS: each message has an 8-byte KDF seed beside its IV, and KDF_TREE_GOSTR3411_2012_256
// (key, "kdf tree", seed) gives 64 bytes: the CTR-ACPKM key, then the OMAC key. The text is
// CTR-ACPKM-encrypted and its OMAC is encrypted by the keystream that follows: that is the tag.
// The section is the engine's for CMS (Section bytes). The nonce start() takes is IV | seed.
template <class C, std::size_t Section>
class CtrAcpkmOmac final : public Aead {
 public:
  static constexpr std::size_t iv_size = C::block_size / 2, seed_size = 8;

  explicit CtrAcpkmOmac(Bytes key) noexcept { std::memcpy(key_, key.data(), sizeof key_); }
  CtrAcpkmOmac(const CtrAcpkmOmac&) noexcept = default;
  ~CtrAcpkmOmac() override { secure_wipe(key_, sizeof key_); }
  Aead* clone() const noexcept override { return make<CtrAcpkmOmac>(*this); }

  Status start(bool seal, Bytes nonce) noexcept override {
    if (nonce.size() != iv_size + seed_size) return Error::invalid_nonce_size;
    static constexpr std::uint8_t label[] = {'k', 'd', 'f', ' ', 't', 'r', 'e', 'e'};
    std::array<std::uint8_t, 64> keys;
    Status s = KdfTreeGostr3411_2012_256::derive(keys, key_, label, nonce.subspan(iv_size));
    if (s.ok()) {
      using Key = std::span<const std::uint8_t, 32>;
      auto ctr = CtrAcpkm<C>::make(Key(keys.data(), 32), nonce.first(iv_size), Section);
      if (ctr) {
        ctr_.emplace(*ctr);
        mac_.emplace(Key(keys.data() + 32, 32));
      } else {
        s = ctr.error();
      }
    }
    secure_wipe(keys);
    seal_ = seal;
    return s;
  }
  Status aad(Bytes) noexcept override { return Error::invalid_argument; }  // update() refuses it
  // update MACs the plaintext: before encrypting it, after decrypting it (in may be out).
  Status update(MutBytes out, Bytes in, MutBytes) noexcept override {
    if (seal_) mac_->update(in);
    const Status s = ctr_->apply(out, in);
    if (!seal_) mac_->update(out);
    return s;
  }
  Status finish(MutBytes tag) noexcept override {
    typename Cmac<C>::Tag mine;
    mac_->finish(mine);
    Status s;
    if (seal_) {
      s = ctr_->apply(tag, mine);
    } else {
      typename Cmac<C>::Tag expected;
      s = ctr_->apply(expected, tag);
      if (s.ok() && !ct_equal(expected, mine)) s = Error::authentication_failed;
      secure_wipe(expected);
    }
    secure_wipe(mine);
    return s;
  }

 private:
  std::uint8_t key_[32];
  std::optional<CtrAcpkm<C>> ctr_;
  std::optional<Cmac<C>> mac_;  // ~Cmac wipes the key and state
  bool seal_ = true;
};

template <class A>
Aead* keyed_with(Bytes key) noexcept {
  return make<A>(key);
}

template <class A, template <class> class Way>
Aead* keyed(Bytes key) noexcept {
  auto a = A::from_key(key);
  return a ? make<Way<A>>(*a) : nullptr;
}

// AeadAlg: the EVP mode, key size, the IV (nonce) lengths allowed and the default, the tag
// lengths allowed and the default; ccm: CCM's rules (even tag lengths, the text in one
// update, the expected tag before it); seeded: CTR-ACPKM-OMAC's KDF seed, random for each
// encryption (a new key or IV) and carried with the IV in the ASN.1 parameters (alg_id_param).
struct AeadAlg {
  unsigned mode;
  std::size_t key_size;
  std::size_t iv_default, iv_min, iv_max;
  std::size_t tag_default, tag_min, tag_max;
  bool ccm;
  Aead* (*keyed)(Bytes key) noexcept;
  bool seeded = false;
};

constexpr std::size_t seed_size = 8;

constexpr std::size_t max_iv = 64;

struct AeadCtx {
  const ProvCtx* prov;
  const AeadAlg* alg;
  Aead* aead = nullptr;
  bool encrypt = true;
  bool have_iv = false;
  bool started = false;     // aead began a message with the current key, IV and direction
  bool done = false;        // the message is finished; a new IV starts the next one
  bool tag_set = false;     // decryption: the expected tag is in tag
  bool length_set = false;  // CCM: the text's length was given first (OpenSSL's form)
  bool have_seed = false;   // seeded: seed holds the message's KDF seed
  std::size_t length = 0;
  std::size_t ivlen = 0, taglen = 0;
  std::uint8_t iv[max_iv] = {};
  std::uint8_t tag[16] = {};
  std::uint8_t seed[seed_size] = {};

  AeadCtx(const ProvCtx* p, const AeadAlg* a) noexcept
      : prov(p), alg(a), ivlen(a->iv_default), taglen(a->tag_default) {}
  AeadCtx(const AeadCtx&) = delete;
  AeadCtx& operator=(const AeadCtx&) = delete;
  ~AeadCtx() {
    delete aead;
    secure_wipe(tag, sizeof tag);
  }
  // restart: the next call begins a new message.
  void restart() noexcept { started = done = tag_set = length_set = false; }
};

bool tag_length_ok(const AeadAlg& alg, std::size_t n) {
  return n >= alg.tag_min && n <= alg.tag_max && (!alg.ccm || n % 2 == 0);
}

void* newctx_of(void* provctx, const AeadAlg* alg) {
  return make<AeadCtx>(static_cast<const ProvCtx*>(provctx), alg);
}

void freectx(void* vctx) { delete static_cast<AeadCtx*>(vctx); }

void* dupctx(void* vctx) {
  const auto* src = static_cast<const AeadCtx*>(vctx);
  auto* copy = make<AeadCtx>(src->prov, src->alg);
  if (copy == nullptr) return nullptr;
  if (src->aead != nullptr && (copy->aead = src->aead->clone()) == nullptr) {
    delete copy;
    return nullptr;
  }
  copy->encrypt = src->encrypt;
  copy->have_iv = src->have_iv;
  copy->started = src->started;
  copy->done = src->done;
  copy->tag_set = src->tag_set;
  copy->length_set = src->length_set;
  copy->have_seed = src->have_seed;
  copy->length = src->length;
  copy->ivlen = src->ivlen;
  copy->taglen = src->taglen;
  std::memcpy(copy->iv, src->iv, sizeof copy->iv);
  std::memcpy(copy->tag, src->tag, sizeof copy->tag);
  std::memcpy(copy->seed, src->seed, sizeof copy->seed);
  return copy;
}

// The ASN.1 parameters of CTR-ACPKM-OMAC, as the GOST engine writes them for CMS: SEQUENCE {
// OCTET STRING ukm }, ukm = IV | KDF seed. ukm_der writes them (their size when out is empty).
std::size_t ukm_der(const AeadCtx* ctx, std::span<std::uint8_t> out) {
  const std::size_t ukm = ctx->ivlen + seed_size, n = 4 + ukm;
  if (out.size() >= n) {
    out[0] = 0x30, out[1] = static_cast<std::uint8_t>(2 + ukm);
    out[2] = 0x04, out[3] = static_cast<std::uint8_t>(ukm);
    std::memcpy(&out[4], ctx->iv, ctx->ivlen);
    std::memcpy(&out[4 + ctx->ivlen], ctx->seed, seed_size);
  }
  return n;
}

// set_ukm takes the IV and seed from those parameters, exactly DER; a new message follows.
bool set_ukm(AeadCtx* ctx, Bytes der) {
  const std::size_t ukm = ctx->ivlen + seed_size;
  if (der.size() != 4 + ukm || der[0] != 0x30 || der[1] != 2 + ukm || der[2] != 0x04 ||
      der[3] != ukm)
    return false;
  std::memcpy(ctx->iv, &der[4], ctx->ivlen);
  std::memcpy(ctx->seed, &der[4 + ctx->ivlen], seed_size);
  ctx->have_iv = ctx->have_seed = true;
  ctx->restart();
  return true;
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
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_ALGORITHM_ID_PARAMS);
  if (p != nullptr && ctx->alg->seeded) {
    const void* der = nullptr;
    std::size_t n = 0;
    if (!OSSL_PARAM_get_octet_string_ptr(p, &der, &n) ||
        !set_ukm(ctx, {static_cast<const std::uint8_t*>(der), n})) {
      AXIOM_RAISE(ctx->prov, bad_parameter);
      return 0;
    }
  }
  return key_length_param_ok(ctx->prov, params, ctx->alg->key_size) ? 1 : 0;
}

int init(void* vctx, const unsigned char* key, std::size_t keylen, const unsigned char* iv,
         std::size_t ivlen, const OSSL_PARAM params[], bool encrypt) {
  auto* ctx = static_cast<AeadCtx*>(vctx);
  if (key != nullptr || iv != nullptr || encrypt != ctx->encrypt) ctx->restart();
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
  // Every new encryption gets a fresh seed; decryption takes the sender's from the parameters.
  if (ctx->alg->seeded && encrypt && (key != nullptr || iv != nullptr)) {
    fill_random(ctx->seed);
    ctx->have_seed = true;
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
    case Error::invalid_argument:
      return aead_data_once;
    default:
      return failed;
  }
}

// succeeded raises s's reason if it failed.
bool succeeded(AeadCtx* ctx, Status s) {
  if (!s) AXIOM_RAISE(ctx->prov, reason_of(s.error()));
  return s.ok();
}

// ready: a key and an IV, and a message begun with them (here, on its first call).
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
  if (ctx->alg->seeded && !ctx->have_seed) {
    AXIOM_RAISE(ctx->prov, seed_not_set);
    return false;
  }
  if (!ctx->started) {
    std::uint8_t nonce[max_iv + seed_size];
    std::memcpy(nonce, ctx->iv, ctx->ivlen);
    std::memcpy(nonce + ctx->ivlen, ctx->seed, seed_size);
    const std::size_t n = ctx->ivlen + (ctx->alg->seeded ? seed_size : 0);
    const Status s = ctx->aead->start(ctx->encrypt, {nonce, n});
    secure_wipe(nonce, sizeof nonce);
    if (!succeeded(ctx, s)) return false;
  }
  ctx->started = true;
  return true;
}

int update(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize,
           const unsigned char* in, std::size_t inl) {
  auto* ctx = static_cast<AeadCtx*>(vctx);
  *outl = 0;
  if (!ready(ctx)) return 0;
  if (in == nullptr && inl != 0 && out == nullptr) {  // CCM's length first; the others need none
    ctx->length = inl;
    ctx->length_set = true;
    return 1;
  }
  if (inl != 0 && in == nullptr) {
    AXIOM_RAISE(ctx->prov, bad_parameter);
    return 0;
  }
  if (out == nullptr && ctx->alg->seeded) {
    AXIOM_RAISE(ctx->prov, no_aad);
    return 0;
  }
  if (out == nullptr) return succeeded(ctx, ctx->aead->aad({in, inl})) ? 1 : 0;
  if (outsize < inl) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  if (ctx->alg->ccm) {
    if (!ctx->encrypt && !ctx->tag_set) {
      AXIOM_RAISE(ctx->prov, tag_not_set);
      return 0;
    }
    if (ctx->length_set && inl != ctx->length) {
      AXIOM_RAISE(ctx->prov, bad_parameter);
      return 0;
    }
    ctx->done = true;  // the whole message; final has nothing left to do
  }
  if (!succeeded(ctx, ctx->aead->update({out, inl}, {in, inl}, {ctx->tag, ctx->taglen}))) return 0;
  *outl = inl;
  return 1;
}

int final(void* vctx, unsigned char*, std::size_t* outl, std::size_t) {
  auto* ctx = static_cast<AeadCtx*>(vctx);
  *outl = 0;
  if (ctx->alg->ccm && ctx->done && ctx->started) return 1;  // the text went through in update
  if (!ready(ctx)) return 0;
  if (!ctx->encrypt && !ctx->tag_set) {
    AXIOM_RAISE(ctx->prov, tag_not_set);
    return 0;
  }
  ctx->done = true;
  return succeeded(ctx, ctx->aead->finish({ctx->tag, ctx->taglen})) ? 1 : 0;
}

// The context's parameters: the seeded ciphers' ASN.1 parameters, then everyone's (the others'
// lists start after the first entry).
const OSSL_PARAM ctx_param_types[] = {
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_ALGORITHM_ID_PARAMS, nullptr, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, nullptr, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM settable_ctx_param_types[] = {
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_ALGORITHM_ID_PARAMS, nullptr, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, nullptr),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, nullptr),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, nullptr, 0),
    OSSL_PARAM_END,
};

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
        p->data_size > ctx->taglen || (ctx->alg->ccm && p->data_size != ctx->taglen)) {
      AXIOM_RAISE(ctx->prov, bad_tag_length);
      return 0;
    }
    if (!OSSL_PARAM_set_octet_string(p, ctx->tag, p->data_size)) return 0;
  }
  OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_ALGORITHM_ID_PARAMS);
  if (p != nullptr && ctx->alg->seeded) {
    if (!ctx->have_iv || !ctx->have_seed) {
      AXIOM_RAISE(ctx->prov, ctx->have_iv ? seed_not_set : iv_not_set);
      return 0;
    }
    std::uint8_t der[4 + max_iv + seed_size];
    if (!OSSL_PARAM_set_octet_string(p, der, ukm_der(ctx, der))) return 0;
  }
  return 1;
}

template <const AeadAlg& Alg>
void* newctx(void* provctx) {
  return newctx_of(provctx, &Alg);
}
template <const AeadAlg& Alg>
int get_params(OSSL_PARAM params[]) {
  return get_cipher_params(params, Alg.mode, Alg.key_size, Alg.iv_default, 1, true);
}

template <const AeadAlg& Alg>
const OSSL_PARAM* gettable_ctx_params(void*, void*) {
  return Alg.seeded ? ctx_param_types : ctx_param_types + 1;
}
template <const AeadAlg& Alg>
const OSSL_PARAM* settable_ctx_params(void*, void*) {
  return Alg.seeded ? settable_ctx_param_types : settable_ctx_param_types + 1;
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
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(cipher_gettable_params)},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, reinterpret_cast<void (*)()>(get_ctx_params)},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(gettable_ctx_params<Alg>)},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, reinterpret_cast<void (*)()>(set_ctx_params)},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(settable_ctx_params<Alg>)},
    {0, nullptr},
};

// MGM: a one-block nonce (its first bit 0), tags of 4 bytes to a block; SM4-GCM: nonces of
// 1..64 bytes, tags 12..16; SM4-CCM: nonces 7..13, tags 4, 6, ..., 16. Full tags by default.
constexpr AeadAlg kuznyechik_mgm{
    EVP_CIPH_GCM_MODE, 32, 16, 16, 16, 16, 4, 16, false, keyed<KuznyechikMgm, Streamed>};
constexpr AeadAlg magma_mgm{EVP_CIPH_GCM_MODE,        32, 8, 8, 8, 8, 4, 8, false,
                            keyed<MagmaMgm, Streamed>};
constexpr AeadAlg sm4_gcm{EVP_CIPH_GCM_MODE,      16, 12, 1, max_iv, 16, 12, 16, false,
                          keyed<Sm4Gcm, Streamed>};
constexpr AeadAlg sm4_ccm{EVP_CIPH_CCM_MODE,     16, 12, 7, 13, 16, 4, 16, true,
                          keyed<Sm4Ccm, OneShot>};
// CTR-ACPKM-OMAC: a half-block IV, a full-block tag; the GOST engine's CMS sections, 256 KiB
// for Kuznyechik and 8 KiB for Magma.
using KuznyechikCtrAcpkmOmac = CtrAcpkmOmac<Kuznyechik, 256 * 1024>;
using MagmaCtrAcpkmOmac = CtrAcpkmOmac<Magma, 8192>;
constexpr AeadAlg kuznyechik_ctr_acpkm_omac{
    EVP_CIPH_CTR_MODE, 32, 8, 8, 8, 16, 16, 16, false, keyed_with<KuznyechikCtrAcpkmOmac>, true};
constexpr AeadAlg magma_ctr_acpkm_omac{
    EVP_CIPH_CTR_MODE, 32, 4, 4, 4, 8, 8, 8, false, keyed_with<MagmaCtrAcpkmOmac>, true};

const OSSL_ALGORITHM algorithms[] = {
    {"kuznyechik-mgm", "provider=axiom", functions<kuznyechik_mgm>, "Kuznyechik MGM (RFC 9058)"},
    {"magma-mgm", "provider=axiom", functions<magma_mgm>, "Magma MGM (RFC 9058)"},
    {"kuznyechik-ctr-acpkm-omac:1.2.643.7.1.1.5.2.2", "provider=axiom",
     functions<kuznyechik_ctr_acpkm_omac>, "Kuznyechik CTR-ACPKM-OMAC (the GOST engine's CMS)"},
    {"magma-ctr-acpkm-omac:1.2.643.7.1.1.5.1.2", "provider=axiom", functions<magma_ctr_acpkm_omac>,
     "Magma CTR-ACPKM-OMAC (the GOST engine's CMS)"},
    {"SM4-GCM:1.2.156.10197.1.104.8", "provider=axiom", functions<sm4_gcm>, "SM4-GCM (RFC 8998)"},
    {"SM4-CCM:1.2.156.10197.1.104.9", "provider=axiom", functions<sm4_ccm>, "SM4-CCM (RFC 8998)"},
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

std::span<const OSSL_ALGORITHM> aead_algorithms() {
  return {algorithms, std::size(algorithms) - 1};
}

}  // namespace axiom::provider

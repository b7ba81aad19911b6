// macs.cpp: GOST R 34.13-2015's MAC (OMAC1 = CMAC) over Kuznyechik and Magma, and OMAC-ACPKM
// (RFC 8645, R 1323565.1.017-2018) over both, as OpenSSL MACs under the GOST provider's names.
// "size" truncates the tag (its first bytes). One EVP glue over a small class per MAC.
#include <array>
#include <optional>

#include "axiom/acpkm.hpp"
#include "axiom/bytes.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/magma.hpp"
#include "axiom/modes.hpp"
#include "common.hpp"

namespace axiom::provider {
namespace {

using Bytes = std::span<const std::uint8_t>;

// Each MAC class: keyed(), set_key() (a new message under a new key), set_params() for its own
// parameters, restart() (a new message under the same key), update(), finish() (the full tag),
// get_params() and the list of its own settable parameters.

// Omac is GOST R 34.13-2015's MAC over C.
template <class C>
class Omac {
 public:
  static constexpr std::size_t key_size = C::key_size, block_size = C::block_size;
  static constexpr OSSL_PARAM settable[] = {OSSL_PARAM_END};

  bool keyed() const noexcept { return mac_.has_value(); }
  bool set_key(Bytes key) noexcept {
    mac_.emplace(key.first<key_size>());
    return true;
  }
  bool set_params(const OSSL_PARAM[], const ProvCtx*) noexcept { return true; }
  void restart() noexcept {
    std::array<std::uint8_t, block_size> discard;
    mac_->finish(discard);  // finish starts a new message
    secure_wipe(discard);
  }
  void update(Bytes data) noexcept { mac_->update(data); }
  void finish(std::span<std::uint8_t, block_size> tag) noexcept { mac_->finish(tag); }
  bool get_params(OSSL_PARAM[]) const noexcept { return true; }

 private:
  std::optional<Cmac<C>> mac_;  // ~Cmac wipes the key and state
};

constexpr const char* key_mesh_param = "key-mesh";                // the section size N
constexpr const char* cipher_key_mesh_param = "cipher-key-mesh";  // ACPKM-Master's section T*

// OmacAcpkmMac is OMAC-ACPKM over C with the GOST provider's parameters and defaults: N
// ("key-mesh") 4096 bytes, T* ("cipher-key-mesh") the section of C's CTR-ACPKM cipher there.
// They may change before the message's first byte (they restart it), not after.
template <class C, std::size_t DefaultMaster>
class OmacAcpkmMac {
 public:
  static constexpr std::size_t key_size = C::key_size, block_size = C::block_size;
  static constexpr OSSL_PARAM settable[] = {OSSL_PARAM_size_t(key_mesh_param, nullptr),
                                            OSSL_PARAM_size_t(cipher_key_mesh_param, nullptr),
                                            OSSL_PARAM_END};

  bool keyed() const noexcept { return mac_.has_value(); }
  bool set_key(Bytes key) noexcept {
    cipher_.emplace(key.first<key_size>());
    restart();
    return true;
  }
  bool set_params(const OSSL_PARAM params[], const ProvCtx* prov) noexcept {
    std::size_t section = section_, master = master_;
    if (!get_section(params, key_mesh_param, section) ||
        !get_section(params, cipher_key_mesh_param, master) ||
        ((section != section_ || master != master_) && started_)) {
      AXIOM_RAISE(prov, bad_parameter);
      return false;
    }
    if (section == section_ && master == master_) return true;
    section_ = section, master_ = master;
    if (cipher_) restart();
    return true;
  }
  void restart() noexcept {
    mac_.emplace(*OmacAcpkm<C>::make(*cipher_, section_, master_));  // the sizes are checked
    started_ = false;
  }
  void update(Bytes data) noexcept {
    started_ = started_ || !data.empty();
    mac_->update(data);
  }
  void finish(std::span<std::uint8_t, block_size> tag) noexcept {
    mac_->finish(tag);
    started_ = false;
  }
  bool get_params(OSSL_PARAM params[]) const noexcept {
    return set_size(params, key_mesh_param, section_) &&
           set_size(params, cipher_key_mesh_param, master_);
  }

 private:
  static bool get_section(const OSSL_PARAM params[], const char* key, std::size_t& n) noexcept {
    const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, key);
    return p == nullptr || (OSSL_PARAM_get_size_t(p, &n) && n != 0 && n % block_size == 0);
  }

  std::optional<C> cipher_;  // keyed under the MAC key (C wipes it)
  std::optional<OmacAcpkm<C>> mac_;
  std::size_t section_ = 4096, master_ = DefaultMaster;
  bool started_ = false;  // the message has data
};

template <class M>
struct MacCtx {
  const ProvCtx* prov;
  M mac;
  std::size_t size = M::block_size;
};

template <class M>
void* newctx(void* provctx) {
  return make<MacCtx<M>>(MacCtx<M>{static_cast<const ProvCtx*>(provctx), M{}});
}
template <class M>
void freectx(void* vctx) {
  delete static_cast<MacCtx<M>*>(vctx);
}
template <class M>
void* dupctx(void* vctx) {
  return make<MacCtx<M>>(*static_cast<const MacCtx<M>*>(vctx));
}

template <class M>
int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* ctx = static_cast<MacCtx<M>*>(vctx);
  if (params == nullptr) return 1;
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_SIZE)) {
    std::size_t n = 0;
    if (!OSSL_PARAM_get_size_t(p, &n) || n < 1 || n > M::block_size) {
      AXIOM_RAISE(ctx->prov, bad_tag_length);
      return 0;
    }
    ctx->size = n;
  }
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY)) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != M::key_size ||
        p->data == nullptr) {
      AXIOM_RAISE(ctx->prov, bad_key_length);
      return 0;
    }
    (void)ctx->mac.set_key({static_cast<const std::uint8_t*>(p->data), M::key_size});
  }
  return ctx->mac.set_params(params, ctx->prov) ? 1 : 0;
}

// init with no key restarts the message under the key already set.
template <class M>
int init(void* vctx, const unsigned char* key, std::size_t keylen, const OSSL_PARAM params[]) {
  auto* ctx = static_cast<MacCtx<M>*>(vctx);
  if (!set_ctx_params<M>(ctx, params)) return 0;
  if (key != nullptr) {
    if (keylen != M::key_size) {
      AXIOM_RAISE(ctx->prov, bad_key_length);
      return 0;
    }
    (void)ctx->mac.set_key({key, keylen});
    return 1;
  }
  if (!ctx->mac.keyed()) {
    AXIOM_RAISE(ctx->prov, key_not_set);
    return 0;
  }
  ctx->mac.restart();
  return 1;
}

template <class M>
int update(void* vctx, const unsigned char* in, std::size_t inl) {
  auto* ctx = static_cast<MacCtx<M>*>(vctx);
  if (!ctx->mac.keyed()) {
    AXIOM_RAISE(ctx->prov, key_not_set);
    return 0;
  }
  if (in == nullptr && inl != 0) return 0;
  ctx->mac.update({in, inl});
  return 1;
}

template <class M>
int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) {
  auto* ctx = static_cast<MacCtx<M>*>(vctx);
  if (!ctx->mac.keyed()) {
    AXIOM_RAISE(ctx->prov, key_not_set);
    return 0;
  }
  if (outsize < ctx->size) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  std::array<std::uint8_t, M::block_size> tag;
  ctx->mac.finish(tag);
  std::memcpy(out, tag.data(), ctx->size);
  secure_wipe(tag);
  *outl = ctx->size;
  return 1;
}

const OSSL_PARAM size_param_types[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, nullptr),
    OSSL_PARAM_END,
};
const OSSL_PARAM* gettable_params(void*) { return size_param_types; }

// The context's parameters: the sizes and the MAC's own (the same names to get and to set).
template <class M>
const OSSL_PARAM* gettable_ctx_params(void*, void*) {
  static const auto list = [] {
    std::array<OSSL_PARAM, 2 + std::size(M::settable)> l{};
    l[0] = size_param_types[0], l[1] = size_param_types[1];
    for (std::size_t i = 0; i < std::size(M::settable); ++i) l[2 + i] = M::settable[i];
    return l;
  }();
  return list.data();
}
template <class M>
const OSSL_PARAM* settable_ctx_params(void*, void*) {
  static const auto list = [] {
    std::array<OSSL_PARAM, 2 + std::size(M::settable)> l{};
    l[0] = OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr);
    l[1] = OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0);
    for (std::size_t i = 0; i < std::size(M::settable); ++i) l[2 + i] = M::settable[i];
    return l;
  }();
  return list.data();
}

// get_params: the algorithm's own sizes (the full tag; the block).
template <class M>
int get_params(OSSL_PARAM params[]) {
  return set_size(params, OSSL_MAC_PARAM_SIZE, M::block_size) &&
         set_size(params, OSSL_MAC_PARAM_BLOCK_SIZE, M::block_size);
}

template <class M>
int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* ctx = static_cast<MacCtx<M>*>(vctx);
  return set_size(params, OSSL_MAC_PARAM_SIZE, ctx->size) &&
         set_size(params, OSSL_MAC_PARAM_BLOCK_SIZE, M::block_size) && ctx->mac.get_params(params);
}

template <class M>
const OSSL_DISPATCH functions[] = {
    {OSSL_FUNC_MAC_NEWCTX, reinterpret_cast<void (*)()>(newctx<M>)},
    {OSSL_FUNC_MAC_DUPCTX, reinterpret_cast<void (*)()>(dupctx<M>)},
    {OSSL_FUNC_MAC_FREECTX, reinterpret_cast<void (*)()>(freectx<M>)},
    {OSSL_FUNC_MAC_INIT, reinterpret_cast<void (*)()>(init<M>)},
    {OSSL_FUNC_MAC_UPDATE, reinterpret_cast<void (*)()>(update<M>)},
    {OSSL_FUNC_MAC_FINAL, reinterpret_cast<void (*)()>(final<M>)},
    {OSSL_FUNC_MAC_GET_PARAMS, reinterpret_cast<void (*)()>(get_params<M>)},
    {OSSL_FUNC_MAC_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(gettable_params)},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, reinterpret_cast<void (*)()>(get_ctx_params<M>)},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(gettable_ctx_params<M>)},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, reinterpret_cast<void (*)()>(set_ctx_params<M>)},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(settable_ctx_params<M>)},
    {0, nullptr},
};

const OSSL_ALGORITHM algorithms[] = {
    {"kuznyechik-mac", "provider=axiom", functions<Omac<Kuznyechik>>,
     "Kuznyechik MAC (OMAC, GOST R 34.13-2015)"},
    {"magma-mac", "provider=axiom", functions<Omac<Magma>>, "Magma MAC (OMAC, GOST R 34.13-2015)"},
    {"kuznyechik-ctr-acpkm-omac:1.2.643.7.1.1.5.2.2", "provider=axiom",
     functions<OmacAcpkmMac<Kuznyechik, 4096>>, "Kuznyechik OMAC-ACPKM (RFC 8645)"},
    {"magma-ctr-acpkm-omac:1.2.643.7.1.1.5.1.2", "provider=axiom",
     functions<OmacAcpkmMac<Magma, 1024>>, "Magma OMAC-ACPKM (RFC 8645)"},
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

std::span<const OSSL_ALGORITHM> mac_algorithms() { return {algorithms, std::size(algorithms) - 1}; }

}  // namespace axiom::provider

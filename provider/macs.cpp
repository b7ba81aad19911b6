// macs.cpp: GOST R 34.13-2015's MAC (OMAC1 = CMAC) over Kuznyechik as an OpenSSL MAC, under
// the GOST provider's name kuznyechik-mac; "size" truncates the tag (its first bytes).
#include <optional>

#include "axiom/bytes.hpp"
#include "axiom/kuznyechik.hpp"
#include "axiom/modes.hpp"
#include "common.hpp"

namespace axiom::provider {
namespace {

template <class C>
struct MacCtx {
  const ProvCtx* prov;
  std::optional<Cmac<C>> mac;  // keyed
  std::size_t size = C::block_size;
};

template <class C>
void* newctx(void* provctx) {
  return make<MacCtx<C>>(MacCtx<C>{static_cast<const ProvCtx*>(provctx), std::nullopt});
}
template <class C>
void freectx(void* vctx) {
  delete static_cast<MacCtx<C>*>(vctx);  // ~Cmac wipes the key and state
}
template <class C>
void* dupctx(void* vctx) {
  return make<MacCtx<C>>(*static_cast<const MacCtx<C>*>(vctx));
}

template <class C>
int set_ctx_params(void* vctx, const OSSL_PARAM params[]) {
  auto* ctx = static_cast<MacCtx<C>*>(vctx);
  if (params == nullptr) return 1;
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_SIZE)) {
    std::size_t n = 0;
    if (!OSSL_PARAM_get_size_t(p, &n) || n < 1 || n > C::block_size) {
      AXIOM_RAISE(ctx->prov, bad_tag_length);
      return 0;
    }
    ctx->size = n;
  }
  if (const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY)) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != C::key_size ||
        p->data == nullptr) {
      AXIOM_RAISE(ctx->prov, bad_key_length);
      return 0;
    }
    ctx->mac.emplace(std::span<const std::uint8_t, C::key_size>(
        static_cast<const std::uint8_t*>(p->data), C::key_size));
  }
  return 1;
}

// init with no key restarts the message under the key already set.
template <class C>
int init(void* vctx, const unsigned char* key, std::size_t keylen, const OSSL_PARAM params[]) {
  auto* ctx = static_cast<MacCtx<C>*>(vctx);
  if (!set_ctx_params<C>(ctx, params)) return 0;
  if (key != nullptr) {
    if (keylen != C::key_size) {
      AXIOM_RAISE(ctx->prov, bad_key_length);
      return 0;
    }
    ctx->mac.emplace(std::span<const std::uint8_t, C::key_size>(key, C::key_size));
    return 1;
  }
  if (!ctx->mac) {
    AXIOM_RAISE(ctx->prov, key_not_set);
    return 0;
  }
  typename Cmac<C>::Tag discard;
  ctx->mac->finish(discard);  // finish starts a new message
  secure_wipe(discard);
  return 1;
}

template <class C>
int update(void* vctx, const unsigned char* in, std::size_t inl) {
  auto* ctx = static_cast<MacCtx<C>*>(vctx);
  if (!ctx->mac) {
    AXIOM_RAISE(ctx->prov, key_not_set);
    return 0;
  }
  if (in == nullptr && inl != 0) return 0;
  ctx->mac->update({in, inl});
  return 1;
}

template <class C>
int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsize) {
  auto* ctx = static_cast<MacCtx<C>*>(vctx);
  if (!ctx->mac) {
    AXIOM_RAISE(ctx->prov, key_not_set);
    return 0;
  }
  if (outsize < ctx->size) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  typename Cmac<C>::Tag tag;
  ctx->mac->finish(tag);
  std::memcpy(out, tag.data(), ctx->size);
  secure_wipe(tag);
  *outl = ctx->size;
  return 1;
}

const OSSL_PARAM ctx_param_types[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, nullptr),
    OSSL_PARAM_END,
};
const OSSL_PARAM* gettable_ctx_params(void*, void*) { return ctx_param_types; }

const OSSL_PARAM settable_param_types[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, nullptr),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, nullptr, 0),
    OSSL_PARAM_END,
};
const OSSL_PARAM* settable_ctx_params(void*, void*) { return settable_param_types; }

const OSSL_PARAM* gettable_params(void*) { return ctx_param_types; }

// get_params: the algorithm's own sizes (the full tag; the block).
template <class C>
int get_params(OSSL_PARAM params[]) {
  return set_size(params, OSSL_MAC_PARAM_SIZE, C::block_size) &&
         set_size(params, OSSL_MAC_PARAM_BLOCK_SIZE, C::block_size);
}

template <class C>
int get_ctx_params(void* vctx, OSSL_PARAM params[]) {
  auto* ctx = static_cast<MacCtx<C>*>(vctx);
  return set_size(params, OSSL_MAC_PARAM_SIZE, ctx->size) &&
         set_size(params, OSSL_MAC_PARAM_BLOCK_SIZE, C::block_size);
}

template <class C>
const OSSL_DISPATCH functions[] = {
    {OSSL_FUNC_MAC_NEWCTX, reinterpret_cast<void (*)()>(newctx<C>)},
    {OSSL_FUNC_MAC_DUPCTX, reinterpret_cast<void (*)()>(dupctx<C>)},
    {OSSL_FUNC_MAC_FREECTX, reinterpret_cast<void (*)()>(freectx<C>)},
    {OSSL_FUNC_MAC_INIT, reinterpret_cast<void (*)()>(init<C>)},
    {OSSL_FUNC_MAC_UPDATE, reinterpret_cast<void (*)()>(update<C>)},
    {OSSL_FUNC_MAC_FINAL, reinterpret_cast<void (*)()>(final<C>)},
    {OSSL_FUNC_MAC_GET_PARAMS, reinterpret_cast<void (*)()>(get_params<C>)},
    {OSSL_FUNC_MAC_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(gettable_params)},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, reinterpret_cast<void (*)()>(get_ctx_params<C>)},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(gettable_ctx_params)},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, reinterpret_cast<void (*)()>(set_ctx_params<C>)},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, reinterpret_cast<void (*)()>(settable_ctx_params)},
    {0, nullptr},
};

const OSSL_ALGORITHM algorithms[] = {
    {"kuznyechik-mac", "provider=axiom", functions<Kuznyechik>,
     "Kuznyechik MAC (OMAC, GOST R 34.13-2015)"},
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

std::span<const OSSL_ALGORITHM> mac_algorithms() { return {algorithms, std::size(algorithms) - 1}; }

}  // namespace axiom::provider

// provider.cpp: the entry point OpenSSL calls (OSSL_provider_init), the provider's own
// parameters, its error texts, and the lists of algorithms per operation.
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <cstdarg>
#include <vector>

#include "common.hpp"

namespace axiom::provider {
namespace {

// The core's error functions, taken from the dispatch table OSSL_provider_init receives.
OSSL_FUNC_core_new_error_fn* core_new_error = nullptr;
OSSL_FUNC_core_set_error_debug_fn* core_set_error_debug = nullptr;
OSSL_FUNC_core_vset_error_fn* core_vset_error = nullptr;

const OSSL_ITEM reason_strings[] = {
    {bad_key_length, const_cast<char*>("invalid key length")},
    {bad_iv_length, const_cast<char*>("invalid IV length")},
    {bad_tag_length, const_cast<char*>("invalid tag length")},
    {bad_tag, const_cast<char*>("authentication failed: the tag does not match")},
    {key_not_set, const_cast<char*>("no key set")},
    {iv_not_set, const_cast<char*>("no IV set")},
    {not_initialised, const_cast<char*>("context not initialised")},
    {output_too_small, const_cast<char*>("output buffer too small")},
    {not_block_multiple,
     const_cast<char*>("data not a multiple of the block length (padding off)")},
    {bad_padding, const_cast<char*>("bad decrypt: invalid padding")},
    {bad_parameter, const_cast<char*>("invalid parameter value")},
    {aead_data_once, const_cast<char*>("the AEAD message is finished (CCM's text goes in one "
                                       "update): set a new IV for the next")},
    {tag_not_set,
     const_cast<char*>(
         "set the expected tag (EVP_CTRL_AEAD_SET_TAG) before final (CCM: before the text)")},
    {tag_not_available, const_cast<char*>("no tag yet: the message has not been encrypted")},
    {message_too_long, const_cast<char*>("message too long for this mode")},
    {no_aad, const_cast<char*>("this cipher takes no additional authenticated data")},
    {seed_not_set,
     const_cast<char*>("no KDF seed: set the algorithm's parameters (alg_id_param) to decrypt")},
    {failed, const_cast<char*>("operation failed")},
    {0, nullptr},
};

const OSSL_PARAM provider_param_types[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, nullptr, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, nullptr, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, nullptr, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, nullptr, 0),
    OSSL_PARAM_END,
};

const OSSL_PARAM* gettable_params(void*) { return provider_param_types; }

int get_params(void*, OSSL_PARAM params[]) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
  if (p != nullptr && !OSSL_PARAM_set_utf8_ptr(p, "axiom: GOST R 34.11/34.12/34.13 and SM4 modes"))
    return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
  if (p != nullptr && !OSSL_PARAM_set_utf8_ptr(p, AXIOM_VERSION)) return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
  if (p != nullptr && !OSSL_PARAM_set_utf8_ptr(p, "axiom " AXIOM_VERSION)) return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
  if (p != nullptr && !OSSL_PARAM_set_int(p, 1)) return 0;
  return 1;
}

// joined lists the algorithms of the given families, ended by an empty entry.
template <std::span<const OSSL_ALGORITHM> (*... Families)()>
const OSSL_ALGORITHM* joined() {
  static const std::vector<OSSL_ALGORITHM> list = [] {
    std::vector<OSSL_ALGORITHM> v;
    for (auto family : {Families...})
      for (const OSSL_ALGORITHM& a : family()) v.push_back(a);
    v.push_back({nullptr, nullptr, nullptr, nullptr});
    return v;
  }();
  return list.data();
}

const OSSL_ALGORITHM* query_operation(void*, int operation_id, int* no_cache) {
  *no_cache = 0;
  switch (operation_id) {
    case OSSL_OP_DIGEST:
      return joined<digest_algorithms>();
    case OSSL_OP_CIPHER:
      return joined<block_cipher_algorithms, aead_algorithms>();
    case OSSL_OP_MAC:
      return joined<mac_algorithms>();
    default:
      return nullptr;
  }
}

const OSSL_ITEM* get_reason_strings(void*) { return reason_strings; }

// set_error passes its (empty) argument list on: core_vset_error takes a va_list.
void set_error(const OSSL_CORE_HANDLE* handle, std::uint32_t reason, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  core_vset_error(handle, reason, fmt, args);
  va_end(args);
}

void teardown(void* provctx) { delete static_cast<ProvCtx*>(provctx); }

const OSSL_DISPATCH provider_functions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, reinterpret_cast<void (*)()>(teardown)},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(gettable_params)},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, reinterpret_cast<void (*)()>(get_params)},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, reinterpret_cast<void (*)()>(query_operation)},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, reinterpret_cast<void (*)()>(get_reason_strings)},
    {0, nullptr},
};

}  // namespace

void raise(const ProvCtx* prov, Reason reason, const char* func) {
  if (prov == nullptr || core_new_error == nullptr || core_vset_error == nullptr) return;
  core_new_error(prov->handle);
  if (core_set_error_debug != nullptr)
    core_set_error_debug(prov->handle, "axiom provider", 0, func);
  set_error(prov->handle, static_cast<std::uint32_t>(reason), nullptr);
}

bool set_size(OSSL_PARAM params[], const char* key, std::size_t value) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, key);
  return p == nullptr || OSSL_PARAM_set_size_t(p, value);
}
bool set_uint(OSSL_PARAM params[], const char* key, unsigned value) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, key);
  return p == nullptr || OSSL_PARAM_set_uint(p, value);
}
bool set_int(OSSL_PARAM params[], const char* key, int value) {
  OSSL_PARAM* p = OSSL_PARAM_locate(params, key);
  return p == nullptr || OSSL_PARAM_set_int(p, value);
}

}  // namespace axiom::provider

extern "C" __attribute__((visibility("default"))) int OSSL_provider_init(
    const OSSL_CORE_HANDLE* handle, const OSSL_DISPATCH* in, const OSSL_DISPATCH** out,
    void** provctx) {
  using namespace axiom::provider;
  for (; in->function_id != 0; ++in) {
    switch (in->function_id) {
      case OSSL_FUNC_CORE_NEW_ERROR:
        core_new_error = OSSL_FUNC_core_new_error(in);
        break;
      case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
        core_set_error_debug = OSSL_FUNC_core_set_error_debug(in);
        break;
      case OSSL_FUNC_CORE_VSET_ERROR:
        core_vset_error = OSSL_FUNC_core_vset_error(in);
        break;
      default:
        break;
    }
  }
  ProvCtx* ctx = make<ProvCtx>(ProvCtx{handle});
  if (ctx == nullptr) return 0;
  *provctx = ctx;
  *out = provider_functions;
  return 1;
}

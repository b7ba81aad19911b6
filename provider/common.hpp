// common.hpp: what every algorithm family of the OpenSSL provider shares: the provider
// context, errors through the core's error queue, and parameter helpers.
#pragma once

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>

namespace axiom::provider {

// ProvCtx is the provider context: the core handle, to raise errors with.
struct ProvCtx {
  const OSSL_CORE_HANDLE* handle;
};

// Reason codes of the errors the provider raises (their texts: provider.cpp).
enum Reason : int {
  bad_key_length = 1,
  bad_iv_length,
  bad_tag_length,
  bad_tag,
  key_not_set,
  iv_not_set,
  not_initialised,
  output_too_small,
  not_block_multiple,
  bad_padding,
  bad_parameter,
  aead_data_once,
  tag_not_set,
  tag_not_available,
  message_too_long,
  no_aad,
  seed_not_set,
  failed,
};

// raise puts a reason on the caller's OpenSSL error queue (nothing if the core gave no error
// functions, which OpenSSL 3.0 always does).
void raise(const ProvCtx* prov, Reason reason, const char* func);
#define AXIOM_RAISE(prov, reason) ::axiom::provider::raise((prov), (reason), __func__)

// make allocates a T without exceptions; nullptr when memory is short.
template <class T, class... A>
T* make(A&&... args) noexcept {
  return new (std::nothrow) T(static_cast<A&&>(args)...);
}

// set_size / set_uint / set_int fill the named parameter if it is asked for; false on a type
// the requester cannot take.
bool set_size(OSSL_PARAM params[], const char* key, std::size_t value);
bool set_uint(OSSL_PARAM params[], const char* key, unsigned value);
bool set_int(OSSL_PARAM params[], const char* key, int value);

// Each family's algorithms (names, properties, dispatch tables); provider.cpp hands them to
// OpenSSL, the cipher families joined in one list.
std::span<const OSSL_ALGORITHM> digest_algorithms();
std::span<const OSSL_ALGORITHM> block_cipher_algorithms();
std::span<const OSSL_ALGORITHM> aead_algorithms();
std::span<const OSSL_ALGORITHM> mac_algorithms();

}  // namespace axiom::provider

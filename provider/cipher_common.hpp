// cipher_common.hpp: what the two cipher families (ciphers.cpp, aeads.cpp) share: the
// algorithm parameters OpenSSL asks every cipher for, and the key length parameter's check.
#pragma once

#include "common.hpp"

namespace axiom::provider {

using Bytes = std::span<const std::uint8_t>;
using MutBytes = std::span<std::uint8_t>;

inline const OSSL_PARAM cipher_param_types[] = {
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
inline const OSSL_PARAM* cipher_gettable_params(void*) { return cipher_param_types; }

// get_cipher_params answers cipher_param_types: block_size is EVP's (1 for the stream modes
// and the AEADs); an AEAD takes IVs of other lengths (CUSTOM_IV).
inline int get_cipher_params(OSSL_PARAM params[], unsigned mode, std::size_t key_size,
                             std::size_t iv_size, std::size_t block_size, bool aead) {
  return set_uint(params, OSSL_CIPHER_PARAM_MODE, mode) &&
         set_size(params, OSSL_CIPHER_PARAM_KEYLEN, key_size) &&
         set_size(params, OSSL_CIPHER_PARAM_IVLEN, iv_size) &&
         set_size(params, OSSL_CIPHER_PARAM_BLOCK_SIZE, block_size) &&
         set_int(params, OSSL_CIPHER_PARAM_AEAD, aead ? 1 : 0) &&
         set_int(params, OSSL_CIPHER_PARAM_CUSTOM_IV, aead ? 1 : 0) &&
         set_int(params, OSSL_CIPHER_PARAM_CTS, 0) &&
         set_int(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, 0) &&
         set_int(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY, 0);
}

// key_length_param_ok: a KEYLEN parameter, if given, must be the algorithm's key size (the
// key sizes are fixed).
inline bool key_length_param_ok(const ProvCtx* prov, const OSSL_PARAM params[],
                                std::size_t key_size) {
  const OSSL_PARAM* p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN);
  std::size_t n = 0;
  if (p != nullptr && (!OSSL_PARAM_get_size_t(p, &n) || n != key_size)) {
    AXIOM_RAISE(prov, bad_key_length);
    return false;
  }
  return true;
}

}  // namespace axiom::provider

// digests.cpp: Streebog-256 and Streebog-512 (GOST R 34.11-2012) as OpenSSL digests, under
// the GOST provider's names and OIDs, so that dgst, HMAC, PBKDF2 and HKDF run over them.
#include "axiom/streebog.hpp"
#include "common.hpp"

namespace axiom::provider {
namespace {

template <class H>
struct DigestCtx {
  const ProvCtx* prov;
  H hash;
};

template <class H>
void* newctx(void* provctx) {
  return make<DigestCtx<H>>(DigestCtx<H>{static_cast<const ProvCtx*>(provctx), H()});
}

template <class H>
void freectx(void* vctx) {
  delete static_cast<DigestCtx<H>*>(vctx);  // ~Streebog wipes the state
}

// dupctx forks the hash mid-message (EVP_MD_CTX_copy; HMAC keeps its keyed states this way).
template <class H>
void* dupctx(void* vctx) {
  return make<DigestCtx<H>>(*static_cast<const DigestCtx<H>*>(vctx));
}

template <class H>
int init(void* vctx, const OSSL_PARAM[]) {
  static_cast<DigestCtx<H>*>(vctx)->hash.reset();
  return 1;
}

template <class H>
int update(void* vctx, const unsigned char* in, std::size_t inl) {
  if (in == nullptr && inl != 0) return 0;
  static_cast<DigestCtx<H>*>(vctx)->hash.update({in, inl});
  return 1;
}

template <class H>
int final(void* vctx, unsigned char* out, std::size_t* outl, std::size_t outsz) {
  auto* ctx = static_cast<DigestCtx<H>*>(vctx);
  if (outsz < H::digest_size) {
    AXIOM_RAISE(ctx->prov, output_too_small);
    return 0;
  }
  ctx->hash.finish(std::span<std::uint8_t, H::digest_size>(out, H::digest_size));
  *outl = H::digest_size;
  return 1;
}

const OSSL_PARAM param_types[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, nullptr),
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, nullptr),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, nullptr),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, nullptr),
    OSSL_PARAM_END,
};

const OSSL_PARAM* gettable_params(void*) { return param_types; }

template <class H>
int get_params(OSSL_PARAM params[]) {
  return set_size(params, OSSL_DIGEST_PARAM_BLOCK_SIZE, H::block_size) &&
         set_size(params, OSSL_DIGEST_PARAM_SIZE, H::digest_size) &&
         set_int(params, OSSL_DIGEST_PARAM_XOF, 0) &&
         set_int(params, OSSL_DIGEST_PARAM_ALGID_ABSENT, 1);
}

template <class H>
const OSSL_DISPATCH functions[] = {
    {OSSL_FUNC_DIGEST_NEWCTX, reinterpret_cast<void (*)()>(newctx<H>)},
    {OSSL_FUNC_DIGEST_INIT, reinterpret_cast<void (*)()>(init<H>)},
    {OSSL_FUNC_DIGEST_UPDATE, reinterpret_cast<void (*)()>(update<H>)},
    {OSSL_FUNC_DIGEST_FINAL, reinterpret_cast<void (*)()>(final<H>)},
    {OSSL_FUNC_DIGEST_FREECTX, reinterpret_cast<void (*)()>(freectx<H>)},
    {OSSL_FUNC_DIGEST_DUPCTX, reinterpret_cast<void (*)()>(dupctx<H>)},
    {OSSL_FUNC_DIGEST_GET_PARAMS, reinterpret_cast<void (*)()>(get_params<H>)},
    {OSSL_FUNC_DIGEST_GETTABLE_PARAMS, reinterpret_cast<void (*)()>(gettable_params)},
    {0, nullptr},
};

const OSSL_ALGORITHM algorithms[] = {
    {"md_gost12_256:streebog256:id-tc26-gost3411-12-256:1.2.643.7.1.1.2.2", "provider=axiom",
     functions<Streebog256>, "Streebog-256, GOST R 34.11-2012 (RFC 6986)"},
    {"md_gost12_512:streebog512:id-tc26-gost3411-12-512:1.2.643.7.1.1.2.3", "provider=axiom",
     functions<Streebog512>, "Streebog-512, GOST R 34.11-2012 (RFC 6986)"},
    {nullptr, nullptr, nullptr, nullptr},
};

}  // namespace

std::span<const OSSL_ALGORITHM> digest_algorithms() {
  return {algorithms, std::size(algorithms) - 1};
}

}  // namespace axiom::provider

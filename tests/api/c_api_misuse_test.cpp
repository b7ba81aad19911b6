// Every function of the C API (axiom.h, and streebog.h of axiom_streebog_compat) under every
// kind of misuse, from one table: each row names a function, lists its parameters by kind
// and calls it. From the rows the test builds a valid call, checks that it succeeds, then
// derives the misuses from the parameter kinds and checks the documented code of each: NULL
// pointers with a length, impossible lengths, contexts never initialised, zeroed, finished or
// cleared, contexts copied to another address (which must work), every overlap between the
// buffers and contexts of a call, wrong sizes, and any two of these at once (the first in
// axiom.h's order of checks wins). A call that fails on a NULL pointer, an impossible length or
// an overlap must write nothing at all. Adding a function to axiom.h means adding its row.
#include <axiom/axiom.h>
#include <axiom/streebog.h>
#include <gtest/gtest.h>
#include <unistd.h>
#if defined(_WIN32)
#include <malloc.h>
#endif

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

// ---- The contexts the table's functions take.
enum class Ctx {
  sha256,
  poly1305,
  streebog256,
  streebog512,
  aes,
  aes_tweak,
  aes_gcm,
  sm4,
  sm4_tweak,
  sm4_gcm,
  kuz,
  kuz_tweak,
  magma,
  aes_cmac,
  sm4_cmac,
  kuz_cmac,
  magma_cmac
};

// keyed: the calls take the context const (a key); the others they change (a computation).
bool keyed(Ctx c) {
  return c == Ctx::aes || c == Ctx::aes_tweak || c == Ctx::aes_gcm || c == Ctx::sm4 ||
         c == Ctx::sm4_tweak || c == Ctx::sm4_gcm || c == Ctx::kuz || c == Ctx::kuz_tweak ||
         c == Ctx::magma;
}

const uint8_t* key_bytes(int which) {  // 32 bytes of key material; which picks one of four
  static uint8_t keys[4][32];
  static const bool filled = [] {
    for (int k = 0; k < 4; ++k)
      for (int i = 0; i < 32; ++i) keys[k][i] = static_cast<uint8_t>(k * 64 + i * 7 + 1);
    return true;
  }();
  (void)filled;
  return keys[which];
}

// CtxInfo: a context's size; make puts it in the state a call needs (backing: the cipher
// context of a CMAC context); finish ends it (final or clear); alt rekeys it with another key
// size (AES) or is null; backing says which cipher context a CMAC context needs.
struct CtxInfo {
  size_t size;
  void (*make)(uint8_t* ctx, uint8_t* backing);
  void (*finish)(uint8_t* ctx);
  void (*alt)(uint8_t* ctx);
  int backing = -1;  // a Ctx, or -1
};

template <class T>
T* as(uint8_t* p) {
  return reinterpret_cast<T*>(p);
}

uint8_t scratch[64];
const uint8_t three[3] = {1, 2, 3};

// A block cipher's context keyed with key_bytes(k) of KL bytes, and its CMAC context over the
// cipher context `backing` with three bytes in it.
#define CIPHER_CTX(prefix, k, KL)                                                           \
  CtxInfo {                                                                                 \
    sizeof(prefix##_ctx),                                                                   \
        [](uint8_t* c, uint8_t*) { prefix##_init(as<prefix##_ctx>(c), key_bytes(k), KL); }, \
        [](uint8_t* c) { prefix##_clear(as<prefix##_ctx>(c)); }, nullptr                    \
  }
#define CMAC_CTX(prefix, backing)                                                            \
  CtxInfo {                                                                                  \
    sizeof(prefix##_cmac_ctx),                                                               \
        [](uint8_t* c, uint8_t* b) {                                                         \
          prefix##_cmac_init(as<prefix##_cmac_ctx>(c), as<prefix##_ctx>(b));                 \
          prefix##_cmac_update(as<prefix##_cmac_ctx>(c), three, 3);                          \
        },                                                                                   \
        [](uint8_t* c) { prefix##_cmac_final(as<prefix##_cmac_ctx>(c), scratch); }, nullptr, \
        static_cast<int>(backing)                                                            \
  }

const CtxInfo& info(Ctx which) {
  static const CtxInfo infos[] = {
      {sizeof(axiom_sha256_ctx),
       [](uint8_t* c, uint8_t*) {
         axiom_sha256_init(as<axiom_sha256_ctx>(c)),
             axiom_sha256_update(as<axiom_sha256_ctx>(c), three, 3);
       },
       [](uint8_t* c) { axiom_sha256_final(as<axiom_sha256_ctx>(c), scratch); }, nullptr},
      {sizeof(axiom_poly1305_ctx),
       [](uint8_t* c, uint8_t*) {
         axiom_poly1305_init(as<axiom_poly1305_ctx>(c), key_bytes(0), 32);
         axiom_poly1305_update(as<axiom_poly1305_ctx>(c), three, 3);
       },
       [](uint8_t* c) { axiom_poly1305_final(as<axiom_poly1305_ctx>(c), scratch); }, nullptr},
      {sizeof(streebog_ctx),
       [](uint8_t* c, uint8_t*) {
         streebog_init_256(as<streebog_ctx>(c)), streebog_update(as<streebog_ctx>(c), three, 3);
       },
       [](uint8_t* c) { streebog_final(as<streebog_ctx>(c), scratch); }, nullptr},
      {sizeof(streebog_ctx),
       [](uint8_t* c, uint8_t*) {
         streebog_init_512(as<streebog_ctx>(c)), streebog_update(as<streebog_ctx>(c), three, 3);
       },
       [](uint8_t* c) { streebog_final(as<streebog_ctx>(c), scratch); }, nullptr},
      {sizeof(axiom_aes_ctx),
       [](uint8_t* c, uint8_t*) { axiom_aes_init(as<axiom_aes_ctx>(c), key_bytes(0), 16); },
       [](uint8_t* c) { axiom_aes_clear(as<axiom_aes_ctx>(c)); },
       [](uint8_t* c) { axiom_aes_init(as<axiom_aes_ctx>(c), key_bytes(2), 32); }},
      {sizeof(axiom_aes_ctx),
       [](uint8_t* c, uint8_t*) { axiom_aes_init(as<axiom_aes_ctx>(c), key_bytes(1), 16); },
       [](uint8_t* c) { axiom_aes_clear(as<axiom_aes_ctx>(c)); },
       [](uint8_t* c) { axiom_aes_init(as<axiom_aes_ctx>(c), key_bytes(2), 32); }},
      {sizeof(axiom_aes_gcm_ctx),
       [](uint8_t* c, uint8_t*) { axiom_aes_gcm_init(as<axiom_aes_gcm_ctx>(c), key_bytes(0), 16); },
       [](uint8_t* c) { axiom_aes_gcm_clear(as<axiom_aes_gcm_ctx>(c)); }, nullptr},
      CIPHER_CTX(axiom_sm4, 0, 16),
      CIPHER_CTX(axiom_sm4, 1, 16),
      {sizeof(axiom_sm4_gcm_ctx),
       [](uint8_t* c, uint8_t*) { axiom_sm4_gcm_init(as<axiom_sm4_gcm_ctx>(c), key_bytes(0), 16); },
       [](uint8_t* c) { axiom_sm4_gcm_clear(as<axiom_sm4_gcm_ctx>(c)); }, nullptr},
      CIPHER_CTX(axiom_kuznyechik, 0, 32),
      CIPHER_CTX(axiom_kuznyechik, 1, 32),
      CIPHER_CTX(axiom_magma, 0, 32),
      CMAC_CTX(axiom_aes, Ctx::aes),
      CMAC_CTX(axiom_sm4, Ctx::sm4),
      CMAC_CTX(axiom_kuznyechik, Ctx::kuz),
      CMAC_CTX(axiom_magma, Ctx::magma),
  };
  return infos[static_cast<int>(which)];
}

// ---- The table.

// Arg: one argument of a call as the row's thunk reads it: a pointer and a length, or a value.
struct Arg {
  uint8_t* p = nullptr;
  size_t n = 0;
  uint64_t v = 0;
};

// The kinds of parameter. An input is read only; an output written; inout (an IV) both. A
// fixed buffer has no length argument.
enum class K { ctx, in, out, inout, scalar, cbc_jobs, cbc_jobs_padded, cmac_jobs, path };
// How an output may overlap the inputs: not at all (apart); exactly in place of the main
// input, same length (in_place) or same start (in_place_start: the AEADs' combined forms,
// padded CBC); any input (aside: fixed-size digests, tags and keys, written last).
enum class Policy { apart, in_place, in_place_start, aside };
// How a function uses a context: it needs one in the made state (use), (re)initialises it
// (init) or clears it (clear).
enum class Use { use, init, clear };

struct P {
  K k = K::in;
  size_t len = 0;  // bytes; a scalar's value
  bool fixed = false;
  Policy policy = Policy::apart;
  Ctx ctx = Ctx::sha256;
  Use use = Use::use;
  bool main = false;      // the input an in-place output may be exactly
  bool nullable = false;  // NULL is a valid value
  int null_code = AXIOM_ERR_NULL_POINTER;
  int pair_of = -1;                          // XTS: the data context of this tweak context
  std::vector<std::pair<size_t, int>> bads;  // other lengths (values) and their codes

  P& bad(size_t v, int c) {
    bads.push_back({v, c});
    return *this;
  }
  P& as_main() {
    main = true;
    return *this;
  }
  P& can_be_null() {
    nullable = true;
    return *this;
  }
  P& pair(int data) {
    pair_of = data;
    return *this;
  }
};

P param(K k, size_t len, bool fixed, Policy policy = Policy::apart) {
  P p;
  p.k = k, p.len = len, p.fixed = fixed, p.policy = policy;
  return p;
}
P context(Ctx c, Use use) {
  P p = param(K::ctx, 0, true);
  p.ctx = c, p.use = use;
  return p;
}
P ctx(Ctx c) { return context(c, Use::use); }
P init(Ctx c) { return context(c, Use::init); }
P clear(Ctx c) { return context(c, Use::clear); }
P in(size_t n) { return param(K::in, n, false); }
P fin(size_t n) { return param(K::in, n, true); }
P out(size_t n, Policy p = Policy::apart) { return param(K::out, n, false, p); }
P fout(size_t n, Policy p = Policy::aside) { return param(K::out, n, true, p); }
P iv(size_t n) { return param(K::inout, n, true); }
P sc(uint64_t v) { return param(K::scalar, v, true); }
P jobs(K k, size_t block) { return param(k, block, false); }  // two jobs, blocks of `block` bytes
P path() {
  P p = param(K::path, 0, true);
  p.null_code = -1;
  return p;
}

using Thunk = int (*)(Arg*);

struct Row {
  const char* name;
  std::vector<P> params;
  Thunk call;
  int ok = AXIOM_OK;    // what the valid call returns
  bool reports = true;  // false: misuse is not reported; the call returns quiet
  int quiet = 0;
  bool random = false;              // the output differs on every call
  void (*prepare)(Arg*) = nullptr;  // makes the valid call's input (a ciphertext to open)
};

Row quiet(Row r, int value = 0) {
  r.reports = false;
  r.quiet = value;
  return r;
}

#define C(T, i) reinterpret_cast<T*>(a[i].p)
#define S(i) reinterpret_cast<const char*>(a[i].p)

constexpr int NUL = AXIOM_ERR_NULL_POINTER, LEN = AXIOM_ERR_INVALID_LENGTH,
              ARG = AXIOM_ERR_INVALID_ARGUMENT, KEY = AXIOM_ERR_INVALID_KEY_SIZE,
              NONCE = AXIOM_ERR_INVALID_NONCE_SIZE, TAG = AXIOM_ERR_INVALID_TAG_SIZE,
              OVL = AXIOM_ERR_OVERLAPPING_BUFFERS, SIZE = AXIOM_ERR_OUTPUT_SIZE_MISMATCH,
              LONG = AXIOM_ERR_OUTPUT_TOO_LONG, AUTH = AXIOM_ERR_AUTHENTICATION_FAILED;
constexpr Policy IP = Policy::in_place, IPS = Policy::in_place_start, APART = Policy::apart;

// The plaintext the AEAD rows' prepare functions seal for their open rows.
const uint8_t* plain() {
  static uint8_t p[64] = {0x42};
  return p;
}

// The block-cipher rows of one cipher (prefix_*), over contexts CT and CMAC contexts CM; keys
// of KL bytes, blocks of B bytes.
#define CIPHER_ROWS(prefix, CT, CM, KL, B)                                                         \
  Row{#prefix "_init",                                                                             \
      {init(CT), in(KL).bad(KL + 1, KEY).bad(0, KEY)},                                             \
      [](Arg* a) { return prefix##_init(C(prefix##_ctx, 0), a[1].p, a[1].n); }},                   \
      quiet(Row{#prefix "_clear",                                                                  \
                {clear(CT)},                                                                       \
                [](Arg* a) { return prefix##_clear(C(prefix##_ctx, 0)), 0; }}),                    \
      Row{#prefix "_encrypt_block",                                                                \
          {ctx(CT), fout(B, IP), fin(B).as_main()},                                                \
          [](Arg* a) { return prefix##_encrypt_block(C(prefix##_ctx, 0), a[1].p, a[2].p); }},      \
      Row{#prefix "_decrypt_block",                                                                \
          {ctx(CT), fout(B, IP), fin(B).as_main()},                                                \
          [](Arg* a) { return prefix##_decrypt_block(C(prefix##_ctx, 0), a[1].p, a[2].p); }},      \
      Row{#prefix "_ecb_encrypt",                                                                  \
          {ctx(CT), out(32, IP).bad(48, SIZE), in(32).as_main().bad(17, ARG)},                     \
          [](Arg* a) {                                                                             \
            return prefix##_ecb_encrypt(C(prefix##_ctx, 0), a[1].p, a[1].n, a[2].p, a[2].n);       \
          }},                                                                                      \
      Row{#prefix "_ecb_decrypt",                                                                  \
          {ctx(CT), out(32, IP).bad(16, SIZE), in(32).as_main().bad(31, ARG)},                     \
          [](Arg* a) {                                                                             \
            return prefix##_ecb_decrypt(C(prefix##_ctx, 0), a[1].p, a[1].n, a[2].p, a[2].n);       \
          }},                                                                                      \
      Row{#prefix "_cbc_encrypt",                                                                  \
          {ctx(CT), iv(B), out(32, IP).bad(48, SIZE), in(32).as_main().bad(33, ARG)},              \
          [](Arg* a) {                                                                             \
            return prefix##_cbc_encrypt(C(prefix##_ctx, 0), a[1].p, a[2].p, a[2].n, a[3].p,        \
                                        a[3].n);                                                   \
          }},                                                                                      \
      Row{#prefix "_cbc_decrypt",                                                                  \
          {ctx(CT), iv(B), out(32, IP).bad(16, SIZE), in(32).as_main().bad(1, ARG)},               \
          [](Arg* a) {                                                                             \
            return prefix##_cbc_decrypt(C(prefix##_ctx, 0), a[1].p, a[2].p, a[2].n, a[3].p,        \
                                        a[3].n);                                                   \
          }},                                                                                      \
      Row{#prefix "_ctr_xor",                                                                      \
          {ctx(CT), fin(B), sc(5), out(33, IP).bad(34, SIZE), in(33).as_main()},                   \
          [](Arg* a) {                                                                             \
            return prefix##_ctr_xor(C(prefix##_ctx, 0), a[1].p, a[2].v, a[3].p, a[3].n, a[4].p,    \
                                    a[4].n);                                                       \
          }},                                                                                      \
      Row{#prefix "_cfb_encrypt",                                                                  \
          {ctx(CT), iv(B), out(33, IP).bad(32, SIZE), in(33).as_main()},                           \
          [](Arg* a) {                                                                             \
            return prefix##_cfb_encrypt(C(prefix##_ctx, 0), a[1].p, a[2].p, a[2].n, a[3].p,        \
                                        a[3].n);                                                   \
          }},                                                                                      \
      Row{#prefix "_cfb_decrypt",                                                                  \
          {ctx(CT), iv(B), out(33, IP).bad(34, SIZE), in(33).as_main()},                           \
          [](Arg* a) {                                                                             \
            return prefix##_cfb_decrypt(C(prefix##_ctx, 0), a[1].p, a[2].p, a[2].n, a[3].p,        \
                                        a[3].n);                                                   \
          }},                                                                                      \
      Row{#prefix "_ofb_xor",                                                                      \
          {ctx(CT), iv(B), out(33, IP).bad(34, SIZE), in(33).as_main()},                           \
          [](Arg* a) {                                                                             \
            return prefix##_ofb_xor(C(prefix##_ctx, 0), a[1].p, a[2].p, a[2].n, a[3].p, a[3].n);   \
          }},                                                                                      \
      Row{#prefix "_cmac",                                                                         \
          {ctx(CT), fout(B), in(40)},                                                              \
          [](Arg* a) { return prefix##_cmac(C(prefix##_ctx, 0), a[1].p, a[2].p, a[2].n); }},       \
      Row{#prefix "_cmac_init",                                                                    \
          {init(CM), ctx(CT)},                                                                     \
          [](Arg* a) { return prefix##_cmac_init(C(prefix##_cmac_ctx, 0), C(prefix##_ctx, 1)); }}, \
      Row{#prefix "_cmac_update",                                                                  \
          {ctx(CM), in(40)},                                                                       \
          [](Arg* a) { return prefix##_cmac_update(C(prefix##_cmac_ctx, 0), a[1].p, a[1].n); }},   \
      Row{#prefix "_cmac_final",                                                                   \
          {ctx(CM), fout(B)},                                                                      \
          [](Arg* a) { return prefix##_cmac_final(C(prefix##_cmac_ctx, 0), a[1].p); }},            \
      Row{#prefix "_cbc_encrypt_many",                                                             \
          {ctx(CT), jobs(K::cbc_jobs, B)},                                                         \
          [](Arg* a) {                                                                             \
            return prefix##_cbc_encrypt_many(C(prefix##_ctx, 0), C(const axiom_cbc_job, 1),        \
                                             a[1].n);                                              \
          }},                                                                                      \
      Row{#prefix "_cbc_encrypt_many_padded",                                                      \
          {ctx(CT), jobs(K::cbc_jobs_padded, B)},                                                  \
          [](Arg* a) {                                                                             \
            return prefix##_cbc_encrypt_many_padded(C(prefix##_ctx, 0), C(const axiom_cbc_job, 1), \
                                                    a[1].n);                                       \
          }},                                                                                      \
      Row {                                                                                        \
#prefix "_cmac_many",                                                                          \
        {ctx(CT), jobs(K::cmac_jobs, B) },                                                         \
         [](Arg *                                                                                  \
            a) { return prefix##_cmac_many(C(prefix##_ctx, 0), C(axiom_cmac_job, 1), a[1].n); }    \
  }

// XTS over contexts CT (data key) and CT2 (tweak key), for ciphers of 16-byte blocks.
#define XTS_ROWS(prefix, CT, CT2)                                                             \
  Row{#prefix "_xts_encrypt",                                                                 \
      {ctx(CT), ctx(CT2).pair(0), sc(AXIOM_XTS_IEEE1619).bad(2, ARG), fin(16),                \
       out(40, IP).bad(41, SIZE), in(40).as_main().bad(15, ARG)},                             \
      [](Arg* a) {                                                                            \
        return prefix##_xts_encrypt(C(prefix##_ctx, 0), C(prefix##_ctx, 1),                   \
                                    static_cast<int>(a[2].v), a[3].p, a[4].p, a[4].n, a[5].p, \
                                    a[5].n);                                                  \
      }},                                                                                     \
      Row {                                                                                   \
#prefix "_xts_decrypt",                                                                  \
          {ctx(CT), ctx(CT2).pair(0), sc(AXIOM_XTS_GB17964).bad(7, ARG), fin(16),                  \
           out(40, IP).bad(39, SIZE), in(40).as_main().bad(0, ARG)},                               \
          [](Arg* a) {                                                                             \
            return prefix##_xts_decrypt(C(prefix##_ctx, 0), C(prefix##_ctx, 1),                    \
                                        static_cast<int>(a[2].v), a[3].p, a[4].p, a[4].n, a[5].p,  \
                                        a[5].n);                                                   \
          }    \
  }

// The four forms of an AEAD over a context CT (prefix_seal(ctx, out, nonce, aad, in), ...),
// nonces of NL bytes (BN: a wrong length), tags of TL bytes (BT: a wrong length of a detached
// one).
#define CTX_AEAD_ROWS(prefix, CT, T, NL, BN, TL, BT)                                               \
  Row{#prefix "_seal",                                                                             \
      {ctx(CT), out(32 + TL, IPS).bad(47, SIZE), in(NL).bad(BN, NONCE), in(20), in(32).as_main()}, \
      [](Arg* a) {                                                                                 \
        return prefix##_seal(C(T, 0), a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n, a[4].p,      \
                             a[4].n);                                                              \
      }},                                                                                          \
      Row{#prefix "_open",                                                                         \
          {ctx(CT), out(32, IPS).bad(33, SIZE), in(NL).bad(BN, NONCE), in(20),                     \
           in(32 + TL).as_main().bad(TL - 1, AUTH)},                                               \
          [](Arg* a) {                                                                             \
            return prefix##_open(C(T, 0), a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n, a[4].p,  \
                                 a[4].n);                                                          \
          },                                                                                       \
          AXIOM_OK,                                                                                \
          true,                                                                                    \
          0,                                                                                       \
          false,                                                                                   \
          [](Arg* a) {                                                                             \
            prefix##_seal(C(T, 0), a[4].p, a[4].n, a[2].p, a[2].n, a[3].p, a[3].n, plain(),        \
                          a[4].n - TL);                                                            \
          }},                                                                                      \
      Row{#prefix "_seal_detached",                                                                \
          {ctx(CT), out(32, IP).bad(31, SIZE), out(TL).bad(BT, TAG), in(NL).bad(BN, NONCE),        \
           in(20), in(32).as_main()},                                                              \
          [](Arg* a) {                                                                             \
            return prefix##_seal_detached(C(T, 0), a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n, \
                                          a[4].p, a[4].n, a[5].p, a[5].n);                         \
          }},                                                                                      \
      Row {                                                                                        \
#prefix "_open_detached",                                                                   \
          {ctx(CT), out(32, IP).bad(33, SIZE), in(TL).bad(BT, TAG), in(NL).bad(BN, NONCE), in(20), in(32).as_main()}, \
          [](Arg* a) {                                                                                \
            return prefix##_open_detached(C(T, 0), a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n, a[4].p, a[4].n, \
                                          a[5].p, a[5].n);                                            \
          },                                                                                          \
          AXIOM_OK, true, 0, false,                                                                   \
          [](Arg* a) {                                                                                \
            prefix##_seal_detached(C(T, 0), a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n, a[4].p, a[4].n, \
                                   plain(), a[5].n);                                                  \
            std::memcpy(a[5].p, a[1].p, a[5].n);                                                      \
          }      \
  }

// CTR-ACPKM and MGM of a GOST cipher of B-byte blocks over contexts CT: IVs of B/2 bytes,
// sections of whole blocks, MGM nonces and tags of a block.
#define GOST_ROWS(prefix, CT, B)                                                                  \
  Row{#prefix "_ctr_acpkm_xor",                                                                   \
      {ctx(CT), in(B / 2).bad(B, NONCE), sc(4 * B).bad(B + 4, ARG).bad(0, ARG),                   \
       out(50, IP).bad(51, SIZE), in(50).as_main()},                                              \
      [](Arg* a) {                                                                                \
        return prefix##_ctr_acpkm_xor(C(prefix##_ctx, 0), a[1].p, a[1].n, a[2].v, a[3].p, a[3].n, \
                                      a[4].p, a[4].n);                                            \
      }},                                                                                         \
      CTX_AEAD_ROWS(prefix##_mgm, CT, prefix##_ctx, B, B - 4, B, 3)

// The four forms of an AEAD keyed per call (prefix_seal(out, key, nonce, aad, in), ...).
#define KEY_AEAD_ROWS(prefix, NL)                                                                  \
  Row{#prefix "_seal",                                                                             \
      {out(48, IPS).bad(49, SIZE), in(32).bad(16, KEY), in(NL).bad(12 + 24 - NL, NONCE), in(20),   \
       in(32).as_main()},                                                                          \
      [](Arg* a) {                                                                                 \
        return prefix##_seal(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n,       \
                             a[4].p, a[4].n);                                                      \
      }},                                                                                          \
      Row{#prefix "_open",                                                                         \
          {out(32, IPS).bad(31, SIZE), in(32).bad(31, KEY), in(NL).bad(NL - 1, NONCE), in(20),     \
           in(48).as_main().bad(3, AUTH)},                                                         \
          [](Arg* a) {                                                                             \
            return prefix##_open(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n,   \
                                 a[4].p, a[4].n);                                                  \
          },                                                                                       \
          AXIOM_OK,                                                                                \
          true,                                                                                    \
          0,                                                                                       \
          false,                                                                                   \
          [](Arg* a) {                                                                             \
            prefix##_seal(a[4].p, a[4].n, a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n, plain(), \
                          a[4].n - 16);                                                            \
          }},                                                                                      \
      Row{#prefix "_seal_detached",                                                                \
          {out(32, IP).bad(33, SIZE), out(16).bad(12, TAG), in(32).bad(0, KEY),                    \
           in(NL).bad(0, NONCE), in(20), in(32).as_main()},                                        \
          [](Arg* a) {                                                                             \
            return prefix##_seal_detached(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n, a[3].p,  \
                                          a[3].n, a[4].p, a[4].n, a[5].p, a[5].n);                 \
          }},                                                                                      \
      Row {                                                                                        \
#prefix "_open_detached",                                                                   \
          {out(32, IP).bad(31, SIZE), in(16).bad(15, TAG), in(32).bad(33, KEY), in(NL).bad(NL + 1, NONCE), in(20), \
           in(32).as_main()},                                                                         \
          [](Arg* a) {                                                                                \
            return prefix##_open_detached(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n, a[4].p, \
                                          a[4].n, a[5].p, a[5].n);                                    \
          },                                                                                          \
          AXIOM_OK, true, 0, false,                                                                   \
          [](Arg* a) {                                                                                \
            prefix##_seal_detached(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n, a[3].p, a[3].n, a[4].p, a[4].n, \
                                   plain(), a[5].n);                                                  \
            std::memcpy(a[5].p, a[0].p, a[5].n);                                                      \
          }      \
  }

const std::vector<Row>& table() {
  static const std::vector<Row> rows = {
      quiet(Row{"axiom_error_text",
                {sc(static_cast<uint64_t>(NUL))},
                [](Arg* a) { return axiom_error_text(static_cast<int>(a[0].v)) ? 0 : -1; }}),
      quiet(Row{"axiom_version", {}, [](Arg*) { return axiom_version() ? 0 : -1; }}),
      Row{"axiom_sha256_init",
          {init(Ctx::sha256)},
          [](Arg* a) { return axiom_sha256_init(C(axiom_sha256_ctx, 0)); }},
      Row{"axiom_sha256_update",
          {ctx(Ctx::sha256), in(64)},
          [](Arg* a) { return axiom_sha256_update(C(axiom_sha256_ctx, 0), a[1].p, a[1].n); }},
      Row{"axiom_sha256_final",
          {ctx(Ctx::sha256), fout(32)},
          [](Arg* a) { return axiom_sha256_final(C(axiom_sha256_ctx, 0), a[1].p); }},
      Row{"axiom_sha256",
          {fout(32), in(64)},
          [](Arg* a) { return axiom_sha256(a[0].p, a[1].p, a[1].n); }},
      Row{"axiom_hmac_sha256",
          {fout(32), in(20), in(64)},
          [](Arg* a) { return axiom_hmac_sha256(a[0].p, a[1].p, a[1].n, a[2].p, a[2].n); }},
      Row{"axiom_hkdf_sha256",
          {out(64).bad(255 * 32 + 1, LONG), in(22), in(13), in(10)},
          [](Arg* a) {
            return axiom_hkdf_sha256(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n, a[3].p,
                                     a[3].n);
          }},
      Row{"axiom_pbkdf2_hmac_sha256",
          {out(40), in(8), in(16), sc(2).bad(0, ARG)},
          [](Arg* a) {
            return axiom_pbkdf2_hmac_sha256(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n,
                                            static_cast<uint32_t>(a[3].v));
          }},
      Row{"axiom_random",
          {out(32)},
          [](Arg* a) { return axiom_random(a[0].p, a[0].n); },
          AXIOM_OK,
          true,
          0,
          true},
      quiet(Row{"axiom_ct_equal",
                {in(32), fin(32)},
                [](Arg* a) { return axiom_ct_equal(a[0].p, a[1].p, a[0].n); },
                1,
                true,
                0,
                false,
                [](Arg* a) { std::memcpy(a[1].p, a[0].p, 32); }}),
      quiet(Row{"axiom_wipe", {out(32)}, [](Arg* a) { return axiom_wipe(a[0].p, a[0].n), 0; }}),
      Row{"axiom_hmac_streebog256",
          {fout(32), in(20), in(64)},
          [](Arg* a) { return axiom_hmac_streebog256(a[0].p, a[1].p, a[1].n, a[2].p, a[2].n); }},
      Row{"axiom_hmac_streebog512",
          {fout(64), in(20), in(64)},
          [](Arg* a) { return axiom_hmac_streebog512(a[0].p, a[1].p, a[1].n, a[2].p, a[2].n); }},
      Row{"axiom_pbkdf2_hmac_streebog512",
          {out(70), in(8), in(16), sc(2).bad(0, ARG)},
          [](Arg* a) {
            return axiom_pbkdf2_hmac_streebog512(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n,
                                                 static_cast<uint32_t>(a[3].v));
          }},
      Row{"axiom_kdf_gostr3411_2012_256",
          {fout(32), in(32), in(4), in(8)},
          [](Arg* a) {
            return axiom_kdf_gostr3411_2012_256(a[0].p, a[1].p, a[1].n, a[2].p, a[2].n, a[3].p,
                                                a[3].n);
          }},
      Row{"axiom_kdf_tree_gostr3411_2012_256",
          {out(64).bad(0, ARG).bad(257 * 32, LONG), in(32), in(4), in(8),
           sc(1).bad(5, ARG).bad(0, ARG)},
          [](Arg* a) {
            return axiom_kdf_tree_gostr3411_2012_256(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n,
                                                     a[3].p, a[3].n, a[4].v);
          }},
      CIPHER_ROWS(axiom_aes, Ctx::aes, Ctx::aes_cmac, 16, 16),
      XTS_ROWS(axiom_aes, Ctx::aes, Ctx::aes_tweak),
      Row{"axiom_aes_gcm_init",
          {init(Ctx::aes_gcm), in(24).bad(20, KEY)},
          [](Arg* a) { return axiom_aes_gcm_init(C(axiom_aes_gcm_ctx, 0), a[1].p, a[1].n); }},
      quiet(Row{"axiom_aes_gcm_clear",
                {clear(Ctx::aes_gcm)},
                [](Arg* a) { return axiom_aes_gcm_clear(C(axiom_aes_gcm_ctx, 0)), 0; }}),
      CTX_AEAD_ROWS(axiom_aes_gcm, Ctx::aes_gcm, axiom_aes_gcm_ctx, 12, 0, 16, 11),
      CIPHER_ROWS(axiom_sm4, Ctx::sm4, Ctx::sm4_cmac, 16, 16),
      XTS_ROWS(axiom_sm4, Ctx::sm4, Ctx::sm4_tweak),
      CTX_AEAD_ROWS(axiom_sm4_ccm, Ctx::sm4, axiom_sm4_ctx, 12, 6, 16, 5),
      Row{"axiom_sm4_gcm_init",
          {init(Ctx::sm4_gcm), in(16).bad(32, KEY)},
          [](Arg* a) { return axiom_sm4_gcm_init(C(axiom_sm4_gcm_ctx, 0), a[1].p, a[1].n); }},
      quiet(Row{"axiom_sm4_gcm_clear",
                {clear(Ctx::sm4_gcm)},
                [](Arg* a) { return axiom_sm4_gcm_clear(C(axiom_sm4_gcm_ctx, 0)), 0; }}),
      CTX_AEAD_ROWS(axiom_sm4_gcm, Ctx::sm4_gcm, axiom_sm4_gcm_ctx, 12, 0, 16, 17),
      CIPHER_ROWS(axiom_kuznyechik, Ctx::kuz, Ctx::kuz_cmac, 32, 16),
      XTS_ROWS(axiom_kuznyechik, Ctx::kuz, Ctx::kuz_tweak),
      GOST_ROWS(axiom_kuznyechik, Ctx::kuz, 16),
      CIPHER_ROWS(axiom_magma, Ctx::magma, Ctx::magma_cmac, 32, 8),
      GOST_ROWS(axiom_magma, Ctx::magma, 8),
      Row{"axiom_chacha20",
          {out(40, IP).bad(41, SIZE), in(32).bad(16, KEY), in(12).bad(24, NONCE), sc(1),
           in(40).as_main()},
          [](Arg* a) {
            return axiom_chacha20(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n,
                                  static_cast<uint32_t>(a[3].v), a[4].p, a[4].n);
          }},
      Row{"axiom_xchacha20",
          {out(40, IP).bad(39, SIZE), in(32).bad(33, KEY), in(24).bad(12, NONCE), sc(1),
           in(40).as_main()},
          [](Arg* a) {
            return axiom_xchacha20(a[0].p, a[0].n, a[1].p, a[1].n, a[2].p, a[2].n,
                                   static_cast<uint32_t>(a[3].v), a[4].p, a[4].n);
          }},
      Row{"axiom_poly1305",
          {fout(16), in(32).bad(16, KEY), in(50)},
          [](Arg* a) { return axiom_poly1305(a[0].p, a[1].p, a[1].n, a[2].p, a[2].n); }},
      Row{"axiom_poly1305_init",
          {init(Ctx::poly1305), in(32).bad(31, KEY)},
          [](Arg* a) { return axiom_poly1305_init(C(axiom_poly1305_ctx, 0), a[1].p, a[1].n); }},
      Row{"axiom_poly1305_update",
          {ctx(Ctx::poly1305), in(50)},
          [](Arg* a) { return axiom_poly1305_update(C(axiom_poly1305_ctx, 0), a[1].p, a[1].n); }},
      Row{"axiom_poly1305_final",
          {ctx(Ctx::poly1305), fout(16)},
          [](Arg* a) { return axiom_poly1305_final(C(axiom_poly1305_ctx, 0), a[1].p); }},
      KEY_AEAD_ROWS(axiom_chacha20_poly1305, 12),
      KEY_AEAD_ROWS(axiom_xchacha20_poly1305, 24),
      Row{"streebog_init_512",
          {init(Ctx::streebog512)},
          [](Arg* a) { return streebog_init_512(C(streebog_ctx, 0)); }},
      Row{"streebog_init_256",
          {init(Ctx::streebog256)},
          [](Arg* a) { return streebog_init_256(C(streebog_ctx, 0)); }},
      Row{"streebog_update",
          {ctx(Ctx::streebog512), in(64)},
          [](Arg* a) { return streebog_update(C(streebog_ctx, 0), a[1].p, a[1].n); }},
      Row{"streebog_update",
          {ctx(Ctx::streebog256), in(64)},
          [](Arg* a) { return streebog_update(C(streebog_ctx, 0), a[1].p, a[1].n); }},
      Row{"streebog_final",
          {ctx(Ctx::streebog512), fout(64)},
          [](Arg* a) { return streebog_final(C(streebog_ctx, 0), a[1].p); }},
      Row{"streebog_final",
          {ctx(Ctx::streebog256), fout(32)},
          [](Arg* a) { return streebog_final(C(streebog_ctx, 0), a[1].p); }},
      Row{"streebog_hash_512",
          {in(64), fout(64)},
          [](Arg* a) { return streebog_hash_512(a[0].p, a[0].n, a[1].p); }},
      Row{"streebog_hash_256",
          {in(64), fout(32)},
          [](Arg* a) { return streebog_hash_256(a[0].p, a[0].n, a[1].p); }},
      Row{"streebog_hash_512_hex",
          {in(64), fout(129)},
          [](Arg* a) { return streebog_hash_512_hex(a[0].p, a[0].n, C(char, 1)); }},
      Row{"streebog_hash_256_hex",
          {in(64), fout(65)},
          [](Arg* a) { return streebog_hash_256_hex(a[0].p, a[0].n, C(char, 1)); }},
      Row{"streebog_bytes_to_hex",
          {in(32), fout(65, APART)},
          [](Arg* a) { return streebog_bytes_to_hex(a[0].p, a[0].n, C(char, 1)); }},
      quiet(Row{"streebog_version", {}, [](Arg*) { return streebog_version() ? 0 : -1; }}),
      Row{"streebog_hash_file_dual",
          {path(), fout(32).can_be_null(), fout(64).can_be_null()},
          [](Arg* a) { return streebog_hash_file_dual(S(0), a[1].p, a[2].p, nullptr, nullptr); }},
  };
  return rows;
}

// ---- A call of a row, set up in one arena that holds every buffer and context.

// A Buffer is one buffer of a call: an argument's, a job's, or a CMAC context's cipher
// context. The call finds it through p and n (n null: its length is fixed).
enum class Role { in, out, inout, ctx, jobs_in, jobs_out, scalar };

struct Buffer {
  Role role;
  int param;  // the row's parameter it belongs to (-1: a CMAC context's cipher context)
  uint8_t** p;
  size_t* n;
  size_t len;
  Policy policy = Policy::apart;
  int main = -1;  // the buffer an in-place output may be exactly
  const P* spec = nullptr;
  Ctx ctx = Ctx::sha256;
  int job = -1;    // a job's buffer: the job's number
  int owner = -1;  // a job's buffer: the job array's buffer
};

const char* file_path() {  // a file for streebog_hash_file_dual
  static std::string path = [] {
    char name[] = "/tmp/axiom_misuse_XXXXXX";
    const int fd = mkstemp(name);
    if (fd >= 0) {
      (void)!write(fd, "abc", 3);
      close(fd);
    }
    std::atexit([] { unlink(file_path()); });
    return std::string(name);
  }();
  return path.c_str();
}

constexpr size_t slot_size = 12288, slot_lead = 2048;  // room around each buffer for shifted copies

class Invocation {
 public:
  explicit Invocation(const Row& row) : row_(row), args_(row.params.size()) {
    backings_.reserve(row.params.size());  // bufs_ points into it
#if defined(_WIN32)
    arena_ = static_cast<uint8_t*>(_aligned_malloc(slot_size * slots_, 64));  // no aligned_alloc
#else
    arena_ = static_cast<uint8_t*>(std::aligned_alloc(64, slot_size * slots_));
#endif
    std::memset(arena_, 0x5a, slot_size * slots_);
    int main_index = -1;
    for (size_t i = 0; i < row.params.size(); ++i)
      if (row.params[i].main) main_index = static_cast<int>(i);
    std::vector<int> param_buffer(row.params.size(), -1);
    for (size_t i = 0; i < row.params.size(); ++i) {
      const P& s = row.params[i];
      Arg& a = args_[i];
      param_buffer[i] = static_cast<int>(bufs_.size());
      switch (s.k) {
        case K::ctx: {
          const CtxInfo& ci = info(s.ctx);
          a.p = slot();
          uint8_t* backing = nullptr;
          if (ci.backing >= 0 && s.use == Use::use) {
            backing = slot();
            info(static_cast<Ctx>(ci.backing)).make(backing, nullptr);
          }
          if (s.use == Use::use) ci.make(a.p, backing);
          bufs_.push_back({Role::ctx, static_cast<int>(i), &a.p, nullptr, ci.size, Policy::apart,
                           -1, &s, s.ctx});
          if (backing) {
            backings_.push_back(backing);
            bufs_.push_back({Role::ctx, -1, &backings_.back(), nullptr,
                             info(static_cast<Ctx>(ci.backing)).size, Policy::apart, -1, nullptr,
                             static_cast<Ctx>(ci.backing)});
          }
          break;
        }
        case K::in:
        case K::inout:
        case K::path:
          a.p = slot();
          a.n = s.len;
          if (s.k == K::path) {
            std::strcpy(reinterpret_cast<char*>(a.p), file_path());
            a.n = std::strlen(file_path()) + 1;
          } else {
            pattern(a.p, s.len, i);
          }
          bufs_.push_back({s.k == K::inout ? Role::inout : Role::in, static_cast<int>(i), &a.p,
                           s.fixed ? nullptr : &a.n, a.n, Policy::apart, -1, &s});
          break;
        case K::out:
          a.p = slot();
          a.n = s.len;
          std::memset(a.p, 0xcc, s.len);
          bufs_.push_back({Role::out, static_cast<int>(i), &a.p, s.fixed ? nullptr : &a.n, s.len,
                           s.policy, -1, &s});
          break;
        case K::scalar:
          a.v = s.len;
          bufs_.push_back(
              {Role::scalar, static_cast<int>(i), nullptr, nullptr, 0, Policy::apart, -1, &s});
          break;
        case K::cbc_jobs:
        case K::cbc_jobs_padded: {
          const bool pad = s.k == K::cbc_jobs_padded;
          auto* jobs = reinterpret_cast<axiom_cbc_job*>(slot());
          a.p = reinterpret_cast<uint8_t*>(jobs);
          a.n = 2;
          bufs_.push_back({Role::jobs_in, static_cast<int>(i), &a.p, &a.n, 2 * sizeof *jobs,
                           Policy::apart, -1, &s});
          for (int j = 0; j < 2; ++j) {
            const size_t in_len =
                pad ? 20 + 13 * static_cast<size_t>(j) : 32 + 16 * static_cast<size_t>(j);
            const size_t out_len = pad ? (in_len / s.len + 1) * s.len : in_len;
            axiom_cbc_job& job = jobs[j];
            job.in = slot();
            job.in_len = in_len;
            pattern(const_cast<uint8_t*>(job.in), in_len, 10 + static_cast<size_t>(j));
            job.out = slot();
            job.out_len = out_len;
            std::memset(job.out, 0xcc, out_len);
            std::memset(job.iv, j, 16);
            const int array = param_buffer[i];
            bufs_.push_back({Role::in, static_cast<int>(i), const_cast<uint8_t**>(&job.in),
                             &job.in_len, in_len, Policy::apart, -1, nullptr, Ctx::sha256, j,
                             array});
            bufs_.push_back({Role::out, static_cast<int>(i), &job.out, &job.out_len, out_len,
                             pad ? IPS : IP, static_cast<int>(bufs_.size()) - 1, nullptr,
                             Ctx::sha256, j, array});
          }
          break;
        }
        case K::cmac_jobs: {
          auto* jobs = reinterpret_cast<axiom_cmac_job*>(slot());
          a.p = reinterpret_cast<uint8_t*>(jobs);
          a.n = 2;
          bufs_.push_back({Role::jobs_out, static_cast<int>(i), &a.p, &a.n, 2 * sizeof *jobs,
                           Policy::apart, -1, &s});
          for (int j = 0; j < 2; ++j) {
            axiom_cmac_job& job = jobs[j];
            job.msg = slot();
            job.msg_len = 17 + 16 * static_cast<size_t>(j);
            pattern(const_cast<uint8_t*>(job.msg), job.msg_len, 20 + static_cast<size_t>(j));
            std::memset(job.tag, 0xcc, 16);
            bufs_.push_back({Role::in, static_cast<int>(i), const_cast<uint8_t**>(&job.msg),
                             &job.msg_len, job.msg_len, Policy::apart, -1, nullptr, Ctx::sha256, j,
                             param_buffer[i]});
          }
          break;
        }
      }
    }
    for (Buffer& b : bufs_)
      if (b.role == Role::out && b.main < 0 && (b.policy == IP || b.policy == IPS) &&
          main_index >= 0)
        b.main = param_buffer[static_cast<size_t>(main_index)];
    if (row.prepare) row.prepare(args_.data());
  }
#if defined(_WIN32)
  ~Invocation() { _aligned_free(arena_); }
#else
  ~Invocation() { std::free(arena_); }
#endif
  Invocation(const Invocation&) = delete;
  Invocation& operator=(const Invocation&) = delete;

  int call() { return row_.call(args_.data()); }

  // slot: a fresh 64-byte aligned place with room before and after it.
  uint8_t* slot() {
    if (used_ == slots_) std::abort();  // a row needs more slots_
    return arena_ + slot_size * used_++ + slot_lead;
  }

  // outputs: the bytes of every output of the call where they are now.
  std::vector<std::vector<uint8_t>> outputs() const {
    std::vector<std::vector<uint8_t>> r;
    for (const Buffer& b : bufs_) {
      r.emplace_back();
      if (!(b.role == Role::out || b.role == Role::inout || b.role == Role::jobs_out) || !*b.p)
        continue;
      if (b.role != Role::jobs_out) {
        r.back().assign(*b.p, *b.p + b.len);
        continue;
      }
      const auto* jobs =
          reinterpret_cast<const axiom_cmac_job*>(*b.p);  // the tags (the rest are pointers)
      for (size_t j = 0; j < b.len / sizeof *jobs; ++j)
        r.back().insert(r.back().end(), jobs[j].tag, jobs[j].tag + 16);
    }
    return r;
  }

  std::vector<uint8_t> arena() const { return {arena_, arena_ + slot_size * slots_}; }
  // init_areas: the bytes of the contexts the call initialises (a failed _init wipes them).
  std::vector<std::pair<size_t, size_t>> init_areas() const {
    std::vector<std::pair<size_t, size_t>> r;
    for (const Buffer& b : bufs_)
      if (b.role == Role::ctx && b.spec && b.spec->use == Use::init && *b.p)
        r.push_back({static_cast<size_t>(*b.p - arena_), b.len});
    return r;
  }

  const Row& row_;
  std::vector<Arg> args_;
  std::vector<Buffer> bufs_;
  std::vector<uint8_t*> backings_;

 private:
  static void pattern(uint8_t* p, size_t n, size_t seed) {
    for (size_t i = 0; i < n; ++i) p[i] = static_cast<uint8_t>((i * 31 + seed * 17 + 5) & 0x7f);
  }
  static constexpr size_t slots_ = 12;
  uint8_t* arena_;
  size_t used_ = 0;
};

// ---- The misuses.

enum class Category {
  null_pointer,
  impossible_length,
  context_state,
  moved_context,
  overlap,
  bad_size
};

struct Mutation {
  Category category;
  std::string what;
  std::vector<int> touches;  // the buffers it changes
  int code;                  // the code of the misuse in axiom.h
  int expect;                // what the call returns (code, or the row's quiet value)
  bool positive;             // the call must succeed as the valid one, with the same outputs
  std::function<void(Invocation&)> apply;
};

// writes_nothing: a call failing with code must leave every byte as it was, but a failed
// _init wipes its context.
bool writes_nothing(int code) { return code == NUL || code == LEN || code == OVL; }

// rank: the place of a code in axiom.h's order of checks (-1: not in it).
int rank(int code) {
  static const std::vector<std::vector<int>> order = {
      {NUL}, {LEN}, {ARG},  {KEY},        {NONCE},
      {TAG}, {OVL}, {AUTH}, {SIZE, LONG}, {AXIOM_ERR_MESSAGE_TOO_LONG}};
  for (size_t r = 0; r < order.size(); ++r)
    for (int c : order[r])
      if (c == code) return static_cast<int>(r);
  return -1;
}

std::string describe(const Invocation& s, int b) {
  const Buffer& x = s.bufs_[static_cast<size_t>(b)];
  if (x.param < 0) return "the CMAC context's cipher context";
  std::ostringstream o;
  o << "arg " << x.param;
  if (x.job >= 0) o << " job " << x.job << (x.role == Role::out ? " output" : " input");
  return o.str();
}

bool writes(Role r) { return r == Role::out || r == Role::inout || r == Role::jobs_out; }

// relocate: a mutation that puts buffer `mover` at `offset` bytes from buffer `fixed`.
std::function<void(Invocation&)> relocate(int mover, int fixed, std::ptrdiff_t offset) {
  return [=](Invocation& s) {
    Buffer& m = s.bufs_[static_cast<size_t>(mover)];
    *m.p = *s.bufs_[static_cast<size_t>(fixed)].p + offset;
  };
}

std::vector<Mutation> mutations(const Row& row) {
  Invocation s(row);
  std::vector<Mutation> ms;
  const auto with_owner = [&](std::vector<int> t) {  // a job's fields live in the job array
    for (size_t i = 0, n = t.size(); i < n; ++i)
      if (s.bufs_[static_cast<size_t>(t[i])].owner >= 0)
        t.push_back(s.bufs_[static_cast<size_t>(t[i])].owner);
    return t;
  };
  const auto add = [&](Category c, std::string what, std::vector<int> touches, int expect,
                       bool positive, std::function<void(Invocation&)> apply) {
    ms.push_back({c, std::move(what), with_owner(std::move(touches)), expect,
                  !row.reports && !positive ? row.quiet : expect, positive, std::move(apply)});
  };
  const int nb = static_cast<int>(s.bufs_.size());
  for (int j = 0; j < nb; ++j) {
    const Buffer& b = s.bufs_[static_cast<size_t>(j)];
    const std::string name = describe(s, j);
    if (b.role == Role::ctx) {
      const CtxInfo& ci = info(b.ctx);
      const size_t size = ci.size;
      const Use use = b.spec ? b.spec->use : Use::use;
      const bool okay = use != Use::use;  // _init and _clear take a context in any state
      const int state_code = okay ? row.ok : ARG;
      if (b.param >= 0) {
        add(Category::null_pointer, name + " NULL", {j}, NUL, false,
            [j](Invocation& t) { *t.bufs_[static_cast<size_t>(j)].p = nullptr; });
        add(Category::context_state, name + " zeroed", {j}, state_code, okay,
            [j, size](Invocation& t) { std::memset(*t.bufs_[static_cast<size_t>(j)].p, 0, size); });
        add(Category::context_state, name + " never initialised", {j}, state_code, okay,
            [j, size](Invocation& t) {
              std::memset(*t.bufs_[static_cast<size_t>(j)].p, 0xa5, size);
            });
      }
      if (use == Use::use) {
        add(Category::context_state, name + (b.param < 0 ? " cleared" : " finished or cleared"),
            {j}, ARG, false,
            [j, &ci](Invocation& t) { ci.finish(*t.bufs_[static_cast<size_t>(j)].p); });
        if (b.param >= 0)
          for (std::ptrdiff_t shift : {8, 24, 40})
            add(Category::moved_context, name + " copied to a slot + " + std::to_string(shift), {j},
                row.ok, true, [j, size, shift](Invocation& t) {
                  uint8_t* to = t.slot() + shift;
                  std::memcpy(to, *t.bufs_[static_cast<size_t>(j)].p, size);
                  *t.bufs_[static_cast<size_t>(j)].p = to;
                });
      }
      if (b.spec && b.spec->pair_of >= 0) {
        int data = -1;
        for (int d = 0; d < nb; ++d)
          if (s.bufs_[static_cast<size_t>(d)].param == b.spec->pair_of) data = d;
        add(Category::context_state, name + " the same context as the data key", {j, data}, ARG,
            false, [j, data](Invocation& t) {
              *t.bufs_[static_cast<size_t>(j)].p = *t.bufs_[static_cast<size_t>(data)].p;
            });
        if (ci.alt)
          add(Category::context_state, name + " of another key size", {j}, KEY, false,
              [j, &ci](Invocation& t) { ci.alt(*t.bufs_[static_cast<size_t>(j)].p); });
      }
      continue;
    }
    if (b.role == Role::scalar) {
      for (auto [v, c] : b.spec->bads)
        add(Category::bad_size, name + " = " + std::to_string(v), {j}, c, false,
            [j, v = v](Invocation& t) {
              t.args_[static_cast<size_t>(t.bufs_[static_cast<size_t>(j)].param)].v = v;
            });
      continue;
    }
    const bool nullable = b.spec && b.spec->nullable;
    add(Category::null_pointer, name + " NULL", {j},
        nullable ? row.ok : (b.spec ? b.spec->null_code : NUL), nullable,
        [j](Invocation& t) { *t.bufs_[static_cast<size_t>(j)].p = nullptr; });
    if (b.n)
      for (size_t huge : {SIZE_MAX, static_cast<size_t>(PTRDIFF_MAX) + 1})
        add(Category::impossible_length, name + " length " + std::to_string(huge), {j}, LEN, false,
            [j, huge](Invocation& t) { *t.bufs_[static_cast<size_t>(j)].n = huge; });
    if (b.spec && b.n)
      for (auto [v, c] : b.spec->bads)
        add(Category::bad_size, name + " length " + std::to_string(v), {j}, c, false,
            [j, v = v](Invocation& t) { *t.bufs_[static_cast<size_t>(j)].n = v; });
  }

  // Overlaps: every pair of buffers of which one is a context or written.
  for (int x = 0; x < nb; ++x)
    for (int y = x + 1; y < nb; ++y) {
      const Buffer &bx = s.bufs_[static_cast<size_t>(x)], &by = s.bufs_[static_cast<size_t>(y)];
      if (bx.role == Role::scalar || by.role == Role::scalar) continue;
      if (bx.job >= 0 && by.job >= 0 && bx.job != by.job)
        continue;                                  // jobs sharing bytes: not checked
      const auto movable = [&](const Buffer& b) {  // its contents need not survive the move
        return b.role == Role::out || b.role == Role::in || b.role == Role::inout ||
               (b.role == Role::ctx && b.spec && b.spec->use == Use::init);
      };
      const bool cx = bx.role == Role::ctx, cy = by.role == Role::ctx;
      if (!cx && !cy && !writes(bx.role) && !writes(by.role)) continue;  // inputs may share bytes
      const auto read_only = [](const Buffer& b) {  // a buffer the call only reads
        return b.role == Role::in || b.role == Role::jobs_in ||
               (b.role == Role::ctx && (!b.spec || b.spec->use == Use::use) && keyed(b.ctx));
      };
      if (read_only(bx) && read_only(by)) continue;  // an input may share bytes with a key
      int mover, fixed;
      if (movable(bx) && (!movable(by) || (bx.role == Role::out && by.role != Role::out))) {
        mover = x, fixed = y;
      } else if (movable(by)) {
        mover = y, fixed = x;
      } else {
        continue;  // two contexts or job arrays: their bytes must stay
      }
      const Buffer &m = s.bufs_[static_cast<size_t>(mover)],
                   &f = s.bufs_[static_cast<size_t>(fixed)];
      int expect = OVL;
      bool positive = false;
      if (m.role == Role::out && f.role == Role::in && !cx && !cy) {
        if (m.policy == Policy::aside) {
          expect = row.ok, positive = true;
        }
      }
      const std::string what = describe(s, mover) + " over " + describe(s, fixed);
      const std::ptrdiff_t after = f.role == Role::ctx ? 8 : 1;
      add(Category::overlap, what + " + " + std::to_string(after), {mover, fixed}, expect, positive,
          relocate(mover, fixed, after));
      if (m.len > 1)
        add(Category::overlap, what + " - " + std::to_string(m.len - 1), {mover, fixed}, expect,
            positive, relocate(mover, fixed, -static_cast<std::ptrdiff_t>(m.len - 1)));
      if (m.role == Role::out && m.main == fixed) {
        add(Category::overlap, what + " exactly in place", {mover, fixed}, row.ok, true,
            relocate(mover, fixed, 0));
        if (m.policy == IP && m.n && f.n)
          add(Category::overlap, what + " in place but longer", {mover, fixed}, OVL, false,
              [=](Invocation& t) {
                relocate(mover, fixed, 0)(t);
                *t.bufs_[static_cast<size_t>(mover)].n =
                    t.bufs_[static_cast<size_t>(fixed)].len + 16;
              });
      }
    }
  return ms;
}

// ---- Running them.

struct Outcome {
  int code;
  bool same_outputs;
  bool nothing_written;
};

// run applies the mutations to a fresh call and calls it; code is the code the call should
// give (for the check that nothing was written).
Outcome run(const Row& row, const std::vector<const Mutation*>& apply, int code,
            const std::vector<std::vector<uint8_t>>& want) {
  Invocation s(row);
  for (const Mutation* m : apply) m->apply(s);
  std::vector<uint8_t> before;
  if (writes_nothing(code)) before = s.arena();
  Outcome o{s.call(), true, true};
  if (writes_nothing(code)) {
    std::vector<uint8_t> after = s.arena();
    if (code != OVL)
      for (auto [at, n] : s.init_areas()) {
        std::memset(before.data() + at, 0, n);
        std::memset(after.data() + at, 0, n);
      }
    o.nothing_written = before == after;
  }
  if (!row.random) {
    const auto got = s.outputs();
    for (size_t i = 0; i < got.size() && i < want.size(); ++i)
      if (!got[i].empty() && got[i] != want[i]) o.same_outputs = false;
  }
  return o;
}

std::vector<std::vector<uint8_t>> baseline(const Row& row) {
  Invocation s(row);
  (void)s.call();
  return s.outputs();
}

// The check every misuse of a category must pass.
void check_category(Category c) {
  size_t checked = 0;
  for (const Row& row : table()) {
    const auto want = baseline(row);
    for (const Mutation& m : mutations(row)) {
      if (m.category != c) continue;
      ++checked;
      const Outcome o = run(row, {&m}, m.positive ? row.ok : m.code, want);
      EXPECT_EQ(o.code, m.expect) << row.name << ": " << m.what;
      if (m.positive && o.code == m.expect) {
        EXPECT_TRUE(o.same_outputs) << row.name << ": " << m.what << ": outputs differ";
      }
      EXPECT_TRUE(o.nothing_written) << row.name << ": " << m.what << ": a failed call wrote";
    }
  }
  EXPECT_GT(checked, 0u);
  std::printf("%zu misuses checked\n", checked);
}

TEST(CApiMisuse, TableListsEveryFunction) {
  const std::regex decl(
      R"(^(?:AXIOM_(?:STREEBOG_)?API +)?(int|void|const char\*) +([a-z_0-9]+)\()");
  std::set<std::string> declared, listed;
  for (const char* name : {"axiom.h", "streebog.h"}) {
    std::ifstream header(std::string(AXIOM_SOURCE_DIR) + "/include/axiom/" + name);
    ASSERT_TRUE(header.good()) << name;
    for (std::string line; std::getline(header, line);) {
      std::smatch m;
      if (std::regex_search(line, m, decl)) declared.insert(m[2]);
    }
  }
  for (const Row& r : table()) listed.insert(r.name);
  EXPECT_GT(declared.size(), 100u);
  for (const std::string& f : declared) EXPECT_TRUE(listed.count(f)) << f << " has no row";
  for (const std::string& f : listed)
    EXPECT_TRUE(declared.count(f)) << f << " is not in axiom.h or streebog.h";
}

TEST(CApiMisuse, ValidCallsSucceed) {
  for (const Row& row : table()) {
    Invocation s(row);
    EXPECT_EQ(s.call(), row.ok) << row.name;
  }
}

TEST(CApiMisuse, NullPointers) { check_category(Category::null_pointer); }
TEST(CApiMisuse, ImpossibleLengths) { check_category(Category::impossible_length); }
TEST(CApiMisuse, ContextStates) { check_category(Category::context_state); }
TEST(CApiMisuse, MovedContexts) { check_category(Category::moved_context); }
TEST(CApiMisuse, Overlaps) { check_category(Category::overlap); }
TEST(CApiMisuse, BadSizes) { check_category(Category::bad_size); }

// Any two misuses of different places in axiom.h's order, on different arguments: the first
// one's code.
TEST(CApiMisuse, CheckOrder) {
  size_t checked = 0;
  for (const Row& row : table()) {
    if (!row.reports) continue;
    const auto want = baseline(row);
    const std::vector<Mutation> ms = mutations(row);
    for (size_t i = 0; i < ms.size(); ++i)
      for (size_t j = 0; j < ms.size(); ++j) {
        const Mutation &a = ms[i], &b = ms[j];
        if (a.positive || b.positive || i == j) continue;
        const int ra = rank(a.code), rb = rank(b.code);
        if (ra < 0 || rb < 0 || ra >= rb) continue;
        bool disjoint = true;
        for (int t : a.touches)
          for (int u : b.touches) disjoint = disjoint && t != u;
        if (!disjoint) continue;
        ++checked;
        const Outcome o = run(row, {&a, &b}, a.code, want);
        EXPECT_EQ(o.code, a.expect) << row.name << ": " << a.what << ", then " << b.what;
      }
  }
  EXPECT_GT(checked, 1000u);
  std::printf("%zu pairs checked\n", checked);
}

}  // namespace

// MGM (RFC 9058) over any block cipher kernel with N-byte blocks (N = 16 or 8, instantiated
// at the end): counters, padding, lengths, tag and argument checks; the GF(2^8N) sums run on an
// MGM kernel (mgm/ for N = 16, mgm64/ for N = 8), the block encryptions on the cipher's kernel,
// a chunk of blocks per call.
//
// Y_1 = E(0 || nonce) starts the encryption counters (the low half counts: incr_r), Z_1 =
// E(1 || nonce) the authentication counters (the high half counts: incr_l); H_i = E(Z_i).
// The tag is the first bytes of E(sum H_i (x) A_i) over the padded AAD blocks, the padded
// ciphertext blocks and the block len(AAD) || len(C) in bits (two 4N-bit numbers).
#include <cstring>

#include "axiom/bytes.hpp"
#include "axiom/mgm.hpp"
#include "core/aead_stream.hpp"
#include "core/endian.hpp"
#include "core/verdict.hpp"
#include "core/wipe.hpp"
#include "mgm/mgm_kernel.hpp"
#include "mgm64/mgm64_kernel.hpp"
#include "modes/mode_util.hpp"

namespace axiom::detail {

namespace {

constexpr const MgmKernel* kernel_list[] = {
#if AXIOM_X86_64
    &mgm_vpclmul_avx512,
    &mgm_pclmul,
#endif
    &mgm_portable,
};

constexpr const Mgm64Kernel* kernel64_list[] = {
#if AXIOM_X86_64
    &mgm64_pclmul,
#endif
    &mgm64_portable,
};

constexpr std::size_t chunk = 64;  // blocks per call into the kernels
// max_bytes: the longest AAD or text, whose bit count fits half a block.
template <std::size_t N>
constexpr std::uint64_t max_bytes = (std::uint64_t{1} << (4 * N - 3)) - 1;

// Half-block big-endian numbers: 64 bits (N = 16) or 32 (N = 8).
template <std::size_t N>
std::uint64_t load_half(const std::uint8_t* p) noexcept {
  if constexpr (N == 16)
    return __builtin_bswap64(load_le64(p));
  else
    return __builtin_bswap32(load_le32(p));
}
template <std::size_t N>
void store_half(std::uint8_t* p, std::uint64_t v) noexcept {
  if constexpr (N == 16)
    store_le64(p, __builtin_bswap64(v));
  else
    store_le32(p, __builtin_bswap32(static_cast<std::uint32_t>(v)));
}

// counters writes m counter blocks from c on, the half at offset `half` (0: incr_l, N/2:
// incr_r) counting mod 2^(4N), and advances c; no branch on the (secret) counter value.
template <std::size_t N>
void counters(std::uint8_t* out, std::uint8_t c[N], std::size_t half, std::size_t m) noexcept {
  std::uint64_t v = load_half<N>(c + half);
  for (std::size_t i = 0; i < m; ++i) {
    std::memcpy(out + N * i, c, N);
    store_half<N>(out + N * i + half, v);
    ++v;
    // Keeps the loop counting i: the compiler would otherwise exit on a comparison of v.
    __asm__("" : "+r"(v));
  }
  store_half<N>(c + half, v);
}

// encrypt_counters: out = in ^ E(c_i) (in null: E(c_i)) for m blocks (at most chunk) from the
// counter c on, its half at `half` counting; on the kernel's own path where it has one.
template <std::size_t N>
void encrypt_counters(BlockRef<N> cipher, std::uint8_t c[N], std::size_t half, std::uint8_t* out,
                      const std::uint8_t* in, std::size_t m) noexcept {
  if (cipher.ops->ctr_half_xor != nullptr) {
    cipher.ops->ctr_half_xor(cipher.schedule, c, half, out, in, m);
    return;
  }
  alignas(32) std::uint8_t ks[N * chunk];
  counters<N>(ks, c, half, m);
  cipher.ops->encrypt_blocks(cipher.schedule, ks, ks, m);
  if (in == nullptr)
    std::memcpy(out, ks, N * m);
  else
    for (std::size_t i = 0; i < N * m; ++i) out[i] = in[i] ^ ks[i];
  wipe(ks);
}

// Ops: MGM's operations for the stream (core/aead_stream.hpp) on a message's state.
template <std::size_t N>
struct Ops {
  const BasicMgmKey<N>& k;
  MgmState<N>& st;

  // hash adds H_i (x) A_i for n blocks A_i, H_i = E(Z_i), Z counting in its high half.
  void hash(const std::uint8_t* a, std::size_t n) noexcept {
    alignas(32) std::uint8_t h[N * chunk];
    std::size_t used = 0;
    while (n > 0) {
      const std::size_t m = n < chunk ? n : chunk;
      encrypt_counters<N>(k.cipher, st.z, 0, h, nullptr, m);
      k.mul->mac(st.acc, h, a, m);
      a += N * m, n -= m;
      used = used > m ? used : m;
    }
    secure_wipe(h, N * used);
  }
  // crypt: a chunk at a time, encrypted then hashed while it is in cache (sealing), or
  // hashed then decrypted (opening: in place overwrites it).
  void crypt(std::uint8_t* out, const std::uint8_t* in, std::size_t n, bool seal) noexcept {
    while (n > 0) {
      const std::size_t m = n < chunk ? n : chunk;
      if (!seal) hash(in, m);
      encrypt_counters<N>(k.cipher, st.y, N / 2, out, in, m);
      if (seal) hash(out, m);
      out += N * m, in += N * m, n -= m;
    }
  }
  void key_stream(std::uint8_t ks[N]) noexcept {
    encrypt_counters<N>(k.cipher, st.y, N / 2, ks, nullptr, 1);
  }
  // tag: the lengths block len(AAD) || len(C) in bits hashed, full = E(sum).
  void tag(std::uint8_t full[N]) noexcept {
    std::uint8_t len[N];
    store_half<N>(len, st.s.aad_len * 8);
    store_half<N>(len + N / 2, st.s.text_len * 8);
    hash(len, 1);
    k.cipher.ops->encrypt_blocks(k.cipher.schedule, full, st.acc, 1);
  }
};

template <std::size_t N>
Status check(std::span<const std::uint8_t> out, std::size_t tag_size,
             std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
             std::span<const std::uint8_t> in) noexcept {
  if (nonce.size() != N || (nonce[0] & 0x80) != 0) return Error::invalid_nonce_size;
  if (tag_size < 4 || tag_size > N) return Error::invalid_tag_size;
  if (aad.size() > max_bytes<N> || in.size() > max_bytes<N>) return Error::message_too_long;
  if (out.size() != in.size()) return Error::output_size_mismatch;
  if (!overlap_ok(out.data(), in.data(), in.size())) return Error::overlapping_buffers;
  return {};
}

}  // namespace

std::span<const MgmKernel* const> mgm_kernels() noexcept { return kernel_list; }

const MgmKernel& mgm_select(cpu::Features f) noexcept {
  return select_kernel<MgmKernel>(kernel_list, f);
}

const MgmKernel& mgm_default() noexcept {
  static const MgmKernel& k = mgm_select(cpu::detected());
  return k;
}

std::string_view mgm_name(const MgmKernel& k) noexcept { return k.info.name; }

std::span<const Mgm64Kernel* const> mgm64_kernels() noexcept { return kernel64_list; }

const Mgm64Kernel& mgm64_select(cpu::Features f) noexcept {
  return select_kernel<Mgm64Kernel>(kernel64_list, f);
}

const Mgm64Kernel& mgm64_default() noexcept {
  static const Mgm64Kernel& k = mgm64_select(cpu::detected());
  return k;
}

std::string_view mgm_name(const Mgm64Kernel& k) noexcept { return k.info.name; }

template <std::size_t N>
Status mgm_start(const BasicMgmKey<N>& k, MgmState<N>& st, bool seal,
                 std::span<const std::uint8_t> nonce) noexcept {
  st.s.phase = phase_idle;
  if (nonce.size() != N || (nonce[0] & 0x80) != 0) return Error::invalid_nonce_size;
  stream_begin(st.s, seal);
  // Y_1 = E(0 || nonce), Z_1 = E(1 || nonce).
  std::uint8_t b[2 * N];
  std::memcpy(b, nonce.data(), N);
  std::memcpy(b + N, nonce.data(), N);
  b[N] |= 0x80;
  k.cipher.ops->encrypt_blocks(k.cipher.schedule, b, b, 2);
  std::memcpy(st.y, b, N);
  std::memcpy(st.z, b + N, N);
  std::memset(st.acc, 0, N);
  wipe(b);
  return {};
}

template <std::size_t N>
Status mgm_aad(const BasicMgmKey<N>& k, MgmState<N>& st,
               std::span<const std::uint8_t> aad) noexcept {
  Ops<N> ops{k, st};
  return stream_aad(st.s, ops, aad, max_bytes<N>);
}

template <std::size_t N>
Status mgm_update(const BasicMgmKey<N>& k, MgmState<N>& st, std::span<std::uint8_t> out,
                  std::span<const std::uint8_t> in) noexcept {
  Ops<N> ops{k, st};
  return stream_update(st.s, ops, out, in, max_bytes<N>);
}

// finish: the message's full tag in full; the state wiped, the message finished.
template <std::size_t N>
Status finish(const BasicMgmKey<N>& k, MgmState<N>& st, std::size_t tag_size, bool seal,
              std::uint8_t full[N]) noexcept {
  if (tag_size < 4 || tag_size > N) return Error::invalid_tag_size;
  Ops<N> ops{k, st};
  if (Status s = stream_end(st.s, ops, seal); !s) return s;
  ops.tag(full);
  secure_wipe(&st, sizeof st);
  st.s.phase = phase_finished;
  return {};
}

template <std::size_t N>
Status mgm_finish_seal(const BasicMgmKey<N>& k, MgmState<N>& st,
                       std::span<std::uint8_t> tag) noexcept {
  std::uint8_t full[N];
  const Status s = finish(k, st, tag.size(), true, full);
  if (s) std::memcpy(tag.data(), full, tag.size());
  wipe(full);
  return s;
}

template <std::size_t N>
Status mgm_finish_open(const BasicMgmKey<N>& k, MgmState<N>& st,
                       std::span<const std::uint8_t> tag) noexcept {
  std::uint8_t full[N];
  if (Status s = finish(k, st, tag.size(), false, full); !s) return s;
  const bool same = ct_equal(std::span<const std::uint8_t>(full, tag.size()), tag);
  wipe(full);
  return release_if_authentic({}, same);
}

// The one-shot calls: the message through the stream in one piece.
template <std::size_t N>
Status mgm_seal(const BasicMgmKey<N>& k, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept {
  if (Status st = check<N>(out, tag.size(), nonce, aad, in); !st) return st;
  MgmState<N> st;
  (void)mgm_start(k, st, true, nonce);
  (void)mgm_aad(k, st, aad);
  (void)mgm_update(k, st, out, in);
  return mgm_finish_seal(k, st, tag);
}

template <std::size_t N>
Status mgm_open(const BasicMgmKey<N>& k, std::span<std::uint8_t> out,
                std::span<const std::uint8_t> tag, std::span<const std::uint8_t> nonce,
                std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in) noexcept {
  if (Status st = check<N>(out, tag.size(), nonce, aad, in); !st) {
    if (st.error() != Error::overlapping_buffers) secure_wipe(out);
    return st;
  }
  MgmState<N> st;
  (void)mgm_start(k, st, false, nonce);
  (void)mgm_aad(k, st, aad);
  (void)mgm_update(k, st, out, in);  // kept below only if the tag matches
  const Status s = mgm_finish_open(k, st, tag);
  if (!s) secure_wipe(out);
  return s;
}

#define AXIOM_MGM_FOR(N)                                                                      \
  template Status mgm_seal<N>(const BasicMgmKey<N>&, std::span<std::uint8_t>,                 \
                              std::span<std::uint8_t>, std::span<const std::uint8_t>,         \
                              std::span<const std::uint8_t>,                                  \
                              std::span<const std::uint8_t>) noexcept;                        \
  template Status mgm_open<N>(const BasicMgmKey<N>&, std::span<std::uint8_t>,                 \
                              std::span<const std::uint8_t>, std::span<const std::uint8_t>,   \
                              std::span<const std::uint8_t>,                                  \
                              std::span<const std::uint8_t>) noexcept;                        \
  template Status mgm_start<N>(const BasicMgmKey<N>&, MgmState<N>&, bool,                     \
                               std::span<const std::uint8_t>) noexcept;                       \
  template Status mgm_aad<N>(const BasicMgmKey<N>&, MgmState<N>&,                             \
                             std::span<const std::uint8_t>) noexcept;                         \
  template Status mgm_update<N>(const BasicMgmKey<N>&, MgmState<N>&, std::span<std::uint8_t>, \
                                std::span<const std::uint8_t>) noexcept;                      \
  template Status mgm_finish_seal<N>(const BasicMgmKey<N>&, MgmState<N>&,                     \
                                     std::span<std::uint8_t>) noexcept;                       \
  template Status mgm_finish_open<N>(const BasicMgmKey<N>&, MgmState<N>&,                     \
                                     std::span<const std::uint8_t>) noexcept;
AXIOM_MGM_FOR(8)
AXIOM_MGM_FOR(16)
#undef AXIOM_MGM_FOR

}  // namespace axiom::detail

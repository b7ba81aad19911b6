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

// Mac accumulates sum H_i (x) A_i over a stream of blocks.
template <std::size_t N>
struct Mac {
  const BasicMgmKey<N>& k;
  std::uint8_t z[N];
  std::uint8_t acc[N];
  alignas(32) std::uint8_t h[N * chunk];

  void blocks(const std::uint8_t* a, std::size_t n) noexcept {
    while (n > 0) {
      const std::size_t m = n < chunk ? n : chunk;
      encrypt_counters<N>(k.cipher, z, 0, h, nullptr, m);
      k.mul->mac(acc, h, a, m);
      a += N * m, n -= m;
    }
  }
  // bytes: whole blocks, then a last partial block padded with zeros.
  void bytes(const std::uint8_t* p, std::size_t n) noexcept {
    blocks(p, n / N);
    if (n % N != 0) {
      std::uint8_t last[N] = {};
      std::memcpy(last, p + n / N * N, n % N);
      blocks(last, 1);
      wipe(last);
    }
  }
  void lengths(std::size_t aad, std::size_t text) noexcept {
    std::uint8_t len[N];
    store_half<N>(len, static_cast<std::uint64_t>(aad) * 8);
    store_half<N>(len + N / 2, static_cast<std::uint64_t>(text) * 8);
    blocks(len, 1);
  }
  void tag(std::uint8_t full[N]) noexcept {
    k.cipher.ops->encrypt_blocks(k.cipher.schedule, full, acc, 1);
  }
  ~Mac() {
    wipe(z);
    wipe(acc);
    wipe(h);
  }
};

// Start: Y_1 and Z_1 from the nonce.
template <std::size_t N>
void start(const BasicMgmKey<N>& k, std::span<const std::uint8_t> nonce, std::uint8_t y[N],
           std::uint8_t z[N]) noexcept {
  std::uint8_t b[2 * N];
  std::memcpy(b, nonce.data(), N);
  std::memcpy(b + N, nonce.data(), N);
  b[N] |= 0x80;
  k.cipher.ops->encrypt_blocks(k.cipher.schedule, b, b, 2);
  std::memcpy(y, b, N);
  std::memcpy(z, b + N, N);
  wipe(b);
}

// crypt: out = in ^ E(Y_i), E(Y_{i+1}), ... for n bytes (the last block may be partial).
template <std::size_t N>
void crypt(const BasicMgmKey<N>& k, std::uint8_t y[N], std::uint8_t* out, const std::uint8_t* in,
           std::size_t n) noexcept {
  while (n >= N) {
    const std::size_t m = n / N < chunk ? n / N : chunk;
    encrypt_counters<N>(k.cipher, y, N / 2, out, in, m);
    out += N * m, in += N * m, n -= N * m;
  }
  if (n > 0) {
    std::uint8_t last[N];
    encrypt_counters<N>(k.cipher, y, N / 2, last, nullptr, 1);
    for (std::size_t i = 0; i < n; ++i) out[i] = in[i] ^ last[i];
    wipe(last);
  }
}

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
Status mgm_seal(const BasicMgmKey<N>& k, std::span<std::uint8_t> out, std::span<std::uint8_t> tag,
                std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                std::span<const std::uint8_t> in) noexcept {
  if (Status st = check<N>(out, tag.size(), nonce, aad, in); !st) return st;
  Mac<N> mac{k, {}, {}, {}};
  std::uint8_t y[N], full[N];
  start(k, nonce, y, mac.z);
  mac.bytes(aad.data(), aad.size());
  // Encrypt a chunk, then hash it while it is in cache.
  for (std::size_t done = 0; done < in.size();) {
    const std::size_t m = in.size() - done < N * chunk ? in.size() - done : N * chunk;
    crypt(k, y, out.data() + done, in.data() + done, m);
    mac.bytes(out.data() + done, m);
    done += m;
  }
  mac.lengths(aad.size(), in.size());
  mac.tag(full);
  std::memcpy(tag.data(), full, tag.size());
  wipe(y);
  wipe(full);
  return {};
}

template <std::size_t N>
Status mgm_open(const BasicMgmKey<N>& k, std::span<std::uint8_t> out,
                std::span<const std::uint8_t> tag, std::span<const std::uint8_t> nonce,
                std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in) noexcept {
  if (Status st = check<N>(out, tag.size(), nonce, aad, in); !st) {
    if (st.error() != Error::overlapping_buffers) secure_wipe(out);
    return st;
  }
  Mac<N> mac{k, {}, {}, {}};
  std::uint8_t y[N], full[N];
  start(k, nonce, y, mac.z);
  mac.bytes(aad.data(), aad.size());
  // Each chunk is hashed before it is decrypted (in place overwrites it).
  for (std::size_t done = 0; done < in.size();) {
    const std::size_t m = in.size() - done < N * chunk ? in.size() - done : N * chunk;
    mac.bytes(in.data() + done, m);
    crypt(k, y, out.data() + done, in.data() + done, m);
    done += m;
  }
  mac.lengths(aad.size(), in.size());
  mac.tag(full);
  const bool same = ct_equal(std::span<const std::uint8_t>(full, tag.size()), tag);
  wipe(y);
  wipe(full);
  return release_if_authentic(out, same);
}

#define AXIOM_MGM_FOR(N)                                                                    \
  template Status mgm_seal<N>(const BasicMgmKey<N>&, std::span<std::uint8_t>,               \
                              std::span<std::uint8_t>, std::span<const std::uint8_t>,       \
                              std::span<const std::uint8_t>,                                \
                              std::span<const std::uint8_t>) noexcept;                      \
  template Status mgm_open<N>(const BasicMgmKey<N>&, std::span<std::uint8_t>,               \
                              std::span<const std::uint8_t>, std::span<const std::uint8_t>, \
                              std::span<const std::uint8_t>,                                \
                              std::span<const std::uint8_t>) noexcept;
AXIOM_MGM_FOR(8)
AXIOM_MGM_FOR(16)
#undef AXIOM_MGM_FOR

}  // namespace axiom::detail

// The AES-NI SM4 kernel, VEX-encoded (see sm4_aesni_body.hpp): xmm registers only, AVX for
// the three-operand forms.
#include <immintrin.h>

#include <cstring>
#include <utility>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

AXIOM_ISA_BEGIN(sm4, aesni_avx)
#include "sm4/sm4_aesni_body.hpp"
AXIOM_ISA_END

namespace axiom::detail {
const Sm4Kernel sm4_aesni_avx = {
    {"sm4/aesni_avx",
     cpu::Feature::aesni | cpu::Feature::avx | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    {sm4_aesni_avx::encrypt_blocks, sm4_aesni_avx::decrypt_blocks, sm4_aesni_avx::ctr_xor,
     sm4_aesni_avx::cbc_encrypt, sm4_aesni_avx::cbc_decrypt, sm4_aesni_avx::cbc_mac},
};
}  // namespace axiom::detail

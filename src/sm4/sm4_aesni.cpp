// The AES-NI SM4 kernel, SSE-encoded (see sm4_aesni_body.hpp; sm4_aesni_avx.cpp is the same
// code VEX-encoded, for CPUs with AVX).
#include <immintrin.h>

#include <cstring>
#include <utility>

#include "core/endian.hpp"
#include "core/wipe.hpp"
#include "sm4/sm4_kernel.hpp"

AXIOM_ISA_BEGIN(sm4, aesni)
#include "sm4/sm4_aesni_body.hpp"
AXIOM_ISA_END

namespace axiom::detail {
const Sm4Kernel sm4_aesni = {
    {"sm4/aesni", cpu::Feature::aesni | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    {sm4_aesni::encrypt_blocks, sm4_aesni::decrypt_blocks, sm4_aesni::ctr_xor,
     sm4_aesni::cbc_encrypt, sm4_aesni::cbc_decrypt, sm4_aesni::cbc_mac},
};
}  // namespace axiom::detail

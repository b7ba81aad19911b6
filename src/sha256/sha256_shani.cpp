// SHA-256 compression with the SHA extensions (SHA-NI), one message or two interleaved (the code
// is in sha256_shani_common.hpp, shared with sha256/avx512_shani). Constant time.
#include <immintrin.h>

#include "sha256/sha256_kernel.hpp"

AXIOM_ISA_BEGIN(sha256, shani)
#include "sha256/sha256_shani_common.hpp"
AXIOM_ISA_END

namespace axiom::detail {
const Sha256Kernel sha256_shani = {
    {"sha256/shani", cpu::Feature::shani | cpu::Feature::ssse3 | cpu::Feature::sse41, true},
    &sha256_shani::shani::compress_blocks,
    &sha256_shani::shani::compress_blocks_x2,
    nullptr};
}  // namespace axiom::detail

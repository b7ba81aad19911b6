// isa.hpp: regions of code compiled for one instruction-set extension.
//
// A kernel file includes its headers (<immintrin.h> included), then wraps its code in
// AXIOM_ISA_BEGIN(algo, isa) ... AXIOM_ISA_END. Inside, the compiler may emit the ISA's
// instructions; the code lives in namespace axiom::<algo>_<isa>. Nothing outside a region is
// ever compiled for more than the baseline (the isa_audit test checks the objects), so the
// library runs on any x86-64 (or Armv8-A) and the kernel is only called after the CPU check.
// Lambdas inside a region get its target too (GCC's pragma and clang's attribute push both
// reach their call operators; the asan preset builds the SM4 kernels' lambdas with clang).
//
// The emulated build (tests only, tests/emulated/): the same source compiled with
// AXIOM_EMULATED for baseline x86-64 against SIMDe, so a region carries no target at all and the
// kernel's names are renamed by the build (-D<algo>_<isa>=<algo>_<isa>_emul).
#pragma once

#if defined(__x86_64__) || defined(_M_X64)
#define AXIOM_X86_64 1
#else
#define AXIOM_X86_64 0
#endif
#if defined(__aarch64__)
#define AXIOM_AARCH64 1
#else
#define AXIOM_AARCH64 0
#endif

// AXIOM_HIDDEN: a symbol the shared library keeps to itself, so that code reaches it directly
// rather than through the GOT (ELF visibility; a DLL has no such attribute).
#if defined(_WIN32)
#define AXIOM_HIDDEN
#else
#define AXIOM_HIDDEN [[gnu::visibility("hidden")]]
#endif

// Target strings per ISA name: the extensions a region may use. A kernel requires all of them
// (the Inventory test checks its `needs`): vaes_avx2 is shared by AES, SM4 and the fused GCM
// kernel, so the first two require VPCLMULQDQ too, which every VAES CPU has.
#define AXIOM_TARGET_shani "sse4.1,ssse3,sha"
#define AXIOM_TARGET_aesni "sse4.1,ssse3,aes"
#define AXIOM_TARGET_aesni_avx "sse4.1,ssse3,avx,aes"
#define AXIOM_TARGET_sse41 "sse4.1,ssse3"
#define AXIOM_TARGET_pclmul "sse4.1,ssse3,pclmul"
#define AXIOM_TARGET_vpclmul_avx2 "sse4.1,ssse3,avx,avx2,pclmul,vpclmulqdq"
#define AXIOM_TARGET_vpclmul_avx512 \
  "sse4.1,ssse3,avx,avx2,avx512f,avx512bw,avx512vl,pclmul,vpclmulqdq"
#define AXIOM_TARGET_avx2 "avx,avx2,bmi2"
#define AXIOM_TARGET_vaes_avx2 "avx,avx2,bmi2,aes,pclmul,vaes,vpclmulqdq"
#define AXIOM_TARGET_avx512 "avx,avx2,bmi2,avx512f,avx512bw,avx512vl"
#define AXIOM_TARGET_vaes_avx512 \
  "avx,avx2,bmi2,avx512f,avx512bw,avx512vl,aes,pclmul,vaes,vpclmulqdq"
#define AXIOM_TARGET_avx512_ifma "avx,avx2,bmi2,avx512f,avx512bw,avx512vl,avx512ifma"
#define AXIOM_TARGET_gfni_avx2 "avx,avx2,gfni"
#define AXIOM_TARGET_gfni_avx512 "avx,avx2,avx512f,avx512bw,avx512vl,gfni"
#define AXIOM_TARGET_avx512_gfni "avx,avx2,bmi2,avx512f,avx512bw,avx512vl,avx512vbmi,gfni"
#define AXIOM_TARGET_avx512_vbmi "avx,avx2,avx512f,avx512bw,avx512vl,avx512vbmi"
#define AXIOM_TARGET_avx512_shani "avx,avx2,bmi2,avx512f,avx512bw,avx512vl,sse4.1,ssse3,sha"

// AArch64 (GCC 12). arm_neon.h declares the AES, PMULL and SHA-256 intrinsics under "+crypto"
// (AES + SHA-2), and a caller must allow all of a callee's extensions, so a PMULL-only region is
// "+crypto" as well. GCC 12 has no "+sm3": "+sm4" enables both, and only with an Armv8.2-A base
// (which every CPU with SM4 implements).
#define AXIOM_TARGET_neon "+simd"
#define AXIOM_TARGET_armv8 "+crypto"
#define AXIOM_TARGET_pmull "+crypto"
#define AXIOM_TARGET_armv8_sm4 "arch=armv8.2-a+sm4"

#ifdef __cplusplus
namespace axiom::detail {
// isa_targets: each ISA name with its target string, so a test can check that every kernel
// requires exactly the CPU features its region lets the compiler use (a feature allowed but not
// required, e.g. BMI2, would be an illegal instruction on a CPU or VM without it).
struct IsaTarget {
  const char* isa;
  const char* target;
};
#define AXIOM_ISA_TARGET_ROW(isa) IsaTarget{#isa, AXIOM_TARGET_##isa},
inline constexpr IsaTarget x86_64_isa_targets[] = {
    AXIOM_ISA_TARGET_ROW(shani) AXIOM_ISA_TARGET_ROW(aesni) AXIOM_ISA_TARGET_ROW(aesni_avx)
        AXIOM_ISA_TARGET_ROW(sse41) AXIOM_ISA_TARGET_ROW(pclmul) AXIOM_ISA_TARGET_ROW(vpclmul_avx2)
            AXIOM_ISA_TARGET_ROW(avx2) AXIOM_ISA_TARGET_ROW(vaes_avx2) AXIOM_ISA_TARGET_ROW(avx512)
                AXIOM_ISA_TARGET_ROW(vaes_avx512) AXIOM_ISA_TARGET_ROW(avx512_gfni)
                    AXIOM_ISA_TARGET_ROW(avx512_ifma) AXIOM_ISA_TARGET_ROW(vpclmul_avx512)
                        AXIOM_ISA_TARGET_ROW(avx512_shani) AXIOM_ISA_TARGET_ROW(gfni_avx2)
                            AXIOM_ISA_TARGET_ROW(gfni_avx512) AXIOM_ISA_TARGET_ROW(avx512_vbmi)};
inline constexpr IsaTarget aarch64_isa_targets[] = {AXIOM_ISA_TARGET_ROW(neon) AXIOM_ISA_TARGET_ROW(
    armv8) AXIOM_ISA_TARGET_ROW(pmull) AXIOM_ISA_TARGET_ROW(armv8_sm4)};
// isa_targets: the ISA names of the architecture being built; the other's kernel files are not
// compiled (the Inventory test needs to tell them apart).
#if AXIOM_AARCH64
inline constexpr const auto& isa_targets = aarch64_isa_targets;
inline constexpr const auto& other_isa_targets = x86_64_isa_targets;
#else
inline constexpr const auto& isa_targets = x86_64_isa_targets;
inline constexpr const auto& other_isa_targets = aarch64_isa_targets;
#endif
#undef AXIOM_ISA_TARGET_ROW
}  // namespace axiom::detail
#endif

// Two levels so that the target macro expands before it is turned into a string.
#define AXIOM_PRAGMA(x) AXIOM_PRAGMA_STRING(x)
#define AXIOM_PRAGMA_STRING(x) _Pragma(#x)

#if defined(AXIOM_EMULATED)
#define AXIOM_ISA_BEGIN(algo, isa) namespace axiom::algo##_##isa {
#define AXIOM_ISA_END }
#elif defined(__clang__)
#define AXIOM_ISA_BEGIN(algo, isa)                                                            \
  AXIOM_PRAGMA(                                                                               \
      clang attribute push(__attribute__((target(AXIOM_TARGET_##isa))), apply_to = function)) \
  namespace axiom::algo##_##isa {
#define AXIOM_ISA_END \
  }                   \
  AXIOM_PRAGMA(clang attribute pop)
#elif defined(__GNUC__)
#define AXIOM_ISA_BEGIN(algo, isa)             \
  AXIOM_PRAGMA(GCC push_options)               \
  AXIOM_PRAGMA(GCC target(AXIOM_TARGET_##isa)) \
  namespace axiom::algo##_##isa {
#define AXIOM_ISA_END \
  }                   \
  AXIOM_PRAGMA(GCC pop_options)
#else
#error "axiom's ISA regions need GCC or clang"
#endif

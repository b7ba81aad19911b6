/* block_ciphers.h: the block ciphers, one row each. Every list of block ciphers outside a
 * cipher's own folder is this one expanded: the C API's functions (src/capi/), the command
 * line's cipher and MAC names, the benchmark subjects, the test and fuzz instantiations and the
 * ct-timing targets (through core/block_ciphers.hpp), and the C test that every row has its C
 * functions (tests/api/c_api_rows_test.c). Preprocessor only, so C files expand it too.
 *
 * X(family, block_size, standard, Types...)
 *   family      the folder src/<family>/, its kernel list detail::<family>_kernels() and the C
 *               API's prefix axiom_<family>_ (contexts axiom_<family>_ctx and _cmac_ctx)
 *   block_size  in bytes, 16 or 8; the modes follow from it (XTS and GCM need 16)
 *   standard    nist or gost: gost ciphers take GOST R 34.13-2015's forms (an IV register of
 *               several blocks, CTR from half a block, the MAC named "<family>-mac")
 *   Types       the classes in namespace axiom, one per key size, smallest key first
 */
#ifndef AXIOM_CORE_BLOCK_CIPHERS_H
#define AXIOM_CORE_BLOCK_CIPHERS_H

#define AXIOM_BLOCK_CIPHERS(X)             \
  X(aes, 16, nist, Aes128, Aes192, Aes256) \
  X(sm4, 16, nist, Sm4)                    \
  X(kuznyechik, 16, gost, Kuznyechik)      \
  X(magma, 8, gost, Magma)

#endif /* AXIOM_CORE_BLOCK_CIPHERS_H */

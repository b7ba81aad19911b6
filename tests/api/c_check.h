/* c_check.h: the CHECK macro of the C API tests (a failed check is printed and counted; main
 * returns failures != 0) and their hex and buffer helpers. */
#ifndef AXIOM_TEST_C_CHECK_H
#define AXIOM_TEST_C_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

/* unhex writes the bytes of the hex string s to out and returns their number. */
static inline size_t unhex(uint8_t* out, const char* s) {
  size_t n = 0;
  unsigned v;
  while (s[0] && s[1] && sscanf(s, "%2x", &v) == 1) {
    out[n++] = (uint8_t)v;
    s += 2;
  }
  return n;
}

/* same_hex: the n bytes at p are the hex string s. */
static inline int same_hex(const uint8_t* p, size_t n, const char* s) {
  uint8_t want[256];
  return strlen(s) == 2 * n && unhex(want, s) == n && memcmp(p, want, n) == 0;
}

static inline int all_zero(const uint8_t* p, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (p[i]) return 0;
  return 1;
}

/* A length no object can have: larger than PTRDIFF_MAX. */
#define HUGE_LEN ((size_t)PTRDIFF_MAX + 1)

#endif

/* c_check.h: the CHECK macro of the C API tests. A failed check is printed and counted; main
 * returns failures != 0. */
#ifndef AXIOM_TEST_C_CHECK_H
#define AXIOM_TEST_C_CHECK_H

#include <stdio.h>

static int failures = 0;
#define CHECK(cond)                                                              \
  do {                                                                           \
    if (!(cond)) {                                                               \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);   \
      ++failures;                                                                \
    }                                                                            \
  } while (0)

#endif

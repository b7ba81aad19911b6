/* streebog.h: the name under which fast-streebog's programs include its header. Its C API is
 * part of axiom.h; this file includes it, plus <stdio.h> and <string.h>, which fast-streebog's
 * README examples use without including them (its header pulled them in on Windows), so those
 * programs compile unchanged. STREEBOG_USE_DLL and STREEBOG_BUILD_DLL are accepted and
 * ignored. */
#ifndef AXIOM_STREEBOG_H
#define AXIOM_STREEBOG_H
#include <stdio.h>
#include <string.h>

#include "axiom.h"
#endif /* AXIOM_STREEBOG_H */

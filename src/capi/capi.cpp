// The C API's errors, version, random bytes, comparison and wiping (include/axiom/axiom.h).
#include "capi/capi.hpp"

using namespace axiom::capi;

extern "C" {

const char* axiom_error_text(int c) {
  if (c == AXIOM_ERR_NULL_POINTER) return "null pointer with a non-zero length";
  if (c == AXIOM_ERR_INVALID_LENGTH) return "length larger than any object";
  if (c > 0 || c < AXIOM_ERR_UNSUPPORTED) return "unknown error";
  return axiom::error_text(static_cast<axiom::Error>(-c)).data();  // the texts are string literals
}

const char* axiom_version(void) { return AXIOM_VERSION; }

int axiom_random(uint8_t* out, size_t len) {
  if (int e = check_bufs({{out, len}})) return e;
  axiom::fill_random({out, out ? len : 0});
  return AXIOM_OK;
}

int axiom_ct_equal(const uint8_t* a, const uint8_t* b, size_t len) {
  if (check_bufs({{a, len}, {b, len}})) return 0;
  return axiom::ct_equal(view(a, len), view(b, len)) ? 1 : 0;
}

void axiom_wipe(void* p, size_t len) {
  if (p && !absurd(p, len)) axiom::secure_wipe(p, len);
}

}  // extern "C"

#include "axiom/result.hpp"

namespace axiom {

std::string_view error_text(Error e) noexcept {
  switch (e) {
    case Error::ok:
      return "success";
    case Error::invalid_key_size:
      return "invalid key size";
    case Error::invalid_nonce_size:
      return "invalid nonce size";
    case Error::invalid_tag_size:
      return "invalid tag size";
    case Error::invalid_argument:
      return "invalid argument";
    case Error::output_size_mismatch:
      return "output buffer has the wrong size";
    case Error::output_too_long:
      return "requested output is too long";
    case Error::overlapping_buffers:
      return "input and output buffers partially overlap";
    case Error::message_too_long:
      return "message too long";
    case Error::authentication_failed:
      return "authentication failed";
    case Error::invalid_padding:
      return "invalid padding";
    case Error::invalid_hex:
      return "invalid hex string";
    case Error::unsupported:
      return "not supported";
  }
  return "unknown error";
}

}  // namespace axiom

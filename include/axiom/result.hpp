// result.hpp: errors without exceptions.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>
#include <string_view>
#include <utility>

namespace axiom {

// Error lists every way an axiom call can fail; error_text() gives a sentence for each.
enum class Error : std::uint8_t {
  ok = 0,
  invalid_key_size,
  invalid_nonce_size,
  invalid_tag_size,
  invalid_argument,
  output_size_mismatch,
  output_too_long,
  overlapping_buffers,
  message_too_long,
  authentication_failed,
  invalid_padding,
  invalid_hex,
  unsupported,
};

// error_text returns a short English description of e (static storage, never null).
std::string_view error_text(Error e) noexcept;

// Status is the result of a call that returns no value: ok() or an Error. Thread-safe to copy.
class [[nodiscard]] Status {
 public:
  constexpr Status() noexcept = default;
  constexpr Status(Error e) noexcept : error_(e) {}  // NOLINT: implicit by design
  constexpr bool ok() const noexcept { return error_ == Error::ok; }
  constexpr explicit operator bool() const noexcept { return ok(); }
  constexpr Error error() const noexcept { return error_; }
  std::string_view text() const noexcept { return error_text(error_); }
  friend constexpr bool operator==(Status a, Status b) noexcept { return a.error_ == b.error_; }

 private:
  Error error_ = Error::ok;
};

// Result<T> holds either a T or an Error. value() must only be called when ok().
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) noexcept(std::is_nothrow_move_constructible_v<T>)  // NOLINT: implicit
      : value_(std::move(value)) {}
  Result(Error e) noexcept : error_(e) {}  // NOLINT: implicit; e must not be Error::ok
  bool ok() const noexcept { return error_ == Error::ok; }
  explicit operator bool() const noexcept { return ok(); }
  Error error() const noexcept { return error_; }
  Status status() const noexcept { return error_; }
  const T& value() const& noexcept { return *value_; }
  T& value() & noexcept { return *value_; }
  T&& value() && noexcept { return std::move(*value_); }
  const T& operator*() const& noexcept { return *value_; }
  T& operator*() & noexcept { return *value_; }
  const T* operator->() const noexcept { return &*value_; }
  T* operator->() noexcept { return &*value_; }

 private:
  std::optional<T> value_;
  Error error_ = Error::ok;
};

}  // namespace axiom

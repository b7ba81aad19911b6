#include "io.hpp"

#include <getopt.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cwchar>
#include <cwctype>
#include <vector>

#include "platform.hpp"
#include "progress.hpp"

namespace axiom::cli {

namespace {

bool printable(unsigned char c) { return c >= 0x20 && c < 0x7f; }

// Characters a shell gives a meaning to anywhere in a word (gnulib's list, plus ':' which
// coreutils' diagnostics quote too).
bool shell_special(char c) { return std::strchr("!\"$&()*;<=>[^`|? \\':", c) != nullptr; }

// special_here adds the characters that matter only at the start or when alone.
bool special_here(char c, std::size_t i, std::size_t size) {
  if ((c == '#' || c == '~') && i == 0) return true;
  return (c == '{' || c == '}') && size == 1;
}

// printable_bytes marks the bytes of name that belong to printable characters of the locale's
// character set (LC_CTYPE): in a UTF-8 locale "é" is shown as it is, in the C locale as
// octal escapes, as coreutils does. Invalid sequences are unprintable, one byte at a time.
std::vector<char> printable_bytes(std::string_view name) {
  std::vector<char> shown(name.size(), 0);
  std::mbstate_t state{};
  for (std::size_t i = 0; i < name.size();) {
    const auto u = static_cast<unsigned char>(name[i]);
    if (u < 0x80) {
      shown[i++] = printable(u);
      continue;
    }
    wchar_t wc = 0;
    const std::size_t n = std::mbrtowc(&wc, name.data() + i, name.size() - i, &state);
    if (n == 0 || n > name.size() - i) {  // invalid or incomplete: (size_t)-1 or -2
      state = std::mbstate_t{};
      ++i;
      continue;
    }
    const char yes = std::iswprint(static_cast<std::wint_t>(wc)) != 0;
    for (std::size_t k = 0; k < n; ++k) shown[i + k] = yes;
    i += n;
  }
  return shown;
}

// compatible says whether c may stand inside "..." unchanged with the same meaning as inside
// '...', which lets a name holding a single quote be shown as "it's".
bool compatible(char c, bool shown, std::size_t i, std::size_t size) {
  if (!shown) return false;
  if (c == ' ' || c == '\'' || c == ':' || special_here(c, i, size)) return true;
  if (c == '#' || c == '~' || c == '{' || c == '}') return false;
  return !shell_special(c);
}

char named_escape(unsigned char c) {
  switch (c) {
    case '\a':
      return 'a';
    case '\b':
      return 'b';
    case '\t':
      return 't';
    case '\n':
      return 'n';
    case '\v':
      return 'v';
    case '\f':
      return 'f';
    case '\r':
      return 'r';
    default:
      return 0;
  }
}

}  // namespace

std::string quote_name(std::string_view name) {
  const std::vector<char> shown = printable_bytes(name);
  bool needs = name.empty();
  bool all_compatible = true;
  bool single_quote = false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (!shown[i] || shell_special(c) || special_here(c, i, name.size())) needs = true;
    all_compatible = all_compatible && compatible(c, shown[i] != 0, i, name.size());
    single_quote = single_quote || c == '\'';
  }
  if (!needs) return std::string(name);
  std::string out;
  if (single_quote && all_compatible) {
    out += '"';
    out += name;
    out += '"';
    return out;
  }
  // '...' with '\'' for a quote and $'\ooo' pieces for unprintable bytes.
  out += '\'';
  bool in_dollar = false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const auto u = static_cast<unsigned char>(c);
    if (!shown[i]) {
      if (!in_dollar) out += "'$'";
      in_dollar = true;
      out += '\\';
      if (const char e = named_escape(u)) {
        out += e;
      } else {
        const char octal[4] = {static_cast<char>('0' + (u >> 6)),
                               static_cast<char>('0' + ((u >> 3) & 7)),
                               static_cast<char>('0' + (u & 7)), 0};
        out += octal;
      }
    } else if (c == '\'') {
      out += "'\\''";
      in_dollar = false;
    } else {
      if (in_dollar) out += "''";
      in_dollar = false;
      out += c;
    }
  }
  out += '\'';
  return out;
}

bool needs_escape(std::string_view name) {
  return name.find_first_of("\\\n\r") != std::string_view::npos;
}

std::string escape_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (const char c : name) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out;
}

bool unescape_name(std::string_view name, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] != '\\') {
      out += name[i];
      continue;
    }
    if (++i == name.size()) return false;
    switch (name[i]) {
      case '\\':
        out += '\\';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      default:
        return false;
    }
  }
  return true;
}

namespace {
std::string_view current_command;  // set once by main, before any thread starts
}  // namespace

void set_command(std::string_view name) { current_command = name; }

std::string message_prefix() {
  return current_command.empty() ? "axiom: " : "axiom " + std::string(current_command) + ": ";
}

void error(std::string_view message) {
  std::fflush(stdout);
  clear_progress();
  std::fprintf(stderr, "%s%.*s\n", message_prefix().c_str(), static_cast<int>(message.size()),
               message.data());
}

void file_error(std::string_view name, int err) {
  error(quote_name(name) + ": " + std::strerror(err));
}

void write_error(int err) { error(std::string("write error: ") + std::strerror(err)); }

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) {
      return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool parse_hex(std::string_view what, std::string_view text, std::vector<std::uint8_t>& out) {
  const std::string invalid = "invalid " + std::string(what) + ": ";
  const auto hex_digit = [](char c) {
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
  };
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!hex_digit(text[i])) {
      error(invalid + "character " + std::to_string(i + 1) + " is not a hex digit");
      return false;
    }
  if (text.size() % 2 != 0) {
    error(invalid + "an odd number of hex digits (" + std::to_string(text.size()) +
          "): two make a byte");
    return false;
  }
  const auto value = [](char c) {
    return static_cast<std::uint8_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
  };
  out.resize(text.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(value(text[2 * i]) << 4 | value(text[2 * i + 1]));
  return true;
}

std::string input_label(std::string_view name) {
  return name == "-" ? std::string("standard input") : quote_name(name);
}

int usage_error(std::string_view command, std::string_view message) {
  std::fflush(stdout);
  const int n = static_cast<int>(command.size());
  std::fprintf(stderr, "axiom %.*s: %.*s\nTry 'axiom %.*s --help' for more information.\n", n,
               command.data(), static_cast<int>(message.size()), message.data(), n, command.data());
  return exit_usage;
}

int option_error(std::string_view command, char** argv, int c) {
  // optind has moved past the offending word; optopt holds a bad short option, or 0.
  const std::string word = argv[optind - 1];
  if (c == ':') return usage_error(command, "option requires an argument: " + word);
  if (optopt != 0 && word.rfind("--", 0) != 0)
    return usage_error(command,
                       std::string("invalid option -- '") + static_cast<char>(optopt) + "'");
  return usage_error(command, "unrecognized option '" + word + "'");
}

int Input::open(const std::string& name) {
  if (name == "-") {
    fd_ = os::stdin_fd;
    return 0;
  }
  fd_ = os::open_read(name);
  if (fd_ < 0) return errno;
  owned_ = true;
  return 0;
}

Input::~Input() {
  if (owned_) os::close(fd_);
}

std::uint64_t Input::regular_size() const { return os::regular_size(fd_); }

int Input::read_block(std::span<std::uint8_t> buffer, std::size_t& got) {
  got = 0;
  while (got < buffer.size()) {
    const long n = os::read(fd_, buffer.data() + got, buffer.size() - got);
    if (n == 0) return 0;
    if (n < 0) return errno;
    got += static_cast<std::size_t>(n);
  }
  return 0;
}

int Input::read_all(std::span<std::uint8_t> buffer,
                    const std::function<void(std::span<const std::uint8_t>)>& sink) {
  for (;;) {
    const long n = os::read(fd_, buffer.data(), buffer.size());
    if (n == 0) return 0;
    if (n < 0) return errno;
    sink(buffer.first(static_cast<std::size_t>(n)));
  }
}

bool write_all(int fd, std::span<const std::uint8_t> data) {
  while (!data.empty()) {
    const long n = os::write(fd, data.data(), data.size());
    if (n < 0) return false;
    data = data.subspan(static_cast<std::size_t>(n));
  }
  return true;
}

int finish_stdout(int code) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    write_error(errno);
    return exit_usage;
  }
  return code;
}

bool parse_count(std::string_view text, std::uint64_t limit, std::uint64_t& n) {
  std::uint64_t unit = 1;
  if (!text.empty() && (text.back() == 'K' || text.back() == 'k')) unit = 1024;
  if (!text.empty() && (text.back() == 'M' || text.back() == 'm')) unit = 1024 * 1024;
  if (unit != 1) text.remove_suffix(1);
  if (text.empty() || text.size() > 10) return false;  // ten digits cannot overflow below
  n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  n *= unit;
  return n <= limit;
}

}  // namespace axiom::cli

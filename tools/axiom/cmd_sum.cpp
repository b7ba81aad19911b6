// axiom sum: print or check message digests exactly as coreutils' sha256sum does (output
// lines, escaping, diagnostics and exit status), with any algorithm of the table.
#include <getopt.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "algorithms.hpp"
#include "axiom/bytes.hpp"
#include "commands.hpp"
#include "io.hpp"
#include "platform.hpp"
#include "progress.hpp"

namespace axiom::cli {

namespace {

constexpr const char* usage_text =
    "Usage: axiom sum [-a ALG] [-j N] [--progress] [FILE|-]...\n"
    "       axiom sum [-a ALG] -c [--quiet|--status|-w] [--strict] [--ignore-missing] "
    "[--progress]\n"
    "                 [LIST|-]...\n"
    "Print or check message digests in sha256sum's format: '<hex>  <name>' per file, names\n"
    "holding a backslash, newline or carriage return escaped and the line marked with '\\'.\n"
    "With no FILE, or when FILE is -, read standard input. When standard error is a terminal,\n"
    "work that lasts more than a second shows its progress there (bytes, rate, time left).\n"
    "\n"
    "  -a, --algorithm ALG  the hash (default sha256; names in either case); 'axiom list'\n"
    "                       shows them all\n"
    "  -j, --jobs N         hash with up to N threads (default: one per CPU), each taking\n"
    "                       several files at a time (not with -c); output stays in argument\n"
    "                       order, each line printed once all before it are\n"
    "  -c, --check          verify the digests listed in each LIST: coreutils lines\n"
    "                       ('hex  name', 'hex *name', 'TAG (name) = hex') or gost12sum\n"
    "                       lines ('hex name')\n"
    "      --quiet          with -c: print only the failures\n"
    "      --status         with -c: print nothing; the exit status tells\n"
    "      --strict         with -c: fail when a line is improperly formatted\n"
    "      --ignore-missing with -c: skip listed files that do not exist\n"
    "  -w, --warn           with -c: warn about each improperly formatted line\n"
    "      --progress       show the progress even when standard error is not a terminal\n"
    "  -h, --help           print this help\n"
    "\n"
    "Exit status: 0 success; 1 a file could not be read or a check failed; 2 usage error.\n";

struct Digest {
  int err = 0;      // errno of opening or reading, or 0
  std::string hex;  // the digest when err == 0
};

// force_progress: --progress was given.
bool force_progress = false;

// digest_file hashes one file ("-" is standard input) with buffer as its read buffer; with
// show_progress, a long one shows its progress (see Progress).
Digest digest_file(const HashAlgorithm& alg, const std::string& name, ReadBuffer& buffer,
                   bool show_progress) {
  Digest d;
  Input in;
  if ((d.err = in.open(name)) != 0) return d;
  const auto h = alg.make();
  Progress progress(quote_name(name), in.regular_size(), show_progress && force_progress,
                    show_progress);
  d.err = in.read_all(buffer, [&](std::span<const std::uint8_t> b) {
    h->update(b);
    progress.advance(b.size());
  });
  if (d.err != 0) return d;
  std::vector<std::uint8_t> out(alg.digest_size);
  h->finish(out);
  d.hex = to_hex(out);
  return d;
}

// max_lanes: the most files one thread hashes at once, block by block, through the hash's
// multi-message call (update_many): SHA-256 takes sixteen messages at once with AVX-512.
constexpr std::size_t max_lanes = 16;

// digest_group hashes several files (none standard input) in step, block by block, so that the
// hash kernel takes them together (update_many); a file that cannot be opened or read gets its
// error and the others go on. Lines are printed by the caller in order.
void digest_group(const HashAlgorithm& alg, std::span<const std::string> names, Digest* result,
                  std::vector<ReadBuffer>& buffers, bool show_progress) {
  const std::size_t n = names.size();
  std::vector<Input> in(n);
  std::vector<std::unique_ptr<Digester>> h(n);
  std::vector<char> open(n, 0);  // still being read
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    result[i].err = in[i].open(names[i]);
    open[i] = result[i].err == 0;
    if (open[i]) h[i] = alg.make();
    total += in[i].regular_size();
  }
  Progress progress(
      n == 2 ? quote_name(names[0]) + " " + quote_name(names[1]) : std::to_string(n) + " files",
      total, show_progress && force_progress, show_progress);
  std::vector<Digester*> reading;
  std::vector<std::span<const std::uint8_t>> blocks;
  while (std::find(open.begin(), open.end(), 1) != open.end()) {
    reading.clear();
    blocks.clear();
    for (std::size_t i = 0; i < n; ++i) {
      if (!open[i]) continue;
      std::size_t got = 0;
      result[i].err = in[i].read_block(buffers[i], got);
      open[i] = result[i].err == 0 && got == buffers[i].size();
      progress.advance(got);
      reading.push_back(h[i].get());
      blocks.push_back(std::span(buffers[i]).first(got));
    }
    alg.update_many(reading, blocks);
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!h[i] || result[i].err != 0) continue;
    std::vector<std::uint8_t> out(alg.digest_size);
    h[i]->finish(out);
    result[i].hex = to_hex(out);
  }
}

// print_result writes one sha256sum line, or the error for that file; false on an error.
bool print_result(const std::string& name, const Digest& d) {
  if (d.err != 0) {
    file_error(name, d.err);
    return false;
  }
  const bool escape = needs_escape(name);
  std::string line;
  if (escape) line += '\\';
  line += d.hex;
  line += "  ";
  line += escape ? escape_name(name) : name;
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);  // each line as soon as it and all before it are known
  return true;
}

// sum_sequential hashes up to max_lanes consecutive files at a time (digest_group), standard
// input on its own.
int sum_sequential(const HashAlgorithm& alg, const std::vector<std::string>& names) {
  std::vector<ReadBuffer> buffers(1, ReadBuffer(Input::buffer_size));
  bool ok = true;
  for (std::size_t i = 0; i < names.size();) {
    std::size_t n = 0;  // the files from i on that are hashed together
    while (n < max_lanes && i + n < names.size() && names[i + n] != "-") ++n;
    if (n >= 2) {
      while (buffers.size() < n) buffers.emplace_back(Input::buffer_size);
      std::vector<Digest> result(n);
      digest_group(alg, std::span(names).subspan(i, n), result.data(), buffers, true);
      for (std::size_t k = 0; k < n; ++k) ok = print_result(names[i + k], result[k]) && ok;
      i += n;
    } else {
      ok = print_result(names[i], digest_file(alg, names[i], buffers[0], true)) && ok;
      i += 1;
    }
  }
  return ok ? exit_ok : exit_failed;
}

// sum_parallel hashes with up to jobs worker threads (no more than there are files), with one
// progress line for all files together (shown only on a terminal, and erased while a result
// line is printed). Each worker hashes several files at once (two, up to max_lanes when there
// are enough files), block by block through update_many (the hash's multi-message kernel); when
// one of them ends, the next unclaimed file takes its place, and the last ones go on alone.
// Worker t starts with the t-th file, so that files spread over the workers before any worker
// takes a second one. The calling thread prints in argument order, waiting for each result in
// turn, and hashes the "-" entries itself: standard input can be read only once, so it is read
// in argument order as sha256sum does.
int sum_parallel(const HashAlgorithm& alg, const std::vector<std::string>& names, unsigned jobs) {
  std::vector<std::size_t> files;  // indices of the names that are not "-"
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] != "-") files.push_back(i);
  std::vector<Digest> results(names.size());
  std::vector<char> done(names.size(), 0);
  std::mutex mutex;
  std::condition_variable ready;
  bool go = false;  // set once every worker that could be started has its first file
  std::atomic<std::size_t> next{0};      // the next unclaimed entry of files
  std::atomic<std::uint64_t> hashed{0};  // bytes the workers read since the last progress update

  auto publish = [&](std::size_t i, Digest d) {
    {
      const std::lock_guard<std::mutex> lock(mutex);
      results[i] = std::move(d);
      done[i] = 1;
    }
    ready.notify_all();
  };
  struct Lane {
    std::size_t index = 0;  // in names
    std::unique_ptr<Input> in;
    std::unique_ptr<Digester> h;  // null while the lane is empty
  };
  // Each worker's number of lanes: no more than the files share out over the workers, so that
  // they spread over the workers first.
  const std::size_t workers = std::max<std::size_t>(1, std::min<std::size_t>(jobs, files.size()));
  const std::size_t width = std::clamp<std::size_t>(files.size() / workers, 2, max_lanes);
  // take opens file k of files in lane, or the next unclaimed one when it cannot be opened
  // (its error is published at once); the lane is left empty when no file is left.
  auto take = [&](Lane& lane, std::size_t k) {
    for (;; k = next.fetch_add(1)) {
      lane.h.reset();
      if (k >= files.size()) return;
      lane.index = files[k];
      lane.in = std::make_unique<Input>();
      if (const int err = lane.in->open(names[lane.index]); err != 0) {
        publish(lane.index, Digest{err, {}});
        continue;
      }
      lane.h = alg.make();
      return;
    }
  };
  auto worker = [&](std::size_t first) {
    {
      std::unique_lock<std::mutex> lock(mutex);
      ready.wait(lock, [&] { return go; });
    }
    std::vector<ReadBuffer> buffers(width, ReadBuffer(Input::buffer_size));
    std::vector<Lane> lanes(width);
    take(lanes[0], first);
    for (std::size_t k = 1; k < width; ++k) take(lanes[k], next.fetch_add(1));
    std::vector<Digester*> reading;
    std::vector<std::span<const std::uint8_t>> blocks;
    std::vector<int> err(width);
    std::vector<char> ended(width);
    for (;;) {
      reading.clear();
      blocks.clear();
      for (std::size_t k = 0; k < width; ++k) {
        if (!lanes[k].h) continue;
        std::size_t got = 0;
        err[k] = lanes[k].in->read_block(buffers[k], got);
        ended[k] = err[k] != 0 || got < buffers[k].size();
        hashed.fetch_add(got, std::memory_order_relaxed);
        reading.push_back(lanes[k].h.get());
        blocks.push_back(std::span(buffers[k]).first(got));
      }
      if (reading.empty()) break;
      alg.update_many(reading, blocks);
      for (std::size_t k = 0; k < width; ++k) {
        if (!lanes[k].h || !ended[k]) continue;
        Digest d{err[k], {}};
        if (err[k] == 0) {
          std::vector<std::uint8_t> out(alg.digest_size);
          lanes[k].h->finish(out);
          d.hex = to_hex(out);
        }
        publish(lanes[k].index, std::move(d));
        take(lanes[k], next.fetch_add(1));
      }
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < jobs && t < files.size(); ++t) {
    try {
      threads.emplace_back(worker, t);
    } catch (const std::system_error&) {
      break;  // the system refuses more threads: go on with those started
    }
  }
  if (threads.empty()) return sum_sequential(alg, names);
  {
    const std::lock_guard<std::mutex> lock(mutex);
    next = threads.size();
    go = true;
  }
  ready.notify_all();

  std::uint64_t total = 0;  // of the regular files, for the progress line
  for (const std::size_t i : files)
    if (std::uint64_t size = 0; os::regular_file_size(names[i], size)) total += size;
  Progress progress(std::to_string(files.size()) + " files", total, force_progress);
  ReadBuffer buffer(Input::buffer_size);
  bool ok = true;
  for (std::size_t i = 0; i < names.size(); ++i) {
    Digest d;
    if (names[i] == "-") {
      d = digest_file(alg, names[i], buffer, false);
    } else {
      std::unique_lock<std::mutex> lock(mutex);
      while (!ready.wait_for(lock, std::chrono::milliseconds(100), [&] { return done[i] != 0; }))
        progress.advance(hashed.exchange(0));
      d = std::move(results[i]);
    }
    progress.advance(hashed.exchange(0));
    progress.clear();
    ok = print_result(names[i], d) && ok;
  }
  for (std::thread& t : threads) t.join();
  return ok ? exit_ok : exit_failed;
}

struct CheckOptions {
  bool quiet = false;
  bool status = false;
  bool warn = false;
  bool strict = false;
  bool ignore_missing = false;
};

struct Entry {
  std::string hex;
  std::string name;
};

// Checker verifies lists the way sha256sum -c does. reversed_ remembers across lines and
// lists whether the one-space format ("hex name", BSD reversed / gost12sum) is in use, since
// sha256sum refuses to mix it with the two-space format: a name starting with a space would
// otherwise mean different files in the two readings.
class Checker {
 public:
  Checker(const HashAlgorithm& alg, CheckOptions opt) : alg_(alg), opt_(opt) {}
  bool check_list(const std::string& list);

 private:
  bool parse(std::string_view line, Entry& e);
  bool parse_tagged(std::string_view rest, bool escaped, Entry& e) const;
  bool valid_hex(std::string_view hex) const;

  const HashAlgorithm& alg_;
  CheckOptions opt_;
  int reversed_ = -1;  // -1 unknown, 0 two-space format, 1 one-space format
  ReadBuffer buffer_ = ReadBuffer(Input::buffer_size);
};

bool is_white(char c) { return c == ' ' || c == '\t'; }

bool Checker::valid_hex(std::string_view hex) const {
  if (hex.size() != 2 * alg_.digest_size) return false;
  for (const char c : hex)
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// parse_tagged reads the rest of "TAG (name) = hex" after the '('.
bool Checker::parse_tagged(std::string_view rest, bool escaped, Entry& e) const {
  const std::size_t close = rest.rfind(')');
  if (close == std::string_view::npos) return false;
  const std::string_view name = rest.substr(0, close);
  if (escaped) {
    if (!unescape_name(name, e.name)) return false;
  } else {
    e.name = name;
  }
  std::size_t i = close + 1;
  while (i < rest.size() && is_white(rest[i])) ++i;
  if (i == rest.size() || rest[i] != '=') return false;
  ++i;
  while (i < rest.size() && is_white(rest[i])) ++i;
  e.hex = rest.substr(i);
  return true;
}

bool Checker::parse(std::string_view s, Entry& e) {
  std::size_t i = 0;
  while (i < s.size() && is_white(s[i])) ++i;
  bool escaped = false;
  if (i < s.size() && s[i] == '\\') {
    ++i;
    escaped = true;
  }
  if (s.substr(i, alg_.tag.size()) == alg_.tag) {
    i += alg_.tag.size();
    if (i < s.size() && s[i] == ' ') ++i;
    if (i == s.size() || s[i] != '(') return false;
    return parse_tagged(s.substr(i + 1), escaped, e);
  }
  // At least the digest, a separator and a one-character name.
  const std::size_t hex_size = 2 * alg_.digest_size;
  if (s.size() - i < hex_size + 2) return false;
  e.hex = s.substr(i, hex_size);
  i += hex_size;
  if (!is_white(s[i])) return false;
  ++i;
  if (s.size() - i == 1 || (s[i] != ' ' && s[i] != '*')) {
    if (reversed_ == 0) return false;
    reversed_ = 1;
  } else if (reversed_ != 1) {
    reversed_ = 0;
    ++i;  // the ' ' (text) or '*' (binary) marker; both mean the same here
  }
  const std::string_view name = s.substr(i);
  if (escaped) return unescape_name(name, e.name);
  e.name = name;
  return true;
}

// read_line reads one line of f into line, with its '\n' if it has one; false at end of file.
bool read_line(std::FILE* f, std::string& line) {
  line.clear();
  for (int c; (c = std::getc(f)) != EOF;) {
    line.push_back(static_cast<char>(c));
    if (c == '\n') break;
  }
  return !line.empty();
}

bool Checker::check_list(const std::string& list) {
  const bool list_is_stdin = list == "-";
  const std::string shown = list_is_stdin ? "standard input" : list;
  FILE* f = list_is_stdin ? stdin : os::fopen_read(list);
  if (f == nullptr) {
    file_error(list, errno);
    return false;
  }
  std::size_t misformatted = 0, unreadable = 0, mismatched = 0;
  bool any_formatted = false, any_verified = false;
  std::string raw;
  std::uintmax_t line_number = 0;
  while (read_line(f, raw)) {
    ++line_number;
    std::string_view line(raw);
    if (line.front() == '#') continue;
    if (line.back() == '\n') line.remove_suffix(1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // lists from Windows
    if (line.empty()) continue;

    Entry e;
    if (!parse(line, e) || (list_is_stdin && e.name == "-") || !valid_hex(e.hex)) {
      ++misformatted;
      if (opt_.warn)
        error(quote_name(shown) + ": " + std::to_string(line_number) + ": improperly formatted " +
              std::string(alg_.tag) + " checksum line");
      continue;
    }
    any_formatted = true;

    // Unlike digest lines, sha256sum -c escapes a name in its report only for a newline.
    const bool escape = !opt_.status && e.name.find('\n') != std::string::npos;
    const std::string printed = escape ? "\\" + escape_name(e.name) : e.name;
    const Digest d = digest_file(alg_, e.name, buffer_, true);
    if (d.err == ENOENT && opt_.ignore_missing) continue;
    if (d.err != 0) {
      file_error(e.name, d.err);
      ++unreadable;
      if (!opt_.status) std::printf("%s: FAILED open or read\n", printed.c_str());
      continue;
    }
    any_verified = true;
    bool match = true;
    for (std::size_t k = 0; k < e.hex.size(); ++k)
      match = match && std::tolower(static_cast<unsigned char>(e.hex[k])) == d.hex[k];
    if (!match) ++mismatched;
    if (!opt_.status && (!match || !opt_.quiet))
      std::printf("%s: %s\n", printed.c_str(), match ? "OK" : "FAILED");
  }
  const bool read_failed = std::ferror(f) != 0;
  if (!list_is_stdin) std::fclose(f);

  if (read_failed) {
    error(quote_name(shown) + ": read error");
    return false;
  }
  if (!any_formatted) {
    error(quote_name(shown) + ": no properly formatted checksum lines found");
    return false;
  }
  if (!opt_.status) {
    auto warn_count = [](std::size_t count, const char* one, const char* many) {
      if (count == 1)
        error(std::string("WARNING: 1 ") + one);
      else if (count > 1)
        error("WARNING: " + std::to_string(count) + " " + many);
    };
    warn_count(misformatted, "line is improperly formatted", "lines are improperly formatted");
    warn_count(unreadable, "listed file could not be read", "listed files could not be read");
    warn_count(mismatched, "computed checksum did NOT match", "computed checksums did NOT match");
    if (opt_.ignore_missing && !any_verified) error(quote_name(shown) + ": no file was verified");
  }
  return mismatched == 0 && unreadable == 0 && (!opt_.strict || misformatted == 0) &&
         (!opt_.ignore_missing || any_verified);
}

}  // namespace

int cmd_sum(int argc, char** argv) {
  enum { opt_quiet = 256, opt_status, opt_strict, opt_ignore_missing, opt_progress };
  static const option long_options[] = {
      {"algorithm", required_argument, nullptr, 'a'},
      {"jobs", required_argument, nullptr, 'j'},
      {"check", no_argument, nullptr, 'c'},
      {"quiet", no_argument, nullptr, opt_quiet},
      {"status", no_argument, nullptr, opt_status},
      {"strict", no_argument, nullptr, opt_strict},
      {"ignore-missing", no_argument, nullptr, opt_ignore_missing},
      {"warn", no_argument, nullptr, 'w'},
      {"progress", no_argument, nullptr, opt_progress},
      {"help", no_argument, nullptr, 'h'},
      {nullptr, 0, nullptr, 0},
  };
  std::string_view alg_name = "sha256";
  unsigned jobs = 0;  // 0: one thread per CPU this process may run on
  bool check = false;
  CheckOptions opt;
  const char* check_only = nullptr;  // the first option that needs --check, if any
  opterr = 0;
  for (int c; (c = getopt_long(argc, argv, ":a:j:cwh", long_options, nullptr)) != -1;) {
    switch (c) {
      case 'a':
        alg_name = optarg;
        break;
      case 'j': {
        char* end = nullptr;
        errno = 0;
        const unsigned long n = std::strtoul(optarg, &end, 10);
        if (errno != 0 || end == optarg || *end != '\0' || n == 0 || n > 1024 || *optarg == '-')
          return usage_error("sum", std::string("invalid number of jobs: '") + optarg + "'");
        jobs = static_cast<unsigned>(n);
        break;
      }
      case 'c':
        check = true;
        break;
      case opt_progress:
        force_progress = true;
        break;
      // As in sha256sum, --quiet, --status and --warn exclude each other: the last one wins.
      case opt_quiet:
        opt.quiet = true;
        opt.status = opt.warn = false;
        check_only = "--quiet";
        break;
      case opt_status:
        opt.status = true;
        opt.quiet = opt.warn = false;
        check_only = "--status";
        break;
      case 'w':
        opt.warn = true;
        opt.quiet = opt.status = false;
        check_only = "--warn";
        break;
      case opt_strict:
        opt.strict = true;
        check_only = "--strict";
        break;
      case opt_ignore_missing:
        opt.ignore_missing = true;
        check_only = "--ignore-missing";
        break;
      case 'h':
        std::fputs(usage_text, stdout);
        return finish_stdout(exit_ok);
      default:
        return option_error("sum", argv, c);
    }
  }
  const HashAlgorithm* alg = find_hash(alg_name);
  if (alg == nullptr)
    return usage_error("sum",
                       "unknown algorithm '" + std::string(alg_name) + "' (see 'axiom list')");
  if (!check && check_only != nullptr)
    return usage_error("sum", std::string("the ") + check_only +
                                  " option is meaningful only when verifying checksums");
  if (check && jobs != 0)
    return usage_error("sum", "the --jobs option is meaningful only when hashing files");

  std::vector<std::string> names(argv + optind, argv + argc);
  if (names.empty()) names.emplace_back("-");
  if (check) {
    Checker checker(*alg, opt);
    bool ok = true;
    for (const std::string& list : names) ok = checker.check_list(list) && ok;
    return finish_stdout(ok ? exit_ok : exit_failed);
  }
  if (jobs == 0) jobs = os::usable_cpus();
  const bool one_file =
      names.size() - static_cast<std::size_t>(std::count(names.begin(), names.end(), "-")) < 2;
  const int code =
      jobs == 1 || one_file ? sum_sequential(*alg, names) : sum_parallel(*alg, names, jobs);
  return finish_stdout(code);
}

}  // namespace axiom::cli

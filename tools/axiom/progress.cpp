#include "progress.hpp"

#include <cstdio>
#include <string_view>

#include "io.hpp"
#include "platform.hpp"

namespace axiom::cli {

namespace {

constexpr auto first_delay = std::chrono::seconds(1);
constexpr auto redraw_every = std::chrono::milliseconds(500);

std::string bytes_text(double n) {
  static constexpr const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  std::size_t u = 0;
  while (n >= 1024 && u + 1 < std::size(units)) {
    n /= 1024;
    ++u;
  }
  char text[32];
  std::snprintf(text, sizeof text, u == 0 ? "%.0f %s" : "%.1f %s", n, units[u]);
  return text;
}

std::string duration_text(double seconds) {
  const auto s = static_cast<unsigned long long>(seconds + 0.5);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%llu:%02llu", s / 60, s % 60);
  return text;
}

Progress* in_use = nullptr;

}  // namespace

void clear_progress() {
  if (in_use != nullptr) in_use->clear();
}

Progress::Progress(std::string label, std::uint64_t total, bool forced, bool allowed)
    : label_(std::move(label)),
      total_(total),
      forced_(forced),
      terminal_(os::is_terminal(os::stderr_fd)),
      start_(Clock::now()) {
  active_ = forced || (allowed && terminal_);
  if (active_) in_use = this;
}

Progress::~Progress() {
  clear();
  if (in_use == this) in_use = nullptr;
}

void Progress::advance(std::uint64_t n) {
  if (!active_) return;
  done_ += n;
  const Clock::time_point now = Clock::now();
  if (!forced_ && now - start_ < first_delay) return;
  if (shown_ != 0 && now - drawn_at_ < redraw_every) return;
  draw(now);
}

void Progress::draw(Clock::time_point now) {
  drawn_at_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done_) / seconds : 0;
  std::string line(1, '\r');
  line += message_prefix();
  line += label_;
  line += ": ";
  line += bytes_text(static_cast<double>(done_));
  if (total_ != 0) {
    const std::uint64_t percent = done_ >= total_ ? 100 : done_ * 100 / total_;
    line += " of ";
    line += bytes_text(static_cast<double>(total_));
    line += " (";
    line += std::to_string(percent);
    line += "%)";
  }
  line += ", ";
  line += rate > 0 ? bytes_text(rate) : std::string("? B");
  line += "/s";
  if (total_ != 0) {
    line += ", ";
    line += rate > 0 && done_ <= total_ ? duration_text(static_cast<double>(total_ - done_) / rate)
                                        : "?:??";
    line += " left";
  }
  const std::size_t length = line.size();
  if (terminal_)
    line += "\033[K";  // erase what a longer line left
  else if (length < shown_)
    line.append(shown_ - length, ' ');
  shown_ = length;
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

void Progress::clear() {
  if (shown_ == 0) return;
  std::fputs(terminal_ ? "\r\033[K" : "\n", stderr);
  std::fflush(stderr);
  shown_ = 0;
}

}  // namespace axiom::cli

// Progress: how far a long job is, on one line of standard error rewritten in place.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace axiom::cli {

// Progress shows, like pv or dd status=progress,
//   axiom CMD: LABEL: 1.2 GiB of 4.0 GiB (30%), 850.0 MiB/s, 0:03 left
// (without a total: "axiom CMD: LABEL: 1.2 GiB, 850.0 MiB/s"). When standard error is a
// terminal it appears once the job has run for a second, is redrawn twice a second and erased
// at the end; with forced (--progress) it is shown from the start, also when standard error
// is not a terminal (then without terminal escapes, and ended by a newline). It counts the
// bytes read, never writes to standard output, and is used from one thread; one at a time.
class Progress {
 public:
  // label: what is read, quoted as in diagnostics; total: its size, 0 if unknown. With
  // allowed false (e.g. the output goes to the same terminal) only forced shows anything.
  Progress(std::string label, std::uint64_t total, bool forced, bool allowed = true);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::uint64_t n);
  // clear takes the line away now, so that a result can be printed; the next update draws
  // it again.
  void clear();

 private:
  using Clock = std::chrono::steady_clock;
  void draw(Clock::time_point now);

  std::string label_;
  std::uint64_t total_, done_ = 0;
  bool active_, forced_, terminal_;
  Clock::time_point start_, drawn_at_{};
  std::size_t shown_ = 0;  // length of the line on screen, 0 if none
};

// clear_progress takes away the line of the Progress in use, if any (error() calls it, so a
// message never lands at the end of a progress line).
void clear_progress();

}  // namespace axiom::cli

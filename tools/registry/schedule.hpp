// schedule.hpp: how make bench spends a fixed wall-time budget. Every figure is timed in rounds,
// each round one repetition of each figure in a fresh random order (so every figure's
// repetitions spread over the whole run, interleaved with every other's). The first min_reps
// rounds take every figure; later rounds only the figures whose median is not yet precise, until
// the budget is spent. The repetition length is chosen from the figures' measured costs so that
// the first rounds take a fixed share of the budget: more figures make shorter repetitions, not
// a longer run. No timing here: the caller measures and reports the elapsed time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

namespace axiom::bench {

struct ScheduleOptions {
  double budget = 360;      // seconds from the start of the run to the end of the last round
  int min_reps = 7;         // repetitions every figure gets, whatever the time
  int max_reps = 35;        // repetitions no figure exceeds
  double precision = 0.01;  // enough: the median's relative standard error at most this
  double share = 0.6;       // of the time left, what the min_reps rounds should take
};

// FigureCost is what one repetition of a figure costs: seconds outside the timed calls (an
// untimed first call) and seconds per timed call, with min_calls to max_calls calls.
struct FigureCost {
  double overhead = 0;
  double call = 0;
  std::uint64_t min_calls = 1;
  std::uint64_t max_calls = ~std::uint64_t{0};
};

// calls_for: the calls of a repetition of about rep_seconds (within the figure's bounds);
// round_seconds: a round over every figure with repetitions of rep_seconds.
std::uint64_t calls_for(const FigureCost& c, double rep_seconds);
double round_seconds(std::span<const FigureCost> costs, double rep_seconds);

// pick_rep_seconds: the longest repetition (between 0.1 ms and 0.5 ms) for which `rounds`
// rounds over every figure fit into `seconds`; 0.1 ms if none does. Short: on a loaded machine
// a repetition much shorter than the OS's time slice is seldom preempted, and the median drops
// those that are; time left over goes to more repetitions of the noisy figures.
inline constexpr double min_rep_seconds = 1e-4, max_rep_seconds = 5e-4;
double pick_rep_seconds(std::span<const FigureCost> costs, int rounds, double seconds);

// median_error: the relative standard error of the median of values (1.2533 * CV / sqrt(n),
// over the values summarize keeps: outliers dropped); 0 for fewer than 2 values.
double median_error(const std::vector<double>& values, double mad_floor = 0);

class Schedule {
 public:
  // costs: one per figure, as measured before the first round; now: seconds since the start of
  // the run; slowdown: how much longer than the costs predict the measuring of them took (the
  // machine's load), which the first round is planned with.
  Schedule(std::vector<FigureCost> costs, const ScheduleOptions& o, double now, double slowdown,
           std::uint64_t seed);

  // next_round returns the figures of the next round in a random order: all of them for the
  // first min_reps rounds; after, those not yet precise with fewer than max_reps repetitions,
  // and none once now (seconds since the start of the run) has reached the budget. Before each
  // of the first rounds it picks the repetition length again for the time left, so that those
  // rounds end at the share of the budget even when they run longer than the costs predict.
  std::vector<std::size_t> next_round(double now);
  // stop_now says whether the round under way must end here: past the budget, after the first
  // min_reps rounds.
  bool stop_now(double now) const;
  // calls: the timed calls of figure f's next repetition.
  std::uint64_t calls(std::size_t f) const { return calls_for(costs_[f], rep_seconds_); }
  // record adds one repetition's value of figure f (lower is better, e.g. cycles/byte);
  // mad_floor as for summarize (the value of one timer step).
  void record(std::size_t f, double value, double mad_floor = 0);

  std::size_t reps(std::size_t f) const { return values_[f].size(); }
  bool precise(std::size_t f) const;
  int rounds() const { return rounds_; }
  double rep_seconds() const { return rep_seconds_; }
  // first_rounds_end: when the first min_reps rounds should end (seconds since the start).
  double first_rounds_end() const { return first_end_; }

 private:
  ScheduleOptions o_;
  std::vector<FigureCost> costs_;
  std::vector<std::vector<double>> values_;
  std::vector<double> floors_;
  std::mt19937_64 rng_;
  int rounds_ = 0;
  double first_end_;
  double rep_seconds_ = 0;
  double slowdown_;
};

}  // namespace axiom::bench

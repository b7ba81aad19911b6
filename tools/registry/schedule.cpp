#include "registry/schedule.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "registry/measure.hpp"

namespace axiom::bench {

std::uint64_t calls_for(const FigureCost& c, double rep_seconds) {
  if (c.call <= 0) return c.max_calls;
  const double n = std::floor(rep_seconds / c.call + 0.5);
  if (n <= static_cast<double>(c.min_calls)) return c.min_calls;
  if (n >= static_cast<double>(c.max_calls)) return c.max_calls;
  return static_cast<std::uint64_t>(n);
}

double round_seconds(std::span<const FigureCost> costs, double rep_seconds) {
  double sum = 0;
  for (const FigureCost& c : costs)
    sum += c.overhead + static_cast<double>(calls_for(c, rep_seconds)) * c.call;
  return sum;
}

double pick_rep_seconds(std::span<const FigureCost> costs, int rounds, double seconds) {
  const auto fits = [&](double t) { return rounds * round_seconds(costs, t) <= seconds; };
  if (fits(max_rep_seconds)) return max_rep_seconds;
  if (!fits(min_rep_seconds)) return min_rep_seconds;
  double lo = min_rep_seconds, hi = max_rep_seconds;  // fits(lo), !fits(hi)
  for (int i = 0; i < 40; ++i) {
    const double mid = std::sqrt(lo * hi);
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
}

double median_error(const std::vector<double>& values, double mad_floor) {
  if (values.size() < 2) return 0;
  const Stats st = summarize(values, mad_floor);
  return 1.2533 * st.cv / std::sqrt(static_cast<double>(st.n - st.outliers));
}

Schedule::Schedule(std::vector<FigureCost> costs, const ScheduleOptions& o, double now,
                   double slowdown, std::uint64_t seed)
    : o_(o),
      costs_(std::move(costs)),
      values_(costs_.size()),
      floors_(costs_.size(), 0.0),
      rng_(seed),
      first_end_(now + o.share * std::max(0.0, o.budget - now)),
      slowdown_(std::max(1.0, slowdown)) {}

std::vector<std::size_t> Schedule::next_round(double now) {
  std::vector<std::size_t> round;
  const bool first = rounds_ < o_.min_reps;
  if (first) {
    rep_seconds_ = pick_rep_seconds(costs_, o_.min_reps - rounds_,
                                    std::max(0.0, first_end_ - now) / slowdown_);
  } else if (now >= o_.budget) {
    return round;
  }
  for (std::size_t f = 0; f < values_.size(); ++f)
    if (first || (!precise(f) && reps(f) < static_cast<std::size_t>(o_.max_reps)))
      round.push_back(f);
  std::shuffle(round.begin(), round.end(), rng_);
  if (!round.empty()) ++rounds_;
  return round;
}

bool Schedule::stop_now(double elapsed) const {
  return rounds_ > o_.min_reps && elapsed >= o_.budget;
}

void Schedule::record(std::size_t f, double value, double mad_floor) {
  values_[f].push_back(value);
  floors_[f] = mad_floor;
}

bool Schedule::precise(std::size_t f) const {
  return reps(f) >= static_cast<std::size_t>(o_.min_reps) &&
         median_error(values_[f], floors_[f]) <= o_.precision;
}

}  // namespace axiom::bench

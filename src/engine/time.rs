//! The time manager: turns limits into a soft budget (do not start another iteration after it)
//! and a hard deadline (abort the search), never spending more than is on the clock. All
//! arithmetic on durations saturates: UCI may send any `u64` of milliseconds.

use std::time::{Duration, Instant};

use super::limits::SearchLimits;

/// Time budget of one search.
#[derive(Debug, Clone, Copy)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

/// The least time a search is given, so that it always returns a move.
const MIN_BUDGET: Duration = Duration::from_millis(5);

/// Moves still to play assumed when the clock has no `movestogo`. 16 rather than a "fair" 20 to
/// 30 spends more of the clock in the opening and middlegame, where most games are decided, as
/// Stockfish does (at 10+0.1 it spends ~0.54 s per move over its first 10 moves, ~0.10 s after
/// move 50; docs/BENCHMARKS.md); the increment carries the late endgame.
const DEFAULT_MOVES_TO_GO: u32 = 16;

/// A new iteration starts only while less than this share (percent) of the soft budget is
/// spent: the next iteration usually costs about as much as all the earlier ones together.
const NEW_ITERATION_PERCENT: u32 = 70;

/// How far to stretch (or shrink) the soft budget between iterations, in percent, from the
/// search's state: `best_changes` (recent changes of the best move, decaying), `stable` (how
/// many iterations in a row the best move stayed the same) and `score_drop` (how many
/// centipawns the score fell since the previous iteration; negative = rose). An unstable best
/// move or a falling score earn more time, a long-stable best move less. Within 50–250 %.
pub fn stability_scale(best_changes: u32, stable: u32, score_drop: i32) -> u32 {
    let mut scale = 100 + 35 * best_changes.min(4);
    scale += match score_drop {
        d if d >= 60 => 60,
        d if d >= 25 => 30,
        _ => 0,
    };
    if stable >= 6 {
        scale = scale * 65 / 100;
    } else if stable >= 3 {
        scale = scale * 85 / 100;
    }
    scale.clamp(50, 250)
}

impl TimeManager {
    /// Budgets a search starting now.
    pub fn new(limits: &SearchLimits) -> TimeManager {
        let start = Instant::now();
        if limits.infinite {
            return TimeManager {
                start,
                soft: None,
                hard: None,
            };
        }
        let overhead = limits.overhead;
        let mut soft = None;
        let mut hard = None;
        if let Some(t) = limits.movetime {
            // A fixed move time is spent in full: the soft budget (checked at 60 % of its value
            // between iterations) is twice the deadline, so only the deadline stops the search.
            let t = t.saturating_sub(overhead).max(MIN_BUDGET);
            soft = Some(t.saturating_mul(2));
            hard = Some(t);
        }
        if let Some(clock) = limits.clock {
            // Keep a reserve: never plan on the last 5 % (or 50 ms) of the clock.
            let reserve = (clock.remaining / 20)
                .max(Duration::from_millis(50))
                .min(clock.remaining / 2);
            let usable = clock
                .remaining
                .saturating_sub(reserve)
                .saturating_sub(overhead);
            let mtg = clock
                .moves_to_go
                .unwrap_or(DEFAULT_MOVES_TO_GO)
                .clamp(1, 50);
            let base = (usable / (mtg + 1)).saturating_add(clock.increment.saturating_mul(3) / 4);
            let cap = if mtg == 1 {
                usable.saturating_mul(3) / 4
            } else {
                usable / 3
            };
            let s = base.min(cap).max(MIN_BUDGET);
            let h = s.saturating_mul(4).min(cap).max(s);
            soft = Some(soft.map_or(s, |x: Duration| x.min(s)).min(h));
            hard = Some(hard.map_or(h, |x: Duration| x.min(h)));
        }
        TimeManager { start, soft, hard }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// Whether a new iteration should not start (it would likely not finish: the next one
    /// usually takes about as long as all before it). `scale_percent` stretches the budget when
    /// the best move is unstable (100 = as planned).
    pub fn soft_expired(&self, scale_percent: u32) -> bool {
        self.soft.is_some_and(|s| {
            let share = scale_percent.saturating_mul(NEW_ITERATION_PERCENT);
            self.elapsed() >= s.saturating_mul(share) / 10_000
        })
    }

    /// The soft budget, if any.
    pub fn soft(&self) -> Option<Duration> {
        self.soft
    }

    /// The hard deadline, if any.
    pub fn hard(&self) -> Option<Duration> {
        self.hard
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::limits::Clock;

    #[test]
    fn clock_budget_never_exceeds_the_clock() {
        for ms in [10u64, 100, 1_000, 60_000, 600_000] {
            for mtg in [None, Some(1), Some(5), Some(40)] {
                let limits = SearchLimits {
                    clock: Some(Clock {
                        remaining: Duration::from_millis(ms),
                        increment: Duration::from_millis(ms / 100),
                        moves_to_go: mtg,
                    }),
                    overhead: Duration::from_millis(10),
                    ..SearchLimits::default()
                };
                let tm = TimeManager::new(&limits);
                let hard = tm.hard().unwrap();
                assert!(
                    hard <= Duration::from_millis(ms) * 3 / 4 || hard == MIN_BUDGET,
                    "{ms} ms, {mtg:?}: {hard:?}"
                );
                assert!(tm.soft().unwrap() <= hard);
                assert!(tm.soft().unwrap() <= hard);
            }
        }
    }

    #[test]
    fn stability_scale_is_bounded_and_monotonic() {
        for changes in 0..8 {
            for stable in 0..10 {
                let mut last = 0;
                for drop in [-100, 0, 10, 25, 40, 60, 200] {
                    let s = stability_scale(changes, stable, drop);
                    assert!((50..=250).contains(&s));
                    assert!(s >= last, "a bigger drop never earns less time");
                    last = s;
                }
                assert!(
                    stability_scale(changes + 1, stable, 0) >= stability_scale(changes, stable, 0)
                );
                assert!(
                    stability_scale(changes, stable + 1, 0) <= stability_scale(changes, stable, 0)
                );
            }
        }
    }

    /// Reproducers from issue 23: `go movetime 18446744073709551615` and `go wtime
    /// 9223372036854775807 movestogo 1` overflowed a `Duration` multiplication.
    #[test]
    fn huge_limits_saturate_instead_of_overflowing() {
        for ms in [u64::MAX, u64::MAX - 1, i64::MAX as u64] {
            let tm = TimeManager::new(&SearchLimits::movetime(Duration::from_millis(ms)));
            assert!(tm.hard().unwrap() <= tm.soft().unwrap());
            assert!(!tm.soft_expired(250));
            for mtg in [None, Some(1), Some(u32::MAX)] {
                let tm = TimeManager::new(&SearchLimits {
                    clock: Some(Clock {
                        remaining: Duration::from_millis(ms),
                        increment: Duration::from_millis(ms),
                        moves_to_go: mtg,
                    }),
                    overhead: Duration::from_millis(ms),
                    movetime: Some(Duration::from_millis(ms)),
                    ..SearchLimits::default()
                });
                assert!(tm.soft().unwrap() <= tm.hard().unwrap());
                assert!(!tm.soft_expired(250));
                assert!(!tm.hard_expired());
            }
        }
    }

    #[test]
    fn infinite_has_no_deadline() {
        let tm = TimeManager::new(&SearchLimits {
            infinite: true,
            movetime: Some(Duration::from_millis(1)),
            ..SearchLimits::default()
        });
        assert!(tm.hard().is_none());
    }
}

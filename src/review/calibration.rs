//! How dear a search is on this machine now, for the time estimate's prior
//! ([`super::estimate::Prior::of`]): a short, deterministic benchmark (the built-in engine
//! searching [`POSITIONS`] to [`NODES`] nodes each, one thread) timed on the calling thread's
//! CPU clock ([`crate::cpu::thread`]), against [`REFERENCE`], the CPU time the same benchmark
//! took when the prior's constants were measured. On a shared, loaded machine a search costs
//! more CPU time (two cores time-sliced among many processes lose their caches), so constants
//! from a quieter day run low there (docs/REVIEW.md, "Session 26" and "Session 33").
//!
//! A review runs it once at its start, in the review's own thread (never the UI thread):
//! [`super::review_game`], for the review screen and `kibitzer review` alike. It costs about
//! 0.12 CPU-s in a release build (0.16 s of wall time at a load of 3), under 1 % of a
//! Stockfish review's first pass of 8-28 CPU-s, and measures the machine as it is now, which
//! a benchmark kept in the data directory from an earlier run would not (the same machine's
//! cost per search varies by a quarter between days: docs/REVIEW.md, "Session 26").

use std::time::Duration;

use crate::engine::bench;
use crate::engine::{EvalParams, SearchLimits};

/// The benchmark's positions: the middlegames and tactical positions among the bench's
/// ([`bench::POSITIONS`]: "Kiwipete", the perft positions 3 to 5 and an Italian middlegame).
pub const POSITIONS: std::ops::Range<usize> = 1..6;

/// The nodes each benchmark position is searched to (a node limit, not a time: the work is
/// the same on every machine and every run, so its CPU time measures the machine).
pub const NODES: u64 = 30_000;

/// The benchmark's CPU time where the prior's constants hold (release build): the median of
/// 36 runs of `examples/calibration.rs` on the shared two-core machine on 2026-11-29 (0.107 to
/// 0.146 CPU-s, load 2.3-3.6), interleaved with the twelve held-back Stockfish reviews, whose
/// estimates held there at those constants (none over 1.25, docs/REVIEW.md, "Session 33").
pub const REFERENCE: Duration = Duration::from_micros(118_000);

/// The smallest machine factor believed: a benchmark much faster than the reference is
/// luck (a quiet moment of a few milliseconds), and a review's first estimate must not run
/// low on it.
pub const MIN_FACTOR: f64 = 0.75;

/// The largest machine factor believed: beyond it the benchmark was disturbed (a debug build,
/// a burst of page faults), and the review's own costs correct the prior within a few plies.
pub const MAX_FACTOR: f64 = 3.0;

/// The benchmark's CPU time on the calling thread now; `None` when the thread's CPU clock
/// cannot be read (off Linux).
#[must_use]
pub fn measure() -> Option<Duration> {
    let limits = SearchLimits::nodes(NODES);
    let fens = bench::POSITIONS.get(POSITIONS)?.iter().copied();
    let before = crate::cpu::thread()?;
    bench::run_positions(fens, &limits, &EvalParams::default(), 1, &mut |_| {});
    Some(crate::cpu::thread()?.saturating_sub(before))
}

/// How much dearer a search is now than when the prior's constants were measured: `measured`
/// ÷ [`REFERENCE`], within [`MIN_FACTOR`] and [`MAX_FACTOR`]; 1 when nothing was measured.
///
/// ```
/// use std::time::Duration;
/// use kibitzer::review::calibration::{MAX_FACTOR, REFERENCE, factor};
/// assert_eq!(factor(Some(REFERENCE)), 1.0);
/// assert_eq!(factor(Some(REFERENCE * 100)), MAX_FACTOR);
/// assert_eq!(factor(None), 1.0);
/// ```
#[must_use]
pub fn factor(measured: Option<Duration>) -> f64 {
    match measured {
        Some(m) => (m.as_secs_f64() / REFERENCE.as_secs_f64()).clamp(MIN_FACTOR, MAX_FACTOR),
        None => 1.0,
    }
}

/// [`factor`] of a [`measure`] taken now.
#[must_use]
pub fn machine_factor() -> f64 {
    factor(measure())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_factor_is_the_ratio_to_the_reference_within_its_bounds() {
        let at = |k: f64| factor(Some(REFERENCE.mul_f64(k)));
        assert!((at(1.5) - 1.5).abs() < 1e-9);
        assert!((at(0.9) - 0.9).abs() < 1e-9);
        assert_eq!(at(0.1), MIN_FACTOR);
        assert_eq!(at(10.0), MAX_FACTOR);
        assert_eq!(factor(Some(Duration::ZERO)), MIN_FACTOR);
        assert_eq!(factor(None), 1.0);
    }

    #[test]
    fn the_benchmark_positions_exist_and_parse() {
        let fens = bench::POSITIONS.get(POSITIONS).unwrap();
        assert_eq!(fens.len(), POSITIONS.len());
        for fen in fens {
            assert!(fen.parse::<shakmaty::fen::Fen>().is_ok(), "{fen}");
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_benchmark_is_measured_on_linux() {
        // Whatever it took: only that the clock was read and the search did some work.
        assert!(measure().is_some_and(|t| t > Duration::ZERO));
    }
}

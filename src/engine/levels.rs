//! Difficulty levels 1–10 ([`Level::RANGE`]): each a documented combination of depth, time and
//! deliberate imperfection, read from `assets/levels.toml` (embedded in the binary).
//!
//! Weak levels search with exact scores for every root move and then choose among the moves
//! within `window_cp` of the best by a softmax with `temperature_cp`; with `blunder_percent`
//! chance the window widens to `blunder_cp` ("overlooking a capture"), which is always less than
//! a queen, so the engine never gives its queen away for nothing. Mates are never missed on
//! purpose: when the best move mates, it is played.

use std::sync::OnceLock;
use std::time::Duration;

use serde::Deserialize;
use shakmaty::Move;

use super::limits::SearchLimits;
use super::search::SearchResult;
use crate::config::values::{EngineConfig, Searcher};

/// The embedded level table.
pub const LEVELS_TOML: &str = include_str!("../../assets/levels.toml");

/// One difficulty level.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// Maximum depth in plies (0 = no limit).
    pub depth: u32,
    /// Thinking time per move in milliseconds (0 = none).
    pub movetime_ms: u64,
    /// Moves within this many centipawns of the best may be chosen.
    pub window_cp: i32,
    /// Softmax temperature of the choice in centipawns (0 = always the best).
    pub temperature_cp: i32,
    /// Chance in percent per move of overlooking a capture.
    pub blunder_percent: u32,
    /// The loss a move may have when a capture is overlooked (less than a queen).
    pub blunder_cp: i32,
    /// The opening-book choice ([`super::book`]): a book move's chance is proportional to its
    /// weight raised to this power (0 = all alike; infinite = always the best-weighted move).
    pub book_exponent: f64,
    /// Approximate Elo.
    pub elo: u32,
}

#[derive(Deserialize)]
struct LevelFile {
    level: Vec<Level>,
}

/// The ten levels, weakest first. The embedded table is checked by a test; should it ever fail
/// to parse, every level falls back to full strength with one second per move.
pub fn levels() -> &'static [Level] {
    static LEVELS: OnceLock<Vec<Level>> = OnceLock::new();
    LEVELS.get_or_init(|| {
        toml::from_str::<LevelFile>(LEVELS_TOML)
            .map(|f| f.level)
            .unwrap_or_else(|_| {
                vec![
                    Level {
                        depth: 0,
                        movetime_ms: 1000,
                        window_cp: 0,
                        temperature_cp: 0,
                        blunder_percent: 0,
                        blunder_cp: 0,
                        book_exponent: f64::INFINITY,
                        elo: 2200,
                    };
                    usize::from(Level::MAX - Level::MIN + 1)
                ]
            })
    })
}

impl Level {
    /// The weakest level's number.
    pub const MIN: u8 = 1;
    /// The strongest level's number (full strength).
    pub const MAX: u8 = 10;
    /// Every level's number, [`Level::MIN`] to [`Level::MAX`]: the one definition of the range
    /// (the options table, `:level`, the new-game dialog and the UCI `Level` option use it).
    pub const RANGE: std::ops::RangeInclusive<u8> = Level::MIN..=Level::MAX;

    /// Who plays the engine's own moves at level `n` (`engine.evaluation = "auto"` gives the
    /// network to the top level alone: [`crate::config::values::Evaluation::uses_network`]).
    #[must_use]
    pub fn searcher(n: u8) -> Searcher {
        if n >= Level::MAX {
            Searcher::TopLevel
        } else {
            Searcher::LowerLevel
        }
    }

    /// Level `n` ([`Level::MIN`] to [`Level::MAX`]; out-of-range values are clamped).
    pub fn get(n: u8) -> Level {
        let all = levels();
        all[usize::from(n.clamp(Level::MIN, Level::MAX) - Level::MIN)]
    }

    /// The strongest level (full strength: no weakening, the longest search): the limits of
    /// every search that advises the human (hints), whatever the opponent's level.
    #[must_use]
    pub fn strongest() -> Level {
        Level::get(Level::MAX)
    }

    /// The Elo of the weakest and of the strongest level: the range of UCI `UCI_Elo`.
    #[must_use]
    pub fn elo_range() -> (u32, u32) {
        (Level::get(Level::MIN).elo, Level::get(Level::MAX).elo)
    }

    /// The level whose Elo is closest to `elo` (for UCI `UCI_Elo`).
    pub fn number_for_elo(elo: u32) -> u8 {
        let all = levels();
        let mut best = 0;
        for (i, l) in all.iter().enumerate() {
            if l.elo.abs_diff(elo) < all[best].elo.abs_diff(elo) {
                best = i;
            }
        }
        best as u8 + Level::MIN
    }

    /// How this level uses the opening book up to `max_ply` plies of the game.
    #[must_use]
    pub fn book(&self, max_ply: u32) -> super::book::BookUse {
        super::book::BookUse {
            max_ply,
            exponent: self.book_exponent,
        }
    }

    /// Whether this level ever deviates from the best move.
    pub fn is_imperfect(&self) -> bool {
        self.window_cp > 0 || self.blunder_percent > 0
    }

    /// The search limits for this level. An explicit `engine.depth` or `engine.movetime_ms`
    /// (non-zero) replaces both of the level's caps, so the setting alone binds: a depth is
    /// searched to the end, a time is thought for in full (set both to have both). The
    /// level's weakening (its window and overlooked captures) stays; a game clock still keeps
    /// every search in time ([`SearchLimits::clock`]).
    pub fn limits(&self, config: &EngineConfig) -> SearchLimits {
        let (depth, movetime) = if config.depth > 0 || config.movetime_ms > 0 {
            (config.depth, config.movetime_ms)
        } else {
            (self.depth, self.movetime_ms)
        };
        SearchLimits {
            depth: (depth > 0).then_some(depth),
            movetime: (movetime > 0).then(|| Duration::from_millis(movetime)),
            exact_root_scores: self.is_imperfect(),
            ..SearchLimits::default()
        }
    }

    /// Chooses the move to play from a search made with [`Level::limits`]. `random` is a
    /// uniform random number source (called at most twice); pass a seeded generator for
    /// reproducible games.
    pub fn choose(&self, result: &SearchResult, random: &mut dyn FnMut() -> f64) -> Option<Move> {
        let best = result.best_move?;
        if !self.is_imperfect() || result.score.is_mate() || result.root_moves.is_empty() {
            return Some(best);
        }
        let top = result.root_moves[0].score.0;
        let window = if random() * 100.0 < f64::from(self.blunder_percent) {
            self.window_cp.max(self.blunder_cp)
        } else {
            self.window_cp
        };
        let candidates: Vec<(Move, i32)> = result
            .root_moves
            .iter()
            .filter(|r| r.depth > 0 && !r.score.is_mate() && r.score.0 >= top - window)
            .map(|r| (r.mv, r.score.0))
            .collect();
        if candidates.is_empty() {
            return Some(best);
        }
        let t = f64::from(self.temperature_cp.max(1));
        let weights: Vec<f64> = candidates
            .iter()
            .map(|&(_, s)| (f64::from(s - top) / t).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = random() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return Some(candidates[i].0);
            }
            x -= w;
        }
        candidates.last().map(|c| c.0)
    }
}

/// A small deterministic random number generator (xorshift64*) for level choices.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a constant).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// A generator seeded from the clock.
    pub fn from_time() -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        Rng::new(nanos)
    }

    /// A uniform number in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// The next 64 random bits (xorshift64*; also drives the seeded fuzz tests).
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::EvalParams;
    use crate::engine::memory::SearchMemory;
    use crate::engine::search::search;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position, Role};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn table_parses_with_ten_monotonic_levels() {
        let parsed: LevelFile = toml::from_str(LEVELS_TOML).unwrap();
        assert_eq!(parsed.level.len(), Level::RANGE.count());
        for w in parsed.level.windows(2) {
            assert!(w[0].elo < w[1].elo);
            assert!(w[0].window_cp >= w[1].window_cp);
            assert!(
                w[0].book_exponent < w[1].book_exponent,
                "stronger = narrower book"
            );
        }
        for l in &parsed.level {
            assert!(
                l.blunder_cp < 900,
                "a level may never hang a queen on purpose"
            );
        }
        assert_eq!(Level::number_for_elo(0), 1);
        assert_eq!(Level::number_for_elo(5000), 10);
    }

    #[test]
    fn config_overrides_level_limits() {
        let mut c = EngineConfig::default();
        let l = Level::get(1);
        assert_eq!(l.limits(&c).depth, Some(1));
        c.depth = 6;
        c.movetime_ms = 42;
        let limits = l.limits(&c);
        assert_eq!(limits.depth, Some(6));
        assert_eq!(limits.movetime, Some(Duration::from_millis(42)));
    }

    /// Issue 35: `engine.depth` or `engine.movetime_ms` alone used to keep the level's other
    /// cap, which bound first (level 5's 300 ms stopped a depth of 12; its depth 5 ended a
    /// 5-second move early). An explicit limit replaces both of the level's caps.
    #[test]
    fn an_explicit_limit_alone_replaces_both_level_caps() {
        let level = Level::get(5);
        assert!(level.depth > 0 && level.movetime_ms > 0);
        let c = EngineConfig {
            depth: 12,
            ..EngineConfig::default()
        };
        let limits = level.limits(&c);
        assert_eq!(limits.depth, Some(12));
        assert_eq!(
            limits.movetime, None,
            "the level's time would stop depth 12"
        );
        assert!(limits.exact_root_scores, "the level's weakening stays");
        let c = EngineConfig {
            movetime_ms: 5000,
            ..EngineConfig::default()
        };
        let limits = level.limits(&c);
        assert_eq!(limits.movetime, Some(Duration::from_millis(5000)));
        assert_eq!(
            limits.depth, None,
            "the level's depth would end the move early"
        );
    }

    #[test]
    fn level_one_never_hangs_its_queen_for_nothing() {
        // The white queen is attacked by a pawn; keeping it safe is easy.
        let pos: Chess = "rnb1kbnr/ppp2ppp/8/3pp1q1/4P3/3P1Q2/PPP2PPP/RNB1KBNR w KQkq - 0 4"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let level = Level::get(1);
        let mut memory = SearchMemory::new(1);
        let stop = AtomicBool::new(false);
        let result = search(
            &pos,
            &[],
            &level.limits(&EngineConfig::default()),
            &EvalParams::default(),
            &mut memory,
            &stop,
            &mut |_| {},
        );
        let mut rng = Rng::new(7);
        for _ in 0..300 {
            let m = level.choose(&result, &mut || rng.next_f64()).unwrap();
            let mut after = pos.clone();
            after.play_unchecked(m);
            // No reply may win the queen for free.
            for reply in after.legal_moves() {
                if reply.capture() == Some(Role::Queen) {
                    let mut back = after.clone();
                    back.play_unchecked(reply);
                    let recaptures = back.legal_moves().iter().any(|r| r.to() == reply.to());
                    assert!(recaptures, "{m} hangs the queen to {reply}");
                }
            }
        }
    }
}

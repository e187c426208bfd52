//! One analysed position as the database keeps it ([`Entry`]): built from a finished search,
//! turned back into a [`SearchResult`] for a position (every stored move checked legal there, so
//! a damaged row or a key collision is a miss, never a wrong move), and the rule that says
//! whether a stored search went at least as far as a new request would ([`Entry::covers`]).

use std::fmt::Write as _;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Move};

use crate::variant::VariantPosition;

use crate::engine::{Bound, Iteration, RootMove, Score, SearchLimits, SearchResult};

/// The game a position belongs to: the database's `variant` column, so that a second game's
/// positions (Pawn Battle) never meet chess positions with the same key.
pub use crate::variant::Variant;

/// The value stored in the `variant` column: the game's index in [`Variant::ALL`] (so that
/// order must not change: chess is 0, Pawn Battle 1).
#[must_use]
pub fn variant_code(variant: Variant) -> i64 {
    Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .map_or(-1, |at| at as i64)
}

/// The game stored as `code`, if known.
#[must_use]
pub fn variant_of_code(code: i64) -> Option<Variant> {
    Variant::ALL.into_iter().find(|&v| variant_code(v) == code)
}

/// One completed iteration as stored: depth, best move, score (side to move's view).
pub type StoredIteration = (u32, Move, i32);

/// One analysed position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The game the position belongs to.
    pub variant: Variant,
    /// Zobrist key of the position ([`crate::engine::zobrist`]).
    pub key: u64,
    /// The evaluation the search used ([`super::eval_version`]).
    pub eval_version: u64,
    /// Last completed depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The search's time in milliseconds: its fixed move time when it ended by its own limits
    /// (a search may end before its move time when the best move is stable, and a new search
    /// with that move time would too), else the time it spent.
    pub time_ms: u64,
    /// Whether every root move has an exact score (the analysis searches ask for them).
    pub exact_root: bool,
    /// Score of the best move, side to move's view.
    pub score: i32,
    /// Bound of that score.
    pub bound: Bound,
    /// Principal variation, best move first (empty: no legal move).
    pub pv: Vec<Move>,
    /// Root moves, best first.
    pub root_moves: Vec<RootMove>,
    /// Every completed iteration: depth, best move, score.
    pub iterations: Vec<StoredIteration>,
    /// When the analysis ended, seconds since the Unix epoch.
    pub analysed_at: u64,
}

/// Version of [`Entry::detail`]'s byte layout (its first byte).
const DETAIL_FORMAT: u8 = 2;

impl Entry {
    /// The entry for `result`, a search of the position with key `key` under `limits`;
    /// `cancelled`: a stop flag ended it before its limits. `None` when the position has no
    /// legal move (nothing to remember), or when the search was restricted to some root moves
    /// (its best move is the best of those, not of the position).
    #[must_use]
    pub fn from_search(
        variant: Variant,
        key: u64,
        eval_version: u64,
        limits: &SearchLimits,
        result: &SearchResult,
        cancelled: bool,
        analysed_at: u64,
    ) -> Option<Entry> {
        if !limits.searchmoves.is_empty() {
            return None;
        }
        let best = result.best_move?;
        let pv = if result.pv.first() == Some(&best) {
            result.pv.clone()
        } else {
            vec![best]
        };
        Some(Entry {
            variant,
            key,
            eval_version,
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            time_ms: u64::try_from(match limits.movetime {
                Some(budget) if !cancelled => result.time.max(budget).as_millis(),
                _ => result.time.as_millis(),
            })
            .unwrap_or(u64::MAX),
            exact_root: limits.exact_root_scores,
            score: result.score.0,
            bound: result.root_moves.first().map_or(Bound::Exact, |r| r.bound),
            pv,
            root_moves: result.root_moves.clone(),
            iterations: result
                .iterations
                .iter()
                .map(|i| (i.depth, i.best_move, i.score.0))
                .collect(),
            analysed_at,
        })
    }

    /// Whether this entry's search went at least as far as a search under `limits` would: it
    /// reached the request's depth, or searched at least its time (a fixed move time is spent
    /// in full) or its nodes, and it has exact root scores when the request asks for them.
    /// Requests without a fixed limit (a clock, `infinite`, no limit) or restricted to some
    /// root moves are never covered: they are searched.
    #[must_use]
    pub fn covers(&self, limits: &SearchLimits) -> bool {
        if (limits.exact_root_scores && !self.exact_root)
            || limits.clock.is_some()
            || limits.infinite
            || !limits.searchmoves.is_empty()
        {
            return false;
        }
        let by_depth = limits.depth.is_some_and(|d| self.depth >= d);
        let by_time = limits
            .movetime
            .is_some_and(|t| u128::from(self.time_ms) >= t.as_millis());
        let by_nodes = limits.nodes.is_some_and(|n| self.nodes >= n);
        by_depth || by_time || by_nodes
    }

    /// The search result this entry stands for in `pos`, or `None` when a stored move is not
    /// legal there (a damaged row or a key collision).
    #[must_use]
    pub fn to_search<P: VariantPosition>(&self, pos: &P) -> Option<SearchResult> {
        let best = *self.pv.first()?;
        let mut line = pos.clone();
        for &m in &self.pv {
            if !line.is_legal(m) {
                return None;
            }
            line.play_unchecked(m);
        }
        if self
            .root_moves
            .iter()
            .map(|r| r.mv)
            .chain(self.iterations.iter().map(|i| i.1))
            .any(|m| !pos.is_legal(m))
        {
            return None;
        }
        let time = Duration::from_millis(self.time_ms);
        let last = self.iterations.len().saturating_sub(1);
        let iterations = self
            .iterations
            .iter()
            .enumerate()
            .map(|(i, &(depth, best_move, score))| Iteration {
                depth,
                seldepth: if i == last { self.seldepth } else { depth },
                best_move,
                score: Score(score),
                nodes: if i == last { self.nodes } else { 0 },
                time: if i == last { time } else { Duration::ZERO },
                pv: if i == last {
                    self.pv.clone()
                } else {
                    vec![best_move]
                },
            })
            .collect();
        let micros = u128::from(self.time_ms.max(1)) * 1000;
        Some(SearchResult {
            best_move: Some(best),
            ponder: self.pv.get(1).copied(),
            score: Score(self.score),
            pv: self.pv.clone(),
            depth: self.depth,
            seldepth: self.seldepth,
            nodes: self.nodes,
            time,
            nps: u64::try_from(u128::from(self.nodes) * 1_000_000 / micros).unwrap_or(u64::MAX),
            hashfull: 0,
            iterations,
            root_moves: self.root_moves.clone(),
            stopped: false,
        })
    }

    /// The principal variation as UCI text (`e2e4 e7e5 …`), the `pv` column.
    #[must_use]
    pub fn pv_text(&self) -> String {
        let mut text = String::new();
        for (i, m) in self.pv.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            let _ = write!(text, "{}", m.to_uci(CastlingMode::Standard));
        }
        text
    }

    /// Root moves and iterations in a compact byte form, the `detail` column:
    /// a format byte, then `u16` count and per root move `move u16, score i16, bound u8,
    /// depth u8`, then `u16` count and per iteration `depth u8, move u16, score i16` (little
    /// endian; a move is `from | to << 6 | promotion role << 12`; every engine score lies
    /// within ±[`crate::engine::score::INFINITE`], which fits an `i16`).
    #[must_use]
    pub fn detail(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(5 + self.root_moves.len() * 6 + self.iterations.len() * 5);
        out.push(DETAIL_FORMAT);
        push_count(&mut out, self.root_moves.len());
        for r in &self.root_moves {
            out.extend_from_slice(&move_code(r.mv).to_le_bytes());
            out.extend_from_slice(&score_code(r.score.0).to_le_bytes());
            out.push(bound_code(r.bound));
            out.push(u8::try_from(r.depth).unwrap_or(u8::MAX));
        }
        push_count(&mut out, self.iterations.len());
        for &(depth, mv, score) in &self.iterations {
            out.push(u8::try_from(depth).unwrap_or(u8::MAX));
            out.extend_from_slice(&move_code(mv).to_le_bytes());
            out.extend_from_slice(&score_code(score).to_le_bytes());
        }
        out
    }
}

/// What [`Entry::detail`] stores, read back against the position: root moves and iterations,
/// or `None` for bytes that are not a detail record of a legal position.
pub(crate) fn read_detail<P: VariantPosition>(
    bytes: &[u8],
    pos: &P,
) -> Option<(Vec<RootMove>, Vec<StoredIteration>)> {
    let mut r = Reader(bytes);
    if r.u8()? != DETAIL_FORMAT {
        return None;
    }
    let mut root_moves = Vec::new();
    for _ in 0..r.u16()? {
        let mv = decode_move(r.u16()?, pos)?;
        let score = Score(i32::from(r.i16()?));
        let bound = bound_from(r.u8()?)?;
        let depth = u32::from(r.u8()?);
        root_moves.push(RootMove {
            mv,
            score,
            bound,
            depth,
        });
    }
    let mut iterations = Vec::new();
    for _ in 0..r.u16()? {
        let depth = u32::from(r.u8()?);
        let mv = decode_move(r.u16()?, pos)?;
        iterations.push((depth, mv, i32::from(r.i16()?)));
    }
    r.0.is_empty().then_some((root_moves, iterations))
}

/// The moves of a UCI line legal one after the other from `pos`, or `None`.
pub(crate) fn read_line<P: VariantPosition>(text: &str, pos: &P) -> Option<Vec<Move>> {
    let mut line = pos.clone();
    let mut moves = Vec::new();
    for word in text.split_whitespace() {
        let m = line
            .legal_moves()
            .into_iter()
            .find(|m| m.to_uci(CastlingMode::Standard).to_string() == word)?;
        line.play_unchecked(m);
        moves.push(m);
    }
    Some(moves)
}

/// The `bound` column's value.
pub(crate) fn bound_code(b: Bound) -> u8 {
    match b {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    }
}

/// The bound stored as `code`.
pub(crate) fn bound_from(code: u8) -> Option<Bound> {
    match code {
        0 => Some(Bound::Exact),
        1 => Some(Bound::Lower),
        2 => Some(Bound::Upper),
        _ => None,
    }
}

/// A score as stored (scores beyond `i16` do not occur; they would be clamped).
fn score_code(score: i32) -> i16 {
    i16::try_from(score).unwrap_or(if score < 0 { i16::MIN } else { i16::MAX })
}

fn push_count(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&u16::try_from(n).unwrap_or(u16::MAX).to_le_bytes());
}

fn move_code(m: Move) -> u16 {
    match m.to_uci(CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => u16::from(from) | u16::from(to) << 6 | promotion.map_or(0, |r| r as u16) << 12,
        // Chess moves are always normal UCI moves; anything else decodes as illegal.
        UciMove::Put { .. } | UciMove::Null => u16::MAX,
    }
}

/// The legal move of `pos` whose [`move_code`] is `code` (a game's moves are decoded by
/// its own rules: Pawn Battle's pawn on the last rank has no promotion piece).
fn decode_move<P: VariantPosition>(code: u16, pos: &P) -> Option<Move> {
    pos.legal_moves()
        .into_iter()
        .find(|&m| move_code(m) == code)
}

struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*head)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take::<1>().map(|[b]| b)
    }
    fn u16(&mut self) -> Option<u16> {
        self.take().map(u16::from_le_bytes)
    }
    fn i16(&mut self) -> Option<i16> {
        self.take().map(i16::from_le_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EvalParams, SearchMemory, search, zobrist};
    use shakmaty::Chess;
    use std::sync::atomic::AtomicBool;

    fn searched(pos: &Chess, limits: &SearchLimits) -> SearchResult {
        let mut memory = SearchMemory::new(1);
        search(
            pos,
            &[],
            limits,
            &EvalParams::default(),
            &mut memory,
            &AtomicBool::new(false),
            &mut |_| {},
        )
    }

    #[test]
    fn detail_and_line_round_trip_through_bytes_and_text() {
        // A promotion position: promotion codes must survive.
        let pos = crate::game::fen::parse("8/1P4k1/8/8/8/8/6K1/8 w - - 0 1").unwrap();
        let limits = SearchLimits {
            exact_root_scores: true,
            ..SearchLimits::depth(4)
        };
        let result = searched(&pos, &limits);
        let entry =
            Entry::from_search(Variant::Chess, zobrist(&pos), 7, &limits, &result, false, 1)
                .unwrap();
        let (root, iterations) = read_detail(&entry.detail(), &pos).unwrap();
        assert_eq!(root, entry.root_moves);
        assert_eq!(iterations, entry.iterations);
        assert_eq!(read_line(&entry.pv_text(), &pos).unwrap(), entry.pv);
        assert!(entry.pv_text().starts_with("b7b8q"), "{}", entry.pv_text());
        let back = entry.to_search(&pos).unwrap();
        assert_eq!(back.best_move, result.best_move);
        assert_eq!(back.root_moves, result.root_moves);
        assert_eq!(back.score, result.score);
        assert_eq!(back.pv, result.pv);
    }

    #[test]
    fn moves_that_are_illegal_in_the_position_make_a_miss() {
        let pos = Chess::default();
        let limits = SearchLimits::depth(2);
        let entry = Entry::from_search(
            Variant::Chess,
            zobrist(&pos),
            7,
            &limits,
            &searched(&pos, &limits),
            false,
            1,
        )
        .unwrap();
        let other = crate::game::fen::parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert!(entry.to_search(&other).is_none());
        assert!(read_detail(&entry.detail(), &other).is_none());
        assert!(read_detail(&[9, 0, 0], &pos).is_none(), "unknown format");
        assert!(
            read_detail(&entry.detail()[..5], &pos).is_none(),
            "truncated"
        );
    }

    #[test]
    fn coverage_follows_depth_time_nodes_and_exactness() {
        let mut e = Entry {
            variant: Variant::Chess,
            key: 1,
            eval_version: 1,
            depth: 10,
            seldepth: 14,
            nodes: 50_000,
            time_ms: 200,
            exact_root: true,
            score: 0,
            bound: Bound::Exact,
            pv: Vec::new(),
            root_moves: Vec::new(),
            iterations: Vec::new(),
            analysed_at: 0,
        };
        let ms = |t| SearchLimits::movetime(Duration::from_millis(t));
        assert!(e.covers(&SearchLimits::depth(10)));
        assert!(!e.covers(&SearchLimits::depth(11)));
        assert!(e.covers(&ms(200)) && e.covers(&ms(100)));
        assert!(!e.covers(&ms(1000)));
        assert!(e.covers(&SearchLimits::nodes(40_000)));
        assert!(!e.covers(&SearchLimits::default()), "no limit: search");
        assert!(!e.covers(&SearchLimits {
            infinite: true,
            ..SearchLimits::depth(2)
        }));
        e.exact_root = false;
        assert!(!e.covers(&SearchLimits {
            exact_root_scores: true,
            ..SearchLimits::depth(2)
        }));
        assert!(e.covers(&SearchLimits::depth(2)));
    }

    #[test]
    fn a_timed_search_that_ends_by_itself_counts_its_whole_move_time() {
        let pos = Chess::default();
        let mut result = searched(&pos, &SearchLimits::depth(2));
        result.time = Duration::from_millis(120);
        let timed = SearchLimits::movetime(Duration::from_millis(200));
        let entry = |cancelled| {
            Entry::from_search(Variant::Chess, 1, 7, &timed, &result, cancelled, 1).unwrap()
        };
        assert_eq!(entry(false).time_ms, 200);
        assert!(entry(false).covers(&timed));
        assert_eq!(
            entry(true).time_ms,
            120,
            "a cancelled search only counts its time"
        );
        assert!(!entry(true).covers(&timed));
    }

    #[test]
    fn a_search_restricted_to_some_root_moves_is_not_remembered() {
        // Its best move is the best of the moves it was given, not of the position: stored,
        // it would answer a later search of all the moves (a review's confirmation of a
        // flagged move searches the best and the played move alone).
        let pos = Chess::default();
        let mv = |uci: &str| {
            shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
                .unwrap()
                .to_move(&pos)
                .unwrap()
        };
        let restricted = SearchLimits {
            searchmoves: vec![mv("a2a3"), mv("h2h3")],
            exact_root_scores: true,
            ..SearchLimits::depth(2)
        };
        let result = searched(&pos, &restricted);
        assert!(Entry::from_search(Variant::Chess, 1, 7, &restricted, &result, false, 1).is_none());
    }

    #[test]
    fn variant_codes_are_stable() {
        for v in Variant::ALL {
            assert_eq!(variant_of_code(variant_code(v)), Some(v));
        }
        assert_eq!(variant_code(Variant::Chess), 0);
        assert_eq!(variant_code(Variant::PawnBattle), 1);
        assert_eq!(variant_of_code(99), None);
    }
}

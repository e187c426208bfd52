//! Move ordering: the transposition-table move, then winning and equal captures by MVV-LVA,
//! killer moves, the counter-move, quiet moves by history, and losing captures last.
//!
//! Each move the main search takes ([`Ordering::next`]) comes with its [`MoveClass`], so the
//! search's pruning and reduction rules ask "is this a killer?" or "is this a losing capture?"
//! rather than comparing ordering scores with numbers private to this module. Quiescence uses
//! the same picker ([`pick`]) over scores from [`Ordering::score_quiescence`].
//!
//! A quiet move's history is the sum of three tables: the butterfly table (side, from, to) and
//! two continuation tables keyed by the move one and two plies earlier (its piece and target
//! square) and this move's piece and target square: "after that move, this one tends to work".
//!
//! Scores are written into a fixed array beside shakmaty's `MoveList`; [`pick`] selects the next
//! best move lazily (selection sort), so a cutoff after the first move sorts nothing else. In
//! the main search the history of quiet moves is looked up lazily too ([`Ordering::next`]): only
//! once the hash move, the captures, the killers and the counter-move scored above them are used
//! up, so most nodes (which cut off before) never look it up, and those that do use histories
//! that the earlier moves' searches have just updated.

use shakmaty::{Color, Move, MoveList, Role};

use super::rules::SearchRules;
use super::score::MAX_PLY;
use super::tt::{PackedMove, pack};

/// Room for the scores of every move of a position (shakmaty's `MoveList` capacity).
pub const MAX_MOVES: usize = 270;

// Ordering scores are a class's base plus a score within the class. The bases are far enough
// apart that a class's scores never reach another's band: [`MoveClass::of_score`] reads the
// class back from the score, and `move_classes_are_read_back_from_their_scores` checks it.

/// Base score of the hash move ([`MoveClass::Hash`]).
const TT_MOVE: i32 = 3_000_000;
/// Base score of a capture or queen promotion that does not lose material by SEE
/// ([`MoveClass::GoodCapture`]); plus MVV-LVA × 64 and capture history / 16 (within ±12,000).
const GOOD_CAPTURE: i32 = 2_000_000;
/// Score of the second killer; the first killer scores one more ([`MoveClass::Killer`]).
const KILLER: i32 = 1_000_000;
/// Score of the counter-move ([`MoveClass::Counter`]).
const COUNTER: i32 = 900_000;
/// Base score of a capture or queen promotion that loses material by SEE, scored like a good
/// capture within its band ([`MoveClass::BadCapture`]); a quiet under-promotion scores
/// `BAD_CAPTURE - 100`.
const BAD_CAPTURE: i32 = -1_000_000;
/// How far a class's scores may lie from its base: more than MVV-LVA × 64 plus capture history
/// / 16 (about 12,000) and than any quiet history (±4 × [`HISTORY_MAX`]), less than half the
/// gap between two bases.
const CLASS_BAND: i32 = 100_000;
/// Score of a quiet move whose history is not looked up yet: below the counter-move, above
/// every history score (four tables of at most `HISTORY_MAX` each).
const QUIET_PENDING: i32 = 800_000;
/// History values stay within ±`HISTORY_MAX`.
const HISTORY_MAX: i32 = 16_384;

/// Quiescence: the score of the hash move (above every other).
const QS_TT_MOVE: i32 = 1_000_000;
/// Quiescence: the base score of captures and promotions (plus MVV-LVA); evasions and quiet
/// checks score their butterfly history.
const QS_NOISY: i32 = 10_000;

/// What kind of move the ordering put where: the stages of the main search's order, best
/// first. The search's pruning and reductions ask the class (a losing capture is pruned by
/// SEE and reduced like a quiet move; a killer or the counter-move is reduced less).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveClass {
    /// The transposition table's move for the position.
    Hash,
    /// A capture or queen promotion that does not lose material by static exchange.
    GoodCapture,
    /// A quiet move that caused a cutoff at the same ply elsewhere in the tree.
    Killer,
    /// The quiet move that last refuted the opponent's previous move.
    Counter,
    /// Any other quiet move, ordered by history.
    Quiet,
    /// A capture or queen promotion that loses material by static exchange, or a quiet
    /// under-promotion: both searched after every quiet move.
    BadCapture,
}

impl MoveClass {
    /// The class of a move from its [`Ordering::score`] score (the classes' bands are disjoint).
    /// A quiet move, the most frequent, is told in two comparisons.
    #[inline]
    fn of_score(score: i32) -> MoveClass {
        if score < COUNTER {
            if score > BAD_CAPTURE + CLASS_BAND {
                MoveClass::Quiet
            } else {
                MoveClass::BadCapture
            }
        } else if score < KILLER {
            MoveClass::Counter
        } else if score < GOOD_CAPTURE - CLASS_BAND {
            MoveClass::Killer
        } else if score < TT_MOVE - CLASS_BAND {
            MoveClass::GoodCapture
        } else {
            MoveClass::Hash
        }
    }

    /// Whether the move refuted something before: the hash move, a killer or the counter-move.
    pub fn is_refutation(self) -> bool {
        matches!(
            self,
            MoveClass::Hash | MoveClass::Killer | MoveClass::Counter
        )
    }
}

/// Learned ordering knowledge: killers per ply (of one search), and, kept from search to search
/// of a game (see [`super::memory::SearchMemory`]), history per side and move, the counter-move
/// to each (piece, square) move of the opponent, continuation and capture histories.
pub struct Ordering {
    killers: Vec<[PackedMove; 2]>,
    history: Vec<[[i32; 64]; 64]>,
    /// Indexed by the [`Context`]'s previous move.
    counters: Vec<PackedMove>,
    /// Indexed by [`Context`] of an earlier move, then this move's (piece, target square).
    continuation: Vec<[i32; PIECE_SQUARES]>,
    /// Capture history: (coloured piece, target square), then the captured role (0 = none).
    captures: Vec<[i32; 7]>,
}

/// Number of (coloured piece, square) pairs.
const PIECE_SQUARES: usize = 12 * 64;

/// The moves before the one being ordered that continuation history looks at: the opponent's
/// last move, our own move before it and our move two moves earlier, each as a (coloured
/// piece, target square) index.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Context {
    prev: Option<usize>,
    prev2: Option<usize>,
    prev4: Option<usize>,
}

impl Context {
    /// The context of a node where `us` is to move, `prev` was the opponent's last move,
    /// `prev2` our move before it and `prev4` our move before that (`None` where the search
    /// has no such move: near the root or after a null move).
    #[inline(always)] // once per node, as `Ordering::score`
    pub fn new(us: Color, prev: Option<Move>, prev2: Option<Move>, prev4: Option<Move>) -> Context {
        Context {
            prev: prev.map(|m| piece_square(!us, m)),
            prev2: prev2.map(|m| piece_square(us, m)),
            prev4: prev4.map(|m| piece_square(us, m)),
        }
    }

    /// The (coloured piece, target square) indices of the earlier moves that are known.
    fn earlier(self) -> impl Iterator<Item = usize> {
        [self.prev, self.prev2, self.prev4].into_iter().flatten()
    }
}

/// What [`Ordering::score`] left for [`Ordering::next`]: quiet moves still scored
/// [`QUIET_PENDING`], and how many moves are scored above them.
pub struct Pending {
    us: Color,
    ctx: Context,
    above: usize,
    any: bool,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering {
            killers: vec![[0; 2]; MAX_PLY + 1],
            history: vec![[[0; 64]; 64]; 2],
            counters: vec![0; PIECE_SQUARES],
            continuation: vec![[0; PIECE_SQUARES]; PIECE_SQUARES],
            captures: vec![[0; 7]; PIECE_SQUARES],
        }
    }
}

/// The history bonus of a cutoff at `depth` (and the malus of the moves tried before it).
fn history_bonus(depth: i32) -> i32 {
    (depth * depth).min(400) * 4
}

/// The captured role of `m` as a capture-history index (0 = none, 1 = pawn … 6 = king).
fn captured_index(m: Move) -> usize {
    match m {
        Move::EnPassant { .. } => Role::Pawn as usize,
        _ => m.capture().map_or(0, |r| r as usize),
    }
}

fn piece_square(c: Color, m: Move) -> usize {
    piece_index(c, m.role()) * 64 + m.to().to_usize()
}

/// Halves every entry of a history table.
fn halve<const N: usize>(rows: &mut [[i32; N]]) {
    rows.iter_mut().flatten().for_each(|h| *h /= 2);
}

/// Moves a history entry towards ±`HISTORY_MAX` by `bonus` (gravity: large entries move less).
fn nudge(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

fn color_index(c: Color) -> usize {
    usize::from(c == Color::Black)
}

fn piece_index(c: Color, role: Role) -> usize {
    color_index(c) * 6 + role as usize - 1
}

/// Most valuable victim, least valuable attacker.
pub fn mvv_lva(m: Move) -> i32 {
    let victim = match m {
        Move::EnPassant { .. } => 1,
        _ => m.capture().map_or(0, |r| r as i32),
    };
    let promo = m.promotion().map_or(0, |r| r as i32);
    (victim + promo) * 16 - m.role() as i32
}

impl Ordering {
    /// Prepares the tables for the next search of the same game: killers (tied to plies of the
    /// last search) are forgotten and every history is halved, so recent knowledge weighs most.
    pub fn new_search(&mut self) {
        self.killers.fill([0; 2]);
        for table in &mut self.history {
            halve(table);
        }
        halve(&mut self.continuation);
        halve(&mut self.captures);
    }

    /// The butterfly history score of a quiet move for `color`.
    pub fn history(&self, color: Color, m: Move) -> i32 {
        let from = m.from().map_or(0, |s| s.to_usize());
        self.history[color_index(color)][from][m.to().to_usize()]
    }

    /// The capture history score of a capture or promotion for `color`.
    #[inline(always)] // once per capture, as `Ordering::score`
    pub fn capture_history(&self, color: Color, m: Move) -> i32 {
        self.captures[piece_square(color, m)][captured_index(m)]
    }

    /// Rewards the capture `best` that caused a cutoff (if the cutoff came from a capture) and
    /// penalises the captures `tried` before the cutoff move.
    pub fn reward_captures(
        &mut self,
        color: Color,
        best: Option<Move>,
        depth: i32,
        tried: &[Move],
    ) {
        let bonus = history_bonus(depth);
        if let Some(m) = best {
            nudge(
                &mut self.captures[piece_square(color, m)][captured_index(m)],
                bonus,
            );
        }
        for &q in tried {
            nudge(
                &mut self.captures[piece_square(color, q)][captured_index(q)],
                -bonus,
            );
        }
    }

    /// The full history score of a quiet move for `color` in `ctx`: butterfly plus the
    /// continuation histories of every earlier move in the context.
    pub fn quiet_score(&self, color: Color, m: Move, ctx: Context) -> i32 {
        let ps = piece_square(color, m);
        self.history(color, m) + ctx.earlier().map(|p| self.continuation[p][ps]).sum::<i32>()
    }

    /// Whether `m` is a killer move at `ply`.
    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        let p = pack(m);
        self.killers[ply].contains(&p)
    }

    /// Scores every move of `pos` for ordering, except that quiet moves ordered by history get
    /// the placeholder [`QUIET_PENDING`]: take the moves with [`Ordering::next`], which looks
    /// their history up when they are needed. `ctx` holds the moves before this one.
    #[allow(clippy::too_many_arguments)]
    // Once per node: inlined into the search as it was before the search became generic (left
    // to LTO, the generic instance became a call: +1 % instructions, measured with cachegrind).
    #[inline(always)]
    pub fn score<P: SearchRules>(
        &self,
        pos: &P,
        moves: &MoveList,
        scores: &mut [i32; MAX_MOVES],
        tt_move: PackedMove,
        ply: usize,
        ctx: Context,
        values: &[i32; 6],
    ) -> Pending {
        let us = pos.turn();
        let mut pending = Pending {
            us,
            ctx,
            above: 0,
            any: false,
        };
        let killers = self.killers[ply.min(MAX_PLY)];
        let counter = ctx.prev.map_or(0, |p| self.counters[p]);
        for (i, &m) in moves.iter().enumerate() {
            let p = pack(m);
            scores[i] = if p == tt_move {
                TT_MOVE
            } else if pos.is_capture_class(m) {
                let base = if pos.see_ge(m, 0, values) {
                    GOOD_CAPTURE
                } else {
                    BAD_CAPTURE
                };
                base + mvv_lva(m) * 64 + self.capture_history(us, m) / 16
            } else if m.is_promotion() {
                BAD_CAPTURE - 100
            } else if p == killers[0] {
                KILLER + 1
            } else if p == killers[1] {
                KILLER
            } else if p == counter {
                COUNTER
            } else {
                pending.any = true;
                QUIET_PENDING
            };
            if scores[i] > QUIET_PENDING {
                pending.above += 1;
            }
        }
        pending
    }

    /// The `i`-th move to search (`i = 0, 1, 2, …` in order, as with [`pick`]) of moves scored
    /// by [`Ordering::score`], with its class. The pending quiet moves get their history score
    /// once every move scored above them has been taken, or before [`pick`] sorts the rest.
    #[inline(always)] // once per move searched, as `Ordering::score`
    pub fn next(
        &self,
        pending: &mut Pending,
        moves: &mut MoveList,
        scores: &mut [i32; MAX_MOVES],
        i: usize,
    ) -> (Move, MoveClass) {
        if pending.any && (pending.above == 0 || i >= SELECT_FIRST) {
            for j in i..moves.len() {
                if scores[j] == QUIET_PENDING {
                    scores[j] = self.quiet_score(pending.us, moves[j], pending.ctx);
                }
            }
            pending.any = false;
        }
        let m = pick(moves, scores, i);
        if scores[i] > QUIET_PENDING {
            pending.above = pending.above.saturating_sub(1);
        }
        (m, MoveClass::of_score(scores[i]))
    }

    /// Scores the moves of a quiescence node for [`pick`]: the hash move first, then captures
    /// and promotions by MVV-LVA, then (evasions, quiet checks) by butterfly history. Unlike
    /// [`Ordering::score`] captures are not split by SEE (out of check the losing ones are
    /// pruned anyway) and there are no killers: quiescence nodes are too many and too short
    /// for them to pay.
    #[inline(always)] // once per quiescence node, as `Ordering::score`
    pub fn score_quiescence(
        &self,
        us: Color,
        moves: &MoveList,
        scores: &mut [i32; MAX_MOVES],
        tt_move: PackedMove,
    ) {
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = if tt_move != 0 && pack(m) == tt_move {
                QS_TT_MOVE
            } else if m.is_capture() || m.is_promotion() {
                QS_NOISY + mvv_lva(m)
            } else {
                self.history(us, m)
            };
        }
    }

    /// Records a quiet move that caused a beta cutoff, and penalises the quiets tried before it.
    pub fn reward_quiet(
        &mut self,
        color: Color,
        ply: usize,
        m: Move,
        ctx: Context,
        depth: i32,
        tried: &[Move],
    ) {
        let p = pack(m);
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != p {
            k[1] = k[0];
            k[0] = p;
        }
        if let Some(prev) = ctx.prev {
            self.counters[prev] = p;
        }
        let bonus = history_bonus(depth);
        self.update_history(color, m, ctx, bonus);
        for &q in tried {
            self.update_history(color, q, ctx, -bonus);
        }
    }

    fn update_history(&mut self, color: Color, m: Move, ctx: Context, bonus: i32) {
        let from = m.from().map_or(0, |s| s.to_usize());
        nudge(
            &mut self.history[color_index(color)][from][m.to().to_usize()],
            bonus,
        );
        let ps = piece_square(color, m);
        for p in ctx.earlier() {
            nudge(&mut self.continuation[p][ps], bonus);
        }
    }
}

/// How many moves [`pick`] selects one by one before it sorts the rest: most cutoffs come from
/// the first few moves, and sorting once is cheaper than selecting forty times.
const SELECT_FIRST: usize = 3;

/// Returns the move to search `i`-th: the best-scored among `moves[i..]`, moved to index `i`.
///
/// Must be called with `i = 0, 1, 2, …` in order: the first [`SELECT_FIRST`] calls select
/// lazily (a cutoff after the first move sorts nothing else); the next one sorts the remaining
/// moves by score once (insertion sort, stable) and later calls just read them.
pub fn pick(moves: &mut MoveList, scores: &mut [i32; MAX_MOVES], i: usize) -> Move {
    if i < SELECT_FIRST {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
    } else if i == SELECT_FIRST {
        for j in i + 1..moves.len() {
            let (m, sc) = (moves[j], scores[j]);
            let mut k = j;
            while k > i && scores[k - 1] < sc {
                moves[k] = moves[k - 1];
                scores[k] = scores[k - 1];
                k -= 1;
            }
            moves[k] = m;
            scores[k] = sc;
        }
    }
    moves[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::EvalParams;
    use crate::engine::see::see_ge;
    use crate::game::Game;
    use shakmaty::{Chess, Position, Square};

    /// Every class, best first.
    const CLASSES: [MoveClass; 6] = [
        MoveClass::Hash,
        MoveClass::GoodCapture,
        MoveClass::Killer,
        MoveClass::Counter,
        MoveClass::Quiet,
        MoveClass::BadCapture,
    ];

    /// The class each move should have, decided from the move itself (not from its score).
    fn expected_class(
        pos: &Chess,
        m: Move,
        tt_move: PackedMove,
        killers: [Move; 2],
        counter: Move,
        values: &[i32; 6],
    ) -> MoveClass {
        if pack(m) == tt_move {
            MoveClass::Hash
        } else if m.is_capture() || m.promotion() == Some(Role::Queen) {
            if see_ge(pos, m, 0, values) {
                MoveClass::GoodCapture
            } else {
                MoveClass::BadCapture
            }
        } else if m.is_promotion() {
            MoveClass::BadCapture
        } else if killers.contains(&m) {
            MoveClass::Killer
        } else if m == counter {
            MoveClass::Counter
        } else {
            MoveClass::Quiet
        }
    }

    #[test]
    fn move_classes_are_read_back_from_their_scores() {
        let values = EvalParams::default().values;
        let mut seen = Vec::new();
        for fen in [
            // Kiwipete: winning, equal and losing captures, many quiet moves.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // Promotions and under-promotions, with and without a capture.
            "1n2k3/P7/8/8/8/8/6PP/4K3 w - - 0 1",
        ] {
            let pos = Game::from_fen(fen).unwrap().position().clone();
            let us = pos.turn();
            let legal = pos.legal_moves();
            let quiets: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| !m.is_capture() && !m.is_promotion())
                .collect();
            let noisy: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| m.is_capture() || m.is_promotion())
                .collect();
            let previous = Move::Normal {
                role: Role::Knight,
                from: Square::B8,
                capture: None,
                to: Square::C6,
                promotion: None,
            };
            let after_previous = Context::new(us, Some(previous), None, None);
            let mut ordering = Ordering::default();
            // Histories pushed to their extremes, both ways.
            for _ in 0..40 {
                ordering.reward_quiet(us, 9, quiets[3], after_previous, 20, &quiets[4..]);
                ordering.reward_captures(us, noisy.first().copied(), 20, &noisy[1..]);
            }
            ordering.reward_quiet(us, 3, quiets[1], Context::default(), 1, &[]);
            ordering.reward_quiet(us, 3, quiets[0], Context::default(), 1, &[]);
            ordering.reward_quiet(us, 5, quiets[2], after_previous, 1, &[]);
            let tt_move = pack(quiets[5]);

            let mut moves = legal.clone();
            let mut scores = [0; MAX_MOVES];
            let mut pending = ordering.score(
                &pos,
                &moves,
                &mut scores,
                tt_move,
                3,
                after_previous,
                &values,
            );
            for i in 0..moves.len() {
                let (m, class) = ordering.next(&mut pending, &mut moves, &mut scores, i);
                let want =
                    expected_class(&pos, m, tt_move, [quiets[0], quiets[1]], quiets[2], &values);
                assert_eq!(class, want, "{fen}: {m} scored {}", scores[i]);
                seen.push(class);
            }
        }
        for class in CLASSES {
            assert!(seen.contains(&class), "no {class:?} move was tried");
        }
    }

    #[test]
    fn refutations_are_the_hash_move_killers_and_the_counter_move() {
        let refutations = CLASSES.map(MoveClass::is_refutation);
        assert_eq!(refutations, [true, false, true, true, false, false]);
    }

    #[test]
    fn pick_returns_moves_best_first_whatever_their_number() {
        for n in [0usize, 1, 2, 3, 4, 5, 9, 40] {
            let mut moves = MoveList::new();
            let mut scores = [0i32; MAX_MOVES];
            for (k, score) in scores.iter_mut().enumerate().take(n) {
                moves.push(Move::Normal {
                    role: Role::Knight,
                    from: Square::new(k as u32),
                    capture: None,
                    to: Square::new(((k + 17) % 64) as u32),
                    promotion: None,
                });
                // A scrambled order with ties.
                *score = ((k * 37) % 11) as i32 - 5;
            }
            let mut expected: Vec<(i32, Move)> = (0..n).map(|k| (scores[k], moves[k])).collect();
            expected.sort_by_key(|(sc, _)| std::cmp::Reverse(*sc));
            let picked: Vec<i32> = (0..n)
                .map(|i| {
                    let m = pick(&mut moves, &mut scores, i);
                    assert_eq!(m, moves[i]);
                    scores[i]
                })
                .collect();
            let want: Vec<i32> = expected.iter().map(|(sc, _)| *sc).collect();
            assert_eq!(picked, want, "{n} moves");
            let mut seen: Vec<Move> = moves.iter().copied().collect();
            let mut all: Vec<Move> = expected.iter().map(|(_, m)| *m).collect();
            seen.sort_by_key(|m| (m.from(), m.to()));
            all.sort_by_key(|m| (m.from(), m.to()));
            assert_eq!(seen, all, "{n} moves: the same moves, reordered");
        }
    }
}

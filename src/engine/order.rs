//! Move ordering: the transposition-table move, then winning and equal captures by MVV-LVA,
//! killer moves, the counter-move, quiet moves by history (butterfly history plus the 1-ply and
//! 2-ply continuation histories), and losing captures last.
//!
//! Scores are written into a fixed array beside shakmaty's `MoveList`; [`pick`] selects the next
//! best move lazily (selection sort), so a cutoff after the first move sorts nothing else.

use shakmaty::{Chess, Color, Move, MoveList, Position, Role};

use super::score::MAX_PLY;
use super::see::see_ge;
use super::tt::{PackedMove, pack};

/// Room for the scores of every move of a position (shakmaty's `MoveList` capacity).
pub const MAX_MOVES: usize = 270;

const TT_MOVE: i32 = 3_000_000;
const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;
const COUNTER: i32 = 900_000;
const BAD_CAPTURE: i32 = -1_000_000;
/// History values stay within ±`HISTORY_MAX`.
const HISTORY_MAX: i32 = 16_384;

/// Number of (coloured piece, destination square) pairs: the index space of the continuation
/// histories.
const PIECE_SQUARES: usize = 12 * 64;

/// The moves that lead to a node, as continuation-history indices: the opponent's last move
/// (1 ply back) and our own move before it (2 plies back); `None` after a null move or at the
/// root.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Context {
    /// (piece, to) index of the move one ply back.
    pub prev1: Option<usize>,
    /// (piece, to) index of the move two plies back.
    pub prev2: Option<usize>,
}

impl Context {
    /// The context of a node where `us` moves, after `prev1` (by the opponent) and `prev2`
    /// (by `us`).
    pub fn new(us: Color, prev1: Option<Move>, prev2: Option<Move>) -> Context {
        Context {
            prev1: prev1.map(|m| piece_square(!us, m)),
            prev2: prev2.map(|m| piece_square(us, m)),
        }
    }
}

/// Learned ordering knowledge of one search: killers per ply, history per side and move, the
/// counter-move to each (piece, square) move of the opponent, and continuation histories
/// (how good a quiet move was after a given (piece, square) move one or two plies earlier).
pub struct Ordering {
    killers: Vec<[PackedMove; 2]>,
    history: Vec<[[i32; 64]; 64]>,
    counters: Vec<[PackedMove; 64]>,
    /// `[previous (piece, to)][this (piece, to)]`, one ply back.
    cont1: Vec<[i16; PIECE_SQUARES]>,
    /// `[previous (piece, to)][this (piece, to)]`, two plies back.
    cont2: Vec<[i16; PIECE_SQUARES]>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering {
            killers: vec![[0; 2]; MAX_PLY + 1],
            history: vec![[[0; 64]; 64]; 2],
            counters: vec![[0; 64]; 12],
            cont1: vec![[0; PIECE_SQUARES]; PIECE_SQUARES],
            cont2: vec![[0; PIECE_SQUARES]; PIECE_SQUARES],
        }
    }
}

/// The continuation-history index of `m` played by `color`.
fn piece_square(color: Color, m: Move) -> usize {
    piece_index(color, m.role()) * 64 + m.to().to_usize()
}

/// Applies a history bonus (or malus) with gravity, keeping `|h| <= HISTORY_MAX`.
fn gravity(h: i32, bonus: i32) -> i32 {
    h + bonus - h * bonus.abs() / HISTORY_MAX
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
    /// The history score of a quiet move for `color`.
    pub fn history(&self, color: Color, m: Move) -> i32 {
        let from = m.from().map_or(0, |s| s.to_usize());
        self.history[color_index(color)][from][m.to().to_usize()]
    }

    /// The full quiet-move score of `m` for `color` in `ctx`: butterfly history plus both
    /// continuation histories (within ±3 × 16384).
    pub fn quiet_score(&self, color: Color, m: Move, ctx: Context) -> i32 {
        let ps = piece_square(color, m);
        let mut h = self.history(color, m);
        if let Some(p) = ctx.prev1 {
            h += i32::from(self.cont1[p][ps]);
        }
        if let Some(p) = ctx.prev2 {
            h += i32::from(self.cont2[p][ps]);
        }
        h
    }

    /// Whether `m` is a killer move at `ply`.
    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        let p = pack(m);
        self.killers[ply].contains(&p)
    }

    /// Scores every move of `pos` for ordering; `ctx` is the continuation context of the node
    /// (its `prev1` also selects the counter-move).
    #[allow(clippy::too_many_arguments)]
    pub fn score(
        &self,
        pos: &Chess,
        moves: &MoveList,
        scores: &mut [i32; MAX_MOVES],
        tt_move: PackedMove,
        ply: usize,
        ctx: Context,
        values: &[i32; 6],
    ) {
        let us = pos.turn();
        let killers = self.killers[ply.min(MAX_PLY)];
        let counter = ctx.prev1.map_or(0, |p| self.counters[p / 64][p % 64]);
        for (i, &m) in moves.iter().enumerate() {
            let p = pack(m);
            scores[i] = if p == tt_move {
                TT_MOVE
            } else if m.is_capture() || m.promotion() == Some(Role::Queen) {
                let base = if see_ge(pos, m, 0, values) {
                    GOOD_CAPTURE
                } else {
                    BAD_CAPTURE
                };
                base + mvv_lva(m)
            } else if m.is_promotion() {
                BAD_CAPTURE - 100
            } else if p == killers[0] {
                KILLER + 1
            } else if p == killers[1] {
                KILLER
            } else if p == counter {
                COUNTER
            } else {
                self.quiet_score(us, m, ctx)
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
        if let Some(prev) = ctx.prev1 {
            self.counters[prev / 64][prev % 64] = p;
        }
        let bonus = (depth * depth).min(400) * 4;
        self.update_history(color, m, ctx, bonus);
        for &q in tried {
            self.update_history(color, q, ctx, -bonus);
        }
    }

    fn update_history(&mut self, color: Color, m: Move, ctx: Context, bonus: i32) {
        let from = m.from().map_or(0, |s| s.to_usize());
        let h = &mut self.history[color_index(color)][from][m.to().to_usize()];
        *h = gravity(*h, bonus);
        let ps = piece_square(color, m);
        if let Some(p) = ctx.prev1 {
            let c = &mut self.cont1[p][ps];
            *c = gravity(i32::from(*c), bonus) as i16;
        }
        if let Some(p) = ctx.prev2 {
            let c = &mut self.cont2[p][ps];
            *c = gravity(i32::from(*c), bonus) as i16;
        }
    }
}

/// Moves the best-scored move among `moves[i..]` to index `i` and returns it.
pub fn pick(moves: &mut MoveList, scores: &mut [i32; MAX_MOVES], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
    moves[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_history_bounded() {
        let mut h = 0;
        for _ in 0..1000 {
            h = gravity(h, 1600);
            assert!(h <= HISTORY_MAX, "{h}");
        }
        for _ in 0..1000 {
            h = gravity(h, -1600);
            assert!(h >= -HISTORY_MAX, "{h}");
        }
    }

    #[test]
    fn continuation_history_rewards_the_follow_up() {
        let pos = Chess::default();
        let moves = pos.legal_moves();
        let (a, b) = (moves[0], moves[1]);
        let ctx = Context::new(Color::White, Some(b), None);
        let mut o = Ordering::default();
        o.reward_quiet(Color::White, 1, a, ctx, 8, &[b]);
        assert!(o.quiet_score(Color::White, a, ctx) > o.history(Color::White, a));
        assert!(o.quiet_score(Color::White, b, ctx) < 0);
        // Another context does not see the continuation bonus.
        let other = Context::default();
        assert_eq!(
            o.quiet_score(Color::White, a, other),
            o.history(Color::White, a)
        );
    }
}

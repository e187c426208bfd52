//! Move ordering: the transposition-table move, then winning and equal captures by MVV-LVA,
//! killer moves, the counter-move, quiet moves by history, and losing captures last.
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

/// Learned ordering knowledge of one search: killers per ply, history per side and move, and
/// the counter-move to each (piece, square) move of the opponent.
pub struct Ordering {
    killers: Vec<[PackedMove; 2]>,
    history: Vec<[[i32; 64]; 64]>,
    counters: Vec<[PackedMove; 64]>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering {
            killers: vec![[0; 2]; MAX_PLY + 1],
            history: vec![[[0; 64]; 64]; 2],
            counters: vec![[0; 64]; 12],
        }
    }
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

    /// Whether `m` is a killer move at `ply`.
    pub fn is_killer(&self, ply: usize, m: Move) -> bool {
        let p = pack(m);
        self.killers[ply].contains(&p)
    }

    /// Scores every move of `pos` for ordering. `prev` is the opponent's last move, if any.
    #[allow(clippy::too_many_arguments)]
    pub fn score(
        &self,
        pos: &Chess,
        moves: &MoveList,
        scores: &mut [i32; MAX_MOVES],
        tt_move: PackedMove,
        ply: usize,
        prev: Option<Move>,
        values: &[i32; 6],
    ) {
        let us = pos.turn();
        let killers = self.killers[ply.min(MAX_PLY)];
        let counter = prev.map_or(0, |p| {
            self.counters[piece_index(!us, p.role())][p.to().to_usize()]
        });
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
        prev: Option<Move>,
        depth: i32,
        tried: &[Move],
    ) {
        let p = pack(m);
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != p {
            k[1] = k[0];
            k[0] = p;
        }
        if let Some(prev) = prev {
            self.counters[piece_index(!color, prev.role())][prev.to().to_usize()] = p;
        }
        let bonus = (depth * depth).min(400) * 4;
        self.update_history(color, m, bonus);
        for &q in tried {
            self.update_history(color, q, -bonus);
        }
    }

    fn update_history(&mut self, color: Color, m: Move, bonus: i32) {
        let from = m.from().map_or(0, |s| s.to_usize());
        let h = &mut self.history[color_index(color)][from][m.to().to_usize()];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
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
    use shakmaty::Square;

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

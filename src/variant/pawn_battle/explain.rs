//! Pawn Battle's explanations: the claims a Pawn Battle move rests on (material, passed pawns,
//! the promotion race, blockades, rooks on open files or behind passers, threats to reach the
//! last rank, the winning move itself), each a fact on the board that
//! `scripts/check_pb_claims.py` verifies independently, and [`explain`], which turns a move and
//! the search's scores into the same [`Explanation`] as chess: the quality verdict of
//! `explain::quality` (the same judgement), "Better was X, which …" only for a confirmed error,
//! and sentences from the Pawn Battle templates of `assets/explanations/<lang>.toml` (ids
//! `pb_*`), each listing the claims it rests on.
//!
//! Chess's detectors and themes are chess-typed and never run here; mate scores (a forced win
//! in Pawn Battle) decide the verdict as in chess, but no "mate" sentence is said.

use shakmaty::{Bitboard, CastlingMode, Color, Move, Rank, Role, Square, attacks};

use super::PawnBattle;
use super::eval::{self, Evaluation, Term};
use crate::explain::claims::{At, Claim, Fact, Supports};
use crate::explain::explanation::{
    Avoid, BestLine, attach_reason, better_move, better_reason, eval_deltas, human_view,
    judgement_of, move_facts, quality_claim, san_line, select, sentence_limit,
};
use crate::explain::quality::Score;
use crate::explain::templates::{ForcedWin, Templates};
use crate::explain::{ExplainInput, Explanation};
use crate::variant::VariantPosition;

/// The last-rank square of the file of `sq` for a pawn of `color`.
fn goal(color: Color, sq: Square) -> Square {
    Square::from_coords(sq.file(), color.fold_wb(Rank::Eighth, Rank::First))
}

/// Moves the passed pawn of `color` on `sq` needs when its path to the last rank is empty.
fn free_run(pos: &PawnBattle, color: Color, sq: Square) -> Option<u32> {
    let path = eval::ahead(color, sq, Bitboard::from_file(sq.file()));
    (eval::is_passed(pos, color, sq) && (path & pos.board().occupied()).is_empty())
        .then(|| eval::moves_to_promote(color, sq))
}

/// The squares the `color` piece on `sq` of `pos` attacks (a pawn diagonally forward, a rook
/// along its lines up to the first piece); empty for an empty square.
fn piece_attacks(pos: &PawnBattle, sq: Square, color: Color) -> Bitboard {
    match pos.board().role_at(sq) {
        Some(Role::Pawn) => attacks::pawn_attacks(color, sq),
        Some(Role::Rook) => attacks::rook_attacks(sq, pos.board().occupied()),
        _ => Bitboard::EMPTY,
    }
}

/// The material of `pos` as a fact.
fn material(pos: &PawnBattle) -> Fact {
    let board = pos.board();
    let count = |color: Color, role: Role| board.by_piece(role.of(color)).count() as u32;
    Fact::PbMaterial {
        white_pawns: count(Color::White, Role::Pawn),
        white_rooks: count(Color::White, Role::Rook),
        black_pawns: count(Color::Black, Role::Pawn),
        black_rooks: count(Color::Black, Role::Rook),
    }
}

/// The promotion race in `pos` (the runner's opponent to move), when the runner's fastest free
/// passed pawn that no enemy rook covers needs fewer moves than the opponent's fastest free
/// passed pawn (or the opponent has none).
fn race(pos: &PawnBattle, runner: Color) -> Option<Fact> {
    let board = pos.board();
    let occupied = board.occupied();
    let covered = board
        .by_piece((!runner).rook())
        .into_iter()
        .fold(Bitboard::EMPTY, |bb, r| {
            bb | attacks::rook_attacks(r, occupied)
        });
    let (pawn, moves) = board
        .by_piece(runner.pawn())
        .into_iter()
        .filter_map(|sq| {
            let path = eval::ahead(runner, sq, Bitboard::from_file(sq.file())).with(sq);
            let n = free_run(pos, runner, sq)?;
            (path & covered).is_empty().then_some((sq, n))
        })
        .min_by_key(|(sq, n)| (*n, *sq))?;
    let their_moves = board
        .by_piece((!runner).pawn())
        .into_iter()
        .filter_map(|sq| free_run(pos, !runner, sq))
        .min();
    if their_moves.is_some_and(|t| t <= moves) {
        return None;
    }
    Some(Fact::PbRace {
        pawn,
        goal: goal(runner, pawn),
        moves,
        their_moves,
    })
}

/// The claims of `mv` played in `before` (reaching `after`), all supporting the move: a win at
/// once; otherwise the mover's threats to reach the last rank, the promotion race, the moved
/// pawn passed (else how far it is from the last rank), the moved rook on an open or
/// half-open file it moved to, behind a passed pawn, or come to stand behind a pawn of its own
/// (backing its march), an enemy rook or undefended pawn the moved piece newly attacks, an
/// attacked pawn of its own it newly defends, the moved piece blockading an enemy passed
/// pawn, and the material after a capture.
#[must_use]
pub fn derive(before: &PawnBattle, mv: Move, after: &PawnBattle) -> Vec<Claim> {
    let us = before.turn();
    let fen_before = before.fen();
    let fen_after = after.fen();
    let claim = |fen: &str, fact: Fact| Claim {
        fen: fen.to_owned(),
        at: if fen == fen_before {
            At::Before
        } else {
            At::After
        },
        supports: Supports::Played,
        fact,
    };
    let mut out = Vec::new();
    if before.wins_with(mv) {
        let arrival = mv.role() == Role::Pawn && mv.to().rank() == (!us).backrank();
        out.push(claim(
            &fen_before,
            Fact::PbWins {
                uci: mv.to_uci(CastlingMode::Standard).to_string(),
                how: if arrival { "last_rank" } else { "last_pawn" }.to_owned(),
            },
        ));
        return out;
    }
    let board = after.board();
    let seventh = Bitboard::from_rank(us.relative_rank(Rank::Seventh));
    for pawn in board.by_piece(us.pawn()) & seventh {
        if let Some(goal) = after.promotion_squares(us, pawn).first() {
            out.push(claim(&fen_after, Fact::PbThreat { pawn, goal }));
        }
    }
    if let Some(fact) = race(after, us) {
        out.push(claim(&fen_after, fact));
    }
    let (from, to) = (mv.from(), mv.to());
    match mv.role() {
        Role::Pawn if eval::is_passed(after, us, to) => out.push(claim(
            &fen_after,
            Fact::PbPassed {
                square: to,
                goal: goal(us, to),
            },
        )),
        Role::Rook => {
            let file = Bitboard::from_file(to.file());
            let new_file = from.is_some_and(|f| f.file() != to.file());
            if new_file && (file & board.by_piece(us.pawn())).is_empty() {
                let open = (file & board.pawns()).is_empty();
                out.push(claim(&fen_after, Fact::PbRookFile { rook: to, open }));
            }
            // The nearest pawns up and down the file: a passed one the rook stands behind, or
            // one of its own it has come to stand behind.
            for pawn in attacks::rook_attacks(to, board.occupied()) & file & board.pawns() {
                let Some(color) = board.color_at(pawn) else {
                    continue;
                };
                let behind = color.relative_rank(to.rank()) < color.relative_rank(pawn.rank());
                if !behind {
                    continue;
                }
                if eval::is_passed(after, color, pawn) {
                    out.push(claim(&fen_after, Fact::PbRookBehind { rook: to, pawn }));
                } else if color == us && new_file {
                    // A rook that comes to stand behind a pawn of its own backs its march.
                    out.push(claim(&fen_after, Fact::PbRookBacks { rook: to, pawn }));
                }
            }
        }
        _ => {}
    }
    // Enemy pieces the moved piece attacks from its new square and did not from its old
    // one: a rook, or a pawn no pawn of its own defends.
    for target in piece_attacks(after, to, us)
        & !from.map_or(Bitboard::EMPTY, |f| piece_attacks(before, f, us))
        & board.by_color(!us)
    {
        let rook = board.role_at(target) == Some(Role::Rook);
        let defenders = attacks::pawn_attacks(us, target) & board.by_piece((!us).pawn());
        if rook || defenders.is_empty() {
            out.push(claim(
                &fen_after,
                Fact::PbAttack {
                    attacker: to,
                    target,
                    target_role: if rook { "rook" } else { "pawn" }.to_owned(),
                },
            ));
        }
    }
    // Its own attacked pawns the moved piece newly defends (each with one attacker).
    for pawn in piece_attacks(after, to, us)
        & !from.map_or(Bitboard::EMPTY, |f| piece_attacks(before, f, us))
        & board.by_piece(us.pawn())
    {
        let attacker = board
            .by_color(!us)
            .into_iter()
            .find(|&a| piece_attacks(after, a, !us).contains(pawn));
        if let Some(attacker) = attacker {
            out.push(claim(
                &fen_after,
                Fact::PbDefend {
                    defender: to,
                    pawn,
                    attacker,
                },
            ));
        }
    }
    // A pawn step that is not passed (the passed pawn says more): how far it is from the
    // last rank.
    if mv.role() == Role::Pawn && !mv.is_capture() && !eval::is_passed(after, us, to) {
        out.push(claim(
            &fen_after,
            Fact::PbAdvance {
                pawn: to,
                goal: goal(us, to),
                moves: eval::moves_to_promote(us, to),
            },
        ));
    }
    // The enemy pawn whose next square the moved piece now holds.
    if let Some(pawn) = to.offset(us.fold_wb(8, -8))
        && board.piece_at(pawn) == Some((!us).pawn())
        && eval::is_passed(after, !us, pawn)
    {
        out.push(claim(&fen_after, Fact::PbBlockade { pawn, blocker: to }));
    }
    if mv.is_capture() {
        out.push(claim(&fen_after, material(after)));
    }
    out
}

/// Each evaluation term of `eval`'s preset before and after `mv` (name, before, after), from
/// the mover's view (its value minus the opponent's); empty for an illegal move.
#[must_use]
pub fn eval_terms(before: &PawnBattle, mv: Move, eval: &Evaluation) -> Vec<(String, i32, i32)> {
    if !before.is_legal(mv) {
        return Vec::new();
    }
    let mut after = before.clone();
    after.play_unchecked(mv);
    let mover = before.turn();
    let b = eval::breakdown(before, eval.preset);
    let a = eval::breakdown(&after, eval.preset);
    Term::ALL
        .into_iter()
        .map(|term| {
            let view = |v: shakmaty::ByColor<i32>| v.get(mover) - v.get(!mover);
            (
                term.name().to_owned(),
                view(b.term(term)),
                view(a.term(term)),
            )
        })
        .collect()
}

/// Explains `input.mv` in a Pawn Battle position, as chess's `explain` does for chess: the
/// verdict, the claims of [`derive`] and their sentences, the better move for a confirmed
/// error with the reason its own claims give. Pure. An illegal move yields an explanation
/// without claims or sentences.
#[must_use]
pub fn explain(input: &ExplainInput<PawnBattle>) -> Explanation {
    let before = &input.before;
    let mover = before.turn();
    let mv = input.mv;
    let legal = before.is_legal(mv);
    let play = |m: Move| {
        let mut p = before.clone();
        p.play_unchecked(m);
        p
    };
    let after = if legal { play(mv) } else { before.clone() };
    let mut line = vec![mv];
    line.extend_from_slice(&input.pv);
    let line_san = san_line(before, &line);
    let san = line_san.first().cloned().unwrap_or_default();
    let uci = mv.to_uci(CastlingMode::Standard).to_string();
    let fen_before = before.fen();
    let mut claims = if legal {
        derive(before, mv, &after)
    } else {
        Vec::new()
    };
    let is_best = input.best.is_none_or(|b| b == mv);
    let judgement = judgement_of(input, is_best);
    if let Some(c) = judgement
        .filter(|_| legal)
        .and_then(|j| quality_claim(input, &fen_before, j))
    {
        claims.push(c);
    }
    let templates = Templates::get(input.language.code()).ok();

    let mut best_line = None;
    let mut reason = None;
    let mut better_claims = Vec::new();
    if let Some((best, _, pv_san)) = better_move(input, judgement) {
        // The reason is found among the better move's claims as if it were played, then they
        // are marked as the better move's.
        let best_claims = derive(before, best, &play(best));
        if let Some((text, rests)) = templates.as_ref().and_then(|t| {
            better_reason(t, &pv_san, mover, &[], &best_claims, None, Avoid::default())
        }) {
            reason = Some(text);
            better_claims = rests
                .into_iter()
                .map(|c| Claim {
                    supports: Supports::Better,
                    ..c
                })
                .collect();
        }
        best_line = Some(BestLine::new(best, pv_san));
    }

    let mut sentences = match (&templates, legal) {
        (Some(t), true) => {
            let mut f = move_facts(
                input,
                &line_san,
                best_line.as_ref(),
                reason,
                &[],
                &claims,
                judgement,
                format!("{fen_before}|{uci}"),
            );
            // A forced win is no mate: the verdict counts it, no sentence names a mate, and
            // the win is said in the game's terms instead of a mate score.
            f.mate = None;
            if matches!(input.score_after, Some(Score::Mate(_))) {
                f.score = None;
                f.forced_win = forced_win(before, &line, input.score_after);
            }
            select(t.render(&f, 5), input.level, sentence_limit(input.level))
        }
        _ => Vec::new(),
    };
    attach_reason(&mut claims, &mut sentences, better_claims);

    let mut e = Explanation {
        san,
        uci,
        mover: crate::game::notation::color_name(mover).to_owned(),
        ply: input.ply,
        fen_before,
        fen_after: after.fen(),
        score_before: input
            .score_before
            .map(|s| human_view(mover, input.human, s)),
        score_after: input.score_after.map(|s| human_view(mover, input.human, s)),
        best: best_line,
        pv_san: line_san,
        quality: judgement,
        opening: None,
        metrics: None,
        themes: Vec::new(),
        best_themes: Vec::new(),
        eval_deltas: eval_deltas(&input.eval_terms),
        claims,
        sentences,
        level: input.level,
        text: String::new(),
        variant: crate::variant::Variant::PawnBattle,
        tablebase: None,
    };
    e.text = e.render();
    e
}

/// The forced win after the first move of `line` (played from `before`) that the mover's
/// score `after` (a mate-style score: the mover's n-th move wins, the played one counted)
/// says, with the square the winner's pawn arrives on when the line ends with that win.
/// `None` when the played move itself won (its own claim says so) or the score is no win.
fn forced_win(before: &PawnBattle, line: &[Move], after: Option<Score>) -> Option<ForcedWin> {
    let mover = before.turn();
    let (winner, moves) = match after? {
        Score::Mate(n) if n > 1 => (mover, n.unsigned_abs() - 1),
        Score::Mate(n) if n <= 0 => (!mover, n.unsigned_abs().max(1)),
        _ => return None,
    };
    // The line's last move, when it wins for the winner by arrival on the last rank, on the
    // winner's `moves`-th move after the played one.
    let mut pos = before.clone();
    let mut winner_moves = 0;
    let mut goal = None;
    let mut ended = false;
    for (i, &m) in line.iter().enumerate() {
        if !pos.is_legal(m) {
            break;
        }
        let side = pos.turn();
        if i > 0 && side == winner {
            winner_moves += 1;
        }
        if pos.wins_with(m) {
            ended = true;
            let arrival = m.role() == Role::Pawn && m.to().rank() == (!side).backrank();
            if side == winner && winner_moves == moves && arrival {
                goal = Some(m.to());
            }
            break;
        }
        pos.play_unchecked(m);
    }
    // A line that stops before the win (the search scored it one ply early): the winner's
    // arrival from where the line ends.
    if !ended && pos.turn() == winner && winner_moves + 1 == moves {
        goal = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                pos.wins_with(m) && m.role() == Role::Pawn && m.to().rank() == (!winner).backrank()
            })
            .map(|m| m.to())
            .min();
    }
    Some(ForcedWin {
        winner,
        moves,
        goal,
    })
}

#[cfg(test)]
mod tests;

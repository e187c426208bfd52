//! Pawn Battle move text: SAN and UCI out, SAN (strict and tolerant) and UCI in, with the same
//! errors and wording as chess's `game::notation` (whose helpers and [`MoveError`] it reuses).
//!
//! A pawn reaching the last rank is written without a promotion piece (`e8`, `e7e8`): the game
//! ends on arrival and the pawn is not promoted. There are no check marks (no kings).

use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{Move, Role, Square};

use super::PawnBattle;
use crate::game::MoveError;
use crate::game::notation::{as_uci, clean, closest, not_yours, role_name, san_interpretations};
use crate::variant::{Ending, VariantPosition};

/// The SAN of a legal move (`e4`, `exd5`, `Rad1`, `R1xh5`; `e8` for a pawn reaching the last
/// rank).
///
/// ```
/// use kibitzer::variant::VariantPosition;
/// use kibitzer::variant::pawn_battle::{PawnBattle, notation};
/// let pos = PawnBattle::start();
/// let mv = notation::parse_move(&pos, "a1d1").unwrap();
/// assert_eq!(notation::san(&pos, mv).to_string(), "Rad1");
/// ```
pub fn san(pos: &PawnBattle, mv: Move) -> San {
    let (from, to) = (mv.from().unwrap_or(mv.to()), mv.to());
    let (file, rank) = if mv.role() == Role::Pawn {
        (mv.is_capture().then_some(from.file()), None)
    } else {
        let others: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.role() == mv.role() && m.to() == to)
            .filter_map(|m| m.from())
            .filter(|&sq| sq != from)
            .collect();
        if others.is_empty() {
            (None, None)
        } else if others.iter().all(|sq| sq.file() != from.file()) {
            (Some(from.file()), None)
        } else if others.iter().all(|sq| sq.rank() != from.rank()) {
            (None, Some(from.rank()))
        } else {
            (Some(from.file()), Some(from.rank()))
        }
    };
    San::Normal {
        role: mv.role(),
        file,
        rank,
        capture: mv.is_capture(),
        to,
        promotion: None,
    }
}

/// Parses a move typed by a player: SAN (`e4`, `exd5`, `Rd1`, `Rad1`, `e8`), tolerant SAN
/// (`rd1`, `e2-e4`, a missing or extra capture mark) and UCI (`a1d1`, `e7e8`).
///
/// # Errors
/// [`MoveError::Empty`], [`MoveError::Malformed`], [`MoveError::Illegal`] (with the reason and
/// the closest legal moves) or [`MoveError::Ambiguous`] (with the candidates).
pub fn parse_move(pos: &PawnBattle, text: &str) -> Result<Move, MoveError> {
    let input = text.trim();
    if input.is_empty() {
        return Err(MoveError::Empty);
    }
    let cleaned = clean(input);
    if let Some(uci) = as_uci(&cleaned) {
        return parse_uci(pos, input, &uci);
    }
    let interpretations = san_interpretations(&cleaned);
    let Some(&first) = interpretations.first() else {
        return Err(MoveError::Malformed {
            input: input.to_owned(),
            reason: "write SAN such as e4, exd5, Rd1, Rad1, or UCI such as a1d1".to_owned(),
        });
    };
    let legal = pos.legal_moves();
    let mut found: Vec<Move> = Vec::new();
    for interpretation in &interpretations {
        for m in legal.iter().filter(|m| matches(*interpretation, **m)) {
            if !found.contains(m) {
                found.push(*m);
            }
        }
    }
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(MoveError::Illegal {
            input: input.to_owned(),
            reason: diagnose(pos, first),
            suggestions: suggestions(pos, &cleaned, first),
        }),
        many => {
            let mut candidates: Vec<String> =
                many.iter().map(|m| san(pos, *m).to_string()).collect();
            candidates.sort();
            Err(MoveError::Ambiguous {
                input: input.to_owned(),
                candidates,
            })
        }
    }
}

/// Whether a SAN names a move; a missing or superfluous capture mark is forgiven.
fn matches(san: San, m: Move) -> bool {
    match san {
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion: None,
            ..
        } => {
            m.role() == role
                && m.to() == to
                && m.from().is_some_and(|f| {
                    file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank())
                })
        }
        _ => false,
    }
}

fn parse_uci(pos: &PawnBattle, input: &str, uci: &UciMove) -> Result<Move, MoveError> {
    let UciMove::Normal {
        from,
        to,
        promotion,
    } = *uci
    else {
        return Err(MoveError::Malformed {
            input: input.to_owned(),
            reason: "expected a move such as a1d1 or e2e4".to_owned(),
        });
    };
    let illegal = |reason: String, suggestions: Vec<String>| MoveError::Illegal {
        input: input.to_owned(),
        reason,
        suggestions,
    };
    let legal = pos.legal_moves();
    if promotion.is_none()
        && let Some(m) = legal
            .iter()
            .find(|m| m.from() == Some(from) && m.to() == to)
    {
        return Ok(*m);
    }
    let to_here = || {
        let mut out: Vec<String> = legal
            .iter()
            .filter(|m| m.to() == to)
            .map(|m| san(pos, *m).to_string())
            .collect();
        out.sort();
        out.truncate(3);
        out
    };
    let board = pos.board();
    let Some(piece) = board.piece_at(from) else {
        return Err(illegal(format!("there is no piece on {from}"), to_here()));
    };
    if piece.color != pos.turn() {
        return Err(illegal(not_yours(piece, from, pos.turn()), to_here()));
    }
    let san = San::Normal {
        role: piece.role,
        file: Some(from.file()),
        rank: Some(from.rank()),
        capture: board.piece_at(to).is_some(),
        to,
        promotion,
    };
    Err(illegal(diagnose(pos, san), to_here()))
}

/// Explains why no legal move matches a SAN.
fn diagnose(pos: &PawnBattle, san: San) -> String {
    if let Some((outcome, reason)) = pos.end() {
        return format!(
            "the game is over ({})",
            Ending::Position { outcome, reason }
        );
    }
    let San::Normal {
        role,
        file,
        rank,
        to,
        promotion,
        ..
    } = san
    else {
        return "Pawn Battle has no castling and no drops".to_owned();
    };
    let us = pos.turn();
    if !matches!(role, Role::Pawn | Role::Rook) {
        return format!(
            "Pawn Battle has only pawns and rooks, no {}",
            role_name(role)
        );
    }
    if promotion.is_some() {
        return if role == Role::Pawn && to.rank() == (!us).backrank() {
            format!("a pawn reaching {to} wins the game at once and is not promoted: write {to}")
        } else {
            "there is no promotion in Pawn Battle".to_owned()
        };
    }
    let board = pos.board();
    let ours = board.by_piece(shakmaty::Piece { color: us, role });
    if ours.is_empty() {
        return format!("you have no {}", role_name(role));
    }
    if let Some(p) = board.piece_at(to)
        && p.color == us
    {
        return format!("{to} is occupied by your own {}", role_name(p.role));
    }
    let named = ours.into_iter().filter(|from| {
        file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
    });
    match named.collect::<Vec<_>>().as_slice() {
        [from] => format!("the {} on {from} cannot reach {to}", role_name(role)),
        _ => format!("no {} of yours can reach {to}", role_name(role)),
    }
}

/// Legal moves close to what was typed (same piece kind first, then small edits).
fn suggestions(pos: &PawnBattle, typed: &str, typed_san: San) -> Vec<String> {
    let role = match typed_san {
        San::Normal { role, .. } => Some(role),
        _ => None,
    };
    // `e8=Q` for a pawn on e7: the move meant is `e8`.
    let typed = typed.split('=').next().unwrap_or(typed);
    closest(
        typed,
        pos.legal_moves()
            .iter()
            .filter(|m| role.is_none_or(|r| r == m.role()))
            .map(|m| san(pos, *m).to_string()),
    )
}

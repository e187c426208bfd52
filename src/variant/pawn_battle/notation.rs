//! Pawn Battle move text: SAN and UCI out, SAN (strict and tolerant) and UCI in, with the same
//! errors and wording as chess's `game::notation` (whose helpers and [`MoveError`] it reuses).
//!
//! A pawn reaching the last rank is written without a promotion piece (`e8`, `e7e8`): the game
//! ends on arrival and the pawn is not promoted. There are no check marks (no kings).

use shakmaty::san::San;
use shakmaty::{Move, MoveList, Role, Square};

use super::PawnBattle;
use crate::game::MoveError;
use crate::game::notation::{
    Notation, closest, lenient_normal_match, not_yours, parse_with, role_name, uci_as_san,
};
use crate::i18n::{t, tr};
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
    parse_with(pos, text)
}

impl Notation for PawnBattle {
    fn malformed(&self, _cleaned: &str) -> String {
        t("pb-move-how")
    }
    fn uci_move(
        &self,
        input: &str,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, MoveError> {
        parse_uci(self, input, from, to, promotion)
    }
    fn legal(&self) -> MoveList {
        self.legal_moves()
    }
    fn matches(&self, san: San, m: Move) -> bool {
        lenient_normal_match(san, m)
    }
    fn san_text(&self, m: Move) -> String {
        san(self, m).to_string()
    }
    fn illegal(&self, cleaned: &str, first: San) -> (String, Vec<String>) {
        (diagnose(self, first), suggestions(self, cleaned, first))
    }
}

fn parse_uci(
    pos: &PawnBattle,
    input: &str,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, MoveError> {
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
        return Err(illegal(
            tr("move-no-piece-on", &[("from", from.to_string().into())]),
            to_here(),
        ));
    };
    if piece.color != pos.turn() {
        return Err(illegal(not_yours(piece, from, pos.turn()), to_here()));
    }
    let san = uci_as_san(board, piece.role, from, to, promotion);
    Err(illegal(diagnose(pos, san), to_here()))
}

/// Explains why no legal move matches a SAN.
fn diagnose(pos: &PawnBattle, san: San) -> String {
    if let Some((outcome, reason)) = pos.end() {
        let ending = Ending::Position { outcome, reason }.to_string();
        return tr("pb-game-over", &[("outcome", ending.into())]);
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
        return t("pb-no-castling");
    };
    let us = pos.turn();
    if !matches!(role, Role::Pawn | Role::Rook) {
        return tr("pb-only-pawns-rooks", &[("role", role_name(role).into())]);
    }
    if promotion.is_some() {
        return if role == Role::Pawn && to.rank() == (!us).backrank() {
            tr("pb-pawn-wins", &[("to", to.to_string().into())])
        } else {
            t("pb-no-promotion")
        };
    }
    let board = pos.board();
    let ours = board.by_piece(shakmaty::Piece { color: us, role });
    if ours.is_empty() {
        return tr("move-no-piece", &[("role", role_name(role).into())]);
    }
    if let Some(p) = board.piece_at(to)
        && p.color == us
    {
        return tr(
            "move-own-piece",
            &[
                ("to", to.to_string().into()),
                ("role", role_name(p.role).into()),
            ],
        );
    }
    let named = ours.into_iter().filter(|from| {
        file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
    });
    match named.collect::<Vec<_>>().as_slice() {
        [from] => tr(
            "pb-cannot-reach",
            &[
                ("role", role_name(role).into()),
                ("from", from.to_string().into()),
                ("to", to.to_string().into()),
            ],
        ),
        _ => tr(
            "move-cannot-reach",
            &[
                ("role", role_name(role).into()),
                ("to", to.to_string().into()),
            ],
        ),
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

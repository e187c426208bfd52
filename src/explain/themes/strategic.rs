//! Strategic themes: the bishop pair, simplifying when ahead, recapturing towards the centre.

use shakmaty::{Chess, Move, Position, Role};

use super::{Hit, ThemeSpec};
use crate::explain::board::{self, value};

/// The strategic theme specs.
pub const SPECS: &[ThemeSpec] = &[
    theme!(
        "bishop_pair",
        StrategicThemes,
        Positive,
        None,
        1.0,
        Move,
        "After the move we have two bishops and the opponent has not, which was not so before.",
        bishop_pair
    ),
    theme!(
        "simplification_when_ahead",
        StrategicThemes,
        Positive,
        Some("simplification"),
        0.8,
        Move,
        "While two or more pawns ahead we capture and the piece is taken back with equal material.",
        simplification_when_ahead
    ),
    theme!(
        "recapture_towards_centre",
        StrategicThemes,
        Neutral,
        None,
        0.7,
        Move,
        "Among several captures on the same square, a pawn takes towards the centre.",
        recapture_towards_centre
    ),
];

/// Whether `c` has bishops on both square colours.
pub(crate) fn has_pair(b: &shakmaty::Board, c: shakmaty::Color) -> bool {
    let bishops = b.by_piece(Role::Bishop.of(c));
    bishops.into_iter().any(|s| s.is_light()) && bishops.into_iter().any(|s| s.is_dark())
}

fn bishop_pair(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let now = |b: &shakmaty::Board| has_pair(b, us) && !has_pair(b, !us);
    let b = after.board();
    (now(b) && !now(before.board()))
        .then(|| Hit::on(b, b.by_piece(Role::Bishop.of(us)).into_iter().collect()))
}

fn simplification_when_ahead(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let captured = mv.capture()?;
    let reply = pv.first()?;
    let ahead = board::balance(before.board(), before.turn()) >= 2;
    let equal =
        reply.to() == mv.to() && reply.capture().is_some_and(|r| value(r) == value(captured));
    (ahead && equal).then(|| Hit::at(vec![mv.to()]))
}

fn recapture_towards_centre(before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    if mv.role() != Role::Pawn || !mv.is_capture() {
        return None;
    }
    let from = mv.from()?;
    let centre_dist = |f: shakmaty::File| f.to_u32().abs_diff(3).min(f.to_u32().abs_diff(4));
    let options = before
        .legal_moves()
        .iter()
        .filter(|m| m.is_capture() && m.to() == mv.to())
        .count();
    (options >= 2 && centre_dist(mv.to().file()) < centre_dist(from.file()))
        .then(|| Hit::at(vec![mv.to()]))
}

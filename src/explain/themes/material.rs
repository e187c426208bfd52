//! Material considerations: material gained or lost over the line, exchange sacrifices and
//! equal trades.

use shakmaty::{Chess, Move, Role};

use super::{Hit, ThemeSpec};
use crate::explain::board::{self, balance, value};

/// The material theme specs.
pub const SPECS: &[ThemeSpec] = &[
    theme!(
        "material_gain",
        MaterialConsiderations,
        Positive,
        None,
        0.8,
        Line,
        "Material (P1 N3 B3 R5 Q9) where the line settles (its last position reached by a quiet move) is higher than at the root.",
        material_gain
    ),
    theme!(
        "exchange_sacrifice",
        MaterialConsiderations,
        Positive,
        None,
        0.8,
        Move,
        "A rook takes a knight or bishop and is taken back.",
        exchange_sacrifice
    ),
    theme!(
        "equal_trade",
        MaterialConsiderations,
        Neutral,
        None,
        0.95,
        Move,
        "A capture answered at once by a recapture of equal value.",
        equal_trade
    ),
    theme!(
        "material_loss",
        MaterialConsiderations,
        Negative,
        None,
        0.6,
        Line,
        "Material where the line settles is lower than at the root and the line does not mate.",
        material_loss
    ),
];

fn line_gain(before: &Chess, mv: Move, pv: &[Move]) -> Option<(i32, bool)> {
    use shakmaty::Position;
    let mut line = vec![mv];
    line.extend_from_slice(pv);
    let positions = board::settled_positions(before, &line);
    let last = positions.last()?;
    let mate = last.is_checkmate();
    let us = before.turn();
    Some((
        balance(last.board(), us) - balance(before.board(), us),
        mate,
    ))
}

fn material_gain(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let (gain, mate) = line_gain(before, mv, pv)?;
    (gain >= 1 && !mate).then(|| Hit::at(vec![mv.to()]))
}

fn material_loss(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let (gain, mate) = line_gain(before, mv, pv)?;
    (gain <= -1 && !mate).then(|| Hit::at(vec![mv.to()]))
}

fn exchange_sacrifice(_before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let reply = pv.first()?;
    let minor = matches!(mv.capture(), Some(Role::Knight | Role::Bishop));
    (mv.role() == Role::Rook && minor && reply.to() == mv.to() && reply.is_capture())
        .then(|| Hit::at(vec![mv.to()]))
}

fn equal_trade(_before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let captured = mv.capture()?;
    let reply = pv.first()?;
    let ours = mv.promotion().unwrap_or(mv.role());
    (reply.to() == mv.to() && reply.is_capture() && value(ours) == value(captured))
        .then(|| Hit::at(vec![mv.to()]))
}

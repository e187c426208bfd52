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

/// Only the mover has the bishop pair after the move, not before, and still after the reply:
/// 20.Bxc5 Qxc5 trades a bishop, it "secures" no pair.
/// Through how many plies of the line after the move (the reply first) the pair must stand
/// for the move to "secure" it: 20.Kxf2 takes the bishop on f2, but after Rxc1 Rxc1 Rxd8 the
/// bishop on d8 is gone too.
pub const PAIR_KEPT_PLIES: usize = 4;

fn bishop_pair(before: &Chess, _mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let now = |b: &shakmaty::Board| has_pair(b, us) && !has_pair(b, !us);
    let b = after.board();
    let kept = board::positions(after, &pv[..pv.len().min(PAIR_KEPT_PLIES)])
        .iter()
        .all(|p| now(p.board()));
    (now(b) && !now(before.board()) && kept)
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

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, uci::UciMove};

    fn play(fen: &str, ucis: &[&str]) -> (Chess, Move, Chess, Vec<Move>) {
        let before: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let mut pos = before.clone();
        let mut moves = Vec::new();
        for u in ucis {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos = board::play(&pos, m).unwrap();
            moves.push(m);
        }
        let after = board::play(&before, moves[0]).unwrap();
        (before, moves[0], after, moves[1..].to_vec())
    }

    #[test]
    fn a_bishop_pair_taken_back_at_once_is_not_secured() {
        // Carlsen-Dominguez: 20.Bxc5 Qxc5 trades bishops; White keeps one.
        let fen = "r4rk1/1bq2ppp/p7/1pbnPN2/P2B4/4p3/1PP1B1PP/R3QR1K w - - 2 20";
        let (before, mv, after, pv) = play(fen, &["d4c5", "c7c5"]);
        assert!(bishop_pair(&before, mv, &after, &pv).is_none());
        // Had Black not taken back, White would have the pair alone.
        let (before, mv, after, pv) = play(fen, &["d4c5", "a8d8"]);
        assert!(bishop_pair(&before, mv, &after, &pv).is_some());
    }

    #[test]
    fn a_bishop_pair_lost_in_the_lines_first_moves_is_not_secured() {
        // Carlsen-Svidler: 20.Kxf2 takes a bishop, but the one on d8 falls after Rxc1 Rxc1
        // Rxd8.
        let fen = "2rB1rk1/5ppp/p3b3/8/8/1P3B2/P4bPP/2RR2K1 w - - 0 20";
        let line = ["g1f2", "c8c1", "d1c1", "f8d8", "f2e3", "d8e8"];
        let (before, mv, after, pv) = play(fen, &line);
        assert!(bishop_pair(&before, mv, &after, &pv).is_none());
        // Four plies on, the pair is said when it still stands.
        let (before, mv, after, pv) = play(fen, &["g1f2", "c8c1", "d1c1", "h7h6", "d8e7"]);
        assert!(bishop_pair(&before, mv, &after, &pv).is_some());
    }
}

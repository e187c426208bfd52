//! The board facts behind the king-safety, endgame and piece-placement themes, so that their
//! sentences rest on claims the independent checker verifies. Each fact is computed on the
//! position it names and pushed only when it holds there.

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use super::{At, Fact, uci};
use crate::explain::board;
use crate::explain::themes::{Theme, activity, endgame, king_safety};

fn ucis(line: &[Move]) -> Vec<String> {
    line.iter().map(|m| uci(*m)).collect()
}

/// The facts behind theme `t` of `mv` (played in `before`, reaching `after`, followed by
/// `pv`), each with the position it speaks of; empty when the theme has no such fact.
pub(super) fn derive(
    before: &Chess,
    mv: Move,
    after: &Chess,
    pv: &[Move],
    t: &Theme,
) -> Vec<(At, Fact)> {
    let us = before.turn();
    let b = after.board();
    let fact = match t.id {
        "king_shelter_weakened" => before
            .board()
            .king_of(us)
            .map(|king| (At::Before, Fact::ShieldPawn { uci: uci(mv), king })),
        "king_activity" => king_target(before, mv, pv).map(|toward| {
            (
                At::Before,
                Fact::KingCloser {
                    uci: uci(mv),
                    toward,
                },
            )
        }),
        "exposed_king" => exposed_king(after, pv).map(|f| (At::After, f)),
        "kingside_attack" | "queenside_attack" => {
            wing_attack(before, mv, pv).map(|f| (At::Before, f))
        }
        "open_line_to_king" => match (t.squares.first(), b.king_of(!us)) {
            (Some(square), Some(king)) => Some((
                At::After,
                Fact::OpenLine {
                    square: *square,
                    king,
                },
            )),
            _ => None,
        },
        "luft" => b.king_of(us).and_then(|king| {
            board::relative(king_safety::luft_squares(b, us), us)
                .first()
                .map(|square| {
                    (
                        At::After,
                        Fact::Luft {
                            king,
                            square: *square,
                        },
                    )
                })
        }),
        "castling_rights_lost" => Some((At::Before, Fact::GivesUpCastling { uci: uci(mv) })),
        "back_rank_weakness" => b
            .king_of(us)
            .map(|king| (At::After, Fact::BackRank { king })),
        "opposition" => match (b.king_of(Color::White), b.king_of(Color::Black)) {
            (Some(w), Some(k)) => Some((At::After, Fact::Opposition { kings: vec![w, k] })),
            _ => None,
        },
        "rook_behind_passer" => match t.squares[..] {
            [rook, pawn, ..] => Some((At::After, Fact::RookBehind { rook, pawn })),
            _ => None,
        },
        "cut_off_king" => cut_off(after, us, mv).map(|f| (At::After, f)),
        "knight_outpost" => t
            .squares
            .first()
            .map(|square| (At::After, Fact::Outpost { square: *square })),
        "bishop_long_diagonal" => t
            .squares
            .first()
            .map(|square| (At::After, Fact::LongDiagonal { square: *square })),
        "bishop_pair" => Some((
            At::After,
            Fact::BishopPair {
                side: if us.is_white() { "white" } else { "black" }.to_owned(),
            },
        )),
        "pawn_islands_increase" => Some((
            At::Before,
            Fact::PawnIslands {
                uci: uci(mv),
                before: board::pawn_islands(before.board(), us),
                after: board::pawn_islands(b, us),
            },
        )),
        "same_piece_twice" => {
            let waiting = board::relative(activity::undeveloped_squares(before.board(), us), us);
            (!waiting.is_empty()).then(|| {
                (
                    At::Before,
                    Fact::MovesAgain {
                        uci: uci(mv),
                        waiting,
                    },
                )
            })
        }
        _ => None,
    };
    fact.into_iter().collect()
}

/// The square a king move in the endgame heads for: the enemy pawn it goes to win
/// ([`endgame::king_prey`]), else the nearest central square it comes closer to, else a
/// passed pawn it comes closer to.
fn king_target(before: &Chess, mv: Move, pv: &[Move]) -> Option<Square> {
    let us = before.turn();
    let (from, to) = (mv.from()?, mv.to());
    if mv.role() != Role::King || mv.is_castle() {
        return None;
    }
    let closer = |s: &Square| endgame::nearer(*s, from, to);
    // A centre square an enemy man guards is none the king can walk to while it stands
    // (20.Kf2 "walks towards d4" with the pawn on c5 guarding it, session 36 read; 22.Ke3
    // "towards d4" with the rook on d8 on the file, session 49 read).
    let b = before.board();
    let guarded = |s: &Square| b.attacks_to(*s, !us, b.occupied()).any();
    // The pawn it goes to win first: that is where it walks.
    endgame::king_prey(before, mv, pv)
        .or_else(|| {
            board::relative(board::centre(), us)
                .into_iter()
                .filter(|s| closer(s) && !guarded(s))
                .min_by_key(|s| s.distance(to))
        })
        .or_else(|| {
            endgame::passers(before.board(), us)
                .into_iter()
                .find(closer)
        })
}

/// The enemy king without pawn cover on its home ranks ([`king_safety::has_cover`]) and with no
/// castling right left, and our check in `pv` (the line up to that check).
fn exposed_king(after: &Chess, pv: &[Move]) -> Option<Fact> {
    let them = after.turn();
    let b = after.board();
    let king = b.king_of(them)?;
    if board::rel_rank(king, them) > 2
        || king_safety::has_cover(b, king, them)
        || after.castles().has_color(them)
    {
        return None;
    }
    let positions = board::positions(after, pv);
    // Our moves are pv[1], pv[3], …: the positions after them have even indices.
    let check = (2..positions.len())
        .step_by(2)
        .find(|i| positions[*i].is_check())?;
    Some(Fact::ExposedKing {
        king,
        line: ucis(&pv[..check]),
    })
}

/// Checks and captures near the corner of the enemy king's wing in the move's line.
fn wing_attack(before: &Chess, mv: Move, pv: &[Move]) -> Option<Fact> {
    let them = !before.turn();
    let king = before.board().king_of(them)?;
    let corner_file = if king.file() >= shakmaty::File::E {
        shakmaty::File::H
    } else {
        shakmaty::File::A
    };
    let corner = Square::from_coords(corner_file, them.backrank());
    let mut line = vec![mv];
    line.extend_from_slice(pv);
    let legal = board::positions(before, &line).len() - 1;
    line.truncate(legal);
    let hits = king_safety::wing_hits(before, &line, corner);
    (hits >= 2).then(|| Fact::WingAttack {
        king,
        corner,
        line: ucis(&line),
        hits,
    })
}

/// Our rook on the moved-to file between the enemy king and our passed pawn.
fn cut_off(after: &Chess, us: Color, mv: Move) -> Option<Fact> {
    let b = after.board();
    let king = b.king_of(!us)?;
    let f = mv.to().file();
    let pawn = endgame::passers(b, us).into_iter().find(|p| {
        b.color_at(*p) == Some(us)
            && ((p.file() < f && king.file() > f) || (p.file() > f && king.file() < f))
    })?;
    Some(Fact::CutsOff {
        rook: mv.to(),
        king,
        pawn,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::claims::derive as all_claims;
    use crate::explain::themes;

    fn claims(fen: &str, san: &str) -> Vec<Fact> {
        let (before, mv, after) = board::before_move_after(fen, san);
        let th = themes::detect_line_after(None, &before, &[mv]);
        all_claims(&before, mv, &after, &[], &th, &[])
            .into_iter()
            .map(|c| c.fact)
            .collect()
    }

    #[test]
    fn luft_names_the_free_square() {
        let f = claims("3r2k1/8/8/8/8/8/5PPP/R5K1 w - - 0 1", "h3");
        assert!(
            f.contains(&Fact::Luft {
                king: Square::G1,
                square: Square::H2
            }),
            "{f:?}"
        );
    }

    #[test]
    fn the_first_step_off_the_back_rank_brings_the_king_towards_the_centre() {
        // purpose_textbook_tune: Kf1 in a bishop ending is as far from e4 as g1 by king steps,
        // but one file nearer: the walk to e2 and the centre starts.
        let f = claims("6k1/pp3ppp/4b3/8/8/4B3/PP3PPP/6K1 w - - 0 1", "Kf1");
        assert!(
            f.iter().any(|c| matches!(c, Fact::KingCloser { .. })),
            "{f:?}"
        );
        // A step along the back rank away from the centre is none.
        let f = claims("6k1/pp3ppp/4b3/8/8/4B3/PP3PPP/6K1 w - - 0 1", "Kh1");
        assert!(
            !f.iter().any(|c| matches!(c, Fact::KingCloser { .. })),
            "{f:?}"
        );
    }

    #[test]
    fn the_king_walks_to_no_square_an_enemy_pawn_guards() {
        // Bacrot - Carlsen, 20.Kf2: d4 is guarded by the pawn on c5; the walk is to e4.
        let f = claims(
            "6k1/pb1n1ppp/2n1p3/2p3N1/2P2P2/1P4P1/P6P/B4BK1 w - - 1 20",
            "Kf2",
        );
        assert!(
            f.contains(&Fact::KingCloser {
                uci: "g1f2".to_owned(),
                toward: Square::E4
            }),
            "{f:?}"
        );
    }

    #[test]
    fn a_king_that_walks_to_win_a_pawn_heads_for_that_pawn() {
        // Morphy, game 78, 48.Kd6: the king goes for the queenside pawns (Kc7, Kb8, Kxa7);
        // it comes no nearer the centre and there is no passed pawn.
        let fen = "8/pp6/2p5/2P1K1N1/PP4pp/3b4/6kP/8 w - - 8 48";
        let (before, mv, after) = board::before_move_after(fen, "Kd6");
        let pv = board::line_from(&after, &["Kxh2", "Kc7", "Ba6", "Kb8", "h3", "Kxa7"]);
        assert_eq!(pv.len(), 6);
        let mut line = vec![mv];
        line.extend_from_slice(&pv);
        let th = themes::detect_line_after(None, &before, &line);
        let f: Vec<Fact> = all_claims(&before, mv, &after, &pv, &th, &[])
            .into_iter()
            .map(|c| c.fact)
            .collect();
        assert!(
            f.contains(&Fact::KingCloser {
                uci: "e5d6".to_owned(),
                toward: Square::A7
            }),
            "{f:?}"
        );
        // Without the line that takes it, the walk has no target.
        assert!(
            !claims(fen, "Kd6")
                .iter()
                .any(|c| matches!(c, Fact::KingCloser { .. }))
        );
    }

    #[test]
    fn opposition_and_king_walk_in_a_pawn_endgame() {
        let f = claims("8/8/3k4/8/8/3K4/3P4/8 w - - 0 1", "Kd4");
        assert!(
            f.contains(&Fact::Opposition {
                kings: vec![Square::D4, Square::D6]
            }),
            "{f:?}"
        );
        assert!(
            f.contains(&Fact::KingCloser {
                uci: "d3d4".to_owned(),
                toward: Square::D4
            }),
            "{f:?}"
        );
    }

    #[test]
    fn a_shield_pawn_leaving_is_named_with_its_king() {
        let f = claims("r4rk1/ppp2ppp/2n5/3q4/8/8/PPP2PPP/R2Q1RK1 w - - 0 1", "g4");
        assert!(
            f.contains(&Fact::ShieldPawn {
                uci: "g2g4".to_owned(),
                king: Square::G1
            }),
            "{f:?}"
        );
    }

    #[test]
    fn an_outpost_knight_is_a_checked_fact() {
        // White knight to d5, backed by e4, and no black c- or e-pawn can ever hit it.
        let f = claims(
            "r1bq1rk1/pp3ppp/3p4/8/4P3/2N5/PPP2PPP/R2QKB1R w KQ - 0 10",
            "Nd5",
        );
        assert!(f.contains(&Fact::Outpost { square: Square::D5 }), "{f:?}");
    }
}

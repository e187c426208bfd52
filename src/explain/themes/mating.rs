//! Mating patterns: mate in N along the line and the named mates (back rank, smothered,
//! Anastasia, Arabian, hook, Boden, double bishop, dovetail) judged on the final position.

use shakmaty::{Bitboard, Chess, Color, File, Move, Position, Rank, Role, Square, attacks};

use super::{Hit, ThemeSpec};
use crate::explain::board;

/// The mating-pattern theme specs.
pub const SPECS: &[ThemeSpec] = &[
    theme!(
        "mate",
        MatingPatterns,
        Positive,
        Some("mate"),
        1.0,
        Line,
        "The line ends in checkmate of the opponent.",
        mate
    ),
    theme!(
        "mate_in_1",
        MatingPatterns,
        Positive,
        Some("mateIn1"),
        1.0,
        Line,
        "The line mates with our first move.",
        mate_in_1
    ),
    theme!(
        "mate_in_2",
        MatingPatterns,
        Positive,
        Some("mateIn2"),
        1.0,
        Line,
        "The line mates with our second move.",
        mate_in_2
    ),
    theme!(
        "mate_in_3",
        MatingPatterns,
        Positive,
        Some("mateIn3"),
        1.0,
        Line,
        "The line mates with our third move.",
        mate_in_3
    ),
    theme!(
        "mate_in_4",
        MatingPatterns,
        Positive,
        Some("mateIn4"),
        1.0,
        Line,
        "The line mates with our fourth move.",
        mate_in_4
    ),
    theme!(
        "mate_in_5",
        MatingPatterns,
        Positive,
        Some("mateIn5"),
        1.0,
        Line,
        "The line mates with our fifth or a later move.",
        mate_in_5
    ),
    theme!(
        "back_rank_mate",
        MatingPatterns,
        Positive,
        Some("backRankMate"),
        0.95,
        Line,
        "Mate of a king on its back rank by a piece on that rank, every square in front of the king held by its own pieces or covered by us.",
        back_rank_mate
    ),
    theme!(
        "smothered_mate",
        MatingPatterns,
        Positive,
        Some("smotheredMate"),
        1.0,
        Line,
        "A knight mates and every square next to the king holds one of its own pieces.",
        smothered_mate
    ),
    theme!(
        "anastasia_mate",
        MatingPatterns,
        Positive,
        Some("anastasiaMate"),
        0.9,
        Line,
        "King on an edge file mated by a rook or queen along that file, with its own piece beside it and our knight three files in.",
        anastasia_mate
    ),
    theme!(
        "arabian_mate",
        MatingPatterns,
        Positive,
        Some("arabianMate"),
        0.95,
        Line,
        "King in a corner mated by an adjacent rook that our knight, two squares diagonally from the king, defends.",
        arabian_mate
    ),
    theme!(
        "hook_mate",
        MatingPatterns,
        Positive,
        Some("hookMate"),
        0.8,
        Line,
        "A rook mates next to the king, defended by a knight that a pawn defends.",
        hook_mate
    ),
    theme!(
        "boden_mate",
        MatingPatterns,
        Positive,
        Some("bodenMate"),
        0.9,
        Line,
        "Two bishops on crossing diagonals are the only pieces covering the mated king's squares.",
        boden_mate
    ),
    theme!(
        "double_bishop_mate",
        MatingPatterns,
        Positive,
        Some("doubleBishopMate"),
        0.9,
        Line,
        "Two bishops on parallel diagonals are the only pieces covering the mated king's squares.",
        double_bishop_mate
    ),
    theme!(
        "dovetail_mate",
        MatingPatterns,
        Positive,
        Some("dovetailMate"),
        0.85,
        Line,
        "A defended queen mates diagonally next to the king; the free squares around it are covered by the queen alone.",
        dovetail_mate
    ),
];

/// The final position, the number of our moves and our mating move, if the line mates the
/// opponent.
fn final_mate(before: &Chess, mv: Move, pv: &[Move]) -> Option<(Chess, usize, Move)> {
    let mut line = vec![mv];
    line.extend_from_slice(pv);
    let positions = board::positions(before, &line);
    if positions.len() != line.len() + 1 || line.len() % 2 == 0 {
        return None;
    }
    let last = positions.last()?.clone();
    let final_move = *line.last()?;
    (last.is_checkmate() && last.turn() != before.turn())
        .then(|| (last, line.len().div_ceil(2), final_move))
}

fn mate(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, _, m) = final_mate(before, mv, pv)?;
    let k = last.board().king_of(last.turn())?;
    Some(Hit::at(vec![m.to(), k]).later(pv.len()))
}

fn mate_in(before: &Chess, mv: Move, pv: &[Move], n: usize) -> Option<Hit> {
    let (last, moves, m) = final_mate(before, mv, pv)?;
    let hit = if n == 5 { moves >= 5 } else { moves == n };
    let k = last.board().king_of(last.turn())?;
    hit.then(|| Hit::at(vec![m.to(), k]).later(pv.len()))
}

fn mate_in_1(b: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    mate_in(b, mv, pv, 1)
}
fn mate_in_2(b: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    mate_in(b, mv, pv, 2)
}
fn mate_in_3(b: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    mate_in(b, mv, pv, 3)
}
fn mate_in_4(b: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    mate_in(b, mv, pv, 4)
}
fn mate_in_5(b: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    mate_in(b, mv, pv, 5)
}

/// Final mate as (position, mated colour, king square, checkers).
fn mated(before: &Chess, mv: Move, pv: &[Move]) -> Option<(Chess, Color, Square, Bitboard)> {
    let (last, _, _) = final_mate(before, mv, pv)?;
    let color = last.turn();
    let k = last.board().king_of(color)?;
    let checkers = last.checkers();
    Some((last, color, k, checkers))
}

fn back_rank_mate(before: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, color, k, checkers) = mated(before, mv, pv)?;
    let b = last.board();
    if k.rank() != color.backrank() {
        return None;
    }
    let checker = checkers.into_iter().find(|c| c.rank() == k.rank())?;
    let forward = if color.is_white() { 1 } else { -1 };
    let front_rank = k.rank().offset(forward)?;
    let front = attacks::king_attacks(k) & Bitboard::from_rank(front_rank);
    let blocked = front
        .into_iter()
        .all(|s| b.color_at(s) == Some(color) && !board::is_attacked(b, s, !color));
    blocked.then(|| Hit::at(vec![checker, k]).later(pv.len()))
}

fn smothered_mate(before: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, color, k, checkers) = mated(before, mv, pv)?;
    let b = last.board();
    let c = checkers.single_square()?;
    if b.role_at(c) != Some(Role::Knight) {
        return None;
    }
    (attacks::king_attacks(k)
        .into_iter()
        .all(|s| b.color_at(s) == Some(color)))
    .then(|| Hit::at(vec![c, k]).later(pv.len()))
}

fn anastasia_mate(before: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, color, k, checkers) = mated(before, mv, pv)?;
    let b = last.board();
    let inward = match k.file() {
        File::A => 1,
        File::H => -1,
        _ => return None,
    };
    if k.rank() == Rank::First || k.rank() == Rank::Eighth {
        return None;
    }
    let c = checkers.single_square()?;
    if c.file() != k.file() || !matches!(b.role_at(c), Some(Role::Rook | Role::Queen)) {
        return None;
    }
    let beside = k.offset(inward)?;
    let knight = k.offset(3 * inward)?;
    (b.color_at(beside) == Some(color) && b.piece_at(knight) == Some(Role::Knight.of(!color)))
        .then(|| Hit::at(vec![c, knight, k]).later(pv.len()))
}

fn arabian_mate(before: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, color, k, checkers) = mated(before, mv, pv)?;
    let b = last.board();
    let corner = matches!(k, Square::A1 | Square::H1 | Square::A8 | Square::H8);
    let c = checkers.single_square()?;
    if !corner || b.role_at(c) != Some(Role::Rook) || k.distance(c) != 1 {
        return None;
    }
    let knights = b.by_piece(Role::Knight.of(!color)) & attacks::knight_attacks(c);
    knights
        .into_iter()
        .find(|n| n.file().distance(k.file()) == 2 && n.rank().distance(k.rank()) == 2)
        .map(|n| Hit::at(vec![c, n, k]).later(pv.len()))
}

fn hook_mate(before: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, color, k, checkers) = mated(before, mv, pv)?;
    let b = last.board();
    let c = checkers.single_square()?;
    if b.role_at(c) != Some(Role::Rook) || k.distance(c) != 1 {
        return None;
    }
    let knights = b.by_piece(Role::Knight.of(!color)) & attacks::knight_attacks(c);
    knights
        .into_iter()
        .find(|n| {
            (attacks::pawn_attacks(color, *n) & b.by_piece(Role::Pawn.of(!color))).any()
                && n.distance(k) <= 2
        })
        .map(|n| Hit::at(vec![c, n, k]).later(pv.len()))
}

/// Bishops covering the king's free squares, if they are the only attackers of those squares.
fn bishop_only_cover(last: &Chess, color: Color, k: Square) -> Option<Vec<Square>> {
    let b = last.board();
    let occ = b.occupied().without(k);
    let ring = attacks::king_attacks(k).with(k);
    let mut bishops = Bitboard::EMPTY;
    for s in ring {
        if s != k && b.color_at(s) == Some(color) {
            continue;
        }
        let att = b.attacks_to(s, !color, occ);
        if att.is_empty() {
            continue;
        }
        if !(att & !b.bishops()).is_empty() {
            return None;
        }
        bishops |= att;
    }
    let v: Vec<Square> = bishops.into_iter().collect();
    (v.len() == 2).then_some(v)
}

/// Diagonal direction of a bishop towards the king: true for the a1-h8 direction.
fn rising(bishop: Square, k: Square) -> bool {
    let df = k.file().to_u32() as i32 - bishop.file().to_u32() as i32;
    let dr = k.rank().to_u32() as i32 - bishop.rank().to_u32() as i32;
    df.signum() == dr.signum()
}

fn boden_mate(before: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, color, k, _) = mated(before, mv, pv)?;
    let v = bishop_only_cover(&last, color, k)?;
    (rising(v[0], k) != rising(v[1], k)).then(|| Hit::at(vec![v[0], v[1], k]).later(pv.len()))
}

fn double_bishop_mate(before: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, color, k, _) = mated(before, mv, pv)?;
    let v = bishop_only_cover(&last, color, k)?;
    (rising(v[0], k) == rising(v[1], k)).then(|| Hit::at(vec![v[0], v[1], k]).later(pv.len()))
}

fn dovetail_mate(before: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    let (last, color, k, checkers) = mated(before, mv, pv)?;
    let b = last.board();
    let q = checkers.single_square()?;
    if b.role_at(q) != Some(Role::Queen)
        || k.distance(q) != 1
        || q.file() == k.file()
        || q.rank() == k.rank()
    {
        return None;
    }
    let occ = b.occupied().without(k);
    let ok = attacks::king_attacks(k).into_iter().all(|s| {
        if s == q || b.color_at(s) == Some(color) {
            return true;
        }
        let att = b.attacks_to(s, !color, occ);
        att == Bitboard::from(q) && b.piece_at(s).is_none()
    });
    let own = (attacks::king_attacks(k) & b.by_color(color)).count();
    (ok && own >= 2).then(|| Hit::at(vec![q, k]).later(pv.len()))
}

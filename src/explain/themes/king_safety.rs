//! King safety: castling, exposed kings, attacks on a wing, pressure on the king zone, open
//! lines to the king, luft, and the negative themes (weakened shelter, lost castling rights,
//! back-rank weakness).

use shakmaty::{Bitboard, Chess, Color, File, Move, Position, Role, Square, attacks};

use super::util::our_pv_moves;
use super::{Hit, ThemeSpec};
use crate::explain::board;

/// The king-safety theme specs.
pub const SPECS: &[ThemeSpec] = &[
    theme!(
        "castling",
        KingSafety,
        Positive,
        Some("castling"),
        1.0,
        Move,
        "The move is castling.",
        castling
    ),
    theme!(
        "exposed_king",
        KingSafety,
        Positive,
        Some("exposedKing"),
        0.7,
        Line,
        "The enemy king stands on its own three home ranks with no own pawn on the three squares in front of it, and one of our intermediate moves, among our next four, gives check.",
        exposed_king
    ),
    theme!(
        "kingside_attack",
        KingSafety,
        Positive,
        Some("kingsideAttack"),
        0.7,
        Line,
        "Enemy king on its back rank on the g or h file, at least 20 men on the board, and two or more of our checks or captures within three squares of its corner.",
        kingside_attack
    ),
    theme!(
        "queenside_attack",
        KingSafety,
        Positive,
        Some("queensideAttack"),
        0.7,
        Line,
        "Enemy king on its back rank on the a, b or c file, at least 18 men on the board, and two or more of our checks or captures within three squares of its corner.",
        queenside_attack
    ),
    theme!(
        "king_zone_pressure",
        KingSafety,
        Positive,
        None,
        0.7,
        Move,
        "The number of our pieces attacking the enemy king zone rises and reaches two.",
        king_zone_pressure
    ),
    theme!(
        "open_line_to_king",
        KingSafety,
        Positive,
        None,
        0.7,
        Move,
        "A file next to (or of) the enemy king loses its last enemy pawn while our rook or queen stands on it.",
        open_line_to_king
    ),
    theme!(
        "luft",
        KingSafety,
        Positive,
        None,
        0.8,
        Move,
        "A pawn in front of our back-rank king advances one square and gives it a free square while enemy rooks or queens can reach the back rank.",
        luft
    ),
    theme!(
        "king_shelter_weakened",
        KingSafety,
        Negative,
        None,
        0.7,
        Move,
        "A shield pawn in front of our castled king advances or leaves while the enemy queen is on the board.",
        king_shelter_weakened
    ),
    theme!(
        "castling_rights_lost",
        KingSafety,
        Negative,
        None,
        0.8,
        Move,
        "A king or rook move gives up the last castling right without castling, queens on the board.",
        castling_rights_lost
    ),
    theme!(
        "back_rank_weakness",
        KingSafety,
        Negative,
        None,
        0.6,
        Move,
        "After the move our king on its back rank has no free square in front and an enemy rook or queen can reach that rank.",
        back_rank_weakness
    ),
];

fn castling(_b: &Chess, mv: Move, _a: &Chess, _pv: &[Move]) -> Option<Hit> {
    match mv {
        Move::Castle { king, rook } => Some(Hit::at(vec![king, rook])),
        _ => None,
    }
}

/// Squares directly in front of a king of `color` on `k`.
pub(crate) fn front_squares(k: Square, color: Color) -> Bitboard {
    let forward = if color.is_white() { 8 } else { -8 };
    match k.offset(forward) {
        Some(f) => (attacks::king_attacks(k) & attacks::king_attacks(f)).with(f) & board_rank_of(f),
        None => Bitboard::EMPTY,
    }
}

/// Whether `color`'s king on `k` is covered: a pawn of its own on one of the squares in front
/// of it, or its own pieces on all of them (a king on e8 behind a queen, a knight and a bishop
/// on d7, e7 and f7 is not exposed).
pub(crate) fn has_cover(b: &shakmaty::Board, k: Square, color: Color) -> bool {
    let front = front_squares(k, color);
    (front & b.by_piece(Role::Pawn.of(color))).any() || front.is_subset(b.by_color(color))
}

fn board_rank_of(sq: Square) -> Bitboard {
    Bitboard::from_rank(sq.rank())
}

/// Among how many of the mover's next moves in the line [`exposed_king`] looks for a check.
const EXPOSED_KING_MOVES: usize = 4;

fn exposed_king(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    let them = after.turn();
    let b = before.board();
    let k = b.king_of(them)?;
    if board::rel_rank(k, them) > 2 {
        return None;
    }
    // (A king that can still castle is not said to be exposed: the claim checks that, the
    // theme stays as Lichess tags it.)
    if has_cover(b, k, them) {
        return None;
    }
    let positions = board::positions(after, pv);
    let ours: Vec<usize> = our_pv_moves(pv).map(|(i, _)| i).collect();
    // Among the mover's next few moves: a check ten plies on does not exploit the king now
    // (18...d5 "the line exploits it with checks" for ...Bf5+ at the line's end, session 41
    // read).
    let intermediate: Vec<usize> = ours
        .split_last()
        .map(|(_, rest)| rest.to_vec())
        .unwrap_or_default()
        .into_iter()
        .take(EXPOSED_KING_MOVES)
        .collect();
    let _ = mv;
    intermediate
        .into_iter()
        .find(|i| positions.get(i + 1).is_some_and(|p| p.is_check()))
        .map(|i| Hit::at(vec![k]).later(i + 1))
}

fn side_attack(before: &Chess, mv: Move, pv: &[Move], files: &[File], men: usize) -> Option<Hit> {
    let them = !before.turn();
    let b = before.board();
    let k = b.king_of(them)?;
    if k.rank() != them.backrank() || !files.contains(&k.file()) || b.occupied().count() < men {
        return None;
    }
    let corner_file = if files.contains(&File::H) {
        File::H
    } else {
        File::A
    };
    let corner = Square::from_coords(corner_file, them.backrank());
    let mut line = vec![mv];
    line.extend_from_slice(pv);
    (wing_hits(before, &line, corner) >= 2).then(|| Hit::at(vec![k]))
}

/// How many of the side to move's moves in `line` (played from `before`) give check or
/// capture within three king steps of `corner`; none unless one of them gives check, takes a
/// pawn or takes a man next to the enemy king. Trades of pieces on the wing are no attack on
/// the king: 20.Bxg5 regaining a knight and a later Nxe6 were "pressure mounts on the
/// kingside" with no piece on the king's squares (session 33).
pub(crate) fn wing_hits(before: &Chess, line: &[Move], corner: Square) -> usize {
    let positions = board::positions(before, line);
    let them = !before.turn();
    let mut score = 0;
    let mut on_king = false;
    for (i, m) in line.iter().enumerate().step_by(2) {
        let (Some(at), Some(p)) = (positions.get(i), positions.get(i + 1)) else {
            break;
        };
        if (p.is_check() || m.is_capture()) && m.to().distance(corner) <= 3 {
            score += 1;
            let next_to_king = at
                .board()
                .king_of(them)
                .is_some_and(|k| k.distance(m.to()) <= 1);
            on_king |=
                p.is_check() || m.capture() == Some(Role::Pawn) || (m.is_capture() && next_to_king);
        }
    }
    if on_king { score } else { 0 }
}

fn kingside_attack(b: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    side_attack(b, mv, pv, &[File::G, File::H], 20)
}

fn queenside_attack(b: &Chess, mv: Move, _a: &Chess, pv: &[Move]) -> Option<Hit> {
    side_attack(b, mv, pv, &[File::A, File::B, File::C], 18)
}

fn king_zone(b: &shakmaty::Board, color: Color) -> Bitboard {
    let ring = board::king_ring(b, color);
    let forward = if color.is_white() { 8 } else { -8 };
    ring.into_iter()
        .fold(ring, |acc, s| match s.offset(forward) {
            Some(f) => acc.with(f),
            None => acc,
        })
}

fn zone_attackers(b: &shakmaty::Board, victim: Color) -> usize {
    let zone = king_zone(b, victim);
    (b.by_color(!victim) & !b.kings() & !b.pawns())
        .into_iter()
        .filter(|s| (b.attacks_from(*s) & zone).any())
        .count()
}

fn king_zone_pressure(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let them = after.turn();
    let n0 = zone_attackers(before.board(), them);
    let n1 = zone_attackers(after.board(), them);
    let k = after.board().king_of(them)?;
    // Three attackers: a build-up (one more beside a lone queen is a by-product of a move
    // made for something else: 9.Qc2 "adds another attacker near the king").
    (n1 > n0 && n1 >= 3).then(|| Hit::at(vec![k]))
}

fn open_line_to_king(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let them = after.turn();
    let us = !them;
    let b = after.board();
    let k = b.king_of(them)?;
    for d in [-1, 0, 1] {
        let Some(f) = k.file().offset(d) else {
            continue;
        };
        let file = Bitboard::from_file(f);
        let heavy = file & b.by_color(us) & (b.rooks() | b.queens());
        let was_closed = (file & before.board().by_piece(Role::Pawn.of(them))).any();
        let now_open = (file & b.by_piece(Role::Pawn.of(them))).is_empty();
        // The line must reach the king's rank with no pawn in the way: 9.exd4 takes the pawn
        // off the d-file next to the king on e8, but the queen on d1 stands behind its own pawn.
        let reaches = |h: Square| {
            let end = Square::from_coords(f, k.rank());
            (attacks::between(h, end) & b.pawns()).is_empty()
        };
        if let Some(h) = board::relative(heavy, us)
            .into_iter()
            .find(|h| was_closed && now_open && reaches(*h))
        {
            return Some(Hit::at(vec![h, k]));
        }
    }
    None
}

/// Free forward squares of the king of `color` (empty and not attacked).
pub(crate) fn luft_squares(b: &shakmaty::Board, color: Color) -> Bitboard {
    let Some(k) = b.king_of(color) else {
        return Bitboard::EMPTY;
    };
    let forward = if color.is_white() { 8 } else { -8 };
    let Some(f) = k.offset(forward) else {
        return Bitboard::EMPTY;
    };
    let front = attacks::king_attacks(k) & Bitboard::from_rank(f.rank());
    front
        .into_iter()
        .filter(|s| b.piece_at(*s).is_none() && !board::is_attacked(b, *s, !color))
        .collect()
}

fn has_luft(b: &shakmaty::Board, color: Color) -> bool {
    luft_squares(b, color).any()
}

fn heavy_enemy(b: &shakmaty::Board, color: Color) -> bool {
    (b.by_color(!color) & (b.rooks() | b.queens())).any()
}

/// Whether the enemy's rooks and queens can come to `color`'s back rank: a file without pawns,
/// or an enemy rook or queen on a file without enemy pawns. With every file closed (9.h3 in a
/// Najdorf) a flight square is no point yet: the move is for something else.
fn back_rank_reachable(b: &shakmaty::Board, color: Color) -> bool {
    let heavy = b.by_color(!color) & (b.rooks() | b.queens());
    File::ALL.into_iter().any(|f| {
        let file = Bitboard::from_file(f);
        let open = (file & b.pawns()).is_empty();
        let theirs_open = (file & b.pawns() & b.by_color(!color)).is_empty();
        open || (theirs_open && (file & heavy).any())
    })
}

fn luft(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let b0 = before.board();
    let k = b0.king_of(us)?;
    // Luft is for a king that has left the centre (castled, or walked to a wing): a pawn move in
    // front of a king still on d1/e1 opens lines, it does not make a flight square.
    if mv.role() != Role::Pawn
        || k.rank() != us.backrank()
        || mv.is_capture()
        || matches!(k.file(), File::D | File::E)
    {
        return None;
    }
    let from = mv.from()?;
    // A pawn's two-square advance is for the centre or an attack (9.f4 behind the knight on
    // e5), not a flight square: luft is a single step (h3, g3, f3).
    if from.distance(k) != 1
        || board::rel_rank(from, us) != 1
        || board::rel_rank(mv.to(), us) != 2
        || !heavy_enemy(b0, us)
        || !back_rank_reachable(b0, us)
    {
        return None;
    }
    (!has_luft(b0, us) && has_luft(after.board(), us)).then(|| Hit::at(vec![mv.to(), k]))
}

fn king_shelter_weakened(before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let b0 = before.board();
    let k = b0.king_of(us)?;
    if mv.role() != Role::Pawn
        || board::rel_rank(k, us) != 0
        || matches!(k.file(), File::D | File::E)
    {
        return None;
    }
    let from = mv.from()?;
    let near = from.file().distance(k.file()) <= 1 && board::rel_rank(from, us) <= 2;
    let queen = b0.by_piece(Role::Queen.of(!us)).any();
    (near && queen).then(|| Hit::at(vec![from, k]))
}

fn castling_rights_lost(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    if mv.is_castle() || !matches!(mv.role(), Role::King | Role::Rook) {
        return None;
    }
    let queens = before.board().queens().count() == 2;
    // Every right gone: a rook move that keeps the other side's castling gives up little, and
    // "castling is no longer possible on that side" after a king move misled (5.Kxf2, session 31).
    let lost = before.castles().has_color(us) && !after.castles().has_color(us);
    (queens && lost).then(|| Hit::at(vec![mv.from().unwrap_or(mv.to())]))
}

fn back_rank_weakness(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let b = after.board();
    let k = b.king_of(us)?;
    if k.rank() != us.backrank()
        || has_luft(b, us)
        || !has_luft(before.board(), us) && before.board().king_of(us) == Some(k)
    {
        return None;
    }
    let back = Bitboard::from_rank(us.backrank());
    let reach = (b.by_color(!us) & (b.rooks() | b.queens()))
        .into_iter()
        .any(|s| {
            (b.attacks_from(s) & back)
                .into_iter()
                .any(|t| safe_entry(b, us, k, t))
        });
    reach.then(|| Hit::at(vec![k]))
}

/// Whether an enemy rook or queen could land on `t`, on `us`'s back rank, and stay: no piece
/// of ours but the king covers it, and the king cannot take there (another enemy piece covers
/// it too). 27.Kxf1 with ...Re1+ Kxe1 the only entry is no weak back rank (session 31).
fn safe_entry(b: &shakmaty::Board, us: Color, king: Square, t: Square) -> bool {
    let occupied = b.occupied();
    let ours = b.attacks_to(t, us, occupied);
    let theirs = b.attacks_to(t, !us, occupied);
    ours.without(king).is_empty() && (!ours.contains(king) || theirs.count() >= 2)
}

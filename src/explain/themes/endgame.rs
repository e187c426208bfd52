//! Endgame technique and game phase: opening/middlegame/endgame, the endgame types of the
//! Lichess vocabulary, king activity, opposition, rooks behind passed pawns, cutting off the
//! king.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use super::{Hit, ThemeSpec};
use crate::explain::board;

/// The endgame and phase theme specs.
pub const SPECS: &[ThemeSpec] = &[
    theme!(
        "opening",
        EndgameTechnique,
        Neutral,
        Some("opening"),
        0.6,
        Line,
        "Move 12 or earlier with at least 12 pieces (not pawns or kings) on the board.",
        opening
    ),
    theme!(
        "middlegame",
        EndgameTechnique,
        Neutral,
        Some("middlegame"),
        0.6,
        Line,
        "Neither opening nor endgame.",
        middlegame
    ),
    theme!(
        "endgame",
        EndgameTechnique,
        Neutral,
        Some("endgame"),
        0.8,
        Line,
        "Six or fewer pieces (not pawns or kings) on the board.",
        endgame
    ),
    theme!(
        "pawn_endgame",
        EndgameTechnique,
        Neutral,
        Some("pawnEndgame"),
        1.0,
        Line,
        "Only kings and pawns, before and after the move.",
        pawn_endgame
    ),
    theme!(
        "rook_endgame",
        EndgameTechnique,
        Neutral,
        Some("rookEndgame"),
        1.0,
        Line,
        "Only kings, pawns and rooks, before and after the move.",
        rook_endgame
    ),
    theme!(
        "bishop_endgame",
        EndgameTechnique,
        Neutral,
        Some("bishopEndgame"),
        1.0,
        Line,
        "Only kings, pawns and bishops, before and after the move.",
        bishop_endgame
    ),
    theme!(
        "knight_endgame",
        EndgameTechnique,
        Neutral,
        Some("knightEndgame"),
        1.0,
        Line,
        "Only kings, pawns and knights, before and after the move.",
        knight_endgame
    ),
    theme!(
        "queen_endgame",
        EndgameTechnique,
        Neutral,
        Some("queenEndgame"),
        1.0,
        Line,
        "Only kings, pawns and queens, before and after the move.",
        queen_endgame
    ),
    theme!(
        "queen_rook_endgame",
        EndgameTechnique,
        Neutral,
        Some("queenRookEndgame"),
        1.0,
        Line,
        "Only kings, pawns, queens and rooks (both present), before and after the move.",
        queen_rook_endgame
    ),
    theme!(
        "king_activity",
        EndgameTechnique,
        Positive,
        None,
        0.8,
        Move,
        "In the endgame the king moves closer to the centre, to a passed pawn, or to an enemy pawn it takes within its next moves.",
        king_activity
    ),
    theme!(
        "opposition",
        EndgameTechnique,
        Positive,
        None,
        0.9,
        Move,
        "Pawn endgame: after our move the kings face each other on a file or rank with an odd number of squares between, the opponent to move.",
        opposition
    ),
    theme!(
        "rook_behind_passer",
        EndgameTechnique,
        Positive,
        None,
        0.85,
        Move,
        "A rook moves onto the file of a passed pawn, behind it.",
        rook_behind_passer
    ),
    theme!(
        "cut_off_king",
        EndgameTechnique,
        Positive,
        None,
        0.7,
        Move,
        "In the endgame our rook takes a file that separates the enemy king from our passed pawn.",
        cut_off_king
    ),
];

/// Pieces other than kings and pawns on the board.
pub(crate) fn pieces(b: &shakmaty::Board) -> usize {
    (b.occupied() & !b.pawns() & !b.kings()).count()
}

/// Six or fewer pieces other than kings and pawns.
pub(crate) fn is_endgame(pos: &Chess) -> bool {
    pieces(pos.board()) <= 6
}

/// The most pieces (kings and pawns aside) with the queens off at which the king may walk to
/// the centre: two rooks and two minor pieces a side less one (28.Kf1 with R+R+B+N against
/// R+R+B, "is followed by Nh3" until session 37).
const QUEENLESS_KING_WALK_PIECES: usize = 7;

/// The most pieces (kings and pawns aside) with a queen on the board at which the king may
/// walk: a queen against a queen or one piece. With more, a king move is about checks and
/// safety (41.Kf2 out of a rook's check, queens, rooks and minor pieces on, "brings it towards
/// d5", session 37).
const QUEEN_KING_WALK_PIECES: usize = 2;

/// Whether the king is a piece to bring to the centre: no queens and at most
/// [`QUEENLESS_KING_WALK_PIECES`] pieces, or at most [`QUEEN_KING_WALK_PIECES`] with them.
pub(crate) fn king_may_walk(pos: &Chess) -> bool {
    let b = pos.board();
    let most = if b.queens().is_empty() {
        QUEENLESS_KING_WALK_PIECES
    } else {
        QUEEN_KING_WALK_PIECES
    };
    pieces(b) <= most
}

fn opening(before: &Chess, mv: Move, _a: &Chess, _pv: &[Move]) -> Option<Hit> {
    super::activity::is_opening(before).then(|| Hit::at(vec![mv.to()]))
}

fn middlegame(before: &Chess, mv: Move, _a: &Chess, _pv: &[Move]) -> Option<Hit> {
    (!super::activity::is_opening(before) && !is_endgame(before)).then(|| Hit::at(vec![mv.to()]))
}

fn endgame(before: &Chess, mv: Move, _a: &Chess, _pv: &[Move]) -> Option<Hit> {
    is_endgame(before).then(|| Hit::at(vec![mv.to()]))
}

/// Whether the non-pawn, non-king pieces are exactly of the `roles` kinds (each present).
fn only(b: &shakmaty::Board, roles: &[Role]) -> bool {
    let pieces = b.occupied() & !b.pawns() & !b.kings();
    let allowed = roles
        .iter()
        .fold(Bitboard::EMPTY, |acc, r| acc | b.by_role(*r));
    (pieces & !allowed).is_empty() && roles.iter().all(|r| b.by_role(*r).any())
}

fn endgame_of(before: &Chess, mv: Move, after: &Chess, roles: &[Role]) -> Option<Hit> {
    let pawn_only = |b: &shakmaty::Board| pieces(b) == 0;
    let ok = if roles.is_empty() {
        pawn_only(before.board()) && pawn_only(after.board())
    } else {
        only(before.board(), roles) && only(after.board(), roles)
    };
    ok.then(|| Hit::at(vec![mv.to()]))
}

fn pawn_endgame(b: &Chess, mv: Move, a: &Chess, _pv: &[Move]) -> Option<Hit> {
    endgame_of(b, mv, a, &[])
}
fn rook_endgame(b: &Chess, mv: Move, a: &Chess, _pv: &[Move]) -> Option<Hit> {
    endgame_of(b, mv, a, &[Role::Rook])
}
fn bishop_endgame(b: &Chess, mv: Move, a: &Chess, _pv: &[Move]) -> Option<Hit> {
    endgame_of(b, mv, a, &[Role::Bishop])
}
fn knight_endgame(b: &Chess, mv: Move, a: &Chess, _pv: &[Move]) -> Option<Hit> {
    endgame_of(b, mv, a, &[Role::Knight])
}
fn queen_endgame(b: &Chess, mv: Move, a: &Chess, _pv: &[Move]) -> Option<Hit> {
    endgame_of(b, mv, a, &[Role::Queen])
}
fn queen_rook_endgame(b: &Chess, mv: Move, a: &Chess, _pv: &[Move]) -> Option<Hit> {
    endgame_of(b, mv, a, &[Role::Queen, Role::Rook])
}

/// Whether a king going from `from` to `to` comes nearer `target`: fewer king steps, or as
/// many and fewer files and ranks together (Kg1–f1 heads for e4 though both are three steps
/// away: the walk to e2 starts).
pub(crate) fn nearer(target: Square, from: Square, to: Square) -> bool {
    let far = |s: Square| {
        let (f, r) = (
            target.file().distance(s.file()),
            target.rank().distance(s.rank()),
        );
        (target.distance(s), f + r)
    };
    far(to) < far(from)
}

/// Passed pawns (of either colour), in `c`'s order.
pub(crate) fn passers(b: &shakmaty::Board, c: Color) -> Vec<Square> {
    board::relative(b.pawns(), c)
        .into_iter()
        .filter(|s| b.color_at(*s).is_some_and(|c| board::is_passed(b, *s, c)))
        .collect()
}

/// Within how many of its own moves (the move counted) a king that walks towards an enemy
/// pawn takes it in the line for the walk to be "towards the pawn" (48.Kd6 Kxh2 Kc7 Ba6 Kb8 h3
/// Kxa7: the fourth).
pub(crate) const PREY_WITHIN_MOVES: usize = 4;

/// The enemy pawn the king moved by `mv` takes later in `pv` (the same king, within
/// [`PREY_WITHIN_MOVES`] of its moves), when the move brings it nearer that pawn: the king
/// goes to win it.
pub(crate) fn king_prey(before: &Chess, mv: Move, pv: &[Move]) -> Option<Square> {
    if mv.role() != Role::King || mv.is_castle() {
        return None;
    }
    let from = mv.from()?;
    let mut at = mv.to();
    let them = !before.turn();
    for m in pv.iter().skip(1).step_by(2).take(PREY_WITHIN_MOVES - 1) {
        if m.role() != Role::King || m.from() != Some(at) {
            return None;
        }
        let prey = m.to();
        if m.capture() == Some(Role::Pawn)
            && before.board().piece_at(prey) == Some(Role::Pawn.of(them))
        {
            return nearer(prey, from, mv.to()).then_some(prey);
        }
        at = prey;
    }
    None
}

fn king_activity(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    // Out of a check, or taking, the king has its reason (17.Kxe2 "takes the pawn" and "walks
    // towards e2").
    if mv.role() != Role::King
        || mv.is_castle()
        || mv.is_capture()
        || before.is_check()
        || !king_may_walk(before)
    {
        return None;
    }
    if let Some(prey) = king_prey(before, mv, pv) {
        return Some(Hit::at(vec![mv.to(), prey]));
    }
    let from = mv.from()?;
    let to = mv.to();
    let centre = [Square::D4, Square::E4, Square::D5, Square::E5];
    // Nearer the centre square it is nearest to: fewer steps, or as many and fewer files and
    // ranks together.
    let far = |s: Square| {
        centre
            .iter()
            .map(|c| {
                (
                    c.distance(s),
                    c.file().distance(s.file()) + c.rank().distance(s.rank()),
                )
            })
            .min()
    };
    let closer_centre = far(to) < far(from);
    let pass = passers(before.board(), before.turn());
    let closer_passer = pass.iter().any(|p| nearer(*p, from, to));
    (closer_centre || closer_passer).then(|| Hit::at(vec![to]))
}

fn opposition(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let b = after.board();
    if pieces(b) != 0 || pieces(before.board()) != 0 {
        return None;
    }
    let k1 = b.king_of(Color::White)?;
    let k2 = b.king_of(Color::Black)?;
    let gap = if k1.file() == k2.file() {
        k1.rank().distance(k2.rank())
    } else if k1.rank() == k2.rank() {
        k1.file().distance(k2.file())
    } else {
        return None;
    };
    (gap >= 2 && gap % 2 == 0).then(|| Hit::at(vec![k1, k2]))
}

fn rook_behind_passer(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    if mv.role() != Role::Rook {
        return None;
    }
    let from = mv.from()?;
    let to = mv.to();
    let b = after.board();
    for p in passers(b, before.turn()) {
        if p.file() != to.file() || from.file() == to.file() {
            continue;
        }
        let Some(c) = b.color_at(p) else { continue };
        let behind = board::rel_rank(to, c) < board::rel_rank(p, c);
        let clear = (shakmaty::attacks::between(to, p) & b.occupied()).is_empty();
        if behind && clear {
            let _ = before;
            return Some(Hit::at(vec![to, p]));
        }
    }
    None
}

fn cut_off_king(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    if mv.role() != Role::Rook || !is_endgame(before) {
        return None;
    }
    let us = before.turn();
    let b = after.board();
    let k = b.king_of(!us)?;
    let f = mv.to().file();
    if mv.from().is_some_and(|s| s.file() == f) {
        return None;
    }
    let own_passers: Vec<Square> = passers(b, us)
        .into_iter()
        .filter(|p| b.color_at(*p) == Some(us))
        .collect();
    let separates = own_passers
        .iter()
        .any(|p| (p.file() < f && k.file() > f) || (p.file() > f && k.file() < f));
    separates.then(|| Hit::at(vec![mv.to(), k]))
}

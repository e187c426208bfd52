//! Piece activity: development, rooks on open files and the seventh rank, outposts,
//! centralisation, long diagonals, mobility; and the negative themes (knight on the rim, early
//! queen, same piece twice, premature attack, bad bishop).

use shakmaty::{Bitboard, Chess, Color, File, Move, Position, Role, Square, attacks};

use super::util::moved_role;
use super::{Hit, ThemeSpec};
use crate::explain::board;

/// The piece-activity theme specs.
pub const SPECS: &[ThemeSpec] = &[
    theme!(
        "development",
        PieceActivity,
        Positive,
        None,
        0.9,
        Move,
        "In the opening a knight or bishop leaves its initial square for a square no enemy pawn attacks.",
        development
    ),
    theme!(
        "rook_activation",
        PieceActivity,
        Positive,
        None,
        0.7,
        Move,
        "A rook leaves the back rank, or moves to an open or half-open file, or to the seventh rank.",
        rook_activation
    ),
    theme!(
        "rook_open_file",
        PieceActivity,
        Positive,
        None,
        0.9,
        Move,
        "A rook moves onto a file with no pawns (open) or no own pawns (half-open) from another file.",
        rook_open_file
    ),
    theme!(
        "rook_contests_file",
        PieceActivity,
        Positive,
        None,
        0.85,
        Move,
        "A rook moves onto a file with no own pawns, behind its own knight or bishop that an enemy rook or queen on the file attacks.",
        rook_contests_file
    ),
    theme!(
        "rook_seventh",
        PieceActivity,
        Positive,
        None,
        0.9,
        Move,
        "A rook or queen reaches the seventh rank with the enemy king on the eighth or enemy pawns on the seventh.",
        rook_seventh
    ),
    theme!(
        "connected_rooks",
        PieceActivity,
        Positive,
        None,
        1.0,
        Move,
        "After the move our two rooks defend each other along a rank, which they did not before.",
        connected_rooks
    ),
    theme!(
        "doubled_rooks",
        PieceActivity,
        Positive,
        None,
        1.0,
        Move,
        "After the move our two rooks stand on one file and defend each other, which they did not before.",
        doubled_rooks
    ),
    theme!(
        "knight_outpost",
        PieceActivity,
        Positive,
        None,
        0.85,
        Move,
        "A knight lands on the 4th-6th rank, defended by a pawn, where no enemy pawn can ever attack it.",
        knight_outpost
    ),
    theme!(
        "knight_centralisation",
        PieceActivity,
        Positive,
        None,
        0.8,
        Move,
        "A knight moves to the centre ring (c3-f6) and attacks more squares than before.",
        knight_centralisation
    ),
    theme!(
        "bishop_long_diagonal",
        PieceActivity,
        Positive,
        None,
        0.8,
        Move,
        "A bishop settles on a long diagonal (a1-h8 or h1-a8) and sees at least four squares along it.",
        bishop_long_diagonal
    ),
    theme!(
        "mobility_gain",
        PieceActivity,
        Positive,
        None,
        0.6,
        Move,
        "Our safe mobility rises by four or more squares, or the moved piece gains three safe squares.",
        mobility_gain
    ),
    theme!(
        "knight_on_rim",
        PieceActivity,
        Negative,
        None,
        0.6,
        Move,
        "A knight goes to the a or h file without capturing, checking or attacking a piece.",
        knight_on_rim
    ),
    theme!(
        "early_queen",
        PieceActivity,
        Negative,
        None,
        0.7,
        Move,
        "In the first eight moves the queen moves while at most one minor piece is developed, without capture or check.",
        early_queen
    ),
    theme!(
        "same_piece_twice",
        PieceActivity,
        Negative,
        None,
        0.6,
        Move,
        "In the opening a piece moves again while other minor pieces wait at home; not a capture, check or escape.",
        same_piece_twice
    ),
    theme!(
        "premature_attack",
        PieceActivity,
        Negative,
        None,
        0.5,
        Move,
        "In the opening the queen or a flank pawn advances into the enemy half with two or more minor pieces undeveloped.",
        premature_attack
    ),
    theme!(
        "bad_bishop",
        PieceActivity,
        Negative,
        None,
        0.5,
        Move,
        "A pawn move leaves three or more own blocked pawns on our bishop's colour and the bishop sees three squares or fewer.",
        bad_bishop
    ),
];

/// Opening phase: early move number and nearly all pieces on the board.
pub(crate) fn is_opening(pos: &Chess) -> bool {
    let b = pos.board();
    let pieces = (b.occupied() & !b.pawns() & !b.kings()).count();
    pos.fullmoves().get() <= 12 && pieces >= 12
}

/// Initial squares of `color`'s knights and bishops.
pub(crate) fn minor_homes(color: Color) -> Bitboard {
    let rank = Bitboard::from_rank(color.backrank());
    rank & (Bitboard::from_file(File::B)
        | Bitboard::from_file(File::C)
        | Bitboard::from_file(File::F)
        | Bitboard::from_file(File::G))
}

/// Minor pieces of `color` still on their initial squares.
fn undeveloped(b: &shakmaty::Board, color: Color) -> usize {
    undeveloped_squares(b, color).count()
}

/// The squares of `color`'s knights and bishops still on their initial squares.
pub(crate) fn undeveloped_squares(b: &shakmaty::Board, color: Color) -> Bitboard {
    let knights_home = b.by_piece(Role::Knight.of(color))
        & Bitboard::from_rank(color.backrank())
        & (Bitboard::from_file(File::B) | Bitboard::from_file(File::G));
    let bishops_home = b.by_piece(Role::Bishop.of(color))
        & Bitboard::from_rank(color.backrank())
        & (Bitboard::from_file(File::C) | Bitboard::from_file(File::F));
    knights_home | bishops_home
}

/// The last move number at which a minor piece leaving its initial square still "develops"
/// (a Berlin ending's 9.Nc3, a slow opening's 17.Nc3: the last piece comes out).
const DEVELOPMENT_LAST_MOVE: u32 = 20;
/// The fewest pieces (not pawns or kings) the mover keeps for a minor piece's first move to be
/// development rather than an ending's manoeuvre.
const DEVELOPMENT_FEWEST_PIECES: usize = 4;

/// Development goes on while the mover still has pieces to bring out: until move
/// [`DEVELOPMENT_LAST_MOVE`], with [`DEVELOPMENT_FEWEST_PIECES`] pieces or more (the queens may
/// be off, as in the Berlin ending).
fn is_development_phase(pos: &Chess) -> bool {
    let b = pos.board();
    let pieces = (b.by_color(pos.turn()) & !b.pawns() & !b.kings()).count();
    pos.fullmoves().get() <= DEVELOPMENT_LAST_MOVE && pieces >= DEVELOPMENT_FEWEST_PIECES
}

fn development(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let from = mv.from()?;
    if !is_development_phase(before)
        || !matches!(mv.role(), Role::Knight | Role::Bishop)
        || !minor_homes(us).contains(from)
    {
        return None;
    }
    let home = match mv.role() {
        Role::Knight => matches!(from.file(), File::B | File::G),
        _ => matches!(from.file(), File::C | File::F),
    };
    let b = after.board();
    let pawn_attacked = (attacks::pawn_attacks(us, mv.to()) & b.by_piece(Role::Pawn.of(!us))).any();
    (home && !pawn_attacked).then(|| Hit::on(b, vec![mv.to()]))
}

fn rook_activation(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let (from, to) = rook_squares(mv, us)?;
    let b = after.board();
    let leaves_back = from.rank() == us.backrank() && to.rank() != us.backrank();
    let file_gain = to.file() != from.file() && board::is_half_open_file(b, to.file(), us);
    let seventh = board::rel_rank(to, us) == 6 && board::rel_rank(from, us) != 6;
    (leaves_back || file_gain || seventh).then(|| Hit::on(b, vec![to]))
}

/// Origin and destination of the rook moved by `mv` (castling moves the rook too).
fn rook_squares(mv: Move, us: Color) -> Option<(Square, Square)> {
    match mv {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                File::F
            } else {
                File::D
            };
            Some((rook, Square::from_coords(file, us.backrank())))
        }
        Move::Normal {
            role: Role::Rook,
            from,
            to,
            ..
        } => Some((from, to)),
        _ => None,
    }
}

fn rook_open_file(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let (from, to) = rook_squares(mv, us)?;
    let b = after.board();
    (from.file() != to.file()
        && board::is_half_open_file(b, to.file(), us)
        && board::rook_sees_file(b, to, us))
    .then(|| Hit::on(b, vec![to]))
}

/// A rook that comes onto a file free of its own pawns behind its own knight or bishop, which
/// an enemy rook or queen on the file attacks: it meets that piece on the file and backs up the
/// man in between (22.Rad1 behind Nd4 against ...Rd8: "followed by Nf5 and Bd4" was all that
/// was said, session 49 read). `rook_open_file` does not take a file its rook looks up only
/// through its own minor piece ([`board::rook_sees_file`]). Squares: the rook, the man it backs
/// up, the enemy piece.
fn rook_contests_file(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let (from, to) = rook_squares(mv, us)?;
    let b = after.board();
    if mv.is_castle() || from.file() == to.file() || !board::is_half_open_file(b, to.file(), us) {
        return None;
    }
    let mine = board::first_up_the_file(b, to, us)?;
    if b.color_at(mine) != Some(us) || !matches!(b.role_at(mine), Some(Role::Knight | Role::Bishop))
    {
        return None;
    }
    let enemy = board::first_up_the_file(b, mine, us)?;
    (b.color_at(enemy) == Some(!us) && matches!(b.role_at(enemy), Some(Role::Rook | Role::Queen)))
        .then(|| Hit::on(b, vec![to, mine, enemy]))
}

fn rook_seventh(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let role = moved_role(mv);
    if !matches!(role, Role::Rook | Role::Queen) || mv.is_castle() {
        return None;
    }
    let from = mv.from()?;
    let to = mv.to();
    if board::rel_rank(to, us) != 6 || board::rel_rank(from, us) == 6 {
        return None;
    }
    let b = after.board();
    let king_back = b.king_of(!us).is_some_and(|k| board::rel_rank(k, us) == 7);
    let pawns = (Bitboard::from_rank(to.rank()) & b.by_piece(Role::Pawn.of(!us))).any();
    (king_back || pawns).then(|| Hit::on(b, vec![to]))
}

fn rooks_connected(b: &shakmaty::Board, us: Color) -> bool {
    let rooks: Vec<Square> = b.by_piece(Role::Rook.of(us)).into_iter().collect();
    rooks.len() == 2 && b.attacks_from(rooks[0]).contains(rooks[1])
}

/// Whether the two rooks of `us` stand on one file.
fn rooks_on_one_file(b: &shakmaty::Board, us: Color) -> bool {
    let rooks: Vec<Square> = b.by_piece(Role::Rook.of(us)).into_iter().collect();
    rooks.len() == 2 && rooks[0].file() == rooks[1].file()
}

/// Whether `mv` takes a piece off its home square on the back rank (the queen, the king, a
/// bishop or a knight where it began, or castling): the last step of development, after which
/// the rooks connected are a point. A queen leaving e1 on move 20 "connects the rooks" only
/// by the way (20.Qf2, session 40 read: its point was the diagonal to c5).
fn leaves_home(mv: Move, us: Color) -> bool {
    let Some(from) = mv.from() else {
        return false;
    };
    let home = |file: File| Square::from_coords(file, us.backrank());
    mv.is_castle()
        || match mv.role() {
            Role::Queen => from == home(File::D),
            Role::King => from == home(File::E),
            Role::Bishop => from == home(File::C) || from == home(File::F),
            Role::Knight => from == home(File::B) || from == home(File::G),
            _ => false,
        }
}

/// The rooks connected along a rank (on one file they are doubled: [`doubled_rooks`]) by a
/// move that ends development ([`leaves_home`]).
fn connected_rooks(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let b = after.board();
    (leaves_home(mv, us)
        && rooks_connected(b, us)
        && !rooks_on_one_file(b, us)
        && !rooks_connected(before.board(), us))
    .then(|| Hit::on(b, b.by_piece(Role::Rook.of(us)).into_iter().collect()))
}

/// The rooks doubled: on one file, defending each other, which they were not before (21.Raf1
/// behind Rf2).
fn doubled_rooks(before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let b = after.board();
    let doubled = |b: &shakmaty::Board| rooks_connected(b, us) && rooks_on_one_file(b, us);
    (doubled(b) && !doubled(before.board()))
        .then(|| Hit::on(b, b.by_piece(Role::Rook.of(us)).into_iter().collect()))
}

/// Whether a knight of `us` on `sq` is an outpost.
pub(crate) fn is_outpost(b: &shakmaty::Board, sq: Square, us: Color) -> bool {
    let r = board::rel_rank(sq, us);
    if !(3..=5).contains(&r) {
        return false;
    }
    let defended = (attacks::pawn_attacks(!us, sq) & b.by_piece(Role::Pawn.of(us))).any();
    let span = board::front_span(sq, us) & board::adjacent_files(sq.file());
    defended && (span & b.by_piece(Role::Pawn.of(!us))).is_empty()
}

fn knight_outpost(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    (moved_role(mv) == Role::Knight && is_outpost(after.board(), mv.to(), us))
        .then(|| Hit::on(after.board(), vec![mv.to()]))
}

/// The centre ring, c3–f6.
pub(crate) fn centre_ring() -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for f in 2..6 {
        for r in 2..6 {
            bb.add(Square::from_coords(File::new(f), shakmaty::Rank::new(r)));
        }
    }
    bb
}

fn knight_centralisation(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    if moved_role(mv) != Role::Knight || !centre_ring().contains(mv.to()) {
        return None;
    }
    let from = mv.from()?;
    let gained = attacks::knight_attacks(mv.to()).count() > attacks::knight_attacks(from).count()
        || (board::centre().contains(mv.to())
            && !board::centre().contains(from)
            && !centre_ring().contains(from));
    let _ = before;
    gained.then(|| Hit::on(after.board(), vec![mv.to()]))
}

/// The squares of the two long diagonals.
pub(crate) fn long_diagonals() -> Bitboard {
    attacks::ray(Square::A1, Square::H8) | attacks::ray(Square::H1, Square::A8)
}

fn bishop_long_diagonal(_before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    if moved_role(mv) != Role::Bishop {
        return None;
    }
    let from = mv.from()?;
    if !long_diagonals().contains(mv.to()) {
        return None;
    }
    let line = if attacks::ray(Square::A1, Square::H8).contains(mv.to()) {
        attacks::ray(Square::A1, Square::H8)
    } else {
        attacks::ray(Square::H1, Square::A8)
    };
    if line.contains(from) {
        return None;
    }
    let seen = (after.board().attacks_from(mv.to()) & line).count();
    (seen >= 4).then(|| Hit::on(after.board(), vec![mv.to()]))
}

fn mobility_gain(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let m0 = board::safe_mobility(before.board(), us);
    let m1 = board::safe_mobility(after.board(), us);
    let piece_gain = match mv.from() {
        Some(from) if !matches!(mv.role(), Role::Pawn | Role::King) => {
            let unsafe0 =
                board::pawn_attack_span(before.board(), !us) | before.board().by_color(us);
            let unsafe1 = board::pawn_attack_span(after.board(), !us) | after.board().by_color(us);
            let a0 = (before.board().attacks_from(from) & !unsafe0).count();
            let a1 = (after.board().attacks_from(mv.to()) & !unsafe1).count();
            a1 >= a0 + 3
        }
        _ => false,
    };
    (m1 >= m0 + 4 || piece_gain).then(|| Hit::at(vec![mv.to()]))
}

fn knight_on_rim(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    if moved_role(mv) != Role::Knight
        || !matches!(mv.to().file(), File::A | File::H)
        || mv.is_capture()
        || after.is_check()
    {
        return None;
    }
    let b = after.board();
    let threat = (b.attacks_from(mv.to()) & b.by_color(!us) & !b.pawns()).any();
    (!threat).then(|| Hit::on(b, vec![mv.to()]))
}

fn early_queen(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    if mv.role() != Role::Queen
        || before.fullmoves().get() > 8
        || mv.is_capture()
        || after.is_check()
    {
        return None;
    }
    let developed = 4usize.saturating_sub(undeveloped(before.board(), us));
    (developed <= 1).then(|| Hit::on(after.board(), vec![mv.to()]))
}

fn same_piece_twice(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let from = mv.from()?;
    if !is_opening(before)
        || matches!(mv.role(), Role::Pawn | Role::King)
        || mv.is_capture()
        || after.is_check()
    {
        return None;
    }
    let b0 = before.board();
    let first_move = match mv.role() {
        Role::Knight | Role::Bishop => minor_homes(us).contains(from),
        Role::Rook | Role::Queen => from.rank() == us.backrank(),
        _ => true,
    };
    let waiting = undeveloped(b0, us) >= 1;
    let escape = board::is_bad_spot(b0, from);
    (!first_move && waiting && !escape).then(|| Hit::on(after.board(), vec![mv.to()]))
}

fn premature_attack(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    if !is_opening(before) || board::rel_rank(mv.to(), us) < 4 {
        return None;
    }
    let flank_pawn =
        mv.role() == Role::Pawn && matches!(mv.to().file(), File::A | File::B | File::G | File::H);
    let queen = mv.role() == Role::Queen;
    ((flank_pawn || queen) && undeveloped(before.board(), us) >= 2 && !mv.is_capture())
        .then(|| Hit::on(after.board(), vec![mv.to()]))
}

fn bad_bishop(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    if mv.role() != Role::Pawn {
        return None;
    }
    let b = after.board();
    let pawns = b.by_piece(Role::Pawn.of(us));
    let forward = if us.is_white() { 8 } else { -8 };
    for bishop in board::relative(b.by_piece(Role::Bishop.of(us)), us) {
        if bishop.is_light() != mv.to().is_light() {
            continue;
        }
        let blocked = pawns
            .into_iter()
            .filter(|p| p.is_light() == bishop.is_light())
            .filter(|p| p.offset(forward).is_some_and(|s| b.piece_at(s).is_some()))
            .count();
        let mobility = (b.attacks_from(bishop) & !b.by_color(us)).count();
        if blocked >= 3 && mobility <= 3 {
            return Some(Hit::on(b, vec![bishop]));
        }
    }
    None
}

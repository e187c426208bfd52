//! Textbook ideas: the purposes a coach names for a quiet move, each a general rule on the
//! board (never a list of positions), returning a [`Fact::Idea`] the independent checker
//! (`scripts/check_claims.py`) verifies on the position before the move:
//!
//! - `king_off_line` ([`king_safety`]): a king with no castling rights left (it castled or
//!   gave them up), the enemy queen still on the board, steps off the line of an enemy slider
//!   that aims at it through at most one piece, onto a square no enemy slider aims at that way
//!   (Kh1 off the g1–a7 diagonal);
//! - `king_corner` ([`king_safety`]): such a king steps along its back rank towards the corner,
//!   onto the a-, b-, g- or h-file (Kb1 after long castling);
//! - `blockade` ([`blockade`]): a piece stops on the square in front of an enemy passed pawn;
//! - `undermines` ([`undermines`]): a pawn move attacks an enemy pawn that supports another
//!   enemy piece or pawn which we attack, or another enemy pawn (the base of a chain);
//! - `minority` ([`minority`]): a pawn push on a wing where we have fewer pawns than the
//!   enemy, pushed against an enemy pawn (b4–b5 in the Carlsbad structure), with pieces on;
//! - `storm` ([`storm`]): a pawn push on the wing where the enemy king stands, away from our
//!   own king, into the fourth rank or beyond and at most four ranks from the enemy king, with
//!   a queen or rook of ours on the board to follow it up (g4–g5 against the king on g8 after
//!   castling long);
//! - `fianchetto` ([`fianchetto`]): our bishop takes, or offers to trade where no capture wins
//!   it, the enemy's fianchettoed bishop (g7 with a pawn on g6, the king on that wing or free
//!   to castle there);
//! - `fianchettoes` ([`fianchettoes`]): a bishop comes from off the long diagonals to its
//!   fianchetto square (b2, g2, b7, g7), with no pawn of ours on the long diagonal ahead of
//!   it (its own pawns never clear the way again);
//! - `fianchetto_pawn` ([`fianchetto_pawn`]): the b- or g-pawn steps from its home square one
//!   square forward, with our bishop on its home square (c1, f1) to go to the square it left,
//!   and no pawn of ours on the long diagonal ahead of that square (1.Nf3 d5 2.g3, ...b6 in the
//!   Queen's Indian): the move prepares the fianchetto;
//! - `opens_diagonal` ([`opens_diagonal`]): the d- or e-pawn steps one square off its home (or
//!   a knight leaves that square: 9.Nf1 in the Ruy Lopez), in front of our bishop still at home, which could go nowhere along that diagonal and now
//!   reaches two squares or more (3.e3 frees the bishop on f1);
//! - `counters` ([`counters`]): the opponent's threat on a piece of ours left standing, the
//!   moved piece hits one of theirs worth as much (14.Nd2 against ...Nxb3, hitting the queen on
//!   e4);
//! - `guards` ([`guards`]): for a move with no other idea, the moved man defends another of
//!   ours that the enemy attacks at least as often as it was defended (9.Re1 behind e4);
//! - `centralises` ([`centralises`]): a knight comes from outside the centre to d4, e4, d5 or
//!   e5, where no enemy pawn attacks it;
//! - `battery` ([`battery`]): a queen, rook or bishop lines up with another of our sliders on
//!   one line, aiming at a square next to the enemy king (Bd3 behind the queen on f5, against
//!   h7);
//! - `xray` ([`xray`]): a queen, rook or bishop steps (no capture, no check, where no capture
//!   wins it) onto a line it moves on that reaches, through exactly one piece (not a king), an
//!   enemy piece worth more than itself or the enemy king (not for a queen), which it did not
//!   reach so from its old square: 14.Rfd1 lines up against the queen on d8 through the pawn on
//!   d4 (`square`: the target; `other`: the piece between). Said only when the move has no other
//!   point (a pin or a threat on that line is said by its own sentence);
//! - `unblocks` ([`unblocks`]): a quiet knight or bishop move off the square just in front of
//!   our own c- to f-pawn, which can now advance where no capture wins it (with us to move again):
//!   9.Ne1 makes way for f4 (`square`: the push's target, the double step when it is safe;
//!   `other`: the pawn). Said only when the move has no other point;
//! - `aims_king` ([`aims_king`]): a bishop or queen onto a diagonal towards the enemy king with
//!   only the pawn beside the king between (9.Bc4 against the king on g8 through f7);
//! - `aims_f7` ([`aims_f7`]): a bishop or queen newly attacks the f7 (f2) pawn, which only the
//!   king defends;
//! - `breakthrough` ([`breakthrough`]): a pawn push that offers the pawn to an enemy pawn gives
//!   us within the line (six more plies at most, a short line carried on by short searches) a
//!   passed pawn on a file where we had none;
//! - `trades_down` ([`trades_down`]): a capture (and its recapture in the line) leaves an
//!   ending (no queens, at most two pieces a side) with us ahead in material, where the
//!   position before it was no such ending, or leaves a pawn ending (kings and pawns only)
//!   where there were pieces (a rook trade into a won pawn ending).
//! - `removes_guard` ([`removes_guard`]): a capture of an enemy piece (not a pawn) that was the
//!   only defender of another enemy piece (not a pawn or the king) we attack, which the line
//!   takes at our next move (13.Bxe7 Qxe7 14.Bxf5: the knight on e7 guarded the bishop), or
//!   which stands attacked and undefended after the capture while the line's reply, though it
//!   could, does not take the capturer back (1.Bxc6 Bxb2: ...bxc6 Rxe5);
//! - `removes_defender` ([`removes_defender`]): a capture of an enemy piece (not a pawn) that
//!   was one of two or more defenders of an enemy piece or pawn (not the king) we attack; after
//!   the line's reply we attack it more often than it is defended, and our next move in the
//!   line takes it (Bxf6 Bxf6 Nxd5: the knight on f6 was one of d5's two defenders);
//! - `removes_mate_guard` ([`removes_mate_guard`]): a capture of an enemy piece (not a pawn)
//!   that covered a square where, with the enemy to move passing, a move of another piece of
//!   ours would now mate, which the same move did not before (Bxc7 taking the knight that guarded e8, so
//!   Re8# is threatened; Bxf6 taking the guard of h7);
//! - `offers_trade` ([`offers_trade`]): a quiet move puts a knight, bishop, rook or queen where
//!   it and an enemy piece of the same kind attack each other, both defended, and one takes
//!   the other in the line's next two plies (20.Bf5 against the bishop on c8);
//!   `offers_trade_attacker` when that enemy piece aimed at a square beside our king (20.Bg3
//!   against the bishop on d6 aimed at h2);
//! - `takes_pinner` ([`takes_pinner`]): a capture of the piece that pinned one of ours to the
//!   king or to a piece worth more than the pinner (20.Qxe5, the queen on g3 pinned);
//! - `costs_castling` ([`costs_castling`]): a quiet check the line answers with a king move
//!   that gives up castling (9.Re1+ Kf8);
//! - `keeps_pin` ([`keeps_pin`]): a bishop, rook or queen, attacked where it stood, steps to a
//!   square from which it still pins the same piece to the same piece behind (9.Bh4 against
//!   ...h6, the knight on f6 still pinned to the queen on d8), a pin with force: the piece
//!   behind is the king, worth more than the pinner, or has no other defender.

use shakmaty::{Bitboard, Board, Chess, Color, File, Move, Position, Rank, Role, Square, attacks};

use crate::explain::board;
use crate::explain::claims::Fact;
use crate::explain::themes::util::dest;

fn uci(m: Move) -> String {
    m.to_uci(shakmaty::CastlingMode::Standard).to_string()
}

/// A [`Fact::Idea`] of `mv` with no named moves.
fn idea(mv: Move, name: &str, square: Square, other: Option<Square>) -> Fact {
    Fact::Idea {
        uci: uci(mv),
        idea: name.to_owned(),
        square,
        other,
        moves: Vec::new(),
        san: Vec::new(),
        n: 0,
    }
}

/// `sq` as seen from `color` (White's squares unchanged, Black's mirrored).
fn rel(sq: Square, color: Color) -> Square {
    if color.is_white() {
        sq
    } else {
        sq.flip_vertical()
    }
}

/// The enemy slider (of `them`) aiming at `target` along a line it moves on, with at most one
/// piece between (an attack or an x-ray through one piece), the nearest first. On a diagonal a
/// pawn of `target`'s side does not count: it steps off the line when it advances (11...Kh8
/// off the bishop on c4's diagonal through the knight on d5 and the pawn on f7, before ...f5,
/// said only as "the king steps into the corner", session 50 read).
fn aimed_by(b: &Board, target: Square, them: Color) -> Option<Square> {
    let diag = (b.bishops() | b.queens()) & b.by_color(them);
    let straight = (b.rooks() | b.queens()) & b.by_color(them);
    let mut best: Option<(u32, Square)> = None;
    for s in board::relative(diag | straight, them) {
        let on_line = (diag.contains(s)
            && attacks::bishop_attacks(s, Bitboard::EMPTY).contains(target))
            || (straight.contains(s) && attacks::rook_attacks(s, Bitboard::EMPTY).contains(target));
        if !on_line {
            continue;
        }
        let diagonal = attacks::bishop_attacks(s, Bitboard::EMPTY).contains(target);
        let steps_off = if diagonal {
            b.by_piece(Role::Pawn.of(!them))
        } else {
            Bitboard::EMPTY
        };
        let between = (attacks::between(s, target) & b.occupied() & !steps_off).count();
        if between <= 1 {
            let d = board::distance(s, target);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, s));
            }
        }
    }
    best.map(|(_, s)| s)
}

/// `steps_out` or `blocks_check`: the mover was in check from one piece (`square`) and the move,
/// not a capture (taking the checker is said as a capture), is the king stepping out of it
/// (`other`: where it stood) or a piece put between (`other`: where it stands): 20.Kg1 "steps
/// out of the check", not "takes the king off the line of the queen". `steps_out_guards` when
/// the king's square is the only way out that keeps a piece (`square`) guarded
/// ([`kept_guarded`]; `other` the checker).
#[must_use]
pub fn evades(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let checker = before.checkers().single_square()?;
    if mv.is_capture() || mv.is_castle() {
        return None;
    }
    if mv.role() == Role::King {
        // Out of check to the one square that keeps a piece guarded: `steps_out_guards`,
        // `square` the piece, `other` the checker (16...Kf7 keeps the bishop on e6, which
        // Bb3 and the queen on d6 hit; "takes the king out of the queen's check" was true of
        // all four ways out, session 41 read).
        Some(match kept_guarded(before, mv, after) {
            Some(kept) => idea(mv, "steps_out_guards", kept, Some(checker)),
            None => idea(mv, "steps_out", checker, mv.from()),
        })
    } else {
        Some(idea(mv, "blocks_check", checker, Some(mv.to())))
    }
}

/// The piece (not the king or a pawn) that the king's move out of check `mv` keeps: after it,
/// no capture wins it by exchange ([`safe_there`]), and after every other legal move it stays
/// where it is and a capture wins it; the dearest such piece.
fn kept_guarded(before: &Chess, mv: Move, after: &Chess) -> Option<Square> {
    let us = before.turn();
    let others: Vec<Move> = before
        .legal_moves()
        .into_iter()
        .filter(|m| *m != mv)
        .collect();
    if others.is_empty() {
        return None;
    }
    let b = after.board();
    (b.by_color(us) & !b.kings() & !b.pawns())
        .into_iter()
        .filter(|&t| safe_there(after, t))
        .filter(|&t| {
            others.iter().all(|e| {
                board::play(before, *e)
                    .is_some_and(|p| p.board().piece_at(t) == b.piece_at(t) && !safe_there(&p, t))
            })
        })
        .max_by_key(|&t| (b.role_at(t).map_or(0, board::value), t))
}

/// `king_off_line` or `king_corner`: a king move for safety by a king with no castling rights
/// left, the enemy queen on the board; not out of a check (that is [`evades`]).
#[must_use]
pub fn king_safety(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let (b0, b1) = (before.board(), after.board());
    if mv.role() != Role::King
        || mv.is_castle()
        || mv.is_capture()
        || before.is_check()
        || before.castles().has_color(us)
        || (b0.queens() & b0.by_color(!us)).is_empty()
        || after.is_check()
    {
        return None;
    }
    let (from, to) = (mv.from()?, mv.to());
    if let Some(s) = aimed_by(b0, from, !us)
        && aimed_by(b1, to, !us).is_none()
    {
        return Some(idea(mv, "king_off_line", s, Some(from)));
    }
    let home = us.fold_wb(Rank::First, Rank::Eighth);
    let centre_dist = |f: File| (2 * i32::from(f) - 7).abs();
    let wing = [File::A, File::B, File::G, File::H];
    (from.rank() == home
        && to.rank() == home
        && wing.contains(&to.file())
        && centre_dist(to.file()) > centre_dist(from.file())
        && !board::is_attacked(b1, to, !us))
    .then(|| idea(mv, "king_corner", to, Some(from)))
}

/// `rook_lift`: with our queen on the board, a rook goes up its file, not taking and not
/// checking, from its first or second rank to its third or fourth, where nothing wins it by
/// exchange, and from there it reaches
/// (along the rank, the square empty) a square on the enemy king's wing, the g- or h-file
/// (a- or b-file for a king on a–c) other than its own, that no enemy pawn guards: the rook
/// can swing over against the king (12.Rf3 with the king on g8, "is followed by Ng3" until
/// session 37). `square` is the enemy king, `other` the swing square.
#[must_use]
pub fn rook_lift(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let (from, to) = (mv.from()?, mv.to());
    if mv.role() != Role::Rook || mv.is_capture() || after.is_check() || from.file() != to.file() {
        return None;
    }
    if board::rel_rank(from, us) > 1 || !(2..=3).contains(&board::rel_rank(to, us)) {
        return None;
    }
    let b = after.board();
    let king = b.king_of(!us)?;
    // An attack on the king needs our queen on the board (31.Re5 "a rook lift against the
    // king on f2" in a rook ending, session 37 referee).
    if (b.queens() & b.by_color(us)).is_empty() {
        return None;
    }
    let files = if king.file() >= File::F {
        [File::G, File::H]
    } else if king.file() <= File::C {
        [File::B, File::A]
    } else {
        return None;
    };
    if !safe_there(after, to) {
        return None;
    }
    let their_pawns = b.by_piece(Role::Pawn.of(!us));
    let swing = files
        .into_iter()
        .filter(|f| *f != to.file())
        .map(|f| Square::from_coords(f, to.rank()))
        .find(|s| {
            b.attacks_from(to).contains(*s)
                && b.piece_at(*s).is_none()
                && (attacks::pawn_attacks(us, *s) & their_pawns).is_empty()
        })?;
    Some(idea(mv, "rook_lift", king, Some(swing)))
}

/// `castles_opposite`: castling to the wing away from the enemy king, which stands on the
/// other wing (files a–c against f–h): opposite-side castling, where the pawns in front of
/// neither king hold back for their own king's sake (9.O-O-O in the Yugoslav Dragon, said
/// "castling tucks the king away" until session 37).
#[must_use]
pub fn castles_opposite(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    if !mv.is_castle() {
        return None;
    }
    let us = before.turn();
    let b = after.board();
    let (ours, theirs) = (b.king_of(us)?, b.king_of(!us)?);
    let side = |f: File| match f {
        File::A | File::B | File::C => Some(false),
        File::F | File::G | File::H => Some(true),
        _ => None,
    };
    let (mine, enemy) = (side(ours.file())?, side(theirs.file())?);
    (mine != enemy).then(|| idea(mv, "castles_opposite", theirs, Some(ours)))
}

/// `blockade`: the moved piece (not a pawn) stands on the square in front of an enemy passed
/// pawn.
#[must_use]
pub fn blockade(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if mv.role() == Role::Pawn {
        return None;
    }
    let landed = dest(mv, us);
    let b = after.board();
    let blocked = |p: &Square| p.offset(if us.is_white() { -8 } else { 8 }) == Some(landed);
    let their_pawns = board::relative(b.by_piece(Role::Pawn.of(!us)), us);
    if let Some(p) = their_pawns
        .iter()
        .find(|p| board::is_passed(b, **p, !us) && blocked(p))
    {
        return Some(idea(mv, "blockade", *p, Some(landed)));
    }
    // A knight or bishop in front of an isolated pawn: no pawn can ever drive it away (the
    // isolated queen's pawn blockaded on d4, "centralises the knight" until session 37).
    // A quiet move that gives no check: a capture or a check has its point elsewhere (16.Nxc6+
    // "sits in front of the isolated pawn on c7", session 37 read).
    let minor =
        matches!(mv.role(), Role::Knight | Role::Bishop) && !mv.is_capture() && !after.is_check();
    their_pawns
        .into_iter()
        .find(|p| minor && board::is_isolated(b, *p, !us) && blocked(p))
        .map(|p| idea(mv, "blockade_isolated", p, Some(landed)))
}

/// The enemy pawns the pawn on `sq` of `us` attacks.
fn pawn_hits(b: &Board, sq: Square, us: Color) -> Bitboard {
    attacks::pawn_attacks(us, sq) & b.by_piece(Role::Pawn.of(!us))
}

/// `undermines`: the moved pawn newly attacks an enemy pawn that supports another enemy piece
/// or pawn which we attack, or another enemy pawn (the base of a chain: ...c5 against d4
/// holding e5, a4 against b5 holding c4).
#[must_use]
pub fn undermines(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if mv.role() != Role::Pawn || mv.is_promotion() || mv.is_capture() {
        return None;
    }
    let b = after.board();
    let old = mv
        .from()
        .map_or(Bitboard::EMPTY, |f| attacks::pawn_attacks(us, f));
    for p in board::relative(pawn_hits(b, mv.to(), us) & !old, us) {
        let supported = attacks::pawn_attacks(!us, p) & b.by_color(!us) & !b.kings();
        let chain = supported & b.pawns();
        if let Some(q) = board::relative(supported, us)
            .into_iter()
            .find(|q| board::is_attacked(b, *q, us) || chain.contains(*q))
        {
            return Some(idea(mv, "undermines", p, Some(q)));
        }
    }
    None
}

/// The files of the wing `file` belongs to (a–c or f–h), if any.
fn wing(file: File) -> Option<Bitboard> {
    let files = |fs: [File; 3]| {
        fs.into_iter()
            .fold(Bitboard::EMPTY, |acc, f| acc | Bitboard::from_file(f))
    };
    if file <= File::C {
        Some(files([File::A, File::B, File::C]))
    } else if file >= File::F {
        Some(files([File::F, File::G, File::H]))
    } else {
        None
    }
}

/// The fewest pawns of ours on the wing for a minority attack: the textbook's two against
/// three (Carlsbad's a- and b-pawns). A lone pawn against two is no attack by a minority; its
/// strike is said as what it does (a5 undermining b6, the bishop's defender, Lasker 22).
const MINORITY_LEAST_PAWNS: usize = 2;

/// `minority`: a pawn push on a wing where we have fewer pawns than the enemy (and at least
/// [`MINORITY_LEAST_PAWNS`]), away from our king (which stands on the other wing), against an enemy pawn: the pushed pawn attacks one, or will from its next square.
/// Pieces (other than kings and pawns) are on the board: in a pawn ending this is a race.
#[must_use]
pub fn minority(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let b = after.board();
    if mv.role() != Role::Pawn || mv.is_capture() || mv.is_promotion() {
        return None;
    }
    let files = wing(mv.to().file())?;
    // A plan away from one's own king (the Carlsbad's b4–b5 with the king on g1): pushes on
    // the king's wing, or with the king in the centre, are no minority attack.
    let king_wing = b.king_of(us).and_then(|k| wing(k.file()));
    if king_wing.is_none_or(|w| w == files) {
        return None;
    }
    // Pawns thrown at the enemy king are a storm (see [`storm`]), not a minority attack.
    if b.king_of(!us).and_then(|k| wing(k.file())) == Some(files) {
        return None;
    }
    let ours = (files & b.by_piece(Role::Pawn.of(us))).count();
    let theirs = (files & b.by_piece(Role::Pawn.of(!us))).count();
    let pieces = b.occupied() & !b.pawns() & !b.kings() & b.by_color(us);
    if ours < MINORITY_LEAST_PAWNS || ours >= theirs || pieces.is_empty() {
        return None;
    }
    let next = mv.to().offset(if us.is_white() { 8 } else { -8 });
    let target = board::relative(pawn_hits(b, mv.to(), us), us)
        .into_iter()
        .next()
        .or_else(|| {
            next.filter(|n| !b.occupied().contains(*n))
                .and_then(|n| board::relative(pawn_hits(b, n, us), us).into_iter().next())
        })?;
    let mut f = idea(mv, "minority", target, None);
    if let Fact::Idea { n, .. } = &mut f {
        *n = u32::try_from(ours).unwrap_or(0);
    }
    Some(f)
}

/// The least relative rank (0-based: 3 is the fourth rank) a storming pawn reaches.
const STORM_LEAST_RANK: u32 = 3;

/// The most ranks between a storming pawn and the enemy king.
const STORM_MOST_DISTANCE: u32 = 4;

/// `storm`: a pawn push (no capture, no promotion) on the wing where the enemy king stands,
/// away from our own king (on the other wing or in the centre), that brings the pawn to the
/// fourth rank or beyond and at most [`STORM_MOST_DISTANCE`] ranks from the enemy king, with
/// a queen or a rook of ours on the board, and a pawn of ours on a file beside it to storm
/// with (a lone h-pawn with no g-pawn left, the king on e8, was "a pawn storm against the king
/// on g1", session 50 read). The idea's square is the enemy king's.
#[must_use]
pub fn storm(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let b = after.board();
    if mv.role() != Role::Pawn || mv.is_capture() || mv.is_promotion() {
        return None;
    }
    let files = wing(mv.to().file())?;
    let king = b.king_of(!us)?;
    if wing(king.file()) != Some(files) || b.king_of(us).and_then(|k| wing(k.file())) == Some(files)
    {
        return None;
    }
    let rank = u32::from(mv.to().rank());
    let relative = if us.is_white() { rank } else { 7 - rank };
    let distance = rank.abs_diff(u32::from(king.rank()));
    let heavy = (b.queens() | b.rooks()) & b.by_color(us);
    if relative < STORM_LEAST_RANK
        || distance > STORM_MOST_DISTANCE
        || heavy.is_empty()
        || board::is_isolated(b, mv.to(), us)
    {
        return None;
    }
    Some(idea(mv, "storm", king, None))
}

/// Whether no legal capture of the piece on `sq` by the side to move in `pos` wins material
/// by static exchange (pins count: a pinned piece has no legal capture).
fn safe_there(pos: &Chess, sq: Square) -> bool {
    !pos.legal_moves()
        .iter()
        .any(|m| m.to() == sq && m.is_capture() && crate::explain::board::see_ge(pos, *m, 1))
}

/// `fianchetto`: our bishop takes the enemy's fianchettoed bishop, or comes to attack it along
/// its diagonal where no legal capture wins it (a pinned fianchetto bishop cannot take); the
/// enemy king stands on that wing or may still castle there.
#[must_use]
pub fn fianchetto(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if mv.role() != Role::Bishop {
        return None;
    }
    let (b0, b1) = (before.board(), after.board());
    let king = b0.king_of(!us)?;
    // Squares seen from the enemy's side: its g2 is our g7.
    for (bishop, pawn, files, side) in [
        (
            Square::G2,
            Square::G3,
            [File::F, File::G, File::H],
            shakmaty::CastlingSide::KingSide,
        ),
        (
            Square::B2,
            Square::B3,
            [File::A, File::B, File::C],
            shakmaty::CastlingSide::QueenSide,
        ),
    ] {
        let (bishop, pawn) = (rel(bishop, !us), rel(pawn, !us));
        // The king on that wing, or still free to castle there (the 150 attack's Bh6 before
        // ...O-O).
        let wing_king = files.contains(&king.file()) || before.castles().has(!us, side);
        if b0.piece_at(bishop) != Some(Role::Bishop.of(!us))
            || b0.piece_at(pawn) != Some(Role::Pawn.of(!us))
            || !wing_king
        {
            continue;
        }
        let takes = mv.to() == bishop;
        let offers = b1.attacks_from(mv.to()).contains(bishop)
            && !mv
                .from()
                .is_some_and(|f| b0.attacks_from(f).contains(bishop))
            && safe_there(after, mv.to());
        if takes || offers {
            return Some(idea(mv, "fianchetto", bishop, None));
        }
    }
    None
}

/// `prepares_fianchetto`: a quiet move, not by a bishop, after which our bishop can go safely
/// (static exchange ≥ 0) to the square beside the enemy's fianchettoed bishop (`square`; its
/// pawn in front of it, its king on that wing), to offer the trade there (`other`: h6/a6 for
/// White), which it could not safely do before: 9.Qd2 readies Bh6 against the bishop on g7.
/// `moves`: the bishop's move; `san` its SAN.
#[must_use]
pub fn prepares_fianchetto(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if mv.is_capture() || mv.role() == Role::Bishop {
        return None;
    }
    let b1 = after.board();
    let king = b1.king_of(!us)?;
    let passed = crate::explain::purpose::pass(after)?;
    let safe_go =
        |pos: &Chess, go: Move| pos.is_legal(go) && crate::explain::board::see_ge(pos, go, 0);
    // Squares seen from the enemy's side: its g2 is our g7, its h3 our h6.
    for (bishop, pawn, target, files) in [
        (
            Square::G2,
            Square::G3,
            Square::H3,
            [File::E, File::F, File::G, File::H],
        ),
        (
            Square::B2,
            Square::B3,
            Square::A3,
            [File::A, File::B, File::C, File::D],
        ),
    ] {
        let (bishop, pawn, target) = (rel(bishop, !us), rel(pawn, !us), rel(target, !us));
        if b1.piece_at(bishop) != Some(Role::Bishop.of(!us))
            || b1.piece_at(pawn) != Some(Role::Pawn.of(!us))
            || !files.contains(&king.file())
            || b1.piece_at(target).is_some()
        {
            continue;
        }
        let ours =
            b1.by_piece(Role::Bishop.of(us)) & attacks::bishop_attacks(target, b1.occupied());
        for from in ours {
            let go = Move::Normal {
                role: Role::Bishop,
                from,
                capture: None,
                to: target,
                promotion: None,
            };
            if safe_go(&passed, go) && !safe_go(before, go) {
                return Some(Fact::Idea {
                    uci: uci(mv),
                    idea: "prepares_fianchetto".to_owned(),
                    square: bishop,
                    other: Some(target),
                    moves: vec![uci(go)],
                    san: vec![shakmaty::san::San::from_move(&passed, go).to_string()],
                    n: 0,
                });
            }
        }
    }
    None
}

/// `fianchettoes` (see the module's documentation): `square` where the bishop stands, `other`
/// the far corner of its long diagonal.
#[must_use]
pub fn fianchettoes(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if mv.role() != Role::Bishop || mv.is_capture() || after.is_check() {
        return None;
    }
    let (to, corner) = [
        (Square::B2, Square::H8),
        (Square::G2, Square::A8),
        (Square::B7, Square::H1),
        (Square::G7, Square::A1),
    ]
    .into_iter()
    .find(|(s, _)| *s == mv.to())?;
    let long = crate::explain::themes::activity::long_diagonals();
    let ahead = attacks::between(to, corner) | Bitboard::from_square(corner);
    let own_pawns = after.board().by_piece(Role::Pawn.of(us));
    (!long.contains(from) && (ahead & own_pawns).is_empty())
        .then(|| idea(mv, "fianchettoes", to, Some(corner)))
}

/// `fianchetto_pawn` (see the module's documentation): `square` the fianchetto square the pawn
/// left, `other` the bishop's home square.
#[must_use]
pub fn fianchetto_pawn(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if mv.role() != Role::Pawn || mv.is_capture() || mv.is_promotion() {
        return None;
    }
    let b = after.board();
    // Our squares: the pawn's home, where it goes, the bishop's home, the far corner.
    let (home, bishop, corner) = [
        (Square::G2, Square::F1, Square::A8),
        (Square::B2, Square::C1, Square::H8),
    ]
    .into_iter()
    .map(|(h, f, c)| (rel(h, us), rel(f, us), rel(c, us)))
    .find(|(h, _, _)| *h == from)?;
    let step = home.offset(if us.is_white() { 8 } else { -8 });
    let ahead = attacks::between(home, corner) | Bitboard::from_square(corner);
    (Some(mv.to()) == step
        && b.piece_at(bishop) == Some(Role::Bishop.of(us))
        && (ahead & b.by_piece(Role::Pawn.of(us))).is_empty())
    .then(|| idea(mv, "fianchetto_pawn", home, Some(bishop)))
}

/// Squares a bishop of `us` on `from` can go to in `b` along the diagonal through `through`
/// (the first step that way): empty squares and the first enemy piece, none of ours.
fn diagonal_reach(b: &Board, us: Color, from: Square, through: Square) -> usize {
    (attacks::bishop_attacks(from, b.occupied()) & attacks::ray(from, through) & !b.by_color(us))
        .into_iter()
        .filter(|s| *s == through || attacks::between(from, *s).contains(through))
        .count()
}

/// `opens_diagonal`: a quiet one-square step of the d- or e-pawn from its home square, or a
/// quiet knight move off that square, opens the diagonal of our bishop still on its home
/// square behind it (d2 for the bishop on c1, e2 for f1; d7/e7 for c8/f8), so the bishop
/// reaches at least [`OPENED_REACH`] squares along it where it reached none (3.e3 in the
/// Queen's Gambit, ...d6 for the bishop on c8, 9.Nf1 in the Ruy Lopez for the bishop on c1).
pub fn opens_diagonal(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if !matches!(mv.role(), Role::Pawn | Role::Knight)
        || mv.is_capture()
        || mv.is_promotion()
        || after.is_check()
    {
        return None;
    }
    // One step: the double step takes the centre, which is its point (1.e4).
    if mv.role() == Role::Pawn && board::rel_rank(mv.to(), us) != 2 {
        return None;
    }
    let bishop = [(Square::D2, Square::C1), (Square::E2, Square::F1)]
        .into_iter()
        .map(|(p, b)| (rel(p, us), rel(b, us)))
        .find(|(p, _)| *p == from)
        .map(|(_, b)| b)?;
    let b = after.board();
    (b.piece_at(bishop) == Some(Role::Bishop.of(us))
        && diagonal_reach(before.board(), us, bishop, from) == 0
        && diagonal_reach(b, us, bishop, from) >= OPENED_REACH)
        .then(|| idea(mv, "opens_diagonal", bishop, None))
}

/// `counters`: the opponent's strongest threat after a pass wins a piece of ours (not a pawn);
/// the move, quiet and no check, leaves that threat standing, and the moved piece now hits an
/// enemy piece (not the king) worth at least as much, one it did not hit before, that is
/// undefended or worth more than the mover: a counter-attack (14.Nd2 meets ...Nxb3 by hitting
/// the queen on e4, Morphy). `square`: our piece attacked; `other`: theirs now hit; `moves`
/// and `san`: their threat.
#[must_use]
pub fn counters(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    if mv.is_capture() || after.is_check() {
        return None;
    }
    let passed = crate::explain::purpose::pass(before)?;
    let threat = crate::explain::purpose::strongest(&passed)?;
    let ours = threat.mv.capture()?;
    let attacked = threat.mv.to();
    if threat.mate
        || matches!(ours, Role::Pawn | Role::King)
        || mv.from() == Some(attacked)
        || !crate::explain::purpose::works(after, threat)
    {
        return None;
    }
    let us = before.turn();
    let landed = dest(mv, us);
    let from = mv.from()?;
    let b = after.board();
    let mover = b.role_at(landed)?;
    let hit_before = before.board().attacks_from(from);
    let target = (b.attacks_from(landed) & b.by_color(!us) & !b.kings() & !hit_before)
        .into_iter()
        .filter(|&sq| {
            b.role_at(sq).is_some_and(|r| {
                board::value(r) >= board::value(ours)
                    && (board::value(r) > board::value(mover) || !board::is_defended(b, sq))
            })
        })
        .max_by_key(|&sq| (b.role_at(sq).map_or(0, board::value), std::cmp::Reverse(sq)))?;
    // A hit the target answers by taking the hitter without loss is no counter-attack (9.f4
    // "answers the attack on the knight on c6 by hitting the queen on g5": ...Qxf4, session
    // 40 read).
    let takes_hitter = after.legal_moves().into_iter().any(|r| {
        r.from() == Some(target) && r.to() == landed && crate::explain::board::see_ge(after, r, 0)
    });
    if takes_hitter {
        return None;
    }
    let san = shakmaty::san::San::from_move(&passed, threat.mv).to_string();
    Some(Fact::Idea {
        uci: uci(mv),
        idea: "counters".to_owned(),
        square: attacked,
        other: Some(target),
        moves: vec![uci(threat.mv)],
        san: vec![san],
        n: 0,
    })
}

/// `guards`: a quiet move (no capture, no check) after which the moved man defends another of
/// ours (not the king) that enemy men attack after the move at least as often as ours defended
/// it before the move (once at least: an undefended man is `defends_piece`'s), and which it did not defend from where it stood: a guard added where the
/// defenders did not outnumber the attackers (9.Re1 behind the pawn on e4, which the knight on
/// f6 attacks and the pawn on d3 alone defended); not out of a check. Said only for a move
/// with no other idea ([`derive`]). `square`: the man guarded (the most valuable); `other`:
/// its cheapest attacker.
#[must_use]
pub fn guards(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    if mv.is_capture() || after.is_check() || before.is_check() || mv.is_castle() {
        return None;
    }
    let us = before.turn();
    let from = mv.from()?;
    let landed = dest(mv, us);
    let (b0, b) = (before.board(), after.board());
    let guarded = b.attacks_from(landed) & b.by_color(us) & !b.kings() & !b0.attacks_from(from);
    let (square, _) = guarded
        .into_iter()
        .filter(|&sq| sq != from && b0.color_at(sq) == Some(us))
        .filter_map(|sq| {
            // Defended already (an undefended man attacked is taken care of, `defends_piece`),
            // and the exchange on it won by the opponent before the move, not after: the new
            // guard is what stops it. Not a capture that never gained (20.Rhe1 "backs up the
            // bishop on e2 against the rook on e8", where ...Rxe2 Nxe2 gives the exchange;
            // "backs up the pawn on d5" with two attackers and two defenders), nor one no
            // guard stops (a knight a pawn attacks must move). The attackers counted after the
            // move: one the move blocks attacks no more (15...Be6 "backs up the pawn on f7
            // against the bishop on c4", in its way; session 37 read).
            let values = |board: &Board, men: Bitboard| -> Vec<i32> {
                men.into_iter()
                    .filter_map(|m| board.role_at(m).map(board::value))
                    .collect()
            };
            let attackers = values(b, board::attackers(b, sq, !us));
            let defenders_before = values(b0, board::attackers(b0, sq, us));
            let defenders_after = values(b, board::attackers(b, sq, us));
            let value = b0.role_at(sq).map_or(0, board::value);
            (!defenders_before.is_empty()
                && board::exchange_gain(value, &attackers, &defenders_before) > 0
                && board::exchange_gain(value, &attackers, &defenders_after) == 0)
                .then_some((sq, value))
        })
        .max_by_key(|&(sq, v)| (v, std::cmp::Reverse(sq)))?;
    let attacker = board::attackers(b, square, !us)
        .into_iter()
        .min_by_key(|&sq| (b0.role_at(sq).map_or(99, board::value), sq))?;
    Some(idea(mv, "guards", square, Some(attacker)))
}

/// Squares a bishop must newly reach along the diagonal a pawn move opens
/// ([`opens_diagonal`]): two, so a pawn that steps only to block it again opens nothing.
const OPENED_REACH: usize = 2;

/// The pins of `them`'s sliders on `us`'s pieces (not pawns, not the king) in `b`: (pinner,
/// pinned, behind), where the piece behind on the line is the king or worth more than the
/// pinned one.
fn pins_on(b: &Board, us: Color) -> Vec<(Square, Square, Square)> {
    let mut found = Vec::new();
    for s in b.by_color(!us) & (b.bishops() | b.rooks() | b.queens()) {
        for p in b.attacks_from(s) & b.by_color(us) & !b.kings() & !b.pawns() {
            let behind = board::behind(b, s, p).filter(|x| b.color_at(*x) == Some(us));
            if let (Some(x), Some(pinned)) = (behind, b.role_at(p))
                && b.role_at(x)
                    .is_some_and(|r| r == Role::King || board::value(r) > board::value(pinned))
            {
                found.push((s, p, x));
            }
        }
    }
    found
}

/// `unpins`: a quiet move, not by the pinned piece, after which a pin on a piece of ours to a
/// more valuable one (or the king) no longer holds, the pinner and the pinned piece still
/// standing (9.Be2 between the knight on f3 and the queen on d1, against ...Bg4). `square`: the
/// pinned piece; `other`: the pinner.
#[must_use]
pub fn unpins(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if mv.is_capture() || mv.is_castle() {
        return None;
    }
    let (b0, b1) = (before.board(), after.board());
    let now = pins_on(b1, us);
    pins_on(b0, us)
        .into_iter()
        .find(|&(s, p, _)| {
            mv.from() != Some(p)
                && b1.piece_at(s) == b0.piece_at(s)
                && b1.piece_at(p) == b0.piece_at(p)
                && !now.iter().any(|&(s1, p1, _)| (s1, p1) == (s, p))
        })
        .map(|(s, p, _)| idea(mv, "unpins", p, Some(s)))
}

/// `keeps_pin`: our bishop, rook or queen, attacked where it stood, steps along to a square
/// from which it still pins the same enemy piece to the same piece behind it (the king, or one
/// worth more): why that square (9.Bh4 against ...h6, keeping the knight on f6 pinned to the
/// queen on d8, read as "takes the attacked bishop to safety" alone in session 44). `square`
/// the pinned piece, `other` the piece behind it.
#[must_use]
pub fn keeps_pin(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if mv.is_capture() || mv.is_castle() || !board::is_attacked(before.board(), from, !us) {
        return None;
    }
    let landed = dest(mv, us);
    let b = after.board();
    let now = pins_on(b, !us);
    // A pin with force: the piece behind is the king, worth more than the pinner, or left
    // without a defender once the pinned piece steps aside. 20.Re2 "still pins the bishop on
    // e6 to the rook on e8", a rook guarded by a rook and the queen: the bishop moves at no
    // cost (...Bxc4, session 46 read).
    let forceful = |p: Square, x: Square| {
        b.role_at(x).is_some_and(|r| {
            r == Role::King
                || b.role_at(landed)
                    .is_some_and(|pinner| board::value(r) > board::value(pinner))
                || (b.attacks_to(x, !us, b.occupied().without(p)) & b.by_color(!us)).is_empty()
        })
    };
    pins_on(before.board(), !us)
        .into_iter()
        .find(|&(s, p, x)| s == from && now.contains(&(landed, p, x)) && forceful(p, x))
        .map(|(_, p, x)| idea(mv, "keeps_pin", p, Some(x)))
}

/// `takes_pinner`: a capture of the enemy bishop, rook or queen that pinned a piece of ours (not
/// a pawn; the capturer itself, too) to our king or to a piece worth more than the pinner: the
/// pin is over (20.Qxe5 with the queen on g3 pinned to the king on h2 by the queen on e5: the
/// trade could not be avoided; "the trade is even" gave no reason, session 46 read). The pinned
/// capturer taking a pinner of its own kind only trades (the two held each other) unless our
/// king stood behind. `square` the pinned piece, `other` the piece behind it.
#[must_use]
pub fn takes_pinner(before: &Chess, mv: Move) -> Option<Fact> {
    mv.capture()?;
    let b = before.board();
    let us = before.turn();
    let pinner = b.role_at(mv.to())?;
    pins_on(b, us)
        .into_iter()
        .find(|&(s, p, x)| {
            // Two men of a kind on one line each hold the other: taking is a trade, not a pin
            // ended, unless the king stood behind (20.Bxg7 "takes the bishop that pinned the
            // bishop on b2 to the rook", the referee's games).
            let mutual = Some(p) == mv.from() && mv.role() == pinner;
            s == mv.to()
                && b.role_at(x).is_some_and(|r| {
                    r == Role::King || (!mutual && board::value(r) > board::value(pinner))
                })
        })
        .map(|(_, p, x)| idea(mv, "takes_pinner", p, Some(x)))
}

/// `costs_castling`: a quiet check (no capture) after which the line's reply is a move of the
/// king (not castling) by a side that could still castle, and can no longer: the check's point
/// is the castling it takes away (9.Re1+ Kf8 with the queen on h5 still attacked; "answers the
/// threat Nxh5 with a check" said what the check only puts off, session 46 read). `square` the
/// king's new square, `other` its old one; `moves` and `san` the reply.
#[must_use]
pub fn costs_castling(mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    let them = after.turn();
    let reply = *pv.first()?;
    if mv.is_capture() || !after.is_check() || reply.role() != Role::King || reply.is_castle() {
        return None;
    }
    let next = board::play(after, reply)?;
    if !after.castles().has_color(them) || next.castles().has_color(them) {
        return None;
    }
    Some(Fact::Idea {
        uci: uci(mv),
        idea: "costs_castling".to_owned(),
        square: reply.to(),
        other: reply.from(),
        moves: vec![uci(reply)],
        san: vec![shakmaty::san::SanPlus::from_move(after.clone(), reply).to_string()],
        n: 0,
    })
}

/// `reinforces`: a pawn advance (not a capture) after which the pawn defends a knight, bishop
/// or pawn of ours in the enemy half (`square`) that an enemy piece attacks, which no pawn of
/// ours defended before or which only one did: the outpost piece kept there (9.f4 behind the
/// knight on e5, which ...Nxe5 would otherwise trade off a pawn's recapture from), or the head
/// of a pawn chain given a second pawn behind it (9.f4 behind e5, attacked by the queen on c7).
/// Not by a pawn an enemy pawn can take at once: the support lasts a move (20.c4 "reinforces
/// the pawn on d5" where ...bxc4 takes it, session 41 read; the break is the point).
#[must_use]
pub fn reinforces(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if mv.role() != Role::Pawn || mv.is_capture() || mv.is_promotion() {
        return None;
    }
    let (b0, b1) = (before.board(), after.board());
    if (attacks::pawn_attacks(us, mv.to()) & b1.by_piece(Role::Pawn.of(!us))).any() {
        return None;
    }
    let pawn_guards = |b: &Board, sq: Square| {
        (attacks::pawn_attacks(!us, sq) & b.by_piece(Role::Pawn.of(us))).count()
    };
    let held = b1.by_color(us) & (b1.knights() | b1.bishops() | b1.pawns());
    (attacks::pawn_attacks(us, mv.to()) & held)
        .into_iter()
        .filter(|&t| board::rel_rank(t, us) >= 4)
        .filter(|&t| (b1.attacks_to(t, !us, b1.occupied()) & !b1.pawns()).any())
        .find(|&t| pawn_guards(b0, t) <= 1 && pawn_guards(b1, t) > pawn_guards(b0, t))
        .map(|t| idea(mv, "reinforces", t, mv.from()))
}

/// `centralises`: a knight from outside the centre to d4, e4, d5 or e5, not a capture, where no
/// enemy pawn attacks it.
#[must_use]
pub fn centralises(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    let centre = board::centre();
    if mv.role() != Role::Knight
        || mv.is_capture()
        || centre.contains(from)
        || !centre.contains(mv.to())
    {
        return None;
    }
    let b = after.board();
    let pawn_hit = attacks::pawn_attacks(us, mv.to()) & b.by_piece(Role::Pawn.of(!us));
    pawn_hit
        .is_empty()
        .then(|| idea(mv, "centralises", mv.to(), None))
}

/// `centralises_queen`: in a queen ending (kings, queens and pawns only) the queen from outside
/// the centre to d4, e4, d5 or e5, not a capture, where no enemy man attacks it: the queen in
/// the centre reaches both wings (the endings' rule: centralise the queen).
#[must_use]
pub fn centralises_queen(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let from = mv.from()?;
    let centre = board::centre();
    let b = after.board();
    let others = b.rooks() | b.bishops() | b.knights();
    if mv.role() != Role::Queen
        || mv.is_capture()
        || !others.is_empty()
        || centre.contains(from)
        || !centre.contains(mv.to())
        || board::is_attacked(b, mv.to(), !before.turn())
    {
        return None;
    }
    Some(idea(mv, "centralises_queen", mv.to(), None))
}

/// `off_rim`: a knight from the a- or h-file to the centre ring (c3–f6), not a capture and not
/// to d4/e4/d5/e5 (that is `centralises`), where no enemy pawn attacks it: the knight stranded
/// on the rim comes back into play (9.Na3-c4).
#[must_use]
pub fn off_rim(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if mv.role() != Role::Knight
        || mv.is_capture()
        || !matches!(from.file(), File::A | File::H)
        || !crate::explain::themes::activity::centre_ring().contains(mv.to())
        || board::centre().contains(mv.to())
    {
        return None;
    }
    let pawn_hit = attacks::pawn_attacks(us, mv.to()) & after.board().by_piece(Role::Pawn.of(!us));
    pawn_hit
        .is_empty()
        .then(|| idea(mv, "off_rim", mv.to(), Some(from)))
}

/// Whether the piece on `sq` moves along the line to `other` (a bishop on a diagonal, a rook on
/// a file or rank, a queen on either).
fn moves_along(b: &Board, sq: Square, other: Square) -> bool {
    let empty = Bitboard::EMPTY;
    match b.role_at(sq) {
        Some(Role::Bishop) => attacks::bishop_attacks(sq, empty).contains(other),
        Some(Role::Rook) => attacks::rook_attacks(sq, empty).contains(other),
        Some(Role::Queen) => attacks::queen_attacks(sq, empty).contains(other),
        _ => false,
    }
}

/// The squares of the enemy king's ring (not the king's own) that the battery of our sliders
/// on `a` and `c` aims at in `b`: the two stand on one line, both move along it, nothing between
/// them, and the front one attacks the square along that line beyond itself (empty, or an enemy
/// piece or pawn).
fn battery_targets(b: &Board, us: Color, a: Square, c: Square) -> Bitboard {
    let Some(king) = b.king_of(!us) else {
        return Bitboard::EMPTY;
    };
    let ours = |s: Square| b.color_at(s) == Some(us);
    if !ours(a)
        || !ours(c)
        || !moves_along(b, a, c)
        || !moves_along(b, c, a)
        || (attacks::between(a, c) & b.occupied()).any()
    {
        return Bitboard::EMPTY;
    }
    let mut out = Bitboard::EMPTY;
    for (back, front) in [(a, c), (c, a)] {
        let beyond = b.attacks_from(front)
            & attacks::ray(back, front)
            & !b.by_color(us)
            & attacks::king_attacks(king);
        out |= beyond
            .into_iter()
            .filter(|x| attacks::between(back, *x).contains(front))
            .collect::<Bitboard>();
    }
    out
}

/// `battery`: a quiet queen, rook or bishop move (no check) lines the piece up with another of
/// our sliders on one line, nothing between them, the front one aiming along it at a square
/// next to the enemy king (empty, or an enemy piece or pawn there), which the two did not aim at
/// before: the queen supported on its way in (Bd3 behind the queen on f5, against h7), one of
/// the two able to go there without losing material by exchange. The moved
/// piece stands where no capture wins it. `square`: the target (the nearest to the front piece
/// when several); `other`: the partner.
#[must_use]
pub fn battery(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if mv.is_capture()
        || after.is_check()
        || !matches!(mv.role(), Role::Queen | Role::Rook | Role::Bishop)
        || !safe_there(after, mv.to())
    {
        return None;
    }
    let b = after.board();
    let partners = b.by_color(us) & (b.queens() | b.rooks() | b.bishops());
    // A square the pair aims at is a target only if one of the two can go there without
    // losing material by exchange, the other behind it (14.Bd5 with the queen on b3 "against
    // e6", where Be6+ loses the bishop to ...Qxe6, session 40 read).
    let passed = crate::explain::purpose::pass(after);
    let enters = |partner: Square, t: Square| {
        passed.as_ref().is_some_and(|p| {
            p.legal_moves().into_iter().any(|m| {
                (m.from() == Some(partner) || m.from() == Some(mv.to()))
                    && m.to() == t
                    && crate::explain::board::see_ge(p, m, 0)
            })
        })
    };
    board::relative(partners.without(mv.to()), us)
        .into_iter()
        .find_map(|partner| {
            let new = battery_targets(b, us, mv.to(), partner)
                & !battery_targets(before.board(), us, from, partner);
            let nearest = new
                .into_iter()
                .filter(|t| enters(partner, *t))
                .min_by_key(|t| {
                    (
                        board::distance(*t, partner).min(board::distance(*t, mv.to())),
                        rel(*t, us),
                    )
                })?;
            Some(idea(mv, "battery", nearest, Some(partner)))
        })
}

/// The enemy units a `piece` (a queen, rook or bishop on `from`) reaches in `b` along a line it
/// moves on through exactly one piece (a pawn or a piece of ours, not a king): enemy pieces
/// worth more than it, and the king (not for a queen); each with the piece between and its
/// worth (the king highest).
fn xray_targets(b: &Board, from: Square, piece: Role, us: Color) -> Vec<(Square, Square, i32)> {
    let lines = match piece {
        Role::Bishop => attacks::bishop_attacks(from, Bitboard::EMPTY),
        Role::Rook => attacks::rook_attacks(from, Bitboard::EMPTY),
        Role::Queen => attacks::queen_attacks(from, Bitboard::EMPTY),
        _ => return Vec::new(),
    };
    let worth = |t: Square| match b.role_at(t) {
        Some(Role::King) if piece != Role::Queen => 100,
        Some(r) if r != Role::King && board::value(r) > board::value(piece) => board::value(r),
        _ => 0,
    };
    (lines & b.by_color(!us))
        .into_iter()
        .filter_map(|t| {
            let mid = (attacks::between(from, t) & b.occupied()).single_square()?;
            // An enemy piece between is pinned or skewered: its own sentence says that.
            let between_ok = b.pawns().contains(mid) || b.by_color(us).contains(mid);
            (worth(t) > 0 && between_ok && !b.kings().contains(mid)).then_some((t, mid, worth(t)))
        })
        .collect()
}

/// `xray`: a quiet queen, rook or bishop move (no check, where no capture wins it) that lines
/// the piece up, through exactly one piece, against a more valuable enemy piece or the king
/// ([`xray_targets`]) it did not line up against from its old square (14.Rfd1 against the
/// queen on d8 through the pawn on d4); the most valuable such target, the nearest first.
#[must_use]
pub fn xray(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if mv.is_capture()
        || after.is_check()
        || !matches!(mv.role(), Role::Queen | Role::Rook | Role::Bishop)
        || !safe_there(after, mv.to())
    {
        return None;
    }
    let old: Vec<Square> = xray_targets(before.board(), from, mv.role(), us)
        .into_iter()
        .map(|(t, _, _)| t)
        .collect();
    xray_targets(after.board(), mv.to(), mv.role(), us)
        .into_iter()
        .filter(|(t, _, _)| !old.contains(t))
        .max_by_key(|(t, _, w)| (*w, std::cmp::Reverse(board::distance(mv.to(), *t))))
        .map(|(t, mid, _)| idea(mv, "xray", t, Some(mid)))
}

/// `uncovers`: a move that gives check with the moved piece alone and opens the line of another
/// of our queens, rooks or bishops (the square it left lies between them) onto an enemy piece
/// or pawn (not the king) that the slider did not attack before, undefended or worth more than
/// the slider; and no answer to the check saves it without losing material by exchange (it
/// still hangs after every reply that does not): a discovered attack with tempo (20.Nd7+
/// unmasks the bishop on f4 against c7: "Nd7+ gives check" said nothing of it, session 34
/// read). `square`: the target (the most valuable); `other`: the slider.
/// `uncovers_take`: the same line opened by a capture that gives no check, which the opponent
/// can take back on its square, and every such recapture leaves the target hanging (20.Nxe5
/// with the queen on d1 against the loose knight on h5: "Nxe5 takes the pawn" hid that ...dxe5
/// drops the knight, session 35 read).
#[must_use]
pub fn uncovers(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let from = mv.from()?;
    let checkers = after.checkers();
    let check = checkers == Bitboard::from_square(mv.to());
    if mv.is_castle() || !(check || (checkers.is_empty() && mv.is_capture())) {
        return None;
    }
    let us = before.turn();
    let b = after.board();
    let hangs = |p: &Chess, slider: Square, t: Square| {
        let pb = p.board();
        pb.by_color(us).contains(slider)
            && pb.by_color(!us).contains(t)
            && pb.attacks_from(slider).contains(t)
            && pb
                .role_at(slider)
                .is_some_and(|sr| board::worth_hitting(pb, t, sr))
    };
    // With check, every answer to it; after a capture, every recapture on its square (there
    // must be one).
    let replies: Vec<Move> = after
        .legal_moves()
        .into_iter()
        .filter(|r| check || (r.is_capture() && r.to() == mv.to()))
        .collect();
    if replies.is_empty() {
        return None;
    }
    let sliders = b.by_color(us) & b.sliders() & !Bitboard::from_square(mv.to());
    sliders
        .into_iter()
        .flat_map(|slider| {
            (b.attacks_from(slider) & b.by_color(!us) & !b.kings())
                .into_iter()
                .filter(move |t| attacks::between(slider, *t).contains(from))
                .map(move |t| (slider, t))
        })
        .filter(|(slider, t)| {
            !before.board().attacks_from(*slider).contains(*t)
                && hangs(after, *slider, *t)
                && replies.iter().all(|r| {
                    !crate::explain::board::see_ge(after, *r, 0)
                        || board::play(after, *r).is_some_and(|p| hangs(&p, *slider, *t))
                })
        })
        .max_by_key(|(_, t)| b.role_at(*t).map_or(0, board::value))
        .map(|(slider, t)| {
            let name = if check { "uncovers" } else { "uncovers_take" };
            idea(mv, name, t, Some(slider))
        })
}

/// `unblocks`: a quiet knight or bishop move (no check) off the square just in front of our own
/// pawn, which can now advance, with us to move again, to a square where no capture wins it:
/// the double step from home when that is safe, else the single (9.Ne1 makes way for f4).
/// With a line, the pawn must advance in it within the mover's next [`UNBLOCKED_WITHIN`]
/// moves, and the square said is the one it goes to there: a push the line never plays was a
/// side effect (10.Nd2 "unblocks the pawn on f2, which can advance to f4" where the knights
/// went to e4; 17.Ne2 "unblocks c2" on its way to g3; session 38 reads).
#[must_use]
pub fn unblocks(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if mv.is_capture() || after.is_check() || !matches!(mv.role(), Role::Knight | Role::Bishop) {
        return None;
    }
    let pawn = from.offset(if us.is_white() { -8 } else { 8 })?;
    // The c- to f-pawns, whose advance is a plan (the centre, a break); a wing pawn's step is no
    // point of the move (a knight back from a3 "unblocks the a-pawn").
    // A piece that had to move anyway (attacked by a cheaper piece, or attacked and
    // undefended: 20.Nd3 from e5 hit by the pawn on d6) unblocks by the way, not on purpose.
    if !(File::C..=File::F).contains(&pawn.file())
        || after.board().piece_at(pawn) != Some(Role::Pawn.of(us))
        || board::is_bad_spot(before.board(), from)
    {
        return None;
    }
    let pushed_in_line = board::mover_next(pv, UNBLOCKED_WITHIN).find(|m| m.from() == Some(pawn));
    if !pv.is_empty() && pushed_in_line.is_none() {
        return None;
    }
    let again = super::pass(after)?;
    let mut pushes = again
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(pawn) && !m.is_capture() && m.promotion().is_none())
        .filter(|m| crate::explain::board::see_ge(&again, *m, 0));
    // The push the line plays, when it can be played now: 9.Nd1 "can now go to c4" where the
    // line's c3 hits the knight on d4 and c4 would give it the square for good (session 43
    // read). Without a line, the longest.
    let said = match pushed_in_line {
        Some(line_push) => pushes.find(|m| m.to() == line_push.to()),
        None => pushes.max_by_key(|m| board::distance(pawn, m.to())),
    };
    said.map(|m| idea(mv, "unblocks", m.to(), Some(pawn)))
}

/// Within how many of the mover's next moves in the line an unblocked pawn must advance for
/// [`unblocks`] to be the move's idea.
const UNBLOCKED_WITHIN: usize = 2;

/// `aims_f7`: a bishop or queen newly attacks the enemy's f7 (f2) pawn, which only its king
/// defends, and no other piece of ours attacks it (two attackers are the weak-point claim).
#[must_use]
pub fn aims_f7(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let us = before.turn();
    if !matches!(mv.role(), Role::Bishop | Role::Queen) || mv.is_capture() {
        return None;
    }
    let (b0, b1) = (before.board(), after.board());
    let f7 = rel(Square::F7, us);
    let landed = mv.to();
    let king = b1.king_of(!us)?;
    (b1.piece_at(f7) == Some(Role::Pawn.of(!us))
        && b1.attacks_from(landed).contains(f7)
        && !mv.from().is_some_and(|f| b0.attacks_from(f).contains(f7))
        && board::attackers(b1, f7, !us) == Bitboard::from_square(king)
        && board::attackers(b1, f7, us) == Bitboard::from_square(landed))
    .then(|| idea(mv, "aims_f7", f7, Some(landed)))
}

/// `aims_king`: a bishop or queen (a quiet move, not a check) comes onto a diagonal towards
/// the enemy king on its first two ranks with nothing between them but one enemy pawn beside
/// the king, its shield, and stands safe there; it was not on that diagonal before (9.Bc4 in
/// the Yugoslav Dragon against the king on g8 through f7: "is a step on the bishop's way to b3"
/// missed the diagonal, session 46 read). `square` the pawn, `other` the king.
#[must_use]
pub fn aims_king(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    if !matches!(mv.role(), Role::Bishop | Role::Queen) || mv.is_capture() || after.is_check() {
        return None;
    }
    let us = before.turn();
    let b = after.board();
    let king = b.king_of(!us)?;
    let landed = mv.to();
    let from = mv.from()?;
    if board::rel_rank(king, !us) > 1
        || !attacks::bishop_attacks(king, Bitboard::EMPTY).contains(landed)
        || attacks::ray(king, landed).contains(from)
    {
        return None;
    }
    let between = attacks::between(landed, king) & b.occupied();
    let shield = between.single_square()?;
    (b.piece_at(shield) == Some(Role::Pawn.of(!us))
        && attacks::king_attacks(king).contains(shield)
        && safe_there(after, landed))
    .then(|| idea(mv, "aims_king", shield, Some(king)))
}

/// Files where `color` has a passed pawn.
fn passer_files(b: &Board, color: Color) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    for p in b.by_piece(Role::Pawn.of(color)) {
        if board::is_passed(b, p, color) {
            files |= Bitboard::from_file(p.file());
        }
    }
    files
}

/// How many plies after the push [`breakthrough`] reads for the new passed pawn (the miner's
/// textbook rule reads six: b6 axb6 c6 bxc6 a6 is four, a king or knight check between adds two).
const BREAK_PLIES: usize = 6;
/// The most pieces (not pawns or kings) a side may have for a [`breakthrough`]: an ending.
const BREAK_MOST_PIECES: usize = 3;
/// Depth and node cap of each short search that carries a line shorter than [`BREAK_PLIES`] on
/// (the engine's line at a shallow depth often stops after two plies, before the passer).
const BREAK_DEPTH: u32 = 4;
const BREAK_NODES: u64 = 6_000;

/// `breakthrough`: in an ending (no queens, at most [`BREAK_MOST_PIECES`] pieces a side), a pawn push (no capture) that offers the pawn to an enemy pawn, after which,
/// within the next [`BREAK_PLIES`] plies (not at once), we have a passed pawn on a file where we
/// had none. The plies are `pv`'s, carried on by short searches of the engine
/// ([`super::point::short_search`]) where `pv` ends sooner. `moves` is the shortest such line
/// from the move, `square` the new passer.
#[must_use]
pub fn breakthrough(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    let us = before.turn();
    if mv.role() != Role::Pawn || mv.is_promotion() {
        return None;
    }
    let offered = !(attacks::pawn_attacks(us, mv.to())
        & after.board().by_piece(Role::Pawn.of(!us)))
    .is_empty();
    // A breakthrough is an ending's idea: with queens on, or more than
    // [`BREAK_MOST_PIECES`] pieces a side, a push "making a passer" six plies later is a trade
    // in an opening or a pawn exchange beside the move's point (b4 undermining c5, the
    // knight's support, said after "a breakthrough").
    let b = before.board();
    let most = |c: Color| (b.by_color(c) & !b.pawns() & !b.kings()).count();
    if mv.is_capture()
        || !offered
        || !b.queens().is_empty()
        || most(Color::White).max(most(Color::Black)) > BREAK_MOST_PIECES
    {
        return None;
    }
    let had = passer_files(before.board(), us);
    if let Some(f) = line_passer(after, mv, pv, had) {
        return Some(f);
    }
    // A pawn ending: the breakthrough is forced whatever the defence (b6! axb6 c6 or cxb6 a6),
    // which a shallow line that defends badly does not show; the forced line after the
    // capture of the pawn is the one named.
    if !is_pawn_ending(b) {
        return None;
    }
    let mut line = vec![mv];
    line.extend(forced_passer(after, us, had, BREAK_FORCED_PLIES, mv.to())?);
    let end = line[1..]
        .iter()
        .try_fold(after.clone(), |p, m| board::play(&p, *m))?;
    let square = new_passer(end.board(), us, had)?;
    Some(break_fact(mv, square, &line))
}

/// The first passed pawn of `us` on `b` on a file where `had` shows none.
fn new_passer(b: &Board, us: Color, had: Bitboard) -> Option<Square> {
    board::relative(b.by_piece(Role::Pawn.of(us)), us)
        .into_iter()
        .find(|p| board::is_passed(b, *p, us) && (had & Bitboard::from_file(p.file())).is_empty())
}

/// The [`breakthrough`] idea of `mv`: the new passer on `square`, reached by `line`.
fn break_fact(mv: Move, square: Square, line: &[Move]) -> Fact {
    Fact::Idea {
        uci: uci(mv),
        idea: "breakthrough".to_owned(),
        square,
        other: None,
        moves: line.iter().map(|m| uci(*m)).collect(),
        san: Vec::new(),
        n: 0,
    }
}

/// How many plies after the push (the defender's first) the forced breakthrough is read in a
/// pawn ending: reply, pawn move, reply, pawn move (b6! axb6 c6 bxc6 a6).
const BREAK_FORCED_PLIES: u32 = 4;

/// The forced passer of [`breakthrough`]: with the defender (`pos`'s side to move) to play,
/// every reply of it is met within `plies` plies by pawn moves of `us` that leave a new passed
/// pawn (see [`new_passer`]) no enemy piece attacks. The line returned follows the reply that
/// takes on `pushed` (the pawn offered), else the first reply.
fn forced_passer(
    pos: &Chess,
    us: Color,
    had: Bitboard,
    plies: u32,
    pushed: Square,
) -> Option<Vec<Move>> {
    if plies < 2 {
        return None;
    }
    let mut chosen: Option<Vec<Move>> = None;
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return None;
    }
    for r in replies {
        let next = board::play(pos, r)?;
        let mut found = None;
        for m in next
            .legal_moves()
            .into_iter()
            .filter(|m| m.role() == Role::Pawn)
        {
            let Some(then) = board::play(&next, m) else {
                continue;
            };
            let b = then.board();
            let safe = new_passer(b, us, had).is_some_and(|p| !board::is_attacked(b, p, !us));
            if safe {
                found = Some(vec![r, m]);
                break;
            }
            if let Some(rest) = forced_passer(&then, us, had, plies - 2, pushed) {
                found = Some([vec![r, m], rest].concat());
                break;
            }
        }
        let line = found?;
        if chosen.is_none() || (r.to() == pushed && r.is_capture()) {
            chosen = Some(line);
        }
    }
    chosen
}

/// The passer [`breakthrough`] reads in `pv` (carried on by short searches).
fn line_passer(after: &Chess, mv: Move, pv: &[Move], had: Bitboard) -> Option<Fact> {
    let us = !after.turn();
    let mut pos = after.clone();
    let mut line = vec![mv];
    for i in 0..BREAK_PLIES {
        let m = match pv.get(i) {
            Some(m) => *m,
            None => super::point::short_search(&pos, BREAK_DEPTH, BREAK_NODES).0?,
        };
        pos = board::play(&pos, m)?;
        line.push(m);
        // The passer is new on its file: no passed pawn of ours stood on that file.
        if let Some(p) = new_passer(pos.board(), us, had) {
            return Some(break_fact(mv, p, &line));
        }
    }
    None
}

/// Whether the board is an ending: no queens, at most two pieces (not pawns or kings) a side.
fn is_ending(b: &Board) -> bool {
    let pieces = |c: Color| (b.by_color(c) & !b.pawns() & !b.kings()).count();
    b.queens().is_empty() && pieces(Color::White) <= 2 && pieces(Color::Black) <= 2
}

/// Whether the board holds only kings and pawns.
fn is_pawn_ending(b: &Board) -> bool {
    (b.occupied() & !b.pawns() & !b.kings()).is_empty()
}

/// `trades_down`: a capture, with the recapture when the line's reply takes back on the same
/// square, leaves an ending with us ahead in material (`n` pawns); before it, no ending, or
/// pieces where the trade leaves a pawn ending (a rook ending traded into a won pawn ending).
#[must_use]
pub fn trades_down(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    let us = before.turn();
    if !mv.is_capture() || is_pawn_ending(before.board()) {
        return None;
    }
    let mut line = vec![mv];
    let mut end = after.clone();
    if let Some(r) = pv.first().filter(|r| r.is_capture() && r.to() == mv.to()) {
        end = board::play(&end, *r)?;
        line.push(*r);
    }
    let up = board::balance(end.board(), us);
    let into = if is_ending(before.board()) {
        is_pawn_ending(end.board())
    } else {
        is_ending(end.board())
    };
    (into && up >= 1 && !end.is_check()).then(|| Fact::Idea {
        uci: uci(mv),
        idea: "trades_down".to_owned(),
        square: mv.to(),
        other: None,
        moves: line.iter().map(|m| uci(*m)).collect(),
        san: Vec::new(),
        n: u32::try_from(up).unwrap_or(0),
    })
}

/// `removes_guard` (see the module's documentation): `square` the piece left without a guard,
/// `other` the guard taken, `moves` the move, the reply and our capture on `square`. `pv` is
/// the line as [`guard_pv`] gives it.
#[must_use]
pub fn removes_guard(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    let us = before.turn();
    let b0 = before.board();
    // The piece guarded: an enemy piece (no pawn, no king) the guard alone defended, which we
    // attacked.
    let guarded = |target: Square, guard: Square| {
        !matches!(b0.role_at(target), None | Some(Role::Pawn | Role::King))
            && b0.color_at(target) == Some(!us)
            && board::attackers(b0, target, !us) == Bitboard::from_square(guard)
            && board::is_attacked(b0, target, us)
    };
    if let Some((guard, reply, ours, target)) = guard_line(before, mv, pv)
        && guarded(target, guard)
    {
        // Still there to be taken at our next move (not the recapturer).
        let next = board::play(after, reply)?;
        board::play(&next, ours)?;
        return Some(guard_taken(
            "removes_guard",
            &[mv, reply, ours],
            target,
            guard,
        ));
    }
    unguarded_kept(before, mv, after, pv, guarded)
}

/// The second form of `removes_guard`: the capture took the only guard of an enemy piece we
/// attack, which after it stands attacked and undefended; the capturer could be taken back,
/// but the reply does not take it (taking back loses the piece it guarded: 1.Bxc6 Bxb2, not
/// 1...bxc6 2.Rxe5). `moves`: the capture and the reply.
fn unguarded_kept(
    before: &Chess,
    mv: Move,
    after: &Chess,
    line: &[Move],
    guarded: impl Fn(Square, Square) -> bool,
) -> Option<Fact> {
    let us = before.turn();
    let guard = mv.to();
    if !takes_piece(mv) || after.is_check() {
        return None;
    }
    let reply = *line.first()?;
    let b1 = after.board();
    if reply.to() == guard || !board::is_attacked(b1, guard, !us) {
        return None;
    }
    let target = board::relative(b1.by_color(!us), us)
        .into_iter()
        .find(|t| {
            guarded(*t, guard) && board::is_attacked(b1, *t, us) && !board::is_attacked(b1, *t, !us)
        })?;
    board::play(after, reply)?;
    Some(guard_taken("removes_guard", &[mv, reply], target, guard))
}

/// Whether `mv` takes a piece (not a pawn, not en passant): the only moves that can take a
/// guard ([`removes_guard`], [`removes_defender`]).
fn takes_piece(mv: Move) -> bool {
    mv.capture().is_some_and(|r| r != Role::Pawn) && !mv.is_en_passant()
}

/// The line the guard ideas read after `mv`: for a capture of a piece, `pv` [`carried`] on to
/// two moves (a line cut short right after the capture); any other move takes no guard, and
/// its line is `pv` as it is (no search). Computed once for both ideas and the sentence
/// condition that checks them (`sentence_check::Gate::line_gains`).
#[must_use]
pub(crate) fn guard_pv(mv: Move, after: &Chess, pv: &[Move]) -> Vec<Move> {
    if takes_piece(mv) {
        carried(after, pv, 2)
    } else {
        pv.to_vec()
    }
}

/// `pv` carried on by short searches of the engine ([`super::point::short_search`]) to at least
/// `plies` moves from `after`, where it is shorter (a line cut short by the search's table).
fn carried(after: &Chess, pv: &[Move], plies: usize) -> Vec<Move> {
    let mut line = Vec::new();
    let mut pos = after.clone();
    for i in 0..plies.max(pv.len()) {
        let m = match pv.get(i) {
            Some(m) => *m,
            None if i < plies => match super::point::short_search(&pos, BREAK_DEPTH, BREAK_NODES).0
            {
                Some(m) => m,
                None => break,
            },
            None => break,
        };
        let Some(next) = board::play(&pos, m) else {
            break;
        };
        line.push(m);
        pos = next;
    }
    line
}

/// The line of a capture that takes a guard: `mv` takes a piece (not a pawn) on `guard`, the
/// reply, then our capture `ours` of an enemy man on `target` (another square, not the reply's,
/// not the recapturer's). Returns `(guard, reply, ours, target)`.
fn guard_line(before: &Chess, mv: Move, pv: &[Move]) -> Option<(Square, Move, Move, Square)> {
    let guard = mv.to();
    if !takes_piece(mv) {
        return None;
    }
    let (reply, ours) = (*pv.first()?, *pv.get(1)?);
    let target = ours.to();
    (ours.is_capture()
        && target != guard
        && reply.to() != target
        && reply.from() != Some(target)
        && before.board().color_at(target) == Some(!before.turn()))
    .then_some((guard, reply, ours, target))
}

/// The idea `name` of a capture that takes a guard: `square` the target left short of
/// defenders, `other` where the guard stood, `moves` the capture, the reply and our capture on
/// the target (or the capture and the reply that leaves the capturer standing).
fn guard_taken(name: &str, line: &[Move], target: Square, guard: Square) -> Fact {
    Fact::Idea {
        uci: uci(line[0]),
        idea: name.to_owned(),
        square: target,
        other: Some(guard),
        moves: line.iter().map(|m| uci(*m)).collect(),
        san: Vec::new(),
        n: 0,
    }
}

/// `removes_defender` (see the module's documentation): `square` the piece or pawn left short
/// of defenders, `other` the defender taken, `moves` the move, the reply and our capture on
/// `square`. `pv` is the line as [`guard_pv`] gives it.
#[must_use]
pub fn removes_defender(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    let us = before.turn();
    let (guard, reply, ours, target) = guard_line(before, mv, pv)?;
    let b0 = before.board();
    let defenders = board::attackers(b0, target, !us);
    // One of two defenders or more (the only one is `removes_guard`), of an enemy piece or
    // pawn (not the king) we attack, still there at our next move.
    if matches!(b0.role_at(target), None | Some(Role::King))
        || !defenders.contains(guard)
        || defenders.count() < 2
        || !board::is_attacked(b0, target, us)
    {
        return None;
    }
    let next = board::play(after, reply)?;
    // After the trade on the guard's square, we attack the target more often than it is
    // defended.
    let b1 = next.board();
    if board::attackers(b1, target, us).count() <= board::attackers(b1, target, !us).count() {
        return None;
    }
    board::play(&next, ours)?;
    Some(guard_taken(
        "removes_defender",
        &[mv, reply, ours],
        target,
        guard,
    ))
}

/// `removes_mate_guard` (see the module's documentation): `square` the mating square, `other`
/// where the guard stood, `moves` the move and the mate it makes possible, `san` the mate.
#[must_use]
pub fn removes_mate_guard(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let guard = mv.to();
    if mv.capture().is_none_or(|r| r == Role::Pawn) || mv.is_en_passant() || after.is_check() {
        return None;
    }
    // The squares the captured piece covered, on the board before the move.
    let covered = before.board().attacks_from(guard);
    let passed = crate::explain::purpose::pass(after)?;
    let mates = |pos: &Chess, m: Move| board::play(pos, m).is_some_and(|p| p.is_checkmate());
    let mate = passed.legal_moves().into_iter().find(|m| {
        // Another piece mates: the capturer's own mate is its threat, not a guard removed
        // (Qxe7 threatening Qxe8# is a queen trade).
        covered.contains(m.to())
            && m.from() != Some(guard)
            && mates(&passed, *m)
            // The same move did not mate before: the guard held the square.
            && !before
                .legal_moves()
                .into_iter()
                .any(|b| b.from() == m.from() && b.to() == m.to() && mates(before, b))
    })?;
    Some(Fact::Idea {
        uci: uci(mv),
        idea: "removes_mate_guard".to_owned(),
        square: mate.to(),
        other: Some(guard),
        moves: vec![uci(mv), uci(mate)],
        san: vec![shakmaty::san::SanPlus::from_move(passed.clone(), mate).to_string()],
        n: 0,
    })
}

/// How many plies of the line [`offers_trade`] looks at for the trade: the reply, and our
/// next move.
const TRADE_WITHIN_PLIES: usize = 2;

/// `offers_trade` (see the module's documentation): `square` the enemy piece, `other` where
/// the move went; `offers_trade_attacker` when the enemy piece attacked a square beside our
/// king before the move (a man of ours there first), `other` that square; `moves` the line up to the capture.
#[must_use]
pub fn offers_trade(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    let role = mv.role();
    if mv.is_capture() || after.is_check() || matches!(role, Role::Pawn | Role::King) {
        return None;
    }
    let us = before.turn();
    let b = after.board();
    let to = mv.to();
    let mutual = b.attacks_from(to) & b.by_piece(role.of(!us));
    let target = mutual
        .into_iter()
        .find(|s| b.attacks_from(*s).contains(to) && board::is_defended(b, to))?;
    // An undefended piece attacked by one of its kind that it attacks back must trade or go:
    // the offer is made whatever the line does (22.Qe3 against the queen on c5; "the queen on
    // c5 is now under attack" missed the trade of queens, session 47 read).
    if !board::is_defended(b, target) {
        return Some(Fact::Idea {
            uci: uci(mv),
            idea: "offers_trade".to_owned(),
            square: target,
            other: Some(to),
            moves: vec![uci(mv)],
            san: Vec::new(),
            n: 0,
        });
    }
    let mut line = vec![mv];
    let mut pos = after.clone();
    for m in pv.iter().take(TRADE_WITHIN_PLIES) {
        // Only a legal line is read.
        let next = board::play(&pos, *m)?;
        line.push(*m);
        let traded = m.is_capture()
            && ((m.from() == Some(target) && m.to() == to)
                || (m.from() == Some(to) && m.to() == target));
        if traded {
            // The piece offered for a trade aimed beside our king: the trade takes an attacker
            // off (20.Bg3 against the bishop on d6, which with the queen behind it aimed at
            // h2; "offers a trade of bishops" did not say why, session 44 read).
            let zone = before
                .board()
                .king_of(us)
                .map_or(Bitboard::EMPTY, attacks::king_attacks);
            let aimed = before.board().attacks_from(target) & zone;
            let aim = board::relative(aimed & before.board().by_color(us), us)
                .into_iter()
                .chain(board::relative(aimed, us))
                .next();
            return Some(Fact::Idea {
                uci: uci(mv),
                idea: if aim.is_some() {
                    "offers_trade_attacker"
                } else {
                    "offers_trade"
                }
                .to_owned(),
                square: target,
                other: Some(aim.unwrap_or(to)),
                moves: line.iter().map(|m| uci(*m)).collect(),
                san: Vec::new(),
                n: 0,
            });
        }
        pos = next;
    }
    None
}

/// Every textbook idea of `mv`, about the position before it.
#[must_use]
pub fn derive(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Vec<Fact> {
    let guard_line_pv = guard_pv(mv, after, pv);
    let mut ideas = [
        evades(before, mv, after),
        king_safety(before, mv, after),
        castles_opposite(before, mv, after),
        rook_lift(before, mv, after),
        blockade(before, mv, after),
        undermines(before, mv, after),
        minority(before, mv, after),
        storm(before, mv, after),
        fianchetto(before, mv, after),
        centralises(before, mv, after),
        centralises_queen(before, mv, after),
        reinforces(before, mv, after),
        unpins(before, mv, after),
        keeps_pin(before, mv, after),
        costs_castling(mv, after, pv),
        takes_pinner(before, mv),
        prepares_fianchetto(before, mv, after),
        off_rim(before, mv, after),
        fianchettoes(before, mv, after),
        fianchetto_pawn(before, mv, after),
        opens_diagonal(before, mv, after),
        counters(before, mv, after),
        aims_f7(before, mv, after),
        aims_king(before, mv, after),
        battery(before, mv, after),
        xray(before, mv, after),
        unblocks(before, mv, after, pv),
        uncovers(before, mv, after),
        breakthrough(before, mv, after, pv),
        trades_down(before, mv, after, pv),
        removes_guard(before, mv, after, &guard_line_pv),
        removes_mate_guard(before, mv, after),
        removes_defender(before, mv, after, &guard_line_pv),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>();
    // The fianchettoed bishop challenged is the fianchetto idea, said once.
    let fianchettoed = ideas
        .iter()
        .any(|f| matches!(f, Fact::Idea { idea, .. } if idea == "fianchetto"));
    if !fianchettoed && let Some(f) = offers_trade(before, mv, after, pv) {
        ideas.push(f);
    }
    // A guard added is the reason of a move that has no other.
    if ideas.is_empty()
        && let Some(f) = guards(before, mv, after)
    {
        ideas.push(f);
    }
    ideas
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::board::before_move_after;

    fn names(fen: &str, san: &str, line: &[&str]) -> Vec<String> {
        let (before, mv, after) = before_move_after(fen, san);
        let pv = crate::explain::board::line_from(&after, line);
        derive(&before, mv, &after, &pv)
            .into_iter()
            .filter_map(|f| match f {
                Fact::Idea { idea, .. } => Some(idea),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_bishop_driven_back_along_its_pin_keeps_it() {
        // Morphy, 9.Bh4 against ...h6 (session 44 read: "takes the attacked bishop to safety"
        // did not say why h4): from h4 the bishop still pins the knight on f6 to the queen.
        let fen = "rnbq1rk1/pp3pp1/2pb1n1p/3p2B1/3P4/2NB1N2/PPP2PPP/R2Q1RK1 w - - 0 9";
        assert!(names(fen, "Bh4", &[]).contains(&"keeps_pin".to_owned()));
        // Retreats that give the pin up keep nothing.
        for san in ["Bd2", "Be3", "Bxf6"] {
            assert!(
                !names(fen, san, &[]).contains(&"keeps_pin".to_owned()),
                "{san}"
            );
        }
        // A pinning bishop nobody attacks, moved along the line, was not driven away.
        let calm = "rnbq1rk1/pp3pp1/2pb1n2/3p2B1/3P4/2NB1N2/PPP2PPP/R2Q1RK1 w - - 0 9";
        assert!(!names(calm, "Bh4", &[]).contains(&"keeps_pin".to_owned()));
    }

    #[test]
    fn a_bishop_on_the_kings_diagonal_aims_at_it() {
        // Fischer's game, the Yugoslav Dragon: 9.Bc4 aims at the king on g8 through f7.
        let dragon = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9";
        assert!(names(dragon, "Bc4", &[]).contains(&"aims_king".to_owned()));
        // Be2 stays off that diagonal.
        assert!(!names(dragon, "Be2", &[]).contains(&"aims_king".to_owned()));
        // With a second man between, the king is not aimed at: a pawn on e6 too.
        let closed = "r1bq1rk1/pp3pbp/2nppnp1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 0 9";
        assert!(!names(closed, "Bc4", &[]).contains(&"aims_king".to_owned()));
    }

    #[test]
    fn a_capture_of_the_pinner_ends_the_pin() {
        // Carlsen-Wang Yue, 20.Qxe5: the queen on e5 pinned the queen on g3 to the king on h2.
        let fen = "4rk1r/pppb1ppp/8/3pq3/8/3B2QP/PPP3PK/RNB5 w - - 4 20";
        assert!(names(fen, "Qxe5", &["Rxe5"]).contains(&"takes_pinner".to_owned()));
        // A rook taking a queen that pinned it to its king: the pin ends.
        let pinned = "4k3/8/8/3q4/8/8/3R4/3K4 w - - 0 1";
        assert!(names(pinned, "Rxd5", &[]).contains(&"takes_pinner".to_owned()));
        // A bishop taking the bishop that held it against the rook behind: a trade of bishops
        // that held each other, no pin ended.
        let mutual = "4k3/8/8/8/3b4/8/1B6/R3K3 w - - 0 1";
        assert!(!names(mutual, "Bxd4", &[]).contains(&"takes_pinner".to_owned()));
        // The same queen with nothing behind the rook pinned nothing.
        let free = "4k3/8/8/2q5/8/8/2R5/3K4 w - - 0 1";
        assert!(!names(free, "Rxc5", &[]).contains(&"takes_pinner".to_owned()));
    }

    #[test]
    fn a_check_answered_by_a_king_move_costs_castling() {
        // Carlsen-Wang Yue, 9.Re1+ (session 46 read): after ...Kf8 Black can no longer castle.
        let fen = "r2qk2r/pppb1ppp/3b1n2/3p3Q/3P4/3B4/PPP2PPP/RNB2RK1 w kq - 4 9";
        assert!(names(fen, "Re1+", &["Kf8"]).contains(&"costs_castling".to_owned()));
        // Blocked, the king keeps its rights.
        assert!(!names(fen, "Re1+", &["Be7"]).contains(&"costs_castling".to_owned()));
        // A king that had already lost them loses nothing.
        let moved = "r2q3r/pppbkppp/3b1n2/3p3Q/3P4/3B4/PPP2PPP/RNB2RK1 w - - 4 9";
        assert!(!names(moved, "Re1+", &["Kf8"]).contains(&"costs_castling".to_owned()));
    }

    #[test]
    fn a_pin_against_a_guarded_piece_worth_the_pinner_is_not_kept() {
        // Carlsen-Bacrot, 20.Re2 (session 46 read): the rook, hit by the pawn on f6, still
        // stands on the e-file against the bishop on e6 and the rook on e8; but that rook is
        // guarded (by the rook on a8 and the queen) and worth the pinner: no pin to keep.
        let fen = "r3rqk1/1pp2p2/1b2bp1p/p3R3/P1B5/1PN5/1PQ2PPP/2KR4 w - - 0 20";
        assert!(!names(fen, "Re2", &[]).contains(&"keeps_pin".to_owned()));
    }

    #[test]
    fn a_check_that_unmasks_a_bishop_against_a_loose_pawn() {
        // Carlsen (game 244), 20.Nd7+: the knight leaves e5, the bishop on f4 hits c7, and
        // no answer to the check saves the pawn (...Rxd7 Rxd7 loses the exchange).
        let fen = "r2r4/p1p2n1p/bp2pk2/n3Np2/2P2B1P/P1P2P2/6P1/2KR1B1R w - - 0 20";
        let (before, mv, after) = before_move_after(fen, "Nd7+");
        assert_eq!(
            uncovers(&before, mv, &after),
            Some(idea(mv, "uncovers", Square::C7, Some(Square::F4)))
        );
        // Shirov - Carlsen (game 253), 20.Nxe5: the knight leaves f3, the queen on d1 hits the
        // loose knight on h5, and ...dxe5 would drop it.
        let fen = "2rqrbk1/1b4pp/pn1p4/1p1Ppp1n/1P2P3/2P2N1P/1B1N1PP1/R2QRBK1 w - - 0 20";
        let (before, mv, after) = before_move_after(fen, "Nxe5");
        assert_eq!(
            uncovers(&before, mv, &after),
            Some(idea(mv, "uncovers_take", Square::H5, Some(Square::D1)))
        );
        // A plain check that unmasks nothing.
        let fen = "4k3/8/8/1N6/8/8/8/4K3 w - - 0 1";
        let (before, mv, after) = before_move_after(fen, "Nd6+");
        assert_eq!(uncovers(&before, mv, &after), None);
        // The pawn defended by a rook on c8: nothing hangs.
        let fen = "r1rr4/p1p2n1p/bp2pk2/n3Np2/2P2B1P/P1P2P2/6P1/2KR1B1R w - - 0 20";
        let (before, mv, after) = before_move_after(fen, "Nd7+");
        assert_eq!(uncovers(&before, mv, &after), None);
    }

    #[test]
    fn a_centre_pawn_opens_the_diagonal_of_the_bishop_at_home() {
        // Carlsen - Leko: 9.e3 frees the bishop on f1 (e2, d3, c4, b5, a6 now open to it).
        let fen = "rnbq1rk1/p1p1bppp/1p6/3p4/3P1B2/P4N2/1P2PPPP/R2QKB1R w KQ - 0 9";
        assert!(names(fen, "e3", &[]).contains(&"opens_diagonal".to_owned()));
        // Morphy: 7...d6 frees the bishop on c8.
        let fen = "r1bqk2r/2pp1ppp/p1n2n2/1p1Np3/1b2P3/1B3N2/PPPP1PPP/R1BQK2R b KQkq - 1 7";
        assert!(names(fen, "d6", &[]).contains(&"opens_diagonal".to_owned()));
        // A diagonal still blocked by our own pawn one square on (d3) is not opened by e3;
        // nor is anything opened for a bishop that has left home.
        let fen = "rnbqkbnr/pppppppp/8/8/8/3P4/PPPNPPPP/R1BQKBNR w KQkq - 0 1";
        assert!(!names(fen, "e3", &[]).contains(&"opens_diagonal".to_owned()));
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1";
        assert!(!names(fen, "d4", &[]).contains(&"opens_diagonal".to_owned()));
        // The double step's point is the centre (1.e4), not the bishop.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(!names(fen, "e4", &[]).contains(&"opens_diagonal".to_owned()));
        assert!(names(fen, "e3", &[]).contains(&"opens_diagonal".to_owned()));
        // Carlsen, the Ruy Lopez: 9.Nf1 frees the bishop on c1 (d2, e3, f4, g5, h6).
        let fen = "r2qr1k1/pppbbppp/2np1n2/1B2p3/4P3/2PP1N2/PP1N1PPP/R1BQR1K1 w - - 5 9";
        assert!(names(fen, "Nf1", &[]).contains(&"opens_diagonal".to_owned()));
    }

    #[test]
    fn a_guard_added_where_the_defenders_did_not_outnumber_the_attackers() {
        // The knight on f6 and the bishop on d5 against e4, which the knight on c3 alone
        // guarded: ...Bxe4 Nxe4 Nxe4 won a pawn; after Re1 it loses a piece.
        let fen = "6k1/5ppp/5n2/3b4/4P3/2N5/5PPP/5RK1 w - - 0 1";
        let (before, mv, after) = before_move_after(fen, "Re1");
        assert_eq!(
            guards(&before, mv, &after),
            Some(idea(mv, "guards", Square::E4, Some(Square::D5)))
        );
        // Carlsen, the Ruy Lopez: 9.Re1 behind e4, which the knight on f6 attacks and d3
        // defends: ...Nxe4 dxe4 gives a knight for a pawn, so e4 needed no guard.
        let fen = "r1bqr1k1/1pp1bppp/p1np1n2/4p3/B3P3/2PP1N1P/PP3PP1/RNBQ1RK1 w - - 1 9";
        let (before, mv, after) = before_move_after(fen, "Re1");
        assert_eq!(guards(&before, mv, &after), None);
        // A pawn nobody attacks needs no guard: 9.Qe2 guards e4 too, but after 9.Re1's
        // pattern with the knight gone from f6 nothing is said.
        let fen = "r1bqr1k1/1pp1bppp/p1np4/4p3/B3P3/2PP1N1P/PP3PP1/RNBQ1RK1 w - - 1 9";
        let (before, mv, after) = before_move_after(fen, "Re1");
        assert_eq!(guards(&before, mv, &after), None);
    }

    #[test]
    fn a_counter_attack_leaves_the_threat_and_hits_as_much() {
        // Morphy, 14.Nd2: ...Nxb3 still takes the queen, but the knight now hits the queen on e4.
        let fen = "r2k3r/ppp2Bbp/3p4/8/3nqB2/1QP4P/PP5P/RN3RK1 w - - 0 14";
        let (before, mv, after) = before_move_after(fen, "Nd2");
        let got = counters(&before, mv, &after);
        assert!(
            matches!(&got, Some(Fact::Idea { square: Square::B3, other: Some(Square::E4), san, .. }) if san == &["Nxb3"]),
            "{got:?}"
        );
        // Moving the queen away meets the threat: no counter-attack.
        let (before, mv, after) = before_move_after(fen, "Qc4");
        assert_eq!(counters(&before, mv, &after), None);
        // A knight move that hits nothing is no counter-attack.
        let (before, mv, after) = before_move_after(fen, "Na3");
        assert_eq!(counters(&before, mv, &after), None);
    }

    /// The square and the other square of the idea `detect` finds for `san` in `fen`.
    fn idea_at(
        detect: fn(&Chess, Move, &Chess) -> Option<Fact>,
        fen: &str,
        san: &str,
    ) -> Option<(Square, Option<Square>)> {
        let (before, mv, after) = before_move_after(fen, san);
        match detect(&before, mv, &after)? {
            Fact::Idea { square, other, .. } => Some((square, other)),
            _ => None,
        }
    }

    #[test]
    fn a_knight_steps_off_the_square_in_front_of_its_pawn() {
        // 9.Ne1 (Carlsen, game 250): the f-pawn can go to f4 now.
        let fen = "r2qk1nr/ppbn1ppp/2p1p3/3pPb2/3P4/1N3N2/PPP1BPPP/R1BQ1RK1 w kq - 8 9";
        assert_eq!(
            idea_at(|b, m, a| unblocks(b, m, a, &[]), fen, "Ne1"),
            Some((Square::F4, Some(Square::F2)))
        );
        // A knight driven away (20.Nd3, the knight on e5 hit by the pawn on d6) unblocks the
        // e-pawn by the way, not on purpose.
        let driven = "2rr2k1/4bp2/1p1ppn1p/2p1N1p1/2P1P3/1PN3P1/P4PKP/1R1R4 w - - 0 20";
        assert_eq!(
            idea_at(|b, m, a| unblocks(b, m, a, &[]), driven, "Nd3"),
            None
        );
        // A bishop that did not stand in front of a pawn unblocks nothing.
        assert_eq!(idea_at(|b, m, a| unblocks(b, m, a, &[]), fen, "Bd3"), None);
        // Where each push would lose the pawn, nothing is unblocked: ...Bd8 with f6 attacked by
        // two pawns and the queen, f5 by the queen.
        let fen = "4k3/5p2/5b2/4P1P1/8/8/8/4KQ2 b - - 0 1";
        assert_eq!(idea_at(|b, m, a| unblocks(b, m, a, &[]), fen, "Bd8"), None);
        // With a line, the push must come in it: 9.Ne1 h6 f4 makes way for f4; 9.Ne1 h6 Nd3
        // h5 Nc5 never plays it, and the knight's trip is the point (session 38 reads).
        let fen = "r2qk1nr/ppbn1ppp/2p1p3/3pPb2/3P4/1N3N2/PPP1BPPP/R1BQ1RK1 w kq - 8 9";
        let (before, mv, after) = before_move_after(fen, "Ne1");
        let pushed = crate::explain::board::line_from(&after, &["h6", "f4"]);
        assert!(unblocks(&before, mv, &after, &pushed).is_some());
        let elsewhere = crate::explain::board::line_from(&after, &["h6", "Nd3", "h5", "Ndc5"]);
        assert!(unblocks(&before, mv, &after, &elsewhere).is_none());
    }

    #[test]
    fn a_rook_lines_up_against_the_queen_through_one_piece() {
        // 1.Rfd1: the rook faces the queen on d8 with only the pawn on d4 between them.
        let fen = "3q1rk1/pp3ppp/8/8/3P4/8/PP3PPP/R4RK1 w - - 0 1";
        assert_eq!(
            idea_at(xray, fen, "Rfd1"),
            Some((Square::D8, Some(Square::D4)))
        );
        // Two pieces between (a black pawn on d5 too): no line-up to speak of.
        let fen = "3q1rk1/pp3ppp/8/3p4/3P4/8/PP3PPP/R4RK1 w - - 0 1";
        assert_eq!(idea_at(xray, fen, "Rfd1"), None);
        // Along the same file it already faced the queen: nothing new.
        let fen = "3q1rk1/pp3ppp/8/8/3P4/8/PP3PPP/3R1RK1 w - - 0 1";
        assert_eq!(idea_at(xray, fen, "Rd2"), None);
        // A bishop against a rook through a pawn; a bishop against a knight is no line-up.
        let fen = "r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/2B1K2R w Kk - 0 1";
        assert_eq!(idea_at(xray, fen, "Bg5"), None);
        let fen = "4k2r/ppp2pp1/7p/8/8/4B3/PPP2PPP/4K3 w - - 0 1";
        assert_eq!(
            idea_at(xray, fen, "Bd4"),
            Some((Square::H8, Some(Square::G7)))
        );
    }

    #[test]
    fn a_bishop_behind_the_queen_aims_the_battery_at_the_king() {
        // A coach's read (Carlsen, session 29): 20.Bd3 lines up behind the queen on f5 against
        // h7 (Qh7+ next), which the text called only "ready for the break e4".
        let fen = "2rqr1k1/1b1n1pp1/1pp4p/p2p1Q2/Pb1P1B2/4PN1P/1P2BPP1/2RR2K1 w - - 0 20";
        let (before, mv, after) = before_move_after(fen, "Bd3");
        assert!(matches!(
            battery(&before, mv, &after),
            Some(Fact::Idea {
                square: Square::H7,
                other: Some(Square::F5),
                ..
            })
        ));
        // Carlsen - Ivanchuk, 11.Qc2: the queen behind the bishop on d3, against h7.
        let fen = "r1bq1rk1/p3bppp/1pn5/2pp4/3P1B2/P2BPN2/1P3PPP/R2QK2R w KQ - 2 11";
        let (before, mv, after) = before_move_after(fen, "Qc2");
        assert!(matches!(
            battery(&before, mv, &after),
            Some(Fact::Idea {
                square: Square::H7,
                other: Some(Square::D3),
                ..
            })
        ));
        // Aimed at nothing near the king (Qe2 behind the bishop on d3 aims at b5): no battery.
        assert!(names(fen, "Qe2", &[]).iter().all(|n| n != "battery"));
        // Where a capture wins the moved piece there is no battery to speak of.
        let fen = "r1bq1rk1/p3bppp/1p6/2pp4/1n1P1B2/P2BPN2/1P3PPP/R2QK2R w KQ - 2 11";
        let (before, mv, after) = before_move_after(fen, "Qc2");
        assert!(battery(&before, mv, &after).is_none());
    }

    #[test]
    fn the_queen_goes_to_the_centre_in_a_queen_ending() {
        // Queens and pawns only: Qd4, the queen to the centre where nothing can take it.
        let fen = "6k1/5pp1/7p/8/8/6PP/q4PK1/3Q4 w - - 0 1";
        assert_eq!(names(fen, "Qd4", &[]), ["centralises_queen"]);
        // Not with other pieces on the board (a rook each): the queen in the middlegame.
        let fen = "r5k1/5pp1/7p/8/8/6PP/q4PK1/R2Q4 w - - 0 1";
        assert!(!names(fen, "Qd4", &[]).contains(&"centralises_queen".to_owned()));
        // Not to a square the enemy queen attacks (it would be traded or taken).
        let fen = "3q2k1/5pp1/7p/8/8/6PP/5PK1/3Q4 w - - 0 1";
        assert!(!names(fen, "Qd4", &[]).contains(&"centralises_queen".to_owned()));
    }

    #[test]
    fn the_queen_behind_the_bishop_readies_the_fianchetto_trade() {
        // Carlsen - Vallejo, 9.Qd2: Bh6 would lose the bishop to ...Bxh6 before; now the
        // queen takes back.
        let fen = "r2qk2r/1p1bppbp/p1np1np1/2p5/4P3/2NPB1PP/PPP1NPB1/R2QK2R w KQkq - 1 9";
        assert_eq!(names(fen, "Qd2", &[]), ["prepares_fianchetto"]);
        assert!(names(fen, "Qc1", &[]).contains(&"prepares_fianchetto".to_owned()));
        // A queen move that does not guard h6 readies nothing.
        assert!(!names(fen, "Qb1", &[]).contains(&"prepares_fianchetto".to_owned()));
        // Nor with the king castled on the other wing.
        let fen = "2kr3r/1p1bppbp/p1np1np1/2p5/4P3/2NPB1PP/PPP1NPB1/R2QK2R w KQ - 1 9";
        assert!(!names(fen, "Qd2", &[]).contains(&"prepares_fianchetto".to_owned()));
    }

    #[test]
    fn a_piece_put_between_breaks_the_pin() {
        // Thomason - Fischer, 9.Be2: the bishop on g4 pins the knight on f3 to the queen.
        let fen = "r2q1rk1/pppnppbp/2np2p1/8/2PPP1b1/2NBBN2/PP3PPP/R2Q1RK1 w - - 8 9";
        assert_eq!(names(fen, "Be2", &[]), ["unpins"]);
        // The queen stepping off the line unpins too; the pinned knight moving does not.
        assert!(names(fen, "Qd2", &[]).contains(&"unpins".to_owned()));
        assert!(!names(fen, "Nd2", &[]).contains(&"unpins".to_owned()));
        // A knight in front of a piece worth no more is no pin.
        let fen = "4k3/8/8/8/6b1/5N2/4B3/4K3 w - - 0 1";
        assert!(names(fen, "Kf1", &[]).is_empty());
    }

    #[test]
    fn a_pawn_reinforces_the_outpost_piece() {
        // Morphy, 9.f4: the knight on e5, attacked by ...Nd7, gets a second pawn behind it.
        let fen = "r1bqk2r/pp1nbppp/2p2n2/3pN3/3P4/1BN5/PPP2PPP/R1BQ1RK1 w kq - 2 9";
        assert_eq!(names(fen, "f4", &[]), ["reinforces"]);
        // Not when no enemy piece attacks it (nothing to keep it against).
        let fen = "r1bqk2r/pp2bppp/2p2n2/3pN3/3P4/1BN5/PPP2PPP/R1BQ1RK1 w kq - 2 9";
        assert!(!names(fen, "f4", &[]).contains(&"reinforces".to_owned()));
    }

    #[test]
    fn a_pawn_reinforces_the_head_of_its_chain() {
        // Carlsen-Leko, 9.f4: the pawn on e5, attacked by the queen on c7 and held by d4 alone,
        // gets a second pawn behind it (it "prepared Bf2" before).
        let fen = "rn2kb1r/ppq1nppp/2p1p1b1/2PpP3/3P4/4B3/PP1N1PPP/R1Q1KBNR w KQkq - 1 9";
        assert!(names(fen, "f4", &[]).contains(&"reinforces".to_owned()));
        // A pawn in our own half is no chain's head to keep.
        let fen = "rn2kb1r/ppq1nppp/2p1p1b1/2Pp4/3PP3/4B3/PP1N1PPP/R1Q1KBNR w KQkq - 1 9";
        assert!(!names(fen, "f3", &[]).contains(&"reinforces".to_owned()));
    }

    #[test]
    fn a_move_out_of_check_says_so() {
        // Morphy, 20.Kg1 out of ...Nf2+: the king steps out of the check; the queen's h-file
        // behind the pawn on h2 is beside the point.
        let fen = "r3r1k1/p1p2ppp/1b6/3QP3/3P1P1q/8/PB1N1n1P/R4R1K w - - 0 20";
        assert_eq!(names(fen, "Kg1", &[]), ["steps_out"]);
        // Morphy, 16...Kf7 out of Qd6+: the one way out that keeps the bishop on e6, which
        // Bb3 and the queen hit (Kg8 leaves Bxe6+, Ke8 Bxe6 on the queen; session 41 read).
        let fen = "r4k1r/pp4pp/1bnQb2n/4P3/6q1/BBP5/P4PPP/RN3RK1 b - - 0 16";
        assert_eq!(names(fen, "Kf7", &[]), ["steps_out_guards"]);
        let (before, mv, after) = before_move_after(fen, "Kf7");
        assert!(matches!(
            evades(&before, mv, &after),
            Some(Fact::Idea { square, other, .. })
                if square == Square::E6 && other == Some(Square::D6)
        ));
        // Ke8 leaves it: a plain step out of check.
        assert_eq!(names(fen, "Ke8", &[]), ["steps_out"]);
        // A block; and the checker taken is a capture, no evasion idea.
        let fen = "4k3/8/8/8/8/8/3N4/r3K3 w - - 0 1";
        assert_eq!(names(fen, "Nb1", &[]), ["blocks_check"]);
        let fen = "4k3/8/8/8/8/1N6/8/r3K3 w - - 0 1";
        assert!(names(fen, "Nxa1", &[]).is_empty());
    }

    #[test]
    fn king_steps_off_the_bishops_diagonal() {
        // The bishop on c5 aims at g1 through the f2 pawn; h1 is on no enemy line.
        let fen = "r2q1rk1/ppp2ppp/2np1n2/2b1p3/4P1b1/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 0 8";
        assert_eq!(names(fen, "Kh1", &[]), ["king_off_line"]);
        // Session 50 read (11...Kh8): the bishop on c4 aims at g8 through the knight on d5
        // and the pawn on f7, which steps off the diagonal with ...f5.
        let fen = "r2q1rk1/ppp1bpp1/2n4p/3np3/N1B3b1/P2PBN2/1PP1QPPP/R4RK1 b - - 3 11";
        assert_eq!(names(fen, "Kh8", &[]), ["king_off_line"]);
    }

    #[test]
    fn king_tucked_into_the_corner_after_long_castling() {
        let fen = "2kr3r/ppp1qppp/2n1bn2/4p3/4P3/2N1BN2/PPP1QPPP/2KR3R w - - 0 10";
        assert_eq!(names(fen, "Kb1", &[]), ["king_corner"]);
        // With castling rights left it is no safety move after castling.
        let fen = "r3k2r/ppp1qppp/2n1bn2/4p3/4P3/2N1BN2/PPP1QPPP/R3K2R w KQkq - 0 10";
        assert!(!names(fen, "Kd2", &[]).contains(&"king_corner".to_owned()));
    }

    #[test]
    fn knight_blockades_the_passed_pawn() {
        let fen = "6k1/5ppp/8/3P4/8/8/1n3PPP/6K1 b - - 0 1";
        assert!(names(fen, "Nc4", &[]).is_empty());
        let fen = "6k1/5ppp/8/3P4/8/1n6/5PPP/6K1 b - - 0 1";
        assert_eq!(names(fen, "Nc5", &[]), Vec::<String>::new());
        let fen = "6k1/5ppp/8/3P4/2n5/8/5PPP/6K1 b - - 0 1";
        assert_eq!(names(fen, "Nd6", &[]), ["blockade"]);
    }

    #[test]
    fn minority_attack_and_undermining() {
        // Carlsbad: White's a- and b-pawns against a7, b7 and c6; b5 hits c6, which supports
        // d5, which the knight on c3 attacks.
        let fen = "r4rk1/pp2qppp/2p2n2/3p4/1P1P4/2N1P3/P4PPP/R2Q1RK1 w - - 0 14";
        let got = names(fen, "b5", &[]);
        assert!(got.contains(&"minority".to_owned()), "{got:?}");
        assert!(got.contains(&"undermines".to_owned()), "{got:?}");
        // Lasker (purpose_tune2), 48.a5: one pawn against two strikes b6, the defender of the
        // bishop on c5 that the rook attacks: undermining, no minority attack.
        let fen = "6k1/7p/pp4p1/2bN4/P7/2R5/1r6/5K2 w - - 0 48";
        let got = names(fen, "a5", &[]);
        assert!(got.contains(&"undermines".to_owned()), "{got:?}");
        assert!(!got.contains(&"minority".to_owned()), "{got:?}");
        // ...f6 against e5 and f5 with the king in the centre (Tal): no minority attack.
        let fen = "r1b1kr2/1p1pbpQ1/pqn5/4PP1p/3p4/3B4/PPP1N1PP/R4R1K b q - 0 17";
        assert!(!names(fen, "f6", &[]).contains(&"minority".to_owned()));
    }

    #[test]
    fn a_pawn_striking_the_base_of_a_chain_undermines_it() {
        // Caro-Kann, advance variation (purpose_textbook_tune): ...c5 strikes d4, which holds
        // the pawn on e5, though nothing of Black's attacks e5 yet.
        let fen = "rn1qkbnr/pp3ppp/2p1p3/3pPb2/3P4/5N2/PPP1BPPP/RNBQK2R b KQkq - 1 5";
        assert!(names(fen, "c5", &[]).contains(&"undermines".to_owned()));
        // A pawn struck that holds no pawn and no piece we attack is no base.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2";
        assert!(!names(fen, "f4", &[]).contains(&"undermines".to_owned()));
    }

    #[test]
    fn a_minor_piece_in_front_of_an_isolated_pawn_blockades_it() {
        // The isolated queen's pawn on d5 blockaded by Nbd4.
        let fen = "r2q1rk1/pp2bppp/2n1bn2/3p4/8/1N2PN2/PP2BPPP/R1BQ1RK1 w - - 0 1";
        assert!(names(fen, "Nbd4", &[]).contains(&"blockade_isolated".to_owned()));
        // The rook is no blockader of an isolated pawn (here: the queen to d4).
        assert!(!names(fen, "Qd4", &[]).contains(&"blockade_isolated".to_owned()));
        // Nor a capture with check (16.Nxc6+ in front of the isolated c7 pawn).
        let fen = "r6r/p1p1kppp/1bp1bq2/4N3/Q3P3/2P5/P4PPP/RN3RK1 w - - 1 16";
        assert!(!names(fen, "Nxc6+", &[]).contains(&"blockade_isolated".to_owned()));
    }

    #[test]
    fn a_rook_up_its_file_that_can_swing_to_the_king_is_a_lift() {
        // 12.Rf3 (Carlsen game 284), the king on g8: the rook can swing to g3.
        let fen = "r2q1rk1/p1pn1ppp/bpnp4/4p3/2PPPP2/P1PB4/2Q1N1PP/R1B2RK1 w - - 1 12";
        let (before, mv, after) = before_move_after(fen, "Rf3");
        let lift = derive(&before, mv, &after, &[])
            .into_iter()
            .find_map(|f| match f {
                Fact::Idea {
                    idea,
                    square,
                    other,
                    ..
                } if idea == "rook_lift" => Some((square, other)),
                _ => None,
            });
        assert_eq!(lift, Some((Square::G8, Some(Square::G3))));
        // Along the back rank: no lift.
        let fen = "r2q1rk1/p1pn1ppp/bpnp4/4p3/2PPPP2/P1PB4/2Q1N1PP/R1B2RK1 w - - 1 12";
        assert!(!names(fen, "Rb1", &[]).contains(&"rook_lift".to_owned()));
    }

    #[test]
    fn castling_away_from_the_enemy_king_is_opposite_castling() {
        // 9.O-O-O in the Yugoslav Dragon, the black king on g8.
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9";
        assert!(names(fen, "O-O-O", &[]).contains(&"castles_opposite".to_owned()));
        // The same wing as the enemy king: no.
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/2BNP3/2N1BP2/PPPQ2PP/R3K2R w KQ - 3 9";
        assert!(!names(fen, "O-O", &[]).contains(&"castles_opposite".to_owned()));
    }

    #[test]
    fn pawns_thrown_at_the_enemy_king_are_a_storm() {
        // The Yugoslav attack: kings on opposite wings, g4 (and h4) go at the king on g8.
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/2KR1B1R w - - 3 10";
        assert_eq!(names(fen, "g4", &[]), ["storm"]);
        assert_eq!(names(fen, "h4", &[]), ["storm"]);
        // Session 50 read (Morphy, 13...h5): a lone h-pawn, no g-pawn beside it, is no storm.
        let lone = "rnb1k1nr/pp2bp1p/3p4/3P4/2B2Bq1/4Q3/PPP3PP/RN2R1K1 b kq - 1 13";
        assert!(!names(lone, "h5", &[]).contains(&"storm".to_owned()));
        // h3 stays behind the fourth rank: no storm.
        assert!(names(fen, "h3", &[]).is_empty());
        // Fewer pawns on the enemy king's wing (g and h against f, g and h): h4 is a storm,
        // not a minority attack, which is a plan on the wing where the enemy king is not.
        let fen = "6k1/5p1p/6p1/8/8/8/6PP/2K1Q3 w - - 0 1";
        assert_eq!(names(fen, "h4", &[]), ["storm"]);
        // On the mover's own king's wing a push is no storm; without a queen or rook, neither.
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 10";
        assert!(names(fen, "g4", &[]).contains(&"storm".to_owned()));
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQB1PP/R4RK1 w - - 3 10";
        assert!(!names(fen, "g4", &[]).contains(&"storm".to_owned()));
        let fen = "6k1/5p1p/6p1/8/8/8/6PP/2K1B3 w - - 0 1";
        assert!(names(fen, "h4", &[]).is_empty());
    }

    #[test]
    fn fianchetto_bishop_offered_for_trade() {
        // Qd2 offers nothing itself; it readies Bh6 (`prepares_fianchetto`).
        let fen = "r1bq1rk1/pp1pppbp/2n2np1/8/3NP3/2N1B3/PPP1BPPP/R2QK2R w KQ - 0 8";
        assert_eq!(names(fen, "Qd2", &[]), ["prepares_fianchetto"]);
        let fen = "r1bq1rk1/pp1pppbp/2n2np1/8/3NP3/2N1B3/PPPQBPPP/R3K2R w KQ - 0 9";
        assert_eq!(names(fen, "Bh6", &[]), ["fianchetto"]);
    }

    #[test]
    fn knight_centralised_and_bishop_aims_at_f7() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        assert_eq!(names(fen, "Bc4", &[]), ["aims_f7"]);
        let fen = "4k3/8/8/8/8/8/8/N3K3 w - - 0 1";
        assert!(names(fen, "Nb3", &[]).is_empty());
        let fen = "4k3/8/8/8/8/1N6/8/4K3 w - - 0 1";
        assert_eq!(names(fen, "Nd4", &[]), ["centralises"]);
        // From c3 too (Nc3-e4); but not into an enemy pawn's attack.
        let fen = "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1";
        assert_eq!(names(fen, "Ne4", &[]), ["centralises"]);
        let fen = "4k3/8/8/5p2/8/2N5/8/4K3 w - - 0 1";
        assert!(names(fen, "Ne4", &[]).is_empty());
    }

    #[test]
    fn a_knight_comes_back_from_the_rim() {
        // Carlsen - Polgar, 9.Nc4: the knight on a3 comes back into play.
        let fen = "r2qkb1r/pb1p1ppp/1p2p1n1/2p5/3nP3/NP1B1N2/PBPP1PPP/R2QR1K1 w kq - 10 9";
        assert_eq!(names(fen, "Nc4", &[]), ["off_rim"]);
        // Not to the rim again, not into a pawn's attack, not from the b-file.
        let fen = "4k3/8/8/8/8/N7/8/4K3 w - - 0 1";
        assert!(names(fen, "Nb5", &[]).is_empty());
        let fen = "4k3/8/8/3p4/8/N7/8/4K3 w - - 0 1";
        assert!(names(fen, "Nc4", &[]).is_empty());
        let fen = "4k3/8/8/8/8/1N6/8/4K3 w - - 0 1";
        assert!(names(fen, "Nc5", &[]).is_empty());
    }

    #[test]
    fn pawn_breakthrough_makes_a_passer() {
        // The classic: b6! axb6 (cxb6 a6) c6 and a pawn runs.
        let fen = "8/ppp5/8/PPP5/8/8/5k2/7K w - - 0 1";
        assert_eq!(
            names(fen, "b6", &["axb6", "c6", "bxc6", "a6"]),
            ["breakthrough"]
        );
        // Taken and nothing left to run: no passed pawn, no breakthrough.
        let fen = "8/p7/8/1P6/8/8/5k2/7K w - - 0 1";
        assert!(names(fen, "b6", &["axb6"]).is_empty());
        // The same pawns in an ending with three pieces a side; with four, a middlegame's pawn
        // exchange, no breakthrough.
        let line = ["axb6", "c6", "bxc6", "a6"];
        let fen = "5rnk/ppp4p/7b/PPP5/8/7B/7P/5RNK w - - 0 1";
        assert_eq!(names(fen, "b6", &line), ["breakthrough"]);
        let fen = "4rrnk/ppp4p/7b/PPP5/8/7B/7P/4RRNK w - - 0 1";
        assert!(!names(fen, "b6", &line).contains(&"breakthrough".to_owned()));
    }

    #[test]
    fn a_breakthrough_whose_passer_comes_after_the_short_line() {
        // Lasker 92 (purpose_tune2), 42.g6: ...hxg6 h7 and the h-pawn runs, but the engine's
        // line at depth 6 stops at ...Nc4+ Kf3, before the passer: the line is carried on.
        let fen = "8/7p/1p5P/n1p1kpP1/P4N2/2P1K3/8/8 w - - 1 42";
        assert_eq!(names(fen, "g6", &["Nc4+", "Kf3"]), ["breakthrough"]);
        // Carlsen 14 (purpose_tune2), 50.e6: the e-pawn breaks through after ...fxe6 fxe6 or
        // exf7; the line stops at ...Rb8 Kf4 Kf8.
        let fen = "3rb1k1/R4p2/7p/4PP1P/2p3K1/2B5/1P6/8 w - - 1 50";
        assert_eq!(names(fen, "e6", &["Rb8", "Kf4", "Kf8"]), ["breakthrough"]);
    }

    #[test]
    fn a_forced_breakthrough_is_found_when_the_line_defends_badly() {
        // purpose_textbook_tune: ...b3! axb3 c3 bxc3 a3 (or cxb3 a3); the engine's depth-6
        // line ...b3 axb3 cxb3 cxb3 axb3 makes no passer, but every defence loses to one.
        let fen = "7k/8/8/8/ppp5/8/PPP5/7K b - - 0 1";
        let got = names(fen, "b3", &["axb3", "cxb3", "cxb3", "axb3"]);
        assert!(got.contains(&"breakthrough".to_owned()), "{got:?}");
        // Centre pawns: e6! fxe6 d6 (or dxe6 f6).
        let fen = "8/3ppp2/8/3PPP2/8/k7/8/K7 w - - 0 1";
        assert!(names(fen, "e6", &["dxe6", "fxe6"]).contains(&"breakthrough".to_owned()));
        // Two against two make no passer whatever happens: no breakthrough.
        let fen = "8/6pp/8/6PP/8/k7/8/K7 w - - 0 1";
        assert!(!names(fen, "g6", &["hxg6", "hxg6"]).contains(&"breakthrough".to_owned()));
    }

    #[test]
    fn the_b_or_g_pawn_step_prepares_the_fianchetto() {
        // purpose_textbook_tune: the Catalan's g3 and the Queen's Indian's ...b6.
        let fen = "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 0 4";
        assert!(names(fen, "g3", &[]).contains(&"fianchetto_pawn".to_owned()));
        let fen = "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/5N2/PP2PPPP/RNBQKB1R b KQkq - 1 3";
        assert!(names(fen, "b6", &[]).contains(&"fianchetto_pawn".to_owned()));
        // Two steps, or the bishop gone from its home square: no fianchetto prepared.
        let fen = "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 0 4";
        assert!(!names(fen, "g4", &[]).contains(&"fianchetto_pawn".to_owned()));
        let fen = "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/5N2/PP1BPPPP/RN1QKB1R w KQkq - 0 4";
        assert!(!names(fen, "b3", &[]).contains(&"fianchetto_pawn".to_owned()));
        // Our own pawn on the long diagonal ahead (e4): the bishop would bite on it.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert!(!names(fen, "g3", &[]).contains(&"fianchetto_pawn".to_owned()));
    }

    #[test]
    fn the_fianchetto_bishop_traded_before_the_king_castles() {
        // purpose_textbook_tune, the 150 attack: Bh6 against g7 with Black's king still on e8,
        // free to castle short.
        let fen = "rnbqk2r/p3ppbp/2pp1np1/1p6/3PP3/2N1BP2/PPPQ2PP/R3KBNR w KQkq - 0 7";
        assert!(names(fen, "Bh6", &[]).contains(&"fianchetto".to_owned()));
        // Without the right to castle short, and the king in the centre: no fianchetto idea.
        let fen = "rnbqk2r/p3ppbp/2pp1np1/1p6/3PP3/2N1BP2/PPPQ2PP/R3KBNR w KQq - 0 7";
        assert!(!names(fen, "Bh6", &[]).contains(&"fianchetto".to_owned()));
    }

    #[test]
    fn the_guard_taken_when_the_recapture_would_lose_the_piece() {
        // purpose_textbook_tune: the knight on c6 alone guards the bishop on e5, which the rook
        // attacks; after Bxc6 Black saves the bishop (...Bxb2) instead of taking back.
        let fen = "6k1/pp3ppp/2n5/1B2b3/8/7P/PP3PP1/4R1K1 w - - 0 1";
        assert!(names(fen, "Bxc6", &["Bxb2"]).contains(&"removes_guard".to_owned()));
        // The line cut short after the capture is carried on by a short search.
        assert!(names(fen, "Bxc6", &[]).contains(&"removes_guard".to_owned()));
        // Nothing of Black's attacked: the bishop takes a knight, no guard removed.
        let fen = "6k1/pp3ppp/2n5/1B2b3/8/7P/PP3PP1/6K1 w - - 0 1";
        assert!(!names(fen, "Bxc6", &["Bxb2"]).contains(&"removes_guard".to_owned()));
    }

    #[test]
    fn trade_into_an_ending_a_pawn_up() {
        let fen = "4r1k1/4qppp/8/8/8/8/P3QPPP/4R1K1 w - - 0 1";
        assert_eq!(names(fen, "Qxe7", &["Rxe7"]), ["trades_down"]);
        // Even material after the trade: no ending a pawn up.
        let fen = "4r1k1/p3qppp/8/8/8/8/P3QPPP/4R1K1 w - - 0 1";
        assert!(names(fen, "Qxe7", &["Rxe7"]).is_empty());
        // From a rook ending into a won pawn ending (purpose_textbook_tune): ...Rxc1 Kxc1 leaves
        // Black the outside passed b-pawn, a pawn up.
        let fen = "2r3k1/5ppp/8/1p6/8/8/3K1PPP/2R5 b - - 0 1";
        assert!(names(fen, "Rxc1", &["Kxc1"]).contains(&"trades_down".to_owned()));
        // A rook ending that stays one (a rook each after the trade) is no trade into an ending.
        let fen = "2r1r1k1/5ppp/8/1p6/8/8/3K1PPP/2R1R3 b - - 0 1";
        assert!(!names(fen, "Rxc1", &["Kxc1"]).contains(&"trades_down".to_owned()));
    }

    #[test]
    fn a_bishop_to_its_fianchetto_square_takes_the_long_diagonal() {
        // Nimzo-Larsen style: ...Bb7 with the b-pawn on b6, the knight on f6 in the way for now.
        let fen = "rnbqkb1r/p1pp1ppp/1p2pn2/8/2PP4/5N2/PP2PPPP/RNBQKB1R b KQkq - 0 4";
        assert_eq!(names(fen, "Bb7", &[]), ["fianchettoes"]);
        // A bishop already on the long diagonal moving along it: no fianchetto.
        // (It steps off c6, in front of the c-pawn: that it makes way for ...c5 is its idea.)
        let fen = "rn1qkb1r/p1pp1ppp/1pb1pn2/8/2PP4/5N2/PP2PPPP/RNBQKB1R b KQkq - 0 4";
        assert_eq!(names(fen, "Bb7", &[]), ["unblocks"]);
        // Our own pawn on d5, on the diagonal ahead: the bishop bites on it.
        let fen = "rnbqkb1r/p1p2ppp/1p2pn2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R b KQkq - 0 4";
        assert!(names(fen, "Bb7", &[]).is_empty());
    }

    #[test]
    fn an_unblocked_pawn_goes_where_the_line_pushes_it() {
        // Lasker, game 24: 9.Nd1 makes way for c3 against the knight on d4; c4 would give the
        // knight the square for good ("it can now go to c4", session 43 read).
        let fen = "r2qk1nr/pp1bppb1/3p2p1/2p4p/3nP3/2NPB1PP/PPPQ1PB1/R3K1NR w KQkq - 3 9";
        let (before, mv, after) = before_move_after(fen, "Nd1");
        let square = |line: &[&str]| {
            let pv = crate::explain::board::line_from(&after, line);
            match unblocks(&before, mv, &after, &pv) {
                Some(Fact::Idea { square, .. }) => Some(square),
                _ => None,
            }
        };
        assert_eq!(square(&["Nc6", "c3"]), Some(Square::C3));
        assert_eq!(square(&[]), Some(Square::C4));
        assert_eq!(square(&["Nc6", "Ne2"]), None);
    }

    #[test]
    fn taking_the_only_guard_of_a_piece_removes_the_guard() {
        // Morphy (tuning set, purpose_tune2): 16.Bxe7 Qxe7 17.Bxf5, the knight on e7 was the
        // bishop's only guard.
        let fen = "r2q1rk1/pp2np1p/1b3p2/n2p1b2/3P4/B2B1N2/P4PPP/R2Q1RK1 w - - 0 16";
        assert!(names(fen, "Bxe7", &["Qxe7", "Bxf5"]).contains(&"removes_guard".to_owned()));
        // The line does not take the bishop: nothing removed for a purpose.
        assert!(!names(fen, "Bxe7", &["Qxe7", "Qe2"]).contains(&"removes_guard".to_owned()));
        // A second guard (a pawn on g6 defends f5): the knight was not its only guard.
        let fen = "r2q1rk1/pp2n2p/1b3pp1/n2p1b2/3P4/B2B1N2/P4PPP/R2Q1RK1 w - - 0 16";
        assert!(!names(fen, "Bxe7", &["Qxe7", "Bxf5"]).contains(&"removes_guard".to_owned()));
    }

    #[test]
    fn taking_one_of_two_defenders_removes_a_defender() {
        // purpose_textbook_tune: Bxf6 Bxf6 Nxd5, the knight on f6 one of d5's two defenders.
        let fen = "r2q1rk1/pp2bppp/5n2/3p2B1/8/1QN5/PP3PPP/R4RK1 w - - 0 1";
        assert!(names(fen, "Bxf6", &["Bxf6", "Nxd5"]).contains(&"removes_defender".to_owned()));
        // With a third defender (the bishop on e6) d5 still holds: none.
        let fen = "r2q1rk1/pp2bppp/4bn2/3p2B1/8/1QN5/PP3PPP/R4RK1 w - - 0 1";
        assert!(!names(fen, "Bxf6", &["Bxf6", "Nxd5"]).contains(&"removes_defender".to_owned()));
    }

    #[test]
    fn taking_the_guard_of_a_mating_square_removes_it() {
        // purpose_textbook_tune: the knight on c7 guards e8; Bxc7 (…Rxc7) and Re8# follows.
        let fen = "6k1/1rn2ppp/8/8/8/6B1/5PPP/4R1K1 w - - 0 1";
        assert!(names(fen, "Bxc7", &["Rxc7"]).contains(&"removes_mate_guard".to_owned()));
        // A capture that opens no mate removes no guard of a mating square.
        let fen = "6k1/1rn2ppp/8/8/8/6B1/5PPP/2R3K1 w - - 0 1";
        assert!(!names(fen, "Bxc7", &["Rxc7"]).contains(&"removes_mate_guard".to_owned()));
    }

    #[test]
    fn a_piece_that_meets_its_like_and_is_traded_offers_the_trade() {
        // Carlsen-Grischuk, 20.Bf5: the bishops on f5 and c8 attack each other, both defended,
        // and White takes on c8 after ...Kf8.
        let fen = "2brk2r/pp2qp2/2pb4/2Np2pp/1P1P2n1/P2BP1P1/2Q2PP1/2R1KN1R w Kk - 0 20";
        assert!(names(fen, "Bf5", &["Kf8", "Bxc8", "Rxc8"]).contains(&"offers_trade".to_owned()));
        // No trade in the line's next two plies: no offer said.
        assert!(!names(fen, "Bf5", &["Kf8", "a4"]).contains(&"offers_trade".to_owned()));
    }

    #[test]
    fn a_queen_meeting_an_undefended_queen_offers_the_trade_whatever_the_line() {
        // Leko - Carlsen, 22.Qe3: the queen on c5 has no guard and attacks e3, guarded by the
        // pawn on f2; Black must trade or move the queen.
        let fen = "r4rk1/1p2ppb1/p3b2p/2q5/4R3/3Q1BB1/PPP2PP1/2KR4 w - - 1 22";
        assert!(names(fen, "Qe3", &["Rac8", "Rd2"]).contains(&"offers_trade".to_owned()));
    }

    #[test]
    fn a_trade_offered_to_the_piece_aimed_at_the_king_says_so() {
        // Morphy, 20.Bg3: the bishop on d6, the queen on c7 behind it, aimed at h2 beside the
        // king on g1 (session 44 read: "offers a trade of bishops" and no reason).
        let fen = "4rnk1/ppq2pp1/2pb3p/3p1N2/3P3B/5Q1P/PPP2PP1/5RK1 w - - 4 20";
        let found = names(fen, "Bg3", &["Bxg3", "fxg3"]);
        assert!(
            found.contains(&"offers_trade_attacker".to_owned()),
            "{found:?}"
        );
        let (before, mv, after) = before_move_after(fen, "Bg3");
        let pv = crate::explain::board::line_from(&after, &["Bxg3", "fxg3"]);
        assert!(matches!(
            offers_trade(&before, mv, &after, &pv),
            Some(Fact::Idea {
                other: Some(Square::H2),
                ..
            })
        ));
    }
}

//! Purpose detectors: what a move is for, as claims checked on the board. Each detector is a
//! pure function of the position before the move, the move and the position after it:
//!
//! - [`threat_created`]: what the mover would mate or win if the opponent passed, and could
//!   not before the move ([`Fact::ThreatMate`], [`Fact::ThreatWins`]);
//! - [`threat_met`]: what the opponent threatened before the move and how the move meets it
//!   ([`Fact::ThreatMet`]);
//! - [`targets`]: the defender of an attacked piece ([`Fact::AttacksDefender`]), a weak f7/f2/
//!   h7/h2 pawn ([`Fact::WeakPoint`]), a pin the move creates ([`Fact::Pins`]);
//! - [`plan`]: a central square a pawn fights for ([`Fact::Controls`]), castling made possible
//!   ([`Fact::CanCastle`]), and the plan detectors of [`plans`] (a file opened for a rook, an
//!   outpost, a pawn break prepared, the promotion race, the worst piece improved);
//! - [`watch_out`]: the opponent's reply in the line and what it threatens.
//!
//! A threat is found by enumerating the legal moves after a pass (mates in one first), a won
//! piece is confirmed by static exchange evaluation ([`crate::explain::board::see_ge`], pins
//! counted); ties are broken in an order that does not depend on colour, so mirrored positions
//! give mirrored claims.

use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Position, Role, Square, attacks};

pub mod captures;
pub mod ideas;
pub mod plans;
pub mod point;

use crate::explain::board::{self, value};
use crate::explain::claims::{self, At, Claim, Fact, Supports, fen};
use crate::explain::themes::util::dest;

/// A threat: a move that mates or wins material if the other side passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    /// The threatened move (legal in the position after the pass).
    pub mv: Move,
    /// Whether it mates.
    pub mate: bool,
}

/// Minimum gain of a threatened capture, centipawns (a pawn).
const MIN_GAIN: i32 = 100;

/// The position with the other side to move, or `None` when the side to move is in check (a
/// pass would be illegal).
#[must_use]
pub fn pass(pos: &Chess) -> Option<Chess> {
    if pos.is_check() {
        return None;
    }
    pos.clone().swap_turn().ok()
}

/// A key that orders squares the same way for both colours (own back rank first).
fn rel(sq: Square, color: Color) -> u32 {
    let s = if color.is_white() {
        sq
    } else {
        sq.flip_vertical()
    };
    u32::from(s)
}

/// Whether `m` (legal in `pos`) captures a piece and the exchange on its square wins at least
/// a pawn: the piece is undefended, worth more than the capturer, or attacked more often than
/// it is defended (9.Bd2 adds a second attacker to the pawn on b4, which only the bishop on f8
/// guards: Bxb4 Bxb4 Qxb4, session 39 read).
fn wins_piece(pos: &Chess, m: Move) -> bool {
    if m.capture().is_none() || matches!(m, Move::EnPassant { .. }) {
        return false;
    }
    crate::explain::board::see_ge(pos, m, MIN_GAIN)
}

/// Whether `m` is legal in `pos` and mates.
fn mates(pos: &Chess, m: Move) -> bool {
    board::play(pos, m).is_some_and(|p| p.is_checkmate())
}

/// Whether threat `t` still works in `pos` (side to move = the threatening side).
pub(crate) fn works(pos: &Chess, t: Threat) -> bool {
    if !pos.is_legal(t.mv) {
        return false;
    }
    if t.mate {
        mates(pos, t.mv)
    } else {
        wins_piece(pos, t.mv)
    }
}

/// The side to move's strongest immediate threat in `pos`: a mate in one, else the capture of
/// the most valuable piece it wins.
#[must_use]
pub fn strongest(pos: &Chess) -> Option<Threat> {
    strongest_where(pos, |_| true)
}

/// [`strongest`] among the threats `keep` accepts.
fn strongest_where(pos: &Chess, keep: impl Fn(Threat) -> bool) -> Option<Threat> {
    let us = pos.turn();
    let key = |m: &Move| (rel(m.to(), us), m.from().map_or(0, |f| rel(f, us)));
    let moves = pos.legal_moves();
    let mate = moves
        .iter()
        .filter(|m| {
            mates(pos, **m)
                && keep(Threat {
                    mv: **m,
                    mate: true,
                })
        })
        .min_by_key(|m| key(m))
        .copied();
    if let Some(mv) = mate {
        return Some(Threat { mv, mate: true });
    }
    moves
        .iter()
        .filter(|m| {
            wins_piece(pos, **m)
                && keep(Threat {
                    mv: **m,
                    mate: false,
                })
        })
        .min_by_key(|m| {
            (
                -value(m.capture().unwrap_or(Role::Pawn)),
                value(m.role()),
                key(m),
            )
        })
        .map(|mv| Threat {
            mv: *mv,
            mate: false,
        })
}

/// Whether the opponent's move a stopping idea names (its first move) is the reply in the
/// move's own line `pv`: the engine plays it anyway, so the move did not stop it.
fn answered_anyway(f: &Fact, pv: &[Move]) -> bool {
    matches!(f, Fact::Idea { moves, .. }
        if pv.first().is_some_and(|r| moves.first() == Some(&uci(*r))))
}

fn uci(m: Move) -> String {
    m.to_uci(shakmaty::CastlingMode::Standard).to_string()
}

fn san(pos: &Chess, m: Move) -> String {
    let mut san = San::from_move(pos, m).to_string();
    if let Some(next) = board::play(pos, m) {
        if next.is_checkmate() {
            san.push('#');
        } else if next.is_check() {
            san.push('+');
        }
    }
    san
}

fn threat_fact(passed: &Chess, t: Threat) -> Fact {
    if t.mate {
        Fact::ThreatMate {
            uci: uci(t.mv),
            san: san(passed, t.mv),
        }
    } else {
        Fact::ThreatWins {
            uci: uci(t.mv),
            san: san(passed, t.mv),
            target: t.mv.to(),
            role: t.mv.capture().unwrap_or(Role::Pawn),
            gain: board::see_gain(passed, t.mv),
        }
    }
}

/// Whether the piece the capture `threat` (a move of the side not to move in `after`) would take
/// can take the capturer first without losing material by exchange: the opponent simply
/// trades (Qe5 "threatens Qxf6, winning the queen" while ...Qxe5+ takes first). A trade: the
/// taker wins by exchange, or takes a man worth as much as itself. A piece that takes a pawn and
/// comes out even only down a longer exchange does not simply trade: the pawn's threat on it
/// stands (11...d5 hitting the bishop on c4, with Bxd5 Nxd5 exd5 Bxd5 even: "the pawn strikes
/// at e4" missed that dxc4 wins a piece, session 50 read).
fn taken_first(after: &Chess, threat: Move) -> bool {
    takers_first(after, threat).into_iter().any(|m| {
        board::see_gain(after, m) > 0 || m.capture().is_some_and(|c| value(c) >= value(m.role()))
    })
}

/// The captures by which the piece the capture `threat` would take takes the capturer first
/// without losing material by exchange ([`taken_first`]).
pub(crate) fn takers_first(after: &Chess, threat: Move) -> Vec<Move> {
    if !threat.is_capture() {
        return Vec::new();
    }
    after
        .legal_moves()
        .into_iter()
        .filter(|m| {
            Some(m.to()) == threat.from()
                && m.from() == Some(threat.to())
                && crate::explain::board::see_ge(after, *m, 0)
        })
        .collect()
}

/// Whether the capture of a pawn `t` (a move of the side to move in `passed`) keeps the pawn:
/// a short search after it ([`PAWN_KEPT_DEPTH`], [`PAWN_KEPT_NODES`]) sees the capturer above
/// its balance before by [`PAWN_KEPT_MARGIN`].
/// Any other threat is kept as it is. A pawn the opponent wins straight back is no threat
/// (9.Rc1 "defends the pawn on c4 against dxc4" where ...dxc4 is met by winning it back,
/// session 36 read).
pub(crate) fn pawn_kept(passed: &Chess, t: Threat) -> bool {
    if t.mate || t.mv.capture() != Some(Role::Pawn) {
        return true;
    }
    let taker = passed.turn();
    let before = board::balance(passed.board(), taker);
    let Some(end) = board::play(passed, t.mv) else {
        return true;
    };
    if end.is_checkmate() || end.legal_moves().is_empty() {
        return true;
    }
    let (_, score) = point::short_search(&end, PAWN_KEPT_DEPTH, PAWN_KEPT_NODES);
    let cp = if end.turn() == taker { score } else { -score };
    cp >= 100 * before + PAWN_KEPT_MARGIN
}

/// Depth of [`pawn_kept`]'s search (plies): a pawn won straight back is won within a few moves
/// (9...dxc4 and the queen or a rook takes it back), and the explanation asks it for every pawn
/// threat, so the search is lighter than [`gain_holds`]'s (the explanation's 99th percentile
/// went from 46 to 279 ms with that one, 1,023 real-game positions, under the same load).
const PAWN_KEPT_DEPTH: u32 = 5;
/// Node cap of [`pawn_kept`]'s search.
const PAWN_KEPT_NODES: u64 = 12_000;

/// How far above its material balance before the capture (centipawns) a short search must see
/// the side that took a pawn for [`pawn_kept`]: half a pawn, halfway between the pawn won back
/// (the balance) and the pawn kept (a pawn above it), so that the evaluation's other terms do
/// not decide.
const PAWN_KEPT_MARGIN: i32 = 50;

/// What the move threatens: the mover's strongest threat after a pass among those that did not
/// already work before the move (9.Qf3 threatens Qxf4 though exd5 was there before it). The
/// claim is about `after` (the opponent to move).
#[must_use]
pub fn threat_created(before: &Chess, after: &Chess) -> Option<Fact> {
    let passed = pass(after)?;
    // A threat on a piece that already stood attacked the same way is not new: the move
    // must bring the attacker, uncover it, or leave the target without its defence.
    // Nor is a capture of a piece that can take the attacker first without losing material:
    // the opponent simply trades (Qe5 "threatens Qxf6, winning the queen" while ...Qxe5+
    // takes first).
    let takes_first = |t: Threat| !t.mate && taken_first(after, t.mv);
    // Out of check, a capture the check alone made illegal was no less there before.
    let t = strongest_where(&passed, |t| {
        !works(before, t) && !takes_first(t) && !board::stood_before_check(before, &passed, t.mv)
    })?;
    pawn_kept(&passed, t).then(|| threat_fact(&passed, t))
}

/// `check_first`: an in-between check. The quiet move `mv` checks; the opponent's strongest
/// threat after a pass, a capture that wins a piece of ours (not a pawn), still works after
/// their reply to the check (the reply does not take the checking piece); and the mover's next
/// move in the line `pv` takes that piece away without taking (a capture is a trade, 39.Qd4+
/// and Bxf5), safely by exchange (11...Bc5+ Kh1 Ne4 with the
/// knight on f6 hit by e5: "Bc5+ gives check" said no reason, session 49 read). `square` the
/// piece, `other` where it goes, `moves` the move, the reply, the piece's step and the threat,
/// `san` the threat (after a pass) and the step.
fn check_first(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    if !after.is_check() || mv.is_capture() {
        return None;
    }
    let (&reply, &ours) = (pv.first()?, pv.get(1)?);
    let passed = pass(before)?;
    let t = strongest(&passed).filter(|t| !t.mate)?;
    let target = t.mv.to();
    let role = before.board().role_at(target)?;
    if matches!(role, Role::Pawn | Role::King)
        || ours.from() != Some(target)
        || ours.is_capture()
        || reply.to() == dest(mv, before.turn())
    {
        return None;
    }
    let mid = board::play(after, reply)?;
    if !pass(&mid).is_some_and(|again| works(&again, t)) || !board::see_ge(&mid, ours, 0) {
        return None;
    }
    Some(Fact::Idea {
        uci: uci(mv),
        idea: "check_first".to_owned(),
        square: target,
        other: Some(ours.to()),
        moves: [mv, reply, ours, t.mv].iter().map(|m| uci(*m)).collect(),
        san: vec![san(&passed, t.mv), san(&mid, ours)],
        n: 0,
    })
}

/// What the opponent threatened before the move (after a pass) and how `mv` meets it. The
/// claim is about `before` (the mover to move).
#[must_use]
pub fn threat_met(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let passed = pass(before)?;
    let t = strongest(&passed)?;
    if works(after, t) || !pawn_kept(&passed, t) {
        return None;
    }
    let us = before.turn();
    let (from, to) = (t.mv.from()?, t.mv.to());
    let target = if t.mate {
        passed.board().king_of(us)?
    } else {
        to
    };
    // The piece is still lost to another capture (20.Nxa4 takes the bishop that threatened
    // Bxc2, and opens the c-file to Rxc2): the threat is not met.
    if !t.mate
        && after
            .legal_moves()
            .iter()
            .any(|m| m.to() == target && wins_piece(after, *m))
    {
        return None;
    }
    let landed = dest(mv, us);
    let how = if mv.from() == Some(target) {
        "moves"
    } else if mv.to() == from && mv.is_capture() {
        "captures"
    } else if attacks::between(from, to).contains(landed) {
        "blocks"
    } else if after.is_check() {
        // A check answers the threat for one move, whatever the checking piece also guards:
        // 9.Bxd5+ "defends the queen on f3" against ...Nxf3, yet the queen must still move
        // once the king has (Morphy, session 33 read).
        "check"
    } else if !t.mate && after.board().attacks_from(landed).contains(target) {
        "defends"
    } else {
        "stops"
    };
    let threat_san = san(&passed, t.mv);
    Some(Fact::ThreatMet {
        uci: uci(mv),
        threat: uci(t.mv),
        threat_san,
        mate: t.mate,
        target,
        how: how.to_owned(),
    })
}

/// What the moved piece attacks that matters: the defender of a piece we attack, a weak pawn
/// next to the king, or a pin it creates.
#[must_use]
pub fn targets(before: &Chess, mv: Move, after: &Chess) -> Vec<Fact> {
    let us = before.turn();
    let b = after.board();
    let landed = dest(mv, us);
    let mut out = Vec::new();
    if b.color_at(landed) != Some(us) {
        return out;
    }
    let old = mv
        .from()
        .map_or(Bitboard::EMPTY, |f| before.board().attacks_from(f));
    let new_attacks = b.attacks_from(landed) & b.by_color(!us) & !b.kings() & !old;
    // A piece pinned where it lands takes nothing without losing what stands behind it: no
    // defender or weak point attacked (11...Nxf6 "goes after the bishop on d5 that defends
    // e4", the knight pinned to the queen on e7 by Bg5, session 48 read).
    let pinned = board::pinned_in_place(b, landed, us);
    // The defender of a piece we attack.
    for x in board::relative(new_attacks & !b.pawns(), us)
        .into_iter()
        .filter(|_| !pinned)
    {
        for y in board::relative(b.attacks_from(x) & b.by_color(!us) & !b.kings(), us) {
            let ours = board::attackers(b, y, us).without(landed);
            let theirs = board::attackers(b, y, !us);
            if ours.any() && theirs.count() <= ours.count() {
                out.push(Fact::AttacksDefender {
                    from: landed,
                    defender: x,
                    target: y,
                });
                break;
            }
        }
        if !out.is_empty() {
            break;
        }
    }
    // f7/f2/h7/h2 held by the king alone.
    for sq in [Square::F7, Square::H7] {
        let sq = if us.is_white() {
            sq
        } else {
            sq.flip_vertical()
        };
        if new_attacks.contains(sq)
            && !pinned
            && b.role_at(sq) == Some(Role::Pawn)
            && board::attackers(b, sq, !us)
                == b.king_of(!us)
                    .map_or(Bitboard::EMPTY, Bitboard::from_square)
            && board::attackers(b, sq, us).count() >= 2
        {
            out.push(Fact::WeakPoint {
                from: landed,
                target: sq,
            });
        }
    }
    // A pin the move creates: our slider on `landed`, one enemy piece between it and the
    // enemy king (or a more valuable piece), and the pinned piece could otherwise move.
    if let Some(piece) = b
        .piece_at(landed)
        .filter(|p| matches!(p.role, Role::Bishop | Role::Rook | Role::Queen))
    {
        let ray_all = attacks::attacks(landed, piece, Bitboard::EMPTY);
        for p in board::relative(b.attacks_from(landed) & b.by_color(!us) & !b.kings(), us) {
            let beyond = attacks::attacks(landed, piece, b.occupied().without(p))
                & !b.attacks_from(landed)
                & b.by_color(!us)
                & ray_all;
            let Some(q) = beyond.into_iter().find(|q| attacks::aligned(landed, p, *q)) else {
                continue;
            };
            let (Some(pr), Some(qr)) = (b.role_at(p), b.role_at(q)) else {
                continue;
            };
            let held = pr != Role::Pawn || board::pawn_pin_holds(b, landed, p, q);
            // The same piece pinned it from where it stood: the pin is kept, not made (Bg5-h4
            // against the knight on f6 and the queen on d8, session 35 read).
            if mv
                .from()
                .is_some_and(|f| board::pinned_before(before.board(), f, p, q))
            {
                continue;
            }
            if held
                && (qr == Role::King || (value(qr) > value(pr) && value(qr) > value(piece.role)))
            {
                out.push(Fact::Pins {
                    pinner: landed,
                    pinned: p,
                    behind: q,
                });
                break;
            }
        }
    }
    out
}

/// What plan the move serves: a central square a pawn fights for, castling made possible
/// (the other plans are in [`plans`]).
#[must_use]
pub fn plan(before: &Chess, mv: Move, after: &Chess) -> Vec<Fact> {
    let us = before.turn();
    let b = after.board();
    let mut out = Vec::new();
    if mv.role() == Role::Pawn && mv.promotion().is_none() {
        let old = mv
            .from()
            .map_or(Bitboard::EMPTY, |f| attacks::pawn_attacks(us, f));
        let now = attacks::pawn_attacks(us, mv.to());
        // The enemy king on the square is a check, not a square fought for (13.c4+ with the
        // king on d5).
        for sq in board::relative(
            now & !old & board::centre() & !b.by_color(us) & !b.kings(),
            us,
        ) {
            out.push(Fact::Controls {
                from: mv.to(),
                square: sq,
            });
        }
    }
    if !mv.is_castle()
        && let Some(passed) = pass(after)
    {
        let could_before = before.legal_moves();
        for m in passed.legal_moves().iter().filter(|m| m.is_castle()) {
            if !could_before.contains(m) && castle_side_kept(before, *m) {
                out.push(Fact::CanCastle { uci: uci(*m) });
            }
        }
    }
    out
}

fn castle_side_kept(before: &Chess, m: Move) -> bool {
    let Move::Castle { king, rook } = m else {
        return false;
    };
    let side = if rook.file() > king.file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    };
    before.castles().has(before.turn(), side)
}

/// Whether the mover's moves in `pv` (the opponent's reply first) castle on the other wing
/// than `castle_uci` (king square then rook or target square, so the wing is the direction).
/// Within how many of the mover's next moves in the line the castling a move makes possible
/// must come for the move to be said to prepare it.
const CASTLES_WITHIN_MOVES: usize = 4;

/// The wings the mover castles to among its next `moves` moves of `pv` (the line after the
/// move: the mover's moves are its odd plies), `true` for the king's side, and whether
/// `castle_uci` (a castling move, king from and to) is to the king's side.
fn castlings(pv: &[Move], castle_uci: &str, moves: usize) -> Option<(bool, Vec<bool>)> {
    let b = castle_uci.as_bytes();
    let short = (b.len() >= 4).then(|| b[2] > b[0])?;
    let wings = pv
        .iter()
        .skip(1)
        .step_by(2)
        .take(moves)
        .filter_map(|m| match m {
            Move::Castle { king, rook } => Some(rook.file() > king.file()),
            _ => None,
        })
        .collect();
    Some((short, wings))
}

/// Whether the mover castles to the wing of `castle_uci` among its next `moves` moves of `pv`.
fn castles_within(pv: &[Move], castle_uci: &str, moves: usize) -> bool {
    castlings(pv, castle_uci, moves).is_some_and(|(short, wings)| wings.contains(&short))
}

/// Whether the mover castles to the other wing than `castle_uci`'s anywhere in `pv`.
fn castles_otherwise(pv: &[Move], castle_uci: &str) -> bool {
    castlings(pv, castle_uci, usize::MAX).is_some_and(|(short, wings)| wings.contains(&!short))
}

/// The opponent's strongest threat after its reply `reply` in the line: the claim is about the
/// position after the reply (the mover to move).
#[must_use]
pub fn watch_out(after: &Chess, reply: Move) -> Option<(Chess, Fact)> {
    let next = board::play(after, reply)?;
    let passed = pass(&next)?;
    let t = strongest(&passed)?;
    // Only what the reply itself brings: the threat must not have worked before it.
    if works(after, t) {
        return None;
    }
    Some((next, threat_fact(&passed, t)))
}

/// Every purpose claim of `mv`: the threat it creates, the threat it meets, its targets, its
/// plan and, from `pv`, the threat of the opponent's reply. `game` is the game's moves after
/// `mv` when known (a review): what the mover did next there is tried as what the move gets
/// ready, by the same checks as the line's next move.
#[must_use]
pub fn derive(before: &Chess, mv: Move, after: &Chess, pv: &[Move], game: &[Move]) -> Vec<Claim> {
    let (fb, fa) = (fen(before), fen(after));
    let claim = |f: &str, at: At, fact: Fact| Claim {
        fen: f.to_owned(),
        at,
        supports: Supports::Played,
        fact,
    };
    let mut out = Vec::new();
    if let Some(f) = threat_created(before, after) {
        out.push(claim(&fa, At::After, f));
    }
    if let Some(f) = threat_met(before, mv, after) {
        out.push(claim(&fb, At::Before, f));
    }
    if let Some(f) = check_first(before, mv, after, pv) {
        out.push(claim(&fb, At::Before, f));
    }
    for f in targets(before, mv, after) {
        out.push(claim(&fa, At::After, f));
    }
    for f in plan(before, mv, after) {
        // 9.Qd2 makes O-O-O possible, but a line that castles short says the move is not for
        // that.
        // Nor is it for castling that the line never plays: 9.Bg5 "clears the way to castle
        // (O-O-O)" where the pin on f6 was the point and the king stayed home (session 37
        // read).
        if let Fact::CanCastle { uci: u } = &f
            && (castles_otherwise(pv, u) || !castles_within(pv, u, CASTLES_WITHIN_MOVES))
        {
            continue;
        }
        out.push(claim(&fa, At::After, f));
    }
    for (at, f) in plans::derive(before, mv, after) {
        out.push(claim(if at == At::Before { &fb } else { &fa }, at, f));
    }
    for f in ideas::derive(before, mv, after, pv) {
        out.push(claim(&fb, At::Before, f));
    }
    for f in captures::derive(before, mv, pv) {
        out.push(claim(&fb, At::Before, f));
    }
    // Meeting a threat is the point then: no prophylaxis, no tactic removed, no pawn taking
    // first beside it.
    let meets_threat = out.iter().any(|c| matches!(c.fact, Fact::ThreatMet { .. }));
    // Prophylaxis only when the move meets no threat (meeting it is the point then), and not
    // of a move the engine's line answers with anyway ("Better was Ne7, which stops d5" where
    // Stockfish's reply to Ne7 is d5, session 47 read).
    if !meets_threat
        && let Some(f) = point::stops(before, mv, after).filter(|f| !answered_anyway(f, pv))
    {
        out.push(claim(&fb, At::Before, f));
    }
    // A capture that takes off the piece whose tactic the opponent had, when no simple threat
    // was met (meeting it is said as that).
    if !meets_threat && let Some(f) = point::removes_line(before, mv, after) {
        out.push(claim(&fb, At::Before, f));
    }
    // A pawn taking the pawn that attacked it before that pawn takes first, when no simple
    // threat was met.
    if !meets_threat && let Some(f) = point::takes_first(before, mv, after) {
        out.push(claim(&fb, At::Before, f));
    }
    // A threat beyond one capture, when the move makes none of one capture or a mate in one.
    if !out
        .iter()
        .any(|c| matches!(c.fact, Fact::ThreatWins { .. } | Fact::ThreatMate { .. }))
        && let Some(f) = point::threat_line(before, mv, after)
    {
        out.push(claim(&fb, At::Before, f));
    }
    // What the move gets ready, from the position, where the line only shows a plan (or
    // nothing): "Nbd2 prepares e4" rather than "Nbd2 is followed by Rb1".
    // Not for a piece the reply drives back at once (14.Re3 Bf4 Ree1: "prepares Rfe1" never
    // happens).
    let follow = point::follow_up(before, mv, after, pv);
    let is_plan = |f: &Fact| matches!(f, Fact::Idea { idea, .. } if claims::is_plan_idea(idea));
    let planned = follow.as_ref().is_some_and(is_plan);
    let landed = dest(mv, before.turn());
    let driven = pv.first().zip(pv.get(1)).is_some_and(|(reply, next)| {
        next.from() == Some(landed)
            && board::play(after, *reply)
                .is_some_and(|p| p.board().attacks_from(reply.to()).contains(landed))
    });
    let open = follow.is_none() || planned;
    // What the game did next, when the line says no more than a plan: the mover's next move
    // there, by the same checks as the line's (9.Nbd2 and 10.Nf1, 9.Nbd2 and 10.e4: "develops
    // a piece" where the players' plan was plain, session 41 reads). Its plan alone is no
    // reason: only a step the move made possible or a piece's way on. (The search's `readies`
    // tried on the game's next move after a pass was twice refuted by Stockfish in 150
    // explanations: the game's move answers the reply, not a pass.) Nor a capture there, which
    // the reply may have allowed (22.Ra4 "threatens Rxc4" and "prepares Qxc4").
    let quiet_next = game.get(1).is_some_and(|m| !m.is_capture());
    let in_game = (open && quiet_next)
        .then(|| point::follow_up(before, mv, after, game))
        .flatten()
        .filter(|f| !is_plan(f));
    let readied = (in_game.is_none() && open && !driven)
        .then(|| point::readies(before, mv, after))
        .flatten();
    // Positional prophylaxis, last: four deeper searches, only for a move with no other point
    // than its plan and no threat, made or met (its own threat would make every other reply
    // worse; a threat met is the point).
    let no_other_point = in_game.is_none()
        && readied.is_none()
        && open
        && !out.iter().any(|c| {
            matches!(
                c.fact,
                Fact::ThreatMet { .. }
                    | Fact::ThreatWins { .. }
                    | Fact::ThreatMate { .. }
                    | Fact::Idea { .. }
            )
        });
    if no_other_point && let Some(f) = point::stops_plan(before, mv, after) {
        out.push(claim(&fb, At::Before, f));
    }
    if let Some(f) = in_game.or(readied).or(follow) {
        out.push(claim(&fb, At::Before, f));
    }
    if let Some(f) = point::rook_behind(before, mv, after, pv) {
        out.push(claim(&fb, At::Before, f));
    }
    if let Some(reply) = pv.first()
        && let Some((next, f)) = watch_out(after, *reply)
    {
        out.push(claim(&fen(&next), At::Line(2), f));
    }
    out
}

/// Depth of the verification search from the end of a line (plies).
const VERIFY_DEPTH: u32 = 6;
/// Node cap of the verification search.
const VERIFY_NODES: u64 = 40_000;
/// How much (centipawns) the verification must see the mover above the material balance at
/// the end of the line: a gain the search only just keeps is not said (checked against
/// Stockfish at depth 12, docs/EXPLANATIONS.md).
const VERIFY_EXTRA: i32 = 30;

/// Whether a material gain survives the end of a line: a short search of `end` (the engine's
/// pure [`crate::engine::search`], depth 6, at most 40,000 nodes) sees `mover` above `balance`
/// pawns of material (by [`VERIFY_EXTRA`]), or mating. A line ending in mate holds.
#[must_use]
pub fn gain_holds(end: &Chess, mover: Color, balance: i32) -> bool {
    if end.is_checkmate() {
        return end.turn() != mover;
    }
    if end.legal_moves().is_empty() {
        return false;
    }
    let (_, score) = point::short_search(end, VERIFY_DEPTH, VERIFY_NODES);
    let cp = if end.turn() == mover { score } else { -score };
    cp >= 100 * balance + VERIFY_EXTRA
}

/// Whether the material `gain` (pawns) that the move `first` of the side to move in `pos`
/// wins along some line is forced: the best defence a short search finds after `first`
/// (depth [`VERIFY_DEPTH`], [`VERIFY_NODES`] nodes) still gives it up, settled. "After Qb2,
/// Rfc8 wins material" read the engine's depth-8 line, where 21.Nxb4 lost the knight that
/// 21.Qd4 or Ne5 kept (Carlsen game 160, session 49 read).
#[must_use]
pub fn gain_forced(pos: &Chess, first: Move, gain: i32) -> bool {
    let Some(next) = board::play(pos, first) else {
        return false;
    };
    let (defence, _) = point::short_line(&next, VERIFY_DEPTH, VERIFY_NODES);
    let mut line = vec![first];
    line.extend(defence);
    board::settled_gain(pos, &line) >= gain
}

/// The engine's default evaluation, built once.
fn verify_params() -> &'static crate::engine::EvalParams {
    static PARAMS: std::sync::OnceLock<crate::engine::EvalParams> = std::sync::OnceLock::new();
    PARAMS.get_or_init(crate::engine::EvalParams::default)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn a_pinned_piece_goes_after_no_defender() {
        // Morphy, game 186: 11...Nxf6 stands pinned to the queen on e7 by Bg5; "goes after the
        // bishop on d5 that defends e4" was false (...Nxd5 Bxe7).
        let p = pos("r3k1nr/1bp1q1pp/pbnp1P2/1p1B2B1/4P3/2P2N2/PP3PPP/RN1QK2R b KQkq - 0 11");
        let mv = San::from_ascii(b"Nxf6").unwrap().to_move(&p).unwrap();
        let after = board::play(&p, mv).unwrap();
        assert!(board::pinned_in_place(
            after.board(),
            Square::F6,
            Color::Black
        ));
        assert!(
            !targets(&p, mv, &after)
                .iter()
                .any(|f| matches!(f, Fact::AttacksDefender { .. }))
        );
        // Unpinned, it would: the same knight with the bishop on g5 gone.
        let p = pos("r3k1nr/1bp1q1pp/pbnp1P2/1p1B4/4P3/2P2N2/PP3PPP/RN1QK2R b KQkq - 0 11");
        let after = board::play(&p, mv).unwrap();
        assert!(!board::pinned_in_place(
            after.board(),
            Square::F6,
            Color::Black
        ));
        assert!(
            targets(&p, mv, &after)
                .iter()
                .any(|f| matches!(f, Fact::AttacksDefender { .. }))
        );
    }

    #[test]
    fn a_move_the_line_answers_with_was_not_stopped() {
        // Carlsen, game 146: "Better was Ne7, which stops d5", and Stockfish's reply to
        // 18...Ne7 is 19.d5.
        let p = pos("r3q2k/pppb2pp/2np2r1/4p3/2PPN1P1/P1PQ3P/4PRB1/R5K1 w - - 2 18");
        let d5 = San::from_ascii(b"d5").unwrap().to_move(&p).unwrap();
        let nc5 = San::from_ascii(b"Nc5").unwrap().to_move(&p).unwrap();
        let stops_d5 = Fact::Idea {
            uci: "c6e7".to_owned(),
            idea: "stops".to_owned(),
            square: Square::D5,
            other: None,
            moves: vec![uci(d5)],
            san: vec!["d5".to_owned()],
            n: 0,
        };
        assert!(answered_anyway(&stops_d5, &[d5]));
        assert!(!answered_anyway(&stops_d5, &[nc5, d5]));
        assert!(!answered_anyway(&stops_d5, &[]));
    }

    fn pins(fen: &str, san: &str) -> Vec<(Square, Square)> {
        let before = pos(fen);
        let mv = san.parse::<San>().unwrap().to_move(&before).unwrap();
        let after = board::play(&before, mv).unwrap();
        targets(&before, mv, &after)
            .into_iter()
            .filter_map(|f| match f {
                Fact::Pins { pinned, behind, .. } => Some((pinned, behind)),
                _ => None,
            })
            .collect()
    }

    /// The `idea` claims of `san` in `fen` with the engine's line `pv` and the game's moves
    /// after it `game` (SAN, from the position after the move).
    fn ideas_with(fen: &str, san: &str, pv: &[&str], game: &[&str]) -> Vec<(String, Vec<String>)> {
        let before = pos(fen);
        let mv = san.parse::<San>().unwrap().to_move(&before).unwrap();
        let after = board::play(&before, mv).unwrap();
        let pv = board::line_from(&after, pv);
        let game = board::line_from(&after, game);
        derive(&before, mv, &after, &pv, &game)
            .into_iter()
            .filter_map(|c| match c.fact {
                Fact::Idea { idea, moves, .. } => Some((idea, moves)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_games_next_move_says_what_the_move_was_for() {
        // Carlsen, 9.Nbd2 in the Spanish: the game went 9...Kh8 10.Nf1, the knight's way on;
        // the engine's line (Re8 h3 h6) gave only a plan, and "develops a piece" was all that
        // was said (session 41 read).
        let fen = "r1bq1rk1/1pp2pbp/p1np1np1/4p3/B3P3/2PP1N2/PP3PPP/RNBQR1K1 w - - 4 9";
        let line = ["Re8", "h3", "h6"];
        let alone = ideas_with(fen, "Nbd2", &line, &[]);
        assert!(alone.iter().all(|(idea, _)| idea != "route"), "{alone:?}");
        let with_game = ideas_with(fen, "Nbd2", &line, &["Kh8", "Nf1", "Ng8"]);
        assert!(
            with_game
                .iter()
                .any(|(idea, moves)| idea == "route" && moves == &["b1d2", "g8h8", "d2f1"]),
            "{with_game:?}"
        );
        // One plan said, not the line's and the game's both.
        assert!(
            with_game.iter().all(|(idea, _)| idea != "plan"),
            "{with_game:?}"
        );
        // 9.Nbd2 with e4 next (Carlsen, 9...Nc6 10.e4): e4 lost a pawn before the knight
        // guarded e4, so the move prepares it.
        let fen = "rn1q1rk1/pb2ppbp/1p3np1/2pp4/5P2/P2P1NP1/1PP1P1BP/RNB1QRK1 w - - 0 9";
        let with_game = ideas_with(fen, "Nbd2", &["Nc6", "c3", "Re8"], &["Nc6", "e4", "dxe4"]);
        assert!(
            with_game
                .iter()
                .any(|(idea, moves)| idea == "prepares" && moves == &["b1d2", "b8c6", "e2e4"]),
            "{with_game:?}"
        );
        // The game's plan alone, a move it did not make possible, is no reason of the move.
        let plain = ideas_with(fen, "Nbd2", &[], &["Nc6", "c3", "Re8"]);
        assert!(plain.iter().all(|(idea, _)| idea != "plan"), "{plain:?}");
    }

    #[test]
    fn a_new_threat_is_named_beside_an_older_one() {
        // Morphy, game 128: 9.Qf3 attacks the loose pawn on f4; exd5 was there before.
        let before = pos("rnb1kb1r/ppp2p1p/6q1/3p4/4Pp1P/2N5/PPPP2P1/R1BQKB1R w KQkq - 2 9");
        let mv = "Qf3".parse::<San>().unwrap().to_move(&before).unwrap();
        let after = board::play(&before, mv).unwrap();
        match threat_created(&before, &after) {
            Some(Fact::ThreatWins { san, target, .. }) => {
                assert_eq!((san.as_str(), target), ("Qxf4", Square::F4));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_threat_on_a_guarded_piece_wins_what_the_exchange_wins() {
        // Session 41 read: 20.Bf3 hits the rook on a8, which the rook on f8 guards: the
        // exchange, not the rook.
        let threat = |fen: &str, san: &str| {
            let before = pos(fen);
            let mv = san.parse::<San>().unwrap().to_move(&before).unwrap();
            let after = board::play(&before, mv).unwrap();
            match threat_created(&before, &after) {
                Some(Fact::ThreatWins {
                    target,
                    role,
                    gain,
                    san,
                    ..
                }) => (
                    target,
                    crate::explain::claims::threat_gain_variant(role, gain, &san),
                ),
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            threat(
                "r4rk1/p3npp1/1p3n1p/8/2pP4/q1N1P1P1/2Q1BPP1/3R1RK1 w - - 0 20",
                "Bf3"
            ),
            (Square::A8, "exchange")
        );
        // 9.Nxd4: Bxc6+ bxc6 Nxc6 nets a pawn, not the knight.
        assert_eq!(
            threat(
                "r1bqk2r/pp2pp1p/2np2pb/8/2Pp4/2N2NP1/PP2PPBP/R2Q1RK1 w kq - 0 9",
                "Nxd4"
            ),
            (Square::C6, "part")
        );
        // An undefended piece is won whole.
        assert_eq!(
            threat(
                "rnb1kb1r/ppp2p1p/6q1/3p4/4Pp1P/2N5/PPPP2P1/R1BQKB1R w KQkq - 2 9",
                "Qf3"
            ),
            (Square::F4, "piece")
        );
    }

    #[test]
    fn a_pawn_fork_of_a_bishop_and_a_pawn_threatens_the_bishop() {
        // Session 50 read (Morphy, 11...d5): the pawn hits the bishop on c4 and the pawn on
        // e4; "the pawn strikes at e4" missed that dxc4 wins a piece.
        let (before, _, after) = board::before_move_after(
            "r2q1rk1/1pp2pp1/pbnpbn1p/4p3/PPB1P3/2PP1N1P/2N1QPP1/R1B1K2R b KQ - 5 11",
            "d5",
        );
        assert!(
            matches!(threat_created(&before, &after), Some(Fact::ThreatWins { target, .. }) if target == Square::C4),
            "{:?}",
            threat_created(&before, &after)
        );
    }

    #[test]
    fn a_queen_the_threatened_queen_can_take_first_makes_no_threat() {
        // A coach's read (Morphy, game 48): 9.Qe5 "threatens Qxf6, winning the queen", but
        // ...Qxe5+ dxe5 simply trades first.
        let before = pos("rnb1k2r/pppp3p/4pqp1/7Q/3P4/8/PPP2PPP/R3KBNR w KQkq - 0 9");
        let mv = "Qe5".parse::<San>().unwrap().to_move(&before).unwrap();
        let after = board::play(&before, mv).unwrap();
        assert!(
            !matches!(threat_created(&before, &after), Some(Fact::ThreatWins { target, .. }) if target == Square::F6)
        );
    }

    #[test]
    fn a_threat_is_not_met_while_another_capture_still_wins_the_piece() {
        // Gelfand - Carlsen, 20.Nxa4 takes the bishop that threatened Bxc2 but opens the
        // c-file: Rxc2 takes the rook anyway.
        let before = pos("2rq2k1/5ppp/Q3pn2/p2p4/b2PnB2/b1N1PN2/P1R2PPP/1R4K1 w - - 1 20");
        let mv = "Nxa4".parse::<San>().unwrap().to_move(&before).unwrap();
        let after = board::play(&before, mv).unwrap();
        assert_eq!(threat_met(&before, mv, &after), None);
        // Rc1 takes the rook out of the bishop's reach: met.
        let mv = "Rcc1".parse::<San>().unwrap().to_move(&before).unwrap();
        let after = board::play(&before, mv).unwrap();
        assert!(threat_met(&before, mv, &after).is_some());
    }

    #[test]
    fn a_check_answers_a_threat_rather_than_defends_against_it() {
        // Morphy, 9.Bxd5+: the bishop guards the queen on f3 against ...Nxf3 from d5, but the
        // knight still takes it for nothing once the king has moved: the check met the threat.
        let before = pos("r1bq1b1r/ppp3pp/4k3/3np3/2Bn4/2N2Q2/PPPP1PPP/R1B1K2R w KQ - 4 9");
        let mv = "Bxd5+".parse::<San>().unwrap().to_move(&before).unwrap();
        let after = board::play(&before, mv).unwrap();
        assert!(
            matches!(threat_met(&before, mv, &after), Some(Fact::ThreatMet { ref how, .. }) if how == "check")
        );
    }

    #[test]
    fn a_pin_kept_along_its_line_is_no_pin_made() {
        // Carlsen (game 257), 9.Bh4 with the knight on f6 and the queen on d8: the bishop on g5
        // pinned it already ("is now pinned to the queen" was misleading, session 35 read).
        let fen = "r1bq1rk1/pppp1pp1/1bn2n1p/6B1/4P3/1NN5/PPP1QPPP/R3KB1R w KQ - 0 9";
        assert!(pins(fen, "Bh4").is_empty());
        // From off the line the pin is made: Bg5 from c1 (h6 removed).
        let fen = "r1bq1rk1/pppp1pp1/1bn2n2/8/4P3/1NN5/PPP1QPPP/R1B1KB1R w KQ - 0 9";
        assert_eq!(pins(fen, "Bg5"), [(Square::F6, Square::D8)]);
    }

    #[test]
    fn a_pawn_pinned_while_holding_nothing_is_no_pin_to_name() {
        // After Morphy, game 101: Qg3 (here from h4, off the file) lines up with g7 and g8,
        // but the pawn only guards pawns.
        let idle = "r4rk1/pp2q1p1/2p2p1p/2b1pP2/4P2Q/3RB3/PPP3PP/5RK1 w - - 2 20";
        assert!(pins(idle, "Qg3").is_empty());
        // The same pin when g7 guards a knight on f6: the pawn cannot take back there.
        let holds = "r4rk1/pp2q1p1/2p2n1p/2b1pP2/4P2Q/3RB3/PPP3PP/5RK1 w - - 2 20";
        assert_eq!(pins(holds, "Qg3"), vec![(Square::G7, Square::G8)]);
    }

    #[test]
    fn castling_made_possible_is_not_said_when_the_line_castles_on_the_other_wing() {
        let king = Square::E1;
        let short = Move::Castle {
            king,
            rook: Square::H1,
        };
        let reply = Move::Normal {
            role: Role::Pawn,
            from: Square::A7,
            capture: None,
            to: Square::A6,
            promotion: None,
        };
        assert!(castles_otherwise(&[reply, short], "e1a1"));
        assert!(!castles_otherwise(&[reply, short], "e1h1"));
        assert!(!castles_otherwise(&[short], "e1a1"), "the opponent's move");
    }
}

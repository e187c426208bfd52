//! Tactical motifs: forks, pins, skewers, discoveries, double checks, hanging and trapped
//! pieces, sacrifices, deflection, attraction, interference, clearance and the other short
//! combinations of the Lichess puzzle vocabulary, plus plain checks and threats.
//!
//! Why one file of about 1,030 lines: one detector per motif (37 small functions, "one
//! detector per function", STYLE.md) sharing the same attack helpers; the other theme
//! families are files of their own beside it.

use shakmaty::{Bitboard, Chess, Move, Position, Role, Square, attacks};

use super::util::{dest, moved_role, our_pv_moves};
use super::{Hit, ThemeSpec};
use crate::explain::board::{self, balance, is_bad_spot, is_defended, value};

/// The tactical theme specs.
pub const SPECS: &[ThemeSpec] = &[
    theme!(
        "fork",
        TacticalMotifs,
        Positive,
        Some("fork"),
        0.9,
        Move,
        "The moved non-king piece, not itself in a bad spot, attacks two or more enemy non-pawn pieces each worth more than it or undefended (king counts as 99); not on the last move of the line.",
        fork
    ),
    theme!(
        "king_fork",
        TacticalMotifs,
        Positive,
        None,
        0.8,
        Move,
        "As fork, but the moving piece is the king.",
        king_fork
    ),
    theme!(
        "pin_absolute",
        TacticalMotifs,
        Positive,
        Some("pin"),
        0.85,
        Move,
        "After the move an enemy piece is pinned to its king by our slider and the pin matters: it stops the piece from taking a more valuable or undefended piece, or the pinned piece is in a bad spot and cannot legally trade itself for a pinner worth as much.",
        pin_absolute
    ),
    theme!(
        "pin_relative",
        TacticalMotifs,
        Positive,
        None,
        0.7,
        Move,
        "The move creates a pin of an enemy piece against a more valuable (or undefended) enemy piece behind it that our slider would win.",
        pin_relative
    ),
    theme!(
        "skewer",
        TacticalMotifs,
        Positive,
        Some("skewer"),
        0.9,
        Move,
        "Our slider attacks a valuable piece; it moves off the line and the same slider captures the lesser piece behind it, which stood in a bad spot; a capture that mates is not counted.",
        skewer
    ),
    theme!(
        "xray_attack",
        TacticalMotifs,
        Positive,
        Some("xRayAttack"),
        0.85,
        Move,
        "We capture on s, the enemy recaptures on s from between another of our pieces and s, and that piece recaptures through the vacated square.",
        xray_attack
    ),
    theme!(
        "discovered_attack",
        TacticalMotifs,
        Positive,
        Some("discoveredAttack"),
        0.85,
        Move,
        "The move vacates a square on the line between our slider and an enemy target that the slider then captures, or gives a discovered check.",
        discovered_attack
    ),
    theme!(
        "discovered_check",
        TacticalMotifs,
        Positive,
        Some("discoveredCheck"),
        1.0,
        Move,
        "After the move the enemy king is in check from a piece other than the one that moved.",
        discovered_check
    ),
    theme!(
        "double_check",
        TacticalMotifs,
        Positive,
        Some("doubleCheck"),
        1.0,
        Move,
        "After the move two pieces give check.",
        double_check
    ),
    theme!(
        "hanging_piece_capture",
        TacticalMotifs,
        Positive,
        Some("hangingPiece"),
        0.85,
        Line,
        "The first move captures an undefended non-pawn piece (x-ray defence counted) and the material it won is kept two plies later.",
        hanging_piece_capture
    ),
    theme!(
        "trapped_piece",
        TacticalMotifs,
        Positive,
        Some("trappedPiece"),
        0.75,
        Move,
        "An enemy piece in a bad spot has only moves to bad spots (or to captures of lesser pieces) and is captured later in the line.",
        trapped_piece
    ),
    theme!(
        "sacrifice",
        TacticalMotifs,
        Positive,
        Some("sacrifice"),
        0.85,
        Line,
        "After one of our moves in the line our material balance is two or more pawns below the root balance, not because of an enemy promotion.",
        sacrifice
    ),
    theme!(
        "pawn_offer",
        TacticalMotifs,
        Positive,
        None,
        0.7,
        Move,
        "A pawn move the reply takes, not taken back there: after the reply and each of the mover's next moves it is at most a pawn down, and the line, settled within its first eight plies, leaves it one pawn down (two or more is a sacrifice).",
        pawn_offer
    ),
    theme!(
        "deflection",
        TacticalMotifs,
        Positive,
        Some("deflection"),
        0.75,
        Move,
        "A check or an offered piece (not a trade) forces an enemy guard away, and we then promote, or capture a piece worth no more than our capturing piece, on the square it no longer guards.",
        deflection
    ),
    theme!(
        "attraction",
        TacticalMotifs,
        Positive,
        Some("attraction"),
        0.8,
        Move,
        "We move a piece to s, an enemy king, queen or rook captures on s, our next move adds an attacker of s, and it checks the king there or we later capture on s.",
        attraction
    ),
    theme!(
        "interference",
        TacticalMotifs,
        Positive,
        Some("interference"),
        0.7,
        Move,
        "A piece lands between an enemy slider and the piece it defended, and we then capture that piece.",
        interference
    ),
    theme!(
        "clearance",
        TacticalMotifs,
        Positive,
        Some("clearance"),
        0.7,
        Move,
        "A quiet move (or one landing en prise) vacates a square that our next slider move passes through or lands on; no checks.",
        clearance
    ),
    theme!(
        "capturing_defender",
        TacticalMotifs,
        Positive,
        Some("capturingDefender"),
        0.75,
        Move,
        "We capture (with a piece of equal or greater value) a piece that defended another enemy piece, then capture that piece.",
        capturing_defender
    ),
    theme!(
        "recapture",
        MaterialConsiderations,
        Neutral,
        None,
        0.9,
        Move,
        "We take back on the square where the opponent has just captured, a piece worth no more than what it took (found with the previous move: `detect_line_after`).",
        never
    ),
    theme!(
        "overloading",
        TacticalMotifs,
        Positive,
        None,
        0.6,
        Move,
        "An enemy piece is the only defender of two targets; it takes on one and we take the other.",
        overloading
    ),
    theme!(
        "intermezzo",
        TacticalMotifs,
        Positive,
        Some("intermezzo"),
        0.5,
        Move,
        "Right after an enemy capture, instead of recapturing we give check first; the recapture is still played later.",
        intermezzo
    ),
    theme!(
        "quiet_move",
        TacticalMotifs,
        Positive,
        Some("quietMove"),
        0.6,
        Move,
        "Inside a line that mates or wins material, a move that is no check, capture, promotion, king move or advanced-pawn push and attacks no piece.",
        quiet_move
    ),
    theme!(
        "defensive_move",
        TacticalMotifs,
        Positive,
        Some("defensiveMove"),
        0.4,
        Line,
        "The first move neither checks nor captures, and either escapes check or attacks no piece with several alternatives available, in a line that neither mates nor wins material.",
        defensive_move
    ),
    theme!(
        "collinear_move",
        TacticalMotifs,
        Positive,
        Some("collinearMove"),
        0.6,
        Move,
        "Our slider moves along a line shared with an enemy slider it could have captured, staying on the line.",
        collinear_move
    ),
    theme!(
        "advanced_pawn",
        TacticalMotifs,
        Positive,
        Some("advancedPawn"),
        0.95,
        Move,
        "A pawn moves to its seventh rank or promotes.",
        advanced_pawn
    ),
    theme!(
        "promotion",
        TacticalMotifs,
        Positive,
        Some("promotion"),
        1.0,
        Move,
        "The move promotes a pawn.",
        promotion
    ),
    theme!(
        "under_promotion",
        TacticalMotifs,
        Positive,
        Some("underPromotion"),
        1.0,
        Move,
        "The move promotes to a knight, bishop or rook.",
        under_promotion
    ),
    theme!(
        "en_passant",
        TacticalMotifs,
        Positive,
        Some("enPassant"),
        1.0,
        Move,
        "The move captures en passant.",
        en_passant
    ),
    theme!(
        "attacking_f2f7",
        TacticalMotifs,
        Positive,
        Some("attackingF2F7"),
        0.95,
        Move,
        "We capture on f7 (f2 for Black) while the enemy king is still on e8 (e1).",
        attacking_f2f7
    ),
    theme!(
        "check",
        TacticalMotifs,
        Positive,
        None,
        1.0,
        Move,
        "The move gives check.",
        check
    ),
    theme!(
        "attacks_piece",
        TacticalMotifs,
        Positive,
        None,
        0.9,
        Move,
        "The moved piece newly attacks an enemy non-king piece that is undefended or worth more than it.",
        attacks_piece
    ),
    theme!(
        "defends_piece",
        TacticalMotifs,
        Positive,
        None,
        0.8,
        Move,
        "A piece of ours (not the mover) that stood in a bad spot before the move no longer does.",
        defends_piece
    ),
    theme!(
        "wins_material",
        TacticalMotifs,
        Positive,
        None,
        0.8,
        Line,
        "Material at the end of the line is at least one pawn above the root and no piece of ours hangs there.",
        wins_material
    ),
    theme!(
        "perpetual_check",
        TacticalMotifs,
        Neutral,
        None,
        0.9,
        Line,
        "Every one of our moves in the line gives check and the line repeats a position.",
        perpetual_check
    ),
    theme!(
        "desperado",
        TacticalMotifs,
        Positive,
        None,
        0.6,
        Move,
        "A piece of ours that stood in a bad spot captures material and is then taken.",
        desperado
    ),
];

/// A fork: read on the board after the move when the line goes on; not when the game is over
/// (no reply: the mate or the stalemate is the point).
fn fork(_before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    // Only with a line: read on the board alone, the last moves of the Lichess puzzles'
    // lines were called forks (precision 0.88 against a floor of 0.99, session 29).
    if mv.role() == Role::King || mv.is_castle() || pv.is_empty() || after.legal_moves().is_empty()
    {
        return None;
    }
    fork_from(after, mv.to(), moved_role(mv))
}

fn king_fork(_before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if mv.role() != Role::King || mv.is_castle() || pv.is_empty() || after.legal_moves().is_empty()
    {
        return None;
    }
    fork_from(after, mv.to(), Role::King)
}

fn fork_from(after: &Chess, to: Square, role: Role) -> Option<Hit> {
    let b = after.board();
    let us = b.color_at(to)?;
    if is_bad_spot(b, to) {
        return None;
    }
    let targets: Vec<Square> = (b.attacks_from(to) & b.by_color(!us) & !b.pawns())
        .into_iter()
        .filter(|t| {
            let Some(r) = b.role_at(*t) else { return false };
            r == Role::King
                || value(r) > value(role)
                || (!is_defended(b, *t) && !b.attacks_from(*t).contains(to))
        })
        .collect();
    if targets.len() >= 2 {
        // Colour-independent order: most valuable first, then by file and relative rank.
        let mut targets = targets;
        targets.sort_by_key(|t| {
            let v = b.role_at(*t).map_or(0, value);
            (std::cmp::Reverse(v), t.file(), board::rel_rank(*t, us))
        });
        let mut sq = vec![to];
        sq.extend(targets);
        Some(Hit::on(b, sq))
    } else {
        None
    }
}

/// Enemy pieces pinned to their king by a slider of the mover, as (pinner, pinned).
pub(crate) fn king_pins(after: &Chess) -> Vec<(Square, Square)> {
    board::king_pins(after.board(), after.turn())
}

fn pin_absolute(_before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let b = after.board();
    let them = after.turn();
    for (pinner, pinned) in king_pins(after) {
        let Some(prole) = b.role_at(pinned) else {
            continue;
        };
        let Some(king) = b.king_of(them) else {
            continue;
        };
        let line = attacks::ray(pinner, king);
        // The pin stops an attack: the pinned piece attacks a better or undefended piece off
        // the line.
        let prevents_attack = (b.attacks_from(pinned) & b.by_color(!them) & !line)
            .into_iter()
            .any(|x| {
                b.role_at(x).is_some_and(|xr| {
                    xr != Role::King && (value(xr) > value(prole) || !is_defended(b, x))
                })
            });
        // The pin stops an escape: the pinned piece stands in a bad spot and cannot simply
        // trade itself for its pinner (a legal capture of a pinner worth at least as much).
        let breaks_pin = b.role_at(pinner).is_some_and(|r| value(r) >= value(prole))
            && after
                .legal_moves()
                .iter()
                .any(|m| m.from() == Some(pinned) && m.to() == pinner);
        let prevents_escape = prole != Role::Pawn && is_bad_spot(b, pinned) && !breaks_pin;
        if prevents_attack || prevents_escape {
            return Some(Hit::on(b, vec![pinner, pinned, king]));
        }
    }
    None
}

/// Relative pins of enemy pieces by our sliders: (pinner, pinned, behind).
fn relative_pins(pos: &Chess, us: shakmaty::Color) -> Vec<(Square, Square, Square)> {
    let b = pos.board();
    let mut out = Vec::new();
    for s in board::relative(b.by_color(us) & b.sliders(), us) {
        let Some(piece) = b.piece_at(s) else { continue };
        for p in board::relative(b.attacks_from(s) & b.by_color(!us) & !b.kings(), us) {
            let Some(prole) = b.role_at(p) else { continue };
            let behind = board::behind(b, s, p)
                .filter(|q| b.color_at(*q) == Some(!us) && b.role_at(*q) != Some(Role::King));
            if let Some(q) = behind {
                let Some(qrole) = b.role_at(q) else { continue };
                let wins = value(qrole) > value(prole)
                    && (value(qrole) > value(piece.role) || !is_defended(b, q));
                if wins {
                    out.push((s, p, q));
                }
            }
        }
    }
    out
}

fn pin_relative(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let old = relative_pins(before, us);
    // A pin restricts something only if the pinned piece could otherwise step off the line
    // (a pawn that can only push along the pinner's file is not held back by the pin), and a
    // pawn's pin holds something ([`board::pawn_pin_holds`]).
    let b = after.board();
    let can_leave = |s: Square, p: Square, q: Square| {
        let off = !attacks::ray(s, p);
        let Some(piece) = b.piece_at(p) else {
            return false;
        };
        if piece.role == Role::Pawn {
            if !board::pawn_pin_holds(b, s, p, q) {
                return false;
            }
            let push = p
                .offset(if piece.color.is_white() { 8 } else { -8 })
                .filter(|t| b.piece_at(*t).is_none());
            let takes = attacks::pawn_attacks(piece.color, p) & b.by_color(!piece.color);
            push.is_some_and(|t| off.contains(t)) || (takes & off).any()
        } else {
            (b.attacks_from(p) & !b.by_color(piece.color) & off).any()
        }
    };
    // A pin the moved piece held from where it stood is kept, not made (Bg5-h4).
    let kept = |p: Square, q: Square| {
        mv.from()
            .is_some_and(|f| board::pinned_before(before.board(), f, p, q))
    };
    relative_pins(after, us)
        .into_iter()
        .find(|&(s, p, q)| !old.contains(&(s, p, q)) && !kept(p, q) && can_leave(s, p, q))
        .map(|(s, p, q)| Hit::on(after.board(), vec![s, p, q]))
}

fn skewer(_before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if pv.len() < 2 || mv.is_castle() {
        return None;
    }
    let s = mv.to();
    let b = after.board();
    if !matches!(moved_role(mv), Role::Bishop | Role::Rook | Role::Queen) {
        return None;
    }
    let (reply, ours) = (pv[0], pv[1]);
    let v = reply.from()?;
    if !b.attacks_from(s).contains(v) || b.color_at(v) != Some(after.turn()) {
        return None;
    }
    let vrole = b.role_at(v)?;
    let captured = ours.capture()?;
    if captured == Role::Pawn
        || ours.from() != Some(s)
        || !attacks::between(s, ours.to()).contains(v)
    {
        return None;
    }
    // The skewer must win the piece behind: when we take it, it stands in a bad spot
    // (undefended, or worth more than a cheaper attacker). A capture that mates is a mate.
    let next = board::play(after, reply)?;
    let taken = board::play(&next, ours)?;
    if !is_bad_spot(next.board(), ours.to()) || taken.is_checkmate() {
        return None;
    }
    (value(vrole) > value(captured)).then(|| Hit::on(b, vec![s, v, ours.to()]))
}

fn xray_attack(_before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    if pv.len() < 2 || !mv.is_capture() {
        return None;
    }
    let s = mv.to();
    let (reply, ours) = (pv[0], pv[1]);
    if reply.to() != s || !reply.is_capture() || ours.to() != s || !ours.is_capture() {
        return None;
    }
    let q = reply.from()?;
    let p = ours.from()?;
    attacks::between(p, s)
        .contains(q)
        .then(|| Hit::at(vec![s, q, p]).later(2))
}

fn discovered_check(_before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    if mv.is_castle() {
        return None;
    }
    let other = after.checkers().without(mv.to());
    board::relative(other, !after.turn())
        .first()
        .map(|c| Hit::on(after.board(), vec![*c, mv.to()]))
}

fn discovered_attack(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if mv.is_castle() {
        return None;
    }
    // A discovered check counts, unless it is a double check (reported as such).
    if let Some(hit) = discovered_check(before, mv, after, pv) {
        return (!after.checkers().more_than_one()).then_some(hit);
    }
    if pv.len() < 2 {
        return None;
    }
    let from = mv.from()?;
    let (reply, ours) = (pv[0], pv[1]);
    let slider = ours.from()?;
    if slider == mv.to() || !ours.is_capture() || ours.to() == reply.to() {
        return None;
    }
    let b = after.board();
    if !(b.sliders() & b.by_color(before.turn())).contains(slider) {
        return None;
    }
    attacks::between(slider, ours.to())
        .contains(from)
        .then(|| Hit::at(vec![slider, from, ours.to()]))
}

fn double_check(_before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let c = after.checkers();
    c.more_than_one()
        .then(|| Hit::on(after.board(), c.into_iter().collect()))
}

fn hanging_piece_capture(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let captured = mv.capture()?;
    if matches!(captured, Role::Pawn | Role::King) || mv.is_en_passant() {
        return None;
    }
    let from = mv.from()?;
    let b = before.board();
    let us = before.turn();
    let defenders = b.attacks_to(mv.to(), !us, b.occupied().without(from));
    if defenders.any() {
        return None;
    }
    // The piece must be kept: after the reply and our next move the balance is still at least
    // what the capture made it (a capture answered by winning back as much is an exchange).
    let mut line = vec![mv];
    line.extend(pv.iter().take(2));
    let positions = board::positions(before, &line);
    let kept = positions.len() < 4
        || balance(positions[3].board(), us) >= balance(positions[1].board(), us);
    kept.then(|| Hit::on(b, vec![mv.to()]))
}

fn trapped_piece(before: &Chess, _mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    let b = after.board();
    let them = after.turn();
    let us = before.turn();
    let legal = after.legal_moves();
    for x in board::relative(b.by_color(them) & !b.pawns() & !b.kings(), us) {
        let Some(role) = b.role_at(x) else { continue };
        if !board::is_attacked(b, x, us) || !is_bad_spot(b, x) {
            continue;
        }
        let escapes = legal.iter().filter(|m| m.from() == Some(x)).all(|m| {
            if m.capture().is_some_and(|c| value(c) >= value(role)) {
                return false;
            }
            board::play(after, *m).is_none_or(|p| is_bad_spot(p.board(), m.to()))
        });
        if !escapes {
            continue;
        }
        let Some(ours) = pv.get(1) else { continue };
        let Some(reply) = pv.first() else { continue };
        let square = if reply.from() == Some(x) {
            reply.to()
        } else {
            x
        };
        if after.is_check() || king_pins(after).iter().any(|(_, p)| *p == x) {
            continue;
        }
        if ours.to() == square && ours.capture() == Some(role) {
            return Some(Hit::on(b, vec![x]));
        }
    }
    None
}

fn sacrifice(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let mut line = vec![mv];
    line.extend_from_slice(pv);
    if line.iter().skip(1).step_by(2).any(|m| m.is_promotion()) {
        return None;
    }
    let root = balance(before.board(), us);
    let positions = board::positions(before, &line);
    for (i, p) in positions.iter().enumerate().skip(1).step_by(2) {
        if balance(p.board(), us) <= root - 2 {
            // The material went on the reply before our move `i - 1`: the move that gave it
            // is ours before that reply (ply 0 when the move itself is the sacrifice).
            let ply = i.saturating_sub(3);
            return Some(Hit::at(vec![line[ply].to()]).later(ply));
        }
    }
    None
}

/// How many plies of the line (the move first) [`pawn_offer`] counts the material over.
const OFFER_PLIES: usize = 8;

/// A pawn offered (9.f4 with the queen on g5: ...Qxf4 takes it, 10.d4 goes on; session 33
/// read, where "f4 takes aim at e5" said nothing of the pawn): the reply takes the moved pawn,
/// the mover does not take back on that square and could not do so without losing material by
/// exchange, neither the reply nor any of the mover's next moves leaves it more than a pawn
/// below the start, and the line settles a pawn down.
fn pawn_offer(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    if mv.role() != Role::Pawn || mv.is_promotion() || mv.is_capture() {
        return None;
    }
    let (reply, next) = (pv.first()?, pv.get(1)?);
    if !(reply.is_capture() && reply.to() == mv.to()) || (next.is_capture() && next.to() == mv.to())
    {
        return None;
    }
    let us = before.turn();
    let (line, settled) = board::settled_early(before, mv, pv, OFFER_PLIES);
    let all = board::positions(before, &line);
    // A pawn the mover could take back safely is not given (20.e6 dxe6 with d5xe6 at hand:
    // the line's d6 instead made it "an offer", session 34 read).
    let taken = all.get(2)?;
    let retakes = taken.legal_moves().iter().any(|m| {
        m.to() == mv.to() && m.is_capture() && crate::explain::board::see_ge(taken, *m, 0)
    });
    if retakes {
        return None;
    }
    // Nor is a pawn the opponent cannot keep: a short search after the reply sees it won back
    // (9.e4 dxe4 10.Ng5, session 36 read).
    let after = all.get(1)?;
    if !crate::explain::purpose::pawn_kept(
        after,
        crate::explain::purpose::Threat {
            mv: *reply,
            mate: false,
        },
    ) {
        return None;
    }
    let root = balance(before.board(), us);
    // After the reply and after each of the mover's next moves (an exchange's middle, the
    // opponent to recapture, is no loss).
    let never_more = all
        .iter()
        .skip(2)
        .take(1)
        .chain(all.iter().skip(3).step_by(2))
        .all(|p| balance(p.board(), us) >= root - 1);
    let ends_down = settled.len() > 3
        && settled
            .last()
            .is_some_and(|end| balance(end.board(), us) == root - 1);
    (never_more && ends_down).then(|| Hit::at(vec![mv.to()]))
}

fn deflection(_before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if pv.len() < 2 {
        return None;
    }
    let (reply, ours) = (pv[0], pv[1]);
    // Forced away by a check, or by taking a piece we offered. A trade (our move takes as much
    // as it risks) is no deflection: the reply is a plain recapture or a free choice.
    let even_trade = mv
        .capture()
        .is_some_and(|c| value(c) >= value(moved_role(mv)));
    let lured = reply.is_capture() && reply.to() == mv.to();
    if even_trade || !(after.is_check() || lured) {
        return None;
    }
    let s = ours.to();
    if !(ours.is_capture() || ours.is_promotion()) || s == reply.to() {
        return None;
    }
    // The guard must have mattered: a piece worth more than our capturing piece is won whether
    // it is guarded or not (a fork or a skewer, not a deflection).
    if ours
        .capture()
        .is_some_and(|c| !ours.is_promotion() && value(c) > value(ours.role()))
    {
        return None;
    }
    let g = reply.from()?;
    if !after.board().attacks_from(g).contains(s) {
        return None;
    }
    let next = board::play(after, reply)?;
    (!next.board().attacks_from(reply.to()).contains(s)).then(|| Hit::at(vec![g, s]).later(2))
}

fn attraction(_before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if pv.len() < 2 || mv.is_castle() {
        return None;
    }
    let s = mv.to();
    let reply = pv[0];
    if reply.to() != s || !reply.is_capture() {
        return None;
    }
    // Our next move must add an attacker of s (the moved piece or one it uncovers): a square
    // we merely keep covering is a plain exchange, not a lure.
    let positions = board::positions(after, pv);
    let us = after.turn().other();
    let attackers_at = |i: usize| {
        positions
            .get(i)
            .map_or(Bitboard::EMPTY, |p| board::attackers(p.board(), s, us))
    };
    let ours_next = positions
        .get(2)
        .is_some_and(|p| p.board().color_at(s) == Some(p.turn()));
    let new_attacker = (attackers_at(2) & !attackers_at(1)).any();
    if !ours_next || !new_attacker || pv[1].to() == s {
        return None;
    }
    match reply.role() {
        Role::King => positions
            .get(2)
            .is_some_and(|p| p.is_check())
            .then(|| Hit::at(vec![s])),
        Role::Queen | Role::Rook => {
            (pv.len() >= 4 && pv[3].to() == s && pv[3].is_capture()).then(|| Hit::at(vec![s]))
        }
        _ => None,
    }
}

fn interference(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if pv.len() < 2 {
        return None;
    }
    let them = after.turn();
    let b0 = before.board();
    let (reply, ours) = (pv[0], pv[1]);
    let target = ours.to();
    if !ours.is_capture() || b0.color_at(target) != Some(them) {
        return None;
    }
    for s in [mv.to(), reply.to()] {
        for e in board::relative(b0.by_color(them) & b0.sliders(), !them) {
            if b0.attacks_from(e).contains(target) && attacks::between(e, target).contains(s) {
                let after_reply = board::play(after, reply)?;
                if !after_reply.board().attacks_from(e).contains(target) {
                    return Some(Hit::at(vec![s, e, target]));
                }
            }
        }
    }
    None
}

fn clearance(_before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if pv.len() < 2 || after.is_check() || mv.is_promotion() || mv.is_castle() {
        return None;
    }
    if mv.is_capture() && !is_bad_spot(after.board(), mv.to()) {
        return None;
    }
    let from = mv.from()?;
    let ours = pv[1];
    let f2 = ours.from()?;
    if f2 == mv.to()
        || ours.is_capture()
        || !matches!(ours.role(), Role::Bishop | Role::Rook | Role::Queen)
    {
        return None;
    }
    (ours.to() == from || attacks::between(f2, ours.to()).contains(from))
        .then(|| Hit::at(vec![from, ours.to()]))
}

fn capturing_defender(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let captured = mv.capture()?;
    if pv.len() < 2 || value(mv.role()) < value(captured) {
        return None;
    }
    let b0 = before.board();
    let ours = pv[1];
    let x = ours.to();
    if !ours.is_capture() || x == mv.to() || b0.color_at(x) != Some(!before.turn()) {
        return None;
    }
    // The pieces named (the defender taken, then the piece it guarded), when both stood on
    // their squares (an en passant capture takes nothing on its square).
    let named = b0.piece_at(mv.to()).is_some() && b0.piece_at(x).is_some();
    b0.attacks_from(mv.to()).contains(x).then(|| {
        if named {
            Hit::on(b0, vec![mv.to(), x])
        } else {
            Hit::at(vec![mv.to(), x])
        }
    })
}

fn overloading(_before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if pv.len() < 2 {
        return None;
    }
    let b = after.board();
    let (reply, ours) = (pv[0], pv[1]);
    let o = reply.from()?;
    let t = ours.to();
    if !ours.is_capture() || t == mv.to() || reply.to() != mv.to() {
        return None;
    }
    let sole = |sq: Square| board::attackers(b, sq, after.turn()).single_square() == Some(o);
    (sole(t) && sole(mv.to())).then(|| Hit::at(vec![o, mv.to(), t]))
}

/// A detector for a theme only [`crate::explain::themes::detect_line_after`] finds (it needs
/// the previous move).
fn never(_: &Chess, _: Move, _: &Chess, _: &[Move]) -> Option<Hit> {
    None
}

fn intermezzo(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if before.halfmoves() != 0 || !after.is_check() || mv.is_capture() {
        return None;
    }
    let recaptures: Vec<Square> = before
        .legal_moves()
        .iter()
        .filter_map(|m| m.capture().map(|_| m.to()))
        .collect();
    our_pv_moves(pv)
        .find(|(_, m)| {
            m.is_capture()
                && recaptures.contains(&m.to())
                && before.board().piece_at(m.to()).is_some()
        })
        .map(|(i, m)| Hit::at(vec![m.to()]).later(i + 1))
}

/// Whether the line from `after` ends in mate for the mover or wins at least two pawns.
fn line_is_winning(before: &Chess, after: &Chess, pv: &[Move]) -> bool {
    let us = before.turn();
    let positions = board::positions(after, pv);
    let Some(last) = positions.last() else {
        return false;
    };
    (last.is_checkmate() && last.turn() != us)
        || balance(last.board(), us) >= balance(before.board(), us) + 2
}

fn quiet_move(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    if pv.is_empty()
        || after.is_check()
        || mv.is_capture()
        || mv.is_promotion()
        || mv.role() == Role::King
    {
        return None;
    }
    let us = before.turn();
    if mv.role() == Role::Pawn && board::rel_rank(mv.to(), us) >= 5 {
        return None;
    }
    let b = after.board();
    let attacks_piece = (b.attacks_from(dest(mv, us)) & b.by_color(!us) & !b.pawns()).any();
    (!attacks_piece && line_is_winning(before, after, pv)).then(|| Hit::on(b, vec![mv.to()]))
}

fn defensive_move(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    // Every sentence about this theme says "no check, no capture": both branches guarantee it.
    let escape = before.is_check() && !after.is_check() && !mv.is_capture();
    let us = before.turn();
    let quiet = !after.is_check()
        && !mv.is_capture()
        && before.legal_moves().len() >= 4
        && (after.board().attacks_from(dest(mv, us))
            & after.board().by_color(!us)
            & !after.board().pawns())
        .is_empty();
    if !(escape || quiet) || line_is_winning(before, after, pv) {
        return None;
    }
    Some(Hit::at(vec![mv.to()]))
}

fn collinear_move(before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let role = mv.role();
    if !matches!(role, Role::Bishop | Role::Rook | Role::Queen) || mv.is_capture() {
        return None;
    }
    let from = mv.from()?;
    let b = before.board();
    for e in board::relative(
        b.attacks_from(from) & b.by_color(!before.turn()) & b.sliders(),
        before.turn(),
    ) {
        if !attacks::aligned(from, mv.to(), e) {
            continue;
        }
        let Some(er) = b.role_at(e) else { continue };
        let diagonal = from.file() != e.file() && from.rank() != e.rank();
        let compatible = er == Role::Queen
            || (diagonal && er == Role::Bishop)
            || (!diagonal && er == Role::Rook);
        if compatible {
            return Some(Hit::on(b, vec![from, mv.to(), e]));
        }
    }
    None
}

fn advanced_pawn(before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    (mv.role() == Role::Pawn && board::rel_rank(mv.to(), before.turn()) >= 6)
        .then(|| Hit::at(vec![mv.to()]))
}

fn promotion(_before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    mv.is_promotion().then(|| Hit::at(vec![mv.to()]))
}

fn under_promotion(_before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    matches!(
        mv.promotion(),
        Some(Role::Knight | Role::Bishop | Role::Rook)
    )
    .then(|| Hit::at(vec![mv.to()]))
}

fn en_passant(_before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    mv.is_en_passant().then(|| Hit::at(vec![mv.to()]))
}

fn attacking_f2f7(before: &Chess, mv: Move, _after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let (target, king_home) = if us.is_white() {
        (Square::F7, Square::E8)
    } else {
        (Square::F2, Square::E1)
    };
    (mv.is_capture() && mv.to() == target && before.board().king_of(!us) == Some(king_home))
        .then(|| Hit::at(vec![target]))
}

fn check(_before: &Chess, _mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let k = after.board().king_of(after.turn())?;
    after.is_check().then(|| Hit::on(after.board(), vec![k]))
}

fn attacks_piece(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let to = dest(mv, us);
    let role = moved_role(mv);
    let b = after.board();
    let old = mv
        .from()
        .map(|f| before.board().attacks_from(f))
        .unwrap_or(Bitboard::EMPTY);
    let targets: Vec<Square> =
        board::relative(b.attacks_from(to) & b.by_color(!us) & !b.kings() & !old, us)
            .into_iter()
            .filter(|t| board::worth_hitting(b, *t, role))
            .collect();
    targets.first().map(|t| Hit::on(b, vec![to, *t]))
}

fn defends_piece(before: &Chess, mv: Move, after: &Chess, _pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let b0 = before.board();
    let b = after.board();
    board::relative(b0.by_color(us) & !b0.kings(), us)
        .into_iter()
        .filter(|s| Some(*s) != mv.from())
        .find(|s| {
            is_bad_spot(b0, *s)
                && b.color_at(*s) == Some(us)
                && !is_bad_spot(b, *s)
                && pawn_worth_keeping(before, *s)
        })
        .map(|s| Hit::on(b, vec![s]))
}

/// Whether the man on `s` (the side to move's in `before`) is worth keeping against its
/// cheapest capture after a pass: anything but a pawn, or a pawn the opponent would keep
/// ([`crate::explain::purpose::pawn_kept`]; 9.Rc1 does not "take care of" the pawn on c4 when
/// ...dxc4 is won straight back, session 36 read).
fn pawn_worth_keeping(before: &Chess, s: Square) -> bool {
    if before.board().role_at(s) != Some(Role::Pawn) {
        return true;
    }
    let Some(passed) = crate::explain::purpose::pass(before) else {
        return true;
    };
    let capture = passed
        .legal_moves()
        .into_iter()
        .filter(|m| m.to() == s && m.is_capture())
        .min_by_key(|m| board::value(m.role()));
    capture.is_none_or(|mv| {
        crate::explain::purpose::pawn_kept(
            &passed,
            crate::explain::purpose::Threat { mv, mate: false },
        )
    })
}

fn wins_material(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    let us = before.turn();
    let positions = board::positions(after, pv);
    let last = positions.last()?;
    let lb = last.board();
    let gain = balance(lb, us) - balance(before.board(), us);
    let safe = (lb.by_color(us) & !lb.kings())
        .into_iter()
        .all(|s| !board::is_hanging(lb, s));
    (gain >= 1 && safe && !(last.is_checkmate() && last.turn() == us))
        .then(|| Hit::at(vec![mv.to()]))
}

fn perpetual_check(before: &Chess, mv: Move, _after: &Chess, pv: &[Move]) -> Option<Hit> {
    let mut line = vec![mv];
    line.extend_from_slice(pv);
    if line.len() < 5 {
        return None;
    }
    let positions = board::positions(before, &line);
    if positions.len() != line.len() + 1 {
        return None;
    }
    let all_checks = positions.iter().skip(1).step_by(2).all(|p| p.is_check());
    let last = positions.last()?;
    let repeats = positions[..positions.len() - 1]
        .iter()
        .any(|p| p.board() == last.board() && p.turn() == last.turn());
    (all_checks && repeats).then(|| Hit::at(vec![mv.to()]))
}

fn desperado(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Hit> {
    let from = mv.from()?;
    mv.capture()?;
    let reply = pv.first()?;
    // Lost where it stood: a bad spot, or won by exchange there had we passed (20.exf7+ with
    // the pawn on e6 attacked by the pawn on f7 and the queen, guarded by the queen alone:
    // session 46 read).
    let lost = is_bad_spot(before.board(), from)
        || crate::explain::purpose::pass(before).is_some_and(|passed| {
            passed.legal_moves().iter().any(|m| {
                m.to() == from && m.is_capture() && board::see_ge(&passed, *m, DESPERADO_LOSS_CP)
            })
        });
    // Lost only when it had no safe way out: a bishop attacked by a pawn with retreats at
    // hand that takes a knight is trading, not selling itself dearly (11...Bxf3 with the
    // bishop on g4 attacked by h3, guarded by the knight on f6 and free to go to f5 or e6,
    // session 47 read).
    let escapes = before.legal_moves().iter().any(|m| {
        m.from() == Some(from)
            && *m != mv
            && board::see_ge(before, *m, 0)
            && board::play(before, *m).is_some_and(|p| !is_bad_spot(p.board(), m.to()))
    });
    (lost
        && !escapes
        && is_bad_spot(after.board(), mv.to())
        && reply.to() == mv.to()
        && reply.is_capture())
    .then(|| Hit::on(after.board(), vec![mv.to()]))
}

/// What the opponent must win by exchange on the piece's square (centipawns) for
/// [`desperado`] to call the piece lost there: a pawn.
const DESPERADO_LOSS_CP: i32 = 100;

#[cfg(test)]
mod tests {
    use shakmaty::Square;

    use crate::explain::board;

    /// The sacrifice theme's ply and square for the line `sans` from `fen`.
    fn sacrifice_at(fen: &str, sans: &[&str]) -> Option<(usize, Vec<Square>)> {
        let p = board::from_fen(fen);
        let line = board::line_from(&p, sans);
        let after = board::play(&p, line[0]).unwrap();
        crate::explain::themes::detect(&p, line[0], &after, &line[1..])
            .into_iter()
            .find(|t| t.id == "sacrifice")
            .map(|t| (t.ply, t.squares))
    }

    #[test]
    fn a_pawn_lost_by_exchange_that_takes_first_is_a_desperado() {
        // Morphy (game 107), 20.exf7+: the pawn on e6 was attacked by the pawn on f7 and the
        // queen and guarded by the queen alone; it takes on f7 before it is lost.
        let p = board::from_fen("r3k2r/1pp1qp2/p1p1P2p/5p2/5P2/4Q3/PP4PP/R4RK1 w kq - 0 20");
        let line = board::line_from(&p, &["exf7+", "Kxf7"]);
        let after = board::play(&p, line[0]).unwrap();
        let hit = crate::explain::themes::detect(&p, line[0], &after, &line[1..])
            .into_iter()
            .find(|t| t.id == "desperado" && t.ply == 0)
            .expect("a desperado");
        assert_eq!(
            hit.pieces.first().map(|r| r.role),
            Some(shakmaty::Role::Pawn)
        );
    }

    #[test]
    fn a_piece_with_a_safe_retreat_that_takes_is_no_desperado() {
        // Carlsen - Kramnik, 11...Bxf3: the bishop on g4, attacked by the pawn on h3 and
        // guarded by the knight on f6, could go back to f5 or e6; taking the knight is a trade.
        let p =
            board::from_fen("rn3rk1/pp2ppbp/1qp2np1/8/2PP2b1/2N2N1P/PP2BPP1/R1BQ1RK1 b - - 0 11");
        let line = board::line_from(&p, &["Bxf3", "Bxf3"]);
        let after = board::play(&p, line[0]).unwrap();
        let themes = crate::explain::themes::detect(&p, line[0], &after, &line[1..]);
        assert!(themes.iter().all(|t| t.id != "desperado"), "{themes:?}");
    }

    #[test]
    fn a_pawn_the_mover_could_take_back_is_no_offer() {
        // 20.e6 (Carlsen - Sulskis, session 34 read): Stockfish's line ...dxe6 d6 gives the
        // extra pawn back, but d5xe6 was at hand: e6 offered nothing.
        let offered = |fen: &str, sans: &[&str]| {
            let p = board::from_fen(fen);
            let line = board::line_from(&p, sans);
            let after = board::play(&p, line[0]).unwrap();
            super::pawn_offer(&p, line[0], &after, &line[1..]).is_some()
        };
        let fen = "2k1rr2/p1pp2pp/2p5/3PP3/4Q3/1Pq3P1/P4P1P/3R1K1R w - - 4 20";
        let line = ["e6", "dxe6", "d6", "cxd6", "Rxd6", "Kc7", "Rd4", "Rd8"];
        assert!(!offered(fen, &line));
        // 9.f4 ...Qxf4: nothing takes back on f4, and the line stays a pawn down.
        let fen = "r1b1kb1r/ppp3pp/2N2n2/1B4q1/4p3/8/PPPPQPPP/R1B1K2R w KQkq - 3 9";
        let line = ["f4", "Qxf4", "d4", "Qd6", "Ne5+", "c6", "Bc4", "Be6"];
        assert!(offered(fen, &line));
    }

    #[test]
    fn a_move_that_ends_the_game_has_no_fork() {
        // Qxf7# attacks the rook on a8 too, in no sense that matters: the game is over.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1";
        let p = board::from_fen(fen);
        let line = board::line_from(&p, &["Qxf7#", "Ke7"][..1]);
        let after = board::play(&p, line[0]).unwrap();
        let themes = crate::explain::themes::detect(&p, line[0], &after, &line[..0]);
        assert!(!themes.iter().any(|t| t.id == "fork"), "{themes:?}");
    }

    #[test]
    fn a_sacrifice_is_placed_at_the_move_that_gives_the_material() {
        let fen = "4k2r/8/8/8/8/8/8/4K1R1 w - - 0 1";
        // The move itself gives the rook: the move's own theme (ply 0), on h1.
        assert_eq!(
            sacrifice_at(fen, &["Rh1", "Rxh1+", "Kd2", "Kd7"]),
            Some((0, vec![Square::H1]))
        );
        // A king move first, the rook given on the next move: later in the line (9.Be3
        // develops; its line gives a pawn later), said after the move's own point.
        assert_eq!(
            sacrifice_at(fen, &["Kd1", "Kd8", "Rh1", "Rxh1+", "Kc2", "Kc7"]),
            Some((2, vec![Square::H1]))
        );
    }
}

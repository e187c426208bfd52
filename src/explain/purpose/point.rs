//! The point of a move found by comparing what each side can do before and after it:
//!
//! - [`stops`] (prophylaxis): the opponent's best move if the mover passed (a short search of
//!   the null-move position) bites — it is legal, safe by static exchange, and gives check,
//!   captures, or attacks a piece worth at least its own or undefended — and after the move
//!   (the opponent to move) the same move no longer bites because the move took it away: it is illegal
//!   now, or the moved piece covers its square, or it no longer checks: `a3` takes b4 from the
//!   bishop, so `...Bb4` no longer pins (`idea: "stops"`, `moves` = that move, `square` its
//!   target square; `occupies` when the move stands on that very square: "e3 blocks the pawn
//!   on e4, which wanted to go to e3");
//!   target square);
//! - [`stops_plan`] (positional prophylaxis): the opponent's best move after a pass, by a
//!   deeper search, which bites nothing, is no longer good after the move (20.Qc5 against
//!   ...d4, now met by Qxe5);
//! - [`removes_line`]: a capture that takes off the piece whose tactic (a line beyond one
//!   capture) the opponent had after a pass (15.Nxe5 against ...Nxf3+ gxf3 ...Rxg5+);
//! - [`follow_up`]: the mover's next move in the line (and the one after it): `prepares` when
//!   that move was not a legal, safe move before this one (the move made it possible), else
//!   `plan`, the honest sentence from the line ("the plan is Rae1 and f4"). A capture has its
//!   own point; a recapture or the answer to a check is no plan and is not named. A move made
//!   possible because the move left a square on its path is `clears` ("20.Nf3 clears the
//!   queen's way to a7"). When that next move, or the one after it, is the moved piece (not a
//!   pawn; a king only without queens) moving on without taking, not chased by a reply, the
//!   move is a step of a `route` ("9.Ne3: the knight heads for f5"), `route_hits` when from
//!   its goal the piece attacks an enemy piece or pawn it did not attack before ("18.Nd3: the
//!   knight heads for c5, from where it attacks the pawn on b7").
//! - [`rook_behind`]: a rook comes to a file behind its own pawn (nothing between them but
//!   its own queen or rook) and
//!   that pawn moves as one of the mover's next three moves in the line, the rook still there:
//!   a push is backed (`rook_backs`: "Rb1 puts the rook behind the b-pawn to back b4"), a
//!   capture opens the file for the rook (`rook_opens`: "Re1 puts the rook on the e-file, ready
//!   for exd5 to open it").
//!
//! Both rest on [`Fact::Idea`] claims about the position before the move, which the checker
//! verifies on the board (`scripts/check_claims.py`); the search only chooses which of the
//! opponent's moves to test.

use shakmaty::san::San;
use shakmaty::{Bitboard, Chess, Move, Position, Role, Square};

use crate::explain::board::{self, value};
use crate::explain::claims::Fact;

use super::pass;

/// Depth of the search that finds the opponent's best move after a pass (plies).
const STOP_DEPTH: u32 = 4;
/// Node cap of that search: it must stay cheap (docs/EXPLANATIONS.md, explanation time).
const STOP_NODES: u64 = 6_000;

fn uci(m: Move) -> String {
    m.to_uci(shakmaty::CastlingMode::Standard).to_string()
}

fn san(pos: &Chess, m: Move) -> String {
    San::from_move(pos, m).to_string()
}

/// The best move and score (side to move's view, centipawns) of a short search of `pos` by
/// the engine's pure [`crate::engine::search`] with its default evaluation. The search runs on
/// the position with White to move (mirrored when Black is to move), so that mirrored
/// positions get mirrored answers (move ordering is not colour-symmetric).
#[must_use]
pub fn short_search(pos: &Chess, depth: u32, nodes: u64) -> (Option<Move>, i32) {
    let (line, score) = short_line(pos, depth, nodes);
    (line.first().copied(), score)
}

/// [`short_search`] with its principal variation (moves of `pos` and the positions after
/// them; empty when the side to move has no move).
#[must_use]
pub fn short_line(pos: &Chess, depth: u32, nodes: u64) -> (Vec<Move>, i32) {
    short_line_among(pos, depth, nodes, |_| true).unwrap_or((Vec::new(), 0))
}

/// [`short_line`] among the root moves `keep` accepts; `None` when it accepts none of them
/// (a position without legal moves is searched as it is).
fn short_line_among(
    pos: &Chess,
    depth: u32,
    nodes: u64,
    keep: impl Fn(Move) -> bool,
) -> Option<(Vec<Move>, i32)> {
    let mirrored = if pos.turn().is_white() {
        None
    } else {
        pos.to_setup(shakmaty::EnPassantMode::Legal)
            .into_mirrored()
            .position::<Chess>(shakmaty::CastlingMode::Standard)
            .ok()
    };
    let normal = mirrored.as_ref().unwrap_or(pos);
    let flipped = mirrored.is_some();
    // The root moves of the searched position whose counterpart in `pos` is kept.
    let kept: Vec<Move> = pos.legal_moves().into_iter().filter(|m| keep(*m)).collect();
    if kept.is_empty() && !pos.legal_moves().is_empty() {
        return None;
    }
    let searchmoves = if kept.len() == pos.legal_moves().len() {
        Vec::new()
    } else {
        kept.iter()
            .filter_map(|m| {
                if flipped {
                    mirror_move(normal, *m)
                } else {
                    Some(*m)
                }
            })
            .collect()
    };
    let limits = crate::engine::SearchLimits {
        depth: Some(depth),
        nodes: Some(nodes),
        searchmoves,
        ..crate::engine::SearchLimits::default()
    };
    let mut memory = crate::engine::SearchMemory::new(1);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let result = crate::engine::search(
        normal,
        &[],
        &limits,
        super::verify_params(),
        &mut memory,
        &stop,
        &mut |_| {},
    );
    let mut pv = result.pv.clone();
    if pv.is_empty() {
        pv.extend(result.best_move);
    }
    if mirrored.is_none() {
        return Some((pv, result.score.0));
    }
    // Map the mirrored line back, move by move: the legal move of the position reached with
    // the flipped squares.
    let mut line = Vec::new();
    let mut cur = pos.clone();
    for m in pv {
        let Some(back) = mirror_move(&cur, m) else {
            break;
        };
        cur.play_unchecked(back);
        line.push(back);
    }
    Some((line, result.score.0))
}

/// The legal move of `pos` that is `m` (a move of the mirror image of `pos`) seen in the
/// mirror, if there is one.
fn mirror_move(pos: &Chess, m: Move) -> Option<Move> {
    let (from, to) = (m.from()?.flip_vertical(), m.to().flip_vertical());
    pos.legal_moves()
        .into_iter()
        .find(|x| x.from() == Some(from) && x.to() == to && x.promotion() == m.promotion())
}

/// Whether move `m` (legal in `pos`) loses no material by static exchange.
fn safe(pos: &Chess, m: Move) -> bool {
    crate::explain::board::see_ge(pos, m, 0)
}

/// Whether move `m` bites in `pos` (its side to move): legal, not losing material by static
/// exchange, and it gives check, captures, advances a passed pawn, or attacks an enemy piece
/// (not a pawn or the king) worth at least the moved piece or undefended.
#[must_use]
pub fn bites(pos: &Chess, m: Move) -> bool {
    let Some(next) = board::play(pos, m) else {
        return false;
    };
    if !safe(pos, m) {
        return false;
    }
    // A check bites only with something more (a capture, a piece attacked with it, a passed
    // pawn's run): a bare check that gains nothing is no threat to stop (9.O-O does not
    // "stop ...Qa5", which would only have been check).
    if m.is_capture() {
        return true;
    }
    // A passed pawn that runs on safely (Fischer, 60...h5 after a pass: the h-pawn runs).
    if m.role() == Role::Pawn
        && m.from()
            .is_some_and(|f| board::is_passed(pos.board(), f, pos.turn()))
    {
        return true;
    }
    hits(&next, m).next().is_some()
}

/// The men `m` (just played, giving `next`) hits where it lands, as [`bites`] counts a hit:
/// enemy pieces (no pawn or king) worth at least the piece that moved, or undefended.
/// A queen that meets the enemy queen offers a trade, which the other side may take first:
/// no hit (9.Bd3 "rules out Qg6", where ...Qg6 Qxg6 hxg6 suits White; session 38 read).
fn hits(next: &Chess, m: Move) -> impl Iterator<Item = Square> + '_ {
    let b = next.board();
    let role = m.promotion().unwrap_or(m.role());
    let targets = b.attacks_from(m.to()) & b.by_color(next.turn()) & !b.pawns() & !b.kings();
    targets.into_iter().filter(move |&t| {
        b.role_at(t).is_some_and(|r| {
            !(r == Role::Queen && role == Role::Queen)
                && (value(r) >= value(role) || !board::is_defended(b, t))
        })
    })
}

/// Whether `mv` itself takes the opponent's move `r` away: `r` is illegal after it (the square
/// taken, the line blocked), or the moved piece now covers `r`'s target square (it did not
/// before: `a3` takes b4 from the bishop), or `r` gave check before and does not after.
fn takes_away(
    before: &Chess,
    mv: Move,
    after: &Chess,
    passed: &Chess,
    r: Move,
    again: Option<Move>,
) -> bool {
    let Some(again) = again else {
        return true;
    };
    let checked = |p: &Chess, m: Move| board::play(p, m).is_some_and(|n| n.is_check());
    covers_anew(before, mv, after, r.to()) || (checked(passed, r) && !checked(after, again))
}

/// Whether the moved piece, where it landed, covers `sq`, which it did not from where it
/// stood (`a3` takes b4 from the bishop; 20.Ng3 now covers e4).
fn covers_anew(before: &Chess, mv: Move, after: &Chess, sq: Square) -> bool {
    let landed = crate::explain::themes::util::dest(mv, before.turn());
    after.board().attacks_from(landed).contains(sq)
        && !mv
            .from()
            .is_some_and(|f| before.board().attacks_from(f).contains(sq))
}

/// Prophylaxis: the opponent's best move after a pass bites before the move and not after it,
/// and the move itself takes it away ([`takes_away`]); `escapes` when that move was the capture
/// of the moved piece (the piece steps away from it), `stops_attack` when that capture was a
/// check beside the king worth much more than the piece.
/// Only for a quiet move (no capture, no check): a capture or a check has a point of its own.
#[must_use]
pub fn stops(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    if mv.is_capture() || after.is_check() {
        return None;
    }
    // A move of a piece (not a pawn) the move itself now hits is no prophylaxis: that piece
    // must move anyway (17.Ba3 hits the queen on d6; "it stops Qc5" was a side fact given as
    // the point, session 47 read). A pawn's push stopped stays (60.Rh2 against ...h5).
    let landed = crate::explain::themes::util::dest(mv, before.turn());
    let hit = after.board().attacks_from(landed) & !before.board().attacks_from(mv.from()?);
    let of_hit_piece = |f: &Fact| match f {
        Fact::Idea { idea, moves, .. }
            if matches!(idea.as_str(), "stops" | "stops_hit" | "occupies") =>
        {
            moves
                .first()
                .and_then(|m| m.get(0..2))
                .and_then(|from| from.parse::<Square>().ok())
                .is_some_and(|o| {
                    hit.contains(o)
                        && after.board().role_at(o).is_some_and(|r| r != Role::Pawn)
                        && board::worth_hitting(after.board(), o, mv.role())
                })
        }
        _ => false,
    };
    stops_found(before, mv, after).filter(|f| !of_hit_piece(f))
}

/// [`stops`] before its last filter.
fn stops_found(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    let passed = pass(before)?;
    let (line, best_score) = short_line(&passed, STOP_DEPTH, STOP_NODES);
    if let Some(f) = stops_mate(mv, after, &passed, &line, best_score) {
        return Some(f);
    }
    let best = line.first().copied();
    // The opponent's best after the pass by the deeper search, once for every detector below.
    let deep = DeepBest::new();
    // A discovered check the move shuts by standing in its line, one the opponent wants
    // (within [`STOPS_BITE_MARGIN`] of their best, kept by the deeper search): named as such,
    // though the masking piece's move may still bite elsewhere (11...Nf6 on the f-file against
    // Bg5+ or Bc7+ uncovering the rook on f2; "the knight comes into play" missed it, session
    // 47 read).
    // (Its piece may stand where it could be taken: the check comes first, so no static
    // exchange; the move must cost the opponent [`STOPS_LINE_COST`] by the short search.)
    // Their best after the move, searched once (only when a discovered check is shut).
    let after_best = std::cell::OnceCell::new();
    let discovery = passed.legal_moves().into_iter().find_map(|r| {
        shuts_discovery(before, mv, after, &passed, r).filter(|_| {
            wanted_within(&passed, r, best_score, STOPS_BITE_MARGIN)
                && best_score.saturating_sub(
                    *after_best.get_or_init(|| short_search(after, STOP_DEPTH, STOP_NODES).1),
                ) >= STOPS_LINE_COST
                && sound_deeper(&passed, r, deep_best(&passed, &deep))
        })
    });
    if discovery.is_some() {
        return discovery;
    }
    let r = match best.filter(|r| bites(&passed, *r)) {
        Some(r) => r,
        None => {
            return stops_wanted(before, mv, after, &passed, best_score, &deep)
                .or_else(|| sidesteps_wanted(mv, after, &passed, best_score, &deep))
                .or_else(|| denied_square(before, mv, after, &passed, best_score, &deep))
                .or_else(|| avoids_trade(mv, after, &passed, best_score))
                .or_else(|| stops_line(mv, after, &passed, &line, best_score, &deep));
        }
    };
    stops_best(before, mv, after, &passed, r, best_score, &deep)
        .or_else(|| avoids_trade(mv, after, &passed, best_score))
        .or_else(|| stops_line(mv, after, &passed, &line, best_score, &deep))
}

/// How many pawns the opponent's line after a pass must win, settled, for [`stops_line`].
const STOPS_LINE_GAIN: i32 = 1;
/// How much less (centipawns, by the short search) the opponent's best must score after the
/// move than after a pass for [`stops_line`]: the pawn the line wins.
const STOPS_LINE_COST: i32 = 100;

/// `stops_line`: the opponent's best line after a pass (`line`, by the short search, scored
/// `best_score` for them) wins material only beyond one capture, by a tactic the simple bite
/// does not see (9...Nxe4 uncovering the bishop on g7 against the knight on d4; ...e4 opening
/// the long diagonal to the bishop on b2; "In the engine's line Nc2 is followed by O-O and
/// Bf3" was all that was said, session 42 reads): the line, settled, wins at least
/// [`STOPS_LINE_GAIN`] pawns; after the move the opponent's best line wins nothing, and their
/// best scores [`STOPS_LINE_COST`] less than after the pass; the deeper search ([`SOUND_DEPTH`])
/// keeps the line's first move within [`SOUND_MARGIN`] of their best after the pass and the
/// move's cost at [`STOPS_LINE_COST`]. `square` where the line's
/// first move lands, `other` where it comes from, `moves` the line cut where the material
/// settles. Not in a pawn ending ([`has_pieces`]; 22.Ke3 against ...Rd2+ and ...Rxa2 with a
/// rook and a bishop each was said as "brings the king towards d4" alone, session 49 read).
fn stops_line(
    mv: Move,
    after: &Chess,
    passed: &Chess,
    line: &[Move],
    best_score: i32,
    deep: &DeepBest,
) -> Option<Fact> {
    // In a pawn ending the short search's tactic after a pass is often not Stockfish's; the
    // deeper search below settles the rest (37...Nf6 "stops the tactic Rd6+" against a rook
    // and pawns, the session 42 referee, Stockfish had 141 cp below their best).
    if best_score >= crate::engine::MATE_BOUND || !has_pieces(after) {
        return None;
    }
    // A line that ends inside an exchange counts nothing settled; when its raw material says
    // it wins, a search a ply deeper settles it (9...Nxe4 Nxc6 Bxc3+ bxc3 bxc6 and O-O).
    let them = passed.turn();
    let raw = board::positions(passed, line).last().map_or(0, |end| {
        board::balance(end.board(), them) - board::balance(passed.board(), them)
    });
    let (line, best_score) = if board::settled_gain(passed, line) >= STOPS_LINE_GAIN {
        (line.to_vec(), best_score)
    } else if raw >= STOPS_LINE_GAIN {
        short_line(passed, THREAT_DEPTH, THREAT_NODES)
    } else {
        return None;
    };
    let r = *line.first()?;
    if board::settled_gain(passed, &line) < STOPS_LINE_GAIN {
        return None;
    }
    let (now, theirs) = short_line(after, STOP_DEPTH, STOP_NODES);
    if board::settled_gain(after, &now) > 0 || best_score.saturating_sub(theirs) < STOPS_LINE_COST {
        return None;
    }
    // The deeper search keeps the line's first move among the opponent's best after a pass,
    // and the move still costs them the pawn by it (Stockfish saw 37...Nf6's "tactic Rd6+"
    // 141 cp below their best and another 37...Ng5's cost at 3 cp: the session 42 referee).
    let deep_best = deep_best(passed, deep);
    let deep_r = deep_reply(passed, r)?;
    let deep_now = short_search(after, SOUND_DEPTH, SOUND_NODES).1;
    if deep_r < deep_best - SOUND_MARGIN || deep_r.saturating_sub(deep_now) < STOPS_LINE_COST {
        return None;
    }
    let settled = board::settled_positions(passed, &line)
        .len()
        .saturating_sub(1);
    let shown: Vec<Move> = line.iter().copied().take(settled.max(2)).collect();
    Some(Fact::Idea {
        uci: uci(mv),
        idea: "stops_line".to_owned(),
        square: r.to(),
        other: r.from(),
        moves: shown.iter().map(|m| uci(*m)).collect(),
        san: crate::explain::explanation::san_line(passed, &shown),
        n: u32::try_from(board::settled_gain(passed, &shown)).unwrap_or(0),
    })
}

/// `removes_line`: a capture that takes off the piece whose tactic the opponent had: their best
/// line after a pass starts with a move of the piece the capture takes and wins material beyond
/// one capture, by the same conditions as [`stops_line`] (settled gain, the move's cost, the
/// deeper search's agreement). 15.Nxe5 against ...Nxf3+ gxf3 ...Rxg5+ (the knight on e5 takes
/// the bishop's only defender): "Nxe5 takes the knight" said nothing of why (session 44 read).
/// Not for a capture that wins material by exchange (that gain is its point), nor of a pawn.
/// `square` where the
/// tactic's first move lands, `other` the captured piece's square, `moves` the tactic.
#[must_use]
pub fn removes_line(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    // A pawn taken before it takes is the pawns' tension resolved, no tactic removed (18.fxe5
    // "removes the pawn on e5 and its tactic exf4", the session 45 referee).
    if mv.capture().is_none_or(|r| r == Role::Pawn)
        || mv.is_en_passant()
        || board::see_gain(before, mv) > 0
    {
        return None;
    }
    let passed = pass(before)?;
    let (line, best_score) = short_line(&passed, STOP_DEPTH, STOP_NODES);
    if line.first().and_then(|r| r.from()) != Some(mv.to()) {
        return None;
    }
    match stops_line(mv, after, &passed, &line, best_score, &DeepBest::new())? {
        Fact::Idea {
            uci,
            square,
            other,
            moves,
            san,
            n,
            ..
        } if other == Some(mv.to()) => Some(Fact::Idea {
            uci,
            idea: "removes_line".to_owned(),
            square,
            other,
            moves,
            san,
            n,
        }),
        _ => None,
    }
}

/// How much the pass must cost the mover (centipawns, by the deeper search, the opponent's
/// capture after a pass against their best after the move) for [`takes_first`]: more than the
/// tempo a pass gives away, as for [`stops_plan`] (15.exf5: 42 by ours, about 100 by
/// Stockfish).
const TAKES_FIRST_COST: i32 = 40;

/// `takes_first` / `takes_first_hit`: a pawn takes the enemy pawn that attacked it before that
/// pawn takes first. After a pass the opponent's best move by the short search is that pawn's
/// capture `r` of ours (on the square the move left), kept within [`SOUND_MARGIN`] of their best
/// by the deeper search, and by it the move costs them [`TAKES_FIRST_COST`] against `r`; `r`
/// lands attacking a piece of ours it did not attack before (`takes_first_hit`, `other` that
/// piece: "exf5 takes first: ...fxe4 would have hit the queen on f3"), else wins material by
/// exchange (`takes_first`: "hxg5 takes first: ...gxh4 would have won the pawn on h4").
/// 20.hxg5 and 15.exf5 were "the trade is even" and nothing more (session 48 read). `square`
/// where `r` takes, `moves` `r`.
#[must_use]
pub fn takes_first(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    if mv.role() != Role::Pawn
        || mv.capture() != Some(Role::Pawn)
        || mv.is_en_passant()
        || after.is_check()
    {
        return None;
    }
    let from = mv.from()?;
    let passed = pass(before)?;
    let (line, best_score) = short_line(&passed, STOP_DEPTH, STOP_NODES);
    let r = *line.first()?;
    if r.from() != Some(mv.to())
        || r.to() != from
        || r.role() != Role::Pawn
        || best_score >= crate::engine::MATE_BOUND
        || !board::see_ge(&passed, r, 0)
    {
        return None;
    }
    let hit = newly_hit(&passed, &board::play(&passed, r)?, r);
    if hit.is_none() && !board::see_ge(&passed, r, 1) {
        return None;
    }
    // By the deeper search: the capture is among the opponent's best after a pass, and the
    // move costs them [`TAKES_FIRST_COST`] against it (the short one saw 15.exf5 cost nothing,
    // Stockfish about a pawn).
    let deep_r = deep_reply(&passed, r)?;
    let deep_now = short_search(after, SOUND_DEPTH, SOUND_NODES).1;
    if deep_r < deep_best(&passed, &DeepBest::new()) - SOUND_MARGIN
        || deep_r.saturating_sub(deep_now) < TAKES_FIRST_COST
    {
        return None;
    }
    Some(Fact::Idea {
        uci: uci(mv),
        idea: if hit.is_some() {
            "takes_first_hit"
        } else {
            "takes_first"
        }
        .to_owned(),
        square: from,
        other: hit,
        moves: vec![uci(r)],
        san: vec![san(&passed, r)],
        n: 0,
    })
}

/// How much more (centipawns, by the deeper search) the opponent's best after a pass must be
/// worth to them than their best after the move for [`stops_plan`]: the move took more than
/// the tempo a pass gives away (Stockfish: 20.Rdg1 against ...h4, 48 cp; 20.f3 against ...d5,
/// 44 cp; 20.Qc5 against ...d4, 144 cp; session 43 read).
const PLAN_TEMPO: i32 = 40;
/// How far below the opponent's best reply after the move (centipawns, by the deeper search)
/// their wanted move must fall for [`stops_plan`]: no longer a good move.
const PLAN_DROP: i32 = 60;
/// How much the mover may gain (centipawns, by the deeper search) if the opponent passed after
/// the move, beyond what their best reply leaves: a move with a threat of its own makes every
/// reply that ignores it worse, the wanted move among them, so no prophylaxis is read off it.
const PLAN_OWN_THREAT: i32 = 80;

/// `stops_plan`: positional prophylaxis. The opponent's best move after a pass by the deeper
/// search ([`SOUND_DEPTH`]), `r`, quiet and outside a mate, wins nothing the simple bite sees
/// (a pawn break, a pawn storm, a queen coming in); after the move it is still legal but scores
/// [`PLAN_DROP`] below their best reply there, and the move cost them [`PLAN_TEMPO`] against
/// the pass; the move threatens nothing of its own ([`PLAN_OWN_THREAT`]). 20.Qc5 against
/// ...d4 (now Qxe5 answers it), 20.Rdg1 against ...h4, 20.f3 against ...d5 were read as
/// "followed by b3 and Ra2" and nothing else (session 43 read). `moves` the wanted move, then
/// the mover's answer to it after the move when that is a capture or a check (`stops_plan`
/// says it: "now Qxe5 would answer it"); `square` where the wanted move lands, `other` where it
/// comes from. Only in a [`middlegame`]; the last resort of [`super::derive`] when the move
/// has no other point than its plan, for its four deeper searches.
#[must_use]
pub fn stops_plan(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    if mv.is_capture() || after.is_check() || !middlegame(after) {
        return None;
    }
    let passed = pass(before)?;
    let (line, wanted_score) = short_line(&passed, SOUND_DEPTH, SOUND_NODES);
    let r = *line.first()?;
    if r.is_capture() || wanted_score.abs() >= crate::engine::MATE_BOUND {
        return None;
    }
    let (_, now) = short_search(after, SOUND_DEPTH, SOUND_NODES);
    if wanted_score.saturating_sub(now) < PLAN_TEMPO || now.abs() >= crate::engine::MATE_BOUND {
        return None;
    }
    let again = board::same_move(after, r)?;
    let (answered, r_now) = short_line_among(after, SOUND_DEPTH, SOUND_NODES, |m| m == again)?;
    if r_now > now - PLAN_DROP {
        return None;
    }
    let idle = pass(after)?;
    let (_, ours) = short_search(&idle, SOUND_DEPTH, SOUND_NODES);
    if ours.saturating_add(now) >= PLAN_OWN_THREAT {
        return None;
    }
    let shown: Vec<Move> = match answered.get(1) {
        Some(&a)
            if a.is_capture()
                || board::play(after, again)
                    .and_then(|p| board::play(&p, a))
                    .is_some_and(|p| p.is_check()) =>
        {
            vec![again, a]
        }
        _ => vec![again],
    };
    // An answer that was there after the pass too is not what the move changed, and the
    // search's reason for the drop is unknown: no prophylaxis is read off it (11...h5 "against
    // Ndb5: now axb5 would answer it", where ...a6 covered b5 already; session 49 read).
    if let Some(&answer) = shown.get(1)
        && board::play(&passed, r).is_some_and(|p| board::same_move(&p, answer).is_some())
    {
        return None;
    }
    Some(Fact::Idea {
        uci: uci(mv),
        idea: if shown.len() > 1 {
            "stops_plan_answer"
        } else {
            "stops_plan"
        }
        .to_owned(),
        square: r.to(),
        other: r.from(),
        moves: shown.iter().map(|m| uci(*m)).collect(),
        san: crate::explain::explanation::san_line(after, &shown),
        n: 0,
    })
}

/// `stops_mate`: after a pass the opponent mates by force within the short search (its line
/// `line`, scored `best_score` for them, ends in checkmate: a mate in one is [`super::threat_met`]'s),
/// and after the move it no longer does (9.Qf3 against ...Qg3+ Ke2 Bg4#: the queen covers g3;
/// "Qf3 threatens Qxf4" said nothing of it, session 34 read). `square` the mating square,
/// `other` where the line's first move comes from, `moves` and `san` the line.
fn stops_mate(
    mv: Move,
    after: &Chess,
    passed: &Chess,
    line: &[Move],
    best_score: i32,
) -> Option<Fact> {
    if best_score < crate::engine::MATE_BOUND || line.len() < 3 {
        return None;
    }
    let positions = board::positions(passed, line);
    if positions.len() != line.len() + 1 || !positions.last().is_some_and(Position::is_checkmate) {
        return None;
    }
    let (_, theirs) = short_search(after, STOP_DEPTH, STOP_NODES);
    if theirs >= crate::engine::MATE_BOUND {
        return None;
    }
    Some(Fact::Idea {
        uci: uci(mv),
        idea: "stops_mate".to_owned(),
        square: line.last()?.to(),
        other: line.first()?.from(),
        moves: line.iter().map(|m| uci(*m)).collect(),
        san: crate::explain::explanation::san_line(passed, line),
        n: 0,
    })
}

/// `avoids_trade`: a piece steps away from an even trade that the opponent wanted: a bishop
/// or knight from one for a minor piece, a rook from one for a rook, the queen from the
/// queens' (20.Bb1 with the knight on c5 attacking the bishop on d3: after a pass ...Nxd3 Qxd3
/// trades the knight for the bishop, within [`WANTED_MARGIN`] of Black's best; after Bb1 the
/// bishop keeps its place in the game; 9.Nde2 with ...Nxd4 Qxd4 at hand in the Sicilian, "is
/// followed by a4 and Nd5" read as no reason, session 41). Not when the capture wins material
/// (an escape, [`stops`]) or when the moved piece can still be taken by it.
fn avoids_trade(mv: Move, after: &Chess, passed: &Chess, best_score: i32) -> Option<Fact> {
    let from = mv.from()?;
    // Pieces of one kind for a trade: the minor pieces, the rooks, the queens.
    let kind = |r: Role| match r {
        Role::Bishop | Role::Knight => Some(Role::Knight),
        Role::Rook | Role::Queen => Some(r),
        Role::Pawn | Role::King => None,
    };
    // Taken undefended, the piece would be lost, not traded.
    if kind(mv.role()).is_none()
        || mv.is_capture()
        || after.is_check()
        || !board::is_defended(passed.board(), from)
    {
        return None;
    }
    let trade = passed.legal_moves().into_iter().find(|r| {
        r.to() == from
            && r.is_capture()
            && kind(r.role()) == kind(mv.role())
            && crate::explain::board::see_ge(passed, *r, 0)
            && !crate::explain::board::see_ge(passed, *r, 1)
    })?;
    let takes_again = after
        .legal_moves()
        .iter()
        .any(|m| m.from() == trade.from() && m.to() == mv.to() && m.is_capture());
    (!takes_again && wanted(passed, trade, best_score))
        .then(|| answered(mv, "avoids_trade", passed, trade))
}

/// [`stops`] for the opponent's best move `r` after a pass (it bites); when the move does not
/// take `r` away, another biting move the opponent wants as much ([`stops_wanted`]) or a
/// square a pawn takes ([`denied_square`]).
fn stops_best(
    before: &Chess,
    mv: Move,
    after: &Chess,
    passed: &Chess,
    r: Move,
    best_score: i32,
    deep: &DeepBest,
) -> Option<Fact> {
    // The piece the opponent would take steps away: it escapes (17.Nb5 with the knight on a7
    // attacked twice and defended once), which is no prophylaxis.
    if mv.from() == Some(r.to()) {
        let again = board::same_move(after, r);
        if !r.is_capture() || again.is_some_and(|m| m.is_capture()) {
            return None;
        }
        // A capture with check beside the king that the search values well beyond the piece
        // is an attack stopped, not a piece saved (16...g6 against Qxg7+, with the rook behind
        // the queen: "saves the pawn from Qxg7" said a pawn where the king was at stake,
        // session 31).
        let attack = board::play(passed, r).is_some_and(|p| p.is_check())
            && before
                .board()
                .king_of(before.turn())
                .is_some_and(|k| shakmaty::attacks::king_attacks(k).contains(r.to()))
            && best_score - 100 * board::balance(passed.board(), passed.turn())
                >= 100 * r.capture().map_or(0, value) + ATTACK_BEYOND_PIECE;
        if attack {
            return Some(answered(mv, "stops_attack", passed, r));
        }
        // An even trade by static exchange is no piece saved: the move keeps the piece out of
        // a trade, if the opponent wanted it ([`avoids_trade`]; 20.Ne4 "takes the knight on c3
        // away from Bxc3" when Rxc3 takes back, session 34 read).
        if !crate::explain::board::see_ge(passed, r, 1) {
            return None;
        }
        return Some(answered(mv, "escapes", passed, r));
    }
    // After the move the opponent is to move: the same piece move (from, to, promotion; it
    // may take something now, or no longer), tested there.
    // A best move the move does not take away may leave a square it does take (the bishop's
    // trade on h4 stays, ...d6 still takes e5 from the knight).
    let again = board::same_move(after, r);
    // A capture that won material by exchange and no longer does, the target now guarded by
    // the moved piece: the move keeps it (9.b4 guards c5, so ...bxc5 dxc5 Nxc5 no longer wins
    // a pawn). Still "safe", the capture is no prophylaxis of the kind below: the trade stays.
    let wins = |p: &Chess, m: Move| crate::explain::board::see_ge(p, m, KEEPS_GAIN);
    let landed = crate::explain::themes::util::dest(mv, before.turn());
    if r.is_capture()
        && wins(passed, r)
        && !again.is_some_and(|m| wins(after, m))
        && after.board().attacks_from(landed).contains(r.to())
        && mv.from() != Some(r.to())
    {
        return Some(answered(mv, "keeps", passed, r));
    }
    if again.is_some_and(|m| bites(after, m)) || !takes_away(before, mv, after, passed, r, again) {
        // A piece stepping out of the way of the short search's best move is said only when a
        // deeper search keeps that move among the opponent's best, as for a move they want
        // as much ([`sidesteps_wanted`]).
        let sound = || sound_deeper(passed, r, deep_best(passed, deep));
        return refutes(before, mv, after, r, again)
            .or_else(|| sidesteps(mv, after, passed, r, again).filter(|_| sound()))
            .or_else(|| makes_room(mv, after, passed, r, again, best_score))
            .or_else(|| sidesteps_wanted(mv, after, passed, best_score, deep))
            .or_else(|| stops_wanted(before, mv, after, passed, best_score, deep))
            .or_else(|| denied_square(before, mv, after, passed, best_score, deep));
    }
    // The short search's best after a pass is said stopped only when the deeper search keeps
    // it among the opponent's best: "Nf3 stops Qh4" where ...Qh4 after a pass scores nothing
    // (Stockfish found 8 of 38 such moves 56–186 cp below the opponent's best, the session 45
    // referee). Else another move they want may be the one stopped.
    if sound_deeper(passed, r, deep_best(passed, deep)) {
        return Some(stopped(mv, passed, r));
    }
    stops_wanted(before, mv, after, passed, best_score, deep)
        .or_else(|| denied_square(before, mv, after, passed, best_score, deep))
}

/// `shuts_discovery`: the opponent's move after a pass, `r`, is a discovered check (the piece
/// moving uncovers a line piece against our king), and `mv` (not a king's move) lands between
/// that line piece and the king, so `r` no longer checks from it. `square` the line piece,
/// `other` where `r` comes from.
fn shuts_discovery(
    before: &Chess,
    mv: Move,
    after: &Chess,
    passed: &Chess,
    r: Move,
) -> Option<Fact> {
    if mv.role() == Role::King || mv.is_castle() {
        return None;
    }
    let us = before.turn();
    let king = before.board().king_of(us)?;
    let from = r.from()?;
    let landed = crate::explain::themes::util::dest(mv, us);
    // The board's geometry first: the piece that moves and the square the move lands on stand
    // on one line with the king (most of the opponent's moves end here, unplayed).
    if !shakmaty::attacks::aligned(king, from, landed) {
        return None;
    }
    let checked = board::play(passed, r)?;
    let line_piece = (checked.checkers() & !Bitboard::from(r.to()))
        .into_iter()
        .next()?;
    let line = shakmaty::attacks::between(line_piece, king);
    if !line.contains(landed)
        || !line.contains(from)
        || (line & before.board().occupied()) != Bitboard::from(from)
    {
        return None;
    }
    let shut = board::same_move(after, r)
        .and_then(|m| board::play(after, m))
        .is_none_or(|p| !p.checkers().contains(line_piece));
    // The move said with its check sign: "Bc7+ would have been a discovered check".
    shut.then(|| Fact::Idea {
        uci: uci(mv),
        idea: "shuts_discovery".to_owned(),
        square: line_piece,
        other: Some(from),
        moves: vec![uci(r)],
        san: vec![shakmaty::san::SanPlus::from_move(passed.clone(), r).to_string()],
        n: 0,
    })
}

/// `sidesteps`: the opponent's best move after a pass `r` is quiet and bites by hitting the
/// piece that moves (worth more than the attacker, or left undefended; not when the piece can
/// take the attacker first without loss), and after the move the same move bites no more: the
/// piece stepped out of its way before it came (9.Bb3 in the Dragon before ...Qb4, which would
/// hit the bishop on c4 and the pawn on b2). Not a pawn's or the king's step, nor out of a
/// pawn's way. `square`: where the piece stood; `other`: where `r` comes from.
fn sidesteps(
    mv: Move,
    after: &Chess,
    passed: &Chess,
    r: Move,
    again: Option<Move>,
) -> Option<Fact> {
    let from = mv.from()?;
    // A pawn's kick is left out: whether it gains a tempo or only loses the pawn is a matter
    // of tactics the short search misjudges (21.Qe1 "before b6 can hit it", where ...b6 loses
    // a pawn by Stockfish; the session 40 referee).
    if r.is_capture()
        || r.role() == Role::Pawn
        || matches!(mv.role(), Role::Pawn | Role::King)
        || again.is_some_and(|m| bites(after, m))
    {
        return None;
    }
    let next = board::play(passed, r)?;
    let b = next.board();
    // A defended piece hit by one of its own worth is offered a trade, not threatened: 19.Bc4
    // "leaves b5 before Nc7 attacks it there" with the pawn on a4 guarding b5 (session 44
    // read). A trade the opponent wants is [`avoids_trade`]'s.
    // Nor is a hitter the piece can take first without loss (19.Rb1 against ...Ra8, met by
    // Rxa8).
    let takes_first = next.legal_moves().iter().any(|m| {
        m.from() == Some(from)
            && m.to() == r.to()
            && m.is_capture()
            && crate::explain::board::see_ge(&next, *m, 0)
    });
    let hit = b.attacks_from(r.to()).contains(from)
        && !takes_first
        && (value(mv.role()) > value(r.role()) || !board::is_defended(b, from));
    hit.then(|| Fact::Idea {
        uci: uci(mv),
        idea: "sidesteps".to_owned(),
        square: from,
        other: r.from(),
        moves: vec![uci(r)],
        san: vec![san(passed, r)],
        n: 0,
    })
}

/// [`sidesteps`] against a move the opponent wants as much as their best after a pass (within
/// [`WANTED_MARGIN`] by a short search), when the best is another: the short search after a
/// pass in the Dragon prefers ...Nxd4 Qxd4, an even trade, to ...Qb4 hitting the bishop on c4.
/// The dearest quiet move first, at most [`WANTED_TRIES`] weighed.
fn sidesteps_wanted(
    mv: Move,
    after: &Chess,
    passed: &Chess,
    best_score: i32,
    deep: &DeepBest,
) -> Option<Fact> {
    if matches!(mv.role(), Role::Pawn | Role::King) {
        return None;
    }
    let mut candidates: Vec<(Move, Fact)> = passed
        .legal_moves()
        .into_iter()
        .filter(|r| !r.is_capture() && bites(passed, *r))
        .filter_map(|r| sidesteps(mv, after, passed, r, board::same_move(after, r)).map(|f| (r, f)))
        .collect();
    candidates.sort_by_key(|(r, _)| std::cmp::Reverse(value(r.role())));
    candidates
        .into_iter()
        .take(WANTED_TRIES)
        .find(|(r, _)| {
            wanted(passed, *r, best_score) && { sound_deeper(passed, *r, deep_best(passed, deep)) }
        })
        .map(|(_, f)| f)
}

/// Depth of the search that confirms a move the opponent wants after a pass is no mistake
/// ([`sound_deeper`], plies).
const SOUND_DEPTH: u32 = 7;
/// Node cap of that search.
const SOUND_NODES: u64 = 40_000;
/// How far below the opponent's best move after a pass (centipawns, both by the deeper
/// search) the move may score and still be one they want.
const SOUND_MARGIN: i32 = 50;

/// Whether the opponent's move `r` after a pass stays within [`SOUND_MARGIN`] of their best
/// (`best`, by the same deeper search) by a deeper search than [`wanted`]'s: a move the short
/// search wants may lose by a tactic it does not see.
fn sound_deeper(passed: &Chess, r: Move, best: i32) -> bool {
    deep_reply(passed, r).is_some_and(|v| v >= best - SOUND_MARGIN)
}

/// The opponent's score (their view) of their move `r` after a pass, by the deeper search
/// ([`SOUND_DEPTH`]); `None` when `r` is illegal there.
fn deep_reply(passed: &Chess, r: Move) -> Option<i32> {
    let next = board::play(passed, r)?;
    Some(-short_search(&next, SOUND_DEPTH - 1, SOUND_NODES).1)
}

/// The opponent's best score after a pass by the deeper search, computed once per explanation
/// of a move ([`deep_best`]) however many detectors ask for it.
type DeepBest = std::cell::OnceCell<i32>;

/// The opponent's best score in `passed` by the deeper search ([`SOUND_DEPTH`]), from `cell`
/// once computed.
fn deep_best(passed: &Chess, cell: &DeepBest) -> i32 {
    *cell.get_or_init(|| short_search(passed, SOUND_DEPTH, SOUND_NODES).1)
}

/// How much worse (centipawns, by [`short_line`]) the opponent's best move after a pass must
/// score after the move than their best reply there for the move to refute it ([`refutes`]):
/// most of the pawn the line wins (20.Ng3 against ...e4 in Lasker's game: 99 below).
const REFUTE_MARGIN: i32 = 75;
/// How many moves of the refuting line [`refutes`] keeps at most (the opponent's move, the
/// moved piece's answer and what follows, cut where the material settles).
const REFUTE_SHOWN: usize = 8;

/// `refutes`: prophylaxis by a tactic. The opponent's best move after a pass `r` bites and,
/// by static exchange, still does after the move (`again`); but the moved piece now covers its
/// square, and a short search after the move finds that `again` loses: it scores
/// [`REFUTE_MARGIN`] below the opponent's best reply, its line starts with the moved piece
/// taking on that square, and the line, settled, wins material (Lasker, 20.Ng3 against ...e4:
/// the knight on g3 now takes on e4, and ...dxe4 opens the d-file to the queen on d8). `moves`
/// the refuting line (from `r`), `n` the pawns it wins.
fn refutes(before: &Chess, mv: Move, after: &Chess, r: Move, again: Option<Move>) -> Option<Fact> {
    let again = again?;
    let landed = crate::explain::themes::util::dest(mv, before.turn());
    if mv.is_capture() || !covers_anew(before, mv, after, r.to()) {
        return None;
    }
    let (_, their_best) = short_line(after, STOP_DEPTH, STOP_NODES);
    let (line, score) = short_line_among(after, STOP_DEPTH, STOP_NODES, |m| m == again)?;
    if score > their_best - REFUTE_MARGIN
        || line
            .get(1)
            .is_none_or(|m| m.from() != Some(landed) || m.to() != r.to())
    {
        return None;
    }
    let shown: Vec<Move> = line.iter().take(REFUTE_SHOWN).copied().collect();
    let settled = board::settled_positions(after, &shown);
    let gain = settled.last().map_or(0, |end| {
        board::balance(end.board(), before.turn()) - board::balance(after.board(), before.turn())
    });
    if gain < 1 || settled.len() < 3 {
        return None;
    }
    let shown = &shown[..settled.len() - 1];
    Some(Fact::Idea {
        uci: uci(mv),
        idea: "refutes".to_owned(),
        square: r.to(),
        other: r.from(),
        moves: shown.iter().map(|m| uci(*m)).collect(),
        san: crate::explain::explanation::san_line(after, shown),
        n: u32::try_from(gain).ok()?,
    })
}

/// How much less the opponent's best move after a pass must be worth to them (centipawns, by
/// [`short_search`]) once the move has made room for the piece it attacks ([`makes_room`]).
const ROOM_GAIN: i32 = 100;
/// The same when the attacker would only trade the piece off (`makes_room_trade`): a trade
/// the opponent wanted costs them less than a piece.
const TRADE_ROOM_GAIN: i32 = 30;

/// `makes_room`: the opponent's best move after a pass `r` (quiet) attacks a piece of ours that
/// then has no safe square, and the move vacates a square the piece can go to safely after the
/// same move, which is now worth [`ROOM_GAIN`] less to them: 20.h3 against ...h4, the bishop
/// on g3 retreats to h2 (it was trapped: ...h4 won it).
fn makes_room(
    mv: Move,
    after: &Chess,
    passed: &Chess,
    r: Move,
    again: Option<Move>,
    best_score: i32,
) -> Option<Fact> {
    let vacated = mv.from()?;
    let again = again?;
    if r.is_capture() || mv.is_castle() || mv.role() == Role::King {
        return None;
    }
    let hit = board::play(passed, r)?;
    let now = board::play(after, again)?;
    let us = after.turn().other();
    let b = hit.board();
    let attacked = b.attacks_from(r.to()) & b.by_color(us) & !b.pawns() & !b.kings();
    // Where a move of the piece lands on a square an enemy man worth no more than it attacks:
    // it would be traded (or lost) there.
    let contested = |pos: &Chess, m: Move| {
        let pb = pos.board();
        let occupied = m.from().map_or(pb.occupied(), |f| pb.occupied().without(f));
        (pb.attacks_to(m.to(), !us, occupied) & pb.by_color(!us))
            .into_iter()
            .any(|a| pb.role_at(a).is_some_and(|ar| value(ar) <= value(m.role())))
    };
    // Trapped: every move of the piece loses it by exchange. Cornered: every move that does
    // not lands where it would be traded off.
    let moves_of = |t: Square| {
        hit.legal_moves()
            .into_iter()
            .filter(move |m| m.from() == Some(t))
    };
    let trapped = |t: Square| moves_of(t).all(|m| !safe(&hit, m));
    let cornered = |t: Square| moves_of(t).all(|m| !safe(&hit, m) || contested(&hit, m));
    // The attacker taking the piece is an even trade (by static exchange): the piece would
    // be traded off, not lost (9.c3 in the Ruy Lopez against ...Na5 and ...Nxb3, or ...Nxd5
    // after Bd5: the bishop retreats to c2), said as such and worth less to the opponent.
    let even_take = |t: Square| {
        pass(&hit).is_some_and(|p| {
            p.legal_moves().iter().any(|m| {
                m.from() == Some(r.to())
                    && m.to() == t
                    && safe(&p, *m)
                    && !crate::explain::board::see_ge(&p, *m, 1)
            })
        })
    };
    let retreats = |t: Square, out_of_trade: bool| {
        now.legal_moves().iter().any(|m| {
            m.from() == Some(t)
                && m.to() == vacated
                && safe(&now, *m)
                && !(out_of_trade && contested(&now, *m))
        })
    };
    let (target, trade) = attacked.into_iter().find_map(|t| {
        if trapped(t) && !even_take(t) && retreats(t, false) {
            Some((t, false))
        } else if cornered(t) && even_take(t) && retreats(t, true) {
            Some((t, true))
        } else {
            None
        }
    })?;
    let (idea, gain) = if trade {
        ("makes_room_trade", TRADE_ROOM_GAIN)
    } else {
        ("makes_room", ROOM_GAIN)
    };
    let (_, reply) = short_search(&now, STOP_DEPTH - 1, STOP_NODES);
    (-reply <= best_score - gain).then(|| Fact::Idea {
        uci: uci(mv),
        idea: idea.to_owned(),
        square: vacated,
        other: Some(target),
        moves: vec![uci(r)],
        san: vec![san(passed, r)],
        n: 0,
    })
}

/// `stops`, or `occupies` when the move stands on the very square ("e3 rules out e3" said
/// nothing).
fn stopped(mv: Move, passed: &Chess, r: Move) -> Fact {
    if r.to() == mv.to() {
        return answered(mv, "occupies", passed, r);
    }
    // What the stopped move would have hit, named (11...a6 against Bb5 and the knight on d7;
    // "rules out Bb5" left the reader to find why, session 47 read).
    match hit_by(passed, r).filter(|t| Some(*t) != mv.from()) {
        Some(target) => Fact::Idea {
            uci: uci(mv),
            idea: "stops_hit".to_owned(),
            square: r.to(),
            other: Some(target),
            moves: vec![uci(r)],
            san: vec![san(passed, r)],
            n: 0,
        },
        None => answered(mv, "stops", passed, r),
    }
}

/// The piece of ours (the side not to move in `passed`) that the opponent's quiet move `r`
/// would hit where it lands ([`hits`]) and that the piece did not attack from where it stood:
/// the most valuable. None for a capture or a check.
fn hit_by(passed: &Chess, r: Move) -> Option<Square> {
    if r.is_capture() {
        return None;
    }
    let next = board::play(passed, r)?;
    if next.is_check() {
        return None;
    }
    newly_hit(passed, &next, r)
}

/// The piece of ours that the opponent's move `r` (played from `passed`, giving `next`) hits
/// where it lands ([`hits`]) and that its piece did not attack from where it stood: the most
/// valuable.
fn newly_hit(passed: &Chess, next: &Chess, r: Move) -> Option<Square> {
    let old = r
        .from()
        .map_or(Bitboard::EMPTY, |f| passed.board().attacks_from(f));
    let b = next.board();
    hits(next, r)
        .filter(|t| !old.contains(*t))
        .max_by_key(|&t| b.role_at(t).map_or(0, value))
}

/// How many biting moves of the opponent's, taken away by the move, [`stops_wanted`] weighs
/// by a search at most (the dearest first): it must stay cheap.
const WANTED_TRIES: usize = 3;

/// Prophylaxis against a move that is not the opponent's best by the short search but one
/// they want as much: a biting move after a pass ([`bites`]) that the move takes away (it no
/// longer bites and [`takes_away`] holds; not a capture of the moved piece, which would be an
/// escape), scoring within [`WANTED_MARGIN`] of `best_score` by a short search and kept among
/// their best by the deeper one ([`sound_deeper`]). The short
/// search after a pass often prefers another move than the one a coach means (Fischer,
/// 60.Rh2 against ...h5: the passer runs, one of several moves the search finds equal).
fn stops_wanted(
    before: &Chess,
    mv: Move,
    after: &Chess,
    passed: &Chess,
    best_score: i32,
    deep: &DeepBest,
) -> Option<Fact> {
    let key = |r: &Move| std::cmp::Reverse(r.capture().map_or(0, value));
    let mut candidates: Vec<Move> = passed
        .legal_moves()
        .into_iter()
        .filter(|r| {
            mv.from() != Some(r.to()) && bites(passed, *r) && {
                let again = board::same_move(after, *r);
                !again.is_some_and(|m| bites(after, m))
                    && takes_away(before, mv, after, passed, *r, again)
            }
        })
        .collect();
    candidates.sort_by_key(key);
    let wanted =
        |r: Move| wanted(passed, r, best_score) && sound_deeper(passed, r, deep_best(passed, deep));
    candidates
        .into_iter()
        .take(WANTED_TRIES)
        .find(|r| wanted(*r))
        .map(|r| stopped(mv, passed, r))
}

/// The idea `name` of `mv` about the opponent's move `r` after a pass (in `passed`): its
/// square, the square it came from, and the move itself.
fn answered(mv: Move, name: &str, passed: &Chess, r: Move) -> Fact {
    Fact::Idea {
        uci: uci(mv),
        idea: name.to_owned(),
        square: r.to(),
        other: r.from(),
        moves: vec![uci(r)],
        san: vec![san(passed, r)],
        n: 0,
    }
}

/// What a capture must win by static exchange (centipawns) for a move that guards its target
/// to "keep" the piece: a pawn.
const KEEPS_GAIN: i32 = 100;

/// How much more than the piece it takes (centipawns, by the short search after a pass) a
/// capture with check beside the king must be worth to be an attack the move stops rather
/// than a piece it saves ([`stops_best`]).
const ATTACK_BEYOND_PIECE: i32 = 200;

/// How far below the opponent's best move after a pass (centipawns, by [`short_search`]) a
/// quiet move to a square may score and still be one they want: "c3 takes d4 from the
/// bishop" only when ...Bd4 was a move Black would play.
const WANTED_MARGIN: i32 = 30;

/// How far below the opponent's best move after a pass (centipawns, by [`short_search`]) a
/// biting move a pawn takes away may score and still be a threat the pawn "stops" (wider than
/// [`WANTED_MARGIN`]: a pin or an attack is worth stopping well below the best by a search
/// this short; at 100 ...h6 against Bg5 in the Giuoco Pianissimo and e4 against ...Bd5 were
/// lost from the purpose sets, session 33).
const STOPS_BITE_MARGIN: i32 = 200;
/// How far below the opponent's best move after a pass (centipawns, both by the deeper search
/// of [`sound_deeper`]) that biting move may score: the short search's wide margin let through
/// moves Stockfish puts 105 to 233 cp below the best (...a6 "stops Nb5", ...h6 "stops Bg5",
/// ...d6 "stops Be5", the session 45 referee; the deeper search puts them 80 cp and more
/// below). Wider than [`SOUND_MARGIN`]: 9.h3 against ...Bg4 (Fischer, game 32) is 60 below by
/// the deeper search and 27 by Stockfish.
const STOPS_DEEP_MARGIN: i32 = 75;

/// Prophylaxis by a pawn taking a square, when the opponent's best move after a pass is not
/// taken away by the move. A quiet pawn move newly covers a square where an enemy piece (not
/// a pawn or the king) could go safely (by static exchange) and no longer can (it would be
/// lost there, or the move is gone):
/// - `stops` when that piece's move would bite (9.h3 takes g4 from the bishop, so ...Bg4 no
///   longer pins the knight);
/// - `denies` when it is a quiet move the opponent wanted: it scores within
///   [`WANTED_MARGIN`] of their best (`best_score`) by a short search (12.c3 takes d4 from the
///   bishop on c5).
/// - `denies_push` when no piece's square is taken but a pawn push the opponent wanted (as
///   above) was safe and now loses the pawn by static exchange: 10.a4 in the Benoni stops
///   ...b5 (...b5 axb5 axb5 Bxb5), though ...b5 attacks nothing.
///
/// The piece of most value (then the square nearest the mover's side) is named; a biting move
/// before a quiet one.
fn denied_square(
    before: &Chess,
    mv: Move,
    after: &Chess,
    passed: &Chess,
    best_score: i32,
    deep: &DeepBest,
) -> Option<Fact> {
    if mv.role() != Role::Pawn || mv.promotion().is_some() || mv.is_capture() {
        return None;
    }
    let us = before.turn();
    // A pawn in contact with an enemy pawn (a break) takes its squares only until the capture:
    // 9.d4 "takes c5 away from the bishop on e7" beside the break against e5, where ...exd4
    // ends it (session 37 read).
    let contact =
        shakmaty::attacks::pawn_attacks(us, mv.to()) & after.board().by_piece(Role::Pawn.of(!us));
    if contact.any() {
        return None;
    }
    let old = mv.from().map_or(shakmaty::Bitboard::EMPTY, |f| {
        shakmaty::attacks::pawn_attacks(us, f)
    });
    let taken = shakmaty::attacks::pawn_attacks(us, mv.to()) & !old;
    let key = |m: &Move| {
        let rank = board::rel_rank(m.to(), us);
        (std::cmp::Reverse(value(m.role())), rank, m.to().file())
    };
    // A piece the pawn now attacks must move anyway: the squares it loses are no prophylaxis
    // (18...f5 hits the rook on e4; "it takes g4 from the rook" is beside the point).
    let hit = shakmaty::attacks::pawn_attacks(us, mv.to());
    let mut candidates: Vec<Move> = passed
        .legal_moves()
        .into_iter()
        .filter(|r| {
            taken.contains(r.to())
                && r.from().is_some_and(|f| !hit.contains(f))
                && !matches!(r.role(), Role::Pawn | Role::King)
                && safe(passed, *r)
                && !board::same_move(after, *r).is_some_and(|a| safe(after, a))
        })
        .collect();
    candidates.sort_by_key(key);
    let fact = |idea: &str, r: Move| Fact::Idea {
        uci: uci(mv),
        idea: idea.to_owned(),
        square: r.to(),
        other: r.from(),
        moves: vec![uci(r)],
        san: vec![san(passed, r)],
        n: 0,
    };
    // A biting move the opponent would not play is no threat to stop: 20.h3 "rules out Bg4"
    // where ...h4 trapping the bishop on g3 was the threat and ...Bg4 nowhere near it.
    // Nor one a deeper search puts well below their best ([`STOPS_DEEP_MARGIN`]).
    let bite_wanted = |r: Move| {
        bites(passed, r)
            && wanted_within(passed, r, best_score, STOPS_BITE_MARGIN)
            && deep_reply(passed, r)
                .is_some_and(|v| v >= deep_best(passed, deep) - STOPS_DEEP_MARGIN)
    };
    if let Some(r) = candidates.iter().find(|r| bite_wanted(**r)) {
        return Some(stopped(mv, passed, *r));
    }
    let wanted = |r: Move| wanted(passed, r, best_score);
    candidates
        .into_iter()
        .filter(|r| !r.is_capture())
        .find(|r| wanted(*r))
        .map(|r| fact("denies", r))
        .or_else(|| {
            // A pawn push the opponent wanted, safe before and losing the pawn now
            // (`denies_push`: 10.a4 in the Benoni, ...b5 axb5 axb5 Bxb5).
            passed
                .legal_moves()
                .into_iter()
                .filter(|r| {
                    r.role() == Role::Pawn
                        && !r.is_capture()
                        && r.promotion().is_none()
                        && taken.contains(r.to())
                        && r.from().is_some_and(|f| !hit.contains(f))
                        && safe(passed, *r)
                        && !board::same_move(after, *r).is_some_and(|a| safe(after, a))
                })
                .find(|r| wanted(*r))
                .map(|r| fact("denies_push", r))
        })
}

/// Depth of the searches that weigh a threat beyond one capture ([`threat_line`], plies).
const THREAT_DEPTH: u32 = 5;
/// Node cap of each of those searches.
const THREAT_NODES: u64 = 12_000;
/// How much more (centipawns, by [`short_line`]) the mover's best move after a pass must be
/// worth than the position as it stands (the opponent to move) for the move to threaten it,
/// and how far ahead it must leave the mover ("clearly better"): more than a pawn.
const THREAT_GAIN: i32 = 120;
/// How much more (centipawns) the blow must be worth than the mover's best move after a pass
/// that does not go to the blow's square ([`threat_line`]).
const THREAT_OWN: i32 = 60;
/// Depth of the search after the blow that confirms a threat ([`threat_line`], plies).
const THREAT_VERIFY_DEPTH: u32 = 7;
/// Node cap of that search.
const THREAT_VERIFY_NODES: u64 = 60_000;
/// How far ahead (centipawns) that search must leave the mover after the blow: more than
/// [`THREAT_GAIN`], since a pawn won is about that much to our evaluation and about +50 to
/// Stockfish's (31...Rb8 "sets up Rxb4 ... clearly better", Stockfish +46, session 37).
const THREAT_VERIFY_STANDS: i32 = 170;
/// The same for a blow whose line wins no material (settled): only a crushing position
/// counts (19.Bg4 Bxe6 fxe6 Nxe6, a bishop for two pawns, Stockfish +5.2).
const THREAT_NO_MATERIAL_STANDS: i32 = 300;
/// How far ahead (centipawns, by [`short_search`]) the mover may already stand, the opponent
/// to move, for a blow that does not mate to be said as the move's threat ([`threat_line`]).
const THREAT_ALREADY_WON: i32 = 250;
/// How many moves of the threatened line are named: the blow, the reply and the follow-up.
const THREAT_SHOWN: usize = 3;

/// A threat beyond one capture: if the opponent passed after the quiet move `mv`, the mover's
/// best move by a short search is a capture or a check that the moved piece makes (or makes
/// with its next move of the line, or that goes through the square it left), or that the move
/// made work (`n` = 1: played instead of the move, it was worth [`THREAT_GAIN`] less), and it
/// is worth [`THREAT_GAIN`] more than the position as it stands: 19.Bg4 threatens Bxe6, and after
/// ...fxe6 Nxe6 White is much better, though the bishop alone loses to the pawn by exchange.
/// `threat_mating` when the search sees mate. The claim's moves are that line (in the
/// position after the move and a pass), at most [`THREAT_SHOWN`] of them.
///
/// The caller says it only when the move creates no single-capture threat (`threat_wins`).
#[must_use]
pub fn threat_line(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    if mv.is_capture() || after.is_check() || after.is_game_over() {
        return None;
    }
    let passed = pass(after)?;
    let (line, threat) = short_line(&passed, THREAT_DEPTH, THREAT_NODES);
    let blow = *line.first()?;
    let blown = board::play(&passed, blow)?;
    if !blow.is_capture() && !blown.is_check() {
        return None;
    }
    let (_, theirs) = short_search(after, THREAT_DEPTH, THREAT_NODES);
    // Nor a capture of a piece that takes the capturer first (4.Nf3 "threatens Nxe5" while
    // ...Nxf3+ trades), when taking first is about as good for the opponent as their best
    // move: 18...d6 threatens dxe5, opening the d-file against the queen on d2, and exd6
    // opens it as well (Stockfish's answer is b4; "the pawn strikes at e5" was all that was
    // said, session 41 read).
    if trading_first_holds(after, blow, theirs) {
        return None;
    }
    let landed = crate::explain::themes::util::dest(mv, before.turn());
    let through = |m: Move| {
        m.from().is_some_and(|f| {
            mv.from()
                .is_some_and(|left| shakmaty::attacks::between(f, m.to()).contains(left))
        })
    };
    let takes_part = blow.from() == Some(landed)
        || through(blow)
        || line.get(2).is_some_and(|m| m.from() == Some(landed));
    let mating = threat >= crate::engine::MATE_BOUND;
    // Clearly more than the position as it stands, and the mover then clearly better.
    if !mating && (threat.saturating_add(theirs) < THREAT_GAIN || threat < THREAT_GAIN) {
        return None;
    }
    // A mover already winning as it stands is not made "clearly better" by a blow: 72.b7
    // "sets up Rc8+ ... leaves White clearly better" at +2.8, where Stockfish prices the
    // passed pawn in and prefers Kf4 after a pass (session 40 referee).
    if !mating && -theirs >= THREAT_ALREADY_WON {
        return None;
    }
    // The blow itself must count: the mover's best move after the pass that does not go to the
    // blow's square is worth [`THREAT_OWN`] less (a passed pawn that runs twice gains without
    // any blow: 51.a5 "sets up Qf6+" where Qd6+ and a6 gain as much, session 32).
    // An alternative that makes the same blow one move later (20.Ne7+ Kh8 21.Kxh2) is the
    // same idea.
    let own = short_line_among(&passed, THREAT_DEPTH, THREAT_NODES, |m| m.to() != blow.to())
        .is_none_or(|(line, without)| {
            threat.saturating_sub(without) >= THREAT_OWN
                || line
                    .get(2)
                    .is_some_and(|m| m.to() == blow.to() && m.is_capture())
        });
    if !mating && !own {
        return None;
    }
    // A blow the moved piece takes no part in is the move's only when the move made it work:
    // played instead of the move it was worth [`THREAT_GAIN`] less (19.Re3 guards f3, so Kxh2
    // no longer runs into Nxf3+ and wins the bishop). `n` = 1 marks a blow found so.
    // Out of check, a blow the check alone made illegal was there before the check: the
    // move made nothing work (19.Kh1 and Nxc7, session 49).
    let made_to_work = !takes_part
        && !board::stood_before_check(before, &passed, blow)
        && board::same_move(before, blow).is_none_or(|b| {
            board::play(before, b).is_none_or(|p| {
                let (_, v) = short_search(&p, THREAT_DEPTH, THREAT_NODES);
                threat.saturating_add(v) >= THREAT_GAIN
            })
        });
    if !takes_part && !made_to_work {
        return None;
    }
    // A deeper look after the blow confirms it: the 5-ply search's "clearly better" was +72
    // by Stockfish after 24.Bf3's Qxf5 (the session 37 referee, two such threats in 1,547
    // sentences).
    if !mating {
        // A blow whose line wins no material (settled) must leave a crushing position: "f4+
        // Kd3 g4 leaves Black clearly better" in a pawn ending was the evaluation's word
        // alone, Stockfish's a draw (session 37 referee).
        let won = board::settled_gain(&passed, &line) > 0;
        let (_, then) = short_search(&blown, THREAT_VERIFY_DEPTH, THREAT_VERIFY_NODES);
        let stands = if won {
            THREAT_VERIFY_STANDS
        } else {
            THREAT_NO_MATERIAL_STANDS
        };
        if -then < stands || theirs.saturating_sub(then) < THREAT_GAIN {
            return None;
        }
    }
    let shown: Vec<Move> = line.iter().copied().take(THREAT_SHOWN).collect();
    let names = crate::explain::explanation::san_line(&passed, &shown);
    Some(Fact::Idea {
        uci: uci(mv),
        idea: if mating {
            "threat_mating"
        } else {
            "threat_line"
        }
        .to_owned(),
        square: blow.to(),
        other: blow.from(),
        moves: shown.iter().map(|m| uci(*m)).collect(),
        san: names,
        n: u32::from(!takes_part),
    })
}

/// How far below their best move (centipawns, by [`short_search`], the opponent's view) taking
/// the capturer first may leave the opponent for [`threat_line`] to count it as the simple
/// trade that defuses the blow.
const TAKEN_FIRST_MARGIN: i32 = 60;

/// Whether the opponent, to move in `after`, can take the piece that would make the capture
/// `blow` first ([`super::takers_first`]) and stand within [`TAKEN_FIRST_MARGIN`] of `theirs`,
/// their best there.
fn trading_first_holds(after: &Chess, blow: Move, theirs: i32) -> bool {
    super::takers_first(after, blow).into_iter().any(|m| {
        board::play(after, m).is_some_and(|p| {
            -short_search(&p, THREAT_DEPTH - 1, THREAT_NODES).1 >= theirs - TAKEN_FIRST_MARGIN
        })
    })
}

/// `readies`: what the move gets ready, from the position rather than from the line. With the
/// opponent passing, the mover's best move by a short search is a quiet move of another piece
/// (no capture, check, castling or promotion; not the king; not the moved piece, whose way on
/// is a route; no development that hits nothing) that loses nothing by exchange there, in a
/// middlegame (each side keeps three pieces besides the king and pawns), and that the move
/// made work: it was not legal before, or lost material by exchange before and the two
/// together are worth clearly more than each alone; a deeper search keeps it among the best.
/// 20.Bb6 takes c7 from the queen, and Rc7, which lost the rook before, now hits the queen on
/// d7 ("A good, solid move" and the line, session 41 read). `square` where the readied move lands; `readies_hit` when it attacks an
/// enemy piece there, on `other` ([`prepared_hit`]); `moves` the move and the readied move
/// (after a pass).
#[must_use]
pub fn readies(before: &Chess, mv: Move, after: &Chess) -> Option<Fact> {
    // How much more (centipawns, by [`short_search`]) the two moves must be worth together
    // than each alone.
    const READIES_TOGETHER: i32 = 60;
    // How far below the best move after the pass (centipawns, by the deeper search) the
    // readied move may score.
    const READIES_DEEP_MARGIN: i32 = 30;
    // A middlegame's plans ([`middlegame`]): in a sparse ending the short search's best move
    // after a pass is often not Stockfish's (34...Bf5 "gets Ne1 ready", the referee's catch).
    if mv.is_capture()
        || mv.is_castle()
        || after.is_check()
        || after.is_game_over()
        || !middlegame(after)
    {
        return None;
    }
    let passed = pass(after)?;
    let (line, together) = short_line(&passed, THREAT_DEPTH, THREAT_NODES);
    let ready = *line.first()?;
    let landed = crate::explain::themes::util::dest(mv, before.turn());
    let readied = board::play(&passed, ready)?;
    let hit = prepared_hit(before, &readied, ready);
    // Nor a king's step, nor a piece's development that hits nothing (7.Be3 "prepares Nc3":
    // two developing moves, neither the other's point).
    if ready.is_capture()
        || ready.is_castle()
        || ready.is_promotion()
        || ready.role() == Role::King
        || ready.from() == Some(landed)
        || !safe(&passed, ready)
        || readied.is_check()
        || (developing(&passed, ready) && hit.is_none())
    {
        return None;
    }
    // The two moves together gain more than each alone (the mover's view, the opponent to
    // move each time): the readied move was not legal before, or was worth at least
    // [`READIES_TOGETHER`] less than it is after the move, beyond what the move itself gains
    // over passing.
    let worth = |p: &Chess| -short_search(p, THREAT_DEPTH - 1, THREAT_NODES).1;
    let idle = worth(&pass(before)?);
    let made = worth(after);
    // A move that answers a threat (passing would cost [`READIES_ANSWERS`] or more) is said
    // for that, not for what comes next: 11.Qe3 out of the knight's attack does not "pave the
    // way for c4", nor 32.Rd1 "prepare d7" with a piece hanging (the session 42 referee: the
    // comparison with passing means nothing when passing loses).
    if made - idle >= READIES_ANSWERS {
        return None;
    }
    let ready_then = board::same_move(before, ready);
    let unready = ready_then
        .and_then(|r| board::play(before, r))
        .is_none_or(|p| (together - worth(&p)) - (made - idle) >= READIES_TOGETHER);
    if !unready {
        return None;
    }
    // A deeper search after the pass keeps it among the best (the short one's choice can lose
    // to a tactic it does not see: 26...Nc2 "prepares Bg6", Stockfish 0.67 below the best).
    let deep_best = short_search(&passed, SOUND_DEPTH, SOUND_NODES).1;
    let deep_ready = -short_search(&readied, SOUND_DEPTH - 1, SOUND_NODES).1;
    if deep_ready < deep_best - READIES_DEEP_MARGIN {
        return None;
    }
    // And the readied move lost material by exchange before the move, where it was legal: a
    // gain only in the short search's numbers is often its horizon's or its evaluation's
    // (16...Kg7 "prepares Nd4", Nd4 as safe before: Stockfish saw 75 cp less together than
    // each alone; the session 42 referee).
    if ready_then.is_some_and(|r| safe(before, r)) {
        return None;
    }
    Some(Fact::Idea {
        uci: uci(mv),
        idea: if hit.is_some() {
            "readies_hit"
        } else {
            "readies"
        }
        .to_owned(),
        square: ready.to(),
        other: hit,
        moves: vec![uci(mv), uci(ready)],
        san: vec![san(&passed, ready)],
        n: 0,
    })
}

/// The pieces (besides the king and pawns) each side keeps in a [`middlegame`].
const MIDDLEGAME_PIECES: usize = 3;

/// Whether each side has [`MIDDLEGAME_PIECES`] pieces or more besides the king and pawns: where
/// the short searches' plans and tactics after a pass agree with Stockfish's often enough to be
/// said ([`readies`], [`stops_plan`]).
fn middlegame(pos: &Chess) -> bool {
    pieces_each(pos) >= MIDDLEGAME_PIECES
}

/// Whether each side has a piece besides the king and pawns: not a pawn ending, where
/// [`stops_line`]'s short search after a pass is not trusted.
fn has_pieces(pos: &Chess) -> bool {
    pieces_each(pos) >= 1
}

/// The pieces besides the king and pawns of the side that has fewer.
fn pieces_each(pos: &Chess) -> usize {
    let b = pos.board();
    let pieces = b.occupied() & !b.pawns() & !b.kings();
    [shakmaty::Color::White, shakmaty::Color::Black]
        .into_iter()
        .map(|c| (pieces & b.by_color(c)).count())
        .min()
        .unwrap_or(0)
}

/// How much more (centipawns, by the short search) than passing a move may be worth and still
/// be said for what it gets ready ([`readies`]): more, and it answers a threat.
const READIES_ANSWERS: i32 = 100;

/// How many of the mover's next moves in the line [`rook_behind`] looks at.
const ROOK_BEHIND_MOVES: usize = 3;

/// `rook_backs` / `rook_opens` (see the module's documentation): `square` the pawn's square,
/// `other` where it goes, `moves` the line up to the pawn's move, `san` the pawn's move.
#[must_use]
pub fn rook_behind(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    let us = before.turn();
    let from = mv.from()?;
    if mv.role() != Role::Rook || mv.is_castle() || mv.is_capture() {
        return None;
    }
    let rook = mv.to();
    if from.file() == rook.file() {
        return None; // the same file: nothing new behind the pawn
    }
    // The first piece ahead of the rook on its file, in our direction, other than our own
    // queen or rook (a battery behind the pawn), is our own pawn.
    let ahead = |sq: shakmaty::Square| sq.offset(if us.is_white() { 8 } else { -8 });
    let mut sq = ahead(rook);
    let pawn = loop {
        let s = sq?;
        match after.board().piece_at(s) {
            None => sq = ahead(s),
            Some(p) if p == Role::Queen.of(us) || p == Role::Rook.of(us) => sq = ahead(s),
            Some(p) if p == Role::Pawn.of(us) => break s,
            Some(_) => return None,
        }
    };
    let mut pos = after.clone();
    let mut line = vec![mv];
    for (i, m) in pv.iter().enumerate().take(2 * ROOK_BEHIND_MOVES) {
        let next = board::play(&pos, *m)?;
        if i % 2 == 1 {
            if m.from() == Some(pawn) && m.role() == Role::Pawn && !m.is_promotion() {
                line.push(*m);
                return Some(Fact::Idea {
                    uci: uci(mv),
                    idea: if m.is_capture() {
                        "rook_opens"
                    } else {
                        "rook_backs"
                    }
                    .to_owned(),
                    square: pawn,
                    other: Some(m.to()),
                    moves: line.iter().map(|m| uci(*m)).collect(),
                    san: vec![san(&pos, *m)],
                    n: 0,
                });
            }
            // The rook moved on, or the pawn went: the rook backs nothing.
            if m.from() == Some(rook) {
                return None;
            }
        }
        if next.board().piece_at(pawn) != Some(Role::Pawn.of(us))
            || next.board().piece_at(rook) != Some(Role::Rook.of(us))
        {
            return None;
        }
        line.push(*m);
        pos = next;
    }
    None
}

/// Whether the opponent's move `r` in `passed` (the mover passed) scores within
/// [`WANTED_MARGIN`] of `best_score`, the best move's score there, by a short search: a move
/// the opponent wants, not a mere try.
fn wanted(passed: &Chess, r: Move, best_score: i32) -> bool {
    wanted_within(passed, r, best_score, WANTED_MARGIN)
}

/// Whether the opponent's move `r` after a pass scores within `margin` (centipawns) of their
/// best (`best_score`) by a short search.
fn wanted_within(passed: &Chess, r: Move, best_score: i32, margin: i32) -> bool {
    board::play(passed, r).is_some_and(|next| {
        let (_, reply) = short_search(&next, STOP_DEPTH - 1, STOP_NODES);
        -reply >= best_score - margin
    })
}

/// The mover's next move(s) in `pv` (the line after `mv`): `prepares` when the first of them
/// was not legal and safe (static exchange) before `mv` (the same piece from the same square to
/// the same square) and is not the moved piece moving on, else `plan`. Not named for a capture
/// (taking is its point), nor when the next move goes to the square the reply went to (a
/// recapture, or taking the piece that just moved), or answers a check; no `plan` when the
/// opponent captures between the mover's moves (the mover's moves alone would hide it).
#[must_use]
pub fn follow_up(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Option<Fact> {
    if mv.is_capture() {
        return None;
    }
    let (&reply, &ours) = (pv.first()?, pv.get(1)?);
    let mid = board::play(after, reply)?;
    if mid.is_check() {
        return None;
    }
    // A recapture is no plan of its own; the moved piece may still move on after the trade
    // (20.Ne1 Bxg2 21.Kxg2 f4 22.Nc2: the knight's way to c2, against the knight on b4).
    let recapture = ours.to() == reply.to();
    // The moved piece going back where it came from undoes the move: no plan of it.
    let landed = crate::explain::themes::util::dest(mv, before.turn());
    let undoes = |m: Move| m.from() == Some(landed) && mv.from() == Some(m.to());
    if undoes(ours) {
        return None;
    }
    let next = board::play(&mid, ours)?;
    let mut line = vec![mv, reply, ours];
    let mut names = vec![san(&mid, ours)];
    // The same piece chased on or stepping back is no second step of a plan ("Ng5 and
    // Ngf3").
    let chased = |r2: Move, then: Move| {
        then.from() == Some(ours.to())
            && (board::play(&next, r2)
                .is_some_and(|p| p.board().attacks_from(r2.to()).contains(ours.to()))
                || board::rel_rank(then.to(), before.turn())
                    < board::rel_rank(ours.to(), before.turn()))
    };
    if let (Some(&r2), Some(&then)) = (pv.get(2), pv.get(3))
        && let Some(p) = board::play(&next, r2)
        && !p.is_check()
        && then.to() != r2.to()
        && p.is_legal(then)
        && then.role() != Role::King
        && !chased(r2, then)
        && !undoes(then)
    {
        line.extend([r2, then]);
        names.push(san(&p, then));
    }
    let square = crate::explain::themes::util::dest(ours, before.turn());
    let moves_on = ours.from() == Some(landed);
    // A piece (not a pawn, not the king) that moves on from where it landed, without taking:
    // the move is a step of its route (9.Ne3 and Nf5), said as such; not a retreat from the
    // reply's attack (9.Bg5 h6 10.Bh4 is no route to h4).
    // A king walks a route only in an ending without queens (with them on it steps to
    // safety, which the king-safety ideas name).
    // A step that already attacks an enemy piece or pawn it did not attack before, worth more
    // than itself or undefended, has a point of its own where it lands (2.Nf3 hits e5; its
    // way to g5 is later): no mere step.
    let eb = after.board();
    let hits_there = (eb.attacks_from(landed)
        & eb.by_color(!before.turn())
        & !eb.kings()
        & !reach_before(before, mv))
    .into_iter()
    .any(|t| board::worth_hitting(eb, t, mv.role()));
    let walker = !hits_there
        && match mv.role() {
            Role::Pawn => false,
            Role::King => before.board().queens().is_empty(),
            _ => !mv.is_castle(),
        };
    // A square the piece could have gone to at once, safely, is no end of a route: the
    // detour is no step towards it (20.Qe3 "the queen heads for c3" with Qd4-c3 legal before,
    // session 37 read).
    let direct = |to: Square| {
        mv.from().is_some_and(|from| {
            before.legal_moves().iter().any(|m| {
                m.from() == Some(from) && m.to() == to && !m.is_castle() && safe(before, *m)
            })
        })
    };
    let route = walker
        && moves_on
        && !mid.board().attacks_from(reply.to()).contains(landed)
        && !ours.is_capture()
        && !direct(ours.to());
    // The moved piece moving on as the mover's second move in the line, the first another
    // piece's, not attacked on its square by either reply on the way: a step of its route
    // too (18.Nd3 Ne4 19.h4 Bf5 20.Nc5).
    // (A second step back to where the piece came from is no route: 20.Bg3 "a step on the
    // bishop's way to f2" from f2, session 33.)
    // A piece that steps away from a capture that wins it has its reason; its move two moves
    // later is the line's, not a route (9.Qc2 out of ...Nxc4's way "is a step on the queen's
    // way to d2" after Bf4, session 33).
    let escaping = || {
        mv.from().is_some_and(|from| {
            pass(before).is_some_and(|p| {
                p.legal_moves()
                    .iter()
                    .any(|c| c.to() == from && crate::explain::board::see_ge(&p, *c, 1))
            })
        })
    };
    let second_step = match (pv.get(2), pv.get(3)) {
        (Some(&r2), Some(&then)) if walker && !moves_on && !escaping() => board::play(&next, r2)
            .and_then(|p| {
                (!mid.board().attacks_from(reply.to()).contains(landed)
                    && !p.is_check()
                    && !p.board().attacks_from(r2.to()).contains(landed)
                    && p.is_legal(then)
                    && then.from() == Some(landed)
                    && !then.is_capture()
                    && then.to() != r2.to()
                    && Some(then.to()) != mv.from()
                    && !direct(then.to()))
                .then_some((r2, then))
            }),
        _ => None,
    };
    if route || second_step.is_some() {
        line.truncate(3);
        if let Some((r2, then)) = second_step {
            line.extend([r2, then]);
        }
        let arrival = second_step.map_or(ours, |(_, then)| then);
        let square = crate::explain::themes::util::dest(arrival, before.turn());
        return Some(route_fact(before, mv, after, &line, square));
    }
    if recapture {
        return None;
    }
    // A pawn whose next push in the line attacks an enemy piece that stood there before:
    // the push is what the move gets ready (20.g4 and g5 against the knight on f6; "is followed
    // by g5" read as no reason, session 37).
    if mv.role() == Role::Pawn
        && moves_on
        && ours.role() == Role::Pawn
        && !ours.is_capture()
        && !ours.is_promotion()
        && let Some(target) = prepared_hit(before, &next, ours)
    {
        return Some(Fact::Idea {
            uci: uci(mv),
            idea: "push_hits".to_owned(),
            square,
            other: Some(target),
            moves: line[..3].iter().map(|m| uci(*m)).collect(),
            san: names[..1].to_vec(),
            n: 0,
        });
    }
    // A move that takes over the guard of a man whose only guard was the piece that moves
    // next in the line: the move frees that piece (9.f3 guards e4 in the Najdorf, so the knight
    // on c3 can go to d5; "Better was g4" alone read as no reason, session 46 read). Not a
    // check, whose point is the check (35.Qd4+ "frees the bishop on g2 for Bh3").
    if let Some(guarded) = frees_guard(before, mv, &mid, ours, &next).filter(|_| !after.is_check())
    {
        return Some(Fact::Idea {
            uci: uci(mv),
            idea: "frees_guard".to_owned(),
            square: guarded,
            other: ours.from(),
            moves: line[..3].iter().map(|m| uci(*m)).collect(),
            san: names[..1].to_vec(),
            n: 0,
        });
    }
    let (idea, other) = {
        // The piece that moved moving on is a plan, not something the move made possible
        // (1.e4 does not "prepare" e5); so is a move that was legal and safe before (the same
        // piece move: from, to, promotion, whether or not it took something then).
        // A move that loses material by exchange where it is played was not made possible
        // either (20.Rf1 does not "make Ng5 possible" when ...hxg5 wins the knight as it
        // did before): it is the line's plan.
        // Nor is a move the reply made possible: it must be legal and safe right after this
        // move, the opponent passing (20.Rfd1 does not "prepare Qe4", which ...dxe4 takes
        // until ...d4 moves the pawn on, session 32).
        let by_the_move =
            pass(after).is_some_and(|p| board::same_move(&p, ours).is_some_and(|m| safe(&p, m)));
        // Out of check, what the check alone made illegal was there before: 19.Kh1 does not
        // "prepare Rxf1" after ...Rxg2+ (session 49).
        let possible = moves_on
            || before.is_check()
            || !by_the_move
            || board::same_move(before, ours).is_some_and(|m| safe(before, m) || !safe(&mid, ours));
        // Made possible by the square the move left, on the next move's path: the move
        // clears that piece's way (20.Nf3 opens the queen's diagonal to a7).
        let cleared = !ours.is_castle()
            && ours.from().is_some_and(|f| {
                mv.from()
                    .is_some_and(|left| shakmaty::attacks::between(f, ours.to()).contains(left))
            });
        // A pawn move that guards the square of the mover's next pawn push, which no pawn of
        // ours guarded before: the push will stand on a pawn's support (9.c3 and d4 in the
        // Ruy Lopez, where ...exd4 is met by cxd4; "c3 takes aim at d4" and "prophylaxis: it
        // stops Nd4" missed it, session 34 read).
        let us = before.turn();
        let pawn_guards = |b: &shakmaty::Board, square: Square| {
            (shakmaty::attacks::pawn_attacks(!us, square) & b.by_piece(Role::Pawn.of(us))).any()
        };
        let supports = mv.role() == Role::Pawn
            && ours.role() == Role::Pawn
            && !ours.is_capture()
            && !moves_on
            && shakmaty::attacks::pawn_attacks(us, landed).contains(ours.to())
            && !pawn_guards(before.board(), ours.to());
        // A piece that leaves the square the next move lands on only stepped off it: the
        // developing 17.Nc3 does not "make Rfb1 possible" (session 37 read). A pawn's step
        // that frees a square for a piece does prepare (b3 and Bb2), and so does a piece that
        // makes way for one that hits something from there (...Nh7 and ...Bf6 against the
        // bishop on h4).
        let vacated = mv.role() != Role::Pawn
            && Some(ours.to()) == mv.from()
            && prepared_hit(before, &next, ours).is_none();
        // A piece that steps off a square for another one that goes there next, and is not
        // developing (a minor piece or the queen leaving its first square), regroups: 9...Re8
        // frees f8 for the knight on d7 (...Nf8 in the Carlsbad structure), 7...Re8 for the
        // bishop on d6 (...Bf8). 17.Nc3 and Rfb1 stays a plan.
        // (A pawn stepping up behind is `unblocks`, or the line's plan.)
        // The queen leaving its first square for a rook is no development but the rook's
        // way onto that file (9.Qc2 and Rd1 in the King's Indian: "is followed by Rd1" read as
        // no reason, session 46 read).
        let queen_for_rook = mv.role() == Role::Queen && ours.role() == Role::Rook;
        let makes_way = vacated
            && !ours.is_castle()
            && ours.role() != Role::Pawn
            && (!developing(before, mv) || queen_for_rook);
        match (supports, possible, vacated, cleared) {
            (true, ..) => ("supports", Some(landed)),
            (false, true, ..) => ("plan", None),
            (false, false, true, _) if makes_way => ("makes_way", ours.from()),
            (false, false, true, _) => ("plan", None),
            (false, false, false, true) => ("clears", ours.from()),
            (false, false, false, false) => ("prepares", None),
        }
    };
    // Only the first step was made possible (or supported): "b3 makes Bb2 and g3 possible"
    // would claim g3 too.
    if matches!(idea, "prepares" | "clears" | "supports" | "makes_way") {
        line.truncate(3);
        names.truncate(1);
    }
    // A prepared move that attacks an enemy piece says so: "f3 prepares Bf2" left out that
    // Bf2 hits the knight on h4 (session 34 read).
    let (idea, other) = match (idea, prepared_hit(before, &next, ours)) {
        ("prepares", Some(target)) => ("prepares_hit", Some(target)),
        kept => (kept.0, other),
    };
    // The mover's moves alone would hide what the opponent takes in between: 9.Qa4 "is
    // followed by Qxa5 and e5" where ...Kxf7 took the bishop first (session 44 read).
    if idea == "plan" && line.iter().skip(1).step_by(2).any(|m| m.is_capture()) {
        return None;
    }
    // A plan whose next move is a pawn break names the pawn it strikes at: "a5 is followed by
    // b6 and a4" read as no reason, where ...b6 strikes at the pawn on c5 (Carlsen-Leko,
    // 11...a5, session 49 read).
    let (idea, other) = match (idea, struck_pawn(&next, ours)) {
        ("plan", Some(target)) => {
            line.truncate(3);
            names.truncate(1);
            ("plan_break", Some(target))
        }
        (kept, _) => (kept, other),
    };
    Some(Fact::Idea {
        uci: uci(mv),
        idea: idea.to_owned(),
        square,
        other,
        moves: line.iter().map(|m| uci(*m)).collect(),
        san: names,
        n: 0,
    })
}

/// The enemy pawn the quiet pawn push `ours` (just played, giving `next`) attacks where it
/// lands: a pawn break. The most central one when it attacks two.
fn struck_pawn(next: &Chess, ours: Move) -> Option<Square> {
    if ours.role() != Role::Pawn || ours.is_capture() || ours.promotion().is_some() {
        return None;
    }
    let us = !next.turn();
    let struck =
        shakmaty::attacks::pawn_attacks(us, ours.to()) & next.board().by_piece(Role::Pawn.of(!us));
    struck
        .into_iter()
        .min_by_key(|s| (i32::from(s.file()) * 2 - 7).abs())
}

/// The man of ours (not the king) that `mv` takes over the guard of, for the piece that
/// moves next (`ours`, in `mid`, giving `next`): attacked by the opponent before the move with
/// that piece its only guard, still attacked after the reply and after `ours`, guarded by the
/// moved man from where it landed (not before) and no longer by the piece that went on.
fn frees_guard(before: &Chess, mv: Move, mid: &Chess, ours: Move, next: &Chess) -> Option<Square> {
    let us = before.turn();
    let freed = ours.from()?;
    let landed = crate::explain::themes::util::dest(mv, us);
    if matches!(ours.role(), Role::Pawn | Role::King)
        || ours.is_castle()
        || mv.is_castle()
        || mv.role() == Role::King
        || freed == landed
    {
        return None;
    }
    let guards = |b: &shakmaty::Board, x: Square, side: shakmaty::Color| {
        b.attacks_to(x, side, b.occupied()) & b.by_color(side)
    };
    let (b, m, n) = (before.board(), mid.board(), next.board());
    (b.by_color(us) & !b.kings()).into_iter().find(|&x| {
        Some(x) != mv.from()
            && x != freed
            && guards(b, x, !us).any()
            && guards(b, x, us) == Bitboard::from(freed)
            && m.piece_at(x) == b.piece_at(x)
            && n.piece_at(x) == b.piece_at(x)
            && guards(m, x, us).contains(landed)
            && guards(m, x, us).contains(freed)
            && guards(n, x, !us).any()
            && guards(n, x, us).contains(landed)
            && !guards(n, x, us).contains(ours.to())
    })
}

/// Whether `mv` develops: a knight, bishop or queen leaving the square it started the game on.
fn developing(before: &Chess, mv: Move) -> bool {
    let us = before.turn();
    let home: &[Square] = match (mv.role(), us.is_white()) {
        (Role::Knight, true) => &[Square::B1, Square::G1],
        (Role::Knight, false) => &[Square::B8, Square::G8],
        (Role::Bishop, true) => &[Square::C1, Square::F1],
        (Role::Bishop, false) => &[Square::C8, Square::F8],
        (Role::Queen, true) => &[Square::D1],
        (Role::Queen, false) => &[Square::D8],
        _ => &[],
    };
    mv.from().is_some_and(|f| home.contains(&f))
}

/// The enemy piece (not the king) that the mover's prepared move `ours` attacks where it lands
/// (in `next`, after it), standing there since before the move (`before`), worth more than
/// the piece that moved or undefended, and not attacked by that piece from where it stood:
/// the most valuable, then the loose one.
fn prepared_hit(before: &Chess, next: &Chess, ours: Move) -> Option<Square> {
    let us = before.turn();
    let b = next.board();
    let landed = crate::explain::themes::util::dest(ours, us);
    let old = ours
        .from()
        .map_or(Bitboard::EMPTY, |f| before.board().attacks_from(f));
    (b.attacks_from(landed) & b.by_color(!us) & !b.kings() & !b.pawns() & !old)
        .into_iter()
        .filter(|t| before.board().piece_at(*t) == b.piece_at(*t))
        .filter(|t| board::worth_hitting(b, *t, ours.role()))
        .max_by_key(|t| {
            let role = b.role_at(*t).unwrap_or(Role::Pawn);
            (value(role), !board::is_defended(b, *t))
        })
}

/// The squares the moved piece attacked from where it stood before `mv`.
fn reach_before(before: &Chess, mv: Move) -> Bitboard {
    mv.from()
        .map_or(Bitboard::EMPTY, |f| before.board().attacks_from(f))
}

/// The route of the moved piece along `line` (the move, then the line up to the piece's next
/// move, which lands on `square`): `route_hits` when from `square` the piece attacks an enemy
/// piece or pawn (not the king) that stood on its square before the move and still does, and
/// that the piece attacked neither before nor after the move ("18.Nd3: the knight heads for c5,
/// where it attacks the pawn on b7"; the more valuable first, then an undefended one), else
/// `route` ("9.Ne3: the knight heads for f5").
fn route_fact(before: &Chess, mv: Move, after: &Chess, line: &[Move], square: Square) -> Fact {
    let us = before.turn();
    let landed = crate::explain::themes::util::dest(mv, us);
    let moves = line.iter().map(|m| uci(*m)).collect();
    let all = board::positions(after, &line[1..]);
    let target = (all.len() == line.len())
        .then(|| all[line.len() - 1].clone())
        .and_then(|arrived| {
            let b = arrived.board();
            let new = after.board().attacks_from(landed);
            (b.attacks_from(square)
                & b.by_color(!us)
                & !b.kings()
                & !reach_before(before, mv)
                & !new)
                .into_iter()
                .filter(|t| before.board().piece_at(*t) == b.piece_at(*t))
                .max_by_key(|t| {
                    let role = b.role_at(*t).unwrap_or(Role::Pawn);
                    let loose = !board::is_defended(b, *t);
                    (value(role), loose, std::cmp::Reverse(super::rel(*t, us)))
                })
        });
    Fact::Idea {
        uci: uci(mv),
        idea: if target.is_some() {
            "route_hits"
        } else {
            "route"
        }
        .to_owned(),
        square: target.unwrap_or(square),
        other: mv.from(),
        moves,
        san: if target.is_some() {
            vec![square.to_string()]
        } else {
            Vec::new()
        },
        n: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::board::{before_move_after, from_fen, line_from};

    fn idea_of(fen: &str, san: &str) -> Option<(String, Vec<String>)> {
        let (before, mv, after) = before_move_after(fen, san);
        match stops(&before, mv, &after)? {
            Fact::Idea { idea, moves, .. } => Some((idea, moves)),
            _ => None,
        }
    }

    fn threat_of(fen: &str, san: &str) -> Option<(String, Vec<String>)> {
        let (before, mv, after) = before_move_after(fen, san);
        match threat_line(&before, mv, &after)? {
            Fact::Idea {
                idea, san: names, ..
            } => Some((idea, names)),
            _ => None,
        }
    }

    #[test]
    fn a_move_the_deeper_search_does_not_want_is_not_stopped() {
        // Tal - Petrosian, 16.Nf3 (session 45 read: "prophylaxis: it stops Qh4", where ...Qh4
        // after a pass scores nothing; Nf3's point is the threat on the bishop on e5).
        let fen = "rn1q1r2/pppb1p1k/6pp/4b3/3NN3/8/PPPQBPPP/R3R1K1 w - - 0 16";
        let found = idea_of(fen, "Nf3");
        assert!(
            !matches!(&found, Some((idea, moves)) if idea == "stops" && moves.first().map(String::as_str) == Some("d8h4")),
            "{found:?}"
        );
    }

    #[test]
    fn a_capture_that_takes_off_the_tactics_piece_removes_the_tactic() {
        // Fischer - Tal, 15.Nxe5 (session 44 read: "Nxe5 takes the knight" and nothing
        // else): the knight on e5 had ...Nxf3+, taking the only defender of the bishop on g5.
        let fen = "2kr2r1/ppqbnp1Q/4p3/PB1pn1B1/8/P1p2N2/2P2PPP/R4RK1 w - - 0 15";
        let (before, mv, after) = before_move_after(fen, "Nxe5");
        let Some(Fact::Idea {
            idea, other, moves, ..
        }) = removes_line(&before, mv, &after)
        else {
            panic!("no idea for Nxe5");
        };
        assert_eq!(idea, "removes_line");
        assert_eq!(other, Some(shakmaty::Square::E5));
        assert_eq!(moves.first().map(String::as_str), Some("e5f3"));
        // Another capture leaves the knight and its tactic on the board.
        let (before, mv, after) = before_move_after(fen, "Bxd7+");
        assert!(removes_line(&before, mv, &after).is_none());
        // A quiet move is no capture of the tactic's piece.
        let (before, mv, after) = before_move_after(fen, "Nd4");
        assert!(removes_line(&before, mv, &after).is_none());
    }

    #[test]
    fn a_knight_stepping_out_of_an_even_trade_is_not_saved() {
        // 20.Ne4 (Carlsen, session 34 read): after a pass ...Bxc3 Rxc3 trades bishop for
        // knight; "Ne4 takes the knight on c3 away from Bxc3" said it was saved from a loss.
        let fen = "r2qr1k1/1pp2p1p/p2p4/3Pbnp1/2P5/1PN3PP/P4PB1/2RQR1K1 w - - 0 20";
        let (idea, _) = idea_of(fen, "Ne4").expect("an idea");
        assert_eq!(idea, "avoids_trade");
    }

    #[test]
    fn a_queen_covering_the_mating_square_stops_the_mating_attack() {
        // Morphy, 9.Qf3 (session 34 read): after a pass ...Qg3+ Ke2 Bg4# mates; the queen on f3
        // covers g3. "Qf3 threatens Qxf4" was all that was said.
        let fen = "rnb1kb1r/ppp2p1p/6q1/3p4/4Pp1P/2N5/PPPP2P1/R1BQKB1R w KQkq - 2 9";
        let (idea, moves) = idea_of(fen, "Qf3").expect("an idea");
        assert_eq!(idea, "stops_mate");
        assert_eq!(moves.first().map(String::as_str), Some("g6g3"));
        // A move that leaves the mate on is no answer to it.
        assert!(idea_of(fen, "a3").is_none_or(|(idea, _)| idea != "stops_mate"));
    }

    #[test]
    fn a_quiet_move_threatens_a_blow_beyond_one_capture() {
        // Carlsen game 281, 19.Bg4: the bishop and the knight on g5 both hit e6; Bxe6 loses the
        // bishop for a pawn by exchange, yet after ...fxe6 Nxe6 White is much better (Stockfish
        // +5.2 after a pass against +1.8): the threat is the sacrifice, said with its line.
        let fen = "2rqk2r/3nbpp1/2n1p1p1/1p1pP1N1/2pP3P/2P1B1P1/1P2BPK1/R2Q1R2 w k - 2 19";
        let (idea, names) = threat_of(fen, "Bg4").expect("Bg4 threatens Bxe6");
        assert_eq!(idea, "threat_line");
        assert_eq!(names.first().map(String::as_str), Some("Bxe6"));
        assert!(names.len() >= 2, "{names:?}");
        // A move that leaves the bishop where it stood threatens nothing of the kind.
        assert_eq!(threat_of(fen, "Kh2"), None);
    }

    #[test]
    fn a_blow_the_opponent_cannot_defuse_by_trading_first_is_a_threat() {
        // Shirov - Carlsen, 18...d6: dxe5 opens the d-file against the queen on d2; exd6 opens
        // it as well, so taking first is no simple trade (Stockfish answers b4). "The pawn
        // strikes at e5" was all that was said (session 41 read).
        let fen = "2kr3r/p1pp3p/b1p3p1/2q1Pp2/2P2P2/1P4P1/P2Q3P/R3KB1R b KQ - 0 18";
        let (idea, names) = threat_of(fen, "d6").expect("d6 threatens dxe5");
        assert_eq!(idea, "threat_line");
        assert_eq!(names.first().map(String::as_str), Some("dxe5"));
    }

    #[test]
    fn a_capture_winning_by_exchange_alone_is_said_as_that() {
        // 4.d4 hits the undefended knight on e5, which dxe5 simply wins by exchange: that is
        // `threat_wins`'s sentence, not a blow beyond one capture.
        let fen = "rnbqkb1r/pppp1ppp/8/4n3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4";
        let (before, mv, after) = before_move_after(fen, "d4");
        let facts: Vec<Fact> = super::super::derive(&before, mv, &after, &[], &[])
            .into_iter()
            .map(|c| c.fact)
            .collect();
        assert!(
            facts.iter().any(|f| matches!(f, Fact::ThreatWins { .. })),
            "{facts:?}"
        );
        assert!(
            !facts
                .iter()
                .any(|f| matches!(f, Fact::Idea { idea, .. } if idea.starts_with("threat_"))),
            "{facts:?}"
        );
    }

    #[test]
    fn a_capture_the_target_answers_by_taking_first_is_no_blow() {
        // 4.Nf3 hits the knight on e5, which takes first: ...Nxf3+ trades.
        let fen = "rnbqkb1r/pppp1ppp/8/4n3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4";
        assert_eq!(threat_of(fen, "Nf3"), None);
    }

    #[test]
    fn a_blow_the_move_makes_work_is_threatened() {
        // Morphy, 19.Re3: Kxh2 takes the bishop, but before Re3 it ran into Nxf3+, forking the
        // king, the rook on e1 and the bishop on g5; with f3 guarded it wins the piece. The
        // rook takes no part in the capture: the move made it work (`n` = 1).
        let fen = "r4rk1/p4ppp/8/3Nn1B1/8/5P2/PPP4b/R3R2K w - - 1 19";
        let (before, mv, after) = before_move_after(fen, "Re3");
        let Some(Fact::Idea { idea, san, n, .. }) = threat_line(&before, mv, &after) else {
            panic!("Re3 threatens Kxh2");
        };
        assert_eq!((idea.as_str(), n), ("threat_line", 1));
        assert_eq!(san.first().map(String::as_str), Some("Kxh2"));
    }

    #[test]
    fn a_pawn_stepping_off_a_capture_with_check_stops_an_attack() {
        // Morphy, 16...g6: Qxg7+ with the rook on g1 behind the queen is a mating attack, not
        // a pawn lost ("g6 saves the pawn from Qxg7", session 31).
        let fen = "r4knr/ppp3pp/1bq2p2/8/3P4/2P3Q1/PP2BN1P/R1B1K1R1 b Q - 1 16";
        assert_eq!(
            idea_of(fen, "g6"),
            Some(("stops_attack".to_owned(), vec!["g3g7".to_owned()]))
        );
    }

    #[test]
    fn a_move_of_the_piece_the_move_hits_is_not_stopped() {
        // Morphy (game 176), 17.Ba3 hits the queen on d6: "it stops Qc5" was a side fact, the
        // queen must move anyway.
        let fen = "r3k2r/pp2nppp/1bpq4/3PN3/Q2n4/2N5/P4PPP/R1B1R1K1 w kq - 0 17";
        let (before, mv, after) = before_move_after(fen, "Ba3");
        let found = stops(&before, mv, &after);
        assert!(
            !matches!(&found, Some(Fact::Idea { moves, .. }) if moves.first().is_some_and(|m| m.starts_with("d6"))),
            "{found:?}"
        );
    }

    #[test]
    fn a_knight_in_the_line_of_a_discovered_check_shuts_it() {
        // Morphy (game 175), 11...Nf6: after a pass Bg5+ or Bc7+ uncovers the rook on f2
        // against the king on f7 and wins the queen on d8; the knight stands in the f-file.
        let fen = "rn1q1bnr/pp3k1p/2p5/8/3PPBb1/3Q4/PPP2RpP/RN4K1 b - - 0 11";
        let (before, mv, after) = before_move_after(fen, "Nf6");
        match stops(&before, mv, &after) {
            Some(Fact::Idea {
                idea,
                square,
                other,
                ..
            }) => {
                assert_eq!(idea, "shuts_discovery");
                assert_eq!((square, other), (Square::F2, Some(Square::F4)));
            }
            other => panic!("no discovered check shut: {other:?}"),
        }
    }

    #[test]
    fn a3_stops_the_pin_bb4() {
        // Black's best move after a pass is ...Bb4, pinning the knight on c3; after a3 the
        // bishop on b4 would be taken by the pawn.
        let fen = "rn1qkb1r/pp3ppp/2p1pn2/3p1b2/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 6";
        let (before, mv, after) = before_move_after(fen, "a3");
        let passed = pass(&before).unwrap();
        let bb4 = "Bb4".parse::<San>().unwrap().to_move(&passed).unwrap();
        assert!(bites(&passed, bb4));
        assert!(!bites(&after, bb4));
        // The fact names whatever the search finds, but only a move that stopped biting.
        if let Some(Fact::Idea { moves, idea, .. }) = stops(&before, mv, &after)
            && idea != "refutes"
        {
            let r: Move = moves[0]
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&passed)
                .unwrap();
            assert!(bites(&passed, r) && !bites(&after, r));
        }
    }

    #[test]
    fn a_push_that_now_loses_a_pawn_to_the_moved_piece_is_refuted() {
        // After a pass Black's best is ...e4, hitting the knight on f3 (safe by exchange: the
        // pawn on d5 guards e4). After Ng3 it still looks safe, but Nxe4 wins it: ...dxe4
        // opens the d-file, Rxd8 (a position built on Lasker's idea, not from a set).
        let fen = "r2q1rk1/1p3ppp/2n2b2/3pp3/8/5N2/2P1NPPP/1RQR2K1 w - - 0 1";
        let (before, mv, after) = before_move_after(fen, "Ng3");
        let passed = pass(&before).unwrap();
        let e4 = "e4".parse::<San>().unwrap().to_move(&passed).unwrap();
        assert!(bites(&passed, e4) && bites(&after, e4));
        let Some(Fact::Idea {
            idea,
            moves,
            n,
            square,
            ..
        }) = stops(&before, mv, &after)
        else {
            panic!("no idea");
        };
        assert_eq!(idea, "refutes");
        assert_eq!(square, shakmaty::Square::E4);
        assert_eq!(&moves[..2], &["e5e4".to_owned(), "g3e4".to_owned()]);
        assert!(n >= 1);
        // The same knight move without the pin (the rook off the d-file): ...e4 Nxe4 dxe4 is
        // a knight for a pawn, nothing refuted.
        let fen = "r2q1rk1/1p3ppp/2n2b2/3pp3/8/5N2/2P1NPPP/1RQ2RK1 w - - 0 1";
        let (before, mv, after) = before_move_after(fen, "Ng3");
        assert!(
            !matches!(stops(&before, mv, &after), Some(Fact::Idea { ref idea, .. }) if idea == "refutes")
        );
    }

    #[test]
    fn a_piece_stepping_away_before_a_hit_sidesteps_it() {
        // Carlsen - Radjabov (9.Bb3 in the Dragon): after a pass ...Qb4 (or ...Ne5) hits the
        // undefended bishop on c4; after Bb3 neither bites. The short search prefers ...Nxd4
        // Qxd4, so the move is found among those Black wants as much.
        let fen = "r1b2rk1/pp1pppbp/2n2np1/q7/2BNP3/2N1B3/PPP2PPP/R2Q1RK1 w - - 7 9";
        let (before, mv, after) = before_move_after(fen, "Bb3");
        let Some(Fact::Idea {
            idea,
            square,
            moves,
            ..
        }) = stops(&before, mv, &after)
        else {
            panic!("no idea");
        };
        assert_eq!(idea, "sidesteps");
        assert_eq!(square, shakmaty::Square::C4);
        // ...Qb4 or ...Ne5, whichever the searches weigh as wanted: each hits c4.
        assert!(["a5b4", "c6e5"].contains(&moves[0].as_str()), "{moves:?}");
        // A pawn's step is no sidestep (its squares are the pawn's own matter).
        let (before, mv, after) = before_move_after(fen, "a3");
        assert!(
            !matches!(stops(&before, mv, &after), Some(Fact::Idea { ref idea, .. }) if idea == "sidesteps")
        );
        // A defended piece hit by one of its own worth is offered a trade: Fischer, game 50,
        // 20.Bc4 "leaves b5 before Nc7 attacks it there", the pawn on a4 guarding b5; Tal -
        // Bronstein, 20.Rb1 "before Ra8 can hit it", the rook on a1 covering a8 (session 44
        // read).
        for (fen, san) in [
            (
                "3r1r2/p4pbk/1p1qp1pp/1Bpn4/P7/2PP1QP1/1P1B1P1P/R3R1K1 w - - 2 20",
                "Bc4",
            ),
            (
                "3r1r2/4bpkp/1qn1bnp1/1p2p1N1/2p1P3/2P1N2P/1PB1QPP1/R1B1R1K1 w - - 0 20",
                "Rb1",
            ),
        ] {
            let (before, mv, after) = before_move_after(fen, san);
            assert!(
                !matches!(stops(&before, mv, &after), Some(Fact::Idea { ref idea, .. }) if idea == "sidesteps"),
                "{san}"
            );
        }
    }

    #[test]
    fn a_queen_meeting_the_queen_offers_a_trade_and_does_not_bite() {
        // Carlsen (game 131) after a pass at move 9: ...Qg6 meets the queen on c2 (Qxg6 hxg6
        // suits White), ...Bf5 hits it with a bishop (session 38 read: "Bd3 rules out Qg6").
        let p = from_fen("rnb1k2r/pp2nppp/2pq4/3p4/3P4/2N1P3/PPQ2PPP/R3KBNR b KQkq - 1 9");
        let m = |san: &str| san.parse::<San>().unwrap().to_move(&p).unwrap();
        assert!(!bites(&p, m("Qg6")));
        assert!(bites(&p, m("Bf5")));
    }

    #[test]
    fn a_plan_hides_no_capture_of_the_opponents() {
        // Tal - Russell, 9.Qa4: "is followed by Qxa5 and e5" where ...Kxf7 takes the bishop
        // first (session 44 read). A quiet reply leaves the plan.
        let fen = "r1bq1knr/ppp1bBpp/3p4/n7/4P3/1QN2N2/PP3PPP/R1B1K2R w KQ - 1 9";
        let (before, mv, after) = before_move_after(fen, "Qa4");
        let pv = line_from(&after, &["Kxf7", "Qxa5", "c6", "e5"]);
        assert_eq!(follow_up(&before, mv, &after, &pv), None);
        let pv = line_from(&after, &["Bd7", "Qxa5", "Kxf7", "e5"]);
        assert!(follow_up(&before, mv, &after, &pv).is_none());
        let pv = line_from(&after, &["c6", "Bb3", "b5", "Qb4"]);
        assert!(follow_up(&before, mv, &after, &pv).is_some());
    }

    #[test]
    fn a_pawn_takes_first_before_the_enemy_pawn_takes() {
        // Morphy, game 183: 15.exf5 before ...fxe4 hits the queen on f3 (Stockfish: the pass
        // costs White about a pawn, ...fxe4 is Black's best after it).
        let fen = "r1bq1rk1/ppp3pp/3p4/b2Ppp2/4Pn2/1BP2Q1P/P4PPN/RN3RK1 w - - 0 15";
        let (before, mv, after) = before_move_after(fen, "exf5");
        let Some(Fact::Idea {
            idea,
            square,
            other,
            san,
            ..
        }) = takes_first(&before, mv, &after)
        else {
            panic!("no takes_first for exf5");
        };
        assert_eq!(
            (idea.as_str(), square, other, san[0].as_str()),
            ("takes_first_hit", Square::E4, Some(Square::F3), "fxe4")
        );
        // A piece's capture is no pawn taking first.
        let (before, mv, after) = before_move_after(fen, "Qxf4");
        assert!(takes_first(&before, mv, &after).is_none());
    }

    #[test]
    fn follow_up_prepares_or_plans() {
        // Nd2 clears f3: the line's f4 was illegal before it (the knight on f3 blocked the
        // pawn), and the square left is on its path: the move clears the way for f4.
        let fen = "r1bq1rk1/pppnbppp/3p4/4p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 0 8";
        let (before, mv, after) = before_move_after(fen, "Nd2");
        let pv = line_from(&after, &["Nc5", "f4"]);
        let Some(Fact::Idea { idea, san, .. }) = follow_up(&before, mv, &after, &pv) else {
            panic!("no follow-up");
        };
        assert_eq!((idea.as_str(), san), ("clears", vec!["f4".to_owned()]));
        // The follow-up idea of `san` in `fen` with the line `line` after it.
        let idea_of = |fen: &str, san: &str, line: &[&str]| {
            let (before, mv, after) = before_move_after(fen, san);
            let pv = line_from(&after, line);
            match follow_up(&before, mv, &after, &pv) {
                Some(Fact::Idea { idea, .. }) => idea,
                other => panic!("no follow-up: {other:?}"),
            }
        };
        // A developing piece that only steps off the square the next move lands on made
        // nothing possible (17.Nc3 and Rfb1, session 38): Nc3 and Rb1 is the line's plan.
        let fen = "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1";
        assert_eq!(idea_of(fen, "Nc3", &["Kd7", "Rb1"]), "plan");
        // Any other piece stepping off for the next one regroups: Nf3 frees d2 for the bishop
        // (9...Re8 and ...Nf8 in the Carlsbad structure).
        let fen = "4k3/8/8/8/8/8/3N4/2B1K3 w - - 0 1";
        assert_eq!(idea_of(fen, "Nf3", &["Kd7", "Bd2"]), "makes_way");
        let carlsbad = "r1bq1rk1/pp1nbppp/2p2n2/3p2B1/3P4/2NBPN2/PPQ2PPP/R3K2R b KQ - 3 9";
        assert_eq!(idea_of(carlsbad, "Re8", &["O-O", "Nf8"]), "makes_way");
        // The queen off d1 for a rook is the rook's way onto the d-file, though the queen
        // develops (Fischer's game, 9.Qc2 Re8 10.Rd1 in the King's Indian).
        let kid = "r1bq1rk1/pp1n1pbp/2pp1np1/4p3/2PPP3/2N3P1/PP2NPBP/R1BQ1RK1 w - - 0 9";
        assert_eq!(idea_of(kid, "Qc2", &["Re8", "Rd1"]), "makes_way");
        // A pawn that takes over the guard of e4 from the knight on c3, which goes to d5 next
        // (Fischer's game, 9.f3 Be6 10.Nd5 in the Najdorf): the knight is freed.
        let najdorf = "rnbq1rk1/1p2bppp/p2p1n2/4p3/4P3/1NN1B3/PPP1BPPP/R2QK2R w KQ - 4 9";
        assert_eq!(idea_of(najdorf, "f3", &["Be6", "Nd5"]), "frees_guard");
        // With the pawn on e4 guarded twice before, the knight's move is the line's plan.
        let guarded = "rnbq1rk1/1p2bppp/p2p1n2/4p3/4P3/1NNBB3/PPP2PPP/R2QK2R w KQ - 4 9";
        assert_eq!(idea_of(guarded, "h3", &["Be6", "Nd5"]), "plan");
        // The knight off b1 for the rook stays the line's plan (above).
        // A pawn that steps off it does prepare: b3 and Bb2.
        let fen = "4k3/8/8/8/8/8/1P6/2B1K3 w - - 0 1";
        assert_eq!(idea_of(fen, "b3", &["Kd7", "Bb2"]), "prepares");
        // A recapture is no plan: Nxd5 exd5 Qxd5.
        let fen = "4k3/8/4p3/3p4/8/2N5/8/3QK3 w - - 0 1";
        let (before, mv, after) = before_move_after(fen, "Nxd5");
        let pv = line_from(&after, &["exd5", "Qxd5"]);
        assert!(follow_up(&before, mv, &after, &pv).is_none());
        // The moved piece moving on is a plan: 1.e4 does not "prepare" e5.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(idea_of(fen, "e4", &["Nc6", "e5"]), "plan");
        // 9.c3 in the Closed Ruy Lopez: d4 will stand on the c-pawn's support (...exd4 cxd4);
        // d4 was legal and safe before, so without the pawn it would be a mere plan.
        let ruy = "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1B3N1P/PPPP1PP1/RNBQR1K1 w - - 0 9";
        assert_eq!(idea_of(ruy, "c3", &["Be6", "d4"]), "supports");
        // A prepared move that attacks a loose piece says so: f3 frees f2 for the bishop,
        // which hits the knight on h4 from there.
        let fen = "6k1/8/8/8/7n/4B3/5PPP/6K1 w - - 0 1";
        let (before, mv, after) = before_move_after(fen, "f3");
        let pv = line_from(&after, &["Kf8", "Bf2"]);
        let Some(Fact::Idea { idea, other, .. }) = follow_up(&before, mv, &after, &pv) else {
            panic!("no follow-up");
        };
        assert_eq!((idea.as_str(), other), ("prepares_hit", Some(Square::H4)));
        // Not when a pawn already guarded the square (d3 guards e4 before f3 does).
        let fen = "4k3/8/8/8/8/3P4/4PP2/4K3 w - - 0 1";
        assert_eq!(idea_of(fen, "f3", &["Kd7", "e4"]), "plan");
        // Made possible by the reply, not by the move: 20.Rfd1 d4 Qe4 (Qe4 was taken by the
        // pawn on d5 before the reply moved it on): a plan, not "Rfd1 prepares Qe4".
        let fen = "2rq1rk1/3nbp1p/5p2/1bpp4/Np6/5NPB/1PQ1PP1P/R4RK1 w - - 0 20";
        assert_eq!(idea_of(fen, "Rfd1", &["d4", "Qe4"]), "plan");
        // Carlsen, 17.g4 in a Hedgehog: the pawn's next push hits the knight on f6 (said "is
        // followed by g5" until session 37).
        let hedgehog = "1qr1rbk1/1b1n1ppp/pp1ppn2/8/2PNP3/1PN1B1PP/P2Q1PB1/2R1R1K1 w - - 3 17";
        let (before, mv, after) = before_move_after(hedgehog, "g4");
        let pv = line_from(&after, &["Qa8", "g5"]);
        let Some(Fact::Idea { idea, other, .. }) = follow_up(&before, mv, &after, &pv) else {
            panic!("no follow-up");
        };
        assert_eq!((idea.as_str(), other), ("push_hits", Some(Square::F6)));
        // A push that hits nothing stays the line's plan: 1.e4 and e5.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(idea_of(fen, "e4", &["a6", "e5"]), "plan");
    }

    #[test]
    fn only_the_first_step_is_made_possible() {
        // Carlsen - Sulskis, 9.b3: Bb2 was illegal before (the pawn stood on b2), g3 was not;
        // "b3 makes Bb2 and g3 possible" claims g3 too.
        let fen = "r3kb1r/p1ppqppp/b1p5/3nP3/2P5/8/PP2QPPP/RNB1KB1R w KQkq - 1 9";
        let (before, mv, after) = before_move_after(fen, "b3");
        let pv = line_from(&after, &["g6", "Bb2", "Bg7", "g3"]);
        let Some(Fact::Idea {
            idea, san, moves, ..
        }) = follow_up(&before, mv, &after, &pv)
        else {
            panic!("no follow-up");
        };
        assert_eq!((idea.as_str(), san), ("prepares", vec!["Bb2".to_owned()]));
        assert_eq!(moves.len(), 3);
    }

    #[test]
    fn a_pawn_guarded_against_a_winning_exchange_is_kept() {
        // Gelfand - Carlsen, 9.b4: after a pass ...bxc5 dxc5 Nxc5 wins a pawn; b4 guards c5.
        let fen = "r1bq1rk1/p2nbppp/1pp1pn2/2Pp4/3P1B2/2NBPN2/PP3PPP/R2QK2R w KQ - 0 9";
        let (before, mv, after) = before_move_after(fen, "b4");
        let (name, square, _) = named(stops(&before, mv, &after));
        assert_eq!((name.as_str(), square), ("keeps", shakmaty::Square::C5));
    }

    #[test]
    fn a_second_step_back_home_is_no_route() {
        // Carlsen (game 239), 20.Bg3 g5 h3 h5 Bf2: the bishop goes back to f2, where it came
        // from; "a step on the bishop's way to f2" was false.
        let fen = "1rrq2k1/1b3pbp/pp1ppnp1/4n3/P1PNP3/1PN2P2/5BPP/1RRQ1B1K w - - 1 20";
        let (before, mv, after) = before_move_after(fen, "Bg3");
        let pv = line_from(&after, &["g5", "h3", "h5", "Bf2"]);
        let idea = match follow_up(&before, mv, &after, &pv) {
            Some(Fact::Idea { idea, .. }) => idea,
            _ => String::new(),
        };
        assert_ne!(idea, "route");
    }

    #[test]
    fn a_pawn_step_makes_room_for_a_trapped_or_traded_bishop() {
        use shakmaty::Square::{B3, C2, G3, H2};
        let cases = [
            // Carlsen (game 212), 20.h3: after a pass ...h4 traps the bishop on g3 (h2 is
            // taken by the pawn, f4 covered); after h3 it retreats to h2. Not "h3 rules out
            // Bg4", a move Black would not play.
            (
                "r4rk1/2p2p2/pn1pbqn1/1p2p1pp/3PP3/1PP1RNB1/P1B2PPP/R2Q2K1 w - - 0 20",
                "h3",
                ("makes_room", H2, Some(G3)),
            ),
            // 9.c3 in the Closed Ruy Lopez (Carlsen, game 242): after a pass ...Na5 hits the
            // bishop on b3, which has no safe square, and ...Nxb3 axb3 trades it off; after c3
            // it retreats to c2. "c3 is prophylaxis: it stops Nd4" missed it (session 34 read).
            (
                "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1B3N1P/PPPP1PP1/RNBQR1K1 w - - 0 9",
                "c3",
                ("makes_room_trade", C2, Some(B3)),
            ),
        ];
        for (fen, san, (idea, square, other)) in cases {
            let (before, mv, after) = before_move_after(fen, san);
            let (name, at, from) = named(stops(&before, mv, &after));
            assert_eq!((name.as_str(), at, from), (idea, square, other), "{san}");
        }
    }

    #[test]
    fn a_rook_stops_the_passed_pawn_the_search_did_not_pick_first() {
        // Fischer (purpose_tune2), 60.Rh2: after a pass ...h5 runs the passed pawn safely,
        // one of the moves Black wants; from h2 the rook covers h5, so ...h5 loses the pawn.
        let fen = "8/7p/1pp2p2/p3kP2/2P3r1/1P1K4/5R2/8 w - - 22 60";
        let (before, mv, after) = before_move_after(fen, "Rh2");
        let (name, square, _) = named(stops(&before, mv, &after));
        assert_eq!((name.as_str(), square), ("stops", shakmaty::Square::H5));
        // The passer's push bites only while it is safe: after Rh2 it does not.
        let passed = pass(&before).unwrap();
        let h5 = "h5".parse::<San>().unwrap().to_move(&passed).unwrap();
        assert!(bites(&passed, h5));
        assert!(!bites(&after, h5));
    }

    #[test]
    fn a_line_that_takes_the_moved_piece_back_is_no_plan_of_it() {
        // Hammer - Carlsen, 20.Bg3: the line's Qe2 and Bf2 puts the bishop back where it
        // came from; "Bg3 is followed by Qe2 and Bf2" names no plan of Bg3.
        let fen = "1rrq2k1/1b3pbp/pp1ppnp1/4n3/P1PNP3/1PN2P2/5BPP/1RRQ1B1K w - - 1 20";
        let (before, mv, after) = before_move_after(fen, "Bg3");
        let pv = line_from(&after, &["Nh5", "Qe2", "Nxg3+", "hxg3"]);
        if let Some(Fact::Idea { san, .. }) = follow_up(&before, mv, &after, &pv) {
            assert_eq!(san, vec!["Qe2".to_owned()]);
        }
        let pv = line_from(&after, &["Nh5", "Qe2", "Nf6", "Bf2"]);
        let Some(Fact::Idea { san, .. }) = follow_up(&before, mv, &after, &pv) else {
            panic!("no follow-up");
        };
        assert_eq!(san, vec!["Qe2".to_owned()], "Bf2 undoes the move");
        let pv = line_from(&after, &["Nh5", "Bf2"]);
        assert!(follow_up(&before, mv, &after, &pv).is_none());
    }

    /// The idea's name, square and other square, for a fact that must be an idea.
    fn named(fact: Option<Fact>) -> (String, shakmaty::Square, Option<shakmaty::Square>) {
        match fact {
            Some(Fact::Idea {
                idea,
                square,
                other,
                ..
            }) => (idea, square, other),
            other => panic!("no idea: {other:?}"),
        }
    }

    /// What [`stops`] names for `san` in `fen`: the idea, its square and its other square.
    fn stops_named(fen: &str, san: &str) -> (String, shakmaty::Square, Option<shakmaty::Square>) {
        let (before, mv, after) = before_move_after(fen, san);
        named(stops(&before, mv, &after))
    }

    #[test]
    fn a_rook_behind_its_pawn_backs_the_push_or_takes_the_file_the_capture_opens() {
        let idea_of = |fen: &str, mv: &str, line: &[&str]| {
            let (before, m, after) = before_move_after(fen, mv);
            let pv = line_from(&after, line);
            match rook_behind(&before, m, &after, &pv) {
                Some(Fact::Idea {
                    idea, square, san, ..
                }) => Some((idea, square, san)),
                _ => None,
            }
        };
        // Bilek - Tal, 9.Re1 (behind the queen on e2 and the pawn on e4), then exd5.
        let fen = "rn1q1rk1/pb2bppp/4pn2/1ppp4/4P3/3P1NP1/PPPNQPBP/R1B2RK1 w - - 0 9";
        assert_eq!(
            idea_of(fen, "Re1", &["Nc6", "exd5", "Nxd5"]),
            Some((
                "rook_opens".into(),
                shakmaty::Square::E4,
                vec!["exd5".into()]
            ))
        );
        // Rb1 and b4 two moves later: backed.
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/2P5/2N2NP1/PP2PPBP/R1BQ1RK1 w - - 0 9";
        assert_eq!(
            idea_of(fen, "Rb1", &["a5", "a3", "Bd7", "b4"]),
            Some(("rook_backs".into(), shakmaty::Square::B2, vec!["b4".into()]))
        );
        // The pawn never moves in the line: nothing backed.
        assert_eq!(idea_of(fen, "Rb1", &["a5", "a3", "Bd7", "e4"]), None);
        // A knight between the rook and the pawn: the rook backs nothing.
        let fen = "4k3/8/8/8/8/8/1N6/R3K3 w - - 0 1";
        assert_eq!(idea_of(fen, "Rb1", &["Kd7", "Nd3"]), None);
    }

    #[test]
    fn a_plan_whose_next_move_is_a_pawn_break_names_the_pawn_it_strikes() {
        // Carlsen-Leko, 11...a5 and ...b6 against the pawn on c5 (session 49 read).
        let fen = "rn2kb1r/ppq2pp1/2p1p1b1/2PpPn1p/3P1P2/5N2/PP1N1BPP/R1Q1KB1R b KQkq - 1 11";
        let (before, mv, after) = before_move_after(fen, "a5");
        let pv = line_from(&after, &["Bd3", "b6", "a3", "a4"]);
        match follow_up(&before, mv, &after, &pv) {
            Some(Fact::Idea {
                idea, other, san, ..
            }) => {
                assert_eq!(idea, "plan_break");
                assert_eq!(other, Some(Square::C5));
                assert_eq!(san, vec!["b6".to_owned()]);
            }
            other => panic!("{other:?}"),
        }
        // Kosteniuk-Carlsen, 11...h5: after a pass Ndb5 is met by ...axb5 as well; what the
        // move changed is unknown, so no "now axb5 would answer it" (session 49 read).
        let fen = "r3kb1r/1pqb1p1p/p1nppp2/8/3NPP2/2N5/PPPQB1PP/2KR3R b kq - 5 11";
        let (before, mv, after) = before_move_after(fen, "h5");
        assert!(
            !matches!(stops_plan(&before, mv, &after), Some(Fact::Idea { ref idea, .. }) if idea == "stops_plan_answer")
        );
    }

    #[test]
    fn a_move_that_leaves_the_next_moves_path_clears_it() {
        // Tal - Akopyan, 20.Nf3 b5 21.Qa7: the knight left d4, on the queen's way to a7.
        let fen = "2rb1qrk/1p1b1p1p/p2ppp2/8/2PNPP2/1PN1Q3/P5PP/3RR1K1 w - - 1 20";
        let (before, mv, after) = before_move_after(fen, "Nf3");
        let pv = line_from(&after, &["b5", "Qa7"]);
        assert_eq!(
            named(follow_up(&before, mv, &after, &pv)),
            (
                "clears".to_owned(),
                shakmaty::Square::A7,
                Some(shakmaty::Square::E3)
            )
        );
    }

    #[test]
    fn a_minor_piece_stepping_out_of_an_even_trade_avoids_it() {
        // Wang Yue - Carlsen, 20.Bb1: after a pass ...Nxd3+ Qxd3 trades the knight for the
        // bishop; Bb1 keeps it ("The plan is b4" said nothing).
        let fen = "r1b2rk1/p3q1bp/2p3p1/1pnp4/5P2/2NBPN1P/PP1Q1KP1/2R4R w - - 0 20";
        let (before, mv, after) = before_move_after(fen, "Bb1");
        assert_eq!(
            named(stops(&before, mv, &after)),
            (
                "avoids_trade".to_owned(),
                shakmaty::Square::D3,
                Some(shakmaty::Square::C5)
            )
        );
        // An undefended bishop taken is lost, not traded:
        // with the queen off d2 nothing defends d3, so no avoids_trade is named.
        let fen = "r1b2rk1/p3q1bp/2p3p1/1pnp4/5P2/2NBPN1P/PP3KP1/2R1Q2R w - - 0 20";
        let (before, mv, after) = before_move_after(fen, "Bb1");
        assert!(!matches!(
            stops(&before, mv, &after),
            Some(Fact::Idea { ref idea, .. }) if idea == "avoids_trade"
        ));
    }

    #[test]
    fn a_move_onto_the_square_the_opponent_wanted_blocks_it() {
        // Fischer, game 69: 9.e3 stands on e3, where ...e3 would fork d2 and f2: "e3 rules
        // out e3" said nothing; the pawn on e4 is blocked.
        let fen = "rnbqr1k1/ppp2pbp/3p1np1/8/2PPp3/1P4P1/PB1NPPBP/RN1QK2R w KQ - 2 9";
        assert_eq!(
            stops_named(fen, "e3"),
            (
                "occupies".to_owned(),
                shakmaty::Square::E3,
                Some(shakmaty::Square::E4)
            )
        );
    }

    #[test]
    fn a_knight_stepping_out_of_the_knights_trade_avoids_it() {
        // Fischer, game 11: 9.Nde2 with ...Nxd4 Qxd4 at hand (the knight on d4 defended, an
        // even trade Black wants): "Nde2 is followed by a4 and Nd5" was no reason (session 41
        // read).
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N3P1/PPP2PBP/R1BQ1RK1 w - - 1 9";
        assert_eq!(
            stops_named(fen, "Nde2"),
            (
                "avoids_trade".to_owned(),
                shakmaty::Square::D4,
                Some(shakmaty::Square::C6)
            )
        );
    }

    #[test]
    fn a_move_that_takes_the_sting_out_of_a_tactic_stops_it() {
        // Fischer, game 22: 9.Nc2 in the Maroczy bind. After a pass ...Nxe4 Nxe4 Bxd4 wins a
        // pawn (the knight takes on e4 uncovering the bishop on g7 against the knight on d4,
        // which the knight on c6 also hits); "In the engine's line Nc2 is followed by O-O and
        // Bf3" was all that was said (session 42 read).
        let fen = "r1bq1rk1/pp2ppbp/2np1np1/8/2PNPP2/2N5/PP2B1PP/R1BQK2R w KQ - 1 9";
        let (before, mv, after) = before_move_after(fen, "Nc2");
        let Some(Fact::Idea { idea, moves, n, .. }) = stops(&before, mv, &after) else {
            panic!("no idea: {:?}", stops(&before, mv, &after));
        };
        assert_eq!(idea, "stops_line");
        assert_eq!(moves.first().map(String::as_str), Some("f6e4"), "{moves:?}");
        assert!(n >= 1);
        // A move that leaves the knight on d4 stops nothing of the kind.
        let (before, mv, after) = before_move_after(fen, "a3");
        assert!(!matches!(
            stops(&before, mv, &after),
            Some(Fact::Idea { ref idea, .. }) if idea == "stops_line"
        ));
    }

    #[test]
    fn a_move_that_makes_the_opponents_wanted_break_a_poor_one_is_prophylaxis() {
        // Fischer, game 35: 20.Qc5. After a pass ...d4 hits the knight on c3 and opens the
        // bishop's way to a2; after Qc5 the pawn's step opens the fifth rank, and Qxe5 takes
        // the queen ("In the engine's line Qc5 is followed by Kh1 and Qxe5" was all that was
        // said, session 43 read).
        let fen = "1r3rk1/5pp1/p1p1b2p/3pq1b1/4P3/2N2B2/PPP2QPP/1R3RK1 w - - 2 20";
        let (before, mv, after) = before_move_after(fen, "Qc5");
        let Some(Fact::Idea {
            idea, san, square, ..
        }) = stops_plan(&before, mv, &after)
        else {
            panic!("no idea: {:?}", stops_plan(&before, mv, &after));
        };
        assert_eq!(idea, "stops_plan_answer");
        assert_eq!(san, ["d4", "Qxe5"]);
        assert_eq!(square, Square::D4);
        // A move that leaves ...d4 as good as before stops nothing.
        for quiet in ["Kh1", "h3"] {
            let (before, mv, after) = before_move_after(fen, quiet);
            assert_eq!(stops_plan(&before, mv, &after), None, "{quiet}");
        }
    }

    #[test]
    fn a_move_readies_the_blow_it_makes_work() {
        // Howell - Carlsen, 20.Bb6: the bishop takes c7 from the queen, and Rc7, which lost
        // the rook before, now hits the queen on d7 (session 41 read: "A good, solid move" and
        // the line).
        let fen = "2r2rk1/1b1qbppp/p2pp1n1/8/2R1P1P1/1P2B2P/P2QNPB1/2R3K1 w - - 3 20";
        let (before, mv, after) = before_move_after(fen, "Bb6");
        let Some(Fact::Idea {
            idea,
            square,
            other,
            san,
            ..
        }) = readies(&before, mv, &after)
        else {
            panic!("no readies");
        };
        assert_eq!(
            (idea.as_str(), square, other, san),
            (
                "readies_hit",
                Square::C7,
                Some(Square::D7),
                vec!["Rc7".to_owned()]
            )
        );
        // A capture readies nothing: its point is what it takes.
        let fen = "r1bqk2r/pp2pp1p/2np2pb/8/2Pp4/2N2NP1/PP2PPBP/R2Q1RK1 w kq - 0 9";
        let (before, mv, after) = before_move_after(fen, "Nxd4");
        assert!(readies(&before, mv, &after).is_none());
        // The readied move was safe before: the short search's gain together is no more
        // than its numbers (fischer.pgn games 55 and 68; Stockfish 75 and 33 cp less together).
        for (fen, san) in [
            (
                "r4r2/ppp2p1p/2npbkp1/8/4PP2/1PN3P1/P1P3BP/R4RK1 b - - 0 16",
                "Kg7",
            ),
            (
                "5rk1/2q3b1/2p1n1p1/2Pp1r2/p2Pp2p/P1B1P2P/2N2P2/1RK1QR2 w - - 1 37",
                "Rb6",
            ),
        ] {
            let (before, mv, after) = before_move_after(fen, san);
            assert!(readies(&before, mv, &after).is_none(), "{san}");
        }
        // 10...a6: b5, which lost the pawn before, now hits the bishop on c4.
        let fen = "r2q1rk1/pp1bppbp/2np1np1/8/2BNP2P/2N1BP2/PPPQ2P1/R3K2R b KQ - 0 10";
        let (before, mv, after) = before_move_after(fen, "a6");
        assert!(readies(&before, mv, &after).is_some());
    }

    #[test]
    fn a_piece_moving_on_after_a_trade_is_still_on_its_way() {
        // Flores - Carlsen: 20.Ne1 opens the long diagonal, ...Bxg2 Kxg2 trades the bishops,
        // and after ...f4 the knight goes on to c2, where it hits the knight on b4.
        let fen = "1r1q1rk1/1b4np/p2p2p1/2p1pp2/1nP5/RP1PPNP1/3NQPBP/2R3K1 w - - 3 20";
        let (before, mv, after) = before_move_after(fen, "Ne1");
        let pv = line_from(&after, &["Bxg2", "Kxg2", "f4", "Nc2"]);
        assert_eq!(
            named(follow_up(&before, mv, &after, &pv)),
            (
                "route_hits".to_owned(),
                shakmaty::Square::B4,
                Some(shakmaty::Square::F3)
            )
        );
        // The recapture alone is no plan: nothing is said of the line without the step.
        let pv = line_from(&after, &["Bxg2", "Kxg2"]);
        assert_eq!(follow_up(&before, mv, &after, &pv), None);
    }

    #[test]
    fn a_piece_moving_on_from_where_it_landed_is_on_its_way() {
        // Morphy, game 102: 9.Ne3 c6 10.Nf5: the knight heads for f5, where it attacks the
        // queen on e7 (and the pawn on g7: the queen first).
        let fen = "r1b1k1nr/ppppqnpp/1b3p2/1B2p3/2NPP3/2P2N2/PP3PPP/R1BQ1RK1 w kq - 5 9";
        let (before, mv, after) = before_move_after(fen, "Ne3");
        let pv = line_from(&after, &["c6", "Nf5"]);
        let fact = follow_up(&before, mv, &after, &pv);
        assert_eq!(
            named(fact.clone()),
            (
                "route_hits".to_owned(),
                shakmaty::Square::E7,
                Some(shakmaty::Square::C4)
            )
        );
        assert!(matches!(fact, Some(Fact::Idea { san, .. }) if san == ["f5"]));
        // With the queen gone from e7 and the g-pawn on g6, f5 attacks nothing new: the plain
        // route.
        let fen = "r1b1k1nr/pppp1n1p/1b3pp1/1B2p3/2NPP3/2P2N2/PP3PPP/R1BQ1RK1 w kq - 0 9";
        let (before, mv, after) = before_move_after(fen, "Ne3");
        let pv = line_from(&after, &["c6", "Nf5"]);
        assert_eq!(
            named(follow_up(&before, mv, &after, &pv)),
            (
                "route".to_owned(),
                shakmaty::Square::F5,
                Some(shakmaty::Square::C4)
            )
        );
        // 2.Nf3 already hits the pawn on e5: a point of its own, not a step towards g5 (1.e4
        // e5 2.Nf3 Nc6 3.Bc4 Nf6 4.Ng5).
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let (before, mv, after) = before_move_after(fen, "Nf3");
        let pv = line_from(&after, &["Nc6", "Bc4", "Nf6", "Ng5"]);
        assert!(!matches!(
            follow_up(&before, mv, &after, &pv),
            Some(Fact::Idea { idea, .. }) if idea.starts_with("route")
        ));
        // Carlsen - Wang Yue: 18.Nd3 Ne4 19.h4 Bf5 20.Nc5: the knight moves on as White's
        // second move in the line, the first another's: a step of its route all the same.
        let fen = "2r2rk1/1pp2pbp/p2nb1p1/3pN3/3P1B2/2P2N2/PP3PPP/R3R1K1 w - - 7 18";
        let (before, mv, after) = before_move_after(fen, "Nd3");
        let pv = line_from(&after, &["Ne4", "h4", "Bf5", "Nc5"]);
        let fact = follow_up(&before, mv, &after, &pv);
        assert_eq!(
            named(fact.clone()),
            (
                "route_hits".to_owned(),
                shakmaty::Square::B7,
                Some(shakmaty::Square::E5)
            )
        );
        assert!(matches!(fact, Some(Fact::Idea { moves, .. }) if moves.len() == 5));
        // Chased on by the second reply, it is no route: 18.Nd3 Ne4 19.h4 Nc5 20.Nb4.
        let pv = line_from(&after, &["Ne4", "h4", "Nc5", "Nb4"]);
        assert!(!matches!(
            follow_up(&before, mv, &after, &pv),
            Some(Fact::Idea { idea, .. }) if idea.starts_with("route")
        ));
        // A king walks a route in an ending without queens: 48.Kd6 Kxh2 49.Kc7, where it
        // attacks b7 (the a7 pawn next).
        let fen = "8/pp6/2p5/2P1K1N1/PP4pp/3b4/6kP/8 w - - 8 48";
        let (before, mv, after) = before_move_after(fen, "Kd6");
        let pv = line_from(&after, &["Kxh2", "Kc7"]);
        assert_eq!(
            named(follow_up(&before, mv, &after, &pv)),
            (
                "route_hits".to_owned(),
                shakmaty::Square::B7,
                Some(shakmaty::Square::E5)
            )
        );
        // With queens on, a king's walk is no route.
        let fen = "q7/pp6/2p5/2P1K1N1/PP4pp/3b4/6kP/Q7 w - - 8 48";
        let (before, mv, after) = before_move_after(fen, "Kd6");
        let pv = line_from(&after, &["Kxh2", "Kc7"]);
        assert!(!matches!(
            follow_up(&before, mv, &after, &pv),
            Some(Fact::Idea { idea, .. }) if idea.starts_with("route")
        ));
        // Carlsen-Ponomariov: 9.Bg5 h6 10.Bh4 is a retreat from h6's attack, not a route.
        let fen = "r1bq1rk1/2p2ppp/p1np1n2/1pb1p3/4P3/1BPP1N2/PP3PPP/RNBQ1RK1 w - - 0 9";
        let (before, mv, after) = before_move_after(fen, "Bg5");
        let pv = line_from(&after, &["h6", "Bh4"]);
        let idea = match follow_up(&before, mv, &after, &pv) {
            Some(Fact::Idea { idea, .. }) => idea,
            other => panic!("{other:?}"),
        };
        assert_ne!(idea, "route");
    }

    #[test]
    fn a_pawn_that_takes_a_square_from_a_piece_stops_its_move_there() {
        // Fischer, game 32: 9.h3 takes g4 from the bishop (...Bg4 would pin the knight on f3)
        // and from the knight.
        let fen = "rnbq1rk1/1p2bppp/p2p1n2/4p3/4P3/2N2N2/PPP1BPPP/R1BQ1RK1 w - - 4 9";
        let (before, mv, after) = before_move_after(fen, "h3");
        let passed = pass(&before).unwrap();
        let Some(Fact::Idea {
            idea, square, san, ..
        }) = denied_square(&before, mv, &after, &passed, 0, &DeepBest::new())
        else {
            panic!("no square taken");
        };
        // ...Bg4 would hit the knight on f3: the stopped move's target is named (`stops_hit`).
        assert!(idea == "stops_hit" || idea == "stops", "{idea}");
        assert_eq!(square, shakmaty::Square::G4);
        assert!(
            san == vec!["Bg4".to_owned()] || san == vec!["Ng4".to_owned()],
            "{san:?}"
        );
        // A pawn move that covers nothing a piece would use: nothing.
        let (before, mv, after) = before_move_after(fen, "a3");
        let passed = pass(&before).unwrap();
        assert!(denied_square(&before, mv, &after, &passed, 0, &DeepBest::new()).is_none());
    }

    #[test]
    fn a_square_the_opponent_would_not_use_is_no_prophylaxis() {
        // 12.c3 covers d4, where the bishop on c5 could stand safely, but ...Bd4 is no move
        // Black wants (far below their best after a pass): c3 denies nothing.
        let fen = "r3k2r/pp1n2p1/2p2q1p/2b1p3/4B1b1/3P1N2/PPP2PPP/R1BQ1RK1 w kq - 0 12";
        for played in ["c3", "g3"] {
            let (before, mv, after) = before_move_after(fen, played);
            assert!(
                !matches!(stops(&before, mv, &after), Some(Fact::Idea { ref idea, .. }) if idea == "denies"),
                "{played} denies no square"
            );
        }
    }

    #[test]
    fn a_best_reply_left_in_place_still_lets_a_taken_square_be_named() {
        // King's Gambit, 5...d6: White's best after a pass trades on h4 (d6 does not stop it),
        // yet d6 takes e5 from the knight on f3, where it would hit f7 with the bishop on c4.
        let fen = "rnbqk1nr/pppp1ppp/8/8/2B1Pp1b/5N2/PPPP2PP/RNBQ1K1R b kq - 5 5";
        let (before, mv, after) = before_move_after(fen, "d6");
        let (idea, square, other) = named(stops(&before, mv, &after));
        assert_eq!(idea, "denies");
        assert_eq!(
            (square, other),
            (shakmaty::Square::E5, Some(shakmaty::Square::F3))
        );
    }

    #[test]
    fn a_move_losing_material_as_it_did_before_was_not_made_possible() {
        // Carlsen-Gelfand: 20.Rf1 b6 21.Ng5 — ...hxg5 wins the knight before and after Rf1:
        // the line's plan, not "Rf1 makes Ng5 possible"; and the knight chased on (...Qf6
        // 22.Ngf3) is no second step of it.
        let fen = "2r2r1k/pp1bqpp1/4p2p/7Q/1bnNNP2/1B2P1R1/PP4PP/R5K1 w - - 7 20";
        let (before, mv, after) = before_move_after(fen, "Rf1");
        let pv = line_from(&after, &["b6", "Ng5", "Qf6", "Ngf3"]);
        match follow_up(&before, mv, &after, &pv) {
            Some(Fact::Idea { idea, san, .. }) => {
                assert_eq!(idea, "plan");
                assert_eq!(san, vec!["Ng5".to_owned()]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_pawn_push_the_opponent_wants_made_to_lose_a_pawn_is_stopped() {
        // Benoni, 10.a4: after a pass ...b5 is Black's plan (Stockfish's best); after a4 it
        // loses a pawn (...b5 axb5 axb5 Bxb5). a4 stops ...b5, though ...b5 attacks nothing.
        let fen = "rnbq1rk1/1p3pbp/p2p1np1/2pP4/4P3/2N2N2/PP2BPPP/R1BQ1RK1 w - - 0 10";
        let (before, mv, after) = before_move_after(fen, "a4");
        let (idea, square, other) = named(stops(&before, mv, &after));
        assert_eq!(idea, "denies_push");
        assert_eq!(
            (square, other),
            (shakmaty::Square::B5, Some(shakmaty::Square::B7))
        );
        // A pawn push that still stands after the move (guarded as often as attacked) is not
        // taken away: 10.h3 covers g4, where no black pawn goes.
        let (before, mv, after) = before_move_after(fen, "h3");
        assert!(
            !matches!(stops(&before, mv, &after), Some(Fact::Idea { ref idea, .. }) if idea == "denies_push"),
        );
    }

    #[test]
    fn the_squares_a_piece_under_attack_loses_are_no_prophylaxis() {
        // 18...f5 attacks the rook on e4: that g4 is now covered too is beside the point.
        let fen = "5rk1/1pp2p2/p1p4p/2b1P1p1/4R3/6B1/PPPr1PPP/2R3K1 b - - 3 18";
        let (before, mv, after) = before_move_after(fen, "f5");
        let passed = pass(&before).unwrap();
        let named = denied_square(&before, mv, &after, &passed, 0, &DeepBest::new());
        assert!(
            !matches!(named, Some(Fact::Idea { other: Some(o), .. }) if o == shakmaty::Square::E4),
            "{named:?}"
        );
    }
}

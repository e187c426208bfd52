//! "Learn from your mistakes": at one of the player's mistakes, the player tries another move;
//! the try is good when it loses less than [`GOOD_TRY`] winning chances against the engine's
//! best move, and it comes with its explanation.

use std::sync::atomic::AtomicBool;

use shakmaty::Move;

use super::{Reviewed, Settings};
use crate::analysis::{Analysed, Analysis, Analyst, Request, analyse_with};
use crate::engine::SearchMemory;
use crate::game::Game;

/// The largest loss of winning chances (mover's view) against the best move that still makes
/// a try good.
pub const GOOD_TRY: f64 = 0.035;

/// The verdict on a try.
#[derive(Debug, Clone)]
pub struct TryVerdict {
    /// Whether the try loses less than [`GOOD_TRY`] against the best move.
    pub good: bool,
    /// Its loss of winning chances against the best move (0 for the best move itself).
    pub drop: f64,
    /// The analysis of the try (its explanation says what it does and what was better).
    pub analysis: Analysis,
}

/// The analysis request for `played` (the engine's choice when `None`) in the position before
/// ply `ply` of `game` (its history, the opponent's previous move), with the review's settings.
/// `None` when the game has no such ply.
#[must_use]
pub fn request<P: Reviewed>(
    game: &Game<P>,
    ply: usize,
    played: Option<Move>,
    settings: &Settings,
) -> Option<Request<P>> {
    let before = game.position_at(ply)?.clone();
    let history = game.history_keys().get(..ply)?.to_vec();
    Some(Request {
        before,
        history,
        played,
        previous: ply
            .checked_sub(1)
            .and_then(|j| game.moves().get(j))
            .map(|m| m.mv),
        continuation: game_continuation(game, ply, played),
        ply,
        limits: settings.limits.clone(),
        params: P::eval(settings),
        human: settings.reader,
        level: settings.level,
        language: settings.language,
        analyst: settings.analyst.clone(),
        second_best: settings.second_best,
    })
}

/// How many of the game's moves after the explained one an explanation is given
/// ([`Request::continuation`]): the opponent's reply and the mover's next move, and one more
/// pair for a piece's way on.
const CONTINUATION_PLIES: usize = 4;

/// The game's moves after ply `ply` when `played` is the move the game played there (a try or
/// the engine's choice has no continuation in the game).
fn game_continuation<P: Reviewed>(game: &Game<P>, ply: usize, played: Option<Move>) -> Vec<Move> {
    let moves = game.moves();
    if played.is_none() || moves.get(ply).map(|m| m.mv) != played {
        return Vec::new();
    }
    moves
        .iter()
        .skip(ply + 1)
        .take(CONTINUATION_PLIES)
        .map(|m| m.mv)
        .collect()
}

/// Judges `request.played` (the try; the engine's choice when `None`) in `request.before`, by
/// the review's analyst (`request.analyst`: the try is judged as the mistake was).
/// Synchronous: run it where searches run (see [`crate::analysis::spawn`] for a thread).
pub fn judge_try<P: Analysed>(
    request: &Request<P>,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> TryVerdict {
    let mut analyst = Analyst::start_for::<P>(&request.analyst);
    let analysis = analyse_with(request, &mut analyst, memory, stop);
    let is_best = analysis.mv.is_some() && analysis.mv == analysis.search.best_move;
    let drop = match (analysis.best_score, analysis.played_score) {
        _ if is_best => 0.0,
        (Some(b), Some(p)) => (b.winning_chances() - p.winning_chances()).max(0.0),
        _ => f64::INFINITY,
    };
    TryVerdict {
        good: drop < GOOD_TRY,
        drop,
        analysis,
    }
}

/// A try to judge, of either game: what the shell's review work carries.
#[derive(Debug, Clone)]
pub enum TryRequest {
    /// A try in a chess game.
    Chess(Box<Request>),
    /// A try in a Pawn Battle game.
    PawnBattle(Box<Request<crate::variant::pawn_battle::PawnBattle>>),
}

impl TryRequest {
    /// [`judge_try`] of the request, whatever its game.
    pub fn judge(&self, memory: &mut SearchMemory, stop: &AtomicBool) -> TryVerdict {
        crate::variant::each_game!(self, TryRequest(r) => judge_try(r, memory, stop))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EvalParams, SearchLimits};
    use shakmaty::uci::UciMove;

    #[test]
    fn taking_the_queen_is_good_walking_away_is_not() {
        let p = crate::game::fen::parse("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        let mut memory = SearchMemory::new(1);
        let stop = AtomicBool::new(false);
        let mut req = Request::new(p.clone(), SearchLimits::depth(3), EvalParams::default());
        for (uci, good) in [("d2d5", true), ("e1f1", false)] {
            req.played = Some(uci.parse::<UciMove>().unwrap().to_move(&p).unwrap());
            let v = judge_try(&req, &mut memory, &stop);
            assert_eq!(v.good, good, "{uci}: drop {}", v.drop);
            assert!(v.analysis.explanation.is_some());
        }
    }
}

//! Analysis: the one place that turns a position, a move (or none) and search settings into an
//! [`Explanation`], by running the engine core and feeding what it found to the explanation
//! layer.
//!
//! The flow for one move:
//! 1. search the position before the move with exact root scores
//!    ([`SearchLimits::exact_root_scores`]), so that the played move's score and the
//!    second-best score are known from the same search as the best move's;
//! 2. when the played move is not the engine's best, search the position after it for the line
//!    that follows (and for its score when the first search has no exact score for it);
//! 3. convert the search's facts ([`convert`]) and the evaluation breakdowns before and after
//!    into an [`ExplainInput`] and call [`explain`].
//!
//! [`analyse`] is synchronous and pure apart from the search; [`background`] runs it on a
//! thread with a cancel flag; [`uci_lines`] produces the UCI `info string` lines from a
//! finished search. The review ([`crate::review`]) calls [`search_position`] once per position
//! of a game and [`assemble`] for each ply, so that the search of the position after a move
//! doubles as the line after it.

use std::sync::atomic::{AtomicBool, Ordering};

use shakmaty::{Chess, Color, Move};

use crate::config::{ExplainLevel, Language};
use crate::engine::{EvalParams, SearchLimits, SearchMemory, SearchResult, search, zobrist};
use crate::explain::quality::Score;
use crate::explain::{ExplainInput, Explanation, explain};

pub mod background;
pub mod command;
pub mod convert;
mod uci;

pub use background::{Job, spawn};
pub use uci::{uci_lines, uci_lines_for};

/// What to analyse and how.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The position before the move.
    pub before: Chess,
    /// Zobrist keys ([`crate::engine::zobrist`]) of the game's positions before `before`,
    /// oldest first (`before` itself excluded), for repetition detection.
    pub history: Vec<u64>,
    /// The move to explain; `None` explains the engine's own choice.
    pub played: Option<Move>,
    /// The opponent's move that led to `before`, when known.
    pub previous: Option<Move>,
    /// The ply of the move in the game (0 = White's first move).
    pub ply: usize,
    /// Search limits (exact root scores are always turned on).
    pub limits: SearchLimits,
    /// Evaluation parameters of the engine.
    pub params: EvalParams,
    /// The human's colour (scores are also given from its side).
    pub human: Color,
    /// How much to say.
    pub level: ExplainLevel,
    /// In which language.
    pub language: Language,
}

impl Request {
    /// A request with the defaults: no history, the engine's own choice, ply 0, White as the
    /// human, medium level, English.
    #[must_use]
    pub fn new(before: Chess, limits: SearchLimits, params: EvalParams) -> Request {
        Request {
            before,
            history: Vec::new(),
            played: None,
            previous: None,
            ply: 0,
            limits,
            params,
            human: Color::White,
            level: ExplainLevel::default(),
            language: Language::default(),
        }
    }
}

/// The outcome of an analysis.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The search of the position before the move.
    pub search: SearchResult,
    /// The move explained (the played one, or the engine's best); `None` when the side to move
    /// has no legal move.
    pub mv: Option<Move>,
    /// Score of the best move, mover's view.
    pub best_score: Option<Score>,
    /// Score of the explained move, mover's view.
    pub played_score: Option<Score>,
    /// Score of the second-best move, mover's view (exact root scores only).
    pub second_score: Option<Score>,
    /// The explanation of the move; `None` without a legal move.
    pub explanation: Option<Explanation>,
}

/// Searches `before` as the analysis does: `limits` with exact root scores, `history` as in
/// [`Request::history`]. A search in the position database ([`crate::posdb`]) that went at
/// least as far is used instead, and a new search is written there.
pub fn search_position(
    before: &Chess,
    history: &[u64],
    limits: &SearchLimits,
    params: &EvalParams,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> SearchResult {
    let limits = SearchLimits {
        exact_root_scores: true,
        ..limits.clone()
    };
    let store = crate::posdb::installed();
    if let Some(known) = store
        .as_ref()
        .and_then(|s| s.recall(before, &limits, params))
    {
        return known;
    }
    let result = search(before, history, &limits, params, memory, stop, &mut |_| {});
    if let Some(s) = store {
        s.remember(
            before,
            &limits,
            params,
            &result,
            stop.load(Ordering::Relaxed),
        );
    }
    result
}

/// Searches the position after `mv` (legal in `req.before`); `None` when it is illegal.
pub fn search_after(
    req: &Request,
    mv: Move,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    let after = crate::explain::board::play(&req.before, mv)?;
    let mut history = req.history.clone();
    history.push(zobrist(&req.before));
    Some(search_position(
        &after,
        &history,
        &req.limits,
        &req.params,
        memory,
        stop,
    ))
}

/// Analyses `req`: searches (once, or twice when the played move is not the best), then
/// explains. Synchronous; `stop` cuts the searches short (their results still count, from the
/// last completed depth).
pub fn analyse(req: &Request, memory: &mut SearchMemory, stop: &AtomicBool) -> Analysis {
    let before = search_position(
        &req.before,
        &req.history,
        &req.limits,
        &req.params,
        memory,
        stop,
    );
    let after = match (req.played, before.best_move) {
        (Some(p), Some(b)) if p != b => search_after(req, p, memory, stop),
        _ => None,
    };
    assemble(req, &before, after.as_ref())
}

/// Builds the analysis of `req` from finished searches: `before` of `req.before`, and `after`
/// of the position after the played move when there is one (it gives the line after the move,
/// and its score when `before` has no exact score for it). Pure.
#[must_use]
pub fn assemble(req: &Request, before: &SearchResult, after: Option<&SearchResult>) -> Analysis {
    let mv = req.played.or(before.best_move);
    let best_score = before.best_move.map(|_| convert::score(before.score));
    let second_score = convert::second_score(before);
    let played_score = mv.and_then(|m| convert::played_score(before, m, after));
    let explanation = mv.map(|m| explain_move(req, before, m, after));
    Analysis {
        search: before.clone(),
        mv,
        best_score,
        played_score,
        second_score,
        explanation,
    }
}

/// Explains `mv` in `req.before` from the search `before` of that position and, for a move
/// that is not the best, the search `after` of the position after it (for its line and score).
/// Pure. The review uses it for the better move too (`mv` = the best move, `after` = `None`).
#[must_use]
pub fn explain_move(
    req: &Request,
    before: &SearchResult,
    mv: Move,
    after: Option<&SearchResult>,
) -> Explanation {
    let is_best = before.best_move == Some(mv);
    let pv = if is_best {
        before.pv.iter().skip(1).copied().collect()
    } else {
        after.map(|a| a.pv.clone()).unwrap_or_default()
    };
    let input = ExplainInput {
        before: req.before.clone(),
        mv,
        previous: req.previous,
        pv,
        best: before.best_move,
        best_pv: before.pv.iter().skip(1).copied().collect(),
        score_before: before.best_move.map(|_| convert::score(before.score)),
        score_after: convert::played_score(before, mv, after),
        best_score: before.best_move.map(|_| convert::score(before.score)),
        second_score: convert::second_score(before),
        facts: Some(convert::facts(before)),
        eval_terms: convert::eval_terms(&req.before, mv, &req.params),
        human: req.human,
        ply: req.ply,
        level: req.level,
        language: req.language,
    };
    explain(&input)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::quality::Quality;
    use crate::game::fen;
    use shakmaty::uci::UciMove;

    fn pos(f: &str) -> Chess {
        fen::parse(f).unwrap()
    }

    fn mv(p: &Chess, u: &str) -> Move {
        u.parse::<UciMove>().unwrap().to_move(p).unwrap()
    }

    fn run(req: &Request) -> Analysis {
        let mut memory = SearchMemory::new(4);
        analyse(req, &mut memory, &AtomicBool::new(false))
    }

    #[test]
    fn engine_choice_is_explained_as_best() {
        // White wins the queen on d5.
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let a = run(&Request::new(
            p.clone(),
            SearchLimits::depth(4),
            EvalParams::default(),
        ));
        assert_eq!(a.mv, Some(mv(&p, "d2d5")));
        let e = a.explanation.unwrap();
        assert_eq!(e.san, "Rxd5");
        assert_eq!(e.quality.map(|q| q.quality), Some(Quality::Best));
        assert!(e.metrics.is_some());
        assert!(!e.eval_deltas.is_empty());
        assert!(a.second_score.is_some());
    }

    #[test]
    fn played_blunder_gets_its_score_and_the_better_move() {
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let mut req = Request::new(p.clone(), SearchLimits::depth(4), EvalParams::default());
        req.played = Some(mv(&p, "e1f1"));
        let a = run(&req);
        let e = a.explanation.unwrap();
        assert_eq!(e.san, "Kf1");
        assert_eq!(e.quality.map(|q| q.quality), Some(Quality::Blunder));
        assert_eq!(e.best.as_ref().map(|b| b.san.as_str()), Some("Rxd5"));
        assert!(a.played_score.unwrap().as_cp() < a.best_score.unwrap().as_cp());
        // The line after the played move comes from the second search.
        assert!(e.pv_san.len() > 1, "{:?}", e.pv_san);
    }

    #[test]
    fn without_an_exact_root_score_the_search_after_the_move_scores_it() {
        let p = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
        let mut req = Request::new(p.clone(), SearchLimits::depth(3), EvalParams::default());
        let played = mv(&p, "e1f1");
        req.played = Some(played);
        let mut memory = SearchMemory::new(1);
        let stop = AtomicBool::new(false);
        let mut before = search_position(&p, &[], &req.limits, &req.params, &mut memory, &stop);
        before.root_moves.retain(|r| r.mv != played);
        let after = search_after(&req, played, &mut memory, &stop).unwrap();
        let a = assemble(&req, &before, Some(&after));
        assert_eq!(
            a.played_score,
            Some(convert::score_before_move(after.score))
        );
        assert_eq!(assemble(&req, &before, None).played_score, None);
    }

    #[test]
    fn no_legal_move_gives_no_explanation() {
        let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        let a = run(&Request::new(
            p,
            SearchLimits::depth(3),
            EvalParams::default(),
        ));
        assert!(a.mv.is_none() && a.explanation.is_none());
    }

    #[test]
    fn mate_in_one_is_a_mate_score() {
        let p = pos("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let a = run(&Request::new(
            p,
            SearchLimits::depth(3),
            EvalParams::default(),
        ));
        assert_eq!(a.best_score, Some(Score::Mate(1)));
        assert_eq!(a.explanation.unwrap().san, "Ra8#");
    }
}

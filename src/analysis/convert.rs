//! Conversions from what the engine reports ([`SearchResult`], engine scores, evaluation
//! breakdowns) to the plain data the explanation layer takes ([`SearchFacts`],
//! [`quality::Score`], evaluation terms from the mover's side).

use shakmaty::{Chess, Color, Move, Position};

use crate::engine::{self, Bound, EvalParams, SearchResult, Term, evaluate_breakdown};
use crate::explain::board;
use crate::explain::metrics::{IterationFact, RootMoveFact, SearchFacts};
use crate::explain::quality::Score;

/// An engine score (side to move's view) as a quality score (same side).
///
/// ```
/// use kibitzer::analysis::convert::score;
/// use kibitzer::engine::{Score as EngineScore, MATE};
/// use kibitzer::explain::quality::Score;
/// assert_eq!(score(EngineScore(35)), Score::Cp(35));
/// assert_eq!(score(EngineScore(MATE - 3)), Score::Mate(2));
/// assert_eq!(score(EngineScore(-MATE + 2)), Score::Mate(-1));
/// ```
#[must_use]
pub fn score(s: engine::Score) -> Score {
    match s.mate_in() {
        Some(n) => Score::Mate(n),
        None => Score::Cp(s.cp()),
    }
}

/// The score of a search of the position after a move (the opponent's view), seen by the
/// player who made the move, one ply earlier: centipawns are negated; "the opponent mates in
/// n" becomes "mated in n", and "the opponent is mated in n" becomes "mates in n + 1".
///
/// ```
/// use kibitzer::analysis::convert::score_before_move;
/// use kibitzer::engine::{Score as EngineScore, MATE};
/// use kibitzer::explain::quality::Score;
/// assert_eq!(score_before_move(EngineScore(-40)), Score::Cp(40));
/// assert_eq!(score_before_move(EngineScore(-MATE)), Score::Mate(1)); // opponent is mated
/// assert_eq!(score_before_move(EngineScore(MATE - 1)), Score::Mate(-1));
/// ```
#[must_use]
pub fn score_before_move(s: engine::Score) -> Score {
    match s.mate_in() {
        Some(n) if n > 0 => Score::Mate(-n),
        Some(n) => Score::Mate(1 - n),
        None => Score::Cp(-s.cp()),
    }
}

/// [`score_before_move`] as an engine score: the score of a search of the position after a
/// move (the opponent's view) as the root score of that move (the mover's view, a mate one ply
/// further away).
///
/// ```
/// use kibitzer::analysis::convert::{engine_score_before_move, score, score_before_move};
/// use kibitzer::engine::{Score as EngineScore, MATE};
/// for s in [EngineScore(-40), EngineScore(-MATE), EngineScore(MATE - 1), EngineScore(-MATE + 4)] {
///     assert_eq!(score(engine_score_before_move(s)), score_before_move(s));
/// }
/// ```
#[must_use]
pub fn engine_score_before_move(s: engine::Score) -> engine::Score {
    match s.mate_in() {
        Some(n) if n > 0 => engine::Score(-s.0 + 1),
        Some(_) => engine::Score(-s.0 - 1),
        None => s.negate(),
    }
}

/// The exact root score of `mv` in `result`, when the last completed iteration proved one.
#[must_use]
pub fn exact_root_score(result: &SearchResult, mv: Move) -> Option<Score> {
    result
        .root_moves
        .iter()
        .find(|r| r.mv == mv && r.bound == Bound::Exact && r.depth > 0)
        .map(|r| score(r.score))
}

/// The score of `mv` (mover's view): the best move's score when it is the best move, its
/// exact root score when there is one, otherwise the search of the position after it.
#[must_use]
pub fn played_score(
    before: &SearchResult,
    mv: Move,
    after: Option<&SearchResult>,
) -> Option<Score> {
    if before.best_move == Some(mv) {
        return Some(score(before.score));
    }
    exact_root_score(before, mv).or_else(|| after.map(|a| score_before_move(a.score)))
}

/// The exact score of the best root move other than the best move, if any.
#[must_use]
pub fn second_score(result: &SearchResult) -> Option<Score> {
    result
        .root_moves
        .iter()
        .filter(|r| Some(r.mv) != result.best_move && r.bound == Bound::Exact && r.depth > 0)
        .max_by_key(|r| r.score)
        .map(|r| score(r.score))
}

/// The raw facts of a search as the metrics take them.
#[must_use]
pub fn facts(result: &SearchResult) -> SearchFacts {
    SearchFacts {
        iterations: result
            .iterations
            .iter()
            .map(|i| IterationFact {
                depth: i.depth,
                best: i.best_move,
                score: score(i.score),
            })
            .collect(),
        root_moves: result
            .root_moves
            .iter()
            .map(|r| RootMoveFact {
                mv: r.mv,
                exact: (r.bound == Bound::Exact && r.depth > 0).then(|| score(r.score)),
            })
            .collect(),
        pv: result.pv.clone(),
    }
}

/// Evaluation terms before and after `mv`, each the mover's share minus the opponent's:
/// `(term name, before, after)`. Empty when `mv` is illegal. The tempo term is left out: it
/// belongs to the side to move, so it swings by twice its weight on every move and says
/// nothing about the move itself.
#[must_use]
pub fn eval_terms(before: &Chess, mv: Move, params: &EvalParams) -> Vec<(String, i32, i32)> {
    let Some(after) = board::play(before, mv) else {
        return Vec::new();
    };
    let mover = before.turn();
    let b = evaluate_breakdown(before, params);
    let a = evaluate_breakdown(&after, params);
    let view = |w: i32, bl: i32| {
        if mover == Color::White {
            w - bl
        } else {
            bl - w
        }
    };
    b.terms
        .iter()
        .zip(&a.terms)
        .filter(|((term, ..), _)| *term != Term::Tempo)
        .map(|((term, wb, bb), (_, wa, ba))| {
            (term.name().to_owned(), view(*wb, *bb), view(*wa, *ba))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MATE;

    #[test]
    fn mate_distances_round_trip_through_a_move() {
        // Before: mover mates in 2 (3 plies). After the move: opponent is mated in 1 (2 plies).
        assert_eq!(score(engine::Score(MATE - 3)), Score::Mate(2));
        assert_eq!(score(engine::Score(-MATE + 2)), Score::Mate(-1));
        assert_eq!(score_before_move(engine::Score(-MATE + 2)), Score::Mate(2));
        // Opponent mates in 1 after the move: mover is mated in 1.
        assert_eq!(score_before_move(engine::Score(MATE - 1)), Score::Mate(-1));
    }

    #[test]
    fn eval_terms_are_from_the_mover_side() {
        let before = crate::game::fen::parse("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        let mv = shakmaty::Move::Normal {
            role: shakmaty::Role::Rook,
            from: shakmaty::Square::D2,
            capture: Some(shakmaty::Role::Queen),
            to: shakmaty::Square::D5,
            promotion: None,
        };
        let terms = eval_terms(&before, mv, &EvalParams::default());
        let material = terms.iter().find(|t| t.0 == "material").unwrap();
        assert!(material.1 < 0 && material.2 > 0, "{material:?}");
        assert!(terms.iter().all(|t| t.0 != "tempo"), "{terms:?}");
    }
}

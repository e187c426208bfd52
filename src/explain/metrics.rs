//! Search metrics: concreteness, risk, stability depth and a style label, computed from plain
//! facts the search reports ([`SearchFacts`]) so the search never depends on this code.
//!
//! # Definitions
//! - **Concreteness**: share of the PV's moves (both sides) that are checks, captures or
//!   promotions, in percent.
//! - **Risk** (0-100): under alpha-beta only some root moves get exact scores (the others are
//!   bounds), so risk uses the exact ones only. With `S` the exact root scores (mover's view,
//!   clamped to ±1000 cp), `gap` = best − second best and `spread` = best − worst:
//!   `risk = 50·min(gap/300, 1) + 50·min(spread/600, 1)`. A large gap means the line hangs on
//!   one precise move, a large spread that mistakes are costly. `None` with fewer than two
//!   exact scores.
//! - **Stability depth**: the first iteration depth from which the best move never changed
//!   and every score stayed within 20 cp of the final score.
//! - **Style**: a description of the line (not a verdict): `aggressive` (concreteness ≥ 60 %
//!   and at least two checks by the mover), `tactical` (concreteness ≥ 40 %), `defensive`
//!   (score ≤ −100 cp for the mover), `dynamic` (risk ≥ 50), otherwise `positional`.

use serde::Serialize;
use shakmaty::{Chess, Move, Position};

use crate::explain::board;
use crate::explain::quality::Score;

/// One finished iteration of iterative deepening.
#[derive(Debug, Clone, PartialEq)]
pub struct IterationFact {
    /// Depth in plies.
    pub depth: u32,
    /// Best move at that depth.
    pub best: Move,
    /// Its score, from the side to move at the root.
    pub score: Score,
}

/// A root move and its score when the search proved it exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct RootMoveFact {
    /// The root move.
    pub mv: Move,
    /// Exact score from the side to move at the root; `None` for a bound only.
    pub exact: Option<Score>,
}

/// Raw facts reported by a search, as plain data.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchFacts {
    /// Iterations in order of depth.
    pub iterations: Vec<IterationFact>,
    /// Root moves (order irrelevant).
    pub root_moves: Vec<RootMoveFact>,
    /// Principal variation from the root.
    pub pv: Vec<Move>,
}

/// Style of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// Forcing line with checks.
    Aggressive,
    /// Quiet, structural line.
    Positional,
    /// Many captures, checks or promotions.
    Tactical,
    /// Holding a worse position.
    Defensive,
    /// Quiet but sharp: alternatives differ widely.
    Dynamic,
}

impl Style {
    /// Snake-case name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Style::Aggressive => "aggressive",
            Style::Positional => "positional",
            Style::Tactical => "tactical",
            Style::Defensive => "defensive",
            Style::Dynamic => "dynamic",
        }
    }
}

/// The computed metrics.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Metrics {
    /// Percent of PV moves that are checks, captures or promotions.
    pub concreteness: f32,
    /// 0-100, see the module documentation; `None` with fewer than two exact root scores.
    pub risk: Option<f32>,
    /// Best minus second-best exact root score (cp, clamped), if known.
    pub gap_cp: Option<i32>,
    /// Best minus worst exact root score (cp, clamped), if known.
    pub spread_cp: Option<i32>,
    /// First depth from which the best move and score were stable (`None` without completed
    /// iterations, or when the best move was found by an iteration cut short).
    pub stability_depth: Option<u32>,
    /// Description of the line.
    pub style: Style,
}

/// Concreteness of `pv` from `root`, in percent (0 for an empty PV).
#[must_use]
pub fn concreteness(root: &Chess, pv: &[Move]) -> f32 {
    let positions = board::positions(root, pv);
    let n = positions.len() - 1;
    if n == 0 {
        return 0.0;
    }
    let forcing = (0..n)
        .filter(|i| pv[*i].is_capture() || pv[*i].is_promotion() || positions[i + 1].is_check())
        .count();
    100.0 * forcing as f32 / n as f32
}

/// Stability depth of the iterations (see the module documentation).
#[must_use]
pub fn stability_depth(iterations: &[IterationFact]) -> Option<u32> {
    let last = iterations.last()?;
    let mut depth = last.depth;
    for it in iterations.iter().rev() {
        let close = (it.score.as_cp().clamp(-1000, 1000) - last.score.as_cp().clamp(-1000, 1000))
            .abs()
            <= 20;
        if it.best != last.best || !close {
            break;
        }
        depth = it.depth;
    }
    Some(depth)
}

/// Gap and spread of the exact root scores, clamped to ±1000 cp.
#[must_use]
pub fn gap_and_spread(root_moves: &[RootMoveFact]) -> Option<(i32, i32)> {
    let mut s: Vec<i32> = root_moves
        .iter()
        .filter_map(|r| r.exact)
        .map(|s| s.as_cp().clamp(-1000, 1000))
        .collect();
    if s.len() < 2 {
        return None;
    }
    s.sort_unstable_by(|a, b| b.cmp(a));
    Some((s[0] - s[1], s[0] - s[s.len() - 1]))
}

/// Risk from gap and spread (see the module documentation).
#[must_use]
pub fn risk(gap: i32, spread: i32) -> f32 {
    let g = (gap as f32 / 300.0).min(1.0);
    let sp = (spread as f32 / 600.0).min(1.0);
    50.0 * g + 50.0 * sp
}

/// All metrics of a search from `root`.
#[must_use]
pub fn compute(root: &Chess, facts: &SearchFacts) -> Metrics {
    let conc = concreteness(root, &facts.pv);
    let gs = gap_and_spread(&facts.root_moves);
    let risk = gs.map(|(g, s)| risk(g, s));
    let positions = board::positions(root, &facts.pv);
    let mover_checks = positions
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|p| p.is_check())
        .count();
    let score = facts.iterations.last().map(|i| i.score.as_cp());
    let style = if conc >= 60.0 && mover_checks >= 2 {
        Style::Aggressive
    } else if conc >= 40.0 {
        Style::Tactical
    } else if score.is_some_and(|s| s <= -100) {
        Style::Defensive
    } else if risk.is_some_and(|r| r >= 50.0) {
        Style::Dynamic
    } else {
        Style::Positional
    };
    Metrics {
        concreteness: conc,
        risk,
        gap_cp: gs.map(|g| g.0),
        spread_cp: gs.map(|g| g.1),
        // Unknown when the PV's move is not the last completed iteration's best (an iteration
        // cut short found it): the iterations say nothing about its stability.
        stability_depth: stability_depth(&facts.iterations).filter(|_| {
            facts
                .pv
                .first()
                .is_none_or(|&m| facts.iterations.last().map(|i| i.best) == Some(m))
        }),
        style,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;

    fn mv(pos: &Chess, uci: &str) -> Move {
        uci.parse::<UciMove>().unwrap().to_move(pos).unwrap()
    }

    #[test]
    fn concreteness_counts_captures_and_checks() {
        let root = Chess::default();
        let line = ["e2e4", "d7d5", "e4d5", "d8d5"];
        let mut pos = root.clone();
        let mut pv = Vec::new();
        for u in line {
            let m = mv(&pos, u);
            pos = board::play(&pos, m).unwrap();
            pv.push(m);
        }
        assert_eq!(concreteness(&root, &pv), 50.0);
        assert_eq!(concreteness(&root, &[]), 0.0);
    }

    #[test]
    fn stability() {
        let root = Chess::default();
        let a = mv(&root, "e2e4");
        let b = mv(&root, "d2d4");
        let its = vec![
            IterationFact {
                depth: 1,
                best: a,
                score: Score::Cp(10),
            },
            IterationFact {
                depth: 2,
                best: b,
                score: Score::Cp(30),
            },
            IterationFact {
                depth: 3,
                best: a,
                score: Score::Cp(90),
            },
            IterationFact {
                depth: 4,
                best: a,
                score: Score::Cp(40),
            },
            IterationFact {
                depth: 5,
                best: a,
                score: Score::Cp(35),
            },
        ];
        assert_eq!(stability_depth(&its), Some(4));
        assert_eq!(stability_depth(&[]), None);
        // The computed metrics keep it for the last iteration's best move, and drop it when
        // the PV starts with a move an iteration cut short found instead.
        let facts = |pv: Vec<Move>| SearchFacts {
            iterations: its.clone(),
            root_moves: Vec::new(),
            pv,
        };
        assert_eq!(compute(&root, &facts(vec![a])).stability_depth, Some(4));
        assert_eq!(compute(&root, &facts(vec![b])).stability_depth, None);
    }

    #[test]
    fn risk_needs_two_exact_scores() {
        let root = Chess::default();
        let a = mv(&root, "e2e4");
        let b = mv(&root, "d2d4");
        let one = vec![
            RootMoveFact {
                mv: a,
                exact: Some(Score::Cp(20)),
            },
            RootMoveFact { mv: b, exact: None },
        ];
        assert_eq!(gap_and_spread(&one), None);
        let two = vec![
            RootMoveFact {
                mv: a,
                exact: Some(Score::Cp(320)),
            },
            RootMoveFact {
                mv: b,
                exact: Some(Score::Cp(20)),
            },
        ];
        assert_eq!(gap_and_spread(&two), Some((300, 300)));
        assert_eq!(risk(300, 300), 75.0);
    }
}

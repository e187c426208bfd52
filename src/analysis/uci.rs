//! The UCI `info string` lines of an explanation: one `info string explanation …` line per
//! sentence and one `info string metrics concreteness … risk … stability … style …` line, to be
//! printed before `bestmove` when the `Explain` option is on.

use shakmaty::{Chess, Move};

use super::{Request, explain_move};
use crate::config::{ExplainLevel, Language};
use crate::engine::{EvalParams, SearchLimits, SearchResult};
use crate::explain::Explanation;

/// The `info string` lines of an explanation (without newlines).
///
/// The metrics line reads `info string metrics concreteness 40 risk 12 stability 5 style
/// tactical`; an unknown risk or stability is written `-`.
#[must_use]
pub fn uci_lines(e: &Explanation) -> Vec<String> {
    let mut lines: Vec<String> = e
        .sentences
        .iter()
        .map(|s| format!("info string explanation {}", one_line(&s.text)))
        .collect();
    if let Some(m) = &e.metrics {
        lines.push(format!(
            "info string metrics concreteness {:.0} risk {} stability {} style {}",
            m.concreteness,
            m.risk.map_or_else(|| "-".to_owned(), |r| format!("{r:.0}")),
            m.stability_depth
                .map_or_else(|| "-".to_owned(), |d| d.to_string()),
            m.style.as_str()
        ));
    }
    lines
}

/// The `info string` lines explaining `chosen` (the move about to be sent with `bestmove`) in
/// `before`, from the finished search `result` of that position; no further search. Empty when
/// there is no move. `history`-free: the explanation only needs the position and the search.
#[must_use]
pub fn uci_lines_for(
    before: &Chess,
    result: &SearchResult,
    chosen: Option<Move>,
    params: &EvalParams,
    level: ExplainLevel,
    language: Language,
) -> Vec<String> {
    let Some(mv) = chosen.or(result.best_move) else {
        return Vec::new();
    };
    let mut req = Request::new(before.clone(), SearchLimits::default(), params.clone());
    req.played = Some(mv);
    req.human = Some(shakmaty::Position::turn(before));
    req.level = level;
    req.language = language;
    uci_lines(&explain_move(&req, result, mv, None))
}

/// Keeps a sentence on one line (a UCI message ends at the newline).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchMemory;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn lines_for_a_search() {
        let before = crate::game::fen::parse("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        let params = EvalParams::default();
        let mut memory = SearchMemory::new(1);
        let result = crate::engine::search(
            &before,
            &[],
            &SearchLimits::depth(4),
            &params,
            &mut memory,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        let lines = uci_lines_for(
            &before,
            &result,
            None,
            &params,
            ExplainLevel::Medium,
            Language::default(),
        );
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines[0].starts_with("info string explanation "));
        let last = lines.last().unwrap();
        assert!(
            last.starts_with("info string metrics concreteness ")
                && last.contains(" risk ")
                && last.contains(" stability ")
                && last.contains(" style "),
            "{last}"
        );
        assert!(lines.iter().all(|l| !l.contains('\n')));
    }
}

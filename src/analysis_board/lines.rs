//! The analysis board's engine: the best [`LINES`] moves of a position (MultiPV) with their
//! lines, scores and explanations, deepened one depth at a time on a background thread until
//! [`MAX_DEPTH`] or until the job is cancelled (a move or a navigation on the board starts a
//! new one; the old one is dropped, which cancels it). Each completed depth is delivered, so the
//! screen shows the lines as they improve.
//!
//! Every depth is one search of the position with exact root scores
//! ([`crate::analysis::search_position`]: the best moves and their scores from one search), a
//! search after each of the other moves for its line ([`crate::analysis::search_after`]), and
//! the explanation of each first move by [`crate::analysis::explain_move`], the path every
//! other explanation takes. Any game the analysis knows ([`Analysed`]: chess, Pawn Battle) is
//! analysed the same way, with its own rules, evaluation and explanations.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

use shakmaty::Move;

use crate::analysis::{Analysed, Request, convert, explain_move, search_after, search_position};
use crate::engine::{SearchLimits, SearchMemory};
use crate::explain::Explanation;
use crate::explain::quality::Score;

/// How many best moves the board shows.
pub const LINES: usize = 3;

/// The deepest search the board starts by itself.
pub const MAX_DEPTH: u32 = 30;

/// One of the best moves and what follows it.
#[derive(Debug, Clone)]
pub struct Line {
    /// The first move.
    pub mv: Move,
    /// Its score from the human's side (the colour the board was opened for).
    pub score: Score,
    /// The line, the first move included.
    pub pv: Vec<Move>,
    /// The explanation of the first move.
    pub explanation: Explanation,
}

/// The best lines of a position at one depth.
#[derive(Debug, Clone)]
pub struct Lines {
    /// The FEN of the position analysed (which position of the board the lines belong to,
    /// whatever the game).
    pub fen: String,
    /// The depth searched.
    pub depth: u32,
    /// The best moves, best first (fewer than [`LINES`] when the position has fewer moves;
    /// none when it has none).
    pub lines: Vec<Line>,
    /// Whether this is the last report of the search ([`MAX_DEPTH`] reached).
    pub finished: bool,
}

/// The best [`LINES`] lines of `req.before` at `depth` (scores from `req.human`'s side); none
/// when the position itself ends the game (a Pawn Battle pawn on its last rank, all pawns
/// captured). Synchronous; `stop` cuts the searches short.
#[must_use]
pub fn lines_at<P: Analysed>(
    req: &Request<P>,
    depth: u32,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
) -> Lines {
    if req.before.end().is_some() {
        return Lines {
            fen: req.before.fen(),
            depth,
            lines: Vec::new(),
            finished: true,
        };
    }
    let limits = SearchLimits::depth(depth);
    let before = search_position(
        &req.before,
        &req.history,
        &limits,
        &req.params,
        memory,
        stop,
    );
    let after_req = Request {
        limits: SearchLimits::depth(depth.saturating_sub(1).max(1)),
        ..req.clone()
    };
    let mover = req.before.turn();
    let mut lines = Vec::new();
    for root in before.root_moves.iter().take(LINES) {
        let mv = root.mv;
        let is_best = before.best_move == Some(mv);
        let after = (!is_best)
            .then(|| search_after(&after_req, mv, memory, stop))
            .flatten();
        let Some(score) = convert::played_score(&before, mv, after.as_ref()) else {
            continue;
        };
        let pv = if is_best {
            before.pv.clone()
        } else {
            std::iter::once(mv)
                .chain(after.iter().flat_map(|a| a.pv.iter().copied()))
                .collect()
        };
        lines.push(Line {
            mv,
            score: score.seen_by(mover, req.human.unwrap_or(shakmaty::Color::White)),
            pv,
            explanation: explain_move(req, &before, mv, after.as_ref()),
        });
    }
    Lines {
        fen: req.before.fen(),
        depth: before.depth,
        lines,
        finished: depth >= MAX_DEPTH,
    }
}

/// A running analysis of the board; dropping it cancels it and joins its thread.
pub type Job = crate::job::Job<()>;

/// Starts analysing `req.before` on a new thread with a transposition table of `hash_mb` MiB:
/// `deliver` receives the lines after each depth (from depth 1 to [`MAX_DEPTH`]), or the
/// message of a panic inside the search (caught; the job then ends). Nothing is delivered after
/// the job is cancelled.
///
/// # Errors
/// When the operating system cannot start a thread.
pub fn spawn<P: Analysed>(
    req: Request<P>,
    hash_mb: u32,
    store: Option<std::sync::Arc<crate::posdb::Store>>,
    mut deliver: impl FnMut(Result<Lines, String>) + Send + 'static,
) -> io::Result<Job> {
    Job::spawn("kibitzer-analysis-board", move |flag| {
        let mut memory = SearchMemory::new(hash_mb).with_store(store);
        for depth in 1..=MAX_DEPTH {
            let found = crate::engine::handle::guarded(|| lines_at(&req, depth, &mut memory, flag));
            if flag.load(Ordering::Relaxed) {
                return;
            }
            let failed = found.is_err();
            let finished = found
                .as_ref()
                .is_ok_and(|l| l.finished || l.lines.is_empty());
            deliver(found);
            if failed || finished {
                return;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EvalParams;
    use crate::game::fen;
    use shakmaty::Color;
    use std::sync::mpsc;

    fn request(f: &str, human: Color) -> Request {
        let mut req = Request::new(
            fen::parse(f).unwrap(),
            SearchLimits::default(),
            EvalParams::default(),
        );
        req.human = Some(human);
        req
    }

    #[test]
    fn three_best_lines_with_scores_from_the_human_side_and_explanations() {
        // White wins the queen on d5.
        let f = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
        let mut memory = SearchMemory::new(4);
        let stop = AtomicBool::new(false);
        let white = lines_at(&request(f, Color::White), 4, &mut memory, &stop);
        assert_eq!(white.lines.len(), LINES);
        assert_eq!(white.lines[0].explanation.san, "Rxd5");
        assert_eq!(white.lines[0].pv.first(), Some(&white.lines[0].mv));
        assert!(
            white.lines[0].score.as_cp() > 300,
            "{:?}",
            white.lines[0].score
        );
        for pair in white.lines.windows(2) {
            assert!(pair[0].score.as_cp() >= pair[1].score.as_cp(), "best first");
            assert_ne!(pair[0].mv, pair[1].mv);
        }
        for line in &white.lines {
            assert!(!line.explanation.text.is_empty(), "{line:?}");
            assert_eq!(line.pv.first(), Some(&line.mv));
        }
        // The same position for a human playing Black: the scores change sign.
        let black = lines_at(&request(f, Color::Black), 4, &mut memory, &stop);
        assert_eq!(black.lines[0].mv, white.lines[0].mv);
        assert_eq!(black.lines[0].score, white.lines[0].score.flip());
    }

    #[test]
    fn a_position_without_moves_has_no_lines_and_the_job_ends() {
        // Black is checkmated.
        let req = request("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Color::White);
        let (tx, rx) = mpsc::channel();
        let job = spawn(req, 1, None, move |l| {
            let _ = tx.send(l);
        })
        .unwrap();
        job.wait();
        let reports: Vec<_> = rx.try_iter().collect();
        assert_eq!(reports.len(), 1);
        assert!(reports[0].as_ref().unwrap().lines.is_empty());
    }

    #[test]
    fn the_job_reports_deeper_and_deeper_until_cancelled() {
        let req = request(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            Color::White,
        );
        let (tx, rx) = mpsc::channel();
        let job = spawn(req, 1, None, move |l| {
            let _ = tx.send(l);
        })
        .unwrap();
        let first = rx.recv().unwrap().unwrap();
        let second = rx.recv().unwrap().unwrap();
        assert!(second.depth >= first.depth);
        assert_eq!(first.lines.len(), LINES);
        drop(job); // cancels and joins: nothing more arrives
        while rx.try_recv().is_ok() {}
        assert!(rx.recv().is_err(), "the sender is gone with the job");
    }
}

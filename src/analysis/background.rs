//! Runs an analysis on its own thread with a cancel flag, so that an interface never blocks on
//! a search (STYLE rule 3). The result is handed to a callback, which typically sends it into
//! the caller's own channel; a cancelled analysis hands nothing over.

use std::io;
use std::sync::atomic::Ordering;

use super::{Analysed, Analysis, Analyst, Request, analyse_with};
use crate::engine::SearchMemory;

/// A running analysis. Dropping it cancels the analysis and joins its thread.
pub type Job = crate::job::Job<()>;

/// Starts analysing `request` (a position of any game [`Analysed`]: chess or Pawn Battle) on a
/// new thread with a transposition table of `hash_mb` MiB and the position database `store`
/// (`None`: none), judged by `request.analyst` (an
/// external engine is started for it, and the built-in engine takes over when it cannot be, or
/// fails, or does not play the game); `deliver` receives the analysis
/// unless the job was cancelled first, or the message of a panic inside it (caught, so an
/// interface can say so instead of waiting for ever).
///
/// # Errors
/// When the operating system cannot start a thread.
pub fn spawn<P: Analysed>(
    request: Request<P>,
    hash_mb: u32,
    store: Option<std::sync::Arc<crate::posdb::Store>>,
    deliver: impl FnOnce(Result<Analysis, String>) + Send + 'static,
) -> io::Result<Job> {
    Job::spawn("kibitzer-analysis", move |flag| {
        let analysed = crate::engine::handle::guarded(|| {
            let mut memory = SearchMemory::new(hash_mb).with_store(store);
            let mut analyst = Analyst::start_for::<P>(&request.analyst);
            analyse_with(&request, &mut analyst, &mut memory, flag)
        });
        if !flag.load(Ordering::Relaxed) {
            deliver(analysed);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EvalParams, SearchLimits};
    use std::sync::mpsc;

    #[test]
    fn delivers_the_analysis() {
        let (tx, rx) = mpsc::channel();
        let req = Request::new(
            shakmaty::Chess::default(),
            SearchLimits::depth(2),
            EvalParams::default(),
        );
        let job = spawn(req, 1, None, move |a| {
            let _ = tx.send(a);
        })
        .unwrap();
        job.wait();
        let a = rx.recv().unwrap().unwrap();
        assert!(a.explanation.is_some());
    }

    /// Issue 36: the request's analyst judges (play mode's verdicts): an engine that cannot be
    /// started gives way to the built-in one; the automatic choice is the installed Stockfish
    /// when there is one.
    #[test]
    fn the_request_s_analyst_judges() {
        let judged_by = |analyst: crate::analysis::AnalystSpec| {
            let (tx, rx) = mpsc::channel();
            let before = shakmaty::Chess::default();
            let mut req = Request::new(before, SearchLimits::depth(2), EvalParams::default());
            req.played = Some(
                shakmaty::san::San::from_ascii(b"e4")
                    .unwrap()
                    .to_move(&req.before)
                    .unwrap(),
            );
            req.analyst = analysis_spec(analyst);
            spawn(req, 1, None, move |a| {
                let _ = tx.send(a);
            })
            .unwrap()
            .wait();
            let a = rx.recv().unwrap().unwrap();
            assert_eq!(a.explanation.unwrap().san, "e4");
            a.judged_by
        };
        fn analysis_spec(s: crate::analysis::AnalystSpec) -> crate::analysis::AnalystSpec {
            crate::analysis::AnalystSpec {
                budget: Some(SearchLimits::depth(6)),
                ..s
            }
        }
        let missing =
            crate::analysis::AnalystSpec::new("/nonexistent/kibitzer-test-engine", Vec::new());
        assert_eq!(judged_by(missing), crate::analysis::BUILTIN_NAME);
        let auto = crate::config::Config::default().analysis.spec();
        match crate::analysis::judge::find() {
            Some(_) => assert!(judged_by(auto).starts_with("Stockfish")),
            None => assert_eq!(judged_by(auto), crate::analysis::BUILTIN_NAME),
        }
    }

    #[test]
    fn a_cancelled_analysis_delivers_nothing() {
        let (tx, rx) = mpsc::channel();
        let req = Request::new(
            shakmaty::Chess::default(),
            SearchLimits::default(), // to the maximum depth: only the cancel ends it
            EvalParams::default(),
        );
        let job = spawn(req, 1, None, move |a| {
            let _ = tx.send(a);
        })
        .unwrap();
        drop(job); // cancels and joins
        assert!(rx.recv().is_err());
    }
}

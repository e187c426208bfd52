//! Runs an analysis on its own thread with a cancel flag, so that an interface never blocks on
//! a search (STYLE rule 3). The result is handed to a callback, which typically sends it into
//! the caller's own channel; a cancelled analysis hands nothing over.

use std::io;
use std::sync::atomic::Ordering;

use super::{Analysed, Analysis, Request, analyse};
use crate::engine::SearchMemory;

/// A running analysis. Dropping it cancels the analysis and joins its thread.
pub type Job = crate::job::Job<()>;

/// Starts analysing `request` (a position of any game [`Analysed`]: chess or Pawn Battle) on a
/// new thread with a transposition table of `hash_mb` MiB; `deliver` receives the analysis
/// unless the job was cancelled first, or the message of a panic inside it (caught, so an
/// interface can say so instead of waiting for ever).
///
/// # Errors
/// When the operating system cannot start a thread.
pub fn spawn<P: Analysed>(
    request: Request<P>,
    hash_mb: u32,
    deliver: impl FnOnce(Result<Analysis, String>) + Send + 'static,
) -> io::Result<Job> {
    Job::spawn("kibitzer-analysis", move |flag| {
        let analysed = crate::engine::handle::guarded(|| {
            let mut memory = SearchMemory::new(hash_mb);
            analyse(&request, &mut memory, flag)
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
        let job = spawn(req, 1, move |a| {
            let _ = tx.send(a);
        })
        .unwrap();
        job.wait();
        let a = rx.recv().unwrap().unwrap();
        assert!(a.explanation.is_some());
    }

    #[test]
    fn delivers_a_pawn_battle_analysis() {
        use crate::variant::VariantPosition;
        use crate::variant::pawn_battle::PawnBattle;
        use crate::variant::pawn_battle::eval::{Evaluation, PresetName};
        let (tx, rx) = mpsc::channel();
        let before = PawnBattle::from_fen("8/6p1/8/8/8/8/P7/8 w - - 0 1").unwrap();
        let mut req = Request::new(
            before.clone(),
            SearchLimits::depth(3),
            Evaluation::preset(PresetName::Default),
        );
        req.played = before.parse_move("a4").ok();
        let job = spawn(req, 1, move |a| {
            let _ = tx.send(a);
        })
        .unwrap();
        job.wait();
        let e = rx.recv().unwrap().unwrap().explanation.unwrap();
        assert_eq!(e.san, "a4");
        assert!(e.claims.iter().any(|c| c.fact.kind() == "pb_race"), "{e:?}");
    }

    #[test]
    fn a_cancelled_analysis_delivers_nothing() {
        let (tx, rx) = mpsc::channel();
        let req = Request::new(
            shakmaty::Chess::default(),
            SearchLimits::default(), // to the maximum depth: only the cancel ends it
            EvalParams::default(),
        );
        let job = spawn(req, 1, move |a| {
            let _ = tx.send(a);
        })
        .unwrap();
        drop(job); // cancels and joins
        assert!(rx.recv().is_err());
    }
}

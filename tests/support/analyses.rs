//! The background analyses a play screen asks for, run synchronously at a fixed depth
//! (deterministic) and fed back as the runner does: for the snapshot tests of either game.
//! Included with `#[path]`.

use std::sync::atomic::AtomicBool;

use kibitzer::analysis::{self, Analysed, Analysis};
use kibitzer::app::{AnalysisJob, AnalysisRequest, App, Effect, Event, Playable};
use kibitzer::engine::{SearchLimits, SearchMemory};

/// The depth every analysis here searches to.
const DEPTH: u32 = 3;

/// Runs the background analyses among `todo` (and those their results start), feeding each
/// result back to `app`; the other effects are dropped.
pub fn run_analyses<P: Playable>(app: &mut App<P>, mut todo: Vec<Effect>) {
    while let Some(effect) = todo.pop() {
        if let Effect::Analyse(job) = effect {
            let analysed = match &job {
                AnalysisJob::Chess(job) => at_depth(job),
                AnalysisJob::PawnBattle(job) => at_depth(job),
            };
            todo.extend(app.update(Event::Analysed(job.id(), Box::new(analysed))));
        }
    }
}

/// The analysis `job` asks for, at [`DEPTH`].
fn at_depth<P: Analysed>(job: &AnalysisRequest<P>) -> Analysis {
    let mut request = job.request.clone();
    request.limits = SearchLimits::depth(DEPTH);
    analysis::analyse(&request, &mut SearchMemory::new(1), &AtomicBool::new(false))
}

//! Pawn Battle's searches for the UCI session (`UCI_Variant pawnbattle`): the generic search
//! (`engine::search` with `pawn_battle::eval::Evaluation`) on a thread of its own per `go`, its
//! reports delivered as the same [`EngineReport`]s the chess engine thread sends, so the session
//! treats both games alike (ids, `stop`, `ponderhit`, queued `go`s).
//!
//! Play mode's `EngineHandle` is chess-only; this is the smallest worker that serves Pawn Battle
//! until it is generic. The search memory (transposition table, histories) lives here between
//! searches and goes to the search's thread while it runs.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::engine::handle::{PROGRESS_INTERVAL, guarded};
use crate::engine::levels::{Level, Rng};
use crate::engine::{EngineReport, SearchId, SearchLimits, SearchMemory, search};
use crate::job::Job;
use crate::variant::pawn_battle::PawnBattle;
use crate::variant::pawn_battle::eval::Evaluation;

/// Everything one Pawn Battle search needs.
#[derive(Debug, Clone)]
pub(super) struct PawnBattleRequest {
    /// The position to search.
    pub position: PawnBattle,
    /// Zobrist keys of the game's earlier positions, oldest first.
    pub history: Vec<u64>,
    /// Limits of the search.
    pub limits: SearchLimits,
    /// The evaluation (`[pawn_battle.eval]`).
    pub eval: Evaluation,
    /// When set, the level picks the move to play (possibly not the best).
    pub level: Option<Level>,
}

/// The Pawn Battle searcher of one UCI session.
pub(super) struct PawnBattleEngine {
    /// The memory while no search runs (allocated at the first search).
    memory: Option<SearchMemory>,
    /// The table size the memory should have, in MiB (`Hash`).
    hash_mb: u32,
    /// The search in flight; its result is the memory, handed back.
    job: Option<Job<SearchMemory>>,
}

impl PawnBattleEngine {
    /// A searcher with a table of `hash_mb` MiB (allocated when first needed).
    pub fn new(hash_mb: u32) -> PawnBattleEngine {
        PawnBattleEngine {
            memory: None,
            hash_mb,
            job: None,
        }
    }

    /// Starts a search; a running one is stopped first. Progress (at most ten a second) and
    /// then exactly one `Done` or `Failed` with `id` go to `sink`.
    ///
    /// # Errors
    /// When the operating system cannot start a thread.
    pub fn search(
        &mut self,
        id: SearchId,
        request: PawnBattleRequest,
        mut sink: impl FnMut(EngineReport) + Send + 'static,
    ) -> std::io::Result<()> {
        let hash_mb = self.hash_mb;
        let mut memory = self
            .take_memory()
            .unwrap_or_else(|| SearchMemory::new(hash_mb));
        self.job = Some(Job::spawn(
            "kibitzer-pawn-battle",
            move |stop: &AtomicBool| {
                let mut last: Option<Instant> = None;
                let searched = guarded(|| {
                    search(
                        &request.position,
                        &request.history,
                        &request.limits,
                        &request.eval,
                        &mut memory,
                        stop,
                        &mut |info| {
                            if last.is_none_or(|t| t.elapsed() >= PROGRESS_INTERVAL) {
                                last = Some(Instant::now());
                                sink(EngineReport::Progress {
                                    id,
                                    info: info.clone(),
                                });
                            }
                        },
                    )
                });
                match searched {
                    Ok(result) => {
                        let chosen = match request.level {
                            Some(level) => {
                                level.choose(&result, &mut || Rng::from_time().next_f64())
                            }
                            None => result.best_move,
                        };
                        sink(EngineReport::Done {
                            id,
                            result,
                            chosen,
                            book: false,
                        });
                        memory
                    }
                    Err(message) => {
                        sink(EngineReport::Failed { id, message });
                        // The tables may be half-written: start again from fresh ones.
                        drop(memory);
                        SearchMemory::new(hash_mb)
                    }
                }
            },
        )?);
        Ok(())
    }

    /// Asks the running search to finish now; its `Done` report still arrives.
    pub fn stop(&self) {
        if let Some(job) = &self.job {
            job.cancel();
        }
    }

    /// Clears the tables (a new game).
    pub fn new_game(&mut self) {
        let mut memory = self.take_memory();
        if let Some(m) = &mut memory {
            m.clear();
        }
        self.memory = memory;
    }

    /// Sets the table size (`Hash`): the table is dropped now and the next search allocates
    /// one of `mb` MiB.
    pub fn set_hash(&mut self, mb: u32) {
        if mb != self.hash_mb {
            drop(self.take_memory());
            self.hash_mb = mb;
        }
    }

    /// The memory back from the last search (which is stopped and waited for) or the idle one.
    fn take_memory(&mut self) -> Option<SearchMemory> {
        if let Some(job) = self.job.take() {
            job.cancel();
            if let Some(memory) = job.wait() {
                return Some(memory);
            }
        }
        self.memory.take()
    }
}

impl Drop for PawnBattleEngine {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantPosition;
    use crate::variant::pawn_battle::eval::PresetName;
    use std::sync::mpsc;

    #[test]
    fn a_search_reports_done_with_a_legal_move_and_stop_ends_an_infinite_one() {
        let mut engine = PawnBattleEngine::new(1);
        let (tx, rx) = mpsc::channel();
        let request = |limits| PawnBattleRequest {
            position: PawnBattle::start(),
            history: Vec::new(),
            limits,
            eval: Evaluation::preset(PresetName::Default),
            level: None,
        };
        let sink = tx.clone();
        engine
            .search(SearchId(1), request(SearchLimits::depth(3)), move |r| {
                let _ = sink.send(r);
            })
            .unwrap();
        let done = rx
            .iter()
            .find_map(|r| match r {
                EngineReport::Done { id, chosen, .. } => Some((id, chosen)),
                _ => None,
            })
            .unwrap();
        assert_eq!(done.0, SearchId(1));
        assert!(PawnBattle::start().is_legal(done.1.unwrap()));
        let infinite = SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        };
        engine
            .search(SearchId(2), request(infinite), move |r| {
                let _ = tx.send(r);
            })
            .unwrap();
        engine.stop();
        assert!(rx.iter().any(|r| matches!(
            r,
            EngineReport::Done {
                id: SearchId(2),
                ..
            }
        )));
    }
}

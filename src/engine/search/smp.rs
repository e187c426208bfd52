//! Lazy SMP: several threads search the same root at once and share the transposition table;
//! what one thread stores, the others find, so together they reach a depth sooner than one
//! thread alone. The calling thread is the main thread: it keeps the caller's limits, stop flag
//! and report callback, and decides the move. Each helper thread runs the same iterative
//! deepening with histories and killers of its own (kept in [`crate::engine::SearchMemory`]),
//! without a time limit and without reports; every other helper searches each iteration one ply
//! deeper ([`Searcher::depth_of`]), so the threads spread over different trees. A node limit is
//! the team's: every thread adds its count to a shared total at each stop check and stops when
//! the total reaches the limit, so the search ends within a few check intervals of it however the
//! threads are scheduled. When the main thread finishes (its limit, the stop flag or its maximum
//! depth), the helpers are told to stop, are joined, and their nodes are added to the result.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};

use super::searcher::{Searcher, Team};
use super::{SearchInfo, SearchResult};
use crate::engine::limits::SearchLimits;
use crate::engine::order::Ordering;
use crate::engine::rules::{Evaluator, SearchRules};
use crate::engine::tt::TranspositionTable;

/// The stack of a helper thread, as large as the engine thread's: the search recurses up to
/// its maximum ply with a move list per frame.
const HELPER_STACK: usize = 64 << 20;

/// Sets the flag when dropped: the helpers stop even when the main thread's search panics (the
/// scope would otherwise wait for them forever).
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, AtomicOrdering::Relaxed);
    }
}

/// Searches `pos` on the calling thread and one helper thread per entry of `helpers`, all on
/// the table `tt` (see the module's documentation). A helper the system cannot start is left
/// out. A panic in a helper is raised again on the calling thread once every thread is done.
pub(super) fn search<P: SearchRules, E: Evaluator<P>>(
    pos: &P,
    history: &[u64],
    limits: &SearchLimits,
    eval: &E,
    (tt, ordering, helpers): (&TranspositionTable, &mut Ordering, &mut [Ordering]),
    stop: &AtomicBool,
    info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let helpers_stop = AtomicBool::new(false);
    let team_nodes = AtomicU64::new(0);
    let helper_limits = SearchLimits {
        depth: limits.depth,
        nodes: limits.nodes,
        searchmoves: limits.searchmoves.clone(),
        first_move: limits.first_move,
        infinite: true,
        ..SearchLimits::default()
    };
    std::thread::scope(|scope| {
        let finish = StopOnDrop(&helpers_stop);
        let mut threads = Vec::with_capacity(helpers.len());
        for (i, ordering) in helpers.iter_mut().enumerate() {
            let (helper_limits, helpers_stop, team_nodes) =
                (&helper_limits, &helpers_stop, &team_nodes);
            let spawned = std::thread::Builder::new()
                .name(format!("kibitzer-search-{}", i + 1))
                .stack_size(HELPER_STACK)
                .spawn_scoped(scope, move || {
                    let mut s = Searcher::new(
                        pos,
                        history,
                        helper_limits,
                        eval,
                        tt,
                        ordering,
                        helpers_stop,
                    );
                    s.team = Some(Team {
                        team_nodes,
                        index: i + 1,
                        reported: 0,
                    });
                    s.iterate(pos, &mut |_| {});
                    s.nodes
                });
            // A helper the system cannot start: the search goes on with the others.
            if let Ok(thread) = spawned {
                threads.push(thread);
            }
        }
        let mut main = Searcher::new(pos, history, limits, eval, tt, ordering, stop);
        main.team = Some(Team {
            team_nodes: &team_nodes,
            index: 0,
            reported: 0,
        });
        let mut result = main.iterate(pos, info);
        drop(finish);
        let mut nodes = main.nodes;
        for thread in threads {
            match thread.join() {
                Ok(helper) => nodes += helper,
                Err(payload) => std::panic::resume_unwind(payload),
            }
        }
        // Every thread's nodes, counted to the end (a root answered from the endgame tables
        // keeps the count of its answer).
        result.nodes = result.nodes.max(nodes);
        let us = result.time.as_micros().max(1);
        result.nps = (u128::from(result.nodes) * 1_000_000 / us) as u64;
        result
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    use crate::engine::bench::POSITIONS;
    use crate::engine::memory::{MAX_THREADS, SearchMemory};
    use crate::engine::search::{SearchInfo, SearchResult, search};
    use crate::engine::{EvalParams, SearchLimits};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn run(p: &Chess, limits: &SearchLimits, threads: usize) -> (SearchResult, Vec<SearchInfo>) {
        let mut memory = SearchMemory::new(16);
        memory.set_threads(threads);
        let mut infos = Vec::new();
        let r = search(
            p,
            &[],
            limits,
            &EvalParams::default(),
            &mut memory,
            &AtomicBool::new(false),
            &mut |i| infos.push(i.clone()),
        );
        (r, infos)
    }

    #[test]
    fn threads_are_clamped_to_one_and_the_maximum() {
        let mut memory = SearchMemory::new(1);
        assert_eq!(memory.threads(), 1);
        memory.set_threads(0);
        assert_eq!(memory.threads(), 1);
        memory.set_threads(3);
        assert_eq!(memory.threads(), 3);
        memory.set_threads(10_000);
        assert_eq!(memory.threads(), MAX_THREADS);
        memory.set_threads(2);
        assert_eq!(memory.threads(), 2);
        memory.clear();
        assert_eq!(memory.threads(), 2, "a new game keeps the threads");
    }

    /// Two threads, every bench position: a legal move, the depth asked for, a PV that starts
    /// with the move and is legal, and a score near one thread's at the same depth (the
    /// threads share a table, so the trees differ a little, never the verdict).
    #[test]
    fn two_threads_return_a_legal_move_and_a_sane_score() {
        let limits = SearchLimits::depth(6);
        for fen in POSITIONS {
            let p = pos(fen);
            let (one, _) = run(&p, &limits, 1);
            let (two, infos) = run(&p, &limits, 2);
            let best = two.best_move.expect("a move");
            assert!(p.is_legal(best), "{fen}: {best:?}");
            // (A root the endgame tables hold is answered from them at depth 1.)
            assert_eq!(two.depth, one.depth, "{fen}");
            assert_eq!(two.pv.first(), Some(&best), "{fen}");
            let mut q = p.clone();
            for m in &two.pv {
                assert!(q.is_legal(*m), "{fen}: PV {:?}", two.pv);
                q.play_unchecked(*m);
            }
            let (a, b) = (one.score, two.score);
            if b.mate_in().is_some() {
                // A helper searches a ply deeper and may find a mate sooner (Bratko-Kopec 1,
                // Qd1+): one thread, deeper, must see it too.
                let (deeper, _) = run(&p, &SearchLimits::depth(10), 1);
                assert!(
                    deeper.score.mate_in().is_some() && deeper.score.0.signum() == b.0.signum(),
                    "{fen}: one thread {a} (depth 10: {}), two {b}",
                    deeper.score
                );
            } else if a.mate_in().is_some() {
                assert_eq!(a.0.signum(), b.0.signum(), "{fen}: {a} vs {b}");
            } else {
                assert!((a.0 - b.0).abs() <= 150, "{fen}: one thread {a}, two {b}");
            }
            // Reports come from the main thread, one per completed iteration at least, with
            // node counts that only grow and never exceed the result's (every thread's).
            let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
            assert!(depths.contains(&one.depth), "{fen}: {depths:?}");
            assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes), "{fen}");
            assert!(infos.last().is_some_and(|i| i.nodes <= two.nodes), "{fen}");
        }
    }

    /// A node limit counts every thread's nodes: two threads stop near the limit, not when
    /// the main thread alone has searched it. Every thread reports every 2048 nodes and reads
    /// the team's total, so the overshoot is bounded in nodes whatever the scheduling (CI saw
    /// more when the helper only learnt of the limit from the stop flag).
    #[test]
    fn a_node_limit_counts_every_threads_nodes() {
        let p = pos(POSITIONS[1]);
        let (r, _) = run(&p, &SearchLimits::nodes(300_000), 2);
        assert!(r.best_move.is_some());
        assert!(
            (300_000..300_000 + 3 * 2048).contains(&r.nodes),
            "{} nodes",
            r.nodes
        );
    }

    /// A position without a legal move and a position the endgame tables hold: the helpers
    /// start, find nothing to do or answer from the tables, and the result is the one thread's.
    #[test]
    fn mated_and_tablebase_roots_with_helpers() {
        let mated = pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
        let (r, _) = run(&mated, &SearchLimits::depth(4), 3);
        assert_eq!((r.best_move, r.score.mate_in()), (None, Some(0)));
        let kqk = pos("8/8/8/4k3/8/8/8/3QK3 w - - 0 1");
        let (one, _) = run(&kqk, &SearchLimits::depth(4), 1);
        let (two, _) = run(&kqk, &SearchLimits::depth(4), 2);
        assert!(two.score.0 > 0 && one.score.0 > 0);
        assert!(kqk.is_legal(two.best_move.unwrap()));
    }
}

//! `Searcher`: the state one search carries from node to node (limits, tables, the key path
//! for repetitions, the per-ply stack, the principal variation, counters) and the bookkeeping
//! every node shares: playing a move, detecting a repetition, checking the stop.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};

use std::marker::PhantomData;

use shakmaty::Move;

use super::params::{LMR_TABLE_SIZE, Margins, STOP_CHECK_INTERVAL, late_move_reduction};
use crate::engine::limits::SearchLimits;
use crate::engine::order::{MAX_MOVES, Ordering};
use crate::engine::rules::{Evaluator, SearchRules};
use crate::engine::score::{Bound, MAX_PLY, saturate, to_tt};
use crate::engine::time::TimeManager;
use crate::engine::tt::{TranspositionTable, pack};

/// What the search remembers about one ply of the current line.
#[derive(Clone, Copy, Default)]
pub(super) struct Frame {
    /// The static evaluation at this ply (`-INFINITE` in check), for "improving".
    pub(super) eval: i32,
    /// The move played from this ply (`None` for a null move).
    pub(super) mv: Option<Move>,
    /// Plies since the last null move (or since the game's start), the reach of repetitions.
    pub(super) plies_from_null: usize,
    /// The move a singular-extension search leaves out at this ply.
    pub(super) excluded: Option<Move>,
}

/// One search of a position of `P` with the evaluation `E` in progress: created by
/// [`super::search`], consumed by `iterate`.
pub(super) struct Searcher<'a, P, E: Evaluator<P>> {
    /// The evaluation.
    pub(super) eval: &'a E,
    /// The search's margins in the evaluation's unit (from its pawn).
    pub(super) margins: Margins,
    /// The game searched (positions are passed from node to node, not stored).
    pub(super) game: PhantomData<fn(&P)>,
    /// The transposition table (kept between searches of a game; shared by the threads of a
    /// Lazy SMP search).
    pub(super) tt: &'a TranspositionTable,
    /// Move-ordering knowledge (kept between searches of a game).
    pub(super) ordering: &'a mut Ordering,
    /// Set from outside to stop the search.
    pub(super) stop: &'a AtomicBool,
    /// Depth, node, time and root-move limits.
    pub(super) limits: &'a SearchLimits,
    /// The soft and hard time budgets and the clock.
    pub(super) time: TimeManager,
    /// Zobrist keys of the game before the root, the root and the current line.
    pub(super) keys: Vec<u64>,
    /// Index of the root's key in `keys`.
    pub(super) root_index: usize,
    /// Triangular principal-variation table: the line found from each ply.
    pub(super) pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    /// Length of each ply's line in `pv`.
    pub(super) pv_len: [usize; MAX_PLY + 1],
    /// Per-ply state of the current line.
    pub(super) stack: [Frame; MAX_PLY + 2],
    /// Move-ordering scores per ply (one frame uses a ply's row at a time; no per-node memset).
    pub(super) scores: Vec<[i32; MAX_MOVES]>,
    /// Late-move reductions by depth and move number ([`late_move_reduction`]).
    pub(super) reductions: [[u8; LMR_TABLE_SIZE]; LMR_TABLE_SIZE],
    /// Nodes searched (main search and quiescence).
    pub(super) nodes: u64,
    /// `nodes` at the last stop check (the flag, the clock, the team's count).
    last_check: u64,
    /// Deepest ply reached in the current iteration.
    pub(super) seldepth: usize,
    /// Depth of the current iteration.
    pub(super) root_depth: i32,
    /// Whether the stop (flag or limit) has cut the search short.
    pub(super) stopped: bool,
    /// Whether the search may stop yet (false until depth 1 is complete).
    pub(super) can_stop: bool,
    /// The root move that last raised alpha in the current iteration, with its score: when
    /// the iteration is cut short, a move that proved better than the previous best at the
    /// new depth is played rather than thrown away.
    pub(super) iteration_best: Option<(Move, i32)>,
    /// The evaluation's state per ply (the network's accumulators), kept equal to the
    /// position at that ply of the current line: set at the root, updated by [`Self::child`]
    /// and the null move.
    pub(super) states: Vec<E::State>,
    /// In a search of several threads ([`super::smp`]): this thread's place in it. `None`: the
    /// search has one thread.
    pub(super) team: Option<Team<'a>>,
}

/// A thread's place in a Lazy SMP search ([`super::smp`]).
pub(super) struct Team<'a> {
    /// The nodes every thread has searched so far: each thread adds its count at every stop
    /// check; each reads it for the node limit (so every thread stops within a check interval
    /// of the team's limit, however the threads are scheduled) and the main thread for reports.
    pub(super) team_nodes: &'a AtomicU64,
    /// 0 for the main thread, 1… for the helpers.
    pub(super) index: usize,
    /// This thread's nodes already added to `team_nodes`.
    pub(super) reported: u64,
}

impl<'a, P: SearchRules, E: Evaluator<P>> Searcher<'a, P, E> {
    /// A search of `pos` after the game's `history` keys, with its tables allocated.
    pub(super) fn new(
        pos: &P,
        history: &[u64],
        limits: &'a SearchLimits,
        eval: &'a E,
        tt: &'a TranspositionTable,
        ordering: &'a mut Ordering,
        stop: &'a AtomicBool,
    ) -> Searcher<'a, P, E> {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
        keys.extend_from_slice(history);
        let root_index = keys.len();
        keys.push(pos.key());
        let mut reductions = [[0u8; LMR_TABLE_SIZE]; LMR_TABLE_SIZE];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = late_move_reduction(d, n);
            }
        }
        Searcher {
            eval,
            margins: Margins::new(eval.pawn_unit()),
            game: PhantomData,
            tt,
            ordering,
            stop,
            limits,
            time: TimeManager::new(limits),
            keys,
            root_index,
            pv: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            stack: [Frame::default(); MAX_PLY + 2],
            scores: vec![[0; MAX_MOVES]; MAX_PLY + 2],
            reductions,
            nodes: 0,
            last_check: 0,
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            can_stop: false,
            iteration_best: None,
            states: {
                let mut states: Vec<E::State> =
                    (0..MAX_PLY + 2).map(|_| E::State::default()).collect();
                eval.refresh_state(&mut states[0], pos);
                states
            },
            team: None,
        }
    }
}

impl<P: SearchRules, E: Evaluator<P>> Searcher<'_, P, E> {
    /// Nodes per second so far (of every thread).
    pub(super) fn nps(&self) -> u64 {
        let us = self.time.elapsed().as_micros().max(1);
        (u128::from(self.total_nodes()) * 1_000_000 / us) as u64
    }

    /// Nodes searched so far: this thread's, and on the main thread of a search of several
    /// threads the helpers' too (as far as they have reported them).
    #[inline(always)]
    pub(super) fn total_nodes(&self) -> u64 {
        match &self.team {
            Some(team) => {
                team.team_nodes.load(AtomicOrdering::Relaxed) + self.nodes - team.reported
            }
            None => self.nodes,
        }
    }

    /// The principal variation from the root.
    pub(super) fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    /// Checks the stop flag, the node limit and the clock; sets `stopped`.
    pub(super) fn check_stop(&mut self) {
        if !self.can_stop {
            return;
        }
        if self.limits.nodes.is_some_and(|n| self.total_nodes() >= n) {
            self.stopped = true;
        }
        // By distance from the last check, not by a multiple of the interval: the root counts
        // nodes without a check, and a multiple it steps over would double the wait.
        if self.nodes >= self.last_check + STOP_CHECK_INTERVAL {
            self.last_check = self.nodes;
            if let Some(team) = &mut self.team {
                team.team_nodes
                    .fetch_add(self.nodes - team.reported, AtomicOrdering::Relaxed);
                team.reported = self.nodes;
            }
            if self.stop.load(AtomicOrdering::Relaxed) || self.time.hard_expired() {
                self.stopped = true;
            }
        }
    }

    /// Plays `m` from `pos` (whose key is `key`) as the move of `ply`: returns the child and
    /// its key, pushed on the key stack for repetition detection (the caller pops it).
    pub(super) fn play(&mut self, pos: &P, key: u64, m: Move, ply: usize) -> (P, u64) {
        let (child, child_key) = self.child(pos, key, m, ply);
        self.keys.push(child_key);
        self.stack[ply].mv = Some(m);
        (child, child_key)
    }

    /// The position after `m` from `pos` (whose key is `key`) at `ply` and its key; the
    /// evaluation's state of `ply + 1` is updated to it. The key is updated
    /// incrementally before the move is played and its hash bucket prefetched meanwhile (the
    /// child's own key is read when the rules cannot update the key beforehand).
    pub(super) fn child(&mut self, pos: &P, key: u64, m: Move, ply: usize) -> (P, u64) {
        let incremental = pos.key_after(key, m);
        if let Some(k) = incremental {
            self.tt.prefetch(k);
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        let child_key = incremental.unwrap_or_else(|| child.key());
        self.update_state(pos, Some(m), &child, ply);
        (child, child_key)
    }

    /// Sets the evaluation's state of `ply + 1` to that of `ply` after `m` (`None`: a null
    /// move) from `pos`, reaching `after`.
    #[inline(always)]
    pub(super) fn update_state(&mut self, pos: &P, m: Option<Move>, after: &P, ply: usize) {
        if ply + 1 < self.states.len() {
            let (parents, children) = self.states.split_at_mut(ply + 1);
            self.eval
                .update_state(&parents[ply], &mut children[0], pos, m, after);
        }
    }

    /// The static evaluation of `pos`, the position at `ply` of the current line, saturated
    /// below the mate band (whatever the evaluator's weights): the only way the search
    /// evaluates a position.
    #[inline(always)]
    pub(super) fn evaluate(&self, pos: &P, ply: usize) -> i32 {
        saturate(match self.states.get(ply) {
            Some(state) => self.eval.evaluate_state(state, pos),
            None => self.eval.evaluate(pos),
        })
    }

    /// Makes `m` followed by the line found from `ply + 1` the line from `ply`.
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][0] = Some(m);
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        for j in 0..child_len.min(MAX_PLY - 1) {
            self.pv[ply][j + 1] = self.pv[ply + 1][j];
        }
        self.pv_len[ply] = child_len.min(MAX_PLY - 1) + 1;
    }

    /// Stores a finished node in the transposition table and returns its score: `best` from
    /// the window (`alpha`, `beta`) the node was entered with, searched `depth` plies deep;
    /// `best_move` is the move that raised alpha (`None` when none did). The score is exact
    /// only when a move raised alpha without reaching beta.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)] // once per node: measured (cachegrind) to cost a call when left to LTO
    pub(super) fn store_node(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        (alpha, beta): (i32, i32),
        best: i32,
        best_move: Option<Move>,
        static_eval: i32,
    ) -> i32 {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move.map_or(0, pack),
            to_tt(best, ply),
            static_eval,
            depth,
            bound,
        );
        best
    }

    /// Whether the position at `ply` (its key is the last of `keys`) is a draw by repetition.
    pub(super) fn is_repetition(&self, halfmoves: u32, ply: usize) -> bool {
        let cur = self.keys.len() - 1;
        let key = self.keys[cur];
        let reach = (halfmoves as usize)
            .min(self.stack[ply].plies_from_null)
            .min(cur);
        let mut seen_in_game = 0;
        let mut back = 4;
        while back <= reach {
            let i = cur - back;
            if self.keys[i] == key {
                if i >= self.root_index {
                    return true;
                }
                seen_in_game += 1;
                if seen_in_game >= 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }
}

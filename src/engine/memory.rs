//! What the engine carries from one search to the next: the transposition table and the
//! move-ordering histories (killers are per search; history, continuation, counter-move and
//! capture tables persist and fade). One memory per engine thread or analysis job; a new game
//! clears it.

use super::order::Ordering;
use super::tt::TranspositionTable;

/// The transposition table and the move-ordering histories of one engine.
pub struct SearchMemory {
    tt: TranspositionTable,
    ordering: Box<Ordering>,
}

impl std::fmt::Debug for SearchMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SearchMemory({:?})", self.tt)
    }
}

impl SearchMemory {
    /// A memory with a transposition table of about `hash_mb` MiB and empty histories.
    pub fn new(hash_mb: u32) -> SearchMemory {
        SearchMemory {
            tt: TranspositionTable::new(hash_mb),
            ordering: Box::default(),
        }
    }

    /// Forgets everything (a new game, or searches that must not influence each other).
    pub fn clear(&mut self) {
        self.tt.clear();
        *self.ordering = Ordering::default();
    }

    /// Permille of the transposition table used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Starts a new search: table entries age, killers are forgotten and histories fade.
    pub(crate) fn new_search(&mut self) -> (&mut TranspositionTable, &mut Ordering) {
        self.tt.new_search();
        self.ordering.new_search();
        (&mut self.tt, &mut self.ordering)
    }
}

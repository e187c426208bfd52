//! What the engine carries from one search to the next: the transposition table and the
//! move-ordering histories (killers are per search; history, continuation, counter-move and
//! capture tables persist and fade), and how many threads search with it (Lazy SMP: the helper
//! threads share the table and each keeps its own histories here). One memory per engine or
//! analysis job; a new game clears it.

use super::order::Ordering;
use super::tt::TranspositionTable;

/// The transposition table and the move-ordering histories of one engine.
pub struct SearchMemory {
    tt: TranspositionTable,
    ordering: Box<Ordering>,
    /// The histories of the helper threads (one per thread beyond the first).
    helpers: Vec<Ordering>,
    /// The position database the searches read and feed, when the caller gave one (the engine
    /// thread, the analyses; never the search itself, which only sees the tables above).
    store: Option<std::sync::Arc<crate::posdb::Store>>,
}

/// The most threads one search uses (`engine.threads`, UCI `Threads`).
pub const MAX_THREADS: usize = 64;

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
            helpers: Vec::new(),
            store: None,
        }
    }

    /// Reads and feeds `store` from now on (`None`: no database, as with `--no-db`).
    pub fn set_store(&mut self, store: Option<std::sync::Arc<crate::posdb::Store>>) {
        self.store = store;
    }

    /// This memory with `store` as its position database (see [`SearchMemory::set_store`]).
    #[must_use]
    pub fn with_store(mut self, store: Option<std::sync::Arc<crate::posdb::Store>>) -> Self {
        self.store = store;
        self
    }

    /// The position database given to [`SearchMemory::set_store`], if any.
    #[must_use]
    pub fn store(&self) -> Option<&std::sync::Arc<crate::posdb::Store>> {
        self.store.as_ref()
    }

    /// Searches with `threads` threads from now on (1 = the single-threaded search; clamped to
    /// 1..=[`MAX_THREADS`]). Each helper thread gets fresh histories of its own; the table is
    /// shared. Allocates at most once per new helper.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        self.helpers.resize_with(helpers, Ordering::default);
    }

    /// How many threads a search with this memory uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets everything (a new game, or searches that must not influence each other).
    pub fn clear(&mut self) {
        self.tt.clear();
        *self.ordering = Ordering::default();
        for helper in &mut self.helpers {
            *helper = Ordering::default();
        }
    }

    /// Permille of the transposition table used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Starts a new search: table entries age, killers are forgotten and histories fade (the
    /// helpers' too). Returns the table, the main thread's histories and the helpers'.
    pub(crate) fn new_search(&mut self) -> (&TranspositionTable, &mut Ordering, &mut [Ordering]) {
        self.tt.new_search();
        self.ordering.new_search();
        for helper in &mut self.helpers {
            helper.new_search();
        }
        (&self.tt, &mut self.ordering, &mut self.helpers)
    }
}

//! The transposition table: a fixed-size, bucketed hash table of search results keyed by
//! shakmaty's 64-bit Zobrist hashes, shared without locks by the threads of one search (Lazy SMP,
//! [`super::search`]).
//!
//! Each bucket holds four 16-byte entries (one cache line). A new result replaces, in order of
//! preference, the entry of the same position, an empty entry, or the entry whose depth minus
//! eight times its age (in searches) is lowest, so deep results from the current search survive.
//! Mate scores are stored relative to the node (see [`super::score::to_tt`]).
//!
//! **Sharing.** An entry is two atomic 64-bit words: the data (move, score, evaluation, depth,
//! generation and bound packed together) and the key XOR'd with the data (the lockless scheme of
//! Hyatt and Mann). Threads read and write them with relaxed loads and stores, which cost what
//! plain ones do; two threads writing one entry at once can leave a data word with the other's
//! check word, and then the XOR no longer gives the key, so the torn entry reads as a miss
//! rather than as another position's result. One thread alone sees exactly what a plain table
//! would (the single-thread bench is unchanged).
//!
//! Each probe is a random access into tens of megabytes, so two things keep the processor from
//! waiting on memory: the search calls [`TranspositionTable::prefetch`] with a child's key as
//! soon as it knows it, before playing the move, and on Linux a table of 2 MiB or more starts on
//! a huge-page boundary and asks for transparent huge pages (fewer address-translation misses).
//! These are the crate's only `unsafe` lines (a prefetch instruction and `madvise`): hints that
//! change no value the program computes.

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

use shakmaty::Move;

use super::score::Bound;

/// A move packed into 16 bits: from (6), to (6), promotion role (3). Castling is king → rook,
/// as shakmaty represents it. `0` means "no move".
pub type PackedMove = u16;

/// Packs a move for storage (see [`PackedMove`]).
pub fn pack(m: Move) -> PackedMove {
    let from = m.from().map_or(0, |s| s.to_u32() as u16);
    let to = m.to().to_u32() as u16;
    let promo = m.promotion().map_or(0, |r| r as u16);
    from | (to << 6) | (promo << 12)
}

/// One entry as the table's logic sees it (decoded from the two words of a [`Slot`]).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: PackedMove,
    score: i16,
    eval: i16,
    depth: u8,
    /// Generation (upper 6 bits) and bound (lower 2 bits; 0 = empty).
    gen_bound: u8,
}

impl Entry {
    /// The data word: move (bits 0–15), score (16–31), evaluation (32–47), depth (48–55),
    /// generation and bound (56–63).
    fn data(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.gen_bound) << 56
    }

    /// The entry of a slot's two words (`check` is the key XOR'd with `data`).
    fn decode(check: u64, data: u64) -> Entry {
        Entry {
            key: check ^ data,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            gen_bound: (data >> 56) as u8,
        }
    }
}

/// One entry as stored: the key XOR'd with the data, and the data, each an atomic word.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry (a torn write reads as an entry of another key).
    #[inline(always)]
    fn load(&self) -> Entry {
        let data = self.data.load(Relaxed);
        Entry::decode(self.check.load(Relaxed), data)
    }

    /// Writes `e`.
    #[inline(always)]
    fn save(&self, e: Entry) {
        let data = e.data();
        self.data.store(data, Relaxed);
        self.check.store(e.key ^ data, Relaxed);
    }
}

#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; 4]);

/// What the table knows about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The best (or refuting) move found, packed; 0 if none.
    pub mv: PackedMove,
    /// The score, node-relative for mates (convert with [`super::score::from_tt`]).
    pub score: i32,
    /// The static evaluation stored with it.
    pub eval: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
}

/// A transposition table of a fixed size. Probes and stores take `&self`: the threads of one
/// search share it (see the module's "Sharing").
pub struct TranspositionTable {
    /// The allocation; the table is `storage[start..start + len]`, which begins on a huge-page
    /// boundary when the table is at least one huge page large.
    storage: Vec<Bucket>,
    start: usize,
    len: usize,
    generation: u8,
}

/// The size of a transparent huge page on Linux x86-64 (2 MiB).
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back the `n` buckets from `first` (allocated, not yet written) with
/// transparent huge pages where the system allows them on request, so that the random accesses
/// of the search miss the processor's address-translation cache far less often. Only advice:
/// nothing changes if it is refused.
#[cfg(target_os = "linux")]
fn advise_huge_pages(first: *const Bucket, n: usize) {
    let len = n * size_of::<Bucket>() / HUGE_PAGE * HUGE_PAGE;
    if len == 0 || first.align_offset(HUGE_PAGE) != 0 {
        return;
    }
    // SAFETY: `madvise` with MADV_HUGEPAGE only changes how the kernel backs the range, which
    // lies inside an allocation of ours; it reads and writes no memory, and its result
    // (possibly an error) is ignored, leaving the range as it was.
    #[allow(unsafe_code)]
    unsafe {
        libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_first: *const Bucket, _n: usize) {}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} buckets)", self.len)
    }
}

impl TranspositionTable {
    /// A table of about `mb` MiB (at least one bucket).
    pub fn new(mb: u32) -> TranspositionTable {
        let bytes = (mb.max(1) as usize) << 20;
        let n = (bytes / size_of::<Bucket>()).max(1);
        // A table of a huge page or more gets a huge page's worth of room to start on a
        // huge-page boundary. The advice is given before the memory is first written (the
        // kernel backs a range when it is first touched).
        let slack = if bytes >= HUGE_PAGE {
            HUGE_PAGE / size_of::<Bucket>()
        } else {
            0
        };
        let mut storage: Vec<Bucket> = Vec::with_capacity(n + slack);
        let start = storage.as_ptr().align_offset(HUGE_PAGE).min(slack);
        advise_huge_pages(storage.as_ptr().wrapping_add(start), n);
        storage.resize_with(n + slack, Bucket::default);
        TranspositionTable {
            storage,
            start,
            len: n,
            generation: 0,
        }
    }

    /// The table's buckets.
    #[inline(always)]
    fn buckets(&self) -> &[Bucket] {
        &self.storage[self.start..self.start + self.len]
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        for slot in self.storage.iter_mut().flat_map(|b| b.0.iter_mut()) {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries age and become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.len as u128) >> 64) as usize
    }

    /// Starts fetching the bucket of `key` into the processor's cache, so that the
    /// [`TranspositionTable::probe`] that follows finds it there. Only a hint.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = &self.buckets()[self.index(key)];
            // SAFETY: a prefetch is a hint to the cache: it never faults and reads nothing the
            // program observes; the pointer is to a live bucket anyway.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks a position up.
    pub fn probe(&self, key: u64) -> Option<Probe> {
        let bucket = &self.buckets()[self.index(key)];
        bucket
            .0
            .iter()
            .map(Slot::load)
            .find(|e| e.key == key && e.gen_bound & 3 != 0)
            .map(|e| Probe {
                mv: e.mv,
                score: i32::from(e.score),
                eval: i32::from(e.eval),
                depth: i32::from(e.depth),
                bound: match e.gen_bound & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                },
            })
    }

    /// Stores a result. `score` must already be node-relative; `depth` is clamped to 0..=255.
    pub fn store(&self, key: u64, mv: PackedMove, score: i32, eval: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let idx = self.index(key);
        let bucket = &self.buckets()[idx];
        let entries = bucket.0.each_ref().map(Slot::load);
        let age = |e: &Entry| i32::from(generation.wrapping_sub(e.gen_bound >> 2) & 0x3f);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in entries.iter().enumerate() {
            if e.key == key || e.gen_bound & 3 == 0 {
                victim = i;
                break;
            }
            let value = i32::from(e.depth) - 8 * age(e);
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let e = &entries[victim];
        let same = e.key == key && e.gen_bound & 3 != 0;
        // Keep a deeper exact result of the same position from this search.
        if same && bound != Bound::Exact && i32::from(e.depth) > depth + 2 && age(e) == 0 {
            return;
        }
        let mv = if mv == 0 && same { e.mv } else { mv };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        bucket.0[victim].save(Entry {
            key,
            mv,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            eval: eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: (generation << 2) | b,
        });
    }

    /// Permille of a sample of entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.len.min(250);
        let used: usize = self.buckets()[..sample]
            .iter()
            .map(|b| {
                b.0.iter()
                    .map(Slot::load)
                    .filter(|e| e.gen_bound & 3 != 0 && e.gen_bound >> 2 == self.generation)
                    .count()
            })
            .sum();
        if sample == 0 {
            0
        } else {
            (used * 1000 / (sample * 4)) as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let mut tt = TranspositionTable::new(1);
        assert!(tt.probe(42).is_none());
        tt.store(42, 7, -150, 10, 5, Bound::Lower);
        let p = tt.probe(42).unwrap();
        assert_eq!(
            (p.mv, p.score, p.eval, p.depth, p.bound),
            (7, -150, 10, 5, Bound::Lower)
        );
        // A result without a move keeps the old move.
        tt.store(42, 0, 20, 10, 6, Bound::Exact);
        assert_eq!(tt.probe(42).unwrap().mv, 7);
        tt.clear();
        assert!(tt.probe(42).is_none());
    }

    /// The crate's two `unsafe` blocks are hints (a prefetch, `madvise`): issue 23 asks for a
    /// test that they change no value. Every stored entry reads back the same after prefetching
    /// every key (the first and last buckets included) and advising the table's range again,
    /// misaligned and empty ranges included (which must be ignored).
    #[test]
    fn the_unsafe_hints_change_no_value() {
        let tt = TranspositionTable::new(4);
        let mut rng = crate::engine::levels::Rng::new(23);
        let keys: Vec<u64> = (0..5_000)
            .map(|_| rng.next_u64())
            .chain([0, u64::MAX])
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            tt.store(
                key,
                (i % 4000) as u16 + 1,
                i as i32 % 900,
                7,
                3,
                Bound::Exact,
            );
        }
        let before: Vec<_> = keys
            .iter()
            .map(|&k| tt.probe(k).map(|p| (p.mv, p.score, p.eval, p.depth)))
            .collect();
        for &key in &keys {
            tt.prefetch(key);
        }
        let first = tt.buckets().as_ptr();
        advise_huge_pages(first, tt.len);
        advise_huge_pages(first.wrapping_byte_add(64), tt.len);
        advise_huge_pages(first, 0);
        let after: Vec<_> = keys
            .iter()
            .map(|&k| tt.probe(k).map(|p| (p.mv, p.score, p.eval, p.depth)))
            .collect();
        assert_eq!(before, after);
        assert!(after.iter().filter(|p| p.is_some()).count() > 4_000);
    }

    /// Lazy SMP: threads storing and probing one small table at once (many keys per bucket,
    /// so writes collide) never read an entry whose data belongs to another key: every hit
    /// carries the move, score, evaluation and depth its key was stored with.
    #[test]
    fn threads_sharing_the_table_never_read_another_keys_entry() {
        let tt = TranspositionTable::new(1);
        let fields = |key: u64| {
            (
                (key as u16) | 1,
                i32::from((key >> 16) as i16) / 2,
                i32::from((key >> 32) as i16) / 2,
                i32::from((key >> 48) as u8),
            )
        };
        let hits = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for seed in 1..=4 {
                let (tt, hits) = (&tt, &hits);
                scope.spawn(move || {
                    let mut rng = crate::engine::levels::Rng::new(seed);
                    for _ in 0..200_000 {
                        // 16 buckets (the top bits), 32 keys each for 4 entries.
                        let low = (rng.next_u64() % 32 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        let key = (rng.next_u64() % 16) << 60 | low >> 8;
                        let (mv, score, eval, depth) = fields(key);
                        if rng.next_u64().is_multiple_of(2) {
                            tt.store(key, mv, score, eval, depth, Bound::Lower);
                        } else if let Some(p) = tt.probe(key) {
                            assert_eq!((p.mv, p.score, p.eval, p.depth), fields(key));
                            hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert!(
            hits.into_inner() > 10_000,
            "the threads found each other's entries"
        );
    }

    #[test]
    fn large_table_starts_on_a_huge_page() {
        let tt = TranspositionTable::new(5);
        assert_eq!(tt.len, (5 << 20) / size_of::<Bucket>());
        assert_eq!(tt.buckets().as_ptr().align_offset(HUGE_PAGE), 0);
        assert!(tt.start + tt.len <= tt.storage.len());
        for key in [0, 1, u64::MAX / 3, u64::MAX] {
            tt.prefetch(key);
            tt.store(key, 9, 1, 2, 3, Bound::Exact);
            assert_eq!(tt.probe(key).map(|p| p.mv), Some(9));
        }
        let small = TranspositionTable::new(1);
        assert_eq!((small.start, small.storage.len()), (0, small.len));
    }

    #[test]
    fn full_bucket_replaces_shallowest() {
        let tt = TranspositionTable::new(1);
        // Keys with the same high bits land in the same bucket.
        let keys: Vec<u64> = (1..=5).map(|i| i as u64).collect();
        for (d, &k) in keys.iter().enumerate() {
            tt.store(k, 1, 0, 0, 10 - d as i32, Bound::Exact);
        }
        assert!(tt.probe(1).is_some());
        assert!(tt.probe(5).is_some());
        assert!(tt.probe(4).is_none(), "the shallowest entry is replaced");
        assert!(tt.hashfull() > 0);
    }
}

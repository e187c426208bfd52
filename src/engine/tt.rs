//! The transposition table: a fixed-size, bucketed hash table of search results keyed by
//! shakmaty's 64-bit Zobrist hashes.
//!
//! Each bucket holds four 16-byte entries (one cache line). A new result replaces, in order of
//! preference, the entry of the same position, an empty entry, or the entry whose depth minus
//! eight times its age (in searches) is lowest, so deep results from the current search survive.
//! Mate scores are stored relative to the node (see [`super::score::to_tt`]).

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

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    mv: PackedMove,
    score: i16,
    eval: i16,
    depth: u8,
    /// Generation (upper 6 bits) and bound (lower 2 bits; 0 = empty).
    gen_bound: u8,
}

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

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

/// A transposition table of a fixed size.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} buckets)", self.buckets.len())
    }
}

impl TranspositionTable {
    /// A table of about `mb` MiB (at least one bucket).
    pub fn new(mb: u32) -> TranspositionTable {
        let bytes = (mb.max(1) as usize) << 20;
        let n = (bytes / size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: vec![Bucket::default(); n],
            generation: 0,
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries age and become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Looks a position up.
    pub fn probe(&self, key: u64) -> Option<Probe> {
        let bucket = &self.buckets[self.index(key)];
        bucket
            .0
            .iter()
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
    pub fn store(
        &mut self,
        key: u64,
        mv: PackedMove,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let idx = self.index(key);
        let bucket = &mut self.buckets[idx];
        let age = |e: &Entry| i32::from(generation.wrapping_sub(e.gen_bound >> 2) & 0x3f);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in bucket.0.iter().enumerate() {
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
        let e = &mut bucket.0[victim];
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
        *e = Entry {
            key,
            mv,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            eval: eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: (generation << 2) | b,
        };
    }

    /// Permille of a sample of entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| {
                b.0.iter()
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

    #[test]
    fn full_bucket_replaces_shallowest() {
        let mut tt = TranspositionTable::new(1);
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

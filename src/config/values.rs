//! The engine's and the evaluation's settings as plain values (`[engine]`, `[eval]`): a leaf
//! module (it names nothing of the crate), so the engine and the analyses receive built
//! values without depending on the configuration file's loading and validation (`config.rs`,
//! which re-exports these types and adds `EngineConfig::eval_params`).

use serde::{Deserialize, Serialize};

/// `[engine]` section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineConfig {
    /// Difficulty level, 1 (beginner) to 10 (full strength).
    pub level: u8,
    /// Search depth in plies; 0 means "as the level says". With `movetime_ms`, it replaces both
    /// of the level's caps ([`crate::engine::levels::Level::limits`]).
    pub depth: u32,
    /// Time per engine move in milliseconds; 0 means "as the level says".
    pub movetime_ms: u64,
    /// Transposition table size in MiB.
    pub hash_mb: u32,
    /// How many threads the engine's searches use (Lazy SMP; 1 = one thread, deterministic at
    /// a fixed depth). The review and the analyses keep one per position (docs/ARCHITECTURE.md).
    pub threads: u32,
    /// Whether the engine plays its own moves from the opening book while the position is in
    /// it (hints and analyses never use the book).
    pub book: bool,
    /// How many plies of a game the book is consulted for.
    pub book_depth: u32,
    /// Also write the engine's own searches (its moves and hints) to the position database.
    pub learn: bool,
    /// The search's evaluation: the hand-written terms or the trained network.
    pub evaluation: Evaluation,
    /// A network file for `evaluation = "network"`; empty: the embedded network.
    pub network: String,
}

/// Which evaluation the search uses (`engine.evaluation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Evaluation {
    /// The network for the top level's own moves (the strongest opponent), the classic terms
    /// for the other levels, hints and the built-in judge (whose verdicts agree better with a
    /// referee on the classic terms: docs/REVIEW.md).
    #[default]
    Auto,
    /// The hand-written terms of `[eval]` (what the explanations describe) everywhere.
    Classic,
    /// The trained network (`engine.network`, or the embedded one) everywhere.
    Network,
}

/// Who searches with the evaluation `engine.evaluation` chooses for
/// (`engine::levels::Level::searcher` names a level's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Searcher {
    /// The engine playing its own move at the top level.
    TopLevel,
    /// The engine playing its own move at a lower level.
    LowerLevel,
    /// Hints, analyses, benchmarks and the built-in judge of reviews and verdicts.
    Analyst,
}

impl Evaluation {
    /// Whether `searcher` searches with the network.
    #[must_use]
    pub fn uses_network(self, searcher: Searcher) -> bool {
        match self {
            Evaluation::Classic => false,
            Evaluation::Network => true,
            Evaluation::Auto => searcher == Searcher::TopLevel,
        }
    }
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            level: 5,
            depth: 0,
            movetime_ms: 0,
            hash_mb: 64,
            threads: 1,
            book: true,
            book_depth: 20,
            learn: false,
            evaluation: Evaluation::Auto,
            network: String::new(),
        }
    }
}

/// Which built-in evaluation the weights apply to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EvalPreset {
    /// Our strongest evaluation: tapered material and piece-square tables plus every term.
    #[default]
    Default,
    /// Tomasz Michniewski's Simplified Evaluation Function, the classic baseline.
    Simplified,
}

/// `[eval]` section: piece values in centipawns and term weights in percent (100 = as designed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EvalConfig {
    /// Which evaluation the weights apply to.
    pub preset: EvalPreset,
    /// Value of a pawn in centipawns.
    pub pawn: i32,
    /// Value of a knight in centipawns.
    pub knight: i32,
    /// Value of a bishop in centipawns.
    pub bishop: i32,
    /// Value of a rook in centipawns.
    pub rook: i32,
    /// Value of a queen in centipawns.
    pub queen: i32,
    /// Weight of material and piece-square tables, in percent.
    pub material_pst: u32,
    /// Weight of king safety (pawn shield, attackers near the king, open files), in percent.
    pub king_safety: u32,
    /// Weight of mobility, in percent.
    pub mobility: u32,
    /// Weight of pawn structure (passed, isolated, doubled, backward, connected), in percent.
    pub pawn_structure: u32,
    /// Weight of threats (attacks on undefended or more valuable pieces), in percent.
    pub threats: u32,
    /// Weight of defences (defended pieces), in percent.
    pub defences: u32,
    /// Weight of the bishop pair bonus, in percent.
    pub bishop_pair: u32,
    /// Weight of rook placement (open and half-open files, 7th rank), in percent.
    pub rooks: u32,
    /// Weight of the side-to-move bonus, in percent.
    pub tempo: u32,
    /// Weight of castling rights kept and of a king left in the centre without them, in percent.
    pub castling: u32,
}

impl Default for EvalConfig {
    fn default() -> Self {
        EvalConfig {
            preset: EvalPreset::Default,
            pawn: 100,
            knight: 320,
            bishop: 330,
            rook: 500,
            queen: 900,
            material_pst: 100,
            king_safety: 100,
            mobility: 15,
            pawn_structure: 100,
            threats: 25,
            defences: 20,
            bishop_pair: 100,
            rooks: 100,
            tempo: 100,
            castling: 100,
        }
    }
}

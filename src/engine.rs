//! The built-in engine: a pure, synchronous search core (`search`, `eval`, `tt`, `order`,
//! `memory`, `see`, `time`, `levels`) and [`EngineHandle`], the long-lived worker thread that
//! runs it for the interface.

pub mod bench;
pub mod book;
pub mod check;
pub mod eval;
pub mod handle;
pub mod levels;
pub mod limits;
pub mod memory;
pub mod network;
pub mod order;
pub mod rules;
pub mod score;
pub mod search;
pub mod see;
pub mod time;
pub mod tt;

pub use book::BookUse;
pub use eval::{Breakdown, EvalParams, Term, evaluate, evaluate_breakdown};
pub use handle::{AnyRequest, EngineHandle, EngineReport, SearchId, SearchRequest};
pub use levels::Level;
pub use limits::{Clock, SearchLimits};
pub use memory::SearchMemory;
pub use rules::{Evaluator, SearchRules};
pub use score::{Bound, MATE, MATE_BOUND, Score, TB_BOUND, TB_WIN};
pub use search::{Iteration, RootMove, SearchInfo, SearchResult, search, zobrist};
pub use tt::TranspositionTable;

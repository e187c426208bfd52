//! Explanations: why a move was played (or what was better), in words whose every fact was
//! checked on the board.
//!
//! The layer is independent of the engine: it takes plain data ([`ExplainInput`]: the position,
//! the move, the principal variation, scores, [`metrics::SearchFacts`], evaluation terms) and
//! builds an [`Explanation`] with themes, claims, quality, metrics and sentences.

pub mod board;
pub mod claims;
pub mod explanation;
pub mod metrics;
pub mod purpose;
pub mod quality;
pub mod score_text;
pub mod sentence_check;
pub mod templates;
pub mod themes;

pub use explanation::{ExplainInput, Explanation, explain};

//! The review as a document: [`ReviewDocument`], what `kibitzer review --json` prints, the
//! shared page (`--html`, the review screen's share key) shows and the annotated PGN is made
//! beside (see docs/REVIEW.md). Apart from the command (`command.rs`) so the review screen
//! shares a review without depending on the command line.

use serde::Serialize;

use super::refine::Refined;
use super::{PlyReview, Summary};
use crate::i18n::tr;
use crate::pgn::{self, PgnGame};

/// PGN tags serialised as a JSON object in their file order.
#[derive(Debug, Clone, Copy)]
pub struct OrderedTags<'a>(pub &'a pgn::Tags);

impl Serialize for OrderedTags<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.0.len()))?;
        for (k, v) in &self.0.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// The JSON document of `kibitzer review --json` (see docs/REVIEW.md).
#[derive(Debug, Clone, Serialize)]
pub struct ReviewDocument<'a> {
    /// The game's number in the file.
    pub number: usize,
    /// The game's tags (a JSON object, in file order).
    pub tags: OrderedTags<'a>,
    /// The result.
    pub result: &'a str,
    /// Why the game stops early (an illegal move), if it does.
    pub stopped: Option<&'a str>,
    /// The file's malformed games.
    pub bad_games: &'a [String],
    /// Search depth per position, when fixed.
    pub depth: Option<u32>,
    /// Search time per position in milliseconds, when fixed.
    pub movetime_ms: Option<u64>,
    /// Per side accuracy and error counts.
    pub summary: Summary,
    /// The engine that judged the last ply (`kibitzer` for the built-in engine).
    pub analyst: Option<&'a str>,
    /// The external analysis engine's failures (after one, the built-in engine analyses).
    pub analyst_notices: &'a [String],
    /// What the refinement after the first pass did (`--refine-seconds`), or null.
    pub refinement: Option<Refined>,
    /// Every ply.
    pub plies: &'a [PlyReview],
}

impl<'a> ReviewDocument<'a> {
    /// The document of game `number` of a file, reviewed at `limits` as far as `plies` go; no
    /// early stop, malformed game or analyst notice.
    #[must_use]
    pub fn new<P: pgn::PgnVariant>(
        number: usize,
        game: &'a PgnGame<P>,
        limits: &crate::engine::SearchLimits,
        plies: &'a [PlyReview],
    ) -> ReviewDocument<'a> {
        ReviewDocument {
            number,
            tags: OrderedTags(&game.tags),
            result: &game.result,
            stopped: None,
            bad_games: &[],
            depth: limits.depth,
            movetime_ms: limits.movetime.map(|d| d.as_millis() as u64),
            summary: Summary::of(plies),
            analyst: plies.last().map(|p| p.judged_by.as_str()),
            analyst_notices: &[],
            refinement: None,
            plies,
        }
    }

    /// The document as the JSON value `--json` prints (and `--html` shows).
    ///
    /// # Errors
    /// serde_json refuses a value (a non-finite number).
    pub fn value(&self) -> Result<serde_json::Value, String> {
        serde_json::to_value(self)
            .map_err(|e| tr("cli-cannot-serialise", &[("error", e.to_string().into())]))
    }
}

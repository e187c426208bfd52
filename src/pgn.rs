//! PGN in and out. Import reads with pgn-reader (many games per file, tags, the main line with
//! its comments and NAGs, `FEN` starts) and plays every move through [`Game::play`]; a
//! malformed game is reported with its number, line and move and never stops the import.
//! Export writes the seven-tag roster, `SetUp`/`FEN`, `Termination`, and SAN movetext with
//! comments and NAGs wrapped at 80 columns.
//!
//! Comments are kept with their whitespace normalised (line breaks and runs of spaces become one
//! space), several comments after one move are joined, and a comment before the first move is
//! the game's start comment. Exporting and importing again gives the same game.

use crate::game::Game;

mod reader;
mod scan;
mod tags;
mod writer;

pub use reader::{
    ImportError, ImportReport, ImportedGame, decode_text, import, import_file, nth, stream,
};
pub use tags::Tags;
pub use writer::{export, export_all};
pub(crate) use writer::{push_comment, wrap};

/// A game with its PGN tags and result.
#[derive(Debug, Clone)]
pub struct PgnGame {
    /// The tags as read (or to be written), in order.
    pub tags: Tags,
    /// The game: start position, moves, comments and NAGs. Games read from PGN have the
    /// automatic threefold and fifty-move draws turned off (see [`Game::set_automatic_draws`]).
    pub game: Game,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

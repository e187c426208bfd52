//! PGN in and out, for every variant of [`PgnVariant`] (chess, Pawn Battle). Import reads with pgn-reader (many games per file, tags, the main line with
//! its comments and NAGs, `FEN` starts) and plays every move through [`Game::play`]; a
//! malformed game is reported with its number, line and move and never stops the import.
//! Export writes the seven-tag roster, `Variant` (not for chess), `SetUp`/`FEN`, `Termination`,
//! and SAN movetext with
//! comments and NAGs wrapped at 80 columns.
//!
//! Comments are kept with their whitespace normalised (line breaks and runs of spaces become one
//! space), several comments after one move are joined, and a comment before the first move is
//! the game's start comment. Exporting and importing again gives the same game.

use shakmaty::san::San;
use shakmaty::{Chess, Move};

use crate::game::{Game, MoveError, notation};
use crate::variant::{Variant, VariantPosition};

mod reader;
mod scan;
mod tags;
mod writer;

pub use reader::{
    AnyGame, ImportError, ImportReport, ImportedGame, decode_text, game_variants, import,
    import_as, import_file, nth, nth_any, stream, stream_any, stream_as, variant_of_game,
};
pub use tags::Tags;
pub use writer::{
    Variation, VariationMove, export, export_all, export_with_variations, line_tokens,
};
pub(crate) use writer::{push_comment, wrap};

/// A game with its PGN tags and result.
#[derive(Debug, Clone)]
pub struct PgnGame<P: PgnVariant = Chess> {
    /// The tags as read (or to be written), in order.
    pub tags: Tags,
    /// The game: start position, moves, comments and NAGs. Games read from PGN have the
    /// automatic threefold and fifty-move draws turned off (see [`Game::set_automatic_draws`]).
    pub game: Game<P>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// What PGN needs from a variant beyond [`VariantPosition`]: its `Variant` tag, how a SAN read
/// from a file becomes a move, and the opening name export adds.
pub trait PgnVariant: VariantPosition {
    /// The `Variant` tag export writes (`None` for chess, which needs none).
    const TAG: Option<&'static str>;

    /// The move a SAN token read from a file names: as written first, then through the
    /// variant's tolerant parser (a needless capture mark, say).
    ///
    /// # Errors
    /// The parser's [`MoveError`] when neither reading fits.
    fn read_san(&self, san: &San, text: &str) -> Result<Move, MoveError>;

    /// The `ECO` code and opening name of a game, when the variant has an opening book.
    fn opening(game: &Game<Self>) -> Option<(&'static str, &'static str)>;

    /// A game read from a file of mixed games, as [`AnyGame`] carries it.
    fn any_game(read: Result<ImportedGame<Self>, ImportError<Self>>) -> AnyGame;
}

impl PgnVariant for Chess {
    const TAG: Option<&'static str> = None;

    fn read_san(&self, san: &San, text: &str) -> Result<Move, MoveError> {
        san.to_move(self)
            .or_else(|_| notation::parse_move(self, text))
    }

    fn opening(game: &Game) -> Option<(&'static str, &'static str)> {
        crate::opening::of_game(game).map(|o| (o.eco, o.name))
    }

    fn any_game(read: Result<ImportedGame, ImportError>) -> AnyGame {
        AnyGame::Chess(read)
    }
}

/// The variant a PGN `Variant` tag names (case-insensitive; a missing tag is chess).
///
/// # Errors
/// A sentence naming the unknown variant and the ones we play.
///
/// ```
/// use kibitzer::pgn::variant_of_tag;
/// use kibitzer::variant::Variant;
/// assert_eq!(variant_of_tag(Some("Standard")), Ok(Variant::Chess));
/// assert!(variant_of_tag(Some("Atomic")).unwrap_err().contains("Pawn Battle"));
/// ```
pub fn variant_of_tag(tag: Option<&str>) -> Result<Variant, String> {
    let Some(value) = tag else {
        return Ok(Variant::Chess);
    };
    // Case, spaces, hyphens and underscores aside: "Pawn Battle", "pawn-battle", "pawn_battle".
    let plain = |text: &str| {
        text.to_ascii_lowercase()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .collect::<String>()
    };
    let key = plain(value);
    match key.as_str() {
        "" | "standard" | "chess" | "fromposition" => Ok(Variant::Chess),
        _ => Variant::ALL
            .into_iter()
            .find(|v| plain(v.english_name()) == key)
            .ok_or_else(|| {
                format!(
                    "the variant \"{}\" is not supported (kibitzer plays standard chess and \"Pawn \
             Battle\")",
                    crate::echo::echo(value)
                )
            }),
    }
}

/// The name of a variant as a `Variant` tag would give it.
pub(crate) fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "standard chess",
        other => other.english_name(),
    }
}

//! PGN input: a pgn-reader visitor that plays each main-line move through [`Game::play`],
//! keeps tags, comments and NAGs, and turns every malformed game into an [`ImportError`]
//! without stopping the import.
//!
//! Why one file of about 830 lines before its tests: the visitor (`Collector`) and the
//! chunk reader that repairs what it rejects (`read_chunk`, `silent_drop`, `junk_before`)
//! share the same error wording and positions; the splitting into games is `scan.rs`, the
//! tags `tags.rs`, the writing `writer.rs`.

use crate::echo::echo;
use crate::i18n::{t, tr};
use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::Context as _;
use pgn_reader::{Nag, RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::san::San;
use shakmaty::{Chess, Color, KnownOutcome, Outcome};

use super::scan::{Chunk, Splitter, Token, movetext_tokens};
use super::writer::{RESULTS, outcome_comment};
use super::{PgnGame, PgnVariant, Tags, variant_of_tag};
use crate::game::{Game, MoveError, PlayError};
use crate::variant::VariantPosition;
use crate::variant::pawn_battle::PawnBattle;

/// Everything read from a PGN text: the games that loaded and the ones that did not.
#[derive(Debug, Clone)]
pub struct ImportReport<P: PgnVariant = Chess> {
    /// The games that loaded, in file order.
    pub games: Vec<ImportedGame<P>>,
    /// One entry per malformed game, in file order.
    pub errors: Vec<ImportError<P>>,
}

impl<P: PgnVariant> Default for ImportReport<P> {
    fn default() -> Self {
        ImportReport {
            games: Vec::new(),
            errors: Vec::new(),
        }
    }
}

/// A game that loaded.
#[derive(Debug, Clone)]
pub struct ImportedGame<P: PgnVariant = Chess> {
    /// The game's 1-based position in the file (malformed games count too).
    pub number: usize,
    /// The game.
    pub pgn: PgnGame<P>,
}

/// A malformed game: where, which move, and why.
///
/// Displays as `game 7 (line 312): move 23... Nxe4 is illegal: …`, or, when no move is to
/// blame (a bad `FEN` tag, say), as `game 3 (line 40): invalid FEN (castling): …`.
#[derive(Debug, Clone)]
pub struct ImportError<P: PgnVariant = Chess> {
    /// The game's 1-based position in the file.
    pub number: usize,
    /// The 1-based line of the offending move (or tag, or comment).
    pub line: usize,
    /// The offending move's number, like `23.` (White) or `23...` (Black).
    pub move_number: Option<String>,
    /// The offending move as written.
    pub san: Option<String>,
    /// What is wrong. After a move it reads as a predicate (`is illegal: …`, `is ambiguous: …`,
    /// `is not a move`, `cannot be played: …`); otherwise it is a sentence of its own.
    pub message: String,
    /// The game up to the move before the error (result `*`), when the tags were usable.
    pub partial: Option<PgnGame<P>>,
}

impl<P: PgnVariant> fmt::Display for ImportError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match (&self.move_number, &self.san) {
            (Some(number), Some(san)) => tr(
                "pgn-at-move",
                &[
                    ("move", number.as_str().into()),
                    ("san", echo(san).into()),
                    ("what", self.message.as_str().into()),
                ],
            ),
            (None, Some(san)) => format!("{} {}", echo(san), self.message),
            _ => self.message.clone(),
        };
        f.write_str(&tr(
            "pgn-in-game",
            &[
                ("number", self.number.into()),
                ("line", self.line.into()),
                ("what", what.into()),
            ],
        ))
    }
}

impl<P: PgnVariant> std::error::Error for ImportError<P> {}

/// PGN bytes as text: UTF-8 (a leading byte-order mark dropped) when they are, else Latin-1
/// (ISO-8859-1, the PGN standard's own character set, which old collections still use). Every
/// reader of PGN text (`play --pgn`, `:load`, the autosave, `review`'s tags and comments) goes
/// through it, so they all read a file the same way.
///
/// ```
/// use kibitzer::pgn::decode_text;
/// assert_eq!(decode_text("Réti".as_bytes()), "Réti");
/// assert_eq!(decode_text(b"R\xe9ti"), "Réti");
/// ```
#[must_use]
pub fn decode_text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => std::borrow::Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// Reads every game of a PGN text. Never fails: malformed games are reported in
/// [`ImportReport::errors`] and the others load.
///
/// ```
/// let report = kibitzer::pgn::import("1. e4 e5 2. Nf3 1-0\n\n1. e4 e5 2. Ke3 *\n");
/// assert_eq!(report.games.len(), 1);
/// assert_eq!(
///     report.errors[0].to_string(),
///     "game 2 (line 3): move 2. Ke3 is illegal: no king of yours can reach e3"
/// );
/// assert_eq!(report.errors[0].partial.as_ref().unwrap().game.ply(), 2);
/// ```
pub fn import(text: &str) -> ImportReport {
    import_as(text)
}

/// Reads every game of a PGN text as games of the variant `P` (`import_as::<Chess>`),
/// like [`import`]. A game whose `Variant` tag names another variant, or one we do not play,
/// is reported as an error naming it.
///
/// ```
/// let text = "[Variant \"Pawn Battle\"]\n\n1. e4 d5 2. exd5 *\n";
/// let report = kibitzer::pgn::import_as::<shakmaty::Chess>(text);
/// assert!(report.errors[0].message.contains("Pawn Battle"));
/// assert_eq!(kibitzer::pgn::import_as::<shakmaty::Chess>("1. e4 d5 *").games[0].pgn.game.ply(), 2);
/// ```
pub fn import_as<P: PgnVariant>(text: &str) -> ImportReport<P> {
    let mut report = ImportReport::default();
    for item in Games::<_, P>::new(text.as_bytes()) {
        match item {
            Ok(game) => report.games.push(game),
            Err(e) => report.errors.push(e),
        }
    }
    report
}

/// Reads every game of a PGN file, like [`import`].
///
/// # Errors
/// The file cannot be opened or read (the message names the file and the line).
pub fn import_file(path: &Path) -> anyhow::Result<ImportReport> {
    let file = File::open(path).with_context(|| tr("pgn-cannot-open", &[("path", shown(path))]))?;
    let mut games = Games::<_, Chess>::new(file);
    let mut report = ImportReport::default();
    for item in games.by_ref() {
        match item {
            Ok(game) => report.games.push(game),
            Err(e) => report.errors.push(e),
        }
    }
    if let Some(e) = games.io_error.take() {
        return Err(anyhow::Error::new(e).context(tr(
            "pgn-cannot-read",
            &[
                ("path", shown(path)),
                ("line", games.splitter.lines_read().into()),
            ],
        )));
    }
    Ok(report)
}

/// Reads games one at a time, as they are needed, so a long file opens at once. A read error
/// ends the stream with an [`ImportError`] saying so.
pub fn stream(reader: impl Read) -> impl Iterator<Item = Result<ImportedGame, ImportError>> {
    stream_as::<Chess>(reader)
}

/// [`stream`] for games of the variant `P`: a game of another variant is reported as an error
/// naming it.
pub fn stream_as<P: PgnVariant>(
    reader: impl Read,
) -> impl Iterator<Item = Result<ImportedGame<P>, ImportError<P>>> {
    Games::<_, P>::new(reader)
}

/// The variant game `number` (1-based) of a PGN stream names in its `Variant` tag (chess
/// without one), read from its tags alone; `None` when the stream has fewer games.
///
/// # Errors
/// The tag names a variant we do not play (the sentence of [`variant_of_tag`]).
///
/// ```
/// use kibitzer::variant::Variant;
/// let text = "1. e4 e5 *\n\n[Variant \"Pawn Battle\"]\n\n1. e4 d5 *\n";
/// assert_eq!(kibitzer::pgn::variant_of_game(text.as_bytes(), 1), Some(Ok(Variant::Chess)));
/// assert_ne!(kibitzer::pgn::variant_of_game(text.as_bytes(), 2), Some(Ok(Variant::Chess)));
/// assert_eq!(kibitzer::pgn::variant_of_game(text.as_bytes(), 3), None);
/// ```
pub fn variant_of_game(
    reader: impl Read,
    number: usize,
) -> Option<Result<crate::variant::Variant, String>> {
    let mut splitter = Splitter::new(BufReader::new(reader));
    for _ in 1..number {
        splitter.next_chunk().ok()??;
    }
    let chunk = splitter.next_chunk().ok()??;
    Some(variant_of_chunk(&chunk))
}

/// The variant of every game of a PGN stream, in file order, read from their tags alone (the
/// games are split, not parsed): `:load FILE N` reads game N as the game it is. A game whose
/// tag names a variant we do not play gives the sentence of [`variant_of_tag`]; a read error
/// ends the list.
///
/// ```
/// use kibitzer::variant::Variant;
/// let text = "1. e4 e5 *\n\n[Variant \"Pawn Battle\"]\n\n1. e4 d5 *\n\n[Variant \"Atomic\"]\n\n*\n";
/// let variants = kibitzer::pgn::game_variants(text.as_bytes());
/// assert_eq!(variants[0], Ok(Variant::Chess));
/// assert_ne!(variants[1], Ok(Variant::Chess));
/// assert!(variants[2].as_ref().unwrap_err().contains("Atomic"));
/// ```
pub fn game_variants(reader: impl Read) -> Vec<Result<crate::variant::Variant, String>> {
    let mut splitter = Splitter::new(BufReader::new(reader));
    std::iter::from_fn(|| splitter.next_chunk().ok()?)
        .map(|chunk| variant_of_chunk(&chunk))
        .collect()
}

/// The variant a game's `Variant` tag names (chess without one), read from its tags alone.
fn variant_of_chunk(chunk: &Chunk) -> Result<crate::variant::Variant, String> {
    let tags = decode_text(&chunk.text[..chunk.movetext_offset]).into_owned();
    let value = tags.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix("[Variant")?;
        let (_, quoted) = rest.split_once('"')?;
        quoted.rsplit_once('"').map(|(v, _)| v.to_owned())
    });
    variant_of_tag(value.as_deref())
}

/// A game of a file that mixes variants, read as the game its `Variant` tag names (a tag
/// naming a variant we do not play is read as chess, which reports it as the game's error).
#[derive(Debug, Clone)]
pub enum AnyGame {
    /// A chess game (no `Variant` tag, or a standard one).
    Chess(Result<ImportedGame, ImportError>),
    /// A Pawn Battle game.
    PawnBattle(Result<ImportedGame<PawnBattle>, ImportError<PawnBattle>>),
}

impl AnyGame {
    /// Reads `chunk` (game `number` of its file) as the game its tags name.
    fn read(chunk: &Chunk, number: usize) -> AnyGame {
        // A tag naming a variant we do not play is read as chess, which reports it.
        let variant = variant_of_chunk(chunk).unwrap_or_default();
        crate::variant::with_game!(variant, P => P::any_game(read_chunk(chunk, number)))
    }
}

/// Reads every game of a stream as the game its `Variant` tag names ([`AnyGame`]), one at a
/// time as [`stream`] does; a read error ends the stream with a chess [`ImportError`] saying
/// so.
pub fn stream_any(reader: impl Read) -> impl Iterator<Item = AnyGame> {
    let mut splitter = Splitter::new(BufReader::new(reader));
    let mut number = 0;
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        number += 1;
        match splitter.next_chunk() {
            Ok(Some(chunk)) => Some(AnyGame::read(&chunk, number)),
            Ok(None) => None,
            Err(e) => {
                failed = true;
                Some(AnyGame::Chess(Err(ImportError {
                    number,
                    line: splitter.lines_read() + 1,
                    move_number: None,
                    san: None,
                    message: tr("pgn-reading-stopped", &[("why", e.to_string().into())]),
                    partial: None,
                })))
            }
        }
    })
}

/// [`nth`] read as the game its `Variant` tag names ([`AnyGame`]).
pub fn nth_any(reader: impl Read, number: usize) -> Option<AnyGame> {
    let mut splitter = Splitter::new(BufReader::new(reader));
    for _ in 1..number {
        splitter.next_chunk().ok()??;
    }
    let chunk = splitter.next_chunk().ok()??;
    Some(AnyGame::read(&chunk, number))
}

/// Reads only game `number` (1-based) of a PGN stream: the games before it are split off
/// without being parsed, so picking a game late in a long file is fast. `None` when the stream
/// has fewer games (or cannot be read that far).
///
/// ```
/// let text = "1. e4 e5 1-0\n\n1. d4 d5 2. Ke3 *\n\n1. c4 c5 1/2-1/2\n";
/// let third = kibitzer::pgn::nth(text.as_bytes(), 3).unwrap().unwrap();
/// assert_eq!((third.number, third.pgn.result.as_str()), (3, "1/2-1/2"));
/// let second = kibitzer::pgn::nth(text.as_bytes(), 2).unwrap().unwrap_err();
/// assert_eq!(second.partial.unwrap().game.ply(), 2);
/// assert!(kibitzer::pgn::nth(text.as_bytes(), 4).is_none());
/// ```
pub fn nth(reader: impl Read, number: usize) -> Option<Result<ImportedGame, ImportError>> {
    let mut splitter = Splitter::new(BufReader::new(reader));
    for _ in 1..number {
        splitter.next_chunk().ok()??;
    }
    let chunk = splitter.next_chunk().ok()??;
    Some(read_chunk(&chunk, number))
}

/// The iterator behind [`stream`] and [`import_as`], reading games of the variant `P`.
struct Games<R, P> {
    splitter: Splitter<BufReader<R>>,
    /// Games seen so far (loaded or not).
    number: usize,
    io_error: Option<io::Error>,
    variant: std::marker::PhantomData<P>,
}

impl<R: Read, P: PgnVariant> Games<R, P> {
    fn new(reader: R) -> Self {
        Games {
            splitter: Splitter::new(BufReader::new(reader)),
            number: 0,
            io_error: None,
            variant: std::marker::PhantomData,
        }
    }
}

impl<R: Read, P: PgnVariant> Iterator for Games<R, P> {
    type Item = Result<ImportedGame<P>, ImportError<P>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.io_error.is_some() {
            return None;
        }
        match self.splitter.next_chunk() {
            Ok(Some(chunk)) => {
                self.number += 1;
                Some(read_chunk(&chunk, self.number))
            }
            Ok(None) => None,
            Err(e) => {
                self.number += 1;
                let error = ImportError {
                    number: self.number,
                    line: self.splitter.lines_read() + 1,
                    move_number: None,
                    san: None,
                    message: tr("pgn-reading-stopped", &[("why", e.to_string().into())]),
                    partial: None,
                };
                self.io_error = Some(e);
                Some(Err(error))
            }
        }
    }
}

/// Why a game could not be read, before lines are known.
#[derive(Debug, Clone)]
enum Failure {
    /// A tag is unusable (`FEN`, `Variant`).
    Tag { name: &'static str, message: String },
    /// The move with this index (0-based ply from the start) cannot be played.
    Move {
        ply: usize,
        move_number: String,
        san: String,
        message: String,
    },
}

/// The visitor. pgn-reader hands it one game at a time; its state survives parse errors, so a
/// half-read game can still be reported.
#[derive(Debug)]
struct Collector<P: PgnVariant> {
    tags: Tags,
    game: Option<Game<P>>,
    result: Option<String>,
    failure: Option<Failure>,
    /// A comment longer than pgn-reader's buffer, arriving in pieces.
    comment: Vec<u8>,
}

impl<P: PgnVariant> Default for Collector<P> {
    fn default() -> Self {
        Collector {
            tags: Tags::default(),
            game: None,
            result: None,
            failure: None,
            comment: Vec::new(),
        }
    }
}

impl<P: PgnVariant> Collector<P> {
    fn start(&self) -> Result<Game<P>, Failure> {
        let tag_failure = |message| Failure::Tag {
            name: "Variant",
            message,
        };
        let variant = variant_of_tag(self.tags.get("Variant")).map_err(tag_failure)?;
        if variant != P::VARIANT {
            return Err(tag_failure(tr(
                "pgn-other-variant",
                &[
                    ("game", variant_key(variant).into()),
                    ("here", variant_key(P::VARIANT).into()),
                ],
            )));
        }
        let mut game = match self.tags.get("FEN") {
            Some(fen) => Game::from_variant_fen(fen).map_err(|e| Failure::Tag {
                name: "FEN",
                message: tr("pgn-fen-tag", &[("why", e.to_string().into())]),
            })?,
            None => Game::starting(),
        };
        game.set_automatic_draws(false);
        Ok(game)
    }

    /// Adds a comment to the last move (or before the first), with its whitespace normalised.
    fn attach_comment(&mut self, text: &str) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.is_empty() {
            return;
        }
        let join = |old: Option<&str>| match old {
            Some(old) => format!("{old} {text}"),
            None => text.clone(),
        };
        match game.ply().checked_sub(1) {
            Some(last) => {
                if let Some(m) = game.move_mut(last) {
                    m.comment = Some(join(m.comment.as_deref()));
                }
            }
            None => {
                let joined = join(game.start_comment());
                game.set_start_comment(Some(joined));
            }
        }
    }
}

impl<P: PgnVariant> Visitor for Collector<P> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        *self = Collector::default();
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _tags: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        let name = decode_text(name).trim().to_owned();
        self.tags
            .0
            .push((name, decode_text(&value.decode()).into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        match self.start() {
            Ok(game) => {
                self.game = Some(game);
                ControlFlow::Continue(())
            }
            Err(failure) => {
                self.failure = Some(failure);
                ControlFlow::Break(())
            }
        }
    }

    fn san(&mut self, _movetext: &mut (), san_plus: SanPlus) -> ControlFlow<()> {
        let Some(game) = self.game.as_mut() else {
            return ControlFlow::Break(());
        };
        let pos = game.position();
        let move_number = format!(
            "{}{}",
            pos.fullmoves(),
            if pos.turn() == Color::White {
                "."
            } else {
                "..."
            }
        );
        let text = san_plus.to_string();
        match play_san(game, san_plus.san, &text) {
            Ok(()) => ControlFlow::Continue(()),
            Err(message) => {
                self.failure = Some(Failure::Move {
                    ply: game.ply(),
                    move_number,
                    san: text,
                    message,
                });
                ControlFlow::Break(())
            }
        }
    }

    fn nag(&mut self, _movetext: &mut (), nag: Nag) -> ControlFlow<()> {
        if let Some(game) = self.game.as_mut()
            && let Some(last) = game.ply().checked_sub(1)
            && let Some(m) = game.move_mut(last)
        {
            m.nags.push(nag.0);
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, _movetext: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        self.comment.extend_from_slice(comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _movetext: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        let mut bytes = std::mem::take(&mut self.comment);
        bytes.extend_from_slice(comment.as_bytes());
        self.attach_comment(&decode_text(&bytes));
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _movetext: &mut (), outcome: Outcome) -> ControlFlow<()> {
        let token = match outcome {
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => "1-0",
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::Black,
            }) => "0-1",
            Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
            Outcome::Unknown => "*",
        };
        self.result = Some(token.to_owned());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: ()) -> Self::Output {}
}

/// Plays a move read from the file: as written first, then through the tolerant parser
/// (a needless capture mark, say). The error is the predicate of the message.
fn play_san<P: PgnVariant>(game: &mut Game<P>, san: San, text: &str) -> Result<(), String> {
    let over = |o: &dyn fmt::Display| tr("pgn-after-end", &[("outcome", o.to_string().into())]);
    if let Some(o) = game.outcome() {
        return Err(over(&o));
    }
    if san == San::Null {
        return Err(t("pgn-null-move"));
    }
    let pos = game.position();
    let mv = pos
        .read_san(&san, text)
        .map_err(|e| move_error_message(&e))?;
    match game.play(mv) {
        Ok(_) => Ok(()),
        Err(PlayError::GameOver(o)) => Err(over(&o)),
        Err(PlayError::Illegal(_)) => Err(t("pgn-illegal")),
    }
}

/// The predicate for a move that does not fit the position ("is illegal: …").
fn move_error_message(e: &MoveError) -> String {
    match e {
        MoveError::Illegal { reason, .. } => {
            tr("pgn-illegal-because", &[("why", reason.to_string().into())])
        }
        MoveError::Ambiguous { candidates, .. } => tr(
            "pgn-ambiguous",
            &[("moves", candidates.join(&t("pgn-or")).into())],
        ),
        MoveError::Malformed { reason, .. } => {
            tr("pgn-not-a-move", &[("why", reason.to_string().into())])
        }
        MoveError::Empty => t("pgn-empty-move"),
        MoveError::GameOver(o) => tr("pgn-after-end", &[("outcome", o.to_string().into())]),
    }
}

/// Parses one game's text and reports it.
#[expect(
    clippy::result_large_err,
    reason = "the error carries the partial game, as large as a loaded one"
)]
fn read_chunk<P: PgnVariant>(
    chunk: &Chunk,
    number: usize,
) -> Result<ImportedGame<P>, ImportError<P>> {
    let mut collector = Collector::<P>::default();
    // Room for the longest tag line, so a long (terminated) value is not "unterminated".
    let longest_tag_line = chunk.text[..chunk.movetext_offset]
        .split(|&b| b == b'\n')
        .map(<[u8]>::len)
        .max()
        .unwrap_or(0);
    let mut reader = Reader::build(chunk.text.as_slice())
        .set_supported_tag_line_length(longest_tag_line.max(4096) + 2)
        .set_supported_comment_length(4096)
        .finish();
    let parsed = reader.read_game(&mut collector);
    let error = |line: usize, move_number: Option<String>, san: Option<String>, message: String| {
        ImportError {
            number,
            line,
            move_number,
            san,
            message,
            partial: None,
        }
    };
    if let Some(Failure::Tag { name, message }) = &collector.failure {
        let line = chunk.tag_line(name).unwrap_or(chunk.first_line);
        return Err(error(line, None, None, message.clone()));
    }
    if let Some(at) = chunk.text[..chunk.movetext_offset]
        .iter()
        .position(|&b| b == 0)
    {
        let line = chunk.first_line + chunk.text[..at].iter().filter(|&&b| b == b'\n').count();
        return Err(error(line, None, None, t("pgn-nul")));
    }
    let failure = match (&parsed, collector.failure.take()) {
        (Err(e), _) => {
            let line = movetext_tokens(chunk)
                .iter()
                .find_map(|t| match t {
                    Token::UnterminatedComment { line } => Some(*line),
                    _ => None,
                })
                .unwrap_or(chunk.first_line);
            Some(error(
                line,
                None,
                None,
                tr("pgn-malformed", &[("why", e.to_string().into())]),
            ))
        }
        (
            Ok(_),
            Some(Failure::Move {
                ply,
                move_number,
                san,
                message,
            }),
        ) => {
            // Lines are only needed now: find the failing move as pgn-reader tokenised it.
            let tokens = movetext_tokens(chunk);
            let (written, line) = tokens
                .iter()
                .filter_map(|t| match t {
                    Token::San { text, line } => Some((text.as_str(), *line)),
                    _ => None,
                })
                .nth(ply)
                .unwrap_or((san.as_str(), chunk.movetext_line));
            // A token pgn-reader dropped just before the failing move is the likelier culprit
            // (a misspelt move shifts the side to move).
            match junk_before(&tokens, ply) {
                Some((junk, junk_line)) => Some(error(
                    junk_line,
                    Some(move_number),
                    Some(junk.to_owned()),
                    t("pgn-not-san"),
                )),
                None => Some(error(
                    line,
                    Some(move_number),
                    Some(written.to_owned()),
                    message,
                )),
            }
        }
        (Ok(_), _) => {
            // Read without an error, but pgn-reader may have dropped text silently: a token
            // that is no move, or everything after an unclosed `(`.
            silent_drop(&movetext_tokens(chunk), collector.game.as_mut())
                .map(|(line, move_number, san, message)| error(line, move_number, san, message))
        }
    };
    let game = collector.game.take();
    let result = collector
        .result
        .take()
        .or_else(|| {
            collector
                .tags
                .get("Result")
                .map(str::trim)
                .filter(|r| RESULTS.contains(r))
                .map(str::to_owned)
        })
        .unwrap_or_else(|| "*".to_owned());
    if failure.is_none()
        && collector.tags.0.is_empty()
        && collector.result.is_none()
        && game.as_ref().is_some_and(|g| g.ply() == 0)
    {
        return Err(error(chunk.first_line, None, None, t("pgn-not-pgn")));
    }
    match (failure, game) {
        (Some(mut e), game) => {
            e.partial = game.map(|game| PgnGame {
                tags: collector.tags,
                game,
                result: "*".to_owned(),
            });
            Err(e)
        }
        (None, Some(mut game)) => {
            strip_outcome_comment(&mut game);
            Ok(ImportedGame {
                number,
                pgn: PgnGame {
                    tags: collector.tags,
                    game,
                    result,
                },
            })
        }
        (None, None) => Err(error(chunk.first_line, None, None, t("pgn-no-movetext"))),
    }
}

/// The first text pgn-reader dropped without an error (a token that is no move, or the rest of
/// the game after an unclosed `(`), as (line, move number, token, message); `game` is cut to
/// the moves before it, so the partial game never claims more than was read.
fn silent_drop<P: VariantPosition>(
    tokens: &[Token],
    game: Option<&mut Game<P>>,
) -> Option<(usize, Option<String>, Option<String>, String)> {
    let mut ply = 0;
    for t in tokens {
        let (line, san, message) = match t {
            Token::San { .. } => {
                ply += 1;
                continue;
            }
            Token::Junk { text, line } => {
                (*line, Some(text.clone()), crate::i18n::t("pgn-not-san"))
            }
            Token::UnclosedVariation { line } => (
                *line,
                None,
                tr("pgn-unclosed-variation", &[("line", (*line).into())]),
            ),
            Token::UnterminatedComment { .. } => continue,
        };
        let move_number = game.map(|g| {
            g.truncate(ply);
            let pos = g.position();
            let n = pos.fullmoves();
            match pos.turn() {
                shakmaty::Color::White => format!("{n}."),
                shakmaty::Color::Black => format!("{n}..."),
            }
        });
        return Some((line, move_number.filter(|_| san.is_some()), san, message));
    }
    None
}

/// The junk token between the `ply`-th move and the one before it, if any.
fn junk_before(tokens: &[Token], ply: usize) -> Option<(&str, usize)> {
    let mut sans = 0;
    let mut junk = None;
    for t in tokens {
        match t {
            Token::San { .. } if sans == ply => return junk,
            Token::San { .. } => {
                sans += 1;
                junk = None;
            }
            Token::Junk { text, line } => junk = Some((text.as_str(), *line)),
            Token::UnterminatedComment { .. } | Token::UnclosedVariation { .. } => {}
        }
    }
    junk
}

/// Removes the closing comment our writer adds for an outcome the game itself shows, so that a
/// game reads back exactly as it was before export.
fn strip_outcome_comment<P: VariantPosition>(game: &mut Game<P>) {
    let Some(text) = game.outcome().and_then(outcome_comment) else {
        return;
    };
    let Some(last) = game.ply().checked_sub(1) else {
        return;
    };
    if let Some(m) = game.move_mut(last)
        && let Some(comment) = m.comment.as_deref()
        && let Some(rest) = comment.strip_suffix(text.as_str())
    {
        let rest = rest.trim_end();
        m.comment = (!rest.is_empty()).then(|| rest.to_owned());
    }
}

/// A variant as a message's selector (`chess`, `pawn-battle`): its id.
fn variant_key(variant: crate::variant::Variant) -> &'static str {
    variant.id()
}

/// A path as messages show it (a message's variable).
fn shown(path: &Path) -> crate::i18n::FluentValue<'static> {
    path.display().to_string().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first error of `text`, and the plies of the game it keeps (if any).
    fn first_error(text: &[u8]) -> (String, Option<usize>) {
        let mut errors = Vec::new();
        let mut games = Vec::new();
        for item in stream(text) {
            match item {
                Ok(g) => games.push(g.pgn.game.ply()),
                Err(e) => errors.push(e),
            }
        }
        let e = errors
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no error; games {games:?}"));
        (e.to_string(), e.partial.map(|p| p.game.ply()))
    }

    /// Issue 23: an unclosed `(` silently swallowed the rest of the main line.
    #[test]
    fn an_unclosed_variation_is_reported() {
        let (e, partial) =
            first_error(b"[Event \"x\"]\n\n1. e4 e5\n2. Nf3 (2. d4 exd4\n3. c3 Nc6 *\n");
        assert!(e.contains("line 4") && e.contains("never closed"), "{e}");
        assert_eq!(partial, Some(3));
    }

    /// Issue 23: an invalid last token with no result marker was dropped silently.
    #[test]
    fn a_trailing_invalid_token_is_reported() {
        for text in [
            &b"1. e4 e5 2. Nxc"[..],
            b"1. e4 e5 2. Nxc\n",
            b"1. e4 e5 2. Bb9 *\n",
        ] {
            let (e, partial) = first_error(text);
            assert!(e.contains("line 1") && e.contains("is not a move"), "{e}");
            assert_eq!(partial, Some(2), "{e}");
        }
    }

    /// Issue 23: a NUL byte in the tag section split a game in two.
    #[test]
    fn a_nul_byte_in_the_tags_is_reported() {
        let (e, _) = first_error(b"[Event \"x\"]\n[Site \"a\x00b\"]\n[White \"w\"]\n\n1. e4 *\n");
        assert!(e.contains("line 2") && e.contains("NUL"), "{e}");
    }

    /// Issue 23: a random binary file reviewed as an empty game.
    #[test]
    fn binary_data_is_reported_not_read_as_an_empty_game() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let bytes: Vec<u8> = (0..4096)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 24) as u8
            })
            .collect();
        let report_games: Vec<_> = stream(&bytes[..]).collect();
        assert!(!report_games.is_empty());
        assert!(
            report_games.iter().all(Result::is_err),
            "binary data gave a game: {:?}",
            report_games.iter().filter(|g| g.is_ok()).count()
        );
    }

    /// Issue 23: a tag value over ~16 KB was called "unterminated".
    #[test]
    fn a_long_tag_value_is_not_called_unterminated() {
        let text = format!("[Event \"{}\"]\n\n1. e4 *\n", "x".repeat(20_000));
        match stream(text.as_bytes()).next().unwrap() {
            Ok(g) => assert_eq!(g.pgn.tags.get("Event").map(str::len), Some(20_000)),
            Err(e) => {
                let e = e.to_string();
                assert!(!e.contains("unterminated"), "{e}");
                assert!(e.contains("too long"), "{e}");
            }
        }
    }

    const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");

    fn one(text: &str) -> PgnGame {
        let mut report = import(text);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        assert_eq!(report.games.len(), 1);
        report.games.remove(0).pgn
    }

    fn only_error(text: &str) -> ImportError {
        let mut report = import(text);
        assert!(report.games.is_empty());
        assert_eq!(report.errors.len(), 1);
        report.errors.remove(0)
    }

    fn sans(game: &Game) -> Vec<String> {
        game.moves().iter().map(|m| m.san.to_string()).collect()
    }

    #[test]
    fn tags_moves_comments_and_nags() {
        let pgn = one(
            "[Event \"Casual \\\"game\\\"\"]\n[White \"Morphy\"]\n[Result \"1-0\"]\n\n\
             {Before the game} 1. e4 {King's pawn} {twice} e5 $1 2. Nf3! Nc6?? \
             3. Bc4 {a\n   classic} 1-0\n",
        );
        assert_eq!(pgn.tags.get("Event"), Some("Casual \"game\""));
        assert_eq!(pgn.tags.0.len(), 3);
        assert_eq!(pgn.result, "1-0");
        let g = &pgn.game;
        assert_eq!(sans(g), ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
        assert_eq!(g.start_comment(), Some("Before the game"));
        assert_eq!(g.moves()[0].comment.as_deref(), Some("King's pawn twice"));
        assert_eq!(g.moves()[1].nags, [1]);
        assert_eq!(g.moves()[2].nags, [1]);
        assert_eq!(g.moves()[3].nags, [4]);
        assert_eq!(g.moves()[4].comment.as_deref(), Some("a classic"));
        assert!(!g.automatic_draws());
    }

    #[test]
    fn variations_are_skipped() {
        let pgn =
            one("1. e4 e5 (1... c5 2. Nf3 (2. c3 {Alapin}) d6) 2. Nf3 {main} (2. f4 exf4) Nc6 *\n");
        assert_eq!(sans(&pgn.game), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(pgn.game.moves()[2].comment.as_deref(), Some("main"));
        assert_eq!(pgn.result, "*");
    }

    #[test]
    fn long_comments_arrive_whole() {
        let long = "word ".repeat(2000);
        let pgn = one(&format!("1. e4 {{{long}}} *\n"));
        assert_eq!(
            pgn.game.moves()[0].comment.as_deref(),
            Some(long.trim_end())
        );
    }

    #[test]
    fn fen_start_with_black_to_move() {
        let pgn = one(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 13. e4 *\n",
        );
        assert_eq!(
            pgn.game.start_fen(),
            Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12")
        );
        assert_eq!(sans(&pgn.game), ["Kd7", "e4"]);
    }

    #[test]
    fn result_comes_from_the_movetext_then_the_tag() {
        assert_eq!(one("[Result \"0-1\"]\n\n1. e4 1/2-1/2\n").result, "1/2-1/2");
        assert_eq!(one("[Result \"0-1\"]\n\n1. e4\n").result, "0-1");
        assert_eq!(one("1. e4\n").result, "*");
    }

    #[test]
    fn tolerant_forms_windows_line_ends_and_bom() {
        let pgn = one("\u{feff}[White \"A\"]\r\n\r\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. 0-0 *\r\n");
        assert_eq!(pgn.tags.get("White"), Some("A"));
        assert_eq!(
            sans(&pgn.game),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O"]
        );
        // A needless capture mark is forgiven through the tolerant parser.
        let pgn = one("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nxf3 *\n");
        assert_eq!(sans(&pgn.game)[6], "Nf3");
    }

    #[test]
    fn text_that_is_not_utf8_is_read_as_latin1() {
        let mut games = stream(&b"[White \"M\xfcller\"]\n\n1. e4 {gr\xfcn} *\n"[..]);
        let pgn = games.next().unwrap().unwrap().pgn;
        assert_eq!(pgn.tags.get("White"), Some("Müller"));
        assert_eq!(pgn.game.moves()[0].comment.as_deref(), Some("grün"));
        assert!(games.next().is_none());
    }

    #[test]
    fn games_continue_after_a_repetition() {
        let pgn = one("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1/2-1/2\n");
        assert_eq!(pgn.game.ply(), 9);
        assert_eq!(pgn.game.outcome(), None);
    }

    #[test]
    fn many_games_and_empty_input() {
        let report = import("1. e4 *\n\n\n[Event \"b\"]\n1. d4 *\n[Event \"c\"]\n1. c4 *");
        let numbers: Vec<usize> = report.games.iter().map(|g| g.number).collect();
        assert_eq!(numbers, [1, 2, 3]);
        assert!(import("").games.is_empty());
        assert!(import("\n  \n% escaped line\n").games.is_empty());
    }

    #[test]
    fn illegal_move_with_line_move_number_and_partial_game() {
        let e =
            only_error("[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Bxc6 Nxe4 5. Bxb7 *\n");
        assert_eq!(
            e.to_string(),
            "game 1 (line 4): move 4... Nxe4 is illegal: no knight of yours can reach e4"
        );
        assert_eq!(
            (e.number, e.line, e.move_number.as_deref(), e.san.as_deref()),
            (1, 4, Some("4..."), Some("Nxe4"))
        );
        let partial = e.partial.unwrap();
        assert_eq!(partial.tags.get("White"), Some("A"));
        assert_eq!(partial.result, "*");
        assert_eq!(
            sans(&partial.game),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6"]
        );
    }

    #[test]
    fn error_messages() {
        let cases = [
            (
                "1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Ne6 *",
                "game 1 (line 1): move 4. Ne6 is illegal: no knight of yours can reach e6",
            ),
            (
                "1. Nf3 d5 2. d3 e5 3. Nd2 *",
                "game 1 (line 1): move 3. Nd2 is ambiguous: it could be Nbd2 or Nfd2",
            ),
            (
                "1. f3 e5 2. g4 Qh4# 3. e4 0-1",
                "game 1 (line 1): move 3. e4 cannot be played: the game is already over \
                 (Black wins by checkmate)",
            ),
            (
                "1. e4 -- 2. d4 *",
                "game 1 (line 1): move 1... -- is a null move, which a game cannot contain",
            ),
            (
                "1. e4 e5\n2. Nf3 Nc9 3. Bc4 *",
                "game 1 (line 2): move 2... Nc9 is not a move in standard algebraic notation",
            ),
            (
                "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQ - 0 1\"]\n\n1. e4 *",
                "game 1 (line 2): the FEN tag is unusable: invalid FEN (castling): a castling \
                 right is given but the king or rook is not on its original square",
            ),
            (
                "[Variant \"Atomic\"]\n\n1. e4 *",
                "game 1 (line 1): the variant \"Atomic\" is not supported (kibitzer plays \
                 standard chess and \"Pawn Battle\")",
            ),
            (
                "1. e4 e5\n2. Nf3 {never\nclosed *\n",
                "game 1 (line 2): the PGN is malformed: unterminated comment",
            ),
        ];
        for (text, expected) in cases {
            let report = import(text);
            assert!(report.games.is_empty(), "{text}");
            assert_eq!(report.errors.len(), 1, "{text}");
            assert_eq!(report.errors[0].to_string(), expected, "{text}");
        }
    }

    #[test]
    fn a_bad_game_does_not_stop_the_next_ones() {
        let report = import(
            "[Event \"1\"]\n1. e4 e5 *\n[Event \"2\"]\n1. e4 e4 *\n\
             [Event \"3\"]\n1. d4 {open\n[Event \"4\"]\n1. c4 *\n",
        );
        let loaded: Vec<usize> = report.games.iter().map(|g| g.number).collect();
        assert_eq!(loaded, [1, 4]);
        let failed: Vec<(usize, usize)> =
            report.errors.iter().map(|e| (e.number, e.line)).collect();
        assert_eq!(failed, [(2, 4), (3, 6)]);
        assert_eq!(report.errors[1].partial.as_ref().unwrap().game.ply(), 1);
    }

    /// Replaces the first `from` after the start of game `number` (1-based).
    fn corrupt(text: &str, number: usize, from: &str, to: &str) -> String {
        let start = text
            .match_indices("[Event ")
            .nth(number - 1)
            .map(|(i, _)| i)
            .unwrap();
        let at = start + text[start..].find(from).unwrap();
        format!("{}{to}{}", &text[..at], &text[at + from.len()..])
    }

    #[test]
    fn lasker_dirty_file() {
        let path = format!("{DATA}/dirty/Lasker.pgn");
        let report = import_file(Path::new(&path)).unwrap();
        // As published, every game is legal PGN: the 8 "malformed" games are an artefact of
        // python-chess, which needs a blank line between games (see tests/pgn_roundtrip.rs).
        assert_eq!(report.games.len(), 95);
        assert!(report.errors.is_empty(), "{:?}", report.errors);
        let numbers: Vec<usize> = report.games.iter().map(|g| g.number).collect();
        assert_eq!(numbers, (1..=95).collect::<Vec<_>>());
        // Games 23 and 63 go on after a threefold repetition, as recorded games may.
        assert_eq!(report.games[22].pgn.game.ply(), 98);
        assert_eq!(report.games[62].pgn.game.ply(), 133);

        // Eight kinds of damage in eight games: the other 87 still load.
        let text = std::fs::read_to_string(&path).unwrap();
        let text = corrupt(&text, 2, "8.Nbd2 Nd8", "8.Nd2 Nd8");
        let text = corrupt(&text, 4, "10.Kh2 g5", "10.Kh3 g5");
        let text = corrupt(&text, 7, "13.Nxe6 Rxg2", "13.Nxe9 Rxg2");
        let text = corrupt(&text, 30, "43.Rh1+  1-0", "43.Rh1+ Kg7 1-0");
        let text = corrupt(
            &text,
            41,
            "[WhiteElo \"\"]",
            "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
        );
        let text = corrupt(&text, 60, "[BlackElo \"\"]", "[Variant \"Crazyhouse\"]");
        let text = corrupt(&text, 77, "20.Kg1 Qd1+", "20.Kg1 --");
        let text = corrupt(&text, 90, "33.Kd2 Rxe4", "33.Kd2 {unclosed Rxe4");
        let report = import(&text);
        assert_eq!(report.games.len() + report.errors.len(), 95);
        let messages: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "game 2 (line 29): move 8. Nd2 is ambiguous: it could be Nbd2 or Nfd2",
                "game 4 (line 63): move 10. Kh3 is illegal: h3 is occupied by your own pawn",
                "game 7 (line 111): move 13. Nxe9 is not a move in standard algebraic notation",
                "game 30 (line 509): move 43... Kg7 cannot be played: the game is already over \
                 (White wins by checkmate)",
                "game 41 (line 695): the FEN tag is unusable: invalid FEN (position): the board \
                 is empty",
                "game 60 (line 1014): the variant \"Crazyhouse\" is not supported (kibitzer \
                 plays standard chess and \"Pawn Battle\")",
                "game 77 (line 1319): move 20... -- is a null move, which a game cannot contain",
                "game 90 (line 1544): the PGN is malformed: unterminated comment",
            ]
        );
        let partial_plies: Vec<Option<usize>> = report
            .errors
            .iter()
            .map(|e| e.partial.as_ref().map(|p| p.game.ply()))
            .collect();
        assert_eq!(
            partial_plies,
            [
                Some(14),
                Some(18),
                Some(24),
                Some(85),
                None,
                None,
                Some(39),
                Some(65)
            ]
        );
    }

    /// The files of the round trip, with their game counts.
    const CLEAN: [(&str, usize); 4] = [
        ("Magnus-Carlsen.pgn", 325),
        ("Morphy.pgn", 211),
        ("fischer.pgn", 69),
        ("Tal.pgn", 20),
    ];

    #[test]
    fn move_lines_follow_pgn_readers_tokens() {
        for (file, _) in CLEAN.iter().chain([&("dirty/Lasker.pgn", 95)]) {
            let text = std::fs::read(format!("{DATA}/{file}")).unwrap();
            let mut splitter = Splitter::new(text.as_slice());
            let mut number = 0;
            while let Some(chunk) = splitter.next_chunk().unwrap() {
                number += 1;
                let game = read_chunk::<Chess>(&chunk, number).unwrap();
                let tokens = movetext_tokens(&chunk);
                let sans = tokens
                    .iter()
                    .filter(|t| matches!(t, Token::San { .. }))
                    .count();
                assert_eq!(sans, game.pgn.game.ply(), "{file} game {number}");
                assert!(
                    !tokens.iter().any(|t| matches!(t, Token::Junk { .. })),
                    "{file} game {number}: {tokens:?}"
                );
            }
        }
    }

    #[test]
    fn data_files_read_back_identically() {
        for (file, count) in CLEAN {
            let report = import_file(Path::new(&format!("{DATA}/{file}"))).unwrap();
            assert!(report.errors.is_empty(), "{file}: {:?}", report.errors);
            assert_eq!(report.games.len(), count, "{file}");
            let games: Vec<PgnGame> = report.games.into_iter().map(|g| g.pgn).collect();
            let text = super::super::export_all(&games);
            let again = import(&text);
            assert!(again.errors.is_empty(), "{file}: {:?}", again.errors);
            assert_eq!(again.games.len(), count, "{file}");
            for (a, b) in games.iter().zip(&again.games) {
                let b = &b.pgn;
                let who = format!("{file} {:?}", a.tags);
                assert_eq!(a.result, b.result, "{who}");
                assert_eq!(a.game.start_fen(), b.game.start_fen(), "{who}");
                assert_eq!(a.game.start_comment(), b.game.start_comment(), "{who}");
                assert_eq!(a.game.moves(), b.game.moves(), "{who}");
                for (name, value) in &a.tags.0 {
                    assert_eq!(b.tags.get(name), Some(value.as_str()), "{who}: {name}");
                }
                for (name, value) in &b.tags.0 {
                    if a.tags.get(name).is_none() {
                        let added = matches!(
                            (name.as_str(), value.as_str()),
                            ("Event" | "Site" | "Round" | "White" | "Black", "?")
                                | ("Date", "????.??.??")
                                | ("Termination", "normal" | "unterminated")
                        );
                        assert!(added, "{who}: {name} {value}");
                    }
                }
            }
            // Writing what was read back gives the very same text.
            let games: Vec<PgnGame> = again.games.into_iter().map(|g| g.pgn).collect();
            assert_eq!(super::super::export_all(&games), text, "{file}");
        }
    }

    #[test]
    fn stream_reads_lazily() {
        struct FailsLater<'a>(&'a [u8]);
        impl Read for FailsLater<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Err(io::Error::other("disk on fire"));
                }
                let n = self.0.len().min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut games = stream(FailsLater(b"1. e4 *\n\n1. d4 *\n\n1. c4"));
        assert_eq!(games.next().unwrap().unwrap().number, 1);
        assert_eq!(games.next().unwrap().unwrap().number, 2);
        let e = games.next().unwrap().unwrap_err();
        assert_eq!(e.number, 3);
        assert!(e.message.contains("disk on fire"), "{e}");
        assert!(games.next().is_none());
    }
}

//! Saving and loading games: the autosave, finished games, `:save`/`:load` and `--pgn`.
//!
//! Everything the TUI writes or reads is PGN through `crate::pgn`. The players' names record
//! who is who: the human is "You", the engine "kibitzer level N", so a resumed game knows the
//! human's colour and the level.

pub use super::command::GamePick;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use shakmaty::{Chess, Color};

use crate::app::Playable;
use crate::game::Game;
use crate::i18n::{t, tr};
use crate::pgn::{self, PgnGame, PgnVariant, Tags};
use crate::variant::{Variant, VariantPosition, each_game, game_of, with_game};

mod lock;

pub use lock::{AutosaveLock, LockError, lock_path};

/// What is saved about a game besides its moves.
#[derive(Debug, Clone)]
pub struct Snapshot<P: VariantPosition = Chess> {
    /// The game (moves up to the cursor are saved).
    pub game: Game<P>,
    /// The human's colour.
    pub human: Color,
    /// The engine level.
    pub level: u8,
    /// The clocks of a timed game (PGN: the `TimeControl` tag and `[%clk]` comments).
    pub clock: Option<crate::clock::Clock>,
}

impl<P: VariantPosition> PartialEq for Snapshot<P> {
    fn eq(&self, other: &Self) -> bool {
        self.human == other.human
            && self.level == other.level
            && self.game.fen() == other.game.fen()
            && self.game.moves() == other.game.moves()
            && self.game.start_fen() == other.game.start_fen()
    }
}

/// A saved game of either variant: what the effects carry to the runner (autosave, archive,
/// `:save`) and what a resumed autosave gives back, so each game resumes as the game it is.
#[derive(Debug, Clone, PartialEq)]
pub enum Saved {
    /// A chess game.
    Chess(Snapshot),
    /// A Pawn Battle game (its PGN has `[Variant "Pawn Battle"]`).
    PawnBattle(Snapshot<crate::variant::pawn_battle::PawnBattle>),
}

impl Saved {
    /// Which game it is.
    #[must_use]
    pub fn variant(&self) -> Variant {
        game_of!(self, Saved)
    }

    /// The number of moves played up to the cursor.
    #[must_use]
    pub fn ply(&self) -> usize {
        each_game!(self, Saved(s) => s.game.ply())
    }

    /// Whether the game is over.
    #[must_use]
    pub fn finished(&self) -> bool {
        each_game!(self, Saved(s) => s.game.outcome().is_some())
    }

    /// The chess game, when it is one (the review screen reads chess).
    #[must_use]
    pub fn chess(&self) -> Option<&Snapshot> {
        match self {
            Saved::Chess(s) => Some(s),
            _ => None,
        }
    }
}

/// A game that can be written as PGN: a [`Snapshot`] of any variant, or a [`Saved`].
pub trait ToPgn {
    /// The PGN text ([`encode`]).
    fn to_pgn(&self) -> String;
}

impl<P: PgnVariant> ToPgn for Snapshot<P> {
    fn to_pgn(&self) -> String {
        encode(self)
    }
}

impl ToPgn for Saved {
    fn to_pgn(&self) -> String {
        each_game!(self, Saved(s) => encode(s))
    }
}

/// The engine's player name, followed by the level.
const ENGINE_PREFIX: &str = "kibitzer level ";
/// The human's player name.
const HUMAN_NAME: &str = "You";

/// How a move's comment written by [`explanation_comment`] begins.
const EXPLANATION_PREFIX: &str = "kibitzer: ";
/// Separates the panel's lines inside one comment (PGN readers normalise line breaks).
const LINE_SEPARATOR: &str = " | ";

/// A move's explanation (the panel's lines) as a PGN comment, so that a resumed game shows it
/// without analysing again; `None` when there is nothing to say. Braces, which would end the
/// comment, and the line separator are replaced.
///
/// ```
/// use kibitzer::app::persist::{explanation_comment, read_explanation};
/// let lines = vec!["A developing move.".to_owned(), "score: +0.30 (you are better by 0.3)".to_owned()];
/// let comment = explanation_comment(&lines).unwrap();
/// assert_eq!(read_explanation(&comment), Some(lines));
/// assert_eq!(read_explanation("a human's note"), None);
/// ```
#[must_use]
pub fn explanation_comment(lines: &[String]) -> Option<String> {
    let clean: Vec<String> = lines
        .iter()
        .map(|l| {
            l.replace(['{', '}'], "")
                .replace(LINE_SEPARATOR.trim(), "/")
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|l| !l.is_empty())
        .collect();
    (!clean.is_empty()).then(|| format!("{EXPLANATION_PREFIX}{}", clean.join(LINE_SEPARATOR)))
}

/// Whether a comment is one of ours ([`explanation_comment`]), which may be replaced.
#[must_use]
pub fn is_explanation_comment(comment: &str) -> bool {
    crate::clock::strip_clk(comment).starts_with(EXPLANATION_PREFIX)
}

/// The panel's lines from a comment written by [`explanation_comment`].
#[must_use]
pub fn read_explanation(comment: &str) -> Option<Vec<String>> {
    let comment = crate::clock::strip_clk(comment);
    let text = comment.strip_prefix(EXPLANATION_PREFIX)?;
    Some(text.split(LINE_SEPARATOR).map(str::to_owned).collect())
}

/// The autosave file in the data directory.
pub fn autosave_path(data_dir: &Path) -> PathBuf {
    data_dir.join("autosave.pgn")
}

/// The previous autosave, kept beside it as a backup (one move behind).
pub fn backup_path(data_dir: &Path) -> PathBuf {
    data_dir.join("autosave.previous.pgn")
}

/// Why a file was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The file exists and overwriting was not allowed (nothing was written).
    Exists(PathBuf),
    /// Any other failure, with the file named.
    Io(anyhow::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Exists(path) => f.write_str(&tr("file-exists", &[("path", shown(path))])),
            WriteError::Io(e) => write!(f, "{e:#}"),
        }
    }
}

impl std::error::Error for WriteError {}

/// Whether two paths name the same file: the same device and inode (through hard links,
/// symbolic links, `..`), or the same canonical path. `false` when `b` does not exist.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if (ma.dev(), ma.ino()) == (mb.dev(), mb.ino()) {
            return true;
        }
    }
    let _ = (ma, mb);
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(x), Ok(y)) if x == y
    )
}

/// Writes `text` to `path` atomically, creating the directory, so a crash or a full disk never
/// leaves half a file: a temporary file with a unique name in the same directory (never an
/// existing file's name), flushed to disk, renamed into place, then the directory flushed.
///
/// # Errors
/// When the directory or file cannot be written (the temporary file is removed).
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    write_file(path, text.as_bytes(), true).map_err(|e| match e {
        WriteError::Exists(p) => anyhow::anyhow!(tr("file-exists", &[("path", shown(&p))])),
        WriteError::Io(e) => e,
    })
}

/// Like [`write_atomic`], but never replaces an existing file (the check and the write are one
/// step: a hard link that fails when the name is taken).
///
/// # Errors
/// [`WriteError::Exists`] when `path` exists; [`WriteError::Io`] otherwise.
pub fn write_new(path: &Path, text: &str) -> std::result::Result<(), WriteError> {
    write_file(path, text.as_bytes(), false)
}

/// A system error in the language spoken ([`crate::i18n::os_reason`]: "permissão negada").
fn os(e: std::io::Error) -> anyhow::Error {
    anyhow::anyhow!(crate::i18n::os_reason(&e))
}

/// The one writer behind [`write_atomic`] and [`write_new`] (and of bytes: `explain --png`):
/// through a temporary file beside `path`; an existing file is replaced only when `replace`.
pub(crate) fn write_file(
    path: &Path,
    bytes: &[u8],
    replace: bool,
) -> std::result::Result<(), WriteError> {
    use std::io::Write;
    let io = |e: std::io::Error, what: &str, p: &Path| {
        let arg = if what == "file-cannot-write" {
            "path"
        } else {
            "dir"
        };
        WriteError::Io(os(e).context(tr(what, &[(arg, shown(p))])))
    };
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => dir.to_path_buf(),
        None => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(|e| io(e, "file-cannot-create-dir", &dir))?;
    if !replace && path.exists() {
        return Err(WriteError::Exists(path.to_path_buf()));
    }
    let (tmp, mut file) =
        temporary_file(&dir, path).map_err(|e| io(e, "file-cannot-write-in", &dir))?;
    let written = file
        .write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| io(e, "file-cannot-write", &tmp));
    drop(file);
    let placed = written.and_then(|()| {
        if replace {
            std::fs::rename(&tmp, path).map_err(|e| io(e, "write", path))
        } else {
            match std::fs::hard_link(&tmp, path) {
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    Err(WriteError::Exists(path.to_path_buf()))
                }
                other => other.map_err(|e| io(e, "write", path)),
            }
        }
    });
    // After a rename the temporary name is gone; after a link or a failure it must go.
    if !replace || placed.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    placed?;
    // The rename is durable only once the directory is on disk (not possible on every system).
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Creates a temporary file beside `path` with a name no other writer uses
/// (`.NAME.PID.N.tmp`, created exclusively).
fn temporary_file(dir: &Path, path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy());
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// The side of the player named "You" in `tags` (a game played against kibitzer), the reader
/// of its review; `None` for anyone else's game.
///
/// ```
/// use kibitzer::app::persist::reader_of;
/// use kibitzer::pgn::Tags;
/// let mut tags = Tags::default();
/// tags.set("White", "kibitzer level 3");
/// tags.set("Black", "You");
/// assert_eq!(reader_of(&tags), Some(shakmaty::Color::Black));
/// tags.set("Black", "Tal, Mikhail");
/// assert_eq!(reader_of(&tags), None);
/// ```
#[must_use]
pub fn reader_of(tags: &Tags) -> Option<Color> {
    if tags.get("Black") == Some(HUMAN_NAME) {
        Some(Color::Black)
    } else if tags.get("White") == Some(HUMAN_NAME) {
        Some(Color::White)
    } else {
        None
    }
}

/// The game as PGN, with the players named and today's date.
pub fn encode<P: PgnVariant>(snapshot: &Snapshot<P>) -> String {
    let engine = format!("{ENGINE_PREFIX}{}", snapshot.level);
    let (white, black) = match snapshot.human {
        Color::White => (HUMAN_NAME, engine.as_str()),
        Color::Black => (engine.as_str(), HUMAN_NAME),
    };
    let mut tags = Tags::default();
    tags.set("Event", "kibitzer game");
    tags.set("Site", "kibitzer");
    tags.set("Date", &date_tag(std::time::SystemTime::now()));
    tags.set("White", white);
    tags.set("Black", black);
    if let Some(clock) = &snapshot.clock {
        tags.set("TimeControl", &clock.control.pgn_tag());
        // The move in progress: its time used so far is kept (the `[%clk]` comments hold only
        // the times after each move).
        tags.set("ClocksLeft", &crate::clock::clocks_left(clock.live_times()));
    }
    pgn::export(&snapshot.game, &tags)
}

/// Reads the last game of a PGN text. The human is the player called "You", else the side to
/// move (to continue someone else's game); the level comes from the engine's name (0 when
/// unknown: the configured level stays).
///
/// # Errors
/// The first import error (game number, line, move) when no game could be read.
pub fn decode(text: &str) -> Result<Snapshot> {
    decode_game(text, GamePick::Last)
}

/// Reads one game of a PGN text (see [`decode`]).
///
/// # Errors
/// As [`decode`]; also when `pick` is [`GamePick::Only`] and there are several games (the
/// message says how many and how to pick one), or the numbered game does not exist.
pub fn decode_game(text: &str, pick: GamePick) -> Result<Snapshot> {
    decode_game_as(text, pick)
}

/// The game named by the first `Variant` tag of a PGN text (chess without one, or when the
/// tag names a game we do not play: the chess reader then reports it).
fn variant_in(text: &str) -> Variant {
    text.lines()
        .map(str::trim_start)
        .find_map(|l| l.strip_prefix("[Variant "))
        .and_then(|rest| rest.split('"').nth(1))
        .and_then(|value| pgn::variant_of_tag(Some(value)).ok())
        .unwrap_or_default()
}

/// Reads one game of a PGN text as the game its `Variant` tag names ([`decode_game`] for
/// chess): `pick` counts every game of the file whatever its variant, so `:load FILE N` of a
/// file mixing chess and Pawn Battle reads game N as the game it is.
///
/// # Errors
/// As [`decode_game`]; also when the picked game names a variant we do not play.
pub fn decode_saved(text: &str, pick: GamePick) -> Result<Saved> {
    let variants = pgn::game_variants(text.as_bytes());
    let number = pick.number(variants.len())?;
    let variant = match variants.into_iter().nth(number - 1) {
        Some(Ok(variant)) => variant,
        Some(Err(why)) => bail!(tr(
            "load-unknown-variant",
            &[("number", number.into()), ("why", why.to_string().into())]
        )),
        None => bail!(t("load-no-game")),
    };
    let pick = GamePick::Number(number);
    Ok(with_game!(variant, P => P::saved(decode_game_as::<P>(text, pick)?)))
}

impl GamePick {
    /// The 1-based number of the game picked among `count` (malformed games count too).
    ///
    /// # Errors
    /// No game; several for [`GamePick::Only`] (the message says how to pick one); a number
    /// out of range.
    fn number(self, count: usize) -> Result<usize> {
        match self {
            _ if count == 0 => bail!(t("load-no-game")),
            GamePick::Only if count > 1 => bail!(tr(
                "load-several",
                &[
                    ("count", count.into()),
                    ("command", crate::app::command::name("load").into())
                ]
            )),
            GamePick::Number(n) if n == 0 || n > count => {
                bail!(tr(
                    "load-no-such-game",
                    &[("number", n.into()), ("count", count.into())]
                ))
            }
            GamePick::Number(n) => Ok(n),
            GamePick::Last | GamePick::Only => Ok(count),
        }
    }
}

/// Reads one game of a PGN text as a game of the variant `P` (see [`decode_game`]); a game of
/// another variant is an error naming it.
///
/// # Errors
/// As [`decode_game`]; the picked game's own error (its number, line and move) when it is
/// malformed.
pub fn decode_game_as<P: PgnVariant>(text: &str, pick: GamePick) -> Result<Snapshot<P>> {
    let report = pgn::import_as::<P>(text);
    let count = report
        .games
        .iter()
        .map(|g| g.number)
        .chain(report.errors.iter().map(|e| e.number))
        .max()
        .unwrap_or(0);
    let number = pick.number(count)?;
    let Some(last) = report.games.into_iter().find(|g| g.number == number) else {
        match report.errors.iter().find(|e| e.number == number) {
            Some(e) => bail!("{e}"),
            None => bail!(tr("load-no-game-number", &[("number", number.into())])),
        }
    };
    let PgnGame { tags, mut game, .. } = last.pgn;
    if tags.0.is_empty() && game.ply() == 0 {
        bail!(t("load-no-game-empty"));
    }
    // Games against the engine end by threefold repetition and the fifty-move rule.
    game.set_automatic_draws(true);
    // A game the PGN says was won ends there (the loser resigned): it opens for viewing and
    // review, and the engine does not play on.
    if game.outcome().is_none() && !game.can_redo() {
        match tags.get("Result") {
            Some("1-0") => game.resign(Color::Black),
            Some("0-1") => game.resign(Color::White),
            _ => {}
        }
    }
    let human = reader_of(&tags).unwrap_or_else(|| game.turn());
    let level_of = |name: Option<&str>| {
        name.and_then(|n| n.strip_prefix(ENGINE_PREFIX))
            .and_then(|l| l.trim().parse::<u8>().ok())
    };
    let level = level_of(tags.get("White"))
        .or_else(|| level_of(tags.get("Black")))
        .unwrap_or(0);
    let clock = tags
        .get("TimeControl")
        .and_then(crate::clock::TimeControl::from_pgn_tag)
        .and_then(|control| clock_from_comments(control, &game))
        .map(|mut clock| {
            if let Some(live) = tags
                .get("ClocksLeft")
                .and_then(crate::clock::read_clocks_left)
            {
                clock.set_live(live);
            }
            clock
        });
    Ok(Snapshot {
        game,
        human,
        level,
        clock,
    })
}

/// The clocks of a timed game read back from its moves' `[%clk]` comments (a move without
/// one keeps the mover's time from before it), stopped, the side to move's turn.
fn clock_from_comments<P: VariantPosition>(
    control: crate::clock::TimeControl,
    game: &Game<P>,
) -> Option<crate::clock::Clock> {
    let crate::clock::TimeControl::Timed { base, .. } = control else {
        return None;
    };
    let mut times = vec![[base, base]];
    for ply in 0..game.ply() {
        let mut next = times.last().copied().unwrap_or([base, base]);
        let mover = game
            .position_at(ply)
            .map_or(Color::White, VariantPosition::turn);
        let clk = game
            .all_moves()
            .get(ply)
            .and_then(|m| m.comment.as_deref())
            .and_then(crate::clock::read_clk);
        if let Some(left) = clk {
            next[usize::from(mover == Color::Black)] = left;
        }
        times.push(next);
    }
    crate::clock::Clock::resumed(control, times, game.turn())
}

/// The PGN `Date` value (`YYYY.MM.DD`, UTC) of a time.
fn date_tag(time: std::time::SystemTime) -> String {
    let (year, month, day, _) = civil(time);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A time as `YYYYMMDD-HHMMSS` (UTC), for file names.
fn file_stamp(time: std::time::SystemTime) -> String {
    let (year, month, day, secs) = civil(time);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    format!("{year:04}{month:02}{day:02}-{h:02}{m:02}{s:02}")
}

/// Year, month, day and seconds into the day (UTC) of a time.
fn civil(time: std::time::SystemTime) -> (i64, i64, i64, u64) {
    let secs = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = secs / 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, secs % 86_400)
}

/// Writes the autosave; the one it replaces is then kept as [`backup_path`] (best effort: a
/// backup that cannot be written, on a nearly full disk, never stops the autosave itself).
///
/// # Errors
/// When the autosave cannot be written.
pub fn write_autosave(data_dir: &Path, snapshot: &impl ToPgn) -> Result<()> {
    let path = autosave_path(data_dir);
    let previous = std::fs::read(&path).ok();
    write_atomic(&path, &snapshot.to_pgn())?;
    if let Some(previous) = previous {
        let _ = write_file(&backup_path(data_dir), &previous, true);
    }
    Ok(())
}

/// What was found in the data directory at start-up.
#[derive(Debug, Default)]
pub struct Resume {
    /// The game to continue, as the game it is (`None`: no autosave, or nothing usable in
    /// it).
    pub snapshot: Option<Saved>,
    /// What went wrong with a damaged autosave and where it was kept, to show the user.
    pub warning: Option<String>,
}

/// Reads the autosave, if there is one. A damaged autosave is never lost: the good part (the
/// moves before the first bad one) is resumed, the file is renamed
/// `autosave.damaged-<time>.pgn` beside it, and [`Resume::warning`] says what was wrong.
///
/// # Errors
/// When the autosave exists but cannot be read or kept (an unusable data directory).
pub fn read_autosave(data_dir: &Path) -> Result<Resume> {
    let path = autosave_path(data_dir);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Resume::default()),
        Err(e) => {
            return Err(os(e)).with_context(|| tr("file-cannot-read", &[("path", shown(&path))]));
        }
    };
    let text = pgn::decode_text(&bytes);
    with_game!(variant_in(&text), P => resume_as::<P>(data_dir, &text, P::saved))
}

/// [`read_autosave`] for a game of the variant `P` (`saved` wraps it).
fn resume_as<P: PgnVariant>(
    data_dir: &Path,
    text: &str,
    saved: fn(Snapshot<P>) -> Saved,
) -> Result<Resume> {
    let path = autosave_path(data_dir);
    let read = |text: &str| decode_game_as::<P>(text, GamePick::Last);
    let report = pgn::import_as::<P>(text);
    if report.errors.is_empty()
        && let Ok(snapshot) = read(text)
    {
        return Ok(Resume {
            snapshot: Some(saved(snapshot)),
            warning: None,
        });
    }
    // Damaged: keep the file, resume what can be read.
    let kept = data_dir.join(format!(
        "autosave.damaged-{}.pgn",
        file_stamp(std::time::SystemTime::now())
    ));
    std::fs::rename(&path, &kept).map_err(os).with_context(|| {
        tr(
            "autosave-damaged-unmovable",
            &[("path", shown(&path)), ("kept", shown(&kept))],
        )
    })?;
    let problem = match report.errors.first() {
        Some(e) => crate::echo::echo(&e.to_string()),
        None => t("load-no-game"),
    };
    let partial = report
        .errors
        .into_iter()
        .find_map(|e| e.partial)
        .and_then(|p| read(&pgn::export(&p.game, &p.tags)).ok())
        .or_else(|| read(text).ok())
        .filter(|s| s.game.ply() > 0);
    let warning = match &partial {
        Some(s) => tr(
            "autosave-resumed-part",
            &[
                ("why", problem.into()),
                ("plies", s.game.ply().into()),
                ("kept", shown(&kept)),
            ],
        ),
        None => tr(
            "autosave-unreadable",
            &[("why", problem.into()), ("kept", shown(&kept))],
        ),
    };
    Ok(Resume {
        snapshot: partial.map(saved),
        warning: Some(warning),
    })
}

/// Removes the temporary files of autosaves cut short by a crash or `kill -9`
/// (`.autosave*.tmp`). Only the holder of the [`AutosaveLock`] may call it: no other process
/// writes autosaves then, so every such file is a leftover.
pub fn remove_stale_temporaries(data_dir: &Path) {
    let Ok(entries) = std::fs::read_dir(data_dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(".autosave") && name.ends_with(".tmp") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Moves an existing autosave (an unfinished game about to be replaced, e.g. by `--new`) into
/// `games/`, so it is never deleted; its new path, or `None` when there was none.
///
/// # Errors
/// When the autosave exists and cannot be moved.
pub fn archive_autosave(data_dir: &Path) -> Result<Option<PathBuf>> {
    let path = autosave_path(data_dir);
    if !path.exists() {
        return Ok(None);
    }
    let target = new_game_path(data_dir);
    if let Some(dir) = target.parent() {
        std::fs::create_dir_all(dir)
            .map_err(os)
            .with_context(|| tr("file-cannot-create-dir", &[("dir", shown(dir))]))?;
    }
    std::fs::rename(&path, &target)
        .map_err(os)
        .with_context(|| {
            tr(
                "autosave-cannot-archive",
                &[("path", shown(&path)), ("target", shown(&target))],
            )
        })?;
    Ok(Some(target))
}

/// Removes the autosave (the finished game was archived).
///
/// # Errors
/// When it exists and cannot be removed.
pub fn clear_autosave(data_dir: &Path) -> Result<()> {
    let path = autosave_path(data_dir);
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(os(e)).with_context(|| tr("file-cannot-remove", &[("path", shown(&path))]))
        }
        _ => Ok(()),
    }
}

/// A new file name in `data_dir/games/` (seconds since the epoch keep them ordered).
pub fn new_game_path(data_dir: &Path) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let dir = data_dir.join("games");
    let mut path = dir.join(format!("game-{secs}.pgn"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = dir.join(format!("game-{secs}-{n}.pgn"));
    }
    path
}

/// Saves a game to `path`, replacing the file there.
///
/// # Errors
/// When the file cannot be written.
pub fn save(path: &Path, snapshot: &impl ToPgn) -> Result<()> {
    write_atomic(path, &snapshot.to_pgn())
}

/// Saves a game to a new file: an existing `path` is left alone ([`WriteError::Exists`]), so
/// the interface can ask before overwriting.
///
/// # Errors
/// [`WriteError::Exists`], or why the file cannot be written.
pub fn save_new(path: &Path, snapshot: &impl ToPgn) -> std::result::Result<(), WriteError> {
    write_new(path, &snapshot.to_pgn())
}

/// Loads a game from a file (`:load`, `--pgn`); a file that is not UTF-8 is read as Latin-1.
///
/// # Errors
/// When the file cannot be read or parsed, or holds several games and `pick` does not say
/// which; the message names the file.
pub fn load(path: &Path, pick: GamePick) -> Result<Snapshot> {
    let bytes = std::fs::read(path)
        .map_err(os)
        .with_context(|| tr("file-cannot-read", &[("path", shown(path))]))?;
    decode_game(&pgn::decode_text(&bytes), pick)
        .with_context(|| tr("file-cannot-load", &[("path", shown(path))]))
}

/// [`load`] of a game of either variant, as its `Variant` tag says (`--pgn`).
///
/// # Errors
/// As [`load`].
pub fn load_saved(path: &Path, pick: GamePick) -> Result<Saved> {
    let bytes = std::fs::read(path)
        .map_err(os)
        .with_context(|| tr("file-cannot-read", &[("path", shown(path))]))?;
    decode_saved(&pgn::decode_text(&bytes), pick)
        .with_context(|| tr("file-cannot-load", &[("path", shown(path))]))
}

/// A path as messages show it (a message's variable).
fn shown(path: &Path) -> crate::i18n::FluentValue<'static> {
    path.display().to_string().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_systems_reason_is_said_in_the_language_spoken() {
        // A file where the save's directory should be: the reason in Portuguese, not the
        // system's "Not a directory (os error 20)".
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        std::fs::write(&file, "x").unwrap();
        let target = file.join("games").join("g.pgn");
        let said = crate::i18n::with(crate::i18n::Lang::PtBr, || {
            write_file(&target, b"1. e4 *", false)
                .unwrap_err()
                .to_string()
        });
        assert!(said.contains("não é um diretório"), "{said}");
        assert!(!said.contains("os error"), "{said}");
        let missing = dir.path().join("none.pgn");
        let said = crate::i18n::with(crate::i18n::Lang::PtBr, || {
            format!("{:#}", load(&missing, GamePick::Only).unwrap_err())
        });
        assert!(said.contains("inexistente"), "{said}");
    }

    #[test]
    fn round_trip_keeps_moves_colour_and_start() {
        let mut game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        game.play_text("e4").unwrap();
        game.play_text("Kd7").unwrap();
        let s = Snapshot {
            game,
            human: Color::Black,
            level: 7,
            clock: None,
        };
        assert_eq!(decode(&encode(&s)).unwrap(), s);
    }

    fn snapshot_of(moves: &[&str]) -> Snapshot {
        let mut game = Game::new();
        for m in moves {
            game.play_text(m).unwrap();
        }
        Snapshot {
            game,
            human: Color::White,
            level: 3,
            clock: None,
        }
    }

    /// Issue 23: `:save PATH` destroyed a sibling `PATH.tmp`.
    #[test]
    fn writing_never_touches_a_sibling_tmp_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.pgn");
        let sibling = dir.path().join("game.tmp");
        let sibling2 = dir.path().join("game.pgn.tmp");
        std::fs::write(&sibling, "mine").unwrap();
        std::fs::write(&sibling2, "mine too").unwrap();
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(std::fs::read_to_string(&sibling).unwrap(), "mine");
        assert_eq!(std::fs::read_to_string(&sibling2).unwrap(), "mine too");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 3, "no temporary file left: {names:?}");
    }

    /// Issue 23: `:save PATH` overwrote an existing file without asking.
    #[test]
    fn save_new_leaves_an_existing_file_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.pgn");
        std::fs::write(&path, "precious").unwrap();
        let e = save_new(&path, &snapshot_of(&["e4"])).unwrap_err();
        assert!(matches!(&e, WriteError::Exists(p) if *p == path), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        save(&path, &snapshot_of(&["e4"])).unwrap();
        assert!(std::fs::read_to_string(&path).unwrap().contains("1. e4"));
        let fresh = dir.path().join("sub").join("new.pgn");
        save_new(&fresh, &snapshot_of(&["d4"])).unwrap();
        assert!(std::fs::read_to_string(&fresh).unwrap().contains("1. d4"));
    }

    #[test]
    fn the_previous_autosave_is_kept_as_a_backup() {
        let dir = tempfile::tempdir().unwrap();
        write_autosave(dir.path(), &snapshot_of(&["e4"])).unwrap();
        assert!(!backup_path(dir.path()).exists());
        write_autosave(dir.path(), &snapshot_of(&["e4", "e5"])).unwrap();
        let backup = std::fs::read_to_string(backup_path(dir.path())).unwrap();
        assert_eq!(decode(&backup).unwrap().game.ply(), 1);
    }

    /// Issue 23: one bad move (`21. Rf1` → `Rf9`) made start-up say "start with --new", which
    /// deleted the 41 good plies.
    #[test]
    fn a_damaged_autosave_resumes_its_good_part_and_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        write_autosave(dir.path(), &snapshot_of(&["e4", "e5", "Nf3", "Nc6", "Bb5"])).unwrap();
        let path = autosave_path(dir.path());
        let text = std::fs::read_to_string(&path).unwrap();
        let damaged = text.replace("Nc6", "Nc9");
        std::fs::write(&path, &damaged).unwrap();
        let resume = read_autosave(dir.path()).unwrap();
        assert_eq!(resume.snapshot.unwrap().ply(), 3);
        let warning = resume.warning.unwrap();
        assert!(
            warning.contains("line ") && warning.contains("Nc9"),
            "{warning}"
        );
        assert!(warning.contains("first 3 plies"), "{warning}");
        assert!(!warning.contains("--new"), "{warning}");
        let kept: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains("autosave.damaged-"))
            .collect();
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert!(
            warning.contains(&kept[0].display().to_string()),
            "{warning}"
        );
        assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), damaged);
        assert!(!path.exists());
        // Garbage: nothing to resume, but the file is still kept.
        std::fs::write(&path, "\u{0}\u{1}garbage").unwrap();
        let resume = read_autosave(dir.path()).unwrap();
        assert!(resume.snapshot.is_none());
        assert!(resume.warning.unwrap().contains("is kept as"));
    }

    #[test]
    fn stale_temporaries_are_removed_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".autosave.pgn.999.0.tmp");
        std::fs::write(&stale, "half a game").unwrap();
        write_autosave(dir.path(), &snapshot_of(&["e4"])).unwrap();
        std::fs::write(dir.path().join("mine.tmp"), "x").unwrap();
        remove_stale_temporaries(dir.path());
        assert!(!stale.exists());
        assert!(dir.path().join("mine.tmp").exists());
        assert!(autosave_path(dir.path()).exists());
    }

    #[test]
    fn archiving_the_autosave_moves_it_to_games() {
        let dir = tempfile::tempdir().unwrap();
        assert!(archive_autosave(dir.path()).unwrap().is_none());
        write_autosave(dir.path(), &snapshot_of(&["e4"])).unwrap();
        let moved = archive_autosave(dir.path()).unwrap().unwrap();
        assert!(moved.starts_with(dir.path().join("games")));
        assert_eq!(load(&moved, GamePick::Only).unwrap().game.ply(), 1);
        assert!(!autosave_path(dir.path()).exists());
    }

    /// Issue 23: `play --pgn` refused a Latin-1 file that `review` read.
    #[test]
    fn latin1_files_load() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("latin1.pgn");
        std::fs::write(
            &path,
            b"[White \"R\xe9ti\"]\n[Black \"Tartakower\"]\n\n1. e4 *\n",
        )
        .unwrap();
        let s = load(&path, GamePick::Only).unwrap();
        assert_eq!(s.game.ply(), 1);
    }

    #[test]
    fn autosave_write_read_clear() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read_autosave(dir.path()).unwrap().snapshot.is_none());
        let mut game = Game::new();
        game.play_text("e4").unwrap();
        let s = Snapshot {
            game,
            human: Color::White,
            level: 3,
            clock: None,
        };
        write_autosave(dir.path(), &s).unwrap();
        assert_eq!(
            read_autosave(dir.path()).unwrap().snapshot,
            Some(Saved::Chess(s))
        );
        clear_autosave(dir.path()).unwrap();
        assert!(read_autosave(dir.path()).unwrap().snapshot.is_none());
    }

    #[test]
    fn bad_files_name_the_problem() {
        let two = "[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 d5 *\n";
        let e = decode_game(two, GamePick::Only).unwrap_err().to_string();
        assert!(e.contains("2 games") && e.contains(":load FILE N"), "{e}");
        assert_eq!(decode_game(two, GamePick::Number(1)).unwrap().game.ply(), 1);
        assert_eq!(decode_game(two, GamePick::Number(2)).unwrap().game.ply(), 2);
        let e = decode_game(two, GamePick::Number(3))
            .unwrap_err()
            .to_string();
        assert!(e.contains("no game 3"), "{e}");
        let won = decode("[Result \"0-1\"]\n\n1. e4 e5 0-1\n").unwrap();
        assert_eq!(
            won.game.outcome().map(|o| o.to_string()).as_deref(),
            Some("Black wins by resignation"),
            "a finished game is not played on"
        );
        let e = decode("hello").unwrap_err();
        assert!(!e.to_string().is_empty());
        let e = decode("1. e4 e4 *\n").unwrap_err();
        assert!(format!("{e:#}").contains("e4"), "{e:#}");
    }

    /// Issue 25: `:load` reads a game as the game its `Variant` tag names, and `N` counts every
    /// game of the file (it counted only the games that read as chess: game 2 after a
    /// malformed game 1 was "no game 2", and game 2 of a file mixing the games was refused).
    #[test]
    fn load_picks_the_game_numbered_whatever_its_variant_or_the_games_before_it() {
        let pb = "[Variant \"Pawn Battle\"]\n[SetUp \"1\"]\n\
                  [FEN \"r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1\"]\n\
                  [TimeControl \"300+2\"]\n\n\
                  1. e4 { [%clk 0:04:50] } d5 { [%clk 0:04:41] } 2. exd5 *\n";
        let mixed = format!("[White \"A\"]\n\n1. e4 e5 *\n\n{pb}\n1. e4 e4 *\n\n1. d4 *\n");
        let Saved::PawnBattle(s) = decode_saved(&mixed, GamePick::Number(2)).unwrap() else {
            panic!("game 2 is Pawn Battle");
        };
        assert_eq!(s.game.ply(), 3);
        let clock = s.clock.expect("its TimeControl and [%clk] comments");
        assert_eq!(clock.control.to_string(), "5+2");
        let Saved::Chess(s) = decode_saved(&mixed, GamePick::Number(1)).unwrap() else {
            panic!("game 1 is chess");
        };
        assert_eq!(s.game.ply(), 2);
        // Game 3 is malformed: its own error, with its number and line; game 4 is still 4.
        let e = decode_saved(&mixed, GamePick::Number(3))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("game 3 (line 12): move 1... e4"), "{e}");
        assert_eq!(
            decode_saved(&mixed, GamePick::Number(4)).unwrap().ply(),
            1,
            "game 4 is 1. d4"
        );
        let e = decode_saved(&mixed, GamePick::Only)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("it holds 4 games") && e.contains(":load FILE N"),
            "{e}"
        );
        let e = decode_saved(&mixed, GamePick::Number(5))
            .unwrap_err()
            .to_string();
        assert!(e.contains("no game 5: it holds 4"), "{e}");
        // A variant we do not play: which game, which variant, what we play.
        let atomic = "[Variant \"Atomic\"]\n\n1. e4 *\n";
        let e = decode_saved(atomic, GamePick::Only)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("game 1: the variant \"Atomic\" is not supported")
                && e.contains("load a chess or a Pawn Battle game"),
            "{e}"
        );
        // A Pawn Battle move that is not legal says where.
        let bad = "[Variant \"Pawn Battle\"]\n\n1. e4 Nf6 *\n";
        let e = decode_saved(bad, GamePick::Only).unwrap_err().to_string();
        assert!(e.starts_with("game 1 (line 3): move 1... Nf6"), "{e}");
    }

    #[test]
    fn foreign_games_give_the_human_the_side_to_move() {
        let s = decode("[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
        assert_eq!(s.human, Color::Black);
        assert_eq!(s.level, 0);
        assert_eq!(s.game.ply(), 3);
    }

    #[test]
    fn pgn_names_the_players_and_dates_the_game() {
        let s = Snapshot {
            game: Game::new(),
            human: Color::Black,
            level: 4,
            clock: None,
        };
        let text = encode(&s);
        assert!(text.contains("[White \"kibitzer level 4\"]"), "{text}");
        assert!(text.contains("[Black \"You\"]"), "{text}");
        let epoch = std::time::UNIX_EPOCH;
        assert_eq!(date_tag(epoch), "1970.01.01");
        let leap = epoch + std::time::Duration::from_secs(951_782_400); // 2000-02-29
        assert_eq!(date_tag(leap), "2000.02.29");
    }
}

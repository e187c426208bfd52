//! Saving and loading games: the autosave, finished games, `:save`/`:load` and `--pgn`.
//!
//! Everything the TUI writes or reads is PGN through `crate::pgn`. The players' names record
//! who is who: the human is "You", the engine "kibitzer level N", so a resumed game knows the
//! human's colour and the level.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use shakmaty::Color;

use crate::game::Game;
use crate::pgn::{self, PgnGame, Tags};

/// What is saved about a game besides its moves.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The game (moves up to the cursor are saved).
    pub game: Game,
    /// The human's colour.
    pub human: Color,
    /// The engine level.
    pub level: u8,
}

impl PartialEq for Snapshot {
    fn eq(&self, other: &Self) -> bool {
        self.human == other.human
            && self.level == other.level
            && self.game.fen() == other.game.fen()
            && self.game.moves() == other.game.moves()
            && self.game.start_fen() == other.game.start_fen()
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
/// let lines = vec!["A developing move.".to_owned(), "score +0.30 for you".to_owned()];
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
    comment.starts_with(EXPLANATION_PREFIX)
}

/// The panel's lines from a comment written by [`explanation_comment`].
#[must_use]
pub fn read_explanation(comment: &str) -> Option<Vec<String>> {
    let text = comment.strip_prefix(EXPLANATION_PREFIX)?;
    Some(text.split(LINE_SEPARATOR).map(str::to_owned).collect())
}

/// The autosave file in the data directory.
pub fn autosave_path(data_dir: &Path) -> PathBuf {
    data_dir.join("autosave.pgn")
}

/// Writes `text` to `path` atomically (a temporary file renamed into place), creating the
/// directory, so a crash never leaves half a file.
///
/// # Errors
/// When the directory or file cannot be written.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// The game as PGN, with the players named and today's date.
pub fn encode(snapshot: &Snapshot) -> String {
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
    pgn::export(&snapshot.game, &tags)
}

/// Reads the last game of a PGN text. The human is the player called "You", else the side to
/// move (to continue someone else's game); the level comes from the engine's name (0 when
/// unknown: the configured level stays).
///
/// # Errors
/// The first import error (game number, line, move) when no game could be read.
pub fn decode(text: &str) -> Result<Snapshot> {
    let report = pgn::import(text);
    let Some(last) = report.games.into_iter().last() else {
        match report.errors.first() {
            Some(e) => bail!("{e}"),
            None => bail!("there is no game in it"),
        }
    };
    let PgnGame { tags, mut game, .. } = last.pgn;
    if tags.0.is_empty() && game.ply() == 0 {
        bail!("there is no game in it (no tags and no moves)");
    }
    // Games against the engine end by threefold repetition and the fifty-move rule.
    game.set_automatic_draws(true);
    let human = if tags.get("Black") == Some(HUMAN_NAME) {
        Color::Black
    } else if tags.get("White") == Some(HUMAN_NAME) {
        Color::White
    } else {
        game.turn()
    };
    let level_of = |name: Option<&str>| {
        name.and_then(|n| n.strip_prefix(ENGINE_PREFIX))
            .and_then(|l| l.trim().parse::<u8>().ok())
    };
    let level = level_of(tags.get("White"))
        .or_else(|| level_of(tags.get("Black")))
        .unwrap_or(0);
    Ok(Snapshot { game, human, level })
}

/// The PGN `Date` value (`YYYY.MM.DD`, UTC) of a time.
fn date_tag(time: std::time::SystemTime) -> String {
    let days = time
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
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
    format!("{year:04}.{month:02}.{day:02}")
}

/// Writes the autosave.
///
/// # Errors
/// When the file cannot be written.
pub fn write_autosave(data_dir: &Path, snapshot: &Snapshot) -> Result<()> {
    write_atomic(&autosave_path(data_dir), &encode(snapshot))
}

/// Reads the autosave, if there is one.
///
/// # Errors
/// When it exists but cannot be read or parsed.
pub fn read_autosave(data_dir: &Path) -> Result<Option<Snapshot>> {
    let path = autosave_path(data_dir);
    match std::fs::read_to_string(&path) {
        Ok(text) => decode(&text)
            .map(Some)
            .with_context(|| format!("cannot resume from {}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
}

/// Removes the autosave (the game finished or a fresh start was asked for).
///
/// # Errors
/// When it exists and cannot be removed.
pub fn clear_autosave(data_dir: &Path) -> Result<()> {
    let path = autosave_path(data_dir);
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(e).with_context(|| format!("cannot remove {}", path.display()))
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

/// Saves a game to `path`.
///
/// # Errors
/// When the file cannot be written.
pub fn save(path: &Path, snapshot: &Snapshot) -> Result<()> {
    write_atomic(path, &encode(snapshot))
}

/// Loads a game from a file (`:load`, `--pgn`).
///
/// # Errors
/// When the file cannot be read or parsed; the message names the file.
pub fn load(path: &Path) -> Result<Snapshot> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    decode(&text).with_context(|| format!("cannot load {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_moves_colour_and_start() {
        let mut game = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        game.play_text("e4").unwrap();
        game.play_text("Kd7").unwrap();
        let s = Snapshot {
            game,
            human: Color::Black,
            level: 7,
        };
        assert_eq!(decode(&encode(&s)).unwrap(), s);
    }

    #[test]
    fn autosave_write_read_clear() {
        let dir = tempfile::tempdir().unwrap();
        assert!(read_autosave(dir.path()).unwrap().is_none());
        let mut game = Game::new();
        game.play_text("e4").unwrap();
        let s = Snapshot {
            game,
            human: Color::White,
            level: 3,
        };
        write_autosave(dir.path(), &s).unwrap();
        assert_eq!(read_autosave(dir.path()).unwrap(), Some(s));
        clear_autosave(dir.path()).unwrap();
        assert!(read_autosave(dir.path()).unwrap().is_none());
    }

    #[test]
    fn bad_files_name_the_problem() {
        let e = decode("hello").unwrap_err();
        assert!(!e.to_string().is_empty());
        let e = decode("1. e4 e4 *\n").unwrap_err();
        assert!(format!("{e:#}").contains("e4"), "{e:#}");
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

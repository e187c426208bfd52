//! Saving and loading games: the autosave, finished games, `:save`/`:load` and `--pgn`.
//!
//! Everything that touches files for the TUI goes through this module, so switching the format
//! is one step. Until `crate::pgn` lands the files use a small interim text format (start FEN
//! and UCI moves); `:load`/`--pgn` then read that format too.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use shakmaty::Color;

use crate::game::Game;

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

const MAGIC: &str = "# kibitzer game v0";

/// The autosave file in the data directory.
pub fn autosave_path(data_dir: &Path) -> PathBuf {
    data_dir.join("autosave.kbz")
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

/// Serialises a game.
pub fn encode(snapshot: &Snapshot) -> String {
    let mut out = format!("{MAGIC}\n");
    let human = match snapshot.human {
        Color::White => "white",
        Color::Black => "black",
    };
    out.push_str(&format!("human {human}\nlevel {}\n", snapshot.level));
    if let Some(fen) = snapshot.game.start_fen() {
        out.push_str(&format!("fen {fen}\n"));
    }
    let moves: Vec<String> = snapshot
        .game
        .moves()
        .iter()
        .map(|m| m.uci().to_string())
        .collect();
    out.push_str(&format!("moves {}\n", moves.join(" ")));
    out
}

/// Reads a game written by [`encode`].
///
/// # Errors
/// A message naming the line that is wrong.
pub fn decode(text: &str) -> Result<Snapshot> {
    let mut lines = text.lines();
    if lines.next() != Some(MAGIC) {
        bail!("not a kibitzer game file (PGN files can be read once PGN support lands)");
    }
    let mut human = Color::White;
    let mut level = 0;
    let mut game = Game::new();
    for (n, line) in lines.enumerate() {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "human" => {
                human = if value == "black" {
                    Color::Black
                } else {
                    Color::White
                }
            }
            "level" => {
                level = value
                    .parse()
                    .with_context(|| format!("line {}: bad level {value:?}", n + 2))?;
            }
            "fen" => {
                game = Game::from_fen(value).with_context(|| format!("line {}", n + 2))?;
            }
            "moves" => {
                for mv in value.split_whitespace() {
                    game.play_text(mv)
                        .with_context(|| format!("line {}: move {mv}", n + 2))?;
                }
            }
            _ => {}
        }
    }
    Ok(Snapshot { game, human, level })
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
    let mut path = dir.join(format!("game-{secs}.kbz"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = dir.join(format!("game-{secs}-{n}.kbz"));
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
        assert!(e.to_string().contains("not a kibitzer game"));
        let e = decode(&format!("{MAGIC}\nmoves e2e4 e2e4\n")).unwrap_err();
        assert!(format!("{e:#}").contains("e2e4"), "{e:#}");
    }
}

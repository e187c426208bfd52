//! `kibitzer review FILE.pgn` on a terminal ([`run_file`]: the picker of a file of several
//! games, else the review of its game), run by the shell's loop (`crate::play::run_shell`).
//! The review screens' background work is [`super::workers::Workers`].

use std::fs::File;
use std::path::Path;

use anyhow::{Context, Result};

use super::Settings;
use crate::pgn;
use crate::shell::{Look, Shell};
use crate::tui::Tui;

pub use super::workers::read_game;

/// Whether the file holds more than one game (only the first two are looked at).
///
/// # Errors
/// The file cannot be opened.
pub fn has_several_games(path: &Path) -> Result<bool> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    Ok(pgn::nth(file, 2).is_some())
}

/// `kibitzer review FILE.pgn` on the terminal: game `game` when given or when the file holds a
/// single game, else the picker (leaving a review returns to it).
///
/// # Errors
/// The file or the game cannot be read, or the terminal cannot be used.
pub fn run_file(path: &Path, game: Option<usize>, settings: Settings, look: Look) -> Result<()> {
    let store = settings.store.clone();
    let direct = match game {
        Some(n) => Some(read_game(path, n)?),
        None if !has_several_games(path)? => Some(read_game(path, 1)?),
        None => None,
    };
    let (shell, first) = match direct {
        Some((game, message)) => Shell::review(game, message, settings, look),
        None => {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            );
            Shell::picker(path.to_path_buf(), &name, settings, look)
        }
    };
    let tui = Tui::enter().context("cannot set up the terminal")?;
    crate::play::run_shell(tui, shell, first, None, store)
}

//! Key presses for the shell in integration tests (the screens' tests drive it as the
//! terminal would).

use kibitzer::app::{Effect, Event};
use kibitzer::shell::Shell;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Presses one key (no modifier); returns the effects.
pub fn press(shell: &mut Shell, code: KeyCode) -> Vec<Effect> {
    shell.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// Types each character as a key press; returns all the effects.
pub fn typing(shell: &mut Shell, text: &str) -> Vec<Effect> {
    text.chars()
        .flat_map(|c| press(shell, KeyCode::Char(c)))
        .collect()
}

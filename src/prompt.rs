//! The one-line prompts of every screen (`:` commands, file names, a move number): the keys
//! of a line being typed ([`edit`]: Enter, Esc, Backspace and characters, the same on every
//! screen, so not in the keymap) and how long their text may grow. Pasting a megabyte into a prompt re-drew the whole text at every character (17 s of
//! processor time); a prompt now holds [`MAX_CHARS`] characters and says when it cut the rest.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a line being typed stands after a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typing {
    /// Enter: the line is finished.
    Done,
    /// Esc, or Backspace on an empty line.
    Cancelled,
    /// Still typing (a character added or removed, or a key that does nothing here).
    Editing,
}

/// Applies one key to a line being typed: Enter finishes it, Esc (or Backspace on an empty
/// line) cancels it, Backspace removes a character, a character is added (unless the line is
/// full: [`push`]); Ctrl with a character does nothing.
pub fn edit(line: &mut String, key: KeyEvent) -> Typing {
    match key.code {
        KeyCode::Enter => Typing::Done,
        KeyCode::Esc => Typing::Cancelled,
        KeyCode::Backspace if line.pop().is_none() => Typing::Cancelled,
        KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
            // A full prompt drops the character (its line says so).
            push(line, c);
            Typing::Editing
        }
        _ => Typing::Editing,
    }
}

/// The most characters a prompt holds: far more than any command, move or file name.
pub const MAX_CHARS: usize = 256;

/// What a full prompt says beside its text (the characters typed or pasted beyond
/// [`MAX_CHARS`] were dropped).
pub const CUT: &str = "the prompt holds 256 characters: the rest was dropped (esc clears it)";

/// Appends `c` to `line` unless the line already holds [`MAX_CHARS`] characters; returns
/// whether it was appended.
///
/// ```
/// let mut line = "x".repeat(kibitzer::prompt::MAX_CHARS - 1);
/// assert!(kibitzer::prompt::push(&mut line, 'y'));
/// assert!(!kibitzer::prompt::push(&mut line, 'z'));
/// assert!(line.ends_with('y'));
/// ```
pub fn push(line: &mut String, c: char) -> bool {
    if is_full(line) {
        return false;
    }
    line.push(c);
    true
}

/// Whether `line` holds [`MAX_CHARS`] characters (so that more would be dropped).
pub fn is_full(line: &str) -> bool {
    // The byte length bounds the character count from above: most lines are settled at once.
    line.len() >= MAX_CHARS && line.chars().count() >= MAX_CHARS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_edit_a_line() {
        let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
        let mut line = String::new();
        assert_eq!(edit(&mut line, key(KeyCode::Char('a'))), Typing::Editing);
        assert_eq!(edit(&mut line, key(KeyCode::Backspace)), Typing::Editing);
        assert_eq!(edit(&mut line, key(KeyCode::Backspace)), Typing::Cancelled);
        assert_eq!(edit(&mut line, key(KeyCode::Char('b'))), Typing::Editing);
        assert_eq!(
            edit(
                &mut line,
                KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)
            ),
            Typing::Editing
        );
        assert_eq!(line, "b");
        assert_eq!(edit(&mut line, key(KeyCode::Enter)), Typing::Done);
        assert_eq!(edit(&mut line, key(KeyCode::Esc)), Typing::Cancelled);
    }

    #[test]
    fn the_message_names_the_limit() {
        assert!(CUT.contains(&MAX_CHARS.to_string()));
    }

    #[test]
    fn multibyte_characters_count_as_one() {
        let mut line = "é".repeat(MAX_CHARS - 1);
        assert!(!is_full(&line));
        assert!(push(&mut line, 'é'));
        assert!(is_full(&line));
        assert!(!push(&mut line, 'é'));
        assert_eq!(line.chars().count(), MAX_CHARS);
    }
}

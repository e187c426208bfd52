//! The one-line prompts of every screen (`:` commands, file names): how long their text may
//! grow. Pasting a megabyte into a prompt re-drew the whole text at every character (17 s of
//! processor time); a prompt now holds [`MAX_CHARS`] characters and says when it cut the rest.

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

//! Input quoted back in messages: every error that repeats what the user (or a file, or a GUI)
//! sent goes through [`echo`], so a 600 KB line or an escape sequence never reaches the
//! terminal or a UCI log whole.

/// The most characters of input repeated in a message.
pub const MAX_ECHO_CHARS: usize = 80;

/// `input` made safe to print: control characters (ESC, NUL, CR, …) escaped as `\u{1b}`-style
/// codes, and cut after [`MAX_ECHO_CHARS`] characters with "…" and the full length.
///
/// ```
/// use kibitzer::echo::echo;
/// assert_eq!(echo("e2e4"), "e2e4");
/// assert_eq!(echo("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
/// let long = "x".repeat(1000);
/// assert_eq!(echo(&long), format!("{}… (1000 characters)", "x".repeat(80)));
/// ```
#[must_use]
pub fn echo(input: &str) -> String {
    let mut out = String::new();
    for (count, c) in input.chars().enumerate() {
        if count == MAX_ECHO_CHARS {
            out.push_str(&format!("… ({} characters)", input.chars().count()));
            return out;
        }
        if c.is_control() {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// A message written by a library (toml, serde) that quotes input between backticks or double
/// quotes: each quoted part goes through [`echo`]; the rest is kept.
///
/// ```
/// use kibitzer::echo::echo_quoted;
/// assert_eq!(echo_quoted("unknown key `a\u{1b}b`, expected `x`"), "unknown key `a\\u{1b}b`, expected `x`");
/// let long = format!("value \"{}\" is wrong", "y".repeat(200));
/// assert!(echo_quoted(&long).len() < 120);
/// ```
#[must_use]
pub fn echo_quoted(message: &str) -> String {
    let mut out = String::new();
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&echo(part));
        } else {
            for (j, inner) in part.split('"').enumerate() {
                if j > 0 {
                    out.push('"');
                }
                if j % 2 == 1 {
                    out.push_str(&echo(inner));
                } else {
                    out.push_str(&echo_all(inner));
                }
            }
        }
    }
    out
}

/// Control characters escaped, nothing cut (our own words around quoted input).
fn echo_all(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_unicode().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// Bytes that are not UTF-8 text, shown as text with each bad byte as `\xNN` (then [`echo`]).
///
/// ```
/// use kibitzer::echo::echo_bytes;
/// assert_eq!(echo_bytes(b"go \xff"), "go \\xff");
/// ```
#[must_use]
pub fn echo_bytes(input: &[u8]) -> String {
    let mut text = String::new();
    for chunk in input.utf8_chunks() {
        text.push_str(chunk.valid());
        for b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02x}"));
        }
    }
    echo(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_never_pass_through() {
        for c in (0u8..32).chain([127]) {
            let text = format!("a{}b", c as char);
            assert!(!echo(&text).chars().any(char::is_control), "{c}");
        }
    }

    #[test]
    fn cut_counts_characters_not_bytes() {
        let long = "é".repeat(200);
        let e = echo(&long);
        assert!(e.starts_with(&"é".repeat(80)));
        assert!(e.ends_with("(200 characters)"));
        assert_eq!(echo(&"é".repeat(80)), "é".repeat(80));
    }
}

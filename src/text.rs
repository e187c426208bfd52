//! Plain-text helpers shared by the terminal screens and the shared images.

/// `text` cut into lines of at most `width` characters at spaces (a longer word has a line of
/// its own).
///
/// ```
/// use kibitzer::text::wrap;
/// assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
/// assert_eq!(wrap("", 6), [""]);
/// ```
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if line.is_empty() {
            line.push_str(word);
        } else if line.chars().count() + 1 + word.chars().count() <= width {
            line.push(' ');
            line.push_str(word);
        } else {
            lines.push(word.to_owned());
        }
    }
    lines
}

//! PGN text helpers shared by the integration tests.

/// The text without its `{…}` comments, whitespace runs made single spaces.
#[allow(dead_code)]
pub fn without_comments(pgn: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in pgn.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

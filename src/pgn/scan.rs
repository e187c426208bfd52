//! Where things are in PGN text. pgn-reader parses but does not report positions, so this
//! module splits a stream into games by pgn-reader's own rules (a game's movetext ends at a
//! blank line or at a line starting with `[`, outside comments) and, for error messages, finds
//! the line of each main-line move the way pgn-reader tokenises the movetext.

use std::io::{self, BufRead};

use shakmaty::san::SanPlus;

/// The text of one game and where it starts in the stream.
#[derive(Debug, Clone)]
pub(crate) struct Chunk {
    /// The game's bytes: tags, then movetext.
    pub text: Vec<u8>,
    /// The 1-based line of the game's first byte.
    pub first_line: usize,
    /// Where the movetext starts in `text`.
    pub movetext_offset: usize,
    /// The 1-based line where the movetext starts.
    pub movetext_line: usize,
}

impl Chunk {
    /// The line of the first tag called `name`, if any.
    pub fn tag_line(&self, name: &str) -> Option<usize> {
        let prefix = format!("[{name} ");
        self.text[..self.movetext_offset]
            .split(|&b| b == b'\n')
            .position(|line| line.trim_ascii_start().starts_with(prefix.as_bytes()))
            .map(|i| self.first_line + i)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Start,
    Tags,
    Movetext,
}

/// Splits a PGN stream into [`Chunk`]s, one per game, counting lines.
#[derive(Debug)]
pub(crate) struct Splitter<R> {
    reader: R,
    /// Lines read so far.
    line: usize,
    /// A line already read that starts the next game.
    pending: Option<Vec<u8>>,
}

impl<R: BufRead> Splitter<R> {
    /// A splitter reading from `reader`.
    pub fn new(reader: R) -> Self {
        Splitter {
            reader,
            line: 0,
            pending: None,
        }
    }

    /// The number of lines read so far.
    pub fn lines_read(&self) -> usize {
        self.line
    }

    fn next_line(&mut self) -> io::Result<Option<(Vec<u8>, usize)>> {
        if let Some(line) = self.pending.take() {
            return Ok(Some((line, self.line)));
        }
        let mut line = Vec::new();
        if self.reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        self.line += 1;
        if self.line == 1
            && let Some(rest) = line.strip_prefix(b"\xef\xbb\xbf")
        {
            line = rest.to_vec();
        }
        Ok(Some((line, self.line)))
    }

    /// The next game's text, or `None` at the end of the stream.
    ///
    /// # Errors
    /// An I/O error from the underlying reader.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let mut chunk = Chunk {
            text: Vec::new(),
            first_line: 0,
            movetext_offset: 0,
            movetext_line: 0,
        };
        let mut phase = Phase::Start;
        let mut in_comment = false;
        while let Some((line, number)) = self.next_line()? {
            let first = line.trim_ascii_start().first().copied();
            match phase {
                Phase::Start => {
                    if first.is_none() || first == Some(b'%') {
                        continue;
                    }
                    chunk.first_line = number;
                    if first == Some(b'[') {
                        phase = Phase::Tags;
                    } else {
                        phase = Phase::Movetext;
                        chunk.movetext_line = number;
                        in_comment = comment_open_after(&line, false);
                    }
                }
                Phase::Tags => {
                    if first.is_some() && first != Some(b'[') && first != Some(b'%') {
                        phase = Phase::Movetext;
                        chunk.movetext_offset = chunk.text.len();
                        chunk.movetext_line = number;
                        in_comment = comment_open_after(&line, false);
                    }
                }
                Phase::Movetext => {
                    let blank = matches!(line.as_slice(), b"\n" | b"\r\n" | b"\r");
                    // An unterminated comment must not swallow the rest of the file.
                    let next_game =
                        line.starts_with(b"[") && (!in_comment || line.starts_with(b"[Event "));
                    if next_game {
                        self.pending = Some(line);
                        break;
                    }
                    if blank && !in_comment {
                        break;
                    }
                    if !line.starts_with(b"%") || in_comment {
                        in_comment = comment_open_after(&line, in_comment);
                    }
                }
            }
            chunk.text.extend_from_slice(&line);
        }
        Ok(match phase {
            Phase::Start => None,
            Phase::Tags => {
                chunk.movetext_offset = chunk.text.len();
                chunk.movetext_line = self.line + 1;
                Some(chunk)
            }
            Phase::Movetext => Some(chunk),
        })
    }
}

/// Whether a `{` comment is still open at the end of `line`.
fn comment_open_after(line: &[u8], mut in_comment: bool) -> bool {
    for &b in line {
        if in_comment {
            in_comment = b != b'}';
        } else if b == b'{' {
            in_comment = true;
        } else if b == b';' {
            break;
        }
    }
    in_comment
}

/// A main-line token as pgn-reader reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    /// A move pgn-reader passes to the visitor.
    San {
        /// As written.
        text: String,
        /// 1-based line.
        line: usize,
    },
    /// Text pgn-reader drops silently because it is not a move (nor a number, NAG, result…).
    Junk {
        /// As written.
        text: String,
        /// 1-based line.
        line: usize,
    },
    /// A `{` without its `}`.
    UnterminatedComment {
        /// 1-based line of the `{`.
        line: usize,
    },
    /// A `(` without its `)`: pgn-reader skips everything after it as a variation.
    UnclosedVariation {
        /// 1-based line of the `(`.
        line: usize,
    },
}

fn is_token_end(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'.'
            | b'*'
    )
}

/// A cursor over movetext bytes that counts lines.
struct Cursor<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.text.get(self.at + ahead).copied()
    }

    fn bump(&mut self) {
        if self.peek() == Some(b'\n') {
            self.line += 1;
        }
        self.at += 1;
    }

    fn eat(&mut self, bytes: &[u8]) -> bool {
        if self.text[self.at..].starts_with(bytes) {
            for _ in 0..bytes.len() {
                self.bump();
            }
            true
        } else {
            false
        }
    }

    fn eat_dash(&mut self) -> bool {
        self.eat(b"-") || self.eat("–".as_bytes()) || self.eat("—".as_bytes())
    }

    /// Moves to the next `byte` (not consumed); to the end when there is none.
    fn skip_until(&mut self, byte: u8) {
        while let Some(b) = self.peek() {
            if b == byte {
                return;
            }
            self.bump();
        }
    }

    /// Moves past the next `byte`; returns false when there is none.
    fn skip_until_after(&mut self, byte: u8) -> bool {
        self.skip_until(byte);
        let found = self.peek().is_some();
        if found {
            self.bump();
        }
        found
    }

    fn skip_token(&mut self) {
        while self.peek().is_some_and(|b| !is_token_end(b)) {
            self.bump();
        }
    }

    fn skip_digits(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.bump();
        }
    }

    fn skip_dots_and_spaces(&mut self) {
        while matches!(self.peek(), Some(b'.' | b' ')) {
            self.bump();
        }
    }

    /// Skips a variation after its `(`, as pgn-reader does: up to the matching `)` (not
    /// consumed), or to the end of the game.
    fn skip_variation(&mut self) {
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            match b {
                b'(' => {
                    self.bump();
                    depth += 1;
                }
                b')' => match depth.checked_sub(1) {
                    Some(d) => {
                        self.bump();
                        depth = d;
                    }
                    None => break,
                },
                b'{' => {
                    self.bump();
                    self.skip_until_after(b'}');
                }
                b';' => {
                    self.bump();
                    self.skip_until(b'\n');
                }
                b'\n' => match self.peek_at(1) {
                    Some(b'%') => {
                        self.bump();
                        self.bump();
                        self.skip_until(b'\n');
                    }
                    Some(b'[' | b'\n') => break,
                    Some(b'\r') if self.peek_at(2) == Some(b'\n') => break,
                    _ => self.bump(),
                },
                _ => self.bump(),
            }
        }
    }

    fn text_between(&self, start: usize, end: usize) -> String {
        String::from_utf8_lossy(&self.text[start..end]).into_owned()
    }
}

/// The main-line moves and junk of a game's movetext, in order, with their lines. Mirrors
/// pgn-reader's `read_movetext` with variations skipped, so the n-th [`Token::San`] is the
/// n-th move the visitor sees.
pub(crate) fn movetext_tokens(chunk: &Chunk) -> Vec<Token> {
    let mut c = Cursor {
        text: &chunk.text[chunk.movetext_offset..],
        at: 0,
        line: chunk.movetext_line,
    };
    let mut tokens = Vec::new();
    while let Some(b) = c.peek() {
        match b {
            b'{' => {
                let line = c.line;
                c.bump();
                if !c.skip_until_after(b'}') {
                    tokens.push(Token::UnterminatedComment { line });
                    break;
                }
            }
            b'\n' => {
                c.bump();
                match c.peek() {
                    Some(b'%') => {
                        c.bump();
                        c.skip_until(b'\n');
                    }
                    Some(b'[' | b'\n') => break,
                    Some(b'\r') => {
                        c.bump();
                        if c.peek() == Some(b'\n') {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            b';' => {
                c.bump();
                c.skip_until(b'\n');
            }
            b'0' => {
                let (start, line) = (c.at, c.line);
                c.bump();
                if c.eat_dash() && !c.eat(b"1") && c.eat(b"0") {
                    if c.eat_dash() {
                        c.eat(b"0");
                    }
                    if matches!(c.peek(), Some(b'+' | b'#')) {
                        c.bump();
                    }
                    tokens.push(Token::San {
                        text: c.text_between(start, c.at),
                        line,
                    });
                }
            }
            b'1' => {
                c.bump();
                if c.eat_dash() {
                    c.eat(b"0");
                } else if c.eat(b"/2") && c.eat_dash() && c.eat(b"1/2") {
                } else {
                    c.skip_digits();
                    c.skip_dots_and_spaces();
                }
            }
            0xc2 => {
                c.bump();
                let _ = c.eat(b"\xbd") && c.eat_dash() && c.eat("½".as_bytes());
            }
            b'2'..=b'9' => {
                c.bump();
                c.skip_digits();
                c.skip_dots_and_spaces();
            }
            b'(' => {
                let line = c.line;
                c.bump();
                c.skip_variation();
                if c.peek() != Some(b')') {
                    tokens.push(Token::UnclosedVariation { line });
                }
            }
            b'$' => {
                c.bump();
                c.skip_token();
            }
            b')' | b'!' | b'?' | b'*' | b' ' | b'\t' | b'\r' | b'.' => c.bump(),
            _ => {
                let (start, line) = (c.at, c.line);
                match SanPlus::from_ascii_prefix(&c.text[c.at..]) {
                    Ok((_, used)) => {
                        c.at += used;
                        if c.peek().is_none_or(is_token_end) {
                            tokens.push(Token::San {
                                text: c.text_between(start, c.at),
                                line,
                            });
                        } else {
                            // pgn-reader drops the prefix and reads on after it.
                            let mut end = c.at;
                            while c.text.get(end).is_some_and(|&b| !is_token_end(b)) {
                                end += 1;
                            }
                            tokens.push(Token::Junk {
                                text: c.text_between(start, end),
                                line,
                            });
                        }
                    }
                    Err(_) => {
                        c.bump();
                        c.skip_token();
                        tokens.push(Token::Junk {
                            text: c.text_between(start, c.at),
                            line,
                        });
                    }
                }
            }
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str) -> Vec<Chunk> {
        let mut s = Splitter::new(text.as_bytes());
        let mut out = Vec::new();
        while let Some(c) = s.next_chunk().unwrap() {
            out.push(c);
        }
        out
    }

    fn text(c: &Chunk) -> &str {
        std::str::from_utf8(&c.text).unwrap()
    }

    #[test]
    fn games_without_blank_lines_between_them() {
        let cs = chunks("[A \"1\"]\n\n1. e4 1-0\n[B \"2\"]\n[C \"3\"]\n\n1. d4\nd5 *\n");
        assert_eq!(cs.len(), 2);
        assert_eq!(text(&cs[0]), "[A \"1\"]\n\n1. e4 1-0\n");
        assert_eq!((cs[0].first_line, cs[0].movetext_line), (1, 3));
        assert_eq!(text(&cs[1]), "[B \"2\"]\n[C \"3\"]\n\n1. d4\nd5 *\n");
        assert_eq!((cs[1].first_line, cs[1].movetext_line), (4, 7));
        assert_eq!(cs[1].tag_line("C"), Some(5));
        assert_eq!(cs[1].tag_line("D"), None);
    }

    #[test]
    fn blank_line_ends_movetext_but_not_inside_a_comment() {
        let cs = chunks("\n\n1. e4 {a\n\nb} e5\n\n1. d4 *\n");
        assert_eq!(cs.len(), 2);
        assert_eq!(text(&cs[0]), "1. e4 {a\n\nb} e5\n");
        assert_eq!(cs[0].first_line, 3);
        assert_eq!(text(&cs[1]), "1. d4 *\n");
        assert_eq!(cs[1].first_line, 7);
    }

    #[test]
    fn an_unterminated_comment_stops_at_the_next_event_tag() {
        let cs = chunks("[Event \"a\"]\n1. e4 {oops\n[Event \"b\"]\n1. d4 *\n");
        assert_eq!(cs.len(), 2);
        assert_eq!(cs[1].first_line, 3);
    }

    #[test]
    fn tokens_with_lines() {
        let cs = chunks(
            "[Event \"x\"]\n\n1.e4 e5 {c\nc} 2. Nf3 (2. f4 exf4\n3. Nf3) Nc6 $1 3.Bb5 ; rest\n\
             a6?! 4. Bxc6 dxc6 5.O-O Zz9 6.0-0-0+ 1-0\n",
        );
        let toks = movetext_tokens(&cs[0]);
        let sans: Vec<(String, usize)> = toks
            .iter()
            .filter_map(|t| match t {
                Token::San { text, line } => Some((text.clone(), *line)),
                _ => None,
            })
            .collect();
        let expect = [
            ("e4", 3),
            ("e5", 3),
            ("Nf3", 4),
            ("Nc6", 5),
            ("Bb5", 5),
            ("a6", 6),
            ("Bxc6", 6),
            ("dxc6", 6),
            ("O-O", 6),
            ("0-0-0+", 6),
        ];
        let expect: Vec<(String, usize)> =
            expect.iter().map(|(s, l)| (s.to_string(), *l)).collect();
        assert_eq!(sans, expect);
        assert!(toks.contains(&Token::Junk {
            text: "Zz9".to_owned(),
            line: 6
        }));
    }

    #[test]
    fn unterminated_comment_token() {
        let cs = chunks("1. e4\n{never closed\n");
        assert_eq!(
            movetext_tokens(&cs[0]).last(),
            Some(&Token::UnterminatedComment { line: 2 })
        );
    }
}

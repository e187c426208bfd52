//! The `:` prompt: a typed command, or else a move.

use std::path::PathBuf;

use super::persist::GamePick;
use crate::engine::Level;

/// What the prompt text asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `:new`: a new game with the current settings.
    New,
    /// `:flip`: turn the board around.
    Flip,
    /// `:level N`: set the engine level for the next search.
    Level(u8),
    /// `:fen`: show the current FEN.
    ShowFen,
    /// `:fen <FEN>`: set up a position.
    SetFen(String),
    /// `:save [PATH]`: save the game as PGN (default: a new file in the data directory).
    Save(Option<PathBuf>),
    /// `:load PATH [N]`: load a game from a PGN file (game N of a file of several).
    Load(PathBuf, GamePick),
    /// `:resign`.
    Resign,
    /// `:draw`: offer the engine a draw.
    Draw,
    /// `:pgn`: show the game's PGN and copy it to the clipboard.
    Pgn,
    /// `:quit` or `:q`.
    Quit,
    /// `:hint`.
    Hint,
    /// `:help`.
    Help,
    /// `:edit`: open the board editor on the position shown.
    Edit,
    /// `:feedback VERDICT [NOTE]`: feedback on the explanation shown (the text after the word,
    /// read by [`crate::feedback::answer`]).
    Feedback(String),
    /// Anything else is a move in SAN or UCI.
    Move(String),
}

/// Parses prompt text.
///
/// # Errors
/// A message for a known command with bad arguments (`:level` without a number 1–10,
/// `:load` without a path).
///
/// ```
/// use kibitzer::app::command::{parse, Command};
/// assert_eq!(parse("level 4"), Ok(Command::Level(4)));
/// assert_eq!(parse("Nf3"), Ok(Command::Move("Nf3".into())));
/// ```
pub fn parse(text: &str) -> Result<Command, String> {
    let text = text.trim();
    let (word, rest) = match text.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (text, ""),
    };
    let no_args = |c: Command| {
        if rest.is_empty() {
            Ok(c)
        } else {
            Err(crate::i18n::tr(
                "command-no-argument",
                &[("command", word.into())],
            ))
        }
    };
    match word {
        "new" => no_args(Command::New),
        "flip" => no_args(Command::Flip),
        "resign" => no_args(Command::Resign),
        "draw" => no_args(Command::Draw),
        "pgn" => no_args(Command::Pgn),
        "quit" | "q" => no_args(Command::Quit),
        "hint" => no_args(Command::Hint),
        "help" => no_args(Command::Help),
        "edit" => no_args(Command::Edit),
        "feedback" => Ok(Command::Feedback(rest.to_owned())),
        "level" => match rest.parse::<u8>() {
            Ok(n) if Level::RANGE.contains(&n) => Ok(Command::Level(n)),
            _ => Err(crate::i18n::tr(
                "command-level-range",
                &[
                    ("min", Level::MIN.into()),
                    ("max", Level::MAX.into()),
                    ("text", crate::echo::echo(rest).into()),
                ],
            )),
        },
        "fen" if rest.is_empty() => Ok(Command::ShowFen),
        "fen" => Ok(Command::SetFen(rest.to_owned())),
        "save" if rest.is_empty() => Ok(Command::Save(None)),
        "save" => Ok(Command::Save(Some(PathBuf::from(rest)))),
        "load" if rest.is_empty() => Err(crate::i18n::t("command-load-path")),
        "load" => Ok(match rest.rsplit_once(' ') {
            Some((path, n)) if !path.trim().is_empty() && n.parse::<usize>().is_ok() => {
                Command::Load(
                    PathBuf::from(path.trim_end()),
                    n.parse().map_or(GamePick::Only, GamePick::Number),
                )
            }
            _ => Command::Load(PathBuf::from(rest), GamePick::Only),
        }),
        _ => Ok(Command::Move(text.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse("new"), Ok(Command::New));
        assert_eq!(parse(" flip "), Ok(Command::Flip));
        assert_eq!(parse("q"), Ok(Command::Quit));
        assert_eq!(parse("fen"), Ok(Command::ShowFen));
        assert_eq!(
            parse("fen 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Ok(Command::SetFen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()))
        );
        assert_eq!(parse("save"), Ok(Command::Save(None)));
        assert_eq!(
            parse("save /tmp/x.pgn"),
            Ok(Command::Save(Some("/tmp/x.pgn".into())))
        );
        assert!(parse("load").is_err());
        assert!(parse("level 11").unwrap_err().contains("1 to 10"));
        assert!(parse("flip now").is_err());
        assert_eq!(parse("e7e8q"), Ok(Command::Move("e7e8q".into())));
        assert_eq!(parse("O-O"), Ok(Command::Move("O-O".into())));
    }
}

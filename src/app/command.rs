//! The `:` prompt: a typed command, or else a move.

use std::path::PathBuf;

use crate::engine::Level;

/// Which game of a PGN text to read (`:load FILE N`; read by `persist`, which names the
/// command in its messages: the type lives here so that the command does not depend on it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GamePick {
    /// The last one (the autosave, which holds one game).
    Last,
    /// The only one: a file of several games is refused with a message saying how to pick one.
    Only,
    /// The game with this number (1 = the first).
    Number(usize),
}

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

/// The commands, by their English names (typed in every language). Each language's own
/// names are data: the message `command-name-ID` of the catalogue (`assets/i18n/*/commands.ftl`),
/// one or more words separated by spaces, the first the one help and messages show.
pub const NAMES: [&str; 14] = [
    "new", "flip", "level", "fen", "save", "load", "resign", "draw", "pgn", "quit", "hint", "help",
    "edit", "feedback",
];

/// The name of the command `id` (one of [`NAMES`]) in the language spoken, as help and
/// messages write it: `save` is `salvar` in Portuguese.
///
/// ```
/// use kibitzer::i18n::{with, Lang};
/// use kibitzer::app::command::name;
/// assert_eq!(with(Lang::PtBr, || name("level")), "nível");
/// assert_eq!(with(Lang::En, || name("level")), "level");
/// ```
#[must_use]
pub fn name(id: &str) -> String {
    let names = crate::i18n::t(&format!("command-name-{id}"));
    names.split_whitespace().next().unwrap_or(id).to_owned()
}

/// The command `word` names, by its English name: an English name (and `q`) in every
/// language, else one of the names of the language spoken, read without case or accents
/// (`nivel`, `Nível`). `None` for any other word (a move).
///
/// ```
/// use kibitzer::i18n::{with, Lang};
/// use kibitzer::app::command::command_of;
/// assert_eq!(with(Lang::PtBr, || command_of("girar")), Some("flip"));
/// assert_eq!(with(Lang::PtBr, || command_of("flip")), Some("flip"));
/// assert_eq!(with(Lang::En, || command_of("girar")), None);
/// ```
#[must_use]
pub fn command_of(word: &str) -> Option<&'static str> {
    if word == "q" {
        return Some("quit");
    }
    if let Some(id) = NAMES.iter().find(|id| **id == word) {
        return Some(id);
    }
    if crate::i18n::current() == crate::i18n::Lang::En {
        return None;
    }
    let word = fold(word);
    NAMES.iter().copied().find(|id| {
        crate::i18n::t(&format!("command-name-{id}"))
            .split_whitespace()
            .any(|n| fold(n) == word)
    })
}

/// A word without case and accents: `Nível` is `nivel`, `opinião` is `opiniao`.
fn fold(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' => 'a',
            'é' | 'ê' => 'e',
            'í' => 'i',
            'ó' | 'ô' | 'õ' => 'o',
            'ú' | 'ü' => 'u',
            'ç' => 'c',
            c => c,
        })
        .collect()
}

/// Parses prompt text: a command by its English name or, in another language, by its own
/// name ([`command_of`]), else a move.
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
    let Some(id) = command_of(word) else {
        return Ok(Command::Move(text.to_owned()));
    };
    match id {
        "new" => no_args(Command::New),
        "flip" => no_args(Command::Flip),
        "resign" => no_args(Command::Resign),
        "draw" => no_args(Command::Draw),
        "pgn" => no_args(Command::Pgn),
        "quit" => no_args(Command::Quit),
        "hint" => no_args(Command::Hint),
        "help" => no_args(Command::Help),
        "edit" => no_args(Command::Edit),
        "feedback" => Ok(Command::Feedback(rest.to_owned())),
        "level" => match rest.parse::<u8>() {
            Ok(n) if Level::RANGE.contains(&n) => Ok(Command::Level(n)),
            _ => Err(crate::i18n::tr(
                "command-level-range",
                &[
                    ("command", name("level").into()),
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
        "load" if rest.is_empty() => Err(crate::i18n::tr(
            "command-load-path",
            &[("command", name("load").into())],
        )),
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

    #[test]
    fn portuguese_names_with_or_without_accents_and_english_always() {
        use crate::i18n::{Lang, with};
        with(Lang::PtBr, || {
            assert_eq!(parse("nível 4"), Ok(Command::Level(4)));
            assert_eq!(parse("nivel 4"), Ok(Command::Level(4)));
            assert_eq!(parse("level 4"), Ok(Command::Level(4)));
            assert_eq!(parse("girar"), Ok(Command::Flip));
            assert_eq!(parse("nova"), Ok(Command::New));
            assert_eq!(parse("salvar"), Ok(Command::Save(None)));
            assert_eq!(
                parse("abrir /tmp/x.pgn 2"),
                Ok(Command::Load("/tmp/x.pgn".into(), GamePick::Number(2)))
            );
            assert_eq!(
                parse("carregar /tmp/x.pgn"),
                Ok(Command::Load("/tmp/x.pgn".into(), GamePick::Only))
            );
            assert_eq!(parse("abandonar"), Ok(Command::Resign));
            assert_eq!(parse("empate"), Ok(Command::Draw));
            assert_eq!(parse("sair"), Ok(Command::Quit));
            assert_eq!(parse("q"), Ok(Command::Quit));
            assert_eq!(parse("dica"), Ok(Command::Hint));
            assert_eq!(parse("ajuda"), Ok(Command::Help));
            assert_eq!(parse("editar"), Ok(Command::Edit));
            assert_eq!(
                parse("opiniao e bom"),
                Ok(Command::Feedback("e bom".into()))
            );
            // A Portuguese move is still a move.
            assert_eq!(parse("Cf3"), Ok(Command::Move("Cf3".into())));
            // The errors name the Portuguese form.
            let err = parse("nivel 11").unwrap_err();
            assert!(err.starts_with(":nível aceita"), "{err}");
            assert!(parse("abrir").unwrap_err().starts_with(":abrir"));
            assert!(parse("girar agora").unwrap_err().starts_with(":girar"));
        });
        // Portuguese names are not commands in English: "sair" would be a move (refused).
        with(Lang::En, || {
            assert_eq!(parse("girar"), Ok(Command::Move("girar".into())));
            assert_eq!(parse("level 4"), Ok(Command::Level(4)));
        });
    }

    #[test]
    fn every_command_has_a_name_in_every_language_and_no_name_is_two_commands() {
        use crate::i18n::{LANGS, with};
        for lang in LANGS {
            with(lang, || {
                let mut seen = std::collections::HashSet::new();
                for id in NAMES {
                    let names = crate::i18n::t(&format!("command-name-{id}"));
                    assert_ne!(
                        names,
                        format!("command-name-{id}"),
                        "{lang}: {id} has no name"
                    );
                    for n in names.split_whitespace() {
                        assert!(seen.insert(fold(n)), "{lang}: {n} names two commands");
                        assert_eq!(command_of(n), Some(id), "{lang}: {n}");
                    }
                }
            });
        }
    }
}

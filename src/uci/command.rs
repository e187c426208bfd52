//! UCI input as types: each line is parsed once ([`UciCommand`]'s `FromStr`) and the session
//! matches on the result. A malformed line is an `Err` with the message the session prints after
//! `info string error: `; it never reaches the session's state. A `position` is read in the
//! variant the session plays (`UCI_Variant`, [`UciCommand::parse`]).

use std::str::FromStr;
use std::time::Duration;

use shakmaty::uci::UciMove;

use crate::echo::echo;
use crate::engine::SearchLimits;
use crate::game::{Game, PlayError};
use crate::variant::pawn_battle::PawnBattle;
use crate::variant::{Variant, VariantPosition, game_of, with_game};

/// One line from the GUI.
#[derive(Debug, Clone)]
pub enum UciCommand {
    /// A blank line (ignored).
    Empty,
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name <id> [value <x>]`; `value` is `Some("")` when the word `value` came with
    /// nothing after it.
    SetOption {
        /// The option's name as sent (checked against the options table by the session).
        name: String,
        /// The value, if the word `value` was sent.
        value: Option<String>,
    },
    /// `register …`: kibitzer needs no registration, so it is accepted and ignored.
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen <FEN> [moves …]`: the game those moves make in the session's
    /// variant, every move played through [`Game::play`].
    Position(UciGame),
    /// `go …`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `eval` (kibitzer's own): the evaluation of the position, term by term.
    Eval,
}

/// The game of a `position` command, in the variant the session plays.
#[derive(Debug, Clone)]
pub enum UciGame {
    /// A game of chess.
    Chess(Box<Game>),
    /// A game of Pawn Battle (`UCI_Variant pawnbattle`).
    PawnBattle(Box<Game<PawnBattle>>),
}

impl UciGame {
    /// The start position of `variant` (`position startpos`, `ucinewgame`).
    #[must_use]
    pub fn start(variant: Variant) -> UciGame {
        with_game!(variant, P => UciGame::from(Box::<Game<P>>::default()))
    }

    /// Parses `startpos|fen <FEN> [moves …]` in `variant` (see [`parse_game`]).
    ///
    /// # Errors
    /// As [`parse_game`].
    pub fn parse(args: &str, variant: Variant) -> Result<UciGame, String> {
        Ok(with_game!(variant, P => UciGame::from(Box::new(parse_game::<P>(args)?))))
    }

    /// The game's variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        game_of!(self, UciGame)
    }
}

impl From<Box<Game>> for UciGame {
    fn from(game: Box<Game>) -> UciGame {
        UciGame::Chess(game)
    }
}

impl FromStr for UciCommand {
    type Err = String;

    /// Parses one line of a chess session (without its line break): [`UciCommand::parse`] in
    /// chess.
    ///
    /// # Errors
    /// As [`UciCommand::parse`].
    fn from_str(line: &str) -> Result<UciCommand, String> {
        UciCommand::parse(line, Variant::Chess)
    }
}

impl UciCommand {
    /// Parses one line (without its line break); a `position` is a game of `variant`.
    ///
    /// # Errors
    /// The message for an unknown command or bad arguments, with the input quoted through
    /// [`echo`].
    pub fn parse(line: &str, variant: Variant) -> Result<UciCommand, String> {
        let line = line.trim();
        let (word, args) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let args = args.trim();
        Ok(match word {
            "" => UciCommand::Empty,
            "uci" => UciCommand::Uci,
            "isready" => UciCommand::IsReady,
            "debug" => match args {
                "on" => UciCommand::Debug(true),
                "off" => UciCommand::Debug(false),
                _ => return Err("debug takes on or off".to_owned()),
            },
            "setoption" => parse_setoption(args)?,
            "register" => UciCommand::Register,
            "ucinewgame" => UciCommand::UciNewGame,
            "position" => UciCommand::Position(UciGame::parse(args, variant)?),
            "go" => UciCommand::Go(args.parse()?),
            "stop" => UciCommand::Stop,
            "ponderhit" => UciCommand::PonderHit,
            "quit" => UciCommand::Quit,
            "eval" => UciCommand::Eval,
            other => return Err(format!("unknown command \"{}\"", echo(other))),
        })
    }
}

fn parse_setoption(args: &str) -> Result<UciCommand, String> {
    let rest = args
        .strip_prefix("name ")
        .ok_or("setoption needs: name <id> [value <x>]")?;
    // `value` with nothing after it (`setoption name Hash value`) is a missing value, not part
    // of the name.
    let (name, value) = match rest.find(" value ") {
        Some(i) => (rest[..i].trim(), Some(rest[i + 7..].trim())),
        None => match rest.strip_suffix(" value") {
            Some(name) => (name.trim(), Some("")),
            None => (rest.trim(), None),
        },
    };
    Ok(UciCommand::SetOption {
        name: name.to_owned(),
        value: value.map(str::to_owned),
    })
}

/// Parses `startpos|fen <FEN> [moves …]` into a game of the variant `P` (`startpos` is its
/// start position, the FEN one of its FENs: kingless for Pawn Battle), each move through
/// [`Game::play`]. The GUI is the arbiter: a repetition or the fifty-move rule ends nothing
/// (automatic draws off, as for a PGN), but no move is accepted after the game has ended by the
/// rules.
///
/// # Errors
/// A message naming the bad FEN, the first move that is not a move or not legal, or the move
/// played after the end of the game.
pub fn parse_game<P: VariantPosition>(args: &str) -> Result<Game<P>, String> {
    let mut tokens = args.split_whitespace().peekable();
    let mut game = match tokens.next() {
        Some("startpos") => Game::<P>::starting(),
        Some("fen") => {
            let mut fen = Vec::new();
            while let Some(t) = tokens.next_if(|t| *t != "moves") {
                fen.push(t);
            }
            let text = fen.join(" ");
            Game::<P>::from_variant_fen(&text)
                .map_err(|e| format!("bad FEN \"{}\": {e}", echo(&text)))?
        }
        Some(other) => return Err(format!("expected startpos or fen, got \"{}\"", echo(other))),
        None => return Err("position needs startpos or fen".to_owned()),
    };
    game.set_automatic_draws(false);
    match tokens.next() {
        None => {}
        Some("moves") => {
            for t in tokens {
                let uci = t
                    .parse::<UciMove>()
                    .map_err(|_| format!("\"{}\" is not a move", echo(t)))?;
                let m = game
                    .position()
                    .move_of_uci(&uci)
                    .ok_or_else(|| match game.outcome() {
                        // No move is legal after a mate or a pawn's arrival: say why.
                        Some(o) => format!(
                            "\"{}\" cannot be played: the game is already over ({o})",
                            echo(t)
                        ),
                        None => format!("illegal move \"{}\"", echo(t)),
                    })?;
                game.play(m).map_err(|e| match e {
                    PlayError::Illegal(_) => format!("illegal move \"{}\"", echo(t)),
                    PlayError::GameOver(o) => format!(
                        "\"{}\" cannot be played: the game is already over ({o})",
                        echo(t)
                    ),
                })?;
            }
        }
        Some(other) => return Err(format!("expected moves, got \"{}\"", echo(other))),
    }
    Ok(game)
}

/// What `go` asked for. [`Go::searchmoves`] holds the moves as sent; [`Go::resolve`] checks them
/// against the position and puts them into [`Go::limits`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// Depth, nodes, move time, `infinite`, and (once resolved) the root moves to search.
    pub limits: SearchLimits,
    /// `ponder`: search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// White's clock in milliseconds (a negative time counts as 0).
    pub wtime: Option<u64>,
    /// Black's clock in milliseconds.
    pub btime: Option<u64>,
    /// White's increment in milliseconds.
    pub winc: u64,
    /// Black's increment in milliseconds.
    pub binc: u64,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// `searchmoves …` as sent, not yet checked against a position.
    pub searchmoves: Vec<UciMove>,
}

/// The words `go` takes; a `searchmoves` list ends at any of them.
const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

impl FromStr for Go {
    type Err = String;

    /// Parses the words after `go`.
    ///
    /// # Errors
    /// An unknown word, a missing or bad number, `mate 0`, or a `searchmoves` entry that is not
    /// a move.
    fn from_str(args: &str) -> Result<Go, String> {
        let mut go = Go::default();
        let mut tokens = args.split_whitespace().peekable();
        fn num<T: FromStr>(key: &str, v: Option<&str>) -> Result<T, String> {
            let v = v.ok_or_else(|| format!("go {key} needs a value"))?;
            v.parse()
                .map_err(|_| format!("go {key}: \"{}\" is not a valid number", echo(v)))
        }
        while let Some(t) = tokens.next() {
            match t {
                "wtime" => go.wtime = Some(num::<i64>(t, tokens.next())?.max(0) as u64),
                "btime" => go.btime = Some(num::<i64>(t, tokens.next())?.max(0) as u64),
                "winc" => go.winc = num::<i64>(t, tokens.next())?.max(0) as u64,
                "binc" => go.binc = num::<i64>(t, tokens.next())?.max(0) as u64,
                "movestogo" => go.movestogo = Some(num(t, tokens.next())?),
                "depth" => go.limits.depth = Some(num(t, tokens.next())?),
                "nodes" => go.limits.nodes = Some(num(t, tokens.next())?),
                "movetime" => {
                    go.limits.movetime = Some(Duration::from_millis(num(t, tokens.next())?));
                }
                "mate" => {
                    let n: u32 = num(t, tokens.next())?;
                    if n == 0 {
                        return Err("go mate needs a number of moves of 1 or more".to_owned());
                    }
                    // Mate in n is 2n - 1 plies; two more confirm it. Saturates: depth is
                    // capped by the search anyway.
                    go.limits.depth = Some(n.saturating_mul(2).saturating_add(1));
                }
                "infinite" => go.limits.infinite = true,
                "ponder" => go.ponder = true,
                "searchmoves" => {
                    // The move list ends at the next keyword (`searchmoves e2e4 d2d4 depth 3`).
                    while let Some(m) = tokens.next_if(|m| !GO_KEYWORDS.contains(m)) {
                        let mv = m
                            .parse::<UciMove>()
                            .map_err(|_| format!("searchmoves: illegal move \"{}\"", echo(m)))?;
                        go.searchmoves.push(mv);
                    }
                }
                other => return Err(format!("go: unknown parameter \"{}\"", echo(other))),
            }
        }
        Ok(go)
    }
}

impl Go {
    /// Checks `searchmoves` against `pos` (of any variant) and moves them into the limits.
    ///
    /// # Errors
    /// The first `searchmoves` entry that is not legal in `pos`.
    pub fn resolve<P: VariantPosition>(mut self, pos: &P) -> Result<Go, String> {
        for m in std::mem::take(&mut self.searchmoves) {
            let mv = pos
                .move_of_uci(&m)
                .ok_or_else(|| format!("searchmoves: illegal move \"{}\"", echo(&m.to_string())))?;
            self.limits.searchmoves.push(mv);
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EndReason;
    use shakmaty::Chess;

    #[test]
    fn lines_parse_into_commands() {
        assert!(matches!("".parse(), Ok(UciCommand::Empty)));
        assert!(matches!("  isready ".parse(), Ok(UciCommand::IsReady)));
        assert!(matches!("debug on".parse(), Ok(UciCommand::Debug(true))));
        assert!(matches!("register later".parse(), Ok(UciCommand::Register)));
        match "setoption name Move Overhead value 10".parse() {
            Ok(UciCommand::SetOption { name, value }) => {
                assert_eq!(
                    (name.as_str(), value.as_deref()),
                    ("Move Overhead", Some("10"))
                );
            }
            other => panic!("{other:?}"),
        }
        match "setoption name Hash value".parse() {
            Ok(UciCommand::SetOption { value, .. }) => assert_eq!(value.as_deref(), Some("")),
            other => panic!("{other:?}"),
        }
        match "go wtime -5 winc 10 movestogo 3 searchmoves e2e4 ponder".parse() {
            Ok(UciCommand::Go(go)) => {
                assert_eq!(go.wtime, Some(0));
                assert_eq!(go.winc, 10);
                assert_eq!(go.movestogo, Some(3));
                assert!(go.ponder);
                assert_eq!(go.searchmoves.len(), 1);
                let go = go.resolve(&Chess::default()).unwrap();
                assert_eq!(go.limits.searchmoves.len(), 1);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            "searchmoves e2e5"
                .parse::<Go>()
                .unwrap()
                .resolve(&Chess::default())
                .unwrap_err(),
            "searchmoves: illegal move \"e2e5\""
        );
        assert_eq!(
            "frobnicate now".parse::<UciCommand>().unwrap_err(),
            "unknown command \"frobnicate\""
        );
    }

    /// The moves of `position` go through `Game::play`: its keys are the game's, and a move
    /// after the end of the game by the rules is refused with the rule's name. A repetition
    /// ends nothing: the GUI is the arbiter.
    #[test]
    fn position_moves_are_played_through_the_game() {
        let game: Game =
            parse_game::<Chess>("startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4")
                .unwrap();
        assert_eq!(game.ply(), 9);
        assert_eq!(game.history_keys()[0], game.history_keys()[8]);
        assert_eq!(game.outcome(), None);
        assert_eq!(
            parse_game::<Chess>("startpos moves e2e4 e2e4").unwrap_err(),
            "illegal move \"e2e4\""
        );
        assert_eq!(
            parse_game::<Chess>("startpos moves e2e4 zz").unwrap_err(),
            "\"zz\" is not a move"
        );
        let bare = parse_game::<Chess>("fen 8/8/8/4k3/8/8/3pK3/8 w - - 0 1 moves e2d2").unwrap();
        assert_eq!(
            bare.outcome().map(|o| o.reason),
            Some(EndReason::InsufficientMaterial)
        );
        assert_eq!(
            parse_game::<Chess>("fen 8/8/8/4k3/8/8/3pK3/8 w - - 0 1 moves e2d2 e5e4").unwrap_err(),
            "\"e5e4\" cannot be played: the game is already over (Draw by insufficient material)"
        );
    }
}

#[cfg(test)]
#[path = "../variant/pawn_battle/uci_command_tests.rs"]
mod pawn_battle_tests;

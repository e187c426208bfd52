//! Pawn Battle matches between two engine players (`kibitzer match --variant pawn-battle`): the
//! strength checks of issue 25 (`default` against `seed` at equal depth, level 10 against a
//! plain minimax of the seed function). Openings are random legal plies from the start, each
//! played twice with the colours swapped; a game ends by the rules ([`Line::ending`]) or, after
//! [`MAX_PLIES`], as a draw. Every game can be written as PGN ([`GameRecord::pgn`]: each move
//! with the mover's score and depth, for reading why a player lost).

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use shakmaty::{Color, KnownOutcome, Move};

use super::PawnBattle;
use super::eval::{Evaluation, Preset, PresetName, SEED, evaluate};
use crate::config::EngineConfig;
use crate::engine::levels::Rng;
use crate::engine::rules::SearchRules;
use crate::engine::score::MATE;
use crate::engine::{Level, Score, SearchLimits, SearchMemory, search};
use crate::game::Game;
use crate::pgn::{Tags, export};
use crate::variant::{Line, VariantPosition};

/// A game still going after this many plies is scored a draw.
pub const MAX_PLIES: usize = 400;

/// One side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Our search with a preset, to a fixed depth (`default:5`, `seed:5`).
    Preset(PresetName, u32),
    /// Our search at a level 1–10, as in play (`level:10`); `--movetime` overrides its time.
    Level(u8),
    /// A plain minimax (alpha-beta, no other technique) of the seed function (`plain:5`).
    Plain(u32),
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let help =
            "write default:DEPTH, seed:DEPTH, plain:DEPTH (depth 1 to 20) or level:N (1 to 10)";
        let (kind, number) = text
            .split_once(':')
            .ok_or_else(|| format!("`{text}` is no player: {help}"))?;
        let n: u32 = number
            .parse()
            .map_err(|_| format!("`{number}` in `{text}` is not a number: {help}"))?;
        match kind {
            "level" if (1..=10).contains(&n) => Ok(PlayerSpec::Level(n as u8)),
            "default" | "seed" | "plain" if (1..=20).contains(&n) => Ok(match kind {
                "default" => PlayerSpec::Preset(PresetName::Default, n),
                "seed" => PlayerSpec::Preset(PresetName::Seed, n),
                _ => PlayerSpec::Plain(n),
            }),
            "level" | "default" | "seed" | "plain" => {
                Err(format!("`{text}` is out of range: {help}"))
            }
            _ => Err(format!("`{kind}` is no kind of player: {help}")),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Preset(PresetName::Default, d) => write!(f, "default:{d}"),
            PlayerSpec::Preset(PresetName::Seed, d) => write!(f, "seed:{d}"),
            PlayerSpec::Level(n) => write!(f, "level:{n}"),
            PlayerSpec::Plain(d) => write!(f, "plain:{d}"),
        }
    }
}

/// A player ready to move: its evaluation and search memory.
struct Player {
    spec: PlayerSpec,
    eval: Evaluation,
    memory: SearchMemory,
    movetime: Option<Duration>,
}

impl Player {
    fn new(spec: PlayerSpec, settings: &Settings) -> Player {
        let eval = match spec {
            PlayerSpec::Preset(PresetName::Default, _) => Evaluation::of(settings.default_preset),
            PlayerSpec::Preset(name, _) => Evaluation::preset(name),
            _ => settings.level_eval.clone(),
        };
        Player {
            spec,
            eval,
            memory: SearchMemory::new(16),
            movetime: settings.movetime,
        }
    }

    /// The move to play in `line`'s position, with the score and depth that chose it.
    fn choose(&mut self, line: &Line<PawnBattle>, rng: &mut Rng) -> Option<Choice> {
        let pos = line.position();
        let stop = AtomicBool::new(false);
        let history = &line.keys()[..line.keys().len() - 1];
        let mut search_with = |limits: &SearchLimits| {
            search(
                pos,
                history,
                limits,
                &self.eval,
                &mut self.memory,
                &stop,
                &mut |_| {},
            )
        };
        match self.spec {
            PlayerSpec::Plain(depth) => plain_best(pos, depth).map(|(mv, score)| Choice {
                mv,
                score: Score(score),
                depth,
            }),
            PlayerSpec::Preset(_, depth) => {
                let result = search_with(&SearchLimits::depth(depth));
                result.best_move.map(|mv| Choice {
                    mv,
                    score: result.score,
                    depth: result.depth,
                })
            }
            PlayerSpec::Level(n) => {
                let level = Level::get(n);
                let mut limits = level.limits(&EngineConfig::default());
                if let Some(t) = self.movetime {
                    limits.movetime = Some(t);
                }
                let result = search_with(&limits);
                let mv = level.choose(&result, &mut || rng.next_f64())?;
                // A weak level may play another root move than the best: its own score.
                let score = result
                    .root_moves
                    .iter()
                    .find(|r| r.mv == mv)
                    .map_or(result.score, |r| r.score);
                Some(Choice {
                    mv,
                    score,
                    depth: result.depth,
                })
            }
        }
    }
}

/// A player's move with the score (its evaluation's units, from the mover's view) and depth of
/// the search that chose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Its score for the mover.
    pub score: Score,
    /// The depth searched.
    pub depth: u32,
}

/// The seed function's plain minimax (alpha-beta, moves in generation order, no other
/// technique): the score for the side to move, `depth` plies deep.
fn plain(pos: &PawnBattle, depth: u32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
    if pos.has_lost() {
        return -MATE + ply;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return -MATE + ply;
    }
    if depth == 0 {
        return evaluate(pos, &SEED);
    }
    for m in moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let score = -plain(&child, depth - 1, ply + 1, -beta, -alpha);
        if score > alpha {
            alpha = score;
            if alpha >= beta {
                break;
            }
        }
    }
    alpha
}

/// The plain minimax's move (the first best in generation order) and its score.
fn plain_best(pos: &PawnBattle, depth: u32) -> Option<(Move, i32)> {
    let mut best = None;
    let mut alpha = -MATE - 1;
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let score = -plain(&child, depth.saturating_sub(1), 1, -MATE - 1, -alpha);
        if best.is_none() || score > alpha {
            alpha = score;
            best = Some(m);
        }
    }
    best.map(|m| (m, alpha))
}

/// The score of a match for the first player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Tally {
    /// Points per game for the first player, in percent.
    pub fn percent(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) * 100.0 / f64::from(games)
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({:.1} %)",
            self.wins,
            self.draws,
            self.losses,
            self.percent()
        )
    }
}

/// A random opening of `plies` legal moves from the start that leaves the game going.
fn opening(plies: usize, rng: &mut Rng) -> Vec<Move> {
    loop {
        let mut line = Line::new(PawnBattle::start());
        for _ in 0..plies {
            let moves = line.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            if line.play(m).is_err() {
                break;
            }
        }
        if line.moves().len() == plies && line.ending().is_none() {
            return line.moves().to_vec();
        }
    }
}

/// One game of a match, as it was played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in the match, from 1.
    pub number: u32,
    /// The first player and the second.
    pub players: [PlayerSpec; 2],
    /// The first player's colour.
    pub first_color: Color,
    /// The winner's colour, `None` for a draw.
    pub winner: Option<Color>,
    /// The random opening's moves.
    pub opening: Vec<Move>,
    /// The players' moves after the opening, each with its score and depth.
    pub moves: Vec<Choice>,
}

impl GameRecord {
    /// The player of `color`.
    pub fn player(&self, color: Color) -> PlayerSpec {
        if color == self.first_color {
            self.players[0]
        } else {
            self.players[1]
        }
    }

    /// The game as PGN (`[Variant "Pawn Battle"]`, the players' names as `White`/`Black`, the
    /// game's number as `Round`): the opening's last move says `{random opening}`, every move
    /// of the players carries the mover's score in its own evaluation's units and the depth
    /// (`{+1.35/5}`; a forced win is `#3`), and a game stopped after [`MAX_PLIES`] is a draw
    /// with `Termination "adjudication"`.
    pub fn pgn(&self) -> String {
        let mut game = Game::<PawnBattle>::starting();
        let mut tags = Tags::default();
        tags.set("Event", "kibitzer match");
        tags.set("Site", "kibitzer");
        tags.set("Round", &self.number.to_string());
        tags.set("White", &self.player(Color::White).to_string());
        tags.set("Black", &self.player(Color::Black).to_string());
        let moves = self.opening.iter().map(|&mv| (mv, None)).chain(
            self.moves
                .iter()
                .map(|c| (c.mv, Some(format!("{}/{}", c.score, c.depth)))),
        );
        for (ply, (mv, comment)) in moves.enumerate() {
            // Every move was legal in the match's line, which plays by the same rules.
            if game.play(mv).is_err() {
                break;
            }
            let comment = comment
                .or_else(|| (ply + 1 == self.opening.len()).then(|| "random opening".to_owned()));
            if let Some(played) = game.move_mut(ply) {
                played.comment = comment;
            }
        }
        if game.outcome().is_none() {
            let result = match self.winner {
                Some(Color::White) => "1-0",
                Some(Color::Black) => "0-1",
                None => "1/2-1/2",
            };
            tags.set("Result", result);
            tags.set("Termination", "adjudication");
        }
        export(&game, &tags)
    }
}

/// One game from `opening`: the winner's colour (`None` for a draw) and the players' moves.
fn play_game(
    white: &mut Player,
    black: &mut Player,
    opening: &[Move],
    rng: &mut Rng,
) -> (Option<Color>, Vec<Choice>) {
    let mut moves = Vec::new();
    let mut line = Line::new(PawnBattle::start());
    for &m in opening {
        if line.play(m).is_err() {
            return (None, moves);
        }
    }
    white.memory.clear();
    black.memory.clear();
    while line.moves().len() < MAX_PLIES {
        if let Some(ending) = line.ending() {
            let winner = match ending.outcome() {
                KnownOutcome::Decisive { winner } => Some(winner),
                KnownOutcome::Draw => None,
            };
            return (winner, moves);
        }
        let mover = if line.position().turn() == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let Some(choice) = mover.choose(&line, rng) else {
            break;
        };
        if line.play(choice.mv).is_err() {
            break;
        }
        moves.push(choice);
    }
    (None, moves)
}

/// Called after every game with the game as played and the tally so far.
pub type GameReport<'a> = dyn FnMut(&GameRecord, &Tally) + 'a;

/// How a match is played, beside its two players.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Number of games (rounded up to pairs: each opening is played with both colours).
    pub games: u32,
    /// Random plies from the start before the players take over.
    pub opening_plies: usize,
    /// Seed of the random openings (and of weak levels' choices).
    pub seed: u64,
    /// The configured evaluation of level players (`[pawn_battle.eval]`).
    pub level_eval: Evaluation,
    /// The `default` preset of `default:DEPTH` players: the shipped one, or a file's
    /// (`--weights`, for tuning).
    pub default_preset: &'static Preset,
    /// Thinking time per move of level players instead of the level's.
    pub movetime: Option<Duration>,
}

/// Plays `settings.games` games between `first` and `second`, calling `each` after every
/// game with the game and the tally so far.
pub fn run(
    first: PlayerSpec,
    second: PlayerSpec,
    settings: &Settings,
    each: &mut GameReport<'_>,
) -> Tally {
    let mut rng = Rng::new(settings.seed);
    let mut a = Player::new(first, settings);
    let mut b = Player::new(second, settings);
    let mut tally = Tally::default();
    let mut n = 0;
    while n < settings.games {
        let moves = opening(settings.opening_plies, &mut rng);
        for a_color in [Color::White, Color::Black] {
            let (winner, played) = if a_color == Color::White {
                play_game(&mut a, &mut b, &moves, &mut rng)
            } else {
                play_game(&mut b, &mut a, &moves, &mut rng)
            };
            match winner {
                Some(c) if c == a_color => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
            n += 1;
            let record = GameRecord {
                number: n,
                players: [first, second],
                first_color: a_color,
                winner,
                opening: moves.clone(),
                moves: played,
            };
            each(&record, &tally);
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_parse_and_refuse_with_the_reason() {
        assert_eq!(
            "default:5".parse(),
            Ok(PlayerSpec::Preset(PresetName::Default, 5))
        );
        assert_eq!(
            "seed:3".parse(),
            Ok(PlayerSpec::Preset(PresetName::Seed, 3))
        );
        assert_eq!("plain:5".parse(), Ok(PlayerSpec::Plain(5)));
        assert_eq!("level:10".parse(), Ok(PlayerSpec::Level(10)));
        for spec in ["default:5", "seed:3", "plain:5", "level:10"] {
            assert_eq!(spec.parse::<PlayerSpec>().unwrap().to_string(), spec);
        }
        let e = "level:11".parse::<PlayerSpec>().unwrap_err();
        assert!(e.contains("out of range"), "{e}");
        let e = "strong:3".parse::<PlayerSpec>().unwrap_err();
        assert!(e.contains("no kind of player"), "{e}");
        let e = "default".parse::<PlayerSpec>().unwrap_err();
        assert!(e.contains("no player"), "{e}");
    }

    #[test]
    fn plain_minimax_takes_a_win_and_stops_a_pawn() {
        let win = PawnBattle::from_fen("8/1P6/8/8/8/8/p7/8 w - - 0 1").unwrap();
        assert_eq!(win.uci(plain_best(&win, 3).unwrap().0).to_string(), "b7b8");
        let stop = PawnBattle::from_fen("8/8/8/8/8/8/p6P/7R w - - 0 1").unwrap();
        assert_eq!(
            stop.uci(plain_best(&stop, 3).unwrap().0).to_string(),
            "h1a1"
        );
    }

    #[test]
    fn a_short_match_is_reproducible_and_counts_every_game() {
        let settings = Settings {
            games: 4,
            opening_plies: 4,
            seed: 7,
            level_eval: Evaluation::preset(PresetName::Default),
            default_preset: PresetName::Default.preset(),
            movetime: None,
        };
        let play = || {
            let mut results = Vec::new();
            let t = run(
                PlayerSpec::Preset(PresetName::Default, 2),
                PlayerSpec::Plain(1),
                &settings,
                &mut |g, _| results.push((g.number, g.winner)),
            );
            (t, results)
        };
        let (t, results) = play();
        assert_eq!(t.wins + t.draws + t.losses, 4);
        assert_eq!(results.len(), 4);
        assert_eq!(play().0, t);
    }

    /// `--pgn-out`: every game reads back as the same Pawn Battle game, with its players,
    /// result, opening mark and each player's score and depth.
    #[test]
    fn games_are_written_as_pgn_that_reads_back() {
        let settings = Settings {
            games: 2,
            opening_plies: 2,
            seed: 3,
            level_eval: Evaluation::preset(PresetName::Default),
            default_preset: PresetName::Default.preset(),
            movetime: None,
        };
        let mut records = Vec::new();
        run(
            PlayerSpec::Preset(PresetName::Default, 2),
            PlayerSpec::Plain(1),
            &settings,
            &mut |g, _| records.push(g.clone()),
        );
        assert_eq!(records.len(), 2);
        for record in &records {
            let text = record.pgn();
            let report = crate::pgn::import_as::<PawnBattle>(&text);
            assert!(report.errors.is_empty(), "{text}");
            let game = &report.games[0].pgn;
            assert_eq!(game.tags.get("Variant"), Some("Pawn Battle"));
            assert_eq!(
                game.tags.get("Round"),
                Some(record.number.to_string().as_str())
            );
            let white = record.player(Color::White).to_string();
            assert_eq!(game.tags.get("White"), Some(white.as_str()));
            let result = match record.winner {
                Some(Color::White) => "1-0",
                Some(Color::Black) => "0-1",
                None => "1/2-1/2",
            };
            assert_eq!(game.result, result, "{text}");
            let played = game.game.moves();
            assert_eq!(played.len(), record.opening.len() + record.moves.len());
            assert_eq!(played[1].comment.as_deref(), Some("random opening"));
            let first = &record.moves[0];
            assert_eq!(
                played[2].comment.as_deref(),
                Some(format!("{}/{}", first.score, first.depth).as_str())
            );
            assert!(
                played.iter().map(|m| m.mv).eq(record
                    .opening
                    .iter()
                    .copied()
                    .chain(record.moves.iter().map(|c| c.mv)))
            );
        }
    }
}

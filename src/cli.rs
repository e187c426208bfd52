//! The command line (clap derive). Every subcommand and flag is documented here; `--help` shows it.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Terminal chess against an engine that explains itself.
#[derive(Debug, Parser)]
#[command(name = "kibitzer", version, about, long_about = None)]
pub struct Cli {
    /// Use this configuration file instead of the default one (must exist).
    #[arg(long, global = true, env = "KIBITZER_CONFIG", value_name = "PATH")]
    pub config: Option<PathBuf>,

    /// The language: en or pt-BR (default: `ui.language` in the configuration, else from
    /// LC_ALL, LC_MESSAGES or LANG). The command-line help stays in English.
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<String>,

    /// Neither read nor write the position database (as `database.enabled = false`).
    #[arg(long, global = true)]
    pub no_db: bool,

    /// What to do (default: play).
    #[command(subcommand)]
    pub command: Option<Command>,

    /// `play`'s options, accepted without the subcommand too (`kibitzer --new`).
    #[command(flatten)]
    pub play: PlayArgs,
}

/// How `kibitzer play` starts.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlayArgs {
    /// Start a fresh game instead of resuming the saved one.
    #[arg(long)]
    pub new: bool,
    /// Start from this position (FEN).
    #[arg(long, value_name = "FEN", conflicts_with = "pgn")]
    pub fen: Option<String>,
    /// Continue the game in this file.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Open the board editor first, on the starting position (Esc goes to the game).
    #[arg(long)]
    pub edit: bool,
    /// The game to play: a new game of it (or `--fen` of it); a saved game of the other one is
    /// moved to `games/`. Without it, the saved game resumes as the game it is.
    #[arg(long, value_enum)]
    pub variant: Option<crate::variant::Variant>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a game against the engine in the terminal (the default).
    Play(PlayArgs),
    /// Show, create or validate the configuration file.
    #[command(subcommand)]
    Config(ConfigCommand),
    /// Count the leaf nodes of the legal move tree (a rules correctness and speed check).
    Perft {
        /// The game whose rules generate the moves.
        #[arg(long, value_enum, default_value_t)]
        variant: crate::variant::Variant,
        /// Start from this position instead of the game's start position.
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,
        /// Depth in plies (1 to 10).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=10))]
        depth: u32,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
    },
    /// Search fixed positions to a fixed depth; the last line is `<nodes> nodes <nps> nps`.
    Bench {
        /// The game (Pawn Battle benches its own positions with `[pawn_battle.eval]`).
        #[arg(long, value_enum, default_value_t)]
        variant: crate::variant::Variant,
        /// Search depth in plies (1 to 30; default 10 for chess, 12 for Pawn Battle).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: Option<u32>,
        /// Search each position for this many milliseconds instead of to a fixed depth (the
        /// depth reached is printed; the node total is then no signature).
        #[arg(long, value_name = "MS", conflicts_with = "depth",
              value_parser = clap::value_parser!(u64).range(1..=600_000))]
        movetime: Option<u64>,
        /// Search every root move with a full window (exact root scores), as explanations do.
        #[arg(long)]
        exact_root_scores: bool,
        /// Search with this many threads (Lazy SMP, 1 to 64; the configuration's
        /// `engine.threads` is not used, so the default is the one-thread signature). Above 1
        /// the node total is no signature; each line's time gives the time to depth.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
        threads: u32,
    },
    /// Print the static evaluation of a position, term by term and side by side.
    Eval {
        /// The game (Pawn Battle uses its own evaluation presets).
        #[arg(long, value_enum, default_value_t)]
        variant: crate::variant::Variant,
        /// The position (default: the start position).
        #[arg(long, value_name = "FEN")]
        fen: Option<String>,
        /// Pawn Battle's evaluation preset (default: `default`; `seed` is the seed design's).
        #[arg(long, value_enum)]
        preset: Option<crate::variant::pawn_battle::eval::PresetName>,
    },
    /// Speak the UCI protocol on standard input and output (for chess GUIs and tools).
    Uci,
    /// Play a match between two engine players (Pawn Battle only; chess matches use UCI and
    /// `scripts/match.py`) and print the score of the first.
    Match {
        /// The game.
        #[arg(long, value_enum, default_value_t)]
        variant: crate::variant::Variant,
        /// The first player: default:DEPTH, seed:DEPTH, plain:DEPTH (a plain minimax of the
        /// seed function) or level:N.
        first: crate::variant::pawn_battle::arena::PlayerSpec,
        /// The second player, as the first.
        second: crate::variant::pawn_battle::arena::PlayerSpec,
        /// Number of games (each random opening is played with both colours).
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(2..=10_000))]
        games: u32,
        /// Random plies from the start before the players take over.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=20))]
        opening_plies: u32,
        /// Seed of the random openings (and of weak levels' choices).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Thinking time per move of level players in milliseconds (instead of the level's).
        #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
        movetime: Option<u64>,
        /// A `default` preset file (every key of assets/pawn_battle/default.toml) for the
        /// default:DEPTH players instead of the shipped preset (for tuning:
        /// scripts/pb_tune.py).
        #[arg(long, value_name = "FILE")]
        weights: Option<std::path::PathBuf>,
        /// Write every game to FILE as PGN (created or replaced), as it ends: `[Variant "Pawn
        /// Battle"]`, the players as White and Black, the game's number as Round, the random
        /// opening marked, and each player's move with its score (in its own evaluation's
        /// units, for the mover) and depth, `{+1.35/5}`.
        #[arg(long, value_name = "FILE")]
        pgn_out: Option<std::path::PathBuf>,
    },
    /// Fit the default evaluation's weights to labelled positions (a development tool; see
    /// docs/EVAL.md).
    Tune(crate::tune::TuneArgs),
    /// Generate labelled positions from self-play for training the evaluation network (see
    /// docs/NETWORK.md).
    Datagen(crate::datagen::DatagenArgs),
    /// Train the evaluation network on `kibitzer datagen`'s positions (see docs/NETWORK.md).
    Train(crate::train::TrainArgs),
    /// Explain the engine's choice in a position, or the quality of a given move.
    #[command(group(clap::ArgGroup::new("image").args(["svg", "png"]).multiple(true)))]
    Explain {
        /// The game of the position (a Pawn Battle FEN has no kings).
        #[arg(long, value_enum, default_value_t)]
        variant: crate::variant::Variant,
        /// The position.
        #[arg(long, value_name = "FEN")]
        fen: String,
        /// The move to explain (SAN or UCI); default: the engine's choice.
        #[arg(long = "move", value_name = "MOVE")]
        mv: Option<String>,
        /// How long to search each position.
        #[command(flatten)]
        limits: AnalysisLimits,
        /// Print the explanation as JSON.
        #[arg(long)]
        json: bool,
        /// Write an image of the position, the move and its explanation (SVG) instead of the
        /// text.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<PathBuf>,
        /// Write the same image as PNG (twice the SVG's size; its text in a font of the
        /// system's). --svg and --png may be given together.
        #[arg(long, value_name = "OUT.png")]
        png: Option<PathBuf>,
        /// Let --svg or --png replace an existing file.
        #[arg(long, requires = "image")]
        force: bool,
        /// How much to say (default: `explain.level` of the configuration).
        #[arg(long, value_parser = ["basic", "medium", "advanced"])]
        level: Option<String>,
        /// The analysis engine: `auto` (an installed Stockfish, else the built-in engine),
        /// `builtin` or a UCI engine's command line (e.g. `stockfish`); default:
        /// `analysis.engine` of the configuration.
        #[arg(long, value_name = "CMD")]
        engine: Option<String>,
    },
    /// Review a game from a PGN file: score, best move, classification and explanation per ply.
    Review {
        /// The PGN file.
        file: PathBuf,
        /// Which game of the file (1-based; default: the game picker on the screen when the file
        /// holds several games, the first game with --json or --annotate).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        game: Option<u32>,
        /// How long to search each position.
        #[command(flatten)]
        limits: AnalysisLimits,
        /// Print every ply as JSON (no terminal interface).
        #[arg(long)]
        json: bool,
        /// Write the annotated game to this PGN file (no terminal interface).
        #[arg(long, value_name = "OUT.pgn")]
        annotate: Option<PathBuf>,
        /// Write the review as one self-contained web page (no terminal interface).
        #[arg(long, value_name = "OUT.html")]
        html: Option<PathBuf>,
        /// Let --annotate or --html replace an existing file (never the input file).
        #[arg(long)]
        force: bool,
        /// How much to say (default: `explain.level` of the configuration).
        #[arg(long, value_parser = ["basic", "medium", "advanced"])]
        level: Option<String>,
        /// The analysis engine: `auto` (an installed Stockfish, else the built-in engine),
        /// `builtin` or a UCI engine's command line (e.g. `stockfish`); default:
        /// `analysis.engine` of the configuration.
        #[arg(long, value_name = "CMD")]
        engine: Option<String>,
        /// After the first pass, keep deepening the review (flagged and close moves first)
        /// until it has had N seconds of its cores (N × workers seconds of CPU time, first pass
        /// included: N seconds on a free machine, longer on a loaded one); 0: no refinement.
        /// Default: none with --json, --annotate or --html; on the screen, until you leave it.
        #[arg(long, value_name = "N")]
        refine_seconds: Option<u64>,
        /// After the first pass, deepen the review in rounds 2 plies deeper each until depth D
        /// (the review's depth, 8 by default, or an external engine's, 14), however long it
        /// takes: the same verdicts on any machine and under any load.
        #[arg(long, value_name = "D", conflicts_with = "refine_seconds")]
        refine_depth: Option<u32>,
    },
    /// Manage the position database (every analysed position, kept in the data directory).
    #[command(subcommand)]
    Db(DbCommand),
    /// The feedback given on explanations (in play and reviews, with the feedback key): show
    /// it, export it to send, or delete it.
    #[command(subcommand)]
    Feedback(FeedbackCommand),
}

/// `kibitzer feedback …`
#[derive(Debug, Clone, Subcommand)]
pub enum FeedbackCommand {
    /// Every piece of feedback, oldest first: verdict, move, position, note and the
    /// explanation as it was shown.
    List,
    /// Write every piece of feedback as JSON Lines (one object a line, with the explanation's
    /// claims and the program version) to FILE, or to standard output without one.
    Export {
        /// The file to write (never replaced without --force).
        file: Option<PathBuf>,
        /// Overwrite the file if it exists.
        #[arg(long, requires = "file")]
        force: bool,
    },
    /// Delete every piece of feedback (asks first).
    Clear {
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
}

/// `kibitzer db …`
#[derive(Debug, Clone, Subcommand)]
pub enum DbCommand {
    /// Where the file is, its size, and the positions stored per variant.
    Stats,
    /// Check the file's integrity (exit status 1 when damaged).
    Check,
    /// Delete every stored position (asks first).
    Clear {
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
    /// Copy the database to a file (a SQLite database of the same format).
    Export {
        /// The file to write.
        file: PathBuf,
        /// Overwrite the file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Merge positions from a file written by `db export` (the deeper analysis wins).
    Import {
        /// The file to read.
        file: PathBuf,
    },
    /// Evict the shallowest and oldest positions until the rows take at most N MiB.
    Prune {
        /// The size to keep, in MiB (1 to 65536).
        #[arg(long, value_name = "N",
              value_parser = clap::value_parser!(u32).range(crate::options::DATABASE_MB))]
        max_mb: u32,
    },
}

/// How long the analysis searches each position (`explain`, `review`).
#[derive(Debug, Clone, Copy, clap::Args)]
#[group(multiple = false)]
pub struct AnalysisLimits {
    /// Search to this depth in plies (1 to 30).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: Option<u32>,
    /// Search this many milliseconds per position (default: explain searches 1000 ms; review
    /// searches to depth 8, verification deeper, when neither --depth nor --movetime is given).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
}

/// `kibitzer config …`
#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Print the path of the configuration file in use.
    Path,
    /// Write the commented example configuration to that path.
    Init {
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Validate a configuration file (default: the one in use) and print the effective settings.
    Check {
        /// The file to check.
        file: Option<PathBuf>,
    },
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// The long help of `kibitzer SUB`.
    fn help(sub: &str) -> String {
        let mut cli = Cli::command();
        let Some(cmd) = cli.find_subcommand_mut(sub) else {
            panic!("no subcommand {sub}");
        };
        cmd.render_long_help().to_string()
    }

    #[test]
    fn help_shows_no_rustdoc_links() {
        for sub in ["play", "explain", "review", "eval", "perft", "bench", "uci"] {
            let text = help(sub);
            assert!(!text.contains("[`"), "kibitzer {sub} --help:\n{text}");
        }
    }

    #[test]
    fn movetime_help_states_the_real_defaults() {
        let explain = format!("{} ms", crate::analysis::command::DEFAULT_MOVETIME_MS);
        let review = format!("depth {}", crate::review::DEFAULT_DEPTH);
        for sub in ["explain", "review"] {
            let text = help(sub);
            assert!(text.contains(&explain), "{text}");
            assert!(text.contains(&review), "{text}");
            assert!(!text.contains("200"), "{text}");
        }
    }
}

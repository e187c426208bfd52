//! `kibitzer explain`: parse the position and the move, analyse, print the explanation as text
//! or JSON. Errors carry the exit status (2 for bad input, 1 for output failures).

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use shakmaty::{Chess, Move};

use super::{Analysed, Analyst, Request, analyse_with};
use crate::config::{Config, ExplainLevel};
use crate::engine::{EvalParams, SearchLimits, SearchMemory};
use crate::game::Game;
use crate::opening::Opening;
use crate::variant::pawn_battle::PawnBattle;
use crate::variant::pawn_battle::eval::Evaluation;
use crate::variant::{Variant, VariantPosition};

/// The movetime when neither `--depth` nor `--movetime` is given.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

/// The arguments of `kibitzer explain`.
#[derive(Debug, Clone, Default)]
pub struct ExplainArgs {
    /// The run's position database (`None`: `--no-db`, or it could not be opened).
    pub store: Option<std::sync::Arc<crate::posdb::Store>>,
    /// The game the position belongs to (`--variant`).
    pub variant: Variant,
    /// The position.
    pub fen: String,
    /// The move (SAN or UCI), or `None` for the engine's choice.
    pub mv: Option<String>,
    /// Fixed depth.
    pub depth: Option<u32>,
    /// Fixed time per search in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Print JSON.
    pub json: bool,
    /// Write the image of the position, the move and its explanation here (SVG).
    pub svg: Option<std::path::PathBuf>,
    /// Write the same image here as PNG.
    pub png: Option<std::path::PathBuf>,
    /// Let `svg` and `png` replace an existing file.
    pub force: bool,
    /// `basic`, `medium` or `advanced`; `None` = the configuration's.
    pub level: Option<String>,
    /// The analysis engine's command line (`--engine`); default `[analysis] engine`.
    pub engine: Option<String>,
}

/// A failed command: the exit status and the message for standard error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandError {
    /// Exit status (2 = bad input, 1 = failure while working).
    pub code: u8,
    /// What went wrong.
    pub message: String,
}

impl CommandError {
    /// A bad-input error (exit status 2).
    #[must_use]
    pub fn input(message: impl Into<String>) -> CommandError {
        CommandError {
            code: 2,
            message: message.into(),
        }
    }

    /// A failure while working (exit status 1).
    #[must_use]
    pub fn failure(message: impl Into<String>) -> CommandError {
        CommandError {
            code: 1,
            message: message.into(),
        }
    }
}

/// Search limits from `--depth` / `--movetime`, or `default` without either.
#[must_use]
pub fn limits(depth: Option<u32>, movetime_ms: Option<u64>, default: SearchLimits) -> SearchLimits {
    match (depth, movetime_ms) {
        (Some(d), _) => SearchLimits::depth(d),
        (None, Some(ms)) => SearchLimits::movetime(Duration::from_millis(ms)),
        (None, None) => default,
    }
}

/// The explain level named on the command line, or the configuration's.
///
/// # Errors
/// An unknown level name (exit status 2).
pub fn level(name: Option<&str>, config: &Config) -> Result<ExplainLevel, CommandError> {
    match name {
        None => Ok(config.explain.level),
        Some("basic") => Ok(ExplainLevel::Basic),
        Some("medium") => Ok(ExplainLevel::Medium),
        Some("advanced") => Ok(ExplainLevel::Advanced),
        Some(other) => Err(CommandError::input(crate::i18n::tr(
            "explain-unknown-level",
            &[("level", crate::echo::echo(other).into())],
        ))),
    }
}

/// Runs `kibitzer explain`, writing to `out`.
///
/// # Errors
/// A bad FEN, a bad or illegal move, a position without legal moves (status 2), or a failed
/// write (status 1).
pub fn run(args: &ExplainArgs, config: &Config, out: &mut dyn Write) -> Result<(), CommandError> {
    match args.variant {
        Variant::Chess => {
            let params = EvalParams::from_config(&config.eval);
            run_for::<Chess>(args, config, params, &chess_opening, out)
        }
        Variant::PawnBattle => {
            let eval = Evaluation::from_config(&config.pawn_battle.eval);
            run_for::<PawnBattle>(args, config, eval, &|_, _| None, out)
        }
    }
}

/// The opening reached in chess: the deepest named of the position and the one after the move.
fn chess_opening(before: &Chess, mv: Option<Move>) -> Option<Opening> {
    let after = mv.and_then(|m| crate::explain::board::play(before, m));
    crate::opening::classify(std::iter::once(before).chain(after.as_ref()))
}

/// [`run`] for the game `P`, evaluated with `params`; `opening` names the opening reached by
/// the position and the explained move (chess only).
fn run_for<P: Analysed>(
    args: &ExplainArgs,
    config: &Config,
    params: P::Eval,
    opening: &dyn Fn(&P, Option<Move>) -> Option<Opening>,
    out: &mut dyn Write,
) -> Result<(), CommandError> {
    let game = Game::<P>::from_variant_fen(&args.fen)
        .map_err(|e| CommandError::input(format!("--fen: {e}")))?;
    for path in args.svg.iter().chain(&args.png) {
        if !args.force && std::fs::symlink_metadata(path).is_ok() {
            return Err(CommandError::input(crate::i18n::tr(
                "cli-target-exists",
                &[("path", path.display().to_string().into())],
            )));
        }
    }
    let before = game.position().clone();
    let played = match &args.mv {
        Some(text) => Some(
            game.parse_move(text)
                .map_err(|e| CommandError::input(format!("--move: {e}")))?,
        ),
        None => None,
    };
    let level = level(args.level.as_deref(), config)?;
    let mut req = Request::new(
        before.clone(),
        limits(
            args.depth,
            args.movetime_ms,
            SearchLimits::movetime(Duration::from_millis(DEFAULT_MOVETIME_MS)),
        ),
        params,
    );
    req.played = played;
    // A position asked about from the command line has no "you": the score reads
    // "White is better by 0.3", the same as a review of someone else's game.
    req.human = None;
    req.ply = ply_of(&before);
    req.level = level;
    req.language = config.explain.language;
    let mut memory = SearchMemory::new(config.engine.hash_mb).with_store(args.store.clone());
    let spec = match &args.engine {
        Some(engine) => config.analysis.spec_of(engine),
        None => config.analysis.spec(),
    };
    // Limits given on the command line are every engine's.
    let spec = if args.depth.is_some() || args.movetime_ms.is_some() {
        spec.with_review_limits()
    } else {
        spec
    };
    let mut analyst = Analyst::start_for::<P>(&spec);
    let analysis = analyse_with(&req, &mut analyst, &mut memory, &AtomicBool::new(false));
    for notice in analyst.take_notices() {
        eprintln!("kibitzer: warning: {notice}");
    }
    let judged_by = analysis.judged_by.clone();
    let Some(e) = analysis.explanation else {
        return Err(CommandError::input(crate::i18n::t("explain-no-legal-move")));
    };
    let opening = opening(&before, analysis.mv);
    let quality = e.quality.map_or_else(String::new, |q| {
        let word = crate::i18n::t(&format!("quality-{}", q.quality.as_str()));
        format!(" ({word})")
    });
    let heading = crate::i18n::tr(
        "explain-heading",
        &[
            ("side", e.mover.as_str().into()),
            ("move", crate::i18n::san(&e.san).into_owned().into()),
            ("quality", quality.into()),
        ],
    );
    if args.svg.is_some() || args.png.is_some() {
        let image = crate::share::image::svg(&crate::share::image::Moment {
            fen_before: &e.fen_before,
            uci: &e.uci,
            heading: &heading,
            text: &e.text,
            black_moves: e.mover == "black",
        })
        .map_err(CommandError::failure)?;
        // Rendered before anything is written: a PNG that cannot be made leaves no SVG either.
        let png = match &args.png {
            Some(path) => Some((
                path,
                crate::share::png::render(&image)
                    .map_err(|e| CommandError::failure(format!("{}: {e}", path.display())))?,
            )),
            None => None,
        };
        let svg = args.svg.as_ref().map(|path| (path, image.into_bytes()));
        for (path, bytes) in svg.into_iter().chain(png) {
            crate::app::persist::write_file(path, &bytes, args.force)
                .map_err(|e| CommandError::failure(e.to_string()))?;
        }
        if !args.json {
            // The image is the output.
            return Ok(());
        }
    }
    let write = |out: &mut dyn Write| -> std::io::Result<()> {
        if args.json {
            let doc = ExplainDocument {
                explanation: &e,
                opening_reached: opening,
                judged_by: &judged_by,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)
        } else {
            writeln!(out, "{heading}")?;
            if let Some(o) = opening {
                let name = o.to_string();
                writeln!(
                    out,
                    "{}",
                    crate::i18n::tr("explain-opening", &[("name", name.into())])
                )?;
            }
            writeln!(out, "{}", e.text)?;
            writeln!(
                out,
                "{}",
                crate::i18n::tr("judged-by", &[("judge", judged_by.to_string().into())])
            )
        }
    };
    write(out).map_err(|err| {
        CommandError::failure(crate::i18n::tr(
            "cli-cannot-write",
            &[("error", err.to_string().into())],
        ))
    })
}

/// The JSON document of `kibitzer explain --json`: the explanation's fields, plus the opening
/// reached.
#[derive(Debug, serde::Serialize)]
struct ExplainDocument<'a> {
    #[serde(flatten)]
    explanation: &'a crate::explain::Explanation,
    /// The deepest named position among the position and the one after the move.
    opening_reached: Option<crate::opening::Opening>,
    /// The engine whose search the verdict rests on (`kibitzer` for the built-in engine).
    judged_by: &'a str,
}

/// The ply of the next move from the FEN's move number and side to move.
fn ply_of<P: VariantPosition>(pos: &P) -> usize {
    let full = pos.fullmoves() as usize;
    2 * full.saturating_sub(1) + usize::from(pos.turn().is_black())
}

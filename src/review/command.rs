//! `kibitzer review FILE.pgn`: load one game of a PGN file (listing the malformed games, and
//! reviewing a game with an illegal move up to the move before it), review it, and print JSON
//! (`--json`), write the annotated PGN (`--annotate OUT.pgn`) and/or the shared page (`--html
//! OUT.html`); without any, open the review screen.

use crate::i18n::{FluentValue, t, tr};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use shakmaty::Chess;

pub use super::document::{OrderedTags, ReviewDocument};
use super::refine::{Refine, refine_game};
pub use super::{DEFAULT_DEPTH, default_limits};
use super::{PlyReview, ReviewEvent, Reviewed, Settings, annotate, review_game};
use crate::analysis::command::{CommandError, level, limits};
use crate::app::persist;
use crate::config::Config;
use crate::pgn::{self, PgnGame};
use crate::ui::{ColorMode, Theme};
use crate::variant::with_game;

/// The arguments of `kibitzer review`.
#[derive(Debug, Clone, Default)]
pub struct ReviewArgs {
    /// The run's position database (`None`: `--no-db`, or it could not be opened).
    pub store: Option<std::sync::Arc<crate::posdb::Store>>,
    /// The PGN file.
    pub file: PathBuf,
    /// Which game (1-based); `None`: the first for `--json`/`--annotate`, the picker on the
    /// screen when the file holds several games.
    pub game: Option<usize>,
    /// Fixed depth per position.
    pub depth: Option<u32>,
    /// Fixed time per position in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Print JSON.
    pub json: bool,
    /// Write the annotated PGN here.
    pub annotate: Option<PathBuf>,
    /// Write the review's HTML page here (`crate::share::page`).
    pub html: Option<PathBuf>,
    /// Let `annotate` and `html` replace an existing file (never the input).
    pub force: bool,
    /// `basic`, `medium` or `advanced`; `None` = the configuration's.
    pub level: Option<String>,
    /// The analysis engine's command line (`--engine`); default `[analysis] engine`.
    pub engine: Option<String>,
    /// `--refine-seconds N`: after the first pass, deepen the review until it has had N seconds
    /// of its cores, first pass included ([`super::refine::budget_spent`]); `None`: not for `--json`/`--annotate`/`--html`, until
    /// leaving on the screen; 0: never.
    pub refine_seconds: Option<u64>,
    /// `--refine-depth D`: after the first pass, deepen the review round after round until
    /// depth D ([`Refine::to_depth`]), however long it takes; instead of `refine_seconds`.
    pub refine_depth: Option<u32>,
}

/// A game picked from a file.
#[derive(Debug, Clone)]
pub struct Loaded<P: pgn::PgnVariant = Chess> {
    /// The game (for a game with an illegal move: up to the move before).
    pub game: PgnGame<P>,
    /// Why the game stops early, when it does.
    pub stopped: Option<String>,
    /// The file's malformed games (`game 3 (line 40): …`).
    pub bad_games: Vec<String>,
}

/// Reads game `number` (1-based) of a PGN file, streaming: only that game is kept.
///
/// # Errors
/// The file cannot be read, has fewer games, or the game is unusable (exit status 2).
pub fn load(file: &std::path::Path, number: usize) -> Result<Loaded, CommandError> {
    load_as::<Chess>(file, number)
}

/// [`load`] for a game of the variant `P` (the other games of the file are read as `P` too:
/// a game of another variant is listed among the malformed ones).
///
/// # Errors
/// As [`load`].
pub fn load_as<P: pgn::PgnVariant>(
    file: &std::path::Path,
    number: usize,
) -> Result<Loaded<P>, CommandError> {
    let f = std::fs::File::open(file).map_err(|e| {
        CommandError::input(tr(
            "cli-cannot-open",
            &[("file", path_arg(file)), ("error", e.to_string().into())],
        ))
    })?;
    let mut picked: Option<(PgnGame<P>, Option<String>)> = None;
    let mut bad_games = Vec::new();
    let mut count = 0;
    let mut unusable = None;
    for item in pgn::stream_as::<P>(f) {
        count += 1;
        match item {
            Ok(g) if g.number == number => picked = Some((g.pgn, None)),
            Ok(_) => {}
            Err(e) => {
                if e.number == number {
                    match &e.partial {
                        // Nothing before the error: no game to review (binary data, say).
                        Some(p) if p.game.ply() > 0 => {
                            picked = Some((p.clone(), Some(e.to_string())));
                        }
                        _ => unusable = Some(e.to_string()),
                    }
                }
                bad_games.push(e.to_string());
            }
        }
    }
    if let Some(message) = unusable {
        return Err(CommandError::input(tr(
            "cli-game-unusable",
            &[
                ("file", path_arg(file)),
                ("number", number.into()),
                ("error", message.into()),
            ],
        )));
    }
    let Some((game, stopped)) = picked else {
        return Err(CommandError::input(tr(
            "cli-no-such-game",
            &[
                ("file", path_arg(file)),
                ("number", number.into()),
                ("count", count.into()),
            ],
        )));
    };
    Ok(Loaded {
        game,
        stopped,
        bad_games,
    })
}

/// A path as a message's variable.
fn path_arg(path: &std::path::Path) -> FluentValue<'static> {
    path.display().to_string().into()
}

/// Refuses an output (`--annotate`, `--html`: `flag`) that is the input file (by any name:
/// links, `..`) or, without `--force`, any existing file, before the review spends its time.
fn check_target(
    flag: &str,
    input: &std::path::Path,
    out: &std::path::Path,
    force: bool,
) -> Result<(), CommandError> {
    if persist::same_file(input, out) {
        return Err(CommandError::input(tr(
            "cli-target-is-input",
            &[
                ("flag", flag.into()),
                ("path", path_arg(out)),
                ("file", path_arg(input)),
            ],
        )));
    }
    if !force && std::fs::symlink_metadata(out).is_ok() {
        return Err(CommandError::input(exists_message(
            &persist::WriteError::Exists(out.to_path_buf()),
        )));
    }
    Ok(())
}

/// The message for an `--annotate` or `--html` target that exists.
fn exists_message(e: &persist::WriteError) -> String {
    match e {
        persist::WriteError::Exists(path) => tr("cli-target-exists", &[("path", path_arg(path))]),
        other => other.to_string(),
    }
}

/// Runs `kibitzer review`, writing JSON (if asked) to `out`.
///
/// # Errors
/// Bad input (status 2) or a failed write (status 1).
pub fn run(args: &ReviewArgs, config: &Config, out: &mut dyn Write) -> Result<(), CommandError> {
    let screen = !args.json && args.annotate.is_none() && args.html.is_none();
    if args.force && args.annotate.is_none() && args.html.is_none() {
        return Err(CommandError::input(t("cli-force-alone")));
    }
    let number = args.game.unwrap_or(1);
    // The game's `Variant` tag decides how the file is read; a file that cannot be read or has
    // no such game is reported by the chess reading below.
    let variant = std::fs::File::open(&args.file)
        .ok()
        .and_then(|f| pgn::variant_of_game(f, number))
        .and_then(Result::ok);
    if screen && !std::io::stdout().is_terminal() {
        return Err(CommandError::input(t("cli-needs-terminal")));
    }
    let level = level(args.level.as_deref(), config)?;
    let limits = limits(args.depth, args.movetime_ms, default_limits());
    let mut settings = Settings::from_config(config, limits.clone(), level);
    settings.store.clone_from(&args.store);
    if let Some(engine) = &args.engine {
        settings = settings
            .with_analyst(config.analysis.spec_of(engine))
            .looking_for_external();
    }
    if args.depth.is_some() || args.movetime_ms.is_some() {
        // Limits given on the command line are every engine's.
        settings.analyst = settings.analyst.with_review_limits();
        settings.external = settings.external.with_review_limits();
    }
    settings.refine = match (args.refine_depth, args.refine_seconds) {
        (Some(depth), _) => {
            let base = with_game!(variant.unwrap_or_default(), P =>
                super::refine::nominal_depth::<P>(&settings));
            let base = base.ok_or_else(|| CommandError::input(t("cli-refine-depth-timed")))?;
            Refine::to_depth(base, depth)
        }
        (None, Some(n)) => Refine::seconds(n),
        (None, None) if screen => Refine::Unlimited,
        (None, None) => Refine::Off,
    };
    if screen {
        let look = crate::shell::Look {
            pieces: config.ui.pieces,
            theme: Theme::named(&config.ui.theme, ColorMode::from_env()),
            keys: crate::keys::Keymaps::of(&config.keys),
        };
        return super::session::run_file(&args.file, args.game, settings, look)
            .map_err(|e| CommandError::input(format!("{e:#}")));
    }
    if let Some(path) = &args.annotate {
        check_target("--annotate", &args.file, path, args.force)?;
    }
    if let Some(path) = &args.html {
        check_target("--html", &args.file, path, args.force)?;
    }
    if let (Some(a), Some(h)) = (&args.annotate, &args.html)
        && (a == h || persist::same_file(a, h))
    {
        return Err(CommandError::input(tr(
            "cli-same-target",
            &[("path", path_arg(a))],
        )));
    }
    with_game!(variant.unwrap_or_default(), P =>
        review_file::<P>(args, &settings, &limits, number, out))
}

/// The review of game `number` of `args.file`, read as a game of `P`, written as `args` asks.
fn review_file<P: Reviewed>(
    args: &ReviewArgs,
    settings: &Settings,
    limits: &crate::engine::SearchLimits,
    number: usize,
    out: &mut dyn Write,
) -> Result<(), CommandError> {
    let limits = match &settings.analyst.budget {
        Some(budget) if P::EXTERNAL_ANALYST && !settings.analyst.is_builtin() => budget,
        _ => limits,
    };
    let loaded = load_as::<P>(&args.file, number)?;
    // "You" in the explanations only for the player of a game played against kibitzer.
    let settings = &Settings {
        reader: crate::app::persist::reader_of(&loaded.game.tags),
        ..settings.clone()
    };
    for bad in &loaded.bad_games {
        eprintln!(
            "{}",
            tr(
                "cli-warning",
                &[("what", format!("{}: {bad}", args.file.display()).into())]
            )
        );
    }
    if let Some(why) = &loaded.stopped {
        let what = tr(
            "cli-reviewing-until-error",
            &[
                ("number", number.into()),
                ("moves", loaded.game.game.ply().into()),
                ("error", why.as_str().into()),
            ],
        );
        eprintln!("{}", tr("cli-warning", &[("what", what.into())]));
    }
    let show_progress = std::io::stderr().is_terminal();
    let started = super::refine::Started::now();
    let mut plies: Vec<PlyReview> = Vec::new();
    let mut notices = Vec::new();
    let on_event = |plies: &mut Vec<PlyReview>, notices: &mut Vec<String>, e| match e {
        // A refined ply replaces the first pass's.
        ReviewEvent::Ply(p) => match plies.get_mut(p.ply) {
            Some(old) => *old = *p,
            None => plies.push(*p),
        },
        ReviewEvent::Refining(depth) if show_progress => {
            eprint!("\r{}   ", super::refine::label(depth));
        }
        ReviewEvent::Refining(_) => {}
        ReviewEvent::Refined(_) => {
            if show_progress {
                eprintln!();
            }
        }
        ReviewEvent::Progress(p) if show_progress => {
            let eta = p.eta.map_or(0, |d| d.as_secs());
            let line = tr(
                "cli-reviewing",
                &[
                    ("done", p.done.into()),
                    ("total", p.total.into()),
                    ("secs", eta.into()),
                ],
            );
            eprint!("\r{line}   ");
        }
        ReviewEvent::Progress(_) => {}
        ReviewEvent::Notice(n) => {
            if show_progress {
                eprintln!();
            }
            eprintln!("{}", tr("cli-warning", &[("what", n.as_str().into())]));
            notices.push(n);
        }
        ReviewEvent::Finished => {
            if show_progress {
                eprintln!();
            }
        }
    };
    let stop = AtomicBool::new(false);
    let finished = review_game(&loaded.game.game, settings, &stop, &mut |e| {
        on_event(&mut plies, &mut notices, e);
    });
    let refinement = match settings.refine {
        Refine::Off => None,
        refine if finished => {
            let first = plies.clone();
            let done = refine_game(
                &loaded.game.game,
                settings,
                &first,
                refine,
                started,
                &stop,
                &mut |e| on_event(&mut plies, &mut notices, e),
            );
            if show_progress {
                eprintln!();
            }
            Some(done)
        }
        _ => None,
    };
    if let Some(path) = &args.annotate {
        let text = annotate::annotated(&loaded.game, &plies);
        write_output(path, &text, args.force)?;
    }
    if args.json || args.html.is_some() {
        let doc = ReviewDocument {
            stopped: loaded.stopped.as_deref(),
            bad_games: &loaded.bad_games,
            analyst_notices: &notices,
            refinement,
            ..ReviewDocument::new(number, &loaded.game, limits, &plies)
        };
        if let Some(path) = &args.html {
            let value = doc.value().map_err(CommandError::failure)?;
            let page = crate::share::page::html(&value).map_err(CommandError::failure)?;
            write_output(path, &page, args.force)?;
        }
        if args.json {
            // From the document itself: its tags keep their file order (a `Value` sorts them).
            let write = |out: &mut dyn Write| -> std::io::Result<()> {
                serde_json::to_writer_pretty(&mut *out, &doc)?;
                writeln!(out)
            };
            write(out).map_err(|e| {
                CommandError::failure(tr("cli-cannot-write", &[("error", e.to_string().into())]))
            })?;
        }
    }
    Ok(())
}

/// Writes an output file: replacing an existing one only with `force`.
fn write_output(path: &std::path::Path, text: &str, force: bool) -> Result<(), CommandError> {
    let written = if force {
        persist::write_atomic(path, text).map_err(|e| format!("{e:#}"))
    } else {
        // Created since the check: still never replaced.
        persist::write_new(path, text).map_err(|e| exists_message(&e))
    };
    written.map_err(CommandError::failure)
}

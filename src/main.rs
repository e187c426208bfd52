//! The `kibitzer` binary: parse the command line, load the configuration (before the terminal
//! is touched), dispatch the subcommand.
#![forbid(unsafe_code)]

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;
use kibitzer::cli::{Cli, Command, ConfigCommand, PlayArgs};
use kibitzer::config::Searcher;
use kibitzer::config::{Config, ConfigSource, Dirs, EXAMPLE};
use kibitzer::engine::Level;
use kibitzer::play::StartOptions;
use kibitzer::variant::Variant;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let dirs = match Dirs::locate() {
        Ok(d) => d,
        Err(e) => return fail(2, &e.to_string()),
    };
    match cli.command {
        Some(Command::Config(cmd)) => {
            speak_early(cli.lang.as_deref());
            config_command(cmd, cli.config.as_deref(), &dirs)
        }
        Some(Command::Perft {
            variant,
            fen,
            depth,
            divide,
        }) => perft(variant, fen.as_deref(), depth, divide),
        Some(Command::Bench {
            variant,
            depth,
            movetime,
            exact_root_scores,
            threads,
        }) => with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
            bench(
                c,
                variant,
                depth,
                movetime,
                exact_root_scores,
                threads as usize,
            )
        }),
        Some(Command::Eval {
            variant: Variant::PawnBattle,
            fen,
            preset,
        }) => with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |_| {
            pawn_battle_eval(fen.as_deref(), preset.unwrap_or_default())
        }),
        Some(Command::Eval {
            preset: Some(_), ..
        }) => {
            speak_early(cli.lang.as_deref());
            fail(2, &kibitzer::i18n::t("eval-preset-needs-variant"))
        }
        Some(Command::Eval { fen, .. }) => {
            with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
                eval(c, fen.as_deref())
            })
        }
        Some(Command::Uci) => with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, uci),
        Some(Command::Match {
            variant: Variant::Chess,
            ..
        }) => fail(
            2,
            "`kibitzer match` plays Pawn Battle: add --variant pawn-battle (chess matches run \
             through UCI with scripts/match.py)",
        ),
        Some(Command::Match {
            first,
            second,
            games,
            opening_plies,
            seed,
            movetime,
            weights,
            pgn_out,
            ..
        }) => with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
            use kibitzer::variant::pawn_battle::{arena, eval};
            use std::io::Write;
            let default_preset = match weights.as_deref().map(read_pawn_battle_weights) {
                None => eval::PresetName::Default.preset(),
                Some(Ok(preset)) => preset,
                Some(Err(e)) => return fail(1, &format!("{e:#}")),
            };
            // The file and its writer, created before the first game so a bad path fails at once.
            let mut pgn = match pgn_out.as_deref() {
                None => None,
                Some(path) => match std::fs::File::create(path) {
                    Ok(file) => Some((path, std::io::BufWriter::new(file))),
                    Err(e) => {
                        return fail(
                            1,
                            &format!(
                                "--pgn-out: cannot create {}: {e} (choose a writable file)",
                                path.display()
                            ),
                        );
                    }
                },
            };
            let mut pgn_error = None;
            let settings = arena::Settings {
                games,
                opening_plies: opening_plies as usize,
                seed,
                level_eval: eval::Evaluation::from_config(&c.pawn_battle.eval),
                default_preset,
                movetime: movetime.map(std::time::Duration::from_millis),
            };
            let tally = arena::run(first, second, &settings, &mut |game, tally| {
                let result = match game.winner {
                    Some(w) if w == game.first_color => "win",
                    Some(_) => "loss",
                    None => "draw",
                };
                println!(
                    "game {:>4}: {first} ({}) {result}; {first} {tally}",
                    game.number,
                    kibitzer::game::notation::color_name(game.first_color)
                );
                if let Some((path, out)) = pgn.as_mut().filter(|_| pgn_error.is_none()) {
                    let separator = if game.number > 1 { "\n" } else { "" };
                    let written =
                        write!(out, "{separator}{}", game.pgn()).and_then(|()| out.flush());
                    pgn_error = written.err().map(|e| (path.display().to_string(), e));
                }
            });
            println!("{first} vs {second}: {tally}");
            if let Some((path, e)) = pgn_error {
                return fail(
                    1,
                    &format!(
                        "--pgn-out: writing {path} failed: {e} (the games before the failure are \
                         in the file)"
                    ),
                );
            }
            ExitCode::SUCCESS
        }),
        Some(Command::Datagen(args)) => {
            with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
                let params = kibitzer::engine::EvalParams::from_config(&c.eval);
                match kibitzer::datagen::run(&args, &params, &kibitzer::datagen::to_stderr) {
                    Ok(t) => {
                        kibitzer::datagen::to_stderr(&format!(
                            "done: {} chunks written ({} already there), {} games, {} positions",
                            t.chunks, t.skipped, t.games, t.positions
                        ));
                        ExitCode::SUCCESS
                    }
                    Err(e) => fail(1, &format!("{e:#}")),
                }
            })
        }
        Some(Command::Train(args)) => {
            with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
                let params = kibitzer::engine::EvalParams::from_config(&c.eval);
                match kibitzer::train::run(&args, &params, &mut |l| kibitzer::datagen::to_stderr(l))
                {
                    Ok(_) => ExitCode::SUCCESS,
                    Err(e) => fail(1, &format!("{e:#}")),
                }
            })
        }
        Some(Command::Tune(args)) => {
            with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
                match kibitzer::tune::run(&args, &c.eval, &mut std::io::stderr()) {
                    Ok(_) => ExitCode::SUCCESS,
                    Err(e) => fail(1, &format!("{e:#}")),
                }
            })
        }
        Some(Command::Explain {
            variant,
            fen,
            mv,
            limits,
            json,
            svg,
            png,
            force,
            level,
            engine,
        }) => with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
            let db = open_db(c, &dirs, cli.no_db);
            let args = kibitzer::analysis::command::ExplainArgs {
                store: db.as_ref().map(kibitzer::posdb::Database::store),
                variant,
                fen,
                mv,
                depth: limits.depth,
                movetime_ms: limits.movetime,
                json,
                svg,
                png,
                force,
                level,
                engine,
            };
            report(kibitzer::analysis::command::run(
                &args,
                c,
                &mut std::io::stdout(),
            ))
        }),
        Some(Command::Review {
            file,
            game,
            limits,
            json,
            annotate,
            html,
            force,
            level,
            engine,
            refine_seconds,
            refine_depth,
        }) => with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
            let db = open_db(c, &dirs, cli.no_db);
            let args = kibitzer::review::command::ReviewArgs {
                store: db.as_ref().map(kibitzer::posdb::Database::store),
                file,
                game: game.map(|g| g as usize),
                depth: limits.depth,
                movetime_ms: limits.movetime,
                json,
                annotate,
                html,
                force,
                level,
                engine,
                refine_seconds,
                refine_depth,
            };
            report(kibitzer::review::command::run(
                &args,
                c,
                &mut std::io::stdout(),
            ))
        }),
        Some(Command::Db(cmd)) => {
            with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
                let stdin = std::io::stdin();
                report(kibitzer::posdb::command::run(
                    &cmd,
                    &kibitzer::posdb::path_in(&dirs.data_dir),
                    c,
                    &mut std::io::stdout(),
                    &mut std::io::stderr(),
                    &mut stdin.lock(),
                ))
            })
        }
        Some(Command::Feedback(cmd)) => {
            with_config(cli.config.as_deref(), cli.lang.as_deref(), &dirs, |c| {
                let stdin = std::io::stdin();
                report(kibitzer::feedback::command::run(
                    &cmd,
                    &kibitzer::posdb::path_in(&dirs.data_dir),
                    c,
                    &mut std::io::stdout(),
                    &mut std::io::stderr(),
                    &mut stdin.lock(),
                ))
            })
        }
        Some(Command::Play(args)) => play(
            &args,
            cli.config.as_deref(),
            cli.lang.as_deref(),
            &dirs,
            cli.no_db,
        ),
        None => play(
            &cli.play,
            cli.config.as_deref(),
            cli.lang.as_deref(),
            &dirs,
            cli.no_db,
        ),
    }
}

/// Opens the position database for this run (the command passes its store on), unless `--no-db` or
/// `database.enabled = false`. A file that cannot be used is reported and the run goes on
/// without it; the returned guard writes what is queued when dropped.
fn open_db(config: &Config, dirs: &Dirs, no_db: bool) -> Option<kibitzer::posdb::Database> {
    use kibitzer::posdb::{Database, Options, Store, path_in};
    if no_db || !config.database.enabled {
        return None;
    }
    match Store::open(&path_in(&dirs.data_dir), Options::from_config(config)) {
        Ok(opened) => {
            if let Some(notice) = opened.notice {
                eprintln!("kibitzer: {notice}");
            }
            Some(Database::new(opened.store))
        }
        Err(e) => {
            eprintln!(
                "kibitzer: {}",
                kibitzer::i18n::tr("posdb-going-on-without", &[("error", e.into())])
            );
            None
        }
    }
}

/// Everything that can go wrong before the screen opens is reported on the plain terminal.
fn play(
    args: &PlayArgs,
    explicit: Option<&Path>,
    lang: Option<&str>,
    dirs: &Dirs,
    no_db: bool,
) -> ExitCode {
    speak_early(lang);
    let config = match Config::load(explicit, dirs) {
        Ok((config, _)) => localise(config, lang),
        Err(e) => return fail(2, &e.to_string()),
    };
    install_tables(&config);
    let db = open_db(&config, dirs, no_db);
    let options = StartOptions {
        new: args.new,
        fen: args.fen.clone(),
        pgn: args.pgn.clone(),
        edit: args.edit,
        variant: args.variant,
    };
    let prepared = match kibitzer::play::prepare(&options, &config, dirs) {
        Ok(p) => p,
        Err(e) => return fail(2, &format!("{e:#}")),
    };
    let store = db.as_ref().map(kibitzer::posdb::Database::store);
    match kibitzer::play::run(config, explicit, dirs, prepared, store) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("{e:#}")),
    }
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("kibitzer: {message}");
    ExitCode::from(code)
}

/// Exit status of a subcommand implemented in the library: its message on standard error.
fn report(result: Result<(), kibitzer::analysis::command::CommandError>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e.code, &e.message),
    }
}

fn config_command(cmd: ConfigCommand, explicit: Option<&Path>, dirs: &Dirs) -> ExitCode {
    let path = explicit.map_or_else(|| dirs.config_file(), Path::to_path_buf);
    match cmd {
        ConfigCommand::Path => {
            println!("{}", path.display());
            ExitCode::SUCCESS
        }
        ConfigCommand::Init { force } => match write_example(&path, force) {
            Ok(()) => {
                println!(
                    "{}",
                    kibitzer::i18n::tr("cli-wrote", &[("path", path.display().to_string().into())])
                );
                ExitCode::SUCCESS
            }
            Err(e) => fail(1, &format!("{e:#}")),
        },
        ConfigCommand::Check { file } => {
            let target = file.as_deref().or(explicit);
            match Config::load(target, dirs) {
                Ok((config, source)) => {
                    match source {
                        ConfigSource::File(p) => println!(
                            "# {}",
                            kibitzer::i18n::tr(
                                "config-check-ok",
                                &[("path", p.display().to_string().into())]
                            )
                        ),
                        ConfigSource::Defaults(p) => println!(
                            "# {}",
                            kibitzer::i18n::tr(
                                "config-check-defaults",
                                &[("path", p.display().to_string().into())]
                            )
                        ),
                    }
                    print!("{}", config.to_toml());
                    ExitCode::SUCCESS
                }
                Err(e) => fail(2, &e.to_string()),
            }
        }
    }
}

fn write_example(path: &Path, force: bool) -> Result<()> {
    if path.exists() && !force {
        anyhow::bail!(kibitzer::i18n::tr(
            "config-init-exists",
            &[("path", path.display().to_string().into())]
        ));
    }
    kibitzer::app::persist::write_atomic(path, EXAMPLE)
}

fn perft(variant: Variant, fen: Option<&str>, depth: u32, divide: bool) -> ExitCode {
    use kibitzer::perft::run;
    use kibitzer::variant::VariantPosition;
    use kibitzer::variant::pawn_battle::PawnBattle;
    let report = match (variant, fen) {
        (Variant::Chess, Some(fen)) => match kibitzer::game::fen::parse_lenient(fen) {
            Ok(pos) => run(&pos, depth, divide),
            Err(e) => return fail(2, &e.to_string()),
        },
        (Variant::Chess, None) => run(&shakmaty::Chess::default(), depth, divide),
        (Variant::PawnBattle, Some(fen)) => match PawnBattle::from_fen(fen) {
            Ok(pos) => run(&pos, depth, divide),
            Err(e) => return fail(2, &e.to_string()),
        },
        (Variant::PawnBattle, None) => run(&PawnBattle::start(), depth, divide),
    };
    for line in &report.divide {
        println!("{}: {}", line.uci, line.nodes);
    }
    println!(
        "perft {depth}: {} nodes in {:.3} s ({} nodes/s)",
        report.nodes,
        report.elapsed.as_secs_f64(),
        report.nps()
    );
    ExitCode::SUCCESS
}

/// Chooses the language (`--lang`, `ui.language`, the environment), speaks it from now on and
/// gives it to the explanations unless `explain.language` names another than English.
fn localise(config: Config, flag: Option<&str>) -> Config {
    let choice = kibitzer::i18n::choose(flag, &config.ui.language, |k| std::env::var(k).ok());
    if let Some(note) = &choice.note {
        eprintln!("kibitzer: {note}");
    }
    kibitzer::i18n::set(choice.lang);
    kibitzer::i18n::explanations_follow(config)
}

/// Speaks the language of `--lang` or the environment before the configuration is read, so
/// its errors (unknown key, wrong type, out of range) are said in it; `ui.language` decides
/// once the file is read ([`localise`]).
fn speak_early(flag: Option<&str>) {
    kibitzer::i18n::set(kibitzer::i18n::choose(flag, "auto", |k| std::env::var(k).ok()).lang);
}

fn with_config(
    explicit: Option<&Path>,
    lang: Option<&str>,
    dirs: &Dirs,
    f: impl FnOnce(&Config) -> ExitCode,
) -> ExitCode {
    speak_early(lang);
    match Config::load(explicit, dirs) {
        Ok((config, _)) => {
            install_tables(&config);
            f(&localise(config, lang))
        }
        Err(e) => fail(2, &e.to_string()),
    }
}

/// Makes the embedded endgame tables and those of `[analysis] syzygy_path` the run's
/// ([`kibitzer::tablebase`]); a table the library refuses is reported and the run goes on
/// with the built-in ones.
fn install_tables(config: &Config) {
    use kibitzer::tablebase::{Tablebases, install};
    if config.analysis.syzygy_path.is_empty() {
        return;
    }
    match Tablebases::with_directories(&config.analysis.syzygy_path) {
        Ok(tables) => {
            install(tables);
        }
        Err(e) => eprintln!(
            "kibitzer: {}",
            kibitzer::i18n::tr("tablebase-going-on", &[("error", e.to_string().into())])
        ),
    }
}

fn bench(
    config: &Config,
    variant: Variant,
    depth: Option<u32>,
    movetime: Option<u64>,
    exact_root_scores: bool,
    threads: usize,
) -> ExitCode {
    use kibitzer::engine::{SearchLimits, bench};
    use kibitzer::variant::pawn_battle::{PawnBattle, eval::Evaluation};
    let default_depth = match variant {
        Variant::Chess => bench::DEFAULT_DEPTH,
        Variant::PawnBattle => bench::PAWN_BATTLE_DEPTH,
    };
    let limits = SearchLimits {
        exact_root_scores,
        ..match movetime {
            Some(ms) => SearchLimits::movetime(std::time::Duration::from_millis(ms)),
            None => SearchLimits::depth(depth.unwrap_or(default_depth)),
        }
    };
    let mut print = |line: &bench::BenchLine| {
        let r = &line.result;
        let best = r.best_move.map_or_else(
            || "(none)".to_owned(),
            |m| m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
        );
        println!(
            "{:<80} depth {:>2} score {:>7} best {:<6} nodes {:>10} ms {:>7}",
            line.fen,
            r.depth,
            r.score.to_string(),
            best,
            r.nodes,
            r.time.as_millis()
        );
    };
    let (nodes, elapsed) = match variant {
        Variant::Chess => {
            let params = match config.engine.eval_params(&config.eval, Searcher::Analyst) {
                Ok(p) => p,
                Err(e) => return fail(1, &format!("{e:#}")),
            };
            bench::run_with(&limits, &params, threads, &mut print)
        }
        Variant::PawnBattle => bench::run_positions::<PawnBattle, _>(
            bench::PAWN_BATTLE_POSITIONS
                .lines()
                .filter(|l| !l.trim().is_empty()),
            &limits,
            &Evaluation::from_config(&config.pawn_battle.eval),
            threads,
            &mut print,
        ),
    };
    let nps = (u128::from(nodes) * 1_000_000 / elapsed.as_micros().max(1)) as u64;
    println!("{nodes} nodes {nps} nps");
    ExitCode::SUCCESS
}

fn eval(config: &Config, fen: Option<&str>) -> ExitCode {
    let pos = match fen.map(kibitzer::game::fen::parse) {
        Some(Ok(p)) => p,
        Some(Err(e)) => return fail(2, &e.to_string()),
        None => shakmaty::Chess::default(),
    };
    let params = kibitzer::engine::EvalParams::from_config(&config.eval);
    println!(
        "{}",
        kibitzer::eval_table::chess(&kibitzer::engine::evaluate_breakdown(&pos, &params))
    );
    ExitCode::SUCCESS
}

/// Reads a `default` Pawn Battle preset file for `kibitzer match --weights`. The preset lives
/// as long as the process (leaked once: the evaluation holds presets by `'static` reference).
fn read_pawn_battle_weights(
    path: &Path,
) -> Result<&'static kibitzer::variant::pawn_battle::eval::Preset> {
    use anyhow::Context;
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the weights file {}", path.display()))?;
    let preset = kibitzer::variant::pawn_battle::eval::parse_default(&text).with_context(|| {
        format!(
            "{}: not a `default` preset (write every key of assets/pawn_battle/default.toml)",
            path.display()
        )
    })?;
    Ok(Box::leak(Box::new(preset)))
}

fn pawn_battle_eval(
    fen: Option<&str>,
    preset: kibitzer::variant::pawn_battle::eval::PresetName,
) -> ExitCode {
    use kibitzer::variant::VariantPosition;
    use kibitzer::variant::pawn_battle::{PawnBattle, eval};
    let pos = match fen.map(PawnBattle::from_fen) {
        Some(Ok(p)) => p,
        Some(Err(e)) => return fail(2, &e.to_string()),
        None => PawnBattle::start(),
    };
    println!(
        "{}",
        kibitzer::eval_table::pawn_battle(&eval::breakdown(&pos, preset.preset()))
    );
    ExitCode::SUCCESS
}

fn uci(config: &Config) -> ExitCode {
    let stdin = std::io::BufReader::new(std::io::stdin());
    let mut stdout = std::io::stdout().lock();
    match kibitzer::uci::run(stdin, &mut stdout, config, Level::MAX) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("uci: {e}")),
    }
}

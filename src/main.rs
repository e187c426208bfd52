//! The `kibitzer` binary: parse the command line, load the configuration (before the terminal
//! is touched), dispatch the subcommand.
#![forbid(unsafe_code)]

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Parser;
use kibitzer::cli::{Cli, Command, ConfigCommand, PlayArgs};
use kibitzer::config::{Config, ConfigSource, Dirs, EXAMPLE};
use kibitzer::play::StartOptions;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let dirs = match Dirs::locate() {
        Ok(d) => d,
        Err(e) => return fail(2, &e.to_string()),
    };
    match cli.command {
        Some(Command::Config(cmd)) => config_command(cmd, cli.config.as_deref(), &dirs),
        Some(Command::Perft { fen, depth, divide }) => perft(fen.as_deref(), depth, divide),
        Some(Command::Play(args)) => play(&args, cli.config.as_deref(), &dirs),
        None => play(&cli.play, cli.config.as_deref(), &dirs),
    }
}

/// Everything that can go wrong before the screen opens is reported on the plain terminal.
fn play(args: &PlayArgs, explicit: Option<&Path>, dirs: &Dirs) -> ExitCode {
    let config = match Config::load(explicit, dirs) {
        Ok((config, _)) => config,
        Err(e) => return fail(2, &e.to_string()),
    };
    let options = StartOptions {
        new: args.new,
        fen: args.fen.clone(),
        pgn: args.pgn.clone(),
    };
    let snapshot = match kibitzer::play::prepare(&options, &config, dirs) {
        Ok(s) => s,
        Err(e) => return fail(2, &format!("{e:#}")),
    };
    match kibitzer::play::run(config, explicit, dirs, snapshot) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(1, &format!("{e:#}")),
    }
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("kibitzer: {message}");
    ExitCode::from(code)
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
                println!("wrote {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => fail(1, &format!("{e:#}")),
        },
        ConfigCommand::Check { file } => {
            let target = file.as_deref().or(explicit);
            match Config::load(target, dirs) {
                Ok((config, source)) => {
                    match source {
                        ConfigSource::File(p) => println!("# {}: OK", p.display()),
                        ConfigSource::Defaults(p) => {
                            println!("# {} does not exist: using the defaults", p.display());
                        }
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
        anyhow::bail!(
            "{} already exists; use `kibitzer config init --force` to overwrite it",
            path.display()
        );
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut f =
        std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    f.write_all(EXAMPLE.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

fn perft(fen: Option<&str>, depth: u32, divide: bool) -> ExitCode {
    let pos = match fen.map(kibitzer::game::fen::parse_lenient) {
        Some(Ok(p)) => p,
        Some(Err(e)) => return fail(2, &e.to_string()),
        None => shakmaty::Chess::default(),
    };
    let report = kibitzer::perft::run(&pos, depth, divide);
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

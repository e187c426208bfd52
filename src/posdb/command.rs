//! `kibitzer db stats | check | clear | export FILE | import FILE | prune --max-mb N`.
//!
//! Every subcommand opens the file as the program does ([`Store::open`]: a damaged or foreign
//! file is moved aside with a message), so `db stats` is also the way to repair one. Errors
//! carry the exit status as [`CommandError`] does for `explain` and `review`.

use std::io::{BufRead, Write};
use std::path::Path;

use super::{Options, Store, Variant, eval_version, file};
use crate::analysis::command::CommandError;
use crate::cli::DbCommand;
use crate::config::Config;
use crate::engine::EvalParams;
use crate::variant::pawn_battle::eval::Evaluation;

/// Runs `kibitzer db …` on the database at `path`, writing to `out` and reading the
/// confirmation of `clear` from `answers`. Notices (a file moved aside) go to `err`.
///
/// # Errors
/// Bad input (an existing export target, an import file that is not a position database:
/// status 2) or a failure (status 1), with a message naming the file.
pub fn run(
    cmd: &DbCommand,
    path: &Path,
    config: &Config,
    out: &mut dyn Write,
    err: &mut dyn Write,
    answers: &mut dyn BufRead,
) -> Result<(), CommandError> {
    let io = |e: std::io::Error| CommandError::failure(format!("cannot write the output: {e}"));
    if matches!(cmd, DbCommand::Stats | DbCommand::Check) && !path.exists() {
        writeln!(
            out,
            "no position database yet at {} (one is made by the first review, explain or game)",
            path.display()
        )
        .map_err(io)?;
        return Ok(());
    }
    if let DbCommand::Export { file, force } = cmd
        && file.exists()
        && !force
    {
        return Err(CommandError::input(format!(
            "{} already exists; choose another name, or pass --force to overwrite it",
            file.display()
        )));
    }
    let opened = Store::open(path, Options::from_config(config)).map_err(CommandError::failure)?;
    if let Some(notice) = &opened.notice {
        writeln!(err, "kibitzer: {notice}").map_err(io)?;
    }
    let store = opened.store;
    // Each game's evaluation under this configuration: its rows are "of this evaluation".
    let versions = [
        eval_version(&EvalParams::from_config(&config.eval)),
        eval_version(&Evaluation::from_config(&config.pawn_battle.eval)),
    ];
    let version = &versions[..];
    let sql = |what: &str, e: rusqlite::Error| {
        CommandError::failure(format!("{what} {}: {e}", path.display()))
    };
    match cmd {
        DbCommand::Stats => stats(&store, config, version, out).map_err(|e| match e {
            Failure::Io(e) => io(e),
            Failure::Sql(e) => sql("cannot read", e),
        }),
        DbCommand::Check => {
            // A file damaged past its first pages fails the check itself: that is the answer.
            let verdict = match store.with_connection(|c| file::integrity(c)) {
                Ok(verdict) => verdict,
                Err(e) if file::is_damaged(&e) => Err(e.to_string()),
                Err(e) => return Err(sql("cannot check", e)),
            };
            match (verdict, &opened.notice) {
                (Ok(()), None) => writeln!(out, "{}: ok", path.display()).map_err(io),
                (Ok(()), Some(_)) => Err(CommandError::failure(format!(
                    "{} was unusable and was moved aside (see above); the new file is empty",
                    path.display()
                ))),
                (Err(problems), _) => Err(CommandError::failure(format!(
                    "{}; or restore an export",
                    crate::posdb::damage_found(path, &problems)
                ))),
            }
        }
        DbCommand::Clear { yes } => {
            let count = store
                .with_connection(|c| file::counts(c, version))
                .map_err(|e| sql("cannot read", e))?
                .iter()
                .map(|(_, mine, other)| mine + other)
                .sum::<u64>();
            let question = format!(
                "Delete all {count} positions from {}? [y/N] ",
                path.display()
            );
            if !yes && !ask(&question, out, answers)? {
                return Ok(());
            }
            let n = store
                .with_connection(|c| file::clear(c))
                .map_err(|e| sql("cannot clear", e))?;
            writeln!(out, "deleted {n} positions from {}", path.display()).map_err(io)
        }
        DbCommand::Export { file: target, .. } => {
            let dir = target
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or_else(|| Path::new("."));
            // Written beside the target and renamed: an existing file is replaced whole or not.
            let temp = dir.join(format!(
                ".{}.kibitzer-export-{}",
                target
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                std::process::id()
            ));
            let _ = std::fs::remove_file(&temp);
            store
                .with_connection(|c| file::export(c, &temp))
                .map_err(|e| {
                    let _ = std::fs::remove_file(&temp);
                    CommandError::failure(format!("cannot export to {}: {e}", target.display()))
                })?;
            std::fs::rename(&temp, target).map_err(|e| {
                let _ = std::fs::remove_file(&temp);
                CommandError::failure(format!("cannot write {}: {e}", target.display()))
            })?;
            writeln!(out, "exported {} to {}", path.display(), target.display()).map_err(io)
        }
        DbCommand::Import { file: source } => {
            if !source.is_file() {
                return Err(CommandError::input(format!(
                    "{} does not exist or is not a file",
                    source.display()
                )));
            }
            let rows = store
                .with_connection(|c| file::import(c, source))
                .map_err(|e| match e {
                    file::OpenError::Unusable(m) => {
                        CommandError::input(format!("{}: {m}", source.display()))
                    }
                    file::OpenError::Other(m) => {
                        CommandError::failure(format!("cannot import {}: {m}", source.display()))
                    }
                })?;
            let max = u64::from(config.database.max_mb) << 20;
            let evicted = store
                .with_connection(|c| file::evict(c, max, version))
                .map_err(|e| sql("cannot prune", e))?;
            writeln!(
                out,
                "merged {rows} positions from {} into {}{}",
                source.display(),
                path.display(),
                if evicted > 0 {
                    format!(" ({evicted} evicted to stay within database.max_mb)")
                } else {
                    String::new()
                }
            )
            .map_err(io)
        }
        DbCommand::Prune { max_mb } => {
            let n = store
                .with_connection(|c| {
                    let n = file::evict(c, u64::from(*max_mb) << 20, version)?;
                    file::checkpoint(c);
                    Ok(n)
                })
                .map_err(|e| sql("cannot prune", e))?;
            writeln!(
                out,
                "evicted {n} positions; {} now holds {} of positions",
                path.display(),
                mib(store
                    .with_connection(|c| file::used_bytes(c))
                    .unwrap_or_default())
            )
            .map_err(io)
        }
    }
}

/// Asks `question` on `out` and reads the answer from `answers`: `true` for y or yes (any
/// case); anything else says that nothing was deleted and how to skip the question (`--yes`).
/// Shared by `db clear` and `feedback clear`.
///
/// # Errors
/// When the question cannot be written or the answer read.
pub(crate) fn ask(
    question: &str,
    out: &mut dyn Write,
    answers: &mut dyn BufRead,
) -> Result<bool, CommandError> {
    let io = |e: std::io::Error| CommandError::failure(format!("cannot write the output: {e}"));
    write!(out, "{question}").map_err(io)?;
    out.flush().map_err(io)?;
    let mut answer = String::new();
    answers
        .read_line(&mut answer)
        .map_err(|e| CommandError::failure(format!("cannot read the answer: {e}")))?;
    if answer.trim().eq_ignore_ascii_case("y") || answer.trim().eq_ignore_ascii_case("yes") {
        return Ok(true);
    }
    writeln!(
        out,
        "nothing deleted (answer y, or pass --yes to skip the question)"
    )
    .map_err(io)?;
    Ok(false)
}

enum Failure {
    Io(std::io::Error),
    Sql(rusqlite::Error),
}

fn stats(
    store: &Store,
    config: &Config,
    version: &[u64],
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let (counts, engines, used) = store
        .with_connection(|c| {
            Ok((
                file::counts(c, version)?,
                file::engine_counts(c)?,
                file::used_bytes(c)?,
            ))
        })
        .map_err(Failure::Sql)?;
    let on_disk = disk_size(store.path());
    let w = |out: &mut dyn Write, text: String| writeln!(out, "{text}").map_err(Failure::Io);
    w(out, format!("file: {}", store.path().display()))?;
    w(
        out,
        format!(
            "size: {} of positions, {} on disk; limit {} MiB (database.max_mb){}",
            mib(used),
            mib(on_disk),
            config.database.max_mb,
            if config.database.enabled {
                ""
            } else {
                "; turned off (database.enabled = false)"
            }
        ),
    )?;
    for variant in Variant::ALL {
        let (mine, other) = counts
            .iter()
            .find(|(code, _, _)| *code == super::entry::variant_code(variant))
            .map_or((0, 0), |&(_, m, o)| (m, o));
        // An external analyst's rows (`[analysis] engine`) are used by that analyst: counted
        // apart, not among the other evaluations.
        let external: Vec<_> = engines
            .iter()
            .filter(|(code, ..)| *code == super::entry::variant_code(variant))
            .collect();
        let other = other.saturating_sub(external.iter().map(|(.., n)| n).sum());
        w(
            out,
            format!(
                "{}: {mine} positions of this evaluation, {other} of other evaluations (ignored)",
                super::entry::variant_label(variant)
            ),
        )?;
        for (_, identity, n) in external {
            w(
                out,
                crate::i18n::tr(
                    "db-external-rows",
                    &[
                        ("engine", identity.clone().into()),
                        ("positions", (*n).into()),
                    ],
                ),
            )?;
        }
    }
    for (code, mine, other) in &counts {
        if super::entry::variant_of_code(*code).is_none() {
            w(
                out,
                format!(
                    "variant {code} (unknown to this version): {} positions",
                    mine + other
                ),
            )?;
        }
    }
    Ok(())
}

/// The file and its write-ahead log, in bytes.
fn disk_size(path: &Path) -> u64 {
    let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    size(path) + size(Path::new(&wal))
}

/// Bytes as KiB below one MiB, else MiB, with one decimal.
fn mib(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
    }
}

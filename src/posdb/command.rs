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
use crate::i18n::{t, tr};
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
    let io = |e: std::io::Error| {
        CommandError::failure(tr("cli-cannot-write", &[("error", e.to_string().into())]))
    };
    if matches!(cmd, DbCommand::Stats | DbCommand::Check) && !path.exists() {
        writeln!(out, "{}", tr("db-none-yet", &[("path", shown(path))])).map_err(io)?;
        return Ok(());
    }
    if let DbCommand::Export { file, force } = cmd
        && file.exists()
        && !force
    {
        return Err(CommandError::input(tr(
            "cli-exists-force",
            &[("path", shown(file))],
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
        CommandError::failure(tr(
            "db-cannot-do",
            &[
                ("what", what.to_owned().into()),
                ("path", shown(path)),
                ("why", e.to_string().into()),
            ],
        ))
    };
    match cmd {
        DbCommand::Stats => stats(&store, config, version, out).map_err(|e| match e {
            Failure::Io(e) => io(e),
            Failure::Sql(e) => sql("read", e),
        }),
        DbCommand::Check => {
            // A file damaged past its first pages fails the check itself: that is the answer.
            let verdict = match store.with_connection(|c| file::integrity(c)) {
                Ok(verdict) => verdict,
                Err(e) if file::is_damaged(&e) => Err(e.to_string()),
                Err(e) => return Err(sql("check", e)),
            };
            match (verdict, &opened.notice) {
                (Ok(()), None) => {
                    writeln!(out, "{}", tr("db-ok", &[("path", shown(path))])).map_err(io)
                }
                (Ok(()), Some(_)) => Err(CommandError::failure(tr(
                    "db-moved-aside",
                    &[("path", shown(path))],
                ))),
                (Err(problems), _) => Err(CommandError::failure(tr(
                    "db-damaged",
                    &[(
                        "problem",
                        crate::posdb::damage_found(path, &problems).into(),
                    )],
                ))),
            }
        }
        DbCommand::Clear { yes } => {
            let count = store
                .with_connection(|c| file::counts(c, version))
                .map_err(|e| sql("read", e))?
                .iter()
                .map(|(_, mine, other)| mine + other)
                .sum::<u64>();
            let question = tr(
                "db-clear-question",
                &[("count", count.into()), ("path", shown(path))],
            );
            if !yes && !ask(&question, out, answers)? {
                return Ok(());
            }
            let n = store
                .with_connection(|c| file::clear(c))
                .map_err(|e| sql("clear", e))?;
            writeln!(
                out,
                "{}",
                tr("db-deleted", &[("n", n.into()), ("path", shown(path))])
            )
            .map_err(io)
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
                    CommandError::failure(tr(
                        "db-cannot-export",
                        &[("file", shown(target)), ("why", e.to_string().into())],
                    ))
                })?;
            std::fs::rename(&temp, target).map_err(|e| {
                let _ = std::fs::remove_file(&temp);
                CommandError::failure(tr(
                    "db-cannot-write",
                    &[("file", shown(target)), ("why", e.to_string().into())],
                ))
            })?;
            writeln!(
                out,
                "{}",
                tr(
                    "db-exported",
                    &[("path", shown(path)), ("file", shown(target))]
                )
            )
            .map_err(io)
        }
        DbCommand::Import { file: source } => {
            if !source.is_file() {
                return Err(CommandError::input(tr(
                    "db-not-a-file",
                    &[("file", shown(source))],
                )));
            }
            let rows = store
                .with_connection(|c| file::import(c, source))
                .map_err(|e| match e {
                    file::OpenError::Unusable(m) => {
                        CommandError::input(format!("{}: {m}", source.display()))
                    }
                    file::OpenError::Other(m) => CommandError::failure(tr(
                        "db-cannot-import",
                        &[("file", shown(source)), ("why", m.into())],
                    )),
                })?;
            let max = u64::from(config.database.max_mb) << 20;
            let evicted = store
                .with_connection(|c| file::evict(c, max, version))
                .map_err(|e| sql("prune", e))?;
            let merged = tr(
                "db-merged",
                &[
                    ("rows", rows.into()),
                    ("file", shown(source)),
                    ("path", shown(path)),
                    ("evicted", evicted.into()),
                ],
            );
            writeln!(out, "{merged}").map_err(io)
        }
        DbCommand::Prune { max_mb } => {
            let n = store
                .with_connection(|c| {
                    let n = file::evict(c, u64::from(*max_mb) << 20, version)?;
                    file::checkpoint(c);
                    Ok(n)
                })
                .map_err(|e| sql("prune", e))?;
            let size = mib(store
                .with_connection(|c| file::used_bytes(c))
                .unwrap_or_default());
            let evicted = tr(
                "db-evicted",
                &[
                    ("n", n.into()),
                    ("path", shown(path)),
                    ("size", size.into()),
                ],
            );
            writeln!(out, "{evicted}").map_err(io)
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
    let io = |e: std::io::Error| {
        CommandError::failure(tr("cli-cannot-write", &[("error", e.to_string().into())]))
    };
    write!(out, "{question}").map_err(io)?;
    out.flush().map_err(io)?;
    let mut answer = String::new();
    answers.read_line(&mut answer).map_err(|e| {
        CommandError::failure(tr(
            "cli-cannot-read-answer",
            &[("why", e.to_string().into())],
        ))
    })?;
    // "y" or "yes" in every language, and the language's own ("s", "sim").
    let yes = t("cli-yes-words");
    if yes
        .split_whitespace()
        .chain(["y", "yes"])
        .any(|w| answer.trim().eq_ignore_ascii_case(w))
    {
        return Ok(true);
    }
    writeln!(out, "{}", t("cli-nothing-deleted")).map_err(io)?;
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
    w(out, tr("db-file", &[("path", shown(store.path()))]))?;
    w(
        out,
        tr(
            "db-size",
            &[
                ("used", mib(used).into()),
                ("disk", mib(on_disk).into()),
                ("max", config.database.max_mb.into()),
                (
                    "enabled",
                    if config.database.enabled { "yes" } else { "no" }.into(),
                ),
            ],
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
            tr(
                "db-variant-rows",
                &[
                    (
                        "game",
                        tr("db-game", &[("game", variant.id().into())]).into(),
                    ),
                    ("mine", mine.into()),
                    ("other", other.into()),
                ],
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
                tr(
                    "db-unknown-variant",
                    &[
                        ("code", code.to_string().into()),
                        ("n", (mine + other).into()),
                    ],
                ),
            )?;
        }
    }
    Ok(())
}

/// A path as messages show it (a message's variable).
pub(crate) fn shown(path: &Path) -> crate::i18n::FluentValue<'static> {
    path.display().to_string().into()
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
        crate::i18n::decimal(&format!("{:.1} KiB", bytes as f64 / 1024.0))
    } else {
        crate::i18n::decimal(&format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20)))
    }
}

//! `kibitzer feedback list | export [FILE] | clear`: the feedback kept in the position
//! database, readable, as JSON Lines to send, or deleted (asking first, as `db clear` does).

use std::io::{BufRead, Write};
use std::path::Path;

use crate::analysis::command::CommandError;
use crate::cli::FeedbackCommand;
use crate::config::Config;
use crate::posdb::feedback::{self, Given};
use crate::posdb::{Options, Store};

/// Runs `kibitzer feedback …` on the database at `path`, writing to `out`, notices (a file
/// moved aside) to `err`, reading the confirmation of `clear` from `answers`.
///
/// # Errors
/// Bad input (an export file that exists without `--force`: status 2) or a failure (status 1),
/// with a message naming the file.
pub fn run(
    cmd: &FeedbackCommand,
    path: &Path,
    config: &Config,
    out: &mut dyn Write,
    err: &mut dyn Write,
    answers: &mut dyn BufRead,
) -> Result<(), CommandError> {
    let io = |e: std::io::Error| CommandError::failure(format!("cannot write the output: {e}"));
    if let FeedbackCommand::Export {
        file: Some(file),
        force: false,
    } = cmd
        && file.exists()
    {
        return Err(CommandError::input(format!(
            "{} already exists; choose another name, or pass --force to overwrite it",
            file.display()
        )));
    }
    if !path.exists() {
        if !matches!(cmd, FeedbackCommand::Export { file: None, .. }) {
            writeln!(
                out,
                "no feedback yet: there is no position database at {} (feedback is given in \
                 play or a review with the feedback key, ! by default)",
                path.display()
            )
            .map_err(io)?;
        }
        return Ok(());
    }
    let opened = Store::open(path, Options::from_config(config)).map_err(CommandError::failure)?;
    if let Some(notice) = &opened.notice {
        writeln!(err, "kibitzer: {notice}").map_err(io)?;
    }
    let store = opened.store;
    let sql = |what: &str, e: rusqlite::Error| {
        CommandError::failure(format!("{what} {}: {e}", path.display()))
    };
    match cmd {
        FeedbackCommand::List => {
            let given = store
                .with_connection(|c| feedback::list(c))
                .map_err(|e| sql("cannot read", e))?;
            if given.is_empty() {
                writeln!(
                    out,
                    "no feedback yet in {} (give it in play or a review with the feedback key, \
                     ! by default)",
                    path.display()
                )
                .map_err(io)?;
            }
            for g in &given {
                write!(out, "{}", readable(g)).map_err(io)?;
            }
            Ok(())
        }
        FeedbackCommand::Export { file, force } => {
            let given = store
                .with_connection(|c| feedback::list(c))
                .map_err(|e| sql("cannot read", e))?;
            let text = json_lines(&given)?;
            match file {
                None => out.write_all(text.as_bytes()).map_err(io),
                Some(target) => {
                    let written = if *force {
                        crate::app::persist::write_atomic(target, &text).map_err(|e| {
                            CommandError::failure(format!(
                                "cannot write {}: {e:#}",
                                target.display()
                            ))
                        })
                    } else {
                        crate::app::persist::write_new(target, &text).map_err(|e| match e {
                            crate::app::persist::WriteError::Exists(p) => {
                                CommandError::input(format!(
                                    "{} already exists; choose another name, or pass --force \
                                     to overwrite it",
                                    p.display()
                                ))
                            }
                            crate::app::persist::WriteError::Io(e) => {
                                CommandError::failure(format!("{e:#}"))
                            }
                        })
                    };
                    written?;
                    writeln!(
                        out,
                        "exported {} pieces of feedback to {} (JSON Lines: one object a line)",
                        given.len(),
                        target.display()
                    )
                    .map_err(io)
                }
            }
        }
        FeedbackCommand::Clear { yes } => {
            let n = store
                .with_connection(|c| feedback::count(c))
                .map_err(|e| sql("cannot read", e))?;
            let question = format!(
                "Delete all {n} pieces of feedback from {}? [y/N] ",
                path.display()
            );
            if !yes && !crate::posdb::command::ask(&question, out, answers)? {
                return Ok(());
            }
            let n = store
                .with_connection(|c| feedback::clear(c))
                .map_err(|e| sql("cannot clear", e))?;
            writeln!(
                out,
                "deleted {n} pieces of feedback from {}",
                path.display()
            )
            .map_err(io)
        }
    }
}

/// One piece of feedback for people: a header line, the note, the explanation indented.
fn readable(g: &Given) -> String {
    let f = &g.feedback;
    let mut text = format!(
        "#{} {} {} on {} ({}, {}, kibitzer {})\n  position: {}\n",
        g.id,
        g.given_at,
        f.verdict.word().to_uppercase(),
        f.san,
        f.variant,
        f.screen,
        f.version,
        f.fen
    );
    if let Some(note) = &f.note {
        text.push_str(&format!("  note: {note}\n"));
    }
    for line in f.text.lines() {
        text.push_str(&format!("  | {line}\n"));
    }
    text.push('\n');
    text
}

/// Every piece of feedback as JSON Lines (one object a line, newline-terminated).
fn json_lines(given: &[Given]) -> Result<String, CommandError> {
    let mut text = String::new();
    for g in given {
        let line = serde_json::to_string(g)
            .map_err(|e| CommandError::failure(format!("cannot write feedback #{}: {e}", g.id)))?;
        text.push_str(&line);
        text.push('\n');
    }
    Ok(text)
}

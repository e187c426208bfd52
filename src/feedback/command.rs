//! `kibitzer feedback list | export [FILE] | clear`: the feedback kept in the position
//! database, readable, as JSON Lines to send, or deleted (asking first, as `db clear` does).

use std::io::{BufRead, Write};
use std::path::Path;

use crate::analysis::command::CommandError;
use crate::cli::FeedbackCommand;
use crate::config::Config;
use crate::i18n::tr;
use crate::posdb::command::shown;
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
    let io = |e: std::io::Error| {
        CommandError::failure(tr("cli-cannot-write", &[("error", e.to_string().into())]))
    };
    if let FeedbackCommand::Export {
        file: Some(file),
        force: false,
    } = cmd
        && file.exists()
    {
        return Err(CommandError::input(tr(
            "cli-exists-force",
            &[("path", shown(file))],
        )));
    }
    if !path.exists() {
        if !matches!(cmd, FeedbackCommand::Export { file: None, .. }) {
            writeln!(out, "{}", tr("feedback-none-yet", &[("path", shown(path))])).map_err(io)?;
        }
        return Ok(());
    }
    let opened = Store::open(path, Options::from_config(config)).map_err(CommandError::failure)?;
    if let Some(notice) = &opened.notice {
        writeln!(err, "kibitzer: {notice}").map_err(io)?;
    }
    let store = opened.store;
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
        FeedbackCommand::List => {
            let given = store
                .with_connection(|c| feedback::list(c))
                .map_err(|e| sql("read", e))?;
            if given.is_empty() {
                writeln!(out, "{}", tr("feedback-none-in", &[("path", shown(path))]))
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
                .map_err(|e| sql("read", e))?;
            let text = json_lines(&given)?;
            match file {
                None => out.write_all(text.as_bytes()).map_err(io),
                Some(target) => {
                    let written = if *force {
                        crate::app::persist::write_atomic(target, &text).map_err(|e| {
                            CommandError::failure(tr(
                                "db-cannot-write",
                                &[("file", shown(target)), ("why", format!("{e:#}").into())],
                            ))
                        })
                    } else {
                        crate::app::persist::write_new(target, &text).map_err(|e| match e {
                            crate::app::persist::WriteError::Exists(p) => {
                                CommandError::input(tr("cli-exists-force", &[("path", shown(&p))]))
                            }
                            crate::app::persist::WriteError::Io(e) => {
                                CommandError::failure(format!("{e:#}"))
                            }
                        })
                    };
                    written?;
                    let exported = tr(
                        "feedback-exported",
                        &[("n", given.len().into()), ("file", shown(target))],
                    );
                    writeln!(out, "{exported}").map_err(io)
                }
            }
        }
        FeedbackCommand::Clear { yes } => {
            let n = store
                .with_connection(|c| feedback::count(c))
                .map_err(|e| sql("read", e))?;
            let question = tr(
                "feedback-clear-question",
                &[("n", n.into()), ("path", shown(path))],
            );
            if !yes && !crate::posdb::command::ask(&question, out, answers)? {
                return Ok(());
            }
            let n = store
                .with_connection(|c| feedback::clear(c))
                .map_err(|e| sql("clear", e))?;
            writeln!(
                out,
                "{}",
                tr(
                    "feedback-deleted",
                    &[("n", n.into()), ("path", shown(path))]
                )
            )
            .map_err(io)
        }
    }
}

/// One piece of feedback for people: a header line, the note, the explanation indented.
fn readable(g: &Given) -> String {
    let f = &g.feedback;
    let mut text = tr(
        "feedback-entry",
        &[
            ("id", g.id.to_string().into()),
            ("at", g.given_at.to_string().into()),
            ("verdict", f.verdict.word().to_uppercase().into()),
            ("san", crate::i18n::san(&f.san).into_owned().into()),
            ("game", f.variant.to_string().into()),
            ("screen", f.screen.to_string().into()),
            ("version", f.version.to_string().into()),
        ],
    );
    text.push_str(&format!(
        "\n  {}\n",
        tr("feedback-position", &[("fen", f.fen.as_str().into())])
    ));
    if let Some(note) = &f.note {
        text.push_str(&format!(
            "  {}\n",
            tr("feedback-note", &[("note", note.as_str().into())])
        ));
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
        let line = serde_json::to_string(g).map_err(|e| {
            CommandError::failure(tr(
                "feedback-cannot-write",
                &[
                    ("id", g.id.to_string().into()),
                    ("why", e.to_string().into()),
                ],
            ))
        })?;
        text.push_str(&line);
        text.push('\n');
    }
    Ok(text)
}

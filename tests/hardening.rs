//! Issue 23's reproducers that need the real binary: an engine panic, huge time limits, two
//! instances. Every test runs with private config and data directories, never the real home.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

#[path = "support/bin.rs"]
mod bin;
use bin::{kibitzer, stderr};

/// Reads the engine's output until a line starting with `prefix`; returns every line read.
fn read_until(out: &mut impl BufRead, prefix: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "end of output before {prefix:?}: {lines:?}"
        );
        lines.push(line.trim_end().to_owned());
        if line.starts_with(prefix) {
            return lines;
        }
    }
}

/// An engine-thread panic left a dead engine: no `go` was ever answered again.
#[test]
fn an_engine_panic_is_reported_and_the_engine_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("uci")
        .env("KIBITZER_CONFIG_DIR", dir.path().join("config"))
        .env("KIBITZER_DATA_DIR", dir.path().join("data"))
        .env("KIBITZER_TEST_ENGINE_PANIC_DEPTH", "2")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    writeln!(input, "go depth 2").unwrap();
    let lines = read_until(&mut out, "bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info string error:")
            && l.contains("internal error")
            && l.contains("restarted")),
        "{lines:?}"
    );
    writeln!(input, "isready").unwrap();
    read_until(&mut out, "readyok");
    writeln!(input, "position startpos moves e2e4\ngo depth 3").unwrap();
    let lines = read_until(&mut out, "bestmove");
    let best = lines.last().unwrap();
    assert!(best.starts_with("bestmove "), "{lines:?}");
    assert_ne!(best, "bestmove 0000");
    writeln!(input, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

/// `explain --movetime 18446744073709551614` overflowed a duration in the engine thread.
#[test]
fn explain_with_a_huge_movetime_does_not_crash() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer(
        dir.path(),
        &[
            "explain",
            "--fen",
            // Bare kings: the search reaches its maximum depth at once, whatever the time.
            "k7/8/8/8/8/8/8/7K w - - 0 1",
            "--movetime",
            "18446744073709551614",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

//! Drives the real binary through a short game with python-chess (`tests/uci_game.py`), plus a
//! pure-Rust check of the same binary over pipes (which runs even without Python).

#[path = "support/python.rs"]
mod python;
use python::require_python_chess;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_kibitzer");

#[test]
fn python_chess_plays_a_short_game() {
    require_python_chess();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/uci_game.py");
    let out = Command::new("python3")
        .args([script, BIN])
        .env("KIBITZER_CONFIG_DIR", env!("CARGO_TARGET_TMPDIR"))
        .env("KIBITZER_DATA_DIR", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn binary_answers_isready_during_a_search_and_stops() {
    let mut child = Command::new(BIN)
        .arg("uci")
        .env("KIBITZER_CONFIG_DIR", env!("CARGO_TARGET_TMPDIR"))
        .env("KIBITZER_DATA_DIR", env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    writeln!(stdin, "uci").unwrap();
    while lines.next().unwrap().unwrap() != "uciok" {}
    writeln!(stdin, "position startpos moves e2e4\ngo infinite\nisready").unwrap();
    loop {
        let l = lines.next().unwrap().unwrap();
        assert!(
            !l.starts_with("bestmove"),
            "infinite search ended by itself"
        );
        if l == "readyok" {
            break;
        }
    }
    writeln!(stdin, "stop").unwrap();
    loop {
        let l = lines.next().unwrap().unwrap();
        if l.starts_with("bestmove") {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

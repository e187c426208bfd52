//! Issue 23's reproducers that need the real binary: an engine panic, huge time limits, two
//! instances. Every test runs with private config and data directories, never the real home.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

#[path = "support/bin.rs"]
mod bin;
use bin::{kibitzer, kibitzer_builtin, stderr};

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
    let o = kibitzer_builtin(
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

/// `review tal.pgn --game 2 --annotate tal.pgn` replaced a 20-game file by one game; an existing
/// file was overwritten without asking.
#[test]
fn annotate_never_overwrites_its_input_nor_an_existing_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("games.pgn");
    let games = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
    std::fs::write(&input, games).unwrap();
    let hard = dir.path().join("hard.pgn");
    std::fs::hard_link(&input, &hard).unwrap();
    let soft = dir.path().join("soft.pgn");
    std::os::unix::fs::symlink(&input, &soft).unwrap();
    let dotted = dir.path().join("sub").join("..").join("games.pgn");
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    for out in [&input, &hard, &soft, &dotted] {
        let o = kibitzer_builtin(
            dir.path(),
            &[
                "review",
                input.to_str().unwrap(),
                "--game",
                "2",
                "--depth",
                "1",
                "--annotate",
                out.to_str().unwrap(),
                "--force",
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{}", out.display());
        assert!(stderr(&o).contains("is the input file"), "{}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&input).unwrap(), games);
    }
    let other = dir.path().join("other.pgn");
    std::fs::write(&other, "keep me").unwrap();
    let args = |force: bool| {
        let mut a = vec![
            "review",
            input.to_str().unwrap(),
            "--depth",
            "1",
            "--annotate",
            other.to_str().unwrap(),
        ];
        if force {
            a.push("--force");
        }
        a
    };
    let o = kibitzer(dir.path(), &args(false));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("already exists; add --force"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "keep me");
    let o = kibitzer(dir.path(), &args(true));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&other).unwrap().contains("1. e4"));
}

/// A random binary file reviewed as an empty game with exit status 0.
#[test]
fn reviewing_binary_data_fails_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("random.pgn");
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let bytes: Vec<u8> = (0..4096)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u8
        })
        .collect();
    std::fs::write(&file, bytes).unwrap();
    let o = kibitzer_builtin(
        dir.path(),
        &["review", file.to_str().unwrap(), "--json", "--depth", "1"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("cannot be reviewed"), "{}", stderr(&o));
}

/// Runs `kibitzer ARGS` like [`kibitzer`], killing it after two minutes; `None` when it had to
/// be killed (a hang).
fn kibitzer_within(dir: &std::path::Path, args: &[&str]) -> Option<std::process::Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .env("KIBITZER_CONFIG_DIR", dir.join("config"))
        .env("KIBITZER_DATA_DIR", dir.join("data"))
        .env_remove("KIBITZER_CONFIG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(120) {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    Some(child.wait_with_output().unwrap())
}

/// The weights of issue 34 (inside their documented ranges) that made a three-queen lead
/// overflow into the mate band.
const HUGE_WEIGHTS: &str = "[eval]\nqueen = 5000\nmaterial_pst = 500\n";
const THREE_QUEENS: &str = "4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1";

/// Issue 34: with the weights in `[eval]`, `explain` and `review` never ended.
#[test]
fn explain_and_review_end_with_weights_at_the_ends_of_their_ranges() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("huge.toml");
    std::fs::write(&config, HUGE_WEIGHTS).unwrap();
    let config = config.to_str().unwrap();
    let out = kibitzer_within(
        dir.path(),
        &["--config", config, "explain", "--fen", THREE_QUEENS],
    )
    .expect("explain never ended");
    assert!(out.status.success(), "{}", stderr(&out));
    let pgn = dir.path().join("g.pgn");
    std::fs::write(
        &pgn,
        format!(
            "[FEN \"{THREE_QUEENS}\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n1. Qaa2 Kd8 2. Qa8+ *\n"
        ),
    )
    .unwrap();
    let out = kibitzer_within(
        dir.path(),
        &[
            "--config",
            config,
            "--no-db",
            "review",
            "--json",
            pgn.to_str().unwrap(),
        ],
    )
    .expect("review never ended");
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["plies"].as_array().map(Vec::len), Some(3), "{json}");
}

/// Issue 34: with the weights set by `setoption`, `go depth 3` never answered and ignored
/// `stop` and `quit`.
#[test]
fn uci_answers_go_and_quit_with_weights_at_the_ends_of_their_ranges() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("uci")
        .env("KIBITZER_CONFIG_DIR", dir.path().join("config"))
        .env("KIBITZER_DATA_DIR", dir.path().join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    writeln!(
        stdin,
        "setoption name Queen Value value 5000\nsetoption name Material PST value 500\n\
         position fen {THREE_QUEENS}\ngo depth 3"
    )
    .unwrap();
    let mut lines = Vec::new();
    loop {
        let Ok(line) = rx.recv_timeout(std::time::Duration::from_secs(120)) else {
            child.kill().unwrap();
            panic!("no bestmove: {lines:?}");
        };
        if line.starts_with("bestmove") {
            break;
        }
        lines.push(line);
    }
    assert!(
        lines
            .iter()
            .filter_map(|l| l.split(" score mate ").nth(1))
            .all(|m| !m.starts_with('-')),
        "the side three queens up is getting mated: {lines:?}"
    );
    writeln!(stdin, "quit").unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(120),
            "quit ignored"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

//! Explanation feedback through the real binary: given in the terminal with the feedback key,
//! it is on disk at once (a `kill -9` right after loses nothing) while a second kibitzer process
//! writes the same database; `kibitzer feedback list | export | clear` read it back; with the
//! database off the key says feedback needs it. Private config and data directories.

#[path = "support/bin.rs"]
mod bin;
#[path = "support/tmux.rs"]
mod tmux;

use bin::{kibitzer, stderr, stdout};
use std::process::{Command, Stdio};

/// White's king must take the checking queen (Kxg2, the only legal move); Black then moves.
const FORCED: &str = "7k/p7/8/8/8/8/P5q1/7K w - - 0 1";

/// Morphy against the Duke and the Count, Paris 1858 (the Opera Game).
const OPERA: &str = "[White \"Morphy\"]\n[Black \"Allies\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 \
9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 \
15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

fn session(name: &str) -> tmux::Tmux {
    let tmux = tmux::Tmux::start(name, 110, 32).unwrap();
    std::fs::create_dir_all(tmux.config_dir()).unwrap();
    std::fs::write(
        tmux.config_dir().join("config.toml"),
        "[engine]\nlevel = 10\ndepth = 4\n\n[explain]\nanalysis_ms = 300\n\n\
         [analysis]\nengine = \"builtin\"\n",
    )
    .unwrap();
    tmux
}

/// Plays Kxg2 from [`FORCED`], waits for the engine's reply, steps back to Kxg2, waits for
/// its explanation (its analysis runs in the background) and presses the feedback key once.
fn to_the_feedback_prompt(tmux: &tmux::Tmux) -> String {
    tmux.wait_for("no moves yet");
    tmux.keys(&[":"]);
    tmux.send_literal("Kxg2");
    tmux.keys(&["Enter"]);
    tmux.wait_until("the engine's reply", |screen| {
        screen.lines().any(|l| {
            l.split_once("1. Kxg2").is_some_and(|(_, rest)| {
                rest.trim_start()
                    .starts_with(|c: char| c.is_ascii_alphabetic())
            })
        })
    });
    tmux.keys(&[","]);
    // The background analysis of Kxg2 done: its verdict names its judge.
    tmux.wait_for("judged by");
    tmux.keys(&["!"]);
    tmux.wait_until("an answer to the feedback key", |s| {
        s.contains("w wrong") || s.contains("database")
    })
}

#[test]
fn feedback_given_in_the_terminal_survives_kill_9_beside_a_second_instance() {
    let tmux = session("feedback-kill");
    // A second kibitzer writes the same database all along (a review of a whole game).
    let pgn = tmux.dir.path().join("opera.pgn");
    std::fs::write(&pgn, OPERA).unwrap();
    let second = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["review", pgn.to_str().unwrap(), "--json", "--depth", "5"])
        .args(["--engine", "builtin"])
        .env("KIBITZER_CONFIG_DIR", tmux.config_dir())
        .env("KIBITZER_DATA_DIR", tmux.data_dir())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();

    tmux.launch(&format!("--new --fen '{FORCED}'"));
    let screen = to_the_feedback_prompt(&tmux);
    assert!(screen.contains(":feedback"), "{screen}");
    tmux.send_literal("w the king had no choice");
    tmux.keys(&["Enter"]);
    tmux.wait_for("kept: Kxg2 marked wrong");
    // Killed at once: what the message said was kept is on disk.
    let pid = tmux.child_pid().expect("kibitzer runs");
    assert!(
        Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status()
            .unwrap()
            .success()
    );
    tmux.wait_for("EXIT=137");
    let o = second.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stderr.is_empty(), "no warning: {}", stderr(&o));

    let dir = tmux.dir.path();
    let list = kibitzer(dir, &["feedback", "list"]);
    assert!(list.status.success(), "{}", stderr(&list));
    let text = stdout(&list);
    assert!(
        text.contains("WRONG on Kxg2 (chess, play, kibitzer"),
        "{text}"
    );
    assert!(text.contains(&format!("position: {FORCED}")), "{text}");
    assert!(text.contains("note: the king had no choice"), "{text}");
    assert!(text.contains("  | "), "the explanation is listed: {text}");

    // Export: JSON Lines, never over an existing file without --force.
    let out = dir.join("feedback.jsonl");
    let exported = kibitzer(dir, &["feedback", "export", out.to_str().unwrap()]);
    assert!(exported.status.success(), "{}", stderr(&exported));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1);
    let f = &lines[0];
    assert_eq!(f["verdict"], "wrong");
    assert_eq!(f["san"], "Kxg2");
    assert_eq!(f["uci"], "h1g2");
    assert_eq!(f["fen"], FORCED);
    assert_eq!(f["note"], "the king had no choice");
    assert_eq!(f["version"], env!("CARGO_PKG_VERSION"));
    assert!(f["claims"]["move"].is_array(), "{f}");
    assert!(!f["text"].as_str().unwrap().is_empty(), "{f}");
    let again = kibitzer(dir, &["feedback", "export", out.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    let forced = kibitzer(
        dir,
        &["feedback", "export", out.to_str().unwrap(), "--force"],
    );
    assert!(forced.status.success(), "{}", stderr(&forced));
    let to_stdout = kibitzer(dir, &["feedback", "export"]);
    assert_eq!(stdout(&to_stdout), std::fs::read_to_string(&out).unwrap());

    // Clear asks; without an answer nothing is deleted.
    let kept = kibitzer(dir, &["feedback", "clear"]);
    assert!(
        stdout(&kept).contains("nothing deleted"),
        "{}",
        stdout(&kept)
    );
    assert!(stdout(&kibitzer(dir, &["feedback", "list"])).contains("WRONG"));
    let cleared = kibitzer(dir, &["feedback", "clear", "--yes"]);
    assert!(stdout(&cleared).contains("deleted 1 pieces of feedback"));
    assert!(stdout(&kibitzer(dir, &["feedback", "list"])).contains("no feedback yet"));
    // The positions the second instance wrote are still there.
    let stats = stdout(&kibitzer(dir, &["db", "stats"]));
    assert!(!stats.contains("chess: 0 positions"), "{stats}");
}

#[test]
fn without_the_database_the_key_says_feedback_needs_it() {
    let tmux = session("feedback-nodb");
    tmux.launch(&format!("--no-db --new --fen '{FORCED}'"));
    let screen = to_the_feedback_prompt(&tmux);
    let screen = if screen.contains("which is off") {
        screen
    } else {
        tmux.wait_for("which is off")
    };
    assert!(
        screen.contains("feedback is kept in the position database"),
        "{screen}"
    );
    assert!(!screen.contains(":feedback"), "the prompt closed: {screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
    let list = kibitzer(tmux.dir.path(), &["feedback", "list"]);
    assert!(
        stdout(&list).contains("no feedback yet"),
        "{}",
        stdout(&list)
    );
}

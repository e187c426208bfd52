//! Drives the real binary through a short game with python-chess (`tests/uci_game.py`), plus a
//! pure-Rust check of the same binary over pipes (which runs even without Python).

#[path = "support/python.rs"]
mod python;
use python::require_python_chess;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_kibitzer");

/// Runs the python-chess client `script` (a path below the crate) against the real binary and
/// fails with its output unless it exits successfully.
fn run_python_client(script: &str) {
    require_python_chess();
    let script = format!("{}/{script}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .args([script.as_str(), BIN])
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
fn python_chess_plays_a_short_game() {
    run_python_client("tests/uci_game.py");
}

/// Lazy SMP over UCI: `setoption name Threads value 2`, then searches of every kind answered
/// legally by the real binary, python-chess as the client (`tests/py/uci_threads.py`).
#[test]
fn python_chess_plays_with_two_threads() {
    run_python_client("tests/py/uci_threads.py");
}

/// `setoption name Threads value 0` (or above the maximum) is refused with the range, over the
/// real binary's pipes, and the session goes on.
#[test]
fn binary_refuses_threads_out_of_range() {
    let (mut child, mut stdin, mut lines) = spawn_uci();
    writeln!(
        stdin,
        "uci\nsetoption name Threads value 0\nsetoption name Threads value 65\n\
         setoption name Threads value 2\nposition startpos\ngo depth 3"
    )
    .unwrap();
    let mut refusals = Vec::new();
    loop {
        let l = lines.next().unwrap().unwrap();
        if l.starts_with("info string") && l.contains("Threads") {
            refusals.push(l.clone());
        }
        if l.starts_with("bestmove") {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(refusals.len(), 2, "{refusals:?}");
    assert!(
        refusals.iter().all(|l| l.contains("out of range 1 to 64")),
        "{refusals:?}"
    );
}

/// `kibitzer uci` with pipes: the process, its input and its output's lines.
fn spawn_uci() -> (
    std::process::Child,
    std::process::ChildStdin,
    std::io::Lines<BufReader<std::process::ChildStdout>>,
) {
    let mut child = Command::new(BIN)
        .arg("uci")
        .env("KIBITZER_CONFIG_DIR", env!("CARGO_TARGET_TMPDIR"))
        .env("KIBITZER_DATA_DIR", env!("CARGO_TARGET_TMPDIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    (child, stdin, lines)
}

#[test]
fn binary_answers_isready_during_a_search_and_stops() {
    let (mut child, mut stdin, mut lines) = spawn_uci();
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

/// `UCI_Variant pawnbattle` over pipes: the binary plays both sides of a Pawn Battle game to its
/// end (depth for White, nodes for Black), each `bestmove` checked against the rules by the
/// library's own game and sent back in `position startpos moves …`.
#[test]
fn binary_plays_a_pawn_battle_game_to_its_end() {
    use kibitzer::game::Game;
    use kibitzer::variant::VariantPosition;
    use kibitzer::variant::pawn_battle::PawnBattle;

    let (mut child, mut stdin, mut lines) = spawn_uci();
    writeln!(stdin, "uci").unwrap();
    let mut offered = false;
    loop {
        let l = lines.next().unwrap().unwrap();
        offered |= l.starts_with("option name UCI_Variant type combo default chess");
        if l == "uciok" {
            break;
        }
    }
    assert!(offered, "UCI_Variant is offered");
    writeln!(
        stdin,
        "setoption name UCI_Variant value pawnbattle\nucinewgame\nisready"
    )
    .unwrap();
    assert_eq!(lines.next().unwrap().unwrap(), "readyok");
    let mut game: Game<PawnBattle> = Game::starting();
    let mut moves: Vec<String> = Vec::new();
    while game.outcome().is_none() && moves.len() < 400 {
        let limit = if game.turn() == shakmaty::Color::White {
            "depth 3"
        } else {
            "nodes 3000"
        };
        writeln!(
            stdin,
            "position startpos moves {}\ngo {limit}",
            moves.join(" ")
        )
        .unwrap();
        let best = loop {
            let l = lines.next().unwrap().unwrap();
            assert!(!l.contains("error"), "{l} after {moves:?}");
            if let Some(rest) = l.strip_prefix("bestmove ") {
                break rest.split_whitespace().next().unwrap().to_owned();
            }
        };
        let uci = best.parse().unwrap();
        let m = game
            .position()
            .move_of_uci(&uci)
            .unwrap_or_else(|| panic!("{best} is not legal after {moves:?}"));
        game.play(m).unwrap();
        moves.push(best);
    }
    let outcome = game.outcome().expect("the game ended by the rules");
    // After the end nothing more is accepted, and the session still answers.
    writeln!(
        stdin,
        "position startpos moves {} a1a2\nisready",
        moves.join(" ")
    )
    .unwrap();
    let l = lines.next().unwrap().unwrap();
    assert!(l.contains("the game is already over"), "{l} ({outcome})");
    assert_eq!(lines.next().unwrap().unwrap(), "readyok");
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

//! `kibitzer eval --variant pawn-battle`, `kibitzer match --pgn-out`, and `kibitzer perft --variant pawn-battle` against the independent Python reference
//! (`tests/py/pawn_battle_perft.py`, written from the rules) on the start position and varied
//! positions (`tests/py/pawn_battle_positions.txt`: en passant, open files, pawns on the 7th,
//! near-empty boards, no legal move). Both sides were compared to depth 5 when the positions
//! were chosen (the counts are pinned in `src/variant/pawn_battle/tests.rs`); here depth 4
//! keeps the test at a few seconds.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_kibitzer");
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/py/pawn_battle_perft.py");
const POSITIONS: &str = include_str!("py/pawn_battle_positions.txt");

fn run(cmd: &mut Command) -> String {
    let out = cmd
        .env("KIBITZER_CONFIG_DIR", env!("CARGO_TARGET_TMPDIR"))
        .env("KIBITZER_DATA_DIR", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn kibitzer_perft(fen: &str, depth: u32, divide: bool) -> String {
    let mut cmd = Command::new(BIN);
    cmd.args([
        "perft",
        "--variant",
        "pawn-battle",
        "--fen",
        fen,
        &depth.to_string(),
    ]);
    if divide {
        cmd.arg("--divide");
    }
    run(&mut cmd)
}

#[test]
fn perft_matches_the_python_reference() {
    let fens: Vec<&str> = POSITIONS.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(fens.len() >= 11, "the start and ten varied positions");
    let reference = run(Command::new("python3").arg(SCRIPT).arg("4").args(&fens));
    let expected: Vec<&str> = reference.lines().collect();
    assert_eq!(expected.len(), fens.len());
    for (fen, line) in fens.iter().zip(expected) {
        let count = line.split_whitespace().next().unwrap_or_default();
        let ours = kibitzer_perft(fen, 4, false);
        assert!(
            ours.starts_with(&format!("perft 4: {count} nodes")),
            "{fen}: the reference counts {count}, kibitzer says {ours}"
        );
    }
}

#[test]
fn divide_matches_the_python_reference_with_en_passant() {
    let fen = "r6r/8/8/2pPp3/8/8/5P2/R6R w - e6 0 10";
    let reference = run(Command::new("python3").args([SCRIPT, "--divide", "3", fen]));
    let ours = kibitzer_perft(fen, 3, true);
    let ours: Vec<&str> = ours.lines().filter(|l| !l.starts_with("perft")).collect();
    let reference: Vec<&str> = reference.lines().collect();
    assert_eq!(ours, reference);
    assert!(ours.iter().any(|l| l.starts_with("d5e6: ")), "{ours:?}");
}

#[test]
fn perft_refuses_a_chess_fen_with_the_reason() {
    let out = Command::new(BIN)
        .args([
            "perft",
            "--variant",
            "pawn-battle",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "1",
        ])
        .env("KIBITZER_CONFIG_DIR", env!("CARGO_TARGET_TMPDIR"))
        .env("KIBITZER_DATA_DIR", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run kibitzer: {e}"));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim(),
        "kibitzer: invalid FEN (piece placement): Pawn Battle has only pawns and rooks, and \
         there is a white knight on b1"
    );
}

#[test]
fn eval_prints_each_term_for_both_presets() {
    let fen = "r6r/8/8/4P2p/8/8/P7/R7 w - - 0 1";
    let seed = run(Command::new(BIN).args([
        "eval",
        "--variant",
        "pawn-battle",
        "--preset",
        "seed",
        "--fen",
        fen,
    ]));
    assert!(
        seed.contains("material              27      33      -6"),
        "{seed}"
    );
    assert!(
        seed.ends_with("white to move; score for the side to move: -4\n"),
        "{seed}"
    );
    let default = run(Command::new(BIN).args(["eval", "--variant", "pawn-battle"]));
    for term in [
        "material",
        "advance",
        "passed pawns",
        "promotion race",
        "pawn structure",
        "rooks",
    ] {
        assert!(default.contains(term), "{term} missing from\n{default}");
    }
    // The start is symmetric: only the side to move's tempo (`tempo = 10`, in the race term)
    // is left.
    assert!(
        default.ends_with("score for the side to move: 10\n"),
        "{default}"
    );
}

/// `kibitzer review` reads a Pawn Battle PGN as Pawn Battle (by its `Variant` tag), never as
/// chess: every ply is reviewed (the whole review is `tests/pb_review.rs`).
#[test]
fn review_reads_a_pawn_battle_game_as_pawn_battle() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pawn-battle.pgn");
    std::fs::write(&file, "[Variant \"Pawn Battle\"]\n\n1. e4 d5 2. exd5 *\n").unwrap();
    let out = Command::new(BIN)
        .arg("review")
        .arg(&file)
        .arg("--json")
        .args(["--depth", "2"])
        .env("KIBITZER_CONFIG_DIR", dir.path())
        .env("KIBITZER_DATA_DIR", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sans: Vec<&str> = doc["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "d5", "exd5"]);
}

/// The position database keeps a Pawn Battle review's positions as Pawn Battle's
/// (`kibitzer db stats` shows both games), and a second review takes them from it.
#[test]
fn a_pawn_battle_review_feeds_the_position_database() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pawn-battle.pgn");
    std::fs::write(&file, "[Variant \"Pawn Battle\"]\n\n1. e4 d5 2. exd5 *\n").unwrap();
    let kibitzer = |args: &[&str]| {
        let out = Command::new(BIN)
            .args(args)
            .env("KIBITZER_CONFIG_DIR", dir.path())
            .env("KIBITZER_DATA_DIR", dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let path = file.to_str().unwrap();
    let first = kibitzer(&["review", path, "--json", "--depth", "3"]);
    let stats = kibitzer(&["db", "stats"]);
    let line = |game: &str| {
        stats
            .lines()
            .find(|l| l.starts_with(&format!("{game}:")))
            .unwrap_or_else(|| panic!("no {game} line in:\n{stats}"))
            .to_owned()
    };
    assert!(line("chess").starts_with("chess: 0 positions"), "{stats}");
    let pb = line("pawn battle");
    let stored: u64 = pb
        .trim_start_matches("pawn battle: ")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{pb}"));
    assert!(stored >= 3, "{stats}");
    // The second review reads the same verdicts from the database.
    let second = kibitzer(&["review", path, "--json", "--depth", "3"]);
    let verdicts = |doc: &str| -> Vec<serde_json::Value> {
        let v: serde_json::Value = serde_json::from_str(doc).unwrap();
        v["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["classification"].clone())
            .collect()
    };
    assert_eq!(verdicts(&first), verdicts(&second));
}

/// `kibitzer match --pgn-out FILE` writes every game of the match as Pawn Battle PGN, and a
/// file it cannot create stops it at once with the path and the remedy.
#[test]
fn match_writes_every_game_as_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.pgn");
    let out = run(Command::new(BIN)
        .args(["match", "--variant", "pawn-battle", "default:2", "seed:2"])
        .args(["--games", "4", "--seed", "5", "--pgn-out"])
        .arg(&file));
    assert!(out.contains("default:2 vs seed:2:"), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        text.matches("[Variant \"Pawn Battle\"]").count(),
        4,
        "{text}"
    );
    for round in 1..=4 {
        assert!(text.contains(&format!("[Round \"{round}\"]")), "{text}");
    }
    assert!(text.contains("{random opening}"), "{text}");

    let missing = dir.path().join("no-such-dir").join("games.pgn");
    let out = Command::new(BIN)
        .args(["match", "--variant", "pawn-battle", "default:1", "seed:1"])
        .args(["--games", "2", "--pgn-out"])
        .arg(&missing)
        .env("KIBITZER_CONFIG_DIR", dir.path())
        .env("KIBITZER_DATA_DIR", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("--pgn-out: cannot create"), "{stderr}");
    assert!(stderr.contains("no-such-dir"), "{stderr}");
    assert!(out.stdout.is_empty(), "no game is played");
}

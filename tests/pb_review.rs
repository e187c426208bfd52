//! `kibitzer review` of a Pawn Battle PGN and `kibitzer explain --variant pawn-battle` through
//! the real binary, at a depth where every score of the game is a forced win (so the results
//! do not depend on the evaluation's weights). Private config and data directories.

#[path = "support/bin.rs"]
mod bin;
use bin::{kibitzer_builtin, stderr, stdout};
use std::process::Output;

use kibitzer::variant::pawn_battle::PawnBattle;

/// A pawn race from a set-up: Black, to move, wins it with 1...b5 but plays 1...b6?? and
/// White's g-pawn arrives first.
const RACE: &str = r#"[Event "race"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Variant "Pawn Battle"]
[SetUp "1"]
[FEN "8/1p6/8/8/8/8/6P1/8 b - - 0 1"]

1... b6 2. g4 b5 3. g5 b4 4. g6 b3 5. g7 b2 6. g8 1-0
"#;

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

fn review(dir: &std::path::Path) -> serde_json::Value {
    let file = dir.join("race.pgn");
    std::fs::write(&file, RACE).unwrap();
    json(&kibitzer_builtin(
        dir,
        &["review", file.to_str().unwrap(), "--json", "--depth", "8"],
    ))
}

#[test]
fn a_pawn_battle_game_is_reviewed_like_a_chess_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = review(dir.path());
    assert_eq!(d["tags"]["Variant"], "Pawn Battle");
    let plies = d["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 10);
    let b6 = &plies[0];
    assert_eq!(b6["san"], "b6");
    assert_eq!(b6["mover"], "black");
    assert_eq!(b6["classification"]["quality"], "blunder");
    assert_eq!(b6["label"], "blunder (missed forced win)");
    assert_eq!(b6["best_move"], "b5");
    assert!(b6["better"]["text"].is_string(), "{b6}");
    let text = b6["explanation"]["text"].as_str().unwrap();
    assert!(
        text.contains("Better was b5") || text.contains("b5 was stronger"),
        "{text}"
    );
    // Per-ply verdicts and graph values (White's win %, from Black's sure win to White's).
    assert!(b6["win_before"].as_f64().unwrap() < 1.0, "{b6}");
    for p in plies {
        let w = p["win_after"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&w), "{p}");
        assert!(
            p["explanation"]["sentences"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| !s["claims"].as_array().unwrap().is_empty())
        );
    }
    let last = plies.last().unwrap();
    assert_eq!(last["san"], "g8");
    assert_eq!(last["win_after"], 100.0);
    assert!(
        last["explanation"]["text"]
            .as_str()
            .unwrap()
            .contains("reaches the last rank and wins the game")
    );
    // Accuracy: White played only best moves, Black one blunder.
    assert_eq!(d["summary"]["white"]["accuracy"], 100.0);
    assert_eq!(d["summary"]["black"]["blunders"], 1);
    assert!(d["summary"]["black"]["accuracy"].as_f64().unwrap() < 50.0);
    assert_eq!(d["analyst"], "kibitzer");
}

#[test]
fn pawn_battle_review_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let d = review(dir.path());
    let mut lines = Vec::new();
    for p in d["plies"].as_array().unwrap() {
        let first = p["explanation"]["text"]
            .as_str()
            .unwrap()
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned();
        lines.push(format!(
            "{} {} {} [{}] {}",
            p["move_number"],
            p["san"].as_str().unwrap(),
            p["score_text"].as_str().unwrap(),
            p["label"].as_str().unwrap(),
            first
        ));
    }
    insta::assert_snapshot!(lines.join("\n"));
}

#[test]
fn the_annotated_pawn_battle_game_reads_back_as_pawn_battle() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("race.pgn");
    let out = dir.path().join("annotated.pgn");
    std::fs::write(&file, RACE).unwrap();
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "review",
            file.to_str().unwrap(),
            "--annotate",
            out.to_str().unwrap(),
            "--depth",
            "6",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("[Variant \"Pawn Battle\"]"), "{text}");
    assert!(text.contains("$4"), "the blunder's NAG: {text}");
    let report = kibitzer::pgn::import_as::<PawnBattle>(&text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.games[0].pgn.game.ply(), 10);
}

#[test]
fn explain_a_pawn_battle_move() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "explain",
            "--variant",
            "pawn-battle",
            "--fen",
            "8/6p1/8/8/8/8/P7/8 w - - 0 1",
            "--move",
            "a4",
            "--depth",
            "6",
            "--json",
        ],
    );
    let e = json(&o);
    assert_eq!(e["san"], "a4");
    assert_eq!(e["quality"]["quality"], "best");
    assert!(e["opening_reached"].is_null());
    let kinds: Vec<&str> = e["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"pb_race") && kinds.contains(&"pb_passed"),
        "{kinds:?}"
    );
    assert!(
        e["text"].as_str().unwrap().contains("in 4 moves"),
        "{}",
        e["text"]
    );
    // A chess FEN is no Pawn Battle position: the error names the field and the reason.
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "explain",
            "--variant",
            "pawn-battle",
            "--fen",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("only pawns and rooks"),
        "{}",
        stderr(&o)
    );
}

/// Issue 25: the review screen takes a Pawn Battle game as it takes a chess one: without a
/// terminal the only refusal is the chess game's (the screen itself: tests/review_tmux.rs).
#[test]
fn the_review_screen_takes_a_pawn_battle_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("race.pgn");
    std::fs::write(&file, RACE).unwrap();
    let o = kibitzer_builtin(dir.path(), &["review", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the review screen needs a terminal"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("Pawn Battle"), "{}", stderr(&o));
}

/// Issue 36: the default analyst (`auto`) takes an installed Stockfish for chess, but a Pawn
/// Battle game, which Stockfish does not play, is judged by the built-in engine without a
/// warning (nobody asked for Stockfish); the same whether or not one is installed.
#[test]
fn the_automatic_judge_leaves_pawn_battle_to_the_builtin_engine_silently() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("race.pgn");
    std::fs::write(&file, RACE).unwrap();
    let o = bin::kibitzer(
        dir.path(),
        &["review", file.to_str().unwrap(), "--json", "--depth", "4"],
    );
    let d = json(&o);
    assert_eq!(d["analyst"], "kibitzer", "{d}");
    assert_eq!(
        d["analyst_notices"].as_array().map(Vec::len),
        Some(0),
        "{d}"
    );
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
}

//! `kibitzer explain` and `kibitzer review` through the real binary, at fixed depths so the
//! results are deterministic. Every test runs with private config and data directories.

#[path = "support/bin.rs"]
mod bin;
#[path = "support/python.rs"]
mod python;
use bin::{kibitzer_builtin, stderr, stdout};
use python::require_python_chess;
use std::path::Path;
use std::process::{Command, Output};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/py/annotated_check.py");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

const QUEEN_HANGS: &str = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";

#[test]
fn explain_the_engine_choice_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer_builtin(
        dir.path(),
        &["explain", "--fen", QUEEN_HANGS, "--depth", "4", "--json"],
    );
    let e = json(&o);
    assert_eq!(e["san"], "Rxd5");
    assert_eq!(e["uci"], "d2d5");
    assert_eq!(e["quality"]["quality"], "best");
    assert!(e["metrics"]["style"].is_string());
    assert!(!e["sentences"].as_array().unwrap().is_empty());
    // Deterministic at a fixed depth.
    let again = kibitzer_builtin(
        dir.path(),
        &["explain", "--fen", QUEEN_HANGS, "--depth", "4", "--json"],
    );
    assert_eq!(stdout(&o), stdout(&again));
}

#[test]
fn explain_a_given_move_in_san_or_uci() {
    let dir = tempfile::tempdir().unwrap();
    for mv in ["Kf1", "e1f1"] {
        let o = kibitzer_builtin(
            dir.path(),
            &[
                "explain",
                "--fen",
                QUEEN_HANGS,
                "--move",
                mv,
                "--depth",
                "4",
                "--json",
            ],
        );
        let e = json(&o);
        assert_eq!(e["san"], "Kf1");
        assert_eq!(e["quality"]["quality"], "blunder");
        assert_eq!(e["best"]["san"], "Rxd5");
    }
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "explain",
            "--fen",
            QUEEN_HANGS,
            "--move",
            "Kf1",
            "--depth",
            "4",
            "--level",
            "basic",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("white Kf1 (blunder)\n"), "{text}");
    // The verdict, with what the blunder allows.
    let sentences = text.lines().nth(1).unwrap_or_default();
    assert!(
        sentences.contains("blunder") && sentences.contains("Qxd2"),
        "{text}"
    );
}

#[test]
fn explain_rejects_bad_input_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer_builtin(dir.path(), &["explain", "--fen", "8/8/8 w", "--depth", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--fen: invalid FEN"), "{}", stderr(&o));
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "explain",
            "--fen",
            QUEEN_HANGS,
            "--move",
            "Ke3",
            "--depth",
            "2",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--move: Ke3 is illegal: no king of yours can reach e3"),
        "{}",
        stderr(&o)
    );
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "explain",
            "--fen",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "--depth",
            "2",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no legal move"), "{}", stderr(&o));
}

const GAME: &str = "[Event \"Test\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

#[test]
fn review_json_has_every_ply_and_the_blunder() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pgn");
    std::fs::write(&file, GAME).unwrap();
    let o = kibitzer_builtin(
        dir.path(),
        &["review", file.to_str().unwrap(), "--depth", "3", "--json"],
    );
    let d = json(&o);
    let plies = d["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 7);
    for p in plies {
        for key in [
            "score_text",
            "best_move",
            "best_line",
            "classification",
            "explanation",
        ] {
            assert!(!p[key].is_null(), "{key} missing in {p}");
        }
    }
    assert_eq!(plies[5]["san"], "Nf6");
    // `mover` is a `Color` inside, still the words "white" and "black" in the JSON.
    assert_eq!(
        (&plies[4]["mover"], &plies[5]["mover"]),
        (&"white".into(), &"black".into())
    );
    assert_eq!(plies[5]["classification"]["quality"], "blunder");
    assert_eq!(plies[5]["score_text"], "#1");
    assert!(plies[5]["better"]["san"].is_string());
    assert_eq!(d["summary"]["black"]["blunders"], 1);
    assert_eq!(d["tags"]["White"], "A");
    // The tags keep their file order (Event, White, Black, Result), not sorted by name.
    let out = String::from_utf8_lossy(&o.stdout);
    let at = |tag: &str| out.find(&format!("\"{tag}\":")).unwrap();
    assert!(at("Event") < at("White") && at("White") < at("Black") && at("Black") < at("Result"));
    assert_eq!(d["depth"], 3);
}

#[test]
fn annotated_pgn_reads_back_in_python_chess_and_our_importer() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    // The first game of a real collection.
    let source = Path::new(DATA).join("Morphy.pgn");
    let out = dir.path().join("annotated.pgn");
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "review",
            source.to_str().unwrap(),
            "--game",
            "1",
            "--depth",
            "4",
            "--annotate",
            out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("[%eval "), "{text}");
    // Our importer: the same main line.
    let ours = kibitzer::pgn::import(&text);
    assert!(ours.errors.is_empty(), "{:?}", ours.errors);
    let original = kibitzer::pgn::import_file(&source).unwrap();
    let sans = |g: &kibitzer::pgn::PgnGame| -> Vec<String> {
        g.game.moves().iter().map(|m| m.san.to_string()).collect()
    };
    assert_eq!(sans(&ours.games[0].pgn), sans(&original.games[0].pgn));
    // python-chess: the same main line, an [%eval] on every move, legal variations.
    let first = dir.path().join("first.pgn");
    std::fs::write(
        &first,
        kibitzer::pgn::export(&original.games[0].pgn.game, &original.games[0].pgn.tags),
    )
    .unwrap();
    let py = Command::new("python3")
        .arg(SCRIPT)
        .arg(&first)
        .arg(&out)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&py.stdout);
    assert!(
        py.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&py.stderr)
    );
    assert!(said.starts_with("ok: "), "{said}");
}

#[test]
fn malformed_file_lists_bad_games_and_reviews_a_partial_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.pgn");
    std::fs::write(
        &file,
        "[White \"A\"]\n\n1. e4 e5 2. Nf3 *\n\n[White \"B\"]\n\n1. d4 d5 2. Ke3 Nf6 *\n",
    )
    .unwrap();
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "review",
            file.to_str().unwrap(),
            "--game",
            "2",
            "--depth",
            "2",
            "--json",
        ],
    );
    let d = json(&o);
    assert_eq!(d["plies"].as_array().unwrap().len(), 2);
    assert!(
        d["stopped"]
            .as_str()
            .unwrap()
            .contains("move 2. Ke3 is illegal")
    );
    assert_eq!(d["bad_games"].as_array().unwrap().len(), 1);
    assert!(
        stderr(&o).contains("game 2 (line 7): move 2. Ke3 is illegal"),
        "{}",
        stderr(&o)
    );

    let o = kibitzer_builtin(
        dir.path(),
        &["review", file.to_str().unwrap(), "--game", "3", "--json"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("there is no game 3 (the file has 2)"),
        "{}",
        stderr(&o)
    );

    // No output mode and no terminal for the review screen.
    let o = kibitzer_builtin(dir.path(), &["review", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the review screen needs a terminal"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn book_moves_are_book_in_review_json_annotated_pgn_and_explain() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ruy.pgn");
    std::fs::write(
        &file,
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 *\n",
    )
    .unwrap();
    let annotated = dir.path().join("ruy-annotated.pgn");
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "review",
            file.to_str().unwrap(),
            "--depth",
            "3",
            "--json",
            "--annotate",
            annotated.to_str().unwrap(),
        ],
    );
    let d = json(&o);
    let plies = d["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 7);
    for p in plies {
        assert_eq!(p["classification"]["quality"], "book", "{}", p["san"]);
        assert_eq!(p["label"], "book");
        assert!(p["better"].is_null(), "no better move for theory: {p}");
        let name = p["explanation"]["opening"]["name"].as_str().unwrap();
        let text = p["explanation"]["text"].as_str().unwrap();
        assert!(text.starts_with(name), "{text}");
    }
    assert_eq!(plies[6]["opening"]["name"], "Ruy Lopez: Morphy Defense");
    assert_eq!(d["summary"]["white"]["inaccuracies"], 0);
    // The annotated PGN names the opening; no quality NAG on theory.
    let text = std::fs::read_to_string(&annotated).unwrap();
    assert!(
        text.contains("[ECO \"C70\"]\n[Opening \"Ruy Lopez: Morphy Defense\"]"),
        "{text}"
    );
    assert!(
        !text.contains("$6") && !text.contains("$2") && !text.contains("$4"),
        "{text}"
    );
    // `explain` of a book move.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let o = kibitzer_builtin(
        dir.path(),
        &["explain", "--fen", fen, "--move", "Bb5", "--depth", "3"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("white Bb5 (book)\nopening: C60 Ruy Lopez\nRuy Lopez — "),
        "{out}"
    );
    let e = json(&kibitzer_builtin(
        dir.path(),
        &[
            "explain", "--fen", fen, "--move", "Bb5", "--depth", "3", "--json",
        ],
    ));
    assert_eq!(e["quality"]["quality"], "book");
    assert_eq!(e["opening"]["eco"], "C60");
    assert_eq!(e["opening_reached"]["name"], "Ruy Lopez");
}

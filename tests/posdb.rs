//! The position database through the real binary: `kill -9` during writes never damages the
//! file, two processes write at once without errors or lost writes, a damaged file is moved
//! aside, a second review reads what the first wrote, `--no-db` and `database.enabled = false`
//! leave no file, and the `db` subcommands. Every test has private config and data directories.

#[path = "support/bin.rs"]
mod bin;
use bin::{kibitzer, kibitzer_builtin, stderr, stdout};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use kibitzer::engine::zobrist;
use shakmaty::Position;

/// Anderssen–Kieseritzky, London 1851 (the Immortal Game): 45 plies ending in mate.
const IMMORTAL: &str = "[Event \"London\"]\n[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n\
[Result \"1-0\"]\n\n1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 \
7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 \
15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 \
22. Qf6+ Nxf6 23. Be7# 1-0\n";

/// Morphy against the Duke and the Count, Paris 1858 (the Opera Game): 33 plies.
const OPERA: &str = "[Event \"Paris\"]\n[White \"Morphy\"]\n[Black \"Duke Karl / Count Isouard\"]\n\
[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 \
7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

fn write_pgn(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn db_path(dir: &Path) -> PathBuf {
    dir.join("data").join("positions.db")
}

/// The distinct positions of a game that have a legal move (those the review stores).
fn positions(pgn: &str) -> HashSet<u64> {
    let report = kibitzer::pgn::import(pgn);
    let game = &report.games[0].pgn.game;
    (0..=game.ply())
        .filter_map(|i| game.position_at(i))
        .filter(|p| !p.legal_moves().is_empty())
        .map(zobrist)
        .collect()
}

/// Rows in the database file, read directly.
fn rows(dir: &Path) -> i64 {
    let c = rusqlite::Connection::open(db_path(dir)).unwrap();
    c.query_row("SELECT count(*) FROM positions", [], |r| r.get(0))
        .unwrap()
}

/// Starts `kibitzer review PGN --depth DEPTH --json` in the background (output discarded,
/// standard error kept).
fn spawn_review(dir: &Path, pgn: &Path, depth: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["review", pgn.to_str().unwrap(), "--depth", depth, "--json"])
        .args(["--engine", "builtin"])
        .env("KIBITZER_CONFIG_DIR", dir.join("config"))
        .env("KIBITZER_DATA_DIR", dir.join("data"))
        .env_remove("KIBITZER_CONFIG")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The Zobrist keys stored in the database file `db`.
fn stored_keys(db: &Path) -> HashSet<u64> {
    let c = rusqlite::Connection::open(db).unwrap();
    let mut stmt = c.prepare("SELECT key FROM positions").unwrap();
    stmt.query_map([], |r| r.get::<_, i64>(0))
        .unwrap()
        .map(|k| k.unwrap() as u64)
        .collect()
}

fn review_json(dir: &Path, pgn: &Path, depth: &str) -> String {
    let o = kibitzer_builtin(
        dir,
        &["review", pgn.to_str().unwrap(), "--depth", depth, "--json"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

#[test]
fn a_second_review_reads_the_positions_the_first_one_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write_pgn(dir.path(), "opera.pgn", OPERA);
    let first = review_json(dir.path(), &pgn, "5");
    assert_eq!(rows(dir.path()), positions(OPERA).len() as i64);
    // Prove the second review uses the stored searches: change every stored score, and the
    // review reports the changed scores without searching.
    let c = rusqlite::Connection::open(db_path(dir.path())).unwrap();
    c.execute("UPDATE positions SET score = 4321", []).unwrap();
    drop(c);
    let second = review_json(dir.path(), &pgn, "5");
    assert_ne!(first, second);
    assert!(second.contains("4321"), "{second}");
    // A deeper review searches again (and stores the deeper result).
    let deeper = review_json(dir.path(), &pgn, "6");
    assert!(!deeper.contains("4321"));
    let c = rusqlite::Connection::open(db_path(dir.path())).unwrap();
    let shallow: i64 = c
        .query_row("SELECT count(*) FROM positions WHERE depth < 6", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(shallow, 0);
}

#[test]
fn explain_twice_gives_the_same_answer_from_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "explain",
        "--fen",
        "4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1",
        "--move",
        "Kf1",
        "--depth",
        "5",
        "--json",
    ];
    let first = kibitzer_builtin(dir.path(), &args);
    assert!(first.status.success(), "{}", stderr(&first));
    // The position before the move and the one after the (not best) played move.
    assert_eq!(rows(dir.path()), 2);
    let again = kibitzer_builtin(dir.path(), &args);
    assert_eq!(stdout(&first), stdout(&again));
}

#[test]
fn no_db_and_a_disabled_database_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "explain",
        "--fen",
        "4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1",
        "--depth",
        "3",
        "--no-db",
    ];
    let o = kibitzer_builtin(dir.path(), &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!db_path(dir.path()).exists());
    std::fs::create_dir_all(dir.path().join("config")).unwrap();
    std::fs::write(
        dir.path().join("config").join("config.toml"),
        "[database]\nenabled = false\n",
    )
    .unwrap();
    let o = kibitzer_builtin(dir.path(), &args[..args.len() - 1]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!db_path(dir.path()).exists());
    let stats = kibitzer(dir.path(), &["db", "stats"]);
    assert!(stdout(&stats).contains("no position database yet"));
}

#[test]
fn a_damaged_file_is_moved_aside_and_the_program_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let garbage = b"SQLite format 3\0 but then only noise ".repeat(300);
    std::fs::write(db_path(dir.path()), &garbage).unwrap();
    let o = kibitzer_builtin(
        dir.path(),
        &[
            "explain",
            "--fen",
            "4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1",
            "--depth",
            "3",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("was unusable") && err.contains("moved to"),
        "{err}"
    );
    let aside: Vec<PathBuf> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("positions.damaged-") && name.ends_with(".db")
        })
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(std::fs::read(&aside[0]).unwrap(), garbage, "never altered");
    assert_eq!(rows(dir.path()), 1, "the new file is in use");
    let check = kibitzer(dir.path(), &["db", "check"]);
    assert!(check.status.success(), "{}", stderr(&check));
}

#[test]
fn kill_9_during_writes_never_damages_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write_pgn(dir.path(), "immortal.pgn", IMMORTAL);
    // A fixed pseudo-random sequence of kill delays (no timing is asserted: only that
    // whatever moment the kill lands, the file stays sound).
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..24 {
        // Alternate depths so that later rounds overwrite rows with deeper ones.
        let depth = ["3", "4", "5", "6"][round % 4];
        let mut child = spawn_review(dir.path(), &pgn, depth);
        // From 0.2 s on: a review first measures the machine (review::calibration, about
        // 0.2 s in a dev build) before its first search, and kills that all land before the
        // first batch test nothing of the writes.
        std::thread::sleep(Duration::from_millis(200 + next() % 1200));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        if round % 6 == 5 {
            let check = kibitzer(dir.path(), &["db", "check"]);
            assert!(
                check.status.success(),
                "round {round}: {}{}",
                stdout(&check),
                stderr(&check)
            );
        }
    }
    let check = kibitzer(dir.path(), &["db", "check"]);
    assert!(check.status.success(), "{}", stderr(&check));
    assert!(stdout(&check).ends_with(": ok\n"), "{}", stdout(&check));
    let stats = kibitzer(dir.path(), &["db", "stats"]);
    assert!(stats.status.success(), "{}", stderr(&stats));
    assert!(rows(dir.path()) > 0, "some batches were committed");
    // And a review run to its end completes the file.
    review_json(dir.path(), &pgn, "3");
    assert_eq!(rows(dir.path()), positions(IMMORTAL).len() as i64);
}

#[test]
fn two_processes_write_at_once_without_errors_or_lost_writes() {
    let dir = tempfile::tempdir().unwrap();
    let a = write_pgn(dir.path(), "immortal.pgn", IMMORTAL);
    let b = write_pgn(dir.path(), "opera.pgn", OPERA);
    for _ in 0..2 {
        let (one, two) = (
            spawn_review(dir.path(), &a, "4"),
            spawn_review(dir.path(), &b, "4"),
        );
        for child in [one, two] {
            let o = child.wait_with_output().unwrap();
            assert!(o.status.success(), "{}", stderr(&o));
            assert!(o.stderr.is_empty(), "no warning: {}", stderr(&o));
        }
    }
    let expected: HashSet<u64> = positions(IMMORTAL)
        .union(&positions(OPERA))
        .copied()
        .collect();
    assert_eq!(rows(dir.path()), expected.len() as i64);
    assert_eq!(stored_keys(&db_path(dir.path())), expected);
}

#[test]
fn db_commands_stats_clear_export_import_prune() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = write_pgn(dir.path(), "opera.pgn", OPERA);
    review_json(dir.path(), &pgn, "3");
    let n = positions(OPERA).len();
    let stats = stdout(&kibitzer(dir.path(), &["db", "stats"]));
    assert!(
        stats.contains(&format!(
            "chess: {n} positions of this evaluation, 0 of other"
        )),
        "{stats}"
    );
    assert!(stats.contains("positions.db"), "{stats}");

    // Export: never over an existing file without --force.
    let out = dir.path().join("export.db");
    std::fs::write(&out, b"keep me").unwrap();
    let refused = kibitzer(dir.path(), &["db", "export", out.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("--force"), "{}", stderr(&refused));
    assert_eq!(std::fs::read(&out).unwrap(), b"keep me");
    let forced = kibitzer(
        dir.path(),
        &["db", "export", out.to_str().unwrap(), "--force"],
    );
    assert!(forced.status.success(), "{}", stderr(&forced));

    // Clear asks; without an answer (no standard input) nothing is deleted.
    let kept = kibitzer(dir.path(), &["db", "clear"]);
    assert!(kept.status.success());
    assert!(
        stdout(&kept).contains("nothing deleted"),
        "{}",
        stdout(&kept)
    );
    assert_eq!(rows(dir.path()), n as i64);
    let cleared = kibitzer(dir.path(), &["db", "clear", "--yes"]);
    assert!(stdout(&cleared).contains(&format!("deleted {n} positions")));
    assert_eq!(rows(dir.path()), 0);

    // Import brings them back; a file that is not a position database is refused.
    let imported = kibitzer(dir.path(), &["db", "import", out.to_str().unwrap()]);
    assert!(imported.status.success(), "{}", stderr(&imported));
    assert_eq!(rows(dir.path()), n as i64);
    let bad = kibitzer(dir.path(), &["db", "import", pgn.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));

    let pruned = kibitzer(dir.path(), &["db", "prune", "--max-mb", "1"]);
    assert!(pruned.status.success(), "{}", stderr(&pruned));
    assert!(stdout(&pruned).contains("evicted 0 positions"));
}

#[path = "support/tmux.rs"]
mod tmux;

/// Play mode writes through both hooks: the background analysis of the human's move (the
/// position before it) and, with `engine.learn`, the engine's own search (the position after
/// it); the last queued writes land when the program quits. The human's move is the only legal
/// one, so the analysis never searches the position after it: only the engine can store that.
/// The engine plays at full strength (level 10, depth 4): a weakened level's move is explained
/// by a background analysis of its own, which would store that position too.
#[test]
fn a_game_in_the_terminal_fills_the_database() {
    for learn in [false, true] {
        let stored = play_one_forced_move(learn);
        let start = fen_position(FORCED);
        let after = start.clone().play(start.legal_moves()[0]).unwrap();
        assert!(
            stored.contains(&zobrist(&start)),
            "the human's move analysed"
        );
        assert_eq!(
            stored.contains(&zobrist(&after)),
            learn,
            "the engine's search is kept with engine.learn only"
        );
    }
}

/// White's king must take the checking queen (Kxg2, the only legal move); Black then moves.
const FORCED: &str = "7k/p7/8/8/8/8/P5q1/7K w - - 0 1";

fn fen_position(fen: &str) -> shakmaty::Chess {
    kibitzer::game::fen::parse(fen).unwrap()
}

/// Plays Kxg2 from [`FORCED`] in the terminal, waits for the engine's reply, quits, and
/// returns the keys stored. The built-in engine judges the human's move (an external one's
/// searches are not stored), whether or not a Stockfish is installed.
fn play_one_forced_move(learn: bool) -> HashSet<u64> {
    let tmux = tmux::Tmux::start(&format!("posdb-play-{learn}"), 100, 30).unwrap();
    std::fs::create_dir_all(tmux.config_dir()).unwrap();
    std::fs::write(
        tmux.config_dir().join("config.toml"),
        format!(
            "[engine]\nlevel = 10\ndepth = 4\nlearn = {learn}\n\n[explain]\nanalysis_ms = 300\n\n\
             [analysis]\nengine = \"builtin\"\n"
        ),
    )
    .unwrap();
    tmux.launch(&format!("--new --fen '{FORCED}'"));
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
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
    stored_keys(&tmux.data_dir().join("positions.db"))
}

//! The point of every move (issue 33, item 1): over positions of real games (Morphy, Tal,
//! Fischer, Carlsen), each game move explained with the game's continuation as its line,
//! - (nearly) every explanation gives a reason: a sentence that is not only a verdict or a
//!   score;
//! - every `idea` claim (prophylaxis, what the line prepares, the textbook ideas) holds for the
//!   independent python-chess checker, and its perturbed boards are rejected;
//! - (measurement, ignored) the time of `explain` after the search on those positions.

#[path = "explain_support/common.rs"]
mod common;

#[path = "support/python.rs"]
mod python;
use python::require_python_chess;
use std::process::Command;

use kibitzer::config::ExplainLevel;
use kibitzer::explain::claims::Fact;
use kibitzer::explain::{Explanation, explain};
use shakmaty::{Chess, Position};

/// The explanations of every `step`-th move of the first `games` games of each collection,
/// with the game's next five moves as the line.
fn game_explanations(games: usize, step: usize, level: ExplainLevel) -> Vec<Explanation> {
    let mut out = Vec::new();
    for file in [
        "pgn/Morphy.pgn",
        "pgn/Tal.pgn",
        "pgn/fischer.pgn",
        "pgn/Magnus-Carlsen.pgn",
    ] {
        for game in common::pgn_games(file).into_iter().take(games) {
            let mut pos = Chess::default();
            for (ply, m) in game.iter().enumerate() {
                if ply % step == 2 && ply + 5 < game.len() {
                    let line = &game[ply..ply + 6];
                    out.push(explain(&common::input(&pos, None, line, None, level)));
                }
                pos.play_unchecked(*m);
            }
        }
    }
    out
}

#[test]
fn every_game_move_gets_a_reason() {
    let ex = game_explanations(12, 5, ExplainLevel::Medium);
    assert!(ex.len() >= 200, "only {} explanations", ex.len());
    let bare: Vec<String> = ex
        .iter()
        .filter(|e| e.sentences.iter().all(|s| s.category == "move_quality"))
        .map(|e| format!("{} {}: {}", e.fen_before, e.san, e.text))
        .collect();
    let ideas: usize = ex
        .iter()
        .flat_map(|e| &e.claims)
        .filter(|c| matches!(c.fact, Fact::Idea { .. }))
        .count();
    println!(
        "{} explanations, {} without a reason, {ideas} idea claims",
        ex.len(),
        bare.len()
    );
    for b in &bare {
        println!("  {b}");
    }
    // A move whose line goes on with a forced reply (an answer to a check, a recapture) and
    // that no detector explains still says only its verdict: at most 2 % (measured 1.7 %,
    // docs/EXPLANATIONS.md).
    assert!(
        bare.len() * 50 <= ex.len(),
        "{} of {} explanations give no reason",
        bare.len(),
        ex.len()
    );
}

#[test]
fn idea_claims_hold_for_the_checker() {
    let mut ex = game_explanations(12, 3, ExplainLevel::Advanced);
    // Only the idea claims (the other kinds are checked by tests/explain_claims.rs); the
    // sentences go with them, so the checker's links still resolve.
    for e in &mut ex {
        e.claims.retain(|c| matches!(c.fact, Fact::Idea { .. }));
        e.sentences.clear();
    }
    ex.retain(|e| !e.claims.is_empty());
    let claims: usize = ex.iter().map(|e| e.claims.len()).sum();
    assert!(claims >= 100, "only {claims} idea claims");
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ideas.json");
    std::fs::write(&path, serde_json::to_string(&ex).unwrap()).unwrap();
    let script = format!("{}/scripts/check_claims.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(&script)
        .arg(&path)
        .arg("--perturb")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!(
        "{claims} idea claims\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "idea claims failed:\n{stdout}");
    assert!(stdout.contains(" 0 failed"), "{stdout}");
}

/// Measurement, not a pass/fail test: time of `explain` alone (the line given, as after the
/// search) over real-game positions, median, 99th percentile and max.
/// `cargo test --release --test explain_point explain_time_games -- --ignored --nocapture`
#[test]
#[ignore = "measurement: prints explanation time; timing never decides a test"]
fn explain_time_games() {
    let mut times = Vec::new();
    for file in [
        "pgn/Morphy.pgn",
        "pgn/Tal.pgn",
        "pgn/fischer.pgn",
        "pgn/Magnus-Carlsen.pgn",
    ] {
        for game in common::pgn_games(file).into_iter().take(15) {
            let mut pos = Chess::default();
            for (ply, m) in game.iter().enumerate() {
                if ply % 4 == 1 && ply + 5 < game.len() {
                    let input =
                        common::input(&pos, None, &game[ply..ply + 6], None, ExplainLevel::Medium);
                    let start = std::time::Instant::now();
                    let e = explain(&input);
                    times.push(start.elapsed());
                    assert!(!e.san.is_empty());
                }
                pos.play_unchecked(*m);
            }
        }
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "explain time over {} real-game positions: median {:?}, p99 {:?}, max {:?}",
        times.len(),
        at(0.5),
        at(0.99),
        times[times.len() - 1]
    );
}

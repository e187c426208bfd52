//! Every board-fact claim of the explanations of ≥ 500 positions (puzzles and real games) is
//! verified by an independent python-chess program, and perturbed boards make it reject.

#[path = "explain_support/common.rs"]
mod common;

#[path = "support/python.rs"]
mod python;
use python::require_python_chess;
use std::process::Command;

use kibitzer::config::ExplainLevel;
use kibitzer::explain::{Explanation, explain};
use shakmaty::{Chess, Position};

fn explanations() -> Vec<Explanation> {
    let mut out = Vec::new();
    for (i, p) in common::puzzles()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % 6 == 0)
    {
        // The solution move as the engine's choice.
        out.push(explain(&common::input(
            &p.root,
            Some(p.previous),
            &p.line,
            None,
            ExplainLevel::Advanced,
        )));
        // Another legal move, with the solution as the better move.
        if i % 12 == 0 {
            let other = p.root.legal_moves().into_iter().find(|m| *m != p.line[0]);
            if let Some(m) = other {
                let best = Some((p.line[0], p.line[1..].to_vec()));
                out.push(explain(&common::input(
                    &p.root,
                    Some(p.previous),
                    &[m],
                    best,
                    ExplainLevel::Advanced,
                )));
            }
        }
    }
    for file in ["pgn/Morphy.pgn", "pgn/Tal.pgn", "pgn/fischer.pgn"] {
        for game in common::pgn_games(file).into_iter().take(25) {
            let mut pos = Chess::default();
            for (ply, m) in game.iter().enumerate() {
                if ply % 7 == 3 && ply + 3 < game.len() {
                    out.push(explain(&common::input(
                        &pos,
                        None,
                        &game[ply..ply + 4],
                        None,
                        ExplainLevel::Advanced,
                    )));
                }
                pos.play_unchecked(*m);
            }
        }
    }
    out
}

#[test]
fn claims_hold_for_an_independent_checker() {
    let ex = explanations();
    assert!(ex.len() >= 500, "only {} explanations", ex.len());
    let claims: usize = ex.iter().map(|e| e.claims.len()).sum();
    assert!(claims >= 2000, "only {claims} claims");
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("claims.json");
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
        "{} explanations\n{stdout}{}",
        ex.len(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "claim check failed:\n{stdout}");
    assert!(stdout.contains(" 0 failed"), "{stdout}");
}

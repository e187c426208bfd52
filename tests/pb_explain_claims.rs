//! Every claim of Pawn Battle explanations (games played from the start and from the varied
//! positions of `tests/py/pawn_battle_positions.txt`, the engine's moves and worse ones) is
//! verified by an independent program (`scripts/check_pb_claims.py`, plain Python on the
//! rules-only move generator of `tests/py/`), and boards perturbed so that each claim becomes
//! false are rejected by it.

#[path = "support/python.rs"]
mod python;

use std::process::Command;
use std::sync::atomic::AtomicBool;

use kibitzer::analysis::{Request, analyse};
use kibitzer::config::ExplainLevel;
use kibitzer::engine::{SearchLimits, SearchMemory};
use kibitzer::explain::Explanation;
use kibitzer::variant::VariantPosition;
use kibitzer::variant::pawn_battle::PawnBattle;
use kibitzer::variant::pawn_battle::eval::{Evaluation, PresetName};

/// The explanations of up to `plies` moves of a game from `fen`: the engine's choice at depth
/// 3, and at every third ply a worse move (the last legal one) explained instead and played.
fn game_explanations(fen: &str, plies: usize) -> Vec<Explanation> {
    let mut pos = PawnBattle::from_fen(fen).unwrap();
    let mut history = Vec::new();
    let mut memory = SearchMemory::new(4);
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    for ply in 0..plies {
        let moves = pos.legal_moves();
        let Some(&last) = moves.last() else { break };
        let mut req = Request::new(
            pos.clone(),
            SearchLimits::depth(3),
            Evaluation::preset(PresetName::Default),
        );
        req.history = history.clone();
        req.ply = ply;
        req.level = ExplainLevel::Advanced;
        req.played = (ply % 3 == 2).then_some(last);
        let analysis = analyse(&req, &mut memory, &stop);
        let (Some(mv), Some(e)) = (analysis.mv, analysis.explanation) else {
            break;
        };
        out.push(e);
        history.push(pos.key());
        pos.play_unchecked(mv);
    }
    out
}

fn explanations() -> Vec<Explanation> {
    let positions = include_str!("py/pawn_battle_positions.txt");
    let mut out = Vec::new();
    for fen in positions.lines().filter(|l| !l.trim().is_empty()) {
        out.extend(game_explanations(fen.trim(), 40));
    }
    out
}

fn run_checker(ex: &[Explanation]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("claims.json");
    std::fs::write(&path, serde_json::to_string(ex).unwrap()).unwrap();
    let script = format!("{}/scripts/check_pb_claims.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(&script)
        .arg(&path)
        .arg("--perturb")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    println!(
        "{} explanations\n{stdout}{}",
        ex.len(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "claim check failed:\n{stdout}");
    stdout
}

#[test]
fn pawn_battle_claims_hold_for_an_independent_checker_and_perturbed_boards_fail() {
    python::require_python_chess();
    let ex = explanations();
    assert!(ex.len() >= 150, "only {} explanations", ex.len());
    let report = run_checker(&ex);
    assert!(report.contains(" 0 failed"), "{report}");
    // Every kind of board fact was produced and checked at least once.
    for kind in [
        "pb_material",
        "pb_passed",
        "pb_race",
        "pb_rook_file",
        "pb_threat",
        "pb_wins",
        "quality",
    ] {
        assert!(
            report.contains(&format!("{kind}=")),
            "no {kind} claim: {report}"
        );
    }
    let perturbed = report
        .lines()
        .find(|l| l.starts_with("perturbed "))
        .expect("the checker reports its perturbations");
    let words: Vec<&str> = perturbed.split_whitespace().collect();
    let total: usize = words[1].parse().unwrap();
    assert!(total >= 100, "{perturbed}");
    assert_eq!(words[1], words[3], "{perturbed}");
    // Every sentence said rests on a checked claim.
    let sentences = report
        .lines()
        .find(|l| l.starts_with("sentences "))
        .unwrap();
    let words: Vec<&str> = sentences.split_whitespace().collect();
    assert_eq!(words[1].trim_end_matches(','), words[6], "{sentences}");
}

//! `kibitzer bench` prints every position and ends with `<nodes> nodes <nps> nps`; the node total
//! at a fixed depth is the search's signature. When a search change alters it on purpose, update
//! `SIGNATURE` in the same commit (and say so in the message).

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_kibitzer");

/// Total nodes of `kibitzer bench --depth 6`.
const SIGNATURE: u64 = 134_246;

/// Runs `kibitzer bench ARGS` and returns its output and the node total of its last line.
fn bench(args: &[&str]) -> (String, u64) {
    let out = Command::new(BIN)
        .arg("bench")
        .args(args)
        .env("KIBITZER_CONFIG_DIR", env!("CARGO_TARGET_TMPDIR"))
        .env("KIBITZER_DATA_DIR", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let last: Vec<&str> = text.lines().last().unwrap().split_whitespace().collect();
    assert_eq!(last.len(), 4, "{text}");
    assert_eq!((last[1], last[3]), ("nodes", "nps"), "{text}");
    let nodes = last[0].parse::<u64>().unwrap();
    (text, nodes)
}

#[test]
fn bench_node_total_is_the_signature() {
    let (text, nodes) = bench(&["--depth", "6"]);
    assert!(text.lines().count() >= 31, "{text}");
    assert_eq!(nodes, SIGNATURE, "bench signature changed");
}

/// Total nodes of `kibitzer bench --variant pawn-battle --depth 8` (Pawn Battle's signature).
const PAWN_BATTLE_SIGNATURE: u64 = 75_145;

#[test]
fn pawn_battle_bench_node_total_is_its_signature() {
    let (text, nodes) = bench(&["--variant", "pawn-battle", "--depth", "8"]);
    // The start position first, searched to the depth asked.
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w") && first.contains("depth  8"),
        "{text}"
    );
    assert_eq!(
        nodes, PAWN_BATTLE_SIGNATURE,
        "Pawn Battle bench signature changed"
    );
}

#[test]
fn eval_prints_the_breakdown() {
    let out = Command::new(BIN)
        .args(["eval", "--fen", "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"])
        .env("KIBITZER_CONFIG_DIR", env!("CARGO_TARGET_TMPDIR"))
        .env("KIBITZER_DATA_DIR", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for term in [
        "material",
        "mobility",
        "king safety",
        "pawn structure",
        "tempo",
        "total",
    ] {
        assert!(text.contains(term), "{text}");
    }
    let bad = Command::new(BIN)
        .args(["eval", "--fen", "not a fen"])
        .env("KIBITZER_CONFIG_DIR", env!("CARGO_TARGET_TMPDIR"))
        .env("KIBITZER_DATA_DIR", env!("CARGO_TARGET_TMPDIR"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
}

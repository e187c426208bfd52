//! Round trip of the sample PGN collections: our importer reads each file, our writer exports
//! it, and python-chess (an independent reader, `tests/py/pgn_check.py`) compares the export
//! with the original: same games, same seven tags, same main-line moves.

#[path = "support/python.rs"]
mod python;
use python::require_python_chess;
use std::path::{Path, PathBuf};
use std::process::Command;

use kibitzer::pgn::{PgnGame, export_all, import_file};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/py/pgn_check.py");

fn check_with_python_chess(original: &Path, expected_games: usize) {
    let report = import_file(original).unwrap();
    assert!(
        report.errors.is_empty(),
        "{}: {:?}",
        original.display(),
        report.errors
    );
    assert_eq!(report.games.len(), expected_games, "{}", original.display());
    let games: Vec<PgnGame> = report.games.into_iter().map(|g| g.pgn).collect();
    let dir = tempfile::tempdir().unwrap();
    let exported: PathBuf = dir.path().join("export.pgn");
    std::fs::write(&exported, export_all(&games)).unwrap();
    let out = Command::new("python3")
        .arg(SCRIPT)
        .arg(original)
        .arg(&exported)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "python-chess disagrees on {}:\n{stdout}{}",
        original.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.trim(), format!("ok: {expected_games} games"));
}

#[test]
fn python_chess_reads_our_export_like_the_originals() {
    require_python_chess();
    for (file, games) in [
        ("Magnus-Carlsen.pgn", 325),
        ("Morphy.pgn", 211),
        ("fischer.pgn", 69),
        ("Tal.pgn", 20),
        ("dirty/Lasker.pgn", 95),
    ] {
        check_with_python_chess(&Path::new(DATA).join(file), games);
    }
}

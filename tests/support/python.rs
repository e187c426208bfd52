//! python-chess, the independent reader and UCI client several tests check against.
//! Included with `#[path]`.

use std::process::Command;

/// Fails the test, saying how to install it, when python3 with python-chess is missing.
pub fn require_python_chess() {
    let ok = Command::new("python3")
        .args(["-c", "import chess, chess.pgn, chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "this test needs python3 with the `chess` package (python-chess): run `bash scripts/test`, \
         which installs it"
    );
}

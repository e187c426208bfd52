//! `kibitzer play` rejects bad start input on the plain terminal, before the screen opens.

#[path = "support/bin.rs"]
mod bin;
use bin::kibitzer;

#[test]
fn a_bad_fen_is_reported_before_the_screen_opens() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer(dir.path(), &["play", "--fen", "8/8/8 w - - 0 1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("kibitzer: --fen:"), "{err}");
    assert!(o.stdout.is_empty(), "nothing was drawn");
}

#[test]
fn a_missing_game_file_is_reported_with_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.pgn");
    let o = kibitzer(dir.path(), &["--pgn", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("nope.pgn"), "{err}");
}

#[test]
fn a_damaged_autosave_says_how_to_start_fresh() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("data")).unwrap();
    std::fs::write(dir.path().join("data").join("autosave.pgn"), "garbage").unwrap();
    let o = kibitzer(dir.path(), &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--new"), "{err}");
}

#[test]
fn fen_and_pgn_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer(dir.path(), &["play", "--fen", "x", "--pgn", "y"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot be used with"));
}

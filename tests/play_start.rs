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

/// Issue 23: a damaged autosave made start-up suggest `--new`, which deleted the game. Now it is
/// kept beside the autosave and never deleted (the screen cannot open here: no terminal).
#[test]
fn a_damaged_autosave_is_kept_and_never_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("autosave.pgn"), "garbage").unwrap();
    let o = kibitzer(dir.path(), &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("--new"), "{err}");
    let kept: Vec<_> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("autosave.damaged-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(
        std::fs::read_to_string(data.join(&kept[0])).unwrap(),
        "garbage"
    );
}

/// Issue 23: `--new` deleted the unfinished game at once; now it moves it to `games/`.
#[test]
fn new_archives_the_unfinished_game() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let game = "[White \"You\"]\n[Black \"kibitzer level 3\"]\n\n1. e4 e5 2. Nf3 *\n";
    std::fs::write(data.join("autosave.pgn"), game).unwrap();
    let _ = kibitzer(dir.path(), &["play", "--new"]);
    assert!(!data.join("autosave.pgn").exists());
    let games: Vec<_> = std::fs::read_dir(data.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(games.len(), 1);
    assert_eq!(std::fs::read_to_string(&games[0]).unwrap(), game);
}

/// Issue 23: a second instance on the same data directory overwrote the first one's game.
#[test]
fn a_second_instance_is_refused_with_the_first_ones_pid() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let _held = kibitzer::app::persist::AutosaveLock::acquire(&data).unwrap();
    for args in [&[][..], &["play", "--new"][..]] {
        let o = kibitzer(dir.path(), args);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!("(process {})", std::process::id())),
            "{err}"
        );
        assert!(err.contains("quit it first"), "{err}");
    }
}

/// Issue 23: a data directory that is a file was reported as "the saved game is damaged".
#[test]
fn a_data_dir_that_is_a_file_is_reported_as_such() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("data"), "not a directory").unwrap();
    let o = kibitzer(dir.path(), &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("it is a file, not a directory"), "{err}");
    assert!(!err.contains("damaged"), "{err}");
}

#[test]
fn fen_and_pgn_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer(dir.path(), &["play", "--fen", "x", "--pgn", "y"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot be used with"));
}

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

/// Issue 25: `--variant pawn-battle` starts Pawn Battle (`--fen` takes a kingless FEN), puts
/// away a chess autosave instead of resuming it, and a Pawn Battle autosave resumes as Pawn
/// Battle without the flag.
#[test]
fn variant_chooses_the_game_and_the_autosave_resumes_as_its_own_game() {
    use kibitzer::app::Saved;
    use kibitzer::config::{Config, Dirs};
    use kibitzer::play::{StartOptions, prepare};
    use kibitzer::variant::Variant;
    let dir = tempfile::tempdir().unwrap();
    let dirs = Dirs {
        config_dir: dir.path().join("config"),
        data_dir: dir.path().join("data"),
    };
    let config = Config::default();
    let pawn_battle = StartOptions {
        variant: Some(Variant::PawnBattle),
        ..StartOptions::default()
    };

    // A kingless FEN is Pawn Battle's; without the flag it is a bad chess FEN.
    let fen = "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R b - - 0 1";
    let with_fen = StartOptions {
        fen: Some(fen.to_owned()),
        ..pawn_battle.clone()
    };
    let p = prepare(&with_fen, &config, &dirs).unwrap();
    assert!(matches!(&p.snapshot, Some(Saved::PawnBattle(s)) if s.game.fen() == fen));
    drop(p);
    let as_chess = StartOptions {
        fen: Some(fen.to_owned()),
        ..StartOptions::default()
    };
    let err = prepare(&as_chess, &config, &dirs).unwrap_err().to_string();
    assert!(err.starts_with("--fen:"), "{err}");

    // A chess autosave is moved to games/ when Pawn Battle is asked for.
    std::fs::create_dir_all(&dirs.data_dir).unwrap();
    let autosave = dirs.data_dir.join("autosave.pgn");
    std::fs::write(&autosave, "[White \"You\"]\n\n1. e4 e5 *\n").unwrap();
    let p = prepare(&pawn_battle, &config, &dirs).unwrap();
    assert!(p.snapshot.is_none());
    assert_eq!(p.variant, Variant::PawnBattle);
    assert!(p.notes.iter().any(|n| n.contains("games")), "{:?}", p.notes);
    assert!(!autosave.exists());
    drop(p);

    // A Pawn Battle autosave resumes as Pawn Battle with no flag at all.
    let pb =
        "[White \"You\"]\n[Black \"kibitzer level 4\"]\n[Variant \"Pawn Battle\"]\n\n1. e4 d5 *\n";
    std::fs::write(&autosave, pb).unwrap();
    let p = prepare(&StartOptions::default(), &config, &dirs).unwrap();
    assert!(matches!(&p.snapshot, Some(Saved::PawnBattle(s)) if s.game.ply() == 2 && s.level == 4));
}

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use super::*;

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn uci(p: &Chess, m: Move) -> String {
    m.to_uci(p.castles().mode()).to_string()
}

#[test]
fn every_asset_file_is_embedded() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/syzygy");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| is_table_name(n))
        .collect();
    on_disk.sort();
    let mut embedded: Vec<String> = embedded::TABLES
        .iter()
        .map(|(n, _)| (*n).to_owned())
        .collect();
    embedded.sort();
    assert_eq!(on_disk, embedded);
    // Every 3- and 4-piece material, WDL and DTZ: 35 tables.
    assert_eq!(embedded.len(), 70);
}

#[test]
fn the_embedded_tables_hold_every_ending_of_up_to_four_pieces() {
    let tb = Tablebases::embedded();
    assert_eq!(tb.max_pieces(), 4);
    // KQ v K: White to move wins; KR v KR: a draw; KBN v K: White wins.
    assert_eq!(
        tb.verdict(&pos("8/8/8/4k3/8/8/8/4K2Q w - - 0 1")),
        Some(Verdict::Win)
    );
    assert_eq!(
        tb.verdict(&pos("8/8/3k4/8/2r5/8/8/R3K3 w - - 0 1")),
        Some(Verdict::Draw)
    );
    assert_eq!(
        tb.verdict(&pos("8/8/8/4k3/8/8/8/3BKN2 w - - 0 1")),
        Some(Verdict::Win)
    );
    // Five pieces: not held.
    assert_eq!(tb.verdict(&pos("8/8/8/4k3/8/8/3P4/3BKN2 w - - 0 1")), None);
    // Castling rights: not held.
    assert_eq!(tb.verdict(&pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")), None);
}

#[test]
fn the_root_ranks_the_moves_that_keep_the_win_first() {
    let tb = Tablebases::embedded();
    // KP v K: Kd6 is the only move that keeps the win (the king in front of its pawn; any
    // other move lets Black's king reach d7 or e7 in time).
    let p = pos("3k4/8/8/3K4/3P4/8/8/8 w - - 0 1");
    let probe = tb.root(&p).unwrap();
    assert_eq!(probe.verdict, Verdict::Win);
    let keeping: Vec<String> = probe.keeping().map(|m| uci(&p, m.mv)).collect();
    // Each of these is checked against the tables directly: the position after the move is a
    // loss for Black exactly when the move keeps the win.
    for m in &probe.moves {
        let mut after = p.clone();
        after.play_unchecked(m.mv);
        let direct = tb.verdict(&after).unwrap().flip();
        assert_eq!(direct, m.verdict, "{}", uci(&p, m.mv));
    }
    assert!(!keeping.is_empty());
    assert!(keeping.len() < probe.moves.len(), "{keeping:?}");
}

#[test]
fn a_mate_in_one_comes_first() {
    let tb = Tablebases::embedded();
    let p = pos("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1");
    let probe = tb.root(&p).unwrap();
    let best = &probe.moves[0];
    assert!(best.mates, "{}", uci(&p, best.mv));
    let mut after = p.clone();
    after.play_unchecked(best.mv);
    assert!(after.is_checkmate());
}

#[test]
fn the_halfmove_clock_turns_a_slow_win_into_a_draw() {
    let tb = Tablebases::embedded();
    // KBN v K with the king in the middle: a win, but not within the last few moves the
    // fifty-move rule leaves.
    let fresh = pos("8/8/8/4k3/8/8/8/3BKN2 w - - 0 1");
    let late = pos("8/8/8/4k3/8/8/8/3BKN2 w - - 95 80");
    assert_eq!(tb.verdict(&fresh), Some(Verdict::Win));
    assert_eq!(tb.verdict(&late), Some(Verdict::Draw));
    assert_eq!(tb.root(&late).unwrap().verdict, Verdict::Draw);
}

#[test]
fn the_line_follows_the_tables_to_mate() {
    let tb = Tablebases::embedded();
    let mut p = pos("8/8/8/4k3/8/8/8/4K2Q w - - 0 1");
    for m in tb.line(&p, 200) {
        p.play_unchecked(m);
    }
    assert!(
        p.is_checkmate(),
        "{}",
        Fen::from_position(&p, shakmaty::EnPassantMode::Legal)
    );
}

#[test]
fn a_wrong_syzygy_path_says_what_and_how_to_fix() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere");
    let e = check_path(missing.to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("does not exist") && e.contains("syzygy_path"),
        "{e}"
    );
    let file = dir.path().join("file");
    std::fs::write(&file, "x").unwrap();
    let e = check_path(file.to_str().unwrap()).unwrap_err().to_string();
    assert!(e.contains("not a directory"), "{e}");
    let e = check_path(dir.path().to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("holds no Syzygy tables"), "{e}");
    assert_eq!(check_path(""), Ok(()));
}

#[test]
fn a_directory_of_tables_is_added_to_the_embedded_ones() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        let bytes = embedded::TABLES.iter().find(|(n, _)| *n == name).unwrap().1;
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let tb = Tablebases::with_directories(dir.path().to_str().unwrap()).unwrap();
    assert_eq!(tb.max_pieces(), 4);
    assert_eq!(tb.directories, vec![dir.path().to_path_buf()]);
    assert_eq!(
        tb.verdict(&pos("8/8/8/4k3/8/8/8/4K2Q w - - 0 1")),
        Some(Verdict::Win)
    );
    // A damaged table (a size no table has) is refused with the directory named.
    std::fs::write(dir.path().join("KRvK.rtbw"), b"short").unwrap();
    let e = Tablebases::with_directories(dir.path().to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot be used"), "{e}");
}

#[test]
fn the_configuration_refuses_a_wrong_syzygy_path_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = crate::config::Config::default();
    assert_eq!(config.analysis.syzygy_path, "");
    assert!(config.validate().is_ok());
    config.analysis.syzygy_path = dir.path().join("missing").display().to_string();
    let (key, message) = config.validate().unwrap_err();
    assert_eq!(key, "analysis.syzygy_path");
    assert!(message.contains("does not exist"), "{message}");
}

use super::record::{GameResult, Record, chunk_files, read_chunk};
use super::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, FromSetup};

fn args(dir: &Path) -> DatagenArgs {
    DatagenArgs {
        out: dir.to_path_buf(),
        chunks: 2,
        games_per_chunk: 1,
        nodes: 300,
        seed: 7,
        threads: 2,
        book_plies: 6,
        random_plies: 4,
        label_engine: None,
        label_depth: 8,
    }
}

#[test]
fn a_record_round_trips() {
    let fen: Fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 4 5"
        .parse()
        .unwrap();
    let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    let r = Record::new(&pos, -37, GameResult::WhiteWin);
    let back = Record::unpack(&r.pack()).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.board, *pos.board());
    assert_eq!(back.turn, Color::Black);
    assert_eq!(back.score, -37);
    assert_eq!(back.fullmoves, 5);
    assert_eq!(back.halfmoves, 4);
}

#[test]
fn a_bad_record_is_an_error_not_a_panic() {
    let mut bytes = Record::new(&Chess::default(), 0, GameResult::Draw).pack();
    bytes[26] = 9;
    let e = Record::unpack(&bytes).unwrap_err();
    assert!(e.to_string().contains("result"), "{e}");
    let mut bytes = [0u8; record::RECORD_SIZE];
    bytes[0..8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(
        Record::unpack(&bytes)
            .unwrap_err()
            .to_string()
            .contains("64 occupied")
    );
}

#[test]
fn a_run_is_deterministic_resumable_and_filtered() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let t = run(&args(a.path()), &EvalParams::default(), &|_| {}).unwrap();
    assert_eq!(t.chunks, 2);
    assert!(t.positions > 0);
    // One thread, and chunk 1 written first by a run of one chunk: the same files.
    let mut one = args(b.path());
    one.threads = 1;
    one.chunks = 1;
    run(&one, &EvalParams::default(), &|_| {}).unwrap();
    one.chunks = 2;
    let resumed = run(&one, &EvalParams::default(), &|_| {}).unwrap();
    assert_eq!((resumed.chunks, resumed.skipped), (1, 1));
    for i in 0..2 {
        let x = std::fs::read(chunk_path(a.path(), i)).unwrap();
        let y = std::fs::read(chunk_path(b.path(), i)).unwrap();
        assert_eq!(x, y, "chunk {i} differs");
    }
    assert_eq!(chunk_files(a.path()).unwrap().len(), 2);
    for f in chunk_files(a.path()).unwrap() {
        let (h, records) = read_chunk(&f).unwrap();
        assert_eq!(h.count as usize, records.len());
        assert_eq!(h.seed, 7);
        for r in &records {
            assert!(i32::from(r.score).abs() < MATE_BOUND);
            // Not in check: rebuild the position and ask.
            let setup = shakmaty::Setup {
                board: r.board.clone(),
                turn: r.turn,
                ..shakmaty::Setup::empty()
            };
            if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
                assert!(!pos.is_check());
            }
        }
    }
}

#[test]
fn a_missing_label_engine_is_a_clear_error() {
    let a = tempfile::tempdir().unwrap();
    let mut x = args(a.path());
    x.label_engine = Some("/nonexistent/engine".into());
    let e = run(&x, &EvalParams::default(), &|_| {}).unwrap_err();
    assert!(
        format!("{e:#}").contains("--label-engine /nonexistent/engine"),
        "{e:#}"
    );
}

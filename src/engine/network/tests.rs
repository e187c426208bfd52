use super::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Role};

fn pos(fen: &str) -> Chess {
    let f: Fen = fen.parse().unwrap();
    f.into_position(CastlingMode::Standard).unwrap()
}

fn small() -> Network {
    let n = 24;
    let mut rng = crate::engine::levels::Rng::new(5);
    let mut r = |m: i64| (rng.next_u64() % (2 * m as u64 + 1)) as i64 - m;
    Network::new(
        n,
        (0..INPUTS * n).map(|_| r(300) as i16).collect(),
        (0..n).map(|_| r(200) as i16).collect(),
        (0..2 * n).map(|_| r(64) as i16).collect(),
        r(5000) as i32,
    )
    .unwrap()
}

#[test]
fn the_embedded_network_parses() {
    let net = Network::embedded();
    assert!(net.hidden() > 0);
    assert_eq!(Network::from_bytes(&net.to_bytes()).unwrap(), *net);
}

#[test]
fn a_file_round_trips_and_corruption_is_caught() {
    let net = small();
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    let mut bad = bytes.clone();
    let last = bad.len() - 10;
    bad[last] ^= 1;
    assert!(
        Network::from_bytes(&bad)
            .unwrap_err()
            .to_string()
            .contains("checksum")
    );
    assert!(
        Network::from_bytes(&bytes[..100])
            .unwrap_err()
            .to_string()
            .contains("payload")
    );
    assert!(
        Network::from_bytes(b"not a network at all, really")
            .unwrap_err()
            .to_string()
            .contains("magic")
    );
}

#[test]
fn the_output_scale_multiplies_the_output_and_is_stored_in_the_file() {
    let net = small();
    let p = pos("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 4 5");
    assert_eq!(net.output_scale(), SCALE);
    let base = net.evaluate(&p);
    assert!(base.abs() > 50, "{base}");
    let half = net.clone().with_output_scale(SCALE / 2).unwrap();
    assert!(
        (half.evaluate(&p) - base / 2).abs() <= 1,
        "{} {base}",
        half.evaluate(&p)
    );
    assert_ne!(half.checksum(), net.checksum());
    let back = Network::from_bytes(&half.to_bytes()).unwrap();
    assert_eq!(back, half);
    assert_eq!(back.output_scale(), SCALE / 2);
    for bad in [0, -5, MAX_OUTPUT_SCALE + 1] {
        let e = net.clone().with_output_scale(bad).unwrap_err().to_string();
        assert!(e.contains("output scale"), "{e}");
    }
    // A corrupt scale in a file is refused with its value, not used.
    let mut bytes = half.to_bytes();
    let at = bytes.len() - 4;
    bytes[at..].copy_from_slice(&0i32.to_le_bytes());
    let sum = checksum(&bytes[HEADER_SIZE..]);
    bytes[16..24].copy_from_slice(&sum.to_le_bytes());
    let e = format!("{:#}", Network::from_bytes(&bytes).unwrap_err());
    assert!(e.contains("output scale 0"), "{e}");
}

#[test]
fn a_version_1_file_reads_with_the_training_scale() {
    // Version 1 had no output scale: its payload ends with the output bias.
    let net = small();
    let bytes = net.to_bytes();
    let payload = &bytes[HEADER_SIZE..bytes.len() - 4];
    let mut v1 = Vec::new();
    v1.extend_from_slice(&MAGIC);
    v1.extend_from_slice(&1u32.to_le_bytes());
    v1.extend_from_slice(&(net.hidden() as u32).to_le_bytes());
    v1.extend_from_slice(&checksum(payload).to_le_bytes());
    v1.extend_from_slice(payload);
    let read = Network::from_bytes(&v1).unwrap();
    assert_eq!(read, net);
    assert_eq!(read.output_scale(), SCALE);
    let mut v3 = v1.clone();
    v3[8] = 3;
    let e = Network::from_bytes(&v3).unwrap_err().to_string();
    assert!(e.contains("version 3"), "{e}");
}

#[test]
fn an_extreme_output_stays_below_the_tablebase_scores() {
    let n = 8;
    let net = Network::new(
        n,
        vec![500; INPUTS * n],
        vec![0; n],
        vec![i16::MAX; 2 * n],
        i32::MAX / 4,
    )
    .unwrap()
    .with_output_scale(MAX_OUTPUT_SCALE)
    .unwrap();
    let v = net.evaluate(&Chess::default());
    assert_eq!(v, crate::engine::score::TB_BOUND - 1);
}

#[test]
fn the_evaluation_is_colour_symmetric() {
    let net = small();
    let a = pos("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 4 5");
    let b = pos("rnbqk2r/ppp2ppp/3p1n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 4 5");
    assert_eq!(net.evaluate(&a), net.evaluate(&b));
}

#[test]
fn incremental_updates_equal_a_refresh() {
    let net = small();
    let before = pos("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 4 5");
    let mut accs = [Accumulator::default(), Accumulator::default()];
    net.refresh(&before, Color::White, &mut accs[0]);
    net.refresh(&before, Color::Black, &mut accs[1]);
    // Bxf7+: the bishop leaves c4, the pawn on f7 goes, the bishop arrives on f7.
    let bishop = Piece {
        color: Color::White,
        role: Role::Bishop,
    };
    let pawn = Piece {
        color: Color::Black,
        role: Role::Pawn,
    };
    net.update(&mut accs, bishop, Square::C4, -1);
    net.update(&mut accs, pawn, Square::F7, -1);
    net.update(&mut accs, bishop, Square::F7, 1);
    let after = pos("r1bqk2r/pppp1Bpp/2n2n2/2b1p3/4P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 5");
    let mut fresh = [Accumulator::default(), Accumulator::default()];
    net.refresh(&after, Color::White, &mut fresh[0]);
    net.refresh(&after, Color::Black, &mut fresh[1]);
    assert_eq!(accs[0].0[..24], fresh[0].0[..24]);
    assert_eq!(accs[1].0[..24], fresh[1].0[..24]);
    assert_eq!(net.output(&accs[1], &accs[0]), net.evaluate(&after));
}

/// The network evaluation checked at every node: the incremental state against a refresh.
struct Checked {
    params: crate::engine::EvalParams,
    evaluations: std::sync::atomic::AtomicU64,
    mismatches: std::sync::atomic::AtomicU64,
}

impl crate::engine::Evaluator<Chess> for Checked {
    type State = NetState;
    fn evaluate(&self, pos: &Chess) -> i32 {
        self.params.evaluate(pos)
    }
    fn piece_values(&self) -> &[i32; 6] {
        self.params.piece_values()
    }
    fn pawn_unit(&self) -> i32 {
        self.params.pawn_unit()
    }
    fn refresh_state(&self, state: &mut NetState, pos: &Chess) {
        self.params.refresh_state(state, pos);
    }
    fn update_state(
        &self,
        p: &NetState,
        c: &mut NetState,
        pos: &Chess,
        m: Option<Move>,
        after: &Chess,
    ) {
        self.params.update_state(p, c, pos, m, after);
    }
    fn evaluate_state(&self, state: &NetState, pos: &Chess) -> i32 {
        use std::sync::atomic::Ordering::Relaxed;
        let v = self.params.evaluate_state(state, pos);
        self.evaluations.fetch_add(1, Relaxed);
        if v != self.params.evaluate(pos) {
            self.mismatches.fetch_add(1, Relaxed);
        }
        v
    }
}

#[test]
fn the_search_keeps_every_accumulator_equal_to_a_refresh() {
    use crate::engine::Evaluator as _;
    use std::sync::atomic::Ordering::Relaxed;
    let params = crate::engine::EvalParams {
        network: Some(std::sync::Arc::new(small())),
        ..Default::default()
    };
    let checked = Checked {
        params,
        evaluations: 0.into(),
        mismatches: 0.into(),
    };
    // Castling both ways, en passant, promotions with and without capture, null moves.
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        let p = pos(fen);
        let mut memory = crate::engine::SearchMemory::new(1);
        let stop = std::sync::atomic::AtomicBool::new(false);
        crate::engine::search(
            &p,
            &[],
            &crate::engine::SearchLimits::depth(5),
            &checked,
            &mut memory,
            &stop,
            &mut |_| {},
        );
    }
    assert!(checked.evaluations.load(Relaxed) > 1000);
    assert_eq!(checked.mismatches.load(Relaxed), 0);
    let _ = checked.params.piece_values();
}

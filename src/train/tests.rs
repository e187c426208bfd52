use super::*;
use crate::datagen::{DatagenArgs, run as datagen};
use crate::engine::EvalParams;

#[test]
fn training_on_a_tiny_data_set_lowers_the_loss_and_the_saved_net_loads() {
    let data = tempfile::tempdir().unwrap();
    let generate = DatagenArgs {
        out: data.path().to_path_buf(),
        chunks: 3,
        games_per_chunk: 1,
        nodes: 200,
        seed: 3,
        threads: 1,
        book_plies: 4,
        random_plies: 4,
        label_engine: None,
        label_depth: 8,
    };
    let t = datagen(&generate, &EvalParams::default(), &|_| {}).unwrap();
    assert!(t.positions > 20, "{t:?}");
    let out = data.path().join("net.nnue");
    let args = TrainArgs {
        data: data.path().to_path_buf(),
        out: Some(out.clone()),
        hidden: 8,
        epochs: 20,
        rate: 0.01,
        batch: 16,
        result_weight: 0.3,
        seed: 1,
        decay: 1.0,
        init: None,
        output_scale: None,
    };
    let mut lines = Vec::new();
    let report = run(&args, &EvalParams::default(), &mut |l| {
        lines.push(l.to_owned())
    })
    .unwrap();
    let last = report.epochs.last().unwrap();
    assert!(
        last.train < report.initial.train * 0.8,
        "loss {} -> {}",
        report.initial.train,
        last.train
    );
    assert!(
        lines.iter().any(|l| l.starts_with("epoch 20:")),
        "{lines:?}"
    );
    let loaded = Network::load(&out).unwrap();
    assert_eq!(loaded, report.network);
    assert_eq!(loaded.hidden(), 8);
    assert_eq!(loaded.output_scale(), report.output_scale);
    assert!(
        lines.iter().any(|l| l.starts_with("output scale")),
        "{lines:?}"
    );

    // --init with no epoch keeps the weights and refits only the scale: the same network.
    let again = TrainArgs {
        init: Some(out.clone()),
        epochs: 0,
        hidden: 3,
        ..args.clone()
    };
    let refit = run(&again, &EvalParams::default(), &mut |_| {}).unwrap();
    assert_eq!(refit.network.hidden(), 8);
    assert_eq!(refit.network, loaded);
    // A fixed scale is taken as given.
    let fixed = TrainArgs {
        output_scale: Some(123),
        out: None,
        ..again
    };
    assert_eq!(
        run(&fixed, &EvalParams::default(), &mut |_| {})
            .unwrap()
            .network
            .output_scale(),
        123
    );
}

/// The fitted scale puts the network's centipawns in the classic evaluation's unit: classic
/// scores twice the network's output (at the training unit) give twice the scale, and samples
/// without a classic score (beyond the fit's limit) are ignored.
#[test]
fn the_output_scale_is_fitted_to_the_classic_evaluation() {
    use crate::datagen::record::GameResult;
    let n = 16;
    let mut rng = Rng::new(3);
    let net = Float::new(n, &mut rng).quantise().unwrap();
    let mut samples = Vec::new();
    for pos in forward_positions() {
        let mut s = sample(&Record::new(&pos, 0, GameResult::Draw), 0.0);
        s.classic = Some((2 * net.evaluate(&pos)) as i16);
        samples.push(s);
        let far = sample(&Record::new(&pos, 0, GameResult::Draw), 0.0);
        samples.push(far);
    }
    assert!(
        samples
            .iter()
            .any(|s| s.classic.is_some_and(|c| c.abs() > 20))
    );
    let scale = fit_output_scale(&net, &samples).unwrap();
    assert!((scale - 2 * SCALE).abs() <= 4, "{scale}");
    assert_eq!(fit_output_scale(&net, &samples[1..2]), None);
    // The reference is the classic evaluation, kept only below the limit.
    let start = Record::new(&shakmaty::Chess::default(), 0, GameResult::Draw);
    let classic = classic_score(&start, &EvalParams::default()).unwrap();
    assert!(classic.abs() < 50, "{classic}");
    let won = "7k/8/8/8/8/8/8/1QQQK3 w - - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
        .unwrap();
    let won = Record::new(&won, 0, GameResult::WhiteWin);
    assert_eq!(classic_score(&won, &EvalParams::default()), None);
}

#[test]
fn an_empty_data_directory_is_a_clear_error() {
    let data = tempfile::tempdir().unwrap();
    let args = TrainArgs {
        data: data.path().to_path_buf(),
        out: None,
        hidden: 8,
        epochs: 1,
        rate: 0.01,
        batch: 16,
        result_weight: 0.3,
        seed: 1,
        decay: 1.0,
        init: None,
        output_scale: None,
    };
    let e = run(&args, &EvalParams::default(), &mut |_| {}).unwrap_err();
    assert!(e.to_string().contains("no training positions"), "{e}");
}

/// Positions for the forward check: both sides to move, castled and uncastled kings, pawns
/// about to promote, bare endings and a crowded middlegame, then random playouts.
fn forward_positions() -> Vec<shakmaty::Chess> {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 4 8",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R b KQ - 4 8",
        "2kr3r/ppp2ppp/2n5/8/8/5N2/PPP2PPP/2KR3R b - - 0 15",
        "8/1P3k2/8/8/8/8/5Kp1/8 w - - 0 50",
        "8/1P3k2/8/8/8/8/5Kp1/8 b - - 0 50",
        "8/8/4k3/8/8/4K3/4P3/8 w - - 0 60",
        "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 30",
        "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 6 8",
    ];
    let mut out: Vec<Chess> = fens
        .iter()
        .map(|f| {
            f.parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap()
        })
        .collect();
    let mut rng = Rng::new(11);
    for _ in 0..6 {
        let mut pos = Chess::default();
        for ply in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.play_unchecked(m);
            if ply % 8 == 7 {
                out.push(pos.clone());
            }
        }
    }
    out
}

/// The float network of the trainer and the engine's quantised inference agree: the same
/// weights, fed a position through the trainer's path (a datagen record, its features, the float
/// forward pass) and the engine's (the board, [`Network::evaluate`] from scratch and from a
/// search state), give the same centipawns within the quantisation error. A perspective,
/// feature-order, mirroring or clamping mistake on either side moves the output by tens to
/// hundreds of centipawns; the test also checks that it would notice one.
#[test]
fn the_float_forward_pass_and_the_quantised_inference_agree() {
    use crate::datagen::record::GameResult;
    use crate::engine::network::NetState;
    let n = 32;
    let mut rng = Rng::new(7);
    let mut float = Float::new(n, &mut rng);
    // Wider than a fresh network's, so that the accumulators reach both ends of the clipped
    // ReLU as a trained network's do; and on the quantisation grid (multiples of 1/QA, 1/QB,
    // 1/(QA × QB)), so that both sides compute the same number and only the output's final
    // rounding is left: any other difference is a bug, not rounding.
    let grid = |w: &mut f32, q: i32| *w = (*w * q as f32).round() / q as f32;
    for w in float.fw.iter_mut().chain(&mut float.fb) {
        grid(&mut *w, QA);
        *w *= 4.0;
    }
    float.ow.iter_mut().for_each(|w| grid(w, QB));
    float.ob = 0.37;
    grid(&mut float.ob, QA * QB);
    let net = float.quantise().unwrap();
    let centipawns = |s: &Sample| {
        let mut us = vec![0.0; n];
        let mut them = vec![0.0; n];
        float.accumulate(s, &mut us, &mut them);
        (
            float.output(&us, &them) * SCALE as f32,
            float.output(&them, &us) * SCALE as f32,
        )
    };
    let positions = forward_positions();
    assert!(positions.len() > 40);
    let (mut worst, mut clamped, mut detected) = (0.0f32, 0, 0);
    for pos in &positions {
        let s = sample(&Record::new(pos, 0, GameResult::Draw), 0.0);
        let (float_cp, swapped_cp) = centipawns(&s);
        let engine = net.evaluate(pos);
        let mut state = NetState::default();
        net.refresh_state(&mut state, pos);
        assert_eq!(net.evaluate_state(&state, pos), engine, "{pos:?}");
        let error = (engine as f32 - float_cp).abs();
        // The output truncated to whole centipawns, and the float sums' rounding.
        let tolerance = 1.01;
        assert!(
            error <= tolerance,
            "float {float_cp:.1} cp, engine {engine} cp (tolerance {tolerance:.1}) in {}",
            shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
        );
        worst = worst.max(error);
        if (engine as f32 - swapped_cp).abs() > tolerance {
            detected += 1;
        }
        let mut us = vec![0.0; n];
        let mut them = vec![0.0; n];
        float.accumulate(&s, &mut us, &mut them);
        if us.iter().chain(&them).any(|a| *a > 1.0) && us.iter().chain(&them).any(|a| *a < 0.0) {
            clamped += 1;
        }
    }
    // The positions exercise both ends of the clipped ReLU, and swapping the perspectives
    // (the classic side-to-move mistake) would fail on nearly every one.
    assert!(
        clamped * 10 >= positions.len() * 9,
        "{clamped} of {}",
        positions.len()
    );
    assert!(
        detected * 10 >= positions.len() * 9,
        "{detected} of {}",
        positions.len()
    );
    eprintln!(
        "worst forward error {worst:.2} cp over {} positions",
        positions.len()
    );
}

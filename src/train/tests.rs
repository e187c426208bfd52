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
    };
    let mut lines = Vec::new();
    let report = run(&args, &mut |l| lines.push(l.to_owned())).unwrap();
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
    };
    let e = run(&args, &mut |_| {}).unwrap_err();
    assert!(e.to_string().contains("no training positions"), "{e}");
}

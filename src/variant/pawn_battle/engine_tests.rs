//! Pawn Battle through the engine's and the program's services, seen from outside them: the
//! engine thread searches it with its own evaluation (the same request type as chess), the
//! bench runs its positions, a background analysis explains its moves.

use std::time::Duration;

use super::PawnBattle;
use super::eval::{Evaluation, PresetName};
use crate::engine::{EngineHandle, EngineReport, Level, SearchId, SearchLimits, SearchRequest};
use crate::variant::VariantPosition;

/// Issue 25: the engine thread searches a Pawn Battle position with its own evaluation and the
/// level picks the move.
#[test]
fn a_pawn_battle_request_is_searched_as_pawn_battle() {
    let (mut engine, rx) = EngineHandle::spawn(4).unwrap();
    let position = PawnBattle::start();
    let mut req = SearchRequest::new(
        position.clone(),
        SearchLimits::depth(5),
        Evaluation::preset(PresetName::Default),
    );
    req.level = Some(Level::get(10));
    engine.search(SearchId(7), req);
    loop {
        match rx.recv_timeout(Duration::from_secs(60)).unwrap() {
            EngineReport::Progress { .. } => {}
            EngineReport::Done {
                id,
                chosen,
                result,
                book,
            } => {
                assert_eq!(id, SearchId(7));
                assert!(!book);
                assert_eq!(result.depth, 5);
                let mv = chosen.expect("a move");
                assert!(position.is_legal(mv), "{mv:?} is a Pawn Battle move");
                break;
            }
            EngineReport::Failed { message, .. } => panic!("{message}"),
        }
    }
}

/// Issue 25: play mode's Pawn Battle search carries its position and `[pawn_battle.eval]`,
/// never the chess book.
#[test]
fn play_modes_request_carries_the_position_and_evaluation_and_no_book() {
    use crate::app::{Purpose, SearchPosition};
    use crate::config::{EngineConfig, EvalConfig};
    let eval = super::eval::EvalConfig {
        race: 150,
        ..Default::default()
    };
    let request = crate::app::SearchRequest {
        id: crate::app::SearchId(1),
        purpose: Purpose::Move,
        position: SearchPosition::PawnBattle(PawnBattle::start(), eval.clone()),
        history: Vec::new(),
        engine: EngineConfig {
            book: true,
            ..EngineConfig::default()
        },
        eval: EvalConfig::default(),
        clock: None,
    };
    let engine = crate::play::engine_link::engine_request(&request);
    assert!(engine.chess().is_none(), "no chess position, no book");
    assert!(
        engine.level().is_some(),
        "the level weakens its own moves as in chess"
    );
    let pb = engine
        .as_any()
        .downcast_ref::<SearchRequest<PawnBattle>>()
        .expect("a Pawn Battle search");
    assert_eq!(pb.position, PawnBattle::start());
    assert_eq!(pb.params, Evaluation::from_config(&eval));
}

#[test]
fn pawn_battle_positions_parse_and_the_bench_is_deterministic() {
    let fens = || {
        crate::engine::bench::PAWN_BATTLE_POSITIONS
            .lines()
            .filter(|l| !l.trim().is_empty())
    };
    assert!(fens().count() >= 10);
    for fen in fens() {
        assert!(PawnBattle::from_fen(fen).is_ok(), "{fen}");
    }
    let eval = Evaluation::preset(PresetName::Default);
    let run = || {
        let mut lines = 0;
        let (nodes, _) = crate::engine::bench::run_positions::<PawnBattle, _>(
            fens(),
            &SearchLimits::depth(5),
            &eval,
            1,
            &mut |_| lines += 1,
        );
        (nodes, lines)
    };
    let (a, lines) = run();
    assert_eq!(lines, fens().count());
    assert_eq!(run().0, a);
    assert!(a > 1_000, "{a}");
}

#[test]
fn delivers_a_pawn_battle_analysis() {
    let (tx, rx) = std::sync::mpsc::channel();
    let before = PawnBattle::from_fen("8/6p1/8/8/8/8/P7/8 w - - 0 1").unwrap();
    let mut req = crate::analysis::Request::new(
        before.clone(),
        SearchLimits::depth(3),
        Evaluation::preset(PresetName::Default),
    );
    req.played = before.parse_move("a4").ok();
    let job = crate::analysis::spawn(req, 1, None, move |a| {
        let _ = tx.send(a);
    })
    .unwrap();
    job.wait();
    let e = rx.recv().unwrap().unwrap().explanation.unwrap();
    assert_eq!(e.san, "a4");
    assert!(e.claims.iter().any(|c| c.fact.kind() == "pb_race"), "{e:?}");
}

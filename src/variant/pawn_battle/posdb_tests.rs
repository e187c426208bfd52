//! The position database keeps Pawn Battle apart from chess (`posdb::tests`' Pawn Battle case,
//! kept with the game; declared in `src/posdb/tests.rs`).

use super::*;
use crate::variant::pawn_battle::PawnBattle;
use crate::variant::pawn_battle::eval::Evaluation;

/// Pawn Battle positions are kept beside chess's (the variant column): a search of a Pawn
/// Battle position is remembered, recalled with its moves decoded by Pawn Battle's rules (a
/// pawn reaching the last rank has no promotion piece), and counted as the game's own.
#[test]
fn pawn_battle_positions_are_kept_apart_from_chess() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path(), Options::default());
    // White's b7 pawn promotes next move (and wins).
    let pos = PawnBattle::from_fen("r7/1P6/8/8/8/8/p7/7R w - - 0 1").unwrap();
    let eval = Evaluation::from_config(&Default::default());
    let limits = exact(4);
    let result = search(
        &pos,
        &[],
        &limits,
        &eval,
        &mut SearchMemory::new(1),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(result.best_move.is_some());
    store.remember(&pos, &limits, &eval, &result, false);
    store.flush();
    let back = store.recall(&pos, &limits, &eval).expect("recalled");
    assert_eq!(back.best_move, result.best_move);
    assert_eq!(back.pv, result.pv);
    assert_eq!(back.root_moves, result.root_moves);
    // Not a chess position's entry, nor one of another evaluation.
    assert!(
        store
            .get(&Chess::default(), &EvalParams::default())
            .is_none()
    );
    let other = Evaluation::from_config(&crate::variant::pawn_battle::eval::EvalConfig {
        material: 50,
        ..Default::default()
    });
    assert!(store.recall(&pos, &limits, &other).is_none());
    let counts = store.with_connection(|c| {
        file::counts(
            c,
            &[eval_version(&EvalParams::default()), eval_version(&eval)],
        )
        .unwrap()
    });
    assert_eq!(
        counts,
        vec![(crate::posdb::entry::variant_code(Variant::PawnBattle), 1, 0)]
    );
}

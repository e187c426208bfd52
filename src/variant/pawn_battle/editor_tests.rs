//! The board editor's Pawn Battle cases (`editor::tests`', kept with the game; declared in
//! `src/editor/tests.rs`).

use super::*;
use crate::variant::pawn_battle::PawnBattle;

#[test]
fn g_switches_the_game_to_its_start_position_and_undo_switches_back() {
    let mut e = from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    e.apply(EditorAction::SwitchVariant);
    assert_eq!(e.variant, Variant::PawnBattle);
    assert_eq!(e.roles, [Role::Rook, Role::Pawn]);
    assert_eq!(e.fen(), PAWN_BATTLE_START);
    assert_eq!(e.legality(), Ok(()));
    assert!(note(&e).starts_with("Pawn Battle"), "{}", note(&e));
    e.apply(EditorAction::Undo);
    assert_eq!(e.variant, Variant::Chess);
    assert_eq!(e.roles, roles_of(Variant::Chess));
    assert_eq!(e.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    e.apply(EditorAction::Redo);
    assert_eq!(e.variant, Variant::PawnBattle);
    assert_eq!(e.fen(), PAWN_BATTLE_START);
    e.apply(EditorAction::SwitchVariant);
    assert_eq!((e.variant, e.fen().as_str()), (Variant::Chess, START));
    // A Pawn Battle position opens as one.
    let pos = PawnBattle::from_fen("8/1P6/8/8/8/8/p7/8 w - - 0 1").unwrap();
    let e = Editor::of_position(&pos, Color::Black, 3, Color::Black);
    assert_eq!(e.variant, Variant::PawnBattle);
    assert_eq!(e.fen(), "8/1P6/8/8/8/8/p7/8 w - - 0 1");
}

/// "Play from here" hands the host the game with its FEN.
#[test]
fn pawn_battle_play_from_here_carries_the_variant() {
    let mut e = pawn_battle();
    e.apply(EditorAction::OpenPlay);
    e.apply(EditorAction::PlayColor(Color::Black));
    assert_eq!(
        e.apply(EditorAction::ConfirmPlay),
        EditorOutcome::Play {
            variant: Variant::PawnBattle,
            fen: PAWN_BATTLE_START.to_owned(),
            human: Color::Black,
            level: 5
        }
    );
}

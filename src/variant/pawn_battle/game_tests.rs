//! A Pawn Battle game in the one game model (`game::Game<PawnBattle>`, issue 25): moves, undo,
//! redo and SAN through the variant, its wins, repetition, fifty moves and resignation.

use super::{GameEnd, PawnBattle, WinReason};
use shakmaty::Color;

use crate::game::{EndReason, Game, MoveError};

fn game_from(fen: &str, moves: &str) -> Game<PawnBattle> {
    let mut g = Game::<PawnBattle>::from_variant_fen(fen).unwrap();
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn moves_undo_redo_and_san_go_through_the_variant() {
    let mut g = Game::<PawnBattle>::starting();
    assert_eq!(g.start_fen(), None);
    for m in ["e4", "d5", "exd5", "h8g8"] {
        g.play_text(m).unwrap();
    }
    let sans: Vec<String> = g.moves().iter().map(|m| m.san.to_string()).collect();
    assert_eq!(sans, ["e4", "d5", "exd5", "Rhg8"]);
    assert_eq!(g.moves()[3].uci().to_string(), "h8g8");
    assert!(g.undo());
    assert!(g.redo());
    assert_eq!(g.ply(), 4);
    assert_eq!(g.first_move_number(), 1);
    // Chess moves are refused with the variant's reason.
    let err = g.play_text("Nc6").unwrap_err();
    assert!(
        matches!(err, MoveError::Malformed { .. } | MoveError::Illegal { .. }),
        "{err:?}"
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_pawn_on_the_last_rank_wins() {
    let g = game_from("8/4P3/8/8/8/8/p7/8 w - - 0 1", "e8");
    let o = g.outcome().unwrap();
    assert_eq!(
        o.reason,
        GameEnd::Win(WinReason::Promotion(shakmaty::Square::E8))
    );
    assert_eq!(o.result_token(), "1-0");
    assert_eq!(o.to_string(), "White wins by promotion on e8");
    assert_eq!(g.moves()[0].san.to_string(), "e8");
    let mut g = g;
    assert!(matches!(g.play_text("a1"), Err(MoveError::GameOver(_))));
}

#[test]
fn capturing_all_pawns_and_no_legal_move_win() {
    let g = game_from("8/8/8/3p4/4P3/8/8/8 w - - 0 1", "exd5");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, GameEnd::Win(WinReason::AllPawnsCaptured));
    assert_eq!(o.result_token(), "1-0");
    let g = game_from("8/8/8/3p4/8/3P4/8/8 w - - 0 1", "d4");
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, GameEnd::Win(WinReason::NoLegalMove));
    assert_eq!(
        o.to_string(),
        "White wins by leaving the opponent no legal move"
    );
}

#[test]
fn repetition_fifty_moves_and_resignation() {
    let start = super::START_FEN;
    let mut g = game_from(start, "Rab1 Rab8 Ra1 Ra8 Rab1 Rab8 Ra1");
    assert_eq!(g.outcome(), None);
    g.play_text("Ra8").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, GameEnd::Shared(EndReason::ThreefoldRepetition));
    assert_eq!(o.to_string(), "Draw by threefold repetition");
    g.undo();
    g.set_automatic_draws(false);
    g.play_text("Ra8").unwrap();
    assert_eq!(g.outcome(), None);
    let g = game_from("r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 99 80", "Rab1");
    assert_eq!(
        g.outcome().unwrap().reason,
        GameEnd::Shared(EndReason::FiftyMoveRule)
    );
    assert_eq!(
        g.start_fen(),
        Some("r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 99 80")
    );
    let mut g = game_from(start, "e4");
    g.resign(Color::Black);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.reason, o.result_token()),
        (GameEnd::Shared(EndReason::Resignation), "1-0")
    );
}

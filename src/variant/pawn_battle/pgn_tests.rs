//! Pawn Battle games in PGN (issue 25): read and written with the `Variant` tag, from the start
//! and from a FEN, the tag in any spelling, wrong games named (`crate::pgn`'s reader and
//! writer, generic over the game).

use super::{GameEnd, PawnBattle, WinReason};
use crate::game::Game;
use crate::pgn::{PgnGame, Tags, export, import, import_as};

fn read(text: &str) -> PgnGame<PawnBattle> {
    let mut report = import_as::<PawnBattle>(text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    report.games.remove(0).pgn
}

fn sans(game: &Game<PawnBattle>) -> Vec<String> {
    game.moves().iter().map(|m| m.san.to_string()).collect()
}

#[test]
fn the_tag_is_read_in_any_spelling() {
    for tag in ["Pawn Battle", "pawnbattle", "PAWN-BATTLE"] {
        let pgn = read(&format!("[Variant \"{tag}\"]\n\n1. e4 d5 2. exd5 Rab8 *\n"));
        assert_eq!(sans(&pgn.game), ["e4", "d5", "exd5", "Rab8"]);
    }
}

#[test]
fn round_trips_from_the_start_and_from_a_fen() {
    let mut game = Game::<PawnBattle>::starting();
    for m in ["e4", "d5", "exd5", "h8g8", "a1b1"] {
        game.play_text(m).unwrap();
    }
    game.move_mut(1).unwrap().comment = Some("a gambit".to_owned());
    let text = export(&game, &Tags::default());
    assert!(text.contains("[Variant \"Pawn Battle\"]\n"), "{text}");
    assert!(!text.contains("SetUp"), "{text}");
    assert!(
        text.ends_with("1. e4 d5 {a gambit} 2. exd5 Rhg8 3. Rab1 *\n"),
        "{text}"
    );
    let back = read(&text);
    assert_eq!(sans(&back.game), sans(&game));
    assert_eq!(export(&back.game, &back.tags), text);

    let fen = "r6r/1p6/8/2pP4/8/8/1P6/R6R w - c6 0 30";
    let mut game = Game::<PawnBattle>::from_variant_fen(fen).unwrap();
    game.play_text("dxc6").unwrap();
    let text = export(&game, &Tags::default());
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"r6r/1p6/8/2pP4/8/8/1P6/R6R w - c6 0 30\"]"),
        "{text}"
    );
    assert!(text.contains("30. dxc6 *"), "{text}");
    let back = read(&text);
    assert_eq!(back.game.start_fen(), Some(fen));
    assert_eq!(export(&back.game, &back.tags), text);
}

#[test]
fn a_finished_game_keeps_its_result_and_reason() {
    let fen = "8/4P3/8/8/8/8/p7/8 w - - 0 1";
    let mut game = Game::<PawnBattle>::from_variant_fen(fen).unwrap();
    game.play_text("e8").unwrap();
    let text = export(&game, &Tags::default());
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"normal\"]"), "{text}");
    assert!(
        text.ends_with("1. e8 {White wins by promotion on e8} 1-0\n"),
        "{text}"
    );
    let back = read(&text);
    assert_eq!(back.result, "1-0");
    let outcome = back.game.outcome().unwrap();
    assert_eq!(
        outcome.reason,
        GameEnd::Win(WinReason::Promotion(shakmaty::Square::E8))
    );
    assert_eq!(
        back.game.moves()[0].comment,
        None,
        "the closing comment is ours"
    );
    assert_eq!(export(&back.game, &back.tags), text);
}

#[test]
fn illegal_moves_and_wrong_variants_are_named() {
    let report = import_as::<PawnBattle>("[Variant \"Pawn Battle\"]\n\n1. e4 d5 2. Nf3 *\n");
    assert_eq!(
        report.errors[0].to_string(),
        "game 1 (line 3): move 2. Nf3 is illegal: Pawn Battle has only pawns and rooks, no knight"
    );
    assert_eq!(report.errors[0].partial.as_ref().unwrap().game.ply(), 2);
    let report = import_as::<PawnBattle>(
        "[Variant \"Pawn Battle\"]\n[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/p7/8 w - - 0 1\"]\n\n1. e8 a1 1-0\n",
    );
    assert_eq!(
        report.errors[0].to_string(),
        "game 1 (line 5): move 1... a1 cannot be played: the game is already over \
         (White wins by promotion on e8)"
    );
    let chess = import("[Variant \"Pawn Battle\"]\n\n1. e4 *\n");
    assert_eq!(
        chess.errors[0].to_string(),
        "game 1 (line 1): the game is Pawn Battle, but only standard chess games are \
         read here"
    );
    let unknown = import_as::<PawnBattle>("[Variant \"Atomic\"]\n\n1. e4 *\n");
    assert!(
        unknown.errors[0]
            .message
            .contains("standard chess and \"Pawn Battle\"")
    );
    let chess_as_pb = import_as::<PawnBattle>("1. e4 e5 *\n");
    assert!(
        chess_as_pb.errors[0]
            .message
            .contains("the game is standard chess")
    );
}

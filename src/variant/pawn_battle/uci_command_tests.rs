//! UCI's `position` in a Pawn Battle session (`uci::command`'s tests, kept with the game;
//! declared in `src/uci/command.rs`).

use super::*;

/// A `position` is read in the session's variant: Pawn Battle's start position and
/// kingless FENs, its moves through `Game::play` (a pawn reaching the last rank is written
/// without a promotion letter and ends the game), and errors worded as chess's.
#[test]
fn pawn_battle_positions_parse_in_their_variant() {
    let pb = |args: &str| match UciCommand::parse(&format!("position {args}"), Variant::PawnBattle)
    {
        Ok(UciCommand::Position(UciGame::PawnBattle(game))) => Ok(game),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e),
    };
    let game = pb("startpos moves e2e4 d7d5 e4d5").unwrap();
    assert_eq!(game.ply(), 3);
    assert_eq!(game.fen(), "r6r/ppp1pppp/8/3P4/8/8/PPPP1PPP/R6R b - - 0 2");
    let game = pb("fen 8/1P6/8/8/8/8/p7/8 w - - 0 1 moves b7b8").unwrap();
    assert!(game.outcome().is_some(), "the arrival wins");
    assert_eq!(
        pb("fen 8/1P6/8/8/8/8/p7/8 w - - 0 1 moves b7b8q").unwrap_err(),
        "illegal move \"b7b8q\""
    );
    assert_eq!(
        pb("fen 8/1P6/8/8/8/8/p7/8 w - - 0 1 moves b7b8 a2a1").unwrap_err(),
        "\"a2a1\" cannot be played: the game is already over (White wins by promotion on b8)"
    );
    let e = pb("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
    assert!(e.starts_with("bad FEN \"rnbqkbnr/"), "{e}");
    assert!(e.contains("Pawn Battle has only pawns and rooks"), "{e}");
    assert_eq!(
        pb("startpos moves e1g1").unwrap_err(),
        "illegal move \"e1g1\""
    );
    // The same FEN is no chess position (no kings), and chess stays the default.
    let e = "position fen 8/1P6/8/8/8/8/p7/8 w - - 0 1"
        .parse::<UciCommand>()
        .unwrap_err();
    assert!(e.starts_with("bad FEN"), "{e}");
    let go = "searchmoves a2a4 depth 2".parse::<Go>().unwrap();
    let pos = PawnBattle::start();
    assert_eq!(
        go.clone().resolve(&pos).unwrap().limits.searchmoves.len(),
        1
    );
    let after = pb("startpos moves a2a4").unwrap();
    assert_eq!(
        go.resolve(after.position()).unwrap_err(),
        "searchmoves: illegal move \"a2a4\""
    );
    assert_eq!(
        UciGame::start(Variant::PawnBattle).variant(),
        Variant::PawnBattle
    );
}

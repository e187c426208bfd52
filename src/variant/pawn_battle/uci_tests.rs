//! Pawn Battle over UCI (`UCI_Variant pawnbattle`): positions, moves, searches that stop,
//! queue and weaken (`uci`'s tests, kept with the game; declared in `src/uci.rs`).

use shakmaty::uci::UciMove;

use super::tests::session;
use super::*;
use crate::variant::pawn_battle::PawnBattle;

/// `UCI_Variant pawnbattle`: the start position, kingless FENs, searches through the
/// generic search with `info` lines, `bestmove` in UCI without a promotion letter, `eval`
/// term by term; back to chess with `UCI_Variant chess`.
#[test]
fn uci_variant_plays_pawn_battle() {
    let out = session("uci\n");
    assert!(
        out.contains("option name UCI_Variant type combo default chess var chess var pawnbattle\n"),
        "{out}"
    );
    let out = session(
        "setoption name UCI_Variant value pawnbattle\nposition startpos moves e2e4 d7d5\n\
         go depth 4\n",
    );
    assert!(!out.contains("error"), "{out}");
    assert!(out.contains("info depth 4 seldepth"), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
    let game: Game<PawnBattle> = parse_game("startpos moves e2e4 d7d5").unwrap();
    assert!(
        game.position().move_of_uci(&bestmoves(&out)[0]).is_some(),
        "{out}"
    );
    // The winning arrival, written without a promotion letter, found as a mate.
    let out = session(
        "setoption name uci_variant value pawnbattle\n\
         position fen 8/1P6/8/8/8/8/p7/8 w - - 0 1\ngo depth 3\neval\n",
    );
    assert!(out.contains("score mate 1"), "{out}");
    assert!(out.contains("bestmove b7b8\n"), "{out}");
    assert!(out.contains("info string promotion race"), "{out}");
    // Errors name the FEN and the move, and keep the position.
    let out = session(
        "setoption name UCI_Variant value pawnbattle\nposition startpos moves a2a4\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         position startpos moves e2e5\ngo depth 2\n",
    );
    let errors: Vec<&str> = out.lines().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 2, "{out}");
    assert!(
        errors[0].contains("bad FEN") && errors[0].contains("only pawns and rooks"),
        "{out}"
    );
    assert!(errors[1].ends_with("illegal move \"e2e5\""), "{out}");
    let after: Game<PawnBattle> = parse_game("startpos moves a2a4").unwrap();
    assert!(
        after.position().move_of_uci(&bestmoves(&out)[0]).is_some(),
        "Black's reply: {out}"
    );
    // Back to chess: the start position of chess.
    let out = session(
        "setoption name UCI_Variant value pawnbattle\nsetoption name UCI_Variant value chess\n\
         go depth 2\nsetoption name UCI_Variant value shogi\n",
    );
    assert!(
        out.contains("option UCI_Variant: unknown variant \"shogi\" (chess or pawnbattle)"),
        "{out}"
    );
    let (chess, _) = parse_position("startpos").unwrap();
    assert!(bestmoves(&out)[0].to_move(&chess).is_ok(), "{out}");
}

/// The moves of every `bestmove` line of a session's output.
fn bestmoves(out: &str) -> Vec<UciMove> {
    out.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|m| m.split_whitespace().next().unwrap().parse().unwrap())
        .collect()
}

/// A Pawn Battle `go` during a search is queued and answered in order, `stop` ends an
/// infinite one, and a weak level still answers with a legal move.
#[test]
fn pawn_battle_searches_stop_queue_and_weaken() {
    let out = session(
        "setoption name UCI_Variant value pawnbattle\nposition startpos\ngo infinite\n\
         go depth 2\nstop\nsetoption name Level value 1\ngo depth 3\n",
    );
    let moves = bestmoves(&out);
    assert_eq!(moves.len(), 3, "{out}");
    let start = PawnBattle::start();
    for m in moves {
        assert!(start.move_of_uci(&m).is_some(), "{m}: {out}");
    }
}

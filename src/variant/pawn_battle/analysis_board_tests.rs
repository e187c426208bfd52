//! The analysis board on Pawn Battle positions (`analysis_board::tests`' Pawn Battle cases,
//! kept with the game; declared in `src/analysis_board/tests.rs`).

use super::*;
use crate::variant::VariantPosition;
use crate::variant::pawn_battle::PawnBattle;
use crate::variant::pawn_battle::eval::{Evaluation, PresetName};

/// A Pawn Battle board on `fen` after `sans`, the cursor at the end, for White.
fn pb_board(fen: Option<&str>, sans: &[&str]) -> AnalysisBoard<PawnBattle> {
    let mut game = match fen {
        Some(f) => Game::<PawnBattle>::from_variant_fen(f).unwrap(),
        None => Game::<PawnBattle>::starting(),
    };
    for san in sans {
        game.play_text(san).unwrap();
    }
    let ply = game.ply();
    AnalysisBoard::new(&AnalyseFrom {
        game,
        ply,
        orientation: Color::White,
        human: Color::White,
    })
}

fn prompt<P: Playable>(board: &mut AnalysisBoard<P>, text: &str) -> Vec<Effect> {
    let mut fx = typing(board, &format!(":{text}"));
    fx.extend(press(board, KeyCode::Enter));
    fx
}

fn error_of<P: Playable>(board: &AnalysisBoard<P>) -> String {
    let m = board.message.as_ref().expect("a message");
    assert_eq!(m.kind, MessageKind::Error, "{m:?}");
    m.text.clone()
}

#[test]
fn pawn_battle_moves_for_both_sides_grow_a_tree_with_its_notation() {
    let mut board = pb_board(None, &["e4", "d5"]);
    prompt(&mut board, "exd5");
    prompt(&mut board, "Rab8");
    assert_eq!(board.tree.game().ply(), 4);
    // Back two moves: another capture starts a variation.
    press(&mut board, KeyCode::Char(','));
    press(&mut board, KeyCode::Char(','));
    prompt(&mut board, "e5");
    assert_eq!(
        board.message.as_ref().map(|m| m.text.as_str()),
        Some(text::new_variation().as_str())
    );
    assert!(!board.tree.on_main_line());
    assert_eq!(pgn_moves(&board), "1. e4 d5 2. exd5 (2. e5) 2... Rab8 *");
    // Moves by the board's cursor too: a2-a4 for White in the variation.
    prompt(&mut board, "c5");
    enter_on(&mut board, Square::A2);
    enter_on(&mut board, Square::A4);
    assert_eq!(
        pgn_moves(&board),
        "1. e4 d5 2. exd5 (2. e5 c5 3. a4) 2... Rab8 *"
    );
}

#[test]
fn pawn_battle_move_errors_are_the_games_own() {
    let mut board = pb_board(None, &[]);
    prompt(&mut board, "Nf3");
    let said = error_of(&board);
    assert!(said.contains("Pawn Battle"), "{said}");
    assert!(
        said.contains("e4 or Rab1"),
        "the example is a Pawn Battle move: {said}"
    );
    assert_eq!(pgn_moves(&board), "*", "nothing was played");
    prompt(&mut board, "e5");
    let said = error_of(&board);
    assert!(said.starts_with("e5:"), "{said}");
    // The prompt's key hints name Pawn Battle moves.
    typing(&mut board, ":");
    assert!(board.key_hints().contains("Rab1"), "{}", board.key_hints());
}

#[test]
fn a_promotion_ends_the_line_and_the_board_says_why() {
    let mut board = pb_board(Some("r6r/p2P1ppp/8/8/8/8/PP3PPP/R6R w - - 0 20"), &[]);
    assert!(board.wants_engine());
    prompt(&mut board, "d8");
    assert!(!board.wants_engine(), "no engine on a finished position");
    let over = board.tree.game().outcome().expect("the game is over");
    assert_eq!(over.to_string(), "White wins by promotion on d8");
    // No move after the end, with the reason and the way out.
    prompt(&mut board, "a6");
    let said = error_of(&board);
    assert!(said.contains("White wins by promotion on d8"), "{said}");
    assert!(said.contains(", steps back"), "{said}");
    // The saved tree ends with the result and its reason.
    let pgn = board.pgn();
    assert!(
        pgn.contains("20. d8 {White wins by promotion on d8} 1-0"),
        "{pgn}"
    );
    // Back one move: another move is a variation, and the engine runs again.
    press(&mut board, KeyCode::Char(','));
    assert!(board.wants_engine());
    prompt(&mut board, "a4");
    assert!(!board.tree.on_main_line());
}

#[test]
fn repetition_and_fifty_moves_end_a_pawn_battle_line() {
    let mut board = pb_board(Some("r6r/p7/8/8/8/8/P7/R6R w - - 0 1"), &[]);
    for san in ["Rab1", "Rab8", "Ra1", "Ra8", "Rab1", "Rab8", "Ra1", "Ra8"] {
        prompt(&mut board, san);
    }
    let over = board.tree.game().outcome().expect("threefold repetition");
    assert_eq!(over.result_token(), "1/2-1/2");
    assert!(over.to_string().contains("repetition"), "{over}");
    assert!(!board.wants_engine());
    let mut fifty = pb_board(Some("r6r/p7/8/8/8/8/P7/R6R w - - 99 60"), &[]);
    prompt(&mut fifty, "Rab1");
    let over = fifty.tree.game().outcome().expect("fifty moves");
    assert!(over.to_string().contains("fifty"), "{over}");
    prompt(&mut fifty, "Rab8");
    assert!(error_of(&fifty).contains("the game is over here"));
}

#[test]
fn all_pawns_captured_and_no_move_end_the_line() {
    // Black's last pawn falls.
    let mut board = pb_board(Some("r7/8/8/3p4/4P3/8/8/R7 w - - 0 1"), &[]);
    prompt(&mut board, "exd5");
    let over = board.tree.game().outcome().expect("all pawns captured");
    assert_eq!(over.result_token(), "1-0");
    // White's only pawn is blocked and White has no rook: no legal move loses.
    let blocked = pb_board(Some("8/8/8/8/3p4/3P4/8/8 w - - 0 1"), &[]);
    let over = blocked.tree.game().outcome().expect("no legal move");
    assert_eq!(over.result_token(), "0-1");
    assert!(!blocked.wants_engine());
}

#[test]
fn the_saved_pawn_battle_tree_names_the_variant_and_reads_back() {
    let fen = "r6r/pp3ppp/8/8/8/8/PP3PPP/R6R w - - 0 12";
    let mut board = pb_board(Some(fen), &["a4", "a5"]);
    press(&mut board, KeyCode::Char(','));
    prompt(&mut board, "b5");
    prompt(&mut board, "axb5");
    let text = board.pgn();
    assert!(text.contains("[Variant \"Pawn Battle\"]"), "{text}");
    assert!(text.contains("[SetUp \"1\"]"), "{text}");
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    assert!(text.contains("12. a4 a5 (12... b5 13. axb5) *"), "{text}");
    // Our reader takes it back as a Pawn Battle game: same start, same main line (it
    // skips variations, as it does for chess).
    let report = crate::pgn::import_as::<PawnBattle>(&text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let read = &report.games[0].pgn.game;
    assert_eq!(read.start_fen(), Some(fen));
    let sans: Vec<String> = read.moves().iter().map(|m| m.san.to_string()).collect();
    assert_eq!(sans, ["a4", "a5"]);
    // And a board opened on what was read saves the same main line again.
    let again = AnalysisBoard::new(&AnalyseFrom {
        game: read.clone(),
        ply: 0,
        orientation: Color::White,
        human: Color::White,
    });
    assert_eq!(pgn_moves(&again), "12. a4 a5 *");
    // Save: a file name, then the runner's answers; an existing file is replaced only
    // after a yes.
    let fx = press(&mut board, KeyCode::Char('w'));
    assert!(fx.is_empty());
    let fx = press(&mut board, KeyCode::Enter);
    let [
        Effect::WritePgn {
            replace: false,
            text: written,
            ..
        },
    ] = fx.as_slice()
    else {
        panic!("{fx:?}");
    };
    assert_eq!(written, &text);
    board.written(Written::Exists(PathBuf::from("analysis.pgn")));
    let fx = press(&mut board, KeyCode::Char('y'));
    assert!(
        matches!(fx.as_slice(), [Effect::WritePgn { replace: true, .. }]),
        "{fx:?}"
    );
}

fn pb_request(fen: &str, human: Color) -> crate::analysis::Request<PawnBattle> {
    let mut req = crate::analysis::Request::new(
        PawnBattle::from_fen(fen).unwrap(),
        SearchLimits::default(),
        Evaluation::preset(PresetName::Default),
    );
    req.human = Some(human);
    req
}

#[test]
fn the_best_three_pawn_battle_lines_with_scores_and_explanations() {
    // White's e-pawn races for e8; Black's a-pawn is slower.
    let fen = "r6r/p7/4P3/8/8/8/8/R6R w - - 0 1";
    let mut memory = SearchMemory::new(4);
    let stop = AtomicBool::new(false);
    let white = lines::lines_at(&pb_request(fen, Color::White), 4, &mut memory, &stop);
    assert_eq!(white.lines.len(), lines::LINES);
    assert_eq!(white.fen, PawnBattle::from_fen(fen).unwrap().fen());
    assert!(white.depth >= 1);
    for pair in white.lines.windows(2) {
        assert!(pair[0].score.as_cp() >= pair[1].score.as_cp(), "best first");
        assert_ne!(pair[0].mv, pair[1].mv);
    }
    for line in &white.lines {
        assert_eq!(line.pv.first(), Some(&line.mv));
        assert!(!line.explanation.text.is_empty(), "{line:?}");
        assert_eq!(
            line.explanation.san,
            PawnBattle::from_fen(fen).unwrap().san(line.mv).to_string()
        );
    }
    // The best move's explanation is Pawn Battle's own: its claims are pb_* facts.
    let best = &white.lines[0].explanation;
    assert!(
        best.claims.iter().any(|c| c.fact.kind().starts_with("pb_")),
        "{best:?}"
    );
    // The same lines for a human playing Black: the scores change sign.
    let black = lines::lines_at(&pb_request(fen, Color::Black), 4, &mut memory, &stop);
    assert_eq!(black.lines[0].mv, white.lines[0].mv);
    assert_eq!(black.lines[0].score, white.lines[0].score.flip());
}

#[test]
fn the_board_keeps_pawn_battle_lines_of_its_position_only() {
    let mut board = pb_board(None, &["e4"]);
    let Some(None) = board.take_restart() else {
        panic!("a new board asks for its engine");
    };
    board.lines_started(AnalysisId(7));
    let req = board.request(pb_request("r6r/p7/4P3/8/8/8/8/R6R w - - 0 1", Color::White));
    assert_eq!(req.before, *board.position());
    assert_eq!(req.ply, 1);
    assert_eq!(req.history.len(), 1, "the start position before it");
    let stop = AtomicBool::new(false);
    let found = lines::lines_at(&req, 2, &mut SearchMemory::new(1), &stop);
    board.lines(AnalysisId(8), Ok(found.clone()));
    assert!(board.engine.lines.is_none(), "another id is dropped");
    board.lines(AnalysisId(7), Ok(found));
    assert_eq!(board.engine.lines.as_ref().map(|l| l.lines.len()), Some(3));
    // A move restarts it: the old analysis is cancelled.
    prompt(&mut board, "e5");
    assert_eq!(board.take_restart(), Some(Some(AnalysisId(7))));
    assert!(board.engine.lines.is_none());
}

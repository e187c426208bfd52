//! The analysis board's keys, prompt, engine bookkeeping and saving, driven headless.

use std::sync::atomic::AtomicBool;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::*;
use crate::app::{AnalysisId, Event, MessageKind};
use crate::engine::{EvalParams, SearchLimits, SearchMemory};

/// Mouse hits for tests of keys only: nothing is clickable.
struct NoHits;

impl<P: Playable> Hits<P> for NoHits {
    fn square_at(&self, _: u16, _: u16, _: Color) -> Option<Square> {
        None
    }
    fn promotion_at(&self, _: u16, _: u16) -> Option<usize> {
        None
    }
    fn node_at(&self, _: &AnalysisBoard<P>, _: u16, _: u16) -> Option<NodeId> {
        None
    }
}

fn game_of(sans: &[&str]) -> Game {
    let mut game = Game::new();
    for san in sans {
        game.play_text(san).unwrap();
    }
    game
}

fn board_on(sans: &[&str], ply: usize) -> AnalysisBoard {
    AnalysisBoard::new(&AnalyseFrom {
        game: game_of(sans),
        ply,
        orientation: Color::White,
        human: Color::White,
    })
}

fn press<P: Playable>(board: &mut AnalysisBoard<P>, code: KeyCode) -> Vec<Effect> {
    board.update(
        &Event::Key(KeyEvent::new(code, KeyModifiers::NONE)),
        &NoHits,
    )
}

fn typing<P: Playable>(board: &mut AnalysisBoard<P>, text: &str) -> Vec<Effect> {
    text.chars()
        .flat_map(|c| press(board, KeyCode::Char(c)))
        .collect()
}

/// Moves the cursor to `sq` with the arrow keys and presses Enter.
fn enter_on<P: Playable>(board: &mut AnalysisBoard<P>, sq: Square) {
    while board.cursor.file() < sq.file() {
        press(board, KeyCode::Right);
    }
    while board.cursor.file() > sq.file() {
        press(board, KeyCode::Left);
    }
    while board.cursor.rank() < sq.rank() {
        press(board, KeyCode::Up);
    }
    while board.cursor.rank() > sq.rank() {
        press(board, KeyCode::Down);
    }
    press(board, KeyCode::Enter);
}

fn pgn_moves<P: Playable>(board: &AnalysisBoard<P>) -> String {
    board.pgn().split_once("\n\n").unwrap().1.trim().to_owned()
}

#[test]
fn both_sides_move_by_keys_and_by_the_prompt() {
    let mut board = board_on(&[], 0);
    // White: e2-e4 with the cursor and Enter.
    enter_on(&mut board, Square::E2);
    enter_on(&mut board, Square::E4);
    // Black: by the prompt.
    typing(&mut board, ":e5");
    press(&mut board, KeyCode::Enter);
    assert_eq!(pgn_moves(&board), "1. e4 e5 *");
    assert_eq!(board.tree.game().ply(), 2);
    // A prompt line that is no move says so and changes nothing.
    typing(&mut board, ":Ke9");
    press(&mut board, KeyCode::Enter);
    let message = board.message.clone().unwrap();
    assert_eq!(message.kind, MessageKind::Error);
    assert!(message.text.contains("Ke9"), "{}", message.text);
    assert_eq!(pgn_moves(&board), "1. e4 e5 *");
}

#[test]
fn navigation_keys_branch_promote_and_delete() {
    let mut board = board_on(&["e4", "e5", "Nf3"], 3);
    press(&mut board, KeyCode::Char(','));
    typing(&mut board, ":Bc4");
    press(&mut board, KeyCode::Enter);
    assert_eq!(board.message.as_ref().unwrap().text, text::new_variation());
    assert!(!board.tree.on_main_line());
    assert_eq!(pgn_moves(&board), "1. e4 e5 2. Nf3 (2. Bc4) *");
    // [ goes to the main move, ] back into the variation, o out of it.
    press(&mut board, KeyCode::Char('['));
    assert!(board.tree.on_main_line());
    press(&mut board, KeyCode::Char(']'));
    assert!(!board.tree.on_main_line());
    press(&mut board, KeyCode::Char('o'));
    assert!(board.tree.on_main_line());
    press(&mut board, KeyCode::Char(']'));
    press(&mut board, KeyCode::Char('p'));
    assert_eq!(pgn_moves(&board), "1. e4 e5 2. Bc4 (2. Nf3) *");
    press(&mut board, KeyCode::Char('x'));
    assert_eq!(pgn_moves(&board), "1. e4 e5 2. Nf3 *");
    // Home and End; a step past the start is refused with a message.
    press(&mut board, KeyCode::Home);
    assert_eq!(board.tree.game().ply(), 0);
    press(&mut board, KeyCode::Char(','));
    assert_eq!(board.message.as_ref().unwrap().text, text::at_start());
    press(&mut board, KeyCode::End);
    assert_eq!(board.tree.game().ply(), 3);
}

#[test]
fn q_and_esc_close_the_screen_after_a_selection_is_put_back() {
    let mut board = board_on(&[], 0);
    press(&mut board, KeyCode::Enter); // picks the e2 pawn
    assert_eq!(board.input.selected, Some(Square::E2));
    assert!(press(&mut board, KeyCode::Esc).is_empty());
    assert_eq!(board.input.selected, None);
    assert_eq!(press(&mut board, KeyCode::Esc), vec![Effect::CloseScreen]);
    assert_eq!(
        press(&mut board, KeyCode::Char('q')),
        vec![Effect::CloseScreen]
    );
}

/// The lines of the board's position at depth 2, as its engine would report them.
fn lines_of(board: &AnalysisBoard) -> Lines {
    let base = crate::analysis::Request::new(
        board.position().clone(),
        SearchLimits::default(),
        EvalParams::default(),
    );
    let req = board.request(base);
    lines::lines_at(&req, 2, &mut SearchMemory::new(1), &AtomicBool::new(false))
}

#[test]
fn the_engine_restarts_on_every_move_and_keeps_only_its_own_reports() {
    let mut board = board_on(&["e4"], 1);
    // A new board wants its engine started.
    assert_eq!(board.take_restart(), Some(None));
    assert_eq!(board.take_restart(), None, "asked once");
    board.lines_started(AnalysisId(7));
    let report = lines_of(&board);
    // Another id's report is not this board's.
    board.lines(AnalysisId(8), Ok(report.clone()));
    assert!(board.engine.lines.is_none());
    board.lines(AnalysisId(7), Ok(report.clone()));
    assert_eq!(board.engine.lines.as_ref().map(|l| l.lines.len()), Some(3));
    // A move: the old analysis is to be cancelled and its lines forgotten.
    typing(&mut board, ":e5");
    press(&mut board, KeyCode::Enter);
    assert_eq!(board.take_restart(), Some(Some(AnalysisId(7))));
    assert!(board.engine.lines.is_none());
    // A late report of the old position is dropped even with the new id.
    board.lines_started(AnalysisId(9));
    board.lines(AnalysisId(9), Ok(report));
    assert!(board.engine.lines.is_none());
    // g stops the engine (cancelling its analysis) and starts it again.
    assert_eq!(
        press(&mut board, KeyCode::Char('g')),
        vec![Effect::CancelAnalysis(AnalysisId(9))]
    );
    assert!(!board.engine.on);
    assert!(press(&mut board, KeyCode::Char('g')).is_empty());
    assert_eq!(board.take_restart(), Some(None));
    // A failure is kept for the panel.
    board.lines_started(AnalysisId(10));
    board.lines(AnalysisId(10), Err("boom".to_owned()));
    assert_eq!(board.engine.failed.as_deref(), Some("boom"));
    assert_eq!(board.engine.running, None);
}

#[test]
fn the_request_carries_the_history_the_last_move_and_the_human_side() {
    let mut board = board_on(&["e4", "e5"], 2);
    board.human = Color::Black;
    let base = crate::analysis::Request::new(
        Chess::default(),
        SearchLimits::depth(3),
        EvalParams::default(),
    );
    let req = board.request(base);
    assert_eq!(req.before, *board.position());
    assert_eq!(req.history.len(), 2, "the two positions before");
    assert_eq!(req.previous, board.tree.game().moves().last().map(|m| m.mv));
    assert_eq!(req.human, Some(Color::Black));
    assert_eq!(req.limits, SearchLimits::depth(3));
}

#[test]
fn saving_asks_a_name_and_never_replaces_a_file_without_asking() {
    let mut board = board_on(&["e4"], 1);
    press(&mut board, KeyCode::Char('w'));
    assert_eq!(board.mode, BoardMode::SaveAs(text::default_file()));
    for _ in 0..text::default_file().len() {
        press(&mut board, KeyCode::Backspace);
    }
    typing(&mut board, "mine.pgn");
    let fx = press(&mut board, KeyCode::Enter);
    let pgn = board.pgn();
    assert_eq!(
        fx,
        vec![Effect::WritePgn {
            path: "mine.pgn".into(),
            text: pgn.clone(),
            replace: false
        }]
    );
    // The file exists: the board asks; n keeps it, y replaces it.
    board.written(Written::Exists("mine.pgn".into()));
    assert_eq!(board.mode, BoardMode::Replace("mine.pgn".into()));
    assert!(press(&mut board, KeyCode::Char('n')).is_empty());
    assert_eq!(board.mode, BoardMode::Board);
    board.written(Written::Exists("mine.pgn".into()));
    assert_eq!(
        press(&mut board, KeyCode::Char('y')),
        vec![Effect::WritePgn {
            path: "mine.pgn".into(),
            text: pgn,
            replace: true
        }]
    );
    board.written(Written::Done("mine.pgn".into()));
    assert!(board.message.as_ref().unwrap().text.contains("mine.pgn"));
    // :save FILE saves at once; a failure says what to do.
    let fx = typing(&mut board, ":save other.pgn");
    assert!(fx.is_empty());
    let fx = press(&mut board, KeyCode::Enter);
    assert!(
        matches!(&fx[..], [Effect::WritePgn { path, replace: false, .. }] if path.to_str() == Some("other.pgn"))
    );
    board.written(Written::Failed(
        "cannot write other.pgn: permission denied".to_owned(),
    ));
    let message = board.message.clone().unwrap();
    assert_eq!(message.kind, MessageKind::Error);
    assert!(message.text.contains("permission denied") && message.text.contains("(w)"));
}

#[test]
fn the_help_opens_and_any_key_closes_it() {
    let mut board = board_on(&[], 0);
    press(&mut board, KeyCode::Char('?'));
    assert_eq!(board.mode, BoardMode::Help);
    assert_eq!(board.key_hints(), text::keys_help());
    press(&mut board, KeyCode::Char('x'));
    assert_eq!(board.mode, BoardMode::Board);
    assert_eq!(
        pgn_moves(&board),
        "*",
        "the key closed the help and did nothing else"
    );
}

#[test]
fn the_key_hints_fit_80_columns() {
    let board = board_on(&[], 0);
    assert!(
        board.key_hints().chars().count() <= 80,
        "{}",
        board.key_hints()
    );
    for lang in crate::i18n::LANGS {
        let all = crate::i18n::with(lang, || {
            [
                text::keys_prompt(crate::variant::Variant::ALL[0]),
                text::keys_prompt(crate::variant::Variant::ALL[1]),
                text::keys_save(),
                text::keys_help(),
                text::keys_replace("y", "n esc"),
            ]
        });
        for hints in all {
            assert!(hints.chars().count() <= 80, "{lang}: {hints}");
        }
    }
}

#[path = "../variant/pawn_battle/analysis_board_tests.rs"]
mod pawn_battle;

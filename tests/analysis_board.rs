//! The analysis board as a screen of the shell over play mode, driven by the events the
//! terminal sends: snapshots at 80×24 and 120×40 with variations and the engine's lines, moves
//! by the mouse, and the saved PGN read back by python-chess as the same tree.

use std::sync::atomic::AtomicBool;

use insta::assert_snapshot;
use kibitzer::analysis_board::lines::lines_at;
use kibitzer::analysis_board::{AnalysisBoard, NodeId, Tree};
use kibitzer::app::{AnalysisJob, App, Effect, Event};
use kibitzer::config::Config;
use kibitzer::engine::SearchMemory;
use kibitzer::shell::{Kind, Shell};
use kibitzer::ui::analysis_board::BoardLayout;
use kibitzer::ui::{ColorMode, Theme};
use kibitzer::variant::Variant;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use shakmaty::{Color, Square};

#[path = "support/shell_keys.rs"]
mod shell_keys;
use shell_keys::{press, typing};

#[path = "support/python.rs"]
mod python;

/// Plays `san` on the board by the prompt; returns the effects of Enter.
fn prompt_move(shell: &mut Shell, san: &str) -> Vec<Effect> {
    typing(shell, &format!(":{san}"));
    press(shell, KeyCode::Enter)
}

fn board(shell: &Shell) -> &AnalysisBoard {
    shell
        .analysis_board()
        .expect("the analysis board is on top")
}

/// Play after 1. e4 (the human White; the engine's reply never comes in a headless test), the
/// analysis board opened on it, at `size`.
fn analysing((w, h): (u16, u16)) -> Shell {
    let (app, _) = App::new(Config::default(), None, 1);
    let mut shell = Shell::play(app);
    shell.update(Event::Resize(w, h));
    typing(&mut shell, ":e4");
    press(&mut shell, KeyCode::Enter);
    press(&mut shell, KeyCode::Char('a'));
    assert!(matches!(
        shell.kinds()[..],
        [
            Kind::Play(Variant::Chess),
            Kind::AnalysisBoard(Variant::Chess)
        ]
    ));
    assert_eq!(board(&shell).tree.game().ply(), 1);
    shell
}

/// A board with a main line and a variation: 1. e4 (1. d4 d5) 1... e5 2. Nf3 Nc6, the cursor
/// on 1... d5, and the engine's lines of that position at depth 3.
fn with_variation(size: (u16, u16)) -> Shell {
    let mut shell = analysing(size);
    for san in ["e5", "Nf3", "Nc6"] {
        prompt_move(&mut shell, san);
    }
    press(&mut shell, KeyCode::Home);
    prompt_move(&mut shell, "d4");
    let fx = prompt_move(&mut shell, "d5");
    let job = fx
        .iter()
        .find_map(|e| match e {
            Effect::AnalyseLines(AnalysisJob::Chess(job)) => Some(job.clone()),
            _ => None,
        })
        .expect("the engine restarts");
    let lines = lines_at(
        &job.request,
        3,
        &mut SearchMemory::new(1),
        &AtomicBool::new(false),
    );
    shell.update(Event::Lines(job.id, Ok(Box::new(lines))));
    shell
}

fn screen(shell: &Shell, (w, h): (u16, u16)) -> Terminal<TestBackend> {
    let theme = Theme::named("classic", ColorMode::TrueColor);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| shell.render(f, &theme)).unwrap();
    terminal
}

#[test]
fn snapshots_with_a_variation_and_the_engine_lines() {
    for size in [(80, 24), (120, 40)] {
        let shell = with_variation(size);
        let terminal = screen(&shell, size);
        let text = format!("{:?}", terminal.backend());
        for needed in ["(1. d4 d5)", "depth", "scores for White", "Nc6", "1 "] {
            assert!(
                text.contains(needed),
                "{needed} missing at {size:?}:\n{text}"
            );
        }
        assert_snapshot!(
            format!("analysis_board_{}x{}", size.0, size.1),
            terminal.backend()
        );
    }
}

#[test]
fn the_help_overlay_at_80x24() {
    let mut shell = analysing((80, 24));
    press(&mut shell, KeyCode::Char('?'));
    assert_snapshot!(
        "analysis_board_help_80x24",
        screen(&shell, (80, 24)).backend()
    );
}

fn click(shell: &mut Shell, kind: MouseEventKind, column: u16, row: u16) {
    shell.update(Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }));
}

fn center(rect: Rect) -> (u16, u16) {
    (rect.x + rect.width / 2, rect.y + rect.height / 2)
}

#[test]
fn the_mouse_moves_pieces_and_jumps_to_a_move_of_the_list() {
    let size = (100, 30);
    let mut shell = analysing(size);
    let layout = BoardLayout::new(Rect::new(0, 0, size.0, size.1));
    // Black to move: 1... e5, back, then drag the c7 pawn to c5 (a variation of 1... e5).
    prompt_move(&mut shell, "e5");
    press(&mut shell, KeyCode::Char(','));
    let (x, y) = center(layout.base.square_rect(Square::C7, Color::White));
    click(&mut shell, MouseEventKind::Down(MouseButton::Left), x, y);
    let (x, y) = center(layout.base.square_rect(Square::C5, Color::White));
    click(&mut shell, MouseEventKind::Up(MouseButton::Left), x, y);
    let pgn = board(&shell).pgn();
    assert!(pgn.contains("1. e4 e5 (1... c5) *"), "{pgn}");
    // A click on "e4" in the move list goes there.
    let inner = Rect::new(
        layout.base.moves.x + 1,
        layout.base.moves.y + 1,
        layout.base.moves.width - 2,
        1,
    );
    click(
        &mut shell,
        MouseEventKind::Down(MouseButton::Left),
        inner.x + 3,
        inner.y,
    );
    assert_eq!(board(&shell).tree.game().ply(), 1, "1. e4 is clicked");
}

/// The tree in the script's notation: `uci(...)` per continuation, the main one first.
fn canonical(tree: &Tree, of: Option<NodeId>) -> String {
    tree.continuations(of)
        .iter()
        .map(|&id| format!("{}({})", tree.played(id).uci(), canonical(tree, Some(id))))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn python_chess_reads_the_saved_tree_back() {
    let mut shell = with_variation((80, 24));
    // A variation inside the variation, and a promoted one: 2. c4 instead of 2. Nf3 after d5.
    prompt_move(&mut shell, "c4");
    press(&mut shell, KeyCode::Char(','));
    prompt_move(&mut shell, "Nf3");
    press(&mut shell, KeyCode::Char('p'));
    let tree = &board(&shell).tree;
    let expected = canonical(tree, None);
    assert!(expected.matches('(').count() >= 8, "{expected}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("analysis.pgn");
    let text = board(&shell).pgn();
    std::fs::write(&path, &text).unwrap();
    assert_eq!(python::variations_of(&path), expected, "{text}");
}

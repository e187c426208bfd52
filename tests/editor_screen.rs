//! The board editor inside play mode, driven by the events the terminal sends: snapshots at
//! 80×24 and 120×40, the mouse palette, "play from here" and "analyse from here" through the
//! App's effects.

use std::sync::atomic::AtomicBool;

use insta::assert_snapshot;
use kibitzer::analysis;
use kibitzer::app::{App, Effect, Event};
use kibitzer::config::Config;
use kibitzer::editor::{AnalysisView, Brush, EditorMode};
use kibitzer::engine::{SearchLimits, SearchMemory};
use kibitzer::ui::editor::EditorLayout;
use kibitzer::ui::{self, ColorMode, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use shakmaty::{Color, Position, Square};

fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// Types each character as a key press.
fn typing(app: &mut App, text: &str) -> Vec<Effect> {
    text.chars()
        .flat_map(|c| press(app, KeyCode::Char(c)))
        .collect()
}

/// A fresh game (the human plays White) with the editor open.
fn editing() -> App {
    let mut app = App::new(Config::default(), None, 1).0;
    press(&mut app, KeyCode::Char('e'));
    assert!(app.editor.is_some(), "e opens the editor");
    app
}

/// Clears the board and puts White's king on e1 and rook on h1, Black's king on e8 and a pawn
/// on d5, by keys only.
fn set_up_by_keys(app: &mut App) {
    typing(app, "z");
    // The cursor starts on e1.
    typing(app, "K");
    for _ in 0..3 {
        press(app, KeyCode::Right);
    }
    typing(app, "R");
    for _ in 0..7 {
        press(app, KeyCode::Up);
    }
    for _ in 0..3 {
        press(app, KeyCode::Left);
    }
    typing(app, "k");
    for _ in 0..3 {
        press(app, KeyCode::Down);
    }
    press(app, KeyCode::Left);
    typing(app, "p1");
}

fn screen(app: &mut App, (w, h): (u16, u16)) -> Terminal<TestBackend> {
    app.update(Event::Resize(w, h));
    let theme = Theme::named(&app.config.ui.theme, ColorMode::TrueColor);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ui::render(f, app, &theme)).unwrap();
    terminal
}

fn screens(name: &str, mut build: impl FnMut() -> App) {
    for size in [(80, 24), (120, 40)] {
        let mut app = build();
        let terminal = screen(&mut app, size);
        assert_snapshot!(format!("{name}_{}x{}", size.0, size.1), terminal.backend());
    }
}

#[test]
fn a_position_set_up_by_keys() {
    screens("editor_set_up", || {
        let mut app = editing();
        set_up_by_keys(&mut app);
        let editor = app.editor.as_ref().unwrap();
        assert_eq!(editor.fen(), "4k3/8/8/3p4/8/8/8/4K2R w K - 0 1");
        app
    });
}

#[test]
fn an_illegal_set_up_shows_its_reasons() {
    screens("editor_illegal", || {
        let mut app = editing();
        typing(&mut app, "z");
        press(&mut app, KeyCode::Up);
        typing(&mut app, "K"); // e2; the start square e1 stays empty
        press(&mut app, KeyCode::Down);
        press(&mut app, KeyCode::Left);
        typing(&mut app, "P"); // d1: a pawn on the first rank, and no Black king
        press(&mut app, KeyCode::Enter); // refused, with the reasons
        assert_eq!(app.editor.as_ref().unwrap().mode, EditorMode::Board);
        app
    });
}

#[test]
fn play_from_here_dialog() {
    screens("editor_play", || {
        let mut app = editing();
        press(&mut app, KeyCode::Enter);
        typing(&mut app, "b3");
        app
    });
}

#[test]
fn the_help_and_the_fen_prompt() {
    let mut app = editing();
    typing(&mut app, "?");
    let terminal = screen(&mut app, (120, 40));
    assert_snapshot!("editor_help_120x40", terminal.backend());
    press(&mut app, KeyCode::Esc);
    typing(&mut app, ":8/8/8/4k3/8/8/8/4K3 b");
    let terminal = screen(&mut app, (80, 24));
    assert_snapshot!("editor_fen_prompt_80x24", terminal.backend());
}

#[test]
fn play_from_here_starts_the_game_and_the_engine_moves() {
    let mut app = editing();
    set_up_by_keys(&mut app);
    press(&mut app, KeyCode::Enter);
    typing(&mut app, "b3");
    let fx = press(&mut app, KeyCode::Enter);
    assert!(app.editor.is_none(), "the editor closes");
    assert_eq!(app.game.fen(), "4k3/8/8/3p4/8/8/8/4K2R w K - 0 1");
    assert_eq!((app.human, app.config.engine.level), (Color::Black, 3));
    assert!(fx.contains(&Effect::NewEngineGame));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::StartSearch(r) if r.position == *app.game.position())),
        "the engine is asked to move: {fx:?}"
    );
}

#[test]
fn escape_leaves_the_game_unchanged_and_edit_reopens_it() {
    let mut app = App::new(Config::default(), None, 1).0;
    typing(&mut app, ":edit");
    press(&mut app, KeyCode::Enter);
    typing(&mut app, "z");
    press(&mut app, KeyCode::Esc);
    assert!(app.editor.is_none());
    assert_eq!(
        app.game.fen(),
        shakmaty::fen::Fen::from_position(
            &shakmaty::Chess::default(),
            shakmaty::EnPassantMode::Legal
        )
        .to_string()
    );
    // From the new-game dialog.
    typing(&mut app, "ne");
    assert!(app.editor.is_some());
}

#[test]
fn analyse_from_here_runs_through_the_app_and_shows_the_best_move() {
    let mut app = editing();
    set_up_by_keys(&mut app);
    let fx = typing(&mut app, "a");
    let job = fx
        .iter()
        .find_map(|e| match e {
            Effect::Analyse(job) => Some(job.clone()),
            _ => None,
        })
        .expect("an analysis is asked for");
    assert_eq!(job.request.before.turn(), Color::White);
    let mut req = job.request.clone();
    req.limits = SearchLimits::depth(3);
    let a = analysis::analyse(&req, &mut SearchMemory::new(1), &AtomicBool::new(false));
    app.update(Event::Analysed(job.id, Box::new(a)));
    let editor = app.editor.as_ref().unwrap();
    assert!(
        matches!(
            &editor.analysis,
            Some(AnalysisView::Done { best: Some(_), .. })
        ),
        "{:?}",
        editor.analysis
    );
    let terminal = screen(&mut app, (120, 40));
    assert_snapshot!("editor_analysed_120x40", terminal.backend());
    // Closing the editor cancels a running analysis.
    typing(&mut app, "a");
    let fx = press(&mut app, KeyCode::Esc);
    assert!(fx.iter().any(|e| matches!(e, Effect::CancelAnalysis(_))));
}

#[test]
fn the_mouse_picks_from_the_palette_and_paints_squares() {
    let mut app = editing();
    app.update(Event::Resize(80, 24));
    let click = |app: &mut App, kind: MouseEventKind, (column, row): (u16, u16)| {
        app.update(Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
    };
    let layout = EditorLayout::new(Rect::new(0, 0, 80, 24), app.editor.as_ref().unwrap());
    let cell = |brush: Option<Brush>| {
        let r = layout.palette.iter().find(|(b, _)| *b == brush).unwrap().1;
        (r.x + 1, r.y)
    };
    let square = |sq: Square| {
        let r = layout.base.square_rect(sq, Color::White);
        (r.x, r.y)
    };
    let black_queen = shakmaty::Piece {
        color: Color::Black,
        role: shakmaty::Role::Queen,
    };
    let down = MouseEventKind::Down(MouseButton::Left);
    let up = MouseEventKind::Up(MouseButton::Left);
    click(&mut app, down, cell(Some(Brush::Piece(black_queen))));
    click(&mut app, down, square(Square::D4));
    let board = |app: &App| app.editor.as_ref().unwrap().setup().board.clone();
    assert_eq!(board(&app).piece_at(Square::D4), Some(black_queen));
    click(&mut app, down, cell(Some(Brush::Erase)));
    click(&mut app, down, square(Square::A2));
    assert_eq!(board(&app).piece_at(Square::A2), None);
    // "move": drag a piece.
    click(&mut app, down, cell(None));
    click(&mut app, down, square(Square::G1));
    click(&mut app, up, square(Square::F3));
    assert_eq!(board(&app).piece_at(Square::G1), None);
    assert!(board(&app).piece_at(Square::F3).is_some());
    click(
        &mut app,
        MouseEventKind::Down(MouseButton::Right),
        square(Square::F3),
    );
    assert_eq!(board(&app).piece_at(Square::F3), None);
}

/// The palette's pieces stand on a square colour, so a black piece stays readable on a dark
/// terminal background; the chosen brush is highlighted.
#[test]
fn palette_pieces_are_drawn_on_a_square_colour() {
    let mut app = editing();
    let terminal = screen(&mut app, (80, 24));
    let theme = Theme::named(&app.config.ui.theme, ColorMode::TrueColor);
    let layout = EditorLayout::new(Rect::new(0, 0, 80, 24), app.editor.as_ref().unwrap());
    let black_king = Some(Brush::Piece(shakmaty::Piece {
        color: Color::Black,
        role: shakmaty::Role::King,
    }));
    let cell = layout
        .palette
        .iter()
        .find(|(b, _)| *b == black_king)
        .unwrap()
        .1;
    let drawn = &terminal.backend().buffer()[(cell.x + 1, cell.y)];
    assert_eq!(drawn.bg, theme.color("light"));
    assert_eq!(drawn.fg, theme.color("black_piece"));
    app.update(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: cell.x + 1,
        row: cell.y,
        modifiers: KeyModifiers::NONE,
    }));
    let terminal = screen(&mut app, (80, 24));
    let drawn = &terminal.backend().buffer()[(cell.x + 1, cell.y)];
    assert_eq!(drawn.bg, theme.selected().bg.unwrap());
}

//! The board editor as a screen of the shell over play mode, driven by the events the terminal
//! sends: snapshots at 80×24 and 120×40, the mouse palette, "play from here" and "analyse from
//! here" through the shell's effects.

use std::sync::atomic::AtomicBool;

use insta::assert_snapshot;
use kibitzer::analysis;
use kibitzer::app::{App, Effect, Event};
use kibitzer::config::Config;
use kibitzer::editor::{AnalysisView, Brush, Editor, EditorMode};
use kibitzer::engine::{SearchLimits, SearchMemory};
use kibitzer::shell::{Kind, Shell};
use kibitzer::ui::editor::EditorLayout;
use kibitzer::ui::{ColorMode, Theme};
use kibitzer::variant::Variant;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use shakmaty::{Color, Position, Square};

#[path = "support/shell_keys.rs"]
mod shell_keys;
use shell_keys::{press, typing};

/// The shell of a fresh game (the human plays White).
fn playing() -> Shell {
    Shell::play(App::new(Config::default(), None, 1).0)
}

/// A fresh game (the human plays White) with the editor's screen open over it.
fn editing() -> Shell {
    let mut shell = playing();
    press(&mut shell, KeyCode::Char('e'));
    assert!(
        matches!(
            shell.kinds()[..],
            [Kind::Play(Variant::Chess), Kind::Editor]
        ),
        "e opens the editor's screen over play"
    );
    shell
}

fn editor(shell: &Shell) -> &Editor {
    shell.editor().expect("the editor is open")
}

fn app(shell: &Shell) -> &App {
    shell.app().expect("play runs")
}

/// Clears the board and puts White's king on e1 and rook on h1, Black's king on e8 and a pawn
/// on d5, by keys only.
fn set_up_by_keys(shell: &mut Shell) {
    typing(shell, "z");
    // The cursor starts on e1.
    typing(shell, "K");
    for _ in 0..3 {
        press(shell, KeyCode::Right);
    }
    typing(shell, "R");
    for _ in 0..7 {
        press(shell, KeyCode::Up);
    }
    for _ in 0..3 {
        press(shell, KeyCode::Left);
    }
    typing(shell, "k");
    for _ in 0..3 {
        press(shell, KeyCode::Down);
    }
    press(shell, KeyCode::Left);
    typing(shell, "p1");
}

fn screen(shell: &mut Shell, (w, h): (u16, u16)) -> Terminal<TestBackend> {
    shell.update(Event::Resize(w, h));
    let theme = Theme::named(&app(shell).config.ui.theme, ColorMode::TrueColor);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| shell.render(f, &theme)).unwrap();
    terminal
}

fn screens(name: &str, mut build: impl FnMut() -> Shell) {
    for size in [(80, 24), (120, 40)] {
        let mut shell = build();
        let terminal = screen(&mut shell, size);
        assert_snapshot!(format!("{name}_{}x{}", size.0, size.1), terminal.backend());
    }
}

#[test]
fn a_position_set_up_by_keys() {
    screens("editor_set_up", || {
        let mut shell = editing();
        set_up_by_keys(&mut shell);
        assert_eq!(editor(&shell).fen(), "4k3/8/8/3p4/8/8/8/4K2R w K - 0 1");
        shell
    });
}

#[test]
fn an_illegal_set_up_shows_its_reasons() {
    screens("editor_illegal", || {
        let mut shell = editing();
        typing(&mut shell, "z");
        press(&mut shell, KeyCode::Up);
        typing(&mut shell, "K"); // e2; the start square e1 stays empty
        press(&mut shell, KeyCode::Down);
        press(&mut shell, KeyCode::Left);
        typing(&mut shell, "P"); // d1: a pawn on the first rank, and no Black king
        press(&mut shell, KeyCode::Enter); // refused, with the reasons
        assert_eq!(editor(&shell).mode, EditorMode::Board);
        shell
    });
}

#[test]
fn play_from_here_dialog() {
    screens("editor_play", || {
        let mut shell = editing();
        press(&mut shell, KeyCode::Enter);
        typing(&mut shell, "b3");
        shell
    });
}

#[test]
fn the_help_and_the_fen_prompt() {
    let mut shell = editing();
    typing(&mut shell, "?");
    let terminal = screen(&mut shell, (120, 40));
    assert_snapshot!("editor_help_120x40", terminal.backend());
    press(&mut shell, KeyCode::Esc);
    typing(&mut shell, ":8/8/8/4k3/8/8/8/4K3 b");
    let terminal = screen(&mut shell, (80, 24));
    assert_snapshot!("editor_fen_prompt_80x24", terminal.backend());
}

#[test]
fn play_from_here_starts_the_game_and_the_engine_moves() {
    let mut shell = editing();
    set_up_by_keys(&mut shell);
    press(&mut shell, KeyCode::Enter);
    typing(&mut shell, "b3");
    let fx = press(&mut shell, KeyCode::Enter);
    assert!(
        matches!(shell.kinds()[..], [Kind::Play(Variant::Chess)]),
        "the editor's screen closes"
    );
    let game = &app(&shell).game;
    assert_eq!(game.fen(), "4k3/8/8/3p4/8/8/8/4K2R w K - 0 1");
    assert_eq!(
        (app(&shell).human, app(&shell).config.engine.level),
        (Color::Black, 3)
    );
    assert!(fx.contains(&Effect::NewEngineGame));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::StartSearch(r) if r.position == kibitzer::app::SearchPosition::Chess(game.position().clone()))),
        "the engine is asked to move: {fx:?}"
    );
}

#[test]
fn escape_leaves_the_game_unchanged_and_edit_reopens_it() {
    let mut shell = playing();
    typing(&mut shell, ":edit");
    press(&mut shell, KeyCode::Enter);
    assert!(shell.editor().is_some(), ":edit opens the editor");
    typing(&mut shell, "z");
    press(&mut shell, KeyCode::Esc);
    assert!(shell.editor().is_none());
    assert!(matches!(shell.kinds()[..], [Kind::Play(Variant::Chess)]));
    assert_eq!(
        app(&shell).game.fen(),
        shakmaty::fen::Fen::from_position(
            &shakmaty::Chess::default(),
            shakmaty::EnPassantMode::Legal
        )
        .to_string()
    );
    // From the new-game dialog.
    typing(&mut shell, "ne");
    assert!(shell.editor().is_some());
}

#[test]
fn analyse_from_here_runs_through_the_shell_and_shows_the_best_move() {
    let mut shell = editing();
    set_up_by_keys(&mut shell);
    let fx = typing(&mut shell, "a");
    let job = fx
        .iter()
        .find_map(|e| match e {
            Effect::Analyse(kibitzer::app::AnalysisJob::Chess(job)) => Some(job.clone()),
            _ => None,
        })
        .expect("an analysis is asked for");
    assert_eq!(job.request.before.turn(), Color::White);
    let mut req = job.request.clone();
    req.limits = SearchLimits::depth(3);
    let a = analysis::analyse(&req, &mut SearchMemory::new(1), &AtomicBool::new(false));
    shell.update(Event::Analysed(job.id, Box::new(a)));
    let analysed = &editor(&shell).analysis;
    assert!(
        matches!(analysed, Some(AnalysisView::Done { best: Some(_), .. })),
        "{analysed:?}"
    );
    let terminal = screen(&mut shell, (120, 40));
    assert_snapshot!("editor_analysed_120x40", terminal.backend());
    // Closing the editor cancels a running analysis.
    typing(&mut shell, "a");
    let fx = press(&mut shell, KeyCode::Esc);
    assert!(fx.iter().any(|e| matches!(e, Effect::CancelAnalysis(_))));
}

#[test]
fn the_mouse_picks_from_the_palette_and_paints_squares() {
    let mut shell = editing();
    shell.update(Event::Resize(80, 24));
    let click = |shell: &mut Shell, kind: MouseEventKind, (column, row): (u16, u16)| {
        shell.update(Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
    };
    let layout = EditorLayout::new(Rect::new(0, 0, 80, 24), editor(&shell));
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
    click(&mut shell, down, cell(Some(Brush::Piece(black_queen))));
    click(&mut shell, down, square(Square::D4));
    let board = |shell: &Shell| editor(shell).setup().board.clone();
    assert_eq!(board(&shell).piece_at(Square::D4), Some(black_queen));
    click(&mut shell, down, cell(Some(Brush::Erase)));
    click(&mut shell, down, square(Square::A2));
    assert_eq!(board(&shell).piece_at(Square::A2), None);
    // "move": drag a piece.
    click(&mut shell, down, cell(None));
    click(&mut shell, down, square(Square::G1));
    click(&mut shell, up, square(Square::F3));
    assert_eq!(board(&shell).piece_at(Square::G1), None);
    assert!(board(&shell).piece_at(Square::F3).is_some());
    click(
        &mut shell,
        MouseEventKind::Down(MouseButton::Right),
        square(Square::F3),
    );
    assert_eq!(board(&shell).piece_at(Square::F3), None);
}

/// The palette's pieces stand on a square colour, so a black piece stays readable on a dark
/// terminal background; the chosen brush is highlighted.
#[test]
fn palette_pieces_are_drawn_on_a_square_colour() {
    let mut shell = editing();
    let terminal = screen(&mut shell, (80, 24));
    let theme = Theme::named(&app(&shell).config.ui.theme, ColorMode::TrueColor);
    let layout = EditorLayout::new(Rect::new(0, 0, 80, 24), editor(&shell));
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
    shell.update(Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: cell.x + 1,
        row: cell.y,
        modifiers: KeyModifiers::NONE,
    }));
    let terminal = screen(&mut shell, (80, 24));
    let drawn = &terminal.backend().buffer()[(cell.x + 1, cell.y)];
    assert_eq!(drawn.bg, theme.selected().bg.unwrap());
}

/// Pawn Battle set-ups: `g` switches the game (the panel names it), a king is refused with the
/// reason, the illegal set-up (a pawn on the last rank, Black without pawns) lists every rule it
/// breaks, and "play from here" of a legal one switches play mode to Pawn Battle.
#[test]
fn a_pawn_battle_set_up() {
    screens("editor_pawn_battle", || {
        let mut shell = editing();
        typing(&mut shell, "g");
        assert_eq!(
            editor(&shell).fen(),
            "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1"
        );
        typing(&mut shell, "K"); // refused: no kings
        assert_eq!(editor(&shell).setup().board.kings().count(), 0);
        typing(&mut shell, ":8/8/8/8/8/8/1P6/3P4 w - - 0 1");
        press(&mut shell, KeyCode::Enter);
        press(&mut shell, KeyCode::Enter); // play refused, with the reasons
        assert_eq!(editor(&shell).mode, EditorMode::Board);
        shell
    });
    let mut shell = editing();
    typing(&mut shell, "g");
    press(&mut shell, KeyCode::Enter);
    let effects = press(&mut shell, KeyCode::Enter);
    assert!(shell.editor().is_none(), "the editor closed");
    let ([Kind::Play(Variant::PawnBattle)], Some(app)) = (
        &shell.kinds()[..],
        shell.play_of::<kibitzer::variant::pawn_battle::PawnBattle>(),
    ) else {
        panic!("play mode plays Pawn Battle: {effects:?}");
    };
    assert_eq!(
        app.game.fen(),
        "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1"
    );
    assert!(effects.contains(&Effect::NewEngineGame), "{effects:?}");
}

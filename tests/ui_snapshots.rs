//! Whole-screen snapshots (insta) at 80×24 and 120×40, and widget tests on `TestBackend` with
//! style assertions. The App is driven by the same events the terminal and the engine send.

use insta::assert_snapshot;
use std::sync::atomic::AtomicBool;

use kibitzer::analysis;
use kibitzer::app::{App, Effect, Event, Score, Snapshot, Thinking};
use kibitzer::config::{Config, PieceStyle};
use kibitzer::engine::{EvalParams, SearchLimits, SearchMemory};
use kibitzer::game::Game;
use kibitzer::ui::{self, ColorMode, Layout, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::Color as TermColor;
use shakmaty::{Color, Move, Square};

#[path = "support/analyses.rs"]
mod analyses;
use analyses::run_analyses;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn key(app: &mut App, code: KeyCode) -> Vec<Effect> {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// Types `:text` Enter; the background analysis of a move played this way is left running.
fn prompt_pending(app: &mut App, text: &str) -> Vec<Effect> {
    let mut fx = key(app, KeyCode::Char(':'));
    for c in text.chars() {
        fx.extend(key(app, KeyCode::Char(c)));
    }
    fx.extend(key(app, KeyCode::Enter));
    fx
}

/// Types `:text` Enter and runs the background analyses it starts, at a fixed depth
/// (deterministic), feeding their results back as the runner does.
fn prompt(app: &mut App, text: &str) {
    let fx = prompt_pending(app, text);
    run_analyses(app, fx);
}

fn app_from(game: Game, human: Color) -> App {
    App::new(
        Config::default(),
        Some(Snapshot {
            game,
            human,
            level: 5,
            clock: None,
        }),
        1,
    )
    .0
}

fn thinking(app: &App, line: &str, cp: i32) -> Thinking {
    let mut pos = app.game.position().clone();
    let pv: Vec<Move> = line
        .split_whitespace()
        .map(|san| {
            let mv = san
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            shakmaty::Position::play_unchecked(&mut pos, mv);
            mv
        })
        .collect();
    Thinking {
        depth: 9,
        seldepth: 14,
        score: Score::Cp(cp),
        nodes: 1_234_567,
        nps: 850_000,
        pv,
        result: None,
    }
}

/// A real depth-3 search of the live position (deterministic).
fn search_live(app: &App) -> kibitzer::engine::SearchResult {
    let keys = app.game.history_keys();
    analysis::search_position(
        app.game.position(),
        &keys[..keys.len() - 1],
        &SearchLimits::depth(3),
        &EvalParams::default(),
        &mut SearchMemory::new(1),
        &AtomicBool::new(false),
    )
}

/// The engine answers with `san`, with a real depth-3 search of the position behind it; the
/// full-strength background analysis that explains a weakened level's move runs too.
fn engine_plays(app: &mut App, san: &str) {
    let id = app.search.as_ref().unwrap().id;
    let mut t = thinking(app, san, -25);
    let mv = t.pv[0];
    t.result = Some(Box::new(search_live(app)));
    let fx = app.update(Event::EngineDone(id, Some(mv), t));
    run_analyses(app, fx);
}

fn draw(app: &mut App, (w, h): (u16, u16), mode: ColorMode) -> Terminal<TestBackend> {
    app.update(Event::Resize(w, h));
    let theme = Theme::named(&app.config.ui.theme, mode);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ui::render(f, app, &theme)).unwrap();
    terminal
}

fn screens(name: &str, mut build: impl FnMut() -> App) {
    for size in SIZES {
        let mut app = build();
        let terminal = draw(&mut app, size, ColorMode::TrueColor);
        assert_snapshot!(format!("{name}_{}x{}", size.0, size.1), terminal.backend());
    }
}

fn mid_game() -> App {
    let mut app = App::new(Config::default(), None, 1).0;
    prompt(&mut app, "e4");
    engine_plays(&mut app, "e5");
    prompt(&mut app, "Nf3");
    engine_plays(&mut app, "Nc6");
    app
}

#[test]
fn start() {
    screens("start", || App::new(Config::default(), None, 1).0);
}

#[test]
fn mid_game_with_highlights() {
    screens("mid_game", || {
        let mut app = mid_game();
        app.cursor = Square::F1;
        key(&mut app, KeyCode::Enter); // pick up the bishop: its destinations show
        key(&mut app, KeyCode::Up);
        app
    });
}

#[test]
fn engine_thinking() {
    screens("thinking", || {
        let mut app = mid_game();
        prompt_pending(&mut app, "Bb5");
        let id = app.search.as_ref().unwrap().id;
        let t = thinking(&app, "a6 Ba4 Nf6 O-O", 18);
        app.update(Event::EngineProgress(id, t));
        for _ in 0..3 {
            app.update(Event::Tick);
        }
        app
    });
}

#[test]
fn check() {
    screens("check", || {
        let mut app = App::new(Config::default(), None, 1).0;
        prompt(&mut app, "e4");
        engine_plays(&mut app, "f5");
        prompt(&mut app, "Qh5+");
        app
    });
}

#[test]
fn promotion_picker() {
    screens("promotion", || {
        let mut app = app_from(
            Game::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap(),
            Color::White,
        );
        app.cursor = Square::E7;
        key(&mut app, KeyCode::Enter);
        app.cursor = Square::E8;
        key(&mut app, KeyCode::Enter);
        assert!(app.input.promotion.is_some());
        app
    });
}

#[test]
fn game_over() {
    screens("game_over", || {
        let mut app = App::new(Config::default(), None, 1).0;
        prompt(&mut app, "f3");
        engine_plays(&mut app, "e5");
        prompt(&mut app, "g4");
        engine_plays(&mut app, "Qh4#");
        app
    });
}

#[test]
fn help() {
    screens("help", || {
        let mut app = App::new(Config::default(), None, 1).0;
        key(&mut app, KeyCode::Char('?'));
        app
    });
}

#[test]
fn new_game_dialog_and_prompt() {
    screens("new_game", || {
        let mut app = mid_game();
        key(&mut app, KeyCode::Char('n'));
        app
    });
    screens("prompt", || {
        let mut app = mid_game();
        prompt(&mut app, "Ke3");
        key(&mut app, KeyCode::Char(':'));
        for c in "Bb".chars() {
            key(&mut app, KeyCode::Char(c));
        }
        app
    });
}

/// Issue 23: `:save` over an existing file and quitting after a failed autosave ask first.
#[test]
fn confirm_dialogs() {
    let mut app = mid_game();
    app.update(Event::SaveWouldOverwrite("/home/me/games/tal.pgn".into()));
    let terminal = draw(&mut app, (80, 24), ColorMode::TrueColor);
    assert_snapshot!("confirm_overwrite_80x24", terminal.backend());
    let mut app = mid_game();
    app.update(Event::Autosaved(Err(
        "cannot write /data/autosave.pgn: No space left on device (os error 28)".into(),
    )));
    key(&mut app, KeyCode::Char('q'));
    let terminal = draw(&mut app, (80, 24), ColorMode::TrueColor);
    assert_snapshot!("confirm_quit_unsaved_80x24", terminal.backend());
    for size in [(1, 1), (10, 3), (62, 19)] {
        draw(&mut app, size, ColorMode::None);
    }
}

#[test]
fn black_at_the_bottom_in_ascii() {
    let mut config = Config::default();
    config.ui.pieces = PieceStyle::Ascii;
    let mut app = App::new(config, None, 1).0;
    key(&mut app, KeyCode::Char('f'));
    let terminal = draw(&mut app, (80, 24), ColorMode::TrueColor);
    assert_snapshot!("flipped_ascii_80x24", terminal.backend());
}

#[test]
fn too_small() {
    for size in [(61, 24), (80, 18)] {
        let mut app = App::new(Config::default(), None, 1).0;
        let terminal = draw(&mut app, size, ColorMode::TrueColor);
        assert_snapshot!(
            format!("too_small_{}x{}", size.0, size.1),
            terminal.backend()
        );
    }
}

#[test]
fn tiny_terminals_and_every_mode_draw_without_panicking() {
    for size in [(1, 1), (10, 3), (62, 19), (63, 20), (250, 80)] {
        let mut app = mid_game();
        draw(&mut app, size, ColorMode::None);
        for code in [KeyCode::Char('?'), KeyCode::Esc, KeyCode::Char('n')] {
            key(&mut app, code);
            draw(&mut app, size, ColorMode::Ansi256);
        }
    }
}

#[test]
fn squares_get_theme_colours_and_highlights() {
    let mut app = mid_game();
    app.cursor = Square::F1;
    key(&mut app, KeyCode::Enter);
    let terminal = draw(&mut app, (80, 24), ColorMode::TrueColor);
    let buf = terminal.backend().buffer();
    let layout = Layout::new(Rect::new(0, 0, 80, 24));
    let theme = Theme::named("classic", ColorMode::TrueColor);
    let bg_at = |sq: Square| {
        let r = layout.square_rect(sq, Color::White);
        buf[(r.x, r.y)].bg
    };
    assert_eq!(bg_at(Square::A1), theme.color("dark"));
    assert_eq!(bg_at(Square::H1), theme.color("light"));
    assert_eq!(bg_at(Square::F1), theme.color("cursor"));
    assert_eq!(bg_at(Square::C6), theme.color("last_move"));
    assert_eq!(bg_at(Square::B8), theme.color("last_move"));
    // A legal destination is marked with a dot in the legal colour.
    let r = layout.square_rect(Square::B5, Color::White);
    let dot = &buf[(r.x + 1, r.y + 1)];
    assert_eq!(dot.symbol(), "•");
    assert_eq!(dot.fg, theme.color("legal"));
    // An error message uses the error colour.
    prompt(&mut app, "Qd8");
    let terminal = draw(&mut app, (80, 24), ColorMode::TrueColor);
    let buf = terminal.backend().buffer();
    assert_eq!(buf[(0, 22)].fg, theme.color("error"));
}

#[test]
fn check_is_highlighted_and_no_color_uses_marks() {
    let mut app = App::new(Config::default(), None, 1).0;
    prompt(&mut app, "e4");
    engine_plays(&mut app, "f5");
    prompt(&mut app, "Qh5+");
    let terminal = draw(&mut app, (80, 24), ColorMode::TrueColor);
    let layout = Layout::new(Rect::new(0, 0, 80, 24));
    let r = layout.square_rect(Square::E8, Color::White);
    let theme = Theme::named("classic", ColorMode::TrueColor);
    assert_eq!(
        terminal.backend().buffer()[(r.x, r.y)].bg,
        theme.color("check")
    );

    let terminal = draw(&mut app, (80, 24), ColorMode::None);
    let buf = terminal.backend().buffer();
    for cell in buf.content() {
        assert_eq!(cell.bg, TermColor::Reset);
        assert_eq!(cell.fg, TermColor::Reset);
    }
    assert_eq!(buf[(r.right() - 1, r.y)].symbol(), "+", "check mark");
    assert_snapshot!("no_color_check_80x24", terminal.backend());
}

#[test]
fn the_256_colour_fallback_uses_the_palette() {
    let mut app = App::new(Config::default(), None, 1).0;
    let terminal = draw(&mut app, (80, 24), ColorMode::Ansi256);
    let layout = Layout::new(Rect::new(0, 0, 80, 24));
    let r = layout.square_rect(Square::A1, Color::White);
    assert!(matches!(
        terminal.backend().buffer()[(r.x, r.y)].bg,
        TermColor::Indexed(_)
    ));
}

#[test]
fn hint_and_browsing() {
    screens("hint", || {
        let mut app = mid_game();
        key(&mut app, KeyCode::Char('t'));
        let id = app.search.as_ref().unwrap().id;
        let t = thinking(&app, "Bb5 a6 Ba4", 30);
        let mv = t.pv[0];
        app.update(Event::EngineDone(id, Some(mv), t));
        app
    });
    screens("browsing", || {
        let mut app = mid_game();
        key(&mut app, KeyCode::Char(','));
        key(&mut app, KeyCode::Char(','));
        app
    });
}

#[test]
fn advanced_explanation_with_evaluation_deltas() {
    screens("advanced_explanation", || {
        let mut config = Config::default();
        config.explain.level = kibitzer::config::ExplainLevel::Advanced;
        let mut app = App::new(config, None, 1).0;
        prompt(&mut app, "e4");
        engine_plays(&mut app, "e5");
        prompt(&mut app, "Nf3");
        engine_plays(&mut app, "Nc6");
        key(&mut app, KeyCode::Char(','));
        app
    });
}

#[test]
fn the_panel_says_when_a_move_is_being_analysed() {
    let mut app = App::new(Config::default(), None, 1).0;
    prompt_pending(&mut app, "e4");
    let terminal = draw(&mut app, (120, 40), ColorMode::TrueColor);
    let screen = format!("{:?}", terminal.backend());
    assert!(screen.contains("analysing this move"), "{screen}");
}

/// A move that is not the search's best (a book move, or a weak level's deliberate choice) is
/// never shown with the search's line, which starts with another move.
#[test]
fn the_line_shown_is_the_played_moves_own() {
    let mut app = App::new(Config::default(), None, 1).0;
    prompt(&mut app, "e4");
    let id = app.search.as_ref().unwrap().id;
    let t = thinking(&app, "d5 exd5 Qxd5", -25);
    let mv = "e5"
        .parse::<shakmaty::san::San>()
        .unwrap()
        .to_move(app.game.position())
        .unwrap();
    app.update(Event::EngineDone(id, Some(mv), t));
    let terminal = draw(&mut app, (120, 40), ColorMode::TrueColor);
    let screen = format!("{:?}", terminal.backend());
    assert!(screen.contains("The engine played 1… e5"), "{screen}");
    assert!(!screen.contains("1… d5 2. exd5"), "{screen}");
}

#[test]
fn browsing_and_long_messages_are_readable_at_80x24_and_120x40() {
    for size in SIZES {
        let mut app = mid_game();
        key(&mut app, KeyCode::Char(','));
        let screen = format!("{:?}", draw(&mut app, size, ColorMode::TrueColor).backend());
        assert!(screen.contains("viewing move 3 of 4"), "{size:?}: {screen}");
        assert!(screen.contains("q quit"), "the key line is whole: {screen}");
        assert!(
            screen.contains("score"),
            "the move's score is shown: {screen}"
        );
        let long = "cannot load /home/someone/chess/games/a-rather-long-folder-name/2026/\
                    november/club-night.pgn: it holds 12 games; pick one with :load FILE N";
        app.update(Event::Loaded("x.pgn".into(), Err(long.to_owned())));
        let screen = format!("{:?}", draw(&mut app, size, ColorMode::TrueColor).backend());
        assert!(screen.contains(":load FILE N"), "{size:?}: {screen}");
    }
    screens("long_message", || {
        let mut app = mid_game();
        let long = "cannot load /home/someone/chess/games/a-rather-long-folder-name/2026/\
                    november/club-night.pgn: it holds 12 games; pick one with :load FILE N";
        app.update(Event::Loaded("x.pgn".into(), Err(long.to_owned())));
        app
    });
}

/// Issue 26 item 1: a hint's panel showed its score twice (the explanation's and the search's).
#[test]
fn a_hint_shows_its_score_once() {
    let mut app = mid_game();
    key(&mut app, KeyCode::Char('t'));
    let id = app.search.as_ref().unwrap().id;
    let mut t = thinking(&app, "Bb5 a6 Ba4", 30);
    t.result = Some(Box::new(search_live(&app)));
    let mv = t.pv[0];
    app.update(Event::EngineDone(id, Some(mv), t));
    assert!(app.hint.as_ref().unwrap().explanation.is_some());
    for size in SIZES {
        let screen = format!("{:?}", draw(&mut app, size, ColorMode::TrueColor).backend());
        assert_eq!(screen.matches("score ").count(), 1, "{size:?}: {screen}");
    }
}

/// Issue 26 item 1: at 80×24 the explanation panel cut the engine's line of a full-strength
/// move; the score and the line now come before the sentences.
#[test]
fn the_engine_line_is_visible_at_80x24() {
    let mut config = Config::default();
    config.engine.level = 10;
    let mut app = App::new(config, None, 1).0;
    prompt(&mut app, "e4");
    engine_plays(&mut app, "e5");
    prompt(&mut app, "Nf3");
    engine_plays(&mut app, "Nc6");
    let screen = format!(
        "{:?}",
        draw(&mut app, (80, 24), ColorMode::TrueColor).backend()
    );
    assert!(screen.contains("The engine played 2… Nc6"), "{screen}");
    assert!(screen.contains("line 2… Nc6"), "{screen}");
    assert!(screen.contains("score: "), "{screen}");
    assert!(!screen.contains(" for you "), "{screen}");
}

/// Issue 26 item 1: browsing showed the live side to move on the status line.
#[test]
fn browsing_names_the_viewed_positions_side_to_move() {
    let mut app = mid_game();
    key(&mut app, KeyCode::Char(','));
    let screen = format!(
        "{:?}",
        draw(&mut app, (120, 40), ColorMode::TrueColor).backend()
    );
    assert!(
        screen.contains("viewing move 3 of 4 (End: back to the game) · Black to move"),
        "{screen}"
    );
    assert!(!screen.contains("(your move)"), "{screen}");
}

/// Issue 26: both clocks beside the board, the running one highlighted, tenths under 10 s.
#[test]
fn clocks() {
    screens("clocks", || {
        let mut config = Config::default();
        config.game.time_control = "3+2".parse().unwrap();
        let mut app = App::new(config, None, 1).0;
        let time = kibitzer::clock::TimeSource::fake();
        app.set_time_source(time.clone());
        time.advance(std::time::Duration::from_secs(12));
        prompt(&mut app, "e4");
        time.advance(std::time::Duration::from_millis(174_700));
        app
    });
    let mut config = Config::default();
    config.game.time_control = "1+0".parse().unwrap();
    let mut app = App::new(config, None, 1).0;
    let time = kibitzer::clock::TimeSource::fake();
    app.set_time_source(time.clone());
    time.advance(std::time::Duration::from_millis(50_750));
    let screen = format!(
        "{:?}",
        draw(&mut app, (80, 24), ColorMode::TrueColor).backend()
    );
    assert!(screen.contains(" 0:09.2 "), "{screen}");
    assert!(screen.contains(" 1:00 "), "{screen}");
}

/// A 10+5 game on a fake clock after 1. e4 d5 2. exd5 Nf6: White a pawn up.
fn timed_pawn_up() -> App {
    let mut config = Config::default();
    config.game.time_control = "10+5".parse().unwrap();
    let mut app = App::new(config, None, 1).0;
    app.set_time_source(kibitzer::clock::TimeSource::fake());
    prompt(&mut app, "e4");
    engine_plays(&mut app, "d5");
    prompt(&mut app, "exd5");
    engine_plays(&mut app, "Nf6");
    app
}

/// Issue 26: the pieces each side has won and its lead in points beside the board, with the
/// clocks in a timed game.
#[test]
fn material_beside_the_board() {
    screens("material", timed_pawn_up);
    let mut app = mid_game();
    prompt(&mut app, "Bb5");
    engine_plays(&mut app, "a6");
    prompt(&mut app, "Bxc6");
    let screen = format!(
        "{:?}",
        draw(&mut app, (80, 24), ColorMode::TrueColor).backend()
    );
    assert!(screen.contains(" ♞ +3"), "{screen}");
}

/// Issue 26: the evaluation bar beside the board with clocks and material (a timed game, a
/// pawn up), then stepping back: the viewed position's best line numbered on its squares.
#[test]
fn eval_bar_with_clocks_material_and_numbered_line() {
    let build = timed_pawn_up;
    screens("eval_bar", build);
    screens("eval_bar_browsing", || {
        let mut app = build();
        key(&mut app, KeyCode::Char(','));
        app
    });
    // The bar's score is the human's, written under the bar; `b` hides the bar and the panels
    // take its columns back.
    let mut app = build();
    let value = ui::eval_bar::value(&app).expect("the last move is analysed");
    let terminal = draw(&mut app, (80, 24), ColorMode::TrueColor);
    let layout = app.layout();
    let buf = terminal.backend().buffer();
    let label = value.label();
    let row: String = (layout.eval_bar.right() - label.chars().count() as u16
        ..layout.eval_bar.right())
        .map(|x| buf[(x, layout.eval_bar.bottom())].symbol().to_owned())
        .collect();
    assert_eq!(row, label);
    // 256 colours: the bar uses the palette.
    let terminal = draw(&mut app, (80, 24), ColorMode::Ansi256);
    let cell = &terminal.backend().buffer()[(layout.eval_bar.x, layout.eval_bar.bottom() - 1)];
    assert!(matches!(cell.fg, TermColor::Indexed(_)), "{cell:?}");
    key(&mut app, KeyCode::Char('b'));
    assert!(app.layout().eval_bar.is_empty());
    assert!(app.layout().moves.x < layout.moves.x);
    let screen = format!(
        "{:?}",
        draw(&mut app, (80, 24), ColorMode::TrueColor).backend()
    );
    assert!(!screen.contains('█'), "{screen}");
    // Without colours the numbered marks stay readable (reversed digits).
    let mut app = build();
    key(&mut app, KeyCode::Char(','));
    let line = ui::marks::line(&app);
    assert!(!line.is_empty());
    let terminal = draw(&mut app, (80, 24), ColorMode::None);
    let r = app
        .layout()
        .square_rect(line[0].from().unwrap(), Color::White);
    let cell = &terminal.backend().buffer()[(r.right() - 1, r.y)];
    assert_eq!(cell.symbol(), "1");
}

/// Issue 38: the play screen in Brazilian Portuguese at 80×24 and 120×40 (the key line and
/// help stay English until the keymap file of issue 35 carries their words).
fn screens_pt(name: &str, mut build: impl FnMut() -> App) {
    use kibitzer::i18n::{Lang, with};
    with(Lang::PtBr, || {
        for size in SIZES {
            let mut app = build();
            let terminal = draw(&mut app, size, ColorMode::TrueColor);
            assert_snapshot!(
                format!("pt_{name}_{}x{}", size.0, size.1),
                terminal.backend()
            );
        }
    });
}

fn pt_config() -> Config {
    let mut config = Config::default();
    config.explain.language = kibitzer::config::Language::from_code("pt-BR").unwrap();
    config
}

#[test]
fn portuguese_screens() {
    screens_pt("start", || App::new(pt_config(), None, 1).0);
    let mid = || {
        let mut app = App::new(pt_config(), None, 1).0;
        prompt(&mut app, "e4");
        engine_plays(&mut app, "e5");
        // Portuguese SAN at the prompt.
        prompt(&mut app, "Cf3");
        engine_plays(&mut app, "Nc6");
        app
    };
    screens_pt("mid_game", mid);
    screens_pt("thinking", || {
        let mut app = mid();
        prompt_pending(&mut app, "Bb5");
        let id = app.search.as_ref().unwrap().id;
        let t = thinking(&app, "a6 Ba4 Nf6 O-O", 18);
        app.update(Event::EngineProgress(id, t));
        app
    });
    screens_pt("new_game", || {
        let mut app = mid();
        key(&mut app, KeyCode::Char('n'));
        app
    });
    screens_pt("game_over", || {
        let mut app = App::new(pt_config(), None, 1).0;
        prompt(&mut app, "f3");
        engine_plays(&mut app, "e5");
        prompt(&mut app, "g4");
        engine_plays(&mut app, "Qh4#");
        app
    });
    screens_pt("illegal_move", || {
        let mut app = mid();
        prompt(&mut app, "Cf4");
        app
    });
}

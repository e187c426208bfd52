//! Whole-screen snapshots (insta) of the play screen in a Pawn Battle game, at 80×24 and
//! 120×40: the board at the start and in play, the new-game dialog with the game choice, the
//! help with the rules, and the game-over dialog saying why. The App is driven by the events
//! the terminal and the engine send (`tests/ui_snapshots.rs` does the same for chess).

use insta::assert_snapshot;

use kibitzer::app::{App, Effect, Event, Purpose, Score, Snapshot, Thinking};
use kibitzer::config::Config;
use kibitzer::game::Game;
use kibitzer::ui::{self, ColorMode, Theme};
use kibitzer::variant::VariantPosition;
use kibitzer::variant::pawn_battle::PawnBattle;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use shakmaty::Color;

#[path = "support/analyses.rs"]
mod analyses;
use analyses::run_analyses;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

type PbApp = App<PawnBattle>;

fn key(app: &mut PbApp, code: KeyCode) -> Vec<Effect> {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// Types `:text` Enter and runs the background analyses it starts (the human's move judged),
/// at a fixed depth (deterministic), feeding their results back as the runner does.
fn prompt(app: &mut PbApp, text: &str) {
    let mut fx = key(app, KeyCode::Char(':'));
    for c in text.chars() {
        fx.extend(key(app, KeyCode::Char(c)));
    }
    fx.extend(key(app, KeyCode::Enter));
    run_analyses(app, fx);
}

/// The engine's search in flight answers with `uci`, a depth-8 search scoring it `cp` for
/// the engine.
fn engine_plays(app: &mut PbApp, uci: &str, cp: i32) {
    let search = app.search.as_ref().expect("the engine is thinking");
    assert_eq!(search.purpose, Purpose::Move);
    let id = search.id;
    let mv = app.game.position().parse_move(uci).unwrap();
    let thinking = Thinking {
        depth: 8,
        seldepth: 12,
        score: Score::Cp(cp),
        nodes: 45_678,
        nps: 400_000,
        pv: vec![mv],
        result: None,
    };
    let fx = app.update(Event::EngineDone(id, Some(mv), thinking));
    run_analyses(app, fx);
}

/// A fresh game at level 10 (full strength: the engine's moves show its score).
fn fresh() -> PbApp {
    let mut config = Config::default();
    config.engine.level = 10;
    PbApp::starting(config, None, 1).0
}

fn mid_game() -> PbApp {
    let mut app = fresh();
    prompt(&mut app, "e4");
    engine_plays(&mut app, "d7d5", 15);
    prompt(&mut app, "exd5");
    engine_plays(&mut app, "c7c6", -40);
    app
}

fn screens(name: &str, mut build: impl FnMut() -> PbApp) {
    for (w, h) in SIZES {
        let mut app = build();
        app.update(Event::Resize(w, h));
        let theme = Theme::named(&app.config.ui.theme, ColorMode::TrueColor);
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| ui::render(f, &app, &theme)).unwrap();
        assert_snapshot!(format!("{name}_{w}x{h}"), terminal.backend());
    }
}

#[test]
fn pawn_battle_board_at_the_start_and_in_play() {
    screens("pb_start", fresh);
    screens("pb_mid_game", mid_game);
}

#[test]
fn pawn_battle_new_game_dialog_and_help() {
    screens("pb_new_game", || {
        let mut app = mid_game();
        key(&mut app, KeyCode::Char('n'));
        app
    });
    screens("pb_help", || {
        let mut app = fresh();
        key(&mut app, KeyCode::Char('?'));
        app
    });
}

/// Issue 38: Pawn Battle's rules and keys in Portuguese fit 80×24 (the rules are catalogue
/// messages, `rules-*` of `play.ftl`).
#[test]
fn pawn_battle_help_in_portuguese() {
    kibitzer::i18n::with(kibitzer::i18n::Lang::PtBr, || {
        screens("pb_help_pt", || {
            let mut app = fresh();
            key(&mut app, KeyCode::Char('?'));
            app
        });
        // Issue 38 (session 24): the status line named the game in English ("Pawn Battle").
        let mut app = fresh();
        app.update(Event::Resize(120, 40));
        let theme = Theme::named(&app.config.ui.theme, ColorMode::TrueColor);
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
        terminal.draw(|f| ui::render(f, &app, &theme)).unwrap();
        let shown = format!("{:?}", terminal.backend());
        assert!(shown.contains(" · Batalha de Peões · "), "{shown}");
        assert!(!shown.contains("Pawn Battle"), "{shown}");
    });
}

/// Issue 25: the help and the prompt's key hints give Pawn Battle moves as examples, never
/// chess's (Nf3, O-O).
#[test]
fn the_prompt_and_the_help_show_pawn_battle_moves() {
    screens("pb_prompt", || {
        let mut app = mid_game();
        key(&mut app, KeyCode::Char(':'));
        key(&mut app, KeyCode::Char('R'));
        app
    });
    for (w, h) in SIZES {
        for keys in [&[':'][..], &['?'][..]] {
            let mut app = fresh();
            app.update(Event::Resize(w, h));
            for &c in keys {
                key(&mut app, KeyCode::Char(c));
            }
            let theme = Theme::named(&app.config.ui.theme, ColorMode::None);
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal.draw(|f| ui::render(f, &app, &theme)).unwrap();
            let text = format!("{:?}", terminal.backend());
            assert!(!text.contains("Nf3") && !text.contains("O-O"), "{text}");
            assert!(text.contains("exd5"), "{keys:?} at {w}x{h}:\n{text}");
        }
    }
}

#[test]
fn pawn_battle_game_over_says_why() {
    screens("pb_game_over", || {
        // White's d-pawn is one step from the last rank; the human pushes it.
        let game =
            Game::<PawnBattle>::from_variant_fen("r6r/p2P1ppp/8/8/8/8/PP3PPP/R6R w - - 0 20")
                .unwrap();
        let snapshot = Snapshot {
            game,
            human: Color::White,
            level: 10,
            clock: None,
        };
        let (mut app, _) = PbApp::starting(Config::default(), Some(snapshot), 1);
        prompt(&mut app, "d8");
        assert!(app.outcome().is_some());
        app
    });
}

#[test]
fn the_whole_reason_of_a_long_ending_is_on_the_screen() {
    // After 1.c4 Black's only pawn is blocked: no legal move, the longest reason there is.
    for (w, h) in [(62, 19), (80, 24), (110, 32)] {
        let game = Game::<PawnBattle>::from_variant_fen("8/8/8/p7/P7/2P5/8/8 w - - 0 1").unwrap();
        let snapshot = Snapshot {
            game,
            human: Color::White,
            level: 1,
            clock: None,
        };
        let (mut app, _) = PbApp::starting(Config::default(), Some(snapshot), 1);
        app.update(Event::Resize(w, h));
        prompt(&mut app, "c4");
        assert!(app.outcome().is_some());
        let theme = Theme::named(&app.config.ui.theme, ColorMode::None);
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| ui::render(f, &app, &theme)).unwrap();
        let text: String = format!("{:?}", terminal.backend())
            .split('"')
            .collect::<Vec<_>>()
            .join(" ");
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for word in ["leaving", "opponent", "no", "legal", "move", "1-0"] {
            assert!(
                text.split(|c: char| !c.is_alphanumeric() && c != '-')
                    .any(|w| w == word),
                "{word:?} at {w}x{h}:\n{words}"
            );
        }
    }
}

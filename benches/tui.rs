//! Frame timing (not a test): `cargo bench --bench tui`. Prints the time to draw a full frame at
//! 120×40 (mid-game, engine thinking, highlights) and the time from nothing to the first frame
//! (App, theme, layout, render) on ratatui's TestBackend, i.e. without the terminal's own I/O.

use std::time::{Duration, Instant};

use kibitzer::app::{App, Event, Score, Thinking};
use kibitzer::config::Config;
use kibitzer::ui::{self, ColorMode, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use shakmaty::{Move, Position};

fn key(app: &mut App, code: KeyCode) {
    app.update(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn play(app: &mut App, san: &str) {
    key(app, KeyCode::Char(':'));
    for c in san.chars() {
        key(app, KeyCode::Char(c));
    }
    key(app, KeyCode::Enter);
}

fn line(app: &App, sans: &str) -> Vec<Move> {
    let mut pos = app.game.position().clone();
    sans.split_whitespace()
        .map(|s| {
            let mv = s
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(mv);
            mv
        })
        .collect()
}

fn busy_app() -> App {
    let (mut app, _) = App::new(Config::default(), None, 1);
    for (human, engine) in [("e4", "e5"), ("Nf3", "Nc6"), ("Bb5", "a6"), ("Ba4", "Nf6")] {
        play(&mut app, human);
        let id = app.search.as_ref().unwrap().id;
        let pv = line(&app, engine);
        app.update(Event::EngineDone(
            id,
            Some(pv[0]),
            Thinking {
                depth: 10,
                seldepth: 15,
                score: Score::Cp(20),
                nodes: 1_000_000,
                nps: 900_000,
                pv,
                result: None,
            },
        ));
    }
    play(&mut app, "O-O");
    let id = app.search.as_ref().unwrap().id;
    let pv = line(&app, "Be7 Re1 b5 Bb3 d6 c3 O-O");
    app.update(Event::EngineProgress(
        id,
        Thinking {
            depth: 12,
            seldepth: 19,
            score: Score::Cp(-31),
            nodes: 4_500_000,
            nps: 1_100_000,
            pv,
            result: None,
        },
    ));
    app.update(Event::Resize(120, 40));
    app.cursor = shakmaty::Square::D2;
    app
}

fn main() {
    let app = busy_app();
    let theme = Theme::named("classic", ColorMode::TrueColor);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    for _ in 0..200 {
        terminal.draw(|f| ui::render(f, &app, &theme)).unwrap();
    }
    let mut samples: Vec<Duration> = (0..2000)
        .map(|_| {
            let t = Instant::now();
            terminal.draw(|f| ui::render(f, &app, &theme)).unwrap();
            t.elapsed()
        })
        .collect();
    samples.sort();
    let median = samples[samples.len() / 2];
    let p99 = samples[samples.len() * 99 / 100];
    println!("frame 120x40 (render + diff on TestBackend): median {median:?}, p99 {p99:?}");

    let t = Instant::now();
    let (mut app, _) = App::new(Config::default(), None, 1);
    app.update(Event::Resize(120, 40));
    let theme = Theme::named("classic", ColorMode::TrueColor);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    terminal.draw(|f| ui::render(f, &app, &theme)).unwrap();
    println!(
        "first frame (App::new, theme, first render): {:?}",
        t.elapsed()
    );
}

//! The review screen in Portuguese (issue #38), at 80×24 and 120×40: before the analysis, at a
//! blunder once a fixed-depth review (depth 3, deterministic) has reported, and the "learn from
//! your mistakes" verdict. This binary speaks Portuguese in every thread (`i18n::set`), as the
//! program does once `--lang pt-BR` is read, so the review's workers write Portuguese too.

use insta::assert_snapshot;
use kibitzer::app::{Effect, Event};
use kibitzer::config::{Language, PieceStyle};
use kibitzer::engine::{SearchLimits, SearchMemory};
use kibitzer::i18n::{self, Lang};
use kibitzer::review::screen::Screen;
use kibitzer::review::{Settings, review_game};
use kibitzer::shell::{ReviewReport, ReviewWork};
use kibitzer::ui::{ColorMode, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use std::sync::atomic::AtomicBool;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn draw(screen: &Screen, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| kibitzer::ui::review::render(f, screen)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn key(c: KeyCode) -> Event {
    Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
}

fn scholars_mate() -> kibitzer::pgn::PgnGame {
    kibitzer::pgn::import(
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    )
    .games
    .remove(0)
    .pgn
}

fn settings() -> Settings {
    Settings {
        limits: SearchLimits::depth(3),
        hash_mb: 1,
        language: Language::from_code("pt-BR").unwrap(),
        ..Settings::default()
    }
}

/// English words a Portuguese review screen must not show (key names such as Enter and Esc,
/// SAN and UCI are the same in both languages; opening names, such as "Bishop's Opening", are
/// proper names).
const ENGLISH: [&str; 13] = [
    "White",
    "Black",
    "move",
    "Evaluation",
    "Explanation",
    "analys",
    "Judged",
    "Better",
    "best",
    "blunder",
    "mistake",
    "Learn",
    " the ",
];

fn no_english(shown: &str) {
    for w in ENGLISH {
        assert!(!shown.contains(w), "English {w:?} on the screen:\n{shown}");
    }
}

#[test]
fn the_review_screen_in_portuguese() {
    i18n::set(Lang::PtBr);
    let theme = Theme::named("mono", ColorMode::None);
    let mut before = Screen::new(scholars_mate(), PieceStyle::Ascii, theme.clone());
    for (w, h) in SIZES {
        before.update(key(KeyCode::End), Rect::new(0, 0, w, h));
        let shown = draw(&before, w, h);
        no_english(&shown);
        assert!(
            shown.contains("Qxf7#") || shown.contains("Dxf7#"),
            "{shown}"
        );
        assert!(
            shown.contains("Dxf7#"),
            "Portuguese SAN in the move list:\n{shown}"
        );
        assert_snapshot!(format!("review_pt_{w}x{h}"), shown);
    }

    let mut screen =
        Screen::new(scholars_mate(), PieceStyle::Ascii, theme).with_review(1, settings());
    let game = screen.game().game.clone();
    let area = Rect::new(0, 0, 120, 40);
    review_game(&game, &settings(), &AtomicBool::new(false), &mut |e| {
        screen.update(Event::ReviewReport(ReviewReport::Analysis(1, e)), area);
    });
    // `n` steps through the mistakes to 3... Nf6??.
    for _ in 0..6 {
        if screen.browser().ply() == Some(5) {
            break;
        }
        screen.update(key(KeyCode::Char('n')), area);
    }
    assert_eq!(screen.browser().ply(), Some(5));
    for (w, h) in SIZES {
        let shown = draw(&screen, w, h);
        no_english(&shown);
        for part in ["3... Cf6??", "erro grave", "análise concluída"] {
            assert!(shown.contains(part), "{part:?} missing:\n{shown}");
        }
        // The better move is below the fold at 80×24.
        assert!(h < 40 || shown.contains("Melhor era: "), "{shown}");
        assert_snapshot!(format!("review_pt_blunder_{w}x{h}"), shown);
    }

    // Learn from the mistake: a good try, judged at the same depth.
    screen.update(key(KeyCode::Char('t')), area);
    for c in "g6".chars() {
        screen.update(key(KeyCode::Char(c)), area);
    }
    let fx = screen.update(key(KeyCode::Enter), area);
    let Some(Effect::ReviewWork(ReviewWork::Judge {
        review,
        attempt,
        request,
        ..
    })) = fx.into_iter().next()
    else {
        panic!("Enter must hand the try out");
    };
    let verdict = request.judge(&mut SearchMemory::new(1), &AtomicBool::new(false));
    screen.update(
        Event::ReviewReport(ReviewReport::Verdict {
            review,
            attempt,
            verdict: Box::new(verdict),
        }),
        area,
    );
    for (w, h) in SIZES {
        let shown = draw(&screen, w, h);
        no_english(&shown);
        assert!(shown.contains("g6: muito bem!"), "{shown}");
        assert_snapshot!(format!("review_pt_learn_{w}x{h}"), shown);
    }
}

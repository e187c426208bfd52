//! Whole-screen snapshots (insta) of the review screen at 80×24 and 120×40, before the analysis
//! has reported (so they depend on neither the engine nor the explanation texts): the board
//! after the last move, the move list, "not analysed yet", the empty graph and the progress bar.
//! The game picker (a file with a malformed game, filtered) and the "learn from your mistakes"
//! prompt and verdict; these two come from fixed-depth searches (depth 3, deterministic) and
//! show explanation texts, so a change of the templates changes them.

use insta::assert_snapshot;
use kibitzer::app::{Effect, Event};
use kibitzer::config::PieceStyle;
use kibitzer::engine::SearchLimits;
use kibitzer::pgn::PgnGame;
use kibitzer::review::screen::{OnScreen, Screen};
use kibitzer::review::{Settings, review_game};
use kibitzer::shell::{ReviewReport, ReviewWork};
use kibitzer::ui::{ColorMode, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use std::sync::atomic::AtomicBool;

fn text(screen: &Screen, w: u16, h: u16) -> String {
    draw(w, h, |f| kibitzer::ui::review::render(f, screen))
}

fn draw(w: u16, h: u16, render: impl FnOnce(&mut ratatui::Frame)) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(render).unwrap();
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

#[test]
fn review_screen_before_the_analysis() {
    let pgn = kibitzer::pgn::import(
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    )
    .games
    .remove(0)
    .pgn;
    let mut screen = Screen::new(
        pgn,
        PieceStyle::Ascii,
        Theme::named("classic", ColorMode::None),
    );
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let area = Rect::new(0, 0, w, h);
        screen.update(Event::Key(key(KeyCode::End)), area);
        assert_snapshot!(format!("review_{w}x{h}"), text(&screen, w, h));
    }
}

/// Issue 25: a Pawn Battle game's review screen before the analysis: rooks and pawns, no
/// kings, the game named over the panel.
#[test]
fn pawn_battle_review_screen_before_the_analysis() {
    use kibitzer::variant::pawn_battle::PawnBattle;
    let pgn = kibitzer::pgn::import_as::<PawnBattle>(
        "[White \"A\"]\n[Black \"B\"]\n[Variant \"Pawn Battle\"]\n\n1. h4 a5 2. Rh3 Ra6 *\n",
    )
    .games
    .remove(0)
    .pgn;
    let mut screen = Screen::new(pgn, PieceStyle::Ascii, mono());
    screen.update(Event::Key(key(KeyCode::End)), Rect::new(0, 0, 80, 24));
    let shown = draw(80, 24, |f| kibitzer::ui::review::render(f, &screen));
    let board: String = shown
        .lines()
        .take(8)
        .map(|l| l.chars().take(28).collect::<String>())
        .collect();
    assert!(board.contains('R') && board.contains('r'), "{shown}");
    assert!(!board.contains('K') && !board.contains('k'), "{shown}");
    assert_snapshot!("pawn_battle_review_80x24", shown);
}

/// Issue 25: the review of a Pawn Battle race at its blunder, after a depth-8 analysis (every
/// score a forced win): the graph, the verdict, the better move and the explanation.
#[test]
fn pawn_battle_review_screen_at_the_blunder() {
    use kibitzer::variant::pawn_battle::PawnBattle;
    let pgn = kibitzer::pgn::import_as::<PawnBattle>(
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Variant \"Pawn Battle\"]\n\
         [SetUp \"1\"]\n[FEN \"8/1p6/8/8/8/8/6P1/8 b - - 0 1\"]\n\n\
         1... b6 2. g4 b5 3. g5 b4 4. g6 b3 5. g7 b2 6. g8 1-0\n",
    )
    .games
    .remove(0)
    .pgn;
    let area = Rect::new(0, 0, 100, 30);
    let mut screen = reviewed_at(pgn, 8, area);
    screen.update(Event::Key(key(KeyCode::Char('n'))), area);
    let shown = draw(100, 30, |f| kibitzer::ui::review::render(f, &screen));
    for part in ["1... b6??", "Better: b5", "Evaluation", "analysis complete"] {
        assert!(shown.contains(part), "{part:?} missing:\n{shown}");
    }
    assert_snapshot!("pawn_battle_blunder_100x30", shown);
}

/// The review screen of `pgn` (review id 1) with every ply of a review at `depth` fed to it;
/// tries are judged at the same fixed depth (deterministic).
fn reviewed_at<P: OnScreen>(pgn: PgnGame<P>, depth: u32, area: Rect) -> Screen<P> {
    let settings = Settings {
        limits: SearchLimits::depth(depth),
        hash_mb: 1,
        ..Settings::default()
    };
    let mut screen = Screen::new(pgn, PieceStyle::Ascii, mono()).with_review(1, settings.clone());
    let game = screen.game().game.clone();
    review_game(&game, &settings, &AtomicBool::new(false), &mut |e| {
        screen.update(Event::ReviewReport(ReviewReport::Analysis(1, e)), area);
    });
    screen
}

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

fn mono() -> Theme {
    Theme::named("mono", ColorMode::None)
}

#[test]
fn game_picker_with_a_bad_game_and_a_filter() {
    use kibitzer::review::picker::{Picker, ScanEvent, scan};
    let text = "[Event \"Paris\"]\n[White \"Morphy, Paul\"]\n[Black \"Duke of Brunswick\"]\n\
                [Result \"1-0\"]\n[Date \"1858.??.??\"]\n[ECO \"C41\"]\n[Opening \"Philidor\"]\n\n\
                1. e4 e5 2. Nf3 d6 1-0\n\n\
                [Event \"Broken\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n\
                [Event \"Riga\"]\n[White \"Tal, M.\"]\n[Black \"Koblentz\"]\n[Result \"1-0\"]\n\
                [Date \"1957.??.??\"]\n[ECO \"B63\"]\n\n1. e4 c5 1-0\n";
    let mut picker = Picker::new("games.pgn");
    let area = Rect::new(0, 0, 80, 12);
    scan(
        text.as_bytes(),
        &std::sync::atomic::AtomicBool::new(false),
        &mut |e| picker.apply(e),
    );
    picker.key(key(KeyCode::Down), area);
    assert_snapshot!("picker_80x12", draw(80, 12, |f| picker.render(f, &mono())));
    for c in "tal".chars() {
        picker.key(key(KeyCode::Char(c)), area);
    }
    assert_snapshot!(
        "picker_filtered_80x12",
        draw(80, 12, |f| picker.render(f, &mono()))
    );
    // Still reading: the title says so.
    let mut reading = Picker::new("big.pgn");
    reading.apply(ScanEvent::Entries(Vec::new()));
    assert!(draw(80, 12, |f| reading.render(f, &mono())).contains("reading… 0 games so far"));
}

/// Issue 25: a file of chess and Pawn Battle games names each row's game.
#[test]
fn game_picker_of_a_mixed_file() {
    use kibitzer::review::picker::{Picker, scan};
    let text = "[White \"Morphy, Paul\"]\n[Black \"Duke\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
                [White \"Pawn, Ada\"]\n[Black \"Rook, Bo\"]\n[Result \"*\"]\n\
                [Variant \"Pawn Battle\"]\n\n1. e4 d5 2. exd5 *\n";
    let mut picker = Picker::new("mixed.pgn");
    scan(
        text.as_bytes(),
        &std::sync::atomic::AtomicBool::new(false),
        &mut |e| picker.apply(e),
    );
    let shown = draw(80, 8, |f| picker.render(f, &mono()));
    assert!(
        shown.contains("Pawn Battle") && shown.contains("chess"),
        "{shown}"
    );
    assert_snapshot!("picker_mixed_80x8", shown);
}

#[test]
fn learn_prompt_and_verdicts() {
    use kibitzer::engine::SearchMemory;
    let pgn = kibitzer::pgn::import(
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    )
    .games
    .remove(0)
    .pgn;
    let area = Rect::new(0, 0, 100, 30);
    let mut screen = reviewed_at(pgn, 3, area);
    let press = |s: &mut Screen, c: KeyCode| s.update(Event::Key(key(c)), area);
    // `n` steps through the mistakes (3. Qh5?! is an inaccuracy at depth 3) to 3... Nf6??.
    for _ in 0..6 {
        if screen.browser().ply() == Some(5) {
            break;
        }
        press(&mut screen, KeyCode::Char('n'));
    }
    assert_eq!(screen.browser().ply(), Some(5));
    press(&mut screen, KeyCode::Char('t'));
    for c in "g6".chars() {
        press(&mut screen, KeyCode::Char(c));
    }
    assert_snapshot!("learn_prompt_100x30", text(&screen, 100, 30));
    // Enter hands the try out for judging (an effect); the verdict comes back as an event.
    let judge = |s: &mut Screen, fx: Vec<Effect>| {
        let Some(Effect::ReviewWork(ReviewWork::Judge {
            review,
            attempt,
            request,
            ..
        })) = fx.into_iter().next()
        else {
            panic!("Enter must hand the try out");
        };
        let v = request.judge(&mut SearchMemory::new(1), &AtomicBool::new(false));
        s.update(
            Event::ReviewReport(ReviewReport::Verdict {
                review,
                attempt,
                verdict: Box::new(v),
            }),
            area,
        );
    };
    let fx = press(&mut screen, KeyCode::Enter);
    judge(&mut screen, fx);
    assert!(text(&screen, 100, 30).contains("g6: good!"));
    assert_snapshot!("learn_good_try_100x30", text(&screen, 100, 30));
    press(&mut screen, KeyCode::Char('t'));
    for c in "a6".chars() {
        press(&mut screen, KeyCode::Char(c));
    }
    let fx = press(&mut screen, KeyCode::Enter);
    judge(&mut screen, fx);
    assert!(text(&screen, 100, 30).contains("a6: not good enough"));
    assert_snapshot!("learn_bad_try_100x30", text(&screen, 100, 30));
}

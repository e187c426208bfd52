use super::*;
use crate::engine::SearchLimits;
use crate::review::{Settings, review_game};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyModifiers;
use shakmaty::Square;
use std::sync::atomic::AtomicBool;

fn screen() -> Screen {
    let pgn = crate::pgn::import(
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    )
    .games
    .remove(0)
    .pgn;
    reviewed_at(pgn, 3)
}

/// The review screen of `pgn` (review id 0) with every ply of a review at `depth` fed to
/// it; tries are judged at the same fixed depth (deterministic).
pub(super) fn reviewed_at<P: OnScreen>(pgn: PgnGame<P>, depth: u32) -> Screen<P> {
    let settings = Settings {
        limits: SearchLimits::depth(depth),
        hash_mb: 1,
        ..Settings::default()
    };
    let mut s = Screen::new(pgn, PieceStyle::Ascii, mono()).with_review(0, settings.clone());
    let game = s.game.game.clone();
    let mut events = Vec::new();
    review_game(&game, &settings, &AtomicBool::new(false), &mut |e| {
        events.push(e);
    });
    for e in events {
        s.update(
            Event::ReviewReport(ReviewReport::Analysis(0, e)),
            Rect::new(0, 0, 100, 30),
        );
    }
    s
}

fn text_at(s: &Screen, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| crate::ui::review::render(f, s)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Issue 35: at 80×24 the explanation of a mistake fell below the panel behind a long
/// "best:" line with no way to read it; the panel scrolls with keys of the keymap, shown
/// in the key line, and a move shown anew starts at the top.
#[test]
fn the_explanation_panel_scrolls_at_80_by_24() {
    let mut s = screen();
    s.update(key(KeyCode::Char('n')), Rect::new(0, 0, 80, 24));
    let ply = s.browser().ply().expect("a mistake");
    let last = {
        let r = s.state.ply(ply).unwrap();
        r.better
            .as_ref()
            .and_then(|b| b.sentences.last())
            .or(r.explanation.sentences.last())
            .map(|l| l.text.clone())
            .unwrap()
    };
    let tail: String = last.split_whitespace().last().unwrap().to_owned();
    let shown = text_at(&s, 80, 24);
    assert!(
        !shown.contains(&tail),
        "the end is below the panel:\n{shown}"
    );
    assert!(shown.contains("Explanation · J more"), "{shown}");
    let mut presses = 0;
    while !text_at(&s, 80, 24).contains(&tail) {
        presses += 1;
        assert!(presses < 10, "{}", text_at(&s, 80, 24));
        press(&mut s, 'J');
    }
    let shown = text_at(&s, 80, 24);
    assert!(!shown.contains("J more"), "at the end:\n{shown}");
    // More presses stay at the end; one K goes back up at once.
    let end = s.scroll;
    press(&mut s, 'J');
    assert_eq!(s.scroll, end);
    press(&mut s, 'K');
    assert!(s.scroll < end);
    // Another move shown starts at the top; the help lists the keys.
    press(&mut s, '.');
    assert_eq!(s.scroll, 0);
    assert!(
        s.keys
            .help(<ReviewAction as crate::keys::Action>::SCREEN)
            .iter()
            .any(|(k, h)| k.contains('J') && h.contains("scroll")),
    );
}

/// Presses `c` on an 80×24 terminal through the shell's [`crate::screen::Screen`] impl (which
/// clamps the panel's scroll to what the drawing holds).
fn press(s: &mut Screen, c: char) {
    let keys = Arc::clone(&s.keys);
    let mut analyses = crate::screen::Analyses::new(Settings::default());
    let mut cx = crate::screen::Context {
        area: Rect::new(0, 0, 80, 24),
        analyses: &mut analyses,
        keys: &keys,
    };
    crate::screen::Screen::update(s, key(KeyCode::Char(c)), &mut cx);
}

fn mono() -> Theme {
    Theme::named("mono", crate::ui::ColorMode::None)
}

fn key(c: KeyCode) -> Event {
    Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
}

fn text(s: &Screen) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| crate::ui::review::render(f, s)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..30)
        .map(|y| {
            (0..100)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Presses `n` (next mistake) until the review stands on 3... Nf6?? (ply 5); earlier plies may
/// also count as inaccuracies (3. Qh5?! does with the tuned evaluation at depth 3).
fn to_the_blunder(s: &mut Screen) {
    let area = Rect::new(0, 0, 100, 30);
    for _ in 0..6 {
        if s.browser().ply() == Some(5) {
            return;
        }
        assert!(s.update(key(KeyCode::Char('n')), area).is_empty());
    }
    assert_eq!(s.browser().ply(), Some(5), "n never reached 3... Nf6??");
}

#[test]
fn the_feedback_key_marks_the_explanation_and_its_better_move() {
    use crate::feedback::{Reply, Work};
    let mut s = screen();
    let area = Rect::new(0, 0, 100, 30);
    // At the start there is no explanation: the key says so.
    s.update(key(KeyCode::Home), area);
    assert!(s.update(key(KeyCode::Char('!')), area).is_empty());
    assert!(text(&s).contains("no explanation at the start position"));
    to_the_blunder(&mut s);
    let fx = s.update(key(KeyCode::Char('!')), area);
    assert_eq!(fx, vec![Effect::Feedback(Work::Check)]);
    assert!(text(&s).contains("feedback: "), "{}", text(&s));
    for c in "u why the queen?".chars() {
        assert!(s.update(key(KeyCode::Char(c)), area).is_empty());
    }
    let fx = s.update(key(KeyCode::Enter), area);
    let [Effect::Feedback(Work::Keep(f))] = fx.as_slice() else {
        panic!("{fx:?}");
    };
    let r = s.state().ply(5).unwrap();
    assert_eq!(f.verdict, Verdict::Unclear);
    assert_eq!(f.note.as_deref(), Some("why the queen?"));
    assert_eq!((f.san.as_str(), f.screen.as_str()), ("Nf6", "review"));
    assert_eq!(f.fen, r.explanation.fen_before);
    let better = r.better.as_ref().expect("a blunder has a better move");
    assert!(
        f.text.contains(&format!("Better: {}", better.san)),
        "{}",
        f.text
    );
    assert_eq!(
        f.claims["better"],
        serde_json::to_value(&better.claims).unwrap()
    );
    s.update(Event::Feedback(Reply::Kept(Ok("kept: Nf6".into()))), area);
    assert!(text(&s).contains("kept: Nf6"));
    // Without a database the prompt closes with the reason.
    s.update(key(KeyCode::Char('!')), area);
    s.update(
        Event::Feedback(Reply::Refused(crate::feedback::needs_db())),
        area,
    );
    let shown = text(&s);
    assert!(!shown.contains("feedback: "), "{shown}");
    assert!(
        shown.contains("feedback is kept in the position database"),
        "{shown}"
    );
}

#[test]
fn jumps_to_the_first_blunder_and_shows_it() {
    let mut s = screen();
    let area = Rect::new(0, 0, 100, 30);
    assert!(text(&s).contains("analysis complete"));
    to_the_blunder(&mut s);
    let screen_text = text(&s);
    assert!(screen_text.contains("3... Nf6??"), "{screen_text}");
    assert!(screen_text.contains("blunder"), "{screen_text}");
    assert!(screen_text.contains("Better: "), "{screen_text}");
    assert!(screen_text.contains("Nf6??"), "{screen_text}");
    // Step, go to a move number, flip, quit.
    s.update(key(KeyCode::Left), area);
    assert_eq!(s.browser().ply(), Some(4));
    s.update(key(KeyCode::Char('g')), area);
    s.update(key(KeyCode::Char('2')), area);
    s.update(key(KeyCode::Enter), area);
    assert_eq!(s.browser().ply(), Some(2));
    s.update(key(KeyCode::End), area);
    assert_eq!(s.browser().cursor, 7);
    s.update(key(KeyCode::Char('f')), area);
    assert!(s.browser().flipped);
    // `?` opens the help (which names `t`); any key closes it without acting.
    s.update(key(KeyCode::Char('?')), area);
    assert!(text(&s).contains("try a better move"));
    assert!(s.update(key(KeyCode::Char('q')), area).is_empty());
    assert!(!text(&s).contains("review keys"));
    assert_eq!(
        s.update(key(KeyCode::Char('q')), area),
        vec![Effect::CloseScreen]
    );
}

/// Issue 35: `n` said "no further mistake" while the other side's were never visited.
#[test]
fn no_further_mistake_of_one_side_names_the_keys_to_the_others() {
    let mut s = screen();
    let area = Rect::new(0, 0, 100, 30);
    s.update(key(KeyCode::Char('w')), area);
    for _ in 0..12 {
        s.update(key(KeyCode::Char('n')), area);
        if s.message.is_some() {
            break;
        }
    }
    let said = s
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(said.starts_with("no further mistake by "), "{said}");
    assert!(said.contains("b: Black's"), "{said}");
    assert!(said.contains("w again: both sides'"), "{said}");
}

#[test]
fn clicks_on_the_graph_and_the_move_list_jump() {
    let mut s = screen();
    let area = Rect::new(0, 0, 100, 30);
    let areas = Areas::new(area);
    let click = |x, y| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    };
    let g = areas.graph.inner(ratatui::layout::Margin::new(1, 1));
    s.update(click(g.x, g.y), area);
    assert_eq!(s.browser().ply(), Some(0));
    let list = areas.moves.inner(ratatui::layout::Margin::new(1, 1));
    // Row 3 of the list is move 3: the left half is White's move, the right half Black's.
    s.update(click(list.x + 8, list.y + 2), area);
    assert_eq!(s.browser().ply(), Some(4));
    s.update(click(list.x + 17, list.y + 2), area);
    assert_eq!(s.browser().ply(), Some(5));
}

#[test]
fn up_down_pick_a_move_and_enter_jumps_there() {
    let mut s = screen();
    let area = Rect::new(0, 0, 100, 30);
    s.update(key(KeyCode::Char('.')), area); // after 1. e4
    s.update(key(KeyCode::Down), area);
    s.update(key(KeyCode::Down), area);
    assert_eq!(s.browser().ply(), Some(0), "the pick alone does not move");
    assert!(text(&s).contains("Qh5"));
    s.update(key(KeyCode::Enter), area);
    assert_eq!(s.browser().ply(), Some(4)); // 3. Qh5
    s.update(key(KeyCode::Up), area);
    s.update(key(KeyCode::Enter), area);
    assert_eq!(s.browser().ply(), Some(2)); // 2. Bc4
    // Enter without a pick does nothing.
    s.update(key(KeyCode::Enter), area);
    assert_eq!(s.browser().ply(), Some(2));
}

/// The try to judge among the effects of an update.
fn try_of(fx: &[Effect]) -> Option<(u64, &TryRequest)> {
    fx.iter().find_map(|e| match e {
        Effect::ReviewWork(ReviewWork::Judge {
            attempt, request, ..
        }) => Some((*attempt, request)),
        _ => None,
    })
}

/// Presses Enter, judges the try it submits synchronously and feeds the verdict back.
fn submit_and_judge(s: &mut Screen) {
    let fx = s.update(key(KeyCode::Enter), Rect::new(0, 0, 100, 30));
    let (attempt, req) = try_of(&fx).expect("a try to judge");
    assert!(matches!(s.learn(), Some(Learn::Judging { .. })));
    let mut memory = crate::engine::SearchMemory::new(1);
    let v = req.judge(&mut memory, &AtomicBool::new(false));
    s.update(
        Event::ReviewReport(ReviewReport::Verdict {
            review: 0,
            attempt,
            verdict: Box::new(v),
        }),
        Rect::new(0, 0, 100, 30),
    );
}

fn type_text(s: &mut Screen, t: &str) {
    for c in t.chars() {
        s.update(key(KeyCode::Char(c)), Rect::new(0, 0, 100, 30));
    }
}

#[test]
fn learn_from_the_blunder_bad_try_retry_good_try_reveal() {
    let mut s = screen();
    let area = Rect::new(0, 0, 100, 30);
    // Not at a mistake: t explains where it works.
    s.update(key(KeyCode::Char('t')), area);
    assert!(s.learn().is_none());
    assert!(text(&s).contains("t works at a mistake"));
    to_the_blunder(&mut s);
    assert!(text(&s).contains("t try a better move"));
    s.update(key(KeyCode::Char('t')), area);
    assert!(matches!(s.learn(), Some(Learn::Prompt { ply: 5, .. })));
    // The board shows the position before 3... Nf6: the knight is still on g8.
    assert!(text(&s).contains("Learn: find a better move than 3... Nf6??"));
    // A move that cannot be played says why and stays in the prompt.
    type_text(&mut s, "Ke6");
    let fx = s.update(key(KeyCode::Enter), area);
    assert!(matches!(
        s.learn(),
        Some(Learn::Prompt { error: Some(_), .. })
    ));
    assert!(try_of(&fx).is_none());
    // Another bad try: 3... a6 still allows Qxf7#.
    for _ in 0..3 {
        s.update(key(KeyCode::Backspace), area);
    }
    type_text(&mut s, "a6");
    submit_and_judge(&mut s);
    match s.learn() {
        Some(Learn::Verdict { good, san, .. }) => {
            assert!(!good);
            assert_eq!(san, "a6");
        }
        other => panic!("{other:?}"),
    }
    assert!(text(&s).contains("a6: not good enough"), "{}", text(&s));
    // Retry with 3... g6 (UCI), which stops the mate.
    s.update(key(KeyCode::Char('t')), area);
    type_text(&mut s, "g7g6");
    submit_and_judge(&mut s);
    assert!(
        matches!(s.learn(), Some(Learn::Verdict { good: true, .. })),
        "{:?}",
        s.learn()
    );
    assert!(text(&s).contains("g6: good!"), "{}", text(&s));
    // Reveal the best move.
    s.update(key(KeyCode::Char('r')), area);
    assert!(s.learn().is_none());
    assert!(text(&s).contains("the best move was"));
}

#[test]
fn a_try_by_clicking_two_squares() {
    let mut s = screen();
    let area = Rect::new(0, 0, 100, 30);
    to_the_blunder(&mut s);
    s.update(key(KeyCode::Char('t')), area);
    let areas = Areas::new(area);
    let click = |sq: Square| {
        let (x, y) = (0..100u16)
            .flat_map(|x| (0..30u16).map(move |y| (x, y)))
            .find(|&(x, y)| areas.board_geometry().square_at(x, y, Color::White) == Some(sq))
            .unwrap();
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    };
    s.update(click(Square::D8), area);
    assert!(matches!(
        s.learn(),
        Some(Learn::Prompt { input, .. }) if input.selected == Some(Square::D8)
    ));
    let fx = s.update(click(Square::E7), area);
    assert!(matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "Qe7"));
    assert!(try_of(&fx).is_some());
}

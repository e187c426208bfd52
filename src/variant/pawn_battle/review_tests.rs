//! Issue 25: the review screen of a Pawn Battle game (board, verdicts, explanations, learn from
//! your mistakes, the keys that have no meaning there).

use super::*;
use crate::variant::pawn_battle::PawnBattle;
use ratatui::crossterm::event::KeyModifiers;
use std::sync::atomic::AtomicBool;

const AREA: Rect = Rect::new(0, 0, 100, 30);

/// A pawn race (tests/pb_review.rs): Black wins it with 1...b5 but plays 1...b6??.
const RACE: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\
                        [Variant \"Pawn Battle\"]\n[SetUp \"1\"]\n\
                        [FEN \"8/1p6/8/8/8/8/6P1/8 b - - 0 1\"]\n\n\
                        1... b6 2. g4 b5 3. g5 b4 4. g6 b3 5. g7 b2 6. g8 1-0\n";

/// The race reviewed at depth 8, where every score is a forced win (as in
/// tests/pb_review.rs), its plies fed to the screen.
fn reviewed() -> Screen<PawnBattle> {
    let pgn = crate::pgn::import_as::<PawnBattle>(RACE)
        .games
        .remove(0)
        .pgn;
    super::tests::reviewed_at(pgn, 8)
}

fn press(s: &mut Screen<PawnBattle>, c: KeyCode) -> Vec<Effect> {
    s.update(Event::Key(KeyEvent::new(c, KeyModifiers::NONE)), AREA)
}

fn text(s: &Screen<PawnBattle>) -> String {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    t.draw(|f| crate::ui::review::render(f, s)).unwrap();
    let buf = t.backend().buffer().clone();
    (0..30)
        .map(|y| (0..100).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_blunder_of_a_pawn_race_is_shown_with_its_explanation() {
    let mut s = reviewed();
    assert!(s.state().is_finished());
    assert!(press(&mut s, KeyCode::Char('n')).is_empty());
    assert_eq!(s.browser().ply(), Some(0));
    let shown = text(&s);
    for part in [
        "Explanation · Pawn Battle",
        "1... b6??",
        "blunder",
        "best: b5",
        "Better: b5",
        "analysis complete",
        "White to move",
    ] {
        assert!(shown.contains(part), "{part:?} missing:\n{shown}");
    }
    // The score column and the best move's score read as Pawn Battle's forced wins (W5:
    // White wins in five), never as chess's mates (#5), as the eval bar writes them.
    assert!(
        shown.contains("b6??  W5") && shown.contains("best: b5 (L"),
        "{shown}"
    );
    assert!(!shown.contains('#'), "{shown}");
    // No opening in Pawn Battle; the mark in the move list; browse to the end.
    assert!(!shown.contains("Opening:"), "{shown}");
    assert!(shown.contains("b6??"), "{shown}");
    press(&mut s, KeyCode::End);
    assert_eq!(s.browser().ply(), Some(9));
    assert!(text(&s).contains("6. g8"), "{}", text(&s));
    press(&mut s, KeyCode::Char('f'));
    assert!(s.browser().flipped);
}

#[test]
fn the_external_analyst_says_why_not_and_a_opens_the_board() {
    let mut s = reviewed();
    assert!(press(&mut s, KeyCode::Char('e')).is_empty());
    assert!(
        s.analyst().is_builtin(),
        "Stockfish does not play Pawn Battle"
    );
    assert!(s.state().is_finished(), "the review is kept");
    assert!(
        text(&s).contains("no external engine plays Pawn Battle"),
        "{}",
        text(&s)
    );
    assert!(matches!(
        press(&mut s, KeyCode::Char('a')).as_slice(),
        [Effect::Open(board)]
            if board.0.kind() == crate::screen::Kind::AnalysisBoard(crate::variant::Variant::PawnBattle)
    ));
}

#[test]
fn learn_from_a_pawn_battle_mistake() {
    let mut s = reviewed();
    press(&mut s, KeyCode::Char('n'));
    press(&mut s, KeyCode::Char('t'));
    assert!(matches!(s.learn(), Some(Learn::Prompt { ply: 0, .. })));
    assert!(text(&s).contains("Learn: find a better move than 1... b6??"));
    // A king move is no Pawn Battle move: the error says so, and the prompt stays.
    for c in "Kb8".chars() {
        press(&mut s, KeyCode::Char(c));
    }
    assert!(press(&mut s, KeyCode::Enter).is_empty());
    assert!(matches!(
        s.learn(),
        Some(Learn::Prompt { error: Some(_), .. })
    ));
    for _ in 0..3 {
        press(&mut s, KeyCode::Backspace);
    }
    for c in "b7b5".chars() {
        press(&mut s, KeyCode::Char(c));
    }
    let fx = press(&mut s, KeyCode::Enter);
    let Some(Effect::ReviewWork(ReviewWork::Judge {
        attempt, request, ..
    })) = fx.first()
    else {
        panic!("the try is handed out: {fx:?}");
    };
    assert!(matches!(request, TryRequest::PawnBattle(_)));
    assert!(matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "b5"));
    let verdict = request.judge(
        &mut crate::engine::SearchMemory::new(1),
        &AtomicBool::new(false),
    );
    s.update(
        Event::ReviewReport(ReviewReport::Verdict {
            review: 0,
            attempt: *attempt,
            verdict: Box::new(verdict),
        }),
        AREA,
    );
    assert!(
        matches!(s.learn(), Some(Learn::Verdict { good: true, .. })),
        "{:?}",
        s.learn()
    );
    assert!(text(&s).contains("b5: good!"), "{}", text(&s));
}

use super::learn_mode::prompt;
use super::*;
use ratatui::crossterm::event::KeyModifiers;
use shakmaty::Square;

const AREA: Rect = Rect::new(0, 0, 100, 30);

/// A screen on `pgn`, learning at `ply` (no analysis needed: the prompt is opened directly).
fn learning(pgn: &str, ply: usize) -> Screen {
    let game = crate::pgn::import(pgn).games.remove(0).pgn;
    let mut s = Screen::new(
        game,
        PieceStyle::Ascii,
        Theme::named("mono", crate::ui::ColorMode::None),
    );
    s.learn = Some(prompt(ply, None));
    s
}

fn click(s: &mut Screen, sq: Square) {
    let areas = Areas::new(AREA);
    let (x, y) = (0..100u16)
        .flat_map(|x| (0..30u16).map(move |y| (x, y)))
        .find(|&(x, y)| areas.board_geometry().square_at(x, y, Color::White) == Some(sq))
        .unwrap();
    s.update(
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        }),
        AREA,
    );
}

const CASTLE: &str = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 *\n";

#[test]
fn castling_by_clicking_the_king_then_its_destination_or_its_rook() {
    for to in [Square::G1, Square::H1] {
        let mut s = learning(CASTLE, 6);
        click(&mut s, Square::E1);
        click(&mut s, to);
        assert!(
            matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "O-O"),
            "e1 then {to}: {:?}",
            s.learn()
        );
    }
}

const PROMOTE: &str = "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8=Q *\n";

#[test]
fn a_click_in_the_promotion_picker_chooses() {
    let mut s = learning(PROMOTE, 0);
    click(&mut s, Square::A7);
    click(&mut s, Square::A8);
    let rook = Areas::new(AREA).board_geometry().promotion_choices(AREA)[1];
    s.update(
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: rook.x + 1,
            row: rook.y,
            modifiers: KeyModifiers::NONE,
        }),
        AREA,
    );
    assert!(
        matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "a8=R+"),
        "{:?}",
        s.learn()
    );
}

#[test]
fn a_promotion_by_clicks_opens_the_picker() {
    let mut s = learning(PROMOTE, 0);
    click(&mut s, Square::A7);
    click(&mut s, Square::A8);
    assert!(
        !matches!(s.learn(), Some(Learn::Judging { .. })),
        "a promotion must not become a queen silently: {:?}",
        s.learn()
    );
    // The picker is drawn over the review's board, with its keys on the bottom line.
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    t.draw(|f| crate::ui::review::render(f, &s)).unwrap();
    let buf = t.backend().buffer().clone();
    let screen: String = (0..30)
        .map(|y| {
            (0..100)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect::<String>()
                + "\n"
        })
        .collect();
    for shown in [
        "Promote to",
        "Q Q",
        "R R",
        "B B",
        "N N",
        &crate::ui::status::promotion_keys(&crate::keys::Keymaps::defaults()),
    ] {
        assert!(screen.contains(shown), "{shown:?} missing:\n{screen}");
    }
    s.update(
        Event::Key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE)),
        AREA,
    );
    assert!(
        matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "a8=N"),
        "{:?}",
        s.learn()
    );
}

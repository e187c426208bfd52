//! Whole-screen snapshots (insta) of the review screen at 80×24 and 120×40, before the analysis
//! has reported (so they depend on neither the engine nor the explanation texts): the board
//! after the last move, the move list, "not analysed yet", the empty graph and the progress bar.

use insta::assert_snapshot;
use kibitzer::config::PieceStyle;
use kibitzer::review::screen::{Input, Screen};
use kibitzer::ui::{ColorMode, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

fn text(screen: &Screen, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| screen.render(f)).unwrap();
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
        screen.update(
            Input::Key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE)),
            area,
        );
        assert_snapshot!(format!("review_{w}x{h}"), text(&screen, w, h));
    }
}

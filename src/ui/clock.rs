//! The clocks beside the board: the side at the top of the board above it, the side at the
//! bottom below the file labels; the running clock highlighted, tenths under ten seconds.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{Layout, Theme};
use crate::app::{App, color_name};

/// The rows the clocks use: above the board and below its file labels (`None` when the
/// terminal leaves no row there).
#[must_use]
pub fn rows(layout: &Layout) -> (Option<Rect>, Option<Rect>) {
    let board = layout.board;
    let width = board.width + 3;
    let top = (board.y > layout.area.y).then(|| Rect::new(board.x - 3, board.y - 1, width, 1));
    let below = board.bottom() + 1;
    let bottom = (below < layout.status.y).then(|| Rect::new(board.x - 3, below, width, 1));
    (top, bottom)
}

/// Draws both clocks when the game is timed.
pub fn draw(frame: &mut Frame, layout: &Layout, app: &App, theme: &Theme) {
    let Some(clock) = app.clock.as_ref() else {
        return;
    };
    let now = app.time.now();
    let (top, bottom) = rows(layout);
    for (area, color) in [(top, !app.orientation), (bottom, app.orientation)] {
        let Some(area) = area else { continue };
        let running = clock.running() && clock.turn() == color;
        let face = crate::clock::face(clock.remaining(color, now));
        let style = if running {
            theme
                .fg("accent")
                .add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            theme.fg("text")
        };
        let who = if color == app.human { "you" } else { "engine" };
        let line = Line::from(vec![
            Span::raw(" "),
            Span::styled(format!(" {face} "), style),
            Span::styled(format!(" {} ({who})", color_name(color)), theme.fg("dim")),
        ]);
        frame.render_widget(Paragraph::new(line), area);
    }
}

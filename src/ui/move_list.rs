//! The move list widget, shared by every screen that lists a game's moves: numbered SAN pairs,
//! the current ply highlighted and a picked one underlined, scrolled to keep them visible, and
//! the ply under a click ([`MoveListView::ply_at`]).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use shakmaty::Color;

use super::{Theme, panel};
use crate::app::{App, Playable};

/// The rows of the move list: (move number, white's move index, black's move index), where an
/// index is a ply index into the game's moves.
pub fn rows(
    first_number: u32,
    black_first: bool,
    count: usize,
) -> Vec<(u32, Option<usize>, Option<usize>)> {
    let mut rows = Vec::new();
    let mut i = 0;
    let mut number = first_number;
    if black_first && count > 0 {
        rows.push((number, None, Some(0)));
        i = 1;
        number += 1;
    }
    while i < count {
        let black = (i + 1 < count).then_some(i + 1);
        rows.push((number, Some(i), black));
        i += 2;
        number += 1;
    }
    rows
}

/// What a move list shows: every ply's text and style, which ply is current and which is
/// picked (a keyboard pick before jumping there), and how wide a move's cell is.
#[derive(Debug, Clone)]
pub struct MoveListView {
    /// The number of the first move.
    pub first_number: u32,
    /// The game starts with Black to move.
    pub black_first: bool,
    /// Each ply's text (SAN, with a mark if any) and style.
    pub moves: Vec<(String, Style)>,
    /// The ply on the board (highlighted; kept visible).
    pub current: Option<usize>,
    /// A ply picked in the list (underlined; kept visible before the current one).
    pub picked: Option<usize>,
    /// Without a current ply, show the last moves rather than the first.
    pub follow_end: bool,
    /// Width of a move's cell.
    pub cell_width: usize,
}

/// Width of the move-number column (`" 12. "`).
const NUMBER_WIDTH: u16 = 5;

impl MoveListView {
    /// The rows of the list.
    pub fn rows(&self) -> Vec<(u32, Option<usize>, Option<usize>)> {
        rows(self.first_number, self.black_first, self.moves.len())
    }

    /// The first row shown in `height` rows, so that the picked (else the current) ply stays
    /// visible.
    pub fn first_row(&self, height: u16) -> usize {
        let rows = self.rows();
        let height = usize::from(height.max(1));
        let focus = self.picked.or(self.current);
        let focus_row = rows
            .iter()
            .position(|&(_, w, b)| focus.is_some_and(|c| w == Some(c) || b == Some(c)));
        match focus_row {
            Some(r) => (r + 1).saturating_sub(height),
            None if self.follow_end => rows.len().saturating_sub(height),
            None => 0,
        }
    }

    /// The ply under a click at (`x`, `y`) inside the list's `inner` area (without its border):
    /// the left half of a row is White's move, the right half Black's.
    pub fn ply_at(&self, inner: Rect, x: u16, y: u16) -> Option<usize> {
        if !inner.contains(ratatui::layout::Position::new(x, y)) {
            return None;
        }
        let rows = self.rows();
        let row = rows.get(self.first_row(inner.height) + usize::from(y - inner.y))?;
        let white_end = NUMBER_WIDTH + u16::try_from(self.cell_width).unwrap_or(u16::MAX);
        if x - inner.x < white_end {
            row.1
        } else {
            row.2
        }
    }
}

/// Draws the move list panel for `app`.
pub fn draw<P: Playable>(frame: &mut Frame, area: Rect, app: &App<P>, theme: &Theme) {
    let text = theme.fg("text");
    let view = MoveListView {
        first_number: app.game.first_move_number(),
        black_first: app.game.start_position().turn() == Color::Black,
        moves: app
            .game
            .moves()
            .iter()
            .map(|m| (crate::i18n::san(&m.san.to_string()).into_owned(), text))
            .collect(),
        current: app.shown_ply().checked_sub(1),
        picked: None,
        follow_end: !app.browsing(),
        cell_width: 8,
    };
    draw_view(frame, area, &view, theme);
}

/// Draws `view` in a panel titled "Moves".
pub fn draw_view(frame: &mut Frame, area: Rect, view: &MoveListView, theme: &Theme) {
    let block = panel(&crate::i18n::t("panel-moves"), theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let width = view.cell_width;
    let cell = |index: Option<usize>| -> Span<'static> {
        match index.and_then(|i| view.moves.get(i).map(|m| (i, m))) {
            Some((i, (san, style))) => {
                let mut style = if view.current == Some(i) {
                    theme.selected()
                } else {
                    *style
                };
                if view.picked == Some(i) {
                    style = style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
                }
                Span::styled(format!("{san:<width$}"), style)
            }
            None => Span::styled(format!("{:<width$}", "…"), theme.fg("dim")),
        }
    };
    let lines: Vec<Line> = view
        .rows()
        .into_iter()
        .skip(view.first_row(inner.height))
        .take(usize::from(inner.height))
        .map(|(number, w, b)| {
            let mut spans = vec![
                Span::styled(format!("{number:>3}. "), theme.fg("dim")),
                cell(w),
            ];
            if b.is_some() {
                spans.push(Span::raw(" "));
                spans.push(cell(b));
            }
            Line::from(spans)
        })
        .collect();
    if lines.is_empty() {
        frame.render_widget(
            Paragraph::new(Line::styled(crate::i18n::t("moves-none"), theme.fg("dim"))),
            inner,
        );
    } else {
        frame.render_widget(Paragraph::new(lines), inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_pair_moves_and_handle_black_first() {
        assert_eq!(rows(1, false, 0), vec![]);
        assert_eq!(
            rows(1, false, 3),
            vec![(1, Some(0), Some(1)), (2, Some(2), None)]
        );
        assert_eq!(
            rows(7, true, 2),
            vec![(7, None, Some(0)), (8, Some(1), None)]
        );
    }
}

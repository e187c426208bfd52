//! The move list: numbered SAN pairs, the shown ply highlighted, scrolled to keep it visible.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use shakmaty::{Color, Position};

use super::{Theme, title_style};
use crate::app::App;

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

/// Draws the move list panel.
pub fn draw(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.fg("border"))
        .title(Span::styled(" Moves ", title_style(theme)));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let moves = app.game.moves();
    let black_first = app.game.start_position().turn() == Color::Black;
    let rows = rows(app.game.first_move_number(), black_first, moves.len());
    let current = app.shown_ply().checked_sub(1);
    let current_row = rows
        .iter()
        .position(|&(_, w, b)| current.is_some_and(|c| w == Some(c) || b == Some(c)));
    let height = usize::from(inner.height);
    let first = match current_row {
        Some(r) if r >= height => r + 1 - height,
        Some(_) => 0,
        None if rows.len() > height && !app.browsing() => rows.len() - height,
        None => 0,
    };
    let text = theme.fg("text");
    let highlight = theme.selected();
    let cell = |index: Option<usize>| -> Span<'static> {
        match index {
            Some(i) => {
                let san = format!("{:<8}", moves[i].san.to_string());
                let style = if current == Some(i) { highlight } else { text };
                Span::styled(san, style)
            }
            None => Span::styled(format!("{:<8}", "…"), theme.fg("dim")),
        }
    };
    let lines: Vec<Line> = rows
        .iter()
        .skip(first)
        .take(height)
        .map(|&(number, w, b)| {
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
            Paragraph::new(Line::styled("no moves yet", theme.fg("dim"))),
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

//! The evaluation graph of a reviewed game: a pure ratatui widget. Each column shows White's
//! winning chances after a ply (above the middle line: White is better; below: Black), the
//! current ply is highlighted, and plies not analysed yet show a dot on the middle line.
//! [`EvalGraph::ply_at`] maps a column back to a ply, so that a click jumps there.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

/// The graph: `values[i]` is White's winning chances (`-1..=1`) after ply `i`, `None` while
/// the ply is not analysed.
#[derive(Debug, Clone, Copy)]
pub struct EvalGraph<'a> {
    values: &'a [Option<f64>],
    current: Option<usize>,
    colors: GraphColors,
}

/// The graph's colours (a screen takes them from its theme).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraphColors {
    /// Bars of White's advantage.
    pub white: Color,
    /// Bars of Black's advantage and the middle line.
    pub black: Color,
    /// The current ply's column.
    pub current: Color,
}

impl Default for GraphColors {
    fn default() -> Self {
        GraphColors {
            white: Color::White,
            black: Color::DarkGray,
            current: Color::Yellow,
        }
    }
}

impl<'a> EvalGraph<'a> {
    /// A graph of `values` with no ply marked.
    #[must_use]
    pub fn new(values: &'a [Option<f64>]) -> EvalGraph<'a> {
        EvalGraph {
            values,
            current: None,
            colors: GraphColors::default(),
        }
    }

    /// Draws with these colours.
    #[must_use]
    pub fn colors(mut self, colors: GraphColors) -> EvalGraph<'a> {
        self.colors = colors;
        self
    }

    /// Marks the ply being viewed.
    #[must_use]
    pub fn current(mut self, ply: Option<usize>) -> EvalGraph<'a> {
        self.current = ply;
        self
    }

    /// The ply shown in column `x` of `area` (for mouse clicks), `None` outside the graph.
    ///
    /// ```
    /// use ratatui::layout::Rect;
    /// use kibitzer::review::graph::EvalGraph;
    /// let values = [Some(0.1); 4];
    /// let g = EvalGraph::new(&values);
    /// let area = Rect::new(10, 0, 8, 4);
    /// assert_eq!(g.ply_at(area, 10), Some(0));
    /// assert_eq!(g.ply_at(area, 17), Some(3));
    /// assert_eq!(g.ply_at(area, 18), None);
    /// ```
    #[must_use]
    pub fn ply_at(&self, area: Rect, x: u16) -> Option<usize> {
        if x < area.x || x >= area.x + area.width || self.values.is_empty() {
            return None;
        }
        Some(column_ply(x - area.x, area.width, self.values.len()))
    }
}

/// The ply a column shows: plies are spread evenly over the width (several columns per ply in
/// a short game, several plies per column — the last one wins — in a long one).
fn column_ply(col: u16, width: u16, plies: usize) -> usize {
    ((usize::from(col) * plies) / usize::from(width.max(1))).min(plies - 1)
}

impl Widget for EvalGraph<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() || self.values.is_empty() {
            return;
        }
        let h = i32::from(area.height);
        // Rows above the middle line hold White's share; the middle row is row `mid`.
        let mid = h / 2;
        let half = f64::from(mid.max(1));
        for col in 0..area.width {
            let ply = column_ply(col, area.width, self.values.len());
            let x = area.x + col;
            let marked = self.current == Some(ply);
            let base = if marked {
                Style::default()
                    .fg(self.colors.current)
                    .add_modifier(Modifier::BOLD)
            } else {
                Style::default()
            };
            for row in 0..h {
                let y = area.y + row as u16;
                let (symbol, style) = match self.values[ply] {
                    None => (if row == mid { "·" } else { " " }, base),
                    Some(v) => {
                        let cells = (v.clamp(-1.0, 1.0) * half).round() as i32;
                        let filled = if cells > 0 {
                            row < mid && row >= mid - cells
                        } else if cells < 0 {
                            row > mid && row <= mid - cells
                        } else {
                            false
                        };
                        if filled {
                            let fg = if cells > 0 {
                                self.colors.white
                            } else {
                                self.colors.black
                            };
                            ("█", if marked { base } else { base.fg(fg) })
                        } else if row == mid {
                            (
                                "─",
                                if marked {
                                    base
                                } else {
                                    base.fg(self.colors.black)
                                },
                            )
                        } else {
                            (" ", base)
                        }
                    }
                };
                if let Some(cell) = buf.cell_mut((x, y)) {
                    cell.set_symbol(symbol).set_style(style);
                }
            }
            if marked && let Some(cell) = buf.cell_mut((x, area.y + mid as u16)) {
                cell.set_symbol("┼");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn lines(values: &[Option<f64>], current: Option<usize>, w: u16, h: u16) -> Vec<String> {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| {
            f.render_widget(EvalGraph::new(values).current(current), f.area());
        })
        .unwrap();
        let buf = t.backend().buffer().clone();
        (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_owned()).collect())
            .collect()
    }

    #[test]
    fn bars_above_for_white_below_for_black() {
        // Five rows: two above the middle line, two below.
        let values = [
            Some(1.0),
            Some(0.5),
            Some(0.0),
            Some(-0.5),
            Some(-1.0),
            None,
        ];
        assert_eq!(
            lines(&values, Some(2), 6, 5),
            vec!["█     ", "██    ", "──┼──·", "   ██ ", "    █ ",]
        );
    }

    #[test]
    fn the_marked_ply_is_highlighted_and_columns_map_back() {
        let values = [Some(0.2); 3];
        let mut t = Terminal::new(TestBackend::new(6, 3)).unwrap();
        t.draw(|f| {
            f.render_widget(EvalGraph::new(&values).current(Some(1)), f.area());
        })
        .unwrap();
        let buf = t.backend().buffer();
        assert_eq!(buf[(2, 0)].fg, Color::Yellow);
        assert_eq!(buf[(0, 0)].fg, Color::Reset);
        let g = EvalGraph::new(&values);
        let area = Rect::new(0, 0, 6, 3);
        let plies: Vec<Option<usize>> = (0..7).map(|x| g.ply_at(area, x)).collect();
        assert_eq!(
            plies,
            vec![Some(0), Some(0), Some(1), Some(1), Some(2), Some(2), None]
        );
    }

    #[test]
    fn tiny_or_empty_areas_do_not_panic() {
        assert_eq!(lines(&[], None, 3, 1), vec!["   "]);
        assert_eq!(lines(&[Some(0.3)], Some(0), 1, 1), vec!["┼"]);
    }
}

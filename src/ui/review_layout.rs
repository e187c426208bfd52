//! The review screen's layout: [`Areas`], shared by the drawing ([`super::review`]) and the
//! model's mouse hit-testing ([`crate::review::screen`]). Apart from the drawing so that the
//! model can hit-test without importing the widget that reads it.

use ratatui::layout::{Constraint, Direction, Layout, Rect};

use crate::ui::board::BoardGeometry;

/// The areas of the screen, shared by drawing and mouse hit-testing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    /// The board with its labels.
    pub board: Rect,
    /// The move list.
    pub moves: Rect,
    /// The explanation panel.
    pub panel: Rect,
    /// The evaluation graph.
    pub graph: Rect,
    /// The progress bar.
    pub progress: Rect,
    /// The help or prompt line.
    pub help: Rect,
}

impl Areas {
    /// Splits the screen.
    #[must_use]
    pub fn new(area: Rect) -> Areas {
        let rows = Layout::default()
            .direction(Direction::Vertical)
            .constraints([
                Constraint::Min(10),
                Constraint::Length(6),
                Constraint::Length(1),
                Constraint::Length(1),
            ])
            .split(area);
        let top = Layout::default()
            .direction(Direction::Horizontal)
            .constraints([
                Constraint::Length(28),
                Constraint::Length(24),
                Constraint::Min(20),
            ])
            .split(rows[0]);
        Areas {
            board: top[0],
            moves: top[1],
            panel: top[2],
            graph: rows[1],
            progress: rows[2],
            help: rows[3],
        }
    }

    /// Where the board's squares are (three cells wide, one high, after the rank labels).
    #[must_use]
    pub fn board_geometry(&self) -> BoardGeometry {
        BoardGeometry {
            board: Rect::new(self.board.x + 2, self.board.y, 24, 8).intersection(self.board),
            square_w: 3,
            square_h: 1,
        }
    }
}

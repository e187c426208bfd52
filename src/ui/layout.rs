//! Where things go on the terminal, from its size alone: [`Layout`] (play's screen), the
//! board's [`BoardGeometry`] (squares ↔ cells, the promotion picker's place) and [`step`] (a
//! cursor move as the board is seen). Shared by drawing and by the models' mouse and cursor
//! handling, so it depends on no screen.

use ratatui::layout::{Position, Rect};
use shakmaty::{Color, File, Rank, Square};

/// The smallest terminal that gets a board.
pub const MIN_WIDTH: u16 = 62;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 19;
/// The narrowest right column.
pub(crate) const RIGHT_MIN: u16 = 28;
/// Rows of the status area (message line and key hints).
const STATUS_ROWS: u16 = 2;
/// Columns the evaluation bar takes between the board and the right column (a space, the bar
/// two cells wide); its score is written under or over it, four characters at most.
const EVAL_BAR_COLUMNS: u16 = 2;

/// Where everything goes for one terminal size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The whole terminal.
    pub area: Rect,
    /// The terminal is below the minimum: only a message is drawn.
    pub too_small: bool,
    /// The 8×8 squares (without labels).
    pub board: Rect,
    /// The evaluation bar beside the board (empty when it is off or the terminal too narrow).
    pub eval_bar: Rect,
    /// Width of a square in cells.
    pub square_w: u16,
    /// Height of a square in cells.
    pub square_h: u16,
    /// The move list panel.
    pub moves: Rect,
    /// The explanation panel.
    pub explanation: Rect,
    /// The engine panel.
    pub engine: Rect,
    /// The status line (messages, prompt).
    pub status: Rect,
    /// The key hints line.
    pub keys: Rect,
}

impl Layout {
    /// Lays out a terminal of `area`'s size, without the evaluation bar.
    pub fn new(area: Rect) -> Layout {
        Layout::with_eval_bar(area, false)
    }

    /// Lays out a terminal of `area`'s size, with the evaluation bar beside the board when
    /// `eval_bar` asks for it and the right column keeps its minimum width beside it (the
    /// squares are sized as without it, so the board never shrinks for the bar).
    pub fn with_eval_bar(area: Rect, eval_bar: bool) -> Layout {
        let empty = Rect::new(area.x, area.y, 0, 0);
        let mut layout = Layout {
            area,
            too_small: area.width < MIN_WIDTH || area.height < MIN_HEIGHT,
            board: empty,
            eval_bar: empty,
            square_w: 0,
            square_h: 0,
            moves: empty,
            explanation: empty,
            engine: empty,
            status: empty,
            keys: empty,
        };
        if layout.too_small {
            return layout;
        }
        let main_h = area.height - STATUS_ROWS;
        // Squares twice as wide as tall look square in a usual terminal font. Leave one row for
        // file labels and three columns for rank labels and a margin.
        let mut sh = 1;
        while 8 * (sh + 1) < main_h && 16 * (sh + 1) + 4 + RIGHT_MIN <= area.width {
            sh += 1;
        }
        let sw = 2 * sh;
        let board_h = 8 * sh;
        let top = area.y + (main_h - board_h - 1) / 2;
        layout.square_w = sw;
        layout.square_h = sh;
        layout.board = Rect::new(area.x + 3, top, 8 * sw, board_h);
        let mut right_x = layout.board.right() + 2;
        if eval_bar && area.right() >= right_x + EVAL_BAR_COLUMNS + 1 + RIGHT_MIN {
            layout.eval_bar = Rect::new(layout.board.right() + 1, top, EVAL_BAR_COLUMNS, board_h);
            right_x += EVAL_BAR_COLUMNS + 1;
        }
        let right = Rect::new(right_x, area.y, area.right() - right_x, main_h);
        let moves_h = (main_h * 2 / 5).max(5);
        let engine_h = ((main_h - moves_h) / 2).max(5);
        let expl_h = main_h - moves_h - engine_h;
        layout.moves = Rect::new(right.x, right.y, right.width, moves_h);
        layout.explanation = Rect::new(right.x, right.y + moves_h, right.width, expl_h);
        layout.engine = Rect::new(right.x, right.y + moves_h + expl_h, right.width, engine_h);
        layout.status = Rect::new(area.x, area.y + main_h, area.width, 1);
        layout.keys = Rect::new(area.x, area.y + main_h + 1, area.width, 1);
        layout
    }

    /// The board's squares and their size.
    pub fn board_geometry(&self) -> BoardGeometry {
        BoardGeometry {
            board: self.board,
            square_w: self.square_w,
            square_h: self.square_h,
        }
    }

    /// The square under a terminal cell, for a board with `bottom` at the bottom.
    pub fn square_at(&self, column: u16, row: u16, bottom: Color) -> Option<Square> {
        if self.too_small {
            return None;
        }
        self.board_geometry().square_at(column, row, bottom)
    }

    /// The promotion picker dialog (centred on the board).
    pub fn promotion_picker(&self) -> Rect {
        self.board_geometry().promotion_picker(self.area)
    }

    /// The cells of each promotion choice inside the picker.
    pub fn promotion_choices(&self) -> [Rect; 4] {
        self.board_geometry().promotion_choices(self.area)
    }

    /// The cells of a square, for a board with `bottom` at the bottom.
    pub fn square_rect(&self, sq: Square, bottom: Color) -> Rect {
        self.board_geometry().square_rect(sq, bottom)
    }
}

/// The square `right` files and `up` ranks from `sq` as a board with `bottom` at the bottom
/// shows them (a cursor step), stopping at the edge.
///
/// ```
/// use kibitzer::ui::layout::step;
/// use shakmaty::{Color, Square};
/// assert_eq!(step(Square::E2, 1, 1, Color::White), Square::F3);
/// assert_eq!(step(Square::E2, 1, 1, Color::Black), Square::D1);
/// assert_eq!(step(Square::H8, 3, 3, Color::White), Square::H8);
/// ```
#[must_use]
pub fn step(sq: Square, right: i32, up: i32, bottom: Color) -> Square {
    let (right, up) = match bottom {
        Color::White => (right, up),
        Color::Black => (-right, -up),
    };
    let file = (i32::from(u8::from(sq.file())) + right).clamp(0, 7);
    let rank = (i32::from(u8::from(sq.rank())) + up).clamp(0, 7);
    // clamp(0, 7) keeps both in range, so the conversions cannot fail.
    Square::from_coords(
        shakmaty::File::new(u32::try_from(file).unwrap_or(0)),
        shakmaty::Rank::new(u32::try_from(rank).unwrap_or(0)),
    )
}

/// Where a board is drawn: the 8×8 squares (without labels) and the size of a square. The one
/// place that turns squares into cells and back, so a click lands on the square drawn there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardGeometry {
    /// The squares.
    pub board: Rect,
    /// Width of a square in cells.
    pub square_w: u16,
    /// Height of a square in cells.
    pub square_h: u16,
}

impl BoardGeometry {
    /// The square under a terminal cell, for a board with `bottom` at the bottom.
    pub fn square_at(&self, column: u16, row: u16, bottom: Color) -> Option<Square> {
        if self.square_w == 0
            || self.square_h == 0
            || !self.board.contains(Position::new(column, row))
        {
            return None;
        }
        let fx = u32::from((column - self.board.x) / self.square_w).min(7);
        let fy = u32::from((row - self.board.y) / self.square_h).min(7);
        let (file, rank) = match bottom {
            Color::White => (fx, 7 - fy),
            Color::Black => (7 - fx, fy),
        };
        Some(Square::from_coords(File::new(file), Rank::new(rank)))
    }

    /// The cells of a square, for a board with `bottom` at the bottom.
    pub fn square_rect(&self, sq: Square, bottom: Color) -> Rect {
        let (file, rank) = (
            u16::from(u8::from(sq.file())),
            u16::from(u8::from(sq.rank())),
        );
        let (col, row) = match bottom {
            Color::White => (file, 7 - rank),
            Color::Black => (7 - file, rank),
        };
        Rect::new(
            self.board.x + col * self.square_w,
            self.board.y + row * self.square_h,
            self.square_w,
            self.square_h,
        )
    }

    /// The promotion picker dialog: centred on the board, inside `area` (the screen).
    pub fn promotion_picker(&self, area: Rect) -> Rect {
        let (w, h) = (28, 3);
        let centre = |start: u16, len: u16, size: u16| match len.checked_sub(size) {
            Some(room) => start + room / 2,
            None => (start + len / 2).saturating_sub(size / 2),
        };
        let x = centre(self.board.x, self.board.width, w);
        let y = centre(self.board.y, self.board.height, h);
        Rect::new(x.max(area.x), y.max(area.y), w, h).intersection(area)
    }

    /// The cells of each promotion choice (in [`crate::app::PROMOTION_ROLES`] order) inside
    /// the picker.
    pub fn promotion_choices(&self, area: Rect) -> [Rect; 4] {
        let picker = self.promotion_picker(area);
        let y = picker.y + 1;
        let start = picker.x + 2;
        std::array::from_fn(|i| Rect::new(start + 6 * i as u16, y, 5, 1).intersection(picker))
    }
}

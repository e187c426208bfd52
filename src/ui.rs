//! Drawing: [`render`] turns an immutable [`App`] into a frame. [`Layout`] is computed from the
//! terminal size alone and shared by drawing and mouse hit-testing, so a click always lands on
//! the square that was drawn there.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};
use shakmaty::{Color, Move, Square};

use crate::app::{App, Playable};
use crate::variant::VariantPosition;

pub mod analysis_board;
pub mod board;
pub mod clock;
pub mod dialogs;
pub mod editor;
pub mod eval_bar;
pub mod explanation;
pub mod marks;
pub mod move_list;
pub mod status;
pub mod theme;

pub use theme::{ColorMode, Theme};

/// The smallest terminal that gets a board.
pub const MIN_WIDTH: u16 = 62;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 19;
/// The narrowest right column.
const RIGHT_MIN: u16 = 28;
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
    pub fn board_geometry(&self) -> board::BoardGeometry {
        board::BoardGeometry {
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

/// Draws the whole screen for `app` with `theme`.
pub fn render<P: Playable>(frame: &mut Frame, app: &App<P>, theme: &Theme) {
    let area = frame.area();
    let layout = Layout::with_eval_bar(area, app.config.ui.eval_bar);
    if layout.too_small {
        draw_too_small(frame, area, theme);
        return;
    }
    board::draw(frame, &layout, app, theme);
    eval_bar::draw(frame, &layout, app, theme);
    clock::draw(frame, &layout, app, theme);
    move_list::draw(frame, layout.moves, app, theme);
    explanation::draw(frame, layout.explanation, app, theme);
    explanation::draw_engine(frame, layout.engine, app, theme);
    status::draw(frame, &layout, app, theme);
    dialogs::draw(frame, &layout, app, theme);
}

pub(crate) fn draw_too_small(frame: &mut Frame, area: Rect, theme: &Theme) {
    frame.render_widget(Clear, area);
    let lines = vec![
        Line::from(format!(
            "enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT}"
        ))
        .style(theme.error()),
        Line::from(format!("(it is {}×{}; q quits)", area.width, area.height))
            .style(theme.fg("dim")),
    ];
    let y = area.y + area.height.saturating_sub(2) / 2;
    let rect = Rect::new(area.x, y, area.width, 2.min(area.height)).intersection(area);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(ratatui::layout::Alignment::Center)
            .wrap(ratatui::widgets::Wrap { trim: true }),
        rect,
    );
}

/// How many plies of an engine's line the play screen and the analysis board show: the tail of a
/// principal variation comes from ever shallower searches (`scripts/opening_lines.py` judges the
/// moves within these plies).
pub const SHOWN_LINE_PLIES: usize = 8;

/// A line of moves in SAN with move numbers, played from `root` (stops at the first move that is
/// not legal, which a stale or corrupt line could contain).
pub fn line_san<P: VariantPosition>(root: &P, pv: &[Move], max_moves: usize) -> String {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for (i, &mv) in pv.iter().take(max_moves).enumerate() {
        if !pos.is_legal(mv) {
            break;
        }
        let number = pos.fullmoves();
        if pos.turn() == shakmaty::Color::White {
            out.push(format!("{number}."));
        } else if i == 0 {
            out.push(format!("{number}…"));
        }
        out.push(pos.play_san(mv).to_string());
    }
    out.join(" ")
}

/// A bordered panel titled `title` (the move list, the explanation, the engine's thinking).
pub fn panel<'a>(title: &str, theme: &Theme) -> ratatui::widgets::Block<'a> {
    ratatui::widgets::Block::new()
        .borders(ratatui::widgets::Borders::ALL)
        .border_style(theme.fg("border"))
        .title(ratatui::text::Span::styled(
            format!(" {title} "),
            title_style(theme),
        ))
}

/// Bold text in the accent colour, for titles.
pub(crate) fn title_style(theme: &Theme) -> ratatui::style::Style {
    theme.fg("accent").add_modifier(Modifier::BOLD)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_sizes_squares_to_the_terminal() {
        let small = Layout::new(Rect::new(0, 0, 80, 24));
        assert!(!small.too_small);
        assert_eq!((small.square_w, small.square_h), (4, 2));
        let large = Layout::new(Rect::new(0, 0, 120, 40));
        assert_eq!((large.square_w, large.square_h), (8, 4));
        assert!(large.moves.right() <= 120 && large.engine.bottom() <= 38);
        assert!(Layout::new(Rect::new(0, 0, 61, 30)).too_small);
        assert!(Layout::new(Rect::new(0, 0, 100, 18)).too_small);
        assert!(!Layout::new(Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT)).too_small);
    }

    #[test]
    fn the_eval_bar_sits_between_the_board_and_the_panels_without_shrinking_the_board() {
        for size in [(MIN_WIDTH, MIN_HEIGHT), (80, 24), (120, 40), (200, 60)] {
            let area = Rect::new(0, 0, size.0, size.1);
            let (without, with) = (Layout::new(area), Layout::with_eval_bar(area, true));
            assert_eq!(without.board, with.board, "{size:?}");
            assert!(without.eval_bar.is_empty());
            assert_eq!(with.eval_bar.height, with.board.height);
            assert!(with.eval_bar.x > with.board.right(), "{size:?}");
            assert!(with.eval_bar.right() < with.moves.x, "{size:?}");
            assert!(with.moves.width >= RIGHT_MIN, "{size:?}");
        }
        // Too narrow for the bar and the right column's minimum: no bar.
        let narrow = Layout::with_eval_bar(Rect::new(0, 0, 80, 30), true);
        assert_eq!(narrow.square_h, 3);
        assert!(narrow.eval_bar.is_empty());
    }

    #[test]
    fn hit_testing_inverts_drawing() {
        for size in [(62, 19), (80, 24), (120, 40), (200, 60)] {
            let layout = Layout::new(Rect::new(0, 0, size.0, size.1));
            for bottom in [Color::White, Color::Black] {
                for sq in Square::ALL {
                    let r = layout.square_rect(sq, bottom);
                    assert_eq!(layout.square_at(r.x, r.y, bottom), Some(sq));
                    assert_eq!(
                        layout.square_at(r.right() - 1, r.bottom() - 1, bottom),
                        Some(sq)
                    );
                }
            }
            assert_eq!(layout.square_at(0, 0, Color::White), None);
        }
    }

    /// Parses UCI moves played in sequence from `root`.
    pub(crate) fn uci_line(root: &shakmaty::Chess, moves: &str) -> Vec<Move> {
        let mut pos = root.clone();
        moves
            .split_whitespace()
            .map(|u| {
                let mv = u
                    .parse::<shakmaty::uci::UciMove>()
                    .unwrap()
                    .to_move(&pos)
                    .unwrap();
                shakmaty::Position::play_unchecked(&mut pos, mv);
                mv
            })
            .collect()
    }

    #[test]
    fn lines_print_with_move_numbers() {
        let root = shakmaty::Chess::default();
        let pv = uci_line(&root, "e2e4 e7e5 g1f3");
        assert_eq!(line_san(&root, &pv, 10), "1. e4 e5 2. Nf3");
        assert_eq!(line_san(&root, &pv, 1), "1. e4");
        let mut after = root.clone();
        after.play_unchecked(pv[0]);
        assert_eq!(line_san(&after, &pv[1..], 10), "1… e5 2. Nf3");
    }
}

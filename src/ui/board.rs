//! The board widget, shared by every screen that shows one: [`BoardGeometry`] (where the squares
//! are, and which square a cell belongs to), [`BoardView`] (the position and its highlights:
//! cursor, selection, legal destinations, last move, check, hint, the numbered line of
//! [`super::marks`]) and [`draw_view`]. Without colours the highlights are drawn as marks.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color as TermColor, Modifier, Style};
use shakmaty::{Board, Color, Move, Piece, Role, Square};

pub use super::layout::{BoardGeometry, step};
use super::{Layout, Theme};
use crate::app::{App, Playable, target};
use crate::config::PieceStyle;
use crate::variant::VariantPosition;

/// The glyph for a piece. Unicode uses the solid glyphs for both sides when colours show the
/// side, and outline glyphs for White without colours.
pub fn glyph(piece: Piece, style: PieceStyle, colored: bool) -> &'static str {
    let white = piece.color == Color::White;
    match style {
        PieceStyle::Ascii => {
            let (w, b) = match piece.role {
                Role::King => ("K", "k"),
                Role::Queen => ("Q", "q"),
                Role::Rook => ("R", "r"),
                Role::Bishop => ("B", "b"),
                Role::Knight => ("N", "n"),
                Role::Pawn => ("P", "p"),
            };
            if white { w } else { b }
        }
        PieceStyle::Unicode => {
            let solid = !white || colored;
            match (piece.role, solid) {
                (Role::King, true) => "♚",
                (Role::Queen, true) => "♛",
                (Role::Rook, true) => "♜",
                (Role::Bishop, true) => "♝",
                (Role::Knight, true) => "♞",
                (Role::Pawn, true) => "♟",
                (Role::King, false) => "♔",
                (Role::Queen, false) => "♕",
                (Role::Rook, false) => "♖",
                (Role::Bishop, false) => "♗",
                (Role::Knight, false) => "♘",
                (Role::Pawn, false) => "♙",
            }
        }
    }
}

fn put(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut(Position::new(x, y)) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// What a board shows: the position, which side is at the bottom, and the highlights.
#[derive(Debug, Clone)]
pub struct BoardView<'a> {
    /// The pieces drawn (a position, or the board editor's set-up, which may be illegal).
    pub board: &'a Board,
    /// The king in check, marked.
    pub check: Option<Square>,
    /// The colour at the bottom.
    pub bottom: Color,
    /// The move that led here (its from and to squares, castling as the king's move).
    pub last_move: Option<&'a Move>,
    /// The picked-up piece.
    pub selected: Option<Square>,
    /// Legal destinations of the picked piece.
    pub targets: Vec<Square>,
    /// The keyboard cursor, when the board has one.
    pub cursor: Option<Square>,
    /// A suggested move.
    pub hint: Option<&'a Move>,
    /// The best line's first moves, numbered 1, 2, 3 on their from and to squares
    /// ([`super::marks`]).
    pub line: Vec<Move>,
    /// Piece glyphs.
    pub pieces: PieceStyle,
    /// Rank and file labels around the board.
    pub coordinates: bool,
}

impl<'a> BoardView<'a> {
    /// `position` (its king marked when in check) with White at the bottom, no other
    /// highlights, ASCII pieces with labels.
    pub fn new<P: VariantPosition>(position: &'a P) -> BoardView<'a> {
        BoardView {
            check: position
                .is_check()
                .then(|| position.board().king_of(position.turn()))
                .flatten(),
            ..BoardView::of_board(position.board())
        }
    }

    /// `board` with White at the bottom, no highlights, ASCII pieces with labels.
    pub fn of_board(board: &'a Board) -> BoardView<'a> {
        BoardView {
            board,
            check: None,
            bottom: Color::White,
            last_move: None,
            selected: None,
            targets: Vec::new(),
            cursor: None,
            hint: None,
            line: Vec::new(),
            pieces: PieceStyle::Ascii,
            coordinates: true,
        }
    }
}

/// Draws the board for `app` into `layout.board` (and the labels around it).
pub fn draw<P: Playable>(frame: &mut Frame, layout: &Layout, app: &App<P>, theme: &Theme) {
    draw_view(frame, &layout.board_geometry(), &view(app), theme);
}

/// What play's board shows for `app`: the position on the board, its highlights, the hint and
/// the numbered line.
#[must_use]
pub fn view<P: Playable>(app: &App<P>) -> BoardView<'_> {
    let ui = &app.config.ui;
    BoardView {
        bottom: app.orientation,
        last_move: app.shown_last_move().filter(|_| ui.last_move),
        selected: app.input.selected.filter(|_| !app.browsing()),
        targets: if ui.legal_hints {
            app.legal_targets()
        } else {
            Vec::new()
        },
        cursor: (app.mode == crate::app::Mode::Board && app.input.promotion.is_none())
            .then_some(app.cursor),
        hint: app.hint.as_ref().filter(|_| !app.browsing()).map(|h| &h.mv),
        line: super::marks::line(app),
        pieces: ui.pieces,
        coordinates: ui.coordinates,
        ..BoardView::new(app.shown_position())
    }
}

/// Draws `view` on the squares of `geometry` (and the labels around them).
pub fn draw_view(frame: &mut Frame, geometry: &BoardGeometry, view: &BoardView, theme: &Theme) {
    let board = view.board;
    let bottom = view.bottom;
    let colored = theme.colored();
    let last = view.last_move.map(|m| (m.from(), target(m)));
    let targets = &view.targets;
    let check = view.check;
    let hint = view.hint.map(|m| (m.from(), target(m)));
    let area = frame.area();
    let buf = frame.buffer_mut();

    for sq in Square::ALL {
        let rect = geometry.square_rect(sq, bottom).intersection(area);
        let light = sq.is_light();
        let mut bg = theme.color(if light { "light" } else { "dark" });
        let is_last = last.is_some_and(|(from, to)| from == Some(sq) || to == sq);
        let is_hint = hint.is_some_and(|(from, to)| from == Some(sq) || to == sq);
        let is_target = targets.contains(&sq);
        let is_selected = view.selected == Some(sq);
        let is_cursor = view.cursor == Some(sq);
        let is_check = check == Some(sq);
        if colored {
            if is_last {
                bg = theme.color("last_move");
            }
            if is_hint {
                bg = theme.color("hint");
            }
            if is_target && board.piece_at(sq).is_some() {
                bg = theme.color("legal");
            }
            if is_check {
                bg = theme.color("check");
            }
            if is_selected {
                bg = theme.color("selected");
            }
            if is_cursor {
                bg = theme.color("cursor");
            }
        }
        let base = Style::new().bg(bg);
        for y in rect.top()..rect.bottom() {
            for x in rect.left()..rect.right() {
                let fill = if !colored && !light { "░" } else { " " };
                put(buf, x, y, fill, base);
            }
        }
        let (cx, cy) = (
            rect.x + (geometry.square_w.saturating_sub(1)) / 2,
            rect.y + geometry.square_h / 2,
        );
        if !rect.contains(Position::new(cx, cy)) {
            continue;
        }
        match board.piece_at(sq) {
            Some(piece) => {
                let fg = if colored {
                    theme.color(if piece.color == Color::White {
                        "white_piece"
                    } else {
                        "black_piece"
                    })
                } else {
                    TermColor::Reset
                };
                let mut style = base.fg(fg).add_modifier(Modifier::BOLD);
                if !colored && !light {
                    // Keep the piece readable on a shaded square.
                    put(buf, cx.saturating_sub(1).max(rect.x), cy, " ", base);
                    put(buf, (cx + 1).min(rect.right() - 1), cy, " ", base);
                }
                if !colored && (is_selected || is_target) {
                    style = style.add_modifier(Modifier::UNDERLINED);
                }
                put(buf, cx, cy, glyph(piece, view.pieces, colored), style);
            }
            None if is_target => {
                let fg = if colored {
                    theme.color("legal")
                } else {
                    TermColor::Reset
                };
                let style = if colored { base.fg(fg) } else { base };
                put(buf, cx, cy, "•", style.add_modifier(Modifier::BOLD));
            }
            None => {}
        }
        if !colored {
            let (l, r) = (rect.x, rect.right() - 1);
            if is_cursor {
                put(buf, l, cy, "[", base.add_modifier(Modifier::BOLD));
                put(buf, r, cy, "]", base.add_modifier(Modifier::BOLD));
            } else if is_selected {
                put(buf, l, cy, "<", base.add_modifier(Modifier::BOLD));
                put(buf, r, cy, ">", base.add_modifier(Modifier::BOLD));
            }
            if rect.height > 0 {
                if is_last {
                    put(buf, l, rect.y, "'", base);
                }
                if is_check {
                    put(buf, r, rect.y, "+", base.add_modifier(Modifier::BOLD));
                }
                if is_hint {
                    put(
                        buf,
                        l,
                        rect.bottom() - 1,
                        "?",
                        base.add_modifier(Modifier::BOLD),
                    );
                }
            }
        }
    }
    draw_line_marks(buf, geometry, view, theme, area);
    if view.coordinates {
        draw_labels(buf, geometry, bottom, theme, area);
    }
}

/// The numbers of the line's moves in the top-right corner of their from and to squares: a
/// dark digit on a badge of the theme's `line` colour (reversed without colours). The lowest
/// number wins a square two moves share.
fn draw_line_marks(
    buf: &mut Buffer,
    geometry: &BoardGeometry,
    view: &BoardView,
    theme: &Theme,
    area: Rect,
) {
    let style = if theme.colored() {
        Style::new()
            .fg(theme.color("black_piece"))
            .bg(theme.color("line"))
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    };
    for (i, mv) in view.line.iter().enumerate().rev() {
        let number = (i + 1).to_string();
        for sq in mv.from().into_iter().chain([target(mv)]) {
            let rect = geometry.square_rect(sq, view.bottom).intersection(area);
            if !rect.is_empty() {
                put(buf, rect.right() - 1, rect.y, &number, style);
            }
        }
    }
}

fn draw_labels(buf: &mut Buffer, layout: &BoardGeometry, bottom: Color, theme: &Theme, area: Rect) {
    let style = theme.fg("dim");
    for i in 0..8u16 {
        let rank = if bottom == Color::White { 8 - i } else { i + 1 };
        let y = layout.board.y + i * layout.square_h + layout.square_h / 2;
        if y < area.bottom() {
            put(
                buf,
                layout.board.x.saturating_sub(2),
                y,
                &rank.to_string(),
                style,
            );
        }
        let file = if bottom == Color::White { i } else { 7 - i };
        let letter = char::from(b'a' + file as u8).to_string();
        let x = layout.board.x + i * layout.square_w + (layout.square_w.saturating_sub(1)) / 2;
        let y = layout.board.bottom();
        if y < area.bottom() {
            put(buf, x, y, &letter, style);
        }
    }
}

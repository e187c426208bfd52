//! The board: squares, pieces, labels and highlights (cursor, selection, legal destinations,
//! last move, check, hint). Without colours the highlights are drawn as marks.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color as TermColor, Modifier, Style};
use shakmaty::{Board, Color, Piece, Position as _, Role, Square};

use super::{Layout, Theme};
use crate::app::App;
use crate::config::PieceStyle;

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

/// The square `right` files and `up` ranks from `sq` as a board with `bottom` at the bottom
/// shows them (a cursor step), stopping at the edge.
///
/// ```
/// use kibitzer::ui::board::step;
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

fn put(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut(Position::new(x, y)) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// What a board shows: the pieces, which side is at the bottom, and the highlights. Play mode
/// and the board editor draw through it.
#[derive(Debug, Clone)]
pub struct BoardView<'a> {
    /// The pieces.
    pub board: &'a Board,
    /// The colour at the bottom.
    pub bottom: Color,
    /// The keyboard cursor, when the board has the keyboard.
    pub cursor: Option<Square>,
    /// The picked-up piece.
    pub selected: Option<Square>,
    /// Legal destinations of the picked-up piece.
    pub targets: Vec<Square>,
    /// The last move (from, to).
    pub last: Option<(Option<Square>, Square)>,
    /// The king in check.
    pub check: Option<Square>,
    /// The hint's move (from, to).
    pub hint: Option<(Option<Square>, Square)>,
    /// Glyph style.
    pub pieces: PieceStyle,
    /// Whether the file and rank labels are drawn.
    pub coordinates: bool,
}

/// Draws the board for `app` into `layout.board` (and the labels around it).
pub fn draw(frame: &mut Frame, layout: &Layout, app: &App, theme: &Theme) {
    let pos = app.shown_position();
    let board = pos.board();
    let ui = &app.config.ui;
    let last = if ui.last_move {
        app.shown_last_move()
            .map(|m| (m.from(), crate::app::target(m)))
    } else {
        None
    };
    let targets = if ui.legal_hints {
        app.legal_targets()
    } else {
        Vec::new()
    };
    let check = pos.is_check().then(|| board.king_of(pos.turn())).flatten();
    let hint = app
        .hint
        .as_ref()
        .filter(|_| !app.browsing())
        .map(|h| (h.mv.from(), crate::app::target(&h.mv)));
    let view = BoardView {
        board,
        bottom: app.orientation,
        cursor: (app.mode == crate::app::Mode::Board).then_some(app.cursor),
        selected: app.selected.filter(|_| !app.browsing()),
        targets,
        last,
        check,
        hint,
        pieces: ui.pieces,
        coordinates: ui.coordinates,
    };
    draw_view(frame, layout, &view, theme);
}

/// Draws `view` into `layout.board` (and the labels around it).
pub fn draw_view(frame: &mut Frame, layout: &Layout, view: &BoardView, theme: &Theme) {
    let board = view.board;
    let bottom = view.bottom;
    let colored = theme.colored();
    let (last, targets, check, hint) = (view.last, &view.targets, view.check, view.hint);
    let area = frame.area();
    let buf = frame.buffer_mut();

    for sq in Square::ALL {
        let rect = layout.square_rect(sq, bottom).intersection(area);
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
            rect.x + (layout.square_w.saturating_sub(1)) / 2,
            rect.y + layout.square_h / 2,
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
    if view.coordinates {
        draw_labels(buf, layout, bottom, theme, area);
    }
}

fn draw_labels(buf: &mut Buffer, layout: &Layout, bottom: Color, theme: &Theme, area: Rect) {
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

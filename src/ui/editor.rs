//! The board editor's screen: the board (drawn by [`super::board`]), the palette and the
//! set-up panel on the right, the status and key-hint lines, and the "play from here" and help
//! overlays. [`EditorLayout`] is shared by drawing and mouse hit-testing.

use crate::editor::keys::{EditorKey, PlayKey};
use crate::keys::{Action, Keymaps};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use shakmaty::{CastlingSide, Color, Piece, Position as _};

use super::board::{BoardView, draw_view, glyph};
use super::dialogs::{centered, dialog};
use super::{Layout, Theme, title_style};
use crate::app::color_name;
use crate::config::UiConfig;
use crate::editor::{AnalysisView, Brush, Editor, EditorMode, text};
use crate::i18n::t;

/// Columns of one palette cell.
const CELL_W: u16 = 3;
/// Columns before the first palette cell (the row's label).
const LABEL_W: u16 = 8;
/// Columns of the palette's "erase" and "move" cells.
const TOOL_W: u16 = 7;

/// Where the editor's parts go for one terminal size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditorLayout {
    /// The board, status and key-hint lines, as in play mode.
    pub base: Layout,
    /// The right-hand panel (palette and set-up).
    pub panel: Rect,
    /// Each palette cell and the brush it chooses (`None`: clicks move pieces).
    pub palette: Vec<(Option<Brush>, Rect)>,
}

impl EditorLayout {
    /// Lays out a terminal of `area`'s size for an editor offering `editor.roles`.
    #[must_use]
    pub fn new(area: Rect, editor: &Editor) -> EditorLayout {
        let base = Layout::new(area);
        let panel = base.moves.union(base.explanation).union(base.engine);
        let mut palette = Vec::new();
        if !base.too_small && panel.height > 4 {
            for (row, color) in Color::ALL.into_iter().enumerate() {
                let y = panel.y + 1 + row as u16;
                for (i, role) in editor.roles.iter().enumerate() {
                    let x = panel.x + 1 + LABEL_W + CELL_W * i as u16;
                    let piece = Piece { color, role: *role };
                    palette.push((Some(Brush::Piece(piece)), Rect::new(x, y, CELL_W, 1)));
                }
                let x = panel.x + 2 + LABEL_W + CELL_W * editor.roles.len() as u16;
                let tool = if row == 0 { Some(Brush::Erase) } else { None };
                palette.push((tool, Rect::new(x, y, TOOL_W, 1)));
            }
            palette.retain(|(_, r)| r.right() < panel.right());
        }
        EditorLayout {
            base,
            panel,
            palette,
        }
    }

    /// The palette cell under a terminal cell: `Some(brush)` (where `None` means "move
    /// pieces"), or `None` off the palette.
    #[must_use]
    pub fn brush_at(&self, column: u16, row: u16) -> Option<Option<Brush>> {
        let at = ratatui::layout::Position::new(column, row);
        self.palette
            .iter()
            .find(|(_, r)| r.contains(at))
            .map(|(b, _)| *b)
    }

    /// The first row of the panel below the palette.
    fn text_area(&self) -> Rect {
        let inner = Block::new().borders(Borders::ALL).inner(self.panel);
        let top = inner.y + 3;
        Rect::new(
            inner.x + 1,
            top,
            inner.width.saturating_sub(2),
            inner.bottom().saturating_sub(top),
        )
    }
}

/// Draws the editor over the whole frame.
pub fn render(frame: &mut Frame, editor: &Editor, ui: &UiConfig, theme: &Theme, keys: &Keymaps) {
    let layout = EditorLayout::new(frame.area(), editor);
    if layout.base.too_small {
        super::draw_too_small(frame, frame.area(), theme);
        return;
    }
    let pos = editor.position();
    let check = pos
        .as_ref()
        .ok()
        .and_then(|p| p.is_check().then(|| p.board().king_of(p.turn())).flatten());
    let view = BoardView {
        bottom: editor.orientation,
        cursor: (editor.mode == EditorMode::Board).then_some(editor.cursor),
        selected: editor.drag_from,
        check,
        pieces: ui.pieces,
        coordinates: ui.coordinates,
        ..BoardView::of_board(&editor.setup().board)
    };
    draw_view(frame, &layout.base.board_geometry(), &view, theme);
    draw_panel(frame, &layout, editor, ui, theme);
    draw_status(frame, &layout, editor, (theme, keys));
    match &editor.mode {
        EditorMode::Play { human, level } => {
            draw_play(frame, &layout, (*human, *level), theme, keys);
        }
        EditorMode::Help => draw_help(frame, &layout, theme, keys),
        EditorMode::Board | EditorMode::Fen(_) => {}
    }
}

fn draw_panel(
    frame: &mut Frame,
    layout: &EditorLayout,
    editor: &Editor,
    ui: &UiConfig,
    theme: &Theme,
) {
    let block = Block::new()
        .borders(Borders::ALL)
        .border_style(theme.fg("border"))
        .title(Span::styled(
            format!(" {} ", text::title()),
            title_style(theme),
        ));
    frame.render_widget(block, layout.panel);
    let colored = theme.colored();
    for (row, color) in Color::ALL.into_iter().enumerate() {
        let y = layout.panel.y + 1 + row as u16;
        let label = Rect::new(layout.panel.x + 2, y, LABEL_W - 1, 1);
        frame.render_widget(
            Paragraph::new(Span::styled(color_name(color), theme.fg("dim"))),
            label.intersection(layout.panel),
        );
    }
    for (brush, cell) in &layout.palette {
        let label = match brush {
            Some(Brush::Piece(piece)) => format!(" {} ", glyph(*piece, ui.pieces, colored)),
            Some(Brush::Erase) => format!(" {} ", text::brush_erase()),
            None => format!(" {} ", text::brush_move()),
        };
        // Pieces on a square colour, as on the board: every theme keeps both piece colours
        // readable there (a black piece on a dark terminal background would not be).
        let mut style = match brush {
            Some(Brush::Piece(p)) if colored => theme
                .fg(if p.color == Color::White {
                    "white_piece"
                } else {
                    "black_piece"
                })
                .bg(theme.color("light")),
            _ => theme.fg("text"),
        };
        if *brush == editor.brush {
            style = theme.selected();
        }
        frame.render_widget(Paragraph::new(Span::styled(label, style)), *cell);
    }

    let setup = editor.setup();
    let dim = theme.fg("dim");
    let body = theme.fg("text");
    let mut lines = vec![
        Line::styled(text::variant_line(editor.variant), body),
        Line::styled(text::side_to_move(setup.turn), body),
    ];
    let mut castling = vec![Span::styled(text::castling_label(), body)];
    for (key, color, side) in [
        ('1', Color::White, CastlingSide::KingSide),
        ('2', Color::White, CastlingSide::QueenSide),
        ('3', Color::Black, CastlingSide::KingSide),
        ('4', Color::Black, CastlingSide::QueenSide),
    ] {
        // Offered only where the king and that rook stand at home.
        if !editor.castling_possible(color, side) {
            continue;
        }
        let on = editor.castling_right(color, side);
        let name = text::castling_name(side);
        let who = text::castling_side_letter(color);
        let style = if on { theme.selected() } else { dim };
        castling.push(Span::styled(format!("{key} {who} {name}"), style));
        castling.push(Span::raw(" "));
    }
    if !editor.variant.has_kings() {
        lines.push(Line::styled(text::castling_pawn_battle(), dim));
    } else {
        if castling.len() == 1 {
            castling.push(Span::styled(text::castling_none(), dim));
        }
        lines.push(Line::from(castling));
    }
    lines.push(Line::styled(
        text::en_passant(setup.ep_square, editor.en_passant_choices().len()),
        body,
    ));
    lines.push(Line::styled(
        text::move_numbers(setup.fullmoves.get(), setup.halfmoves),
        body,
    ));
    match &editor.mode {
        EditorMode::Fen(typed) => lines.push(Line::from(vec![
            Span::styled("FEN: ", theme.fg("accent").add_modifier(Modifier::BOLD)),
            Span::styled(typed.clone(), body),
            Span::styled("█", theme.fg("accent")),
        ])),
        _ => lines.push(Line::styled(editor.fen(), dim)),
    }
    let legal = text::legal(editor.variant);
    match editor.legality() {
        Ok(()) => lines.push(Line::styled(legal, theme.fg("accent"))),
        Err(reasons) => {
            lines.push(Line::styled(text::illegal_heading(), theme.error()));
            for r in reasons {
                lines.push(Line::styled(format!("• {}", r.reason), theme.error()));
            }
        }
    }
    match &editor.analysis {
        None => {}
        Some(AnalysisView::Running) => lines.push(Line::styled(text::analysing(), dim)),
        Some(AnalysisView::Done { best, lines: said }) => {
            if let Some(best) = best {
                lines.push(Line::styled(text::best_move(best), title_style(theme)));
            }
            lines.extend(said.iter().map(|l| Line::styled(l.clone(), body)));
        }
        Some(AnalysisView::Failed(why)) => {
            lines.push(Line::styled(text::analysis_failed(why), theme.error()));
        }
    }
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }),
        layout.text_area(),
    );
}

fn draw_status(
    frame: &mut Frame,
    layout: &EditorLayout,
    editor: &Editor,
    (theme, keys): (&Theme, &Keymaps),
) {
    let state = Span::styled(
        text::status(editor.setup().turn, editor.legality().is_ok()),
        theme.fg("text").add_modifier(Modifier::BOLD),
    );
    let status = layout.base.status;
    let line = match &editor.note {
        Some(note) => {
            let style = if note.error {
                theme.error()
            } else {
                theme.fg("accent")
            };
            if note.text.chars().count() > usize::from(status.width) {
                // A long message takes the key-hint line too (the keys are one `?` away).
                let both = status.union(layout.base.keys);
                frame.render_widget(
                    Paragraph::new(Line::styled(note.text.clone(), style))
                        .wrap(Wrap { trim: false }),
                    both,
                );
                return;
            }
            Line::from(vec![
                Span::styled(note.text.clone(), style),
                Span::styled(" │ ", theme.fg("dim")),
                state,
            ])
        }
        None => Line::from(state),
    };
    frame.render_widget(Paragraph::new(line), status);
    let keys = match editor.mode {
        EditorMode::Board => keys.key_line(EditorKey::SCREEN),
        EditorMode::Fen(_) => text::keys_fen(),
        EditorMode::Play { .. } => keys.key_line(PlayKey::SCREEN),
        EditorMode::Help => text::keys_help(),
    };
    frame.render_widget(
        Paragraph::new(Line::styled(keys, theme.fg("dim"))),
        layout.base.keys,
    );
}

fn draw_play(
    frame: &mut Frame,
    layout: &EditorLayout,
    (human, level): (Color, u8),
    theme: &Theme,
    keys: &Keymaps,
) {
    let labels = [t("new-game-colour"), t("new-game-level")];
    let pad = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 2;
    let label = |i: usize| format!("{:<pad$}", labels[i]);
    let mut colours = vec![Span::styled(label(0), theme.fg("dim"))];
    for c in Color::ALL {
        let style = if c == human {
            theme.selected()
        } else {
            theme.fg("text")
        };
        colours.push(Span::styled(format!(" {} ", color_name(c)), style));
        colours.push(Span::raw(" "));
    }
    let lines = vec![
        Line::from(colours),
        Line::from(vec![
            Span::styled(label(1), theme.fg("dim")),
            Span::styled(format!(" {level} "), theme.selected()),
            Span::styled(
                format!("  {}", text::level_range(Editor::max_level())),
                theme.fg("dim"),
            ),
        ]),
        Line::styled(
            text::play_keys(&keys.key_of(PlayKey::Start), &keys.key_of(PlayKey::Cancel)),
            theme.fg("dim"),
        ),
    ];
    let rect = centered(layout.base.area, 52, 5);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(dialog(&text::play_title(), theme)),
        rect,
    );
}

fn draw_help(frame: &mut Frame, layout: &EditorLayout, theme: &Theme, keys: &Keymaps) {
    let area = layout.base.area;
    let rows = keys.help(EditorKey::SCREEN);
    super::dialogs::draw_help(frame, area, &text::help_title(), &rows, theme);
}

//! The analysis board's screen: the board (drawn by [`super::board`], the engine's best move
//! marked as a hint), the tree of moves as PGN text with variations in parentheses, the
//! engine's best lines with their scores and depth, their explanations, the status and
//! key-hint lines, the promotion picker and the help overlay. [`BoardLayout`] is shared by
//! drawing and mouse hit-testing (it implements [`Hits`]).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use shakmaty::{Color, Square};

use super::board::{BoardView, draw_view};
use super::explanation::draw_panel;
use super::{Layout, Theme, panel};
use crate::analysis_board::{AnalysisBoard, BoardMode, Hits, NodeId, text};
use crate::app::Playable;
use crate::config::UiConfig;
use crate::variant::VariantPosition;

/// Where the board's parts go for one terminal size: play's layout (board on the left; the
/// move tree, the explanations and the engine's lines on the right; status and keys below).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLayout {
    /// The shared layout.
    pub base: Layout,
}

impl BoardLayout {
    /// Lays out a terminal of `area`'s size.
    #[must_use]
    pub fn new(area: Rect) -> BoardLayout {
        BoardLayout {
            base: Layout::new(area),
        }
    }

    /// The move tree's text area (inside its border).
    fn moves_inner(&self) -> Rect {
        ratatui::widgets::Block::new()
            .borders(ratatui::widgets::Borders::ALL)
            .inner(self.base.moves)
    }
}

impl<P: Playable> Hits<P> for BoardLayout {
    fn square_at(&self, column: u16, row: u16, bottom: Color) -> Option<Square> {
        self.base.square_at(column, row, bottom)
    }

    fn promotion_at(&self, column: u16, row: u16) -> Option<usize> {
        let at = Rect::new(column, row, 1, 1);
        self.base
            .promotion_choices()
            .iter()
            .position(|r| r.intersects(at))
    }

    fn node_at(&self, board: &AnalysisBoard<P>, column: u16, row: u16) -> Option<NodeId> {
        let inner = self.moves_inner();
        if self.base.too_small || !inner.contains(ratatui::layout::Position::new(column, row)) {
            return None;
        }
        let rows = move_rows(board, inner.width);
        let first = first_row(&rows, board.tree.current(), inner.height);
        let cells = rows.get(first + usize::from(row - inner.y))?;
        let x = usize::from(column - inner.x);
        cells
            .iter()
            .find(|c| c.start <= x && x < c.start + c.text.chars().count())
            .and_then(|c| c.node)
    }
}

/// One token of the move tree on a row: where it starts, its text, its move.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cell {
    start: usize,
    text: String,
    node: Option<NodeId>,
}

/// The move tree's tokens wrapped into rows of `width` columns.
fn move_rows<P: Playable>(board: &AnalysisBoard<P>, width: u16) -> Vec<Vec<Cell>> {
    let tree = &board.tree;
    let start = tree.start();
    let white = VariantPosition::turn(start.start_position()) == Color::White;
    let tokens =
        crate::pgn::line_tokens(&tree.variation_from(None), start.first_move_number(), white);
    let width = usize::from(width.max(1));
    let mut rows: Vec<Vec<Cell>> = vec![Vec::new()];
    let mut x = 0;
    for (token, id) in tokens {
        // Moves in the language's SAN (the same width: one letter for one letter).
        let token = crate::i18n::san(&token).into_owned();
        let w = token.chars().count();
        if x > 0 && x + 1 + w > width {
            rows.push(Vec::new());
            x = 0;
        }
        if x > 0 {
            x += 1;
        }
        let node = id.and_then(|i| tree.node(i));
        if let Some(row) = rows.last_mut() {
            row.push(Cell {
                start: x,
                text: token,
                node,
            });
        }
        x += w;
    }
    rows
}

/// The first row shown in `height` rows, so that the current move stays visible.
fn first_row(rows: &[Vec<Cell>], current: Option<NodeId>, height: u16) -> usize {
    let at = rows
        .iter()
        .position(|r| current.is_some() && r.iter().any(|c| c.node == current))
        .unwrap_or(0);
    (at + 1).saturating_sub(usize::from(height.max(1)))
}

/// Draws the analysis board over the whole frame.
pub fn render<P: Playable>(
    frame: &mut Frame,
    board: &AnalysisBoard<P>,
    ui: &UiConfig,
    theme: &Theme,
) {
    let layout = BoardLayout::new(frame.area());
    if layout.base.too_small {
        super::draw_too_small(frame, frame.area(), theme);
        return;
    }
    let position = board.position();
    let best = board
        .engine
        .lines
        .as_ref()
        .and_then(|l| l.lines.first())
        .map(|l| &l.mv);
    let view = BoardView {
        bottom: board.orientation,
        last_move: board
            .tree
            .game()
            .moves()
            .last()
            .map(|m| &m.mv)
            .filter(|_| ui.last_move),
        selected: board.input.selected,
        targets: if ui.legal_hints {
            board.input.targets(position)
        } else {
            Vec::new()
        },
        cursor: (board.mode == BoardMode::Board && board.input.promotion.is_none())
            .then_some(board.cursor),
        hint: best,
        pieces: ui.pieces,
        coordinates: ui.coordinates,
        ..BoardView::new(position)
    };
    let geometry = layout.base.board_geometry();
    draw_view(frame, &geometry, &view, theme);
    draw_moves(frame, &layout, board, theme);
    draw_lines(frame, &layout, board, theme);
    draw_explanations(frame, &layout, board, theme);
    draw_status(frame, &layout, board, theme);
    if let Some(p) = board.input.promotion {
        super::dialogs::draw_promotion(
            frame,
            &geometry,
            layout.base.area,
            VariantPosition::turn(position),
            p.choice,
            ui.pieces,
            theme,
        );
    }
    if board.mode == BoardMode::Help {
        let help = board
            .keys()
            .help(<crate::analysis_board::BoardAction as crate::keys::Action>::SCREEN);
        super::dialogs::draw_help(frame, layout.base.area, &text::help_title(), &help, theme);
    }
}

fn draw_moves<P: Playable>(
    frame: &mut Frame,
    layout: &BoardLayout,
    board: &AnalysisBoard<P>,
    theme: &Theme,
) {
    let area = layout.base.moves;
    let block = panel(&text::moves_title(), theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let rows = move_rows(board, inner.width);
    let current = board.tree.current();
    let first = first_row(&rows, current, inner.height);
    let lines: Vec<Line> = rows
        .iter()
        .skip(first)
        .take(usize::from(inner.height))
        .map(|row| {
            let mut spans = Vec::new();
            let mut x = 0;
            for cell in row {
                if cell.start > x {
                    spans.push(Span::raw(" ".repeat(cell.start - x)));
                }
                let style = if cell.node.is_some() && cell.node == current {
                    theme.selected()
                } else if cell.node.is_some() {
                    theme.fg("text")
                } else {
                    theme.fg("dim")
                };
                spans.push(Span::styled(cell.text.clone(), style));
                x = cell.start + cell.text.chars().count();
            }
            Line::from(spans)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}

fn draw_lines<P: Playable>(
    frame: &mut Frame,
    layout: &BoardLayout,
    board: &AnalysisBoard<P>,
    theme: &Theme,
) {
    let engine = &board.engine;
    let side = crate::app::color_name(board.human);
    let mut lines = Vec::new();
    if let Some(outcome) = board.tree.game().outcome() {
        lines.push(Line::styled(
            text::game_over_panel(&outcome),
            theme.fg("accent"),
        ));
    } else {
        match (&engine.lines, &engine.failed) {
            (_, Some(why)) => lines.push(Line::styled(text::engine_failed(why), theme.error())),
            (Some(found), None) if found.lines.is_empty() => {
                lines.push(Line::styled(text::no_moves(), theme.fg("dim")));
            }
            (Some(found), None) => {
                lines.push(Line::styled(
                    text::engine_heading(found.depth, &side, engine.on, engine.running.is_some()),
                    theme.fg("dim"),
                ));
                for (i, line) in found.lines.iter().enumerate() {
                    lines.push(Line::from(vec![
                        Span::styled(
                            format!(
                                "{} {:>6} ",
                                i + 1,
                                crate::i18n::decimal(&line.score.to_string())
                            ),
                            theme.fg("accent").add_modifier(Modifier::BOLD),
                        ),
                        Span::styled(
                            super::line_san(board.position(), &line.pv, super::SHOWN_LINE_PLIES),
                            theme.fg("text"),
                        ),
                    ]));
                }
            }
            (None, None) if engine.on => {
                lines.push(Line::styled(text::engine_starting(), theme.fg("dim")));
            }
            (None, None) => lines.push(Line::styled(text::engine_stopped(), theme.fg("dim"))),
        }
    }
    let area = layout.base.engine;
    let block = panel(&text::engine_title(), theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines), inner);
}

/// A line's first sentence without the move when the sentence starts by naming it the way the
/// panel already does (`Rae1: the rook presses …` is shown as `1 Rae1: the rook presses …`,
/// not `1 Rae1: Rae1: the rook presses …`).
fn after_move<'a>(said: &'a str, san: &str) -> &'a str {
    said.strip_prefix(san)
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(said)
}

fn draw_explanations<P: Playable>(
    frame: &mut Frame,
    layout: &BoardLayout,
    board: &AnalysisBoard<P>,
    theme: &Theme,
) {
    let mut lines = Vec::new();
    if let Some(found) = &board.engine.lines {
        for (i, line) in found.lines.iter().enumerate() {
            let e = &line.explanation;
            let san = crate::i18n::san(&e.san).into_owned();
            let said = e
                .sentences
                .first()
                .map_or(e.text.as_str(), |s| s.text.as_str());
            lines.push(Line::from(vec![
                Span::styled(format!("{} {}: ", i + 1, san), theme.fg("accent")),
                Span::styled(after_move(said, &san).to_owned(), theme.fg("text")),
            ]));
        }
        // Below the first sentences, where there is room: the best line's whole explanation.
        if let Some(best) = found.lines.first()
            && best.explanation.sentences.len() > 1
        {
            lines.push(Line::default());
            lines.push(Line::styled(text::best_explained(), theme.fg("accent")));
            // Its sentences (the rendered text also carries the score and the line on lines of
            // their own, which a panel line would run together: "Black.[-0.08]").
            let sentences: Vec<&str> = best
                .explanation
                .sentences
                .iter()
                .map(|s| s.text.as_str())
                .collect();
            lines.push(Line::styled(sentences.join(" "), theme.fg("text")));
        }
    }
    draw_panel(
        frame,
        layout.base.explanation,
        &text::explanation_title(),
        lines,
        theme,
    );
}

fn draw_status<P: Playable>(
    frame: &mut Frame,
    layout: &BoardLayout,
    board: &AnalysisBoard<P>,
    theme: &Theme,
) {
    let status = layout.base.status;
    let line = match &board.mode {
        BoardMode::Prompt(t) => super::status::prompt_line(text::PROMPT_LABEL, t, "", theme),
        BoardMode::SaveAs(t) => super::status::prompt_line(&text::save_label(), t, "", theme),
        _ => match &board.message {
            Some(m) if m.text.chars().count() > usize::from(status.width) => {
                // A long message takes the key-hint line too (the keys are one `?` away).
                let both = status.union(layout.base.keys);
                frame.render_widget(
                    Paragraph::new(super::status::message_line(m, theme))
                        .wrap(Wrap { trim: false }),
                    both,
                );
                return;
            }
            Some(m) => super::status::message_line(m, theme),
            None => Line::styled(position_status(board), theme.fg("text")),
        },
    };
    frame.render_widget(Paragraph::new(line), status);
    frame.render_widget(
        Paragraph::new(Line::styled(board.key_hints(), theme.fg("dim"))),
        layout.base.keys,
    );
}

/// The status line without a message: whose move it is and where in the tree the board is.
fn position_status<P: Playable>(board: &AnalysisBoard<P>) -> String {
    let game = board.tree.game();
    let outcome = game.outcome();
    text::position(
        game.turn(),
        game.ply(),
        board.tree.on_main_line(),
        outcome.as_ref().map(|o| o as &dyn std::fmt::Display),
    )
}

#[cfg(test)]
mod tests {
    use super::after_move;

    /// Seen on a Pawn Battle board: "1 Rae1: Rae1: the rook presses along the half-open e-file."
    #[test]
    fn a_sentence_that_starts_with_its_move_is_not_prefixed_twice() {
        let said = "Rae1: the rook presses along the half-open e-file.";
        assert_eq!(
            after_move(said, "Rae1"),
            "the rook presses along the half-open e-file."
        );
        assert_eq!(after_move("c4 is a good move.", "c4"), "c4 is a good move.");
        assert_eq!(after_move("Rae1: x", "Rhe1"), "Rae1: x");
    }
}

//! Overlays: help and the promotion picker (shared by every screen), new game, game over,
//! confirmations.

use crate::app::color_name;
use crate::i18n::t;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use shakmaty::Piece;

use super::board::{BoardGeometry, glyph};
use super::{Layout, Theme, title_style};
use crate::app::{App, GAME_OVER_CHOICES, Mode, PROMOTION_ROLES, PlayAction, Playable};
use crate::config::HumanColor;
use crate::keys::{Action, Keymaps};
use crate::variant::Variant;

/// The rows of the help overlay for a game of `P`: its rules first when they are not chess's,
/// then the keys of the keymap's `play` section.
fn help_rows<P: Playable>(keys: &Keymaps) -> Vec<(String, String)> {
    let mut rows: Vec<(String, String)> = P::RULES
        .iter()
        .map(|(k, w)| {
            let label = if k.is_empty() { String::new() } else { t(k) };
            (label, t(w))
        })
        .collect();
    rows.extend(keys.help(PlayAction::SCREEN));
    rows
}

/// Where a text shown over play (`:pgn`) is drawn in `area`.
fn text_rect(area: Rect) -> Rect {
    centered(
        area,
        area.width.saturating_sub(8),
        area.height.saturating_sub(4),
    )
}

/// How far `text` shown over play in `area` scrolls (the rows below its first screenful),
/// and its page (the rows shown at once).
#[must_use]
pub fn text_scroll(text: &str, area: Rect) -> (u16, u16) {
    let inner = text_rect(area);
    let (width, height) = (
        usize::from(inner.width.saturating_sub(2).max(1)),
        inner.height.saturating_sub(2),
    );
    let rows: usize = text
        .lines()
        .map(|l| crate::text::wrap(l, width).len())
        .sum();
    let rows = u16::try_from(rows).unwrap_or(u16::MAX);
    (rows.saturating_sub(height), height.max(1))
}

pub(crate) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

pub(crate) fn dialog<'a>(title: &'a str, theme: &Theme) -> Block<'a> {
    Block::new()
        .borders(Borders::ALL)
        .border_style(theme.fg("accent"))
        .title(Span::styled(format!(" {title} "), title_style(theme)))
}

fn chosen(theme: &Theme) -> Style {
    theme.selected()
}

/// Draws the overlay for the current mode, if any.
pub fn draw<P: Playable>(frame: &mut Frame, layout: &Layout, app: &App<P>, theme: &Theme) {
    let area = layout.area;
    match &app.mode {
        Mode::Help => {
            let title = t(P::HELP_TITLE);
            draw_help(frame, area, &title, &help_rows::<P>(&app.keys), theme);
        }
        Mode::Text(text) => {
            let rect = text_rect(area);
            let (max, _) = text_scroll(text, area);
            let scroll = app.text_scroll.min(max);
            let title = if scroll < max {
                let more = app.keys.key_of(crate::app::TextAction::Down);
                format!("PGN (copied) · {more} more")
            } else {
                "PGN (copied)".to_owned()
            };
            frame.render_widget(Clear, rect);
            frame.render_widget(
                Paragraph::new(text.as_str())
                    .style(theme.fg("text"))
                    .wrap(ratatui::widgets::Wrap { trim: false })
                    .scroll((scroll, 0))
                    .block(dialog(&title, theme)),
                rect,
            );
        }
        Mode::NewGame(crate::app::NewGame {
            variant,
            color,
            level,
            time,
        }) => {
            let games = Variant::ALL.map(|v| (v, v.name()));
            // Labels padded to one width, whatever the language.
            let labels = [
                t("new-game-game"),
                t("new-game-colour"),
                t("new-game-level"),
                t("new-game-clock"),
            ];
            let pad = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 2;
            let label = |i: usize| format!("{:<pad$}", labels[i]);
            let mut game_spans = choice_row(&label(0), &games, variant, theme);
            game_spans.push(Span::styled(" (v)", theme.fg("dim")));
            let colours = [
                (HumanColor::White, color_name(shakmaty::Color::White)),
                (HumanColor::Black, color_name(shakmaty::Color::Black)),
                (HumanColor::Random, t("new-game-random")),
            ];
            let colour_spans = choice_row(&label(1), &colours, color, theme);
            let lines = vec![
                Line::from(game_spans),
                Line::from(colour_spans),
                Line::from(vec![
                    Span::styled(label(2), theme.fg("dim")),
                    Span::styled(format!(" {level} "), chosen(theme)),
                    Span::styled(format!("  {}", t("new-game-level-range")), theme.fg("dim")),
                ]),
                Line::from(vec![
                    Span::styled(label(3), theme.fg("dim")),
                    Span::styled(
                        format!(
                            " {} ",
                            match time {
                                crate::clock::TimeControl::Untimed => t("clock-untimed"),
                                timed => timed.to_string(),
                            }
                        ),
                        chosen(theme),
                    ),
                    Span::styled(format!("  {}", t("new-game-clock-keys")), theme.fg("dim")),
                ]),
                Line::styled(t("new-game-keys"), theme.fg("dim")),
            ];
            let rect = centered(area, 56, 7);
            frame.render_widget(Clear, rect);
            frame.render_widget(
                Paragraph::new(lines).block(dialog(&t("dialog-new-game"), theme)),
                rect,
            );
        }
        Mode::GameOver { choice } => {
            let Some(outcome) = app.outcome() else { return };
            let headline = match outcome.outcome {
                shakmaty::KnownOutcome::Decisive { winner } if winner == app.human => {
                    t("game-over-you-won")
                }
                shakmaty::KnownOutcome::Decisive { .. } => t("game-over-engine-won"),
                shakmaty::KnownOutcome::Draw => t("game-over-draw"),
            };
            let mut choices = Vec::new();
            for (i, key) in GAME_OVER_CHOICES.iter().enumerate() {
                let name = t(key);
                let style = if Some(i) == *choice {
                    chosen(theme)
                } else {
                    theme.fg("text")
                };
                choices.push(Span::styled(format!(" {name} "), style));
                choices.push(Span::raw("  "));
            }
            // The outcome's sentence can be long (Pawn Battle's "… no legal move"): the dialog
            // widens up to the screen and wraps the rest, so no word is ever cut.
            let keys = t("game-over-keys");
            let reason = format!("{} · {}", outcome.said(), outcome.result_token());
            let width = (reason.chars().count() as u16 + 4)
                .clamp(48, 72)
                .min(area.width);
            let reason_lines = crate::text::wrap(&reason, usize::from(width.saturating_sub(2)));
            let mut lines = vec![Line::styled(headline, title_style(theme))];
            lines.extend(
                reason_lines
                    .iter()
                    .map(|l| Line::styled(l.clone(), theme.fg("text"))),
            );
            lines.extend([
                Line::raw(""),
                Line::from(choices),
                Line::styled(keys, theme.fg("dim")),
            ]);
            let rect = centered(area, width, lines.len() as u16 + 2);
            frame.render_widget(Clear, rect);
            frame.render_widget(
                Paragraph::new(lines)
                    .alignment(Alignment::Center)
                    .block(dialog(&t("dialog-game-over"), theme)),
                rect,
            );
        }
        Mode::Confirm(question) => {
            let width = area.width.clamp(20, 64);
            let lines = vec![
                Line::styled(question.question(), theme.fg("text")),
                Line::raw(""),
                Line::styled(question.keys(&app.keys), theme.fg("dim")),
            ];
            let rect = centered(area, width, 7);
            frame.render_widget(Clear, rect);
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(ratatui::widgets::Wrap { trim: true })
                    .block(dialog(&t("dialog-confirm"), theme)),
                rect,
            );
        }
        Mode::Board | Mode::Prompt(_) => {}
    }
    if let Some(p) = app.input.promotion {
        let geometry = layout.board_geometry();
        draw_promotion(
            frame,
            &geometry,
            area,
            app.game.turn(),
            p.choice,
            app.config.ui.pieces,
            theme,
        );
    }
}

/// A dialog row: `label`, then each option's name, `current` highlighted.
fn choice_row<T: PartialEq, N: std::fmt::Display>(
    label: &str,
    options: &[(T, N)],
    current: &T,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let mut spans = vec![Span::styled(label.to_owned(), theme.fg("dim"))];
    for (option, name) in options {
        let style = if option == current {
            chosen(theme)
        } else {
            theme.fg("text")
        };
        spans.push(Span::styled(format!(" {name} "), style));
        spans.push(Span::raw(" "));
    }
    spans
}

/// The help overlay: every key of a screen and what it does, centred on `area`; any key closes
/// it (the screen says so on its key line).
pub fn draw_help<S: AsRef<str>>(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    keys: &[(S, S)],
    theme: &Theme,
) {
    let key_width = keys
        .iter()
        .map(|(k, _)| k.as_ref().chars().count())
        .max()
        .unwrap_or(0);
    let what_width = keys
        .iter()
        .map(|(_, w)| w.as_ref().chars().count())
        .max()
        .unwrap_or(0);
    let lines: Vec<Line> = keys
        .iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!("{:>key_width$}  ", k.as_ref()), theme.fg("accent")),
                Span::styled(what.as_ref().to_owned(), theme.fg("text")),
            ])
        })
        .collect();
    let width = (key_width + what_width + 6) as u16;
    let rect = centered(area, width, keys.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(dialog(title, theme)), rect);
}

/// The promotion picker over the board of `geometry` (inside `area`, the screen): the four
/// pieces of `color`, choice `choice` highlighted.
pub fn draw_promotion(
    frame: &mut Frame,
    geometry: &BoardGeometry,
    area: Rect,
    color: shakmaty::Color,
    choice: usize,
    pieces: crate::config::PieceStyle,
    theme: &Theme,
) {
    let rect = geometry.promotion_picker(area);
    frame.render_widget(Clear, rect);
    frame.render_widget(dialog(&t("play-promote-to"), theme), rect);
    for (i, (role, cell)) in PROMOTION_ROLES
        .iter()
        .zip(geometry.promotion_choices(area))
        .enumerate()
    {
        let piece = Piece { color, role: *role };
        let label = format!(
            " {} {} ",
            glyph(piece, pieces, theme.colored()),
            role.upper_char()
        );
        let style = if i == choice {
            chosen(theme)
        } else {
            theme.fg("text")
        };
        frame.render_widget(Paragraph::new(Span::styled(label, style)), cell);
    }
}

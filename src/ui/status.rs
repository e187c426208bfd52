//! The status line (turn, level, opening, result, messages or the prompt) and the key hints for
//! the current mode; the prompt and message lines are shared with the other screens.

use std::borrow::Cow;

use crate::app::{GameOverAction, NewGameAction, PlayAction, TextAction};
use crate::i18n::tr;
use crate::keys::{Action, Keymaps};
use ratatui::Frame;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::{Layout, Theme};
use crate::variant::Variant;

use crate::app::{App, Message, MessageKind, Mode, Playable, color_name};

/// The key hints for the promotion picker (every screen that has one): the keymap's
/// `[[promotion]]` key line.
#[must_use]
pub fn promotion_keys(keys: &Keymaps) -> String {
    keys.key_line(crate::app::move_input::PromotionAction::SCREEN)
}

/// A few moves of `variant` to show how moves are typed (English SAN; the caller translates
/// it with [`crate::i18n::san`]).
#[must_use]
pub fn move_examples(variant: Variant) -> &'static str {
    match variant {
        Variant::PawnBattle => "e4 exd5 Rab1",
        Variant::Chess => "e4 Nf3 O-O",
    }
}

/// The key hints for a mode of a game of `variant` (the prompt's examples are its moves);
/// the board's are the keymap's key line for play.
pub fn key_hints(mode: &Mode, variant: Variant, keys: &Keymaps) -> Cow<'static, str> {
    match mode {
        Mode::Board => Cow::Owned(keys.key_line(PlayAction::SCREEN)),
        Mode::Prompt(text) if text.starts_with(crate::app::feedback::PROMPT.trim_end()) => {
            Cow::Owned(crate::feedback::prompt_help())
        }
        Mode::Prompt(_) => {
            let examples = move_examples(variant);
            let commands = [
                "new", "level", "fen", "edit", "save", "load", "pgn", "draw", "resign", "quit",
            ]
            .map(crate::app::command::name)
            .join(" ");
            Cow::Owned(tr(
                "play-prompt-keys",
                &[
                    ("examples", crate::i18n::san(examples).into_owned().into()),
                    ("commands", commands.into()),
                ],
            ))
        }
        Mode::Help => Cow::Owned(crate::i18n::t("help-any-key-closes")),
        Mode::Text(_) => Cow::Owned(tr(
            "play-text-keys",
            &[("keys", keys.key_line(TextAction::SCREEN).into())],
        )),
        Mode::NewGame(_) => Cow::Owned(keys.key_line(NewGameAction::SCREEN)),
        Mode::GameOver { .. } => Cow::Owned(keys.key_line(GameOverAction::SCREEN)),
        Mode::Confirm(question) => Cow::Owned(question.keys(keys)),
    }
}

/// The prompt widget of every screen: `label` in bold, the text typed so far and a block
/// cursor, then `help` (what the prompt takes) dimmed, or, when the text is full, that the
/// rest was dropped.
pub fn prompt_line(label: &str, text: &str, help: &str, theme: &Theme) -> Line<'static> {
    let help = if crate::prompt::is_full(text) {
        crate::prompt::CUT
    } else {
        help
    };
    let mut spans = vec![
        Span::styled(
            label.to_owned(),
            theme.fg("accent").add_modifier(Modifier::BOLD),
        ),
        Span::styled(text.to_owned(), theme.fg("text")),
        Span::styled("█", theme.fg("accent")),
    ];
    if !help.is_empty() {
        spans.push(Span::styled(format!("  {help}"), theme.fg("dim")));
    }
    Line::from(spans)
}

/// A message of the status line (every screen's): info in the accent colour, errors in the
/// error colour.
pub fn message_line(message: &Message, theme: &Theme) -> Line<'static> {
    Line::styled(message.text.clone(), message_style(message.kind, theme))
}

/// Draws the status and key-hint lines.
pub fn draw<P: Playable>(frame: &mut Frame, layout: &Layout, app: &App<P>, theme: &Theme) {
    let line = if let Mode::Prompt(text) = &app.mode {
        // What was wrong with the line just run (a `:feedback` without a verdict), shown
        // while it is mended.
        let error = app
            .message
            .as_ref()
            .filter(|m| m.kind == MessageKind::Error)
            .map_or("", |m| m.text.as_str());
        prompt_line(":", text, error, theme)
    } else {
        // Browsing names the position on the board (its side to move), not the live one.
        let state = if app.browsing() {
            tr(
                "status-viewing",
                &[
                    ("ply", app.shown_ply().into()),
                    ("plies", app.game.ply().into()),
                    ("key", app.keys.key_of(PlayAction::Live).to_string().into()),
                    ("side", color_name(app.shown_position().turn()).into()),
                ],
            )
        } else {
            match app.outcome() {
                Some(outcome) => format!("{} ({})", outcome.said(), outcome.result_token()),
                None => {
                    let who = if app.game.turn() == app.human {
                        "you"
                    } else {
                        "engine"
                    };
                    tr(
                        "status-to-move",
                        &[
                            ("side", color_name(app.game.turn()).into()),
                            ("who", who.into()),
                        ],
                    )
                }
            }
        };
        // Moves still waiting for their verdicts are never dropped silently (one move in
        // play is said by the explanation panel; a finished game is archived after them).
        let state = match app.analyses_pending() {
            0 => state,
            1 if app.outcome().is_none() => state,
            n => format!(
                "{state} · {}",
                tr("status-analysing", &[("moves", n.into())])
            ),
        };
        let state = Span::styled(state, theme.fg("text").add_modifier(Modifier::BOLD));
        let spans = match &app.message {
            Some(message) => {
                let style = message_style(message.kind, theme);
                vec![
                    Span::styled(message.text.clone(), style),
                    Span::styled(" │ ", theme.fg("dim")),
                    state,
                ]
            }
            None => {
                // The opening of the position shown (the deepest named one reached so far).
                let opening =
                    <P as crate::review::Reviewed>::opening_at(&app.game, app.shown_ply())
                        .map(|o| o.to_string())
                        .map(|o| format!(" · {o}"))
                        .unwrap_or_default();
                // A game other than chess is named.
                let game = if P::VARIANT == Variant::Chess {
                    String::new()
                } else {
                    format!(" · {}", P::VARIANT.name())
                };
                vec![
                    state,
                    Span::styled(
                        format!(
                            "{game} · {}{opening}",
                            tr(
                                "status-you-level",
                                &[
                                    ("side", color_name(app.human).into()),
                                    ("level", app.config.engine.level.into()),
                                ],
                            )
                        ),
                        theme.fg("dim"),
                    ),
                ]
            }
        };
        Line::from(spans)
    };
    // A message longer than the line continues on the key-hint line (the keys are one `?`
    // away), cut by characters so a long path fills both lines.
    if let Some(message) = &app.message
        && line.width() > usize::from(layout.status.width)
        && layout.keys.y == layout.status.bottom()
    {
        let style = message_style(message.kind, theme);
        let width = usize::from(layout.status.width).max(1);
        let chars: Vec<char> = message.text.chars().collect();
        for (row, chunk) in chars.chunks(width).take(2).enumerate() {
            let text: String = chunk.iter().collect();
            let area = if row == 0 { layout.status } else { layout.keys };
            frame.render_widget(Paragraph::new(Line::styled(text, style)), area);
        }
        return;
    }
    frame.render_widget(Paragraph::new(line), layout.status);
    frame.render_widget(
        Paragraph::new(Line::styled(
            if app.input.promotion.is_some() {
                Cow::Owned(promotion_keys(&app.keys))
            } else {
                key_hints(&app.mode, P::VARIANT, &app.keys)
            },
            theme.fg("dim"),
        )),
        layout.keys,
    );
}

/// The style of a status message of this kind.
fn message_style(kind: MessageKind, theme: &Theme) -> ratatui::style::Style {
    match kind {
        MessageKind::Info => theme.fg("accent"),
        MessageKind::Error => theme.error(),
    }
}

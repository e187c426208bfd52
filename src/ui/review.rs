//! The review screen's drawing: the board, the move list with classification marks, the
//! explanation panel (or "learn from your mistakes"), the evaluation graph, the progress bar
//! and the key line, from an immutable [`Screen`] ([`crate::review::screen`] is the model).
//! [`Areas`] is shared by drawing and mouse hit-testing.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Gauge, Paragraph};
use shakmaty::Color;

use crate::app::MoveInput;
use crate::explain::quality::Quality;
use crate::game::notation::or_list;
use crate::i18n::{FluentValue, san, t, tr};
use crate::keys::Action;
use crate::review::Reviewed;
use crate::review::graph::{EvalGraph, GraphColors};
use crate::review::screen::{Learn, OnScreen, ReviewAction, Screen, TryAction, analyst_label};
use crate::ui::board::BoardView;
use crate::ui::{dialogs, explanation, move_list, status};

pub use super::review_layout::Areas;

/// Draws the screen.
pub fn render<P: OnScreen>(frame: &mut Frame, screen: &Screen<P>) {
    let area = frame.area();
    let areas = Areas::new(area);
    render_board(screen, frame, &areas);
    move_list::draw_view(frame, areas.moves, &screen.move_list(), &screen.theme);
    render_panel(screen, frame, areas.panel);
    let values = screen.state.graph_values();
    let block = crate::ui::panel(&t("review-evaluation"), &screen.theme);
    let graph = block.inner(areas.graph);
    frame.render_widget(block, areas.graph);
    let colors = GraphColors {
        white: screen.theme.color("text"),
        black: screen.theme.color("dim"),
        current: screen.theme.color("accent"),
    };
    frame.render_widget(
        EvalGraph::new(&values)
            .current(screen.browser.ply())
            .colors(colors),
        graph,
    );
    render_progress(screen, frame, areas.progress);
    frame.render_widget(Paragraph::new(help_line(screen)), areas.help);
    if screen.help {
        let rows = screen.keys.help(ReviewAction::SCREEN);
        dialogs::draw_help(frame, area, &t("review-help-title"), &rows, &screen.theme);
    }
}

/// The bottom line: a prompt, a message, or the keys (with `t` at a mistake).
fn help_line<P: OnScreen>(screen: &Screen<P>) -> Line<'static> {
    let dim = screen.theme.fg("dim");
    let accent = screen.theme.fg("accent");
    if screen.help {
        return Line::styled(t("help-any-key-closes"), dim);
    }
    if let Some(learn) = &screen.learn {
        return match learn {
            Learn::Prompt { input, .. } if input.promotion.is_some() => {
                Line::styled(status::promotion_keys(&screen.keys), dim)
            }
            Learn::Prompt {
                input: MoveInput {
                    selected: Some(f), ..
                },
                ..
            } => Line::styled(
                tr("review-your-move-picked", &[("from", f.to_string().into())]),
                accent,
            ),
            Learn::Prompt { text, .. } => status::prompt_line(
                &t("review-your-move"),
                text,
                &t("review-your-move-hint"),
                &screen.theme,
            ),
            Learn::Judging { .. } => Line::styled(t("review-judging"), dim),
            Learn::Verdict { .. } => Line::styled(screen.keys.key_line(TryAction::SCREEN), accent),
        };
    }
    if let Some(line) = &screen.feedback {
        // An error about the line (no verdict) shows in place of the help.
        let help = match &screen.message {
            Some(m) if m.kind == crate::app::MessageKind::Error => m.text.clone(),
            _ => crate::feedback::prompt_help(),
        };
        let label = t("feedback-prompt-label");
        return status::prompt_line(&label, line, &help, &screen.theme);
    }
    if let Some(buf) = &screen.goto {
        return status::prompt_line(
            &t("review-goto"),
            buf,
            &t("review-goto-hint"),
            &screen.theme,
        );
    }
    if let Some(m) = &screen.message {
        return status::message_line(m, &screen.theme);
    }
    let keys = screen.keys.key_line(ReviewAction::SCREEN);
    match screen.learnable() {
        Some(_) => Line::styled(
            tr(
                "review-try-key",
                &[
                    ("key", screen.keys.key_of(ReviewAction::Try).into()),
                    ("keys", keys.into()),
                ],
            ),
            dim,
        ),
        None => Line::styled(keys, dim),
    }
}

fn render_board<P: OnScreen>(screen: &Screen<P>, frame: &mut Frame, areas: &Areas) {
    // While trying, the board shows the position before the mistake.
    let shown = screen
        .learn
        .as_ref()
        .map_or(screen.browser.cursor, Learn::ply);
    let Some(pos) = screen.game.game.position_at(shown) else {
        return;
    };
    let input = match &screen.learn {
        Some(Learn::Prompt { input, .. }) => *input,
        _ => MoveInput::default(),
    };
    let view = BoardView {
        bottom: screen.bottom(),
        last_move: shown
            .checked_sub(1)
            .and_then(|p| screen.game.game.moves().get(p))
            .map(|m| &m.mv),
        selected: input.selected,
        targets: input.targets(pos),
        pieces: screen.pieces,
        ..BoardView::new(pos)
    };
    let geometry = areas.board_geometry();
    crate::ui::board::draw_view(frame, &geometry, &view, &screen.theme);
    let to_move = tr(
        "review-to-move",
        &[("side", crate::app::color_name(pos.turn()).into())],
    );
    let below = Rect::new(
        areas.board.x,
        geometry.board.bottom() + 1,
        areas.board.width,
        1,
    )
    .intersection(areas.board);
    frame.render_widget(
        Paragraph::new(Line::styled(
            format!("  {to_move}"),
            screen.theme.fg("text"),
        )),
        below,
    );
    if let Some(p) = input.promotion {
        dialogs::draw_promotion(
            frame,
            &geometry,
            frame.area(),
            pos.turn(),
            p.choice,
            screen.pieces,
            &screen.theme,
        );
    }
}

/// The panel's lines while learning.
fn learn_lines<P: OnScreen>(screen: &Screen<P>, learn: &Learn) -> Vec<Line<'static>> {
    let bold = screen.theme.fg("text").add_modifier(Modifier::BOLD);
    let mut lines = Vec::new();
    if let Some(r) = screen.state.ply(learn.ply()) {
        let number = r.number_text();
        lines.push(Line::styled(
            tr(
                "learn-title",
                &[
                    (
                        "move",
                        format!("{number} {}{}", san(&r.san), r.classification.mark()).into(),
                    ),
                    ("label", P::label_words(&r.classification).into()),
                ],
            ),
            bold,
        ));
        lines.push(Line::from(""));
    }
    match learn {
        Learn::Prompt { error, .. } => {
            lines.push(Line::styled(t("learn-type"), screen.theme.fg("text")));
            if let Some(e) = error {
                lines.push(Line::styled(e.clone(), screen.theme.error()));
            }
        }
        Learn::Judging { san, .. } => {
            lines.push(Line::styled(
                tr("learn-looking", &[("san", san_arg(san))]),
                screen.theme.fg("dim"),
            ));
        }
        Learn::Verdict {
            san,
            good,
            drop,
            sentences,
            ..
        } => {
            let (text, style) = if *good {
                (
                    if *drop == 0.0 {
                        tr("learn-best", &[("san", san_arg(san))])
                    } else {
                        tr("learn-nearly", &[("san", san_arg(san))])
                    },
                    screen.theme.fg("selected").add_modifier(Modifier::BOLD),
                )
            } else if drop.is_finite() {
                (
                    tr("learn-weak", &[("san", san_arg(san))]),
                    screen.theme.error(),
                )
            } else {
                (
                    tr("learn-unjudged", &[("san", san_arg(san))]),
                    screen.theme.error(),
                )
            };
            lines.push(Line::styled(text, style));
            lines.push(Line::from(""));
            for s in sentences {
                lines.push(Line::styled(s.clone(), screen.theme.fg("text")));
            }
        }
    }
    lines
}

fn render_panel<P: OnScreen>(screen: &Screen<P>, frame: &mut Frame, area: Rect) {
    if let Some(learn) = &screen.learn {
        explanation::draw_panel(
            frame,
            area,
            &panel_title::<P>(),
            learn_lines(screen, learn),
            &screen.theme,
        );
        return;
    }
    let more = tr(
        "review-panel-more",
        &[("key", screen.keys.key_of(ReviewAction::ScrollDown).into())],
    );
    explanation::draw_scrolled_panel(
        frame,
        area,
        &panel_title::<P>(),
        panel_lines(screen),
        &screen.theme,
        screen.scroll,
        &more,
    );
}

/// How many rows the explanation panel can scroll down at the screen's latest area (the
/// [`crate::screen::Screen`] impl clamps the model's scroll to it after each event).
#[must_use]
pub fn max_scroll<P: OnScreen>(screen: &Screen<P>) -> u16 {
    let panel = Areas::new(screen.area).panel;
    explanation::max_scroll(panel, &panel_lines(screen), &screen.theme)
}

/// The explanation panel's lines out of learn mode: the summary, the analyst, then the move
/// shown with its verdict, the best line and the explanation.
pub(crate) fn panel_lines<P: OnScreen>(screen: &Screen<P>) -> Vec<Line<'static>> {
    let summary = screen.state.summary();
    let text = screen.theme.fg("text");
    let bold = text.add_modifier(Modifier::BOLD);
    // The two names padded to the longer one, so the figures line up in every language.
    let (white, black) = (
        crate::app::color_name(Color::White),
        crate::app::color_name(Color::Black),
    );
    let width = white.chars().count().max(black.chars().count());
    let side = |name: &str, x: &crate::review::SideSummary| {
        format!(
            "{name:<width$} {:>3}%  ?!{} ?{} ??{}",
            x.accuracy
                .map_or_else(|| "-".to_owned(), |a| format!("{a:.0}")),
            x.inaccuracies,
            x.mistakes,
            x.blunders
        )
    };
    let mut lines = vec![
        Line::styled(side(&white, &summary.white), text),
        Line::styled(side(&black, &summary.black), text),
    ];
    // The opening reached so far: the game's at the end, the position's when browsing.
    let shown = screen.browser.ply().map_or(0, |p| p + 1);
    let game = &screen.game.game;
    if let Some(o) = <P as Reviewed>::opening_at(game, shown)
        .or_else(|| <P as Reviewed>::opening_at(game, game.ply()))
    {
        lines.push(Line::styled(
            tr("review-opening", &[("name", o.to_string().into())]),
            text,
        ));
    }
    // Which engine judged: the shown ply's, else the latest analysed ply's, else the one
    // asked for; then what went wrong with it.
    let judged_by = screen
        .browser
        .ply()
        .and_then(|p| screen.state.ply(p))
        .or_else(|| {
            (0..screen.state.len())
                .rev()
                .find_map(|p| screen.state.ply(p))
        })
        .map_or_else(
            || analyst_label(&screen.settings.analyst),
            |r| r.judged_by.clone(),
        );
    lines.push(Line::styled(
        tr("review-judged-by", &[("judge", judged_by.into())]),
        text,
    ));
    if P::EXTERNAL_ANALYST
        && screen.settings.analyst.is_builtin()
        && screen.settings.external_installed
    {
        // The built-in engine's verdicts are right less often than a strong engine's
        // (docs/REVIEW.md): say that one is at hand.
        lines.push(Line::styled(
            tr(
                "review-stronger-engine",
                &[
                    (
                        "key",
                        screen.keys.key_of(ReviewAction::SwitchAnalyst).into(),
                    ),
                    ("engine", analyst_label(&screen.settings.external).into()),
                ],
            ),
            screen.theme.fg("dim"),
        ));
    }
    for n in &screen.notices {
        lines.push(Line::styled(n.clone(), screen.theme.fg("error")));
    }
    lines.push(Line::from(""));
    match screen.browser.ply() {
        None => lines.push(Line::styled(
            tr(
                "review-start",
                &[(
                    "keys",
                    or_list(&screen.keys.keys_list(ReviewAction::Forward)).into(),
                )],
            ),
            text,
        )),
        Some(p) => match screen.state.ply(p) {
            None => lines.push(Line::styled(
                tr(
                    "review-not-analysed",
                    &[(
                        "move",
                        san_arg(&screen.game.game.moves()[p].san.to_string()),
                    )],
                ),
                text,
            )),
            Some(r) => {
                let number = r.number_text();
                lines.push(Line::styled(
                    format!(
                        "{number} {}{}  {}  {}",
                        san(&r.san),
                        r.classification.mark(),
                        crate::i18n::decimal(&r.score_text),
                        P::label_words(&r.classification)
                    ),
                    screen
                        .quality_style(Some(r.classification.quality))
                        .add_modifier(Modifier::BOLD),
                ));
                // A book move is theory: no "best" to set against it.
                if r.best_uci != r.uci && r.classification.quality != Quality::Book {
                    lines.push(Line::styled(
                        tr(
                            "review-best",
                            &[
                                ("move", san_arg(&r.best_move)),
                                (
                                    "score",
                                    crate::i18n::decimal(&crate::review::score_text(
                                        r.best_score,
                                        P::VARIANT,
                                    ))
                                    .into(),
                                ),
                                ("line", san_arg(&r.best_line.join(" "))),
                            ],
                        ),
                        text,
                    ));
                }
                lines.push(Line::from(""));
                for l in &r.explanation.sentences {
                    lines.push(Line::styled(l.text.clone(), text));
                }
                if let Some(b) = &r.better {
                    lines.push(Line::from(""));
                    lines.push(Line::styled(
                        tr("review-better", &[("move", san_arg(&b.san))]),
                        bold,
                    ));
                    for l in &b.sentences {
                        lines.push(Line::styled(l.text.clone(), text));
                    }
                }
            }
        },
    }
    lines
}

fn render_progress<P: OnScreen>(screen: &Screen<P>, frame: &mut Frame, area: Rect) {
    let total = screen.state.len().max(1);
    let (done, label) = match screen.state.progress() {
        _ if screen.state.is_finished() => (
            total,
            crate::review::refine::header(screen.state.refining()),
        ),
        Some(p) => (
            p.done,
            tr(
                "review-analysing",
                &[
                    ("done", p.done.into()),
                    ("total", p.total.into()),
                    ("secs", p.eta.map_or(0, |d| d.as_secs()).into()),
                ],
            ),
        ),
        None => (
            0,
            tr(
                "review-analysing",
                &[
                    ("done", 0.into()),
                    ("total", screen.state.len().into()),
                    ("secs", "none".into()),
                ],
            ),
        ),
    };
    let ratio = (done as f64 / total as f64).clamp(0.0, 1.0);
    frame.render_widget(
        Gauge::default()
            .ratio(ratio)
            .label(label)
            .gauge_style(screen.theme.fg("selected")),
        area,
    );
}

/// The explanation panel's title: the game's name beside it when the game is not chess.
fn panel_title<P: OnScreen>() -> String {
    match P::VARIANT {
        crate::variant::Variant::Chess => t("panel-explanation"),
        other => format!("{} · {}", t("panel-explanation"), other.name()),
    }
}

/// A SAN text (a move, or a line) as a message's variable, in the language's piece letters.
fn san_arg(text: &str) -> FluentValue<'static> {
    san(text).into_owned().into()
}

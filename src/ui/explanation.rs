//! The explanation panel (the explanation of the move on the board: the engine's from its own
//! search, the human's once its background analysis is done, a resumed game's from the saved
//! text) and the engine panel (live thinking).

use crate::i18n::{t, tr};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::{SHOWN_LINE_PLIES, Theme, line_san, panel};
use crate::app::{App, Playable, Purpose, Thinking, color_name};

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/// A node count in a short form: `950`, `12.3k`, `4.56M`.
///
/// ```
/// use kibitzer::ui::explanation::short_count;
/// assert_eq!(short_count(950), "950");
/// assert_eq!(short_count(12_345), "12.3k");
/// assert_eq!(short_count(4_560_000), "4.56M");
/// ```
pub fn short_count(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => crate::i18n::decimal(&format!("{:.1}k", n as f64 / 1e3)),
        1_000_000..1_000_000_000 => crate::i18n::decimal(&format!("{:.2}M", n as f64 / 1e6)),
        _ => crate::i18n::decimal(&format!("{:.2}G", n as f64 / 1e9)),
    }
}

fn thinking_lines<P: Playable>(
    app: &App<P>,
    root: &P,
    t: &Thinking,
    theme: &Theme,
) -> Vec<Line<'static>> {
    vec![
        Line::from(vec![
            Span::styled(crate::i18n::t("thinking-score"), theme.fg("dim")),
            Span::styled(app.score_words(t.score, root), theme.fg("accent")),
            Span::styled(crate::i18n::t("thinking-depth"), theme.fg("dim")),
            Span::styled(format!("{}/{}", t.depth, t.seldepth), theme.fg("text")),
        ]),
        Line::from(vec![
            Span::styled(crate::i18n::t("thinking-nodes"), theme.fg("dim")),
            Span::styled(short_count(t.nodes), theme.fg("text")),
            Span::styled(" · ", theme.fg("dim")),
            Span::styled(format!("{}/s", short_count(t.nps)), theme.fg("text")),
        ]),
        Line::from(vec![
            Span::styled(crate::i18n::t("thinking-line"), theme.fg("dim")),
            Span::styled(line_san(root, &t.pv, SHOWN_LINE_PLIES), theme.fg("text")),
        ]),
    ]
}

/// Draws a text panel titled `title`: `lines` wrapped at word boundaries (the explanation panel
/// of every screen, the engine panel).
pub fn draw_panel(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line>, theme: &Theme) {
    let block = panel(title, theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
}

/// How many rows `lines` take wrapped at `width` columns (as [`draw_panel`] wraps them, at
/// word boundaries): what a scrolled panel can scroll through.
#[must_use]
pub fn wrapped_rows(lines: &[Line], width: u16) -> u16 {
    let rows: usize = lines
        .iter()
        .map(|l| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            crate::text::wrap(&text, usize::from(width.max(1))).len()
        })
        .sum();
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// The furthest a panel of `area` showing `lines` scrolls: the rows below its last screenful.
#[must_use]
pub fn max_scroll(area: Rect, lines: &[Line], theme: &Theme) -> u16 {
    let inner = panel("", theme).inner(area);
    wrapped_rows(lines, inner.width).saturating_sub(inner.height)
}

/// [`draw_panel`] scrolled down `scroll` rows (clamped to [`max_scroll`]); while rows remain
/// below, the title ends with `more` (the key that scrolls, from the keymap).
pub fn draw_scrolled_panel(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    lines: Vec<Line>,
    theme: &Theme,
    scroll: u16,
    more: &str,
) {
    let max = max_scroll(area, &lines, theme);
    let scroll = scroll.min(max);
    let title = if scroll < max {
        format!("{title} · {more}")
    } else {
        title.to_owned()
    };
    let block = panel(&title, theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .scroll((scroll, 0)),
        inner,
    );
}

/// An explanation line in the player's language: its `score: ` label and a bare
/// `checkmate` (the explanation's own lines keep the English markers other code looks for).
fn said(line: &str) -> String {
    if let Some(rest) = line.strip_prefix(crate::explain::explanation::SCORE_PREFIX) {
        format!("{}{rest}", t("score-label"))
    } else if let Some(rest) = line.strip_prefix(crate::explain::explanation::BETTER_PREFIX) {
        format!("{}{rest}", t("better-label"))
    } else if line == "checkmate" {
        t("score-checkmate")
    } else {
        line.to_owned()
    }
}

/// Draws the explanation panel for the ply on the board.
pub fn draw<P: Playable>(frame: &mut Frame, area: Rect, app: &App<P>, theme: &Theme) {
    let inner = panel(&t("panel-explanation"), theme).inner(area);
    let mut lines: Vec<Line> = Vec::new();
    let ply = app.shown_ply();
    if let Some(hint) = app.hint.as_ref().filter(|_| !app.browsing()) {
        let root = app.game.position();
        let san = root.clone().play_san(hint.mv);
        lines.push(Line::from(vec![
            Span::styled(t("hint-label"), theme.fg("accent")),
            Span::styled(
                crate::i18n::san(&san.to_string()).into_owned(),
                theme.fg("text"),
            ),
        ]));
        let mut text = Vec::new();
        if let Some(e) = &hint.explanation {
            // The score is the search's, shown once with its depth.
            let mut why = e.panel_lines();
            why.retain(|l| !l.starts_with(crate::explain::explanation::SCORE_PREFIX));
            text = text_lines(&why, theme);
        }
        let mut thinking = thinking_lines(app, root, &hint.thinking, theme);
        // With the marks on, the line is the one numbered on the board: its legend replaces
        // it.
        let marked = super::marks::line(app);
        if !marked.is_empty() {
            thinking.pop();
            thinking.push(legend_line(app, &marked, theme));
        }
        if inner.height < 8 {
            // A small panel (80×24) shows the score and the line (the numbered squares'
            // legend) before the sentences, which it may cut; the node count goes.
            let mut thinking = thinking.into_iter();
            lines.extend(thinking.next());
            lines.extend(thinking.last());
            lines.extend(text);
        } else {
            lines.extend(text);
            lines.extend(thinking);
        }
    } else if ply == 0 {
        let start = if *app.game.start_position() == P::start() {
            "start"
        } else {
            "fen"
        };
        lines.push(Line::styled(
            tr(
                "start-you-play",
                &[
                    ("start", start.into()),
                    ("side", color_name(app.human).into()),
                ],
            ),
            theme.fg("text"),
        ));
        // A new player's first question: how to move (typing "e4" straight away would run
        // the keys `e` and `4`).
        if app.game.turn() == app.human && app.outcome().is_none() {
            let key = |a: crate::app::PlayAction| app.keys.key_of(a).to_string();
            lines.push(Line::styled(
                tr(
                    "how-to-move",
                    &[
                        ("prompt", key(crate::app::PlayAction::Prompt).into()),
                        ("pick", key(crate::app::PlayAction::Pick).into()),
                        (
                            "examples",
                            crate::i18n::san(super::status::move_examples(P::VARIANT))
                                .into_owned()
                                .into(),
                        ),
                    ],
                ),
                theme.fg("dim"),
            ));
        }
    } else if let Some(played) = app.game.all_moves().get(ply - 1) {
        let root = app
            .game
            .position_at(ply - 1)
            .unwrap_or(app.game.start_position());
        let mover = root.turn();
        let number = root.fullmoves();
        let dots = if mover == shakmaty::Color::White {
            "."
        } else {
            "…"
        };
        let analysis = app.analysis_at(ply - 1);
        let who = if mover == app.human_at(ply - 1) {
            "you".to_owned()
        } else if app.engine_opponent || analysis.is_some_and(|a| a.thinking.is_some()) {
            "engine".to_owned()
        } else {
            color_name(mover)
        };
        lines.push(Line::from(vec![
            Span::styled(tr("who-played", &[("who", who.into())]), theme.fg("dim")),
            Span::styled(
                format!(
                    "{number}{dots} {}",
                    crate::i18n::san(&played.san.to_string())
                ),
                theme.fg("accent"),
            ),
        ]));
        match analysis {
            Some(analysis) => {
                let mut text = analysis.lines();
                // No explanation (Pawn Battle has none yet; they would be shown here): what is
                // true without one, the engine's score of its move.
                if text.is_empty()
                    && let Some(t) = &analysis.thinking
                {
                    text.push(format!(
                        "{}{}",
                        crate::explain::explanation::SCORE_PREFIX,
                        app.score_words(t.score, &analysis.root)
                    ));
                }
                let small = inner.height < 8;
                // The search's line is shown only when it is the played move's line: a book
                // move or a level's deliberate choice differs from the search's best move.
                let line = analysis
                    .thinking
                    .as_ref()
                    .filter(|t| t.pv.first() == Some(&played.mv))
                    .map(|t| {
                        Line::from(vec![
                            Span::styled(
                                tr("depth-line", &[("depth", t.depth.into())]),
                                theme.fg("dim"),
                            ),
                            Span::styled(
                                line_san(&analysis.root, &t.pv, if small { 4 } else { 6 }),
                                theme.fg("text"),
                            ),
                        ])
                    });
                // A small panel (80×24) shows the score and the line before the sentences,
                // which it may cut.
                if small {
                    let score = text
                        .iter()
                        .position(|l| {
                            l.starts_with(crate::explain::explanation::SCORE_PREFIX)
                                || l == "checkmate"
                        })
                        .map(|i| text.remove(i));
                    lines.extend(score.map(|s| Line::styled(said(&s), theme.fg("accent"))));
                    lines.extend(line);
                    lines.extend(text.into_iter().enumerate().map(|(i, l)| {
                        Line::styled(said(&l), theme.fg(if i == 0 { "text" } else { "dim" }))
                    }));
                } else {
                    let text: Vec<String> = text.iter().map(|l| said(l)).collect();
                    lines.extend(text_lines(&text, theme));
                    lines.extend(line);
                }
                // Who judged, how deep once the verdict deepened while you thought, and
                // whether it is being searched deeper now.
                let judged = analysis.judged_by.as_ref().map(|judge| {
                    let judge = judge.to_string().into();
                    match analysis.depth {
                        Some(depth) if analysis.round > 0 => tr(
                            "judged-by-depth",
                            &[("judge", judge), ("depth", depth.into())],
                        ),
                        _ => tr("judged-by", &[("judge", judge)]),
                    }
                });
                let deeper = app.deepening_at(ply - 1).then(|| t("searching-deeper"));
                let judged: Vec<String> = judged.into_iter().chain(deeper).collect();
                if !judged.is_empty() {
                    lines.push(Line::styled(judged.join(" · "), theme.fg("dim")));
                }
            }
            None if app.analysis_pending(ply - 1) => {
                let spin = SPINNER[app.spinner % SPINNER.len()];
                lines.push(Line::styled(
                    format!("{spin} {}", t("analysing-this-move")),
                    theme.fg("dim"),
                ));
            }
            None => {}
        }
    }
    // While browsing, the legend of the numbered squares (`ui::marks`) under the headline.
    let marked = super::marks::line(app);
    if app.browsing() && !marked.is_empty() {
        lines.insert(1.min(lines.len()), legend_line(app, &marked, theme));
    }
    if app.browsing() {
        lines.push(Line::styled(
            tr(
                "viewing-ply",
                &[
                    ("ply", ply.into()),
                    ("plies", app.game.ply().into()),
                    (
                        "key",
                        app.keys
                            .key_of(crate::app::PlayAction::Live)
                            .to_string()
                            .into(),
                    ),
                ],
            ),
            theme.fg("dim"),
        ));
    }
    draw_panel(frame, area, &t("panel-explanation"), lines, theme);
}

/// Draws the engine panel: the live search, or what the engine is waiting for.
pub fn draw_engine<P: Playable>(frame: &mut Frame, area: Rect, app: &App<P>, theme: &Theme) {
    let level = app.config.engine.level;
    let mut lines: Vec<Line> = Vec::new();
    match &app.search {
        Some(search) => {
            let spin = SPINNER[app.spinner % SPINNER.len()];
            let what = match (search.purpose, search.stopping) {
                (_, true) => t("engine-moving-now"),
                (Purpose::Move, false) => t("engine-thinking"),
                (Purpose::Hint, false) => t("engine-looking-for-hint"),
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{spin} "), theme.fg("accent")),
                Span::styled(what, theme.fg("text")),
                Span::styled(
                    format!("  {}", tr("level-n", &[("level", level.into())])),
                    theme.fg("dim"),
                ),
            ]));
            // A weakened level's own search misjudges on purpose: its score and line are not
            // shown (the move's explanation comes from a full-strength analysis).
            let weakened =
                search.purpose == Purpose::Move && crate::engine::Level::get(level).is_imperfect();
            match &search.thinking {
                Some(t) if weakened => lines.push(Line::styled(
                    tr(
                        "depth-nodes",
                        &[
                            ("depth", t.depth.into()),
                            ("nodes", short_count(t.nodes).into()),
                        ],
                    ),
                    theme.fg("dim"),
                )),
                Some(t) => lines.extend(thinking_lines(app, &search.root, t, theme)),
                None => lines.push(Line::styled(t("engine-starting"), theme.fg("dim"))),
            }
        }
        None => {
            let state = if let Some(e) = &app.engine_error {
                Line::styled(
                    tr("engine-unavailable", &[("error", e.to_string().into())]),
                    theme.error(),
                )
            } else if app.outcome().is_some() {
                Line::styled(t("engine-game-over"), theme.fg("dim"))
            } else if app.game.turn() == app.human {
                Line::styled(
                    tr(
                        "engine-waiting",
                        &[(
                            "key",
                            app.keys
                                .key_of(crate::app::PlayAction::Hint)
                                .to_string()
                                .into(),
                        )],
                    ),
                    theme.fg("dim"),
                )
            } else {
                Line::styled(
                    tr(
                        "engine-idle",
                        &[(
                            "key",
                            app.keys
                                .key_of(crate::app::PlayAction::MoveNow)
                                .to_string()
                                .into(),
                        )],
                    ),
                    theme.fg("dim"),
                )
            };
            lines.push(Line::styled(
                tr("level-n", &[("level", level.into())]),
                theme.fg("text"),
            ));
            lines.push(state);
        }
    }
    draw_panel(frame, area, &t("panel-engine"), lines, theme);
}

/// The legend of the squares numbered on the board (`line 1 Bb5 · 2 a6 · 3 Ba4`).
fn legend_line<P: Playable>(
    app: &App<P>,
    marked: &[shakmaty::Move],
    theme: &Theme,
) -> Line<'static> {
    Line::from(vec![
        Span::styled(crate::i18n::t("marks-legend"), theme.fg("dim")),
        Span::styled(
            super::marks::legend(app.shown_position(), marked),
            theme.fg("text"),
        ),
    ])
}

/// The explanation panel's text ([`crate::app::MoveAnalysis::lines`]): the first line (the
/// sentences) in the text colour, the details dimmed.
fn text_lines(text: &[String], theme: &Theme) -> Vec<Line<'static>> {
    text.iter()
        .enumerate()
        .map(|(i, l)| {
            let style = if i == 0 { "text" } else { "dim" };
            Line::styled(l.clone(), theme.fg(style))
        })
        .collect()
}

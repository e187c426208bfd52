//! The review screen: board, move list with classification marks, explanation panel,
//! evaluation graph and progress bar, over a review that streams in from a background thread.
//!
//! [`Screen`] is the model: [`Screen::update`] takes key presses, clicks and review events (the
//! only place state changes) and [`Screen::render`] draws it without I/O. [`run`] is the event
//! loop: one channel fed by the input thread and the review thread, a redraw after each batch.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

use anyhow::{Context, Result};
use ratatui::Frame;
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color as TermColor, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Gauge, Paragraph, Wrap};
use shakmaty::{Color, File, Position, Rank, Square};

use super::browse::{Browser, Nav};
use super::graph::EvalGraph;
use super::{ReviewEvent, ReviewState, Settings};
use crate::config::PieceStyle;
use crate::pgn::PgnGame;
use crate::tui::Tui;

/// One input of the screen.
#[derive(Debug, Clone)]
pub enum Input {
    /// A key press.
    Key(KeyEvent),
    /// A mouse event.
    Mouse(MouseEvent),
    /// The terminal was resized.
    Resize,
    /// The review reported.
    Review(ReviewEvent),
}

/// The areas of the screen, shared by drawing and mouse hit-testing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Areas {
    /// The board with its labels.
    pub board: Rect,
    /// The move list.
    pub moves: Rect,
    /// The explanation panel.
    pub panel: Rect,
    /// The evaluation graph.
    pub graph: Rect,
    /// The progress bar.
    pub progress: Rect,
    /// The help or prompt line.
    pub help: Rect,
}

impl Areas {
    /// Splits the screen.
    #[must_use]
    pub fn new(area: Rect) -> Areas {
        let rows = Layout::default()
            .direction(Direction::Vertical)
            .constraints([
                Constraint::Min(10),
                Constraint::Length(6),
                Constraint::Length(1),
                Constraint::Length(1),
            ])
            .split(area);
        let top = Layout::default()
            .direction(Direction::Horizontal)
            .constraints([
                Constraint::Length(28),
                Constraint::Length(24),
                Constraint::Min(20),
            ])
            .split(rows[0]);
        Areas {
            board: top[0],
            moves: top[1],
            panel: top[2],
            graph: rows[1],
            progress: rows[2],
            help: rows[3],
        }
    }
}

/// The review screen's model.
#[derive(Debug, Clone)]
pub struct Screen {
    game: PgnGame,
    state: ReviewState,
    browser: Browser,
    goto: Option<String>,
    message: Option<String>,
    pieces: PieceStyle,
}

impl Screen {
    /// A screen for `game`, before any ply is analysed, at the start position.
    #[must_use]
    pub fn new(game: PgnGame, pieces: PieceStyle) -> Screen {
        let g = &game.game;
        let plies = g.moves().len();
        let browser = Browser::new(
            plies,
            g.first_move_number(),
            g.start_position().turn(),
            None,
        );
        Screen {
            state: ReviewState::new(plies),
            browser,
            goto: None,
            message: None,
            pieces,
            game,
        }
    }

    /// The collected review.
    #[must_use]
    pub fn state(&self) -> &ReviewState {
        &self.state
    }

    /// The navigation state.
    #[must_use]
    pub fn browser(&self) -> &Browser {
        &self.browser
    }

    /// Takes one input; `area` is the whole screen (for clicks). Returns false to quit.
    pub fn update(&mut self, input: Input, area: Rect) -> bool {
        match input {
            Input::Review(e) => self.state.apply(e),
            Input::Resize => {}
            Input::Key(k) if k.kind == KeyEventKind::Press => return self.key(k),
            Input::Key(_) => {}
            Input::Mouse(m) => self.mouse(m, area),
        }
        true
    }

    fn nav(&mut self, nav: Nav) {
        self.message = None;
        if !self.browser.apply(nav, &self.state) {
            self.message = Some(
                match nav {
                    Nav::NextError => "no further mistake",
                    Nav::PreviousError => "no earlier mistake",
                    Nav::Move(..) => "the game has no such move",
                    _ => "",
                }
                .to_owned(),
            )
            .filter(|m| !m.is_empty());
        }
    }

    fn key(&mut self, k: KeyEvent) -> bool {
        if let Some(buf) = &mut self.goto {
            match k.code {
                KeyCode::Char(c) if c.is_ascii_digit() || c == '.' => buf.push(c),
                KeyCode::Backspace => {
                    buf.pop();
                }
                KeyCode::Enter => {
                    let text = buf.clone();
                    self.goto = None;
                    let side = if text.ends_with("...") {
                        Color::Black
                    } else {
                        Color::White
                    };
                    match text.trim_end_matches('.').parse::<u32>() {
                        Ok(n) => self.nav(Nav::Move(n, side)),
                        Err(_) => {
                            self.message = Some("type a move number, like 12 or 12...".into())
                        }
                    }
                }
                KeyCode::Esc => self.goto = None,
                _ => {}
            }
            return true;
        }
        match k.code {
            KeyCode::Char('q') | KeyCode::Esc => return false,
            KeyCode::Char(',') | KeyCode::Left => self.nav(Nav::Back),
            KeyCode::Char('.') | KeyCode::Right => self.nav(Nav::Forward),
            KeyCode::Char('n') => self.nav(Nav::NextError),
            KeyCode::Char('p') => self.nav(Nav::PreviousError),
            KeyCode::Home => self.nav(Nav::Start),
            KeyCode::End => self.nav(Nav::End),
            KeyCode::Char('f') => self.nav(Nav::Flip),
            KeyCode::Char('g') => self.goto = Some(String::new()),
            KeyCode::Char('w') => self.browser.side = Some(Color::White),
            KeyCode::Char('b') => self.browser.side = Some(Color::Black),
            KeyCode::Char('a') => self.browser.side = None,
            _ => {}
        }
        true
    }

    fn mouse(&mut self, m: MouseEvent, area: Rect) {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let areas = Areas::new(area);
        let values = self.state.graph_values();
        let inner = inner(areas.graph);
        if contains(inner, m.column, m.row) {
            if let Some(p) = EvalGraph::new(&values).ply_at(inner, m.column) {
                self.nav(Nav::Ply(p));
            }
            return;
        }
        let list = inner_rect(areas.moves);
        if contains(list, m.column, m.row)
            && let Some(p) = self.ply_at_list(list, m.column, m.row)
        {
            self.nav(Nav::Ply(p));
        }
    }

    /// The move-list rows: (move number, White's ply, Black's ply).
    fn rows(&self) -> Vec<(u32, Option<usize>, Option<usize>)> {
        let g = &self.game.game;
        let mut rows: Vec<(u32, Option<usize>, Option<usize>)> = Vec::new();
        for i in 0..g.moves().len() {
            let Some(pos) = g.position_at(i) else { break };
            let n = pos.fullmoves().get();
            if pos.turn() == Color::White || rows.is_empty() {
                rows.push((n, None, None));
            }
            if let Some(last) = rows.last_mut() {
                if pos.turn() == Color::White {
                    last.1 = Some(i);
                } else {
                    last.2 = Some(i);
                }
            }
        }
        rows
    }

    /// The first row shown so that the current move stays visible.
    fn scroll(&self, rows: &[(u32, Option<usize>, Option<usize>)], height: u16) -> usize {
        let current = self
            .browser
            .ply()
            .and_then(|p| rows.iter().position(|r| r.1 == Some(p) || r.2 == Some(p)));
        let h = usize::from(height.max(1));
        current.map_or(0, |c| c.saturating_sub(h - 1).min(c))
    }

    fn ply_at_list(&self, list: Rect, x: u16, y: u16) -> Option<usize> {
        let rows = self.rows();
        let first = self.scroll(&rows, list.height);
        let row = rows.get(first + usize::from(y - list.y))?;
        if x - list.x < 11 { row.1 } else { row.2 }
    }

    fn mark(&self, ply: usize) -> &'static str {
        self.state.ply(ply).map_or("", |p| p.classification.mark())
    }

    /// Draws the screen.
    pub fn render(&self, frame: &mut Frame) {
        let areas = Areas::new(frame.area());
        self.render_board(frame, areas.board);
        self.render_moves(frame, areas.moves);
        self.render_panel(frame, areas.panel);
        let values = self.state.graph_values();
        let block = Block::default().borders(Borders::ALL).title(" evaluation ");
        frame.render_widget(block, areas.graph);
        frame.render_widget(
            EvalGraph::new(&values).current(self.browser.ply()),
            inner(areas.graph),
        );
        self.render_progress(frame, areas.progress);
        let help = match &self.goto {
            Some(buf) => {
                format!("go to move: {buf}_  (12 = White's 12th, 12... = Black's; Enter, Esc)")
            }
            None => self.message.clone().unwrap_or_else(|| {
                ", . ← → step  n/p mistake  w/b/a side  Home/End  g go to  f flip  q quit"
                    .to_owned()
            }),
        };
        frame.render_widget(Paragraph::new(help), areas.help);
    }

    fn render_board(&self, frame: &mut Frame, area: Rect) {
        let Some(pos) = self.game.game.position_at(self.browser.cursor) else {
            return;
        };
        let flipped = self.browser.flipped;
        let mut lines = Vec::new();
        for r in 0..8u32 {
            let rank = if flipped { r } else { 7 - r };
            let mut spans = vec![Span::raw(format!("{} ", rank + 1))];
            for f in 0..8u32 {
                let file = if flipped { 7 - f } else { f };
                let sq = Square::from_coords(File::new(file), Rank::new(rank));
                let light = (file + rank) % 2 == 1;
                let bg = if light {
                    TermColor::Indexed(180)
                } else {
                    TermColor::Indexed(137)
                };
                let (text, fg) = match pos.board().piece_at(sq) {
                    Some(p) => (
                        crate::ui::board::glyph(p, self.pieces, true),
                        if p.color == Color::White {
                            TermColor::White
                        } else {
                            TermColor::Black
                        },
                    ),
                    None => (" ", TermColor::Reset),
                };
                spans.push(Span::styled(
                    format!(" {text} "),
                    Style::default().bg(bg).fg(fg).add_modifier(Modifier::BOLD),
                ));
            }
            lines.push(Line::from(spans));
        }
        let files: String = (0..8u32)
            .map(|f| {
                let file = if flipped { 7 - f } else { f };
                format!(" {} ", File::new(file).char())
            })
            .collect();
        lines.push(Line::from(format!("  {files}")));
        let to_move = if pos.turn() == Color::White {
            "White to move"
        } else {
            "Black to move"
        };
        lines.push(Line::from(format!("  {to_move}")));
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn render_moves(&self, frame: &mut Frame, area: Rect) {
        let block = Block::default().borders(Borders::ALL).title(" moves ");
        let list = inner_rect(area);
        frame.render_widget(block, area);
        let rows = self.rows();
        let first = self.scroll(&rows, list.height);
        let current = self.browser.ply();
        let moves = self.game.game.moves();
        let cell = |p: Option<usize>, white: bool| -> Span<'static> {
            let Some(p) = p else {
                // Only a game that starts with Black has an empty White cell.
                return Span::raw(format!("{:<10}", if white { "..." } else { "" }));
            };
            let text = format!("{}{}", moves[p].san, self.mark(p));
            let mut style = match self.state.ply(p).map(|r| r.classification.quality) {
                Some(crate::explain::quality::Quality::Blunder) => {
                    Style::default().fg(TermColor::Red)
                }
                Some(crate::explain::quality::Quality::Mistake) => {
                    Style::default().fg(TermColor::LightRed)
                }
                Some(crate::explain::quality::Quality::Inaccuracy) => {
                    Style::default().fg(TermColor::Yellow)
                }
                _ => Style::default(),
            };
            if current == Some(p) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            Span::styled(format!("{text:<10}"), style)
        };
        let lines: Vec<Line> = rows
            .iter()
            .skip(first)
            .take(usize::from(list.height))
            .map(|(n, w, b)| {
                Line::from(vec![
                    Span::raw(format!("{:>3}. ", n)),
                    cell(*w, true),
                    Span::raw(" "),
                    cell(*b, false),
                ])
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), list);
    }

    fn render_panel(&self, frame: &mut Frame, area: Rect) {
        let s = self.state.summary();
        let side = |name: &str, x: &super::SideSummary| {
            format!(
                "{name} {:>3}%  ?!{} ?{} ??{}",
                x.accuracy
                    .map_or_else(|| "-".to_owned(), |a| format!("{a:.0}")),
                x.inaccuracies,
                x.mistakes,
                x.blunders
            )
        };
        let mut lines = vec![
            Line::from(side("White", &s.white)),
            Line::from(side("Black", &s.black)),
            Line::from(""),
        ];
        match self.browser.ply() {
            None => lines.push(Line::from(
                "Start position. Press . or → to step through the game.",
            )),
            Some(p) => match self.state.ply(p) {
                None => lines.push(Line::from(format!(
                    "{} (not analysed yet)",
                    self.game.game.moves()[p].san
                ))),
                Some(r) => {
                    let number = if r.mover == "white" {
                        format!("{}.", r.move_number)
                    } else {
                        format!("{}...", r.move_number)
                    };
                    lines.push(Line::from(Span::styled(
                        format!(
                            "{number} {}{}  {}  {}",
                            r.san,
                            r.classification.mark(),
                            r.score_text,
                            r.label
                        ),
                        Style::default().add_modifier(Modifier::BOLD),
                    )));
                    if r.best_uci != r.uci {
                        lines.push(Line::from(format!(
                            "best: {} ({})  {}",
                            r.best_move,
                            super::score_text(r.best_score),
                            r.best_line.join(" ")
                        )));
                    }
                    lines.push(Line::from(""));
                    for l in r.explanation.sentences.iter() {
                        lines.push(Line::from(l.text.clone()));
                    }
                    if let Some(b) = &r.better {
                        lines.push(Line::from(""));
                        lines.push(Line::from(Span::styled(
                            format!("Better: {}", b.san),
                            Style::default().add_modifier(Modifier::BOLD),
                        )));
                        for l in &b.sentences {
                            lines.push(Line::from(l.text.clone()));
                        }
                    }
                }
            },
        }
        let block = Block::default()
            .borders(Borders::ALL)
            .title(" explanation ");
        frame.render_widget(
            Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
            area,
        );
    }

    fn render_progress(&self, frame: &mut Frame, area: Rect) {
        let total = self.state.len().max(1);
        let (done, label) = match self.state.progress() {
            _ if self.state.is_finished() => (total, "analysis complete".to_owned()),
            Some(p) => (
                p.done,
                format!(
                    "analysing: {}/{} plies, about {} s left",
                    p.done,
                    p.total,
                    p.eta.map_or(0, |d| d.as_secs())
                ),
            ),
            None => (0, format!("analysing: 0/{} plies", self.state.len())),
        };
        let ratio = (done as f64 / total as f64).clamp(0.0, 1.0);
        frame.render_widget(
            Gauge::default()
                .ratio(ratio)
                .label(label)
                .gauge_style(Style::default().fg(TermColor::Green)),
            area,
        );
    }
}

fn contains(r: Rect, x: u16, y: u16) -> bool {
    x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height
}

fn inner(r: Rect) -> Rect {
    Block::default().borders(Borders::ALL).inner(r)
}

fn inner_rect(r: Rect) -> Rect {
    inner(r)
}

/// Which terminal events the review screen takes: key presses, mouse events and resizes.
fn review_input(e: TermEvent) -> Option<Input> {
    match e {
        TermEvent::Key(k) if k.kind == KeyEventKind::Press => Some(Input::Key(k)),
        TermEvent::Mouse(m) => Some(Input::Mouse(m)),
        TermEvent::Resize(..) => Some(Input::Resize),
        _ => None,
    }
}

/// Opens the review screen for `game` and reviews it in the background until the user quits
/// (quitting cancels the analysis).
///
/// # Errors
/// When the terminal cannot be used or the review thread cannot start.
pub fn run(game: PgnGame, settings: Settings, pieces: PieceStyle) -> Result<()> {
    let mut screen = Screen::new(game, pieces);
    let mut tui = Tui::enter().context("cannot set up the terminal")?;
    let (tx, rx): (Sender<Input>, Receiver<Input>) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let input = crate::tui::spawn_input(tx.clone(), Arc::clone(&stop), review_input);
    let review_tx = tx;
    let job = super::runner::spawn(screen.game.game.clone(), settings, move |e| {
        let _ = review_tx.send(Input::Review(e));
    })
    .context("cannot start the review")?;
    let result = (|| -> Result<()> {
        loop {
            tui.terminal.draw(|f| screen.render(f))?;
            let Ok(first) = rx.recv() else { return Ok(()) };
            let area: Rect = tui.terminal.size()?.into();
            if !screen.update(first, area) {
                return Ok(());
            }
            while let Ok(more) = rx.try_recv() {
                if !screen.update(more, area) {
                    return Ok(());
                }
            }
        }
    })();
    drop(job);
    stop.store(true, Ordering::Relaxed);
    let _ = input.join();
    drop(tui);
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchLimits;
    use crate::review::review_game;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::KeyModifiers;

    fn screen() -> Screen {
        let pgn = crate::pgn::import(
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
        )
        .games
        .remove(0)
        .pgn;
        let mut s = Screen::new(pgn, PieceStyle::Ascii);
        let settings = Settings {
            limits: SearchLimits::depth(3),
            hash_mb: 1,
            ..Settings::default()
        };
        let game = s.game.game.clone();
        let mut events = Vec::new();
        review_game(&game, &settings, &AtomicBool::new(false), &mut |e| {
            events.push(e);
        });
        for e in events {
            s.update(Input::Review(e), Rect::new(0, 0, 100, 30));
        }
        s
    }

    fn key(c: KeyCode) -> Input {
        Input::Key(KeyEvent::new(c, KeyModifiers::NONE))
    }

    fn text(s: &Screen) -> String {
        let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
        t.draw(|f| s.render(f)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..30)
            .map(|y| {
                (0..100)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn jumps_to_the_first_blunder_and_shows_it() {
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        assert!(text(&s).contains("analysis complete"));
        assert!(s.update(key(KeyCode::Char('n')), area));
        assert_eq!(s.browser().ply(), Some(5));
        let screen_text = text(&s);
        assert!(screen_text.contains("3... Nf6??"), "{screen_text}");
        assert!(screen_text.contains("blunder"), "{screen_text}");
        assert!(screen_text.contains("Better: "), "{screen_text}");
        assert!(screen_text.contains("Nf6??"), "{screen_text}");
        // Step, go to a move number, flip, quit.
        s.update(key(KeyCode::Left), area);
        assert_eq!(s.browser().ply(), Some(4));
        s.update(key(KeyCode::Char('g')), area);
        s.update(key(KeyCode::Char('2')), area);
        s.update(key(KeyCode::Enter), area);
        assert_eq!(s.browser().ply(), Some(2));
        s.update(key(KeyCode::End), area);
        assert_eq!(s.browser().cursor, 7);
        s.update(key(KeyCode::Char('f')), area);
        assert!(s.browser().flipped);
        assert!(!s.update(key(KeyCode::Char('q')), area));
    }

    #[test]
    fn clicks_on_the_graph_and_the_move_list_jump() {
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        let areas = Areas::new(area);
        let click = |x, y| {
            Input::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: x,
                row: y,
                modifiers: KeyModifiers::NONE,
            })
        };
        let g = inner(areas.graph);
        s.update(click(g.x, g.y), area);
        assert_eq!(s.browser().ply(), Some(0));
        let list = inner(areas.moves);
        // Row 3 of the list is move 3; the right half is Black's move.
        s.update(click(list.x + 13, list.y + 2), area);
        assert_eq!(s.browser().ply(), Some(5));
    }
}

//! The review screen: board, move list with classification marks, explanation panel,
//! evaluation graph and progress bar, over a review that streams in from a background thread,
//! with "learn from your mistakes" (try a better move at a mistake of the chosen side).
//!
//! [`Screen`] is the model: [`Screen::update`] takes key presses, clicks, review events and
//! verdicts on tries (the only place state changes) and [`Screen::render`] draws it without
//! I/O. A try to judge is handed out by [`Screen::take_try`]; the event loop is
//! [`super::session`].

use ratatui::Frame;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Gauge, Paragraph, Wrap};
use shakmaty::san::SanPlus;
use shakmaty::{Color, File, Move, Position, Rank, Role, Square};

use super::ReviewEvent;
use super::ReviewState;
use super::browse::{Browser, Nav};
use super::graph::{EvalGraph, GraphColors};
use super::learn::TryVerdict;
use crate::config::PieceStyle;
use crate::explain::quality::Quality;
use crate::pgn::PgnGame;
use crate::ui::Theme;

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
    /// The verdict on the try handed out by [`Screen::take_try`].
    Verdict(Box<TryVerdict>),
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

    /// The square under a click on the board (seen from Black when `flipped`).
    #[must_use]
    pub fn square_at(&self, x: u16, y: u16, flipped: bool) -> Option<Square> {
        let b = self.board;
        if y < b.y || y >= b.y + 8 || x < b.x + 2 || x >= b.x + 2 + 24 {
            return None;
        }
        let row = u32::from(y - b.y);
        let col = u32::from(x - b.x - 2) / 3;
        let (file, rank) = if flipped {
            (7 - col, row)
        } else {
            (col, 7 - row)
        };
        Some(Square::from_coords(File::new(file), Rank::new(rank)))
    }
}

/// "Learn from your mistakes" at one mistake (ply `ply`, the board before it).
#[derive(Debug, Clone, PartialEq)]
pub enum Learn {
    /// Typing a try (or clicking its squares).
    Prompt {
        /// The mistake's ply.
        ply: usize,
        /// Text typed so far.
        text: String,
        /// A square clicked first.
        from: Option<Square>,
        /// Why the last try could not be read.
        error: Option<String>,
    },
    /// The engine is judging a try.
    Judging {
        /// The mistake's ply.
        ply: usize,
        /// The try, SAN.
        san: String,
    },
    /// The verdict on a try.
    Verdict {
        /// The mistake's ply.
        ply: usize,
        /// The try, SAN.
        san: String,
        /// Whether it loses less than [`super::learn::GOOD_TRY`] against the best.
        good: bool,
        /// Its loss of winning chances against the best move.
        drop: f64,
        /// Its explanation.
        sentences: Vec<String>,
    },
}

impl Learn {
    fn ply(&self) -> usize {
        match self {
            Learn::Prompt { ply, .. } | Learn::Judging { ply, .. } | Learn::Verdict { ply, .. } => {
                *ply
            }
        }
    }
}

/// The keys of the review screen, for the help overlay (`?`).
const HELP: &[(&str, &str)] = &[
    (", ← / . →", "one ply back / forward"),
    ("n / p", "next / previous mistake of the chosen side"),
    ("w / b / a", "choose White / Black / both for n, p and t"),
    ("Home / End", "start / end of the game"),
    ("↑ ↓ Enter", "pick a move in the list, jump there"),
    ("click", "a move in the list or a point of the graph"),
    ("g 12 Enter", "White's move 12 (12... for Black's)"),
    ("t", "at a mistake: try a better move (type it or click"),
    ("", "two squares; then t again, r reveal, n next)"),
    ("f", "flip the board"),
    ("?", "this help"),
    ("q Esc", "leave (back to the game list or the game)"),
];

/// The review screen's model.
#[derive(Debug, Clone)]
pub struct Screen {
    game: PgnGame,
    state: ReviewState,
    browser: Browser,
    goto: Option<String>,
    message: Option<String>,
    pieces: PieceStyle,
    theme: Theme,
    /// A move picked in the list with ↑/↓ (Enter jumps there).
    list: Option<usize>,
    learn: Option<Learn>,
    pending_try: Option<(usize, Move)>,
    help: bool,
}

impl Screen {
    /// A screen for `game`, before any ply is analysed, at the start position, drawn with
    /// `theme`; `n`, `p` and `t` visit the mistakes of both sides.
    #[must_use]
    pub fn new(game: PgnGame, pieces: PieceStyle, theme: Theme) -> Screen {
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
            theme,
            list: None,
            learn: None,
            pending_try: None,
            help: false,
            game,
        }
    }

    /// Visits the mistakes of `side` (the board is seen from Black's side for Black).
    #[must_use]
    pub fn with_side(mut self, side: Option<Color>) -> Screen {
        self.browser.side = side;
        self.browser.flipped = side == Some(Color::Black);
        self
    }

    /// The game under review.
    #[must_use]
    pub fn game(&self) -> &PgnGame {
        &self.game
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

    /// Shows a message on the bottom line until the next command.
    pub fn say(&mut self, message: String) {
        self.message = Some(message);
    }

    /// The "learn from your mistakes" state, while active.
    #[must_use]
    pub fn learn(&self) -> Option<&Learn> {
        self.learn.as_ref()
    }

    /// The try waiting to be judged (the ply of the mistake and the move tried); the caller
    /// judges it with [`super::learn::judge_try`] off the interface thread and sends back
    /// [`Input::Verdict`].
    pub fn take_try(&mut self) -> Option<(usize, Move)> {
        self.pending_try.take()
    }

    /// Takes one input; `area` is the whole screen (for clicks). Returns false to leave.
    pub fn update(&mut self, input: Input, area: Rect) -> bool {
        match input {
            Input::Review(e) => self.state.apply(e),
            Input::Verdict(v) => self.verdict(*v),
            Input::Resize => {}
            Input::Key(k) if k.kind == KeyEventKind::Press => return self.key(k),
            Input::Key(_) => {}
            Input::Mouse(m) => self.mouse(m, area),
        }
        true
    }

    fn nav(&mut self, nav: Nav) {
        self.message = None;
        self.list = None;
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

    /// The ply at the cursor when it is a mistake (inaccuracy or worse) of the chosen side.
    fn learnable(&self) -> Option<usize> {
        let p = self.browser.ply()?;
        let r = self.state.ply(p)?;
        let side_ok = self.browser.side.is_none_or(|c| r.mover == c);
        (r.classification.is_error() && side_ok).then_some(p)
    }

    fn start_learning(&mut self) {
        match self.learnable() {
            Some(ply) => {
                self.message = None;
                self.learn = Some(Learn::Prompt {
                    ply,
                    text: String::new(),
                    from: None,
                    error: None,
                });
            }
            None => {
                self.message =
                    Some("t works at a mistake of the chosen side: n goes to the next one".into());
            }
        }
    }

    /// Reads a try typed or clicked at the mistake `ply`, and hands it out for judging.
    fn submit(&mut self, ply: usize, text: &str) {
        let Some(pos) = self.game.game.position_at(ply) else {
            return;
        };
        match crate::game::notation::parse_move(pos, text.trim()) {
            Ok(mv) => {
                let san = SanPlus::from_move(pos.clone(), mv).to_string();
                self.pending_try = Some((ply, mv));
                self.learn = Some(Learn::Judging { ply, san });
            }
            Err(e) => {
                self.learn = Some(Learn::Prompt {
                    ply,
                    text: text.to_owned(),
                    from: None,
                    error: Some(e.to_string()),
                });
            }
        }
    }

    fn verdict(&mut self, v: TryVerdict) {
        let Some(Learn::Judging { ply, san }) = &self.learn else {
            return; // cancelled meanwhile
        };
        let sentences = v
            .analysis
            .explanation
            .map(|e| e.sentences.into_iter().map(|s| s.text).collect())
            .unwrap_or_default();
        self.learn = Some(Learn::Verdict {
            ply: *ply,
            san: san.clone(),
            good: v.good,
            drop: v.drop,
            sentences,
        });
    }

    fn learn_key(&mut self, learn: Learn, k: KeyEvent) -> bool {
        match learn {
            Learn::Prompt {
                ply,
                mut text,
                from,
                error,
            } => match k.code {
                KeyCode::Esc => self.learn = None,
                KeyCode::Enter => self.submit(ply, &text),
                KeyCode::Backspace => {
                    text.pop();
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text,
                        from,
                        error,
                    });
                }
                KeyCode::Char(c) => {
                    text.push(c);
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text,
                        from,
                        error: None,
                    });
                }
                _ => {}
            },
            Learn::Judging { .. } => {
                if k.code == KeyCode::Esc {
                    self.learn = None;
                }
            }
            Learn::Verdict { ply, .. } => match k.code {
                KeyCode::Char('t') => {
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text: String::new(),
                        from: None,
                        error: None,
                    });
                }
                KeyCode::Char('r') => {
                    self.learn = None;
                    if let Some(r) = self.state.ply(ply) {
                        self.message = Some(format!(
                            "the best move was {} ({}); n goes to the next mistake",
                            r.best_move,
                            super::score_text(r.best_score)
                        ));
                    }
                }
                KeyCode::Char('n') => {
                    self.learn = None;
                    self.nav(Nav::NextError);
                    if self.message.is_none() {
                        self.start_learning();
                    }
                }
                KeyCode::Esc | KeyCode::Char('q') => self.learn = None,
                _ => {
                    self.learn = None;
                    return self.key(k);
                }
            },
        }
        true
    }

    fn key(&mut self, k: KeyEvent) -> bool {
        if self.help {
            self.help = false;
            return true;
        }
        if let Some(learn) = self.learn.take() {
            return self.learn_key(learn, k);
        }
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
            KeyCode::Char('t') => self.start_learning(),
            KeyCode::Char('?') => self.help = true,
            KeyCode::Up | KeyCode::Down => self.pick_in_list(k.code == KeyCode::Up),
            KeyCode::Enter => {
                if let Some(p) = self.list {
                    self.nav(Nav::Ply(p));
                }
            }
            _ => {}
        }
        true
    }

    /// ↑/↓: the list's pick moves a row (a full move) up or down, starting at the cursor.
    fn pick_in_list(&mut self, up: bool) {
        let plies = self.game.game.moves().len();
        if plies == 0 {
            return;
        }
        let from = self.list.or(self.browser.ply()).unwrap_or(0);
        let to = if up {
            from.checked_sub(2).unwrap_or(from)
        } else if from + 2 < plies {
            from + 2
        } else {
            from
        };
        self.list = Some(to);
    }

    fn mouse(&mut self, m: MouseEvent, area: Rect) {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let areas = Areas::new(area);
        if let Some(Learn::Prompt { ply, from, .. }) = self.learn.clone() {
            if let Some(sq) = areas.square_at(m.column, m.row, self.browser.flipped) {
                self.click_square(ply, from, sq);
            }
            return;
        }
        let values = self.state.graph_values();
        let graph = inner(areas.graph);
        if contains(graph, m.column, m.row) {
            if let Some(p) = EvalGraph::new(&values).ply_at(graph, m.column) {
                self.nav(Nav::Ply(p));
            }
            return;
        }
        let list = inner(areas.moves);
        if contains(list, m.column, m.row)
            && let Some(p) = self.ply_at_list(list, m.column, m.row)
        {
            self.nav(Nav::Ply(p));
        }
    }

    /// A click on the board while trying: the first picks a piece of the side to move, the
    /// second its destination (a promotion makes a queen).
    fn click_square(&mut self, ply: usize, from: Option<Square>, sq: Square) {
        let Some(pos) = self.game.game.position_at(ply) else {
            return;
        };
        let own = pos.board().color_at(sq) == Some(pos.turn());
        let prompt = |from, error| Learn::Prompt {
            ply,
            text: String::new(),
            from,
            error,
        };
        match from {
            Some(f) if !own => {
                let mv = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| m.from() == Some(f) && m.to() == sq)
                    .max_by_key(|m| m.promotion() == Some(Role::Queen));
                match mv {
                    Some(mv) => {
                        let uci = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
                        self.submit(ply, &uci);
                    }
                    None => {
                        self.learn = Some(prompt(None, Some(format!("{f}{sq} is not legal"))));
                    }
                }
            }
            _ if own => self.learn = Some(prompt(Some(sq), None)),
            _ => {}
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

    /// The first row shown so that the picked move (else the current one) stays visible.
    fn scroll(&self, rows: &[(u32, Option<usize>, Option<usize>)], height: u16) -> usize {
        let current = self
            .list
            .or(self.browser.ply())
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

    /// The style of a move of this quality: theme colours for inaccuracies and worse.
    fn quality_style(&self, q: Option<Quality>) -> Style {
        match q {
            Some(Quality::Blunder) => self.theme.fg("error"),
            Some(Quality::Mistake) => self.theme.fg("check"),
            Some(Quality::Inaccuracy) => self.theme.fg("accent"),
            _ => self.theme.fg("text"),
        }
    }

    /// Draws the screen.
    pub fn render(&self, frame: &mut Frame) {
        let areas = Areas::new(frame.area());
        self.render_board(frame, areas.board);
        self.render_moves(frame, areas.moves);
        self.render_panel(frame, areas.panel);
        let values = self.state.graph_values();
        let block = self.block(" evaluation ");
        frame.render_widget(block, areas.graph);
        let colors = GraphColors {
            white: self.theme.color("text"),
            black: self.theme.color("dim"),
            current: self.theme.color("accent"),
        };
        frame.render_widget(
            EvalGraph::new(&values)
                .current(self.browser.ply())
                .colors(colors),
            inner(areas.graph),
        );
        self.render_progress(frame, areas.progress);
        let (help, style) = self.help_line();
        frame.render_widget(Paragraph::new(Line::styled(help, style)), areas.help);
        if self.help {
            self.render_help(frame);
        }
    }

    fn block(&self, title: &'static str) -> Block<'static> {
        Block::default()
            .borders(Borders::ALL)
            .border_style(self.theme.fg("border"))
            .title(Span::styled(title, self.theme.fg("accent")))
    }

    /// The bottom line: a prompt, a message, or the keys (with `t` at a mistake).
    fn help_line(&self) -> (String, Style) {
        let dim = self.theme.fg("dim");
        if let Some(learn) = &self.learn {
            return match learn {
                Learn::Prompt { text, from, .. } => (
                    match from {
                        Some(f) => format!("your move: {f}…  (click the destination; Esc stops)"),
                        None => format!(
                            "your move: {text}_  (SAN or UCI, or click two squares; Enter, Esc)"
                        ),
                    },
                    self.theme.fg("accent"),
                ),
                Learn::Judging { .. } => ("judging your try… (Esc stops)".to_owned(), dim),
                Learn::Verdict { .. } => (
                    "t try again · r reveal the best move · n next mistake · Esc back".to_owned(),
                    self.theme.fg("accent"),
                ),
            };
        }
        if let Some(buf) = &self.goto {
            return (
                format!("go to move: {buf}_  (12 = White's 12th, 12... = Black's; Enter, Esc)"),
                self.theme.fg("accent"),
            );
        }
        if let Some(m) = &self.message {
            return (m.clone(), self.theme.fg("accent"));
        }
        let keys =
            ", . ← → step  n/p mistake  w/b/a side  ↑↓ Enter  g go to  f flip  ? help  q quit";
        match self.learnable() {
            Some(_) => (format!("t try a better move · {keys}"), dim),
            None => (keys.to_owned(), dim),
        }
    }

    fn render_help(&self, frame: &mut Frame) {
        let area = frame.area();
        let w = 64.min(area.width);
        let h = (HELP.len() as u16 + 3).min(area.height);
        let rect = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        let mut lines: Vec<Line> = HELP
            .iter()
            .map(|(k, what)| {
                Line::from(vec![
                    Span::styled(format!("{k:<12}"), self.theme.fg("accent")),
                    Span::styled(*what, self.theme.fg("text")),
                ])
            })
            .collect();
        lines.push(Line::styled("any key closes", self.theme.fg("dim")));
        frame.render_widget(Clear, rect);
        frame.render_widget(
            Paragraph::new(lines).block(self.block(" review keys ")),
            rect,
        );
    }

    fn render_board(&self, frame: &mut Frame, area: Rect) {
        // While trying, the board shows the position before the mistake.
        let shown = self.learn.as_ref().map_or(self.browser.cursor, Learn::ply);
        let Some(pos) = self.game.game.position_at(shown) else {
            return;
        };
        let last = shown
            .checked_sub(1)
            .and_then(|p| self.game.game.moves().get(p))
            .map(|m| (m.mv.from(), m.mv.to()));
        let picked = match &self.learn {
            Some(Learn::Prompt { from, .. }) => *from,
            _ => None,
        };
        let flipped = self.browser.flipped;
        let colored = self.theme.colored();
        let mut lines = Vec::new();
        for r in 0..8u32 {
            let rank = if flipped { r } else { 7 - r };
            let mut spans = vec![Span::styled(format!("{} ", rank + 1), self.theme.fg("dim"))];
            for f in 0..8u32 {
                let file = if flipped { 7 - f } else { f };
                let sq = Square::from_coords(File::new(file), Rank::new(rank));
                let light = (file + rank) % 2 == 1;
                let key = if picked == Some(sq) {
                    "selected"
                } else if last.is_some_and(|(from, to)| from == Some(sq) || to == sq) {
                    "last_move"
                } else if light {
                    "light"
                } else {
                    "dark"
                };
                let mut style = Style::default()
                    .bg(self.theme.color(key))
                    .add_modifier(Modifier::BOLD);
                let text = match pos.board().piece_at(sq) {
                    Some(p) => {
                        let role = if p.color == Color::White {
                            "white_piece"
                        } else {
                            "black_piece"
                        };
                        style = style.fg(self.theme.color(role));
                        crate::ui::board::glyph(p, self.pieces, colored)
                    }
                    None => " ",
                };
                // Without colours the picked square is bracketed.
                let (l, rr) = if !colored && picked == Some(sq) {
                    ("[", "]")
                } else {
                    (" ", " ")
                };
                spans.push(Span::styled(format!("{l}{text}{rr}"), style));
            }
            lines.push(Line::from(spans));
        }
        let files: String = (0..8u32)
            .map(|f| {
                let file = if flipped { 7 - f } else { f };
                format!(" {} ", File::new(file).char())
            })
            .collect();
        lines.push(Line::styled(format!("  {files}"), self.theme.fg("dim")));
        let to_move = if pos.turn() == Color::White {
            "White to move"
        } else {
            "Black to move"
        };
        lines.push(Line::styled(format!("  {to_move}"), self.theme.fg("text")));
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn render_moves(&self, frame: &mut Frame, area: Rect) {
        let block = self.block(" moves ");
        let list = inner(area);
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
            let mut style = self.quality_style(self.state.ply(p).map(|r| r.classification.quality));
            if current == Some(p) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if self.list == Some(p) {
                style = style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
            }
            Span::styled(format!("{text:<10}"), style)
        };
        let lines: Vec<Line> = rows
            .iter()
            .skip(first)
            .take(usize::from(list.height))
            .map(|(n, w, b)| {
                Line::from(vec![
                    Span::styled(format!("{n:>3}. "), self.theme.fg("dim")),
                    cell(*w, true),
                    Span::raw(" "),
                    cell(*b, false),
                ])
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), list);
    }

    /// The panel's lines while learning.
    fn learn_lines(&self, learn: &Learn) -> Vec<Line<'static>> {
        let bold = self.theme.fg("text").add_modifier(Modifier::BOLD);
        let mut lines = Vec::new();
        if let Some(r) = self.state.ply(learn.ply()) {
            let number = r.number_text();
            lines.push(Line::styled(
                format!(
                    "Learn: find a better move than {number} {}{} — {}",
                    r.san,
                    r.classification.mark(),
                    r.label
                ),
                bold,
            ));
            lines.push(Line::from(""));
        }
        match learn {
            Learn::Prompt { error, .. } => {
                lines.push(Line::styled(
                    "Type your move below (like Nf3 or g1f3) or click its two squares.",
                    self.theme.fg("text"),
                ));
                if let Some(e) = error {
                    lines.push(Line::styled(e.clone(), self.theme.error()));
                }
            }
            Learn::Judging { san, .. } => {
                lines.push(Line::styled(
                    format!("{san}: the engine is looking…"),
                    self.theme.fg("dim"),
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
                            format!("{san}: good! It is the engine's best move.")
                        } else {
                            format!(
                                "{san}: good! It is within {drop:.3} winning chances of the best move."
                            )
                        },
                        self.theme.fg("selected").add_modifier(Modifier::BOLD),
                    )
                } else if drop.is_finite() {
                    (
                        format!(
                            "{san}: not good enough: it loses {drop:.2} winning chances against the best move (good is under {}).",
                            super::learn::GOOD_TRY
                        ),
                        self.theme.error(),
                    )
                } else {
                    (
                        format!("{san}: the engine could not judge it."),
                        self.theme.error(),
                    )
                };
                lines.push(Line::styled(text, style));
                lines.push(Line::from(""));
                for s in sentences {
                    lines.push(Line::styled(s.clone(), self.theme.fg("text")));
                }
            }
        }
        lines
    }

    fn render_panel(&self, frame: &mut Frame, area: Rect) {
        let block = self.block(" explanation ");
        if let Some(learn) = &self.learn {
            frame.render_widget(
                Paragraph::new(self.learn_lines(learn))
                    .block(block)
                    .wrap(Wrap { trim: true }),
                area,
            );
            return;
        }
        let s = self.state.summary();
        let text = self.theme.fg("text");
        let bold = text.add_modifier(Modifier::BOLD);
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
            Line::styled(side("White", &s.white), text),
            Line::styled(side("Black", &s.black), text),
        ];
        // The opening reached so far: the game's at the end, the position's when browsing.
        let shown = self.browser.ply().map_or(0, |p| p + 1);
        if let Some(o) = crate::opening::at(&self.game.game, shown)
            .or_else(|| crate::opening::of_game(&self.game.game))
        {
            lines.push(Line::styled(format!("Opening: {o}"), text));
        }
        lines.push(Line::from(""));
        match self.browser.ply() {
            None => lines.push(Line::styled(
                "Start position. Press . or → to step through the game.",
                text,
            )),
            Some(p) => match self.state.ply(p) {
                None => lines.push(Line::styled(
                    format!("{} (not analysed yet)", self.game.game.moves()[p].san),
                    text,
                )),
                Some(r) => {
                    let number = r.number_text();
                    lines.push(Line::styled(
                        format!(
                            "{number} {}{}  {}  {}",
                            r.san,
                            r.classification.mark(),
                            r.score_text,
                            r.label
                        ),
                        self.quality_style(Some(r.classification.quality))
                            .add_modifier(Modifier::BOLD),
                    ));
                    // A book move is theory: no "best" to set against it.
                    if r.best_uci != r.uci && r.classification.quality != Quality::Book {
                        lines.push(Line::styled(
                            format!(
                                "best: {} ({})  {}",
                                r.best_move,
                                super::score_text(r.best_score),
                                r.best_line.join(" ")
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
                        lines.push(Line::styled(format!("Better: {}", b.san), bold));
                        for l in &b.sentences {
                            lines.push(Line::styled(l.text.clone(), text));
                        }
                    }
                }
            },
        }
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
                .gauge_style(self.theme.fg("selected")),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchLimits;
    use crate::review::{Settings, review_game};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::KeyModifiers;
    use std::sync::atomic::AtomicBool;

    fn screen() -> Screen {
        let pgn = crate::pgn::import(
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
        )
        .games
        .remove(0)
        .pgn;
        let mut s = Screen::new(pgn, PieceStyle::Ascii, mono());
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

    fn mono() -> Theme {
        Theme::named("mono", crate::ui::ColorMode::None)
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

    /// Presses `n` (next mistake) until the review stands on 3... Nf6?? (ply 5); earlier plies may
    /// also count as inaccuracies (3. Qh5?! does with the tuned evaluation at depth 3).
    fn to_the_blunder(s: &mut Screen) {
        let area = Rect::new(0, 0, 100, 30);
        for _ in 0..6 {
            if s.browser().ply() == Some(5) {
                return;
            }
            assert!(s.update(key(KeyCode::Char('n')), area));
        }
        assert_eq!(s.browser().ply(), Some(5), "n never reached 3... Nf6??");
    }

    #[test]
    fn jumps_to_the_first_blunder_and_shows_it() {
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        assert!(text(&s).contains("analysis complete"));
        to_the_blunder(&mut s);
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
        // `?` opens the help (which names `t`); any key closes it without acting.
        s.update(key(KeyCode::Char('?')), area);
        assert!(text(&s).contains("try a better move"));
        assert!(s.update(key(KeyCode::Char('q')), area));
        assert!(!text(&s).contains("review keys"));
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

    #[test]
    fn up_down_pick_a_move_and_enter_jumps_there() {
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        s.update(key(KeyCode::Char('.')), area); // after 1. e4
        s.update(key(KeyCode::Down), area);
        s.update(key(KeyCode::Down), area);
        assert_eq!(s.browser().ply(), Some(0), "the pick alone does not move");
        assert!(text(&s).contains("Qh5"));
        s.update(key(KeyCode::Enter), area);
        assert_eq!(s.browser().ply(), Some(4)); // 3. Qh5
        s.update(key(KeyCode::Up), area);
        s.update(key(KeyCode::Enter), area);
        assert_eq!(s.browser().ply(), Some(2)); // 2. Bc4
        // Enter without a pick does nothing.
        s.update(key(KeyCode::Enter), area);
        assert_eq!(s.browser().ply(), Some(2));
    }

    /// Judges the screen's pending try synchronously at depth 3 and feeds the verdict back.
    fn judge(s: &mut Screen) {
        let (ply, mv) = s.take_try().expect("a try to judge");
        let settings = Settings {
            limits: SearchLimits::depth(3),
            hash_mb: 1,
            ..Settings::default()
        };
        let req = crate::review::learn::request(&s.game().game, ply, Some(mv), &settings).unwrap();
        let mut memory = crate::engine::SearchMemory::new(1);
        let v = crate::review::learn::judge_try(&req, &mut memory, &AtomicBool::new(false));
        s.update(Input::Verdict(Box::new(v)), Rect::new(0, 0, 100, 30));
    }

    fn type_text(s: &mut Screen, t: &str) {
        for c in t.chars() {
            s.update(key(KeyCode::Char(c)), Rect::new(0, 0, 100, 30));
        }
    }

    #[test]
    fn learn_from_the_blunder_bad_try_retry_good_try_reveal() {
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        // Not at a mistake: t explains where it works.
        s.update(key(KeyCode::Char('t')), area);
        assert!(s.learn().is_none());
        assert!(text(&s).contains("t works at a mistake"));
        to_the_blunder(&mut s);
        assert!(text(&s).contains("t try a better move"));
        s.update(key(KeyCode::Char('t')), area);
        assert!(matches!(s.learn(), Some(Learn::Prompt { ply: 5, .. })));
        // The board shows the position before 3... Nf6: the knight is still on g8.
        assert!(text(&s).contains("Learn: find a better move than 3... Nf6??"));
        // A move that cannot be played says why and stays in the prompt.
        type_text(&mut s, "Ke6");
        s.update(key(KeyCode::Enter), area);
        assert!(matches!(
            s.learn(),
            Some(Learn::Prompt { error: Some(_), .. })
        ));
        assert!(s.take_try().is_none());
        // Another bad try: 3... a6 still allows Qxf7#.
        for _ in 0..3 {
            s.update(key(KeyCode::Backspace), area);
        }
        type_text(&mut s, "a6");
        s.update(key(KeyCode::Enter), area);
        assert!(matches!(s.learn(), Some(Learn::Judging { .. })));
        judge(&mut s);
        match s.learn() {
            Some(Learn::Verdict { good, san, .. }) => {
                assert!(!good);
                assert_eq!(san, "a6");
            }
            other => panic!("{other:?}"),
        }
        assert!(text(&s).contains("a6: not good enough"), "{}", text(&s));
        // Retry with 3... g6 (UCI), which stops the mate.
        s.update(key(KeyCode::Char('t')), area);
        type_text(&mut s, "g7g6");
        s.update(key(KeyCode::Enter), area);
        judge(&mut s);
        assert!(
            matches!(s.learn(), Some(Learn::Verdict { good: true, .. })),
            "{:?}",
            s.learn()
        );
        assert!(text(&s).contains("g6: good!"), "{}", text(&s));
        // Reveal the best move.
        s.update(key(KeyCode::Char('r')), area);
        assert!(s.learn().is_none());
        assert!(text(&s).contains("the best move was"));
    }

    #[test]
    fn a_try_by_clicking_two_squares() {
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        to_the_blunder(&mut s);
        s.update(key(KeyCode::Char('t')), area);
        let areas = Areas::new(area);
        let click = |sq: Square| {
            let (x, y) = (0..100u16)
                .flat_map(|x| (0..30u16).map(move |y| (x, y)))
                .find(|&(x, y)| areas.square_at(x, y, false) == Some(sq))
                .unwrap();
            Input::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: x,
                row: y,
                modifiers: KeyModifiers::NONE,
            })
        };
        s.update(click(Square::D8), area);
        assert!(matches!(
            s.learn(),
            Some(Learn::Prompt {
                from: Some(Square::D8),
                ..
            })
        ));
        s.update(click(Square::E7), area);
        assert!(matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "Qe7"));
        assert!(s.take_try().is_some());
    }
}

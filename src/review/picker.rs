//! The game picker of `kibitzer review FILE.pgn` for a file with several games: one row per game
//! (game, players, result, date, opening), filled in while [`scan`] reads the file on a background
//! thread, so a file of any size opens at once and a game can be picked before the scan ends.
//! Games that cannot be read are listed with their error. A file may mix chess and Pawn Battle
//! games: each is read as the game its `Variant` tag names, and its row says which game it is.
//! Typing filters by player, event or game.
//!
//! [`Picker`] is the model ([`Picker::key`] and [`Picker::mouse`] take keys and clicks,
//! [`Picker::apply`] the scan's batches) and [`Picker::render`] draws it without I/O.

use std::sync::Arc;

use crate::keys::{Action, Keymaps};
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::Reviewed;
use crate::i18n::{t, tr};
use crate::pgn::{self, AnyGame, Tags};
use crate::ui::theme::Theme;
use crate::variant::Variant;

/// One game of the file, as the picker lists it (a few short strings, so that the list of a
/// very long file stays small; the game itself is read again when it is opened).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Entry {
    /// The game's 1-based number in the file.
    pub number: usize,
    /// Which game it is (its `Variant` tag).
    pub variant: Variant,
    /// The `White` tag (`?` when missing).
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The `Result` tag.
    pub result: String,
    /// The `Date` tag.
    pub date: String,
    /// `ECO` and `Opening` tags, whichever exist.
    pub opening: String,
    /// The `Event` tag.
    pub event: String,
    /// Its length in moves (a move of each side is one), as read.
    pub moves: usize,
    /// Why the game cannot be read (`game 3 (line 40): move 12... Nxe4 is illegal: …`).
    pub error: Option<String>,
}

impl Entry {
    /// Fills [`Entry::opening`] from the game's moves (its opening book, chess's
    /// [`crate::opening::of_game`]) when its tags name no opening, and [`Entry::variant`].
    #[must_use]
    pub fn named_by<P: Reviewed>(mut self, game: &crate::game::Game<P>) -> Entry {
        self.variant = P::VARIANT;
        self.moves = game.ply().div_ceil(2);
        if self.opening.is_empty()
            && let Some(o) = P::opening_at(game, game.ply())
        {
            self.opening = o.to_string();
        }
        self
    }

    /// The game's name as the list shows it: `chess` or `Pawn Battle`.
    #[must_use]
    pub fn game_name(&self) -> &'static str {
        match self.variant {
            Variant::Chess => "chess",
            other => other.english_name(),
        }
    }

    /// The game's name as the list shows it, in the language spoken (`chess`, `xadrez`).
    #[must_use]
    pub fn game_label(&self) -> String {
        tr("picker-game", &[("game", self.variant.id().into())])
    }

    /// The entry of game `number` with these tags.
    #[must_use]
    pub fn from_tags(number: usize, tags: &Tags, error: Option<String>) -> Entry {
        let tag = |name: &str| tags.get(name).unwrap_or("?").to_owned();
        let opening = [tags.get("ECO"), tags.get("Opening"), tags.get("Variation")]
            .into_iter()
            .flatten()
            .filter(|t| !t.is_empty() && *t != "?")
            .collect::<Vec<_>>()
            .join(" ");
        Entry {
            number,
            variant: Variant::Chess,
            white: tag("White"),
            black: tag("Black"),
            result: tag("Result"),
            date: tag("Date"),
            opening,
            event: tag("Event"),
            moves: 0,
            error,
        }
    }

    /// Whether the entry matches a filter (case-insensitive, in the players, the event or
    /// the game's name).
    ///
    /// ```
    /// use kibitzer::review::picker::Entry;
    /// use kibitzer::variant::Variant;
    /// let e = Entry { white: "Morphy, Paul".into(), event: "Paris".into(), ..Entry::default() };
    /// assert!(e.matches("morphy"));
    /// assert!(e.matches("PARIS"));
    /// assert!(!e.matches("tal"));
    /// assert!(!e.matches("pawn"));
    /// ```
    #[must_use]
    pub fn matches(&self, filter: &str) -> bool {
        let f = filter.to_lowercase();
        [
            self.white.as_str(),
            self.black.as_str(),
            self.event.as_str(),
            self.game_name(),
            &self.game_label(),
        ]
        .iter()
        .any(|t| t.to_lowercase().contains(&f))
    }
}

/// What the scan reports.
#[derive(Debug, Clone)]
pub enum ScanEvent {
    /// More games, in file order.
    Entries(Vec<Entry>),
    /// The whole file has been read.
    Done,
}

/// Reads every game of `reader` (each as the game its `Variant` tag names) and reports an
/// [`Entry`] for each, in batches (every 200 games or 50 ms), then [`ScanEvent::Done`]; stops
/// early (without `Done`) when `stop` is set.
pub fn scan(reader: impl Read, stop: &AtomicBool, on_event: &mut dyn FnMut(ScanEvent)) {
    let mut batch = Vec::new();
    let mut sent = Instant::now();
    for item in pgn::stream_any(reader) {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        batch.push(crate::variant::each_game!(item, AnyGame(read) => entry_of(read)));
        if batch.len() >= 200 || sent.elapsed() >= Duration::from_millis(50) {
            on_event(ScanEvent::Entries(std::mem::take(&mut batch)));
            sent = Instant::now();
        }
    }
    if !batch.is_empty() {
        on_event(ScanEvent::Entries(batch));
    }
    on_event(ScanEvent::Done);
}

/// The picker's row of a game read from the file (with its error when it is malformed).
fn entry_of<P: Reviewed>(read: Result<pgn::ImportedGame<P>, pgn::ImportError<P>>) -> Entry {
    match read {
        Ok(g) => Entry::from_tags(g.number, &g.pgn.tags, None).named_by(&g.pgn.game),
        Err(e) => {
            let tags = e
                .partial
                .as_ref()
                .map(|p| p.tags.clone())
                .unwrap_or_default();
            let entry = Entry::from_tags(e.number, &tags, Some(e.to_string()));
            match &e.partial {
                Some(p) => entry.named_by(&p.game),
                None => entry,
            }
        }
    }
}

/// What the user chose in the picker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Nothing yet.
    Stay,
    /// Open game `n` (1-based number in the file).
    Open(usize),
    /// Leave the program.
    Quit,
}

/// The picker's model.
#[derive(Debug, Clone)]
pub struct Picker {
    title: String,
    entries: Vec<Entry>,
    /// Indices into `entries` of the games matching the filter.
    shown: Vec<usize>,
    filter: String,
    /// Index into `shown`.
    selected: usize,
    /// First row of `shown` on screen.
    top: usize,
    done: bool,
    message: Option<String>,
    /// Some game read so far is not chess: the list shows each game's name.
    mixed: bool,
    /// The keymaps (the shell's, refreshed at every event).
    keys: Arc<Keymaps>,
}

crate::keys::actions! {
    /// What a key asks of the game picker (`[[picker]]` in the keymap); characters type the
    /// filter.
    pub enum PickerAction in "picker" {
        /// The game above.
        Up = "up",
        /// The game below.
        Down = "down",
        /// A page up.
        PageUp = "page_up",
        /// A page down.
        PageDown = "page_down",
        /// The first game.
        First = "first",
        /// The last game.
        Last = "last",
        /// Open the game.
        Open = "open",
        /// Clear the filter, or leave.
        Back = "back",
    }
}

impl Picker {
    /// An empty picker for the file called `title`.
    #[must_use]
    pub fn new(title: &str) -> Picker {
        Picker {
            title: title.to_owned(),
            entries: Vec::new(),
            shown: Vec::new(),
            filter: String::new(),
            selected: 0,
            top: 0,
            done: false,
            message: None,
            mixed: false,
            keys: Keymaps::defaults(),
        }
    }

    /// Decodes keys with `keys` (the config's `[keys]` applied).
    pub fn set_keys(&mut self, keys: &Arc<Keymaps>) {
        if !Arc::ptr_eq(&self.keys, keys) {
            self.keys = Arc::clone(keys);
        }
    }

    /// Takes in a batch of the scan.
    pub fn apply(&mut self, event: ScanEvent) {
        match event {
            ScanEvent::Entries(more) => {
                for e in more {
                    self.mixed |= e.variant != Variant::Chess;
                    if e.matches(&self.filter) {
                        self.shown.push(self.entries.len());
                    }
                    self.entries.push(e);
                }
            }
            ScanEvent::Done => self.done = true,
        }
    }

    /// Games read so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no game has been read yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether the whole file has been read.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The games matching the filter, in file order.
    pub fn shown(&self) -> impl Iterator<Item = &Entry> {
        self.shown.iter().map(|&i| &self.entries[i])
    }

    /// The highlighted game.
    #[must_use]
    pub fn selected(&self) -> Option<&Entry> {
        self.shown.get(self.selected).map(|&i| &self.entries[i])
    }

    /// The filter typed so far.
    #[must_use]
    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// Shows a message (why a game could not be opened) until the next key.
    pub fn say(&mut self, message: String) {
        self.message = Some(message);
    }

    fn set_filter(&mut self, filter: String) {
        let keep = self.selected().map(|e| e.number);
        self.filter = filter;
        self.shown = (0..self.entries.len())
            .filter(|&i| self.entries[i].matches(&self.filter))
            .collect();
        self.selected = keep
            .and_then(|n| self.shown.iter().position(|&i| self.entries[i].number == n))
            .unwrap_or(0);
    }

    /// Rows of the list on a screen of `area`.
    fn page(area: Rect) -> usize {
        usize::from(list_area(area).height.max(1))
    }

    fn select(&mut self, index: usize, area: Rect) {
        self.selected = index.min(self.shown.len().saturating_sub(1));
        let page = Picker::page(area);
        if self.selected < self.top {
            self.top = self.selected;
        } else if self.selected >= self.top + page {
            self.top = self.selected + 1 - page;
        }
    }

    /// Takes a key press; `area` is the whole screen (for page sizes).
    pub fn key(&mut self, k: KeyEvent, area: Rect) -> Choice {
        if k.kind != KeyEventKind::Press {
            return Choice::Stay;
        }
        self.message = None;
        let page = Picker::page(area);
        let last = self.shown.len().saturating_sub(1);
        if crate::keys::is_ctrl_c(&k) {
            return Choice::Quit;
        }
        match self.keys.action::<PickerAction>(&k) {
            Some(PickerAction::Up) => self.select(self.selected.saturating_sub(1), area),
            Some(PickerAction::Down) => self.select(self.selected + 1, area),
            Some(PickerAction::PageUp) => self.select(self.selected.saturating_sub(page), area),
            Some(PickerAction::PageDown) => self.select(self.selected + page, area),
            Some(PickerAction::First) => self.select(0, area),
            Some(PickerAction::Last) => self.select(last, area),
            Some(PickerAction::Open) => {
                if let Some(e) = self.selected() {
                    return Choice::Open(e.number);
                }
            }
            Some(PickerAction::Back) if !self.filter.is_empty() => {
                self.set_filter(String::new());
            }
            Some(PickerAction::Back) => return Choice::Quit,
            None => {
                // Any other key edits the filter (Enter and Esc are actions above).
                let mut f = self.filter.clone();
                if crate::prompt::edit(&mut f, k) == crate::prompt::Typing::Editing {
                    self.set_filter(f);
                    self.select(self.selected, area);
                }
            }
        }
        Choice::Stay
    }

    /// Takes a mouse event: a click on a row opens that game, the wheel scrolls.
    pub fn mouse(&mut self, m: MouseEvent, area: Rect) -> Choice {
        let list = list_area(area);
        match m.kind {
            MouseEventKind::ScrollDown => self.select(self.selected + 3, area),
            MouseEventKind::ScrollUp => self.select(self.selected.saturating_sub(3), area),
            MouseEventKind::Down(MouseButton::Left)
                if m.row >= list.y
                    && m.row < list.y + list.height
                    && m.column >= list.x
                    && m.column < list.x + list.width =>
            {
                let index = self.top + usize::from(m.row - list.y);
                if index < self.shown.len() {
                    self.select(index, area);
                    return Choice::Open(self.entries[self.shown[index]].number);
                }
            }
            _ => {}
        }
        Choice::Stay
    }

    /// Draws the picker.
    pub fn render(&self, frame: &mut Frame, theme: &Theme) {
        let area = frame.area();
        let count = self.entries.len();
        let status = if self.done {
            let bad = self.entries.iter().filter(|e| e.error.is_some()).count();
            tr(
                "picker-status-done",
                &[("count", count.into()), ("bad", bad.into())],
            )
        } else {
            tr("picker-status-reading", &[("count", count.into())])
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.fg("border"))
            .title(Span::styled(
                format!(" {} · {status} ", self.title),
                theme.fg("accent"),
            ));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if inner.height < 3 {
            return;
        }
        let width = usize::from(inner.width);
        // A file with games other than chess names each row's game in a column of its own.
        let game_width = Variant::ALL
            .map(|variant| {
                Entry {
                    variant,
                    ..Entry::default()
                }
                .game_label()
                .chars()
                .count()
            })
            .into_iter()
            .max()
            .unwrap_or(11);
        let game_column = |name: &str| {
            if self.mixed {
                format!("{name:<game_width$}  ")
            } else {
                String::new()
            }
        };
        // Each column as wide as its header in the language spoken, at least its English width.
        let head = |key: &str, min: usize| {
            let name = t(key);
            let w = name.chars().count().max(min);
            (name, w)
        };
        let (result, rw) = head("picker-column-result", 7);
        let (date, dw) = head("picker-column-date", 10);
        let (moves, mw) = head("picker-column-moves", 5);
        let (white, black) = (t("picker-column-white"), t("picker-column-black"));
        let names = white.chars().count().max(black.chars().count()).max(6);
        let player = (width.saturating_sub(20 + rw + dw + mw + game_column("").len()) / 3)
            .clamp(names, 24.max(names));
        let header = format!(
            " {:>5}  {}{:<player$}  {:<player$}  {:<rw$}  {:<dw$}  {:>mw$}  {}",
            "#",
            game_column(&t("picker-column-game")),
            white,
            black,
            result,
            date,
            moves,
            t("picker-column-opening"),
        );
        let filter_line = if self.filter.is_empty() {
            let hint = if self.mixed {
                "picker-filter-hint-mixed"
            } else {
                "picker-filter-hint"
            };
            Line::styled(t(hint), theme.fg("dim"))
        } else {
            Line::from(vec![
                Span::styled(t("picker-filter"), theme.fg("dim")),
                Span::styled(format!("{}_", self.filter), theme.fg("accent")),
                Span::styled(
                    format!(
                        "  {}",
                        tr(
                            "picker-filter-count",
                            &[("shown", self.shown.len().into()), ("count", count.into())]
                        )
                    ),
                    theme.fg("dim"),
                ),
            ])
        };
        frame.render_widget(
            Paragraph::new(vec![
                filter_line,
                Line::styled(header, theme.fg("dim").add_modifier(Modifier::BOLD)),
            ]),
            Rect::new(inner.x, inner.y, inner.width, 2),
        );
        let list = list_area(area);
        let top = self.top.min(self.shown.len().saturating_sub(1));
        let rows: Vec<Line> = self
            .shown
            .iter()
            .enumerate()
            .skip(top)
            .take(usize::from(list.height))
            .map(|(i, &e)| {
                let e = &self.entries[e];
                let cut = |s: &str, n: usize| s.chars().take(n).collect::<String>();
                // The marker shows the highlighted row without colours too.
                let marker = if i == self.selected { '>' } else { ' ' };
                let (text, mut style) = match &e.error {
                    None => (
                        format!(
                            "{marker}{:>5}  {}{:<player$}  {:<player$}  {:<rw$}  {:<dw$}  {:>mw$}  {}",
                            e.number,
                            game_column(&e.game_label()),
                            cut(&e.white, player),
                            cut(&e.black, player),
                            cut(&e.result, rw),
                            cut(&e.date, dw),
                            e.moves,
                            e.opening
                        ),
                        theme.fg("text"),
                    ),
                    Some(err) => (
                        format!(
                            "{marker}{:>5}  {}✗ {err}",
                            e.number,
                            game_column(&e.game_label())
                        ),
                        theme.fg("error"),
                    ),
                };
                if i == self.selected {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                Line::styled(cut(&text, width), style)
            })
            .collect();
        frame.render_widget(Paragraph::new(rows), list);
        let help = self.message.clone().unwrap_or_else(|| {
            tr(
                "picker-keys",
                &[("keys", self.keys.key_line(PickerAction::SCREEN).into())],
            )
        });
        let style = if self.message.is_some() {
            theme.error()
        } else {
            Style::default().patch(theme.fg("dim"))
        };
        frame.render_widget(
            Paragraph::new(Line::styled(help, style)),
            Rect::new(inner.x, inner.y + inner.height - 1, inner.width, 1),
        );
    }
}

/// The rows of the game list on a screen of `area`: inside the border, below the filter and
/// header lines, above the help line.
fn list_area(area: Rect) -> Rect {
    let inner = Block::default().borders(Borders::ALL).inner(area);
    Rect::new(
        inner.x,
        inner.y + 2.min(inner.height),
        inner.width,
        inner.height.saturating_sub(3),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};

    fn entries() -> Vec<Entry> {
        (1..=30)
            .map(|n| Entry {
                number: n,
                white: if n % 3 == 0 { "Tal" } else { "Morphy" }.to_owned(),
                black: "Anderssen".to_owned(),
                event: format!("Event {n}"),
                ..Entry::default()
            })
            .collect()
    }

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    #[test]
    fn navigation_filter_and_open() {
        let area = Rect::new(0, 0, 80, 15); // 10 list rows
        let mut p = Picker::new("games.pgn");
        let all = entries();
        let (a, b) = all.split_at(10);
        p.apply(ScanEvent::Entries(a.to_vec()));
        // Picking works before the scan ends.
        assert_eq!(p.key(key(KeyCode::End), area), Choice::Stay);
        assert_eq!(p.selected().unwrap().number, 10);
        p.apply(ScanEvent::Entries(b.to_vec()));
        p.apply(ScanEvent::Done);
        assert!(p.is_done());
        p.key(key(KeyCode::PageDown), area);
        assert_eq!(p.selected().unwrap().number, 20);
        p.key(key(KeyCode::Down), area);
        p.key(key(KeyCode::Up), area);
        p.key(key(KeyCode::Up), area);
        assert_eq!(p.selected().unwrap().number, 19);
        p.key(key(KeyCode::Home), area);
        assert_eq!(p.key(key(KeyCode::Enter), area), Choice::Open(1));
        p.key(key(KeyCode::PageUp), area);
        assert_eq!(p.selected().unwrap().number, 1);
        // Type to filter: "tal" keeps games 3, 6, …, 30; Backspace and Esc widen it again.
        for c in "TAL".chars() {
            p.key(key(KeyCode::Char(c)), area);
        }
        assert_eq!(p.filter(), "TAL");
        assert_eq!(p.shown().count(), 10);
        assert_eq!(p.selected().unwrap().number, 3);
        p.key(key(KeyCode::End), area);
        assert_eq!(p.key(key(KeyCode::Enter), area), Choice::Open(30));
        // The event matches too.
        p.key(key(KeyCode::Esc), area);
        assert_eq!(p.filter(), "");
        assert_eq!(p.selected().unwrap().number, 30);
        for c in "event 2".chars() {
            p.key(key(KeyCode::Char(c)), area);
        }
        assert_eq!(p.shown().count(), 11); // 2, 20..=29
        p.key(key(KeyCode::Backspace), area);
        assert_eq!(p.shown().count(), 30);
        p.key(key(KeyCode::Esc), area);
        assert_eq!(p.key(key(KeyCode::Esc), area), Choice::Quit);
    }

    #[test]
    fn a_click_opens_the_row() {
        let area = Rect::new(0, 0, 80, 15);
        let mut p = Picker::new("games.pgn");
        p.apply(ScanEvent::Entries(entries()));
        let list = list_area(area);
        let click = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: list.x + 3,
            row: list.y + 4,
            modifiers: KeyModifiers::NONE,
        };
        assert_eq!(p.mouse(click, area), Choice::Open(5));
    }

    /// Issue 25: each game is read as the game its `Variant` tag names, and says which it is;
    /// a bad Pawn Battle move is that game's error, not the file's.
    #[test]
    fn scan_lists_chess_and_pawn_battle_games_of_one_file() {
        let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1-0\n\n\
                    [White \"C\"]\n[Black \"D\"]\n[Variant \"Pawn Battle\"]\n\n1. e4 d5 2. exd5 *\n\n\
                    [White \"E\"]\n[Black \"F\"]\n[Variant \"Pawn Battle\"]\n\n1. Nf3 *\n";
        let mut got = Vec::new();
        scan(text.as_bytes(), &AtomicBool::new(false), &mut |e| {
            if let ScanEvent::Entries(v) = e {
                got.extend(v);
            }
        });
        let games: Vec<(&str, bool)> = got
            .iter()
            .map(|e| (e.game_name(), e.error.is_some()))
            .collect();
        assert_eq!(
            games,
            [
                ("chess", false),
                ("Pawn Battle", false),
                ("Pawn Battle", true)
            ]
        );
        assert_eq!(got[0].opening, "C20 King's Pawn Game");
        assert_eq!(got[1].opening, "", "no openings in Pawn Battle");
        // Issue 35: the list gives each game's length.
        assert_eq!((got[0].moves, got[1].moves), (1, 2));
        let mut p = Picker::new("mixed.pgn");
        let area = Rect::new(0, 0, 80, 15);
        p.apply(ScanEvent::Entries(got));
        for c in "pawn".chars() {
            p.key(key(KeyCode::Char(c)), area);
        }
        assert_eq!(p.shown().map(|e| e.number).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(p.key(key(KeyCode::Enter), area), Choice::Open(2));
    }

    #[test]
    fn scan_lists_good_and_bad_games() {
        let text = "[White \"A\"]\n[Black \"B\"]\n[ECO \"C20\"]\n\n1. e4 e5 1-0\n\n\
                    [White \"C\"]\n[Black \"D\"]\n\n1. e4 e5 2. Ke3 *\n";
        let mut got = Vec::new();
        scan(text.as_bytes(), &AtomicBool::new(false), &mut |e| {
            if let ScanEvent::Entries(v) = e {
                got.extend(v);
            }
        });
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].opening, "C20", "the file's own tag is kept");
        assert_eq!(got[0].error, None);
        assert_eq!(got[1].white, "C");
        assert_eq!(
            got[1].opening, "C20 King's Pawn Game",
            "without a tag, the moves name it"
        );
        assert!(
            got[1]
                .error
                .as_deref()
                .unwrap()
                .contains("move 2. Ke3 is illegal"),
            "{:?}",
            got[1].error
        );
    }
}

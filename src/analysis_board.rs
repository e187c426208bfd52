//! The analysis board: a screen of the shell (opened with `a` from play or from a review) for
//! free analysis of a position. Moves for both sides go in through the shared
//! [`MoveInput`] (keys, clicks, drags) or the prompt; they grow a [`Tree`] of variations (the
//! game it was opened on is the main line); the engine's best [`lines::LINES`] lines of the
//! position shown run in the background ([`lines::spawn`]) and restart on every move and every
//! step through the tree; the tree is saved as PGN with its variations.
//!
//! [`AnalysisBoard::update`] is the only place the board changes; it returns [`Effect`]s. What
//! it needs from outside (a fresh analysis id and the engine settings) it asks the shell for
//! with [`AnalysisBoard::take_restart`]. The board is generic over the game
//! ([`Playable`]: chess and Pawn Battle, monomorphised like the play screen): its moves, move
//! errors, endings, engine, explanations and PGN are the game's.

use std::path::PathBuf;
use std::sync::Arc;

use ratatui::crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use shakmaty::{Chess, Color, Move, Square};

use crate::app::ConfirmAction;
use crate::app::move_input::{MoveInput, Step};
use crate::app::playable::Playable;
use crate::app::search::AnalysisId;
use crate::game::{Game, PlayError};
use crate::keys::{Action, Keymaps};
use crate::screen::{Effect, Event, Message};

pub mod lines;
pub mod screen;
pub mod text;
pub mod tree;

pub use crate::screen::Written;
pub use lines::Lines;
pub use tree::{Added, NodeId, Tree};

/// What play (or a review) opens the board on.
#[derive(Debug, Clone)]
pub struct AnalyseFrom<P: Playable = Chess> {
    /// The game: its moves become the main line.
    pub game: Game<P>,
    /// The ply shown (the board starts there).
    pub ply: usize,
    /// The board's orientation.
    pub orientation: Color,
    /// The colour scores are given for.
    pub human: Color,
}

/// Two openings are the same when they show the same moves from the same start at the same ply
/// the same way (what tests compare; [`Game`] has no equality of its own).
impl<P: Playable> PartialEq for AnalyseFrom<P> {
    fn eq(&self, other: &AnalyseFrom<P>) -> bool {
        self.game.start_fen() == other.game.start_fen()
            && self.game.moves() == other.game.moves()
            && (self.ply, self.orientation, self.human)
                == (other.ply, other.orientation, other.human)
    }
}

/// What the keyboard is talking to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardMode {
    /// The board: cursor, moves, navigation.
    Board,
    /// The `:` prompt (a move or a command) with the text typed so far.
    Prompt(String),
    /// The file name prompt of a save.
    SaveAs(String),
    /// The file exists: replace it?
    Replace(PathBuf),
    /// The help overlay.
    Help,
}

/// The engine's side of the board.
#[derive(Debug, Clone, Default)]
pub struct EngineView {
    /// Whether the engine should analyse (`g` toggles it).
    pub on: bool,
    /// The analysis in flight, whose reports are this board's.
    pub running: Option<AnalysisId>,
    /// The latest lines of the position shown.
    pub lines: Option<Lines>,
    /// Why the last analysis failed.
    pub failed: Option<String>,
}

/// The analysis board of a game of `P`.
#[derive(Debug, Clone)]
pub struct AnalysisBoard<P: Playable = Chess> {
    /// The moves and variations, and the position shown.
    pub tree: Tree<P>,
    /// A move being entered on the board.
    pub input: MoveInput,
    /// The keyboard cursor.
    pub cursor: Square,
    /// The colour at the bottom.
    pub orientation: Color,
    /// The colour the scores are given for.
    pub human: Color,
    /// What the keyboard is talking to.
    pub mode: BoardMode,
    /// The status-line message.
    pub message: Option<Message>,
    /// The engine.
    pub engine: EngineView,
    /// The position changed (or the engine was turned on) since the shell last asked.
    restart: bool,
    /// The keymaps (the shell's, refreshed at every event).
    keys: Arc<Keymaps>,
}

crate::keys::actions! {
    /// What a key asks of the analysis board (`[[analysis_board]]` in the keymap).
    pub enum BoardAction in "analysis_board" {
        /// Cursor one file left (on screen).
        CursorLeft = "cursor_left",
        /// Cursor one file right.
        CursorRight = "cursor_right",
        /// Cursor one rank up.
        CursorUp = "cursor_up",
        /// Cursor one rank down.
        CursorDown = "cursor_down",
        /// Pick up or put down a piece.
        Pick = "pick",
        /// The `:` prompt.
        Prompt = "prompt",
        /// One move back.
        Back = "back",
        /// One move forward.
        Forward = "forward",
        /// The start of the line.
        Start = "start",
        /// The end of the line.
        End = "end",
        /// The previous move tried here.
        PreviousTry = "previous_try",
        /// The next move tried here.
        NextTry = "next_try",
        /// Out of the variation.
        LeaveVariation = "leave_variation",
        /// Promote the variation.
        Promote = "promote",
        /// Delete this move and what follows.
        Delete = "delete",
        /// Stop or start the engine.
        Engine = "engine",
        /// Flip the board.
        Flip = "flip",
        /// Save as PGN.
        Save = "save",
        /// Cancel a picked piece, else leave.
        Quit = "quit",
        /// The help overlay.
        Help = "help",
    }
}

/// Where the board's clickable parts are, for the mouse (computed by the board's renderer from
/// the terminal size alone).
pub trait Hits<P: Playable> {
    /// The square under a cell, for a board with `bottom` at the bottom.
    fn square_at(&self, column: u16, row: u16, bottom: Color) -> Option<Square>;
    /// The promotion choice under a cell, if the picker is open there.
    fn promotion_at(&self, column: u16, row: u16) -> Option<usize>;
    /// The move of the move list under a cell.
    fn node_at(&self, board: &AnalysisBoard<P>, column: u16, row: u16) -> Option<NodeId>;
}

impl<P: Playable> AnalysisBoard<P> {
    /// The effect that asks the shell for a board on `game` at `ply` (the position shown there;
    /// `orientation` at the bottom, scores for `human`): the one way play and the review open
    /// it, for either game.
    #[must_use]
    pub fn open(game: Game<P>, ply: usize, orientation: Color, human: Color) -> Effect {
        Effect::Open(crate::screen::Opened::new(AnalysisBoard::new(
            &AnalyseFrom {
                game,
                ply,
                orientation,
                human,
            },
        )))
    }

    /// A board on `from`, with the engine on.
    #[must_use]
    pub fn new(from: &AnalyseFrom<P>) -> AnalysisBoard<P> {
        let tree = Tree::from_game(&from.game, from.ply);
        let cursor = if from.orientation == Color::White {
            Square::E2
        } else {
            Square::E7
        };
        AnalysisBoard {
            tree,
            input: MoveInput::default(),
            cursor,
            orientation: from.orientation,
            human: from.human,
            mode: BoardMode::Board,
            message: None,
            engine: EngineView {
                on: true,
                ..EngineView::default()
            },
            restart: true,
            keys: Keymaps::defaults(),
        }
    }

    /// Decodes keys with `keys` (the config's `[keys]` applied).
    pub fn set_keys(&mut self, keys: &Arc<Keymaps>) {
        if !Arc::ptr_eq(&self.keys, keys) {
            self.keys = Arc::clone(keys);
        }
    }

    /// The keymaps it decodes keys with.
    #[must_use]
    pub fn keys(&self) -> &Keymaps {
        &self.keys
    }

    /// The position shown.
    #[must_use]
    pub fn position(&self) -> &P {
        self.tree.game().position()
    }

    /// Whether the shell must (re)start the engine: the position changed or the engine was
    /// turned on since the last call. The analysis in flight, if any, is forgotten here; the
    /// shell cancels it (the returned id) and starts the next one with
    /// [`AnalysisBoard::lines_started`] when the engine is on.
    pub fn take_restart(&mut self) -> Option<Option<AnalysisId>> {
        if !std::mem::take(&mut self.restart) {
            return None;
        }
        self.engine.lines = None;
        self.engine.failed = None;
        Some(self.engine.running.take())
    }

    /// Whether the shell should run the engine on the position shown: it is on and the game
    /// is not over there (a finished position has no lines; the panel says how it ended).
    #[must_use]
    pub fn wants_engine(&self) -> bool {
        self.engine.on && self.tree.game().outcome().is_none()
    }

    /// The analysis the shell started for the position shown.
    pub fn lines_started(&mut self, id: AnalysisId) {
        self.engine.running = Some(id);
    }

    /// The analysis request of the position shown: its history for repetitions, the move that
    /// led to it, scores for the board's colour; limits and settings are the caller's.
    #[must_use]
    pub fn request(&self, base: crate::analysis::Request<P>) -> crate::analysis::Request<P> {
        let game = self.tree.game();
        let keys = game.history_keys();
        crate::analysis::Request {
            before: game.position().clone(),
            history: keys[..keys.len().saturating_sub(1)].to_vec(),
            played: None,
            previous: game.moves().last().map(|m| m.mv),
            ply: game.ply(),
            human: Some(self.human),
            ..base
        }
    }

    /// A report of the analysis `id`: kept when it is this board's analysis of the position
    /// shown.
    pub fn lines(&mut self, id: AnalysisId, report: Result<Lines, String>) {
        if self.engine.running != Some(id) {
            return;
        }
        match report {
            Ok(lines) if lines.fen == self.position().fen() => {
                if lines.finished || lines.lines.is_empty() {
                    self.engine.running = None;
                }
                self.engine.lines = Some(lines);
            }
            Ok(_) => {}
            Err(why) => {
                self.engine.running = None;
                self.engine.failed = Some(why);
            }
        }
    }

    /// The runner's answer to a save.
    pub fn written(&mut self, written: Written) {
        match written {
            Written::Done(path) => self.message = Some(Message::info(text::saved(&path))),
            Written::Exists(path) => {
                self.message = Some(Message::info(text::replace_question(&path)));
                self.mode = BoardMode::Replace(path);
            }
            Written::Failed(why) => self.message = Some(Message::error(text::save_failed(&why))),
        }
    }

    /// Whether a report with this id is this board's.
    #[must_use]
    pub fn waits_for(&self, id: AnalysisId) -> bool {
        self.engine.running == Some(id)
    }

    /// Applies a key or a mouse event (`hits`: where things are on screen); returns the effects
    /// to execute.
    pub fn update(&mut self, event: &Event, hits: &dyn Hits<P>) -> Vec<Effect> {
        let mut fx = Vec::new();
        match event {
            Event::Key(key) => self.key(*key, &mut fx),
            Event::Mouse(mouse) => self.mouse(*mouse, hits),
            _ => {}
        }
        fx
    }

    fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message::info(text));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message::error(text));
    }

    fn key(&mut self, key: KeyEvent, fx: &mut Vec<Effect>) {
        if self.input.promotion.is_some() {
            let step = self
                .input
                .promotion_key(&self.position().clone(), key, &self.keys);
            return self.on_step(step);
        }
        match self.mode.clone() {
            BoardMode::Board => self.board_key(key, fx),
            BoardMode::Help => self.mode = BoardMode::Board,
            BoardMode::Prompt(mut line) => match crate::prompt::edit(&mut line, key) {
                crate::prompt::Typing::Done => {
                    self.mode = BoardMode::Board;
                    self.run_prompt(&line, fx);
                }
                crate::prompt::Typing::Cancelled => self.mode = BoardMode::Board,
                crate::prompt::Typing::Editing => self.mode = BoardMode::Prompt(line),
            },
            BoardMode::SaveAs(mut line) => match crate::prompt::edit(&mut line, key) {
                crate::prompt::Typing::Done => {
                    self.mode = BoardMode::Board;
                    self.save(line.trim(), false, fx);
                }
                crate::prompt::Typing::Cancelled => self.mode = BoardMode::Board,
                crate::prompt::Typing::Editing => self.mode = BoardMode::SaveAs(line),
            },
            BoardMode::Replace(path) => match self.keys.action::<ConfirmAction>(&key) {
                Some(ConfirmAction::Yes) => {
                    self.mode = BoardMode::Board;
                    self.save(&path.to_string_lossy(), true, fx);
                }
                Some(ConfirmAction::No) => {
                    self.mode = BoardMode::Board;
                    self.info(text::kept(&path));
                }
                _ => {}
            },
        }
    }

    fn board_key(&mut self, key: KeyEvent, fx: &mut Vec<Effect>) {
        let flipped = self.orientation;
        let Some(action) = self.keys.action::<BoardAction>(&key) else {
            return;
        };
        match action {
            BoardAction::CursorLeft => self.move_cursor(-1, 0, flipped),
            BoardAction::CursorRight => self.move_cursor(1, 0, flipped),
            BoardAction::CursorUp => self.move_cursor(0, 1, flipped),
            BoardAction::CursorDown => self.move_cursor(0, -1, flipped),
            BoardAction::Pick => {
                let step = self.input.press(&self.position().clone(), self.cursor);
                self.on_step(step);
            }
            BoardAction::Quit if self.input.selected.is_some() => self.input.clear(),
            BoardAction::Quit => fx.push(Effect::CloseScreen),
            BoardAction::Prompt => self.mode = BoardMode::Prompt(String::new()),
            BoardAction::Help => self.mode = BoardMode::Help,
            BoardAction::Save => self.mode = BoardMode::SaveAs(text::default_file()),
            BoardAction::Flip => self.orientation = !self.orientation,
            BoardAction::Engine => self.toggle_engine(fx),
            BoardAction::Back => {
                self.navigate(Tree::back, &text::at_start());
            }
            BoardAction::Forward => {
                self.navigate(Tree::forward, &text::at_end());
            }
            BoardAction::Start => {
                self.navigate(
                    |t| {
                        t.to_start();
                        true
                    },
                    "",
                );
            }
            BoardAction::End => {
                self.navigate(
                    |t| {
                        t.to_end();
                        true
                    },
                    "",
                );
            }
            BoardAction::PreviousTry => {
                self.navigate(|t| t.sibling(-1), &text::no_sibling());
            }
            BoardAction::NextTry => {
                self.navigate(|t| t.sibling(1), &text::no_sibling());
            }
            BoardAction::LeaveVariation => {
                self.navigate(Tree::leave_variation, &text::on_main_line());
            }
            BoardAction::Promote => {
                if self.tree.promote() {
                    self.info(text::promoted());
                } else {
                    self.error(text::on_main_line());
                }
            }
            BoardAction::Delete => {
                if self.navigate(Tree::delete, &text::at_start()) {
                    self.info(text::deleted());
                }
            }
        }
    }

    fn move_cursor(&mut self, dx: i32, dy: i32, bottom: Color) {
        self.cursor = crate::ui::layout::step(self.cursor, dx, dy, bottom);
    }

    /// Moves through the tree with `step`; the position changed when it returns true,
    /// otherwise `refusal` is said (when not empty).
    fn navigate(&mut self, step: impl FnOnce(&mut Tree<P>) -> bool, refusal: &str) -> bool {
        let before = self.tree.current();
        let moved = step(&mut self.tree);
        self.input.clear();
        if moved {
            self.message = None;
            if self.tree.current() != before {
                self.restart = true;
            }
        } else if !refusal.is_empty() {
            self.error(refusal);
        }
        moved
    }

    fn toggle_engine(&mut self, fx: &mut Vec<Effect>) {
        self.engine.on = !self.engine.on;
        if self.engine.on {
            self.restart = true;
        } else if let Some(id) = self.engine.running.take() {
            fx.push(Effect::CancelAnalysis(id));
        }
    }

    fn on_step(&mut self, step: Step) {
        match step {
            Step::Move(mv) => self.play(mv),
            Step::Refused(why) => self.error(why.to_string()),
            Step::Nothing | Step::Picked(_) | Step::Cancelled | Step::ChoosePromotion => {}
        }
    }

    /// Plays `mv` at the cursor of the tree.
    fn play(&mut self, mv: Move) {
        self.input.clear();
        match self.tree.play(mv) {
            Ok(added) => {
                self.message =
                    (added == Added::Variation).then(|| Message::info(text::new_variation()));
                self.restart = true;
            }
            Err(PlayError::GameOver(outcome)) => self.error(text::game_over_here(&outcome)),
            Err(e) => self.error(e.to_string()),
        }
    }

    fn mouse(&mut self, mouse: MouseEvent, hits: &dyn Hits<P>) {
        let position = self.position().clone();
        if self.input.promotion.is_some() {
            if let MouseEventKind::Down(MouseButton::Left) = mouse.kind {
                let step = self
                    .input
                    .promotion_click(&position, hits.promotion_at(mouse.column, mouse.row));
                self.on_step(step);
            }
            return;
        }
        if self.mode != BoardMode::Board {
            return;
        }
        let square = hits.square_at(mouse.column, mouse.row, self.orientation);
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => match square {
                Some(sq) => {
                    self.cursor = sq;
                    let step = self.input.mouse_down(&position, sq);
                    self.on_step(step);
                }
                None => {
                    self.input.drag_from = None;
                    if let Some(node) = hits.node_at(self, mouse.column, mouse.row) {
                        self.navigate(|t| t.go(node), "");
                    }
                }
            },
            MouseEventKind::Up(MouseButton::Left) if self.input.drag_from.is_some() => {
                self.cursor = square.unwrap_or(self.cursor);
                let step = self.input.mouse_up(&position, square);
                self.on_step(step);
            }
            _ => {}
        }
    }

    fn run_prompt(&mut self, line: &str, fx: &mut Vec<Effect>) {
        let line = line.trim();
        if line.is_empty() {
            return;
        }
        let mut words = line.splitn(2, ' ');
        // `save` (or its name in the language spoken: `salvar`) or `w`, as play's `:save`.
        if let (Some(word), rest) = (words.next(), words.next())
            && (word == "w" || crate::app::command::command_of(word) == Some("save"))
        {
            let file = rest.map(str::trim).filter(|f| !f.is_empty());
            match file {
                Some(f) => self.save(f, false, fx),
                None => self.mode = BoardMode::SaveAs(text::default_file()),
            }
            return;
        }
        if let Some(outcome) = self.tree.game().outcome() {
            return self.error(text::game_over_here(&outcome));
        }
        match self.tree.game().parse_move(line) {
            Ok(mv) => self.play(mv),
            Err(e) => self.error(text::not_understood(
                line,
                &e.to_string(),
                &text::move_example(P::VARIANT),
            )),
        }
    }

    /// Asks the runner to write the tree as PGN to `file` (replacing it only when `replace`).
    fn save(&mut self, file: &str, replace: bool, fx: &mut Vec<Effect>) {
        if file.is_empty() {
            return self.error(text::no_file_name());
        }
        fx.push(Effect::WritePgn {
            path: PathBuf::from(file),
            text: self.pgn(),
            replace,
        });
    }

    /// The tree as PGN: the main line with every variation.
    #[must_use]
    pub fn pgn(&self) -> String {
        let (game, alternatives) = self.tree.for_pgn();
        let mut tags = crate::pgn::Tags::default();
        tags.set("Event", "kibitzer analysis");
        tags.set("Annotator", "kibitzer");
        crate::pgn::export_with_variations(&game, &alternatives, &tags)
    }

    /// The key hints for the current mode.
    #[must_use]
    pub fn key_hints(&self) -> std::borrow::Cow<'static, str> {
        match self.mode {
            BoardMode::Board => self.keys.key_line(BoardAction::SCREEN),
            BoardMode::Prompt(_) => text::keys_prompt(P::VARIANT),
            BoardMode::SaveAs(_) => text::keys_save(),
            BoardMode::Replace(_) => text::keys_replace(
                &self.keys.keys_of(ConfirmAction::Yes),
                &self.keys.keys_of(ConfirmAction::No),
            ),
            BoardMode::Help => text::keys_help(),
        }
        .into()
    }
}

#[cfg(test)]
mod tests;

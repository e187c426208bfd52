//! What a key asks of the play screen: [`PlayAction`] on the board, [`NewGameAction`] in the
//! new-game dialog, [`GameOverAction`] in the game-over dialog, decoded through the keymap's
//! `[[play]]`, `[[new_game]]` and `[[game_over]]` sections (`assets/keys/default.toml`,
//! remapped by `[keys.play]`… in the config).

use super::*;

crate::keys::actions! {
    /// An action of the play screen's board (either game).
    pub enum PlayAction in "play" {
        /// Cursor one file left (on screen).
        CursorLeft = "cursor_left",
        /// Cursor one file right.
        CursorRight = "cursor_right",
        /// Cursor one rank up.
        CursorUp = "cursor_up",
        /// Cursor one rank down.
        CursorDown = "cursor_down",
        /// Pick up the piece under the cursor, or put it down.
        Pick = "pick",
        /// Cancel the selection or hint, back to the live game.
        Cancel = "cancel",
        /// The `:` prompt.
        Prompt = "prompt",
        /// Take back the human's move and the reply.
        TakeBack = "take_back",
        /// Redo what was taken back.
        Redo = "redo",
        /// Flip the board.
        Flip = "flip",
        /// The new-game dialog.
        NewGame = "new_game",
        /// The board editor.
        Edit = "edit",
        /// The analysis board.
        AnalysisBoard = "analysis_board",
        /// A hint.
        Hint = "hint",
        /// The engine moves now.
        MoveNow = "move_now",
        /// One move back in the game.
        Back = "back",
        /// One move forward.
        Forward = "forward",
        /// The start of the game.
        Start = "start",
        /// Back to the live position.
        Live = "live",
        /// The evaluation bar on or off.
        EvalBar = "eval_bar",
        /// The numbered squares on or off.
        Marks = "marks",
        /// Copy the PGN to the clipboard.
        Copy = "copy",
        /// Feedback on the explanation shown (wrong, unclear, helpful).
        Feedback = "feedback",
        /// The help overlay.
        Help = "help",
        /// Quit (the game is saved).
        Quit = "quit",
    }
}

crate::keys::actions! {
    /// An action of the new-game dialog.
    pub enum NewGameAction in "new_game" {
        /// Chess or Pawn Battle.
        Game = "game",
        /// Play White.
        White = "white",
        /// Play Black.
        Black = "black",
        /// A random colour.
        Random = "random",
        /// The colour before.
        ColourBefore = "colour_before",
        /// The colour after.
        ColourAfter = "colour_after",
        /// Level up.
        LevelUp = "level_up",
        /// Level down.
        LevelDown = "level_down",
        /// A level by its digit (0: the strongest).
        Level = "level",
        /// The next clock.
        Clock = "clock",
        /// The previous clock.
        ClockBack = "clock_back",
        /// Start the game.
        Start = "start",
        /// Set up a position in the editor.
        Edit = "edit",
        /// Back to the game.
        Cancel = "cancel",
    }
}

crate::keys::actions! {
    /// An action of the game-over dialog.
    pub enum GameOverAction in "game_over" {
        /// The button before.
        Previous = "previous",
        /// The button after.
        Next = "next",
        /// Press the button.
        Press = "press",
        /// New game.
        NewGame = "new_game",
        /// Review the game.
        Review = "review",
        /// Take back the last move.
        TakeBack = "take_back",
        /// The `:` prompt.
        Prompt = "prompt",
        /// Close the dialog.
        Close = "close",
        /// Quit.
        Quit = "quit",
    }
}

crate::keys::actions! {
    /// An answer to a yes / no question (play's confirmations, the analysis board's "replace
    /// the file?").
    pub enum ConfirmAction in "confirm" {
        /// Yes.
        Yes = "yes",
        /// No.
        No = "no",
        /// Save elsewhere first (quitting without an autosave).
        Save = "save",
    }
}

crate::keys::actions! {
    /// An action of a text shown over play (`:pgn`); any other key closes it.
    pub enum TextAction in "text" {
        /// One line down.
        Down = "down",
        /// One line up.
        Up = "up",
        /// A page down.
        PageDown = "page_down",
        /// A page up.
        PageUp = "page_up",
        /// Close it.
        Close = "close",
    }
}

impl<P: Playable> App<P> {
    // ----- keys -------------------------------------------------------------------------

    /// A key over the text shown (`:pgn`): the keymap's `[[text]]` scroll it (no further
    /// than its last page), any other key closes it.
    pub(super) fn text_key(&mut self, text: &str, key: KeyEvent) {
        let area = ratatui::layout::Rect::new(0, 0, self.size.0, self.size.1);
        let (max, page) = crate::ui::dialogs::text_scroll(text, area);
        let scroll = self.text_scroll;
        self.text_scroll = match self.keys.action::<TextAction>(&key) {
            Some(TextAction::Down) => scroll.saturating_add(1).min(max),
            Some(TextAction::Up) => scroll.saturating_sub(1),
            Some(TextAction::PageDown) => scroll.saturating_add(page).min(max),
            Some(TextAction::PageUp) => scroll.saturating_sub(page),
            Some(TextAction::Close) | None => {
                self.mode = Mode::Board;
                0
            }
        };
    }

    pub(super) fn on_key(&mut self, key: KeyEvent, fx: &mut Vec<Effect>) {
        if crate::keys::is_ctrl_c(&key) {
            self.do_quit(fx);
            return;
        }
        if self.input.promotion.is_some() {
            let step = self
                .input
                .promotion_key(self.game.position(), key, &self.keys);
            return self.on_step(step, fx);
        }
        match self.mode.clone() {
            Mode::Board => {
                self.message = None;
                self.board_key(key, fx);
            }
            Mode::Prompt(text) => self.prompt_key(text, key, fx),
            Mode::Help => {
                self.mode = Mode::Board;
                self.run_clock();
            }
            Mode::Text(text) => self.text_key(&text, key),
            Mode::NewGame(chosen) => {
                self.new_game_key(chosen, key, fx);
            }
            Mode::GameOver { choice } => self.game_over_key(choice, key, fx),
            Mode::Confirm(question) => self.confirm_key(question, key, fx),
        }
    }

    pub(super) fn confirm_key(&mut self, question: Confirm, key: KeyEvent, fx: &mut Vec<Effect>) {
        let Some(answer) = self.keys.action::<ConfirmAction>(&key) else {
            return;
        };
        match (question, answer) {
            (Confirm::Overwrite(path), ConfirmAction::Yes) => {
                self.mode = Mode::Board;
                fx.push(Effect::Overwrite(path, self.saved()));
            }
            (Confirm::QuitUnsaved(_), ConfirmAction::Yes) => {
                self.mode = Mode::Board;
                self.quit = true;
                fx.push(Effect::Quit);
            }
            (Confirm::QuitUnsaved(_), ConfirmAction::Save) => {
                self.mode = Mode::Prompt(format!("{} ", command::name("save")));
            }
            (Confirm::Resign, ConfirmAction::Yes) => {
                self.mode = Mode::Board;
                if self.outcome().is_none() {
                    self.cancel_search(fx);
                    self.game.resign(self.human);
                    self.after_change(fx, true);
                }
            }
            (_, ConfirmAction::No) => {
                self.mode = Mode::Board;
                self.info(t("play-nothing-changed"));
            }
            _ => {}
        }
    }

    pub(super) fn board_key(&mut self, key: KeyEvent, fx: &mut Vec<Effect>) {
        let Some(action) = self.keys.action::<PlayAction>(&key) else {
            return;
        };
        match action {
            PlayAction::CursorLeft => self.move_cursor(-1, 0),
            PlayAction::CursorRight => self.move_cursor(1, 0),
            PlayAction::CursorUp => self.move_cursor(0, 1),
            PlayAction::CursorDown => self.move_cursor(0, -1),
            PlayAction::Pick => self.pick_or_drop(self.cursor, fx),
            PlayAction::Cancel => {
                self.input.clear();
                self.hint = None;
                self.view_ply = None;
            }
            PlayAction::Prompt => self.mode = Mode::Prompt(String::new()),
            PlayAction::Help => {
                self.pause_clock();
                self.mode = Mode::Help;
            }
            PlayAction::Quit => self.do_quit(fx),
            PlayAction::TakeBack => self.take_back(fx),
            PlayAction::Redo => self.redo(fx),
            PlayAction::Flip => self.flip(),
            PlayAction::NewGame => self.open_new_game(),
            PlayAction::Edit => self.edit(false, fx),
            PlayAction::AnalysisBoard => self.open_analysis_board(fx),
            PlayAction::Hint => self.ask_hint(fx),
            PlayAction::MoveNow => self.move_now(fx),
            PlayAction::EvalBar => {
                self.toggle_view(
                    |ui| &mut ui.eval_bar,
                    &t("play-eval-bar"),
                    PlayAction::EvalBar,
                    "eval_bar",
                );
            }
            PlayAction::Marks => {
                self.toggle_view(
                    |ui| &mut ui.marks,
                    &t("play-marks"),
                    PlayAction::Marks,
                    "marks",
                );
            }
            PlayAction::Copy => {
                fx.push(Effect::Copy(self.pgn()));
                self.info(tr(
                    "play-pgn-copied",
                    &[("command", command::name("pgn").into())],
                ));
            }
            PlayAction::Back => self.browse_back(),
            PlayAction::Forward => self.browse_forward(),
            PlayAction::Start => {
                self.input.clear();
                self.view_ply = Some(0);
            }
            PlayAction::Live => self.view_ply = None,
            PlayAction::Feedback => self.start_feedback(fx),
        }
    }

    /// Turns a display setting of `[ui]` on or off for this session (`b`, `m`) and says so,
    /// naming the key and the config key that keeps it.
    pub(super) fn toggle_view(
        &mut self,
        setting: fn(&mut crate::config::UiConfig) -> &mut bool,
        what: &str,
        action: PlayAction,
        config_key: &str,
    ) {
        let key = self.keys.key_of(action);
        let value = setting(&mut self.config.ui);
        *value = !*value;
        let on = if *value { "on" } else { "off" };
        self.info(tr(
            "play-toggled",
            &[
                ("what", what.into()),
                ("on", on.into()),
                ("key", key.into()),
                ("config", config_key.into()),
            ],
        ));
    }

    pub(super) fn prompt_key(&mut self, mut text: String, key: KeyEvent, fx: &mut Vec<Effect>) {
        match crate::prompt::edit(&mut text, key) {
            crate::prompt::Typing::Cancelled => self.mode = Mode::Board,
            crate::prompt::Typing::Done => {
                self.mode = Mode::Board;
                self.message = None;
                self.run_prompt(&text, fx);
            }
            crate::prompt::Typing::Editing => self.mode = Mode::Prompt(text),
        }
    }

    pub(super) fn new_game_key(&mut self, chosen: NewGame, key: KeyEvent, fx: &mut Vec<Effect>) {
        let cycle = |c: HumanColor, forward: bool| match (c, forward) {
            (HumanColor::White, true) | (HumanColor::Random, false) => HumanColor::Black,
            (HumanColor::Black, true) | (HumanColor::White, false) => HumanColor::Random,
            (HumanColor::Random, true) | (HumanColor::Black, false) => HumanColor::White,
        };
        let NewGame {
            variant,
            color,
            level,
            time,
        } = chosen;
        let Some(action) = self.keys.action::<NewGameAction>(&key) else {
            return;
        };
        let (color, level, time) = match action {
            NewGameAction::Game => {
                let variant = variant.next();
                self.mode = Mode::NewGame(NewGame {
                    variant,
                    color,
                    level,
                    time,
                });
                return;
            }
            NewGameAction::Clock => (color, level, time.cycle(true)),
            NewGameAction::ClockBack => (color, level, time.cycle(false)),
            NewGameAction::Cancel => {
                self.mode = if self.outcome().is_some() && !self.browsing() {
                    Mode::GameOver { choice: None }
                } else {
                    Mode::Board
                };
                self.run_clock();
                return;
            }
            NewGameAction::Start => {
                self.config.engine.level = level;
                self.config.game.time_control = time;
                if variant == P::VARIANT {
                    self.start_new_game(color, fx);
                } else {
                    // The other game: this one is put away here, the shell opens the new one.
                    self.cancel_search(fx);
                    self.archive_unfinished(fx);
                    self.cancel_analyses(fx);
                    self.mode = Mode::Board;
                    fx.push(Effect::NewGameOf(chosen));
                }
                return;
            }
            NewGameAction::ColourBefore => (cycle(color, false), level, time),
            NewGameAction::ColourAfter => (cycle(color, true), level, time),
            NewGameAction::Edit => {
                self.config.engine.level = level;
                self.mode = Mode::Board;
                self.edit(true, fx);
                return;
            }
            NewGameAction::White => (HumanColor::White, level, time),
            NewGameAction::Black => (HumanColor::Black, level, time),
            NewGameAction::Random => (HumanColor::Random, level, time),
            NewGameAction::LevelUp => (color, (level + 1).min(Level::MAX), time),
            NewGameAction::LevelDown => (color, level.saturating_sub(1).max(Level::MIN), time),
            NewGameAction::Level => match crate::keys::digit(&key) {
                Some(d @ 1..=9) => (color, d, time),
                _ => (color, Level::MAX, time),
            },
        };
        self.mode = Mode::NewGame(NewGame {
            variant,
            color,
            level,
            time,
        });
    }

    pub(super) fn game_over_key(
        &mut self,
        choice: Option<usize>,
        key: KeyEvent,
        fx: &mut Vec<Effect>,
    ) {
        let n = GAME_OVER_CHOICES.len();
        let Some(action) = self.keys.action::<GameOverAction>(&key) else {
            return self.info(tr(
                "play-game-over-keys",
                &[(
                    "keys",
                    self.keys
                        .key_line(<GameOverAction as crate::keys::Action>::SCREEN)
                        .into(),
                )],
            ));
        };
        let chosen = match action {
            GameOverAction::Previous => {
                let next = choice.map_or(n - 1, |c| (c + n - 1) % n);
                self.mode = Mode::GameOver { choice: Some(next) };
                return;
            }
            GameOverAction::Next => {
                let next = choice.map_or(0, |c| (c + 1) % n);
                self.mode = Mode::GameOver { choice: Some(next) };
                return;
            }
            GameOverAction::Press => match choice {
                Some(c) => c,
                None => {
                    return self.info(tr(
                        "play-game-over-choose",
                        &[
                            ("next", self.keys.key_of(GameOverAction::Next).into()),
                            ("press", self.keys.key_of(GameOverAction::Press).into()),
                            (
                                "keys",
                                self.keys
                                    .key_line(<GameOverAction as crate::keys::Action>::SCREEN)
                                    .into(),
                            ),
                        ],
                    ));
                }
            },
            GameOverAction::NewGame => 0,
            GameOverAction::Review => 1,
            GameOverAction::Quit => 2,
            GameOverAction::TakeBack => {
                self.mode = Mode::Board;
                self.take_back(fx);
                return;
            }
            GameOverAction::Prompt => {
                self.mode = Mode::Prompt(String::new());
                return;
            }
            GameOverAction::Close => {
                self.mode = Mode::Board;
                return self.info(tr(
                    "play-game-over-closed",
                    &[
                        ("new", self.keys.key_of(PlayAction::NewGame).into()),
                        ("back", self.keys.key_of(PlayAction::TakeBack).into()),
                        ("prompt", self.keys.key_of(PlayAction::Prompt).into()),
                    ],
                ));
            }
        };
        match chosen {
            0 => self.open_new_game(),
            1 => {
                self.mode = Mode::Board;
                self.info(tr(
                    "play-back-from-review",
                    &[
                        ("new", self.keys.key_of(PlayAction::NewGame).into()),
                        ("back", self.keys.key_of(PlayAction::TakeBack).into()),
                    ],
                ));
                fx.push(Effect::Review(self.saved()));
            }
            _ => self.do_quit(fx),
        }
    }

    // ----- mouse ------------------------------------------------------------------------

    pub(super) fn on_mouse(&mut self, mouse: MouseEvent, fx: &mut Vec<Effect>) {
        if self.input.promotion.is_some() {
            if let MouseEventKind::Down(MouseButton::Left) = mouse.kind {
                let at = Rect::new(mouse.column, mouse.row, 1, 1);
                let picked = self
                    .layout()
                    .promotion_choices()
                    .iter()
                    .position(|r| r.intersects(at));
                let step = self.input.promotion_click(self.game.position(), picked);
                self.on_step(step, fx);
            }
            return;
        }
        if self.mode != Mode::Board {
            return;
        }
        let square = self
            .layout()
            .square_at(mouse.column, mouse.row, self.orientation);
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let Some(sq) = square else {
                    self.input.drag_from = None;
                    return;
                };
                self.message = None;
                self.cursor = sq;
                if let Some(step) = self.may_enter(sq) {
                    let step =
                        step.unwrap_or_else(|| self.input.mouse_down(self.game.position(), sq));
                    self.on_step(step, fx);
                }
            }
            MouseEventKind::Up(MouseButton::Left) if self.input.drag_from.is_some() => {
                self.cursor = square.unwrap_or(self.cursor);
                let step = self.input.mouse_up(self.game.position(), square);
                self.on_step(step, fx);
            }
            _ => {}
        }
    }
}

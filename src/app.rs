//! The application model: every piece of UI state lives in [`App`], and only [`App::update`]
//! changes it. Events come in (keys, mouse, resize, ticks, engine reports, config reloads,
//! loaded files); side effects go out as [`Effect`] values that a small runner executes
//! (`crate::play`). No terminal I/O, no threads, no files here.

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;

use ratatui::crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use shakmaty::{Chess, Color, Move, Square};

use crate::clock::{Clock, TimeControl, TimeSource};
use crate::config::{Config, HumanColor};
use crate::engine::Level;
use crate::game::{Game, GameEnd, GameOutcome};
use crate::ui::layout::Layout;
use crate::variant::{Variant, VariantPosition};

pub mod command;
pub mod feedback;
pub mod input;
pub mod move_input;
pub mod persist;
pub mod playable;
pub mod screen;
pub mod search;

pub use crate::screen::{EditFrom, Effect, Event, Handover, Message, MessageKind, NewGame, SetUp};
use command::Command;
pub use input::{ConfirmAction, GameOverAction, NewGameAction, PlayAction};
pub use move_input::{MoveInput, PROMOTION_ROLES, Promotion, Step, target};
pub use persist::{Saved, Snapshot};
pub use playable::Playable;
pub use search::{
    AnalysisId, AnalysisJob, AnalysisRequest, MoveAnalysis, Purpose, Score, SearchId,
    SearchPosition, SearchRequest, Thinking,
};

/// What the keyboard is talking to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    /// The board: cursor, picking and dropping, single-key commands.
    Board,
    /// The `:` prompt with the text typed so far.
    Prompt(String),
    /// The help overlay.
    Help,
    /// A text shown over the board (`:pgn`); any key closes it.
    Text(String),
    /// The new game dialog, with the choices made so far.
    NewGame(NewGame),
    /// The game-end dialog.
    GameOver {
        /// The highlighted choice (index in [`GAME_OVER_CHOICES`]); none until an arrow key
        /// moves to one, so a stray Enter starts nothing.
        choice: Option<usize>,
    },
    /// A yes/no question before something that cannot be undone.
    Confirm(Confirm),
}

/// What a [`Mode::Confirm`] asks about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirm {
    /// `:save PATH` and the file exists: replace it?
    Overwrite(PathBuf),
    /// Quit although the autosave failed (why) and the game is saved nowhere?
    QuitUnsaved(String),
    /// `:resign`: really give the game up?
    Resign,
}

impl Confirm {
    /// The question, as the dialog shows it.
    pub fn question(&self) -> String {
        match self {
            Confirm::Overwrite(path) => format!("{} already exists. Replace it?", path.display()),
            Confirm::QuitUnsaved(why) => format!(
                "The game is not saved: the autosave failed ({why}). Quit anyway and lose it?"
            ),
            Confirm::Resign => "Resign this game? (u takes it back afterwards)".to_owned(),
        }
    }

    /// The keys it takes, as the dialog and the key-hint line show them.
    pub fn keys(&self, keys: &crate::keys::Keymaps) -> String {
        let yes = keys.keys_of(ConfirmAction::Yes);
        let no = keys.keys_of(ConfirmAction::No);
        match self {
            Confirm::Overwrite(_) => format!("{yes} replace · {no} keep the file"),
            Confirm::QuitUnsaved(_) => format!(
                "{} save elsewhere (:save PATH) · {yes} quit anyway · {no} stay",
                keys.keys_of(ConfirmAction::Save)
            ),
            Confirm::Resign => format!("{yes} resign · {no} play on"),
        }
    }
}

/// The engine accepts a draw offer when its score is at most this (centipawns, its side):
/// dead equal (within ±0.20) or worse.
const DRAW_ACCEPT_CP: i32 = 20;

/// The choices of the game-end dialog (message keys of `assets/i18n/*/play.ftl`).
pub const GAME_OVER_CHOICES: [&str; 3] = ["game-over-new", "game-over-review", "game-over-quit"];

/// The engine's suggestion for the human's move.
#[derive(Debug, Clone)]
pub struct Hint {
    /// The suggested move.
    pub mv: Move,
    /// The search behind it.
    pub thinking: Thinking,
    /// Why.
    pub explanation: Option<crate::explain::Explanation>,
}

/// The search in flight, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct Search<P = Chess> {
    /// Its id.
    pub id: SearchId,
    /// Why it runs.
    pub purpose: Purpose,
    /// The position it searches (for printing the line in SAN).
    pub root: P,
    /// The latest report.
    pub thinking: Option<Thinking>,
    /// A stop was requested ("move now").
    pub stopping: bool,
}

/// The whole UI state of the play screen, for a game of chess (`App`, the default) or of Pawn
/// Battle (`App<PawnBattle>`): one model and one update for both ([`Playable`]).
#[derive(Debug, Clone)]
pub struct App<P: Playable = Chess> {
    /// The settings in force.
    pub config: Config,
    /// The game.
    pub game: Game<P>,
    /// The colour the human plays.
    pub human: Color,
    /// The colour the human played from each ply on (`(first ply, colour)`, in order; `s` on
    /// the human's turn adds an entry), so earlier moves keep who played them.
    pub human_from: Vec<(usize, Color)>,
    /// The colour drawn at the bottom of the board.
    pub orientation: Color,
    /// The keyboard cursor on the board.
    pub cursor: Square,
    /// The move being entered on the board: the picked-up piece, a drag, the promotion
    /// picker.
    pub input: MoveInput,
    /// The ply being viewed when browsing (`None`: the live position).
    pub view_ply: Option<usize>,
    /// What the keyboard is talking to.
    pub mode: Mode,
    /// The status-line message.
    pub message: Option<Message>,
    /// The search in flight.
    pub search: Option<Search<P>>,
    /// What is known about the game's moves, by ply index (0 = the first move): the engine's
    /// from its own search, the human's from a background analysis, a resumed game's from the
    /// saved comments.
    pub analyses: HashMap<usize, MoveAnalysis<P>>,
    /// Plies whose moves wait for a background analysis, next first.
    pub analysis_queue: VecDeque<usize>,
    /// The background analysis in flight: its id and ply.
    pub analysing: Option<(AnalysisId, usize)>,
    /// The game ended while analyses were queued: it is archived when the last one is done
    /// (or at once, with what is known, when the user starts another game or quits).
    pub archive_when_analysed: bool,
    /// The engine's suggested move for the human, shown on the board.
    pub hint: Option<Hint>,
    /// Whether the human's opponent in the moves already played was this engine (a new game,
    /// or a saved game naming it), rather than another player (a foreign `--pgn` or `:load`).
    pub engine_opponent: bool,
    /// The engine cannot be used (why), so it is not asked to move.
    pub engine_error: Option<String>,
    /// The last autosave failed (why): quitting asks first. Cleared by a successful one.
    pub autosave_error: Option<String>,
    /// The game's clocks (`None`: untimed).
    pub clock: Option<Clock>,
    /// Where the clocks read the time (a fake one in tests).
    pub time: TimeSource,
    /// The terminal size (width, height).
    pub size: (u16, u16),
    /// Counts ticks while the engine thinks (the spinner frame).
    pub spinner: usize,
    /// Set when the program should end.
    pub quit: bool,
    /// The keymaps of `config` (rebuilt when it is reloaded).
    pub keys: std::sync::Arc<crate::keys::Keymaps>,
    next_id: u64,
    rng: u64,
}

impl<P: Playable> App<P> {
    /// A new App of the game `P` for `snapshot` (a fresh game when `None`, a resumed
    /// autosave, a `--fen` or `--pgn` start). `seed` drives the random colour choice. Returns
    /// the effects to run first (the engine starts if it is its turn). [`App::new`] is chess's.
    pub fn starting(
        config: Config,
        snapshot: Option<Snapshot<P>>,
        seed: u64,
    ) -> (App<P>, Vec<Effect>) {
        let mut app = App {
            human: Color::White,
            human_from: vec![(0, Color::White)],
            orientation: Color::White,
            cursor: Square::E2,
            input: MoveInput::default(),
            view_ply: None,
            mode: Mode::Board,
            message: None,
            search: None,
            analyses: HashMap::new(),
            analysis_queue: VecDeque::new(),
            analysing: None,
            archive_when_analysed: false,
            engine_opponent: true,
            hint: None,
            engine_error: None,
            autosave_error: None,
            clock: None,
            time: TimeSource::default(),
            size: (80, 24),
            spinner: 0,
            quit: false,
            next_id: 0,
            rng: seed,
            game: Game::starting(),
            keys: crate::keys::Keymaps::of(&config.keys),
            config,
        };
        let mut fx = vec![Effect::NewEngineGame];
        match snapshot {
            Some(mut s) => {
                let clock = s.clock.take();
                app.engine_opponent = Level::RANGE.contains(&s.level) || s.game.ply() == 0;
                if Level::RANGE.contains(&s.level) {
                    app.config.engine.level = s.level;
                }
                let resumed = s.game.ply() > 0;
                app.set_game(s.game, s.human);
                app.clock = clock;
                app.restore_explanations();
                if resumed {
                    // Named by its last move ("after 3… Nc6"), which the move list shows too.
                    let last = app.game.ply() - 1;
                    let (turn, number) = app
                        .game
                        .position_at(last)
                        .map_or((Color::White, 1), |p| (p.turn(), p.fullmoves()));
                    let dots = if turn == Color::White { "." } else { "…" };
                    let san = app.game.moves().get(last).map(|m| m.san.to_string());
                    app.info(format!(
                        "resumed your {} after {number}{dots} {}",
                        named_game::<P>(),
                        san.unwrap_or_default()
                    ));
                }
            }
            None => {
                let human = app.pick_color(app.config.game.human);
                app.set_game(Game::starting(), human);
                app.clock = Clock::new(app.config.game.time_control, Color::White);
            }
        }
        app.after_change(&mut fx, false);
        (app, fx)
    }

    /// A new game of this variant chosen in the other game's new-game dialog, as the shell's
    /// screen in place of that one: `config` carries the dialog's colour, level and clock;
    /// `seed` continues the random colour choice, `time` is where the clocks read the time.
    pub fn switched(
        config: Config,
        seed: u64,
        time: TimeSource,
        size: (u16, u16),
    ) -> (Box<dyn crate::screen::Screen>, Vec<Effect>) {
        let (mut app, fx) = App::<P>::starting(config, None, seed);
        app.set_time_source(time);
        app.size = size;
        app.info(format!(
            "new {}: you play {}, level {}",
            named_game::<P>(),
            color_name(app.human),
            app.config.engine.level
        ));
        (Box::new(app), fx)
    }

    /// The seed of the random colour choice (a game that follows continues it).
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.rng
    }

    /// Applies one event; returns the side effects to execute, in order.
    pub fn update(&mut self, event: Event) -> Vec<Effect> {
        let mut fx = Vec::new();
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Press => self.on_key(key, &mut fx),
            Event::Key(_) => {}
            Event::Mouse(mouse) => self.on_mouse(mouse, &mut fx),
            Event::Resize(w, h) => self.size = (w, h),
            Event::Tick => {
                if self.search.is_some() || self.analysing.is_some() {
                    self.spinner = self.spinner.wrapping_add(1);
                }
                self.check_flag(&mut fx);
            }
            Event::EngineProgress(id, thinking) => {
                if let Some(s) = self.search.as_mut().filter(|s| s.id == id) {
                    s.thinking = Some(thinking);
                }
            }
            Event::EngineDone(id, best, thinking) => {
                self.on_engine_done(id, best, thinking, &mut fx)
            }
            Event::EngineCrashed(id, why) => {
                if self.search.take_if(|s| s.id == id).is_some() {
                    self.error(format!(
                        "the engine stopped on an internal error ({why}); it was restarted: \
                         press {} to let it move",
                        self.keys.key_of(PlayAction::MoveNow)
                    ));
                }
            }
            Event::EngineFailed(why) => {
                self.search = None;
                self.error(format!("engine unavailable: {why}"));
                self.engine_error = Some(why);
            }
            Event::ConfigReloaded(Ok(config)) => self.on_config(*config),
            Event::ConfigReloaded(Err(e)) => {
                self.error(format!(
                    "config not reloaded, keeping the old settings: {e}"
                ));
            }
            Event::Loaded(path, Ok(loaded)) => {
                let Snapshot {
                    game,
                    clock,
                    human,
                    level,
                } = match P::of_saved(loaded) {
                    Ok(snapshot) => snapshot,
                    Err(other) => {
                        // The other game: this one is put away here, the shell opens the new
                        // one with the colour and level in force.
                        self.put_away(&mut fx);
                        fx.push(Effect::PlayOther(Box::new(Handover::Loaded {
                            path,
                            game: other,
                            human: self.human,
                            level: self.config.engine.level,
                        })));
                        return fx;
                    }
                };
                // The human plays the side the file names ("You"), or of a foreign game the
                // side to move (persist::decode_game_as), as a resumed game and `--pgn` do.
                let note = self.replace_game(game, human, &mut fx);
                self.engine_opponent = Level::RANGE.contains(&level) || self.game.ply() == 0;
                self.restore_explanations();
                // A timed game goes on with its time control and the times of its last
                // `[%clk]` comments (persist::decode_game reads them).
                let timed = clock
                    .as_ref()
                    .map(|c| format!(" · clock {}: resumed with the times saved in it", c.control))
                    .unwrap_or_default();
                self.clock = clock;
                // Which game and which side: both may have changed with the file.
                let kind = match P::VARIANT {
                    Variant::Chess => String::new(),
                    Variant::PawnBattle => format!(" ({})", named_game::<P>()),
                };
                self.info(format!(
                    "{note}loaded {}{kind}: you play {}{timed}",
                    path.display(),
                    color_name(self.human)
                ));
                self.after_change(&mut fx, true);
            }
            Event::Loaded(_, Err(e)) | Event::Saved(Err(e)) => self.error(e),
            Event::SaveWouldOverwrite(path) => {
                self.mode = Mode::Confirm(Confirm::Overwrite(path));
            }
            Event::Autosaved(Ok(())) => self.autosave_error = None,
            Event::Autosaved(Err(why)) => {
                self.error(format!(
                    "autosave failed: {why}; save the game elsewhere with :save PATH"
                ));
                if self.quit {
                    // The last save before quitting failed: ask instead of losing the game.
                    self.quit = false;
                    self.mode = Mode::Confirm(Confirm::QuitUnsaved(why.clone()));
                }
                self.autosave_error = Some(why);
            }
            Event::Warning(text) => self.error(text),
            Event::Saved(Ok(path)) => self.info(format!("saved {}", path.display())),
            Event::Analysed(id, analysis) => self.on_analysed(id, *analysis, &mut fx),
            Event::AnalysisFailed(id, why) => {
                if self.analysing.take_if(|(a, _)| *a == id).is_some() {
                    self.analysis_queue.clear();
                    self.error(format!("cannot analyse the moves: {why}"));
                    self.archive_when_done(&mut fx);
                }
            }
            // The review screens' and the analysis board's reports never reach the game's
            // screen.
            Event::ReviewReport(_) | Event::Lines(..) | Event::PgnWritten(_) => {}
            Event::Feedback(reply) => self.on_feedback(reply),
            Event::PlayFrom(setup) => {
                if setup.variant != P::VARIANT {
                    // The other game: this one is put away here, the shell opens the new one.
                    self.put_away(&mut fx);
                    fx.push(Effect::PlayOther(Box::new(Handover::SetUp(*setup))));
                    return fx;
                }
                let game = match Game::<P>::from_variant_fen(&setup.fen) {
                    Ok(game) => game,
                    Err(e) => {
                        self.error(format!("cannot play the set-up {}: {e}", setup.fen));
                        return fx;
                    }
                };
                let (human, level) = (setup.human, setup.level);
                self.config.engine.level = level;
                let note = self.set_up(game, human, &mut fx);
                self.info(format!(
                    "{note}position set up: you play {}, level {level}",
                    color_name(human)
                ));
                self.after_change(&mut fx, true);
            }
        }
        fx
    }

    // ----- queries used by the renderer -------------------------------------------------

    /// The ply shown on the board.
    pub fn shown_ply(&self) -> usize {
        self.view_ply.unwrap_or(self.game.ply())
    }

    /// Whether the board shows an earlier position than the live one.
    pub fn browsing(&self) -> bool {
        self.view_ply.is_some()
    }

    /// The position shown on the board.
    pub fn shown_position(&self) -> &P {
        self.game
            .position_at(self.shown_ply())
            .unwrap_or_else(|| self.game.position())
    }

    /// The move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<&Move> {
        let ply = self.shown_ply();
        ply.checked_sub(1)
            .and_then(|i| self.game.all_moves().get(i))
            .map(|m| &m.mv)
    }

    /// Legal destinations of the selected piece (king moves as the king's destination).
    pub fn legal_targets(&self) -> Vec<Square> {
        if self.browsing() {
            return Vec::new();
        }
        self.input.targets(self.game.position())
    }

    /// The layout for the current terminal size.
    pub fn layout(&self) -> Layout {
        Layout::with_eval_bar(
            Rect::new(0, 0, self.size.0, self.size.1),
            self.config.ui.eval_bar,
        )
    }

    /// The outcome when the live game is over.
    pub fn outcome(&self) -> Option<GameOutcome<P::GameEnd>> {
        self.game.outcome()
    }

    /// Whether the engine is thinking about its own move.
    pub fn engine_thinking(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|s| s.purpose == Purpose::Move)
    }

    /// A snapshot for saving: the game with each explained move's panel text as its PGN
    /// comment ([`persist::explanation_comment`]), so a resumed game shows it at once.
    pub fn snapshot(&self) -> Snapshot<P> {
        let mut game = self.game.clone();
        // The clocks as they stand now (the running side's time used so far taken).
        let mut clock = self.clock.clone();
        if let Some(c) = clock.as_mut() {
            c.pause(self.time.now());
        }
        for ply in 0..game.ply() {
            let lines = self.analysis_at(ply).map(MoveAnalysis::lines);
            let mover = game.position_at(ply).map(VariantPosition::turn);
            let clk = clock
                .as_ref()
                .zip(mover)
                .and_then(|(c, mover)| c.after_move(ply, mover))
                .map(crate::clock::clk_comment);
            if lines.is_none() && clk.is_none() {
                continue;
            }
            if let Some(m) = game.move_mut(ply)
                && m.comment.as_deref().is_none_or(|c| {
                    persist::is_explanation_comment(c) || crate::clock::strip_clk(c).is_empty()
                })
            {
                let saved = m.comment.as_deref().and_then(persist::read_explanation);
                let text = lines
                    .or(saved)
                    .and_then(|l| persist::explanation_comment(&l));
                m.comment = match (clk, text) {
                    (Some(clk), Some(text)) => Some(format!("{clk} {text}")),
                    (clk, text) => clk.or(text),
                };
            }
        }
        Snapshot {
            game,
            human: self.human,
            level: self.config.engine.level,
            clock,
        }
    }

    /// The game as PGN, as `:save` writes it (what `c` and `:pgn` copy).
    pub fn pgn(&self) -> String {
        persist::encode(&self.snapshot())
    }

    /// [`App::snapshot`] as the effects carry it (the game named).
    pub fn saved(&self) -> Saved {
        P::saved(self.snapshot())
    }

    /// What is known about the move at `ply` (0 = the first move), if it is still the game's.
    pub fn analysis_at(&self, ply: usize) -> Option<&MoveAnalysis<P>> {
        let played = self.game.all_moves().get(ply)?;
        self.analyses.get(&ply).filter(|a| a.mv == played.mv)
    }

    /// Whether the move at `ply` waits for or is in a background analysis.
    pub fn analysis_pending(&self, ply: usize) -> bool {
        self.analysing.is_some_and(|(_, p)| p == ply) || self.analysis_queue.contains(&ply)
    }

    // ----- messages ---------------------------------------------------------------------

    fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message::info(text));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message::error(text));
    }

    // ----- keys -------------------------------------------------------------------------

    fn on_key(&mut self, key: KeyEvent, fx: &mut Vec<Effect>) {
        if crate::shell::is_ctrl_c(&key) {
            self.do_quit(fx);
            return;
        }
        if self.input.promotion.is_some() {
            let step = self.input.promotion_key(self.game.position(), key);
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
            Mode::Text(_) => self.mode = Mode::Board,
            Mode::NewGame(chosen) => {
                self.new_game_key(chosen, key, fx);
            }
            Mode::GameOver { choice } => self.game_over_key(choice, key, fx),
            Mode::Confirm(question) => self.confirm_key(question, key, fx),
        }
    }

    fn confirm_key(&mut self, question: Confirm, key: KeyEvent, fx: &mut Vec<Effect>) {
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
                self.mode = Mode::Prompt("save ".to_owned());
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
                self.info("nothing was changed");
            }
            _ => {}
        }
    }

    fn board_key(&mut self, key: KeyEvent, fx: &mut Vec<Effect>) {
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
                    "evaluation bar",
                    PlayAction::EvalBar,
                    "eval_bar",
                );
            }
            PlayAction::Marks => {
                self.toggle_view(
                    |ui| &mut ui.marks,
                    "numbered best line",
                    PlayAction::Marks,
                    "marks",
                );
            }
            PlayAction::Copy => {
                fx.push(Effect::Copy(self.pgn()));
                self.info("the game's PGN is on the clipboard (OSC 52) · :pgn shows it");
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
    fn toggle_view(
        &mut self,
        setting: fn(&mut crate::config::UiConfig) -> &mut bool,
        what: &str,
        action: PlayAction,
        config_key: &str,
    ) {
        let key = self.keys.key_of(action);
        let value = setting(&mut self.config.ui);
        *value = !*value;
        let (now, other) = if *value { ("on", "off") } else { ("off", "on") };
        self.info(format!(
            "{what}: {now} ({key} turns it {other}; [ui] {config_key} in the config file)"
        ));
    }

    fn prompt_key(&mut self, mut text: String, key: KeyEvent, fx: &mut Vec<Effect>) {
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

    fn new_game_key(&mut self, chosen: NewGame, key: KeyEvent, fx: &mut Vec<Effect>) {
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
                let variant = match variant {
                    Variant::Chess => Variant::PawnBattle,
                    Variant::PawnBattle => Variant::Chess,
                };
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

    fn game_over_key(&mut self, choice: Option<usize>, key: KeyEvent, fx: &mut Vec<Effect>) {
        let n = GAME_OVER_CHOICES.len();
        let Some(action) = self.keys.action::<GameOverAction>(&key) else {
            return self.info(format!(
                "game over: {}",
                self.keys
                    .key_line(<GameOverAction as crate::keys::Action>::SCREEN)
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
                    return self.info(format!(
                        "game over: {} to a button, then {} · {}",
                        self.keys.key_of(GameOverAction::Next),
                        self.keys.key_of(GameOverAction::Press),
                        self.keys
                            .key_line(<GameOverAction as crate::keys::Action>::SCREEN)
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
                return self.info(format!(
                    "the game is over: {} new game, {} takes back, {} commands",
                    self.keys.key_of(PlayAction::NewGame),
                    self.keys.key_of(PlayAction::TakeBack),
                    self.keys.key_of(PlayAction::Prompt)
                ));
            }
        };
        match chosen {
            0 => self.open_new_game(),
            1 => {
                self.mode = Mode::Board;
                self.info(format!(
                    "back from the review: {} starts a new game, {} takes back",
                    self.keys.key_of(PlayAction::NewGame),
                    self.keys.key_of(PlayAction::TakeBack)
                ));
                fx.push(Effect::Review(self.saved()));
            }
            _ => self.do_quit(fx),
        }
    }

    // ----- mouse ------------------------------------------------------------------------

    fn on_mouse(&mut self, mouse: MouseEvent, fx: &mut Vec<Effect>) {
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

    // ----- board actions ----------------------------------------------------------------

    fn move_cursor(&mut self, dx: i32, dy: i32) {
        self.cursor = crate::ui::layout::step(self.cursor, dx, dy, self.orientation);
    }

    /// Whether the human may move now; sets an explaining message when not.
    fn human_may_move(&mut self) -> bool {
        if let Some(outcome) = self.outcome() {
            self.error(format!(
                "the game is over ({outcome}); n starts a new game, u takes back"
            ));
            return false;
        }
        if self.game.turn() != self.human {
            self.error("the engine is to move; s makes it move now");
            return false;
        }
        true
    }

    /// Before a press on `sq`: back to the live position when browsing, and the human's turn
    /// checked. `None`: refused (the message says why); `Some(None)`: go on with the press;
    /// `Some(Some(step))`: the press is already decided.
    fn may_enter(&mut self, sq: Square) -> Option<Option<Step>> {
        if self.browsing() {
            self.view_ply = None;
            self.input.clear();
        }
        if self.input.selected == Some(sq) {
            self.input.clear();
            return Some(Some(Step::Cancelled));
        }
        if !self.human_may_move() {
            self.input.clear();
            return None;
        }
        Some(None)
    }

    /// A press on `sq` (Enter or Space on the cursor's square).
    fn pick_or_drop(&mut self, sq: Square, fx: &mut Vec<Effect>) {
        if let Some(step) = self.may_enter(sq) {
            let step = step.unwrap_or_else(|| self.input.press(self.game.position(), sq));
            self.on_step(step, fx);
        }
    }

    /// What a step of the move input means for the game.
    fn on_step(&mut self, step: Step, fx: &mut Vec<Effect>) {
        match step {
            Step::Move(mv) => self.play_human(mv, fx),
            Step::Refused(why) => self.error(why.to_string()),
            Step::Nothing | Step::Picked(_) | Step::Cancelled | Step::ChoosePromotion => {}
        }
    }

    fn play_human(&mut self, mv: Move, fx: &mut Vec<Effect>) {
        // A move made after the flag fell does not count.
        self.check_flag(fx);
        if self.outcome().is_some() {
            return;
        }
        self.view_ply = None;
        self.cancel_search(fx);
        let ply = self.game.ply();
        match self.game.play(mv) {
            Ok(_) => {
                self.after_change(fx, true);
                self.queue_analysis(ply, true, fx);
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    fn run_prompt(&mut self, text: &str, fx: &mut Vec<Effect>) {
        if text.trim().is_empty() {
            return;
        }
        let command = match command::parse(text) {
            Ok(c) => c,
            Err(e) => return self.error(e),
        };
        match command {
            Command::New => {
                let color = self.config.game.human;
                self.start_new_game(color, fx);
            }
            Command::Flip => self.flip(),
            Command::Level(n) => {
                self.config.engine.level = n;
                self.info(format!("level {n} from the engine's next move"));
            }
            Command::ShowFen => {
                let fen = match self.view_ply {
                    Some(_) => self.shown_position().fen(),
                    None => self.game.fen(),
                };
                fx.push(Effect::Copy(fen.clone()));
                self.info(format!("{fen} (copied)"));
            }
            Command::SetFen(fen) => match Game::<P>::from_variant_fen(&fen) {
                Ok(game) => {
                    let human = self.human;
                    let note = self.set_up(game, human, fx);
                    self.info(format!("{note}position set up"));
                    self.after_change(fx, true);
                }
                Err(e) => self.error(e.to_string()),
            },
            Command::Edit => self.edit(false, fx),
            Command::Save(path) => fx.push(Effect::Save(path, self.saved())),
            Command::Load(path, pick) => fx.push(Effect::Load(path, pick)),
            Command::Resign => {
                if self.outcome().is_some() {
                    self.error("the game is already over");
                } else {
                    self.mode = Mode::Confirm(Confirm::Resign);
                }
            }
            Command::Draw => self.offer_draw(fx),
            Command::Pgn => {
                let pgn = self.pgn();
                fx.push(Effect::Copy(pgn.clone()));
                self.mode = Mode::Text(pgn);
            }
            Command::Quit => self.do_quit(fx),
            Command::Hint => self.ask_hint(fx),
            Command::Feedback(line) => self.give_feedback(&line, fx),
            Command::Help => {
                self.pause_clock();
                self.mode = Mode::Help;
            }
            Command::Move(text) => {
                if self.browsing() {
                    self.view_ply = None;
                }
                if !self.human_may_move() {
                    return;
                }
                let before = self.game.ply();
                match self.game.parse_move(&text) {
                    Ok(mv) => {
                        self.play_human(mv, fx);
                        debug_assert!(self.game.ply() > before || self.message.is_some());
                    }
                    Err(e) => self.error(e.to_string()),
                }
            }
        }
    }

    fn take_back(&mut self, fx: &mut Vec<Effect>) {
        self.cancel_search(fx);
        self.view_ply = None;
        self.input.clear();
        self.hint = None;
        if self.mode != Mode::Board {
            self.mode = Mode::Board;
        }
        // A resignation or a draw agreement is taken back alone: the moves stay.
        let by_hand = self.outcome().and_then(|o| {
            if o.reason == P::GameEnd::RESIGNATION {
                Some("took back the resignation: the game goes on")
            } else if o.reason == P::GameEnd::AGREEMENT {
                Some("took back the draw agreement: the game goes on")
            } else {
                None
            }
        });
        if !self.game.undo() {
            self.error("nothing to take back");
            return;
        }
        if let Some(said) = by_hand {
            self.info(said);
            self.after_change(fx, true);
            return;
        }
        if self.game.turn() != self.human && self.game.ply() > 0 {
            self.game.undo();
        }
        self.info("took back your move");
        self.after_change(fx, true);
    }

    fn redo(&mut self, fx: &mut Vec<Effect>) {
        if !self.game.can_redo() {
            self.error("nothing to redo");
            return;
        }
        self.cancel_search(fx);
        self.view_ply = None;
        self.input.clear();
        self.hint = None;
        self.game.redo();
        if self.game.turn() != self.human && self.game.can_redo() {
            self.game.redo();
        }
        self.after_change(fx, true);
    }

    fn flip(&mut self) {
        self.orientation = !self.orientation;
    }

    fn open_new_game(&mut self) {
        self.pause_clock();
        self.mode = Mode::NewGame(NewGame {
            variant: P::VARIANT,
            color: self.config.game.human,
            level: self.config.engine.level,
            time: self.config.game.time_control,
        });
    }

    /// Before the game is replaced (new game, `:load`, `:fen`): an unfinished game with moves is
    /// kept in `games/`, not overwritten by the next autosave; a finished one still waiting for
    /// its analyses ([`App::archive_when_analysed`]) is archived now with what is known. Returns
    /// a note naming the moves left unexplained (the review analyses them), never silent.
    fn archive_unfinished(&mut self, fx: &mut Vec<Effect>) -> Option<String> {
        let unfinished = self.outcome().is_none() && self.game.ply() > 0;
        if !(unfinished || self.archive_when_analysed) {
            return None;
        }
        self.archive_when_analysed = false;
        fx.push(Effect::Archive(self.saved()));
        let missing = self.analyses_pending();
        (missing > 0).then(|| {
            format!("the last game was archived with {missing} move(s) not analysed yet · ")
        })
    }

    /// Before a game of the other variant takes this screen's place ([`Effect::PlayOther`]):
    /// the search and the analyses are stopped and an unfinished game is archived, as
    /// [`App::replace_game`] does.
    fn put_away(&mut self, fx: &mut Vec<Effect>) {
        self.cancel_search(fx);
        self.archive_unfinished(fx);
        self.cancel_analyses(fx);
        self.mode = Mode::Board;
    }

    /// Starts playing `game` against the engine (a new game, `:fen`, the editor's "play from
    /// here") with a fresh clock of the configured time control ([`App::replace_game`] does the
    /// rest). The caller says so, starting with the returned note, and calls
    /// [`App::after_change`].
    fn set_up(&mut self, game: Game<P>, human: Color, fx: &mut Vec<Effect>) -> String {
        let turn = game.turn();
        let note = self.replace_game(game, human, fx);
        self.clock = Clock::new(self.config.game.time_control, turn);
        self.engine_opponent = true;
        note
    }

    /// Replaces the game (a new game, a set-up, `:load`): the search and the background
    /// analyses of the old one are cancelled, an unfinished one is archived, the engine forgets
    /// it. Returns the note of [`App::archive_unfinished`] (empty when there is none).
    fn replace_game(&mut self, game: Game<P>, human: Color, fx: &mut Vec<Effect>) -> String {
        self.cancel_search(fx);
        let note = self.archive_unfinished(fx).unwrap_or_default();
        self.cancel_analyses(fx);
        self.set_game(game, human);
        fx.push(Effect::NewEngineGame);
        note
    }

    // ----- board editor -------------------------------------------------------------------

    /// Asks the shell for the board editor screen on the position shown (`start`: on the
    /// standard start position, from the new-game dialog; `kibitzer --edit`). The game is
    /// unchanged until the editor hands back a set-up ([`Event::PlayFrom`]); the editor opens
    /// on this game's set-ups (and can switch to the other game's).
    pub fn ask_editor(&mut self, start: bool) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.edit(start, &mut fx);
        fx
    }

    /// `e`, `:edit`, the new-game dialog's `e`: [`App::ask_editor`].
    fn edit(&mut self, start: bool, fx: &mut Vec<Effect>) {
        let pos = if start {
            P::start()
        } else {
            self.shown_position().clone()
        };
        self.input.clear();
        fx.push(Effect::OpenEditor(Box::new(EditFrom {
            variant: P::VARIANT,
            setup: pos.editor_setup(),
            orientation: self.orientation,
            level: self.config.engine.level,
            human: self.human,
        })));
    }

    /// `a`: asks the shell for the analysis board on the game (either game), at the position
    /// shown.
    fn open_analysis_board(&mut self, fx: &mut Vec<Effect>) {
        self.input.clear();
        fx.push(crate::analysis_board::AnalysisBoard::open(
            self.snapshot().game,
            self.shown_ply(),
            self.orientation,
            self.human,
        ));
    }

    /// `request` for the move at `ply` with a fresh id from play's counter.
    fn numbered_analysis<Q: Playable>(
        &mut self,
        ply: usize,
        request: crate::analysis::Request<Q>,
    ) -> AnalysisRequest<Q> {
        self.next_id += 1;
        AnalysisRequest {
            id: AnalysisId(self.next_id),
            ply,
            request,
            hash_mb: self.config.engine.hash_mb,
        }
    }

    fn start_new_game(&mut self, color: HumanColor, fx: &mut Vec<Effect>) {
        let human = self.pick_color(color);
        let note = self.set_up(Game::starting(), human, fx);
        self.info(format!(
            "{note}new {}: you play {}, level {}",
            named_game::<P>(),
            color_name(human),
            self.config.engine.level
        ));
        self.after_change(fx, true);
    }

    fn ask_hint(&mut self, fx: &mut Vec<Effect>) {
        if self.outcome().is_some() {
            return self.error("the game is over");
        }
        if self.game.turn() != self.human {
            return self.error("hints are for your move; the engine is to move");
        }
        if self.search.is_some() {
            return self.info("already thinking about a hint");
        }
        self.view_ply = None;
        self.start_search(Purpose::Hint, fx);
        self.info("looking for a good move…");
    }

    /// `:draw`: the engine accepts when its latest full-strength judgement of the live
    /// position says it is dead equal or the engine stands worse, and says why either way.
    fn offer_draw(&mut self, fx: &mut Vec<Effect>) {
        if let Some(outcome) = self.outcome() {
            return self.error(format!("the game is already over ({outcome})"));
        }
        let Some(human_view) = self.live_score() else {
            return self.info(
                "the engine declines for now: it has not judged this position yet (offer again \
                 once the last move is analysed)",
            );
        };
        let engine_view = human_view.flip();
        let accepts = match engine_view {
            Score::Cp(cp) => cp <= DRAW_ACCEPT_CP,
            Score::Mate(n) => n < 0,
        };
        if !accepts {
            return self.info(format!(
                "the engine declines the draw: it judges its position better ({engine_view} for it)"
            ));
        }
        let why = if matches!(engine_view, Score::Cp(cp) if cp >= -DRAW_ACCEPT_CP) {
            "the position is dead equal"
        } else {
            "it stands worse"
        };
        self.cancel_search(fx);
        self.game.agree_draw();
        self.info(format!(
            "the engine accepts the draw: {why} ({engine_view} for it)"
        ));
        self.after_change(fx, true);
    }

    /// The latest full-strength score of the live position, from the human's side (see
    /// [`App::score_at`]).
    fn live_score(&self) -> Option<Score> {
        self.score_at(self.game.ply())
    }

    /// The latest full-strength score of the position at `ply`, from the human's side: the
    /// explanation of the move that led there (its score after the move), else the engine's
    /// own full-strength search of that move. Never a weakened level's search (its moves are
    /// explained by a full-strength analysis, and its own search is not kept). `None` at the
    /// start or while the move waits for its analysis.
    #[must_use]
    pub fn score_at(&self, ply: usize) -> Option<Score> {
        let last = ply.checked_sub(1)?;
        let analysis = self.analysis_at(last)?;
        // Both are the mover's score after the move (the search's: at the root, best play).
        let mover_score = match analysis
            .explanation
            .as_ref()
            .and_then(|e| e.score_after.as_ref())
        {
            Some(score) => score.mover,
            None => analysis.thinking.as_ref()?.score,
        };
        Some(self.score_for_human(mover_score, &analysis.root))
    }

    fn move_now(&mut self, fx: &mut Vec<Effect>) {
        if self.outcome().is_some() {
            return self.error("the game is over");
        }
        match self.search.as_mut() {
            Some(s) if s.purpose == Purpose::Move => {
                if !s.stopping {
                    s.stopping = true;
                    fx.push(Effect::StopSearch(s.id));
                }
            }
            _ if self.game.turn() != self.human => {
                self.cancel_search(fx);
                if self.engine_error.is_none() {
                    self.start_search(Purpose::Move, fx);
                }
            }
            _ => {
                // The human's turn: the engine takes over this side; the human plays the other.
                self.cancel_search(fx);
                self.human = !self.human;
                self.human_from.push((self.game.ply(), self.human));
                self.input.clear();
                self.info(format!(
                    "the engine moves now; you play {}",
                    color_name(self.human)
                ));
                self.after_change(fx, false);
            }
        }
    }

    fn browse_back(&mut self) {
        self.input.clear();
        let ply = self.shown_ply();
        if ply > 0 {
            self.view_ply = Some(ply - 1);
        }
    }

    fn browse_forward(&mut self) {
        let ply = self.shown_ply();
        self.view_ply = if ply + 1 >= self.game.ply() {
            None
        } else {
            Some(ply + 1)
        };
    }

    fn do_quit(&mut self, fx: &mut Vec<Effect>) {
        self.cancel_search(fx);
        self.pause_clock();
        if self.archive_when_analysed {
            // A finished game waiting for its analyses: archived now with what is known.
            self.archive_unfinished(fx);
        }
        self.cancel_analyses(fx);
        if self.outcome().is_none() {
            if let Some(why) = self.autosave_error.clone() {
                // Earlier autosaves failed: warn and offer to save elsewhere.
                self.mode = Mode::Confirm(Confirm::QuitUnsaved(why));
                return;
            }
            // If this last autosave fails, `Event::Autosaved` takes the quit back and asks.
            fx.push(Effect::Autosave(self.saved()));
        }
        self.quit = true;
        fx.push(Effect::Quit);
    }

    // ----- engine -----------------------------------------------------------------------

    fn cancel_search(&mut self, fx: &mut Vec<Effect>) {
        if let Some(s) = self.search.take() {
            fx.push(Effect::StopSearch(s.id));
        }
    }

    fn start_search(&mut self, purpose: Purpose, fx: &mut Vec<Effect>) {
        self.next_id += 1;
        let id = SearchId(self.next_id);
        let root = self.game.position().clone();
        let position = root.search_position(&self.config);
        self.search = Some(Search {
            id,
            purpose,
            root,
            thinking: None,
            stopping: false,
        });
        self.spinner = 0;
        fx.push(Effect::StartSearch(SearchRequest {
            id,
            purpose,
            position,
            history: self.game.history_keys().to_vec(),
            engine: self.config.engine.clone(),
            eval: self.config.eval.clone(),
            clock: self.engine_clock(purpose),
        }));
    }

    fn on_engine_done(
        &mut self,
        id: SearchId,
        best: Option<Move>,
        thinking: Thinking,
        fx: &mut Vec<Effect>,
    ) {
        let Some(search) = self.search.take_if(|s| s.id == id) else {
            return; // stale: a takeback or new game cancelled it
        };
        let Some(mv) = best else {
            // No move although the game goes on (the search was stopped before it had one):
            // do not restart by itself, which could loop; `s` asks again.
            self.error(format!(
                "the engine has no move yet; press {} to let it think again",
                self.keys.key_of(PlayAction::MoveNow)
            ));
            return;
        };
        match search.purpose {
            Purpose::Hint => {
                let san = search.root.clone().play_san(mv);
                self.info(format!(
                    "hint: {san}, {}",
                    self.score_words(thinking.score, &search.root)
                ));
                let explanation = self.explain_search(self.game.ply(), mv, &thinking);
                self.hint = Some(Hint {
                    mv,
                    thinking,
                    explanation,
                });
            }
            Purpose::Move => {
                self.check_flag(fx);
                if self.outcome().is_some() {
                    return;
                }
                let ply = self.game.ply();
                // A weakened level's search judges badly on purpose: its move is explained by
                // a full-strength background analysis instead, never by that search.
                let weakened = Level::get(self.config.engine.level).is_imperfect();
                let explanation = if weakened {
                    None
                } else {
                    self.explain_search(ply, mv, &thinking)
                };
                match self.game.play(mv) {
                    Ok(_) => {
                        if weakened {
                            self.after_change(fx, true);
                            self.queue_analysis(ply, true, fx);
                            return;
                        }
                        self.analyses.insert(
                            ply,
                            MoveAnalysis {
                                mv,
                                thinking: Some(thinking),
                                root: search.root,
                                explanation,
                                saved: Vec::new(),
                                judged_by: None,
                            },
                        );
                        self.after_change(fx, true);
                    }
                    Err(e) => self.error(format!("the engine's move was refused: {e}")),
                }
            }
        }
    }

    /// The analysis request for the move at `ply` (`played`: `None` = the engine's choice),
    /// with the game's history, the human's colour and the explanation settings: the one
    /// place the App describes a move to [`crate::analysis`].
    fn analysis_request(
        &self,
        ply: usize,
        played: Option<Move>,
    ) -> Option<crate::analysis::Request<P>> {
        let before = self.game.position_at(ply)?.clone();
        let mut req = self.base_request(before);
        req.history = self.game.history_keys().get(..ply)?.to_vec();
        req.played = played;
        req.previous = ply
            .checked_sub(1)
            .and_then(|p| self.game.all_moves().get(p))
            .map(|m| m.mv);
        req.ply = ply;
        req.human = Some(self.human_at(ply));
        Some(req)
    }

    /// [`playable::base_request`] with this screen's settings.
    fn base_request<Q: Playable>(&self, before: Q) -> crate::analysis::Request<Q> {
        playable::base_request(&self.config, before)
    }

    /// The explanation of `mv` at `ply` from the engine's own finished search of that
    /// position (its move or a hint), through [`crate::analysis::assemble`].
    fn explain_search(
        &self,
        ply: usize,
        mv: Move,
        t: &Thinking,
    ) -> Option<crate::explain::Explanation> {
        let result = t.result.as_deref()?;
        let req = self.analysis_request(ply, Some(mv))?;
        crate::analysis::assemble(&req, result, None).explanation
    }

    /// Starts the next queued background analysis when none runs.
    fn next_analysis(&mut self, fx: &mut Vec<Effect>) {
        while self.analysing.is_none() {
            let Some(ply) = self.analysis_queue.pop_front() else {
                return;
            };
            if ply >= self.game.ply() || self.analysis_at(ply).is_some() {
                continue;
            }
            let Some(played) = self.game.all_moves().get(ply).map(|m| m.mv) else {
                continue;
            };
            let Some(request) = self.analysis_request(ply, Some(played)) else {
                continue;
            };
            let analysis = self.numbered_analysis(ply, request);
            self.analysing = Some((analysis.id, ply));
            fx.push(Effect::Analyse(P::analysis_job(analysis)));
        }
    }

    /// Queues the analysis of the move at `ply` (ahead of the others when `first`).
    fn queue_analysis(&mut self, ply: usize, first: bool, fx: &mut Vec<Effect>) {
        if self.analysis_pending(ply) || self.analysis_at(ply).is_some() {
            return;
        }
        if first {
            self.analysis_queue.push_front(ply);
        } else {
            self.analysis_queue.push_back(ply);
        }
        self.next_analysis(fx);
    }

    fn on_analysed(
        &mut self,
        id: AnalysisId,
        analysis: crate::analysis::Analysis,
        fx: &mut Vec<Effect>,
    ) {
        let Some((_, ply)) = self.analysing.take_if(|(a, _)| *a == id) else {
            return; // stale: cancelled by a takeback, a new game or a load
        };
        let still_played = self
            .game
            .all_moves()
            .get(ply)
            .is_some_and(|m| Some(m.mv) == analysis.mv);
        if let (true, Some(mv), Some(root)) = (
            still_played,
            analysis.mv,
            self.game.position_at(ply).cloned(),
        ) {
            self.analyses.insert(
                ply,
                MoveAnalysis {
                    mv,
                    thinking: None,
                    root,
                    explanation: analysis.explanation,
                    saved: Vec::new(),
                    judged_by: Some(analysis.judged_by),
                },
            );
            if ply < self.game.ply() && self.outcome().is_none() {
                fx.push(Effect::Autosave(self.saved()));
            }
        }
        self.next_analysis(fx);
        self.archive_when_done(fx);
    }

    /// The number of moves waiting for or in a background analysis.
    #[must_use]
    pub fn analyses_pending(&self) -> usize {
        self.analysis_queue.len() + usize::from(self.analysing.is_some())
    }

    /// Archives the finished game once no analysis is pending (see
    /// [`App::archive_when_analysed`]).
    fn archive_when_done(&mut self, fx: &mut Vec<Effect>) {
        if self.archive_when_analysed && self.analyses_pending() == 0 {
            self.archive_when_analysed = false;
            fx.push(Effect::Archive(self.saved()));
        }
    }

    /// Cancels the background analyses (running and queued).
    fn cancel_analyses(&mut self, fx: &mut Vec<Effect>) {
        self.analysis_queue.clear();
        if let Some((id, _)) = self.analysing.take() {
            fx.push(Effect::CancelAnalysis(id));
        }
    }

    /// Drops what no longer belongs to the game (after a takeback or another move): entries
    /// whose move differs, and analyses of plies beyond the live position.
    fn forget_stale_analyses(&mut self, fx: &mut Vec<Effect>) {
        let moves = self.game.all_moves();
        self.analyses
            .retain(|&p, a| moves.get(p).is_some_and(|m| m.mv == a.mv));
        let live = self.game.ply();
        self.analysis_queue.retain(|&p| p < live);
        if let Some((id, _)) = self.analysing.take_if(|(_, p)| *p >= live) {
            fx.push(Effect::CancelAnalysis(id));
        }
    }

    /// After loading or resuming a game: the moves' saved explanations (PGN comments written by
    /// [`App::snapshot`]) are shown at once; the others are analysed in the background, the
    /// latest first.
    fn restore_explanations(&mut self) {
        for ply in 0..self.game.ply() {
            let (Some(played), Some(root)) =
                (self.game.all_moves().get(ply), self.game.position_at(ply))
            else {
                continue;
            };
            match played
                .comment
                .as_deref()
                .and_then(persist::read_explanation)
            {
                Some(saved) => {
                    self.analyses.insert(
                        ply,
                        MoveAnalysis {
                            mv: played.mv,
                            thinking: None,
                            root: root.clone(),
                            explanation: None,
                            saved,
                            judged_by: None,
                        },
                    );
                }
                None => self.analysis_queue.push_front(ply),
            }
        }
    }

    /// The colour the human played when the move at `ply` was played (or will play it).
    #[must_use]
    pub fn human_at(&self, ply: usize) -> Color {
        self.human_from
            .iter()
            .rev()
            .find(|(from, _)| *from <= ply)
            .map_or(self.human, |(_, colour)| *colour)
    }

    /// A score reported for the side to move in `root`, seen from the human's side.
    pub fn score_for_human(&self, score: Score, root: &P) -> Score {
        score.seen_by(root.turn(), self.human)
    }

    /// A score reported for the side to move in `root` as every text writes it: White's side
    /// with its sign and who is better in words, "you" for the human
    /// ([`crate::explain::score_text::evaluation`]).
    #[must_use]
    pub fn score_words(&self, score: Score, root: &P) -> String {
        crate::explain::score_text::evaluation_of(score, root.turn(), Some(self.human), P::VARIANT)
    }

    fn on_config(&mut self, config: Config) {
        let old = &self.config.engine;
        let engine_changed = *old != config.engine
            || self.config.eval != config.eval
            || self.config.pawn_battle != config.pawn_battle;
        let text = if engine_changed {
            format!(
                "config reloaded: level {} from the engine's next move",
                config.engine.level
            )
        } else {
            "config reloaded".to_owned()
        };
        self.keys = crate::keys::Keymaps::of(&config.keys);
        self.config = config;
        self.info(text);
    }

    // ----- clocks -----------------------------------------------------------------------

    /// Brings the clock to the game's live ply: a move played since presses it (the mover's
    /// time taken, the increment added), a takeback rewinds both clocks to that ply; then the
    /// side to move's clock runs unless the game is over or a dialog pauses it.
    fn sync_clock(&mut self) {
        let now = self.time.now();
        let live = self.game.ply();
        let turn = self.game.turn();
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if clock.ply() > live {
            clock.rewind(live, turn);
        }
        while clock.ply() < live {
            clock.press(now);
        }
        self.run_clock();
    }

    /// Runs the side to move's clock when play goes on on the board.
    fn run_clock(&mut self) {
        let now = self.time.now();
        let playing =
            self.outcome().is_none() && !matches!(self.mode, Mode::Help | Mode::NewGame(_));
        if let Some(clock) = self.clock.as_mut().filter(|_| playing) {
            clock.start(now);
        }
    }

    /// Stops the running clock (help, the new-game dialog, quit, game over).
    fn pause_clock(&mut self) {
        let now = self.time.now();
        if let Some(clock) = self.clock.as_mut() {
            clock.pause(now);
        }
    }

    /// Ends the game when the running side's time is out (a draw when the other side cannot
    /// mate).
    fn check_flag(&mut self, fx: &mut Vec<Effect>) {
        let now = self.time.now();
        let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged(now)) else {
            return;
        };
        if self.outcome().is_some() || loser != self.game.turn() {
            return;
        }
        self.cancel_search(fx);
        self.game.flag(loser);
        if let Some(outcome) = self.outcome() {
            self.info(format!("{} ran out of time: {outcome}", color_name(loser)));
        }
        self.after_change(fx, true);
    }

    /// The engine's clock for a search of its own move (its time left and the increment), so
    /// its time manager never lets it lose on time, whatever the level.
    fn engine_clock(&self, purpose: Purpose) -> Option<crate::engine::Clock> {
        let clock = self.clock.as_ref().filter(|_| purpose == Purpose::Move)?;
        let TimeControl::Timed { increment, .. } = clock.control else {
            return None;
        };
        Some(crate::engine::Clock {
            remaining: clock.remaining(self.game.turn(), self.time.now()),
            increment,
            moves_to_go: None,
        })
    }

    /// Reads the clocks from `source` from now on (tests pass a fake one); a running clock
    /// restarts at the new source's reading.
    pub fn set_time_source(&mut self, source: TimeSource) {
        self.time = source;
        let now = self.time.now();
        if let Some(clock) = self.clock.as_mut() {
            clock.rebase(now);
        }
    }

    // ----- life cycle -------------------------------------------------------------------

    fn pick_color(&mut self, choice: HumanColor) -> Color {
        match choice {
            HumanColor::White => Color::White,
            HumanColor::Black => Color::Black,
            HumanColor::Random => {
                // splitmix64: enough for a coin toss.
                self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = self.rng;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^= z >> 31;
                if z & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            }
        }
    }

    fn set_game(&mut self, game: Game<P>, human: Color) {
        self.game = game;
        self.human = human;
        self.human_from = vec![(0, human)];
        self.orientation = human;
        self.cursor = if human == Color::White {
            Square::E2
        } else {
            Square::E7
        };
        self.input.clear();
        self.view_ply = None;
        self.hint = None;
        self.analyses.clear();
        self.analysis_queue.clear();
        self.mode = Mode::Board;
        self.clock = None;
    }

    /// After the game changed: save, detect the end, let the engine move.
    fn after_change(&mut self, fx: &mut Vec<Effect>, save: bool) {
        let live = self.game.ply();
        self.human_from
            .retain(|(from, _)| *from == 0 || *from <= live);
        if self.human_from.last().map(|(_, c)| *c) != Some(self.human) {
            self.human_from.push((live, self.human));
        }
        self.input.clear();
        self.hint = None;
        self.forget_stale_analyses(fx);
        self.next_analysis(fx);
        self.sync_clock();
        if self.outcome().is_some() {
            self.pause_clock();
            self.mode = Mode::GameOver { choice: None };
            if save {
                // The verdicts of moves still queued belong in the archive: it waits for them.
                self.archive_when_analysed = true;
                self.archive_when_done(fx);
            }
            return;
        }
        self.archive_when_analysed = false;
        if save {
            fx.push(Effect::Autosave(self.saved()));
        }
        if self.game.turn() != self.human && self.search.is_none() && self.engine_error.is_none() {
            self.start_search(Purpose::Move, fx);
        }
    }
}

impl App {
    /// A new chess App for `game` (a fresh one, a resumed autosave, a `--fen` or `--pgn`
    /// start): [`App::starting`] for chess. `seed` drives the random colour choice. Returns
    /// the effects to run first (the engine starts if it is its turn).
    pub fn new(config: Config, snapshot: Option<Snapshot>, seed: u64) -> (App, Vec<Effect>) {
        App::starting(config, snapshot, seed)
    }
}

/// "game" for chess, "Pawn Battle game" for the others: how messages name the game played
/// (chess's messages read as they always did).
fn named_game<P: Playable>() -> String {
    match P::VARIANT {
        Variant::Chess => "game".to_owned(),
        Variant::PawnBattle => format!("{} game", P::NAME),
    }
}

/// "White" or "Black".
pub fn color_name(color: Color) -> String {
    crate::i18n::t(match color {
        Color::White => "side-white",
        Color::Black => "side-black",
    })
}

#[cfg(test)]
mod pawn_battle_tests;
#[cfg(test)]
pub(crate) mod tests;

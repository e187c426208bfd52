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
use crate::i18n::{t, tr};
use crate::ui::layout::Layout;
use crate::variant::{Variant, VariantPosition};

mod actions;
mod analyses;
mod clocks;
pub mod command;
mod engine_link;
pub mod feedback;
pub mod input;
mod lifecycle;
pub mod move_input;
pub mod persist;
pub mod playable;
mod reload;
pub mod screen;
pub mod search;

pub use crate::screen::{EditFrom, Effect, Event, Handover, Message, MessageKind, NewGame, SetUp};
use command::Command;
pub use input::{ConfirmAction, GameOverAction, NewGameAction, PlayAction, TextAction};
pub use move_input::{MoveInput, PROMOTION_ROLES, Promotion, Step, target};
pub use persist::{Saved, Snapshot};
pub use playable::Playable;
pub use search::{
    AnalysisId, AnalysisJob, AnalysisRequest, Deepening, MoveAnalysis, Purpose, Score, SearchId,
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
            Confirm::Overwrite(path) => tr(
                "play-confirm-overwrite",
                &[("path", path.display().to_string().into())],
            ),
            Confirm::QuitUnsaved(why) => {
                tr("play-confirm-quit-unsaved", &[("why", why.as_str().into())])
            }
            // The take-back key of the default keymap (the dialog has no keymap at hand).
            Confirm::Resign => tr("play-confirm-resign", &[("key", "u".into())]),
        }
    }

    /// The keys it takes, as the dialog and the key-hint line show them.
    pub fn keys(&self, keys: &crate::keys::Keymaps) -> String {
        let yes = keys.keys_of(ConfirmAction::Yes);
        let no = keys.keys_of(ConfirmAction::No);
        match self {
            Confirm::Overwrite(_) => tr(
                "play-confirm-overwrite-keys",
                &[("yes", yes.into()), ("no", no.into())],
            ),
            Confirm::QuitUnsaved(_) => tr(
                "play-confirm-quit-unsaved-keys",
                &[
                    ("save", keys.keys_of(ConfirmAction::Save).into()),
                    ("command", command::name("save").into()),
                    ("path", t("play-path").into()),
                    ("yes", yes.into()),
                    ("no", no.into()),
                ],
            ),
            Confirm::Resign => tr(
                "play-confirm-resign-keys",
                &[("yes", yes.into()), ("no", no.into())],
            ),
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

/// The whole UI state of the play screen, for a game of chess (`App`, the default) or of any
/// other [`Playable`] game (`App<P>`, Pawn Battle's): one model and one update for every game.
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
    /// The deeper judgement of the last moves in flight while the human thinks
    /// ([`App::deepen`]); stopped when anything else needs the engine.
    pub deepening: Option<Deepening>,
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
    /// Another screen is over play (the analysis board, the editor): the clock is paused.
    pub covered: bool,
    /// Rows the text shown over play (`Mode::Text`) is scrolled down.
    pub text_scroll: u16,
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
            deepening: None,
            archive_when_analysed: false,
            engine_opponent: true,
            hint: None,
            engine_error: None,
            autosave_error: None,
            clock: None,
            time: TimeSource::default(),
            covered: false,
            text_scroll: 0,
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
                    let san = crate::i18n::san(&san.unwrap_or_default()).into_owned();
                    app.info(tr(
                        "play-resumed",
                        &[
                            ("name", named_game::<P>().into()),
                            ("move", format!("{number}{dots} {san}").into()),
                        ],
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
        app.info(tr(
            "play-switched",
            &[
                ("name", named_game::<P>().into()),
                ("side", color_name(app.human).into()),
                ("level", app.config.engine.level.into()),
            ],
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
                self.deepen(&mut fx);
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
                    self.error(tr(
                        "play-engine-crashed",
                        &[
                            ("why", why.into()),
                            ("key", self.keys.key_of(PlayAction::MoveNow).into()),
                        ],
                    ));
                }
            }
            Event::EngineFailed(why) => {
                self.search = None;
                self.error(tr(
                    "play-engine-unavailable",
                    &[("why", why.as_str().into())],
                ));
                self.engine_error = Some(why);
            }
            Event::ConfigReloaded(Ok(config)) => self.on_config(*config),
            Event::ConfigReloaded(Err(e)) => {
                self.error(tr(
                    "play-config-not-reloaded",
                    &[("why", e.to_string().into())],
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
                    .map(|c| {
                        tr(
                            "play-clock-resumed",
                            &[("control", c.control.to_string().into())],
                        )
                    })
                    .unwrap_or_default();
                self.clock = clock;
                // Which game and which side: both may have changed with the file.
                let kind = match P::VARIANT {
                    Variant::Chess => String::new(),
                    _ => format!(" ({})", named_game::<P>()),
                };
                self.info(tr(
                    "play-loaded",
                    &[
                        ("note", note.into()),
                        ("path", path.display().to_string().into()),
                        ("kind", kind.into()),
                        ("side", color_name(self.human).into()),
                        ("timed", timed.into()),
                    ],
                ));
                self.after_change(&mut fx, true);
            }
            Event::Loaded(_, Err(e)) | Event::Saved(Err(e)) => self.error(e),
            Event::SaveWouldOverwrite(path) => {
                self.mode = Mode::Confirm(Confirm::Overwrite(path));
            }
            Event::Autosaved(Ok(())) => self.autosave_error = None,
            Event::Autosaved(Err(why)) => {
                self.error(tr(
                    "play-autosave-failed",
                    &[
                        ("why", why.as_str().into()),
                        ("command", command::name("save").into()),
                        ("path", t("play-path").into()),
                    ],
                ));
                if self.quit {
                    // The last save before quitting failed: ask instead of losing the game.
                    self.quit = false;
                    self.mode = Mode::Confirm(Confirm::QuitUnsaved(why.clone()));
                }
                self.autosave_error = Some(why);
            }
            Event::Warning(text) => self.error(text),
            Event::Saved(Ok(path)) => self.info(tr(
                "play-saved",
                &[("path", path.display().to_string().into())],
            )),
            Event::Analysed(id, analysis) => self.on_analysed(id, *analysis, &mut fx),
            Event::AnalysisFailed(id, why) => {
                if let Some(d) = self.deepening.take_if(|d| d.id == id) {
                    self.on_deepening_failed(d, &why);
                } else if self.analysing.take_if(|(a, _)| *a == id).is_some() {
                    self.analysis_queue.clear();
                    self.error(tr("play-cannot-analyse", &[("why", why.into())]));
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
                        self.error(tr(
                            "play-cannot-play-setup",
                            &[
                                ("fen", setup.fen.as_str().into()),
                                ("why", e.to_string().into()),
                            ],
                        ));
                        return fx;
                    }
                };
                let (human, level) = (setup.human, setup.level);
                self.config.engine.level = level;
                let note = self.set_up(game, human, &mut fx);
                self.info(tr(
                    "play-setup-played",
                    &[
                        ("note", note.into()),
                        ("side", color_name(human).into()),
                        ("level", level.into()),
                    ],
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
    tr("play-game-name", &[("game", P::VARIANT.id().into())])
}

/// "White" or "Black".
pub fn color_name(color: Color) -> String {
    crate::i18n::t(match color {
        Color::White => "side-white",
        Color::Black => "side-black",
    })
}

#[cfg(test)]
#[path = "variant/pawn_battle/play_tests.rs"]
mod pawn_battle_tests;
#[cfg(test)]
pub(crate) mod tests;

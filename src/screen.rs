//! What every screen of the terminal interface shares, below all of them: the [`Screen`] trait
//! (an event in, effects out; a render; what it waits for), the one [`Event`] type the shell
//! feeds the screens, the one [`Effect`] type they answer with, and the messages that travel
//! between screens through the shell (a set-up to play, a game handed to the other game's play
//! screen, the review screens' reports and work).
//!
//! The shell ([`crate::shell`]) holds a stack of `Box<dyn Screen>`: play (`App<P>`, either
//! game), a review (`review::screen::Screen<P>`), the game picker, the board editor and the
//! analysis board (`AnalysisBoard<P>`). It never names a screen's game: a screen says what it is
//! with [`Screen::kind`], takes the events it waits for ([`Screen::waits_for`]) and opens another
//! screen by returning [`Effect::Open`] with it.

use std::any::Any;
use std::path::PathBuf;
use std::sync::Arc;

use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};
use ratatui::layout::Rect;
use shakmaty::{Color, Move, Setup};

use crate::app::persist::{self, Saved};
use crate::app::playable::Playable;
use crate::app::search::{
    AnalysisId, AnalysisJob, AnalysisRequest, SearchId, SearchRequest, Thinking,
};
use crate::clock::TimeControl;
use crate::config::{Config, ConfigError, HumanColor, UiConfig};
use crate::keys::Keymaps;
use crate::review::learn::{TryRequest, TryVerdict};
use crate::review::picker::ScanEvent;
use crate::review::{ReviewEvent, ReviewGame, Settings};
use crate::ui::theme::Theme;
use crate::variant::Variant;

/// Something that happened.
#[derive(Debug, Clone)]
pub enum Event {
    /// A key press (releases and repeats are ignored).
    Key(KeyEvent),
    /// A mouse event.
    Mouse(MouseEvent),
    /// The terminal was resized to (width, height).
    Resize(u16, u16),
    /// A timer tick (animates the spinner).
    Tick,
    /// The engine reports progress of a search.
    EngineProgress(SearchId, Thinking),
    /// The engine finished a search: its best move (`None` when the position has no move).
    EngineDone(SearchId, Option<Move>, Thinking),
    /// The engine could not be used.
    EngineFailed(String),
    /// A search failed on an internal error (a panic, caught); the engine restarted and takes
    /// new requests.
    EngineCrashed(SearchId, String),
    /// The watched config file changed: the new settings, or why they were rejected.
    ConfigReloaded(Result<Box<Config>, ConfigError>),
    /// A `:load` finished: the game read (chess or Pawn Battle, as its `Variant` tag says),
    /// with its clocks when the PGN has a `TimeControl`; a game of the other variant puts this
    /// one away and asks the shell for a play screen of that game ([`Effect::PlayOther`]).
    Loaded(PathBuf, Result<Box<Saved>, String>),
    /// A `:save` finished: the path written, or why not.
    Saved(Result<PathBuf, String>),
    /// A `:save` found the file already there and wrote nothing (the user is asked).
    SaveWouldOverwrite(PathBuf),
    /// An autosave finished: `Ok`, or why it failed.
    Autosaved(Result<(), String>),
    /// Something the user must know that happened outside the App (a damaged autosave kept
    /// aside, an unfinished game moved to `games/`); shown as an error-coloured message.
    Warning(String),
    /// A background analysis of the move at a ply finished.
    Analysed(AnalysisId, Box<crate::analysis::Analysis>),
    /// A background analysis could not be started (why).
    AnalysisFailed(AnalysisId, String),
    /// A report for a review screen (routed by the shell to the screen that asked).
    ReviewReport(ReviewReport),
    /// Play this set-up position (the board editor's "play from here", handed over by the
    /// shell); a set-up of the other game puts this one away and asks the shell for a play
    /// screen of that game ([`Effect::PlayOther`]).
    PlayFrom(Box<SetUp>),
    /// The analysis board's engine reported the best lines at one more depth (or failed).
    Lines(
        AnalysisId,
        Result<Box<crate::analysis_board::lines::Lines>, String>,
    ),
    /// The analysis board's save ended.
    PgnWritten(Written),
    /// The runner's answer about feedback on an explanation (no database, or kept).
    Feedback(crate::feedback::Reply),
}

/// Something the runner must do.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Start a search.
    StartSearch(SearchRequest),
    /// Stop a search (the engine answers with `EngineDone` for it).
    StopSearch(SearchId),
    /// Tell the engine a new game starts (forget cached results).
    NewEngineGame,
    /// Analyse a move in the background (answered by [`Event::Analysed`]).
    Analyse(AnalysisJob),
    /// Cancel a background analysis (its result never arrives).
    CancelAnalysis(AnalysisId),
    /// Write the autosave.
    Autosave(Saved),
    /// The game is over: archive it in the data directory and remove the autosave.
    Archive(Saved),
    /// Save the game to this path (`None`: a new file in the data directory); an existing file
    /// is left alone and reported with [`Event::SaveWouldOverwrite`].
    Save(Option<PathBuf>, Saved),
    /// Save the game to this path, replacing the file there (the user said yes).
    Overwrite(PathBuf, Saved),
    /// Load a game from a file (which one of a file of several).
    Load(PathBuf, persist::GamePick),
    /// Put text on the terminal's clipboard (OSC 52).
    Copy(String),
    /// Open the review screen for this game, chess or Pawn Battle (the game-over dialog's
    /// "Review"); play resumes when the user leaves it.
    Review(Saved),
    /// Leave the program.
    Quit,
    /// Work for a review screen (its analysis, a try to judge, a file to read).
    ReviewWork(ReviewWork),
    /// Close the screen on top (the shell returns to the one below, or ends the program).
    CloseScreen,
    /// Open the board editor screen on this set-up (`e`, `:edit`, the new-game dialog's `e`,
    /// `--edit`); play resumes unchanged when the user leaves it.
    OpenEditor(Box<EditFrom>),
    /// The new-game dialog chose the other game: the shell replaces the play screen by a new
    /// one of that game (the old game was already archived, its search and analyses cancelled).
    NewGameOf(NewGame),
    /// A game of the other variant to play (the board editor's "play from here", a `:load`):
    /// the shell replaces the play screen by one of that game and hands it the game (this one
    /// was already put away).
    PlayOther(Box<Handover>),
    /// Push this screen on the stack (the analysis board from play or a review, made by
    /// [`crate::analysis_board::AnalysisBoard::open`]; a Pawn Battle board from the editor);
    /// the screen below resumes unchanged when the user leaves it.
    Open(Opened),
    /// Close the board editor and play this set-up ("play from here"): the shell hands it to
    /// the play screen as [`Event::PlayFrom`].
    PlayFrom(Box<SetUp>),
    /// Start the analysis board's engine on a position of either game (answered by
    /// [`Event::Lines`] at each depth until cancelled with [`Effect::CancelAnalysis`]).
    AnalyseLines(AnalysisJob),
    /// Write a PGN text to `path`; an existing file is replaced only when `replace` (answered
    /// by [`Event::PgnWritten`]).
    WritePgn {
        /// The file.
        path: PathBuf,
        /// The PGN.
        text: String,
        /// Replace an existing file (the user said yes).
        replace: bool,
    },
    /// Feedback on an explanation: check there is a database, or keep it there (answered by
    /// [`Event::Feedback`]).
    Feedback(crate::feedback::Work),
}

/// A new game as the new-game dialog describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewGame {
    /// Chess or Pawn Battle.
    pub variant: Variant,
    /// The colour the human will play.
    pub color: HumanColor,
    /// The engine level.
    pub level: u8,
    /// The clocks.
    pub time: TimeControl,
}

/// A position set up in the board editor to play from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetUp {
    /// Its game.
    pub variant: Variant,
    /// The position (a legal one of that game: the editor checked it).
    pub fen: String,
    /// The colour the human plays.
    pub human: Color,
    /// The engine level.
    pub level: u8,
}

/// A game of the other variant that a play screen hands over to a play screen of that game
/// ([`Effect::PlayOther`]): the shell makes the screen and gives it [`Handover::event`].
#[derive(Debug, Clone, PartialEq)]
pub enum Handover {
    /// The board editor's "play from here" ([`Event::PlayFrom`]).
    SetUp(SetUp),
    /// A `:load` ([`Event::Loaded`]): the new screen starts with the colour and the level in
    /// force, then takes the game with the side the file gives the human.
    Loaded {
        /// The file read.
        path: PathBuf,
        /// The game read from it.
        game: Box<Saved>,
        /// The colour the human plays until the game is handed over.
        human: Color,
        /// The engine level.
        level: u8,
    },
}

impl Handover {
    /// The game it hands over.
    #[must_use]
    pub fn variant(&self) -> Variant {
        match self {
            Handover::SetUp(setup) => setup.variant,
            Handover::Loaded { game, .. } => game.variant(),
        }
    }

    /// The colour the human plays.
    #[must_use]
    pub fn human(&self) -> Color {
        match self {
            Handover::SetUp(setup) => setup.human,
            Handover::Loaded { human, .. } => *human,
        }
    }

    /// The engine level.
    #[must_use]
    pub fn level(&self) -> u8 {
        match self {
            Handover::SetUp(setup) => setup.level,
            Handover::Loaded { level, .. } => *level,
        }
    }

    /// The event that gives the game to the new play screen.
    #[must_use]
    pub fn event(self) -> Event {
        match self {
            Handover::SetUp(setup) => Event::PlayFrom(Box::new(setup)),
            Handover::Loaded { path, game, .. } => Event::Loaded(path, Ok(game)),
        }
    }
}

/// What play mode opens the board editor on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditFrom {
    /// The game the set-up belongs to.
    pub variant: Variant,
    /// The position to edit (the one shown, or the start position).
    pub setup: Setup,
    /// The board's orientation.
    pub orientation: Color,
    /// The engine level "play from here" offers first.
    pub level: u8,
    /// The colour "play from here" offers first.
    pub human: Color,
}

/// A report for the review screens: an analysis, a verdict on a try, the scan of a file, a game
/// read from it.
#[derive(Debug, Clone)]
pub enum ReviewReport {
    /// The analysis of the review with this id reported.
    Analysis(u64, ReviewEvent),
    /// A verdict on try `attempt` of the review `review`.
    Verdict {
        /// The review's id.
        review: u64,
        /// The try's number in that review.
        attempt: u64,
        /// The verdict.
        verdict: Box<TryVerdict>,
    },
    /// The scan of the picker's file.
    Scan(ScanEvent),
    /// Game `number` of the picker's file: the game (and a note when it was cut at an illegal
    /// move), or why it cannot be reviewed.
    GameRead(usize, Result<(ReviewGame, Option<String>), String>),
}

/// Work for the review screens, done off the interface thread by the runner.
#[derive(Debug, Clone)]
pub enum ReviewWork {
    /// Start analysing `game` for the review `id` (reports: [`ReviewReport::Analysis`]).
    Start {
        /// The review's id.
        id: u64,
        /// The game.
        game: ReviewGame,
        /// How to analyse.
        settings: Box<Settings>,
    },
    /// Stop the review `id` and any try it is judging.
    Cancel(u64),
    /// Judge a try (reports: [`ReviewReport::Verdict`]); replaces the review's earlier try.
    Judge {
        /// The review's id.
        review: u64,
        /// The try's number in that review.
        attempt: u64,
        /// The analysis of the try.
        request: TryRequest,
        /// Transposition table size, MB.
        hash_mb: u32,
    },
    /// Read the games of a file for the picker (reports: [`ReviewReport::Scan`]).
    Scan(PathBuf),
    /// Read game `number` of a file (reports: [`ReviewReport::GameRead`]).
    Read(PathBuf, usize),
}

/// Two pieces of work are the same when they are the same kind for the same review (or file):
/// what tests compare; the payloads (games, searches) have no meaningful equality.
impl PartialEq for ReviewWork {
    fn eq(&self, other: &ReviewWork) -> bool {
        use ReviewWork::{Cancel, Judge, Read, Scan, Start};
        match (self, other) {
            (Start { id: a, .. }, Start { id: b, .. }) | (Cancel(a), Cancel(b)) => a == b,
            (
                Judge {
                    review: a,
                    attempt: x,
                    ..
                },
                Judge {
                    review: b,
                    attempt: y,
                    ..
                },
            ) => a == b && x == y,
            (Scan(a), Scan(b)) => a == b,
            (Read(a, x), Read(b, y)) => a == b && x == y,
            _ => false,
        }
    }
}

/// How a status message is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// Information.
    Info,
    /// Something went wrong (drawn in the error colour).
    Error,
}

/// A status-line message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Info or error.
    pub kind: MessageKind,
}

impl Message {
    /// An information message.
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: MessageKind::Info,
        }
    }

    /// An error message.
    pub fn error(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            kind: MessageKind::Error,
        }
    }
}

/// How a save ended (the runner's answer to [`Effect::WritePgn`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// The file was written.
    Done(PathBuf),
    /// The file exists and replacing it was not asked for: nothing was written.
    Exists(PathBuf),
    /// Writing failed (why, with the file named).
    Failed(String),
}

/// What a screen is: for the shell's stack and for tests ([`crate::shell::Shell::kinds`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Play against the engine, in this game.
    Play(Variant),
    /// The review of a game of this variant.
    Review(Variant),
    /// The games of a file.
    Picker,
    /// The board editor.
    Editor,
    /// The analysis board of a game of this variant.
    AnalysisBoard(Variant),
}

/// How a screen without a look of its own is drawn: play's theme and interface settings when
/// play runs (they follow the configuration as it is reloaded), else the review's.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    /// Colours.
    pub theme: &'a Theme,
    /// Piece glyphs, the evaluation bar, the marks.
    pub ui: &'a UiConfig,
    /// The keymaps (help overlays and key lines are drawn from them).
    pub keys: &'a Keymaps,
}

/// What a screen gets with each event besides the event itself.
#[derive(Debug)]
pub struct Context<'a> {
    /// The whole terminal (for clicks and page sizes).
    pub area: Rect,
    /// Where its analyses and review ids come from.
    pub analyses: &'a mut Analyses,
    /// The keymaps: play's (its config's `[keys]`, reloaded with it) when play runs, else the
    /// ones the review was started with.
    pub keys: &'a Arc<Keymaps>,
}

/// The first id [`Analyses`] gives out: play's own analyses count from 1 with one id per
/// analysis, so they never reach this range and a report's id names one screen.
const FIRST_ID: u64 = 1 << 40;

/// The analyses the screens over play ask for (the editor's "analyse from here", an analysis
/// board's engine) and the ids of reviews: play's engine settings when play runs, the
/// review's settings otherwise, and ids of their own.
#[derive(Debug, Clone)]
pub struct Analyses {
    play: Option<Config>,
    review: Settings,
    last: u64,
}

impl Analyses {
    /// No play screen yet; reviews analyse with `review`.
    #[must_use]
    pub fn new(review: Settings) -> Analyses {
        Analyses {
            play: None,
            review,
            last: FIRST_ID,
        }
    }

    /// Play's settings in force (`None`: no play screen).
    pub fn follow_play(&mut self, config: Option<&Config>) {
        if self.play.as_ref() != config {
            self.play = config.cloned();
        }
    }

    /// How reviews analyse.
    #[must_use]
    pub fn review(&self) -> &Settings {
        &self.review
    }

    /// Reviews analyse with these settings from now on.
    pub fn set_review(&mut self, settings: Settings) {
        self.review = settings;
    }

    /// A fresh id, never given out before (a review's, an analysis's).
    pub fn next_id(&mut self) -> u64 {
        self.last += 1;
        self.last
    }

    /// A background analysis of `position` (the best move and its explanation): play's
    /// configured limits, evaluation and explanation level when play runs, else the review's
    /// settings; a fresh id.
    pub fn request<P: Playable>(&mut self, position: P) -> AnalysisRequest<P> {
        let id = AnalysisId(self.next_id());
        match &self.play {
            Some(config) => {
                let mut request = crate::app::playable::base_request(config, position.clone());
                request.human = Some(crate::variant::VariantPosition::turn(&position));
                AnalysisRequest {
                    id,
                    ply: 0,
                    request,
                    hash_mb: config.engine.hash_mb,
                }
            }
            None => {
                let settings = &self.review;
                let mut request = crate::analysis::Request::new(
                    position,
                    settings.limits.clone(),
                    P::eval(settings),
                );
                request.level = settings.level;
                request.language = settings.language;
                AnalysisRequest {
                    id,
                    ply: 0,
                    request,
                    hash_mb: settings.hash_mb,
                }
            }
        }
    }
}

/// What the shell asks of the play screen whatever its game (`App<P>`): its settings, whether
/// it quits, its size, the next game's seed and clock source, the editor on the position shown.
pub trait PlayScreen {
    /// Applies an event handed to play by the shell.
    fn update(&mut self, event: Event) -> Vec<Effect>;
    /// The settings in force.
    fn config(&self) -> &Config;
    /// The keymaps of those settings.
    fn keys(&self) -> &Arc<Keymaps>;
    /// Whether the player quit.
    fn quits(&self) -> bool;
    /// The terminal size it knows.
    fn size(&self) -> (u16, u16);
    /// A seed for the next game's random colour, and where its clocks read the time.
    fn next_game(&self) -> (u64, crate::clock::TimeSource);
    /// Asks for the board editor on the position shown.
    fn ask_editor(&mut self) -> Vec<Effect>;
}

/// One screen of the shell's stack. Only [`Screen::update`] changes it; [`Screen::render`]
/// draws it without I/O.
pub trait Screen: std::fmt::Debug + Any {
    /// What it is.
    fn kind(&self) -> Kind;

    /// Applies one event: keys and the mouse when it is on top, resizes, and the reports it
    /// waits for. Returns the effects to execute, in order.
    fn update(&mut self, event: Event, cx: &mut Context) -> Vec<Effect>;

    /// Draws it over the whole frame.
    fn render(&self, frame: &mut Frame, view: &View);

    /// Whether this event (not a key, a click or a resize) is for this screen: its analysis, its
    /// review's report, the answer to its save, a tick. The shell gives each such event to the
    /// topmost screen that waits for it.
    fn waits_for(&self, event: &Event) -> bool;

    /// It was pushed on the stack: the work it starts at once (an analysis board's engine).
    fn opened(&mut self, _cx: &mut Context) -> Vec<Effect> {
        Vec::new()
    }

    /// Another screen was pushed over it (`true`), or it is on top again (`false`): a timed
    /// game's clock pauses under the analysis board or the editor and resumes after.
    fn covered(&mut self, _covered: bool) -> Vec<Effect> {
        Vec::new()
    }

    /// It is closed: the effects that stop its work in flight.
    fn closed(&self) -> Vec<Effect> {
        Vec::new()
    }

    /// Whether Ctrl-C quits the program from it through play (the editor, the analysis board)
    /// rather than being its own key.
    fn passes_interrupt(&self) -> bool {
        false
    }

    /// The play screen, when it is one.
    fn play(&self) -> Option<&dyn PlayScreen> {
        None
    }

    /// [`Screen::play`], to change it.
    fn play_mut(&mut self) -> Option<&mut dyn PlayScreen> {
        None
    }

    /// A copy of it (screens are values: an effect carrying one is cloned in tests).
    fn boxed(&self) -> Box<dyn Screen>;
}

/// A screen to push, as [`Effect::Open`] carries it. Two are equal when they are the same kind
/// of screen (what tests compare).
#[derive(Debug)]
pub struct Opened(pub Box<dyn Screen>);

impl Opened {
    /// `screen`, boxed.
    #[must_use]
    pub fn new(screen: impl Screen) -> Opened {
        Opened(Box::new(screen))
    }
}

impl Clone for Opened {
    fn clone(&self) -> Opened {
        Opened(self.0.boxed())
    }
}

impl PartialEq for Opened {
    fn eq(&self, other: &Opened) -> bool {
        self.0.kind() == other.0.kind()
    }
}

//! The review screen: board, move list with classification marks, explanation panel,
//! evaluation graph and progress bar, over a review that streams in from a background thread,
//! with "learn from your mistakes" (try a better move at a mistake of the chosen side).
//!
//! [`Screen`] is the model: [`Screen::update`] takes an [`Event`] (key presses, clicks, the
//! review's reports and verdicts on tries, routed here by the shell by this screen's id) and
//! returns [`Effect`]s (a try to judge, closing the screen); it is the only place state changes.
//! [`Screen::render`] draws it without I/O. The screen is one of the shell's
//! ([`crate::shell`]), a [`crate::screen::Screen`] (`review/stack.rs`).
//!
//! One screen serves every game: [`Screen<P>`] is generic over the game ([`OnScreen`]: chess
//! or Pawn Battle), as play's `App<P>` is. The board, move list, graph, verdicts, explanations
//! and learn-from-your-mistakes are every game's; [`OnScreen`] says how a game's work travels
//! to the runner and which services it lacks (Pawn Battle: no external analyst, and the
//! analysis board only when [`OnScreen::analysis_board`] opens one), which the screen then says
//! when their key is pressed.

use ratatui::Frame;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use ratatui::style::Style;
use shakmaty::{Chess, Color, Move};
use std::sync::Arc;

use super::browse::{Browser, Nav};
use super::graph::EvalGraph;
use super::learn;
use super::learn::TryRequest;
use super::{ReviewEvent, ReviewGame, ReviewState, Reviewed, Settings};
use crate::analysis::Request;
use crate::app::{Message, MoveInput, Step};
use crate::config::PieceStyle;
use crate::explain::quality::Quality;
use crate::feedback::Verdict;
use crate::i18n::{t, tr};
use crate::keys::Keymaps;
use crate::pgn::PgnGame;
use crate::screen::{Effect, Event};
use crate::screen::{ReviewReport, ReviewWork};
use crate::ui::Theme;
use crate::ui::move_list::MoveListView;

pub use crate::ui::review::Areas;

/// "Learn from your mistakes" at one mistake (ply `ply`, the board before it).
#[derive(Debug, Clone, PartialEq)]
pub enum Learn {
    /// Typing a try (or entering it on the board).
    Prompt {
        /// The mistake's ply.
        ply: usize,
        /// Text typed so far.
        text: String,
        /// The move entered on the board so far (picked piece, promotion picker).
        input: MoveInput,
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

/// The empty prompt at the mistake `ply`, with `error` from the last try.
fn prompt(ply: usize, error: Option<String>) -> Learn {
    Learn::Prompt {
        ply,
        text: String::new(),
        input: MoveInput::default(),
        error,
    }
}

impl Learn {
    pub(crate) fn ply(&self) -> usize {
        match self {
            Learn::Prompt { ply, .. } | Learn::Judging { ply, .. } | Learn::Verdict { ply, .. } => {
                *ply
            }
        }
    }
}

crate::keys::actions! {
    /// What a key asks of the review screen (`[[review]]` in `assets/keys/default.toml`).
    pub enum ReviewAction in "review" {
        /// One ply back.
        Back = "back",
        /// One ply forward.
        Forward = "forward",
        /// The next mistake of the chosen side.
        NextMistake = "next_mistake",
        /// The previous mistake of the chosen side.
        PreviousMistake = "previous_mistake",
        /// Visit White's mistakes (again: both sides').
        White = "white",
        /// Visit Black's mistakes (again: both sides').
        Black = "black",
        /// The analysis board on the position shown.
        AnalysisBoard = "analysis_board",
        /// The start of the game.
        Start = "start",
        /// The end of the game.
        End = "end",
        /// Pick the move a row up in the list.
        ListUp = "list_up",
        /// Pick the move a row down in the list.
        ListDown = "list_down",
        /// Jump to the move picked in the list.
        ListJump = "list_jump",
        /// Scroll the explanation panel down.
        ScrollDown = "scroll_down",
        /// Scroll the explanation panel up.
        ScrollUp = "scroll_up",
        /// Type a move number to go to.
        Goto = "goto",
        /// Try a better move at a mistake.
        Try = "try",
        /// Flip the board.
        Flip = "flip",
        /// Write the review as a web page.
        Share = "share",
        /// Feedback on the explanation shown.
        Feedback = "feedback",
        /// Review again with the other analyst.
        SwitchAnalyst = "switch_analyst",
        /// The help overlay.
        Help = "help",
        /// Leave the review.
        Quit = "quit",
    }
}

crate::keys::actions! {
    /// What a key asks of the review screen once a try was judged (`[[review_try]]`).
    pub enum TryAction in "review_try" {
        /// Try again.
        Again = "again",
        /// Reveal the best move.
        Reveal = "reveal",
        /// The next mistake, and try it.
        Next = "next",
        /// Back to the review.
        Leave = "leave",
    }
}

/// How the screen names an analyst before its engine has answered: `kibitzer` for the
/// built-in engine, else the command line.
pub(crate) fn analyst_label(spec: &crate::analysis::AnalystSpec) -> String {
    if spec.is_builtin() {
        crate::analysis::BUILTIN_NAME.to_owned()
    } else {
        spec.command.clone()
    }
}

/// What the review screen needs from a game beyond its review ([`Reviewed`]): how its work
/// and its screen travel through the shell, and the analysis board where the game has one.
pub trait OnScreen: Reviewed + crate::app::Playable {
    /// The game as the shell's review work carries it.
    fn review_game(game: PgnGame<Self>) -> ReviewGame;

    /// A try to judge as the shell's review work carries it.
    fn try_request(request: Request<Self>) -> TryRequest;
}

impl OnScreen for Chess {
    fn review_game(game: PgnGame) -> ReviewGame {
        ReviewGame::Chess(Box::new(game))
    }

    fn try_request(request: Request) -> TryRequest {
        TryRequest::Chess(Box::new(request))
    }
}

/// The review screen's model, for a game of `P` (chess by default).
#[derive(Debug, Clone)]
pub struct Screen<P: OnScreen = Chess> {
    pub(crate) game: PgnGame<P>,
    pub(crate) state: ReviewState,
    pub(crate) browser: Browser,
    pub(crate) goto: Option<String>,
    pub(crate) message: Option<Message>,
    pub(crate) pieces: PieceStyle,
    pub(crate) theme: Theme,
    /// A move picked in the list with ↑/↓ (Enter jumps there).
    pub(crate) list: Option<usize>,
    pub(crate) learn: Option<Learn>,
    /// A try submitted during the current update, turned into [`ReviewWork::Judge`] before
    /// [`Screen::update`] returns.
    pub(crate) submitted: Option<(usize, Move)>,
    pub(crate) help: bool,
    /// `a` was pressed: the analysis board opens on the position shown.
    pub(crate) analyse: bool,
    /// This review's id (reports carry it).
    pub(crate) id: u64,
    /// How tries are judged.
    pub(crate) settings: Settings,
    /// Number of the latest try sent for judging (verdicts on older ones are dropped).
    pub(crate) attempts: u64,
    /// The analyst's notices of this review (an external engine failed: the built-in one took
    /// over), shown in the panel.
    pub(crate) notices: Vec<String>,
    /// The analyst was switched during the current update: the review starts again
    /// ([`ReviewWork::Cancel`] and [`ReviewWork::Start`], which the shell gives a new id).
    pub(crate) restart: bool,
    /// The keymaps (the shell's, refreshed at every event).
    pub(crate) keys: Arc<Keymaps>,
    /// Rows the explanation panel is scrolled down (back to the top when another move is
    /// shown).
    pub(crate) scroll: u16,
    /// The screen's area at the latest event (how far the panel can scroll).
    pub(crate) area: Rect,
    /// The feedback prompt's text, while it is open.
    pub(crate) feedback: Option<String>,
    /// Feedback work asked during the current update ([`Effect::Feedback`]).
    feedback_work: Option<crate::feedback::Work>,
}

impl<P: OnScreen> Screen<P> {
    /// A screen for `game`, before any ply is analysed, at the start position, drawn with
    /// `theme`; `n`, `p` and `t` visit the mistakes of both sides.
    #[must_use]
    pub fn new(game: PgnGame<P>, pieces: PieceStyle, theme: Theme) -> Screen<P> {
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
            submitted: None,
            help: false,
            analyse: false,
            id: 0,
            settings: Settings::default(),
            attempts: 0,
            notices: Vec::new(),
            restart: false,
            keys: Keymaps::defaults(),
            scroll: 0,
            area: Rect::new(0, 0, 100, 30),
            feedback: None,
            feedback_work: None,
            game,
        }
    }

    /// Decodes keys with `keys` (the config's `[keys]` applied).
    pub fn set_keys(&mut self, keys: &Arc<Keymaps>) {
        if !Arc::ptr_eq(&self.keys, keys) {
            self.keys = Arc::clone(keys);
        }
    }

    /// Visits the mistakes of `side` (the board is seen from Black's side for Black).
    #[must_use]
    pub fn with_side(mut self, side: Option<Color>) -> Screen<P> {
        self.browser.side = side;
        self.browser.flipped = side == Some(Color::Black);
        self
    }

    /// The review `id` (its reports carry it), judging tries with `settings`; the reader ("you")
    /// is the game's player named "You", if any.
    #[must_use]
    pub fn with_review(mut self, id: u64, settings: Settings) -> Screen<P> {
        self.id = id;
        self.settings = Settings {
            reader: crate::app::persist::reader_of(&self.game.tags),
            ..settings
        };
        self
    }

    /// The review's id.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The review started again under a new `id` (the shell's; reports of the old one are
    /// no longer this screen's).
    pub fn renumber(&mut self, id: u64) {
        self.id = id;
    }

    /// The analyst of this review (`e` switches it).
    #[must_use]
    pub fn analyst(&self) -> &crate::analysis::AnalystSpec {
        &self.settings.analyst
    }

    /// The analyst's notices so far (an external engine failed and the built-in one took over).
    #[must_use]
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// `e`: the other analyst (the built-in engine, or [`Settings::external`]) reviews the game
    /// again from the start; the plies analysed so far are dropped.
    fn switch_analyst(&mut self) {
        if !P::EXTERNAL_ANALYST {
            self.say(tr(
                "review-no-external",
                &[("game", P::VARIANT.name().into())],
            ));
            return;
        }
        let next = if self.settings.analyst.is_builtin() {
            self.settings.external.clone()
        } else {
            crate::analysis::AnalystSpec::default()
        };
        self.settings.analyst = next;
        self.state = ReviewState::new(self.game.game.moves().len());
        self.notices.clear();
        self.learn = None;
        self.restart = true;
        self.say(tr(
            "review-again-with",
            &[("analyst", analyst_label(&self.settings.analyst).into())],
        ));
    }

    /// The game under review.
    #[must_use]
    pub fn game(&self) -> &PgnGame<P> {
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
        self.message = Some(Message::info(message));
    }

    /// The "learn from your mistakes" state, while active.
    #[must_use]
    pub fn learn(&self) -> Option<&Learn> {
        self.learn.as_ref()
    }

    /// Takes one event; `area` is the whole screen (for clicks). Returns what the runner must do:
    /// judge a try ([`ReviewWork::Judge`]), or [`Effect::CloseScreen`] when the user leaves.
    pub fn update(&mut self, event: Event, area: Rect) -> Vec<Effect> {
        self.area = area;
        let stay = match event {
            Event::ReviewReport(ReviewReport::Analysis(_, ReviewEvent::Notice(n))) => {
                self.notices.push(n);
                true
            }
            Event::ReviewReport(ReviewReport::Analysis(_, e)) => {
                self.state.apply(e);
                true
            }
            Event::ReviewReport(ReviewReport::Verdict {
                attempt, verdict, ..
            }) => {
                if attempt == self.attempts {
                    self.verdict(*verdict);
                }
                true
            }
            Event::Key(k) if k.kind == KeyEventKind::Press => self.key(k),
            Event::Feedback(reply) => {
                self.on_feedback(reply);
                true
            }
            Event::Mouse(m) => {
                self.mouse(m, area);
                true
            }
            _ => true,
        };
        let mut fx = Vec::new();
        fx.extend(self.feedback_work.take().map(Effect::Feedback));
        if std::mem::take(&mut self.restart) {
            fx.push(Effect::ReviewWork(ReviewWork::Cancel(self.id)));
            fx.push(Effect::ReviewWork(ReviewWork::Start {
                id: self.id,
                game: P::review_game(self.game.clone()),
                settings: Box::new(self.settings.clone()),
            }));
        }
        if let Some((ply, mv)) = self.submitted.take()
            && let Some(request) = learn::request(&self.game.game, ply, Some(mv), &self.settings)
        {
            self.attempts += 1;
            fx.push(Effect::ReviewWork(ReviewWork::Judge {
                review: self.id,
                attempt: self.attempts,
                request: P::try_request(request),
                hash_mb: self.settings.hash_mb.min(64),
            }));
        }
        if std::mem::take(&mut self.analyse) {
            fx.push(crate::analysis_board::AnalysisBoard::<P>::open(
                self.game.game.clone(),
                self.browser.cursor,
                self.bottom(),
                self.browser.side.unwrap_or(self.bottom()),
            ));
        }
        if !stay {
            fx.push(Effect::CloseScreen);
        }
        fx
    }

    /// `w`/`b`: visit that side's mistakes; the same key again visits both sides'.
    fn choose_side(&mut self, side: Color) {
        self.browser.side = (self.browser.side != Some(side)).then_some(side);
    }

    fn nav(&mut self, nav: Nav) {
        self.message = None;
        self.list = None;
        self.scroll = 0;
        if !self.browser.apply(nav, &self.state) {
            self.message = match nav {
                Nav::NextError => Some(self.no_mistake("further")),
                Nav::PreviousError => Some(self.no_mistake("earlier")),
                Nav::Move(..) => Some(t("review-no-such-move")),
                _ => None,
            }
            .map(Message::info);
        }
    }

    /// "No further mistake", naming the side visited and the keys that visit the other side's
    /// or both sides' (a side's `n` says nothing of the other's).
    fn no_mistake(&self, which: &str) -> String {
        let Some(side) = self.browser.side else {
            return tr("review-no-mistake", &[("which", which.into())]);
        };
        let key = |c: Color| match c {
            Color::White => self.keys.key_of(ReviewAction::White),
            Color::Black => self.keys.key_of(ReviewAction::Black),
        };
        tr(
            "review-no-mistake-by",
            &[
                ("which", which.into()),
                ("side", crate::app::color_name(side).into()),
                ("own-key", key(side).into()),
                ("other", crate::app::color_name(!side).into()),
                ("other-key", key(!side).into()),
            ],
        )
    }

    /// The ply at the cursor when it is a mistake (inaccuracy or worse) of the chosen side.
    pub(crate) fn learnable(&self) -> Option<usize> {
        let p = self.browser.ply()?;
        let r = self.state.ply(p)?;
        let side_ok = self.browser.side.is_none_or(|c| r.mover == c);
        (r.classification.is_error() && side_ok).then_some(p)
    }

    fn start_learning(&mut self) {
        match self.learnable() {
            Some(ply) => {
                self.message = None;
                self.learn = Some(prompt(ply, None));
            }
            None => {
                self.message = Some(Message::info(tr(
                    "review-try-where",
                    &[
                        ("try", self.keys.key_of(ReviewAction::Try).into()),
                        ("next", self.keys.key_of(ReviewAction::NextMistake).into()),
                    ],
                )));
            }
        }
    }

    /// Reads a try typed or clicked at the mistake `ply`, and hands it out for judging.
    fn submit(&mut self, ply: usize, text: &str) {
        let Some(pos) = self.game.game.position_at(ply) else {
            return;
        };
        match pos.parse_move(text.trim()) {
            Ok(mv) => self.submit_move(ply, mv),
            Err(e) => {
                self.learn = Some(Learn::Prompt {
                    ply,
                    text: text.to_owned(),
                    input: MoveInput::default(),
                    error: Some(e.to_string()),
                });
            }
        }
    }

    /// Hands the try `mv` at the mistake `ply` out for judging.
    fn submit_move(&mut self, ply: usize, mv: Move) {
        let Some(pos) = self.game.game.position_at(ply) else {
            return;
        };
        let san = pos.san(mv);
        self.submitted = Some((ply, mv));
        self.learn = Some(Learn::Judging { ply, san });
    }

    /// What a step of the move input on the board means for the try at `ply`.
    fn on_step(&mut self, ply: usize, text: String, input: MoveInput, step: Step) {
        match step {
            Step::Move(mv) => self.submit_move(ply, mv),
            Step::Refused(why) => {
                self.learn = Some(Learn::Prompt {
                    ply,
                    text,
                    input,
                    error: Some(why.to_string()),
                });
            }
            Step::Nothing | Step::Picked(_) | Step::Cancelled | Step::ChoosePromotion => {
                self.learn = Some(Learn::Prompt {
                    ply,
                    text,
                    input,
                    error: None,
                });
            }
        }
    }

    fn verdict(&mut self, v: learn::TryVerdict) {
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
                text,
                mut input,
                ..
            } if input.promotion.is_some() => {
                if let Some(pos) = self.game.game.position_at(ply) {
                    let step = input.promotion_key(pos, k);
                    self.on_step(ply, text, input, step);
                }
            }
            Learn::Prompt {
                ply,
                mut text,
                input,
                error,
            } => match k.code {
                KeyCode::Esc => self.learn = None,
                KeyCode::Enter => self.submit(ply, &text),
                KeyCode::Backspace => {
                    text.pop();
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text,
                        input,
                        error,
                    });
                }
                KeyCode::Char(c) => {
                    crate::prompt::push(&mut text, c);
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text,
                        input,
                        error: None,
                    });
                }
                _ => {
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text,
                        input,
                        error,
                    })
                }
            },
            Learn::Judging { .. } => {
                if k.code == KeyCode::Esc {
                    self.learn = None;
                }
            }
            Learn::Verdict { ply, .. } => match self.keys.action::<TryAction>(&k) {
                Some(TryAction::Again) => self.learn = Some(prompt(ply, None)),
                Some(TryAction::Reveal) => {
                    self.learn = None;
                    if let Some(r) = self.state.ply(ply) {
                        self.message = Some(Message::info(tr(
                            "review-best-was",
                            &[
                                ("move", crate::i18n::san(&r.best_move).into_owned().into()),
                                ("score", super::score_text(r.best_score, P::VARIANT).into()),
                                ("key", self.keys.key_of(ReviewAction::NextMistake).into()),
                            ],
                        )));
                    }
                }
                Some(TryAction::Next) => {
                    self.learn = None;
                    self.nav(Nav::NextError);
                    if self.message.is_none() {
                        self.start_learning();
                    }
                }
                Some(TryAction::Leave) => self.learn = None,
                None => {
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
        if let Some(mut line) = self.feedback.take() {
            match crate::prompt::edit(&mut line, k) {
                crate::prompt::Typing::Done => self.give_feedback(&line),
                crate::prompt::Typing::Cancelled => {}
                crate::prompt::Typing::Editing => self.feedback = Some(line),
            }
            return true;
        }
        if let Some(buf) = &mut self.goto {
            match k.code {
                KeyCode::Char(c) if c.is_ascii_digit() || c == '.' => {
                    crate::prompt::push(buf, c);
                }
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
                        Err(_) => self.message = Some(Message::error(t("review-type-move-number"))),
                    }
                }
                KeyCode::Esc => self.goto = None,
                _ => {}
            }
            return true;
        }
        let Some(action) = self.keys.action::<ReviewAction>(&k) else {
            return true;
        };
        match action {
            ReviewAction::Quit => return false,
            ReviewAction::Back => self.nav(Nav::Back),
            ReviewAction::Forward => self.nav(Nav::Forward),
            ReviewAction::NextMistake => self.nav(Nav::NextError),
            ReviewAction::PreviousMistake => self.nav(Nav::PreviousError),
            ReviewAction::Start => self.nav(Nav::Start),
            ReviewAction::End => self.nav(Nav::End),
            ReviewAction::Flip => self.nav(Nav::Flip),
            ReviewAction::Share => {
                let plies = self.state.known();
                let limits = &self.settings.limits;
                let doc = super::command::ReviewDocument::new(1, &self.game, limits, &plies);
                self.message = Some(match crate::share::page::share(&doc, self.state.len()) {
                    Ok(done) => Message::info(done),
                    Err(e) => Message::error(e),
                });
            }
            ReviewAction::Goto => self.goto = Some(String::new()),
            ReviewAction::White => self.choose_side(Color::White),
            ReviewAction::Black => self.choose_side(Color::Black),
            ReviewAction::AnalysisBoard => self.analyse = true,
            ReviewAction::Try => self.start_learning(),
            ReviewAction::SwitchAnalyst => self.switch_analyst(),
            ReviewAction::Feedback => match self.shown_feedback((Verdict::Helpful, None)) {
                Ok(_) => {
                    self.message = None;
                    self.feedback = Some(String::new());
                    self.feedback_work = Some(crate::feedback::Work::Check);
                }
                Err(why) => self.message = Some(Message::error(why)),
            },
            ReviewAction::Help => self.help = true,
            ReviewAction::ListUp => self.pick_in_list(true),
            ReviewAction::ListDown => self.pick_in_list(false),
            ReviewAction::ScrollDown => {
                let panel = Areas::new(self.area).panel;
                let lines = crate::ui::review::panel_lines(self);
                let max = crate::ui::explanation::max_scroll(panel, &lines, &self.theme);
                self.scroll = (self.scroll + SCROLL_STEP).min(max);
            }
            ReviewAction::ScrollUp => self.scroll = self.scroll.saturating_sub(SCROLL_STEP),
            ReviewAction::ListJump => {
                if let Some(p) = self.list {
                    self.nav(Nav::Ply(p));
                }
            }
        }
        true
    }

    /// The feedback prompt's line is finished: keep the feedback, or say what is wrong with
    /// the line (the prompt stays open on it).
    fn give_feedback(&mut self, line: &str) {
        match crate::feedback::answer(line).and_then(|a| self.shown_feedback(a)) {
            Ok(f) => self.feedback_work = Some(crate::feedback::Work::Keep(Box::new(f))),
            Err(why) => {
                self.feedback = Some(line.to_owned());
                self.message = Some(Message::error(why));
            }
        }
    }

    /// The runner's answer: no database (the prompt closes), or the feedback kept.
    fn on_feedback(&mut self, reply: crate::feedback::Reply) {
        self.message = Some(match reply {
            crate::feedback::Reply::Refused(why) => {
                self.feedback = None;
                Message::error(why)
            }
            crate::feedback::Reply::Kept(Ok(done)) => Message::info(done),
            crate::feedback::Reply::Kept(Err(why)) => Message::error(why),
        });
    }

    /// The feedback `answer` on the explanation of the move at the cursor (and its better
    /// move's, shown below it), or why there is none.
    fn shown_feedback(
        &self,
        (verdict, note): (Verdict, Option<String>),
    ) -> Result<crate::feedback::Feedback, String> {
        let Some(p) = self.browser.ply() else {
            return Err(crate::i18n::t("feedback-review-start"));
        };
        let Some(r) = self.state.ply(p) else {
            return Err(crate::i18n::t("feedback-review-not-analysed"));
        };
        Ok(crate::feedback::Feedback::of(
            &r.explanation,
            r.better.as_ref(),
            verdict,
            note,
            "review",
        ))
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
        let areas = Areas::new(area);
        if let Some(Learn::Prompt {
            ply,
            text,
            mut input,
            ..
        }) = self.learn.clone()
        {
            let Some(pos) = self.game.game.position_at(ply) else {
                return;
            };
            let geometry = areas.board_geometry();
            let square = geometry.square_at(m.column, m.row, self.bottom());
            let step = match m.kind {
                MouseEventKind::Down(MouseButton::Left) if input.promotion.is_some() => {
                    let at = Rect::new(m.column, m.row, 1, 1);
                    let picked = geometry
                        .promotion_choices(area)
                        .iter()
                        .position(|r| r.intersects(at));
                    input.promotion_click(pos, picked)
                }
                MouseEventKind::Down(MouseButton::Left) => match square {
                    Some(sq) => input.mouse_down(pos, sq),
                    None => return,
                },
                MouseEventKind::Up(MouseButton::Left) => input.mouse_up(pos, square),
                _ => return,
            };
            self.on_step(ply, text, input, step);
            return;
        }
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let values = self.state.graph_values();
        let graph = areas.graph.inner(ratatui::layout::Margin::new(1, 1));
        if graph.contains(ratatui::layout::Position::new(m.column, m.row)) {
            if let Some(p) = EvalGraph::new(&values).ply_at(graph, m.column) {
                self.nav(Nav::Ply(p));
            }
            return;
        }
        let list = areas.moves.inner(ratatui::layout::Margin::new(1, 1));
        if let Some(p) = self.move_list().ply_at(list, m.column, m.row) {
            self.nav(Nav::Ply(p));
        }
    }

    /// The colour at the bottom of the board.
    pub(crate) fn bottom(&self) -> Color {
        if self.browser.flipped {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The move list: each move with its mark, coloured by its quality.
    pub(crate) fn move_list(&self) -> MoveListView {
        let g = &self.game.game;
        MoveListView {
            first_number: g.first_move_number(),
            black_first: g.start_position().turn() == Color::Black,
            moves: g
                .moves()
                .iter()
                .enumerate()
                .map(|(p, m)| {
                    let quality = self.state.ply(p).map(|r| r.classification.quality);
                    (
                        format!("{}{}", crate::i18n::san(&m.san.to_string()), self.mark(p)),
                        self.quality_style(quality),
                    )
                })
                .collect(),
            current: self.browser.ply(),
            picked: self.list,
            follow_end: false,
            cell_width: 10,
        }
    }

    pub(crate) fn mark(&self, ply: usize) -> &'static str {
        self.state.ply(ply).map_or("", |p| p.classification.mark())
    }

    /// The style of a move of this quality: theme colours for inaccuracies and worse.
    pub(crate) fn quality_style(&self, q: Option<Quality>) -> Style {
        match q {
            Some(Quality::Blunder) => self.theme.fg("error"),
            Some(Quality::Mistake) => self.theme.fg("check"),
            Some(Quality::Inaccuracy) => self.theme.fg("accent"),
            _ => self.theme.fg("text"),
        }
    }

    /// Draws the screen ([`crate::ui::review::render`]).
    pub fn render(&self, frame: &mut Frame) {
        crate::ui::review::render(frame, self);
    }
}

/// Rows the explanation panel scrolls per key press.
const SCROLL_STEP: u16 = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchLimits;
    use crate::review::{Settings, review_game};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::KeyModifiers;
    use shakmaty::Square;
    use std::sync::atomic::AtomicBool;

    fn screen() -> Screen {
        let pgn = crate::pgn::import(
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
        )
        .games
        .remove(0)
        .pgn;
        reviewed_at(pgn, 3)
    }

    /// The review screen of `pgn` (review id 0) with every ply of a review at `depth` fed to
    /// it; tries are judged at the same fixed depth (deterministic).
    pub(super) fn reviewed_at<P: OnScreen>(pgn: PgnGame<P>, depth: u32) -> Screen<P> {
        let settings = Settings {
            limits: SearchLimits::depth(depth),
            hash_mb: 1,
            ..Settings::default()
        };
        let mut s = Screen::new(pgn, PieceStyle::Ascii, mono()).with_review(0, settings.clone());
        let game = s.game.game.clone();
        let mut events = Vec::new();
        review_game(&game, &settings, &AtomicBool::new(false), &mut |e| {
            events.push(e);
        });
        for e in events {
            s.update(
                Event::ReviewReport(ReviewReport::Analysis(0, e)),
                Rect::new(0, 0, 100, 30),
            );
        }
        s
    }

    fn text_at(s: &Screen, w: u16, h: u16) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| s.render(f)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Issue 35: at 80×24 the explanation of a mistake fell below the panel behind a long
    /// "best:" line with no way to read it; the panel scrolls with keys of the keymap, shown
    /// in the key line, and a move shown anew starts at the top.
    #[test]
    fn the_explanation_panel_scrolls_at_80_by_24() {
        let mut s = screen();
        s.update(key(KeyCode::Char('n')), Rect::new(0, 0, 80, 24));
        let ply = s.browser().ply().expect("a mistake");
        let last = {
            let r = s.state.ply(ply).unwrap();
            r.better
                .as_ref()
                .and_then(|b| b.sentences.last())
                .or(r.explanation.sentences.last())
                .map(|l| l.text.clone())
                .unwrap()
        };
        let tail: String = last.split_whitespace().last().unwrap().to_owned();
        let shown = text_at(&s, 80, 24);
        assert!(
            !shown.contains(&tail),
            "the end is below the panel:\n{shown}"
        );
        assert!(shown.contains("Explanation · J more"), "{shown}");
        let mut presses = 0;
        while !text_at(&s, 80, 24).contains(&tail) {
            presses += 1;
            assert!(presses < 10, "{}", text_at(&s, 80, 24));
            s.update(key(KeyCode::Char('J')), Rect::new(0, 0, 80, 24));
        }
        let shown = text_at(&s, 80, 24);
        assert!(!shown.contains("J more"), "at the end:\n{shown}");
        // More presses stay at the end; one K goes back up at once.
        let end = s.scroll;
        s.update(key(KeyCode::Char('J')), Rect::new(0, 0, 80, 24));
        assert_eq!(s.scroll, end);
        s.update(key(KeyCode::Char('K')), Rect::new(0, 0, 80, 24));
        assert!(s.scroll < end);
        // Another move shown starts at the top; the help lists the keys.
        s.update(key(KeyCode::Char('.')), Rect::new(0, 0, 80, 24));
        assert_eq!(s.scroll, 0);
        assert!(
            s.keys
                .help(<ReviewAction as crate::keys::Action>::SCREEN)
                .iter()
                .any(|(k, h)| k.contains('J') && h.contains("scroll")),
        );
    }

    fn mono() -> Theme {
        Theme::named("mono", crate::ui::ColorMode::None)
    }

    fn key(c: KeyCode) -> Event {
        Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
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
            assert!(s.update(key(KeyCode::Char('n')), area).is_empty());
        }
        assert_eq!(s.browser().ply(), Some(5), "n never reached 3... Nf6??");
    }

    #[test]
    fn the_feedback_key_marks_the_explanation_and_its_better_move() {
        use crate::feedback::{Reply, Work};
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        // At the start there is no explanation: the key says so.
        s.update(key(KeyCode::Home), area);
        assert!(s.update(key(KeyCode::Char('!')), area).is_empty());
        assert!(text(&s).contains("no explanation at the start position"));
        to_the_blunder(&mut s);
        let fx = s.update(key(KeyCode::Char('!')), area);
        assert_eq!(fx, vec![Effect::Feedback(Work::Check)]);
        assert!(text(&s).contains("feedback: "), "{}", text(&s));
        for c in "u why the queen?".chars() {
            assert!(s.update(key(KeyCode::Char(c)), area).is_empty());
        }
        let fx = s.update(key(KeyCode::Enter), area);
        let [Effect::Feedback(Work::Keep(f))] = fx.as_slice() else {
            panic!("{fx:?}");
        };
        let r = s.state().ply(5).unwrap();
        assert_eq!(f.verdict, Verdict::Unclear);
        assert_eq!(f.note.as_deref(), Some("why the queen?"));
        assert_eq!((f.san.as_str(), f.screen.as_str()), ("Nf6", "review"));
        assert_eq!(f.fen, r.explanation.fen_before);
        let better = r.better.as_ref().expect("a blunder has a better move");
        assert!(
            f.text.contains(&format!("Better: {}", better.san)),
            "{}",
            f.text
        );
        assert_eq!(
            f.claims["better"],
            serde_json::to_value(&better.claims).unwrap()
        );
        s.update(Event::Feedback(Reply::Kept(Ok("kept: Nf6".into()))), area);
        assert!(text(&s).contains("kept: Nf6"));
        // Without a database the prompt closes with the reason.
        s.update(key(KeyCode::Char('!')), area);
        s.update(
            Event::Feedback(Reply::Refused(crate::feedback::needs_db())),
            area,
        );
        let shown = text(&s);
        assert!(!shown.contains("feedback: "), "{shown}");
        assert!(
            shown.contains("feedback is kept in the position database"),
            "{shown}"
        );
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
        assert!(s.update(key(KeyCode::Char('q')), area).is_empty());
        assert!(!text(&s).contains("review keys"));
        assert_eq!(
            s.update(key(KeyCode::Char('q')), area),
            vec![Effect::CloseScreen]
        );
    }

    /// Issue 35: `n` said "no further mistake" while the other side's were never visited.
    #[test]
    fn no_further_mistake_of_one_side_names_the_keys_to_the_others() {
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        s.update(key(KeyCode::Char('w')), area);
        for _ in 0..12 {
            s.update(key(KeyCode::Char('n')), area);
            if s.message.is_some() {
                break;
            }
        }
        let said = s
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        assert!(said.starts_with("no further mistake by "), "{said}");
        assert!(said.contains("b: Black's"), "{said}");
        assert!(said.contains("w again: both sides'"), "{said}");
    }

    #[test]
    fn clicks_on_the_graph_and_the_move_list_jump() {
        let mut s = screen();
        let area = Rect::new(0, 0, 100, 30);
        let areas = Areas::new(area);
        let click = |x, y| {
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: x,
                row: y,
                modifiers: KeyModifiers::NONE,
            })
        };
        let g = areas.graph.inner(ratatui::layout::Margin::new(1, 1));
        s.update(click(g.x, g.y), area);
        assert_eq!(s.browser().ply(), Some(0));
        let list = areas.moves.inner(ratatui::layout::Margin::new(1, 1));
        // Row 3 of the list is move 3: the left half is White's move, the right half Black's.
        s.update(click(list.x + 8, list.y + 2), area);
        assert_eq!(s.browser().ply(), Some(4));
        s.update(click(list.x + 17, list.y + 2), area);
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

    /// The try to judge among the effects of an update.
    fn try_of(fx: &[Effect]) -> Option<(u64, &TryRequest)> {
        fx.iter().find_map(|e| match e {
            Effect::ReviewWork(ReviewWork::Judge {
                attempt, request, ..
            }) => Some((*attempt, request)),
            _ => None,
        })
    }

    /// Presses Enter, judges the try it submits synchronously and feeds the verdict back.
    fn submit_and_judge(s: &mut Screen) {
        let fx = s.update(key(KeyCode::Enter), Rect::new(0, 0, 100, 30));
        let (attempt, req) = try_of(&fx).expect("a try to judge");
        assert!(matches!(s.learn(), Some(Learn::Judging { .. })));
        let mut memory = crate::engine::SearchMemory::new(1);
        let v = req.judge(&mut memory, &AtomicBool::new(false));
        s.update(
            Event::ReviewReport(ReviewReport::Verdict {
                review: 0,
                attempt,
                verdict: Box::new(v),
            }),
            Rect::new(0, 0, 100, 30),
        );
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
        let fx = s.update(key(KeyCode::Enter), area);
        assert!(matches!(
            s.learn(),
            Some(Learn::Prompt { error: Some(_), .. })
        ));
        assert!(try_of(&fx).is_none());
        // Another bad try: 3... a6 still allows Qxf7#.
        for _ in 0..3 {
            s.update(key(KeyCode::Backspace), area);
        }
        type_text(&mut s, "a6");
        submit_and_judge(&mut s);
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
        submit_and_judge(&mut s);
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
                .find(|&(x, y)| areas.board_geometry().square_at(x, y, Color::White) == Some(sq))
                .unwrap();
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: x,
                row: y,
                modifiers: KeyModifiers::NONE,
            })
        };
        s.update(click(Square::D8), area);
        assert!(matches!(
            s.learn(),
            Some(Learn::Prompt { input, .. }) if input.selected == Some(Square::D8)
        ));
        let fx = s.update(click(Square::E7), area);
        assert!(matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "Qe7"));
        assert!(try_of(&fx).is_some());
    }
}

#[cfg(test)]
mod move_input_tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;
    use shakmaty::Square;

    const AREA: Rect = Rect::new(0, 0, 100, 30);

    /// A screen on `pgn`, learning at `ply` (no analysis needed: the prompt is opened directly).
    fn learning(pgn: &str, ply: usize) -> Screen {
        let game = crate::pgn::import(pgn).games.remove(0).pgn;
        let mut s = Screen::new(
            game,
            PieceStyle::Ascii,
            Theme::named("mono", crate::ui::ColorMode::None),
        );
        s.learn = Some(prompt(ply, None));
        s
    }

    fn click(s: &mut Screen, sq: Square) {
        let areas = Areas::new(AREA);
        let (x, y) = (0..100u16)
            .flat_map(|x| (0..30u16).map(move |y| (x, y)))
            .find(|&(x, y)| areas.board_geometry().square_at(x, y, Color::White) == Some(sq))
            .unwrap();
        s.update(
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: x,
                row: y,
                modifiers: KeyModifiers::NONE,
            }),
            AREA,
        );
    }

    const CASTLE: &str = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 *\n";

    #[test]
    fn castling_by_clicking_the_king_then_its_destination_or_its_rook() {
        for to in [Square::G1, Square::H1] {
            let mut s = learning(CASTLE, 6);
            click(&mut s, Square::E1);
            click(&mut s, to);
            assert!(
                matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "O-O"),
                "e1 then {to}: {:?}",
                s.learn()
            );
        }
    }

    const PROMOTE: &str = "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8=Q *\n";

    #[test]
    fn a_click_in_the_promotion_picker_chooses() {
        let mut s = learning(PROMOTE, 0);
        click(&mut s, Square::A7);
        click(&mut s, Square::A8);
        let rook = Areas::new(AREA).board_geometry().promotion_choices(AREA)[1];
        s.update(
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: rook.x + 1,
                row: rook.y,
                modifiers: KeyModifiers::NONE,
            }),
            AREA,
        );
        assert!(
            matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "a8=R+"),
            "{:?}",
            s.learn()
        );
    }

    #[test]
    fn a_promotion_by_clicks_opens_the_picker() {
        let mut s = learning(PROMOTE, 0);
        click(&mut s, Square::A7);
        click(&mut s, Square::A8);
        assert!(
            !matches!(s.learn(), Some(Learn::Judging { .. })),
            "a promotion must not become a queen silently: {:?}",
            s.learn()
        );
        // The picker is drawn over the review's board, with its keys on the bottom line.
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
        t.draw(|f| s.render(f)).unwrap();
        let buf = t.backend().buffer().clone();
        let screen: String = (0..30)
            .map(|y| {
                (0..100)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        for shown in [
            "Promote to",
            "Q Q",
            "R R",
            "B B",
            "N N",
            crate::ui::status::PROMOTION_KEYS,
        ] {
            assert!(screen.contains(shown), "{shown:?} missing:\n{screen}");
        }
        s.update(
            Event::Key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE)),
            AREA,
        );
        assert!(
            matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "a8=N"),
            "{:?}",
            s.learn()
        );
    }
}

/// Issue 25: the review screen of a Pawn Battle game (board, verdicts, explanations, learn from
/// your mistakes, the keys that have no meaning there).
#[cfg(test)]
mod pawn_battle_tests {
    use super::*;
    use crate::variant::pawn_battle::PawnBattle;
    use ratatui::crossterm::event::KeyModifiers;
    use std::sync::atomic::AtomicBool;

    const AREA: Rect = Rect::new(0, 0, 100, 30);

    /// A pawn race (tests/pb_review.rs): Black wins it with 1...b5 but plays 1...b6??.
    const RACE: &str = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\
                        [Variant \"Pawn Battle\"]\n[SetUp \"1\"]\n\
                        [FEN \"8/1p6/8/8/8/8/6P1/8 b - - 0 1\"]\n\n\
                        1... b6 2. g4 b5 3. g5 b4 4. g6 b3 5. g7 b2 6. g8 1-0\n";

    /// The race reviewed at depth 8, where every score is a forced win (as in
    /// tests/pb_review.rs), its plies fed to the screen.
    fn reviewed() -> Screen<PawnBattle> {
        let pgn = crate::pgn::import_as::<PawnBattle>(RACE)
            .games
            .remove(0)
            .pgn;
        super::tests::reviewed_at(pgn, 8)
    }

    fn press(s: &mut Screen<PawnBattle>, c: KeyCode) -> Vec<Effect> {
        s.update(Event::Key(KeyEvent::new(c, KeyModifiers::NONE)), AREA)
    }

    fn text(s: &Screen<PawnBattle>) -> String {
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
        t.draw(|f| s.render(f)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..30)
            .map(|y| (0..100).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_blunder_of_a_pawn_race_is_shown_with_its_explanation() {
        let mut s = reviewed();
        assert!(s.state().is_finished());
        assert!(press(&mut s, KeyCode::Char('n')).is_empty());
        assert_eq!(s.browser().ply(), Some(0));
        let shown = text(&s);
        for part in [
            "Explanation · Pawn Battle",
            "1... b6??",
            "blunder",
            "best: b5",
            "Better: b5",
            "analysis complete",
            "White to move",
        ] {
            assert!(shown.contains(part), "{part:?} missing:\n{shown}");
        }
        // The score column and the best move's score read as Pawn Battle's forced wins (W5:
        // White wins in five), never as chess's mates (#5), as the eval bar writes them.
        assert!(
            shown.contains("b6??  W5") && shown.contains("best: b5 (L"),
            "{shown}"
        );
        assert!(!shown.contains('#'), "{shown}");
        // No opening in Pawn Battle; the mark in the move list; browse to the end.
        assert!(!shown.contains("Opening:"), "{shown}");
        assert!(shown.contains("b6??"), "{shown}");
        press(&mut s, KeyCode::End);
        assert_eq!(s.browser().ply(), Some(9));
        assert!(text(&s).contains("6. g8"), "{}", text(&s));
        press(&mut s, KeyCode::Char('f'));
        assert!(s.browser().flipped);
    }

    #[test]
    fn the_external_analyst_says_why_not_and_a_opens_the_board() {
        let mut s = reviewed();
        assert!(press(&mut s, KeyCode::Char('e')).is_empty());
        assert!(
            s.analyst().is_builtin(),
            "Stockfish does not play Pawn Battle"
        );
        assert!(s.state().is_finished(), "the review is kept");
        assert!(
            text(&s).contains("no external engine plays Pawn Battle"),
            "{}",
            text(&s)
        );
        assert!(matches!(
            press(&mut s, KeyCode::Char('a')).as_slice(),
            [Effect::Open(board)]
                if board.0.kind() == crate::screen::Kind::AnalysisBoard(crate::variant::Variant::PawnBattle)
        ));
    }

    #[test]
    fn learn_from_a_pawn_battle_mistake() {
        let mut s = reviewed();
        press(&mut s, KeyCode::Char('n'));
        press(&mut s, KeyCode::Char('t'));
        assert!(matches!(s.learn(), Some(Learn::Prompt { ply: 0, .. })));
        assert!(text(&s).contains("Learn: find a better move than 1... b6??"));
        // A king move is no Pawn Battle move: the error says so, and the prompt stays.
        for c in "Kb8".chars() {
            press(&mut s, KeyCode::Char(c));
        }
        assert!(press(&mut s, KeyCode::Enter).is_empty());
        assert!(matches!(
            s.learn(),
            Some(Learn::Prompt { error: Some(_), .. })
        ));
        for _ in 0..3 {
            press(&mut s, KeyCode::Backspace);
        }
        for c in "b7b5".chars() {
            press(&mut s, KeyCode::Char(c));
        }
        let fx = press(&mut s, KeyCode::Enter);
        let Some(Effect::ReviewWork(ReviewWork::Judge {
            attempt, request, ..
        })) = fx.first()
        else {
            panic!("the try is handed out: {fx:?}");
        };
        assert!(matches!(request, TryRequest::PawnBattle(_)));
        assert!(matches!(s.learn(), Some(Learn::Judging { san, .. }) if san == "b5"));
        let verdict = request.judge(
            &mut crate::engine::SearchMemory::new(1),
            &AtomicBool::new(false),
        );
        s.update(
            Event::ReviewReport(ReviewReport::Verdict {
                review: 0,
                attempt: *attempt,
                verdict: Box::new(verdict),
            }),
            AREA,
        );
        assert!(
            matches!(s.learn(), Some(Learn::Verdict { good: true, .. })),
            "{:?}",
            s.learn()
        );
        assert!(text(&s).contains("b5: good!"), "{}", text(&s));
    }
}

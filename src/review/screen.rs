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
//!
//! By concern: this file holds the model (state, update, what the drawing reads); `input.rs`
//! the keys and the mouse; `learn_mode.rs` learn from your mistakes; the drawing is
//! [`crate::ui::review`].

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

pub use crate::ui::review_layout::Areas;

mod input;
mod learn_mode;

pub use input::ReviewAction;
pub use learn_mode::{Learn, TryAction};

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

    /// Keeps the explanation panel's scroll within `max` rows (how far the drawing can
    /// scroll it, [`crate::ui::review::max_scroll`]: the screen's `Screen` impl measures it
    /// after each event, so the model need not know how the panel wraps).
    pub fn clamp_scroll(&mut self, max: u16) {
        self.scroll = self.scroll.min(max);
    }
}

/// Rows the explanation panel scrolls per key press.
const SCROLL_STEP: u16 = 3;

#[cfg(test)]
mod move_input_tests;
#[cfg(test)]
#[path = "../variant/pawn_battle/review_tests.rs"]
mod pawn_battle_tests;
#[cfg(test)]
mod tests;

//! The application shell: every screen of the terminal interface (play, the review of a game,
//! the game picker of a file, the board editor, the analysis board) is a [`Screen`] on one
//! stack, fed by one [`Event`] type and answering with one [`Effect`] type. [`Shell::update`]
//! routes each event (keys and the mouse to the screen on top, any other event to the topmost
//! screen that waits for it, play otherwise) and turns what a screen asks for (open a screen,
//! close it, review a finished game, play a set-up) into screens and effects; the runner
//! (`crate::play::run_shell`) executes the effects in one loop with one input thread.
//!
//! The shell names no screen's game: screens say what they are ([`Screen::kind`]); the one
//! place a game is chosen by its name is a new game of the other variant ([`Shell::switch_game`]).
//! Like every screen, the shell does no I/O and starts no thread: it is driven headless in tests.

use std::sync::Arc;

use crate::keys::Keymaps;
use std::any::Any;
use std::path::PathBuf;

use ratatui::Frame;
use ratatui::layout::Rect;
use shakmaty::Color;

use crate::analysis_board::AnalysisBoard;
use crate::app::{App, NewGame, Playable};
use crate::config::{Config, HumanColor, UiConfig};
use crate::editor::Editor;
use crate::editor::screen::EditorScreen;
use crate::pgn::PgnGame;
use crate::review::screen::{OnScreen, Screen as ReviewScreen};
use crate::review::stack::PickerScreen;
use crate::review::{ReviewGame, Settings};
pub use crate::screen::{
    Analyses, Context, Effect, Event, Kind, PlayScreen, ReviewReport, ReviewWork, Screen, View,
};
use crate::ui::Theme;

/// How the review and picker screens look.
#[derive(Debug, Clone)]
pub struct Look {
    /// Piece glyphs.
    pub pieces: crate::config::PieceStyle,
    /// Colours.
    pub theme: Theme,
    /// The keymaps (the config's `[keys]` applied).
    pub keys: Arc<Keymaps>,
}

/// The whole interface: the screen stack and what the review screens share.
#[derive(Debug)]
pub struct Shell {
    screens: Vec<Box<dyn Screen>>,
    /// Analyses and ids for the screens over play; how reviews analyse.
    analyses: Analyses,
    look: Look,
    /// Whose mistakes reviews visit.
    side: Option<Color>,
    size: (u16, u16),
    /// Set when the last screen was closed.
    closed: bool,
}

impl Shell {
    fn empty(review_settings: Settings, look: Look) -> Shell {
        Shell {
            screens: Vec::new(),
            analyses: Analyses::new(review_settings),
            look,
            side: None,
            size: (80, 24),
            closed: false,
        }
    }

    /// The shell of `kibitzer play`: the game's screen (chess or Pawn Battle).
    pub fn play<P: Playable>(app: App<P>) -> Shell {
        let look = Look {
            pieces: app.config.ui.pieces,
            theme: Theme::named(&app.config.ui.theme, crate::ui::ColorMode::from_env()),
            keys: Arc::clone(&app.keys),
        };
        let mut shell = Shell::empty(Settings::default(), look);
        shell.screens.push(Box::new(app));
        shell
    }

    /// The shell of `kibitzer review FILE` with several games: the picker of `file` (called
    /// `name`), whose scan starts with the returned effects.
    pub fn picker(
        file: PathBuf,
        name: &str,
        settings: Settings,
        look: Look,
    ) -> (Shell, Vec<Effect>) {
        let mut shell = Shell::empty(settings, look);
        shell
            .screens
            .push(Box::new(PickerScreen::new(file.clone(), name)));
        (shell, vec![Effect::ReviewWork(ReviewWork::Scan(file))])
    }

    /// The shell of `kibitzer review FILE` on one game: its review screen (with `message` on
    /// its bottom line), whose analysis starts with the returned effects.
    pub fn review(
        game: ReviewGame,
        message: Option<String>,
        settings: Settings,
        look: Look,
    ) -> (Shell, Vec<Effect>) {
        let mut shell = Shell::empty(settings, look);
        let mut fx = Vec::new();
        shell.open_review(game, message, &mut fx);
        (shell, fx)
    }

    /// Whether the program should end: the last screen was closed, or play mode quits (which
    /// it may take back, when the last autosave fails, to ask first).
    pub fn quit(&self) -> bool {
        self.closed || self.play_screen().is_some_and(PlayScreen::quits)
    }

    /// The screens, bottom first.
    pub fn screens(&self) -> &[Box<dyn Screen>] {
        &self.screens
    }

    /// What the screens are, bottom first.
    pub fn kinds(&self) -> Vec<Kind> {
        self.screens.iter().map(|s| s.kind()).collect()
    }

    /// The lowest screen of type `T`, if one is open.
    pub fn find<T: Screen>(&self) -> Option<&T> {
        self.screens
            .iter()
            .find_map(|s| (s.as_ref() as &dyn Any).downcast_ref::<T>())
    }

    /// The screen on top, if it is a `T`.
    pub fn top<T: Screen>(&self) -> Option<&T> {
        self.screens
            .last()
            .and_then(|s| (s.as_ref() as &dyn Any).downcast_ref::<T>())
    }

    /// The play screen's model, if play mode runs a game of `P`.
    pub fn play_of<P: Playable>(&self) -> Option<&App<P>> {
        self.find::<App<P>>()
    }

    /// The play screen's model, if play mode runs chess.
    pub fn app(&self) -> Option<&App> {
        self.find::<App>()
    }

    /// The play screen, whatever its game, if play mode runs.
    pub fn play_screen(&self) -> Option<&dyn PlayScreen> {
        self.screens.iter().find_map(|s| s.play())
    }

    fn play_screen_mut(&mut self) -> Option<&mut dyn PlayScreen> {
        self.screens.iter_mut().find_map(|s| s.play_mut())
    }

    /// The new-game dialog chose the other game: the play screen is replaced by a new one of
    /// that game, with the old one's settings (the old game is already put away).
    fn switch_game(&mut self, new: NewGame, out: &mut Vec<Effect>) {
        let Some(old) = self.play_screen() else {
            return;
        };
        let mut config = old.config().clone();
        config.game.human = new.color;
        let (seed, time) = old.next_game();
        let size = old.size();
        let (screen, fx) = crate::variant::with_game!(new.variant, P =>
            App::<P>::switched(config, seed, time, size));
        if let Some(slot) = self.screens.iter_mut().find(|s| s.play().is_some()) {
            *slot = screen;
        }
        out.extend(fx);
    }

    /// The board editor, if its screen is open.
    pub fn editor(&self) -> Option<&Editor> {
        self.find::<EditorScreen>().map(|e| &e.editor)
    }

    /// The editor's screen (its analysis in flight), if it is open.
    pub fn editor_screen(&self) -> Option<&EditorScreen> {
        self.find::<EditorScreen>()
    }

    /// Opens the board editor over play on the position shown (`kibitzer --edit`); returns
    /// the effects to execute.
    pub fn open_editor(&mut self) -> Vec<Effect> {
        let ask = self
            .play_screen_mut()
            .map(PlayScreen::ask_editor)
            .unwrap_or_default();
        self.carry_out(ask)
    }

    /// The keymaps in force: play's (they follow its config) when play runs, else the look's.
    fn keys(&self) -> Arc<Keymaps> {
        match self.play_screen() {
            Some(play) => Arc::clone(play.keys()),
            None => Arc::clone(&self.look.keys),
        }
    }

    fn area(&self) -> Rect {
        Rect::new(0, 0, self.size.0, self.size.1)
    }

    /// Applies one event; returns the effects to execute, in order.
    pub fn update(&mut self, event: Event) -> Vec<Effect> {
        let config = self.play_screen().map(|p| p.config().clone());
        self.analyses.follow_play(config.as_ref());
        let mut fx = Vec::new();
        if let Event::Resize(w, h) = event {
            self.size = (w, h);
        }
        let area = self.area();
        let keys = self.keys();
        let mut cx = Context {
            area,
            analyses: &mut self.analyses,
            keys: &keys,
        };
        match event {
            Event::Resize(w, h) => {
                for screen in &mut self.screens {
                    fx.extend(screen.update(Event::Resize(w, h), &mut cx));
                }
            }
            Event::Key(_) | Event::Mouse(_) => {
                let to_play = is_interrupt(&event)
                    && self.screens.last().is_some_and(|s| s.passes_interrupt());
                if to_play {
                    // Ctrl-C quits the program from the editor or a board as from play.
                    if let Some(play) = self.screens.iter_mut().find_map(|s| s.play_mut()) {
                        fx.extend(play.update(event));
                    }
                } else if let Some(top) = self.screens.last_mut() {
                    fx.extend(top.update(event, &mut cx));
                }
            }
            Event::ReviewReport(ReviewReport::GameRead(_, Ok((game, message)))) => {
                self.open_review(game, message, &mut fx);
            }
            other => {
                if let Some(screen) = self.screens.iter_mut().rev().find(|s| s.waits_for(&other)) {
                    fx.extend(screen.update(other, &mut cx));
                }
            }
        }
        self.carry_out(fx)
    }

    /// The chess analysis board on top, if it is open.
    pub fn analysis_board(&self) -> Option<&AnalysisBoard> {
        self.top::<AnalysisBoard>()
    }

    /// The analysis board of a game of `P` on top, if it is open.
    pub fn board_of<P: Playable>(&self) -> Option<&AnalysisBoard<P>> {
        self.top::<AnalysisBoard<P>>()
    }

    /// Opens a review of `game` (either game) on top of the stack, with its analysis.
    fn open_review(&mut self, game: ReviewGame, message: Option<String>, fx: &mut Vec<Effect>) {
        crate::variant::each_game!(game, ReviewGame(g) => self.open_review_of(*g, message, fx));
    }

    /// [`Shell::open_review`] of a game of `P`.
    fn open_review_of<P: OnScreen>(
        &mut self,
        game: PgnGame<P>,
        message: Option<String>,
        fx: &mut Vec<Effect>,
    ) {
        let id = self.analyses.next_id();
        let settings = self.analyses.review().clone();
        fx.push(Effect::ReviewWork(ReviewWork::Start {
            id,
            game: P::review_game(game.clone()),
            settings: Box::new(settings.clone()),
        }));
        let mut screen = ReviewScreen::new(game, self.look.pieces, self.look.theme.clone())
            .with_side(self.side)
            .with_review(id, settings);
        if let Some(m) = message {
            screen.say(m);
        }
        self.screens.push(Box::new(screen));
    }

    /// Play mode's "Review this game": the finished game of `snapshot` as saved (players named,
    /// dated), read back, reviewed with the configuration's engine, explanation level and
    /// theme (the review's default limits), visiting the human's mistakes.
    fn review_played(&mut self, saved: &crate::app::Saved, config: &Config) -> Option<Vec<Effect>> {
        let (game, human) = crate::variant::each_game!(saved, crate::app::Saved(s) as P =>
            (P::review_game(read_back(s)?), s.human));
        let limits = crate::review::default_limits();
        self.analyses
            .set_review(Settings::from_config(config, limits, config.explain.level));
        self.look = Look {
            pieces: config.ui.pieces,
            theme: Theme::named(&config.ui.theme, crate::ui::ColorMode::from_env()),
            keys: Keymaps::of(&config.keys),
        };
        self.side = Some(human);
        let mut fx = Vec::new();
        self.open_review(game, None, &mut fx);
        Some(fx)
    }

    /// Turns the effects that change the stack into screens; the rest go to the runner.
    fn carry_out(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        let mut out = Vec::new();
        for effect in effects {
            match effect {
                Effect::Review(snapshot) => {
                    let config = self
                        .play_screen()
                        .map(|a| a.config().clone())
                        .unwrap_or_default();
                    match self.review_played(&snapshot, &config) {
                        Some(more) => out.extend(self.carry_out(more)),
                        None => {
                            let why = crate::i18n::t("play-review-unreadable");
                            let more = self
                                .play_screen_mut()
                                .map(|p| p.update(Event::Warning(why)))
                                .unwrap_or_default();
                            out.extend(more);
                        }
                    }
                }
                Effect::OpenEditor(from) => {
                    let crate::app::EditFrom {
                        variant,
                        setup,
                        orientation,
                        level,
                        human,
                    } = *from;
                    let editor = Editor::of_variant(variant, setup, orientation, level, human);
                    out.extend(self.push(Box::new(EditorScreen::new(editor))));
                }
                Effect::Open(opened) => {
                    let more = self.push(opened.0);
                    out.extend(self.carry_out(more));
                }
                Effect::CloseScreen => self.close_screen(&mut out),
                Effect::NewGameOf(new) => self.switch_game(new, &mut out),
                Effect::PlayFrom(setup) => {
                    if let Some(play) = self.play_screen_mut() {
                        let more = play.update(Event::PlayFrom(setup));
                        out.extend(self.carry_out(more));
                    }
                }
                Effect::PlayOther(handover) => {
                    let Some(time) = self.play_screen().map(|a| a.config().game.time_control)
                    else {
                        continue;
                    };
                    let color = match handover.human() {
                        Color::White => HumanColor::White,
                        Color::Black => HumanColor::Black,
                    };
                    let new = NewGame {
                        variant: handover.variant(),
                        color,
                        level: handover.level(),
                        time,
                    };
                    self.switch_game(new, &mut out);
                    if let Some(app) = self.play_screen_mut() {
                        let more = app.update(handover.event());
                        out.extend(self.carry_out(more));
                    }
                }
                other => out.push(other),
            }
        }
        out
    }

    /// Pushes `screen` on the stack; returns the work it starts.
    fn push(&mut self, mut screen: Box<dyn Screen>) -> Vec<Effect> {
        let keys = self.keys();
        let mut cx = Context {
            area: self.area(),
            analyses: &mut self.analyses,
            keys: &keys,
        };
        let mut fx = self
            .screens
            .last_mut()
            .map(|below| below.covered(true))
            .unwrap_or_default();
        fx.extend(screen.opened(&mut cx));
        self.screens.push(screen);
        fx
    }

    /// Closes the screen on top: its work in flight is cancelled, and the screen below is
    /// shown (or the program ends with the last screen).
    fn close_screen(&mut self, out: &mut Vec<Effect>) {
        if let Some(screen) = self.screens.pop() {
            out.extend(screen.closed());
        }
        if let Some(top) = self.screens.last_mut() {
            out.extend(top.covered(false));
        }
        if self.screens.is_empty() {
            self.closed = true;
            out.push(Effect::Quit);
        } else if let Some(app) = self.play_screen_mut() {
            // The game's screen is drawn again at its size.
            let (w, h) = app.size();
            out.extend(app.update(Event::Resize(w, h)));
        }
    }

    /// Draws the screen on top; `play_theme` colours play and the screens over it (it follows
    /// the configuration as it is reloaded), the review's look is used without play.
    pub fn render(&self, frame: &mut Frame, play_theme: &Theme) {
        let Some(top) = self.screens.last() else {
            return;
        };
        match self.play_screen() {
            Some(play) => top.render(
                frame,
                &View {
                    theme: play_theme,
                    ui: &play.config().ui,
                    keys: play.keys(),
                },
            ),
            None => {
                let ui = UiConfig {
                    pieces: self.look.pieces,
                    ..UiConfig::default()
                };
                top.render(
                    frame,
                    &View {
                        theme: &self.look.theme,
                        ui: &ui,
                        keys: &self.look.keys,
                    },
                );
            }
        }
    }
}

/// A finished game of play as saved (players named, dated), read back; `None` when it cannot
/// be read.
fn read_back<P: crate::pgn::PgnVariant>(snapshot: &crate::app::Snapshot<P>) -> Option<PgnGame<P>> {
    let text = crate::app::persist::encode(snapshot);
    let game = crate::pgn::import_as::<P>(&text).games.into_iter().next()?;
    Some(game.pgn)
}

/// Whether the event is Ctrl-C.
fn is_interrupt(event: &Event) -> bool {
    matches!(event, Event::Key(k) if is_ctrl_c(k))
}

pub use crate::keys::is_ctrl_c;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Mode;
    use crate::game::Game;
    use crate::review::ReviewEvent;
    use crate::variant::Variant;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    pub(super) fn key(c: KeyCode) -> Event {
        Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
    }

    /// Play mode after the moves `sans` (the human White, level 3, with `config`), at 100×30.
    pub(super) fn playing_after(sans: &[&str], config: Config) -> Shell {
        let mut game = Game::new();
        for san in sans {
            let mv = game.parse_move(san).unwrap();
            game.play(mv).unwrap();
        }
        let snapshot = crate::app::Snapshot {
            game,
            human: Color::White,
            level: 3,
            clock: None,
        };
        let (app, _) = App::new(config, Some(snapshot), 1);
        let mut shell = Shell::play(app);
        shell.update(Event::Resize(100, 30));
        shell
    }

    /// A finished game in play mode (Fool's mate, the human White), its game-over dialog open.
    pub(super) fn finished_play() -> Shell {
        let mut config = Config::default();
        config.game.human = crate::config::HumanColor::White;
        // The built-in engine judges, whether or not a Stockfish is installed (`auto`).
        config.analysis.engine = "builtin".to_owned();
        playing_after(&["f3", "e5", "g4", "Qh4#"], config)
    }

    #[test]
    fn play_opens_the_review_and_returns_unchanged() {
        let mut shell = finished_play();
        let before = shell.app().unwrap().game.clone();
        // Game over: v is "Review".
        let app = shell.app().unwrap();
        assert!(matches!(app.mode, Mode::GameOver { .. }), "{:?}", app.mode);
        let fx = shell.update(key(KeyCode::Char('v')));
        let started = fx
            .iter()
            .find_map(|e| match e {
                Effect::ReviewWork(ReviewWork::Start { id, .. }) => Some(*id),
                _ => None,
            })
            .expect("the review's analysis starts");
        assert!(matches!(shell.kinds().last(), Some(Kind::Review(_))));
        // Keys go to the review now: a step forward moves its cursor, not the game's.
        shell.update(key(KeyCode::Right));
        match shell.top::<ReviewScreen>() {
            Some(r) => assert_eq!(r.browser().ply(), Some(0)),
            None => panic!("the review is on top"),
        }
        // Reports of another review are not this one's.
        let fx = shell.update(Event::ReviewReport(ReviewReport::Analysis(
            started + 7,
            ReviewEvent::Finished,
        )));
        assert!(fx.is_empty());
        // q leaves the review: its analysis is cancelled and the game is as it was.
        let fx = shell.update(key(KeyCode::Char('q')));
        assert!(fx.contains(&Effect::ReviewWork(ReviewWork::Cancel(started))));
        assert!(matches!(
            shell.kinds().last(),
            Some(Kind::Play(Variant::Chess))
        ));
        assert_eq!(shell.screens().len(), 1);
        assert!(!shell.quit());
        assert_eq!(
            shell.app().unwrap().game.moves().len(),
            before.moves().len()
        );
    }

    #[test]
    fn e_in_the_review_switches_the_analyst_and_reviews_again_under_a_new_id() {
        let mut shell = finished_play();
        let started = shell
            .update(key(KeyCode::Char('v')))
            .iter()
            .find_map(|e| match e {
                Effect::ReviewWork(ReviewWork::Start { id, .. }) => Some(*id),
                _ => None,
            })
            .expect("the review's analysis starts");
        let review = |shell: &Shell| match shell.top::<ReviewScreen>() {
            Some(r) => r.clone(),
            None => panic!("the review is on top"),
        };
        assert!(review(&shell).analyst().is_builtin());
        let fx = shell.update(key(KeyCode::Char('e')));
        let (again, settings) = fx
            .iter()
            .find_map(|e| match e {
                Effect::ReviewWork(ReviewWork::Start { id, settings, .. }) => {
                    Some((*id, settings.clone()))
                }
                _ => None,
            })
            .expect("the review starts again");
        assert_eq!(fx[0], Effect::ReviewWork(ReviewWork::Cancel(started)));
        assert_ne!(again, started);
        assert_eq!(settings.analyst.command, crate::review::DEFAULT_EXTERNAL);
        assert_eq!(review(&shell).id(), again);
        // The old review's reports are dropped; the new one's notices are shown.
        shell.update(Event::ReviewReport(ReviewReport::Analysis(
            started,
            ReviewEvent::Notice("old".to_owned()),
        )));
        shell.update(Event::ReviewReport(ReviewReport::Analysis(
            again,
            ReviewEvent::Notice("cannot start stockfish".to_owned()),
        )));
        assert_eq!(review(&shell).notices(), ["cannot start stockfish"]);
        // e again: back to the built-in engine, notices cleared.
        let fx = shell.update(key(KeyCode::Char('e')));
        assert_eq!(fx[0], Effect::ReviewWork(ReviewWork::Cancel(again)));
        assert!(review(&shell).analyst().is_builtin());
        assert!(review(&shell).notices().is_empty());
    }

    /// Play mode after 1. e4 e5 (the human White, level 3), at 100×30.
    pub(super) fn playing_e4_e5() -> Shell {
        playing_after(&["e4", "e5"], Config::default())
    }

    pub(super) fn typing(shell: &mut Shell, text: &str) -> Vec<Effect> {
        text.chars()
            .flat_map(|c| shell.update(key(KeyCode::Char(c))))
            .collect()
    }

    #[test]
    fn the_editor_opens_over_play_and_escape_leaves_play_unchanged() {
        let mut shell = playing_e4_e5();
        let app = shell.app().unwrap();
        let before = (app.game.fen(), app.game.moves().to_vec(), app.human);
        let level = app.config.engine.level;
        let fx = typing(&mut shell, "e");
        assert!(fx.is_empty(), "opening the editor starts nothing: {fx:?}");
        assert!(matches!(
            shell.kinds()[..],
            [Kind::Play(Variant::Chess), Kind::Editor]
        ));
        // The editor starts on the position shown and takes the keys: clear, a king on e1.
        assert_eq!(shell.editor().unwrap().fen(), before.0);
        typing(&mut shell, "zK");
        assert_eq!(shell.editor().unwrap().fen(), "8/8/8/8/8/8/8/4K3 w - - 0 2");
        // Esc closes it; the game is as it was and takes the keys again.
        let fx = shell.update(key(KeyCode::Esc));
        assert!(
            !fx.iter().any(|e| matches!(e, Effect::CancelAnalysis(_))),
            "no analysis ran: {fx:?}"
        );
        assert!(matches!(shell.kinds()[..], [Kind::Play(Variant::Chess)]));
        assert!(shell.editor().is_none());
        assert!(!shell.quit());
        let app = shell.app().unwrap();
        assert_eq!(
            (app.game.fen(), app.game.moves().to_vec(), app.human),
            before
        );
        assert_eq!(app.config.engine.level, level);
        assert_eq!(app.mode, Mode::Board);
        typing(&mut shell, "?");
        assert_eq!(shell.app().unwrap().mode, Mode::Help);
    }

    #[test]
    fn play_from_here_hands_the_set_up_to_play_and_the_engine_moves() {
        let mut shell = playing_e4_e5();
        typing(&mut shell, "e");
        // The start position; play it as Black at level 2: White (the engine) moves first.
        typing(&mut shell, "s");
        shell.update(key(KeyCode::Enter));
        let fx = typing(&mut shell, "b2");
        assert!(fx.is_empty(), "{fx:?}");
        let fx = shell.update(key(KeyCode::Enter));
        assert!(matches!(shell.kinds()[..], [Kind::Play(Variant::Chess)]));
        let app = shell.app().unwrap();
        assert_eq!(app.game.fen(), Game::new().fen());
        assert_eq!((app.human, app.config.engine.level), (Color::Black, 2));
        // The unfinished game is archived, as `:fen` does; the engine forgets it and moves.
        assert!(
            fx.iter()
                .any(|e| matches!(e, Effect::Archive(s) if s.ply() == 2)),
            "{fx:?}"
        );
        assert!(fx.contains(&Effect::NewEngineGame));
        assert!(
            fx.iter()
                .any(|e| matches!(e, Effect::StartSearch(r) if r.position == crate::app::SearchPosition::Chess(app.game.position().clone()))),
            "the engine is asked to move: {fx:?}"
        );
    }

    /// The id of the analysis `fx` asks for.
    pub(super) fn analysis_asked(fx: &[Effect]) -> crate::app::AnalysisId {
        fx.iter()
            .find_map(|e| match e {
                Effect::Analyse(job) => Some(job.id()),
                _ => None,
            })
            .expect("an analysis is asked for")
    }

    #[test]
    fn the_editor_analysis_is_routed_to_it_and_cancelled_when_it_closes() {
        let mut shell = playing_e4_e5();
        typing(&mut shell, "e");
        let id = analysis_asked(&typing(&mut shell, "a"));
        // Another id is play's, not the editor's.
        let other = crate::app::AnalysisId(id.0 + 100);
        shell.update(Event::AnalysisFailed(other, "not this one".to_owned()));
        assert_eq!(
            shell.editor().unwrap().analysis,
            Some(crate::editor::AnalysisView::Running)
        );
        shell.update(Event::AnalysisFailed(id, "no engine".to_owned()));
        assert_eq!(
            shell.editor().unwrap().analysis,
            Some(crate::editor::AnalysisView::Failed("no engine".to_owned()))
        );
        // Asked again and left running: closing the screen cancels it.
        let again = analysis_asked(&typing(&mut shell, "a"));
        assert_ne!(again, id);
        let fx = shell.update(key(KeyCode::Esc));
        assert!(fx.contains(&Effect::CancelAnalysis(again)), "{fx:?}");
        assert!(matches!(shell.kinds()[..], [Kind::Play(Variant::Chess)]));
    }

    /// The id of the analysis board's engine `fx` starts.
    pub(super) fn lines_asked(fx: &[Effect]) -> crate::app::AnalysisRequest {
        fx.iter()
            .find_map(|e| match e {
                Effect::AnalyseLines(crate::app::AnalysisJob::Chess(job)) => Some((**job).clone()),
                _ => None,
            })
            .expect("the board's engine starts")
    }

    #[test]
    fn the_analysis_board_opens_over_play_and_q_returns_to_the_game_unchanged() {
        let mut shell = playing_e4_e5();
        let app = shell.app().unwrap();
        let before = (
            app.game.fen(),
            app.game.moves().to_vec(),
            app.human,
            app.mode.clone(),
        );
        let fx = typing(&mut shell, "a");
        assert!(matches!(
            shell.kinds()[..],
            [
                Kind::Play(Variant::Chess),
                Kind::AnalysisBoard(Variant::Chess)
            ]
        ));
        // Its engine starts at once on the position shown, with an id of play's counter.
        let first = lines_asked(&fx);
        assert_eq!(first.request.before, *shell.app().unwrap().game.position());
        assert_eq!(first.request.human, Some(Color::White));
        // Two moves, one for each side, by the prompt: each restarts the engine.
        typing(&mut shell, ":Nf3");
        let fx = shell.update(key(KeyCode::Enter));
        assert!(fx.contains(&Effect::CancelAnalysis(first.id)), "{fx:?}");
        let second = lines_asked(&fx);
        typing(&mut shell, ":Nc6");
        let fx = shell.update(key(KeyCode::Enter));
        assert!(fx.contains(&Effect::CancelAnalysis(second.id)), "{fx:?}");
        let third = lines_asked(&fx);
        let board = shell.analysis_board().unwrap();
        assert_eq!(board.tree.game().ply(), 4);
        // A report of the engine reaches the board; play's game never hears of it.
        let lines = crate::analysis_board::lines::lines_at(
            &third.request,
            2,
            &mut crate::engine::SearchMemory::new(1),
            &std::sync::atomic::AtomicBool::new(false),
        );
        let fx = shell.update(Event::Lines(third.id, Ok(Box::new(lines))));
        assert!(fx.is_empty(), "{fx:?}");
        let shown = shell.analysis_board().unwrap().engine.lines.as_ref();
        assert_eq!(shown.map(|l| l.lines.len()), Some(3));
        // q leaves: the engine is cancelled and the game is as it was.
        let fx = shell.update(key(KeyCode::Char('q')));
        assert!(fx.contains(&Effect::CancelAnalysis(third.id)), "{fx:?}");
        assert!(matches!(shell.kinds()[..], [Kind::Play(Variant::Chess)]));
        assert!(!shell.quit());
        let app = shell.app().unwrap();
        assert_eq!(
            (
                app.game.fen(),
                app.game.moves().to_vec(),
                app.human,
                app.mode.clone()
            ),
            before
        );
        // A late report of the closed board goes nowhere.
        let fx = shell.update(Event::Lines(third.id, Err("late".to_owned())));
        assert!(fx.is_empty());
    }

    /// Issue 35: the analysis board opened from a timed game pauses its clock while open and
    /// resumes it exactly on closing (it used to run on behind the board).
    #[test]
    fn the_analysis_board_pauses_the_games_clock_while_open() {
        use std::time::Duration;
        let mut config = Config::default();
        config.game.time_control = "5+0".parse().unwrap();
        let (mut app, _) = App::new(config, None, 1);
        let time = crate::clock::TimeSource::fake();
        app.set_time_source(time.clone());
        let mut shell = Shell::play(app);
        shell.update(Event::Resize(100, 30));
        let left = |shell: &Shell| {
            let app = shell.app().unwrap();
            app.clock
                .as_ref()
                .unwrap()
                .remaining(Color::White, time.now())
        };
        time.advance(Duration::from_secs(10));
        assert_eq!(left(&shell), Duration::from_secs(290));
        typing(&mut shell, "a");
        assert!(shell.analysis_board().is_some());
        time.advance(Duration::from_secs(60));
        assert_eq!(
            left(&shell),
            Duration::from_secs(290),
            "paused under the board"
        );
        shell.update(key(KeyCode::Char('q')));
        assert!(shell.analysis_board().is_none());
        assert_eq!(left(&shell), Duration::from_secs(290));
        time.advance(Duration::from_secs(5));
        assert_eq!(left(&shell), Duration::from_secs(285), "running again");
    }

    #[test]
    fn the_review_opens_the_analysis_board_on_the_move_shown() {
        let mut shell = finished_play();
        shell.update(key(KeyCode::Char('v')));
        shell.update(key(KeyCode::Right));
        shell.update(key(KeyCode::Right));
        let fx = shell.update(key(KeyCode::Char('a')));
        lines_asked(&fx);
        let board = shell.analysis_board().expect("the board is on top");
        assert_eq!(board.tree.game().ply(), 2);
        assert_eq!(board.tree.main_line().len(), 4);
        shell.update(key(KeyCode::Esc));
        assert!(matches!(shell.kinds().last(), Some(Kind::Review(_))));
    }

    #[test]
    fn ctrl_c_quits_from_the_editor() {
        let mut shell = playing_e4_e5();
        typing(&mut shell, "e");
        let fx = shell.update(Event::Key(KeyEvent::new(
            KeyCode::Char('c'),
            KeyModifiers::CONTROL,
        )));
        assert!(fx.contains(&Effect::Quit), "{fx:?}");
        assert!(shell.quit());
    }

    #[test]
    fn a_failed_last_autosave_takes_the_quit_back() {
        let (app, _) = App::new(Config::default(), None, 1);
        let mut shell = Shell::play(app);
        shell.update(Event::Resize(100, 30));
        let fx = shell.update(key(KeyCode::Char('q')));
        assert!(fx.iter().any(|e| matches!(e, Effect::Autosave(_))));
        assert!(fx.contains(&Effect::Quit));
        assert!(shell.quit());
        shell.update(Event::Autosaved(Err("disk full".to_owned())));
        assert!(!shell.quit(), "the game would be lost");
        assert!(matches!(
            shell.app().unwrap().mode,
            Mode::Confirm(crate::app::Confirm::QuitUnsaved(_))
        ));
    }

    /// The picker's scan of `text`, reported to `shell` as the runner's scan would.
    pub(super) fn scan_into(shell: &mut Shell, text: &str) {
        let mut scanned = Vec::new();
        crate::review::picker::scan(
            text.as_bytes(),
            &std::sync::atomic::AtomicBool::new(false),
            &mut |e| scanned.push(e),
        );
        for e in scanned {
            shell.update(Event::ReviewReport(ReviewReport::Scan(e)));
        }
    }

    #[test]
    fn the_picker_opens_a_game_and_leaving_it_quits() {
        let look = Look {
            pieces: crate::config::PieceStyle::Ascii,
            theme: Theme::named("mono", crate::ui::ColorMode::None),
            keys: Keymaps::defaults(),
        };
        let (mut shell, fx) =
            Shell::picker("games.pgn".into(), "games.pgn", Settings::default(), look);
        assert_eq!(
            fx,
            vec![Effect::ReviewWork(ReviewWork::Scan("games.pgn".into()))]
        );
        shell.update(Event::Resize(80, 24));
        let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n[White \"C\"]\n[Black \"D\"]\n\n1. d4 *\n";
        scan_into(&mut shell, text);
        let fx = shell.update(key(KeyCode::Enter));
        assert_eq!(
            fx,
            vec![Effect::ReviewWork(ReviewWork::Read("games.pgn".into(), 1))]
        );
        let game = crate::pgn::import(text).games.remove(0).pgn;
        let fx = shell.update(Event::ReviewReport(ReviewReport::GameRead(
            1,
            Ok((ReviewGame::Chess(Box::new(game)), None)),
        )));
        assert!(matches!(
            fx.as_slice(),
            [Effect::ReviewWork(ReviewWork::Start { .. })]
        ));
        assert!(matches!(shell.kinds().last(), Some(Kind::Review(_))));
        shell.update(key(KeyCode::Char('q')));
        assert!(matches!(shell.kinds().last(), Some(Kind::Picker)));
        assert!(!shell.quit());
        let fx = shell.update(key(KeyCode::Esc));
        assert!(shell.quit());
        assert_eq!(fx, vec![Effect::Quit]);
    }
}

#[cfg(test)]
#[path = "variant/pawn_battle/shell_tests.rs"]
mod pawn_battle_tests;

//! The application shell: every screen of the terminal interface (play, the review of a game,
//! the game picker of a file) is a [`Screen`] on one stack, fed by one [`Event`] type and
//! answering with one [`Effect`] type. [`Shell::update`] routes each event (keys and the mouse
//! to the screen on top, reports to the screen that asked for them, by id) and turns what a
//! screen asks for (open a review, close the screen) into screens and effects; the runner
//! (`crate::play::run_shell`) executes the effects in one loop with one input thread.
//!
//! Like [`App`], the shell does no I/O and starts no thread: it is driven headless in tests.

use std::path::PathBuf;

use ratatui::Frame;
use ratatui::layout::Rect;
use shakmaty::Color;

use crate::app::{App, Effect, Event};
use crate::config::Config;
use crate::game::Game;
use crate::pgn::PgnGame;
use crate::review::learn::TryVerdict;
use crate::review::picker::{Choice, Picker, ScanEvent};
use crate::review::screen::Screen as ReviewScreen;
use crate::review::{ReviewEvent, Settings};
use crate::ui::Theme;

/// How the review and picker screens look.
#[derive(Debug, Clone)]
pub struct Look {
    /// Piece glyphs.
    pub pieces: crate::config::PieceStyle,
    /// Colours.
    pub theme: Theme,
}

/// One screen of the stack.
#[derive(Debug)]
pub enum Screen {
    /// Play against the engine.
    Play(Box<App>),
    /// The review of one game (with learn-from-your-mistakes).
    Review(Box<ReviewScreen>),
    /// The list of the games of a file.
    Picker(Box<Picker>),
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
    GameRead(usize, Result<(Box<PgnGame>, Option<String>), String>),
}

/// Work for the review screens, done off the interface thread by the runner.
#[derive(Debug, Clone)]
pub enum ReviewWork {
    /// Start analysing `game` for the review `id` (reports: [`ReviewReport::Analysis`]).
    Start {
        /// The review's id.
        id: u64,
        /// The game.
        game: Box<Game>,
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
        request: Box<crate::analysis::Request>,
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

/// The whole interface: the screen stack and what the review screens share.
#[derive(Debug)]
pub struct Shell {
    screens: Vec<Screen>,
    /// The picker's file.
    file: Option<PathBuf>,
    /// How reviews opened from the picker analyse and look, and whose mistakes they visit.
    review_settings: Settings,
    look: Look,
    side: Option<Color>,
    /// The last review id given out.
    last_id: u64,
    size: (u16, u16),
    /// Set when the last screen was closed.
    closed: bool,
}

impl Shell {
    fn empty(review_settings: Settings, look: Look) -> Shell {
        Shell {
            screens: Vec::new(),
            file: None,
            review_settings,
            look,
            side: None,
            last_id: 0,
            size: (80, 24),
            closed: false,
        }
    }

    /// The shell of `kibitzer play`: the game's screen.
    pub fn play(app: App) -> Shell {
        let look = Look {
            pieces: app.config.ui.pieces,
            theme: Theme::named(&app.config.ui.theme, crate::ui::ColorMode::from_env()),
        };
        let mut shell = Shell::empty(Settings::default(), look);
        shell.screens.push(Screen::Play(Box::new(app)));
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
            .push(Screen::Picker(Box::new(Picker::new(name))));
        shell.file = Some(file.clone());
        (shell, vec![Effect::ReviewWork(ReviewWork::Scan(file))])
    }

    /// The shell of `kibitzer review FILE` on one game: its review screen (with `message` on
    /// its bottom line), whose analysis starts with the returned effects.
    pub fn review(
        game: PgnGame,
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
        self.closed || self.app().is_some_and(|a| a.quit)
    }

    /// The screens, bottom first.
    pub fn screens(&self) -> &[Screen] {
        &self.screens
    }

    /// The play screen's model, if play mode runs.
    pub fn app(&self) -> Option<&App> {
        self.screens.iter().find_map(|s| match s {
            Screen::Play(app) => Some(app.as_ref()),
            _ => None,
        })
    }

    fn app_mut(&mut self) -> Option<&mut App> {
        self.screens.iter_mut().find_map(|s| match s {
            Screen::Play(app) => Some(app.as_mut()),
            _ => None,
        })
    }

    fn area(&self) -> Rect {
        Rect::new(0, 0, self.size.0, self.size.1)
    }

    /// Applies one event; returns the effects to execute, in order.
    pub fn update(&mut self, event: Event) -> Vec<Effect> {
        let mut fx = Vec::new();
        match event {
            Event::Resize(w, h) => {
                self.size = (w, h);
                if let Some(app) = self.app_mut() {
                    fx.extend(app.update(Event::Resize(w, h)));
                }
            }
            Event::Key(_) | Event::Mouse(_) => {
                let area = self.area();
                match self.screens.last_mut() {
                    Some(Screen::Play(app)) => fx.extend(app.update(event)),
                    Some(Screen::Review(review)) => fx.extend(review.update(event, area)),
                    Some(Screen::Picker(picker)) => {
                        let choice = match event {
                            Event::Key(k) => picker.key(k, area),
                            Event::Mouse(m) => picker.mouse(m, area),
                            _ => Choice::Stay,
                        };
                        match (choice, &self.file) {
                            (Choice::Open(n), Some(path)) => {
                                fx.push(Effect::ReviewWork(ReviewWork::Read(path.clone(), n)));
                            }
                            (Choice::Quit, _) => fx.push(Effect::CloseScreen),
                            _ => {}
                        }
                    }
                    None => {}
                }
            }
            Event::ReviewReport(report) => self.route(report, &mut fx),
            other => {
                if let Some(app) = self.app_mut() {
                    fx.extend(app.update(other));
                }
            }
        }
        self.carry_out(fx)
    }

    /// A report to the screen that asked for it.
    fn route(&mut self, report: ReviewReport, fx: &mut Vec<Effect>) {
        let area = self.area();
        match report {
            ReviewReport::Analysis(id, _) | ReviewReport::Verdict { review: id, .. } => {
                if let Some(review) = self.screens.iter_mut().find_map(|s| match s {
                    Screen::Review(r) if r.id() == id => Some(r),
                    _ => None,
                }) {
                    fx.extend(review.update(Event::ReviewReport(report), area));
                }
            }
            ReviewReport::Scan(e) => {
                if let Some(Screen::Picker(p)) = self.screens.first_mut() {
                    p.apply(e);
                }
            }
            ReviewReport::GameRead(_, Ok((game, message))) => {
                self.open_review(*game, message, fx);
            }
            ReviewReport::GameRead(_, Err(why)) => {
                if let Some(Screen::Picker(p)) = self.screens.last_mut() {
                    p.say(why);
                }
            }
        }
    }

    /// Opens a review of `game` on top of the stack, with its analysis.
    fn open_review(&mut self, game: PgnGame, message: Option<String>, fx: &mut Vec<Effect>) {
        self.last_id += 1;
        let id = self.last_id;
        fx.push(Effect::ReviewWork(ReviewWork::Start {
            id,
            game: Box::new(game.game.clone()),
            settings: Box::new(self.review_settings.clone()),
        }));
        let mut screen = ReviewScreen::new(game, self.look.pieces, self.look.theme.clone())
            .with_side(self.side)
            .with_review(id, self.review_settings.clone());
        if let Some(m) = message {
            screen.say(m);
        }
        self.screens.push(Screen::Review(Box::new(screen)));
    }

    /// Play mode's "Review this game": the finished game of `snapshot` as saved (players named,
    /// dated), read back, reviewed with the configuration's engine, explanation level and
    /// theme (200 ms per position), visiting the human's mistakes.
    fn review_played(
        &mut self,
        snapshot: &crate::app::Snapshot,
        config: &Config,
    ) -> Option<Vec<Effect>> {
        let text = crate::app::persist::encode(snapshot);
        let game = crate::pgn::import(&text).games.into_iter().next()?;
        let limits = crate::engine::SearchLimits::movetime(std::time::Duration::from_millis(
            crate::review::command::DEFAULT_MOVETIME_MS,
        ));
        self.review_settings = Settings::from_config(config, limits, config.explain.level);
        self.look = Look {
            pieces: config.ui.pieces,
            theme: Theme::named(&config.ui.theme, crate::ui::ColorMode::from_env()),
        };
        self.side = Some(snapshot.human);
        let mut fx = Vec::new();
        self.open_review(game.pgn, None, &mut fx);
        Some(fx)
    }

    /// Turns the effects that change the stack into screens; the rest go to the runner.
    fn carry_out(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        let mut out = Vec::new();
        for effect in effects {
            match effect {
                Effect::Review(snapshot) => {
                    let config = self.app().map(|a| a.config.clone()).unwrap_or_default();
                    match self.review_played(&snapshot, &config) {
                        Some(more) => out.extend(self.carry_out(more)),
                        None => {
                            if let Some(app) = self.app_mut() {
                                let why = "the review failed: the game could not be read back";
                                out.extend(app.update(Event::Warning(why.to_owned())));
                            }
                        }
                    }
                }
                Effect::CloseScreen => {
                    if let Some(Screen::Review(r)) = self.screens.pop() {
                        out.push(Effect::ReviewWork(ReviewWork::Cancel(r.id())));
                    }
                    if self.screens.is_empty() {
                        self.closed = true;
                        out.push(Effect::Quit);
                    } else if let Some(app) = self.app_mut() {
                        // The game's screen is drawn again at its size.
                        let (w, h) = app.size;
                        out.extend(app.update(Event::Resize(w, h)));
                    }
                }
                other => out.push(other),
            }
        }
        out
    }

    /// Draws the screen on top; `play_theme` colours the game's screen (it follows the
    /// configuration as it is reloaded).
    pub fn render(&self, frame: &mut Frame, play_theme: &Theme) {
        match self.screens.last() {
            Some(Screen::Play(app)) => crate::ui::render(frame, app, play_theme),
            Some(Screen::Review(r)) => r.render(frame),
            Some(Screen::Picker(p)) => p.render(frame, &self.look.theme),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Mode;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    fn key(c: KeyCode) -> Event {
        Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
    }

    /// A finished game in play mode (Fool's mate, the human White), its game-over dialog open.
    fn finished_play() -> Shell {
        let mut config = Config::default();
        config.game.human = crate::config::HumanColor::White;
        let mut game = Game::new();
        for san in ["f3", "e5", "g4", "Qh4#"] {
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
        assert!(matches!(shell.screens().last(), Some(Screen::Review(_))));
        // Keys go to the review now: a step forward moves its cursor, not the game's.
        shell.update(key(KeyCode::Right));
        match shell.screens().last() {
            Some(Screen::Review(r)) => assert_eq!(r.browser().ply(), Some(0)),
            _ => panic!("the review is on top"),
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
        assert!(matches!(shell.screens().last(), Some(Screen::Play(_))));
        assert_eq!(shell.screens().len(), 1);
        assert!(!shell.quit());
        assert_eq!(
            shell.app().unwrap().game.moves().len(),
            before.moves().len()
        );
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

    #[test]
    fn the_picker_opens_a_game_and_leaving_it_quits() {
        let look = Look {
            pieces: crate::config::PieceStyle::Ascii,
            theme: Theme::named("mono", crate::ui::ColorMode::None),
        };
        let (mut shell, fx) =
            Shell::picker("games.pgn".into(), "games.pgn", Settings::default(), look);
        assert_eq!(
            fx,
            vec![Effect::ReviewWork(ReviewWork::Scan("games.pgn".into()))]
        );
        shell.update(Event::Resize(80, 24));
        let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n[White \"C\"]\n[Black \"D\"]\n\n1. d4 *\n";
        let mut scanned = Vec::new();
        crate::review::picker::scan(
            text.as_bytes(),
            &std::sync::atomic::AtomicBool::new(false),
            &mut |e| scanned.push(e),
        );
        for e in scanned {
            shell.update(Event::ReviewReport(ReviewReport::Scan(e)));
        }
        let fx = shell.update(key(KeyCode::Enter));
        assert_eq!(
            fx,
            vec![Effect::ReviewWork(ReviewWork::Read("games.pgn".into(), 1))]
        );
        let game = crate::pgn::import(text).games.remove(0).pgn;
        let fx = shell.update(Event::ReviewReport(ReviewReport::GameRead(
            1,
            Ok((Box::new(game), None)),
        )));
        assert!(matches!(
            fx.as_slice(),
            [Effect::ReviewWork(ReviewWork::Start { .. })]
        ));
        assert!(matches!(shell.screens().last(), Some(Screen::Review(_))));
        shell.update(key(KeyCode::Char('q')));
        assert!(matches!(shell.screens().last(), Some(Screen::Picker(_))));
        assert!(!shell.quit());
        let fx = shell.update(key(KeyCode::Esc));
        assert!(shell.quit());
        assert_eq!(fx, vec![Effect::Quit]);
    }
}

//! `kibitzer play`: prepares the game (resume, `--fen`, `--pgn`) before the screen opens, then
//! runs the event loop: one channel of [`Event`]s from the input thread and the engine, the
//! [`App`] updated by each, its [`Effect`]s executed here, and a redraw after each batch.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, Result};
use ratatui::crossterm::event::{Event as TermEvent, KeyEventKind};
use shakmaty::Color;

use crate::analysis;
use crate::app::persist::{self, Snapshot};
use crate::app::{AnalysisId, App, Effect, Event};
use crate::config::{Config, Dirs};
use crate::game::Game;
use crate::tui::Tui;
use crate::ui::{self, ColorMode, Theme};

mod engine_link;

use engine_link::EngineLink;

/// How the game starts.
#[derive(Debug, Clone, Default)]
pub struct StartOptions {
    /// Ignore the autosave.
    pub new: bool,
    /// Start from this position.
    pub fen: Option<String>,
    /// Continue the game in this file.
    pub pgn: Option<PathBuf>,
}

/// Decides the starting game before the screen opens, so bad input is reported on the plain
/// terminal: `--fen`, `--pgn`, else the autosave unless `--new`, else `None` (a fresh game).
///
/// # Errors
/// A bad FEN, an unreadable or invalid game file, or a corrupt autosave (the message says to
/// use `--new`).
pub fn prepare(options: &StartOptions, config: &Config, dirs: &Dirs) -> Result<Option<Snapshot>> {
    let human = match config.game.human {
        crate::config::HumanColor::Black => Color::Black,
        _ => Color::White,
    };
    if let Some(fen) = &options.fen {
        let game = Game::from_fen(fen).map_err(|e| anyhow::anyhow!("--fen: {e}"))?;
        return Ok(Some(Snapshot {
            game,
            human,
            level: config.engine.level,
        }));
    }
    if let Some(path) = &options.pgn {
        let snapshot = persist::load(path)?;
        return Ok(Some(snapshot));
    }
    if options.new {
        return Ok(None);
    }
    persist::read_autosave(&dirs.data_dir)
        .context("the saved game is damaged; start with `kibitzer play --new`")
        .map(|s| s.filter(|s| s.game.outcome().is_none()))
}

/// Polls the config file's modification time and reloads it when it changes.
struct ConfigWatch {
    explicit: Option<PathBuf>,
    path: PathBuf,
    stamp: Option<(SystemTime, u64)>,
    next: Instant,
}

impl ConfigWatch {
    fn new(explicit: Option<&Path>, dirs: &Dirs) -> ConfigWatch {
        let path = explicit.map_or_else(|| dirs.config_file(), Path::to_path_buf);
        let stamp = stamp(&path);
        ConfigWatch {
            explicit: explicit.map(Path::to_path_buf),
            path,
            stamp,
            next: Instant::now() + Duration::from_millis(500),
        }
    }

    fn poll(&mut self, dirs: &Dirs) -> Option<Event> {
        if Instant::now() < self.next {
            return None;
        }
        self.next = Instant::now() + Duration::from_millis(500);
        let now = stamp(&self.path);
        if now == self.stamp || now.is_none() {
            return None;
        }
        self.stamp = now;
        Some(Event::ConfigReloaded(
            Config::load(self.explicit.as_deref(), dirs).map(|(c, _)| Box::new(c)),
        ))
    }
}

fn stamp(path: &Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// Which terminal events the game screen takes: key presses, mouse events and resizes.
fn game_input(e: TermEvent) -> Option<Event> {
    match e {
        TermEvent::Key(k) if k.kind == KeyEventKind::Press => Some(Event::Key(k)),
        TermEvent::Mouse(m) => Some(Event::Mouse(m)),
        TermEvent::Resize(w, h) => Some(Event::Resize(w, h)),
        _ => None,
    }
}

/// Runs the game until the user quits.
///
/// # Errors
/// When the terminal cannot be used.
pub fn run(
    config: Config,
    explicit_config: Option<&Path>,
    dirs: &Dirs,
    snapshot: Option<Snapshot>,
) -> Result<()> {
    let seed = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(7, |d| d.as_nanos() as u64);
    let if_fresh = snapshot.is_none();
    let (mut app, first) = App::new(config, snapshot, seed);
    if if_fresh {
        persist::clear_autosave(&dirs.data_dir).ok();
    }
    let mode = ColorMode::from_env();
    let mut theme_name = app.config.ui.theme.clone();
    let mut theme = Theme::named(&theme_name, mode);
    let mut watch = ConfigWatch::new(explicit_config, dirs);

    let mut tui = Tui::enter().context("cannot set up the terminal")?;
    let size = tui.terminal.size()?;
    let (tx, rx): (Sender<Event>, Receiver<Event>) = mpsc::channel();
    let mut stop = Arc::new(AtomicBool::new(false));
    let mut input = crate::tui::spawn_input(tx.clone(), Arc::clone(&stop), game_input);
    let input_tx = tx.clone();
    let mut pending: VecDeque<Event> = VecDeque::new();
    let engine = match EngineLink::spawn(app.config.engine.hash_mb, tx.clone()) {
        Ok(link) => Some(link),
        Err(e) => {
            pending.push_back(Event::EngineFailed(format!("cannot start the engine: {e}")));
            None
        }
    };
    let mut runner = Runner {
        dirs: dirs.clone(),
        engine,
        review: None,
        events: tx,
        analyses: HashMap::new(),
    };
    pending.push_back(Event::Resize(size.width, size.height));
    runner.execute(first, &mut pending);

    let result = (|| -> Result<()> {
        let mut last_tick = Instant::now();
        loop {
            // Apply everything that is waiting, then draw once.
            while let Some(ev) = pending.pop_front() {
                #[cfg(debug_assertions)]
                test_panic(&ev);
                let fx = app.update(ev);
                runner.execute(fx, &mut pending);
            }
            if app.quit {
                return Ok(());
            }
            if let Some(snapshot) = runner.review.take() {
                // The review screen reads the terminal itself until the user leaves it.
                stop.store(true, Ordering::Relaxed);
                let _ = std::mem::replace(&mut input, std::thread::spawn(|| {})).join();
                let reviewed =
                    crate::review::session::review_played(&mut tui, &snapshot, &app.config);
                stop = Arc::new(AtomicBool::new(false));
                input = crate::tui::spawn_input(input_tx.clone(), Arc::clone(&stop), game_input);
                tui.terminal.clear()?;
                let size = tui.terminal.size()?;
                pending.push_back(Event::Resize(size.width, size.height));
                if let Err(e) = reviewed {
                    // `Saved(Err)` only shows the message on the status line.
                    pending.push_back(Event::Saved(Err(format!("the review failed: {e:#}"))));
                }
                continue;
            }
            if app.config.ui.theme != theme_name {
                theme_name.clone_from(&app.config.ui.theme);
                theme = Theme::named(&theme_name, mode);
            }
            tui.terminal.draw(|frame| ui::render(frame, &app, &theme))?;
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok(ev) => {
                    pending.push_back(ev);
                    pending.extend(rx.try_iter());
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
            if last_tick.elapsed() >= Duration::from_millis(100) {
                last_tick = Instant::now();
                pending.push_back(Event::Tick);
            }
            if let Some(ev) = watch.poll(dirs) {
                pending.push_back(ev);
            }
        }
    })();
    stop.store(true, Ordering::Relaxed);
    drop(runner); // cancels and joins the background analyses
    drop(tui);
    let _ = input.join();
    result
}

/// Debug builds only: `KIBITZER_TEST_PANIC_KEY=<char>` makes that key panic, so the end-to-end
/// tests can check that a panic restores the terminal and keeps the autosave.
#[cfg(debug_assertions)]
fn test_panic(event: &Event) {
    if let Event::Key(k) = event
        && let ratatui::crossterm::event::KeyCode::Char(c) = k.code
        && std::env::var("KIBITZER_TEST_PANIC_KEY").is_ok_and(|v| v.starts_with(c))
    {
        panic!("test panic on key {c:?}");
    }
}

/// Executes effects. Results that the App must hear about are queued as events; the engine's
/// reports arrive on the channel.
struct Runner {
    dirs: Dirs,
    engine: Option<EngineLink>,
    /// A game to review before the next redraw (the game-over dialog's "Review").
    review: Option<Snapshot>,
    /// Where background analyses deliver their results.
    events: Sender<Event>,
    /// The background analyses started and not yet cancelled (dropping one cancels it).
    analyses: HashMap<AnalysisId, analysis::Job>,
}

impl Runner {
    fn execute(&mut self, effects: Vec<Effect>, events: &mut VecDeque<Event>) {
        for effect in effects {
            match effect {
                Effect::StartSearch(request) => match self.engine.as_mut() {
                    Some(engine) => engine.search(request),
                    None => events.push_back(Event::EngineFailed(
                        "the engine thread is not running".to_owned(),
                    )),
                },
                Effect::StopSearch(id) => {
                    if let Some(engine) = &self.engine {
                        engine.stop(id);
                    }
                }
                Effect::NewEngineGame => {
                    if let Some(engine) = &self.engine {
                        engine.new_game();
                    }
                }
                Effect::Autosave(snapshot) => {
                    if let Err(e) = persist::write_autosave(&self.dirs.data_dir, &snapshot) {
                        events.push_back(Event::Saved(Err(format!("autosave failed: {e:#}"))));
                    }
                }
                Effect::Archive(snapshot) => {
                    let path = persist::new_game_path(&self.dirs.data_dir);
                    let saved = persist::save(&path, &snapshot)
                        .and_then(|()| persist::clear_autosave(&self.dirs.data_dir));
                    if let Err(e) = saved {
                        events.push_back(Event::Saved(Err(format!(
                            "could not archive the game: {e:#}"
                        ))));
                    }
                }
                Effect::Save(path, snapshot) => {
                    let path = path.unwrap_or_else(|| persist::new_game_path(&self.dirs.data_dir));
                    let result = persist::save(&path, &snapshot)
                        .map(|()| path)
                        .map_err(|e| format!("{e:#}"));
                    events.push_back(Event::Saved(result));
                }
                Effect::Load(path) => {
                    let result = persist::load(&path)
                        .map(|s| Box::new(s.game))
                        .map_err(|e| format!("{e:#}"));
                    events.push_back(Event::Loaded(path, result));
                }
                Effect::Copy(text) => {
                    let _ = crate::tui::copy_to_clipboard(&text);
                }
                Effect::Review(snapshot) => self.review = Some(snapshot),
                Effect::Analyse(job) => {
                    self.analyses.retain(|_, j| !j.is_finished());
                    let tx = self.events.clone();
                    let id = job.id;
                    match analysis::spawn(job.request, job.hash_mb, move |a| {
                        let _ = tx.send(Event::Analysed(id, Box::new(a)));
                    }) {
                        Ok(j) => {
                            self.analyses.insert(id, j);
                        }
                        Err(e) => events.push_back(Event::AnalysisFailed(id, e.to_string())),
                    }
                }
                Effect::CancelAnalysis(id) => {
                    self.analyses.remove(&id); // Drop cancels and joins
                }
                Effect::Quit => {}
            }
        }
    }
}

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
use crate::app::persist::{self, Saved, Snapshot};
use crate::app::{AnalysisId, AnalysisJob, AnalysisRequest, App, Effect, Event, Playable};
use crate::config::{Config, Dirs};
use crate::game::Game;
use crate::posdb::Store;
use crate::shell::Shell;
use crate::tui::Tui;
use crate::ui::{ColorMode, Theme};
use crate::variant::Variant;
use crate::variant::{each_game, with_game};

pub(crate) mod engine_link;
pub mod headless;

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
    /// Open the board editor first.
    pub edit: bool,
    /// The game asked for (`--variant`): a fresh game or `--fen` of it; an autosave of the
    /// other game is then put away instead of resumed. `None`: resume whatever was saved, else
    /// chess.
    pub variant: Option<Variant>,
}

/// The starting game, decided before the screen opens, and the lock on the data directory's
/// autosave, held until [`run`] returns.
#[derive(Debug)]
pub struct Prepared {
    /// The game to start with (`None`: a fresh game of [`Prepared::variant`]).
    pub snapshot: Option<Saved>,
    /// The game a fresh start plays.
    pub variant: Variant,
    /// Things the user must hear about once the screen is up (a damaged autosave, an unfinished
    /// game moved to `games/`).
    pub notes: Vec<String>,
    /// Open the board editor first (`--edit`).
    pub edit: bool,
    lock: persist::AutosaveLock,
}

/// Decides the starting game before the screen opens, so bad input is reported on the plain
/// terminal: `--fen`, `--pgn`, else the autosave unless `--new`, else a fresh game. First it
/// locks the data directory's autosave, so a second instance is refused instead of overwriting
/// the first one's game. An unfinished game that is not resumed (`--new`, `--fen`, `--pgn`) is
/// moved to `games/`, never deleted; a damaged autosave resumes its good part and is kept.
///
/// # Errors
/// Another instance holds the lock, an unusable data directory, a bad FEN, an unreadable or
/// invalid game file.
pub fn prepare(options: &StartOptions, config: &Config, dirs: &Dirs) -> Result<Prepared> {
    let lock = persist::AutosaveLock::acquire(&dirs.data_dir)?;
    persist::remove_stale_temporaries(&dirs.data_dir);
    let human = match config.game.human {
        crate::config::HumanColor::Black => Color::Black,
        _ => Color::White,
    };
    let variant = options.variant.unwrap_or_default();
    let mut prepared = Prepared {
        snapshot: None,
        variant,
        notes: Vec::new(),
        edit: options.edit,
        lock,
    };
    if let Some(fen) = &options.fen {
        prepared.snapshot = Some(with_game!(variant, P =>
            P::saved(from_fen::<P>(fen, human, config)?)));
    } else if let Some(path) = &options.pgn {
        prepared.snapshot = Some(persist::load_saved(path, persist::GamePick::Only)?);
    } else if !options.new {
        let resume = persist::read_autosave(&dirs.data_dir)?;
        prepared.notes.extend(resume.warning);
        // A finished game left as the autosave (its archiving failed) is archived below; so is
        // a game of another variant than `--variant` asked for.
        prepared.snapshot = resume
            .snapshot
            .filter(|s| !s.finished())
            .filter(|s| options.variant.is_none_or(|v| v == s.variant()));
        if prepared.snapshot.is_some() {
            return Ok(prepared);
        }
    }
    if let Some(moved) = persist::archive_autosave(&dirs.data_dir)? {
        prepared.notes.push(crate::i18n::tr(
            "autosave-archived",
            &[("path", moved.display().to_string().into())],
        ));
    }
    Ok(prepared)
}

/// A game of `P` set up from `--fen`, the human playing `human`.
fn from_fen<P: Playable>(fen: &str, human: Color, config: &Config) -> Result<Snapshot<P>> {
    let game = Game::<P>::from_variant_fen(fen).map_err(|e| anyhow::anyhow!("--fen: {e}"))?;
    let turn = game.turn();
    Ok(Snapshot {
        game,
        human,
        level: config.engine.level,
        clock: crate::clock::Clock::new(config.game.time_control, turn),
    })
}

/// The shell of play mode on `snapshot` (a fresh game when `None`) and its first effects.
fn play_shell<P: Playable>(
    config: Config,
    snapshot: Option<Snapshot<P>>,
    seed: u64,
) -> (Shell, Vec<Effect>) {
    let (app, first) = App::<P>::starting(config, snapshot, seed);
    (Shell::play(app), first)
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
            Config::load(self.explicit.as_deref(), dirs)
                .map(|(c, _)| Box::new(crate::i18n::explanations_follow(c))),
        ))
    }
}

fn stamp(path: &Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// Which terminal events the shell takes: key presses, mouse events and resizes.
fn term_input(e: TermEvent) -> Option<Event> {
    match e {
        TermEvent::Key(k) if k.kind == KeyEventKind::Press => Some(Event::Key(k)),
        TermEvent::Mouse(m) => Some(Event::Mouse(m)),
        TermEvent::Resize(w, h) => Some(Event::Resize(w, h)),
        _ => None,
    }
}

/// What play mode adds to the shell's loop: the data directory (autosave, saved games) with its
/// lock, the config file watch, and notes for the status line.
pub struct PlayContext {
    dirs: Dirs,
    watch: ConfigWatch,
    notes: Vec<String>,
    _lock: persist::AutosaveLock,
}

/// Runs the game until the user quits.
///
/// # Errors
/// When the terminal cannot be used.
pub fn run(
    config: Config,
    explicit_config: Option<&Path>,
    dirs: &Dirs,
    prepared: Prepared,
    store: Option<Arc<Store>>,
) -> Result<()> {
    let seed = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(7, |d| d.as_nanos() as u64);
    let Prepared {
        snapshot,
        variant,
        notes,
        edit,
        lock,
    } = prepared;
    let (mut shell, mut first) = match snapshot {
        Some(saved) => each_game!(saved, Saved(s) as P => play_shell::<P>(config, Some(s), seed)),
        None => with_game!(variant, P => play_shell::<P>(config, None, seed)),
    };
    if edit {
        first.extend(shell.open_editor());
    }
    let play = PlayContext {
        dirs: dirs.clone(),
        watch: ConfigWatch::new(explicit_config, dirs),
        notes,
        _lock: lock,
    };
    let tui = Tui::enter().context(crate::i18n::t("play-no-terminal"))?;
    run_shell(tui, shell, first, Some(play), store)
}

/// The one loop of the terminal interface: one input thread and the workers (engine, background
/// analyses, reviews) report into one channel of [`Event`]s; the [`Shell`] takes each, the
/// [`Effect`]s it returns are carried out here, and the screen is drawn once per batch. `first`
/// are the effects to carry out before the first event; `play` is play mode's context (none
/// for `kibitzer review`). Returns when the shell quits.
///
/// # Errors
/// When the terminal cannot be used.
pub fn run_shell(
    mut tui: Tui,
    mut shell: Shell,
    first: Vec<Effect>,
    mut play: Option<PlayContext>,
    store: Option<Arc<Store>>,
) -> Result<()> {
    let mode = ColorMode::from_env();
    let play_theme = |shell: &Shell| {
        shell
            .play_screen()
            .map_or_else(String::new, |a| a.config().ui.theme.clone())
    };
    let mut theme_name = play_theme(&shell);
    let mut theme = Theme::named(&theme_name, mode);

    let size = tui.terminal.size()?;
    let (tx, rx): (Sender<Event>, Receiver<Event>) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let input = crate::tui::spawn_input(tx.clone(), Arc::clone(&stop), term_input);
    let mut pending: VecDeque<Event> = VecDeque::new();
    let engine = match shell.play_screen().map(|a| a.config().engine.hash_mb) {
        Some(hash_mb) => match EngineLink::spawn(hash_mb, tx.clone()) {
            Ok(link) => Some(link),
            Err(e) => {
                pending.push_back(Event::EngineFailed(crate::i18n::tr(
                    "play-engine-no-start",
                    &[("error", crate::i18n::os_reason(&e).into())],
                )));
                None
            }
        },
        None => None,
    };
    if let Some(link) = &engine {
        link.set_store(store.clone());
    }
    let dirs = play.as_ref().map(|p| p.dirs.clone());
    let mut runner = Runner::new(dirs, engine, tx, store);
    pending.push_back(Event::Resize(size.width, size.height));
    runner.execute(first, &mut pending);
    if let Some(p) = play.as_mut() {
        pending.extend(p.notes.drain(..).map(Event::Warning));
    }

    let result = (|| -> Result<()> {
        let mut last_tick = Instant::now();
        loop {
            // Apply everything that is waiting, then draw once.
            while let Some(ev) = pending.pop_front() {
                #[cfg(debug_assertions)]
                test_panic(&ev);
                let fx = shell.update(ev);
                runner.execute(fx, &mut pending);
            }
            if shell.quit() {
                return Ok(());
            }
            if play_theme(&shell) != theme_name {
                theme_name = play_theme(&shell);
                theme = Theme::named(&theme_name, mode);
            }
            tui.terminal.draw(|frame| shell.render(frame, &theme))?;
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
            if let Some(p) = play.as_mut()
                && let Some(ev) = p.watch.poll(&p.dirs)
            {
                pending.push_back(ev);
            }
        }
    })();
    stop.store(true, Ordering::Relaxed);
    drop(runner); // cancels and joins the background analyses and reviews
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
    /// The data directory (play mode only: the review never saves).
    dirs: Option<Dirs>,
    engine: Option<EngineLink>,
    /// The run's position database, given to the engine thread and every analysis (`None`:
    /// `--no-db`, or it could not be opened).
    store: Option<Arc<Store>>,
    /// Where background analyses deliver their results.
    events: Sender<Event>,
    /// The background analyses started and not yet cancelled (dropping one cancels it).
    analyses: HashMap<AnalysisId, analysis::Job>,
    /// Cancelled analyses still ending (joined when finished or when the runner goes, never
    /// waited for on the interface thread: the analysis board cancels one on every move).
    cancelled: Vec<analysis::Job>,
    /// The review screens' analyses, tries and file reading.
    reviews: crate::review::workers::Workers,
}

impl Runner {
    /// A runner with no analysis in flight: `dirs` for play mode's files, `engine` its link,
    /// `events` where reports go.
    fn new(
        dirs: Option<Dirs>,
        engine: Option<EngineLink>,
        events: Sender<Event>,
        store: Option<Arc<Store>>,
    ) -> Runner {
        Runner {
            dirs,
            engine,
            store: store.clone(),
            events: events.clone(),
            analyses: HashMap::new(),
            cancelled: Vec::new(),
            reviews: crate::review::workers::Workers::new(events, store),
        }
    }

    /// Starts a background analysis of either game; its report (or why it could not start)
    /// comes back as an event.
    fn analyse<P: analysis::Analysed>(
        &mut self,
        job: AnalysisRequest<P>,
        events: &mut VecDeque<Event>,
    ) {
        let tx = self.events.clone();
        let id = job.id;
        let started = analysis::spawn(job.request, job.hash_mb, self.store.clone(), move |a| {
            let _ = tx.send(match a {
                Ok(a) => Event::Analysed(id, Box::new(a)),
                Err(why) => Event::AnalysisFailed(id, format!("internal error: {why}")),
            });
        });
        self.keep_analysis(id, started, |why| Event::AnalysisFailed(id, why), events);
    }

    /// Starts the analysis board's engine ([`crate::analysis_board::lines::spawn`]) for a
    /// position of either game; its reports come back as [`Event::Lines`].
    fn analyse_lines<P: analysis::Analysed>(
        &mut self,
        job: AnalysisRequest<P>,
        events: &mut VecDeque<Event>,
    ) {
        let tx = self.events.clone();
        let id = job.id;
        let store = self.store.clone();
        let started =
            crate::analysis_board::lines::spawn(job.request, job.hash_mb, store, move |l| {
                let _ = tx.send(Event::Lines(id, l.map(Box::new)));
            });
        self.keep_analysis(id, started, |why| Event::Lines(id, Err(why)), events);
    }

    /// Keeps a started analysis job under its id (so a cancel finds it), forgetting the
    /// finished ones; a job that could not start is reported with `failed`.
    fn keep_analysis(
        &mut self,
        id: AnalysisId,
        started: std::io::Result<analysis::Job>,
        failed: impl FnOnce(String) -> Event,
        events: &mut VecDeque<Event>,
    ) {
        self.analyses.retain(|_, j| !j.is_finished());
        match started {
            Ok(j) => {
                self.analyses.insert(id, j);
            }
            Err(e) => events.push_back(failed(e.to_string())),
        }
    }

    fn execute(&mut self, effects: Vec<Effect>, events: &mut VecDeque<Event>) {
        for effect in effects {
            // Only play mode's screen asks for files in the data directory, and play mode
            // always has one.
            let data_dir = self.dirs.as_ref().map(|d| d.data_dir.as_path());
            match effect {
                Effect::StartSearch(request) => match self.engine.as_mut() {
                    Some(engine) => engine.search(request),
                    None => {
                        events.push_back(Event::EngineFailed(crate::i18n::t("engine-not-running")))
                    }
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
                Effect::Autosave(_) | Effect::Archive(_) | Effect::Save(..)
                    if data_dir.is_none() =>
                {
                    events.push_back(Event::Saved(Err(crate::i18n::t("save-no-data-dir"))));
                }
                Effect::Autosave(snapshot) => {
                    let Some(data_dir) = data_dir else { continue }; // refused above
                    let result =
                        persist::write_autosave(data_dir, &snapshot).map_err(|e| format!("{e:#}"));
                    events.push_back(Event::Autosaved(result));
                }
                Effect::Archive(snapshot) => {
                    let Some(data_dir) = data_dir else { continue }; // refused above
                    let path = persist::new_game_path(data_dir);
                    let saved = persist::save(&path, &snapshot)
                        .and_then(|()| persist::clear_autosave(data_dir));
                    if let Err(e) = saved {
                        events.push_back(Event::Saved(Err(crate::i18n::tr(
                            "archive-failed",
                            &[("why", format!("{e:#}").into())],
                        ))));
                    }
                }
                Effect::Save(path, snapshot) => {
                    let Some(data_dir) = data_dir else { continue }; // refused above
                    let path = path.unwrap_or_else(|| persist::new_game_path(data_dir));
                    events.push_back(match persist::save_new(&path, &snapshot) {
                        Ok(()) => Event::Saved(Ok(path)),
                        Err(persist::WriteError::Exists(path)) => Event::SaveWouldOverwrite(path),
                        Err(e) => Event::Saved(Err(e.to_string())),
                    });
                }
                Effect::Overwrite(path, snapshot) => {
                    let result = persist::save(&path, &snapshot)
                        .map(|()| path)
                        .map_err(|e| format!("{e:#}"));
                    events.push_back(Event::Saved(result));
                }
                Effect::Load(path, pick) => {
                    let result = persist::load_saved(&path, pick)
                        .map(Box::new)
                        .map_err(|e| format!("{e:#}"));
                    events.push_back(Event::Loaded(path, result));
                }
                Effect::Copy(text) => {
                    let _ = crate::tui::copy_to_clipboard(&text);
                }
                Effect::ReviewWork(work) => events.extend(self.reviews.execute(work)),
                // The shell turns these into screens before they reach the runner.
                Effect::Review(_)
                | Effect::CloseScreen
                | Effect::OpenEditor(_)
                | Effect::NewGameOf(_)
                | Effect::PlayOther(_)
                | Effect::Open(_)
                | Effect::PlayFrom(_) => {}
                Effect::AnalyseLines(job) => {
                    each_game!(job, AnalysisJob(job) => self.analyse_lines(*job, events));
                }
                Effect::WritePgn {
                    path,
                    text,
                    replace,
                } => {
                    use crate::analysis_board::Written;
                    let written = if replace {
                        persist::write_atomic(&path, &text).map_err(persist::WriteError::Io)
                    } else {
                        persist::write_new(&path, &text)
                    };
                    events.push_back(Event::PgnWritten(match written {
                        Ok(()) => Written::Done(path),
                        Err(persist::WriteError::Exists(path)) => Written::Exists(path),
                        Err(e) => Written::Failed(e.to_string()),
                    }));
                }
                Effect::Analyse(job) => {
                    each_game!(job, AnalysisJob(job) => self.analyse(*job, events));
                }
                Effect::CancelAnalysis(id) => {
                    if let Some(job) = self.analyses.remove(&id) {
                        job.cancel();
                        self.cancelled.push(job);
                    }
                    self.cancelled.retain(|j| !j.is_finished());
                }
                Effect::Feedback(work) => {
                    let store = self.store.as_deref();
                    events.extend(crate::feedback::execute(work, store).map(Event::Feedback));
                }
                Effect::Quit => {}
            }
        }
    }
}

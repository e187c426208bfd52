//! The review's event loop: the game picker of a file (its scan on a background thread), the
//! review screen of the game picked (its analysis on another), and the judging of tries, all
//! reporting into one channel with the input thread; a redraw after each batch. Leaving a
//! review returns to the picker (its analysis is cancelled; stale reports are dropped by their
//! generation number), leaving the picker ends the session.
//!
//! [`run_file`] is `kibitzer review FILE.pgn` on a terminal; [`run_game`] reviews one game in
//! a terminal that is already set up (play mode's "Review").

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

use anyhow::{Context, Result};
use ratatui::crossterm::event::{Event as TermEvent, KeyEventKind};
use ratatui::layout::Rect;
use shakmaty::Color;

use super::learn::{self, TryVerdict};
use super::picker::{Choice, Picker, ScanEvent, scan};
use super::screen::{Input, Screen};
use super::{ReviewEvent, ReviewJob, Settings};
use crate::config::PieceStyle;
use crate::engine::SearchMemory;
use crate::job::Job;
use crate::pgn::{self, PgnGame};
use crate::tui::Tui;
use crate::ui::Theme;

/// How the screens look.
#[derive(Debug, Clone)]
pub struct Look {
    /// Piece glyphs.
    pub pieces: PieceStyle,
    /// Colours.
    pub theme: Theme,
}

/// What reaches the loop.
#[derive(Debug)]
enum Msg {
    /// The terminal.
    Term(Input),
    /// The analysis of review number `.0`.
    Review(u64, ReviewEvent),
    /// A verdict on try number `.0`.
    Verdict(u64, Box<TryVerdict>),
    /// The file's scan.
    Scan(ScanEvent),
}

/// Which terminal events the review takes: key presses, mouse events and resizes.
fn term_input(e: TermEvent) -> Option<Msg> {
    match e {
        TermEvent::Key(k) if k.kind == KeyEventKind::Press => Some(Msg::Term(Input::Key(k))),
        TermEvent::Mouse(m) => Some(Msg::Term(Input::Mouse(m))),
        TermEvent::Resize(..) => Some(Msg::Term(Input::Resize)),
        _ => None,
    }
}

/// The open review: its screen, analysis and the try being judged.
struct Open {
    screen: Screen,
    _job: ReviewJob,
    judge: Option<Job<()>>,
}

/// The loop's state and its workers.
struct Session {
    tx: Sender<Msg>,
    /// The file the picker lists.
    file: Option<PathBuf>,
    settings: Settings,
    look: Look,
    side: Option<Color>,
    /// Generation of the open review (reports of older ones are dropped).
    generation: u64,
    /// Number of the latest try sent for judging (verdicts on older ones are dropped).
    tries: u64,
    open: Option<Open>,
}

impl Session {
    /// Opens `game`: a new screen and its analysis.
    fn open(&mut self, game: PgnGame, message: Option<String>) -> Result<()> {
        self.generation += 1;
        let generation = self.generation;
        let tx = self.tx.clone();
        let job = super::runner::spawn(game.game.clone(), self.settings.clone(), move |e| {
            let _ = tx.send(Msg::Review(generation, e));
        })
        .context("cannot start the review")?;
        let mut screen =
            Screen::new(game, self.look.pieces, self.look.theme.clone()).with_side(self.side);
        if let Some(m) = message {
            screen.say(m);
        }
        self.open = Some(Open {
            screen,
            _job: job,
            judge: None,
        });
        Ok(())
    }

    /// Opens game `number` of the picker's file; says why in the picker when it cannot.
    fn pick(&mut self, number: usize, picker: &mut Picker) -> Result<()> {
        let Some(path) = &self.file else {
            return Ok(());
        };
        match read_game(path, number) {
            Ok((game, message)) => self.open(game, message),
            Err(e) => {
                picker.say(format!("{e:#}"));
                Ok(())
            }
        }
    }

    /// Starts judging the try the screen hands out, if any.
    fn judge(&mut self) -> Result<()> {
        let Some(open) = &mut self.open else {
            return Ok(());
        };
        let Some((ply, mv)) = open.screen.take_try() else {
            return Ok(());
        };
        let Some(request) = learn::request(&open.screen.game().game, ply, Some(mv), &self.settings)
        else {
            return Ok(());
        };
        let tx = self.tx.clone();
        self.tries += 1;
        let number = self.tries;
        let hash = self.settings.hash_mb.min(64);
        open.judge = Some(
            Job::spawn("kibitzer-try", move |stop| {
                let mut memory = SearchMemory::new(hash);
                let verdict = learn::judge_try(&request, &mut memory, stop);
                if !stop.load(Ordering::Relaxed) {
                    let _ = tx.send(Msg::Verdict(number, Box::new(verdict)));
                }
            })
            .context("cannot start judging the try")?,
        );
        Ok(())
    }
}

/// Reads game `number` of `path` for the screen: a game with an illegal move up to the move
/// before it (the message says where it stopped).
///
/// # Errors
/// The file cannot be read, has no such game, or the game cannot be read at all.
pub fn read_game(path: &Path, number: usize) -> Result<(PgnGame, Option<String>)> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    match pgn::nth(file, number) {
        None => anyhow::bail!("{}: there is no game {number}", path.display()),
        Some(Ok(g)) => Ok((g.pgn, None)),
        Some(Err(e)) => match e.partial.clone() {
            Some(p) => Ok((
                p,
                Some(format!("reviewed up to the move before the error: {e}")),
            )),
            None => anyhow::bail!("game {number} cannot be reviewed: {e}"),
        },
    }
}

/// Whether the file holds more than one game (only the first two are looked at).
///
/// # Errors
/// The file cannot be opened.
pub fn has_several_games(path: &Path) -> Result<bool> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    Ok(pgn::nth(file, 2).is_some())
}

/// `kibitzer review FILE.pgn` on the terminal: game `game` when given or when the file holds a
/// single game, else the picker (leaving a review returns to it).
///
/// # Errors
/// The file or the game cannot be read, or the terminal cannot be used.
pub fn run_file(path: &Path, game: Option<usize>, settings: Settings, look: Look) -> Result<()> {
    let direct = match game {
        Some(n) => Some(read_game(path, n)?),
        None if !has_several_games(path)? => Some(read_game(path, 1)?),
        None => None,
    };
    let mut tui = Tui::enter().context("cannot set up the terminal")?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    run(
        &mut tui,
        Some((path, name)).filter(|_| direct.is_none()),
        direct,
        settings,
        look,
        None,
    )
}

/// Reviews `game` in a terminal already set up (play mode's "Review this game"), visiting the
/// mistakes of `side`; returns when the user leaves the review.
///
/// # Errors
/// The terminal cannot be used or the review cannot start.
pub fn run_game(
    tui: &mut Tui,
    game: PgnGame,
    settings: Settings,
    look: Look,
    side: Option<Color>,
) -> Result<()> {
    run(tui, None, Some((game, None)), settings, look, side)
}

/// Play mode's "Review this game": reviews the finished game of `snapshot` (the configuration's
/// engine, explanation level and theme; 200 ms per position) in the terminal of the game,
/// visiting the human's mistakes; returns when the user leaves the review.
///
/// # Errors
/// The terminal cannot be used or the review cannot start.
pub fn review_played(
    tui: &mut Tui,
    snapshot: &crate::app::persist::Snapshot,
    config: &crate::config::Config,
) -> Result<()> {
    // The game as saved (players named, dated), read back: one way to tag a played game.
    let text = crate::app::persist::encode(snapshot);
    let game = pgn::import(&text)
        .games
        .into_iter()
        .next()
        .context("the game could not be read back")?
        .pgn;
    let limits = crate::engine::SearchLimits::movetime(std::time::Duration::from_millis(
        super::command::DEFAULT_MOVETIME_MS,
    ));
    let settings = Settings::from_config(config, limits, config.explain.level);
    let look = Look {
        pieces: config.ui.pieces,
        theme: Theme::named(&config.ui.theme, crate::ui::ColorMode::from_env()),
    };
    run_game(tui, game, settings, look, Some(snapshot.human))
}

fn run(
    tui: &mut Tui,
    file: Option<(&Path, String)>,
    direct: Option<(PgnGame, Option<String>)>,
    settings: Settings,
    look: Look,
    side: Option<Color>,
) -> Result<()> {
    let (tx, rx): (Sender<Msg>, Receiver<Msg>) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let input = crate::tui::spawn_input(tx.clone(), Arc::clone(&stop), term_input);
    let mut session = Session {
        tx: tx.clone(),
        file: file.as_ref().map(|(p, _)| p.to_path_buf()),
        settings,
        look,
        side,
        generation: 0,
        tries: 0,
        open: None,
    };
    let mut picker = None;
    let mut scanner = None;
    if let Some((path, name)) = file {
        picker = Some(Picker::new(&name));
        let f = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        let scan_tx = tx.clone();
        scanner = Some(
            Job::spawn("kibitzer-scan", move |stop| {
                scan(f, stop, &mut |e| {
                    let _ = scan_tx.send(Msg::Scan(e));
                });
            })
            .context("cannot start reading the file")?,
        );
    }
    drop(tx);
    let result = (|| -> Result<()> {
        if let Some((game, message)) = direct {
            session.open(game, message)?;
        }
        loop {
            tui.terminal.draw(|f| match (&session.open, &picker) {
                (Some(open), _) => open.screen.render(f),
                (None, Some(p)) => p.render(f, &session.look.theme),
                (None, None) => {}
            })?;
            let Ok(first) = rx.recv() else { return Ok(()) };
            let area: Rect = tui.terminal.size()?.into();
            for msg in std::iter::once(first).chain(rx.try_iter()) {
                if !step(&mut session, picker.as_mut(), msg, area)? {
                    return Ok(());
                }
            }
        }
    })();
    session.open = None;
    drop(scanner);
    stop.store(true, Ordering::Relaxed);
    let _ = input.join();
    result
}

/// Handles one message; false ends the session.
fn step(session: &mut Session, picker: Option<&mut Picker>, msg: Msg, area: Rect) -> Result<bool> {
    match msg {
        Msg::Scan(e) => {
            if let Some(p) = picker {
                p.apply(e);
            }
        }
        Msg::Review(g, e) => {
            if let Some(open) = &mut session.open
                && g == session.generation
            {
                open.screen.update(Input::Review(e), area);
            }
        }
        Msg::Verdict(n, v) => {
            if let Some(open) = &mut session.open
                && n == session.tries
            {
                open.screen.update(Input::Verdict(v), area);
            }
        }
        Msg::Term(input) => {
            if let Some(open) = &mut session.open {
                if !open.screen.update(input, area) {
                    session.open = None;
                    return Ok(picker.is_some());
                }
                session.judge()?;
                return Ok(true);
            }
            let Some(p) = picker else { return Ok(false) };
            let choice = match input {
                Input::Key(k) => p.key(k, area),
                Input::Mouse(m) => p.mouse(m, area),
                _ => Choice::Stay,
            };
            match choice {
                Choice::Stay => {}
                Choice::Quit => return Ok(false),
                Choice::Open(n) => session.pick(n, p)?,
            }
        }
    }
    Ok(true)
}

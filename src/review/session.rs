//! The review screens' side of the runner: [`Workers`] carries out [`ReviewWork`] (a review's
//! analysis, a try to judge, the scan of a file, reading one game) on background threads that
//! report as [`Event::ReviewReport`] into the shell's one channel; [`run_file`] is
//! `kibitzer review FILE.pgn` on a terminal (the picker of a file of several games, else the
//! review of its game), run by the shell's loop (`crate::play::run_shell`).

use std::collections::HashMap;
use std::fs::File;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;

use anyhow::{Context, Result};

use super::picker::scan;
use super::screen::OnScreen;
use super::{ReviewGame, ReviewJob, Settings};
use crate::app::Event;
use crate::engine::SearchMemory;
use crate::job::Job;
use crate::pgn::{self, AnyGame};
use crate::shell::{Look, ReviewReport, ReviewWork, Shell};
use crate::tui::Tui;

/// The review screens' background work in flight; dropping it cancels and joins every job.
pub struct Workers {
    tx: Sender<Event>,
    /// The run's position database, given to every review and judged try.
    store: Option<std::sync::Arc<crate::posdb::Store>>,
    reviews: HashMap<u64, ReviewJob>,
    /// The try being judged, by review (a newer try replaces and cancels the older one).
    judges: HashMap<u64, Job<()>>,
    scanner: Option<Job<()>>,
}

impl Workers {
    /// Workers reporting on `tx`, their searches reading and feeding `store`.
    pub fn new(tx: Sender<Event>, store: Option<std::sync::Arc<crate::posdb::Store>>) -> Workers {
        Workers {
            tx,
            store,
            reviews: HashMap::new(),
            judges: HashMap::new(),
            scanner: None,
        }
    }

    /// Carries out `work`; a failure to start is returned as the event that reports it.
    pub fn execute(&mut self, work: ReviewWork) -> Option<Event> {
        match work {
            ReviewWork::Start { id, game, settings } => {
                let tx = self.tx.clone();
                let report = move |e| {
                    let _ = tx.send(Event::ReviewReport(ReviewReport::Analysis(id, e)));
                };
                let settings = super::Settings {
                    store: self.store.clone(),
                    ..*settings
                };
                let started = crate::variant::each_game!(game, ReviewGame(g) =>
                    super::runner::spawn(g.game, settings.clone(), report));
                match started {
                    Ok(job) => {
                        self.reviews.insert(id, job);
                    }
                    Err(e) => return Some(notice(id, &format!("cannot start the review: {e}"))),
                }
            }
            ReviewWork::Cancel(id) => {
                // Dropping a job cancels and joins it.
                self.reviews.remove(&id);
                self.judges.remove(&id);
            }
            ReviewWork::Judge {
                review,
                attempt,
                request,
                hash_mb,
            } => {
                let tx = self.tx.clone();
                let store = self.store.clone();
                let job = Job::spawn("kibitzer-try", move |stop| {
                    let mut memory = SearchMemory::new(hash_mb).with_store(store);
                    let verdict = request.judge(&mut memory, stop);
                    if !stop.load(Ordering::Relaxed) {
                        let _ = tx.send(Event::ReviewReport(ReviewReport::Verdict {
                            review,
                            attempt,
                            verdict: Box::new(verdict),
                        }));
                    }
                });
                match job {
                    Ok(job) => {
                        self.judges.insert(review, job);
                    }
                    Err(e) => {
                        return Some(notice(review, &format!("cannot judge the try: {e}")));
                    }
                }
            }
            ReviewWork::Scan(path) => {
                let file = match File::open(&path) {
                    Ok(f) => f,
                    Err(e) => {
                        return Some(Event::ReviewReport(ReviewReport::GameRead(
                            0,
                            Err(format!("cannot open {}: {e}", path.display())),
                        )));
                    }
                };
                let tx = self.tx.clone();
                match Job::spawn("kibitzer-scan", move |stop| {
                    scan(file, stop, &mut |e| {
                        let _ = tx.send(Event::ReviewReport(ReviewReport::Scan(e)));
                    });
                }) {
                    Ok(job) => self.scanner = Some(job),
                    Err(e) => {
                        return Some(Event::ReviewReport(ReviewReport::GameRead(
                            0,
                            Err(format!("cannot start reading the file: {e}")),
                        )));
                    }
                }
            }
            ReviewWork::Read(path, number) => {
                let read = read_game(&path, number).map_err(|e| format!("{e:#}"));
                return Some(Event::ReviewReport(ReviewReport::GameRead(number, read)));
            }
        }
        None
    }
}

/// A message for the review `id`'s bottom line, as its analysis would send it.
fn notice(id: u64, text: &str) -> Event {
    Event::ReviewReport(ReviewReport::Analysis(
        id,
        super::ReviewEvent::Notice(text.to_owned()),
    ))
}

/// Reads game `number` of `path` for the screen, as the game its `Variant` tag names (chess
/// or Pawn Battle): a game with an illegal move up to the move before it (the message says
/// where it stopped).
///
/// # Errors
/// The file cannot be read, has no such game, or the game cannot be read at all.
pub fn read_game(path: &Path, number: usize) -> Result<(ReviewGame, Option<String>)> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    match pgn::nth_any(file, number) {
        None => anyhow::bail!("{}: there is no game {number}", path.display()),
        Some(game) => crate::variant::each_game!(game, AnyGame(read) => readable(read, number)),
    }
}

/// A game as read for the screen ([`read_game`]): whole, or up to the move before its error.
fn readable<P: OnScreen>(
    read: Result<pgn::ImportedGame<P>, pgn::ImportError<P>>,
    number: usize,
) -> Result<(ReviewGame, Option<String>)> {
    match read {
        Ok(g) => Ok((P::review_game(g.pgn), None)),
        Err(e) => match e.partial.clone() {
            Some(p) => Ok((
                P::review_game(p),
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
    let store = settings.store.clone();
    let direct = match game {
        Some(n) => Some(read_game(path, n)?),
        None if !has_several_games(path)? => Some(read_game(path, 1)?),
        None => None,
    };
    let (shell, first) = match direct {
        Some((game, message)) => Shell::review(game, message, settings, look),
        None => {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            );
            Shell::picker(path.to_path_buf(), &name, settings, look)
        }
    };
    let tui = Tui::enter().context("cannot set up the terminal")?;
    crate::play::run_shell(tui, shell, first, None, store)
}

//! The review screens' background work (reviews, judged tries, the picker's scan), run for the
//! shell's runner (`play.rs`): started from a [`ReviewWork`], reported as [`Event`]s.

use std::collections::HashMap;
use std::fs::File;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;

use anyhow::{Context, Result};

use super::picker::scan;
use super::screen::OnScreen;
use super::{ReviewGame, ReviewJob};
use crate::app::Event;
use crate::engine::SearchMemory;
use crate::job::Job;
use crate::pgn::{self, AnyGame};
use crate::shell::{ReviewReport, ReviewWork};

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

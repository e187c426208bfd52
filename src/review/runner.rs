//! The review on a background thread: [`spawn`] starts [`review_game`] with its own stop flag,
//! then deepens it as [`Settings::refine`] says ([`super::refine::refine_game`]), and hands
//! every [`ReviewEvent`] to a callback (typically a send into the interface's channel);
//! [`ReviewJob`] cancels it and joins the thread when dropped, so opening another game or
//! quitting stops the analysis (and the refinement) cleanly.

use std::io;
use std::sync::atomic::Ordering;

use super::{ReviewEvent, Reviewed, Settings, review_game};
use crate::game::Game;

/// A running review. Dropping it cancels the review and joins its thread; `wait` gives true
/// when every ply was analysed.
pub type ReviewJob = crate::job::Job<bool>;

/// Starts reviewing `game` on a new thread; `on_event` receives the events in order (nothing
/// after a cancel).
///
/// # Errors
/// When the operating system cannot start a thread.
pub fn spawn<P: Reviewed>(
    game: Game<P>,
    settings: Settings,
    mut on_event: impl FnMut(ReviewEvent) + Send + 'static,
) -> io::Result<ReviewJob> {
    ReviewJob::spawn("kibitzer-review", move |flag| {
        let started = super::refine::Started::now();
        let mut plies = Vec::new();
        let finished = review_game(&game, &settings, flag, &mut |e| {
            if let ReviewEvent::Ply(p) = &e {
                plies.push((**p).clone());
            }
            if !flag.load(Ordering::Relaxed) {
                on_event(e);
            }
        });
        if finished {
            super::refine::refine_game(
                &game,
                &settings,
                &plies,
                settings.refine,
                started,
                flag,
                &mut |e| {
                    if !flag.load(Ordering::Relaxed) {
                        on_event(e);
                    }
                },
            );
        }
        finished
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchLimits;
    use std::sync::mpsc;

    fn game() -> Game {
        let mut g = Game::new();
        for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] {
            g.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn streams_plies_then_finishes() {
        let (tx, rx) = mpsc::channel();
        let settings = Settings {
            limits: SearchLimits::depth(2),
            hash_mb: 1,
            ..Settings::default()
        };
        let job = spawn(game(), settings, move |e| {
            let _ = tx.send(e);
        })
        .unwrap();
        assert_eq!(job.wait(), Some(true));
        let events: Vec<ReviewEvent> = rx.iter().collect();
        let plies = events
            .iter()
            .filter(|e| matches!(e, ReviewEvent::Ply(_)))
            .count();
        assert_eq!(plies, 6);
        assert!(matches!(events.last(), Some(ReviewEvent::Finished)));
    }

    #[test]
    fn a_refining_review_deepens_after_the_first_pass_until_dropped() {
        let (tx, rx) = mpsc::channel();
        let settings = Settings {
            limits: SearchLimits::depth(2),
            hash_mb: 1,
            threads: 1,
            refine: crate::review::refine::Refine::Unlimited,
            ..Settings::default()
        };
        let mut g = game();
        for m in ["Ke2", "Ke7"] {
            g.play_text(m).unwrap();
        }
        let job = spawn(g, settings, move |e| {
            let _ = tx.send(e);
        })
        .unwrap();
        let mut state = crate::review::ReviewState::new(8);
        let mut first_depth = None;
        // Wait for the second round, then leave: the job stops and joins.
        for e in rx.iter() {
            if first_depth.is_none() && state.is_finished() {
                first_depth = state.ply(6).map(|p| p.depth);
            }
            state.apply(e);
            if state.refining() == Some(crate::review::state::Refining::Round(6)) {
                break;
            }
        }
        drop(job);
        let (first, now) = (first_depth.unwrap(), state.ply(6).unwrap().depth);
        assert!(now > first, "6. Ke2 refined: depth {first} then {now}");
        assert!((0..8).all(|i| state.ply(i).is_some()));
    }

    #[test]
    fn dropping_the_job_cancels_it() {
        let (tx, rx) = mpsc::channel();
        let settings = Settings {
            limits: SearchLimits::default(), // maximum depth: only the cancel ends a search
            hash_mb: 1,
            ..Settings::default()
        };
        let job = spawn(game(), settings, move |e| {
            let _ = tx.send(e);
        })
        .unwrap();
        drop(job);
        assert!(rx.iter().all(|e| !matches!(e, ReviewEvent::Finished)));
    }
}

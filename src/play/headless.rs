//! Play mode without a terminal, for measuring the real clock path (issue 26's 1+0 time-loss
//! run, `examples/clock_match.rs`): the same [`Shell`], [`App`], engine link, background
//! analyses and effect runner as [`super::run_shell`], the system's clock, a 100 ms tick, and a
//! scripted human who answers at once, through the `:` prompt as a user types, with a move
//! chosen by a callback. Nothing is drawn.

use std::collections::VecDeque;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use shakmaty::{Chess, Color, Move, Position};

use super::Runner;
use super::engine_link::EngineLink;
use crate::app::{App, Event, Mode};
use crate::config::{Config, Dirs};
use crate::game::EndReason;
use crate::shell::Shell;

/// How a scripted game ended.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptedGame {
    /// The moves played (plies).
    pub plies: usize,
    /// The game's result as PGN writes it (`1-0`, `0-1`, `1/2-1/2`; `*` when it did not end).
    pub result: String,
    /// Why it ended (`None`: it did not end within the time allowed).
    pub reason: Option<EndReason>,
    /// The side whose flag fell, when one did.
    pub flagged: Option<Color>,
    /// The engine's least time left on its clock after any of its moves.
    pub engine_least_left: Option<Duration>,
}

/// Plays one game of `config` (its `[game] time_control`, `[engine] level` and `[game] human`,
/// which must be White or Black) through the play screen: `human` picks the scripted human's
/// move in the position (`None` stops the game there, unfinished); the game is also given up
/// after `limit` of wall time.
///
/// # Errors
/// When the engine thread cannot be started.
pub fn play_game(
    config: Config,
    dirs: Option<Dirs>,
    seed: u64,
    limit: Duration,
    mut human: impl FnMut(&Chess) -> Option<Move>,
) -> anyhow::Result<ScriptedGame> {
    let (app, first) = App::new(config, None, seed);
    let hash_mb = app.config.engine.hash_mb;
    let mut shell = Shell::play(app);
    let (tx, rx) = mpsc::channel();
    let engine = EngineLink::spawn(hash_mb, tx.clone())?;
    let mut runner = Runner::new(dirs, Some(engine), tx, None);
    let mut pending = VecDeque::new();
    runner.execute(first, &mut pending);
    let started = Instant::now();
    let mut last_tick = Instant::now();
    let mut least_left: Option<Duration> = None;
    let mut plies_seen = 0;
    loop {
        while let Some(ev) = pending.pop_front() {
            let fx = shell.update(ev);
            runner.execute(fx, &mut pending);
        }
        let Some(app) = shell.app() else { break };
        if app.game.outcome().is_some() || started.elapsed() > limit || shell.quit() {
            break;
        }
        if app.game.ply() != plies_seen {
            plies_seen = app.game.ply();
            if app.game.turn() == app.human
                && let Some(clock) = app.clock.as_ref()
            {
                let left = clock.remaining(!app.human, app.time.now());
                least_left = Some(least_left.map_or(left, |l| l.min(left)));
            }
        }
        if app.game.turn() == app.human && app.mode == Mode::Board {
            // The script has no move: the game is given up here, unfinished.
            let Some(mv) = human(app.game.position()) else {
                break;
            };
            let text = mv.to_uci(shakmaty::CastlingMode::Standard).to_string();
            pending.push_back(key(KeyCode::Char(':')));
            pending.extend(text.chars().map(|c| key(KeyCode::Char(c))));
            pending.push_back(key(KeyCode::Enter));
            continue;
        }
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(ev) => {
                pending.push_back(ev);
                pending.extend(rx.try_iter());
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if last_tick.elapsed() >= Duration::from_millis(100) {
            last_tick = Instant::now();
            pending.push_back(Event::Tick);
        }
    }
    let app = shell
        .app()
        .ok_or_else(|| anyhow::anyhow!("the play screen closed"))?;
    let outcome = app.game.outcome();
    let reason = outcome.as_ref().map(|o| o.reason);
    let flagged = reason
        .filter(|r| {
            matches!(
                r,
                EndReason::Timeout | EndReason::TimeoutVsInsufficientMaterial
            )
        })
        .map(|_| app.game.turn());
    Ok(ScriptedGame {
        plies: app.game.ply(),
        result: outcome
            .as_ref()
            .map_or("*", |o| o.result_token())
            .to_owned(),
        reason,
        flagged,
        engine_least_left: least_left,
    })
}

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// A random legal move of `pos` from a splitmix64 state: the scripted human of the time-loss
/// run. `None` when there is no legal move.
pub fn random_move(pos: &Chess, state: &mut u64) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    moves.get((z % moves.len() as u64) as usize).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scripted_human_plays_a_timed_game_through_the_play_screen() {
        let mut config = Config::default();
        config.game.time_control = "1+0".parse().unwrap();
        config.game.human = crate::config::HumanColor::White;
        config.engine.level = 1;
        config.engine.hash_mb = 1;
        let mut state = 3;
        // Twelve human moves at most, then the script stops the game.
        let mut left = 12;
        let game = play_game(config, None, 1, Duration::from_secs(60), |pos| {
            left -= 1;
            if left == 0 {
                return None;
            }
            random_move(pos, &mut state)
        })
        .unwrap();
        assert!(game.plies >= 2, "{game:?}");
        assert!(game.engine_least_left.is_some(), "{game:?}");
        assert!(game.flagged.is_none(), "{game:?}");
    }
}

//! The game's clocks as play drives them: pressed by moves, rewound by takebacks, paused by
//! dialogs, quitting and screens over play, and the flag.

use super::*;

impl<P: Playable> App<P> {
    // ----- clocks -----------------------------------------------------------------------

    /// Brings the clock to the game's live ply: a move played since presses it (the mover's
    /// time taken, the increment added), a takeback rewinds both clocks to that ply; then the
    /// side to move's clock runs unless the game is over or a dialog pauses it.
    pub(super) fn sync_clock(&mut self) {
        let now = self.time.now();
        let live = self.game.ply();
        let turn = self.game.turn();
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if clock.ply() > live {
            clock.rewind(live, turn);
        }
        while clock.ply() < live {
            clock.press(now);
        }
        self.run_clock();
    }

    /// Runs the side to move's clock when play goes on on the board (not under help, the
    /// new-game dialog or another screen).
    pub(super) fn run_clock(&mut self) {
        let now = self.time.now();
        let playing = self.outcome().is_none()
            && !self.covered
            && !matches!(self.mode, Mode::Help | Mode::NewGame(_));
        if let Some(clock) = self.clock.as_mut().filter(|_| playing) {
            clock.start(now);
        }
    }

    /// Another screen is pushed over play (`true`) or play is on top again (`false`): the
    /// clock pauses, then runs again from where it stopped ([`crate::screen::Screen::covered`]).
    pub(crate) fn set_covered(&mut self, covered: bool) {
        self.covered = covered;
        if covered {
            self.pause_clock();
        } else {
            self.run_clock();
        }
    }

    /// Stops the running clock (help, the new-game dialog, quit, game over).
    pub(super) fn pause_clock(&mut self) {
        let now = self.time.now();
        if let Some(clock) = self.clock.as_mut() {
            clock.pause(now);
        }
    }

    /// Ends the game when the running side's time is out (a draw when the other side cannot
    /// mate).
    pub(super) fn check_flag(&mut self, fx: &mut Vec<Effect>) {
        let now = self.time.now();
        let Some(loser) = self.clock.as_ref().and_then(|c| c.flagged(now)) else {
            return;
        };
        if self.outcome().is_some() || loser != self.game.turn() {
            return;
        }
        self.cancel_search(fx);
        self.game.flag(loser);
        if let Some(outcome) = self.outcome() {
            self.info(tr(
                "play-ran-out-of-time",
                &[
                    ("side", color_name(loser).into()),
                    ("outcome", outcome.to_string().into()),
                ],
            ));
        }
        self.after_change(fx, true);
    }

    /// The engine's clock for a search of its own move (its time left and the increment), so
    /// its time manager never lets it lose on time, whatever the level.
    pub(super) fn engine_clock(&self, purpose: Purpose) -> Option<crate::engine::Clock> {
        let clock = self.clock.as_ref().filter(|_| purpose == Purpose::Move)?;
        let TimeControl::Timed { increment, .. } = clock.control else {
            return None;
        };
        Some(crate::engine::Clock {
            remaining: clock.remaining(self.game.turn(), self.time.now()),
            increment,
            moves_to_go: None,
        })
    }

    /// Reads the clocks from `source` from now on (tests pass a fake one); a running clock
    /// restarts at the new source's reading.
    pub fn set_time_source(&mut self, source: TimeSource) {
        self.time = source;
        let now = self.time.now();
        if let Some(clock) = self.clock.as_mut() {
            clock.rebase(now);
        }
    }
}

//! A game's life cycle in play: the colour chosen, a game set on the board, and what follows
//! every change (clocks, analyses, autosave, archive, the engine's turn).

use super::*;

impl<P: Playable> App<P> {
    // ----- life cycle -------------------------------------------------------------------

    pub(super) fn pick_color(&mut self, choice: HumanColor) -> Color {
        match choice {
            HumanColor::White => Color::White,
            HumanColor::Black => Color::Black,
            HumanColor::Random => {
                // splitmix64: enough for a coin toss.
                self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = self.rng;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                z ^= z >> 31;
                if z & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                }
            }
        }
    }

    pub(super) fn set_game(&mut self, game: Game<P>, human: Color) {
        self.game = game;
        self.human = human;
        self.human_from = vec![(0, human)];
        self.orientation = human;
        self.cursor = if human == Color::White {
            Square::E2
        } else {
            Square::E7
        };
        self.input.clear();
        self.view_ply = None;
        self.hint = None;
        self.analyses.clear();
        self.analysis_queue.clear();
        self.mode = Mode::Board;
        self.clock = None;
    }

    /// After the game changed: save, detect the end, let the engine move.
    pub(super) fn after_change(&mut self, fx: &mut Vec<Effect>, save: bool) {
        // A move, a takeback, a load: what was being judged deeper is another game's moment.
        self.stop_deepening(fx);
        let live = self.game.ply();
        self.human_from
            .retain(|(from, _)| *from == 0 || *from <= live);
        if self.human_from.last().map(|(_, c)| *c) != Some(self.human) {
            self.human_from.push((live, self.human));
        }
        self.input.clear();
        self.hint = None;
        self.forget_stale_analyses(fx);
        self.next_analysis(fx);
        self.sync_clock();
        if self.outcome().is_some() {
            self.pause_clock();
            self.mode = Mode::GameOver { choice: None };
            if save {
                // The verdicts of moves still queued belong in the archive: it waits for them.
                self.archive_when_analysed = true;
                self.archive_when_done(fx);
            }
            return;
        }
        self.archive_when_analysed = false;
        if save {
            fx.push(Effect::Autosave(self.saved()));
        }
        if self.game.turn() != self.human && self.search.is_none() && self.engine_error.is_none() {
            self.start_search(Purpose::Move, fx);
        }
    }
}

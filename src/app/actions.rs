//! The play screen's board actions: moves, the prompt's commands, takeback and redo, new
//! games, the board editor and the analysis board asked of the shell, hints, draws, quitting.

use super::*;
use crate::i18n::{t, tr};

impl<P: Playable> App<P> {
    // ----- board actions ----------------------------------------------------------------

    pub(super) fn move_cursor(&mut self, dx: i32, dy: i32) {
        self.cursor = crate::ui::layout::step(self.cursor, dx, dy, self.orientation);
    }

    /// Whether the human may move now; sets an explaining message when not.
    pub(super) fn human_may_move(&mut self) -> bool {
        if let Some(outcome) = self.outcome() {
            self.error(tr(
                "play-over-new-or-undo",
                &[("outcome", outcome.to_string().into())],
            ));
            return false;
        }
        if self.game.turn() != self.human {
            self.error(t("play-engine-to-move"));
            return false;
        }
        true
    }

    /// Before a press on `sq`: back to the live position when browsing, and the human's turn
    /// checked. `None`: refused (the message says why); `Some(None)`: go on with the press;
    /// `Some(Some(step))`: the press is already decided.
    pub(super) fn may_enter(&mut self, sq: Square) -> Option<Option<Step>> {
        if self.browsing() {
            self.view_ply = None;
            self.input.clear();
        }
        if self.input.selected == Some(sq) {
            self.input.clear();
            return Some(Some(Step::Cancelled));
        }
        if !self.human_may_move() {
            self.input.clear();
            return None;
        }
        Some(None)
    }

    /// A press on `sq` (Enter or Space on the cursor's square).
    pub(super) fn pick_or_drop(&mut self, sq: Square, fx: &mut Vec<Effect>) {
        if let Some(step) = self.may_enter(sq) {
            let step = step.unwrap_or_else(|| self.input.press(self.game.position(), sq));
            self.on_step(step, fx);
        }
    }

    /// What a step of the move input means for the game.
    pub(super) fn on_step(&mut self, step: Step, fx: &mut Vec<Effect>) {
        match step {
            Step::Move(mv) => self.play_human(mv, fx),
            Step::Refused(why) => self.error(why.to_string()),
            Step::Nothing | Step::Picked(_) | Step::Cancelled | Step::ChoosePromotion => {}
        }
    }

    pub(super) fn play_human(&mut self, mv: Move, fx: &mut Vec<Effect>) {
        // A move made after the flag fell does not count.
        self.check_flag(fx);
        if self.outcome().is_some() {
            return;
        }
        self.view_ply = None;
        self.cancel_search(fx);
        let ply = self.game.ply();
        match self.game.play(mv) {
            Ok(_) => {
                self.after_change(fx, true);
                self.queue_analysis(ply, true, fx);
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    pub(super) fn run_prompt(&mut self, text: &str, fx: &mut Vec<Effect>) {
        if text.trim().is_empty() {
            return;
        }
        let command = match command::parse(text) {
            Ok(c) => c,
            Err(e) => return self.error(e),
        };
        match command {
            Command::New => {
                let color = self.config.game.human;
                self.start_new_game(color, fx);
            }
            Command::Flip => self.flip(),
            Command::Level(n) => {
                self.config.engine.level = n;
                self.info(tr("play-level-set", &[("level", n.into())]));
            }
            Command::ShowFen => {
                let fen = match self.view_ply {
                    Some(_) => self.shown_position().fen(),
                    None => self.game.fen(),
                };
                fx.push(Effect::Copy(fen.clone()));
                self.info(tr("play-copied", &[("fen", fen.as_str().into())]));
            }
            Command::SetFen(fen) => match Game::<P>::from_variant_fen(&fen) {
                Ok(game) => {
                    let human = self.human;
                    let note = self.set_up(game, human, fx);
                    self.info(tr("play-position-set", &[("note", note.into())]));
                    self.after_change(fx, true);
                }
                Err(e) => self.error(e.to_string()),
            },
            Command::Edit => self.edit(false, fx),
            Command::Save(path) => fx.push(Effect::Save(path, self.saved())),
            Command::Load(path, pick) => fx.push(Effect::Load(path, pick)),
            Command::Resign => {
                if self.outcome().is_some() {
                    self.error(t("play-already-over"));
                } else {
                    self.mode = Mode::Confirm(Confirm::Resign);
                }
            }
            Command::Draw => self.offer_draw(fx),
            Command::Pgn => {
                let pgn = self.pgn();
                fx.push(Effect::Copy(pgn.clone()));
                self.mode = Mode::Text(pgn);
                self.text_scroll = 0;
            }
            Command::Quit => self.do_quit(fx),
            Command::Hint => self.ask_hint(fx),
            Command::Feedback(line) => self.give_feedback(&line, fx),
            Command::Help => {
                self.pause_clock();
                self.mode = Mode::Help;
            }
            Command::Move(text) => {
                if self.browsing() {
                    self.view_ply = None;
                }
                if !self.human_may_move() {
                    return;
                }
                let before = self.game.ply();
                match self.game.parse_move(&text) {
                    Ok(mv) => {
                        self.play_human(mv, fx);
                        debug_assert!(self.game.ply() > before || self.message.is_some());
                    }
                    Err(e) => self.error(e.to_string()),
                }
            }
        }
    }

    pub(super) fn take_back(&mut self, fx: &mut Vec<Effect>) {
        self.cancel_search(fx);
        self.view_ply = None;
        self.input.clear();
        self.hint = None;
        if self.mode != Mode::Board {
            self.mode = Mode::Board;
        }
        // A resignation or a draw agreement is taken back alone: the moves stay.
        let by_hand = self.outcome().and_then(|o| {
            if o.reason == P::GameEnd::RESIGNATION {
                Some("play-took-back-resignation")
            } else if o.reason == P::GameEnd::AGREEMENT {
                Some("play-took-back-draw")
            } else {
                None
            }
        });
        if !self.game.undo() {
            self.error(t("play-nothing-to-take-back"));
            return;
        }
        if let Some(said) = by_hand {
            self.info(t(said));
            self.after_change(fx, true);
            return;
        }
        if self.game.turn() != self.human && self.game.ply() > 0 {
            self.game.undo();
        }
        self.info(t("play-took-back"));
        self.after_change(fx, true);
    }

    pub(super) fn redo(&mut self, fx: &mut Vec<Effect>) {
        if !self.game.can_redo() {
            self.error(t("play-nothing-to-redo"));
            return;
        }
        self.cancel_search(fx);
        self.view_ply = None;
        self.input.clear();
        self.hint = None;
        self.game.redo();
        if self.game.turn() != self.human && self.game.can_redo() {
            self.game.redo();
        }
        self.after_change(fx, true);
    }

    pub(super) fn flip(&mut self) {
        self.orientation = !self.orientation;
    }

    pub(super) fn open_new_game(&mut self) {
        self.pause_clock();
        self.mode = Mode::NewGame(NewGame {
            variant: P::VARIANT,
            color: self.config.game.human,
            level: self.config.engine.level,
            time: self.config.game.time_control,
        });
    }

    /// Before the game is replaced (new game, `:load`, `:fen`): an unfinished game with moves is
    /// kept in `games/`, not overwritten by the next autosave; a finished one still waiting for
    /// its analyses ([`App::archive_when_analysed`]) is archived now with what is known. Returns
    /// a note naming the moves left unexplained (the review analyses them), never silent.
    pub(super) fn archive_unfinished(&mut self, fx: &mut Vec<Effect>) -> Option<String> {
        let unfinished = self.outcome().is_none() && self.game.ply() > 0;
        if !(unfinished || self.archive_when_analysed) {
            return None;
        }
        self.archive_when_analysed = false;
        fx.push(Effect::Archive(self.saved()));
        let missing = self.analyses_pending();
        (missing > 0).then(|| tr("play-archived-unanalysed", &[("missing", missing.into())]))
    }

    /// Before a game of the other variant takes this screen's place ([`Effect::PlayOther`]):
    /// the search and the analyses are stopped and an unfinished game is archived, as
    /// [`App::replace_game`] does.
    pub(super) fn put_away(&mut self, fx: &mut Vec<Effect>) {
        self.cancel_search(fx);
        self.archive_unfinished(fx);
        self.cancel_analyses(fx);
        self.mode = Mode::Board;
    }

    /// Starts playing `game` against the engine (a new game, `:fen`, the editor's "play from
    /// here") with a fresh clock of the configured time control ([`App::replace_game`] does the
    /// rest). The caller says so, starting with the returned note, and calls
    /// [`App::after_change`].
    pub(super) fn set_up(&mut self, game: Game<P>, human: Color, fx: &mut Vec<Effect>) -> String {
        let turn = game.turn();
        let note = self.replace_game(game, human, fx);
        self.clock = Clock::new(self.config.game.time_control, turn);
        self.engine_opponent = true;
        note
    }

    /// Replaces the game (a new game, a set-up, `:load`): the search and the background
    /// analyses of the old one are cancelled, an unfinished one is archived, the engine forgets
    /// it. Returns the note of [`App::archive_unfinished`] (empty when there is none).
    pub(super) fn replace_game(
        &mut self,
        game: Game<P>,
        human: Color,
        fx: &mut Vec<Effect>,
    ) -> String {
        self.cancel_search(fx);
        let note = self.archive_unfinished(fx).unwrap_or_default();
        self.cancel_analyses(fx);
        self.set_game(game, human);
        fx.push(Effect::NewEngineGame);
        note
    }

    // ----- board editor -------------------------------------------------------------------

    /// Asks the shell for the board editor screen on the position shown (`start`: on the
    /// standard start position, from the new-game dialog; `kibitzer --edit`). The game is
    /// unchanged until the editor hands back a set-up ([`Event::PlayFrom`]); the editor opens
    /// on this game's set-ups (and can switch to the other game's).
    pub fn ask_editor(&mut self, start: bool) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.edit(start, &mut fx);
        fx
    }

    /// `e`, `:edit`, the new-game dialog's `e`: [`App::ask_editor`].
    pub(super) fn edit(&mut self, start: bool, fx: &mut Vec<Effect>) {
        let pos = if start {
            P::start()
        } else {
            self.shown_position().clone()
        };
        self.input.clear();
        fx.push(Effect::OpenEditor(Box::new(EditFrom {
            variant: P::VARIANT,
            setup: pos.editor_setup(),
            orientation: self.orientation,
            level: self.config.engine.level,
            human: self.human,
        })));
    }

    /// `a`: asks the shell for the analysis board on the game (either game), at the position
    /// shown.
    pub(super) fn open_analysis_board(&mut self, fx: &mut Vec<Effect>) {
        self.input.clear();
        fx.push(crate::analysis_board::AnalysisBoard::open(
            self.snapshot().game,
            self.shown_ply(),
            self.orientation,
            self.human,
        ));
    }

    /// `request` for the move at `ply` with a fresh id from play's counter.
    pub(super) fn numbered_analysis<Q: Playable>(
        &mut self,
        ply: usize,
        request: crate::analysis::Request<Q>,
    ) -> AnalysisRequest<Q> {
        self.next_id += 1;
        AnalysisRequest {
            id: AnalysisId(self.next_id),
            ply,
            request,
            hash_mb: self.config.engine.hash_mb,
        }
    }

    pub(super) fn start_new_game(&mut self, color: HumanColor, fx: &mut Vec<Effect>) {
        let human = self.pick_color(color);
        let note = self.set_up(Game::starting(), human, fx);
        let game = P::VARIANT.id();
        self.info(tr(
            "play-new-game",
            &[
                ("note", note.into()),
                ("game", game.into()),
                ("side", color_name(human).into()),
                ("level", self.config.engine.level.into()),
            ],
        ));
        self.after_change(fx, true);
    }

    pub(super) fn ask_hint(&mut self, fx: &mut Vec<Effect>) {
        if self.outcome().is_some() {
            return self.error(t("play-game-over"));
        }
        if self.game.turn() != self.human {
            return self.error(t("play-hint-not-your-move"));
        }
        if self.search.is_some() {
            return self.info(t("play-hint-already"));
        }
        self.view_ply = None;
        self.start_search(Purpose::Hint, fx);
        self.info(t("play-hint-looking"));
    }

    /// `:draw`: the engine accepts when its latest full-strength judgement of the live
    /// position says it is dead equal or the engine stands worse, and says why either way.
    pub(super) fn offer_draw(&mut self, fx: &mut Vec<Effect>) {
        if let Some(outcome) = self.outcome() {
            return self.error(tr(
                "play-already-over-outcome",
                &[("outcome", outcome.to_string().into())],
            ));
        }
        let Some(human_view) = self.live_score() else {
            return self.info(t("play-draw-not-judged"));
        };
        let engine_view = human_view.flip();
        let accepts = match engine_view {
            Score::Cp(cp) => cp <= DRAW_ACCEPT_CP,
            Score::Mate(n) => n < 0,
        };
        if !accepts {
            return self.info(tr(
                "play-draw-declined",
                &[(
                    "score",
                    crate::i18n::decimal(&engine_view.to_string()).into(),
                )],
            ));
        }
        let why = if matches!(engine_view, Score::Cp(cp) if cp >= -DRAW_ACCEPT_CP) {
            "equal"
        } else {
            "worse"
        };
        self.cancel_search(fx);
        self.game.agree_draw();
        self.info(tr(
            "play-draw-accepted",
            &[
                ("why", why.into()),
                (
                    "score",
                    crate::i18n::decimal(&engine_view.to_string()).into(),
                ),
            ],
        ));
        self.after_change(fx, true);
    }

    /// The latest full-strength score of the live position, from the human's side (see
    /// [`App::score_at`]).
    pub(super) fn live_score(&self) -> Option<Score> {
        self.score_at(self.game.ply())
    }

    /// The latest full-strength score of the position at `ply`, from the human's side: the
    /// explanation of the move that led there (its score after the move), else the engine's
    /// own full-strength search of that move. Never a weakened level's search (its moves are
    /// explained by a full-strength analysis, and its own search is not kept). `None` at the
    /// start or while the move waits for its analysis.
    #[must_use]
    pub fn score_at(&self, ply: usize) -> Option<Score> {
        let last = ply.checked_sub(1)?;
        let analysis = self.analysis_at(last)?;
        // Both are the mover's score after the move (the search's: at the root, best play).
        let mover_score = match analysis
            .explanation
            .as_ref()
            .and_then(|e| e.score_after.as_ref())
        {
            Some(score) => score.mover,
            None => analysis.thinking.as_ref()?.score,
        };
        Some(self.score_for_human(mover_score, &analysis.root))
    }

    pub(super) fn move_now(&mut self, fx: &mut Vec<Effect>) {
        if self.outcome().is_some() {
            return self.error(t("play-game-over"));
        }
        match self.search.as_mut() {
            Some(s) if s.purpose == Purpose::Move => {
                if !s.stopping {
                    s.stopping = true;
                    fx.push(Effect::StopSearch(s.id));
                }
            }
            _ if self.game.turn() != self.human => {
                self.cancel_search(fx);
                if self.engine_error.is_none() {
                    self.start_search(Purpose::Move, fx);
                }
            }
            _ => {
                // The human's turn: the engine takes over this side; the human plays the other.
                self.cancel_search(fx);
                self.human = !self.human;
                self.human_from.push((self.game.ply(), self.human));
                self.input.clear();
                self.info(tr(
                    "play-engine-moves-now",
                    &[("side", color_name(self.human).into())],
                ));
                self.after_change(fx, false);
            }
        }
    }

    pub(super) fn browse_back(&mut self) {
        self.input.clear();
        let ply = self.shown_ply();
        if ply > 0 {
            self.view_ply = Some(ply - 1);
        }
    }

    pub(super) fn browse_forward(&mut self) {
        let ply = self.shown_ply();
        self.view_ply = if ply + 1 >= self.game.ply() {
            None
        } else {
            Some(ply + 1)
        };
    }

    pub(super) fn do_quit(&mut self, fx: &mut Vec<Effect>) {
        self.cancel_search(fx);
        self.pause_clock();
        if self.archive_when_analysed {
            // A finished game waiting for its analyses: archived now with what is known.
            self.archive_unfinished(fx);
        }
        self.cancel_analyses(fx);
        if self.outcome().is_none() {
            if let Some(why) = self.autosave_error.clone() {
                // Earlier autosaves failed: warn and offer to save elsewhere.
                self.mode = Mode::Confirm(Confirm::QuitUnsaved(why));
                return;
            }
            // If this last autosave fails, `Event::Autosaved` takes the quit back and asks.
            fx.push(Effect::Autosave(self.saved()));
        }
        self.quit = true;
        fx.push(Effect::Quit);
    }
}

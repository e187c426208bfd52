//! The background analyses of the moves played: the queue (latest first), requests, the
//! explanations they bring back and restoring saved ones on resume.

use super::*;

impl<P: Playable> App<P> {
    /// The analysis request for the move at `ply` (`played`: `None` = the engine's choice),
    /// with the game's history, the human's colour and the explanation settings: the one
    /// place the App describes a move to [`crate::analysis`].
    pub(super) fn analysis_request(
        &self,
        ply: usize,
        played: Option<Move>,
    ) -> Option<crate::analysis::Request<P>> {
        let before = self.game.position_at(ply)?.clone();
        let mut req = self.base_request(before);
        req.history = self.game.history_keys().get(..ply)?.to_vec();
        req.played = played;
        req.previous = ply
            .checked_sub(1)
            .and_then(|p| self.game.all_moves().get(p))
            .map(|m| m.mv);
        req.ply = ply;
        req.human = Some(self.human_at(ply));
        Some(req)
    }

    /// [`playable::base_request`] with this screen's settings.
    pub(super) fn base_request<Q: Playable>(&self, before: Q) -> crate::analysis::Request<Q> {
        playable::base_request(&self.config, before)
    }

    /// The explanation of `mv` at `ply` from the engine's own finished search of that
    /// position (its move or a hint), through [`crate::analysis::assemble`].
    pub(super) fn explain_search(
        &self,
        ply: usize,
        mv: Move,
        t: &Thinking,
    ) -> Option<crate::explain::Explanation> {
        let result = t.result.as_deref()?;
        let req = self.analysis_request(ply, Some(mv))?;
        crate::analysis::assemble(&req, result, None).explanation
    }

    /// Starts the next queued background analysis when none runs.
    pub(super) fn next_analysis(&mut self, fx: &mut Vec<Effect>) {
        while self.analysing.is_none() {
            let Some(ply) = self.analysis_queue.pop_front() else {
                return;
            };
            if ply >= self.game.ply() || self.analysis_at(ply).is_some() {
                continue;
            }
            let Some(played) = self.game.all_moves().get(ply).map(|m| m.mv) else {
                continue;
            };
            let Some(request) = self.analysis_request(ply, Some(played)) else {
                continue;
            };
            let analysis = self.numbered_analysis(ply, request);
            self.analysing = Some((analysis.id, ply));
            fx.push(Effect::Analyse(P::analysis_job(analysis)));
        }
    }

    /// Queues the analysis of the move at `ply` (ahead of the others when `first`).
    pub(super) fn queue_analysis(&mut self, ply: usize, first: bool, fx: &mut Vec<Effect>) {
        if self.analysis_pending(ply) || self.analysis_at(ply).is_some() {
            return;
        }
        if first {
            self.analysis_queue.push_front(ply);
        } else {
            self.analysis_queue.push_back(ply);
        }
        self.next_analysis(fx);
    }

    pub(super) fn on_analysed(
        &mut self,
        id: AnalysisId,
        analysis: crate::analysis::Analysis,
        fx: &mut Vec<Effect>,
    ) {
        if let Some(d) = self.deepening.take_if(|d| d.id == id) {
            return self.on_deepened(d, analysis, fx);
        }
        let Some((_, ply)) = self.analysing.take_if(|(a, _)| *a == id) else {
            return; // stale: cancelled by a takeback, a new game or a load
        };
        let still_played = self
            .game
            .all_moves()
            .get(ply)
            .is_some_and(|m| Some(m.mv) == analysis.mv);
        if let (true, Some(mv), Some(root)) = (
            still_played,
            analysis.mv,
            self.game.position_at(ply).cloned(),
        ) {
            self.analyses.insert(
                ply,
                MoveAnalysis {
                    mv,
                    thinking: None,
                    root,
                    explanation: analysis.explanation,
                    saved: Vec::new(),
                    depth: Some(analysis.search.depth),
                    judged_by: Some(analysis.judged_by),
                    round: 0,
                },
            );
            if ply < self.game.ply() && self.outcome().is_none() {
                fx.push(Effect::Autosave(self.saved()));
            }
        }
        self.next_analysis(fx);
        self.archive_when_done(fx);
    }

    /// Play mode's verdicts deepen while the human thinks (issue 36): when nothing else needs
    /// the engine (the human to move, no search, no first judgement waiting, no screen over
    /// play, the game going on), the last two moves, the human's and the engine's reply shown
    /// in the panel, are judged again in the background, the least deepened first (the
    /// human's on a tie), each round [`crate::review::refine::STEP`] plies deeper than the
    /// verdict it would replace ([`crate::review::refine::deeper_judgement`]), at most
    /// [`crate::review::refine::MAX_ROUNDS`] rounds a move. A position the endgame tables
    /// judged is exact already, and a book move is not judged. Called on every tick and when a
    /// deeper judgement is in.
    pub(super) fn deepen(&mut self, fx: &mut Vec<Effect>) {
        use crate::review::refine::MAX_ROUNDS;
        if self.outcome().is_some() || !self.config.analysis.deepen_while_thinking {
            // A flag fell meanwhile (the game is over), or the player turned deepening off.
            self.stop_deepening(fx);
            if !self.config.analysis.deepen_while_thinking {
                return;
            }
        }
        let idle = self.deepening.is_none()
            && self.analysing.is_none()
            && self.analysis_queue.is_empty()
            && self.search.is_none()
            && !self.covered
            && self.outcome().is_none()
            && self.game.turn() == self.human;
        if !idle {
            return;
        }
        let live = self.game.ply();
        let next = (live.saturating_sub(2)..live)
            .filter_map(|p| self.analyses.get(&p).map(|a| (a.round, p, a)))
            .filter(|(round, _, a)| {
                let book = a
                    .explanation
                    .as_ref()
                    .and_then(|e| e.quality.as_ref())
                    .is_some_and(|q| q.quality == crate::explain::quality::Quality::Book);
                *round < MAX_ROUNDS
                    && !book
                    && a.judged_by.as_deref() != Some(crate::analysis::TABLEBASE_NAME)
            })
            .map(|(round, p, a)| (round, p, a.mv, a.depth))
            .min_by_key(|&(round, p, ..)| (round, p));
        let Some((round, ply, mv, depth)) = next else {
            return;
        };
        let Some(mut request) = self.analysis_request(ply, Some(mv)) else {
            return;
        };
        let round = round + 1;
        let (limits, budget) = crate::review::refine::deeper_judgement(
            &request.limits,
            request.analyst.budget.as_ref(),
            depth,
            round,
        );
        request.limits = limits;
        request.analyst.budget = budget;
        let analysis = self.numbered_analysis(ply, request);
        self.deepening = Some(Deepening {
            id: analysis.id,
            ply,
            round,
        });
        fx.push(Effect::Analyse(P::analysis_job(analysis)));
    }

    /// A deeper judgement is in: it replaces the verdict of its move when the same analyst
    /// searched at least as deep (or the verdict was the engine's own search or a saved
    /// text); the next round starts at once.
    fn on_deepened(
        &mut self,
        d: Deepening,
        analysis: crate::analysis::Analysis,
        fx: &mut Vec<Effect>,
    ) {
        let Some(old) = self
            .analyses
            .get_mut(&d.ply)
            .filter(|a| Some(a.mv) == analysis.mv)
        else {
            return;
        };
        old.round = old.round.max(d.round);
        let depth = analysis.search.depth;
        let replaces = match &old.judged_by {
            None => true,
            Some(judge) => *judge == analysis.judged_by && old.depth.is_none_or(|o| depth >= o),
        };
        if replaces && analysis.explanation.is_some() {
            old.explanation = analysis.explanation;
            old.judged_by = Some(analysis.judged_by);
            old.depth = Some(depth);
            fx.push(Effect::Autosave(self.saved()));
        }
        self.deepen(fx);
    }

    /// A deeper judgement failed: the move keeps its verdict and is not judged deeper again.
    pub(super) fn on_deepening_failed(&mut self, d: Deepening, why: &str) {
        if let Some(a) = self.analyses.get_mut(&d.ply) {
            a.round = crate::review::refine::MAX_ROUNDS;
        }
        self.error(crate::i18n::tr(
            "deepening-failed",
            &[("why", why.to_owned().into())],
        ));
    }

    /// Stops the deeper judgement in flight, if any (its move keeps the verdict it has).
    pub(super) fn stop_deepening(&mut self, fx: &mut Vec<Effect>) {
        if let Some(d) = self.deepening.take() {
            fx.push(Effect::CancelAnalysis(d.id));
        }
    }

    /// Whether the move at `ply` is being judged deeper now.
    #[must_use]
    pub fn deepening_at(&self, ply: usize) -> bool {
        self.deepening.is_some_and(|d| d.ply == ply)
    }

    /// The number of moves waiting for or in a background analysis.
    #[must_use]
    pub fn analyses_pending(&self) -> usize {
        self.analysis_queue.len() + usize::from(self.analysing.is_some())
    }

    /// Archives the finished game once no analysis is pending (see
    /// [`App::archive_when_analysed`]).
    pub(super) fn archive_when_done(&mut self, fx: &mut Vec<Effect>) {
        if self.archive_when_analysed && self.analyses_pending() == 0 {
            self.archive_when_analysed = false;
            fx.push(Effect::Archive(self.saved()));
        }
    }

    /// Cancels the background analyses (running and queued).
    pub(super) fn cancel_analyses(&mut self, fx: &mut Vec<Effect>) {
        self.stop_deepening(fx);
        self.analysis_queue.clear();
        if let Some((id, _)) = self.analysing.take() {
            fx.push(Effect::CancelAnalysis(id));
        }
    }

    /// Drops what no longer belongs to the game (after a takeback or another move): entries
    /// whose move differs, and analyses of plies beyond the live position.
    pub(super) fn forget_stale_analyses(&mut self, fx: &mut Vec<Effect>) {
        let moves = self.game.all_moves();
        self.analyses
            .retain(|&p, a| moves.get(p).is_some_and(|m| m.mv == a.mv));
        let live = self.game.ply();
        self.analysis_queue.retain(|&p| p < live);
        if let Some((id, _)) = self.analysing.take_if(|(_, p)| *p >= live) {
            fx.push(Effect::CancelAnalysis(id));
        }
    }

    /// After loading or resuming a game: the moves' saved explanations (PGN comments written by
    /// [`App::snapshot`]) are shown at once; the others are analysed in the background, the
    /// latest first.
    pub(super) fn restore_explanations(&mut self) {
        for ply in 0..self.game.ply() {
            let (Some(played), Some(root)) =
                (self.game.all_moves().get(ply), self.game.position_at(ply))
            else {
                continue;
            };
            match played
                .comment
                .as_deref()
                .and_then(persist::read_explanation)
            {
                Some(saved) => {
                    self.analyses.insert(
                        ply,
                        MoveAnalysis {
                            mv: played.mv,
                            thinking: None,
                            root: root.clone(),
                            explanation: None,
                            saved,
                            judged_by: None,
                            depth: None,
                            round: 0,
                        },
                    );
                }
                None => self.analysis_queue.push_front(ply),
            }
        }
    }
}

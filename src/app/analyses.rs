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
                    judged_by: Some(analysis.judged_by),
                },
            );
            if ply < self.game.ply() && self.outcome().is_none() {
                fx.push(Effect::Autosave(self.saved()));
            }
        }
        self.next_analysis(fx);
        self.archive_when_done(fx);
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
                        },
                    );
                }
                None => self.analysis_queue.push_front(ply),
            }
        }
    }
}

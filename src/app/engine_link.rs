//! Play's link to the engine: the searches of its own moves and of hints started and
//! cancelled, and its reports applied (the types they travel in are in `app/search.rs`).

use super::*;

impl<P: Playable> App<P> {
    // ----- engine -----------------------------------------------------------------------

    pub(super) fn cancel_search(&mut self, fx: &mut Vec<Effect>) {
        if let Some(s) = self.search.take() {
            fx.push(Effect::StopSearch(s.id));
        }
    }

    pub(super) fn start_search(&mut self, purpose: Purpose, fx: &mut Vec<Effect>) {
        // The engine's own search comes first: a deeper judgement would take its core.
        self.stop_deepening(fx);
        self.next_id += 1;
        let id = SearchId(self.next_id);
        let root = self.game.position().clone();
        let position = root.search_position(&self.config);
        self.search = Some(Search {
            id,
            purpose,
            root,
            thinking: None,
            stopping: false,
        });
        self.spinner = 0;
        fx.push(Effect::StartSearch(SearchRequest {
            id,
            purpose,
            position,
            history: self.game.history_keys().to_vec(),
            engine: self.config.engine.clone(),
            eval: self.config.eval.clone(),
            clock: self.engine_clock(purpose),
        }));
    }

    pub(super) fn on_engine_done(
        &mut self,
        id: SearchId,
        best: Option<Move>,
        thinking: Thinking,
        fx: &mut Vec<Effect>,
    ) {
        let Some(search) = self.search.take_if(|s| s.id == id) else {
            return; // stale: a takeback or new game cancelled it
        };
        let Some(mv) = best else {
            // No move although the game goes on (the search was stopped before it had one):
            // do not restart by itself, which could loop; `s` asks again.
            self.error(tr(
                "play-engine-no-move",
                &[("key", self.keys.key_of(PlayAction::MoveNow).into())],
            ));
            return;
        };
        match search.purpose {
            Purpose::Hint => {
                let san = search.root.clone().play_san(mv);
                self.info(format!(
                    "hint: {san}, {}",
                    self.score_words(thinking.score, &search.root)
                ));
                let explanation = self.explain_search(self.game.ply(), mv, &thinking);
                self.hint = Some(Hint {
                    mv,
                    thinking,
                    explanation,
                });
            }
            Purpose::Move => {
                self.check_flag(fx);
                if self.outcome().is_some() {
                    return;
                }
                let ply = self.game.ply();
                // A weakened level's search judges badly on purpose: its move is explained by
                // a full-strength background analysis instead, never by that search.
                let weakened = Level::get(self.config.engine.level).is_imperfect();
                let explanation = if weakened {
                    None
                } else {
                    self.explain_search(ply, mv, &thinking)
                };
                match self.game.play(mv) {
                    Ok(_) => {
                        if weakened {
                            self.after_change(fx, true);
                            self.queue_analysis(ply, true, fx);
                            return;
                        }
                        let depth = thinking.depth;
                        self.analyses.insert(
                            ply,
                            MoveAnalysis {
                                mv,
                                thinking: Some(thinking),
                                root: search.root,
                                explanation,
                                saved: Vec::new(),
                                judged_by: None,
                                depth: Some(depth),
                                round: 0,
                            },
                        );
                        self.after_change(fx, true);
                    }
                    Err(e) => self.error(tr(
                        "play-engine-move-refused",
                        &[("why", e.to_string().into())],
                    )),
                }
            }
        }
    }
}

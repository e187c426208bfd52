//! Learn from your mistakes on the review screen: the try prompt at a mistake of the chosen
//! side ([`Learn`]), a try typed or entered on the board, handed out for judging, and the
//! verdict shown.

use super::*;

/// "Learn from your mistakes" at one mistake (ply `ply`, the board before it).
#[derive(Debug, Clone, PartialEq)]
pub enum Learn {
    /// Typing a try (or entering it on the board).
    Prompt {
        /// The mistake's ply.
        ply: usize,
        /// Text typed so far.
        text: String,
        /// The move entered on the board so far (picked piece, promotion picker).
        input: MoveInput,
        /// Why the last try could not be read.
        error: Option<String>,
    },
    /// The engine is judging a try.
    Judging {
        /// The mistake's ply.
        ply: usize,
        /// The try, SAN.
        san: String,
    },
    /// The verdict on a try.
    Verdict {
        /// The mistake's ply.
        ply: usize,
        /// The try, SAN.
        san: String,
        /// Whether it loses less than [`crate::review::learn::GOOD_TRY`] against the best.
        good: bool,
        /// Its loss of winning chances against the best move.
        drop: f64,
        /// Its explanation.
        sentences: Vec<String>,
    },
}

/// The empty prompt at the mistake `ply`, with `error` from the last try.
pub(super) fn prompt(ply: usize, error: Option<String>) -> Learn {
    Learn::Prompt {
        ply,
        text: String::new(),
        input: MoveInput::default(),
        error,
    }
}

impl Learn {
    pub(crate) fn ply(&self) -> usize {
        match self {
            Learn::Prompt { ply, .. } | Learn::Judging { ply, .. } | Learn::Verdict { ply, .. } => {
                *ply
            }
        }
    }
}

crate::keys::actions! {
    /// What a key asks of the review screen once a try was judged (`[[review_try]]`).
    pub enum TryAction in "review_try" {
        /// Try again.
        Again = "again",
        /// Reveal the best move.
        Reveal = "reveal",
        /// The next mistake, and try it.
        Next = "next",
        /// Back to the review.
        Leave = "leave",
    }
}

impl<P: OnScreen> Screen<P> {
    /// The ply at the cursor when it is a mistake (inaccuracy or worse) of the chosen side.
    pub(crate) fn learnable(&self) -> Option<usize> {
        let p = self.browser.ply()?;
        let r = self.state.ply(p)?;
        let side_ok = self.browser.side.is_none_or(|c| r.mover == c);
        (r.classification.is_error() && side_ok).then_some(p)
    }

    pub(super) fn start_learning(&mut self) {
        match self.learnable() {
            Some(ply) => {
                self.message = None;
                self.learn = Some(prompt(ply, None));
            }
            None => {
                self.message = Some(Message::info(tr(
                    "review-try-where",
                    &[
                        ("try", self.keys.key_of(ReviewAction::Try).into()),
                        ("next", self.keys.key_of(ReviewAction::NextMistake).into()),
                    ],
                )));
            }
        }
    }

    /// Reads a try typed or clicked at the mistake `ply`, and hands it out for judging.
    pub(super) fn submit(&mut self, ply: usize, text: &str) {
        let Some(pos) = self.game.game.position_at(ply) else {
            return;
        };
        match pos.parse_move(text.trim()) {
            Ok(mv) => self.submit_move(ply, mv),
            Err(e) => {
                self.learn = Some(Learn::Prompt {
                    ply,
                    text: text.to_owned(),
                    input: MoveInput::default(),
                    error: Some(e.to_string()),
                });
            }
        }
    }

    /// Hands the try `mv` at the mistake `ply` out for judging.
    pub(super) fn submit_move(&mut self, ply: usize, mv: Move) {
        let Some(pos) = self.game.game.position_at(ply) else {
            return;
        };
        let san = pos.san(mv);
        self.submitted = Some((ply, mv));
        self.learn = Some(Learn::Judging { ply, san });
    }

    /// What a step of the move input on the board means for the try at `ply`.
    pub(super) fn on_step(&mut self, ply: usize, text: String, input: MoveInput, step: Step) {
        match step {
            Step::Move(mv) => self.submit_move(ply, mv),
            Step::Refused(why) => {
                self.learn = Some(Learn::Prompt {
                    ply,
                    text,
                    input,
                    error: Some(why.to_string()),
                });
            }
            Step::Nothing | Step::Picked(_) | Step::Cancelled | Step::ChoosePromotion => {
                self.learn = Some(Learn::Prompt {
                    ply,
                    text,
                    input,
                    error: None,
                });
            }
        }
    }

    pub(super) fn verdict(&mut self, v: learn::TryVerdict) {
        let Some(Learn::Judging { ply, san }) = &self.learn else {
            return; // cancelled meanwhile
        };
        let sentences = v
            .analysis
            .explanation
            .map(|e| e.sentences.into_iter().map(|s| s.text).collect())
            .unwrap_or_default();
        self.learn = Some(Learn::Verdict {
            ply: *ply,
            san: san.clone(),
            good: v.good,
            drop: v.drop,
            sentences,
        });
    }

    pub(super) fn learn_key(&mut self, learn: Learn, k: KeyEvent) -> bool {
        match learn {
            Learn::Prompt {
                ply,
                text,
                mut input,
                ..
            } if input.promotion.is_some() => {
                if let Some(pos) = self.game.game.position_at(ply) {
                    let step = input.promotion_key(pos, k, &self.keys);
                    self.on_step(ply, text, input, step);
                }
            }
            Learn::Prompt {
                ply,
                mut text,
                input,
                error,
            } => match k.code {
                KeyCode::Esc => self.learn = None,
                KeyCode::Enter => self.submit(ply, &text),
                KeyCode::Backspace => {
                    text.pop();
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text,
                        input,
                        error,
                    });
                }
                KeyCode::Char(c) => {
                    crate::prompt::push(&mut text, c);
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text,
                        input,
                        error: None,
                    });
                }
                _ => {
                    self.learn = Some(Learn::Prompt {
                        ply,
                        text,
                        input,
                        error,
                    })
                }
            },
            Learn::Judging { .. } => {
                if k.code == KeyCode::Esc {
                    self.learn = None;
                }
            }
            Learn::Verdict { ply, .. } => match self.keys.action::<TryAction>(&k) {
                Some(TryAction::Again) => self.learn = Some(prompt(ply, None)),
                Some(TryAction::Reveal) => {
                    self.learn = None;
                    if let Some(r) = self.state.ply(ply) {
                        self.message = Some(Message::info(tr(
                            "review-best-was",
                            &[
                                ("move", crate::i18n::san(&r.best_move).into_owned().into()),
                                (
                                    "score",
                                    crate::i18n::decimal(&crate::review::score_text(
                                        r.best_score,
                                        P::VARIANT,
                                    ))
                                    .into(),
                                ),
                                ("key", self.keys.key_of(ReviewAction::NextMistake).into()),
                            ],
                        )));
                    }
                }
                Some(TryAction::Next) => {
                    self.learn = None;
                    self.nav(Nav::NextError);
                    if self.message.is_none() {
                        self.start_learning();
                    }
                }
                Some(TryAction::Leave) => self.learn = None,
                None => {
                    self.learn = None;
                    return self.key(k);
                }
            },
        }
        true
    }
}

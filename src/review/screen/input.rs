//! The review screen's keys and mouse: a key or a click becomes the screen's action through
//! the keymap ([`crate::keys`]), the feedback prompt, the move list's pick.

use super::*;

crate::keys::actions! {
    /// What a key asks of the review screen (`[[review]]` in `assets/keys/default.toml`).
    pub enum ReviewAction in "review" {
        /// One ply back.
        Back = "back",
        /// One ply forward.
        Forward = "forward",
        /// The next mistake of the chosen side.
        NextMistake = "next_mistake",
        /// The previous mistake of the chosen side.
        PreviousMistake = "previous_mistake",
        /// Visit White's mistakes (again: both sides').
        White = "white",
        /// Visit Black's mistakes (again: both sides').
        Black = "black",
        /// The analysis board on the position shown.
        AnalysisBoard = "analysis_board",
        /// The start of the game.
        Start = "start",
        /// The end of the game.
        End = "end",
        /// Pick the move a row up in the list.
        ListUp = "list_up",
        /// Pick the move a row down in the list.
        ListDown = "list_down",
        /// Jump to the move picked in the list.
        ListJump = "list_jump",
        /// Scroll the explanation panel down.
        ScrollDown = "scroll_down",
        /// Scroll the explanation panel up.
        ScrollUp = "scroll_up",
        /// Type a move number to go to.
        Goto = "goto",
        /// Try a better move at a mistake.
        Try = "try",
        /// Flip the board.
        Flip = "flip",
        /// Write the review as a web page.
        Share = "share",
        /// Feedback on the explanation shown.
        Feedback = "feedback",
        /// Review again with the other analyst.
        SwitchAnalyst = "switch_analyst",
        /// The help overlay.
        Help = "help",
        /// Leave the review.
        Quit = "quit",
    }
}

impl<P: OnScreen> Screen<P> {
    pub(super) fn key(&mut self, k: KeyEvent) -> bool {
        if self.help {
            self.help = false;
            return true;
        }
        if let Some(learn) = self.learn.take() {
            return self.learn_key(learn, k);
        }
        if let Some(mut line) = self.feedback.take() {
            match crate::prompt::edit(&mut line, k) {
                crate::prompt::Typing::Done => self.give_feedback(&line),
                crate::prompt::Typing::Cancelled => {}
                crate::prompt::Typing::Editing => self.feedback = Some(line),
            }
            return true;
        }
        if let Some(buf) = &mut self.goto {
            match k.code {
                KeyCode::Char(c) if c.is_ascii_digit() || c == '.' => {
                    crate::prompt::push(buf, c);
                }
                KeyCode::Backspace => {
                    buf.pop();
                }
                KeyCode::Enter => {
                    let text = buf.clone();
                    self.goto = None;
                    let side = if text.ends_with("...") {
                        Color::Black
                    } else {
                        Color::White
                    };
                    match text.trim_end_matches('.').parse::<u32>() {
                        Ok(n) => self.nav(Nav::Move(n, side)),
                        Err(_) => self.message = Some(Message::error(t("review-type-move-number"))),
                    }
                }
                KeyCode::Esc => self.goto = None,
                _ => {}
            }
            return true;
        }
        let Some(action) = self.keys.action::<ReviewAction>(&k) else {
            return true;
        };
        match action {
            ReviewAction::Quit => return false,
            ReviewAction::Back => self.nav(Nav::Back),
            ReviewAction::Forward => self.nav(Nav::Forward),
            ReviewAction::NextMistake => self.nav(Nav::NextError),
            ReviewAction::PreviousMistake => self.nav(Nav::PreviousError),
            ReviewAction::Start => self.nav(Nav::Start),
            ReviewAction::End => self.nav(Nav::End),
            ReviewAction::Flip => self.nav(Nav::Flip),
            ReviewAction::Share => {
                let plies = self.state.known();
                let limits = &self.settings.limits;
                let doc =
                    crate::review::document::ReviewDocument::new(1, &self.game, limits, &plies);
                self.message = Some(match crate::share::page::share(&doc, self.state.len()) {
                    Ok(done) => Message::info(done),
                    Err(e) => Message::error(e),
                });
            }
            ReviewAction::Goto => self.goto = Some(String::new()),
            ReviewAction::White => self.choose_side(Color::White),
            ReviewAction::Black => self.choose_side(Color::Black),
            ReviewAction::AnalysisBoard => self.analyse = true,
            ReviewAction::Try => self.start_learning(),
            ReviewAction::SwitchAnalyst => self.switch_analyst(),
            ReviewAction::Feedback => match self.shown_feedback((Verdict::Helpful, None)) {
                Ok(_) => {
                    self.message = None;
                    self.feedback = Some(String::new());
                    self.feedback_work = Some(crate::feedback::Work::Check);
                }
                Err(why) => self.message = Some(Message::error(why)),
            },
            ReviewAction::Help => self.help = true,
            ReviewAction::ListUp => self.pick_in_list(true),
            ReviewAction::ListDown => self.pick_in_list(false),
            // Clamped to what the panel holds by the `Screen` impl (`review::stack`).
            ReviewAction::ScrollDown => self.scroll = self.scroll.saturating_add(SCROLL_STEP),
            ReviewAction::ScrollUp => self.scroll = self.scroll.saturating_sub(SCROLL_STEP),
            ReviewAction::ListJump => {
                if let Some(p) = self.list {
                    self.nav(Nav::Ply(p));
                }
            }
        }
        true
    }

    /// The feedback prompt's line is finished: keep the feedback, or say what is wrong with
    /// the line (the prompt stays open on it).
    pub(super) fn give_feedback(&mut self, line: &str) {
        match crate::feedback::answer(line).and_then(|a| self.shown_feedback(a)) {
            Ok(f) => self.feedback_work = Some(crate::feedback::Work::Keep(Box::new(f))),
            Err(why) => {
                self.feedback = Some(line.to_owned());
                self.message = Some(Message::error(why));
            }
        }
    }

    /// The runner's answer: no database (the prompt closes), or the feedback kept.
    pub(super) fn on_feedback(&mut self, reply: crate::feedback::Reply) {
        self.message = Some(match reply {
            crate::feedback::Reply::Refused(why) => {
                self.feedback = None;
                Message::error(why)
            }
            crate::feedback::Reply::Kept(Ok(done)) => Message::info(done),
            crate::feedback::Reply::Kept(Err(why)) => Message::error(why),
        });
    }

    /// The feedback `answer` on the explanation of the move at the cursor (and its better
    /// move's, shown below it), or why there is none.
    pub(super) fn shown_feedback(
        &self,
        (verdict, note): (Verdict, Option<String>),
    ) -> Result<crate::feedback::Feedback, String> {
        let Some(p) = self.browser.ply() else {
            return Err(crate::i18n::t("feedback-review-start"));
        };
        let Some(r) = self.state.ply(p) else {
            return Err(crate::i18n::t("feedback-review-not-analysed"));
        };
        Ok(crate::feedback::Feedback::of(
            &r.explanation,
            r.better.as_ref(),
            verdict,
            note,
            "review",
        ))
    }

    /// ↑/↓: the list's pick moves a row (a full move) up or down, starting at the cursor.
    pub(super) fn pick_in_list(&mut self, up: bool) {
        let plies = self.game.game.moves().len();
        if plies == 0 {
            return;
        }
        let from = self.list.or(self.browser.ply()).unwrap_or(0);
        let to = if up {
            from.checked_sub(2).unwrap_or(from)
        } else if from + 2 < plies {
            from + 2
        } else {
            from
        };
        self.list = Some(to);
    }

    pub(super) fn mouse(&mut self, m: MouseEvent, area: Rect) {
        let areas = Areas::new(area);
        if let Some(Learn::Prompt {
            ply,
            text,
            mut input,
            ..
        }) = self.learn.clone()
        {
            let Some(pos) = self.game.game.position_at(ply) else {
                return;
            };
            let geometry = areas.board_geometry();
            let square = geometry.square_at(m.column, m.row, self.bottom());
            let step = match m.kind {
                MouseEventKind::Down(MouseButton::Left) if input.promotion.is_some() => {
                    let at = Rect::new(m.column, m.row, 1, 1);
                    let picked = geometry
                        .promotion_choices(area)
                        .iter()
                        .position(|r| r.intersects(at));
                    input.promotion_click(pos, picked)
                }
                MouseEventKind::Down(MouseButton::Left) => match square {
                    Some(sq) => input.mouse_down(pos, sq),
                    None => return,
                },
                MouseEventKind::Up(MouseButton::Left) => input.mouse_up(pos, square),
                _ => return,
            };
            self.on_step(ply, text, input, step);
            return;
        }
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        let values = self.state.graph_values();
        let graph = areas.graph.inner(ratatui::layout::Margin::new(1, 1));
        if graph.contains(ratatui::layout::Position::new(m.column, m.row)) {
            if let Some(p) = EvalGraph::new(&values).ply_at(graph, m.column) {
                self.nav(Nav::Ply(p));
            }
            return;
        }
        let list = areas.moves.inner(ratatui::layout::Margin::new(1, 1));
        if let Some(p) = self.move_list().ply_at(list, m.column, m.row) {
            self.nav(Nav::Ply(p));
        }
    }
}

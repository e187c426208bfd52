//! Play's feedback on the explanation shown ([`crate::feedback`]): the feedback key opens the
//! `:` prompt on `feedback ` (and asks the runner whether a database is open), `:feedback w
//! note` builds the [`Feedback`] of what the panel shows: the hint's explanation, else the
//! explanation of the move that led to the position on the board.

use super::{App, Effect, Mode, Playable};
use crate::feedback::{Feedback, Reply, Work};
use crate::i18n::t;

/// The prompt text the feedback key starts (the `:feedback` command).
pub const PROMPT: &str = "feedback ";

impl<P: Playable> App<P> {
    /// The feedback key: the prompt on `feedback `, when the panel shows an explanation.
    pub(super) fn start_feedback(&mut self, fx: &mut Vec<Effect>) {
        match self.shown_feedback((crate::feedback::Verdict::Helpful, None)) {
            Ok(_) => {
                self.mode = Mode::Prompt(PROMPT.to_owned());
                fx.push(Effect::Feedback(Work::Check));
            }
            Err(why) => self.error(why),
        }
    }

    /// `:feedback VERDICT [NOTE]`: keeps the feedback on the explanation shown.
    pub(super) fn give_feedback(&mut self, line: &str, fx: &mut Vec<Effect>) {
        let answer = match crate::feedback::answer(line) {
            Ok(a) => a,
            Err(e) => {
                // The line stays, to be mended.
                self.mode = Mode::Prompt(format!("{PROMPT}{}", line.trim_start()));
                return self.error(e);
            }
        };
        match self.shown_feedback(answer) {
            Ok(f) => fx.push(Effect::Feedback(Work::Keep(Box::new(f)))),
            Err(why) => self.error(why),
        }
    }

    /// The runner's answer: no database (the prompt closes), or the feedback kept.
    pub(super) fn on_feedback(&mut self, reply: Reply) {
        match reply {
            Reply::Refused(why) => {
                if matches!(&self.mode, Mode::Prompt(t) if t.starts_with(PROMPT.trim_end())) {
                    self.mode = Mode::Board;
                }
                self.error(why);
            }
            Reply::Kept(Ok(done)) => self.info(done),
            Reply::Kept(Err(why)) => self.error(why),
        }
    }

    /// The feedback `answer` on what the panel shows, or why there is nothing to judge.
    fn shown_feedback(
        &self,
        (verdict, note): (crate::feedback::Verdict, Option<String>),
    ) -> Result<Feedback, String> {
        if let Some(hint) = self.hint.as_ref().filter(|_| !self.browsing()) {
            return match &hint.explanation {
                Some(e) => Ok(Feedback::of(e, None, verdict, note, "hint")),
                None => Err(t("feedback-hint-not-yet")),
            };
        }
        let Some(ply) = self.shown_ply().checked_sub(1) else {
            return Err(t("feedback-nothing-shown"));
        };
        let Some(analysis) = self.analysis_at(ply) else {
            return Err(t("feedback-not-yet"));
        };
        if let Some(e) = &analysis.explanation {
            return Ok(Feedback::of(e, None, verdict, note, "play"));
        }
        let lines = analysis.lines();
        if lines.is_empty() {
            return Err(t("feedback-no-text"));
        }
        let root = &analysis.root;
        Ok(Feedback::of_text(
            P::VARIANT,
            root.fen(),
            (root.san(analysis.mv), root.uci(analysis.mv).to_string()),
            &lines,
            (verdict, note),
            "play",
        ))
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::KeyCode;

    use super::super::tests::{key, keys, new_app, prompt, run_analyses};
    use super::*;
    use crate::feedback::Verdict;
    use crate::screen::Event;

    fn kept(fx: &[Effect]) -> Option<&Feedback> {
        fx.iter().find_map(|e| match e {
            Effect::Feedback(Work::Keep(f)) => Some(&**f),
            _ => None,
        })
    }

    #[test]
    fn the_key_marks_the_explanation_shown_with_a_note() {
        let mut app = new_app();
        // Nothing explained yet: the key says why, and opens nothing.
        let fx = keys(&mut app, "!");
        assert!(fx.is_empty(), "{fx:?}");
        assert_eq!(app.mode, Mode::Board);
        let said = app.message.as_ref().map(|m| m.text.clone()).unwrap();
        assert!(said.contains("no explanation on the screen"), "{said}");

        let fx = prompt(&mut app, "e4");
        run_analyses(&mut app, fx, 2);
        assert!(app.analysis_at(0).is_some_and(|a| a.explanation.is_some()));
        let fx = keys(&mut app, "!");
        assert_eq!(fx, vec![Effect::Feedback(Work::Check)]);
        assert_eq!(app.mode, Mode::Prompt(PROMPT.to_owned()));

        // A line without a verdict stays open, with what is wrong.
        let fx = keys(&mut app, "maybe");
        assert!(fx.is_empty());
        let fx = app.update(key(KeyCode::Enter));
        assert!(kept(&fx).is_none());
        assert_eq!(app.mode, Mode::Prompt("feedback maybe".to_owned()));
        assert!(app.message.as_ref().unwrap().text.contains("no verdict"));

        for _ in 0.."maybe".len() {
            app.update(key(KeyCode::Backspace));
        }
        keys(&mut app, "w it never says why");
        let fx = app.update(key(KeyCode::Enter));
        let f = kept(&fx).expect("kept");
        assert_eq!(f.verdict, Verdict::Wrong);
        assert_eq!(f.note.as_deref(), Some("it never says why"));
        assert_eq!((f.san.as_str(), f.uci.as_str()), ("e4", "e2e4"));
        assert_eq!(
            f.fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        let e = app.analysis_at(0).unwrap().explanation.clone().unwrap();
        let sentences: Vec<String> = e.sentences.iter().map(|s| s.text.clone()).collect();
        assert_eq!(f.text, sentences.join("\n"));
        assert_eq!(f.claims["move"], serde_json::to_value(&e.claims).unwrap());
        assert_eq!(f.screen, "play");
        assert_eq!(f.version, env!("CARGO_PKG_VERSION"));

        app.update(Event::Feedback(Reply::Kept(Ok("kept: e4".to_owned()))));
        assert_eq!(app.message.as_ref().unwrap().text, "kept: e4");
    }

    #[test]
    fn without_a_database_the_key_says_so_and_closes_the_prompt() {
        let mut app = new_app();
        let fx = prompt(&mut app, "e4");
        run_analyses(&mut app, fx, 2);
        keys(&mut app, "!");
        // The runner's answer to the check, in a run without the database.
        let answer = crate::feedback::needs_db();
        assert!(answer.contains("--no-db"));
        app.update(Event::Feedback(Reply::Refused(answer.clone())));
        assert_eq!(app.mode, Mode::Board);
        let m = app.message.clone().unwrap();
        assert_eq!(
            (m.kind, m.text),
            (crate::screen::MessageKind::Error, answer)
        );
    }
}

//! Explanation feedback: a player marks the explanation on the screen as wrong, unclear or
//! helpful, with an optional one-line note (play's and the review's feedback key, then a line
//! typed in the shared prompt), and it is kept in the position database
//! ([`crate::posdb::Store::record_feedback`], table `feedback`) with the position, the move,
//! the explanation's text and claims, the program version and the time, so that
//! `kibitzer feedback list | export` can show it or hand it over. The review page shows none
//! of it.
//!
//! The screens build a [`Feedback`] from what they show ([`Feedback::of`], [`Feedback::of_text`])
//! and hand it to the runner as [`Work`] (an effect); the runner answers with a [`Reply`] (an
//! event): so no screen touches the database, and a run without one (`--no-db`,
//! `database.enabled = false`) says so as soon as the key is pressed.

pub mod command;

use serde::{Deserialize, Serialize};

use crate::explain::Explanation;
use crate::i18n::{t, tr};

/// What the player says of an explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// It says something false.
    Wrong,
    /// It is hard to follow.
    Unclear,
    /// It helped.
    Helpful,
}

impl Verdict {
    /// Every verdict, in the order the prompt offers them.
    pub const ALL: [Verdict; 3] = [Verdict::Wrong, Verdict::Unclear, Verdict::Helpful];

    /// Its word (in the database, the export and the prompt).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Wrong => "wrong",
            Verdict::Unclear => "unclear",
            Verdict::Helpful => "helpful",
        }
    }

    /// The verdict of a stored word.
    #[must_use]
    pub fn from_word(word: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.word() == word)
    }
}

/// What the feedback prompt says it takes (the line after the typed text).
#[must_use]
pub fn prompt_help() -> String {
    t("feedback-prompt-help")
}

/// The most characters a note keeps (the prompt holds no more anyway).
pub const NOTE_CHARS: usize = crate::prompt::MAX_CHARS;

/// Reads the feedback prompt's line: a verdict (`w`, `u`, `h` or the whole word, any case)
/// and an optional note after it.
///
/// # Errors
/// A message saying what the line must start with, echoing what was typed.
///
/// ```
/// use kibitzer::feedback::{answer, Verdict};
/// assert_eq!(answer("w the knight is pinned"), Ok((Verdict::Wrong, Some("the knight is pinned".into()))));
/// assert_eq!(answer(" Helpful "), Ok((Verdict::Helpful, None)));
/// assert!(answer("maybe").is_err());
/// ```
pub fn answer(line: &str) -> Result<(Verdict, Option<String>), String> {
    let line = line.trim();
    let (word, note) = match line.split_once(char::is_whitespace) {
        Some((w, rest)) => (w, rest.trim()),
        None => (line, ""),
    };
    let lower = word.to_lowercase();
    let verdict = Verdict::ALL
        .into_iter()
        .find(|v| lower == v.word() || lower == v.word()[..1]);
    match verdict {
        Some(v) => Ok((
            v,
            (!note.is_empty()).then(|| note.chars().take(NOTE_CHARS).collect()),
        )),
        None if line.is_empty() => Err(t("feedback-no-verdict")),
        None => Err(tr(
            "feedback-bad-verdict",
            &[("word", crate::echo::echo(word).to_string().into())],
        )),
    }
}

/// One piece of feedback on an explanation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Feedback {
    /// The game: `chess` or `pawn-battle`.
    pub variant: String,
    /// The position before the move (FEN).
    pub fen: String,
    /// The move explained, SAN.
    pub san: String,
    /// The move explained, UCI.
    pub uci: String,
    /// What the player says of it.
    pub verdict: Verdict,
    /// The player's note, if any.
    pub note: Option<String>,
    /// The explanation as it was shown, one sentence a line.
    pub text: String,
    /// The claims its sentences rest on (`{"move": [...], "better": [...]}`: the better move's
    /// when the screen showed its explanation too); empty lists for a text read back from a
    /// saved game, which has no claims.
    pub claims: serde_json::Value,
    /// Where it was given: `play`, `hint` or `review`.
    pub screen: String,
    /// The kibitzer version that wrote the explanation.
    pub version: String,
}

impl Feedback {
    /// Feedback on `explanation` (and on `better`, the better move's, when the screen shows
    /// it too) given on `screen`.
    #[must_use]
    pub fn of(
        explanation: &Explanation,
        better: Option<&Explanation>,
        verdict: Verdict,
        note: Option<String>,
        screen: &str,
    ) -> Feedback {
        let sentences = |e: &Explanation| {
            e.sentences
                .iter()
                .map(|s| s.text.clone())
                .collect::<Vec<_>>()
        };
        let mut text = sentences(explanation);
        if let Some(b) = better {
            text.push(format!("Better: {}", b.san));
            text.extend(sentences(b));
        }
        let claims = serde_json::json!({
            "move": explanation.claims,
            "better": better.map_or_else(Vec::new, |b| b.claims.clone()),
        });
        Feedback {
            variant: variant_id(explanation.variant).to_owned(),
            fen: explanation.fen_before.clone(),
            san: explanation.san.clone(),
            uci: explanation.uci.clone(),
            verdict,
            note,
            text: text.join("\n"),
            claims,
            screen: screen.to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }

    /// Feedback on a text without its explanation (a saved game's comment read back): the
    /// position, the move and the lines shown, no claims.
    #[must_use]
    pub fn of_text(
        variant: crate::variant::Variant,
        fen: String,
        (san, uci): (String, String),
        lines: &[String],
        (verdict, note): (Verdict, Option<String>),
        screen: &str,
    ) -> Feedback {
        Feedback {
            variant: variant_id(variant).to_owned(),
            fen,
            san,
            uci,
            verdict,
            note,
            text: lines.join("\n"),
            claims: serde_json::json!({"move": [], "better": []}),
            screen: screen.to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }
}

/// The game's name as `--variant` writes it.
fn variant_id(variant: crate::variant::Variant) -> &'static str {
    variant.id()
}

/// What a screen asks the runner to do with feedback (inside [`crate::screen::Effect::Feedback`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Work {
    /// The feedback key was pressed: is there a database to keep it in? (Answered only when
    /// not, with [`Reply::Refused`].)
    Check,
    /// Keep this feedback (answered with [`Reply::Kept`]).
    Keep(Box<Feedback>),
}

/// The runner's answer (inside [`crate::screen::Event::Feedback`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// There is no database: why, for the status line (the prompt closes).
    Refused(String),
    /// The feedback was written (the message to show), or why not.
    Kept(Result<String, String>),
}

/// What the feedback key says in a run without the position database.
#[must_use]
pub fn needs_db() -> String {
    t("feedback-needs-db")
}

/// Carries out `work` on the run's position database (`None` in a run without one): the
/// runner's part.
#[must_use]
pub fn execute(work: Work, store: Option<&crate::posdb::Store>) -> Option<Reply> {
    let Some(store) = store else {
        return Some(Reply::Refused(needs_db()));
    };
    match work {
        Work::Check => None,
        Work::Keep(f) => Some(Reply::Kept(store.record_feedback(&f).map(|()| {
            tr(
                "feedback-kept",
                &[
                    ("san", f.san.clone().into()),
                    ("verdict", f.verdict.word().into()),
                ],
            )
        }))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_take_a_letter_or_a_word_and_a_note() {
        assert_eq!(answer("u"), Ok((Verdict::Unclear, None)));
        assert_eq!(answer("WRONG"), Ok((Verdict::Wrong, None)));
        assert_eq!(
            answer("h  thanks, the pin  "),
            Ok((Verdict::Helpful, Some("thanks, the pin".into())))
        );
        let e = answer("x it is bad").unwrap_err();
        assert!(
            e.contains("\"x\" is no verdict") && e.contains("w (wrong)"),
            "{e}"
        );
        assert!(answer("").unwrap_err().contains("w (wrong)"));
    }

    #[test]
    fn words_come_back() {
        for v in Verdict::ALL {
            assert_eq!(Verdict::from_word(v.word()), Some(v));
        }
        assert_eq!(Verdict::from_word("meh"), None);
    }
}

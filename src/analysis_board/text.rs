//! Every text the analysis board shows (titles, messages, key hints, the help), in one place:
//! each is a message of the catalogue (`assets/i18n/<lang>/analysis.ftl`) in the language
//! spoken.

use std::fmt;
use std::path::Path;

use shakmaty::Color;

use crate::i18n::{t, tr};
use crate::variant::Variant;

/// The board's title in the move list panel.
#[must_use]
pub fn moves_title() -> String {
    t("analysis-moves-title")
}
/// The engine panel's title.
#[must_use]
pub fn engine_title() -> String {
    t("analysis-engine-title")
}
/// The explanation panel's title.
#[must_use]
pub fn explanation_title() -> String {
    t("analysis-explanation-title")
}
/// The engine is stopped.
#[must_use]
pub fn engine_stopped() -> String {
    t("analysis-engine-stopped")
}
/// The engine is starting on the position.
#[must_use]
pub fn engine_starting() -> String {
    t("analysis-engine-starting")
}
/// The position has no legal move.
#[must_use]
pub fn no_moves() -> String {
    t("analysis-no-moves")
}
/// The default file name of the save prompt.
#[must_use]
pub fn default_file() -> String {
    t("analysis-default-file")
}
/// The label of the save prompt.
#[must_use]
pub fn save_label() -> String {
    t("analysis-save-label")
}
/// The label of the move/command prompt.
pub const PROMPT_LABEL: &str = ":";
/// The key-hint line at the prompt, for a game of `variant`.
#[must_use]
pub fn keys_prompt(variant: Variant) -> String {
    let example = match variant {
        Variant::Chess => "e4, Nf3",
        Variant::PawnBattle => "e4, exd5, Rab1",
    };
    tr(
        "analysis-keys-prompt",
        &[("example", crate::i18n::san(example).into_owned().into())],
    )
}

/// A move to give as an example in messages, for a game of `variant` (in the language's SAN).
#[must_use]
pub fn move_example(variant: Variant) -> String {
    match variant {
        Variant::Chess => crate::i18n::san("Nf3").into_owned(),
        Variant::PawnBattle => tr(
            "list-or",
            &[
                ("init", "e4".into()),
                ("last", crate::i18n::san("Rab1").into_owned().into()),
            ],
        ),
    }
}
/// The key-hint line at the save prompt.
#[must_use]
pub fn keys_save() -> String {
    t("analysis-keys-save")
}
/// The key-hint line before replacing a file (`yes`, `no`: their keys).
#[must_use]
pub fn keys_replace(yes: &str, no: &str) -> String {
    tr(
        "analysis-keys-replace",
        &[("yes", yes.into()), ("no", no.into())],
    )
}
/// The key-hint line with the help open.
#[must_use]
pub fn keys_help() -> String {
    t("help-any-key-closes")
}
/// The help overlay's title.
#[must_use]
pub fn help_title() -> String {
    t("analysis-help-title")
}
/// Nothing before the start.
#[must_use]
pub fn at_start() -> String {
    t("analysis-at-start")
}
/// Nothing after the end of the line.
#[must_use]
pub fn at_end() -> String {
    t("analysis-at-end")
}
/// No other move at this point.
#[must_use]
pub fn no_sibling() -> String {
    t("analysis-no-sibling")
}
/// On the main line.
#[must_use]
pub fn on_main_line() -> String {
    t("analysis-on-main-line")
}
/// The variation became the main line.
#[must_use]
pub fn promoted() -> String {
    t("analysis-promoted")
}
/// A move was deleted.
#[must_use]
pub fn deleted() -> String {
    t("analysis-deleted")
}
/// A new variation.
#[must_use]
pub fn new_variation() -> String {
    t("analysis-new-variation")
}

fn path_arg(path: &Path) -> (&'static str, crate::i18n::FluentValue<'static>) {
    ("path", path.display().to_string().into())
}

/// Saved to a file.
#[must_use]
pub fn saved(path: &Path) -> String {
    tr("analysis-saved", &[path_arg(path)])
}

/// A save failed.
#[must_use]
pub fn save_failed(why: &str) -> String {
    tr("analysis-save-failed", &[("why", why.into())])
}

/// A save asked for without a file name.
#[must_use]
pub fn no_file_name() -> String {
    save_failed(&t("analysis-no-file-name"))
}

/// The question before replacing a file.
#[must_use]
pub fn replace_question(path: &Path) -> String {
    tr("analysis-replace-question", &[path_arg(path)])
}

/// The file was kept.
#[must_use]
pub fn kept(path: &Path) -> String {
    tr("analysis-kept", &[path_arg(path)])
}

/// A prompt line that is neither a move nor a command (`example`: [`move_example`]).
#[must_use]
pub fn not_understood(input: &str, why: &str, example: &str) -> String {
    tr(
        "analysis-not-understood",
        &[
            ("input", crate::echo::echo(input).into()),
            ("why", why.into()),
            ("example", example.into()),
        ],
    )
}

/// A move asked for where the game is over (`outcome`: who won and why, or the draw).
#[must_use]
pub fn game_over_here(outcome: &impl fmt::Display) -> String {
    tr(
        "analysis-game-over-here",
        &[("outcome", outcome.to_string().into())],
    )
}

/// The engine panel where the game is over: the outcome instead of lines.
#[must_use]
pub fn game_over_panel(outcome: &impl fmt::Display) -> String {
    tr(
        "analysis-game-over-panel",
        &[("outcome", outcome.to_string().into())],
    )
}

/// The engine panel's heading: depth, whose side the scores are from, and whether the engine
/// is still deepening (`running`), done, or stopped by the user (`on` false).
#[must_use]
pub fn engine_heading(depth: u32, side: &str, on: bool, running: bool) -> String {
    let state = match (on, running) {
        (false, _) => "stopped",
        (true, true) => "running",
        (true, false) => "final",
    };
    tr(
        "analysis-engine-heading",
        &[
            ("depth", depth.into()),
            ("state", state.into()),
            ("side", side.into()),
        ],
    )
}

/// The heading over the best line's whole explanation.
#[must_use]
pub fn best_explained() -> String {
    t("analysis-best-explained")
}

/// The engine failed.
#[must_use]
pub fn engine_failed(why: &str) -> String {
    tr("analysis-engine-failed", &[("why", why.into())])
}

/// The status line without a message: whose move it is (or how the game ended there), the
/// ply, main line or variation.
#[must_use]
pub fn position(
    turn: Color,
    ply: usize,
    main_line: bool,
    over: Option<&dyn fmt::Display>,
) -> String {
    let main = if main_line { "yes" } else { "no" };
    match over {
        Some(outcome) => tr(
            "analysis-position-over",
            &[
                ("outcome", outcome.to_string().into()),
                ("ply", ply.into()),
                ("main", main.into()),
            ],
        ),
        None => tr(
            "analysis-position",
            &[
                ("side", crate::app::color_name(turn).into()),
                ("ply", ply.into()),
                ("main", main.into()),
            ],
        ),
    }
}

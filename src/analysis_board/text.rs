//! Every text the analysis board shows (titles, messages, key hints, the help), in one place so
//! a second language is a change of this file only.

use std::fmt;
use std::path::Path;

use shakmaty::Color;

use crate::variant::Variant;

/// The board's title in the move list panel.
pub const MOVES_TITLE: &str = "Analysis";
/// The engine panel's title.
pub const ENGINE_TITLE: &str = "Engine · best 3";
/// The explanation panel's title.
pub const EXPLANATION_TITLE: &str = "Best move explained";
/// The engine is stopped.
pub const ENGINE_STOPPED: &str = "engine stopped: g starts it";
/// The engine is starting on the position.
pub const ENGINE_STARTING: &str = "thinking…";
/// The position has no legal move.
pub const NO_MOVES: &str = "no legal move: the game is over here";
/// The default file name of the save prompt.
pub const DEFAULT_FILE: &str = "analysis.pgn";
/// The label of the save prompt.
pub const SAVE_LABEL: &str = "save as: ";
/// The label of the move/command prompt.
pub const PROMPT_LABEL: &str = ":";
/// The key-hint line at the prompt, for a game of `variant`.
#[must_use]
pub fn keys_prompt(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "a move (e4, Nf3) or save [FILE] · ⏎ run · esc cancel",
        Variant::PawnBattle => "a move (e4, exd5, Rab1) or save [FILE] · ⏎ run · esc cancel",
    }
}

/// A move to give as an example in messages, for a game of `variant`.
#[must_use]
pub fn move_example(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "Nf3",
        Variant::PawnBattle => "e4 or Rab1",
    }
}
/// The key-hint line at the save prompt.
pub const KEYS_SAVE: &str = "the PGN file to write · ⏎ save · esc cancel";
/// The key-hint line with the help open.
pub const KEYS_HELP: &str = "any key closes the help";
/// The help overlay's title.
pub const HELP_TITLE: &str = "Analysis board keys";
/// Nothing before the start.
pub const AT_START: &str = "at the start position";
/// Nothing after the end of the line.
pub const AT_END: &str = "at the end of this line";
/// No other move at this point.
pub const NO_SIBLING: &str = "no other move was tried here";
/// On the main line.
pub const ON_MAIN_LINE: &str = "already on the main line";
/// The variation became the main line.
pub const PROMOTED: &str = "this variation is now the main line";
/// A move was deleted.
pub const DELETED: &str = "move deleted with what followed it";
/// A new variation.
pub const NEW_VARIATION: &str = "new variation";

/// Saved to a file.
#[must_use]
pub fn saved(path: &Path) -> String {
    format!("saved the analysis to {}", path.display())
}

/// A save failed.
#[must_use]
pub fn save_failed(why: &str) -> String {
    format!("could not save: {why}; try another file name (w)")
}

/// The question before replacing a file.
#[must_use]
pub fn replace_question(path: &Path) -> String {
    format!("{} already exists. Replace it? (y/n)", path.display())
}

/// The file was kept.
#[must_use]
pub fn kept(path: &Path) -> String {
    format!("{} kept; nothing was written", path.display())
}

/// A prompt line that is neither a move nor a command (`example`: [`move_example`]).
#[must_use]
pub fn not_understood(input: &str, why: &str, example: &str) -> String {
    format!(
        "{}: {why} (type a move such as {example}, or save FILE)",
        crate::echo::echo(input)
    )
}

/// A move asked for where the game is over (`outcome`: who won and why, or the draw).
#[must_use]
pub fn game_over_here(outcome: &impl fmt::Display) -> String {
    format!("the game is over here ({outcome}); , steps back, [ ] and x change the line")
}

/// The engine panel where the game is over: the outcome instead of lines.
#[must_use]
pub fn game_over_panel(outcome: &impl fmt::Display) -> String {
    format!("game over: {outcome}")
}

/// The engine panel's heading: depth, whose side the scores are from, and whether the engine
/// is still deepening (`running`), done, or stopped by the user (`on` false).
#[must_use]
pub fn engine_heading(depth: u32, side: &str, on: bool, running: bool) -> String {
    let state = match (on, running) {
        (false, _) => " · stopped (g)",
        (true, true) => "…",
        (true, false) => " · final",
    };
    format!("depth {depth}{state} · scores for {side}")
}

/// The heading over the best line's whole explanation.
pub const BEST_EXPLAINED: &str = "Best line:";

/// The engine failed.
#[must_use]
pub fn engine_failed(why: &str) -> String {
    format!("the engine failed: {why}; g starts it again")
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
    let line = if main_line { "main line" } else { "variation" };
    match over {
        Some(outcome) => format!("{outcome} · ply {ply} · {line}"),
        None => {
            let side = crate::app::color_name(turn);
            format!("{side} to move · ply {ply} · {line}")
        }
    }
}

//! [`Playable`]: what the play screen needs from a game beyond its rules, so one [`App`] serves
//! chess and Pawn Battle (STYLE.md rule 15). The App is generic over it (monomorphised: chess's
//! path is the code it always was). Explanations are every game's ([`Analysed`]: the game's
//! evaluation from [`Playable::evaluation`]); the few services that exist for chess only (the
//! opening book, the analysis board) are reached through
//! [`Playable::as_chess`], and the places where a game crosses to the runner (a search request,
//! a background analysis, a saved game) name the game in an enum there.
//!

use shakmaty::{Chess, EnPassantMode, Position as _, Setup};

use crate::analysis::Analysed;
use crate::app::persist::{Saved, Snapshot};
use crate::app::search::SearchPosition;
use crate::app::search::{AnalysisJob, AnalysisRequest};
use crate::config::Config;
use crate::engine::EvalParams;
use crate::engine::rules::SearchRules;
use crate::pgn::PgnVariant;

/// A game the play screen plays: its rules, its PGN, its search and its review, plus the edges
/// where the game leaves the App.
pub trait Playable:
    PgnVariant + SearchRules + Analysed + crate::review::Reviewed + PartialEq
{
    /// The game's name as the status line and the new-game dialog show it.
    const NAME: &'static str;
    /// The game's rules, shown first in the help overlay: the message keys of each row's label
    /// and words (`assets/i18n/*/play.ftl`; "" for no label); none for chess, whose rules a
    /// player knows.
    const RULES: &'static [(&'static str, &'static str)] = &[];
    /// The message key of the help overlay's title.
    const HELP_TITLE: &'static str = "play-help-title";

    /// The engine's request for a search of this position with the configured evaluation.
    fn search_position(&self, config: &Config) -> SearchPosition;

    /// The evaluation the analysis uses for this game, from the config (the engine's own
    /// searches read the same settings through [`Playable::search_position`]).
    fn evaluation(config: &Config) -> Self::Eval;

    /// A background analysis of this game, as the effects carry it.
    fn analysis_job(job: AnalysisRequest<Self>) -> AnalysisJob;

    /// This position as chess, when the game is chess: the opening book and the analysis board
    /// exist for chess only, and are offered only then.
    fn as_chess(&self) -> Option<&Chess>;

    /// A saved game of this variant, as the effects carry it.
    fn saved(snapshot: Snapshot<Self>) -> Saved;

    /// A saved game handed to the App (a `:load`) as a game of this variant, or the unchanged
    /// input when it is a game of another variant (the App then asks the shell for a play
    /// screen of that game, [`crate::app::Handover`]).
    ///
    /// # Errors
    /// The game is of another variant.
    fn of_saved(saved: Box<Saved>) -> Result<Snapshot<Self>, Box<Saved>>;

    /// This position as the board editor's set-up.
    fn editor_setup(&self) -> Setup;
}

impl Playable for Chess {
    const NAME: &'static str = "Chess";

    fn search_position(&self, _config: &Config) -> SearchPosition {
        SearchPosition::Chess(self.clone())
    }

    fn evaluation(config: &Config) -> EvalParams {
        EvalParams::from_config(&config.eval)
    }

    fn analysis_job(job: AnalysisRequest) -> AnalysisJob {
        AnalysisJob::Chess(Box::new(job))
    }

    fn as_chess(&self) -> Option<&Chess> {
        Some(self)
    }

    fn editor_setup(&self) -> Setup {
        self.to_setup(EnPassantMode::Legal)
    }

    fn saved(snapshot: Snapshot) -> Saved {
        Saved::Chess(snapshot)
    }

    fn of_saved(saved: Box<Saved>) -> Result<Snapshot, Box<Saved>> {
        match *saved {
            Saved::Chess(snapshot) => Ok(snapshot),
            Saved::PawnBattle(_) => Err(saved),
        }
    }
}

/// An analysis request for `before` with the configured time, the game's evaluation and the
/// explanation settings (no history, no move: the engine's choice): the one description of an
/// analysis from the configuration, for play and for the screens over it.
pub fn base_request<Q: Playable>(
    config: &crate::config::Config,
    before: Q,
) -> crate::analysis::Request<Q> {
    let mut req = crate::analysis::Request::new(
        before,
        crate::engine::SearchLimits::movetime(std::time::Duration::from_millis(
            config.explain.analysis_ms,
        )),
        Q::evaluation(config),
    );
    req.level = config.explain.level;
    req.language = config.explain.language;
    req.analyst = config.analysis.spec();
    req
}

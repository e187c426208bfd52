//! What Pawn Battle provides to the program's services beyond its rules: its PGN reading
//! ([`PgnVariant`]), its analysis and explanations ([`Analysed`]), its review ([`Reviewed`],
//! [`OnScreen`]) and its play screen ([`Playable`]). With the rules ([`super`]), the
//! evaluation ([`super::eval`]), the notation and the explanations ([`super::explain`]), this
//! is the whole game in one place: the services are generic over these traits and name the
//! game only where a value must say which game it holds (the "either game" enums, with
//! [`crate::variant::each_game`]).

use std::sync::atomic::AtomicBool;

use shakmaty::san::San;
use shakmaty::{Chess, Move, Setup};

use super::PawnBattle;
use super::eval::Evaluation;
use crate::analysis::{Analysed, AnalystError, Request, external};
use crate::app::Playable;
use crate::app::persist::{Saved, Snapshot};
use crate::app::search::{AnalysisJob, AnalysisRequest, SearchPosition};
use crate::config::Config;
use crate::engine::{SearchLimits, SearchMemory, SearchResult};
use crate::explain::{ExplainInput, Explanation};
use crate::game::{Game, MoveError};
use crate::opening::Opening;
use crate::pgn::{AnyGame, ImportError, ImportedGame, PgnGame, PgnVariant};
use crate::review::Classification;
use crate::review::learn::TryRequest;
use crate::review::screen::OnScreen;
use crate::review::{ReviewGame, Reviewed, Settings};
use crate::uci::UciGame;
use crate::variant::VariantPosition;

/// Pawn Battle's rules, shown first in the help overlay of a Pawn Battle game ([`Playable::RULES`]).
pub const RULES: &[(&str, &str)] = &[
    ("rules-pawn-battle-name", "rules-pawn-battle-1"),
    ("", "rules-pawn-battle-2"),
    ("", "rules-pawn-battle-3"),
    ("rules-you-win", "rules-pawn-battle-win-1"),
    ("", "rules-pawn-battle-win-2"),
    ("rules-you-lose", "rules-pawn-battle-lose"),
    ("rules-draw", "rules-pawn-battle-draw-1"),
    ("", "rules-pawn-battle-draw-2"),
];

impl PgnVariant for PawnBattle {
    const TAG: Option<&'static str> = Some("Pawn Battle");

    fn read_san(&self, _san: &San, text: &str) -> Result<Move, MoveError> {
        self.parse_move(text)
    }

    fn opening(_game: &Game<PawnBattle>) -> Option<(&'static str, &'static str)> {
        None
    }

    fn any_game(read: Result<ImportedGame<Self>, ImportError<Self>>) -> AnyGame {
        AnyGame::PawnBattle(read)
    }
}

impl Analysed for PawnBattle {
    const EXTERNAL_ANALYST: bool = false;

    fn search_stored(
        before: &PawnBattle,
        history: &[u64],
        limits: &SearchLimits,
        eval: &Evaluation,
        memory: &mut SearchMemory,
        stop: &AtomicBool,
    ) -> SearchResult {
        crate::analysis::search_through_database(before, history, limits, eval, memory, stop)
    }

    fn search_external(
        _engine: &mut external::UciAnalyst,
        _before: &PawnBattle,
        _setup: Option<&str>,
        _limits: &SearchLimits,
        _stop: &AtomicBool,
    ) -> Option<Result<SearchResult, AnalystError>> {
        None
    }

    fn eval_terms(&self, mv: Move, eval: &Evaluation) -> Vec<(String, i32, i32)> {
        crate::variant::pawn_battle::explain::eval_terms(self, mv, eval)
    }

    fn explain(input: &ExplainInput<PawnBattle>) -> Explanation {
        crate::variant::pawn_battle::explain::explain(input)
    }
}

impl Reviewed for PawnBattle {
    fn eval(settings: &Settings) -> Evaluation {
        settings.pawn_battle.clone()
    }
    fn opening_at(_game: &Game<PawnBattle>, _ply: usize) -> Option<Opening> {
        None
    }
    /// A mate score is a forced win: no "mate" in the label.
    fn label_words(c: &Classification) -> String {
        c.words(true)
    }
}

impl OnScreen for PawnBattle {
    fn review_game(game: PgnGame<PawnBattle>) -> ReviewGame {
        ReviewGame::PawnBattle(Box::new(game))
    }

    fn try_request(request: Request<PawnBattle>) -> TryRequest {
        TryRequest::PawnBattle(Box::new(request))
    }
}

impl From<Box<Game<PawnBattle>>> for UciGame {
    fn from(game: Box<Game<PawnBattle>>) -> UciGame {
        UciGame::PawnBattle(game)
    }
}

impl Playable for PawnBattle {
    const NAME: &'static str = "Pawn Battle";
    const RULES: &'static [(&'static str, &'static str)] = RULES;
    const HELP_TITLE: &'static str = "play-help-title-pawn-battle";

    fn search_position(&self, config: &Config) -> SearchPosition {
        SearchPosition::PawnBattle(self.clone(), config.pawn_battle.eval.clone())
    }

    fn evaluation(config: &Config) -> Evaluation {
        Evaluation::from_config(&config.pawn_battle.eval)
    }

    fn analysis_job(job: AnalysisRequest<PawnBattle>) -> AnalysisJob {
        AnalysisJob::PawnBattle(Box::new(job))
    }

    fn as_chess(&self) -> Option<&Chess> {
        None
    }

    fn editor_setup(&self) -> Setup {
        self.setup()
    }

    fn saved(snapshot: Snapshot<PawnBattle>) -> Saved {
        Saved::PawnBattle(snapshot)
    }

    fn of_saved(saved: Box<Saved>) -> Result<Snapshot<PawnBattle>, Box<Saved>> {
        match *saved {
            Saved::PawnBattle(snapshot) => Ok(snapshot),
            Saved::Chess(_) => Err(saved),
        }
    }
}

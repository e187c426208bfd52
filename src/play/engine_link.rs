//! The bridge between the App's search vocabulary (`app::search`) and the engine's
//! [`EngineHandle`]: requests go in, reports come back as [`Event`]s on the runner's channel.

use std::sync::mpsc::Sender;

use crate::analysis::convert::score;
use crate::app::{Event, Purpose, SearchId, SearchPosition, SearchRequest, Thinking};
use crate::config::Searcher;
use crate::engine::rules::SearchRules;
use crate::engine::{self, AnyRequest, EngineHandle, EngineReport, EvalParams, Level};

/// The engine thread, seen from the runner.
pub struct EngineLink {
    handle: EngineHandle,
    hash_mb: u32,
    /// The threads the engine searches with (`engine.threads`; it starts with one).
    threads: u32,
}

impl EngineLink {
    /// Starts the engine thread; its reports are sent to `events`.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn spawn(hash_mb: u32, events: Sender<Event>) -> std::io::Result<EngineLink> {
        let handle = EngineHandle::spawn_with(hash_mb, move |report| {
            let _ = events.send(event_from(report));
        })?;
        Ok(EngineLink {
            handle,
            hash_mb,
            threads: 1,
        })
    }

    /// Starts a search (any search in flight is superseded; its result never arrives).
    pub fn search(&mut self, request: SearchRequest) {
        if request.engine.hash_mb != self.hash_mb {
            self.hash_mb = request.engine.hash_mb;
            self.handle.set_hash(self.hash_mb);
        }
        if request.engine.threads != self.threads {
            self.threads = request.engine.threads;
            self.handle.set_threads(self.threads as usize);
        }
        self.handle
            .search(engine::SearchId(request.id.0), engine_request(&request));
    }

    /// Gives the engine thread the run's position database (`None`: none).
    pub fn set_store(&self, store: Option<std::sync::Arc<crate::posdb::Store>>) {
        self.handle.set_store(store);
    }

    /// Stops the search: it reports `Done` with its best move so far (the App drops it when
    /// it no longer wants it).
    pub fn stop(&self, _id: SearchId) {
        self.handle.stop();
    }

    /// Forgets cached results.
    pub fn new_game(&self) {
        self.handle.new_game();
    }
}

/// The engine's request for the App's: for the engine's own moves, the level's limits, its
/// weakening and the opening book; a hint is the engine's honest best at full strength
/// ([`Level::strongest`]'s limits, whatever the opponent's level: `engine.depth` and
/// `engine.movetime_ms` still apply when set).
#[must_use]
pub fn engine_request(request: &SearchRequest) -> Box<dyn AnyRequest> {
    let level = Level::get(request.engine.level);
    let own_move = request.purpose == Purpose::Move;
    let mut limits = if own_move {
        level.limits(&request.engine)
    } else {
        Level::strongest().limits(&request.engine)
    };
    if let Some(clock) = request.clock.filter(|_| own_move) {
        // A timed game: the level's limits still cap the search, the clock keeps it in time
        // (a reserve for the trip through the channels and the redraw).
        limits.clock = Some(clock);
        limits.overhead = std::time::Duration::from_millis(50);
    }
    let level = own_move.then_some(level);
    match &request.position {
        SearchPosition::Chess(pos) => {
            // `engine.evaluation` for the engine's own move at its level, else for the analyst
            // (a network file that does not load was refused when the configuration was
            // validated; the classic evaluation then).
            let searcher = if own_move {
                Level::searcher(request.engine.level)
            } else {
                Searcher::Analyst
            };
            let params = request
                .engine
                .eval_params(&request.eval, searcher)
                .unwrap_or_else(|_| EvalParams::from_config(&request.eval));
            let mut search = game_request(request, pos.clone(), params, limits, level);
            // The opening book is chess's.
            search.book = level
                .filter(|_| request.engine.book)
                .map(|l| l.book(request.engine.book_depth));
            search.into()
        }
        SearchPosition::PawnBattle(pos, eval) => {
            game_request(request, pos.clone(), eval.into(), limits, level).into()
        }
    }
}

/// The engine's request for a position of the game `P` searched with `params`.
fn game_request<P: SearchRules>(
    request: &SearchRequest,
    position: P,
    params: P::Eval,
    limits: engine::SearchLimits,
    level: Option<Level>,
) -> engine::SearchRequest<P> {
    engine::SearchRequest {
        position,
        // The App's keys end with the position's own; the search wants those before it.
        history: request
            .history
            .split_last()
            .map_or_else(Vec::new, |(_, before)| before.to_vec()),
        limits,
        params,
        level,
        book: None,
    }
}

/// Translates an engine report into an App event.
pub fn event_from(report: EngineReport) -> Event {
    match report {
        EngineReport::Progress { id, info } => Event::EngineProgress(
            SearchId(id.0),
            Thinking {
                depth: info.depth,
                seldepth: info.seldepth,
                score: score(info.score),
                nodes: info.nodes,
                nps: info.nps,
                pv: info.pv,
                result: None,
            },
        ),
        EngineReport::Done {
            id, result, chosen, ..
        } => Event::EngineDone(
            SearchId(id.0),
            chosen,
            Thinking {
                depth: result.depth,
                seldepth: result.seldepth,
                score: score(result.score),
                nodes: result.nodes,
                nps: result.nps,
                pv: result.pv.clone(),
                result: Some(Box::new(result)),
            },
        ),
        EngineReport::Failed { id, message } => Event::EngineCrashed(SearchId(id.0), message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{EngineConfig, EvalConfig};

    fn request(purpose: Purpose, book: bool) -> SearchRequest {
        SearchRequest {
            id: SearchId(1),
            purpose,
            position: SearchPosition::Chess(shakmaty::Chess::default()),
            history: Vec::new(),
            engine: EngineConfig {
                book,
                ..EngineConfig::default()
            },
            eval: EvalConfig::default(),
            clock: None,
        }
    }

    /// Issue 26: in a timed game the engine's own move is budgeted from its clock (at every
    /// level, the level's limits still capping it); a hint never is.
    #[test]
    fn a_timed_game_gives_the_engines_own_move_its_clock() {
        let clock = engine::Clock {
            remaining: std::time::Duration::from_secs(60),
            increment: std::time::Duration::from_secs(1),
            moves_to_go: None,
        };
        for level in 1..=10 {
            let mut own = request(Purpose::Move, false);
            own.engine.level = level;
            own.clock = Some(clock);
            let limits = engine_request(&own).limits().clone();
            assert_eq!(limits.clock, Some(clock), "level {level}");
            assert!(limits.overhead > std::time::Duration::ZERO);
        }
        let mut hint = request(Purpose::Hint, false);
        hint.clock = Some(clock);
        assert_eq!(engine_request(&hint).limits().clock, None);
    }

    #[test]
    fn only_the_engines_own_moves_use_the_book_and_only_when_on() {
        let book = |r: &dyn AnyRequest| r.chess().and_then(|c| c.book);
        let own = engine_request(&request(Purpose::Move, true));
        assert_eq!(book(&*own).map(|b| b.max_ply), Some(20));
        assert!(own.level().is_some());
        let hint = engine_request(&request(Purpose::Hint, true));
        assert_eq!(book(&*hint), None, "a hint is the honest search");
        assert_eq!(hint.level(), None);
        assert_eq!(book(&*engine_request(&request(Purpose::Move, false))), None);
    }

    /// The App sends the keys up to and including the position; the search wants the keys
    /// before it. Passed on whole, every game position sat one place off, so the search never
    /// saw a repetition of the game (it walked into threefold repetitions while winning).
    #[test]
    fn the_search_gets_the_keys_of_the_positions_before_the_searched_one() {
        let mut game = crate::game::Game::new();
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            game.play_text(m).unwrap();
        }
        let mut req = request(Purpose::Move, false);
        req.position = SearchPosition::Chess(game.position().clone());
        req.history = game.history_keys().to_vec();
        let history = engine_request(&req).chess().expect("chess").history.clone();
        assert_eq!(history, game.history_keys()[..4]);
        assert_eq!(history[0], crate::engine::zobrist(game.position()));
    }

    #[test]
    fn a_hint_at_level_1_searches_at_full_strength() {
        let mut hint = request(Purpose::Hint, false);
        hint.engine.level = 1;
        let limits = engine_request(&hint).limits().clone();
        let strongest = Level::strongest().limits(&hint.engine);
        assert_eq!(limits.depth, strongest.depth, "not the level's depth 1");
        assert_eq!(limits.movetime, strongest.movetime);
        assert_ne!(limits.depth, Some(1));
        let mut own = hint.clone();
        own.purpose = Purpose::Move;
        assert_eq!(
            engine_request(&own).limits().depth,
            Some(1),
            "the engine's own move is weak"
        );
    }
}

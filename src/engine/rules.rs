//! What the search needs from a game beyond [`VariantPosition`], and from its evaluation: the
//! two traits the search is generic over (monomorphised, so the chess search calls shakmaty
//! exactly as a chess-only search would; see "Variant seam" in docs/ARCHITECTURE.md).
//!
//! [`SearchRules`] holds the search-internal, rule-dependent answers: the "check" the search
//! extends and never stands pat in (chess: check; Pawn Battle: a pawn on the 7th rank that can
//! reach the last rank next move), the moves that create one (quiet checks / pushes to the 7th),
//! static exchange evaluation, the null move, the incremental key, the draws only chess has
//! (bare kings) and the score of a position without moves. Chess implements it here by
//! delegating to shakmaty and the chess-typed `see`/`check` modules; Pawn Battle in
//! `variant::pawn_battle::search`.
//!
//! [`Evaluator`] is the static evaluation and the piece values SEE, delta pruning and move
//! ordering use: [`EvalParams`] for chess, `pawn_battle::eval::Preset` for Pawn Battle.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, MoveList, Position, Role};

use super::check::gives_check;
use super::eval::{EvalParams, evaluate};
use super::network::NetState;
use super::search::SearchResult;
use super::search::params::MARGIN_PAWN;
use super::see::see_ge;
use crate::variant::VariantPosition;

/// The rules the search asks about beyond [`VariantPosition`] (search-internal: pruning,
/// extensions and quiescence decisions that depend on the game).
pub trait SearchRules: VariantPosition {
    /// The evaluation this game's positions are searched with ([`EvalParams`] for chess,
    /// `pawn_battle::eval::Evaluation` for Pawn Battle): what a search request carries.
    type Eval: Evaluator<Self>
        + Clone
        + std::fmt::Debug
        + std::hash::Hash
        + PartialEq
        + Send
        + Sync
        + 'static;

    /// Whether the side to move must answer a threat before anything else: it is extended, never
    /// null-moved, and searches every move in quiescence (chess: in check; Pawn Battle: an enemy
    /// pawn can reach the last rank next move).
    fn in_danger(&self) -> bool;
    /// Whether the legal move `m` puts the opponent [`in_danger`](SearchRules::in_danger)
    /// (chess: exact; Pawn Battle: a pawn pushed to the 7th rank with a way forward).
    fn endangers(&self, m: Move) -> bool;
    /// Whether the side to move has already lost by the position alone, before any move (Pawn
    /// Battle: the opponent's pawn stands on the last rank, or no pawn of ours is left; chess:
    /// never, checkmate is found by the missing moves).
    fn has_lost(&self) -> bool;
    /// Whether the side to move wins with its next move whatever happens (Pawn Battle: a pawn of
    /// its own on the 7th rank can reach the last rank; chess: never, a mate is searched). The
    /// search scores it as a mate in one without searching, which also ends lines where both
    /// sides threaten to promote (neither could stand pat in quiescence).
    fn wins_at_once(&self) -> bool;
    /// Whether a side to move without legal moves has lost (`danger` is
    /// [`in_danger`](SearchRules::in_danger)); otherwise it is a draw (stalemate).
    fn no_moves_loses(&self, danger: bool) -> bool;
    /// A draw by the material alone, whatever is played (chess: bare kings and a lone minor).
    fn is_dead_draw(&self) -> bool;
    /// Whether `m` wins at least `threshold` by static exchange on its target square.
    fn see_ge(&self, m: Move, threshold: i32, values: &[i32; 6]) -> bool;
    /// The key after `m`, from this position's `key`, without playing it (`None` when it must be
    /// read from the child).
    fn key_after(&self, key: u64, m: Move) -> Option<u64>;
    /// The position with the other side to move and nothing else changed (`None` when that is
    /// not a legal position).
    fn null_move(&self) -> Option<Self>;
    /// Whether `m` is ordered with the captures (by MVV-LVA and SEE): captures and moves that win
    /// material or the game at once (chess: queen promotions; Pawn Battle: a pawn's arrival).
    fn is_capture_class(&self, m: Move) -> bool;
    /// Whether quiescence searches `m` out of danger; `endangering` adds moves that create a
    /// threat (the first quiescence ply only).
    fn is_quiescence_move(&self, m: Move, endangering: bool) -> bool;
    /// Whether delta pruning may skip `m` when even its captured piece cannot reach alpha (a
    /// plain capture, not a promotion or a win).
    fn is_delta_prunable(&self, m: Move) -> bool;
    /// The legal captures (ProbCut's candidates).
    fn capture_moves(&self) -> MoveList;
    /// The endgame tables' answer for this position as the root of a search, its moves
    /// limited to `searchmoves` when any are given (chess: [`crate::tablebase`], when the
    /// tables hold the position); `None`: search it.
    fn tablebase_result(&self, _searchmoves: &[Move]) -> Option<SearchResult> {
        None
    }
    /// The endgame tables' score of this position, reached by a capture or a pawn move,
    /// `ply` plies from the root (a win is [`TB_WIN`](super::score::TB_WIN) minus `ply`);
    /// `None` when they do not hold it.
    fn tablebase_score(&self, _ply: usize) -> Option<i32> {
        None
    }
}

/// A static evaluation the search can use for positions of `P`.
pub trait Evaluator<P>: Sync {
    /// The score from the side to move's point of view, of a game still in progress.
    fn evaluate(&self, pos: &P) -> i32;
    /// Piece values by role (pawn = 0 … king = 5) for SEE, delta pruning and move ordering.
    fn piece_values(&self) -> &[i32; 6];
    /// What a pawn is worth in this evaluation's units: the search's margins, stated in
    /// centipawns ([`MARGIN_PAWN`]), are scaled by it over 100 ([`Margins`]), so that a search
    /// of a given depth prunes alike whatever unit the evaluation counts in (chess: exactly
    /// [`MARGIN_PAWN`], whatever the configured pawn).
    ///
    /// [`MARGIN_PAWN`]: super::search::params::MARGIN_PAWN
    /// [`Margins`]: super::search::params::Margins
    fn pawn_unit(&self) -> i32;
    /// What the evaluation keeps per ply of a search and updates move by move (the network's
    /// accumulators; `()` for an evaluation computed from the position alone).
    type State: Default + Send;
    /// Sets `state` for the search's root `pos`.
    fn refresh_state(&self, _state: &mut Self::State, _pos: &P) {}
    /// Sets `child` to `parent` after `m` (`None`: a null move) is played from `pos`, reaching
    /// `after`.
    fn update_state(
        &self,
        _parent: &Self::State,
        _child: &mut Self::State,
        _pos: &P,
        _m: Option<Move>,
        _after: &P,
    ) {
    }
    /// The evaluation of `pos` whose state is `state` (as [`Evaluator::evaluate`]).
    fn evaluate_state(&self, _state: &Self::State, pos: &P) -> i32 {
        self.evaluate(pos)
    }
}

impl SearchRules for Chess {
    type Eval = EvalParams;

    #[inline]
    fn in_danger(&self) -> bool {
        Position::is_check(self)
    }
    #[inline]
    fn endangers(&self, m: Move) -> bool {
        gives_check(self, m)
    }
    #[inline]
    fn has_lost(&self) -> bool {
        false
    }
    #[inline]
    fn wins_at_once(&self) -> bool {
        false
    }
    #[inline]
    fn no_moves_loses(&self, danger: bool) -> bool {
        danger
    }
    #[inline]
    fn is_dead_draw(&self) -> bool {
        let board = Position::board(self);
        board.occupied().count() <= 3 && (board.pawns() | board.rooks() | board.queens()).is_empty()
    }
    #[inline]
    fn see_ge(&self, m: Move, threshold: i32, values: &[i32; 6]) -> bool {
        see_ge(self, m, threshold, values)
    }
    #[inline]
    fn key_after(&self, key: u64, m: Move) -> Option<u64> {
        self.update_zobrist_hash::<Zobrist64>(Zobrist64(key), m, EnPassantMode::Legal)
            .map(|k| k.0)
    }
    #[inline]
    fn null_move(&self) -> Option<Self> {
        self.clone().swap_turn().ok()
    }
    #[inline]
    fn is_capture_class(&self, m: Move) -> bool {
        m.is_capture() || m.promotion() == Some(Role::Queen)
    }
    #[inline]
    fn is_quiescence_move(&self, m: Move, endangering: bool) -> bool {
        m.is_capture()
            || m.promotion() == Some(Role::Queen)
            || (endangering && m.promotion().is_none() && gives_check(self, m))
    }
    #[inline]
    fn is_delta_prunable(&self, m: Move) -> bool {
        m.is_capture() && m.promotion().is_none()
    }
    #[inline]
    fn capture_moves(&self) -> MoveList {
        Position::capture_moves(self)
    }
    fn tablebase_result(&self, searchmoves: &[Move]) -> Option<SearchResult> {
        crate::tablebase::installed().search_result(self, searchmoves)
    }
    #[inline]
    fn tablebase_score(&self, ply: usize) -> Option<i32> {
        let tables = crate::tablebase::installed();
        if !tables.covers(self) {
            return None;
        }
        tables
            .wdl_after_zeroing(self)
            .map(|v| crate::tablebase::tree_score(v, ply))
    }
}

impl Evaluator<Chess> for EvalParams {
    type State = NetState;
    #[inline]
    fn evaluate(&self, pos: &Chess) -> i32 {
        match &self.network {
            Some(net) => net.evaluate(pos),
            None => evaluate(pos, self),
        }
    }
    #[inline]
    fn refresh_state(&self, state: &mut NetState, pos: &Chess) {
        if let Some(net) = &self.network {
            net.refresh_state(state, pos);
        }
    }
    #[inline]
    fn update_state(
        &self,
        parent: &NetState,
        child: &mut NetState,
        pos: &Chess,
        m: Option<Move>,
        after: &Chess,
    ) {
        if let Some(net) = &self.network {
            net.update_state(parent, child, pos, m, after);
        }
    }
    #[inline]
    fn evaluate_state(&self, state: &NetState, pos: &Chess) -> i32 {
        match &self.network {
            Some(net) => net.evaluate_state(state, pos),
            None => evaluate(pos, self),
        }
    }
    #[inline]
    fn piece_values(&self) -> &[i32; 6] {
        &self.values
    }
    #[inline]
    fn pawn_unit(&self) -> i32 {
        // The margins were tuned in these centipawns, with the configured pawn whatever it is.
        MARGIN_PAWN
    }
}

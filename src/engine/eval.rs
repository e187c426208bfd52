//! Static evaluation: material and tapered piece-square tables plus positional terms, each
//! weighted by its percentage from `[eval]` in the configuration.
//!
//! The evaluation is computed per term and per side ([`Trace`]) so that the search's number and
//! the explanation's [`Breakdown`] can never disagree. Term weights are applied once, when
//! [`EvalParams`] are built, so the inner loop only adds integers; every term is computed from
//! each side's own point of view, which makes the evaluation exactly colour-symmetric.
//!
//! Term designs (values "at 100 %"; the shipped percentages scale them): see the submodules.

mod king;
mod pawns;
mod pieces;
pub mod pst;
pub mod scale;
pub mod tapered;
pub mod weights;

use std::fmt;

use shakmaty::{Bitboard, Chess, Color, Position, Role};

use crate::config::values::{EvalConfig, EvalPreset};
pub use tapered::MAX_PHASE;
use tapered::{Tapered, s};
use weights::{Preset, Shape, Weights};

/// An evaluation term, in the order of [`Term::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Term {
    /// Piece values (`eval.material_pst`).
    Material,
    /// Piece-square tables (`eval.material_pst`).
    Placement,
    /// Squares each piece can reach (`eval.mobility`).
    Mobility,
    /// Pawn shield, attackers near the king, open files at the king (`eval.king_safety`).
    KingSafety,
    /// Passed, isolated, doubled, backward and connected pawns (`eval.pawn_structure`).
    PawnStructure,
    /// Attacks on undefended or more valuable pieces (`eval.threats`).
    Threats,
    /// Pieces protected by their own side (`eval.defences`).
    Defences,
    /// Owning both bishops (`eval.bishop_pair`).
    BishopPair,
    /// Rooks on open and half-open files and on the seventh rank (`eval.rooks`).
    Rooks,
    /// The side to move's bonus (`eval.tempo`).
    Tempo,
    /// Castling rights kept and a king left in the centre without them (`eval.castling`).
    Castling,
}

impl Term {
    /// Every term, in display order.
    pub const ALL: [Term; 11] = [
        Term::Material,
        Term::Placement,
        Term::Mobility,
        Term::KingSafety,
        Term::PawnStructure,
        Term::Threats,
        Term::Defences,
        Term::BishopPair,
        Term::Rooks,
        Term::Tempo,
        Term::Castling,
    ];

    /// A short English name for tables.
    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "material",
            Term::Placement => "piece placement",
            Term::Mobility => "mobility",
            Term::KingSafety => "king safety",
            Term::PawnStructure => "pawn structure",
            Term::Threats => "threats",
            Term::Defences => "defences",
            Term::BishopPair => "bishop pair",
            Term::Rooks => "rooks",
            Term::Tempo => "tempo",
            Term::Castling => "castling",
        }
    }
}

/// Evaluation parameters: the preset's tables and terms with the configured weights applied,
/// and the trained network when `engine.evaluation = "network"` (then the search evaluates with
/// it, while the explanations' [`Breakdown`] and SEE keep these terms and values).
#[derive(Clone, PartialEq, Eq)]
pub struct EvalParams {
    /// The preset these parameters come from.
    pub preset: EvalPreset,
    /// Material value per role (pawn = 0 … king = 5; the king is 0).
    pub(crate) material: [Tapered; 6],
    /// Unweighted piece values in centipawns (pawn … king), for SEE and move ordering.
    pub values: [i32; 6],
    /// Every weight of [`weights`] with its term's percentage applied (the `simplified` preset
    /// fills only the piece-square tables).
    pub(crate) w: Weights,
    /// The fixed shape constants of the default preset.
    pub(crate) shape: &'static Shape,
    /// The network the search evaluates with instead of the terms (`None`: the classic
    /// evaluation).
    pub network: Option<std::sync::Arc<crate::engine::network::Network>>,
}

impl fmt::Debug for EvalParams {
    /// As a derived `Debug`, with the network only when there is one (so the classic
    /// parameters' text, which keys the position database, is unchanged).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("EvalParams");
        d.field("preset", &self.preset)
            .field("material", &self.material)
            .field("values", &self.values)
            .field("w", &self.w)
            .field("shape", &self.shape);
        if let Some(n) = &self.network {
            d.field("network", n);
        }
        d.finish()
    }
}

impl std::hash::Hash for EvalParams {
    /// The values the evaluation applies, for the position database's version
    /// ([`crate::posdb::eval_version`]): the network by its checksum.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.preset.hash(state);
        self.material.hash(state);
        self.values.hash(state);
        self.w.hash(state);
        self.shape.hash(state);
        self.network.hash(state);
    }
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams::from_config(&EvalConfig::default())
    }
}

/// The configured percentage for `term`.
pub(crate) fn term_percent(c: &EvalConfig, term: Term) -> u32 {
    match term {
        Term::Material | Term::Placement => c.material_pst,
        Term::Mobility => c.mobility,
        Term::KingSafety => c.king_safety,
        Term::PawnStructure => c.pawn_structure,
        Term::Threats => c.threats,
        Term::Defences => c.defences,
        Term::BishopPair => c.bishop_pair,
        Term::Rooks => c.rooks,
        Term::Tempo => c.tempo,
        Term::Castling => c.castling,
    }
}

impl EvalParams {
    /// Builds the parameters for a configuration (weights in percent are applied here).
    pub fn from_config(c: &EvalConfig) -> EvalParams {
        EvalParams::with_preset(c, &weights::DEFAULT)
    }

    /// Builds the parameters for a configuration with the default preset's numbers taken from
    /// `preset` (the tuner evaluates candidate presets this way).
    pub fn with_preset(c: &EvalConfig, preset: &'static Preset) -> EvalParams {
        let base = [c.pawn, c.knight, c.bishop, c.rook, c.queen, 0];
        let values = [c.pawn, c.knight, c.bishop, c.rook, c.queen, 20_000];
        let wm = c.material_pst;
        let mut w = [Tapered::default(); weights::COUNT];
        let material;
        match c.preset {
            EvalPreset::Simplified => {
                material = base.map(|v| s(v, v).percent(wm));
                for (r, table) in pst::simplified().iter().enumerate() {
                    for (sq, v) in table.iter().enumerate() {
                        w[weights::PST_PAWN + 64 * r + sq] = v.percent(wm);
                    }
                }
            }
            EvalPreset::Default => {
                let eg = &preset.shape.material_eg_percent;
                material = std::array::from_fn(|i| {
                    let e = if i < 5 { base[i] * eg[i] / 100 } else { 0 };
                    s(base[i], e).percent(wm)
                });
                for g in weights::GROUPS {
                    let p = term_percent(c, g.term);
                    let range = g.start..g.start + g.len;
                    for (dst, src) in w[range.clone()].iter_mut().zip(&preset.weights[range]) {
                        *dst = src.percent(p);
                    }
                }
            }
        }
        EvalParams {
            preset: c.preset,
            material,
            values,
            w,
            shape: &preset.shape,
            network: None,
        }
    }
}

/// Receives every contribution to the evaluation: [`Trace`] sums them per term and side, the
/// tuner's [`Coefficients`] records how often each weight counts.
pub(crate) trait Sink {
    /// Adds `v`, which is weight `index` times `coefficient`, to `color`'s `term`.
    fn weight(&mut self, term: Term, color: Color, index: usize, coefficient: f32, v: Tapered);
    /// Adds `v`, which depends on no weight (material), to `color`'s `term`.
    fn fixed(&mut self, term: Term, color: Color, v: Tapered);
}

/// Adds weight `index` times `n` to `color`'s `term`.
#[inline(always)]
pub(crate) fn add<S: Sink>(
    sink: &mut S,
    params: &EvalParams,
    term: Term,
    color: Color,
    index: usize,
    n: i32,
) {
    sink.weight(term, color, index, n as f32, params.w[index] * n);
}

/// Adds weight `index` times `n / div` (each component rounded toward zero) to `color`'s `term`.
#[inline(always)]
pub(crate) fn add_scaled<S: Sink>(
    sink: &mut S,
    params: &EvalParams,
    term: Term,
    color: Color,
    index: usize,
    n: i32,
    div: i32,
) {
    let w = params.w[index];
    let v = s(w.mg * n / div, w.eg * n / div);
    sink.weight(term, color, index, n as f32 / div as f32, v);
}

/// Per-term, per-side middlegame/endgame values (`[term][White = 0, Black = 1]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Trace {
    /// Values indexed by `Term as usize` and side.
    pub terms: [[Tapered; 2]; Term::ALL.len()],
    /// Game phase, 0 (endgame) to 24 (middlegame).
    pub phase: i32,
}

impl Sink for Trace {
    #[inline(always)]
    fn weight(&mut self, term: Term, color: Color, _index: usize, _coefficient: f32, v: Tapered) {
        self.terms[term as usize][side(color)] += v;
    }
    #[inline(always)]
    fn fixed(&mut self, term: Term, color: Color, v: Tapered) {
        self.terms[term as usize][side(color)] += v;
    }
}

/// How the evaluation of one position depends on the weights, from White's point of view:
/// `white = blend(fixed + Σ coefficient × weight)` (up to rounding), for the tuner.
#[derive(Debug, Clone, PartialEq)]
pub struct Coefficients {
    /// Game phase, 0 (endgame) to 24 (middlegame).
    pub phase: i32,
    /// The part that depends on no weight (material), White minus Black.
    pub fixed: Tapered,
    /// `(weight index, White's coefficient minus Black's)`, without zeros, by index.
    pub weights: Vec<(u16, f32)>,
}

/// Dense accumulator behind [`coefficients`].
struct Dense {
    fixed: Tapered,
    coefficients: Vec<f32>,
}

impl Sink for Dense {
    fn weight(&mut self, _term: Term, color: Color, index: usize, coefficient: f32, _v: Tapered) {
        let sign = if color == Color::White { 1.0 } else { -1.0 };
        self.coefficients[index] += sign * coefficient;
    }
    fn fixed(&mut self, _term: Term, color: Color, v: Tapered) {
        self.fixed += if color == Color::White { v } else { -v };
    }
}

/// The coefficient of every weight in `pos` under `params` (for `kibitzer tune`).
pub fn coefficients(pos: &Chess, params: &EvalParams) -> Coefficients {
    let mut d = Dense {
        fixed: Tapered::default(),
        coefficients: vec![0.0; weights::COUNT],
    };
    let phase = collect(pos, params, &mut d);
    let weights = d
        .coefficients
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0.0)
        .map(|(i, c)| (i as u16, *c))
        .collect();
    Coefficients {
        phase,
        fixed: d.fixed,
        weights,
    }
}

/// The evaluation split into terms, each side's share blended by the game phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    /// `(term, White's value, Black's value)` in centipawns, each from its own side's view
    /// (positive = good for that side).
    pub terms: Vec<(Term, i32, i32)>,
    /// Game phase, 0 (endgame) to 24 (all pieces on the board).
    pub phase: i32,
    /// The share of the terms' endgame part kept in [`Breakdown::white`], out of
    /// [`scale::FULL`] (less in drawish endgames: see [`scale::endgame_scale`]).
    pub endgame_scale: i32,
    /// The share of the blended total kept in [`Breakdown::white`], out of [`scale::FULL`]
    /// (less as the fifty-move counter runs: see [`scale::fifty_move_scale`]).
    pub fifty_move_scale: i32,
    /// The total from White's point of view (positive = White is better).
    pub white: i32,
    /// The side to move.
    pub turn: Color,
}

impl Breakdown {
    /// The total from the point of view of the side to move.
    pub fn side_to_move(&self) -> i32 {
        if self.turn == Color::White {
            self.white
        } else {
            -self.white
        }
    }
}

const fn side(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The square index relative to `color` (flipped vertically for Black), a1 = 0.
pub(crate) const fn relative(color: Color, sq: usize) -> usize {
    match color {
        Color::White => sq,
        Color::Black => sq ^ 56,
    }
}

/// Attack maps shared by the terms, computed once per evaluation.
pub(crate) struct Attacks {
    /// Squares attacked by each side's pawns.
    pub pawns: [Bitboard; 2],
    /// Squares attacked by each side's knights and bishops.
    pub minors: [Bitboard; 2],
    /// Squares attacked by each side's rooks.
    pub rooks: [Bitboard; 2],
    /// Squares attacked by each side (all pieces, king included).
    pub all: [Bitboard; 2],
    /// Squares attacked by each side's knights, bishops, rooks and queens, per role.
    pub by_role: [[Bitboard; 4]; 2],
    /// King-attack units of each side's pieces against the enemy king zone.
    pub king_units: [i32; 2],
    /// Number of each side's pieces attacking the enemy king zone.
    pub king_attackers: [i32; 2],
}

/// The search's sink: only White's total minus Black's, no per-term bookkeeping.
#[derive(Default)]
struct Total(Tapered);

impl Sink for Total {
    #[inline(always)]
    fn weight(&mut self, term: Term, color: Color, _index: usize, _coefficient: f32, v: Tapered) {
        self.fixed(term, color, v);
    }
    #[inline(always)]
    fn fixed(&mut self, _term: Term, color: Color, v: Tapered) {
        if color == Color::White {
            self.0 += v;
        } else {
            self.0 -= v;
        }
    }
}

/// Evaluates a position from the point of view of the side to move, in centipawns (the same
/// value as summing [`trace`], without keeping the terms apart, then scaling as
/// [`Breakdown::white`] says).
pub fn evaluate(pos: &Chess, params: &EvalParams) -> i32 {
    let mut total = Total::default();
    let phase = collect(pos, params, &mut total);
    let (white, ..) = scaled_blend(pos, params, total.0, phase);
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

/// The evaluation split per term and side (for explanations and `kibitzer eval`).
pub fn evaluate_breakdown(pos: &Chess, params: &EvalParams) -> Breakdown {
    let trace = trace(pos, params);
    let mut total = Tapered::default();
    let mut terms = Vec::with_capacity(Term::ALL.len());
    for term in Term::ALL {
        let [w, b] = trace.terms[term as usize];
        total += w - b;
        terms.push((term, w.blend(trace.phase), b.blend(trace.phase)));
    }
    let (white, endgame_scale, fifty_move_scale) = scaled_blend(pos, params, total, trace.phase);
    Breakdown {
        terms,
        phase: trace.phase,
        endgame_scale,
        fifty_move_scale,
        white,
        turn: pos.turn(),
    }
}

/// Blends the terms' sum `total` (White's view) by `phase`, keeping only the share of its
/// endgame part that [`scale::endgame_scale`] allows and then the share of the whole that
/// [`scale::fifty_move_scale`] allows. Returns the total and the two shares (out of
/// [`scale::FULL`]). The `simplified` preset keeps Michniewski's function as it is.
fn scaled_blend(pos: &Chess, params: &EvalParams, total: Tapered, phase: i32) -> (i32, i32, i32) {
    if params.preset == EvalPreset::Simplified {
        return (total.blend(phase), scale::FULL, scale::FULL);
    }
    let endgame = scale::endgame_scale(pos.board(), total.eg);
    let fifty = scale::fifty_move_scale(pos.halfmoves());
    let kept = s(total.mg, total.eg * endgame / scale::FULL);
    (kept.blend(phase) * fifty / scale::FULL, endgame, fifty)
}

/// Computes every term for both sides.
pub fn trace(pos: &Chess, params: &EvalParams) -> Trace {
    let mut t = Trace::default();
    t.phase = collect(pos, params, &mut t);
    t
}

/// Feeds every contribution of `pos` to `sink`; returns the phase used for blending.
fn collect<S: Sink>(pos: &Chess, params: &EvalParams, sink: &mut S) -> i32 {
    let board = pos.board();

    // Material and placement.
    for color in Color::ALL {
        for role in Role::ALL {
            let r = role as usize - 1;
            let bb = board.by_piece(role.of(color));
            if bb.is_empty() {
                continue;
            }
            sink.fixed(
                Term::Material,
                color,
                params.material[r] * bb.count() as i32,
            );
            for sq in bb {
                let index = weights::PST_PAWN + 64 * r + relative(color, sq.to_usize());
                add(sink, params, Term::Placement, color, index, 1);
            }
        }
    }

    if params.preset == EvalPreset::Simplified {
        // Michniewski's king tables switch at his endgame definition instead of tapering;
        // every other simplified entry has mg == eg, so the phase only picks the king table.
        let endgame = Color::ALL.iter().all(|&c| {
            let ours = board.by_color(c);
            let queens = (board.queens() & ours).count();
            let rooks = (board.rooks() & ours).count();
            let minors = ((board.knights() | board.bishops()) & ours).count();
            queens == 0 || (rooks == 0 && minors <= 1)
        });
        return if endgame { 0 } else { MAX_PHASE };
    }
    let phase = {
        let minors = (board.knights() | board.bishops()).count() as i32;
        let rooks = board.rooks().count() as i32;
        let queens = board.queens().count() as i32;
        (minors + 2 * rooks + 4 * queens).min(MAX_PHASE)
    };

    let attacks = pieces::mobility_and_attacks(board, params, sink);
    pawns::evaluate(board, params, &attacks, sink);
    king::evaluate(board, params, &attacks, sink);
    king::castling(pos, params, sink);
    pieces::threats_and_defences(board, params, &attacks, sink);
    pieces::bishops_and_rooks(board, params, sink);
    pieces::balance_and_protectors(board, params, sink);
    pieces::outposts_and_pushes(board, params, &attacks, sink);
    add(sink, params, Term::Tempo, pos.turn(), weights::TEMPO, 1);
    phase
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    fn white_eval(pos: &Chess, params: &EvalParams) -> i32 {
        let e = evaluate(pos, params);
        if pos.turn() == Color::White { e } else { -e }
    }

    fn mirrored(pos: &Chess) -> Option<Chess> {
        let mut setup = pos.to_setup(EnPassantMode::Legal);
        setup.mirror();
        setup.position(CastlingMode::Standard).ok()
    }

    fn fens_from(path: &str, field: impl Fn(&str) -> Option<String>) -> Vec<String> {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.lines().filter_map(field).collect()
    }

    fn data(rel: &str) -> String {
        format!("{}/../shared/data/{rel}", env!("CARGO_MANIFEST_DIR"))
    }

    fn epd_fen(line: &str) -> Option<String> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("id ") {
            return None;
        }
        let line = line.strip_prefix("epd ").unwrap_or(line);
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        (fields.len() == 4).then(|| format!("{} 0 1", fields.join(" ")))
    }

    fn all_test_fens() -> Vec<String> {
        let mut fens = Vec::new();
        for f in [
            "perft/perftsuite.epd",
            "perft/cpw_perft_results.epd",
            "perft/tricky.perft",
            "perft/random.perft",
        ] {
            fens.extend(fens_from(&data(f), epd_fen));
        }
        for f in [
            "tactics/bratko_kopec.epd",
            "tactics/ccr_one_hour.epd",
            "tactics/kaufman.epd",
            "tactics/lct2.epd",
            "tactics/silent_but_deadly.epd",
            "tactics/zugzwang_allgeuer.epd",
            "tactics/hard_mates_blass_uri.epd",
        ] {
            fens.extend(fens_from(&data(f), epd_fen));
        }
        for f in [
            "tactics/mate1.fen",
            "tactics/mate2.fen",
            "tactics/mate3.fen",
            "tactics/mate4.fen",
        ] {
            fens.extend(fens_from(&data(f), |l| {
                let l = l.trim();
                (!l.is_empty()).then(|| l.to_owned())
            }));
        }
        let puzzles = fens_from(&data("puzzles/lichess_puzzles.csv"), |l| {
            l.split(',')
                .nth(1)
                .filter(|f| f.contains('/'))
                .map(str::to_owned)
        });
        fens.extend(puzzles.into_iter().step_by(5));
        fens
    }

    #[test]
    fn mirrored_positions_evaluate_to_the_negation() {
        let simplified = EvalConfig {
            preset: EvalPreset::Simplified,
            ..EvalConfig::default()
        };
        let presets = [EvalParams::default(), EvalParams::from_config(&simplified)];
        let mut checked = 0;
        for fen in all_test_fens() {
            let Ok(parsed) = fen.parse::<Fen>() else {
                continue;
            };
            let Ok(pos) = parsed.into_position::<Chess>(CastlingMode::Standard) else {
                continue;
            };
            let Some(m) = mirrored(&pos) else { continue };
            for params in &presets {
                assert_eq!(white_eval(&pos, params), -white_eval(&m, params), "{fen}");
                let b = evaluate_breakdown(&pos, params);
                assert_eq!(b.side_to_move(), evaluate(&pos, params), "{fen}");
            }
            checked += 1;
        }
        assert!(checked > 1000, "only {checked} positions checked");
    }

    #[test]
    fn drawish_endgames_and_the_fifty_move_counter_pull_the_score_toward_zero() {
        let at = |fen: &str| -> Chess {
            fen.parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap()
        };
        let simplified = EvalParams::from_config(&EvalConfig {
            preset: EvalPreset::Simplified,
            ..EvalConfig::default()
        });
        // Light bishop and h-pawn against the king in the dark corner: a dead draw.
        let wrong_bishop = at("6k1/8/8/7P/8/8/4B3/6K1 w - - 0 1");
        let b = evaluate_breakdown(&wrong_bishop, &EvalParams::default());
        assert_eq!(
            (b.endgame_scale, b.fifty_move_scale),
            (0, scale::FULL),
            "{b:?}"
        );
        // Michniewski's function stays as he wrote it.
        assert!(evaluate(&wrong_bishop, &simplified) > 300);
        // The same bishop covering the corner wins: nothing is scaled. Only the endgame part
        // is scaled, so the draw keeps the middlegame part's share (1/24 at this phase).
        let won = evaluate_breakdown(
            &at("6k1/8/8/7P/8/8/3B4/6K1 w - - 0 1"),
            &EvalParams::default(),
        );
        assert_eq!(won.endgame_scale, scale::FULL, "{won:?}");
        assert!(
            won.white > 300 && b.white.abs() < won.white / 10,
            "{won:?}\n{b:?}"
        );
        // A rook up with the counter at 0 and at 99 plies: half the score at the end.
        let fresh = evaluate(
            &at("4k3/8/8/8/8/8/8/R3K3 w - - 0 60"),
            &EvalParams::default(),
        );
        let stale = evaluate(
            &at("4k3/8/8/8/8/8/8/R3K3 w - - 99 60"),
            &EvalParams::default(),
        );
        assert!(
            fresh > 400 && (stale - fresh / 2).abs() <= fresh / 50,
            "{fresh} {stale}"
        );
    }

    #[test]
    fn start_position_is_balanced_but_tempo() {
        let pos = Chess::default();
        let p = EvalParams::default();
        let b = evaluate_breakdown(&pos, &p);
        for (term, w, bl) in &b.terms {
            if *term != Term::Tempo {
                assert_eq!(w, bl, "{term:?}");
            }
        }
        let tempo = b.terms.iter().find(|t| t.0 == Term::Tempo).map(|t| t.1);
        assert!(b.white > 0 && Some(b.white) == tempo, "{b:?}");
        let simplified = EvalConfig {
            preset: EvalPreset::Simplified,
            ..EvalConfig::default()
        };
        assert_eq!(evaluate(&pos, &EvalParams::from_config(&simplified)), 0);
    }

    #[test]
    fn weights_switch_terms_off() {
        let pos: Chess = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let c = EvalConfig {
            mobility: 0,
            threats: 0,
            ..EvalConfig::default()
        };
        let b = evaluate_breakdown(&pos, &EvalParams::from_config(&c));
        for (term, w, bl) in &b.terms {
            if matches!(term, Term::Mobility | Term::Threats) {
                assert_eq!((*w, *bl), (0, 0));
            }
        }
        assert!(b.terms.iter().any(|(term, ..)| *term == Term::KingSafety));
    }

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn castling_term(fen: &str) -> (i32, i32) {
        let b = evaluate_breakdown(&position(fen), &EvalParams::default());
        let t = b.terms.iter().find(|t| t.0 == Term::Castling).unwrap();
        (t.1, t.2)
    }

    #[test]
    fn castling_rights_count_and_a_king_left_in_the_centre_costs() {
        let w = &weights::DEFAULT.weights;
        let (right, centre) = (w[weights::CASTLING].mg, w[weights::CASTLING + 1].mg);
        assert!(right > 0 && centre < 0, "right {right}, centre {centre}");
        // Middlegame material on the board: the mg part dominates the blend.
        let rest = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R";
        let (both, _) = castling_term(&format!("{rest} w KQkq - 0 9"));
        let (one, _) = castling_term(&format!("{rest} w Qkq - 0 9"));
        let (none, black) = castling_term(&format!("{rest} w kq - 0 9"));
        assert!(both > one && one > 0, "both {both}, one {one}");
        assert!(none < 0, "a king on e1 without rights: {none}");
        assert_eq!(black, both, "Black keeps both rights");
        // Castled: no right left, the king off the centre files: nothing either way.
        let castled = "r4rk1/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R4RK1 w - - 0 9";
        assert_eq!(castling_term(castled), (0, 0));
    }

    /// Issue 21: the engine's lines went `1.d4 Nf6 2.Nf3 d5 3.Rg1` because the rook table valued
    /// g1 about 40 cp above h1 and nothing valued the castling right `Rg1` gives up.
    #[test]
    fn a_rook_stepping_off_h1_before_castling_loses_value() {
        let p = EvalParams::default();
        let before = position("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3");
        // White's view, the side-to-move bonus left out.
        let white = |pos: &Chess| {
            let b = evaluate_breakdown(pos, &p);
            let tempo = b.terms.iter().find(|t| t.0 == Term::Tempo).unwrap();
            b.white - (tempo.1 - tempo.2)
        };
        let change = |fen: &str| white(&position(fen)) - white(&before);
        let rook = change("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKBR1 b Qkq - 3 3");
        let pawn = change("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/4PN2/PPP2PPP/RNBQKB1R b KQkq - 0 3");
        assert!(rook < 0, "Rg1 gains {rook} cp");
        assert!(rook < pawn, "Rg1 {rook} cp, e3 {pawn} cp");
    }

    #[test]
    fn material_dominates() {
        let p = EvalParams::default();
        // White is a queen up.
        let pos: Chess = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        assert!(evaluate(&pos, &p) > 800);
    }
}

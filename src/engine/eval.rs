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
pub mod tapered;

use std::fmt;

use shakmaty::{Bitboard, Chess, Color, Position, Role};

use crate::config::{EvalConfig, EvalPreset};
use tapered::{MAX_PHASE, Tapered, s};

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
}

impl Term {
    /// Every term, in display order.
    pub const ALL: [Term; 10] = [
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
        }
    }
}

/// Evaluation parameters: the preset's tables and terms with the configured weights applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvalParams {
    /// The preset these parameters come from.
    pub preset: EvalPreset,
    /// Material value per role (pawn = 0 … king = 5; the king is 0).
    pub(crate) material: [Tapered; 6],
    /// Piece-square bonus per role and relative square.
    pub(crate) pst: [[Tapered; 64]; 6],
    /// Unweighted piece values in centipawns (pawn … king), for SEE and move ordering.
    pub values: [i32; 6],
    pub(crate) mobility: pieces::MobilityParams,
    pub(crate) king: king::KingParams,
    pub(crate) pawns: pawns::PawnParams,
    pub(crate) threats: pieces::ThreatParams,
    pub(crate) defended: Tapered,
    pub(crate) bishop_pair: Tapered,
    pub(crate) rooks: pieces::RookParams,
    pub(crate) tempo: Tapered,
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams::from_config(&EvalConfig::default())
    }
}

impl EvalParams {
    /// Builds the parameters for a configuration (weights in percent are applied here).
    pub fn from_config(c: &EvalConfig) -> EvalParams {
        let base = [c.pawn, c.knight, c.bishop, c.rook, c.queen, 0];
        let values = [c.pawn, c.knight, c.bishop, c.rook, c.queen, 20_000];
        let w = c.material_pst;
        match c.preset {
            EvalPreset::Simplified => {
                let material = base.map(|v| s(v, v).percent(w));
                let pst = pst::simplified().map(|t| t.map(|v| v.percent(w)));
                EvalParams {
                    preset: c.preset,
                    material,
                    pst,
                    values,
                    mobility: pieces::MobilityParams::zero(),
                    king: king::KingParams::zero(),
                    pawns: pawns::PawnParams::zero(),
                    threats: pieces::ThreatParams::zero(),
                    defended: Tapered::default(),
                    bishop_pair: Tapered::default(),
                    rooks: pieces::RookParams::zero(),
                    tempo: Tapered::default(),
                }
            }
            EvalPreset::Default => {
                // Endgame values: pawns and rooks gain, minor pieces lose a little.
                const EG_PERCENT: [i32; 6] = [120, 94, 97, 108, 107, 0];
                let mut material = [Tapered::default(); 6];
                for (i, m) in material.iter_mut().enumerate() {
                    *m = s(base[i], base[i] * EG_PERCENT[i] / 100).percent(w);
                }
                let pst = pst::default_tables().map(|t| t.map(|v| v.percent(w)));
                EvalParams {
                    preset: c.preset,
                    material,
                    pst,
                    values,
                    mobility: pieces::MobilityParams::designed().percent(c.mobility),
                    king: king::KingParams::designed().percent(c.king_safety),
                    pawns: pawns::PawnParams::designed().percent(c.pawn_structure),
                    threats: pieces::ThreatParams::designed().percent(c.threats),
                    defended: s(40, 25).percent(c.defences),
                    bishop_pair: s(30, 55).percent(c.bishop_pair),
                    rooks: pieces::RookParams::designed().percent(c.rooks),
                    tempo: s(15, 5).percent(c.tempo),
                }
            }
        }
    }
}

/// Per-term, per-side middlegame/endgame values (`[term][White = 0, Black = 1]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Trace {
    /// Values indexed by `Term as usize` and side.
    pub terms: [[Tapered; 2]; 10],
    /// Game phase, 0 (endgame) to 24 (middlegame).
    pub phase: i32,
}

impl Trace {
    fn add(&mut self, term: Term, color: Color, v: Tapered) {
        self.terms[term as usize][side(color)] += v;
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

impl fmt::Display for Breakdown {
    /// A table: one row per term with White, Black and the difference, then the total.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<16} {:>7} {:>7} {:>7}",
            "term", "white", "black", "total"
        )?;
        for (term, w, b) in &self.terms {
            writeln!(
                f,
                "{:<16} {:>7} {:>7} {:>7}",
                term.name(),
                pawns_str(*w),
                pawns_str(*b),
                pawns_str(w - b)
            )?;
        }
        writeln!(
            f,
            "{:<16} {:>7} {:>7} {:>7}",
            "total",
            "",
            "",
            pawns_str(self.white)
        )?;
        write!(
            f,
            "phase {}/{} (24 = opening); {} to move; score for the side to move: {}",
            self.phase,
            MAX_PHASE,
            if self.turn == Color::White {
                "white"
            } else {
                "black"
            },
            pawns_str(self.side_to_move())
        )
    }
}

fn pawns_str(cp: i32) -> String {
    let sign = if cp < 0 { "-" } else { "" };
    let a = cp.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
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

/// Evaluates a position from the point of view of the side to move, in centipawns.
pub fn evaluate(pos: &Chess, params: &EvalParams) -> i32 {
    let trace = trace(pos, params);
    let mut total = Tapered::default();
    for t in &trace.terms {
        total += t[0] - t[1];
    }
    let white = total.blend(trace.phase);
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
    Breakdown {
        terms,
        phase: trace.phase,
        white: total.blend(trace.phase),
        turn: pos.turn(),
    }
}

/// Computes every term for both sides.
pub fn trace(pos: &Chess, params: &EvalParams) -> Trace {
    let board = pos.board();
    let mut t = Trace::default();

    // Material and placement.
    for color in Color::ALL {
        for role in Role::ALL {
            let r = role as usize - 1;
            let bb = board.by_piece(role.of(color));
            if bb.is_empty() {
                continue;
            }
            t.add(
                Term::Material,
                color,
                params.material[r] * bb.count() as i32,
            );
            let mut placement = Tapered::default();
            for sq in bb {
                placement += params.pst[r][relative(color, sq.to_usize())];
            }
            t.add(Term::Placement, color, placement);
        }
    }

    let phase = {
        let minors = (board.knights() | board.bishops()).count() as i32;
        let rooks = board.rooks().count() as i32;
        let queens = board.queens().count() as i32;
        (minors + 2 * rooks + 4 * queens).min(MAX_PHASE)
    };

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
        t.phase = if endgame { 0 } else { MAX_PHASE };
        return t;
    }
    t.phase = phase;

    let attacks = pieces::mobility_and_attacks(board, params, &mut t);
    pawns::evaluate(board, params, &attacks, &mut t);
    king::evaluate(board, params, &attacks, &mut t);
    pieces::threats_and_defences(board, params, &attacks, &mut t);
    pieces::bishops_and_rooks(board, params, &mut t);
    t.add(Term::Tempo, pos.turn(), params.tempo);
    t
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
    fn start_position_is_balanced_but_tempo() {
        let pos = Chess::default();
        let p = EvalParams::default();
        let b = evaluate_breakdown(&pos, &p);
        for (term, w, bl) in &b.terms {
            if *term != Term::Tempo {
                assert_eq!(w, bl, "{term:?}");
            }
        }
        assert!(b.white > 0 && b.white < 30);
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
        assert!(b.to_string().contains("king safety"));
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

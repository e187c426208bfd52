//! Theme detections: what a move (and the principal variation after it) does on the board.
//!
//! Every theme is described by a [`ThemeSpec`] (id, category, polarity, Lichess tag, calibrated
//! confidence) and detected by one pure function of
//! `(position before, move, position after, PV from the position after)`.
//! Detectors live in one file per category under `themes/`; this module only holds the shared
//! types, the registry and the two drivers [`detect`] and [`detect_line`].

/// Builds a [`ThemeSpec`] literal: id, category, polarity, Lichess tag, confidence, scope,
/// rule text, detector.
macro_rules! theme {
    ($id:literal, $cat:ident, $pol:ident, $tag:expr, $conf:literal, $scope:ident, $rule:literal, $f:path) => {
        $crate::explain::themes::ThemeSpec {
            id: $id,
            category: $crate::explain::themes::Category::$cat,
            polarity: $crate::explain::themes::Polarity::$pol,
            lichess: $tag,
            confidence: $conf,
            scope: $crate::explain::themes::Scope::$scope,
            rule: $rule,
            detect: $f,
        }
    };
}

pub mod activity;
pub mod endgame;
pub mod king_safety;
pub mod material;
pub mod mating;
pub mod pawns;
pub mod strategic;
pub mod tactical;

use serde::{Serialize, Serializer};
use shakmaty::{Chess, Color, Move, Piece, Role, Square};

use crate::explain::board;

/// The nine theme categories: the seven seed categories plus mating patterns and move quality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Safety of either king: castling, shelter, attacks on the king.
    KingSafety,
    /// Development, mobility, good and bad squares for pieces.
    PieceActivity,
    /// Passed, isolated, doubled, backward pawns; the centre; pawn breaks.
    PawnStructure,
    /// Forks, pins, skewers and every other short combination.
    TacticalMotifs,
    /// Long-term plans: the bishop pair, simplification.
    StrategicThemes,
    /// Material won, lost or exchanged.
    MaterialConsiderations,
    /// Endgame types and technique.
    EndgameTechnique,
    /// Checkmates and named mating patterns.
    MatingPatterns,
    /// How good the move is (judged against the engine's best).
    MoveQuality,
}

impl Category {
    /// Snake-case name, as used in the templates and the JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Category::KingSafety => "king_safety",
            Category::PieceActivity => "piece_activity",
            Category::PawnStructure => "pawn_structure",
            Category::TacticalMotifs => "tactical_motifs",
            Category::StrategicThemes => "strategic_themes",
            Category::MaterialConsiderations => "material_considerations",
            Category::EndgameTechnique => "endgame_technique",
            Category::MatingPatterns => "mating_patterns",
            Category::MoveQuality => "move_quality",
        }
    }
}

/// Whether a theme is good (+), bad (-) or neutral (0) for the side that played the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Polarity {
    /// Good for the mover.
    Positive,
    /// Bad for the mover.
    Negative,
    /// Descriptive only.
    Neutral,
}

impl Polarity {
    /// `+`, `-` or `0`.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            Polarity::Positive => "+",
            Polarity::Negative => "-",
            Polarity::Neutral => "0",
        }
    }
}

impl Serialize for Polarity {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.symbol())
    }
}

/// A piece on a square, serialised as colour + role + square, e.g. `wNf3`, `bQd8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceRef {
    /// Owner of the piece.
    pub color: Color,
    /// Kind of piece.
    pub role: Role,
    /// Where it stands.
    pub square: Square,
}

impl PieceRef {
    /// The piece on `sq` of `board`, if any.
    #[must_use]
    pub fn on(board: &shakmaty::Board, sq: Square) -> Option<PieceRef> {
        board.piece_at(sq).map(|Piece { color, role }| PieceRef {
            color,
            role,
            square: sq,
        })
    }

    /// The same piece on the colour-mirrored board.
    #[must_use]
    pub fn mirrored(self) -> PieceRef {
        PieceRef {
            color: !self.color,
            role: self.role,
            square: self.square.flip_vertical(),
        }
    }
}

impl std::fmt::Display for PieceRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.color.char(),
            self.role.upper_char(),
            self.square
        )
    }
}

impl Serialize for PieceRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Serialises squares as algebraic names (`"e4"`).
fn ser_squares<S: Serializer>(squares: &[Square], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(squares.iter().map(|q| q.to_string()))
}

/// One detection of one theme.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Theme {
    /// Snake-case theme id, e.g. `fork`.
    pub id: &'static str,
    /// Category of the theme.
    pub category: Category,
    /// Good, bad or neutral for the mover.
    pub polarity: Polarity,
    /// How certain the rule is, in `0.0..=1.0`.
    pub confidence: f32,
    /// Key squares (e.g. the forking square, then the targets).
    #[serde(serialize_with = "ser_squares")]
    pub squares: Vec<Square>,
    /// Key pieces (e.g. the forking knight and the forked pieces).
    pub pieces: Vec<PieceRef>,
    /// 0 = the move itself, n = the n-th move of the PV.
    pub ply: usize,
}

/// What a detector reports when its theme fires.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hit {
    /// Key squares.
    pub squares: Vec<Square>,
    /// Key pieces.
    pub pieces: Vec<PieceRef>,
    /// Offset of the detection inside the PV, relative to the analysed move (0 = the move).
    pub offset: usize,
}

impl Hit {
    /// A hit naming squares only.
    #[must_use]
    pub fn at(squares: Vec<Square>) -> Hit {
        Hit {
            squares,
            pieces: Vec::new(),
            offset: 0,
        }
    }

    /// A hit naming squares and the pieces on them in `board`.
    #[must_use]
    pub fn on(board: &shakmaty::Board, squares: Vec<Square>) -> Hit {
        let pieces = squares
            .iter()
            .filter_map(|s| PieceRef::on(board, *s))
            .collect();
        Hit {
            squares,
            pieces,
            offset: 0,
        }
    }

    /// The same hit, reported `offset` plies into the PV.
    #[must_use]
    pub fn later(mut self, offset: usize) -> Hit {
        self.offset = offset;
        self
    }
}

/// Whether a theme is judged at every move of the mover along a line, or once for the whole
/// line (mates, sacrifices, endgame types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Judged at each of the mover's moves.
    Move,
    /// Judged once, from the root of the line.
    Line,
}

/// A detector: `(position before, move, position after, PV from the position after)`.
pub type DetectFn = fn(&Chess, Move, &Chess, &[Move]) -> Option<Hit>;

/// Static description of one theme and its detector.
#[derive(Debug, Clone, Copy)]
pub struct ThemeSpec {
    /// Snake-case id.
    pub id: &'static str,
    /// Category.
    pub category: Category,
    /// Polarity for the mover.
    pub polarity: Polarity,
    /// Matching Lichess puzzle tag, if one exists.
    pub lichess: Option<&'static str>,
    /// Calibrated confidence (1.0 for rule-certain facts such as checks and mates).
    pub confidence: f32,
    /// Per move or per line.
    pub scope: Scope,
    /// The detection rule in one line (documentation).
    pub rule: &'static str,
    /// The detector.
    pub detect: DetectFn,
}

/// Every theme spec, category by category.
#[must_use]
pub fn specs() -> Vec<&'static ThemeSpec> {
    [
        tactical::SPECS,
        mating::SPECS,
        king_safety::SPECS,
        activity::SPECS,
        pawns::SPECS,
        strategic::SPECS,
        material::SPECS,
        endgame::SPECS,
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The spec of theme `id`.
#[must_use]
pub fn spec(id: &str) -> Option<&'static ThemeSpec> {
    specs().into_iter().find(|s| s.id == id)
}

fn to_theme(spec: &ThemeSpec, hit: Hit, ply: usize) -> Theme {
    Theme {
        id: spec.id,
        category: spec.category,
        polarity: spec.polarity,
        confidence: spec.confidence,
        squares: hit.squares,
        pieces: hit.pieces,
        ply: ply + hit.offset,
    }
}

/// Runs every detector on one move: move-scope themes for `mv` and line-scope themes for the
/// line `mv` + `pv`. Themes are reported at ply 0 (or later when a detector points into the PV).
#[must_use]
pub fn detect(before: &Chess, mv: Move, after: &Chess, pv: &[Move]) -> Vec<Theme> {
    let mut out = Vec::new();
    for spec in specs() {
        if let Some(hit) = (spec.detect)(before, mv, after, pv) {
            out.push(to_theme(spec, hit, 0));
        }
    }
    out
}

/// Runs the detectors along a whole line from `root`: line-scope themes once at ply 0 and
/// move-scope themes at each of the mover's moves (plies 0, 2, 4, …). Illegal moves end the line.
#[must_use]
pub fn detect_line(root: &Chess, line: &[Move]) -> Vec<Theme> {
    let all = specs();
    let positions = board::positions(root, line);
    let mut out = Vec::new();
    for ply in (0..positions.len().saturating_sub(1)).step_by(2) {
        let before = &positions[ply];
        let after = &positions[ply + 1];
        let mv = line[ply];
        let pv = &line[ply + 1..positions.len() - 1];
        for spec in &all {
            if ply > 0 && spec.scope == Scope::Line {
                continue;
            }
            if let Some(hit) = (spec.detect)(before, mv, after, pv) {
                out.push(to_theme(spec, hit, ply));
            }
        }
    }
    out
}

/// As [`detect_line`], knowing the opponent's move that led to `root` (when there is one).
/// On a plain recapture (our first move takes back, on the same square, a piece worth no more
/// than what the opponent took there) the move is a `recapture`, and neither
/// `hanging_piece_capture` nor a material gain that only restores what the opponent took is
/// said (9.Bxd4 after 8...Nxd4 "nets +3 pawns" from the position, nothing over the two moves).
#[must_use]
pub fn detect_line_after(previous: Option<Move>, root: &Chess, line: &[Move]) -> Vec<Theme> {
    let mut out = detect_line(root, line);
    if let (Some(prev), Some(first)) = (previous, line.first()) {
        out.retain(|t| t.id != "intermezzo");
        if let (Some(hit), Some(spec)) = (intermezzo_after(prev, root, line), spec("intermezzo")) {
            out.push(to_theme(spec, hit, 0));
        }
        if let (Some(taken), Some(retaken)) = (prev.capture(), first.capture()) {
            let plain = prev.to() == first.to() && board::value(taken) >= board::value(retaken);
            if plain {
                let restored = board::value(taken);
                let gain = board::settled_gain(root, line);
                // The gain counts from before the recapture: a knight taken back and a pawn
                // later is "+4 pawns" for a line a pawn up (16.Bxd5 "takes back the knight"
                // and "wins material: +4 pawns", session 37 read). Less than a piece over what
                // it restores is not said beside the recapture.
                out.retain(|t| {
                    let hanging = t.id == "hanging_piece_capture" && t.ply == 0;
                    let restoring = matches!(t.id, "wins_material" | "material_gain")
                        && gain < restored + RECAPTURE_GAIN_SAID;
                    !(hanging || restoring)
                });
                if let Some(spec) = spec("recapture") {
                    out.push(to_theme(
                        spec,
                        Hit {
                            squares: vec![first.to()],
                            pieces: Vec::new(),
                            offset: 0,
                        },
                        0,
                    ));
                }
            }
        }
    }
    out
}

/// What a recapture's line must win over the piece it takes back (pawns) for "wins
/// material" to be said beside "takes back".
const RECAPTURE_GAIN_SAID: i32 = 2;

fn intermezzo_after(prev: Move, root: &Chess, line: &[Move]) -> Option<Hit> {
    use shakmaty::Position;
    prev.capture()?;
    let s = prev.to();
    let first = line.first()?;
    let could = root
        .legal_moves()
        .iter()
        .any(|m| m.to() == s && m.is_capture());
    let positions = board::positions(root, line);
    let check = positions.get(1).is_some_and(|p| p.is_check());
    if !could || first.to() == s || !check {
        return None;
    }
    line.iter()
        .enumerate()
        .skip(2)
        .step_by(2)
        .find(|(_, m)| m.to() == s && m.is_capture())
        .map(|(i, _)| Hit::at(vec![s]).later(i))
}

/// Small shared helpers for the detectors and the claims.
pub mod util {
    use shakmaty::{Color, Move, Role, Square};

    /// Our moves in the PV (every second move starting at index 1), with their index.
    pub fn our_pv_moves(pv: &[Move]) -> impl Iterator<Item = (usize, Move)> + '_ {
        pv.iter().copied().enumerate().filter(|(i, _)| i % 2 == 1)
    }

    /// Where the moved piece ends up (the king's square for castling).
    pub fn dest(mv: Move, color: Color) -> Square {
        match mv {
            Move::Castle { king, rook } => {
                let file = if rook.file() > king.file() {
                    shakmaty::File::G
                } else {
                    shakmaty::File::C
                };
                Square::from_coords(file, color.backrank())
            }
            other => other.to(),
        }
    }

    /// Role of the piece standing on the destination after the move (promotion applied).
    pub fn moved_role(mv: Move) -> Role {
        mv.promotion().unwrap_or(mv.role())
    }
}

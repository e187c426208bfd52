//! The default preset's numbers as data: the tunable weights (one middlegame/endgame pair per
//! entry, grouped by name) and a few fixed shape constants, read from
//! `assets/eval/default.toml` once and written back by `kibitzer tune`.
//!
//! Every weight has a flat index ([`Weights`] is one array), so the evaluation can report the
//! coefficient of each weight in a position (see [`super::Sink`]) and the tuner can fit them.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::LazyLock;

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use super::Term;
use super::tapered::{Tapered, s};

/// A named run of weights inside [`Weights`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    /// The key under `[weights]` in the asset.
    pub name: &'static str,
    /// Index of the first weight.
    pub start: usize,
    /// Number of weights.
    pub len: usize,
    /// The term whose configured percentage scales these weights.
    pub term: Term,
}

macro_rules! groups {
    ($($konst:ident $name:literal $len:literal $term:ident;)*) => {
        groups!(@consts 0usize; $($konst $len;)*);
        /// Every group, in index order.
        pub const GROUPS: &[Group] = &[$(Group { name: $name, start: $konst, len: $len, term: Term::$term }),*];
    };
    (@consts $at:expr; $konst:ident $len:literal; $($rest:tt)*) => {
        #[doc = concat!("Index of the first weight of the `", stringify!($konst), "` group.")]
        pub const $konst: usize = $at;
        groups!(@consts $at + $len; $($rest)*);
    };
    (@consts $at:expr;) => {
        /// The number of weights.
        pub const COUNT: usize = $at;
    };
}

groups! {
    PST_PAWN "pst_pawn" 64 Placement;
    PST_KNIGHT "pst_knight" 64 Placement;
    PST_BISHOP "pst_bishop" 64 Placement;
    PST_ROOK "pst_rook" 64 Placement;
    PST_QUEEN "pst_queen" 64 Placement;
    PST_KING "pst_king" 64 Placement;
    MOBILITY "mobility" 66 Mobility;
    SHIELD "king_shield" 3 KingSafety;
    KING_FILE "king_file" 2 KingSafety;
    KING_ATTACK "king_attack" 1 KingSafety;
    STORM "king_storm" 2 KingSafety;
    PASSED "passed" 8 PawnStructure;
    ISOLATED "isolated" 1 PawnStructure;
    DOUBLED "doubled" 1 PawnStructure;
    BACKWARD "backward" 1 PawnStructure;
    CONNECTED "connected" 8 PawnStructure;
    PROXIMITY "passer_proximity" 1 PawnStructure;
    FREE_PATH "passer_free_path" 1 PawnStructure;
    FREE_STOP "passer_free_stop" 1 PawnStructure;
    THREATS "threats" 5 Threats;
    DEFENDED "defended" 1 Defences;
    BISHOP_PAIR "bishop_pair" 1 BishopPair;
    ROOKS "rooks" 3 Rooks;
    TEMPO "tempo" 1 Tempo;
    OUTPOST "outpost" 2 Placement;
    BISHOP_PAWNS "bishop_pawns" 1 Placement;
    PUSH_THREAT "push_threat" 1 Threats;
    MINOR_BEHIND_PAWN "minor_behind_pawn" 1 Placement;
    PASSER_BLOCKED "passer_blocked" 1 PawnStructure;
    ROOK_PASSER "rook_passer" 2 PawnStructure;
    KING_PAWN_DISTANCE "king_pawn_distance" 1 Placement;
    SAFE_PAWN_THREAT "safe_pawn_threat" 1 Threats;
    KNIGHT_PAWNS "knight_pawns" 1 Placement;
    ROOK_PAWNS "rook_pawns" 1 Placement;
    KING_PROTECTOR "king_protector" 2 KingSafety;
    KING_THREAT "king_threat" 1 Threats;
    CASTLING "castling" 2 Castling;
}

/// Every tunable weight, indexed by the group constants of this module.
pub type Weights = [Tapered; COUNT];

/// Fixed (untuned) constants that shape the non-linear parts of the default evaluation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shape {
    /// Endgame piece value in percent of the configured value, pawn … queen.
    pub material_eg_percent: [i32; 5],
    /// King-attack units per attacked king-zone square, N B R Q.
    pub king_attack_weight: [i32; 4],
    /// King-attack units for a safe check, N B R Q.
    pub safe_check: [i32; 4],
    /// King-attack units per weak square next to the king.
    pub weak_square: i32,
    /// Weight of a passed pawn's proximity and path terms by relative rank.
    pub passer_weight: [i32; 8],
}

/// The default preset as stored: shape constants and weights at 100 %.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    /// Fixed constants.
    pub shape: Shape,
    /// Every weight at 100 % (before the configured percentages).
    pub weights: Weights,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Pair {
    mg: Vec<i32>,
    eg: Vec<i32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    shape: Shape,
    weights: BTreeMap<String, Pair>,
}

/// The shipped preset (`assets/eval/default.toml`), parsed on first use.
///
/// # Panics
/// On first use if the embedded asset is malformed; a unit test parses it, so a broken asset
/// fails the build's tests rather than a game.
pub static DEFAULT: LazyLock<Preset> = LazyLock::new(|| {
    Preset::parse(include_str!("../../../assets/eval/default.toml"))
        .unwrap_or_else(|e| panic!("assets/eval/default.toml: {e:#}"))
});

impl Preset {
    /// Parses a preset file.
    ///
    /// # Errors
    /// If the TOML is invalid, a group is missing or unknown, or a group has the wrong length.
    pub fn parse(text: &str) -> Result<Preset> {
        let file: File = toml::from_str(text).context("invalid TOML")?;
        let mut weights = [Tapered::default(); COUNT];
        for name in file.weights.keys() {
            if !GROUPS.iter().any(|g| g.name == name) {
                bail!("unknown weight group `{name}`");
            }
        }
        for g in GROUPS {
            let pair = file
                .weights
                .get(g.name)
                .with_context(|| format!("missing weight group `{}`", g.name))?;
            if pair.mg.len() != g.len || pair.eg.len() != g.len {
                bail!("weight group `{}` needs {} mg and eg values", g.name, g.len);
            }
            for i in 0..g.len {
                weights[g.start + i] = s(pair.mg[i], pair.eg[i]);
            }
        }
        Ok(Preset {
            shape: file.shape,
            weights,
        })
    }

    /// Writes the preset as TOML (the format [`Preset::parse`] reads), with `header` as a
    /// leading comment.
    pub fn to_toml(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            let _ = writeln!(out, "# {line}");
        }
        let shape = toml::to_string(&self.shape).unwrap_or_default();
        let _ = write!(out, "\n[shape]\n{shape}");
        for g in GROUPS {
            let _ = writeln!(out, "\n[weights.{}]", g.name);
            for (key, pick) in [("mg", 0), ("eg", 1)] {
                let width = if g.len == 64 { 4 } else { 0 };
                let values: Vec<String> = self.weights[g.start..g.start + g.len]
                    .iter()
                    .map(|v| format!("{:width$}", if pick == 0 { v.mg } else { v.eg }))
                    .collect();
                if g.len == 64 {
                    let _ = writeln!(out, "{key} = [");
                    for rank in values.chunks(8) {
                        let _ = writeln!(out, "  {},", rank.join(","));
                    }
                    let _ = writeln!(out, "]");
                } else {
                    let _ = writeln!(out, "{key} = [{}]", values.join(", "));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_preset_parses_and_round_trips() {
        let p = &*DEFAULT;
        let again = Preset::parse(&p.to_toml("test")).unwrap();
        assert_eq!(&again, p);
    }

    #[test]
    fn bad_presets_are_rejected() {
        let text = DEFAULT.to_toml("");
        assert!(Preset::parse(&text.replace("[weights.tempo]", "[weights.tempi]")).is_err());
        assert!(Preset::parse("shape = 1").is_err());
        let short = text.replacen("mg = [", "mg = [1,", 1);
        assert!(Preset::parse(&short).is_err());
    }

    #[test]
    fn groups_tile_the_weights() {
        let mut at = 0;
        for g in GROUPS {
            assert_eq!(g.start, at, "{}", g.name);
            at += g.len;
        }
        assert_eq!(at, COUNT);
    }
}

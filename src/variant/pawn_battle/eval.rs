//! Pawn Battle evaluation: pure functions of a position, from the side to move's view, in
//! centipawn-like units. Two presets, both data in `assets/pawn_battle/` (embedded, parsed once):
//!
//! - `seed`: the seed design's function (`march × Σ ranks advanced + ranks advanced by the most
//!   advanced pawn + brutality × pawns + artillery × rooks` per side, side to move minus
//!   opponent);
//! - `default`: material (the last pawns worth more: losing them all loses), the march of every
//!   pawn, passed pawns by rank (protected, connected) and candidate passers, the promotion
//!   race by the square rule and the tempo, blocked, backward, isolated, doubled and undefended
//!   pawns,
//!   rooks behind passers (not in front of their own), in front of enemy passers, on open
//!   files, attacking undefended pawns, and their mobility.
//!
//! The functions assume a game still in progress: an ended game is scored by the search
//! (a win or loss), not here. [`Evaluation`] is what the search uses: a preset with the
//! configured weight of every term in percent (`[pawn_battle.eval]`, [`EvalConfig`]).

use std::sync::LazyLock;

use anyhow::{Context, Result, ensure};
use serde::Deserialize;
use shakmaty::{Bitboard, ByColor, Color, File, Rank, Square, attacks};

use super::PawnBattle;
use crate::engine::rules::Evaluator;
use crate::variant::VariantPosition;

/// The seed design's weights (`assets/pawn_battle/seed.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedWeights {
    /// The side to move's weight per rank advanced by each pawn ("marcha").
    pub march: i32,
    /// The side to move's weight per pawn ("brutalidade").
    pub brutality: i32,
    /// The side to move's weight per rook ("artilharia").
    pub artillery: i32,
    /// The opponent's weight per rank advanced by each pawn ("detenção").
    pub detention: i32,
    /// The opponent's weight per pawn ("aliança").
    pub alliance: i32,
    /// The opponent's weight per rook ("suporte").
    pub support: i32,
}

/// The `default` preset's weights (`assets/pawn_battle/default.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// A pawn.
    pub pawn: i32,
    /// A rook.
    pub rook: i32,
    /// A side's last pawns, by how many it has (index = pawns left, 0 to 8): capturing every
    /// pawn wins, so each of the last few is worth more than `pawn` (usually negative for few).
    pub pawns_left: [i32; 9],
    /// Every pawn by its relative rank (index 0 = the owner's 1st rank).
    pub advance: [i32; 8],
    /// A passed pawn by its relative rank.
    pub passed: [i32; 8],
    /// A passed pawn another pawn of its own defends.
    pub passed_protected: i32,
    /// A passed pawn with a passed pawn of its own on an adjacent file (connected passers).
    pub passed_connected: i32,
    /// A candidate passer by its relative rank: no enemy pawn ahead on its file, and at least
    /// as many own pawns on the adjacent files as enemy pawns ahead on them (a majority that
    /// can make a passer).
    pub candidate: [i32; 8],
    /// Winning the promotion race.
    pub race: i32,
    /// The side to move (a tempo counts in races of pawns).
    pub tempo: i32,
    /// Penalty for a pawn whose square ahead is occupied.
    pub blocked: i32,
    /// Penalty for a backward pawn.
    pub backward: i32,
    /// Penalty for an isolated pawn (no pawn of its own on the adjacent files).
    pub isolated: i32,
    /// Penalty for each pawn behind another of its own on the same file (doubled).
    pub doubled: i32,
    /// Penalty for a pawn no pawn of its own defends, per enemy rook (a rook's target: no
    /// other piece can defend it).
    pub undefended: i32,
    /// A rook behind its own passed pawn on the same file.
    pub rook_behind_passer: i32,
    /// A rook on a file without pawns.
    pub rook_open_file: i32,
    /// A rook on a file without pawns of its own (but with enemy pawns).
    pub rook_half_open_file: i32,
    /// Each square a rook attacks that does not hold one of its own pieces.
    pub rook_mobility: i32,
    /// Each enemy pawn a rook attacks that no enemy pawn defends.
    pub rook_attacks_weak_pawn: i32,
    /// Penalty for a rook in front of its own passed pawn on the same file (in its way).
    pub rook_ahead_of_passer: i32,
    /// A rook in front of an enemy passed pawn on its file (stopping it).
    pub rook_stops_passer: i32,
}

/// The shipped presets by name (`--preset seed`, `--preset default`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum PresetName {
    /// Our stronger function ([`DEFAULT`]).
    #[default]
    #[value(help = "our stronger function (assets/pawn_battle/default.toml)")]
    Default,
    /// The seed design's function ([`SEED`]).
    #[value(help = "the seed design's function (assets/pawn_battle/seed.toml)")]
    Seed,
}

impl PresetName {
    /// The preset.
    pub fn preset(self) -> &'static Preset {
        match self {
            PresetName::Default => &DEFAULT,
            PresetName::Seed => &SEED,
        }
    }
}

/// An evaluation preset.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The seed design's function.
    Seed(SeedWeights),
    /// Our stronger function.
    Default(Weights),
}

/// The shipped `seed` preset, parsed on first use.
///
/// # Panics
/// On first use if the embedded asset is malformed; a unit test parses it, so a broken asset
/// fails the tests rather than a game.
pub static SEED: LazyLock<Preset> = LazyLock::new(|| {
    parse_seed(include_str!("../../../assets/pawn_battle/seed.toml"))
        .unwrap_or_else(|e| panic!("assets/pawn_battle/seed.toml: {e:#}"))
});

/// The shipped `default` preset, parsed on first use.
///
/// # Panics
/// As [`SEED`].
pub static DEFAULT: LazyLock<Preset> = LazyLock::new(|| {
    parse_default(include_str!("../../../assets/pawn_battle/default.toml"))
        .unwrap_or_else(|e| panic!("assets/pawn_battle/default.toml: {e:#}"))
});

/// Parses a `seed` preset file.
///
/// # Errors
/// Invalid TOML, a missing or unknown key.
pub fn parse_seed(text: &str) -> Result<Preset> {
    Ok(Preset::Seed(
        toml::from_str(text).context("invalid seed preset")?,
    ))
}

/// Parses a `default` preset file.
///
/// # Errors
/// Invalid TOML, a missing or unknown key, or a rank table with a value on the 1st or 8th
/// rank (no pawn stands there while the game goes on).
pub fn parse_default(text: &str) -> Result<Preset> {
    let w: Weights = toml::from_str(text).context("invalid default preset")?;
    for (name, table) in [
        ("advance", w.advance),
        ("passed", w.passed),
        ("candidate", w.candidate),
    ] {
        ensure!(
            table[0] == 0 && table[7] == 0,
            "`{name}`: the 1st and 8th rank entries must be 0 (no pawn stands there)"
        );
    }
    Ok(Preset::Default(w))
}

/// The terms of an evaluation, in the order of [`Breakdown::terms`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    /// Pawns and rooks (the seed's brutality and artillery).
    Material,
    /// Ranks advanced by the pawns (the seed's march and its most advanced pawn).
    Advance,
    /// Passed pawns by rank, protected and connected passers, candidate passers.
    Passed,
    /// The promotion race and the side to move's tempo.
    Race,
    /// Blocked, backward, isolated, doubled and undefended pawns.
    Structure,
    /// Rooks behind, before and in front of passers, on open files, against undefended
    /// pawns, and their mobility.
    Rooks,
}

impl Term {
    /// The term's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Term::Material => "material",
            Term::Advance => "advance",
            Term::Passed => "passed pawns",
            Term::Race => "promotion race",
            Term::Structure => "pawn structure",
            Term::Rooks => "rooks",
        }
    }

    /// Every term.
    pub const ALL: [Term; 6] = [
        Term::Material,
        Term::Advance,
        Term::Passed,
        Term::Race,
        Term::Structure,
        Term::Rooks,
    ];
}

/// Each term's value per side (each from that side's view; positive is good for it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Breakdown {
    /// Indexed like [`Term::ALL`].
    pub terms: [ByColor<i32>; 6],
    /// The side to move.
    pub turn: Color,
}

impl Breakdown {
    fn empty(turn: Color) -> Breakdown {
        Breakdown {
            terms: [ByColor { white: 0, black: 0 }; 6],
            turn,
        }
    }

    /// One term's values.
    pub fn term(&self, term: Term) -> ByColor<i32> {
        self.terms[term as usize]
    }

    fn add(&mut self, term: Term, color: Color, value: i32) {
        *self.terms[term as usize].get_mut(color) += value;
    }

    /// The score from `color`'s view: its terms minus the opponent's.
    pub fn score(&self, color: Color) -> i32 {
        self.terms
            .iter()
            .map(|t| t.get(color) - t.get(!color))
            .sum()
    }
}

/// The evaluation from the side to move's view.
///
/// ```
/// use kibitzer::variant::VariantPosition;
/// use kibitzer::variant::pawn_battle::{PawnBattle, eval};
/// assert_eq!(eval::evaluate(&PawnBattle::start(), &eval::SEED), 0); // symmetric, no tempo
/// ```
pub fn evaluate(pos: &PawnBattle, preset: &Preset) -> i32 {
    breakdown(pos, preset).score(pos.turn())
}

/// Every term per side.
pub fn breakdown(pos: &PawnBattle, preset: &Preset) -> Breakdown {
    match preset {
        Preset::Seed(w) => seed(pos, w),
        Preset::Default(w) => default(pos, w),
    }
}

/// Ranks a pawn of `color` on `sq` has advanced from its start rank (0 to 5 in play).
fn ranks_advanced(color: Color, sq: Square) -> i32 {
    color.relative_rank(sq.rank()).to_u32() as i32 - 1
}

fn seed(pos: &PawnBattle, w: &SeedWeights) -> Breakdown {
    let mut b = Breakdown::empty(pos.turn());
    let us = pos.turn();
    for color in Color::ALL {
        let (march, brutality, artillery) = if color == us {
            (w.march, w.brutality, w.artillery)
        } else {
            (w.detention, w.alliance, w.support)
        };
        let board = pos.board();
        let pawns = board.by_piece(color.pawn());
        let (sum, most) = pawns.into_iter().fold((0, 0), |(sum, most), sq| {
            let n = ranks_advanced(color, sq);
            (sum + n, most.max(n))
        });
        let rooks = board.by_piece(color.rook()).count() as i32;
        b.add(
            Term::Material,
            color,
            brutality * pawns.count() as i32 + artillery * rooks,
        );
        b.add(Term::Advance, color, march * sum + most);
    }
    b
}

/// The squares strictly ahead of `sq` for `color`, on the given files.
pub(crate) fn ahead(color: Color, sq: Square, files: Bitboard) -> Bitboard {
    let own = color.relative_rank(sq.rank());
    Rank::ALL
        .into_iter()
        .filter(|&r| color.relative_rank(r) > own)
        .fold(Bitboard::EMPTY, |bb, r| bb | Bitboard::from_rank(r))
        & files
}

/// The file of `sq` and its neighbours.
fn file_and_neighbours(file: File) -> Bitboard {
    [file.offset(-1), Some(file), file.offset(1)]
        .into_iter()
        .flatten()
        .fold(Bitboard::EMPTY, |bb, f| bb | Bitboard::from_file(f))
}

/// Whether a pawn of `color` on `sq` is passed: no enemy pawn ahead on its file or beside it.
pub(crate) fn is_passed(pos: &PawnBattle, color: Color, sq: Square) -> bool {
    let enemy_pawns = pos.board().by_piece((!color).pawn());
    (ahead(color, sq, file_and_neighbours(sq.file())) & enemy_pawns).is_empty()
}

/// Moves a pawn needs to reach the last rank on an empty path (a double step counts once).
pub(crate) fn moves_to_promote(color: Color, sq: Square) -> u32 {
    let rank = color.relative_rank(sq.rank()).to_u32();
    let n = 7 - rank;
    if rank == 1 { n - 1 } else { n }
}

/// How many moves an enemy rook on `rook` needs before it attacks a square of `target` (0, 1,
/// or 2 for "later").
fn rook_moves_to_cover(pos: &PawnBattle, rook: Square, target: Bitboard) -> u32 {
    let occupied = pos.board().occupied();
    let reach = attacks::rook_attacks(rook, occupied);
    if (reach & target).any() {
        return 0;
    }
    let own = pos
        .board()
        .by_color(pos.board().color_at(rook).unwrap_or(Color::White));
    let without = occupied.without(rook);
    let covers_next = (reach & !own)
        .into_iter()
        .any(|s| (attacks::rook_attacks(s, without.with(s)) & target).any());
    if covers_next { 1 } else { 2 }
}

/// Moves the fastest unstoppable passer of `color` needs, if it has one: a passed pawn whose
/// path is empty and whose path or square no enemy rook can reach before it arrives (the
/// square rule, with rooks as the pieces that catch it; enemy pawns cannot, it is passed).
fn fastest_unstoppable(pos: &PawnBattle, color: Color) -> Option<u32> {
    let board = pos.board();
    let occupied = board.occupied();
    let enemy_rooks = board.by_piece((!color).rook());
    board
        .by_piece(color.pawn())
        .into_iter()
        .filter(|&sq| is_passed(pos, color, sq))
        .filter_map(|sq| {
            let path = ahead(color, sq, Bitboard::from_file(sq.file()));
            if (path & occupied).any() {
                return None;
            }
            let n = moves_to_promote(color, sq);
            // The enemy's replies before the pawn's last step.
            let replies = if pos.turn() == color { n - 1 } else { n };
            let target = path.with(sq);
            let caught = enemy_rooks
                .into_iter()
                .any(|r| rook_moves_to_cover(pos, r, target) < replies);
            (!caught).then_some(n)
        })
        .min()
}

fn default(pos: &PawnBattle, w: &Weights) -> Breakdown {
    let mut b = Breakdown::empty(pos.turn());
    let board = pos.board();
    let occupied = board.occupied();
    let passers = ByColor::new_with(|color| {
        board
            .by_piece(color.pawn())
            .into_iter()
            .filter(|&sq| is_passed(pos, color, sq))
            .collect::<Bitboard>()
    });
    for color in Color::ALL {
        let pawns = board.by_piece(color.pawn());
        let enemy_pawns = board.by_piece((!color).pawn());
        let rooks = board.by_piece(color.rook());
        let own_passers = *passers.get(color);
        let enemy_rooks = board.by_piece((!color).rook()).count() as i32;
        b.add(
            Term::Material,
            color,
            w.pawn * pawns.count() as i32
                + w.rook * rooks.count() as i32
                + w.pawns_left[pawns.count().min(8)],
        );
        let forward: i32 = color.fold_wb(8, -8);
        for sq in pawns {
            let rank = color.relative_rank(sq.rank()).to_usize();
            b.add(Term::Advance, color, w.advance[rank]);
            let neighbours = file_and_neighbours(sq.file()) & !Bitboard::from_file(sq.file());
            if own_passers.contains(sq) {
                b.add(Term::Passed, color, w.passed[rank]);
                if (attacks::pawn_attacks(!color, sq) & pawns).any() {
                    b.add(Term::Passed, color, w.passed_protected);
                }
                if (neighbours & own_passers).any() {
                    b.add(Term::Passed, color, w.passed_connected);
                }
            } else if is_candidate(color, sq, pawns, enemy_pawns) {
                b.add(Term::Passed, color, w.candidate[rank]);
            }
            let Some(stop) = sq.offset(forward) else {
                continue;
            };
            if occupied.contains(stop) {
                b.add(Term::Structure, color, -w.blocked);
            }
            let attacked = (attacks::pawn_attacks(color, stop) & enemy_pawns).any();
            let supporters = (neighbours & pawns)
                .into_iter()
                .any(|p| color.relative_rank(p.rank()) <= color.relative_rank(sq.rank()));
            if attacked && !supporters {
                b.add(Term::Structure, color, -w.backward);
            }
            if (neighbours & pawns).is_empty() {
                b.add(Term::Structure, color, -w.isolated);
            }
            if (ahead(color, sq, Bitboard::from_file(sq.file())) & pawns).any() {
                b.add(Term::Structure, color, -w.doubled);
            }
            if (attacks::pawn_attacks(!color, sq) & pawns).is_empty() {
                b.add(Term::Structure, color, -w.undefended * enemy_rooks);
            }
        }
        let enemy_passers = *passers.get(!color);
        let defended_enemy_pawns = enemy_pawns
            .into_iter()
            .filter(|&sq| (attacks::pawn_attacks(color, sq) & enemy_pawns).any())
            .collect::<Bitboard>();
        for rook in rooks {
            let file = Bitboard::from_file(rook.file());
            let reach = attacks::rook_attacks(rook, occupied);
            b.add(
                Term::Rooks,
                color,
                w.rook_mobility * (reach & !board.by_color(color)).count() as i32,
            );
            if (file & board.pawns()).is_empty() {
                b.add(Term::Rooks, color, w.rook_open_file);
            } else if (file & pawns).is_empty() {
                b.add(Term::Rooks, color, w.rook_half_open_file);
            }
            if (reach & own_passers & ahead(color, rook, file)).any() {
                b.add(Term::Rooks, color, w.rook_behind_passer);
            }
            // Its own passer behind it on the file: the rook stands in the pawn's way.
            if (own_passers & file & ahead(!color, rook, file)).any() {
                b.add(Term::Rooks, color, -w.rook_ahead_of_passer);
            }
            // An enemy passer on the file coming towards it.
            if (enemy_passers & file & ahead(color, rook, file)).any() {
                b.add(Term::Rooks, color, w.rook_stops_passer);
            }
            let weak = (reach & enemy_pawns & !defended_enemy_pawns).count() as i32;
            b.add(Term::Rooks, color, w.rook_attacks_weak_pawn * weak);
        }
    }
    let us = pos.turn();
    b.add(Term::Race, us, w.tempo);
    if let Some(winner) = race_winner(pos) {
        b.add(Term::Race, winner, w.race);
    }
    b
}

/// The side that wins the promotion race, if one surely does: its fastest unstoppable passer
/// arrives before any enemy pawn could, even one that is not passed or is blocked (each enemy
/// pawn's distance to the last rank is a lower bound on its time: it may break through by
/// captures). Counted in plies, so the side to move gains a tempo.
fn race_winner(pos: &PawnBattle) -> Option<Color> {
    let arrival = |color: Color, moves: u32| 2 * moves - u32::from(pos.turn() == color);
    Color::ALL.into_iter().find(|&color| {
        fastest_unstoppable(pos, color).is_some_and(|ours| {
            let theirs = pos
                .board()
                .by_piece((!color).pawn())
                .into_iter()
                .map(|sq| moves_to_promote(!color, sq))
                .min();
            theirs.is_none_or(|m| arrival(color, ours) < arrival(!color, m))
        })
    })
}

/// Whether a pawn of `color` on `sq` (not passed) is a candidate passer: no enemy pawn ahead
/// on its file, and at least as many pawns of its own on the adjacent files (beside or behind
/// it, able to support its advance) as enemy pawns ahead of it on those files.
fn is_candidate(color: Color, sq: Square, pawns: Bitboard, enemy_pawns: Bitboard) -> bool {
    let file = Bitboard::from_file(sq.file());
    if (ahead(color, sq, file) & enemy_pawns).any() {
        return false;
    }
    let sides = file_and_neighbours(sq.file()) & !file;
    let enemies_ahead = (ahead(color, sq, sides) & enemy_pawns).count();
    let helpers = (sides & pawns & !ahead(color, sq, sides)).count();
    helpers >= enemies_ahead
}

/// `[pawn_battle.eval]` in the configuration: the preset and each term's weight in percent (100
/// = as the preset says, 0 = off), like the chess weights of `[eval]`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EvalConfig {
    /// The preset the weights apply to.
    pub preset: PresetName,
    /// Pawns and rooks, in percent.
    pub material: u32,
    /// Ranks advanced by the pawns, in percent.
    pub advance: u32,
    /// Passed pawns by rank, protected and connected passers, candidate passers, in percent.
    pub passed: u32,
    /// The promotion race by the square rule and the tempo, in percent.
    pub race: u32,
    /// Blocked, backward, isolated, doubled and undefended pawns, in percent.
    pub structure: u32,
    /// Rooks behind, before and in front of passers, on open files, against undefended pawns,
    /// and their mobility, in percent.
    pub rooks: u32,
}

impl Default for EvalConfig {
    fn default() -> Self {
        EvalConfig {
            preset: PresetName::Default,
            material: 100,
            advance: 100,
            passed: 100,
            race: 100,
            structure: 100,
            rooks: 100,
        }
    }
}

impl EvalConfig {
    /// Every term's percentage, in the order of [`Term::ALL`] (their configuration keys and
    /// range are rows of `crate::options::OPTIONS`).
    pub fn percents(&self) -> [u32; 6] {
        [
            self.material,
            self.advance,
            self.passed,
            self.race,
            self.structure,
            self.rooks,
        ]
    }
}

/// The evaluation the search uses: a preset with each term weighted in percent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Evaluation {
    /// The preset.
    pub preset: &'static Preset,
    /// Each term's weight in percent, indexed like [`Term::ALL`].
    percent: [i32; 6],
    /// Piece values (pawn, rook; the other roles 0) for SEE and move ordering.
    values: [i32; 6],
}

impl From<&EvalConfig> for Evaluation {
    fn from(c: &EvalConfig) -> Evaluation {
        Evaluation::from_config(c)
    }
}

impl Evaluation {
    /// The evaluation of a configuration.
    pub fn from_config(c: &EvalConfig) -> Evaluation {
        Evaluation {
            percent: c.percents().map(|p| p as i32),
            ..Evaluation::of(c.preset.preset())
        }
    }

    /// A shipped preset at its own weights (every term at 100 %).
    pub fn preset(name: PresetName) -> Evaluation {
        Evaluation::of(name.preset())
    }

    /// Any preset at its own weights (every term at 100 %): a shipped one, or one read from a
    /// file (`kibitzer match --weights`).
    pub fn of(preset: &'static Preset) -> Evaluation {
        let (pawn, rook) = match preset {
            Preset::Seed(w) => (w.brutality, w.artillery),
            Preset::Default(w) => (w.pawn, w.rook),
        };
        Evaluation {
            preset,
            percent: [100; 6],
            values: [pawn, 0, 0, rook, 0, 0],
        }
    }

    /// The score from the side to move's view, each term weighted.
    pub fn score(&self, pos: &PawnBattle) -> i32 {
        let b = breakdown(pos, self.preset);
        let us = pos.turn();
        b.terms
            .iter()
            .zip(self.percent)
            .map(|(t, pct)| {
                let diff = t.get(us) - t.get(!us);
                if pct == 100 { diff } else { diff * pct / 100 }
            })
            .sum()
    }
}

impl Evaluator<PawnBattle> for Evaluation {
    type State = ();
    fn evaluate(&self, pos: &PawnBattle) -> i32 {
        self.score(pos)
    }
    fn piece_values(&self) -> &[i32; 6] {
        &self.values
    }
    /// The preset's pawn (`pawn` of `default`, `brutality` of `seed`).
    fn pawn_unit(&self) -> i32 {
        self.values[0]
    }
}

#[cfg(test)]
mod tests;

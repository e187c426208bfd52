//! The one table of options: every key of the configuration file and every UCI option, with its
//! type, range and where its value lives.
//!
//! [`OPTIONS`] drives the configuration's range checks (`Config::validate`), the test that
//! `config.example.toml` documents every key with its real default and range, the UCI `option`
//! lines and `setoption`. Defaults are not repeated here: a configuration key's default is
//! `Config::default()` (the single source of truth), a UCI-only option's is
//! [`UciSettings::new`]. Adding an option is one line in [`OPTIONS`] (plus its field).
//!
//! The messages shown to the user stay with their readers: `config.rs` words a configuration
//! error, `uci.rs` a `setoption` error.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::config::{Config, EvalPreset, ExplainLevel, HumanColor, Language, PieceStyle, THEMES};
use crate::engine::levels::Level;

/// What a value may be: the UCI option types, which the configuration shares.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A whole number within the bounds this function returns (lowest, highest), inclusive.
    Spin(fn() -> (i64, i64)),
    /// `true` or `false`.
    Check,
    /// One of a fixed list of names; `what` names what they are in messages ("preset").
    Combo {
        /// The names allowed, in the order they are offered.
        values: &'static [&'static str],
        /// What one of them is called ("preset", "theme").
        what: &'static str,
    },
    /// Free text.
    Text,
}

impl Kind {
    /// The bounds of a [`Kind::Spin`], `None` for the other kinds.
    #[must_use]
    pub fn bounds(self) -> Option<(i64, i64)> {
        match self {
            Kind::Spin(bounds) => Some(bounds()),
            _ => None,
        }
    }
}

/// The settings a UCI session has beyond the configuration's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UciSettings {
    /// `Ponder`: the GUI may send `go ponder` (the engine ponders whenever asked anyway).
    pub ponder: bool,
    /// `UCI_LimitStrength`: play at the level nearest to `UCI_Elo` instead of `Level`.
    pub limit_strength: bool,
    /// `UCI_Elo`: the strength asked for when `UCI_LimitStrength` is on.
    pub elo: u32,
    /// `Move Overhead`: milliseconds kept back per move for the GUI's and the pipe's delays.
    pub overhead_ms: u64,
    /// `Explain`: print the explanation and search metrics as `info string` lines before
    /// `bestmove`.
    pub explain: bool,
    /// `UCI_Variant`: the game the session plays (`chess` or `pawnbattle`).
    pub variant: crate::variant::Variant,
}

impl UciSettings {
    /// The settings a session starts with: `UCI_Elo` is the Elo of `level`.
    #[must_use]
    pub fn new(level: u8) -> UciSettings {
        UciSettings {
            ponder: false,
            limit_strength: false,
            elo: Level::get(level).elo,
            overhead_ms: 30,
            explain: false,
            variant: crate::variant::Variant::Chess,
        }
    }
}

/// Everything an option can set: the configuration and the UCI session's own settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The configuration (the keys of `config.toml`).
    pub config: Config,
    /// The settings only a UCI session has.
    pub uci: UciSettings,
}

/// A whole-number field of any width.
pub trait IntField {
    /// The value (saturated to `i64`).
    fn get(&self) -> i64;
    /// Sets the value; `false` (and nothing changed) when it does not fit the field.
    fn set(&mut self, value: i64) -> bool;
}

macro_rules! int_field {
    ($($t:ty),*) => {$(
        impl IntField for $t {
            fn get(&self) -> i64 {
                i64::try_from(*self).unwrap_or(i64::MAX)
            }
            fn set(&mut self, value: i64) -> bool {
                <$t>::try_from(value).map(|v| *self = v).is_ok()
            }
        }
    )*};
}
int_field!(u8, u32, u64, i32);

/// A field holding one of a set of names (an enum with serde names, a language code).
pub trait ChoiceField {
    /// The name of the value, as the configuration file writes it.
    fn name(&self) -> String;
    /// Sets the value by its name; `false` (and nothing changed) for an unknown name.
    fn choose(&mut self, name: &str) -> bool;
}

impl<T: Serialize + DeserializeOwned> ChoiceField for T {
    fn name(&self) -> String {
        match toml::Value::try_from(self) {
            Ok(toml::Value::String(name)) => name,
            Ok(other) => other.to_string(),
            Err(_) => String::new(),
        }
    }

    fn choose(&mut self, name: &str) -> bool {
        let text = serde::de::value::StrDeserializer::<serde::de::value::Error>::new(name);
        T::deserialize(text).map(|v| *self = v).is_ok()
    }
}

/// Where one option's value lives, borrowed from a [`Settings`].
pub enum Slot<'a> {
    /// A whole number ([`Kind::Spin`]).
    Int(&'a mut dyn IntField),
    /// A flag ([`Kind::Check`]).
    Bool(&'a mut bool),
    /// A named choice ([`Kind::Combo`], or a language code).
    Choice(&'a mut dyn ChoiceField),
    /// Free text.
    Text(&'a mut String),
}

impl Slot<'_> {
    /// The value as the UCI `option` line and the configuration file show it.
    #[must_use]
    pub fn show(&self) -> String {
        match self {
            Slot::Int(v) => v.get().to_string(),
            Slot::Bool(v) => v.to_string(),
            Slot::Choice(v) => v.name(),
            Slot::Text(v) => (*v).clone(),
        }
    }
}

/// A field's [`Slot`].
pub trait IntoSlot {
    /// Borrows the field as a slot.
    fn slot(&mut self) -> Slot<'_>;
}

macro_rules! into_slot {
    ($variant:ident: $($t:ty),*) => {$(
        impl IntoSlot for $t {
            fn slot(&mut self) -> Slot<'_> {
                Slot::$variant(self)
            }
        }
    )*};
}
into_slot!(Int: u8, u32, u64, i32);
into_slot!(Bool: bool);
into_slot!(Text: String);
into_slot!(Choice: HumanColor, crate::config::Evaluation, EvalPreset, ExplainLevel, PieceStyle, Language, crate::clock::TimeControl);
into_slot!(Choice: crate::variant::pawn_battle::eval::PresetName);
into_slot!(Choice: crate::variant::Variant);

/// The variants by their `UCI_Variant` names (lowercase, one word, as UCI engines name them).
const VARIANT_NAMES: [(crate::variant::Variant, &str); 2] = [
    (crate::variant::Variant::Chess, "chess"),
    (crate::variant::Variant::PawnBattle, "pawnbattle"),
];

impl ChoiceField for crate::variant::Variant {
    fn name(&self) -> String {
        VARIANT_NAMES
            .iter()
            .find(|(v, _)| v == self)
            .map_or_else(String::new, |(_, name)| (*name).to_owned())
    }

    fn choose(&mut self, name: &str) -> bool {
        VARIANT_NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(v, _)| *self = *v)
            .is_some()
    }
}

/// One option: its names, type, where its value lives and what it is for.
#[derive(Clone, Copy)]
pub struct Opt {
    /// The dotted key in `config.toml` (`engine.level`), if the file has it.
    pub config_key: Option<&'static str>,
    /// The UCI option name (`Level`), if `kibitzer uci` offers it.
    pub uci_name: Option<&'static str>,
    /// Its type and range.
    pub kind: Kind,
    /// Its value in a [`Settings`].
    pub slot: for<'a> fn(&'a mut Settings) -> Slot<'a>,
    /// One line on what it does.
    pub doc: &'static str,
}

impl std::fmt::Debug for Opt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opt")
            .field("config_key", &self.config_key)
            .field("uci_name", &self.uci_name)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl Opt {
    /// The option's value in `settings`, as text.
    #[must_use]
    pub fn show(&self, settings: &mut Settings) -> String {
        (self.slot)(settings).show()
    }
}

/// `spin!(lo, hi)`: a [`Kind::Spin`] with these bounds (any expression, evaluated when asked).
macro_rules! spin {
    ($lo:expr, $hi:expr) => {
        Kind::Spin(|| (i64::from($lo), i64::from($hi)))
    };
}

/// One row of [`OPTIONS`]: `opt!(section.key [as "UCI name"], kind, "doc")` for a configuration
/// key (offered over UCI when named), `opt!(uci field as "UCI name", kind, "doc")` for a setting
/// of the UCI session only.
macro_rules! opt {
    (uci $field:ident as $uci:literal, $kind:expr, $doc:literal) => {
        Opt {
            config_key: None,
            uci_name: Some($uci),
            kind: $kind,
            slot: |s| s.uci.$field.slot(),
            doc: $doc,
        }
    };
    ($section:ident . $key:ident $(as $uci:literal)?, $kind:expr, $doc:literal) => {
        Opt {
            config_key: Some(concat!(stringify!($section), ".", stringify!($key))),
            uci_name: opt!(@name $($uci)?),
            kind: $kind,
            slot: |s| s.config.$section.$key.slot(),
            doc: $doc,
        }
    };
    ($section:ident . $sub:ident . $key:ident, $kind:expr, $doc:literal) => {
        Opt {
            config_key: Some(concat!(
                stringify!($section), ".", stringify!($sub), ".", stringify!($key)
            )),
            uci_name: None,
            kind: $kind,
            slot: |s| s.config.$section.$sub.$key.slot(),
            doc: $doc,
        }
    };
    (@name $uci:literal) => { Some($uci) };
    (@name) => { None };
}

/// Every option, in the order of `config.toml` (then the UCI session's own). UCI's `option`
/// lines come in this order.
///
/// `analysis.options` is not here: it is a table of options for another engine, not one value.
#[rustfmt::skip]
pub static OPTIONS: &[Opt] = &[
    opt!(game.human, combo(&["white", "black", "random"], "colour"), "your colour (you are MAX)"),
    opt!(game.time_control, Kind::Text, "the clock: \"10+5\" (minutes + seconds a move) or \"untimed\""),
    opt!(engine.level as "Level", spin!(Level::MIN, Level::MAX), "difficulty (assets/levels.toml)"),
    opt!(engine.depth, spin!(0, 64), "search depth in plies; replaces the level's depth and time; 0 = as the level says"),
    opt!(engine.movetime_ms, spin!(0, 3_600_000), "ms per engine move; replaces the level's depth and time; 0 = as the level says"),
    opt!(engine.hash_mb as "Hash", spin!(1, 4096), "transposition table size in MiB"),
    opt!(engine.threads as "Threads", spin!(1, crate::engine::memory::MAX_THREADS as i64),
        "threads of the engine's searches (Lazy SMP); 1 = one, deterministic"),
    opt!(engine.book as "OwnBook", Kind::Check, "the engine's own moves from the opening book"),
    opt!(engine.book_depth, spin!(1, 60), "how many plies of a game the book is used for"),
    opt!(engine.learn, Kind::Check, "keep the engine's own searches in the position database"),
    opt!(engine.evaluation as "Evaluation", combo(&["auto", "classic", "network"], "evaluation"),
        "the search's evaluation: the trained network at the top level (auto), the hand-written terms or the network everywhere"),
    opt!(engine.network as "EvalFile", Kind::Text, "a network file; empty = the embedded network"),
    opt!(eval.preset as "Eval Preset", combo(&["default", "simplified"], "preset"),
        "which built-in evaluation the weights apply to"),
    opt!(eval.pawn as "Pawn Value", spin!(1, 5000), "value of a pawn in centipawns"),
    opt!(eval.knight as "Knight Value", spin!(1, 5000), "value of a knight in centipawns"),
    opt!(eval.bishop as "Bishop Value", spin!(1, 5000), "value of a bishop in centipawns"),
    opt!(eval.rook as "Rook Value", spin!(1, 5000), "value of a rook in centipawns"),
    opt!(eval.queen as "Queen Value", spin!(1, 5000), "value of a queen in centipawns"),
    opt!(eval.material_pst as "Material PST", spin!(0, 500), "material and piece-square, %"),
    opt!(eval.king_safety as "King Safety", spin!(0, 500), "weight of king safety, %"),
    opt!(eval.mobility as "Mobility", spin!(0, 500), "weight of mobility, %"),
    opt!(eval.pawn_structure as "Pawn Structure", spin!(0, 500), "weight of pawn structure, %"),
    opt!(eval.threats as "Threats", spin!(0, 500), "weight of threats, %"),
    opt!(eval.defences as "Defences", spin!(0, 500), "weight of defences, %"),
    opt!(eval.bishop_pair as "Bishop Pair", spin!(0, 500), "weight of the bishop pair, %"),
    opt!(eval.rooks as "Rooks", spin!(0, 500), "weight of rook placement, %"),
    opt!(eval.tempo as "Tempo", spin!(0, 500), "weight of the side-to-move bonus, %"),
    opt!(eval.castling as "Castling", spin!(0, 500), "castling rights, king left in the centre, %"),
    opt!(explain.level, combo(&["basic", "medium", "advanced"], "level"), "how much is said"),
    opt!(explain.language, Kind::Text, "language of the texts (assets/explanations/<code>.toml)"),
    opt!(explain.analysis_ms, spin!(10, 600_000), "ms of the analysis of each of your moves"),
    opt!(ui.language, Kind::Text, "the language: auto (LC_ALL/LC_MESSAGES/LANG), en or pt-BR"),
    opt!(ui.pieces, combo(&["unicode", "ascii"], "piece style"), "chess glyphs or letters"),
    opt!(ui.theme, combo(THEMES, "theme"), "the colour theme (assets/themes/<name>.toml)"),
    opt!(ui.coordinates, Kind::Check, "draw file and rank labels"),
    opt!(ui.legal_hints, Kind::Check, "mark the legal destinations of the selected piece"),
    opt!(ui.last_move, Kind::Check, "highlight the last move"),
    opt!(ui.eval_bar, Kind::Check, "the evaluation bar beside the board (key b)"),
    opt!(ui.marks, Kind::Check, "number the best line's moves on the board (key m)"),
    opt!(database.enabled, Kind::Check, "read and write the position database"),
    opt!(database.max_mb, spin!(*DATABASE_MB.start(), *DATABASE_MB.end()), "its size in MiB"),
    opt!(analysis.engine, Kind::Text, "the judge: auto (Stockfish if installed), builtin or a command"),
    opt!(analysis.timeout_ms, spin!(100, 600_000), "ms beyond its move time before it is hung"),
    opt!(analysis.threads, spin!(0, 64), "positions a review searches at once; 0 = one per core"),
    opt!(analysis.syzygy_path, Kind::Text, "Syzygy tables beyond the built-in 3-4 pieces; dirs by :"),
    opt!(analysis.deepen_while_thinking, Kind::Check, "play: judge the last moves deeper while you think"),
    opt!(pawn_battle.eval.preset, combo(&["default", "seed"], "preset"), "Pawn Battle's evaluation"),
    opt!(pawn_battle.eval.material, spin!(0, 500), "Pawn Battle: pawns and rooks, %"),
    opt!(pawn_battle.eval.advance, spin!(0, 500), "Pawn Battle: ranks advanced by the pawns, %"),
    opt!(pawn_battle.eval.passed, spin!(0, 500), "Pawn Battle: passed pawns by rank, %"),
    opt!(pawn_battle.eval.race, spin!(0, 500), "Pawn Battle: the promotion race, %"),
    opt!(pawn_battle.eval.structure, spin!(0, 500), "Pawn Battle: blocked, backward, isolated, doubled pawns, %"),
    opt!(pawn_battle.eval.rooks, spin!(0, 500), "Pawn Battle: rook placement and mobility, %"),
    opt!(uci ponder as "Ponder", Kind::Check, "the GUI may let the engine think on your time"),
    opt!(uci limit_strength as "UCI_LimitStrength", Kind::Check, "play at UCI_Elo, not Level"),
    opt!(uci explain as "Explain", Kind::Check, "explanations as info string before bestmove"),
    opt!(uci elo as "UCI_Elo", spin!(Level::elo_range().0, Level::elo_range().1),
        "the strength asked for when UCI_LimitStrength is on"),
    opt!(uci overhead_ms as "Move Overhead", spin!(0, 5000), "ms kept back per move for delays"),
    opt!(uci variant as "UCI_Variant", combo(&["chess", "pawnbattle"], "variant"),
        "the game: chess or Pawn Battle (kingless FENs, README \"Pawn Battle\")"),
];

/// The range of `database.max_mb`, shared with `kibitzer db prune --max-mb`.
pub const DATABASE_MB: std::ops::RangeInclusive<i64> = 1..=65_536;

/// A [`Kind::Combo`] (a helper that keeps [`OPTIONS`] one line per option).
const fn combo(values: &'static [&'static str], what: &'static str) -> Kind {
    Kind::Combo { values, what }
}

/// The option with this UCI name, compared without regard to ASCII case (as UCI asks).
#[must_use]
pub fn by_uci_name(name: &str) -> Option<&'static Opt> {
    OPTIONS
        .iter()
        .find(|o| o.uci_name.is_some_and(|n| n.eq_ignore_ascii_case(name)))
}

/// The option with this dotted configuration key (`engine.level`).
#[must_use]
pub fn by_config_key(key: &str) -> Option<&'static Opt> {
    OPTIONS.iter().find(|o| o.config_key == Some(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            config: Config::default(),
            uci: UciSettings::new(Level::MAX),
        }
    }

    /// Every scalar key of the configuration file is in the table (a new key without a row
    /// fails here), and every row's key exists.
    #[test]
    fn every_configuration_key_has_a_row() {
        let defaults: toml::Table = toml::from_str(&Config::default().to_toml()).unwrap();
        // Every scalar key, nested sections (`[pawn_battle.eval]`) by their dotted name.
        fn scalars(prefix: &str, table: &toml::Table, keys: &mut Vec<String>) {
            for (key, value) in table {
                let key = format!("{prefix}{key}");
                match value.as_table() {
                    Some(inner) => scalars(&format!("{key}."), inner, keys),
                    None if !prefix.is_empty() => keys.push(key),
                    None => {}
                }
            }
        }
        let mut keys = Vec::new();
        scalars("", &defaults, &mut keys);
        for key in &keys {
            assert!(by_config_key(key).is_some(), "no row for {key}");
        }
        for o in OPTIONS.iter().filter_map(|o| o.config_key) {
            assert!(keys.iter().any(|k| k == o), "{o} is no configuration key");
        }
    }

    /// A row's slot has the row's kind, its default reads back as the file writes it, and
    /// every combo value is accepted by its field.
    #[test]
    fn slots_match_their_kinds() {
        let defaults: toml::Table = toml::from_str(&Config::default().to_toml()).unwrap();
        for o in OPTIONS {
            let mut s = settings();
            assert!(!o.doc.is_empty(), "{o:?}");
            assert!(o.config_key.is_some() || o.uci_name.is_some(), "{o:?}");
            let shown = o.show(&mut s);
            if let Some(key) = o.config_key {
                let (section, k) = key.rsplit_once('.').unwrap();
                let value = &section
                    .split('.')
                    .fold(&defaults, |t, part| t[part].as_table().unwrap())[k];
                let expected = value
                    .as_str()
                    .map_or_else(|| value.to_string(), str::to_owned);
                assert_eq!(shown, expected, "{key}");
            }
            match (o.kind, (o.slot)(&mut s)) {
                (Kind::Spin(bounds), Slot::Int(v)) => {
                    let (lo, hi) = bounds();
                    assert!(
                        lo <= v.get() && v.get() <= hi,
                        "{o:?}: default out of range"
                    );
                    assert!(v.set(lo) && v.set(hi), "{o:?}: bounds do not fit the field");
                }
                (Kind::Check, Slot::Bool(_)) | (Kind::Text, Slot::Choice(_) | Slot::Text(_)) => {}
                (Kind::Combo { values, .. }, Slot::Choice(v)) => {
                    for name in values {
                        assert!(v.choose(name) && v.name() == *name, "{o:?}: {name}");
                    }
                    assert!(!v.choose("?"), "{o:?}");
                }
                (Kind::Combo { values, .. }, Slot::Text(v)) => {
                    assert!(values.contains(&v.as_str()), "{o:?}");
                }
                (kind, _) => panic!("{o:?}: the slot is no {kind:?}"),
            }
        }
    }

    #[test]
    fn names_are_unique_and_found_in_any_case() {
        for (i, o) in OPTIONS.iter().enumerate() {
            for other in &OPTIONS[i + 1..] {
                assert!(o.config_key.is_none() || o.config_key != other.config_key);
                assert!(
                    o.uci_name.is_none()
                        || !o
                            .uci_name
                            .unwrap()
                            .eq_ignore_ascii_case(other.uci_name.unwrap_or(""))
                );
            }
        }
        let level = by_uci_name("lEvEl").unwrap();
        assert_eq!(level.config_key, Some("engine.level"));
        assert_eq!(level.kind.bounds(), Some((1, 10)));
        assert!(by_uci_name("Nonsense").is_none());
        assert_eq!(
            by_uci_name("UCI_Elo").unwrap().kind.bounds().unwrap().0,
            250
        );
    }
}

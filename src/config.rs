//! The configuration file: its schema (with `Default` as the single source of truth), where it
//! lives, how it is loaded and how every value is validated.
//!
//! Loading never half-applies: a file either yields a complete, validated [`Config`] or a
//! [`ConfigError`] that names the file, the line and column, the key and what was expected.
//!
//! Why one file of about 850 lines before its tests: every section's struct with its
//! `Default` is the single source of truth that `config.example.toml`, the options table and
//! `[keys]` are tested against, so they stay side by side; what is not a section (the file's
//! location, reading, and the errors that name file, line and key) is the last 250 lines.
//! Next split when it grows: the error location (`line_col` … `describe_toml_error`) into
//! `config/error.rs`.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub mod values;

pub use values::{EngineConfig, EvalConfig, EvalPreset, Evaluation, Searcher};

/// The whole configuration, one field per `[section]` of `config.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// `[game]`: who plays which colour.
    pub game: GameConfig,
    /// `[engine]`: strength and resources of the built-in engine.
    pub engine: EngineConfig,
    /// `[eval]`: piece values and the weight of every evaluation term.
    pub eval: EvalConfig,
    /// `[explain]`: how much the kibitzer says and in which language.
    pub explain: ExplainConfig,
    /// `[ui]`: how the board is drawn.
    pub ui: UiConfig,
    /// `[database]`: the position database (analysed positions kept in the data directory).
    pub database: DatabaseConfig,
    /// `[analysis]`: which engine judges reviews and `kibitzer explain`.
    pub analysis: AnalysisConfig,
    /// `[pawn_battle]`: the Pawn Battle variant (`[pawn_battle.eval]`: its evaluation).
    pub pawn_battle: PawnBattleConfig,
    /// `[keys]`: other keys for any action of any screen (`[keys.review] next_mistake = "N"`);
    /// the screens and actions are those of `assets/keys/default.toml`.
    pub keys: crate::keys::KeysConfig,
}

/// `[pawn_battle]` section.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PawnBattleConfig {
    /// `[pawn_battle.eval]`: the evaluation preset and its term weights in percent.
    pub eval: crate::variant::pawn_battle::eval::EvalConfig,
}

/// Which colour the human plays. The human is MAX, the engine MIN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HumanColor {
    /// The human plays White and moves first.
    #[default]
    White,
    /// The human plays Black; the engine opens.
    Black,
    /// A coin flip at the start of every new game.
    Random,
}

/// `[game]` section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameConfig {
    /// The human's colour.
    pub human: HumanColor,
    /// The clocks of a new game ("10+5": minutes + increment seconds, or "untimed").
    pub time_control: crate::clock::TimeControl,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            human: HumanColor::White,
            time_control: crate::clock::TimeControl::Untimed,
        }
    }
}

impl EngineConfig {
    /// The evaluation parameters of `searcher`'s search: `[eval]`'s terms, with the network
    /// when `evaluation` gives it one ([`Evaluation::uses_network`]).
    ///
    /// # Errors
    /// If the network file cannot be read or is not a network (the message names it).
    pub fn eval_params(
        &self,
        eval: &EvalConfig,
        searcher: Searcher,
    ) -> anyhow::Result<crate::engine::EvalParams> {
        let mut params = crate::engine::EvalParams::from_config(eval);
        if self.evaluation.uses_network(searcher) {
            params.network = Some(crate::engine::network::Network::shared(&self.network)?);
        }
        Ok(params)
    }
}

/// How much the kibitzer explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExplainLevel {
    /// One sentence and the move quality.
    Basic,
    /// Up to three sentences, the score and the best line.
    #[default]
    Medium,
    /// Everything: themes with confidence, metrics, evaluation deltas, the principal variation.
    Advanced,
}

/// Language of the explanation texts: the code of one of the embedded language files
/// (`assets/explanations/<code>.toml`, every one embedded at build time), so a new language is a
/// new file and no code change. The default is English (`"en"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Language(&'static str);

impl Language {
    /// The embedded language with this code (case-insensitive), if any.
    ///
    /// ```
    /// use kibitzer::config::Language;
    /// assert_eq!(Language::from_code("EN").map(Language::code), Some("en"));
    /// assert_eq!(Language::from_code("xx"), None);
    /// ```
    #[must_use]
    pub fn from_code(code: &str) -> Option<Language> {
        Language::available()
            .into_iter()
            .find(|c| c.eq_ignore_ascii_case(code))
            .map(Language)
    }

    /// The language code, as in the file name.
    #[must_use]
    pub fn code(self) -> &'static str {
        self.0
    }

    /// The codes of every embedded language, sorted.
    #[must_use]
    pub fn available() -> Vec<&'static str> {
        crate::explain::templates::Templates::languages()
    }
}

impl Default for Language {
    fn default() -> Self {
        Language("en")
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Language {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        Language::from_code(&code).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown language `{code}`; available: {} (the files in assets/explanations/)",
                Language::available().join(", ")
            ))
        })
    }
}

/// `[explain]` section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ExplainConfig {
    /// How much is said about each move.
    pub level: ExplainLevel,
    /// Language of the texts.
    pub language: Language,
    /// Search time in milliseconds for the background analysis of each of the human's moves
    /// (and of a resumed game's moves that have no saved explanation).
    pub analysis_ms: u64,
}

impl Default for ExplainConfig {
    fn default() -> Self {
        ExplainConfig {
            level: ExplainLevel::default(),
            language: Language::default(),
            analysis_ms: 1000,
        }
    }
}

/// How pieces are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceStyle {
    /// Chess glyphs (♔♕♖…).
    #[default]
    Unicode,
    /// Letters (KQRBNP), for fonts whose chess glyphs misalign.
    Ascii,
}

/// `[ui]` section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UiConfig {
    /// The language of the screens, messages and explanations: `"auto"` (from `LC_ALL`,
    /// `LC_MESSAGES` or `LANG`), `"en"` or `"pt-BR"` (`--lang` overrides it; see
    /// [`crate::i18n::choose`]). An unknown language is English, with a note at start-up.
    pub language: String,
    /// Piece glyphs or letters.
    pub pieces: PieceStyle,
    /// Name of the colour theme (`assets/themes/<name>.toml`).
    pub theme: String,
    /// Draw file and rank labels around the board.
    pub coordinates: bool,
    /// Mark the legal destinations of the selected piece.
    pub legal_hints: bool,
    /// Highlight the squares of the last move.
    pub last_move: bool,
    /// The evaluation bar beside the board, when the terminal is wide enough (`b` toggles it).
    pub eval_bar: bool,
    /// Number the squares of the best line's first moves (the hint's line, or the line of the
    /// position viewed while stepping back) and list them in the panel (`m` toggles it).
    pub marks: bool,
}

impl Default for UiConfig {
    fn default() -> Self {
        UiConfig {
            language: "auto".to_owned(),
            pieces: PieceStyle::Unicode,
            theme: "classic".to_owned(),
            coordinates: true,
            legal_hints: true,
            last_move: true,
            eval_bar: true,
            marks: true,
        }
    }
}

/// `[database]` section: the position database (`kibitzer db stats` shows it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// Read and write the position database (`--no-db` turns it off for one run).
    pub enabled: bool,
    /// The size its rows may take, in MiB; beyond it the shallowest and oldest are evicted.
    pub max_mb: u32,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            enabled: true,
            max_mb: 256,
        }
    }
}

/// `[analysis]` section: the engine that judges `kibitzer review`, `kibitzer explain` and play
/// mode's verdicts on the player's moves (play mode always plays with the built-in engine).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AnalysisConfig {
    /// `auto` (the default: an installed Stockfish, else the built-in engine), `builtin`, or
    /// the command line of a UCI engine (`stockfish`, `/usr/games/stockfish`, with its
    /// arguments separated by spaces).
    pub engine: String,
    /// UCI options for that engine, e.g. `{ Threads = 1, Hash = 64 }`.
    pub options: std::collections::BTreeMap<String, OptionValue>,
    /// How long the engine may take to answer the handshake, and beyond a search's move time,
    /// before it counts as hung (milliseconds).
    pub timeout_ms: u64,
    /// How many positions `kibitzer review` and the review screen search at once with the
    /// built-in engine; 0 = one per core, at most 4.
    pub threads: u32,
    /// Directories of Syzygy endgame tables (5 and 6 pieces) beside the built-in 3- and
    /// 4-piece ones, separated by `:` (`;` on Windows); empty = the built-in tables only
    /// ([`crate::tablebase`]).
    pub syzygy_path: String,
    /// Play mode: while you think, search the verdicts of the last two moves deeper in the
    /// background (one core busy); `false` keeps the first verdicts and leaves the core idle.
    pub deepen_while_thinking: bool,
}

/// The value of a UCI option in the configuration: a number, a boolean or a string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    /// `Threads = 1`.
    Int(i64),
    /// `Ponder = false`.
    Bool(bool),
    /// `SyzygyPath = "/tb"`.
    Text(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Text(t) => f.write_str(t),
        }
    }
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            engine: crate::analysis::judge::AUTO.to_owned(),
            options: std::collections::BTreeMap::new(),
            timeout_ms: 10_000,
            threads: 0,
            syzygy_path: String::new(),
            deepen_while_thinking: true,
        }
    }
}

impl AnalysisConfig {
    /// The options as (name, value) pairs for `setoption`.
    #[must_use]
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.options
            .iter()
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect()
    }

    /// The analyst of this section.
    #[must_use]
    pub fn spec(&self) -> crate::analysis::AnalystSpec {
        self.spec_of(&self.engine)
    }

    /// The analyst of `command` (`--engine`) with this section's options and time-out; `auto`
    /// is the installed Stockfish, else the built-in engine ([`crate::analysis::judge`]).
    #[must_use]
    pub fn spec_of(&self, command: &str) -> crate::analysis::AnalystSpec {
        crate::analysis::judge::resolved(crate::analysis::AnalystSpec {
            grace: std::time::Duration::from_millis(self.timeout_ms),
            ..crate::analysis::AnalystSpec::new(command, self.option_pairs())
        })
    }
}

/// The colour themes shipped with the program (names accepted by `ui.theme`).
pub const THEMES: &[&str] = &["classic", "green", "blue", "mono"];

/// The largest configuration file read (the example with every key is about 6 KiB).
pub const CONFIG_MAX_BYTES: u64 = 1 << 20;

/// Why a configuration file was not read.
enum ConfigRead {
    /// The file system's error (a missing file among them).
    Io(std::io::Error),
    /// Not a regular file, or too large: what is wrong and how to fix it.
    Refused(String),
}

/// Reads a configuration file: only a regular file (a directory, a FIFO or a device such as
/// `/dev/zero` would block or never end) of at most [`CONFIG_MAX_BYTES`] (checked again while
/// reading, for files whose size the system does not know).
fn read_config_text(path: &Path) -> Result<String, ConfigRead> {
    use std::io::Read;
    const FIX: &str = "pass a TOML file (`kibitzer config init` writes the commented example)";
    let meta = std::fs::metadata(path).map_err(ConfigRead::Io)?;
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(ConfigRead::Refused(format!(
            "is a directory, not a configuration file; {FIX}"
        )));
    }
    if !kind.is_file() {
        return Err(ConfigRead::Refused(format!(
            "is not a regular file (a FIFO, socket or device), so it is not read as the configuration; {FIX}"
        )));
    }
    let too_large = || {
        ConfigRead::Refused(format!(
            "is larger than {} KiB, far more than any configuration; {FIX}",
            CONFIG_MAX_BYTES >> 10
        ))
    };
    if meta.len() > CONFIG_MAX_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(CONFIG_MAX_BYTES + 1).read_to_end(&mut bytes))
        .map_err(ConfigRead::Io)?;
    if bytes.len() as u64 > CONFIG_MAX_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        ConfigRead::Refused(format!(
            "is not UTF-8 text (an invalid byte at offset {}); {FIX}",
            e.utf8_error().valid_up_to()
        ))
    })
}

/// A configuration problem, with enough context to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The file the problem is in (`None` for in-memory text).
    pub path: Option<PathBuf>,
    /// 1-based line and column, where known.
    pub location: Option<(usize, usize)>,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self
            .path
            .as_ref()
            .map_or_else(|| "config".to_owned(), |p| p.display().to_string());
        match self.location {
            Some((line, col)) => write!(f, "{file}:{line}:{col}: {}", self.message),
            None => write!(f, "{file}: {}", self.message),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Where the configuration came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigSource {
    /// The built-in defaults (no file at the default path).
    Defaults(PathBuf),
    /// A file that was read.
    File(PathBuf),
}

impl ConfigSource {
    /// The path that was (or would have been) read.
    pub fn path(&self) -> &Path {
        match self {
            ConfigSource::Defaults(p) | ConfigSource::File(p) => p,
        }
    }
}

/// The directories the program uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dirs {
    /// Where `config.toml` lives.
    pub config_dir: PathBuf,
    /// Saved games, the autosave and the log.
    pub data_dir: PathBuf,
}

impl Dirs {
    /// The platform directories from `directories::ProjectDirs`, overridable with the
    /// environment variables `KIBITZER_CONFIG_DIR` and `KIBITZER_DATA_DIR` (used by tests so
    /// they never touch the real home directory).
    ///
    /// # Errors
    /// When no home directory can be determined and no override is set.
    pub fn locate() -> Result<Dirs, ConfigError> {
        let env_dir = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let project = directories::ProjectDirs::from("", "", "kibitzer");
        let config_dir = env_dir("KIBITZER_CONFIG_DIR")
            .map(PathBuf::from)
            .or_else(|| project.as_ref().map(|p| p.config_dir().to_path_buf()));
        let data_dir = env_dir("KIBITZER_DATA_DIR")
            .map(PathBuf::from)
            .or_else(|| project.as_ref().map(|p| p.data_dir().to_path_buf()));
        match (config_dir, data_dir) {
            (Some(config_dir), Some(data_dir)) => Ok(Dirs {
                config_dir,
                data_dir,
            }),
            _ => Err(ConfigError {
                path: None,
                location: None,
                message: "cannot find a home directory; set HOME, or KIBITZER_CONFIG_DIR and \
                          KIBITZER_DATA_DIR"
                    .to_owned(),
            }),
        }
    }

    /// The default configuration file path.
    pub fn config_file(&self) -> PathBuf {
        self.config_dir.join("config.toml")
    }
}

impl Config {
    /// Parses and validates configuration text. `path` is only used in messages.
    ///
    /// # Errors
    /// A [`ConfigError`] for TOML syntax errors, unknown keys, wrong types and out-of-range values.
    pub fn from_toml(text: &str, path: Option<&Path>) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let location = e.span().map(|span| line_col(text, span.start));
            let message = e
                .span()
                .and_then(|span| describe_shape_error(text, span, e.message()))
                .unwrap_or_else(|| {
                    let message = crate::echo::echo_quoted(&describe_toml_error(e.message()));
                    // A value of the wrong type names its key (the message alone says only
                    // what was expected).
                    match e.span().and_then(|span| key_at(text, span.start)) {
                        Some(key) if message.starts_with(&wrong_type()) => {
                            format!("`{}`: {message}", crate::echo::echo(&key))
                        }
                        _ => message,
                    }
                });
            ConfigError {
                path: path.map(Path::to_path_buf),
                location,
                message,
            }
        })?;
        config.validate().map_err(|(key, message)| ConfigError {
            path: path.map(Path::to_path_buf),
            location: find_key(text, &key),
            message,
        })?;
        Ok(config)
    }

    /// Loads the configuration: `explicit` (from `--config` or `KIBITZER_CONFIG`) must exist;
    /// the default path may be missing, which means defaults.
    ///
    /// # Errors
    /// A missing explicit file, an unreadable file, or any [`Config::from_toml`] error.
    pub fn load(
        explicit: Option<&Path>,
        dirs: &Dirs,
    ) -> Result<(Config, ConfigSource), ConfigError> {
        let (path, must_exist) = match explicit {
            Some(p) => (p.to_path_buf(), true),
            None => (dirs.config_file(), false),
        };
        match read_config_text(&path) {
            Ok(text) => Ok((
                Config::from_toml(&text, Some(&path))?,
                ConfigSource::File(path),
            )),
            Err(ConfigRead::Io(e)) if e.kind() == std::io::ErrorKind::NotFound && !must_exist => {
                Ok((Config::default(), ConfigSource::Defaults(path)))
            }
            Err(ConfigRead::Io(e)) => Err(ConfigError {
                path: Some(path),
                location: None,
                message: crate::i18n::tr("config-cannot-read", &[("error", e.to_string().into())]),
            }),
            Err(ConfigRead::Refused(message)) => Err(ConfigError {
                path: Some(path),
                location: None,
                message,
            }),
        }
    }

    /// Checks every value against its allowed range (the ranges of [`crate::options::OPTIONS`]).
    ///
    /// # Errors
    /// `(dotted key, message)` for the first value out of range.
    pub fn validate(&self) -> Result<(), (String, String)> {
        fn range<T: PartialOrd + fmt::Display + Copy>(
            key: &str,
            value: T,
            lo: T,
            hi: T,
        ) -> Result<(), (String, String)> {
            if value < lo || value > hi {
                Err((
                    key.to_owned(),
                    crate::i18n::tr(
                        "config-out-of-range",
                        &[
                            ("key", key.into()),
                            ("value", value.to_string().into()),
                            ("lo", lo.to_string().into()),
                            ("hi", hi.to_string().into()),
                        ],
                    ),
                ))
            } else {
                Ok(())
            }
        }
        let mut settings = crate::options::Settings {
            config: self.clone(),
            uci: crate::options::UciSettings::new(self.engine.level),
        };
        for option in crate::options::OPTIONS {
            if let (Some(key), Some((lo, hi)), crate::options::Slot::Int(value)) = (
                option.config_key,
                option.kind.bounds(),
                (option.slot)(&mut settings),
            ) {
                range(key, value.get(), lo, hi)?;
            }
        }
        if self.engine.evaluation != Evaluation::Classic
            && let Err(e) = crate::engine::network::Network::shared(&self.engine.network)
        {
            return Err((
                "engine.network".to_owned(),
                format!("`engine.network`: {e:#}"),
            ));
        }
        if let Err(e) = crate::tablebase::check_path(&self.analysis.syzygy_path) {
            return Err(("analysis.syzygy_path".to_owned(), e.to_string()));
        }
        crate::keys::Keymaps::with(&self.keys)?;
        if !THEMES.contains(&self.ui.theme.as_str()) {
            return Err((
                "ui.theme".to_owned(),
                crate::i18n::tr(
                    "config-unknown-theme",
                    &[
                        ("value", crate::echo::echo(&self.ui.theme).into()),
                        ("allowed", THEMES.join(", ").into()),
                    ],
                ),
            ));
        }
        Ok(())
    }

    /// The configuration as TOML text (the effective values, for `config check`).
    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_else(|e| format!("# cannot serialise: {e}\n"))
    }
}

/// The commented example configuration (`config.example.toml`), embedded in the binary.
pub const EXAMPLE: &str = include_str!("../config.example.toml");

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Finds the line of `section.key` in the text, for range errors (which serde cannot locate).
fn find_key(text: &str, dotted: &str) -> Option<(usize, usize)> {
    let (section, key) = dotted.rsplit_once('.')?;
    let mut in_section = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') {
            // A section that is itself the culprit (`[keys.reveiw]`).
            if t.trim_matches(|c| c == '[' || c == ']').trim() == dotted {
                return Some((i + 1, 1));
            }
            in_section = t.trim_matches(|c| c == '[' || c == ']').trim() == section;
        } else if in_section
            && let Some((k, _)) = t.split_once('=')
            && k.trim() == key
        {
            let col = line.len() - line.trim_start().len() + 1;
            return Some((i + 1, col));
        }
    }
    None
}

/// Turns toml/serde messages into ones that say how to fix the problem.
/// A clearer message for two errors serde words badly: a choice (`level`, `human`, `pieces`…)
/// given something other than a string ("wanted string or table"), which names the key, the
/// value's type and the allowed values (found by trying an impossible string in its place);
/// and a `[[section]]` header, which makes a list of a section.
fn describe_shape_error(text: &str, span: std::ops::Range<usize>, message: &str) -> Option<String> {
    let line_start = text[..span.start.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or("").trim();
    if let Some(name) = line.strip_prefix("[[").and_then(|l| l.split("]]").next()) {
        let name = crate::echo::echo(name.trim());
        return Some(crate::i18n::tr(
            "config-section-list",
            &[("name", name.into())],
        ));
    }
    if !message.contains("wanted string or table") {
        return None;
    }
    let dotted = key_at(text, span.start)?;
    let value = text.get(span.clone()).unwrap_or("").trim();
    let kind = toml::from_str::<toml::Table>(&format!("v = {value}"))
        .ok()
        .and_then(|t| t.get("v").map(|v| v.type_str()))
        .unwrap_or("value");
    let probe = format!("{}\"?probe?\"{}", &text[..span.start], &text[span.end..]);
    let allowed = toml::from_str::<Config>(&probe).err().and_then(|e| {
        e.message()
            .split_once(", expected ")
            .map(|(_, rest)| rest.trim().to_owned())
    });
    Some(crate::i18n::tr(
        "config-needs-quotes",
        &[
            ("key", dotted.into()),
            ("value", crate::echo::echo(value).into()),
            ("kind", kind.into()),
            (
                "allowed",
                allowed
                    .map_or_else(|| crate::i18n::t("config-see-example"), |a| choices(&a))
                    .into(),
            ),
        ],
    ))
}

/// The choices of a serde message ("one of `a`, `b`, `c`", "`a` or `b`") in the language
/// spoken: serde's own words in English, else the quoted names joined by the catalogue's
/// `list-or` ("`a`, `b` ou `c`").
fn choices(serde: &str) -> String {
    let names: Vec<&str> = serde.split('`').skip(1).step_by(2).collect();
    match names.split_last() {
        Some((last, init)) if crate::i18n::current() != crate::i18n::Lang::En => {
            let quoted = |n: &&str| format!("`{n}`");
            if init.is_empty() {
                return quoted(last);
            }
            crate::i18n::tr(
                "list-or",
                &[
                    (
                        "init",
                        init.iter()
                            .map(quoted)
                            .collect::<Vec<_>>()
                            .join(", ")
                            .into(),
                    ),
                    ("last", quoted(last).into()),
                ],
            )
        }
        _ => serde.to_owned(),
    }
}

/// The start of a wrong-type message in the language spoken ("wrong type").
fn wrong_type() -> String {
    let text = crate::i18n::tr(
        "config-wrong-type",
        &[("found", "".into()), ("expected", "".into())],
    );
    text.split(':').next().unwrap_or(&text).to_owned()
}

/// A TOML or serde type name (`string`, `integer`, `a boolean`, `u8`) in the language spoken:
/// the message `config-type-NAME` when there is one, else the name itself.
fn type_word(name: &str) -> String {
    let key = match name {
        "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" => {
            return crate::i18n::tr("config-type-unsigned", &[("name", name.into())]);
        }
        "f32" | "f64" => {
            return crate::i18n::tr("config-type-decimal", &[("name", name.into())]);
        }
        other => format!("config-type-{}", other.replace(' ', "-")),
    };
    let word = crate::i18n::t(&key);
    if word == key { name.to_owned() } else { word }
}

/// A serde "found" description (`string "hard"`, `integer `1``) with its type word in the
/// language spoken.
fn found_words(found: &str) -> String {
    match found.split_once(' ') {
        Some((kind, value)) => format!("{} {value}", type_word(kind)),
        None => type_word(found),
    }
}

/// The dotted key (`section.key`) of the `key = value` line holding byte `at` of `text`.
fn key_at(text: &str, at: usize) -> Option<String> {
    let line_start = text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or("").trim();
    let key = line.split_once('=').map(|(k, _)| k.trim())?;
    let section = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim());
    Some(section.map_or_else(|| key.to_owned(), |s| format!("{s}.{key}")))
}

fn describe_toml_error(message: &str) -> String {
    let message = message.trim();
    let one_of = |rest: &str, key: &str| {
        let (name, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let expected = choices(expected);
        let key = if expected.is_empty() {
            key.to_owned()
        } else {
            format!("{key}-expected")
        };
        crate::i18n::tr(
            &key,
            &[("name", name.into()), ("expected", expected.into())],
        )
    };
    if let Some(rest) = message.strip_prefix("unknown field ") {
        one_of(rest, "config-unknown-key")
    } else if let Some(rest) = message.strip_prefix("unknown variant ") {
        one_of(rest, "config-unknown-value")
    } else if let Some(rest) = message.strip_prefix("invalid type: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        crate::i18n::tr(
            "config-wrong-type",
            &[
                ("found", found_words(found).into()),
                ("expected", type_word(expected).into()),
            ],
        )
    } else {
        message.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_that_does_not_load_is_refused_with_its_key() {
        let dir = tempfile::tempdir().unwrap();
        let bad = dir.path().join("bad.nnue");
        std::fs::write(&bad, b"garbage").unwrap();
        let mut c = Config::default();
        c.engine.evaluation = Evaluation::Network;
        c.engine.network = bad.display().to_string();
        let (key, message) = c.validate().unwrap_err();
        assert_eq!(key, "engine.network");
        assert!(
            message.contains("bad.nnue") && message.contains("magic"),
            "{message}"
        );
        // The embedded network always loads, and the search then uses it.
        c.engine.network = String::new();
        assert!(c.validate().is_ok());
        let params = c.engine.eval_params(&c.eval, Searcher::Analyst).unwrap();
        assert!(params.network.is_some());
        // The default (`auto`) checks the network file too: the top level plays with it.
        c.engine.evaluation = Evaluation::Auto;
        c.engine.network = bad.display().to_string();
        assert_eq!(c.validate().unwrap_err().0, "engine.network");
        c.engine.evaluation = Evaluation::Classic;
        assert!(c.validate().is_ok());
    }

    #[test]
    fn auto_gives_the_network_to_the_top_level_alone() {
        let c = Config::default();
        assert_eq!(c.engine.evaluation, Evaluation::Auto);
        let network = |searcher| {
            c.engine
                .eval_params(&c.eval, searcher)
                .unwrap()
                .network
                .is_some()
        };
        assert!(network(Searcher::TopLevel));
        assert!(!network(Searcher::LowerLevel));
        assert!(!network(Searcher::Analyst));
        let all = [Searcher::TopLevel, Searcher::LowerLevel, Searcher::Analyst];
        for (evaluation, everywhere) in [(Evaluation::Classic, false), (Evaluation::Network, true)]
        {
            for searcher in all {
                assert_eq!(evaluation.uses_network(searcher), everywhere);
            }
        }
    }

    #[test]
    fn example_file_equals_defaults() {
        let parsed = Config::from_toml(EXAMPLE, None).expect("example parses");
        assert_eq!(parsed, Config::default());
    }

    #[test]
    fn example_file_mentions_every_key() {
        let defaults: toml::Table = toml::from_str(&Config::default().to_toml()).unwrap();
        // Sections, with nested ones (`[pawn_battle.eval]`) by their dotted name.
        let mut sections: Vec<(String, &toml::Table)> = Vec::new();
        for (section, table) in &defaults {
            let table = table.as_table().unwrap();
            if table.values().all(toml::Value::is_table) {
                for (sub, nested) in table {
                    let nested = nested.as_table().unwrap();
                    sections.push((format!("{section}.{sub}"), nested));
                }
            } else {
                sections.push((section.clone(), table));
            }
        }
        for (section, table) in sections {
            assert!(
                EXAMPLE.contains(&format!("[{section}]")),
                "example lacks [{section}]"
            );
            for key in table.keys() {
                let needle = format!("\n{key} =");
                assert!(EXAMPLE.contains(&needle), "example lacks {section}.{key}");
            }
        }
    }

    /// The range a comment line states ("1 to 4096", "(ms, 100 to 600000)"), if any.
    fn stated_range(comment: &str) -> Option<(i64, i64)> {
        let number = |word: &str| {
            word.trim_matches(|c: char| !c.is_ascii_digit() && c != '-')
                .parse::<i64>()
                .ok()
        };
        comment.match_indices(" to ").find_map(|(i, _)| {
            let lo = number(comment[..i].split_whitespace().last()?)?;
            let hi = number(comment[i + 4..].split_whitespace().next()?)?;
            Some((lo, hi))
        })
    }

    /// `config.example.toml` documents every option of the table: its key in its section with
    /// the real default, the range of a number in a comment above it (the nearest range stated
    /// in the section, so one comment may cover a group of keys), and every name of a choice in
    /// the comment right above it.
    #[test]
    fn example_file_documents_every_option_with_its_default_and_range() {
        use crate::options::{Kind, OPTIONS};
        let defaults: toml::Table = toml::from_str(&Config::default().to_toml()).unwrap();
        let lines: Vec<&str> = EXAMPLE.lines().collect();
        for option in OPTIONS {
            let Some(key) = option.config_key else {
                continue;
            };
            let (section, name) = key.rsplit_once('.').unwrap();
            let header = lines
                .iter()
                .position(|l| l.trim() == format!("[{section}]"))
                .unwrap_or_else(|| panic!("the example lacks [{section}]"));
            let at = (header + 1..lines.len())
                .take_while(|&i| !lines[i].starts_with('['))
                .find(|&i| {
                    lines[i]
                        .split_once('=')
                        .is_some_and(|(k, _)| k.trim() == name)
                })
                .unwrap_or_else(|| panic!("the example lacks {key}"));
            let written: toml::Table = toml::from_str(lines[at]).unwrap();
            let default = section
                .split('.')
                .fold(&defaults, |t, part| t[part].as_table().unwrap())[name]
                .clone();
            assert_eq!(
                written[name], default,
                "{key}: the example's value is not the default"
            );
            let above = || (header + 1..at).rev().map(|i| lines[i].trim());
            match option.kind {
                Kind::Spin(bounds) => {
                    let stated = above()
                        .filter(|l| l.starts_with('#'))
                        .find_map(stated_range);
                    assert_eq!(stated, Some(bounds()), "{key}: range in the example");
                }
                Kind::Combo { values, .. } => {
                    let comment: String = above()
                        .take_while(|l| l.starts_with('#'))
                        .collect::<Vec<_>>()
                        .join(" ");
                    for value in values {
                        assert!(
                            comment.contains(&format!("\"{value}\"")),
                            "{key}: the example does not name \"{value}\""
                        );
                    }
                }
                Kind::Check | Kind::Text => {}
            }
        }
    }

    #[test]
    fn empty_text_is_defaults() {
        assert_eq!(Config::from_toml("", None).unwrap(), Config::default());
    }

    /// Issue 23: "wanted string or table" with no key nor allowed values; `[[engine]]` gave
    /// "wrong type: map, expected u8".
    #[test]
    fn choices_given_another_type_name_the_key_the_type_and_the_values() {
        let p = Path::new("k.toml");
        let cases: &[(&str, &str)] = &[
            (
                "[explain]\nlevel = 1\n",
                "k.toml:2:9: `explain.level` = 1 is an integer, but it takes a string in quotes: one of `basic`, `medium`, `advanced`",
            ),
            (
                "[game]\nhuman = 1\n",
                "k.toml:2:9: `game.human` = 1 is an integer, but it takes a string in quotes: one of `white`, `black`, `random`",
            ),
            (
                "[ui]\npieces = false\n",
                "k.toml:2:10: `ui.pieces` = false is a boolean, but it takes a string in quotes: `unicode` or `ascii`",
            ),
            (
                "[[engine]]\nlevel = 3\n",
                "k.toml:1:1: [[engine]] makes `engine` a list of sections; write [engine] (one section)",
            ),
        ];
        for (text, expected) in cases {
            let e = Config::from_toml(text, Some(p)).unwrap_err();
            assert_eq!(e.to_string(), *expected, "{text}");
        }
    }

    /// Issue 38: the same errors in Portuguese, with the file, line and column first: an
    /// unknown key (and the valid ones), a wrong type, a value out of range, an unknown value,
    /// a choice without quotes, a list of sections.
    #[test]
    fn bad_files_give_precise_messages_in_portuguese() {
        let p = Path::new("k.toml");
        let cases: &[(&str, &str)] = &[
            (
                "[ui]\ncolours = 3\n",
                "k.toml:2:1: chave desconhecida `colours` (as válidas são `",
            ),
            (
                "[engine]\nlevel = \"hard\"\n",
                "k.toml:2:9: `engine.level`: tipo errado: o texto \"hard\", mas o esperado é um número inteiro (u8)",
            ),
            (
                "[engine]\nlevel = 11\n",
                "k.toml:2:1: `engine.level` = 11 está fora do intervalo permitido, de 1 a 10",
            ),
            (
                "[ui]\ncoordinates = 1\n",
                "k.toml:2:15: `ui.coordinates`: tipo errado: o inteiro `1`, mas o esperado é um booleano (true ou false)",
            ),
            (
                "[pawn_battle.eval]\npreset = \"strong\"\n",
                "k.toml:2:10: valor desconhecido `strong` (os válidos são `default` ou `seed`)",
            ),
            (
                "[game]\nhuman = 1\n",
                "k.toml:2:9: `game.human` = 1 é um número inteiro, mas esta chave aceita um texto entre aspas: `white`, `black` ou `random`",
            ),
            (
                "[[engine]]\nlevel = 3\n",
                "k.toml:1:1: [[engine]] faz de `engine` uma lista de seções; escreva [engine] (uma seção só)",
            ),
        ];
        crate::i18n::with(crate::i18n::Lang::PtBr, || {
            for (text, expected) in cases {
                let e = Config::from_toml(text, Some(p)).unwrap_err().to_string();
                assert!(e.starts_with(expected), "{text}: {e}");
            }
        });
    }

    /// Issue 23: input echoed in messages is cut and its control characters escaped.
    #[test]
    fn echoed_keys_and_values_are_cut_and_escaped() {
        for text in [
            "[engine]\n\"\\u001b[31mred\" = 1\n".to_owned(),
            format!("[engine]\nlevel = \"\\u001b{}\"\n", "x".repeat(5000)),
        ] {
            let e = Config::from_toml(&text, None).unwrap_err().to_string();
            assert!(!e.contains('\u{1b}') && e.len() < 400, "{e}");
        }
    }

    #[test]
    fn bad_files_give_precise_messages() {
        let p = Path::new("k.toml");
        let cases: &[(&str, &str)] = &[
            (
                "[engine]\nlevle = 3\n",
                "k.toml:2:1: unknown key `levle`, expected one of `level`, `depth`, `movetime_ms`, `hash_mb`, `threads`, `book`, `book_depth`, `learn`, `evaluation`, `network`; remove it or fix its spelling",
            ),
            (
                "[engine]\nlevel = \"hard\"\n",
                "k.toml:2:9: `engine.level`: wrong type: string \"hard\", expected u8",
            ),
            (
                "[engine]\nlevel = 11\n",
                "k.toml:2:1: `engine.level` = 11 is out of range; allowed: 1 to 10",
            ),
            (
                "[engine]\nbook_depth = 0\n",
                "k.toml:2:1: `engine.book_depth` = 0 is out of range; allowed: 1 to 60",
            ),
            (
                "[engine]\nbook = \"yes\"\n",
                "k.toml:2:8: `engine.book`: wrong type: string \"yes\", expected a boolean",
            ),
            (
                "[game]\nhuman = \"green\"\n",
                "k.toml:2:9: unknown value `green`, expected one of `white`, `black`, `random`",
            ),
            (
                "[eval]\nmobility = 900\n",
                "k.toml:2:1: `eval.mobility` = 900 is out of range; allowed: 0 to 500",
            ),
            (
                "[eval]\nqueen = 0\n",
                "k.toml:2:1: `eval.queen` = 0 is out of range; allowed: 1 to 5000",
            ),
            (
                "[engine\nlevel = 3\n",
                "k.toml:1:8: unclosed table, expected `]`",
            ),
            (
                "[colours]\n",
                "k.toml:1:2: unknown key `colours`, expected one of `game`, `engine`, `eval`, `explain`, `ui`, `database`, `analysis`, `pawn_battle`, `keys`; remove it or fix its spelling",
            ),
            (
                "[ui]\ntheme = \"pink\"\n",
                "k.toml:2:1: `ui.theme` = \"pink\" is not a known theme; allowed: classic, green, blue, mono",
            ),
            (
                "[ui]\ncoordinates = 1\n",
                "k.toml:2:15: `ui.coordinates`: wrong type: integer `1`, expected a boolean",
            ),
            (
                "[explain]\nlanguage = \"de\"\n",
                "k.toml:2:12: unknown language `de`; available: en, pt-BR (the files in assets/explanations/)",
            ),
            (
                "[pawn_battle.eval]\nrace = 900\n",
                "k.toml:2:1: `pawn_battle.eval.race` = 900 is out of range; allowed: 0 to 500",
            ),
            (
                "[pawn_battle.eval]\npreset = \"strong\"\n",
                "k.toml:2:10: unknown value `strong`, expected `default` or `seed`",
            ),
            (
                "[database]\nmax_mb = 0\n",
                "k.toml:2:1: `database.max_mb` = 0 is out of range; allowed: 1 to 65536",
            ),
            (
                "[engine]\nhash_mb = -5\n",
                "k.toml:2:11: invalid value: integer `-5`, expected u32",
            ),
            (
                "[keys.review]\nnext_mistake = \"p\"\n",
                "k.toml:2:1: `keys.review.next_mistake`: the key p is also review's \"previous_mistake\" key; \
                 give previous_mistake another key in [keys.review] or choose another one",
            ),
            (
                "[ui]\ntheme = \"classic\"\n\n[keys.review]\nnext_mistake = \"Nope\"\n",
                "k.toml:5:1: `keys.review.next_mistake`: \"Nope\" is not a key; a key is one character (n, N, ?, ,) \
                 or one of Left, Right, Up, Down, Home, End, PageUp, PageDown, Enter, Esc, Tab, Backspace, \
                 Delete, Space, F1 to F12, after Ctrl+ or Alt+ if need be",
            ),
            (
                "[keys.reveiw]\nnext_mistake = \"N\"\n",
                "k.toml:1:1: [keys.reveiw]: there is no screen \"reveiw\"; the screens are analysis_board, confirm, editor, editor_play, game_over, new_game, picker, play, promotion, review, review_try, text",
            ),
        ];
        for (text, expected) in cases {
            let err = Config::from_toml(text, Some(p)).unwrap_err();
            assert_eq!(&err.to_string(), expected, "for {text:?}");
        }
    }

    #[test]
    fn missing_default_file_means_defaults_but_explicit_missing_is_error() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = Dirs {
            config_dir: dir.path().join("cfg"),
            data_dir: dir.path().join("data"),
        };
        let (config, source) = Config::load(None, &dirs).unwrap();
        assert_eq!(config, Config::default());
        assert!(matches!(source, ConfigSource::Defaults(_)));
        let missing = dir.path().join("nope.toml");
        let err = Config::load(Some(&missing), &dirs).unwrap_err();
        assert!(err.to_string().contains("cannot read the config file"));
    }

    /// Issue 34: `--config /dev/zero` grew until the kernel killed it, a FIFO blocked forever.
    #[test]
    fn only_a_regular_file_of_a_sane_size_is_read_as_the_config() {
        let dir = tempfile::tempdir().unwrap();
        let dirs = Dirs {
            config_dir: dir.path().join("cfg"),
            data_dir: dir.path().join("data"),
        };
        let fifo = dir.path().join("fifo.toml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let huge = dir.path().join("huge.toml");
        // A valid TOML file (a comment) of 2 MiB.
        std::fs::write(&huge, format!("#{}\n", "x".repeat(2 << 20))).unwrap();
        for (path, what) in [
            (Path::new("/dev/zero"), "not a regular file"),
            (fifo.as_path(), "not a regular file"),
            (dir.path(), "a directory"),
            (huge.as_path(), "larger than"),
        ] {
            let err = Config::load(Some(path), &dirs).unwrap_err().to_string();
            assert!(err.starts_with(&path.display().to_string()), "{err}");
            assert!(err.contains(what), "{path:?}: {err}");
            assert!(
                err.contains("kibitzer config init"),
                "{path:?}: no fix in {err}"
            );
        }
    }

    #[test]
    fn effective_config_round_trips() {
        let mut c = Config::default();
        c.engine.level = 9;
        c.ui.pieces = PieceStyle::Ascii;
        let back = Config::from_toml(&c.to_toml(), None).unwrap();
        assert_eq!(back, c);
    }
}

#[cfg(test)]
mod time_control_tests {
    use super::*;

    /// Issue 26: `[game] time_control` takes "10+5" or "untimed"; anything else is refused with
    /// the file, line and column, the value and the forms it takes.
    #[test]
    fn time_control_is_read_and_a_bad_one_is_refused_clearly() {
        let p = Path::new("k.toml");
        let ok = Config::from_toml("[game]\ntime_control = \"3+2\"\n", Some(p)).unwrap();
        assert_eq!(
            ok.game.time_control,
            crate::clock::TimeControl::minutes(3, 2)
        );
        let e = Config::from_toml("[game]\ntime_control = \"blitz\"\n", Some(p))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("k.toml:2:"), "{e}");
        assert!(
            e.contains("\"blitz\"") && e.contains("10+5") && e.contains("untimed"),
            "{e}"
        );
    }
}

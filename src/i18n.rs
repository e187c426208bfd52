//! The message catalogue: every language's user-facing strings as Project Fluent files
//! (`assets/i18n/<code>/*.ftl`, embedded in the binary), the language the program speaks and
//! how it is chosen, and chess notation in that language (Portuguese SAN: R D T B C).
//!
//! Screens call [`t`] (a message) or [`tr`] (a message with variables); a key missing from a
//! language's catalogue falls back to English (and `every_key_in_every_language` fails). The
//! language is chosen once at start-up ([`choose`], then [`set`]); tests set it for their own
//! thread with [`with`], so tests in both languages run side by side.
//!
//! Explanation texts are not here: they are the templates of `assets/explanations/<code>.toml`
//! (`crate::explain::templates`), whose language code is [`Lang::code`].

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::LazyLock;
use std::sync::atomic::{AtomicU8, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

pub use fluent_bundle::FluentValue;

/// A language the program speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default, and the fallback of every missing message).
    #[default]
    En,
    /// Brazilian Portuguese.
    PtBr,
}

/// Every language, English first.
pub const LANGS: [Lang; 2] = [Lang::En, Lang::PtBr];

impl Lang {
    /// The code of the language: the catalogue's folder (`assets/i18n/<code>/`), the
    /// explanation file (`assets/explanations/<code>.toml`) and the value of `ui.language`.
    ///
    /// ```
    /// assert_eq!(kibitzer::i18n::Lang::PtBr.code(), "pt-BR");
    /// ```
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::PtBr => "pt-BR",
        }
    }

    /// The language of a tag: a code (`en`, `pt-BR`, case-insensitive) or a POSIX locale
    /// (`pt_BR.UTF-8`, `pt_PT`, `en_US@euro`); every Portuguese is Brazilian Portuguese,
    /// `C` and `POSIX` are English. `None` for any other language.
    ///
    /// ```
    /// use kibitzer::i18n::Lang;
    /// assert_eq!(Lang::from_tag("pt_BR.UTF-8"), Some(Lang::PtBr));
    /// assert_eq!(Lang::from_tag("pt_PT"), Some(Lang::PtBr));
    /// assert_eq!(Lang::from_tag("en_GB.UTF-8"), Some(Lang::En));
    /// assert_eq!(Lang::from_tag("de_DE"), None);
    /// ```
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim();
        let base = tag.split(['.', '@']).next().unwrap_or(tag);
        if base.eq_ignore_ascii_case("C") || base.eq_ignore_ascii_case("POSIX") {
            return Some(Lang::En);
        }
        let primary = base.split(['_', '-']).next().unwrap_or(base);
        if primary.eq_ignore_ascii_case("pt") {
            Some(Lang::PtBr)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else {
            None
        }
    }

    fn index(self) -> u8 {
        match self {
            Lang::En => 0,
            Lang::PtBr => 1,
        }
    }

    fn of_index(i: u8) -> Lang {
        if i == 1 { Lang::PtBr } else { Lang::En }
    }

    /// The letters of the pieces in this language's SAN, king, queen, rook, bishop, knight.
    #[must_use]
    pub fn piece_letters(self) -> [char; 5] {
        match self {
            Lang::En => ['K', 'Q', 'R', 'B', 'N'],
            Lang::PtBr => ['R', 'D', 'T', 'B', 'C'],
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

static CURRENT: AtomicU8 = AtomicU8::new(0);

thread_local! {
    static OVERRIDE: Cell<Option<Lang>> = const { Cell::new(None) };
}

/// The language the program speaks (on this thread: [`with`] overrides it).
#[must_use]
pub fn current() -> Lang {
    OVERRIDE
        .with(Cell::get)
        .unwrap_or_else(|| Lang::of_index(CURRENT.load(Ordering::Relaxed)))
}

/// Sets the language of the whole program (once, at start-up, by `main`).
pub fn set(lang: Lang) {
    CURRENT.store(lang.index(), Ordering::Relaxed);
}

/// Runs `f` with this thread speaking `lang` (tests render both languages side by side).
pub fn with<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    let before = OVERRIDE.with(|o| o.replace(Some(lang)));
    let out = f();
    OVERRIDE.with(|o| o.set(before));
    out
}

/// The language chosen at start-up, and what to tell the user about the choice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The language to speak.
    pub lang: Lang,
    /// A message for standard error when a language was asked for and is unknown.
    pub note: Option<String>,
}

/// Chooses the language: `--lang` (`flag`), else `ui.language` (`configured`) unless it is
/// `"auto"`, else the first set of `LC_ALL`, `LC_MESSAGES`, `LANG` (read through `env`), else
/// English. An unknown language asked for by the flag or the configuration falls back to
/// English with a note; an environment in another language is simply English.
///
/// ```
/// use kibitzer::i18n::{choose, Lang};
/// let env = |k: &str| (k == "LANG").then(|| "pt_BR.UTF-8".to_owned());
/// assert_eq!(choose(None, "auto", env).lang, Lang::PtBr);
/// assert_eq!(choose(Some("en"), "auto", env).lang, Lang::En);
/// let unknown = choose(None, "klingon", env);
/// assert_eq!(unknown.lang, Lang::En);
/// assert!(unknown.note.is_some());
/// ```
#[must_use]
pub fn choose(
    flag: Option<&str>,
    configured: &str,
    env: impl Fn(&str) -> Option<String>,
) -> Choice {
    let asked = flag.map(|f| ("--lang", f)).or_else(|| {
        (!configured.eq_ignore_ascii_case("auto")).then_some(("ui.language", configured))
    });
    if let Some((source, tag)) = asked {
        return match Lang::from_tag(tag) {
            Some(lang) => Choice { lang, note: None },
            None => Choice {
                lang: Lang::En,
                note: Some(format!(
                    "unknown language `{}` ({source}); speaking English. Available: auto, {}",
                    crate::echo::echo(tag),
                    LANGS.map(Lang::code).join(", ")
                )),
            },
        };
    }
    let lang = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| env(k).filter(|v| !v.trim().is_empty()))
        .and_then(|v| Lang::from_tag(&v))
        .unwrap_or(Lang::En);
    Choice { lang, note: None }
}

/// The configuration with the explanations in the language spoken ([`current`]) when
/// `explain.language` is left at English, its default; another code is kept. Used at start-up
/// and when play mode reloads the configuration.
#[must_use]
pub fn explanations_follow(mut config: crate::config::Config) -> crate::config::Config {
    if config.explain.language == crate::config::Language::default()
        && let Some(lang) = crate::config::Language::from_code(current().code())
    {
        config.explain.language = lang;
    }
    config
}

// The catalogue files of each language, embedded (a test checks the folders hold no others).
const EN: &[(&str, &str)] = &[
    ("main.ftl", include_str!("../assets/i18n/en/main.ftl")),
    ("play.ftl", include_str!("../assets/i18n/en/play.ftl")),
    ("review.ftl", include_str!("../assets/i18n/en/review.ftl")),
    ("screens.ftl", include_str!("../assets/i18n/en/screens.ftl")),
    ("cli.ftl", include_str!("../assets/i18n/en/cli.ftl")),
    (
        "feedback.ftl",
        include_str!("../assets/i18n/en/feedback.ftl"),
    ),
    ("editor.ftl", include_str!("../assets/i18n/en/editor.ftl")),
    (
        "analysis.ftl",
        include_str!("../assets/i18n/en/analysis.ftl"),
    ),
    ("errors.ftl", include_str!("../assets/i18n/en/errors.ftl")),
    (
        "commands.ftl",
        include_str!("../assets/i18n/en/commands.ftl"),
    ),
];
const PT_BR: &[(&str, &str)] = &[
    ("main.ftl", include_str!("../assets/i18n/pt-BR/main.ftl")),
    ("play.ftl", include_str!("../assets/i18n/pt-BR/play.ftl")),
    (
        "review.ftl",
        include_str!("../assets/i18n/pt-BR/review.ftl"),
    ),
    ("keys.ftl", include_str!("../assets/i18n/pt-BR/keys.ftl")),
    (
        "screens.ftl",
        include_str!("../assets/i18n/pt-BR/screens.ftl"),
    ),
    ("cli.ftl", include_str!("../assets/i18n/pt-BR/cli.ftl")),
    (
        "feedback.ftl",
        include_str!("../assets/i18n/pt-BR/feedback.ftl"),
    ),
    (
        "editor.ftl",
        include_str!("../assets/i18n/pt-BR/editor.ftl"),
    ),
    (
        "analysis.ftl",
        include_str!("../assets/i18n/pt-BR/analysis.ftl"),
    ),
    (
        "errors.ftl",
        include_str!("../assets/i18n/pt-BR/errors.ftl"),
    ),
    (
        "commands.ftl",
        include_str!("../assets/i18n/pt-BR/commands.ftl"),
    ),
];

/// The catalogue files of a language: (file name, Fluent text).
#[must_use]
pub fn files(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::En => EN,
        Lang::PtBr => PT_BR,
    }
}

fn bundle_of(lang: Lang) -> FluentBundle<FluentResource> {
    let mut bundle = FluentBundle::new_concurrent(vec![lang.code().parse().unwrap_or_default()]);
    // No Unicode isolation marks around variables: a terminal would show them as gaps.
    bundle.set_use_isolating(false);
    for (name, text) in files(lang) {
        // A file that does not parse keeps its readable messages; the catalogue test fails.
        let resource = match FluentResource::try_new((*text).to_owned()) {
            Ok(r) | Err((r, _)) => r,
        };
        if bundle.add_resource(resource).is_err() {
            debug_assert!(false, "{}/{name}: a message defined twice", lang.code());
        }
    }
    bundle
}

static BUNDLES: LazyLock<[FluentBundle<FluentResource>; 2]> =
    LazyLock::new(|| [bundle_of(Lang::En), bundle_of(Lang::PtBr)]);

fn format(lang: Lang, key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = &BUNDLES[usize::from(lang.index())];
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The prefix of the messages that translate the keymap's texts (`keys-review-next_mistake`):
/// their English is `assets/keys/default.toml` itself, so only the other languages have them.
pub const KEYMAP_PREFIX: &str = "keys-";

/// The translation of one of the keymap's texts (`assets/keys/default.toml`) into the language
/// spoken: the message `keys-SCREEN-ID` (its help line), `keys-SCREEN-ID-short` (its word on
/// the key line) or `keys-SCREEN-ID-label` (a note's label); `english`, the file's own text,
/// in English or when the language lacks the message (a test fails then).
#[must_use]
pub fn keymap_text(screen: &str, id: &str, part: &str, english: &str) -> String {
    let lang = current();
    if lang == Lang::En {
        return english.to_owned();
    }
    let key = match part {
        "" => format!("{KEYMAP_PREFIX}{screen}-{id}"),
        part => format!("{KEYMAP_PREFIX}{screen}-{id}-{part}"),
    };
    format(lang, &key, None).unwrap_or_else(|| english.to_owned())
}

/// The message `key` in the current language, English when the language lacks it, the key
/// itself when English lacks it too.
///
/// ```
/// use kibitzer::i18n::{t, with, Lang};
/// assert_eq!(with(Lang::PtBr, || t("side-white")), "Brancas");
/// assert_eq!(with(Lang::En, || t("side-white")), "White");
/// ```
#[must_use]
pub fn t(key: &str) -> String {
    tr(key, &[])
}

/// The message `key` with its variables.
///
/// ```
/// use kibitzer::i18n::{tr, with, Lang};
/// let text = with(Lang::PtBr, || tr("lang-unknown-move", &[("input", "xyz".into())]));
/// assert!(text.contains("xyz"));
/// ```
#[must_use]
pub fn tr(key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fargs = FluentArgs::new();
    for (k, v) in args {
        fargs.set(*k, v.clone());
    }
    let args = (!args.is_empty()).then_some(&fargs);
    format(current(), key, args)
        .or_else(|| format(Lang::En, key, args))
        .unwrap_or_else(|| key.to_owned())
}

/// A number for a reader, formatted by Rust with a decimal point (`+0.34`, `87.3`, `1.5 MiB`),
/// written with the decimal mark of the language spoken (`decimal-mark`: `.` in English, `,`
/// in Portuguese). The one place a number's separator is chosen: scores in sentences, the
/// panel, the eval bar, the review and `kibitzer eval` call it; data (JSON, PGN's `[%eval]`,
/// UCI) never does and keeps the point.
///
/// ```
/// use kibitzer::i18n::{decimal, with, Lang};
/// assert_eq!(with(Lang::PtBr, || decimal("+0.34")), "+0,34");
/// assert_eq!(with(Lang::En, || decimal("+0.34")), "+0.34");
/// assert_eq!(with(Lang::PtBr, || decimal("#3")), "#3");
/// ```
#[must_use]
pub fn decimal(text: &str) -> String {
    let mark = t("decimal-mark");
    if mark == "." || !text.contains('.') {
        text.to_owned()
    } else {
        text.replace('.', &mark)
    }
}

/// What went wrong in the operating system, in the language spoken: the usual failures of
/// files and directories (no permission, not found, already there, disk full, read-only,
/// not a directory, a directory) in the catalogue's words (`os-error`), any other in the
/// system's own text.
///
/// ```
/// use kibitzer::i18n::{os_reason, with, Lang};
/// let e = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
/// assert_eq!(with(Lang::PtBr, || os_reason(&e)), "permissão negada");
/// assert_eq!(with(Lang::En, || os_reason(&e)), "permission denied");
/// ```
#[must_use]
pub fn os_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    let kind = match e.kind() {
        K::PermissionDenied => "permission",
        K::NotFound => "not-found",
        K::AlreadyExists => "exists",
        K::StorageFull => "full",
        K::ReadOnlyFilesystem => "read-only",
        K::NotADirectory => "not-a-directory",
        K::IsADirectory => "is-a-directory",
        _ => return e.to_string(),
    };
    tr("os-error", &[("kind", kind.into())])
}

/// A SAN text (a move, or moves separated by spaces) written in the current language's piece
/// letters: `Nf3` is `Cf3` and `e8=Q` is `e8=D` in Portuguese. Squares, castling, captures
/// and check marks are the same in every language.
///
/// ```
/// use kibitzer::i18n::{san, with, Lang};
/// assert_eq!(with(Lang::PtBr, || san("Nf3 Qxd8+ Kxd8 e8=Q# O-O")), "Cf3 Dxd8+ Rxd8 e8=D# O-O");
/// assert_eq!(with(Lang::En, || san("Nf3")), "Nf3");
/// ```
#[must_use]
pub fn san(text: &str) -> Cow<'_, str> {
    san_in(current(), text)
}

/// [`san`] in a given language.
#[must_use]
pub fn san_in(lang: Lang, text: &str) -> Cow<'_, str> {
    if lang == Lang::En {
        return Cow::Borrowed(text);
    }
    Cow::Owned(letters(
        text,
        Lang::En.piece_letters(),
        lang.piece_letters(),
    ))
}

/// A move typed in `lang`'s SAN read as English SAN (`Cf3` → `Nf3`, `e8=D` → `e8=Q`,
/// `e8D` → `e8Q`); `None` when the text has no piece letter of `lang`'s own.
#[must_use]
pub fn san_to_english(lang: Lang, text: &str) -> Option<String> {
    if lang == Lang::En {
        return None;
    }
    let english = letters(text, lang.piece_letters(), Lang::En.piece_letters());
    (english != text).then_some(english)
}

/// Replaces piece letters (`from[i]` → `to[i]`): a word's first letter when uppercase, and a
/// promotion's letter (after `=`, or last after a rank 1 or 8).
pub(crate) fn letters(text: &str, from: [char; 5], to: [char; 5]) -> String {
    let swap = |c: char| from.iter().position(|x| *x == c).map_or(c, |i| to[i]);
    let mut out = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let word_start = prev.is_none_or(|p| !p.is_ascii_alphanumeric() && p != '-');
        let promotion = prev == Some('=')
            || (matches!(prev, Some('1' | '8'))
                && chars.peek().is_none_or(|n| !n.is_ascii_alphanumeric()));
        if c.is_ascii_uppercase() && c != 'O' && (word_start || promotion) {
            out.push(swap(c));
        } else {
            out.push(c);
        }
        prev = Some(c);
    }
    out
}

#[cfg(test)]
mod tests;

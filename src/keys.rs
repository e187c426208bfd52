//! Keys become actions through a keymap that is data: every screen's actions, their default
//! keys, their line in the help (`?`) and their word on the key line live in
//! `assets/keys/default.toml`; `[keys]` in the config gives any action other keys
//! (`[keys.review] next_mistake = "N"`). A screen names its actions with an enum made by
//! [`actions!`] and asks [`Keymaps::action`] what a key press means; its help overlay
//! ([`Keymaps::help`]) and key line ([`Keymaps::key_line`]) are drawn from the same map, so a
//! remapped key shows in both.
//!
//! The descriptions are keyed by screen and action id, so a translation is a second data file
//! with the same ids.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde::{Deserialize, Serialize};

/// The default keymap of every screen, embedded.
pub const DEFAULT: &str = include_str!("../assets/keys/default.toml");

/// One key with its modifiers, as written in the keymap and the config: a character (`n`,
/// `N`, `?`, case matters), a named key (`Left`, `Right`, `Up`, `Down`, `Home`, `End`,
/// `PageUp`, `PageDown`, `Enter`, `Esc`, `Tab`, `Backspace`, `Delete`, `Space`, `F1`…`F12`),
/// either after `Ctrl+` or `Alt+`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    code: KeyCode,
    ctrl: bool,
    alt: bool,
}

/// The named keys: their name in the files and on screen.
const NAMED: &[(&str, KeyCode, &str)] = &[
    ("Left", KeyCode::Left, "←"),
    ("Right", KeyCode::Right, "→"),
    ("Up", KeyCode::Up, "↑"),
    ("Down", KeyCode::Down, "↓"),
    ("Home", KeyCode::Home, "Home"),
    ("End", KeyCode::End, "End"),
    ("PageUp", KeyCode::PageUp, "PgUp"),
    ("PageDown", KeyCode::PageDown, "PgDn"),
    ("Enter", KeyCode::Enter, "Enter"),
    ("Esc", KeyCode::Esc, "Esc"),
    ("Tab", KeyCode::Tab, "Tab"),
    ("Backspace", KeyCode::Backspace, "Backspace"),
    ("Delete", KeyCode::Delete, "Del"),
    ("Space", KeyCode::Char(' '), "Space"),
];

impl Key {
    /// Reads a key as the keymap and the config write it.
    ///
    /// # Errors
    /// What is wrong with the name, with the forms a key takes.
    ///
    /// ```
    /// use kibitzer::keys::Key;
    /// assert_eq!(Key::parse("Ctrl+z").unwrap().to_string(), "Ctrl+z");
    /// assert_eq!(Key::parse("left").unwrap().to_string(), "←");
    /// assert!(Key::parse("Lft").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Key, String> {
        let mut rest = text;
        let (mut ctrl, mut alt) = (false, false);
        loop {
            if let Some(r) = strip_prefix_ignore_case(rest, "ctrl+") {
                ctrl = true;
                rest = r;
            } else if let Some(r) = strip_prefix_ignore_case(rest, "alt+") {
                alt = true;
                rest = r;
            } else {
                break;
            }
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => KeyCode::Char(c),
            _ => match NAMED
                .iter()
                .find(|(name, _, _)| name.eq_ignore_ascii_case(rest))
            {
                Some((_, code, _)) => *code,
                None => match function_key(rest) {
                    Some(n) => KeyCode::F(n),
                    None => {
                        return Err(format!(
                            "\"{}\" is not a key; a key is one character (n, N, ?, ,) or one of {}, F1 to F12, \
                             after Ctrl+ or Alt+ if need be",
                            crate::echo::echo(text),
                            NAMED
                                .iter()
                                .map(|(n, _, _)| *n)
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                },
            },
        };
        Ok(Key { code, ctrl, alt })
    }

    /// Whether a key press is this key (Shift is part of the character: `N` is Shift-n).
    #[must_use]
    pub fn matches(&self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let alt = event.modifiers.contains(KeyModifiers::ALT);
        ctrl == self.ctrl && alt == self.alt && event.code == self.code
    }
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    (head.eq_ignore_ascii_case(prefix) && text.len() > prefix.len()).then(|| &text[prefix.len()..])
}

fn function_key(name: &str) -> Option<u8> {
    let n: u8 = name.strip_prefix(['F', 'f'])?.parse().ok()?;
    (1..=12).contains(&n).then_some(n)
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("Ctrl+")?;
        }
        if self.alt {
            f.write_str("Alt+")?;
        }
        match NAMED.iter().find(|(_, code, _)| *code == self.code) {
            Some((_, _, shown)) => f.write_str(shown),
            None => match self.code {
                KeyCode::Char(c) => write!(f, "{c}"),
                KeyCode::F(n) => write!(f, "F{n}"),
                other => write!(f, "{other:?}"),
            },
        }
    }
}

/// The digit a key press types, if any (for the fixed level keys `1`…`9`, `0`).
#[must_use]
pub fn digit(event: &KeyEvent) -> Option<u8> {
    match event.code {
        KeyCode::Char(c) => c.to_digit(10).and_then(|d| u8::try_from(d).ok()),
        _ => None,
    }
}

/// The character a key press types (without Ctrl or Alt), if any (for fixed letter keys).
#[must_use]
pub fn typed(event: &KeyEvent) -> Option<char> {
    let modified = event
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    match event.code {
        KeyCode::Char(c) if !modified => Some(c),
        _ => None,
    }
}

/// The keys of an action in the config: one (`"N"`) or several (`["N", "x"]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum KeyList {
    /// One key.
    One(String),
    /// Several keys (any of them does it).
    Many(Vec<String>),
}

impl KeyList {
    fn names(&self) -> Vec<&str> {
        match self {
            KeyList::One(k) => vec![k.as_str()],
            KeyList::Many(ks) => ks.iter().map(String::as_str).collect(),
        }
    }
}

/// `[keys]` of the config: screen → action → its keys (replacing the default ones).
pub type KeysConfig = BTreeMap<String, BTreeMap<String, KeyList>>;

/// One row of a screen's keymap: an action with its keys, or a note (a mouse gesture, typed
/// text) shown in the help but not bound to a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its id within the screen (`next_mistake`): the config's name for it, and the key of its
    /// texts in a translation.
    pub id: String,
    /// Its keys (none for a note).
    pub keys: Vec<Key>,
    /// A note's label in the help's key column (`click`, `g 12 Enter`).
    pub label: Option<String>,
    /// Its line in the help (empty: it shares the line above, its keys shown after a `/`).
    pub help: String,
    /// Its word on the key line, if it is shown there.
    pub short: Option<String>,
    /// Its keys cannot be remapped (the editor's FEN letters, the level digits): they still
    /// count in conflicts, so no action takes them.
    pub fixed: bool,
}

impl Entry {
    /// The keys as the help shows them (`n`, `, ←`), or the label of a note or of fixed keys.
    #[must_use]
    pub fn shown(&self) -> String {
        match &self.label {
            Some(label) if self.keys.is_empty() || self.fixed => label.clone(),
            _ => self.keys_text(),
        }
    }

    /// [`shown`](Self::shown) in the language spoken (a note's label is a word: `clique`).
    fn shown_in(&self, screen: &str) -> String {
        match &self.label {
            Some(label) if self.keys.is_empty() || self.fixed => {
                crate::i18n::keymap_text(screen, &self.id, "label", label)
            }
            _ => self.keys_text(),
        }
    }

    fn keys_text(&self) -> String {
        self.keys
            .iter()
            .map(Key::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The keymap of one screen (or one mode of a screen), in the help's order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Keymap {
    entries: Vec<Entry>,
}

impl Keymap {
    /// Its rows, in the help's order.
    #[must_use]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The action id a key press means here.
    #[must_use]
    pub fn id_of(&self, event: &KeyEvent) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.keys.iter().any(|k| k.matches(event)))
            .map(|e| e.id.as_str())
    }

    fn entry(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }
}

/// An action of one screen, with its id in the keymap (made by [`actions!`]).
pub trait Action: Copy + Eq + fmt::Debug + 'static {
    /// The screen's section in the keymap (`review`).
    const SCREEN: &'static str;
    /// Every action with its id.
    const ALL: &'static [(Self, &'static str)];

    /// The action's id.
    fn id(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(a, _)| *a == self)
            .map_or("", |(_, id)| id)
    }
}

/// Declares a screen's action enum and its ids in the keymap:
/// `actions! { /// doc  pub enum ReviewAction in "review" { /// doc  Back = "back", … } }`.
macro_rules! actions {
    ($(#[$meta:meta])* $vis:vis enum $name:ident in $screen:literal {
        $($(#[$vmeta:meta])* $variant:ident = $id:literal),+ $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }
        impl $crate::keys::Action for $name {
            const SCREEN: &'static str = $screen;
            const ALL: &'static [(Self, &'static str)] = &[$(($name::$variant, $id)),+];
        }
    };
}
pub(crate) use actions;

/// The keymaps of every screen: the defaults with the config's `[keys]` applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymaps {
    screens: BTreeMap<String, Keymap>,
}

/// A row of the keymap file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row {
    id: String,
    #[serde(default)]
    keys: Vec<String>,
    label: Option<String>,
    help: Option<String>,
    short: Option<String>,
    #[serde(default)]
    fixed: bool,
}

static DEFAULTS: OnceLock<Arc<Keymaps>> = OnceLock::new();

/// An empty keymap for a screen the file does not name (a test of the file keeps it from
/// happening).
static EMPTY: Keymap = Keymap {
    entries: Vec::new(),
};

impl Keymaps {
    /// Reads a keymap file.
    ///
    /// # Errors
    /// A TOML error, a key that is not a key, or two actions of a screen sharing a key.
    pub fn parse(text: &str) -> Result<Keymaps, String> {
        let rows: BTreeMap<String, Vec<Row>> =
            toml::from_str(text).map_err(|e| format!("the keymap: {e}"))?;
        let mut screens = BTreeMap::new();
        for (screen, rows) in rows {
            let mut entries = Vec::new();
            for row in rows {
                let keys = row
                    .keys
                    .iter()
                    .map(|k| Key::parse(k))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("the keymap, {screen}.{}: {e}", row.id))?;
                entries.push(Entry {
                    id: row.id,
                    keys,
                    label: row.label,
                    help: row.help.unwrap_or_default(),
                    short: row.short,
                    fixed: row.fixed,
                });
            }
            let map = Keymap { entries };
            if let Some((a, b, key)) = conflict(&map) {
                return Err(format!(
                    "the keymap: {screen}.{a} and {screen}.{b} both have the key {key}"
                ));
            }
            screens.insert(screen, map);
        }
        Ok(Keymaps { screens })
    }

    /// The default keymaps (the embedded file), shared.
    ///
    /// # Panics
    /// Never: the embedded file is checked by a test (an invariant of the build).
    #[must_use]
    pub fn defaults() -> Arc<Keymaps> {
        DEFAULTS
            .get_or_init(|| {
                #[allow(clippy::expect_used)]
                Arc::new(Keymaps::parse(DEFAULT).expect("assets/keys/default.toml is valid"))
            })
            .clone()
    }

    /// The defaults with the config's `[keys]` applied: each action named there gets the keys
    /// given instead of its default ones.
    ///
    /// # Errors
    /// `(dotted key, message)`: an unknown screen or action (with the names allowed), a key
    /// that is not one, or a key that two actions of one screen would share (both named).
    pub fn with(overrides: &KeysConfig) -> Result<Keymaps, (String, String)> {
        let mut maps = (*Keymaps::defaults()).clone();
        for (screen, actions) in overrides {
            let section = format!("keys.{screen}");
            let Some(map) = maps.screens.get_mut(screen) else {
                let defaults = Keymaps::defaults();
                let names: Vec<&str> = defaults.screens.keys().map(String::as_str).collect();
                return Err((
                    section.clone(),
                    format!(
                        "[{section}]: there is no screen \"{}\"; the screens are {}",
                        crate::echo::echo(screen),
                        names.join(", ")
                    ),
                ));
            };
            for (action, list) in actions {
                let dotted = format!("{section}.{action}");
                let Some(entry) = map
                    .entries
                    .iter_mut()
                    .find(|e| &e.id == action && !e.keys.is_empty() && !e.fixed)
                else {
                    let names: Vec<&str> = map
                        .entries
                        .iter()
                        .filter(|e| !e.keys.is_empty() && !e.fixed)
                        .map(|e| e.id.as_str())
                        .collect();
                    return Err((
                        dotted,
                        format!(
                            "`{section}`: the {screen} screen has no action \"{}\"; its actions are {}",
                            crate::echo::echo(action),
                            names.join(", ")
                        ),
                    ));
                };
                let names = list.names();
                if names.is_empty() {
                    return Err((
                        dotted.clone(),
                        format!(
                            "`{dotted}` = []: give at least one key, like \"x\" or [\"x\", \"Left\"]"
                        ),
                    ));
                }
                entry.keys = names
                    .iter()
                    .map(|k| Key::parse(k))
                    .collect::<Result<_, _>>()
                    .map_err(|e| (dotted.clone(), format!("`{dotted}`: {e}")))?;
            }
            if let Some((a, b, key)) = conflict(map) {
                let (mine, other) = if actions.contains_key(&a) {
                    (a, b)
                } else {
                    (b, a)
                };
                let fixed = map.entry(&other).is_some_and(|e| e.fixed);
                let how = if fixed {
                    format!("{other} cannot be remapped: choose another key")
                } else {
                    format!("give {other} another key in [{section}] or choose another one")
                };
                return Err((
                    format!("{section}.{mine}"),
                    format!(
                        "`{section}.{mine}`: the key {key} is also {screen}'s \"{other}\" key; {how}"
                    ),
                ));
            }
        }
        Ok(maps)
    }

    /// The keymaps of a config that was validated ([`Keymaps::with`] succeeded there): the
    /// shared defaults when it remaps nothing (or, were it not validated, fails).
    #[must_use]
    pub fn of(overrides: &KeysConfig) -> Arc<Keymaps> {
        if overrides.values().all(BTreeMap::is_empty) {
            return Keymaps::defaults();
        }
        Keymaps::with(overrides).map_or_else(|_| Keymaps::defaults(), Arc::new)
    }

    /// One screen's keymap (an empty one for a name the file lacks).
    #[must_use]
    pub fn screen(&self, name: &str) -> &Keymap {
        self.screens.get(name).unwrap_or(&EMPTY)
    }

    /// The names of the screens.
    pub fn screen_names(&self) -> impl Iterator<Item = &str> {
        self.screens.keys().map(String::as_str)
    }

    /// What a key press asks of the screen of `A`, if anything.
    #[must_use]
    pub fn action<A: Action>(&self, event: &KeyEvent) -> Option<A> {
        let id = self.screen(A::SCREEN).id_of(event)?;
        A::ALL.iter().find(|(_, i)| *i == id).map(|(a, _)| *a)
    }

    /// The keys of an action as the help and the key line show them (`n`, `, ←`).
    #[must_use]
    pub fn keys_of<A: Action>(&self, action: A) -> String {
        self.screen(A::SCREEN)
            .entry(action.id())
            .map(Entry::shown)
            .unwrap_or_default()
    }

    /// Every key of an action, one by one (`.`, `→`), for a message that names them all.
    #[must_use]
    pub fn keys_list<A: Action>(&self, action: A) -> Vec<String> {
        self.screen(A::SCREEN)
            .entry(action.id())
            .map(|e| e.keys.iter().map(Key::to_string).collect())
            .unwrap_or_default()
    }

    /// The first key of an action as a message names it (`press n`).
    #[must_use]
    pub fn key_of<A: Action>(&self, action: A) -> String {
        self.screen(A::SCREEN)
            .entry(action.id())
            .and_then(|e| e.keys.first())
            .map(Key::to_string)
            .unwrap_or_default()
    }

    /// The help overlay's rows for a screen, in the language spoken: keys (or label) and
    /// description; an action without a description of its own joins the row above (`n / p`).
    #[must_use]
    pub fn help(&self, screen: &str) -> Vec<(String, String)> {
        let mut rows: Vec<(String, String)> = Vec::new();
        for e in &self.screen(screen).entries {
            match rows.last_mut() {
                Some((keys, _)) if e.help.is_empty() => {
                    keys.push_str(" / ");
                    keys.push_str(&e.shown_in(screen));
                }
                _ => rows.push((
                    e.shown_in(screen),
                    crate::i18n::keymap_text(screen, &e.id, "", &e.help),
                )),
            }
        }
        rows
    }

    /// The key line of a screen in the language spoken: `key word` (its first key) for every
    /// action with a word, two spaces apart.
    #[must_use]
    pub fn key_line(&self, screen: &str) -> String {
        self.screen(screen)
            .entries
            .iter()
            .filter_map(|e| {
                let short = crate::i18n::keymap_text(screen, &e.id, "short", e.short.as_ref()?);
                match (&e.label, e.keys.first()) {
                    (Some(_), _) if e.fixed => Some(format!("{} {short}", e.shown_in(screen))),
                    (_, Some(key)) => Some(format!("{key} {short}")),
                    _ => None,
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
    }
}

/// Two actions of a keymap that share a key: their ids and the key.
fn conflict(map: &Keymap) -> Option<(String, String, Key)> {
    for (i, a) in map.entries.iter().enumerate() {
        for b in &map.entries[i + 1..] {
            if let Some(key) = a.keys.iter().find(|k| b.keys.contains(k)) {
                return Some((a.id.clone(), b.id.clone(), *key));
            }
        }
    }
    None
}

/// Whether a key press is Ctrl-C: it quits from every screen, so it is not in the keymap.
#[must_use]
pub fn is_ctrl_c(key: &ratatui::crossterm::event::KeyEvent) -> bool {
    use ratatui::crossterm::event::{KeyCode, KeyModifiers};
    key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn the_default_keymap_reads_and_every_action_has_a_description() {
        let maps = Keymaps::parse(DEFAULT).unwrap();
        for name in maps.screen_names() {
            let entries = maps.screen(name).entries();
            assert!(
                !entries[0].help.is_empty(),
                "{name}.{} has no description",
                entries[0].id
            );
            for e in entries {
                assert!(
                    !e.help.is_empty() || !e.keys.is_empty(),
                    "the note {name}.{} has no description",
                    e.id
                );
                assert!(
                    !e.keys.is_empty() || e.label.is_some(),
                    "{name}.{} has neither keys nor a label",
                    e.id
                );
            }
        }
    }

    /// Every key line fits 80 columns, and every help overlay's rows too (key column, two
    /// spaces and the description, inside a border of 4), but the editor's: its help has 30
    /// rows and needs a terminal of 100 columns and 32 rows anyway. In every language.
    #[test]
    fn the_key_lines_and_the_help_fit_80_columns() {
        for lang in crate::i18n::LANGS {
            crate::i18n::with(lang, the_key_lines_and_the_help_fit);
        }
    }

    fn the_key_lines_and_the_help_fit() {
        let maps = Keymaps::defaults();
        for name in maps.screen_names() {
            let line = maps.key_line(name);
            assert!(line.chars().count() <= 80, "{name}: {line}");
            let help = maps.help(name);
            let keys = help
                .iter()
                .map(|(k, _)| k.chars().count())
                .max()
                .unwrap_or(0);
            for (k, what) in &help {
                let width = keys + 2 + what.chars().count() + 4;
                let most = if name == "editor" { 100 } else { 80 };
                assert!(width <= most, "{name}: {k} {what} takes {width} columns");
            }
        }
    }

    #[test]
    fn keys_are_read_and_shown() {
        assert_eq!(Key::parse("N").unwrap().to_string(), "N");
        assert_eq!(Key::parse("pagedown").unwrap().to_string(), "PgDn");
        assert_eq!(Key::parse("F5").unwrap().to_string(), "F5");
        assert_eq!(Key::parse("Ctrl+Alt+x").unwrap().to_string(), "Ctrl+Alt+x");
        let e = Key::parse("Lft").unwrap_err();
        assert!(
            e.contains("\"Lft\" is not a key") && e.contains("Left"),
            "{e}"
        );
        assert!(Key::parse("").is_err());
        assert!(Key::parse("F13").is_err());
        // Shift is in the character; Ctrl is not.
        let n = Key::parse("N").unwrap();
        assert!(n.matches(&KeyEvent::new(KeyCode::Char('N'), KeyModifiers::SHIFT)));
        assert!(!n.matches(&press(KeyCode::Char('n'))));
        let z = Key::parse("Ctrl+z").unwrap();
        assert!(z.matches(&KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL)));
        assert!(!z.matches(&press(KeyCode::Char('z'))));
    }

    fn overrides(text: &str) -> KeysConfig {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn an_override_replaces_the_actions_keys() {
        let maps = Keymaps::with(&overrides("[review]\nnext_mistake = \"N\"\n")).unwrap();
        let review = maps.screen("review");
        assert_eq!(
            review.id_of(&press(KeyCode::Char('N'))),
            Some("next_mistake")
        );
        assert_eq!(review.id_of(&press(KeyCode::Char('n'))), None);
        let maps = Keymaps::with(&overrides("[review]\nnext_mistake = [\"x\", \"F2\"]\n")).unwrap();
        assert_eq!(
            maps.screen("review").id_of(&press(KeyCode::F(2))),
            Some("next_mistake")
        );
    }

    #[test]
    fn bad_overrides_are_refused_precisely() {
        let cases = [
            (
                "[reveiw]\nnext = \"x\"\n",
                "keys.reveiw",
                "[keys.reveiw]: there is no screen \"reveiw\"; the screens are ",
            ),
            (
                "[review]\nnext_mistak = \"x\"\n",
                "keys.review.next_mistak",
                "`keys.review`: the review screen has no action \"next_mistak\"; its actions are ",
            ),
            (
                "[review]\nnext_mistake = \"Lft\"\n",
                "keys.review.next_mistake",
                "`keys.review.next_mistake`: \"Lft\" is not a key",
            ),
            (
                "[review]\nnext_mistake = []\n",
                "keys.review.next_mistake",
                "give at least one key",
            ),
            (
                "[review]\nnext_mistake = \"p\"\n",
                "keys.review.next_mistake",
                "`keys.review.next_mistake`: the key p is also review's \"previous_mistake\" key; \
                 give previous_mistake another key in [keys.review] or choose another one",
            ),
        ];
        for (text, key, message) in cases {
            let (k, m) = Keymaps::with(&overrides(text)).unwrap_err();
            assert_eq!(k, key, "{text}");
            assert!(m.starts_with(message) || m.contains(message), "{text}: {m}");
        }
        // Fixed keys cannot be remapped, and no action takes them.
        let (k, m) = Keymaps::with(&overrides("[editor]\nwhite_piece = \"W\"\n")).unwrap_err();
        assert_eq!(k, "keys.editor.white_piece");
        assert!(m.contains("no action \"white_piece\""), "{m}");
        let (k, m) = Keymaps::with(&overrides("[editor]\nclear = \"K\"\n")).unwrap_err();
        assert_eq!(k, "keys.editor.clear");
        assert!(
            m.contains("the key K is also editor's \"white_piece\" key"),
            "{m}"
        );
        // Swapping two keys is fine.
        Keymaps::with(&overrides(
            "[review]\nnext_mistake = \"p\"\nprevious_mistake = \"n\"\n",
        ))
        .unwrap();
    }
}

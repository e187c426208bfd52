use std::collections::{BTreeMap, BTreeSet};

use super::*;

/// Each message of a language's files: key → the variables it uses (`$name`), from the text.
fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, text) in files(lang) {
        let mut key: Option<String> = None;
        for line in text.lines() {
            let starts_message = line.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
            if starts_message {
                let Some((k, _)) = line.split_once('=') else {
                    panic!("{}/{name}: not a message: {line}", lang.code());
                };
                let k = k.trim().to_owned();
                assert!(
                    out.insert(k.clone(), BTreeSet::new()).is_none(),
                    "{}: {k} twice",
                    lang.code()
                );
                key = Some(k);
            } else if line.starts_with('#') || line.trim().is_empty() {
                if !line.trim().is_empty() {
                    key = None;
                }
                continue;
            }
            let Some(k) = &key else { continue };
            let vars = out.entry(k.clone()).or_default();
            for part in line.split('$').skip(1) {
                let var: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                vars.insert(var);
            }
        }
    }
    out
}

#[test]
fn every_file_parses() {
    for lang in LANGS {
        for (name, text) in files(lang) {
            if let Err((_, errors)) = FluentResource::try_new((*text).to_owned()) {
                panic!("{}/{name}: {errors:?}", lang.code());
            }
        }
    }
}

#[test]
fn every_key_in_every_language_with_the_same_variables() {
    let en = messages(Lang::En);
    assert!(en.len() > 10, "{}", en.len());
    for lang in LANGS {
        // The keymap's translations are checked against the keymap file (below).
        let mut other = messages(lang);
        other.retain(|k, _| !k.starts_with(KEYMAP_PREFIX));
        for (key, vars) in &en {
            let Some(theirs) = other.get(key) else {
                panic!("{} lacks {key} (it would be said in English)", lang.code());
            };
            assert_eq!(theirs, vars, "{}: {key} has other variables", lang.code());
        }
        for key in other.keys() {
            assert!(
                en.contains_key(key),
                "{}: {key} is not in English",
                lang.code()
            );
        }
    }
}

/// Every text of the keymap file (`assets/keys/default.toml`: help lines, key-line words,
/// notes' labels) has its translation in every other language, and every translation names a
/// text of the file; none takes variables.
#[test]
fn every_keymap_text_in_every_language() {
    #[derive(serde::Deserialize)]
    struct Row {
        id: String,
        help: Option<String>,
        short: Option<String>,
        label: Option<String>,
    }
    let file: BTreeMap<String, Vec<toml::Value>> = toml::from_str(crate::keys::DEFAULT).unwrap();
    let mut wanted = BTreeSet::new();
    for (screen, rows) in file {
        for row in rows {
            let row: Row = row.try_into().unwrap();
            let key = format!("{KEYMAP_PREFIX}{screen}-{}", row.id);
            if row.help.is_some_and(|h| !h.is_empty()) {
                wanted.insert(key.clone());
            }
            if row.short.is_some() {
                wanted.insert(format!("{key}-short"));
            }
            if row.label.is_some() {
                wanted.insert(format!("{key}-label"));
            }
        }
    }
    assert!(wanted.len() > 150, "{}", wanted.len());
    for lang in LANGS.into_iter().filter(|l| *l != Lang::En) {
        let theirs: BTreeMap<String, BTreeSet<String>> = messages(lang)
            .into_iter()
            .filter(|(k, _)| k.starts_with(KEYMAP_PREFIX))
            .collect();
        for key in &wanted {
            assert!(
                theirs.contains_key(key),
                "{} lacks {key} (the keymap text would be said in English)",
                lang.code()
            );
        }
        for (key, vars) in &theirs {
            assert!(
                wanted.contains(key),
                "{}: {key} is no keymap text",
                lang.code()
            );
            assert!(vars.is_empty(), "{}: {key} takes variables", lang.code());
        }
    }
    // Shown at display time, in the language spoken.
    let maps = crate::keys::Keymaps::defaults();
    let line = with(Lang::PtBr, || maps.key_line("review"));
    assert!(line.contains("ajuda") && !line.contains("help"), "{line}");
    assert!(with(Lang::En, || maps.key_line("review")).contains("? help"));
}

#[test]
fn the_folders_hold_exactly_the_embedded_files() {
    for lang in LANGS {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("assets/i18n")
            .join(lang.code());
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = files(lang).iter().map(|(n, _)| (*n).to_owned()).collect();
        embedded.sort();
        assert_eq!(on_disk, embedded, "{}", dir.display());
    }
}

/// Every `t("key")` / `tr("key", …)` in the sources names an English message.
#[test]
fn every_key_the_code_asks_for_exists() {
    let en = messages(Lang::En);
    let mut stack = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut asked = 0;
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|x| x != "rs") || path.ends_with("i18n/tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for pat in ["t(\"", "tr(\""] {
                for (i, _) in text.match_indices(pat) {
                    let before = text[..i].chars().last();
                    if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                        continue;
                    }
                    let rest = &text[i + pat.len()..];
                    let key: String = rest.chars().take_while(|c| *c != '"').collect();
                    if key.is_empty() || key.contains(' ') {
                        continue;
                    }
                    asked += 1;
                    assert!(
                        en.contains_key(&key),
                        "{}: no message {key}",
                        path.display()
                    );
                }
            }
        }
    }
    assert!(asked > 10, "{asked}");
}

#[test]
fn a_missing_key_falls_back_to_english_then_to_the_key() {
    assert_eq!(with(Lang::PtBr, || t("no-such-key")), "no-such-key");
    // Every key exists in Portuguese (the test above); the fallback path is English's bundle.
    assert_eq!(format(Lang::PtBr, "no-such-key", None), None);
    assert_eq!(
        format(Lang::En, "side-white", None).as_deref(),
        Some("White")
    );
}

#[test]
fn the_environment_in_posix_order() {
    let env = |vars: &'static [(&'static str, &'static str)]| {
        move |k: &str| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| (*v).to_owned())
        }
    };
    let pt_lang = env(&[("LANG", "pt_BR.UTF-8")]);
    assert_eq!(choose(None, "auto", pt_lang).lang, Lang::PtBr);
    // LC_ALL wins over LANG; an empty LC_ALL does not count.
    let all_en = env(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "pt_BR.UTF-8")]);
    assert_eq!(choose(None, "auto", all_en).lang, Lang::En);
    let empty = env(&[("LC_ALL", ""), ("LC_MESSAGES", "pt_PT"), ("LANG", "en_US")]);
    assert_eq!(choose(None, "auto", empty).lang, Lang::PtBr);
    let french = env(&[("LANG", "fr_FR.UTF-8")]);
    assert_eq!(
        choose(None, "auto", french),
        Choice {
            lang: Lang::En,
            note: None
        }
    );
    assert_eq!(choose(None, "auto", env(&[])).lang, Lang::En);
    // The configuration beats the environment, the flag beats both.
    assert_eq!(
        choose(None, "pt-BR", env(&[("LANG", "en_US")])).lang,
        Lang::PtBr
    );
    assert_eq!(choose(Some("en"), "pt-BR", pt_lang).lang, Lang::En);
    let bad = choose(Some("de"), "auto", pt_lang);
    assert_eq!(bad.lang, Lang::En);
    let note = bad.note.unwrap();
    assert!(
        note.contains("`de`") && note.contains("--lang") && note.contains("pt-BR"),
        "{note}"
    );
}

#[test]
fn san_letters_both_ways() {
    assert_eq!(
        san_in(Lang::PtBr, "Nbd7 Rxe1+ Kg2 bxc8=N O-O-O"),
        "Cbd7 Txe1+ Rg2 bxc8=C O-O-O"
    );
    assert_eq!(san_to_english(Lang::PtBr, "Cf3").as_deref(), Some("Nf3"));
    assert_eq!(san_to_english(Lang::PtBr, "Re1").as_deref(), Some("Ke1"));
    assert_eq!(san_to_english(Lang::PtBr, "e8D").as_deref(), Some("e8Q"));
    assert_eq!(san_to_english(Lang::PtBr, "e8=T").as_deref(), Some("e8=R"));
    assert_eq!(san_to_english(Lang::PtBr, "e4"), None);
    assert_eq!(san_to_english(Lang::En, "Nf3"), None);
    // Long algebraic keeps its squares.
    assert_eq!(
        san_to_english(Lang::PtBr, "Cg1-f3").as_deref(),
        Some("Ng1-f3")
    );
}

#[test]
fn with_restores_the_language() {
    let outer = current();
    with(Lang::PtBr, || {
        assert_eq!(current(), Lang::PtBr);
        with(Lang::En, || assert_eq!(current(), Lang::En));
        assert_eq!(current(), Lang::PtBr);
    });
    assert_eq!(current(), outer);
}

#[test]
fn keys_kept_in_tables_exist() {
    let en = messages(Lang::En);
    for key in crate::app::GAME_OVER_CHOICES {
        assert!(en.contains_key(key), "{key}");
    }
}

#[test]
fn explanations_follow_the_language_unless_chosen() {
    use crate::config::{Config, Language};
    let pt = with(Lang::PtBr, || explanations_follow(Config::default()));
    assert_eq!(pt.explain.language.code(), "pt-BR");
    let en = with(Lang::En, || explanations_follow(Config::default()));
    assert_eq!(en.explain.language.code(), "en");
    let mut chosen = Config::default();
    chosen.explain.language = Language::from_code("pt-BR").unwrap();
    let kept = with(Lang::En, || explanations_follow(chosen));
    assert_eq!(kept.explain.language.code(), "pt-BR");
}

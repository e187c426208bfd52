//! Portuguese (issue #38): switching the language changes the words and nothing else. The same
//! review and the same `explain` in English and in Portuguese give the same JSON once the texts
//! are set aside (moves, scores, verdicts, claims, template ids); the Portuguese sentences pass
//! the independent claim checker and the sentence referee; they hold no English words; a move
//! typed in Portuguese SAN (`Cf3`) is read.

#[path = "support/pgn_text.rs"]
mod pgn_text;
#[path = "support/python.rs"]
mod python;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn data(file: &str) -> std::path::PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["../shared/data", "../../shared/data"]
        .iter()
        .map(|d| root.join(d).join(file))
        .find(|p| p.exists())
        .unwrap_or_else(|| root.join("../shared/data").join(file))
}

fn run(lang: &str, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["--lang", lang, "--no-db"])
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The document without its words: every `text` field dropped.
fn without_text(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| k.as_str() != "text")
                .map(|(k, v)| (k.clone(), without_text(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(without_text).collect()),
        other => other.clone(),
    }
}

/// Every sentence text of a review document, with its template id.
fn sentences(doc: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for ply in doc["plies"].as_array().unwrap() {
        for part in ["explanation", "better"] {
            if let Some(s) = ply[part]["sentences"].as_array() {
                for s in s {
                    out.push((
                        s["template"].as_str().unwrap().to_owned(),
                        s["text"].as_str().unwrap().to_owned(),
                    ));
                }
            }
        }
    }
    out
}

/// English words that never belong in a Portuguese sentence (opening names, which are proper
/// names, are said in the `q_book` sentence and left out of this check).
const ENGLISH: [&str; 16] = [
    " the ", " is ", " and ", " with ", " move", " piece", " pawn", " king", " queen", " rook",
    " knight", " bishop", "White", "Black", " better", " check",
];

#[test]
fn a_review_in_portuguese_differs_from_english_only_in_words() {
    let pgn = data("pgn/Tal.pgn");
    let args = [
        "review",
        pgn.to_str().unwrap(),
        "--game",
        "2",
        "--json",
        "--depth",
        "5",
        "--engine",
        "builtin",
        "--level",
        "advanced",
    ];
    let en: Value = serde_json::from_str(&run("en", &args)).unwrap();
    let pt_text = run("pt-BR", &args);
    let pt: Value = serde_json::from_str(&pt_text).unwrap();
    assert_eq!(
        without_text(&en),
        without_text(&pt),
        "only the words may differ"
    );

    let (en_s, pt_s) = (sentences(&en), sentences(&pt));
    assert!(pt_s.len() >= 100, "{} sentences", pt_s.len());
    let mut same = 0;
    for ((_, e), (id, p)) in en_s.iter().zip(&pt_s) {
        same += usize::from(e == p);
        if id != "q_book" {
            for w in ENGLISH {
                assert!(!p.contains(w), "{id}: English {w:?} in {p:?}");
            }
        }
    }
    assert_eq!(same, 0, "sentences left in English");

    // The sentence referee and the claim checker read the Portuguese document as they read
    // the English one (they judge template ids and claims, never words).
    python::require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let review = dir.path().join("pt.json");
    std::fs::write(&review, &pt_text).unwrap();
    let out = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/check_sentences.py"
        ))
        .arg(&review)
        .args(["--depth", "8"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    // Every kind holds, but `stops` (see `python::referee_failures`).
    let failing = python::referee_failures(&report);
    assert!(failing.is_empty(), "{failing:?}\n{report}");
    assert!(report.contains("sentences checked"), "{report}");
    let explanations: Vec<&Value> = pt["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["explanation"])
        .collect();
    let claims = dir.path().join("claims.json");
    std::fs::write(&claims, serde_json::to_string(&explanations).unwrap()).unwrap();
    let out = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/check_claims.py"
        ))
        .arg(&claims)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains(" 0 failed"), "{report}");
}

#[test]
fn explain_takes_portuguese_san_and_says_the_same_claims() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let args = |mv: &'static str| {
        [
            "explain", "--fen", fen, "--move", mv, "--json", "--depth", "5", "--engine", "builtin",
        ]
    };
    let en: Value = serde_json::from_str(&run("en", &args("Bb5"))).unwrap();

    let pt: Value = serde_json::from_str(&run("pt-BR", &args("Bb5"))).unwrap();
    assert_eq!(without_text(&en), without_text(&pt));
    let knight: Value = serde_json::from_str(&run("pt-BR", &args("Cc3"))).unwrap();
    let knight_en: Value = serde_json::from_str(&run("en", &args("Nc3"))).unwrap();
    // Portuguese SAN in, the same move out; English SAN is read in Portuguese too.
    assert_eq!(without_text(&knight), without_text(&knight_en));
    let english_san: Value = serde_json::from_str(&run("pt-BR", &args("Nc3"))).unwrap();
    assert_eq!(knight, english_san);
    // The words name moves in Portuguese SAN too ("Cxe5 entrega o cavalo…").
    let capture: Value = serde_json::from_str(&run("pt-BR", &args("Nxe5"))).unwrap();
    let text = capture["text"].as_str().unwrap_or_default();
    assert!(text.contains("Cxe5") && !text.contains("Nxe5"), "{text}");
}

#[test]
fn the_language_comes_from_lang_and_an_unknown_one_is_english_with_a_note() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let explain = |lang_flag: Option<&str>, env_lang: &str| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_kibitzer"));
        if let Some(l) = lang_flag {
            cmd.args(["--lang", l]);
        }
        cmd.args([
            "--no-db", "explain", "--fen", fen, "--move", "Nf3", "--depth", "3",
        ])
        .args(["--engine", "builtin"])
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", env_lang)
        .env(
            "KIBITZER_CONFIG_DIR",
            std::env::temp_dir().join("kibitzer-i18n-no-config"),
        )
        .output()
        .unwrap()
    };
    let pt = explain(None, "pt_BR.UTF-8");
    assert!(
        pt.status.success(),
        "{}",
        String::from_utf8_lossy(&pt.stderr)
    );
    let text = String::from_utf8_lossy(&pt.stdout);
    assert!(text.contains("Cf3"), "{text}");
    let bad = explain(Some("klingon"), "pt_BR.UTF-8");
    assert!(bad.status.success());
    let note = String::from_utf8_lossy(&bad.stderr);
    assert!(
        note.contains("unknown language `klingon`") && note.contains("English"),
        "{note}"
    );
    assert!(String::from_utf8_lossy(&bad.stdout).contains("Nf3"));
}

/// `kibitzer review`'s errors say what, where and how to fix it in both languages.
#[test]
fn review_errors_in_portuguese() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nada.pgn");
    let games = dir.path().join("uma.pgn");
    std::fs::write(&games, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n").unwrap();
    let err = |lang: &str, args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .args(["--lang", lang, "--no-db", "review"])
            .args(args)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", "C.UTF-8")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8(out.stderr).unwrap()
    };
    let path = |p: &Path| p.to_str().unwrap().to_owned();
    let pt = err("pt-BR", &[&path(&missing), "--json"]);
    assert!(
        pt.contains("não foi possível abrir") && pt.contains("nada.pgn"),
        "{pt}"
    );
    let en = err("en", &[&path(&missing), "--json"]);
    assert!(
        en.contains("cannot open") && en.contains("nada.pgn"),
        "{en}"
    );
    let pt = err("pt-BR", &[&path(&games), "--game", "3", "--json"]);
    assert!(
        pt.contains("não existe a partida 3 (o arquivo tem 1)"),
        "{pt}"
    );
    let pt = err("pt-BR", &[&path(&games), "--force", "--json"]);
    assert!(pt.contains("--force só permite"), "{pt}");
}

/// Issue 38: the command line's own output in Portuguese: `explain`'s heading and opening line,
/// `db stats`/`check`/`clear` (answered "s", for sim) and `feedback list`.
#[test]
fn explain_db_and_feedback_speak_portuguese() {
    let dir = tempfile::tempdir().unwrap();
    let kib = |args: &[&str], input: &str| {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .args(["--lang", "pt-BR"])
            .args(args)
            .env("KIBITZER_CONFIG_DIR", dir.path().join("config"))
            .env("KIBITZER_DATA_DIR", dir.path().join("data"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let none = kib(&["db", "stats"], "");
    assert!(
        none.starts_with("ainda não há banco de posições em "),
        "{none}"
    );
    let fb = kib(&["feedback", "list"], "");
    assert!(fb.starts_with("ainda não há opiniões"), "{fb}");

    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let text = kib(
        &[
            "explain", "--fen", fen, "--move", "Bb5", "--depth", "4", "--engine", "builtin",
        ],
        "",
    );
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("Brancas: Bb5 (teoria)"), "{text}");
    assert_eq!(lines.next(), Some("abertura: C60 Ruy Lopez"), "{text}");

    let stats = kib(&["db", "stats"], "");
    assert!(stats.starts_with("arquivo: "), "{stats}");
    assert!(stats.contains("\nxadrez: "), "{stats}");
    assert!(stats.contains(" desta avaliação, "), "{stats}");
    let check = kib(&["db", "check"], "");
    assert!(check.trim_end().ends_with(": ok"), "{check}");
    let kept = kib(&["db", "clear"], "n\n");
    assert!(
        kept.contains("[s/N] nada foi apagado (responda s"),
        "{kept}"
    );
    let cleared = kib(&["db", "clear"], "s\n");
    assert!(cleared.contains(" apagada"), "{cleared}");
    for out in [&none, &fb, &text, &stats, &check, &kept, &cleared] {
        for w in [
            " positions ",
            "feedback yet",
            "deleted",
            "opening:",
            "white ",
        ] {
            assert!(!out.contains(w), "English {w:?} in {out}");
        }
    }
}

/// True when `text` holds a digit, `mark`, digit (a decimal number written with `mark`).
fn has_decimal(text: &str, mark: char) -> bool {
    let c: Vec<char> = text.chars().collect();
    c.windows(3)
        .any(|w| w[0].is_ascii_digit() && w[1] == mark && w[2].is_ascii_digit())
}

/// Issue 38 (session 24): a number written for people takes the decimal comma in Portuguese
/// (`kibitzer eval`'s table, `explain`'s score), and data keeps the point: the annotated PGN's
/// `[%eval …]` and the review's JSON are the same in both languages but for their words.
#[test]
fn people_read_the_decimal_comma_and_data_keeps_the_point() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let table = run("pt-BR", &["eval", "--fen", fen]);
    assert!(table.contains("segurança do rei"), "{table}");
    assert!(
        has_decimal(&table, ',') && !has_decimal(&table, '.'),
        "{table}"
    );
    let english = run("en", &["eval", "--fen", fen]);
    assert!(
        has_decimal(&english, '.') && !has_decimal(&english, ','),
        "{english}"
    );

    let explain = |lang| {
        run(
            lang,
            &[
                "explain", "--fen", fen, "--move", "Bb5", "--depth", "3", "--engine", "builtin",
                "--level", "advanced",
            ],
        )
    };
    let said = explain("pt-BR");
    assert!(
        has_decimal(&said, ',') && !has_decimal(&said, '.'),
        "{said}"
    );
    // The advanced level's figures speak Portuguese too: labels, SAN, metrics, terms.
    for words in [
        "\nlinha: Bb5 C",
        "\ntemas: ",
        "\nmétricas: concretude ",
        " estilo ",
    ] {
        assert!(said.contains(words), "{words:?} in {said}");
    }
    // The themes by their names, not their identifiers ("abertura@0", not "opening@0").
    let themes = said
        .lines()
        .find(|l| l.starts_with("temas: "))
        .unwrap_or_default();
    assert!(
        !themes.contains('_') && !themes.contains("opening@"),
        "{themes}"
    );
    for english in [
        "pv:",
        "themes:",
        "metrics:",
        "concreteness",
        "piece placement",
    ] {
        assert!(!said.contains(english), "{english:?} in {said}");
    }
    assert!(has_decimal(&explain("en"), '.'));

    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("short.pgn");
    std::fs::write(&pgn, "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n").unwrap();
    let review = |lang: &str| {
        let out = dir.path().join(format!("annotated-{lang}.pgn"));
        let json = run(
            lang,
            &[
                "review",
                pgn.to_str().unwrap(),
                "--depth",
                "3",
                "--engine",
                "builtin",
                "--json",
                "--annotate",
                out.to_str().unwrap(),
            ],
        );
        (
            serde_json::from_str::<Value>(&json).unwrap(),
            std::fs::read_to_string(&out).unwrap(),
        )
    };
    let (pt_json, pt_pgn) = review("pt-BR");
    let (en_json, en_pgn) = review("en");
    let evals = |pgn: &str| -> Vec<String> {
        pgn.split("[%eval ")
            .skip(1)
            .map(|rest| rest.split(']').next().unwrap_or_default().to_owned())
            .collect()
    };
    assert!(!evals(&pt_pgn).is_empty(), "{pt_pgn}");
    assert_eq!(evals(&pt_pgn), evals(&en_pgn), "{pt_pgn}\n{en_pgn}");
    assert!(evals(&pt_pgn).iter().all(|e| !e.contains(',')), "{pt_pgn}");
    assert!(evals(&pt_pgn).iter().any(|e| e.contains('.')), "{pt_pgn}");
    assert_eq!(without_text(&pt_json), without_text(&en_json));
    // The PGN's moves are English SAN in every language (its comments are words).
    let moves = pgn_text::without_comments;
    assert_eq!(moves(&pt_pgn), moves(&en_pgn));
    assert!(
        moves(&pt_pgn).contains("2. Nf3 2... Nc6 3. Bb5"),
        "{pt_pgn}"
    );
}

/// Issue 38 (session 24): a position database that cannot be used is said in Portuguese,
/// and the run goes on without it.
#[test]
fn an_unusable_database_is_said_in_portuguese_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // The database's file is a directory: it cannot be opened.
    std::fs::create_dir_all(dir.path().join("data").join("positions.db")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["--lang", "pt-BR", "explain", "--move", "e4", "--depth", "1"])
        .args(["--engine", "builtin", "--fen"])
        .arg("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        .env("KIBITZER_CONFIG_DIR", dir.path().join("config"))
        .env("KIBITZER_DATA_DIR", dir.path().join("data"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("kibitzer: não foi possível abrir o banco de posições"),
        "{err}"
    );
    assert!(err.contains("; o programa continua sem ele"), "{err}");
    for english in ["cannot", "database", "going on", "unable"] {
        assert!(!err.contains(english), "{english:?} in {err}");
    }
}

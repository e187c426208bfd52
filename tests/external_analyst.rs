//! An external UCI engine as the analyst (`kibitzer review --engine`, `kibitzer explain
//! --engine`): a fake engine (`scripts/fake_uci.py`) that answers, crashes mid-review, hangs,
//! sends garbage or is no UCI engine at all, and, when it is installed, Stockfish. Every
//! failure ends in a clear warning and the built-in engine, never in a hang. Private config and
//! data directories; a short `analysis.timeout_ms` so hangs are found quickly.

#[path = "support/bin.rs"]
mod bin;
#[path = "support/python.rs"]
mod python;
use bin::{kibitzer, stderr, stdout};
use python::require_python_chess;
use std::path::Path;

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/fake_uci.py");

/// The lines each process of the fake engine received (`--log`), by process, the first
/// process first.
fn logged(log: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(log).unwrap();
    let mut processes: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        let (pid, said) = line.split_once(' ').unwrap();
        match processes.iter_mut().find(|(p, _)| p == pid) {
            Some((_, lines)) => lines.push(said.to_owned()),
            None => processes.push((pid.to_owned(), vec![said.to_owned()])),
        }
    }
    processes.into_iter().map(|(_, lines)| lines).collect()
}
const GAME: &str = "[Event \"t\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n\
                    1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Kf1 Nxe4 6. Qe2 *\n";

/// Reviews [`GAME`] with `engine` at 50 ms per position; returns the JSON and standard error.
fn review(dir: &Path, engine: &str) -> (serde_json::Value, String) {
    std::fs::create_dir_all(dir.join("config")).unwrap();
    std::fs::write(
        dir.join("config/config.toml"),
        "[analysis]\ntimeout_ms = 1500\n",
    )
    .unwrap();
    let pgn = dir.join("g.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let o = kibitzer(
        dir,
        &[
            "review",
            pgn.to_str().unwrap(),
            "--json",
            "--movetime",
            "50",
            "--engine",
            engine,
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let json = serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(&o)));
    (json, stderr(&o))
}

fn judged_by(doc: &serde_json::Value) -> Vec<String> {
    doc["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["judged_by"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_uci_engine_judges_the_review() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let (doc, err) = review(dir.path(), &format!("python3 {FAKE}"));
    assert_eq!(doc["analyst"], "FakeUCI", "{err}");
    assert!(
        doc["analyst_notices"].as_array().unwrap().is_empty(),
        "{err}"
    );
    assert!(judged_by(&doc).iter().all(|j| j == "FakeUCI"));
    // The fake engine scores material: 5.Kf1 leaves e4 to be taken, 5...Nxe4 takes it.
    let plies = doc["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 11);
    assert_eq!(plies[9]["best_move"], "Nxe4");
    assert_eq!(plies[9]["classification"]["quality"], "best");
}

/// The external engine searches as the referee (`scripts/review_agreement.py`) does: the
/// analysis options set, each position sent with the game's moves that reach it and searched
/// once, in the order of the game, for its best line; a played move that is not the best is
/// scored by the search of the position after it (the next position), so a ply's score is the
/// next ply's best score.
#[test]
fn the_external_engine_searches_each_position_once_as_the_referee_does() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("fake.log");
    let (doc, err) = review(
        dir.path(),
        &format!("python3 {FAKE} --log {}", log.display()),
    );
    assert!(
        doc["analyst_notices"].as_array().unwrap().is_empty(),
        "{err}"
    );
    let processes = logged(&log);
    // The first process searches the game; a second one verifies suspect moves.
    assert_eq!(processes.len(), 2, "{processes:?}");
    let sent = processes[0].join("\n");
    let lines: Vec<&str> = processes[0].iter().map(String::as_str).collect();
    for option in [
        "setoption name UCI_AnalyseMode value true",
        "setoption name MultiPV value 1",
        "setoption name Hash value 64",
    ] {
        assert!(lines.contains(&option), "{option}: {sent}");
    }
    let start = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert!(lines.contains(&start), "{sent}");
    assert!(
        lines.contains(&format!("{start} moves e2e4 e7e5 g1f3").as_str()),
        "{sent}"
    );
    let positions: Vec<&&str> = lines.iter().filter(|l| l.starts_with("position")).collect();
    let mut unique = positions.clone();
    unique.dedup();
    assert_eq!(
        positions.len(),
        unique.len(),
        "searched twice in a row: {sent}"
    );
    assert!(!sent.contains("searchmoves"), "{sent}");
    let plies = doc["plies"].as_array().unwrap();
    for pair in plies.windows(2) {
        if pair[0]["uci"] != pair[0]["best_uci"] {
            assert_eq!(
                pair[0]["score"], pair[1]["best_score"],
                "{}",
                pair[0]["san"]
            );
        }
    }
}

/// Without `--depth` or `--movetime` an external engine searches to depth 14 (the referee's),
/// not to the built-in engine's default depth; limits given are every engine's.
#[test]
fn an_external_engine_has_its_own_default_depth() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let log = dir.path().join("fake.log");
    let engine = format!("python3 {FAKE} --log {}", log.display());
    let run = |limits: &[&str]| {
        let mut args = vec![
            "review",
            pgn.to_str().unwrap(),
            "--json",
            "--engine",
            &engine,
        ];
        args.extend_from_slice(limits);
        let o = kibitzer(dir.path(), &args);
        assert!(o.status.success(), "{}", stderr(&o));
        let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let gos: Vec<String> = logged(&log)
            .concat()
            .into_iter()
            .filter(|l| l.starts_with("go"))
            .collect();
        std::fs::remove_file(&log).unwrap();
        (doc, gos)
    };
    let (doc, gos) = run(&[]);
    assert_eq!(doc["depth"], 14);
    assert!(gos.contains(&"go depth 14".to_owned()), "{gos:?}");
    assert!(
        gos.iter().all(|g| g == "go depth 14" || g == "go depth 16"),
        "{gos:?}"
    );
    let (doc, gos) = run(&["--movetime", "40"]);
    assert_eq!(doc["movetime_ms"], 40);
    assert!(
        gos.iter()
            .all(|g| g == "go movetime 40" || g == "go movetime 120"),
        "{gos:?}"
    );
}

#[test]
fn an_engine_that_crashes_mid_review_hands_over_to_the_builtin_engine() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let (doc, err) = review(
        dir.path(),
        &format!("python3 {FAKE} --mode crash --after 4"),
    );
    assert!(
        err.contains("kibitzer: warning: the analysis engine"),
        "{err}"
    );
    assert!(
        err.contains("stopped") && err.contains("built-in engine analyses instead"),
        "{err}"
    );
    let who = judged_by(&doc);
    assert_eq!(who.len(), 11, "every ply is still reviewed");
    assert_eq!(who.first().map(String::as_str), Some("FakeUCI"));
    assert_eq!(who.last().map(String::as_str), Some("kibitzer"));
    assert_eq!(doc["analyst_notices"].as_array().unwrap().len(), 1);
}

#[test]
fn an_engine_that_hangs_times_out() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let (doc, err) = review(dir.path(), &format!("python3 {FAKE} --mode hang --after 2"));
    assert!(err.contains("did not answer a search within"), "{err}");
    assert_eq!(judged_by(&doc).len(), 11);
    assert_eq!(doc["analyst"], "kibitzer");
}

#[test]
fn malformed_lines_are_reported_with_the_line() {
    require_python_chess();
    for (mode, says) in [
        ("garbage", "`zz99` is not a legal move here"),
        ("badinfo", "`cp` is followed by `twelve`, not a number"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (doc, err) = review(
            dir.path(),
            &format!("python3 {FAKE} --mode {mode} --after 1"),
        );
        assert!(
            err.contains("sent a malformed line") && err.contains(says),
            "{mode}: {err}"
        );
        assert_eq!(doc["analyst"], "kibitzer");
        assert_eq!(judged_by(&doc).len(), 11);
    }
}

#[test]
fn a_program_that_is_not_a_uci_engine_or_does_not_exist_is_refused() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let (doc, err) = review(dir.path(), &format!("python3 {FAKE} --mode notuci"));
    assert!(err.contains("is not a UCI engine"), "{err}");
    assert!(err.contains("hello, I am not a chess engine"), "{err}");
    assert_eq!(doc["analyst"], "kibitzer");
    let dir = tempfile::tempdir().unwrap();
    let (doc, err) = review(dir.path(), "/nonexistent/engine --flag");
    assert!(
        err.contains("`/nonexistent/engine --flag` cannot be started"),
        "{err}"
    );
    assert!(err.contains("--engine"), "says how to fix it: {err}");
    assert_eq!(doc["analyst"], "kibitzer");
}

#[test]
fn explain_says_which_engine_judged() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let fen = "4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1";
    let o = kibitzer(
        dir.path(),
        &[
            "explain",
            "--fen",
            fen,
            "--move",
            "Kf1",
            "--movetime",
            "50",
            "--engine",
            &format!("python3 {FAKE}"),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("judged by FakeUCI"), "{text}");
    assert!(
        text.contains("Better was Rxd5") || text.contains("Rxd5 was stronger"),
        "{text}"
    );
}

/// An external engine gives one line, so a move that is its best has no second score of its
/// own: the analyst searches the other moves (`go … searchmoves`, in its second process) and
/// an only move is told as the built-in engine tells it. Qxd4 takes a queen (the fake engine
/// scores material: +9 against 0 for every other move); a move among equals is no only move.
#[test]
fn an_external_engine_tells_an_only_move_by_searching_the_other_moves() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("fake.log");
    let engine = format!("python3 {FAKE} --log {}", log.display());
    let explain = |fen: &str, mv: Option<&str>| {
        let mut args = vec![
            "--no-db",
            "explain",
            "--fen",
            fen,
            "--movetime",
            "50",
            "--json",
        ];
        args.extend(["--engine", &engine]);
        if let Some(m) = mv {
            args.extend(["--move", m]);
        }
        let o = kibitzer(dir.path(), &args);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let searched = || {
        logged(&log)
            .concat()
            .into_iter()
            .filter(|l| l.contains("searchmoves"))
            .collect::<Vec<_>>()
    };
    let only = explain("4k3/ppp5/8/8/3q4/8/PPPQ4/4K3 w - - 0 1", Some("Qxd4"));
    assert_eq!(only["judged_by"], "FakeUCI", "{only}");
    assert_eq!(only["quality"]["only_move"], true, "{only}");
    assert!(
        only["text"].as_str().unwrap().contains("only move"),
        "{only}"
    );
    let asked = searched();
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(
        !asked[0].contains("d2d4"),
        "the best move is left out: {}",
        asked[0]
    );
    assert!(
        asked[0].starts_with("go movetime 50 searchmoves "),
        "{}",
        asked[0]
    );
    // Without the queen to take, every move scores the same: the engine's own choice is
    // searched against the others and is no only move.
    let quiet = explain("4k3/ppp5/8/8/8/8/PPPQ4/4K3 w - - 0 1", None);
    assert_eq!(quiet["quality"]["only_move"], false, "{quiet}");
    assert_eq!(searched().len(), 2);
}

/// A review's first pass leaves the second best to the refinement (it would cost about one
/// more search per best move); the refinement's rounds search it.
#[test]
fn the_review_searches_second_best_moves_when_it_refines() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("fake.log");
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let engine = format!("python3 {FAKE} --log {}", log.display());
    let path = pgn.to_str().unwrap();
    let args = [
        "--no-db",
        "review",
        path,
        "--json",
        "--movetime",
        "20",
        "--engine",
        &engine,
    ];
    let o = kibitzer(dir.path(), &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let searched = || {
        logged(&log)
            .concat()
            .iter()
            .filter(|l| l.contains("searchmoves"))
            .count()
    };
    assert_eq!(searched(), 0);
    let mut refined = args.to_vec();
    refined.extend(["--refine-seconds", "4"]);
    let o = kibitzer(dir.path(), &refined);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(searched() > 0, "{:?}", logged(&log));
}

/// A short real review with Stockfish, when it is installed (Debian: /usr/games/stockfish).
#[test]
fn stockfish_as_the_analyst_when_installed() {
    if !Path::new("/usr/games/stockfish").exists() {
        eprintln!("Stockfish is not installed: skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (doc, err) = review(dir.path(), "stockfish");
    let analyst = doc["analyst"].as_str().unwrap();
    assert!(analyst.starts_with("Stockfish"), "{analyst}: {err}");
    let plies = doc["plies"].as_array().unwrap();
    // The theory of the quoted cases is never an error; 5.Kf1 hangs e4 to a strong engine.
    for p in &plies[..8] {
        assert_eq!(p["classification"]["quality"], "book", "{}", p["san"]);
    }
    assert!(
        plies[8]["classification"]["quality"] != "best",
        "{}",
        plies[8]
    );
}

/// The review screen's `e`: the game reviewed again by the external engine (the fake one,
/// which crashes after four searches); the panel says which engine judged each move and shows
/// the notice of the crash, after which the built-in engine judged.
#[test]
fn the_review_screen_switches_to_the_external_engine_and_shows_its_failure() {
    use kibitzer::app::{Effect, Event};
    use kibitzer::review::screen::Screen;
    use kibitzer::review::{Settings, runner};
    use kibitzer::shell::{ReviewReport, ReviewWork};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use ratatui::layout::Rect;

    require_python_chess();
    let pgn = kibitzer::pgn::import(GAME).games.remove(0).pgn;
    let settings = Settings {
        limits: kibitzer::engine::SearchLimits::depth(2),
        hash_mb: 1,
        external: kibitzer::analysis::AnalystSpec::new(
            &format!("python3 {FAKE} --mode crash --after 4"),
            Vec::new(),
        ),
        ..Settings::default()
    };
    let theme = kibitzer::ui::Theme::named("mono", kibitzer::ui::ColorMode::None);
    let mut screen =
        Screen::new(pgn, kibitzer::config::PieceStyle::Ascii, theme).with_review(1, settings);
    let area = Rect::new(0, 0, 110, 32);
    let key = |c| Event::Key(KeyEvent::new(c, KeyModifiers::NONE));
    let fx = screen.update(key(KeyCode::Char('e')), area);
    let Some(Effect::ReviewWork(ReviewWork::Start { game, settings, .. })) = fx.get(1) else {
        panic!("the review starts again: {fx:?}");
    };
    assert!(settings.analyst.command.contains("fake_uci.py"));
    let (tx, rx) = std::sync::mpsc::channel();
    let kibitzer::review::ReviewGame::Chess(game) = game else {
        panic!("a chess game: {game:?}");
    };
    let job = runner::spawn(game.game.clone(), (**settings).clone(), move |e| {
        let _ = tx.send(e);
    })
    .unwrap();
    assert_eq!(job.wait(), Some(true));
    let mut judged_by = Vec::new();
    for e in rx.try_iter() {
        if let kibitzer::review::ReviewEvent::Ply(p) = &e {
            judged_by.push(p.judged_by.clone());
        }
        screen.update(Event::ReviewReport(ReviewReport::Analysis(1, e)), area);
    }
    assert_eq!(judged_by.first().map(String::as_str), Some("FakeUCI"));
    assert_eq!(judged_by.last().map(String::as_str), Some("kibitzer"));
    assert_eq!(screen.notices().len(), 1, "{:?}", screen.notices());
    assert!(
        screen.notices()[0].contains("the built-in engine analyses instead"),
        "{:?}",
        screen.notices()
    );
    let text = |screen: &Screen| {
        let mut t = Terminal::new(TestBackend::new(area.width, area.height)).unwrap();
        t.draw(|f| kibitzer::ui::review::render(f, screen)).unwrap();
        let buf = t.backend().buffer().clone();
        (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    // The first move was judged by the fake engine, the last by the built-in one.
    screen.update(key(KeyCode::Right), area);
    let first = text(&screen);
    assert!(first.contains("Judged by: FakeUCI"), "{first}");
    // The notice, wrapped in the panel: its first words.
    assert!(first.contains("the analysis engine `python3"), "{first}");
    screen.update(key(KeyCode::End), area);
    let last = text(&screen);
    assert!(last.contains("Judged by: kibitzer"), "{last}");
}

/// While the built-in engine judges, the review screen offers the external engine when its
/// program is found (here `python3`, with the fake engine), and says nothing of one that is
/// not installed.
#[test]
fn the_review_screen_offers_an_installed_external_engine() {
    use kibitzer::review::Settings;
    use kibitzer::review::screen::Screen;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    let text = |external: &str| {
        let settings = Settings {
            external: kibitzer::analysis::AnalystSpec::new(external, Vec::new()),
            ..Settings::default()
        }
        .looking_for_external();
        let pgn = kibitzer::pgn::import(GAME).games.remove(0).pgn;
        let theme = kibitzer::ui::Theme::named("mono", kibitzer::ui::ColorMode::None);
        let screen =
            Screen::new(pgn, kibitzer::config::PieceStyle::Ascii, theme).with_review(1, settings);
        let mut t = Terminal::new(TestBackend::new(110, 32)).unwrap();
        t.draw(|f| kibitzer::ui::review::render(f, &screen))
            .unwrap();
        let buf = t.backend().buffer().clone();
        (0..32)
            .map(|y| (0..110).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let found = text(&format!("python3 {FAKE}"));
    assert!(found.contains("Judged by: kibitzer"), "{found}");
    assert!(found.contains("e: judge with python3"), "{found}");
    let missing = text("/nonexistent/kibitzer-test-engine");
    assert!(missing.contains("Judged by: kibitzer"), "{missing}");
    assert!(!missing.contains("e: judge with"), "{missing}");
}

/// Issue 34: an engine answering `bestmove 0000` or `(none)` (or a move) without any `info`
/// line made `review --json` exit with `"plies": []` and no notice. It is named in a notice
/// and the built-in engine analyses instead, as for a crash, from the start or mid-review.
#[test]
fn a_useless_engine_is_named_and_the_builtin_engine_analyses_instead() {
    require_python_chess();
    for mode in ["useless", "none", "silent"] {
        for after in [0, 3] {
            let dir = tempfile::tempdir().unwrap();
            let at = format!("--mode {mode} --after {after}");
            let (doc, err) = review(dir.path(), &format!("python3 {FAKE} {at}"));
            assert!(err.contains("gives no analysis"), "{at}: {err}");
            assert!(
                err.contains("the built-in engine analyses instead"),
                "{at}: {err}"
            );
            let who = judged_by(&doc);
            assert_eq!(who.len(), 11, "{at}: every ply is still reviewed");
            assert_eq!(who.last().map(String::as_str), Some("kibitzer"), "{at}");
            let first = if after == 0 { "kibitzer" } else { "FakeUCI" };
            assert_eq!(who.first().map(String::as_str), Some(first), "{at}");
            let notices = doc["analyst_notices"].as_array().unwrap();
            assert_eq!(notices.len(), 1, "{at}: {notices:?}");
            assert!(
                notices[0].as_str().unwrap().contains("fake_uci.py"),
                "{at}: the notice names the engine: {notices:?}"
            );
        }
    }
}

/// Issue 34: with a useless engine, `--annotate` wrote an unannotated game and `explain`
/// claimed "the side to move has no legal move".
#[test]
fn a_useless_engine_leaves_annotate_and_explain_to_the_builtin_engine() {
    require_python_chess();
    let dir = tempfile::tempdir().unwrap();
    let engine = format!("python3 {FAKE} --mode useless --after 0");
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let out = dir.path().join("annotated.pgn");
    let o = kibitzer(
        dir.path(),
        &[
            "review",
            pgn.to_str().unwrap(),
            "--annotate",
            out.to_str().unwrap(),
            "--movetime",
            "50",
            "--engine",
            &engine,
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("gives no analysis"), "{}", stderr(&o));
    let annotated = std::fs::read_to_string(&out).unwrap();
    assert!(
        annotated.matches('{').count() >= 11,
        "every move is commented: {annotated}"
    );
    let o = kibitzer(
        dir.path(),
        &[
            "explain",
            "--fen",
            "4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1",
            "--move",
            "Kf1",
            "--movetime",
            "50",
            "--engine",
            &engine,
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(!text.contains("no legal move"), "{text}");
    assert!(text.contains("judged by kibitzer"), "{text}");
    // The built-in engine found the better move and its line (the explanation's `> ` line).
    assert!(text.contains("\n> Rxd5 "), "{text}");
    assert!(
        format!("{text}{}", stderr(&o)).contains("gives no analysis"),
        "{text}{}",
        stderr(&o)
    );
}

/// Issue 36: without `--engine` or a configured engine (`auto`, the default) a chess review is
/// judged by the installed Stockfish when there is one, else by the built-in engine, without a
/// warning either way.
#[test]
fn the_default_judge_is_the_installed_stockfish_else_the_builtin_engine() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("g.pgn");
    std::fs::write(&pgn, GAME).unwrap();
    let o = kibitzer(
        dir.path(),
        &["review", pgn.to_str().unwrap(), "--json", "--depth", "6"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let analyst = doc["analyst"].as_str().unwrap_or_default().to_owned();
    match kibitzer::analysis::judge::find() {
        Some(_) => assert!(analyst.starts_with("Stockfish"), "{analyst}"),
        None => assert_eq!(analyst, "kibitzer"),
    }
    assert!(judged_by(&doc).contains(&analyst), "{:?}", judged_by(&doc));
}

//! End-to-end: the real binary in a real terminal (tmux on a private socket), with temporary
//! config and data directories. Tests wait for text on the screen instead of sleeping. Missing
//! tmux fails the tests with a note (`bash scripts/test` installs it).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "support/pgn_text.rs"]
mod pgn_text;
#[path = "support/tmux.rs"]
mod tmux;
use pgn_text::without_comments;
use tmux::Tmux;

/// The file letters under the board, in screen order.
fn file_labels(screen: &str) -> Option<String> {
    screen.lines().find_map(|line| {
        let board_part = line.split('│').next()?;
        // The first eight words (the evaluation bar's score may follow the labels).
        let letters: String = board_part.split_whitespace().take(8).collect();
        (letters.len() == 8 && letters.chars().all(|c| ('a'..='h').contains(&c))).then_some(letters)
    })
}

/// python-chess (an independent reader) reads the file as a game of `plies` moves.
fn python_reads_the_moves(path: &Path, plies: usize) {
    let script = "import sys, chess.pgn\n\
                  g = chess.pgn.read_game(open(sys.argv[1]))\n\
                  assert not g.errors, g.errors\n\
                  print(len(list(g.mainline_moves())))";
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(path)
        .output()
        .expect("python3 runs (`bash scripts/test` installs python-chess)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        plies.to_string()
    );
}

fn terminal_restored(tmux: &Tmux) {
    assert_eq!(tmux.format("#{alternate_on}"), "0", "alternate screen left");
    assert_eq!(tmux.format("#{mouse_any_flag}"), "0", "mouse capture off");
    assert_eq!(
        tmux.format("#{mouse_standard_flag}"),
        "0",
        "mouse capture off"
    );
    assert_eq!(tmux.format("#{cursor_flag}"), "1", "cursor shown");
    tmux.send_literal("stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ,; echo");
    tmux.keys(&["Enter"]);
    tmux.wait_for("icanon,echo,");
}

#[test]
fn play_take_back_flip_quit_restores_the_terminal() {
    let Some(tmux) = Tmux::start("play", 100, 30) else {
        return;
    };
    tmux.launch("--new");
    tmux.wait_for("no moves yet");
    assert_eq!(tmux.format("#{alternate_on}"), "1");
    assert_eq!(tmux.format("#{mouse_any_flag}"), "1");

    // A move through the prompt, with a precise error first.
    tmux.keys(&[":"]);
    tmux.send_literal("e5");
    tmux.keys(&["Enter"]);
    tmux.wait_for("e5");
    tmux.keys(&[":"]);
    tmux.send_literal("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("1. e4");
    assert!(tmux.data_dir().join("autosave.pgn").exists(), "autosaved");

    // Take it back.
    tmux.keys(&["u"]);
    tmux.wait_for("no moves yet");

    // Flip: the files run h..a along the bottom.
    assert_eq!(file_labels(&tmux.screen()).as_deref(), Some("abcdefgh"));
    tmux.keys(&["f"]);
    tmux.wait_until("the board to flip", |s| {
        file_labels(s).as_deref() == Some("hgfedcba")
    });

    // Help opens and closes.
    tmux.keys(&["?"]);
    tmux.wait_for("this help");
    tmux.keys(&["Escape"]);
    tmux.wait_until("the help to close", |s| !s.contains("this help"));

    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
    terminal_restored(&tmux);
}

#[test]
fn killed_mid_game_resumes_at_the_same_position() {
    let Some(tmux) = Tmux::start("resume", 100, 30) else {
        return;
    };
    tmux.launch("--new");
    tmux.wait_for("no moves yet");
    tmux.keys(&[":"]);
    tmux.send_literal("d4");
    tmux.keys(&["Enter"]);
    // Wait for the engine's reply and its explanation (a weakened level's move is explained by
    // a background analysis), so the position is settled when the process dies.
    let screen = tmux.wait_until("the engine's reply, explained", |s| {
        first_pair(s).is_some() && s.contains("White to move") && !s.contains("analysing")
    });
    let (white, black) = first_pair(&screen).unwrap();
    assert_eq!(white, "d4");
    // Both moves' explanations are saved (they arrive in the background, in either order;
    // on a loaded machine each analysis still takes its `explain.analysis_ms`).
    let deadline = Instant::now() + Duration::from_secs(90);
    let autosave_path = tmux.data_dir().join("autosave.pgn");
    while std::fs::read_to_string(&autosave_path).map_or(0, |t| t.matches("{kibitzer: ").count())
        < 2
    {
        assert!(
            Instant::now() < deadline,
            "the explanations were never saved; autosave:\n{}\nscreen:\n{}",
            std::fs::read_to_string(&autosave_path).unwrap_or_default(),
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = tmux.child_pid().expect("kibitzer runs in the pane");
    let killed = Command::new("kill").arg("-9").arg(pid.to_string()).status();
    assert!(killed.unwrap().success());
    // The shell's "EXIT=137" lands wherever the dead program left the cursor (and may wrap),
    // so wait for the process to be gone instead.
    let deadline = Instant::now() + Duration::from_secs(20);
    while Path::new(&format!("/proc/{pid}")).exists() {
        assert!(Instant::now() < deadline, "kibitzer survived kill -9");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The killed process could not restore the terminal: the shell's line is raw, so end it
    // with a newline rather than Enter.
    tmux.send_literal("stty sane; clear");
    tmux.keys(&["C-j"]);
    tmux.wait_until("a clear screen", |s| !s.contains("1. d4"));

    let autosave = std::fs::read_to_string(tmux.data_dir().join("autosave.pgn")).unwrap();
    // The moves carry their explanations as comments: compare the movetext without them.
    // (After a comment the writer repeats the move number: "1... Nf6".)
    let bare = without_comments(&autosave).replace("1... ", "");
    let moves = format!("1. d4 {black} *");
    assert!(
        autosave.contains("[White \"You\"]") && bare.contains(&moves),
        "{autosave}"
    );
    assert!(autosave.contains("{kibitzer: "), "{autosave}");
    python_reads_the_moves(&tmux.data_dir().join("autosave.pgn"), 2);

    // The saved explanation of the engine's reply, shown at once after resuming.
    let saved = autosave.rsplit("{kibitzer: ").next().unwrap_or_default();
    let first_words: Vec<&str> = saved.split_whitespace().take(3).collect();
    let first_words = first_words.join(" ");
    tmux.launch("");
    tmux.wait_until("the resumed game with its explanation", |s| {
        first_pair(s) == Some(("d4".to_owned(), black.clone()))
            && s.contains("White to move")
            && s.contains(&first_words)
    });
    tmux.keys(&["C-c"]);
    tmux.wait_for("EXIT=0");
    terminal_restored(&tmux);
}

#[test]
fn a_pgn_file_continues_and_save_writes_pgn() {
    let Some(tmux) = Tmux::start("pgn", 100, 30) else {
        return;
    };
    let file = tmux.dir.path().join("in.pgn");
    std::fs::write(
        &file,
        "[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .unwrap();
    tmux.launch(&format!("--pgn '{}'", file.display()));
    tmux.wait_until("the game from the file", |s| {
        s.contains("2. Nf3") && s.contains("Black to move (your move)")
    });
    let out = tmux.dir.path().join("out.pgn");
    tmux.keys(&[":"]);
    tmux.send_literal(&format!("save {}", out.display()));
    tmux.keys(&["Enter"]);
    tmux.wait_for("saved");
    let saved = std::fs::read_to_string(&out).unwrap();
    assert!(saved.contains("1. e4 e5 2. Nf3 *"), "{saved}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}

#[test]
fn config_edits_apply_live_and_broken_edits_are_reported() {
    let Some(tmux) = Tmux::start("config", 100, 30) else {
        return;
    };
    let config: &Path = &tmux.config_dir().join("config.toml");
    std::fs::create_dir_all(tmux.config_dir()).unwrap();
    std::fs::write(config, "[engine]\nlevel = 2\n").unwrap();
    tmux.launch("--new");
    tmux.wait_for("level 2");
    std::fs::write(config, "[engine]\nlevel = 6\n").unwrap();
    tmux.wait_for("config reloaded: level 6");
    std::fs::write(config, "[engine]\nlevel = 60\n").unwrap();
    let screen = tmux.wait_for("config not reloaded");
    assert!(screen.contains("level 6"), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}

#[test]
fn a_panic_restores_the_terminal_and_keeps_the_autosave() {
    let Some(tmux) = Tmux::start("panic", 100, 30) else {
        return;
    };
    // Debug builds panic on this key (see `play::test_panic`).
    tmux.launch_env("KIBITZER_TEST_PANIC_KEY=Z", "--new");
    tmux.wait_for("no moves yet");
    tmux.keys(&[":"]);
    tmux.send_literal("c4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("1. c4");
    tmux.keys(&["Z"]);
    let screen = tmux.wait_for("EXIT=101");
    assert!(screen.contains("test panic on key 'Z'"), "{screen}");
    terminal_restored(&tmux);
    tmux.launch("");
    tmux.wait_for("1. c4");
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}

/// The first move pair in the move list, e.g. `Some(("e4", "c5"))` from "  1. e4       c5".
fn first_pair(screen: &str) -> Option<(String, String)> {
    screen.lines().find_map(|line| {
        let right = line.split('│').nth(1)?;
        let mut words = right.split_whitespace();
        (words.next()? == "1.").then_some(())?;
        Some((words.next()?.to_owned(), words.next()?.to_owned()))
    })
}

#[test]
fn the_engine_replies_and_a_takeback_removes_both_moves() {
    let Some(tmux) = Tmux::start("engine", 100, 30) else {
        return;
    };
    std::fs::create_dir_all(tmux.config_dir()).unwrap();
    std::fs::write(
        tmux.config_dir().join("config.toml"),
        "[engine]\nlevel = 2\n",
    )
    .unwrap();
    tmux.launch("--new");
    tmux.wait_for("no moves yet");
    tmux.keys(&[":"]);
    tmux.send_literal("e4");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_until("the engine's reply", |s| first_pair(s).is_some());
    assert_eq!(first_pair(&screen).unwrap().0, "e4", "{screen}");
    tmux.wait_for("White to move (your move)");
    tmux.keys(&["u"]);
    tmux.wait_for("no moves yet");
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
    terminal_restored(&tmux);
}

/// Issue 26: a short timed game in a real terminal: the human plays one move, then lets the
/// clock run out; the game ends "Black wins by timeout" and the archived PGN says 0-1 with its
/// time control and clock comments.
#[test]
fn the_humans_flag_falls_in_a_short_timed_game() {
    let Some(tmux) = Tmux::start("flag", 100, 30) else {
        return;
    };
    std::fs::create_dir_all(tmux.config_dir()).unwrap();
    std::fs::write(
        tmux.config_dir().join("config.toml"),
        "[game]\ntime_control = \"4s+0\"\n[engine]\nlevel = 1\n",
    )
    .unwrap();
    tmux.launch("--new");
    tmux.wait_for("White (you)");
    tmux.keys(&[":"]);
    tmux.send_literal("e4");
    tmux.keys(&["Enter"]);
    // The engine answers within its own clock, then White's clock runs out.
    tmux.wait_for("1. e4");
    let screen = tmux.wait_for("Black wins by timeout");
    assert!(screen.contains("0-1"), "{screen}");
    // The archive waits for the moves' analyses: poll for it.
    let games = tmux.data_dir().join("games");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let archived = loop {
        let found = std::fs::read_dir(&games).ok().and_then(|dir| {
            dir.filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
                .find(|pgn| pgn.contains("[Result \"0-1\"]"))
        });
        if let Some(pgn) = found {
            break pgn;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the game was not archived"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert!(archived.contains("[TimeControl \"4+0\"]"), "{archived}");
    assert!(archived.contains("[%clk 0:00:0"), "{archived}");
    assert!(archived.contains("timeout"), "{archived}");
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}

//! End-to-end: `kibitzer review` in a real terminal (tmux on a private socket, temporary config
//! and data directories): the review of a game from `../shared/data/pgn/` completes, `n` jumps
//! from error to error until the first blunder, and `q` restores the shell. The test waits for
//! text on the screen instead of sleeping; the harness is `tests/support/tmux.rs`.

const MORPHY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn/Morphy.pgn");

#[path = "support/tmux.rs"]
mod tmux;
use tmux::Tmux;

#[test]
fn review_a_game_and_jump_to_the_first_blunder() {
    let Some(t) = Tmux::start("review", 110, 32) else {
        return;
    };
    let line = format!(
        "KIBITZER_CONFIG_DIR='{}' KIBITZER_DATA_DIR='{}' '{}' review '{MORPHY}' --game 1 --depth 4; echo \"EXIT=$?\"",
        t.dir.path().join("config").display(),
        t.dir.path().join("data").display(),
        env!("CARGO_BIN_EXE_kibitzer"),
    );
    assert!(
        t.run(&["send-keys", "-t", "t", "-l", &line])
            .status
            .success()
    );
    t.keys(&["Enter"]);
    let mut screen = t.wait_for("analysis complete");
    // `n` visits the errors in order; the first blunder is 5... Bc5 (at depth 4).
    let mut found = false;
    for _ in 0..10 {
        t.keys(&["n"]);
        let s = t.wait_change(&screen);
        screen = s.clone();
        if s.contains("5... Bc5??") {
            assert!(s.contains("blunder"), "{s}");
            assert!(s.contains("Better: "), "{s}");
            found = true;
            break;
        }
        assert!(!s.contains("no further mistake"), "{s}");
    }
    assert!(found, "no blunder reached:\n{}", t.screen());
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
}

//! End-to-end: `kibitzer review` in a real terminal (tmux on a private socket, temporary config
//! and data directories): the review of a game from `../shared/data/pgn/` completes, `n` jumps
//! from error to error until the first blunder, and `q` restores the shell. The test waits for
//! text on the screen instead of sleeping. Skipped (with a note) when tmux is not installed.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

const MORPHY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn/Morphy.pgn");

struct Tmux {
    socket: String,
    dir: tempfile::TempDir,
}

impl Tmux {
    fn start() -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            panic!(
                "tmux is needed for the end-to-end tests: run `bash scripts/test`, which installs it"
            );
        }
        let t = Tmux {
            socket: format!("kibitzer-review-{}", std::process::id()),
            dir: tempfile::tempdir().unwrap(),
        };
        let o = t.run(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "110",
            "-y",
            "32",
            "-s",
            "t",
            "env",
            "PS1=$ ",
            "TERM=xterm-256color",
            "sh",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        Some(t)
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("run tmux")
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success());
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }

    /// Waits until the screen differs from `before`.
    fn wait_change(&self, before: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let s = self.screen();
            if s != before {
                return s;
            }
            assert!(Instant::now() < deadline, "the screen did not change:\n{s}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn wait_for(&self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {text:?}; the screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

#[test]
fn review_a_game_and_jump_to_the_first_blunder() {
    let Some(t) = Tmux::start() else { return };
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

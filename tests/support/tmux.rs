//! The tmux harness shared by the end-to-end tests: a private tmux server (its own socket) with
//! an interactive shell, temporary config and data directories, key sending, screen capture and
//! polling waits (never sleeps for a fixed time). Included with `#[path]` by each test crate.
#![allow(dead_code)] // each test crate uses its own subset

use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A private tmux server; killed on drop.
pub struct Tmux {
    socket: String,
    /// Temporary directory for the config and data directories.
    pub dir: tempfile::TempDir,
}

impl Tmux {
    /// A private tmux server running an interactive shell in a `width`×`height` window.
    /// Fails the test, saying how to install it, when tmux is missing.
    pub fn start(name: &str, width: u16, height: u16) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            panic!(
                "tmux is needed for the end-to-end tests: run `bash scripts/test`, which installs it"
            );
        }
        let tmux = Tmux {
            socket: format!("kibitzer-test-{}-{name}", std::process::id()),
            dir: tempfile::tempdir().unwrap(),
        };
        let o = tmux.run(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "-s",
            "t",
            "env",
            "PS1=$ ",
            "TERM=xterm-256color",
            "sh",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        Some(tmux)
    }

    pub fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("run tmux")
    }

    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    pub fn config_dir(&self) -> PathBuf {
        self.dir.path().join("config")
    }

    /// Types a shell command line that runs kibitzer with the private directories and prints
    /// its exit status afterwards.
    pub fn launch(&self, args: &str) {
        self.launch_env("", args);
    }

    pub fn launch_env(&self, env: &str, args: &str) {
        let line = format!(
            "{env} KIBITZER_CONFIG_DIR='{}' KIBITZER_DATA_DIR='{}' '{}' {args}; echo \"EXIT=$?\"",
            self.config_dir().display(),
            self.data_dir().display(),
            env!("CARGO_BIN_EXE_kibitzer"),
        );
        self.send_literal(&line);
        self.keys(&["Enter"]);
    }

    pub fn send_literal(&self, text: &str) {
        assert!(
            self.run(&["send-keys", "-t", "t", "-l", text])
                .status
                .success()
        );
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success());
    }

    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }

    pub fn format(&self, format: &str) -> String {
        let o = self.run(&["display-message", "-p", "-t", "t", format]);
        String::from_utf8_lossy(&o.stdout).trim().to_owned()
    }

    /// Waits until `pred` holds for the screen (polling), or fails with the last screen.
    pub fn wait_until(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let screen = self.screen();
            if pred(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |s| s.contains(text))
    }

    /// Waits until the screen differs from `before`.
    pub fn wait_change(&self, before: &str) -> String {
        self.wait_until("the screen to change", |s| s != before)
    }

    /// The pid of the process running in the pane's shell.
    pub fn child_pid(&self) -> Option<u32> {
        let shell: u32 = self.format("#{pane_pid}").parse().ok()?;
        let children =
            std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).ok()?;
        children.split_whitespace().next()?.parse().ok()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

//! Runs the real `kibitzer` binary for integration tests, with private config and data
//! directories under `dir` (never the real home) and no standard input. Included with `#[path]`.
#![allow(dead_code)] // each test crate uses its own subset

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `kibitzer ARGS` with `dir/config` and `dir/data` as its directories.
pub fn kibitzer(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .env("KIBITZER_CONFIG_DIR", dir.join("config"))
        .env("KIBITZER_DATA_DIR", dir.join("data"))
        .env_remove("KIBITZER_CONFIG")
        .stdin(Stdio::null())
        .output()
        .expect("run kibitzer")
}

/// Runs `kibitzer ARGS --engine builtin`: a review or an explanation judged by the built-in
/// engine, the same whether or not a Stockfish is installed (the default, `auto`, takes one).
pub fn kibitzer_builtin(dir: &Path, args: &[&str]) -> Output {
    let mut args = args.to_vec();
    args.extend(["--engine", "builtin"]);
    kibitzer(dir, &args)
}

/// The process's standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The process's standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

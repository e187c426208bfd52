//! The real binary's command line: config path/init/check, perft, and error exits. Every test
//! runs with private config and data directories, never the real home.

#[path = "support/bin.rs"]
mod bin;
use bin::{kibitzer, stderr, stdout};

#[test]
fn config_path_init_check() {
    let dir = tempfile::tempdir().unwrap();
    let expected = dir.path().join("config").join("config.toml");
    let o = kibitzer(dir.path(), &["config", "path"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), expected.display().to_string());

    let o = kibitzer(dir.path(), &["config", "check"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("does not exist: using the defaults"));
    assert!(stdout(&o).contains("level = 5"));

    let o = kibitzer(dir.path(), &["config", "init"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&expected).unwrap(),
        kibitzer::config::EXAMPLE
    );
    // Never overwrites without --force.
    std::fs::write(&expected, "[engine]\nlevel = 7\n").unwrap();
    let o = kibitzer(dir.path(), &["config", "init"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("already exists; use `kibitzer config init --force`"));
    assert_eq!(
        std::fs::read_to_string(&expected).unwrap(),
        "[engine]\nlevel = 7\n"
    );

    let o = kibitzer(dir.path(), &["config", "check"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains(": OK"));
    assert!(stdout(&o).contains("level = 7"));

    let o = kibitzer(dir.path(), &["config", "init", "--force"]);
    assert!(o.status.success());
    assert_eq!(
        std::fs::read_to_string(&expected).unwrap(),
        kibitzer::config::EXAMPLE
    );
}

#[test]
fn broken_config_exits_2_with_location() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[engine]\nlevel = 3\n\n[ui]\npeices = \"ascii\"\n").unwrap();
    let o = kibitzer(
        dir.path(),
        &["--config", bad.to_str().unwrap(), "config", "check"],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("bad.toml:5:1: unknown key `peices`"), "{err}");

    let o = kibitzer(dir.path(), &["config", "check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));

    let missing = dir.path().join("missing.toml");
    let o = kibitzer(
        dir.path(),
        &["--config", missing.to_str().unwrap(), "config", "check"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read the config file"));
}

#[test]
fn perft_command() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer(dir.path(), &["perft", "3"]);
    assert!(o.status.success());
    assert!(
        stdout(&o).starts_with("perft 3: 8902 nodes"),
        "{}",
        stdout(&o)
    );

    let o = kibitzer(
        dir.path(),
        &[
            "perft",
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "2",
            "--divide",
        ],
    );
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("e1g1: "), "{out}");
    assert!(out.contains("perft 2: 66 nodes"), "{out}");

    let o = kibitzer(dir.path(), &["perft", "--fen", "8/8/8 w - - 0 1", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("invalid FEN (piece placement)"));

    let o = kibitzer(dir.path(), &["perft", "0"]);
    assert_eq!(o.status.code(), Some(2), "clap rejects depth 0");
}

#[test]
fn help_documents_every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let o = kibitzer(dir.path(), &["--help"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for word in ["config", "perft", "--config"] {
        assert!(out.contains(word), "{out}");
    }
}

//! End-to-end: keys remapped in the config (`[keys]`) in a real terminal (tmux on a private
//! socket, temporary config and data directories). Play with `flip = "v"`: the key line and the
//! help show `v`, `f` no longer flips and `v` does; the config changed while playing remaps
//! again at once, and a conflict there is refused (naming both actions) with the keys kept. A review with `next_mistake = "N"`: its key line says `N next`, `n` does
//! nothing and `N` jumps to the mistake. The harness is `tests/support/tmux.rs`.

#[path = "support/tmux.rs"]
mod tmux;
use tmux::Tmux;

/// Whether the board on `screen` is seen from White's side (rank 8 drawn above rank 1).
fn white_at_bottom(screen: &str) -> bool {
    let row = |rank: &str| screen.lines().position(|l| l.starts_with(rank));
    matches!((row(" 8 "), row(" 1 ")), (Some(eight), Some(one)) if eight < one)
}

/// Whether the board on `screen` is seen from Black's side.
fn black_at_bottom(screen: &str) -> bool {
    let row = |rank: &str| screen.lines().position(|l| l.starts_with(rank));
    matches!((row(" 8 "), row(" 1 ")), (Some(eight), Some(one)) if eight > one)
}

fn write_config(t: &Tmux, text: &str) {
    let dir = t.config_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), text).unwrap();
}

#[test]
fn a_key_remapped_in_the_config_drives_play_its_help_and_its_key_line() {
    let Some(t) = Tmux::start("keys-play", 220, 32) else {
        return;
    };
    write_config(&t, "[keys.play]\nflip = \"v\"\n");
    t.launch("play --new");
    let s = t.wait_for("White to move");
    assert!(s.contains("v flip"), "the key line shows the new key:\n{s}");
    assert!(!s.contains("f flip"), "{s}");
    assert!(white_at_bottom(&s), "{s}");
    // `f` no longer flips; `v` does: after both, the board is flipped once.
    t.keys(&["f"]);
    t.keys(&["v"]);
    t.wait_until("the board flipped", black_at_bottom);
    // The help names `v` for flipping.
    t.keys(&["?"]);
    let s = t.wait_for("flip the board");
    let row = s
        .lines()
        .find(|l| l.contains("flip the board"))
        .unwrap_or_default();
    assert!(row.contains(" v  flip the board"), "{row}");
    t.keys(&["Escape"]);
    t.wait_for("v flip");
    // The config changed while playing: `x` flips from now on.
    write_config(&t, "[keys.play]\nflip = \"x\"\n");
    let s = t.wait_for("x flip");
    assert!(s.contains("config reloaded"), "{s}");
    t.keys(&["v"]);
    t.keys(&["x"]);
    t.wait_until("the board flipped back", white_at_bottom);
    // A conflict is refused with both actions named, and the keys in force stay.
    write_config(&t, "[keys.play]\nflip = \"u\"\n");
    let s = t.wait_for("config not reloaded");
    assert!(s.contains("take_back"), "{s}");
    t.keys(&["x"]);
    t.wait_until("the board flipped by the key in force", black_at_bottom);
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
}

#[test]
fn a_review_obeys_a_remapped_next_mistake_key() {
    let Some(t) = Tmux::start("keys-review", 110, 32) else {
        return;
    };
    write_config(&t, "[keys.review]\nnext_mistake = \"N\"\n");
    // Fool's mate: 2. g4?? is White's blunder.
    let file = t.dir.path().join("fool.pgn");
    std::fs::write(
        &file,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    )
    .unwrap();
    t.launch(&format!(
        "review '{}' --depth 4 --engine builtin --refine-seconds 0",
        file.display()
    ));
    let s = t.wait_for("analysis complete");
    assert!(s.contains("N next"), "{s}");
    assert!(!s.contains("n next"), "{s}");
    // `n` does nothing now; `N` goes to the first mistake.
    t.keys(&["n"]);
    t.keys(&["N"]);
    let s = t.wait_for("Better: ");
    assert!(s.contains("??"), "{s}");
    t.keys(&["?"]);
    let s = t.wait_for("Review keys");
    assert!(
        s.lines()
            .any(|l| l.contains("N / p") && l.contains("next / previous mistake")),
        "{s}"
    );
    t.keys(&["Escape"]);
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
}

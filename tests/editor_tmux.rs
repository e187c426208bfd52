//! End-to-end: the board editor in the real binary in a real terminal (tmux on a private socket,
//! temporary config and data directories): a position set up by keys, played from, and the
//! engine's reply. The test waits for text on the screen instead of sleeping.

#[path = "support/tmux.rs"]
mod tmux;
use tmux::Tmux;

#[test]
fn a_position_set_up_by_keys_is_played_and_the_engine_replies() {
    let Some(tmux) = Tmux::start("editor", 100, 30) else {
        return;
    };
    tmux.launch("--new --edit");
    tmux.wait_for("Board editor");

    // Clear the board; White: king e1 (the cursor starts there), rook h1; Black: king e8.
    tmux.keys(&["z", "K", "Right", "Right", "Right", "R"]);
    for _ in 0..7 {
        tmux.keys(&["Up"]);
    }
    tmux.keys(&["Left", "Left", "Left"]);
    tmux.keys(&["k"]);
    tmux.wait_for("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    // Castling is offered (king and rook at home): give it.
    tmux.keys(&["1"]);
    tmux.wait_for("4k3/8/8/8/8/8/8/4K2R w K - 0 1");

    // Play from here as White.
    tmux.keys(&["Enter"]);
    tmux.wait_for("Play from here");
    tmux.keys(&["w", "Enter"]);
    tmux.wait_for("position set up: you play White");

    // A move, and the engine's reply from the set-up position.
    tmux.keys(&[":"]);
    tmux.send_literal("Rh7");
    tmux.keys(&["Enter"]);
    tmux.wait_until("the engine's reply", |s| {
        let reply = s.lines().any(|l| {
            let words: Vec<&str> = l
                .split('│')
                .nth(1)
                .unwrap_or("")
                .split_whitespace()
                .collect();
            words.len() == 3 && words[..2] == ["1.", "Rh7"] && words[2].starts_with('K')
        });
        reply && s.contains("White to move (your move)")
    });

    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}

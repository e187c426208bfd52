//! End-to-end (issue 25): a whole game of Pawn Battle in a real terminal (tmux on a private
//! socket, temporary config and data directories), the human against level 1 until the game
//! ends. The script plays its first move in UCI, then asks for a hint (`t`) each turn and types
//! the hinted move at the prompt. Waits for text on the screen, never sleeps for a fixed time.

#[path = "support/tmux.rs"]
mod tmux;
use tmux::Tmux;

/// The move of the hint on the status line (`hint: e4 (+0.30 for you)`).
fn hinted(screen: &str) -> Option<String> {
    let rest = &screen[screen.find("hint: ")? + "hint: ".len()..];
    rest.split_whitespace().next().map(str::to_owned)
}

/// Whether the game is over (its dialog is up).
fn over(screen: &str) -> bool {
    screen.contains("Game over") && (screen.contains(" wins by ") || screen.contains("Draw by "))
}

/// The human's turn, after the engine's reply (no hint left on the screen).
fn my_turn(screen: &str) -> bool {
    screen.contains("(your move)") && !screen.contains("hint: ") && !screen.contains("Hint: ")
}

#[test]
fn a_whole_pawn_battle_game_against_level_1_in_the_terminal() {
    let Some(tmux) = Tmux::start("pawn-battle", 110, 32) else {
        return;
    };
    std::fs::create_dir_all(tmux.config_dir()).unwrap();
    // Short searches for both sides, so the game runs quickly.
    std::fs::write(
        tmux.config_dir().join("config.toml"),
        "[engine]\nlevel = 1\ndepth = 3\n\n[game]\nhuman = \"white\"\n\n[explain]\nanalysis_ms = 100\n",
    )
    .unwrap();
    tmux.launch("play --variant pawn-battle --new");
    tmux.wait_for("Pawn Battle · you: White · level 1");

    // The first move in UCI.
    tmux.keys(&[":"]);
    tmux.send_literal("e2e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("1. e4");
    let mut screen = tmux.wait_until("the engine's reply", |s| my_turn(s) || over(s));
    let mut moves = 1;
    while !over(&screen) {
        assert!(moves < 300, "the game does not end:\n{screen}");
        tmux.keys(&["t"]);
        let shown = tmux.wait_until("a hint", |s| hinted(s).is_some());
        let mv = hinted(&shown).unwrap();
        tmux.keys(&[":"]);
        tmux.send_literal(&mv);
        tmux.keys(&["Enter"]);
        screen = tmux.wait_until("the engine's reply or the end", |s| my_turn(s) || over(s));
        moves += 1;
    }
    assert!(screen.contains("Pawn Battle"), "{screen}");
    // Every move is explained in the background; the game is archived once they all are.
    tmux.wait_until("the moves analysed", |s| !s.contains("analysing"));

    // The finished game is archived as Pawn Battle, the autosave gone.
    let games = tmux.data_dir().join("games");
    let archived: Vec<_> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(archived.len(), 1);
    let pgn = &archived[0];
    assert!(pgn.contains("[Variant \"Pawn Battle\"]"), "{pgn}");
    assert!(!pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(
        pgn.contains("{kibitzer: "),
        "the explanations are saved: {pgn}"
    );
    assert!(!tmux.data_dir().join("autosave.pgn").exists());

    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}

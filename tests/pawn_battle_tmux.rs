//! End-to-end (issue 25): a whole game of Pawn Battle in a real terminal (tmux on a private
//! socket, temporary config and data directories), the human against level 1 until the game
//! ends. The script plays its first move in UCI, then asks for a hint (`t`) each turn and types
//! the hinted move at the prompt. Waits for text on the screen, never sleeps for a fixed time.

#[path = "support/tmux.rs"]
mod tmux;
use tmux::Tmux;

/// The move of the hint on the status line (`hint: e4, +0.30 (you are better by 0.3)`).
fn hinted(screen: &str) -> Option<String> {
    let rest = &screen[screen.find("hint: ")? + "hint: ".len()..];
    rest.split_whitespace()
        .next()
        .map(|m| m.trim_end_matches(',').to_owned())
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
    // The screen may be caught mid-redraw as the dialog opens: wait for the whole of it.
    tmux.wait_for("Pawn Battle");
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

/// Issue 25: `:load` of a Pawn Battle PGN from a chess game switches play to Pawn Battle (the
/// chess game kept in `games/`), with the PGN's clock; `a` opens its analysis board, and a
/// chess PGN loads back into chess the same way.
#[test]
fn load_a_pawn_battle_game_from_a_chess_game_in_the_terminal() {
    let Some(tmux) = Tmux::start("pb-load", 110, 32) else {
        return;
    };
    std::fs::create_dir_all(tmux.config_dir()).unwrap();
    std::fs::write(
        tmux.config_dir().join("config.toml"),
        "[engine]\nlevel = 1\ndepth = 2\n\n[game]\nhuman = \"white\"\n\n[explain]\nanalysis_ms = 100\n",
    )
    .unwrap();
    let pb = tmux.dir.path().join("race.pgn");
    std::fs::write(
        &pb,
        "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\
         [Variant \"Pawn Battle\"]\n[TimeControl \"300+2\"]\n\n\
         1. e4 { [%clk 0:04:55] } d5 { [%clk 0:04:50] } 2. exd5 { [%clk 0:04:40] } \
         c6 { [%clk 0:04:30] } *\n",
    )
    .unwrap();
    let chess = tmux.dir.path().join("chess.pgn");
    std::fs::write(&chess, "1. d4 d5 2. c4 *\n").unwrap();
    tmux.launch("play --new");
    tmux.wait_for("you: White · level 1");
    // A chess move, answered, so the chess game is one to keep.
    tmux.keys(&[":"]);
    tmux.send_literal("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_until("the engine's reply", |s| {
        s.contains("(your move)") && s.contains("1. e4 ")
    });
    tmux.keys(&[":"]);
    tmux.send_literal(&format!("load {}", pb.display()));
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("(Pawn Battle game): you play White · clock 5+2");
    assert!(screen.contains("2. exd5"), "{screen}");
    let games = tmux.data_dir().join("games");
    let archived: Vec<_> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(archived.len(), 1, "the chess game is kept");
    assert!(
        archived[0].contains("1. e4") && !archived[0].contains("Variant"),
        "{}",
        archived[0]
    );
    // The loaded game plays on: the move prompt takes Pawn Battle moves, the board analyses it.
    tmux.keys(&["a"]);
    tmux.wait_for("scores for White");
    tmux.keys(&["q"]);
    tmux.wait_for("Pawn Battle · you: White · level 1");
    // A chess PGN loads back into chess.
    tmux.keys(&[":"]);
    tmux.send_literal(&format!("load {}", chess.display()));
    tmux.keys(&["Enter"]);
    tmux.wait_until("the chess game", |s| {
        s.contains("2. c4") && s.contains("loaded") && !s.contains("Pawn Battle")
    });
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}

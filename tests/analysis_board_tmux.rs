//! End-to-end: the analysis board in the real binary in a real 80×24 terminal (tmux on a
//! private socket, temporary config and data directories): opened from play, two moves, the
//! engine's live lines, a save, and back to the game unchanged; the same for a Pawn Battle game
//! (its move error, its engine, its PGN read back). The tests wait for text on the screen
//! instead of sleeping.

#[path = "support/tmux.rs"]
mod tmux;
use tmux::Tmux;

#[path = "support/python.rs"]
mod python;

/// Types `text` at the board's `:` prompt and runs it.
fn prompt(tmux: &Tmux, text: &str) {
    tmux.keys(&[":"]);
    tmux.send_literal(text);
    tmux.keys(&["Enter"]);
}

/// Opens the board from play and waits for its engine.
fn open_board(tmux: &Tmux) {
    tmux.keys(&["a"]);
    tmux.wait_for("Engine · best 3");
    tmux.wait_for("scores for White");
}

/// Waits for the engine's lines to start with White's second move (after Black's first).
fn lines_after_first_moves(tmux: &Tmux) {
    tmux.wait_until("the engine's lines after Black's first move", |s| {
        s.contains("scores for White") && s.lines().any(|l| l.contains("│1 ") && l.contains("2."))
    });
}

/// Saves the board to `file`, goes back to play (no move played there) and quits.
fn save_and_leave(tmux: &Tmux, file: &std::path::Path) {
    prompt(tmux, &format!("save {}", file.display()));
    tmux.wait_for("saved the analysis");
    tmux.keys(&["q"]);
    tmux.wait_for("no moves yet");
    tmux.keys(&["q"]);
    tmux.wait_for("EXIT=0");
}

#[test]
fn the_board_opens_from_play_takes_two_moves_and_returns_to_the_game() {
    let Some(tmux) = Tmux::start("anaboard", 80, 24) else {
        return;
    };
    tmux.launch("--new");
    tmux.wait_for("no moves yet");

    open_board(&tmux);

    // Two moves, one per side: by the board's cursor (e2 is under it) and by the prompt.
    tmux.keys(&["Enter", "Up", "Up", "Enter"]);
    tmux.wait_for("1. e4");
    prompt(&tmux, "e5");
    tmux.wait_for("1. e4 e5");
    // The engine restarted on the new position: its lines start with White's second move.
    lines_after_first_moves(&tmux);

    // Save it, then back to the game, exactly as it was: no move was played there.
    let file = tmux.data_dir().join("analysis.pgn");
    save_and_leave(&tmux, &file);

    assert_eq!(python::variations_of(&file), "e2e4(e7e5())");
}

#[test]
fn the_pawn_battle_board_opens_from_play_saves_and_returns_to_the_game() {
    let Some(tmux) = Tmux::start("pbboard", 100, 30) else {
        return;
    };
    std::fs::create_dir_all(tmux.config_dir()).unwrap();
    std::fs::write(
        tmux.config_dir().join("config.toml"),
        "[game]\nhuman = \"white\"\n",
    )
    .unwrap();
    tmux.launch("play --variant pawn-battle --new");
    tmux.wait_for("no moves yet");

    open_board(&tmux);

    // Moves for both sides by the prompt; a chess move is refused with Pawn Battle's reason.
    prompt(&tmux, "e4");
    prompt(&tmux, "d5");
    tmux.wait_for("1. e4 d5");
    prompt(&tmux, "Nf3");
    tmux.wait_for("Pawn Battle has only pawns and rooks");
    // The Pawn Battle engine's lines of the new position start with White's second move.
    lines_after_first_moves(&tmux);

    let file = tmux.data_dir().join("pb-analysis.pgn");
    save_and_leave(&tmux, &file);

    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Variant \"Pawn Battle\"]"), "{text}");
    let report = kibitzer::pgn::import_as::<kibitzer::variant::pawn_battle::PawnBattle>(&text);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let sans: Vec<String> = report.games[0]
        .pgn
        .game
        .moves()
        .iter()
        .map(|m| m.san.to_string())
        .collect();
    assert_eq!(sans, ["e4", "d5"]);
}

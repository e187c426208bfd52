//! End-to-end: `kibitzer review` in a real terminal (tmux on a private socket, temporary config
//! and data directories): the review of a game from `../shared/data/pgn/` completes, `n` jumps
//! from error to error until the last, 23... Nb6, and `q` restores the shell; a file of three
//! games (one malformed) opens the picker, a filter and Enter open a game, `n` reaches its
//! last mistake and `t` tries a move there, `q` returns to the picker; play mode's game-over
//! "Review" opens the review screen and `q` returns to the game; a Pawn Battle PGN opens in the
//! same review screen and is browsed, and a finished Pawn Battle game of play opens its review
//! (issue 25). The test waits for
//! text on the screen instead of sleeping; the harness is `tests/support/tmux.rs`.

const MORPHY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn/Morphy.pgn");

#[path = "support/tmux.rs"]
mod tmux;
use tmux::Tmux;

#[test]
fn review_a_game_and_jump_from_error_to_error() {
    let Some(t) = Tmux::start("review", 110, 32) else {
        return;
    };
    let line = format!(
        "KIBITZER_CONFIG_DIR='{}' KIBITZER_DATA_DIR='{}' '{}' review '{MORPHY}' --game 1 --depth 4 --engine builtin --refine-seconds 0; echo \"EXIT=$?\"",
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
    let screen = t.wait_for("analysis complete");
    // `n` visits the errors in order; 23... Nb6 is the last one: a mistake at depth 4 verified
    // at depth 6 (the labels move with the evaluation, so an inaccuracy is accepted too, but the
    // panel must agree with the move's mark).
    last_error(&t, screen, 15);
    let s = t.wait_until("the panel of 23... Nb6", |s| {
        s.contains("23... Nb6?") && s.contains("Better: ")
    });
    let label = if s.contains("23... Nb6?!") {
        "inaccuracy"
    } else {
        "mistake"
    };
    assert!(s.contains(label), "{s}");
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
}

const TAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn/Tal.pgn");

/// Presses `n` until the review says there is no further mistake (at most `tries` times): the
/// cursor then stands on the game's last error. A screen can change more than once after one key
/// (the move, then its explanation), so the loop cannot tell from one change that a key has had
/// all its effect; pressing `n` past the last error only says so.
fn last_error(t: &Tmux, mut screen: String, tries: usize) {
    for _ in 0..tries {
        t.keys(&["n"]);
        screen = t.wait_change(&screen);
        if screen.contains("no further mistake") {
            return;
        }
    }
    panic!("no end of the errors reached:\n{}", t.screen());
}

/// The first game of a PGN file (up to the next `[Event`).
fn first_game(path: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let rest = &text[1..];
    let end = rest.find("\n[Event ").map_or(text.len(), |i| i + 2);
    text[..end].to_owned()
}

#[test]
fn pick_a_game_of_a_file_jump_to_the_blunder_and_try_a_move() {
    let Some(t) = Tmux::start("review-pick", 110, 32) else {
        return;
    };
    // Three games: Tal's, one with an illegal move, Morphy's.
    let file = t.dir.path().join("three.pgn");
    let broken =
        "[Event \"Broken\"]\n[White \"Nobody\"]\n[Black \"Else\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    std::fs::write(
        &file,
        format!("{}\n\n{broken}{}", first_game(TAL), first_game(MORPHY)),
    )
    .unwrap();
    t.launch(&format!(
        "review '{}' --depth 4 --engine builtin --refine-seconds 0",
        file.display()
    ));
    let s = t.wait_for("3 games, 1 unreadable");
    assert!(s.contains("move 2. Ke3 is illegal"), "{s}");
    assert!(s.contains("Morphy, Alonzo"), "{s}");
    // Type to filter, then open the only game left.
    t.send_literal("alonzo");
    t.wait_for("(1 of 3 games)");
    t.keys(&["Enter"]);
    let screen = t.wait_for("analysis complete");
    // The last error at depth 4 (verified at depth 6) is the mistake 23... Nb6 (Rdg8 was
    // better).
    last_error(&t, screen, 10);
    t.wait_for("23... Nb6?");
    // Learn from the mistake: try 23... Rdg8.
    t.keys(&["t"]);
    t.wait_for("Learn: find a better move than 23... Nb6?");
    t.send_literal("Rdg8");
    t.keys(&["Enter"]);
    let s = t.wait_until("a verdict", |s| {
        s.contains("Rdg8: good!") || s.contains("Rdg8: not good enough")
    });
    assert!(s.contains("t try again"), "{s}");
    // Leave the try, then the review: back to the picker; Esc clears the filter, Esc quits.
    // (Each key waits for its effect: Esc followed at once by q would read as Alt-q.)
    t.keys(&["Escape"]);
    t.wait_for("t try a better move ·");
    t.keys(&["q"]);
    t.wait_for("3 games, 1 unreadable");
    t.keys(&["Escape"]);
    t.wait_for("Koblentz");
    t.keys(&["Escape"]);
    t.wait_for("EXIT=0");
}

/// Play mode started with `play_args` (White to move), the human's move `mv` ending the game,
/// then the game-over "Review": returns the review screen once its analysis is complete, then
/// `q` returns to the game and `q` quits (`None` where the harness cannot start tmux).
fn review_from_play(name: &str, play_args: &str, mv: &str) -> Option<String> {
    let t = Tmux::start(name, 110, 34)?;
    t.launch(play_args);
    t.wait_for("White to move");
    t.keys(&[":"]);
    t.send_literal(mv);
    t.keys(&["Enter"]);
    t.wait_for("Game over");
    t.keys(&["v"]);
    let review = t.wait_for("analysis complete");
    t.keys(&["q"]);
    t.wait_for("back from the review");
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
    Some(review)
}

#[test]
fn review_this_game_from_play_mode_and_back() {
    // White mates at once: 1. Ra8#.
    let Some(s) = review_from_play(
        "review-play",
        "play --new --fen '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'",
        "Ra8",
    ) else {
        return;
    };
    assert!(s.contains("1. Ra8#"), "{s}");
}

/// Issue 25: a Pawn Battle race (tests/pb_review.rs) reviewed on the screen: its blunder with
/// the better move, browsing, and the analysis board's notice.
#[test]
fn review_a_pawn_battle_game_and_browse_it() {
    let Some(t) = Tmux::start("review-pb", 110, 32) else {
        return;
    };
    let file = t.dir.path().join("race.pgn");
    std::fs::write(
        &file,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Variant \"Pawn Battle\"]\n\
         [SetUp \"1\"]\n[FEN \"8/1p6/8/8/8/8/6P1/8 b - - 0 1\"]\n\n\
         1... b6 2. g4 b5 3. g5 b4 4. g6 b3 5. g7 b2 6. g8 1-0\n",
    )
    .unwrap();
    t.launch(&format!(
        "review '{}' --depth 8 --engine builtin --refine-seconds 0",
        file.display()
    ));
    let s = t.wait_for("analysis complete");
    assert!(s.contains("Explanation · Pawn Battle"), "{s}");
    t.keys(&["n"]);
    let s = t.wait_for("Better: b5");
    assert!(s.contains("1... b6??"), "{s}");
    assert!(s.contains("blunder"), "{s}");
    t.keys(&["Right"]);
    let s = t.wait_until("the panel of 2. g4", |s| !s.contains("Better: b5"));
    assert!(s.contains("2. g4"), "{s}");
    // `a` opens the analysis board on the position shown; its engine's lines arrive; `q` comes
    // back to the review.
    t.keys(&["a"]);
    t.wait_for("Engine · best 3");
    t.wait_for("scores for");
    t.keys(&["q"]);
    t.wait_for("Explanation · Pawn Battle");
    t.keys(&["q"]);
    t.wait_for("EXIT=0");
}

/// Issue 25: play mode's game-over "Review" of a finished Pawn Battle game opens its review
/// screen, and `q` returns to the game.
#[test]
fn review_a_finished_pawn_battle_game_from_play_mode_and_back() {
    // White wins at once: 1. d8 reaches the last rank.
    let Some(s) = review_from_play(
        "review-pb-play",
        "play --new --variant pawn-battle --fen 'r7/3P4/8/8/8/p7/8/7R w - - 0 1'",
        "d8",
    ) else {
        return;
    };
    assert!(s.contains("Explanation · Pawn Battle"), "{s}");
    assert!(s.contains("1. d8"), "{s}");
}

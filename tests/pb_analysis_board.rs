//! The analysis board of a Pawn Battle game as a screen of the shell over its play screen,
//! driven by the events the terminal sends: `a` opens it on the position shown, moves for both
//! sides by the prompt restart its engine (a Pawn Battle analysis), the engine's lines reach
//! it, snapshots at 80×24 and 120×40 with a variation and the lines, and `q` returns to the
//! game unchanged.

use std::sync::atomic::AtomicBool;

use insta::assert_snapshot;
use kibitzer::analysis_board::AnalysisBoard;
use kibitzer::analysis_board::lines::lines_at;
use kibitzer::app::{AnalysisJob, AnalysisRequest, App, Effect, Event, Snapshot};
use kibitzer::config::Config;
use kibitzer::engine::SearchMemory;
use kibitzer::game::Game;
use kibitzer::shell::{Kind, Shell};
use kibitzer::ui::{ColorMode, Theme};
use kibitzer::variant::Variant;
use kibitzer::variant::pawn_battle::PawnBattle;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use shakmaty::Color;

#[path = "support/shell_keys.rs"]
mod shell_keys;
use shell_keys::{press, typing};

/// Pawn Battle play after 1. e4 d5 (the human White, to move: no engine search in flight), at
/// `size`.
fn playing(size: (u16, u16)) -> Shell {
    let mut game = Game::<PawnBattle>::starting();
    for san in ["e4", "d5"] {
        game.play_text(san).unwrap();
    }
    playing_game(game, size)
}

/// Pawn Battle play of `game` (the human White) at `size`.
fn playing_game(game: Game<PawnBattle>, (w, h): (u16, u16)) -> Shell {
    let snapshot = Snapshot {
        game,
        human: Color::White,
        level: 5,
        clock: None,
    };
    let (app, _) = App::<PawnBattle>::starting(Config::default(), Some(snapshot), 1);
    let mut shell = Shell::play(app);
    shell.update(Event::Resize(w, h));
    shell
}

fn board(shell: &Shell) -> &AnalysisBoard<PawnBattle> {
    shell
        .board_of::<PawnBattle>()
        .expect("the Pawn Battle analysis board is on top")
}

/// The Pawn Battle engine job `fx` starts.
fn lines_asked(fx: &[Effect]) -> AnalysisRequest<PawnBattle> {
    fx.iter()
        .find_map(|e| match e {
            Effect::AnalyseLines(AnalysisJob::PawnBattle(job)) => Some((**job).clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a Pawn Battle engine job starts: {fx:?}"))
}

fn prompt_move(shell: &mut Shell, san: &str) -> Vec<Effect> {
    typing(shell, &format!(":{san}"));
    press(shell, KeyCode::Enter)
}

/// The play screen's game, as compared before and after the board.
fn game_state(shell: &Shell) -> (String, usize, Vec<String>) {
    let Some(app) = shell.play_of::<PawnBattle>() else {
        panic!("Pawn Battle play is at the bottom");
    };
    let sans = app.game.moves().iter().map(|m| m.san.to_string()).collect();
    (app.game.fen(), app.game.ply(), sans)
}

#[test]
fn a_opens_the_pawn_battle_board_and_q_returns_to_the_game_unchanged() {
    let mut shell = playing((100, 30));
    let before = game_state(&shell);
    let fx = press(&mut shell, KeyCode::Char('a'));
    assert!(matches!(
        shell.kinds()[..],
        [
            Kind::Play(Variant::PawnBattle),
            Kind::AnalysisBoard(Variant::PawnBattle)
        ]
    ));
    // Its engine is a Pawn Battle analysis of the position shown, with play's settings.
    let first = lines_asked(&fx);
    assert_eq!(first.request.before, *board(&shell).position());
    assert_eq!(board(&shell).tree.game().ply(), 2);
    // Moves for both sides by the prompt, each restarting the engine.
    let fx = prompt_move(&mut shell, "exd5");
    assert!(fx.contains(&Effect::CancelAnalysis(first.id)), "{fx:?}");
    let second = lines_asked(&fx);
    let fx = prompt_move(&mut shell, "Rab8");
    assert!(fx.contains(&Effect::CancelAnalysis(second.id)), "{fx:?}");
    let third = lines_asked(&fx);
    // A chess move is refused with Pawn Battle's reason; nothing is played.
    prompt_move(&mut shell, "Nf3");
    let said = board(&shell).message.clone().expect("an error").text;
    assert!(said.contains("Pawn Battle"), "{said}");
    assert_eq!(board(&shell).tree.game().ply(), 4);
    // The engine's report reaches the board.
    let lines = lines_at(
        &third.request,
        2,
        &mut SearchMemory::new(1),
        &AtomicBool::new(false),
    );
    shell.update(Event::Lines(third.id, Ok(Box::new(lines))));
    assert_eq!(
        board(&shell).engine.lines.as_ref().map(|l| l.lines.len()),
        Some(3)
    );
    // q: the engine is cancelled, play's game is as it was.
    let fx = press(&mut shell, KeyCode::Char('q'));
    assert!(fx.contains(&Effect::CancelAnalysis(third.id)), "{fx:?}");
    assert!(matches!(
        shell.kinds()[..],
        [Kind::Play(Variant::PawnBattle)]
    ));
    assert!(!shell.quit());
    assert_eq!(game_state(&shell), before);
}

#[test]
fn snapshots_of_the_pawn_battle_board_with_lines() {
    for size in [(80, 24), (120, 40)] {
        let mut shell = playing(size);
        press(&mut shell, KeyCode::Char('a'));
        prompt_move(&mut shell, "exd5");
        press(&mut shell, KeyCode::Char(','));
        let fx = prompt_move(&mut shell, "e5");
        let job = lines_asked(&fx);
        let lines = lines_at(
            &job.request,
            3,
            &mut SearchMemory::new(1),
            &AtomicBool::new(false),
        );
        shell.update(Event::Lines(job.id, Ok(Box::new(lines))));
        let theme = Theme::named("classic", ColorMode::TrueColor);
        let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        terminal.draw(|f| shell.render(f, &theme)).unwrap();
        let text = format!("{:?}", terminal.backend());
        for needed in ["(2. e5)", "depth", "scores for White", "variation"] {
            assert!(
                text.contains(needed),
                "{needed} missing at {size:?}:\n{text}"
            );
        }
        assert_snapshot!(
            format!("pb_analysis_board_{}x{}", size.0, size.1),
            terminal.backend()
        );
    }
}

/// Issue 25: the board's help and its prompt give Pawn Battle moves as examples (they gave
/// chess's: Nf3, O-O); the help's examples (from the keymap) are moves of both games.
#[test]
fn the_pawn_battle_boards_help_and_prompt_show_pawn_battle_moves() {
    for size in [(80, 24), (120, 40)] {
        let mut shell = playing(size);
        press(&mut shell, KeyCode::Char('a'));
        press(&mut shell, KeyCode::Char('?'));
        let theme = Theme::named("classic", ColorMode::TrueColor);
        let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
        terminal.draw(|f| shell.render(f, &theme)).unwrap();
        let text = format!("{:?}", terminal.backend());
        assert!(
            text.contains("(e4, exd5, e2e4)") && !text.contains("Nf3"),
            "{text}"
        );
        assert_snapshot!(
            format!("pb_analysis_board_help_{}x{}", size.0, size.1),
            terminal.backend()
        );
        press(&mut shell, KeyCode::Esc);
        press(&mut shell, KeyCode::Char(':'));
        terminal.draw(|f| shell.render(f, &theme)).unwrap();
        let text = format!("{:?}", terminal.backend());
        assert!(
            text.contains("e4, exd5, Rab1") && !text.contains("Nf3"),
            "{text}"
        );
    }
}

#[test]
fn a_finished_pawn_battle_line_shows_the_result_instead_of_lines() {
    let size = (100, 30);
    let game =
        Game::<PawnBattle>::from_variant_fen("r6r/p2P1ppp/8/8/8/8/PP3PPP/R6R w - - 0 20").unwrap();
    let mut shell = playing_game(game, size);
    press(&mut shell, KeyCode::Char('a'));
    let fx = prompt_move(&mut shell, "d8");
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::AnalyseLines(_))),
        "no engine on a finished position: {fx:?}"
    );
    let theme = Theme::named("classic", ColorMode::TrueColor);
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    terminal.draw(|f| shell.render(f, &theme)).unwrap();
    let text = format!("{:?}", terminal.backend());
    assert!(
        text.contains("game over: White wins by promotion on d8"),
        "{text}"
    );
    assert!(
        text.contains("White wins by promotion on d8 · ply"),
        "{text}"
    );
}

//! Pawn Battle through the shell: set up in the editor, analysed, reviewed from play and from a
//! mixed file, chosen in the new-game dialog and loaded (`shell::tests`' Pawn Battle cases,
//! kept with the game; declared in `src/shell.rs`'s tests).

use ratatui::crossterm::event::KeyCode;

use super::tests::{analysis_asked, key, playing_after, playing_e4_e5, scan_into, typing};
use super::*;
use crate::game::Game;
use crate::variant::Variant;
use crate::variant::pawn_battle::PawnBattle;

#[test]
fn a_pawn_battle_set_up_from_a_chess_game_switches_play_to_pawn_battle() {
    let mut shell = playing_e4_e5();
    typing(&mut shell, "e");
    // g: the editor switches to Pawn Battle's start; play it as White at level 2.
    typing(&mut shell, "g");
    assert_eq!(
        shell.editor().unwrap().fen(),
        crate::variant::pawn_battle::START_FEN
    );
    shell.update(key(KeyCode::Enter));
    typing(&mut shell, "w2");
    let fx = shell.update(key(KeyCode::Enter));
    // The chess game is put away (archived), and play is Pawn Battle from the set-up.
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Archive(s) if s.ply() == 2)),
        "{fx:?}"
    );
    let ([Kind::Play(Variant::PawnBattle)], Some(app)) =
        (&shell.kinds()[..], shell.play_of::<PawnBattle>())
    else {
        panic!("a Pawn Battle play screen: {:?}", shell.screens().len());
    };
    assert_eq!(app.game.fen(), crate::variant::pawn_battle::START_FEN);
    assert_eq!((app.human, app.config.engine.level), (Color::White, 2));
    // The Pawn Battle game's editor opens on its own set-ups, and a chess set-up from it
    // switches back to chess.
    typing(&mut shell, "e");
    assert!(matches!(
        shell.kinds()[..],
        [Kind::Play(Variant::PawnBattle), Kind::Editor]
    ));
    assert_eq!(
        shell.editor().unwrap().variant,
        crate::variant::Variant::PawnBattle
    );
    typing(&mut shell, "g");
    shell.update(key(KeyCode::Enter));
    typing(&mut shell, "b3");
    shell.update(key(KeyCode::Enter));
    let ([Kind::Play(Variant::Chess)], Some(app)) = (&shell.kinds()[..], shell.app()) else {
        panic!("a chess play screen");
    };
    assert_eq!(app.game.fen(), Game::new().fen());
    assert_eq!((app.human, app.config.engine.level), (Color::Black, 3));
}

/// Issue 25: the editor's "analyse" of a Pawn Battle set-up opens the Pawn Battle analysis
/// board over the editor (it was refused); an illegal set-up is explained instead.
#[test]
fn the_editors_analyse_opens_the_pawn_battle_analysis_board_on_the_set_up() {
    let mut shell = playing_e4_e5();
    typing(&mut shell, "eg");
    // Black's a-pawn taken off, White to move.
    typing(&mut shell, ":r6r/1ppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1");
    shell.update(key(KeyCode::Enter));
    let fx = typing(&mut shell, "a");
    assert!(matches!(
        shell.kinds()[..],
        [
            Kind::Play(Variant::Chess),
            Kind::Editor,
            Kind::AnalysisBoard(Variant::PawnBattle)
        ]
    ));
    let job = fx
        .iter()
        .find_map(|e| match e {
            Effect::AnalyseLines(crate::app::AnalysisJob::PawnBattle(job)) => Some(job.clone()),
            _ => None,
        })
        .expect("the board's engine starts on the set-up");
    assert_eq!(
        crate::variant::VariantPosition::fen(&job.request.before),
        "r6r/1ppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1"
    );
    assert_eq!(
        shell
            .board_of::<PawnBattle>()
            .map(|b| crate::variant::VariantPosition::fen(b.position())),
        Some(crate::variant::VariantPosition::fen(&job.request.before))
    );
    // q comes back to the editor, its set-up as it was; the board's engine is cancelled.
    let fx = typing(&mut shell, "q");
    assert!(fx.contains(&Effect::CancelAnalysis(job.id)), "{fx:?}");
    assert!(matches!(
        shell.kinds()[..],
        [Kind::Play(Variant::Chess), Kind::Editor]
    ));
    assert_eq!(
        shell.editor().unwrap().fen(),
        "r6r/1ppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1"
    );
    // An illegal set-up (a pawn on the last rank) is explained, as for "play from here".
    typing(&mut shell, ":r6P/1ppppppp/8/8/8/8/1PPPPPPP/R6R b - - 0 1");
    shell.update(key(KeyCode::Enter));
    let fx = typing(&mut shell, "a");
    assert!(fx.is_empty(), "{fx:?}");
    assert!(matches!(
        shell.kinds()[..],
        [Kind::Play(Variant::Chess), Kind::Editor]
    ));
    let note = shell.editor().unwrap().note.clone().expect("the reason");
    assert!(note.error && note.text.contains("rank"), "{}", note.text);
}

/// A chess set-up's analysis in the editor over a Pawn Battle game: it stayed "analysing…"
/// for ever (only a chess play screen could number the request).
#[test]
fn the_editors_chess_analysis_runs_over_a_pawn_battle_game() {
    let mut shell = playing_e4_e5();
    typing(&mut shell, "eg");
    shell.update(key(KeyCode::Enter));
    typing(&mut shell, "w2");
    shell.update(key(KeyCode::Enter));
    assert!(matches!(
        shell.kinds()[..],
        [Kind::Play(Variant::PawnBattle)]
    ));
    // The Pawn Battle game's editor, switched to chess: a analyses with play's settings.
    typing(&mut shell, "eg");
    let id = analysis_asked(&typing(&mut shell, "a"));
    assert_eq!(
        shell.editor().unwrap().analysis,
        Some(crate::editor::AnalysisView::Running)
    );
    shell.update(Event::AnalysisFailed(id, "no engine".to_owned()));
    assert_eq!(
        shell.editor().unwrap().analysis,
        Some(crate::editor::AnalysisView::Failed("no engine".to_owned()))
    );
}

/// Issue 25: a finished Pawn Battle game of play opens its review (the Pawn Battle review
/// screen, visiting the human's mistakes), and leaving it returns to the game.
#[test]
fn a_finished_pawn_battle_game_opens_its_review() {
    let game = Game::<PawnBattle>::from_variant_fen("r7/3P4/8/8/8/p7/8/7R w - - 0 1").unwrap();
    let snapshot = crate::app::Snapshot {
        game,
        human: Color::White,
        level: 3,
        clock: None,
    };
    let (app, _) = App::<PawnBattle>::starting(Config::default(), Some(snapshot), 1);
    let mut shell = Shell::play(app);
    shell.update(Event::Resize(100, 30));
    for k in [":", "d", "8"] {
        shell.update(key(KeyCode::Char(k.chars().next().unwrap())));
    }
    shell.update(key(KeyCode::Enter));
    let fx = shell.update(key(KeyCode::Char('v')));
    let started = fx.iter().find_map(|e| match e {
        Effect::ReviewWork(ReviewWork::Start { id, game, .. }) => Some((*id, game.variant())),
        _ => None,
    });
    assert!(
        matches!(started, Some((_, Variant::PawnBattle))),
        "the Pawn Battle review starts: {fx:?}"
    );
    let Some(r) = shell.top::<ReviewScreen<PawnBattle>>() else {
        panic!("the review is on top");
    };
    let review = r;
    assert_eq!(review.game().game.moves().len(), 1);
    assert_eq!(review.browser().side, Some(Color::White));
    shell.update(key(KeyCode::Char('q')));
    assert!(matches!(
        shell.kinds()[..],
        [Kind::Play(Variant::PawnBattle)]
    ));
}

/// Issue 25: a file mixing chess and Pawn Battle lists both, each with its game, and
/// opens the Pawn Battle one in its review screen.
#[test]
fn the_picker_of_a_mixed_file_opens_a_pawn_battle_game() {
    let look = Look {
        pieces: crate::config::PieceStyle::Ascii,
        theme: Theme::named("mono", crate::ui::ColorMode::None),
        keys: Keymaps::defaults(),
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.pgn");
    let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n\
                [White \"C\"]\n[Black \"D\"]\n[Variant \"Pawn Battle\"]\n\n1. e4 d5 2. exd5 *\n";
    std::fs::write(&path, text).unwrap();
    let (mut shell, _) = Shell::picker(path.clone(), "mixed.pgn", Settings::default(), look);
    shell.update(Event::Resize(80, 24));
    scan_into(&mut shell, text);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    let theme = Theme::named("mono", crate::ui::ColorMode::None);
    terminal.draw(|f| shell.render(f, &theme)).unwrap();
    let screen = format!("{:?}", terminal.backend());
    assert!(screen.contains("chess"), "{screen}");
    assert!(screen.contains("Pawn Battle"), "{screen}");
    shell.update(key(KeyCode::Down));
    let fx = shell.update(key(KeyCode::Enter));
    assert_eq!(
        fx,
        vec![Effect::ReviewWork(ReviewWork::Read(path.clone(), 2))]
    );
    // The runner reads it as the game its Variant tag names.
    let read = crate::review::session::read_game(&path, 2).map_err(|e| format!("{e:#}"));
    assert!(
        matches!(&read, Ok((ReviewGame::PawnBattle(_), None))),
        "{read:?}"
    );
    let fx = shell.update(Event::ReviewReport(ReviewReport::GameRead(2, read)));
    assert!(matches!(
        fx.as_slice(),
        [Effect::ReviewWork(ReviewWork::Start {
            game: ReviewGame::PawnBattle(_),
            ..
        })]
    ));
    let Some(r) = shell.top::<ReviewScreen<PawnBattle>>() else {
        panic!("the review is on top");
    };
    assert_eq!(Some(r.game().game.moves().len()), Some(3));
    terminal.draw(|f| shell.render(f, &theme)).unwrap();
    let screen = format!("{:?}", terminal.backend());
    assert!(screen.contains("Pawn Battle"), "{screen}");
    shell.update(key(KeyCode::Char('q')));
    assert!(matches!(shell.kinds().last(), Some(Kind::Picker)));
}

/// Issue 25: the new-game dialog's game choice replaces the play screen by one of the other
/// game, which plays, renders and switches back.
#[test]
fn the_new_game_dialog_switches_between_chess_and_pawn_battle() {
    let mut shell = playing_after(&["e4", "e5"], Config::default());
    shell.update(key(KeyCode::Char('n')));
    shell.update(key(KeyCode::Char('v')));
    shell.update(key(KeyCode::Char('w')));
    let fx = shell.update(key(KeyCode::Enter));
    assert!(matches!(
        shell.kinds()[..],
        [Kind::Play(Variant::PawnBattle)]
    ));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Archive(s) if s.variant() == Variant::Chess)),
        "the unfinished chess game is archived: {fx:?}"
    );
    assert!(fx.contains(&Effect::NewEngineGame), "{fx:?}");
    let Some(app) = shell.play_of::<PawnBattle>() else {
        unreachable!()
    };
    assert_eq!(app.game.ply(), 0);
    assert_eq!(app.size, (100, 30), "drawn at the terminal's size");
    assert_eq!(
        app.message.as_ref().map(|m| m.text.as_str()),
        Some("new Pawn Battle game: you play White, level 3")
    );
    // It plays: the move goes through the same prompt; the engine is asked for Pawn Battle.
    shell.update(key(KeyCode::Char(':')));
    for c in "e4".chars() {
        shell.update(key(KeyCode::Char(c)));
    }
    let fx = shell.update(key(KeyCode::Enter));
    assert!(
        fx.iter().any(|e| matches!(e,
            Effect::StartSearch(r) if matches!(r.position, crate::app::SearchPosition::PawnBattle(..)))),
        "{fx:?}"
    );
    let backend = ratatui::backend::TestBackend::new(100, 30);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal
        .draw(|f| shell.render(f, &Theme::named("default", crate::ui::ColorMode::None)))
        .unwrap();
    let screen = format!("{:?}", terminal.backend());
    assert!(screen.contains("Pawn Battle"), "{screen}");
    // And back to chess.
    shell.update(key(KeyCode::Char('n')));
    shell.update(key(KeyCode::Char('v')));
    shell.update(key(KeyCode::Enter));
    assert!(matches!(shell.kinds()[..], [Kind::Play(Variant::Chess)]));
    assert!(!shell.quit());
}

/// Issue 25: `:load` of a Pawn Battle PGN from a chess play screen, and of a chess PGN from
/// a Pawn Battle one: the shell switches the play screen (the old game archived, as
/// chess's `:load` does), through the runner's reading of the file.
#[test]
fn load_switches_the_play_screen_to_the_loaded_games_variant_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    let pb = dir.path().join("pb.pgn");
    std::fs::write(
        &pb,
        "[Event \"x\"]\n\n1. e4 *\n\n[Variant \"Pawn Battle\"]\n[TimeControl \"300+2\"]\n\n\
         1. e4 { [%clk 0:04:50] } d5 { [%clk 0:04:41] } 2. exd5 *\n",
    )
    .unwrap();
    let chess = dir.path().join("chess.pgn");
    std::fs::write(&chess, "1. d4 d5 2. c4 *\n").unwrap();
    // The runner's part: read the file the effect names, answer with the event.
    let run_load = |shell: &mut Shell, fx: &[Effect]| {
        let (path, pick) = fx
            .iter()
            .find_map(|e| match e {
                Effect::Load(path, pick) => Some((path.clone(), *pick)),
                _ => None,
            })
            .expect("the file is read");
        let read = crate::app::persist::load_saved(&path, pick)
            .map(Box::new)
            .map_err(|e| format!("{e:#}"));
        shell.update(Event::Loaded(path, read))
    };
    let mut shell = playing_e4_e5();
    // A file of two games: the prompt's error says how to pick one.
    let fx = typing(&mut shell, &format!(":load {}", pb.display()));
    let fx = [fx, shell.update(key(KeyCode::Enter))].concat();
    run_load(&mut shell, &fx);
    let message = shell.app().unwrap().message.clone().unwrap().text;
    assert!(message.contains("it holds 2 games"), "{message}");
    assert_eq!(shell.app().unwrap().game.ply(), 2, "the game is untouched");
    // Game 2 is Pawn Battle: play becomes Pawn Battle, the chess game archived.
    let fx = typing(&mut shell, &format!(":load {} 2", pb.display()));
    let fx = [fx, shell.update(key(KeyCode::Enter))].concat();
    let fx = run_load(&mut shell, &fx);
    assert!(
        fx.iter().any(
            |e| matches!(e, Effect::Archive(s) if s.variant() == Variant::Chess && s.ply() == 2)
        ),
        "{fx:?}"
    );
    let ([Kind::Play(Variant::PawnBattle)], Some(app)) =
        (&shell.kinds()[..], shell.play_of::<PawnBattle>())
    else {
        panic!("a Pawn Battle play screen");
    };
    assert_eq!(app.game.ply(), 3);
    // A foreign game: the human takes the side to move (Black), the level stays.
    assert_eq!((app.human, app.config.engine.level), (Color::Black, 3));
    assert_eq!(
        app.clock.as_ref().map(|c| c.control.to_string()).as_deref(),
        Some("5+2")
    );
    let message = &app.message.as_ref().unwrap().text;
    assert!(
        message.contains("pb.pgn (Pawn Battle game): you play Black · clock 5+2"),
        "{message}"
    );
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::StartSearch(_))),
        "the human is to move: {fx:?}"
    );
    // A chess game loads into the Pawn Battle screen the same way.
    let fx = typing(&mut shell, &format!(":load {}", chess.display()));
    let fx = [fx, shell.update(key(KeyCode::Enter))].concat();
    let fx = run_load(&mut shell, &fx);
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Archive(s) if s.variant() == Variant::PawnBattle)),
        "the unfinished Pawn Battle game is archived: {fx:?}"
    );
    let ([Kind::Play(Variant::Chess)], Some(app)) = (&shell.kinds()[..], shell.app()) else {
        panic!("a chess play screen");
    };
    assert_eq!(app.game.ply(), 3);
    // A missing file: what and where, and the game stays.
    let fx = typing(&mut shell, ":load nowhere.pgn");
    let fx = [fx, shell.update(key(KeyCode::Enter))].concat();
    run_load(&mut shell, &fx);
    let app = shell.app().unwrap();
    let message = &app.message.as_ref().unwrap().text;
    assert!(message.contains("cannot read nowhere.pgn"), "{message}");
    assert_eq!(app.game.ply(), 3);
}

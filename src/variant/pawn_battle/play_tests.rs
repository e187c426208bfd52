//! Model tests of the play screen for Pawn Battle (`App<PawnBattle>`): a game played by keys to
//! a win, undo/redo, hints, the autosave and its resume, and the game-over text of every way a
//! game ends. Events in, state and effects out, no terminal.

use ratatui::crossterm::event::KeyCode;
use shakmaty::{Color, Square};

use super::tests::{key, mouse, run_analyses, search_live, thinking};
use super::*;
use crate::variant::pawn_battle::PawnBattle;

type PbApp = App<PawnBattle>;

fn press(app: &mut PbApp, codes: &[KeyCode]) -> Vec<Effect> {
    codes.iter().flat_map(|&c| app.update(key(c))).collect()
}

fn prompt(app: &mut PbApp, text: &str) -> Vec<Effect> {
    let mut fx = app.update(key(KeyCode::Char(':')));
    for c in text.chars() {
        fx.extend(app.update(key(KeyCode::Char(c))));
    }
    fx.extend(app.update(key(KeyCode::Enter)));
    fx
}

/// A fresh Pawn Battle game, the human White.
fn new_game() -> PbApp {
    let (app, fx) = PbApp::starting(Config::default(), None, 1);
    assert_eq!(fx, vec![Effect::NewEngineGame]);
    assert_eq!(app.human, Color::White);
    app
}

/// A game of Pawn Battle from `fen`, the human playing `human`.
fn from_fen(fen: &str, human: Color) -> (PbApp, Vec<Effect>) {
    let game = Game::<PawnBattle>::from_variant_fen(fen).unwrap();
    let snapshot = Snapshot {
        game,
        human,
        level: 5,
        clock: None,
    };
    PbApp::starting(Config::default(), Some(snapshot), 1)
}

/// The engine's search in flight answers with `uci`.
fn engine_plays(app: &mut PbApp, uci: &str) -> Vec<Effect> {
    let search = app.search.as_ref().expect("the engine is thinking");
    assert_eq!(search.purpose, Purpose::Move);
    let id = search.id;
    let mv = app.game.position().parse_move(uci).unwrap();
    app.update(Event::EngineDone(id, Some(mv), thinking(6, -30, vec![mv])))
}

/// The search request in `fx` searches Pawn Battle's position of the game.
fn searches_the_game(app: &PbApp, fx: &[Effect]) -> bool {
    fx.iter().any(|e| {
        matches!(e, Effect::StartSearch(r)
        if r.position == SearchPosition::PawnBattle(
            app.game.position().clone(),
            app.config.pawn_battle.eval.clone(),
        ))
    })
}

#[test]
fn a_pawn_battle_game_played_by_keys_to_a_win() {
    let mut app = new_game();
    use KeyCode::{Enter, Left, Up};
    // e2-e4 by keys: the cursor starts on e2.
    let fx = press(&mut app, &[Enter, Up, Up, Enter]);
    assert_eq!(app.game.moves()[0].san.to_string(), "e4");
    assert!(searches_the_game(&app, &fx), "{fx:?}");
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Autosave(Saved::PawnBattle(_))))
    );
    // Every move is analysed in the background (the human's, and the weakened engine's).
    let step = |app: &mut PbApp, fx: Vec<Effect>| run_analyses(app, fx, 2);
    step(&mut app, fx);
    let fx = engine_plays(&mut app, "a7a6");
    step(&mut app, fx);
    let fx = press(&mut app, &[Enter, Up, Enter]); // e4-e5
    step(&mut app, fx);
    let fx = engine_plays(&mut app, "a6a5");
    step(&mut app, fx);
    let fx = press(&mut app, &[Enter, Up, Enter]); // e5-e6
    step(&mut app, fx);
    let fx = engine_plays(&mut app, "a5a4");
    step(&mut app, fx);
    let fx = press(&mut app, &[Enter, Up, Left, Enter]); // e6xd7
    step(&mut app, fx);
    assert_eq!(app.game.moves()[6].san.to_string(), "exd7");
    let fx = engine_plays(&mut app, "a4a3");
    step(&mut app, fx);
    let fx = press(&mut app, &[Enter, Up, Enter]); // d7-d8: the pawn arrives
    let fx = step(&mut app, fx);
    assert!(
        (0..9).all(|ply| app
            .analysis_at(ply)
            .is_some_and(|a| a.explanation.is_some())),
        "every move of the game is explained"
    );
    let outcome = app.outcome().expect("the game is over");
    assert_eq!(outcome.to_string(), "White wins by promotion on d8");
    assert_eq!(outcome.result_token(), "1-0");
    assert_eq!(app.mode, Mode::GameOver { choice: None });
    assert!(
        app.search.is_none(),
        "the engine does not move after the end"
    );
    let archived: Vec<&Saved> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::Archive(s) => Some(s),
            _ => None,
        })
        .collect();
    assert_eq!(archived.len(), 1, "{fx:?}");
    assert_eq!(archived[0].variant(), Variant::PawnBattle);
    assert_eq!(archived[0].ply(), 9);
}

#[test]
fn undo_and_redo_take_back_and_replay_a_move_pair() {
    let mut app = new_game();
    prompt(&mut app, "e4");
    engine_plays(&mut app, "h7h5");
    prompt(&mut app, "d2d4"); // UCI works too
    engine_plays(&mut app, "h5h4");
    assert_eq!(app.game.ply(), 4);
    let fx = app.update(key(KeyCode::Char('u')));
    assert_eq!(app.game.ply(), 2, "your move and the engine's reply");
    assert!(app.search.is_none());
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Autosave(s) if s.ply() == 2))
    );
    app.update(key(KeyCode::Char('r')));
    assert_eq!(app.game.ply(), 4);
    assert_eq!(app.game.moves()[3].san.to_string(), "h4");
    // Flip turns the board; the game is untouched.
    app.update(key(KeyCode::Char('f')));
    assert_eq!(app.orientation, Color::Black);
}

#[test]
fn the_prompt_gives_precise_errors_for_pawn_battle_moves() {
    let mut app = new_game();
    prompt(&mut app, "Nf3");
    let text = app.message.as_ref().unwrap().text.clone();
    assert!(text.contains("Nf3"), "{text}");
    assert_eq!(app.message.as_ref().unwrap().kind, MessageKind::Error);
    prompt(&mut app, "e5");
    let text = app.message.as_ref().unwrap().text.clone();
    assert!(text.contains("e5"), "{text}");
    assert_eq!(app.game.ply(), 0);
    // From the start both rooks reach b1 (nothing stands between them): the error names the
    // two ways to write it, as chess's ambiguity error does, and either one plays.
    prompt(&mut app, "Rb1");
    assert_eq!(
        app.message.as_ref().map(|m| (m.text.as_str(), m.kind)),
        Some((
            "Rb1 is ambiguous: it could be Rab1 or Rhb1",
            MessageKind::Error
        ))
    );
    assert_eq!(app.game.ply(), 0);
    let mut other = new_game();
    prompt(&mut other, "Rhb1");
    assert_eq!(other.game.moves()[0].san.to_string(), "Rhb1");
    prompt(&mut app, "Rab1");
    assert_eq!(app.game.moves()[0].san.to_string(), "Rab1");
    let mut app = new_game();
    // Clicking an enemy pawn is refused like in chess.
    app.cursor = Square::E7;
    app.update(key(KeyCode::Enter));
    assert_eq!(app.message.as_ref().unwrap().text, "that is not your piece");
}

#[test]
fn a_hint_is_the_engines_move_and_score_without_an_explanation() {
    let mut app = new_game();
    let fx = app.update(key(KeyCode::Char('t')));
    assert!(searches_the_game(&app, &fx), "{fx:?}");
    let id = app.search.as_ref().unwrap().id;
    let mv = app.game.position().parse_move("d4").unwrap();
    app.update(Event::EngineDone(id, Some(mv), thinking(12, 40, vec![mv])));
    assert_eq!(
        app.message.as_ref().unwrap().text,
        "hint: d4, +0.40 (you are better by 0.4)"
    );
    let hint = app.hint.as_ref().unwrap();
    assert_eq!(hint.mv, mv);
    // A search report without the engine's whole result has nothing to explain from.
    assert!(hint.explanation.is_none());
}

#[test]
fn a_hint_comes_with_its_reason_from_the_engines_search() {
    let mut app = new_game();
    app.update(key(KeyCode::Char('t')));
    let id = app.search.as_ref().unwrap().id;
    let result = search_live(&app, 4);
    let best = result.best_move.unwrap();
    let mut t = thinking(4, 20, result.pv.clone());
    t.result = Some(Box::new(result.clone()));
    app.update(Event::EngineDone(id, Some(best), t));
    let hint = app.hint.as_ref().unwrap();
    assert_eq!(hint.mv, best);
    let explanation = hint.explanation.as_ref().expect("the hint is explained");
    let req = app.analysis_request(0, Some(best)).unwrap();
    let same = crate::analysis::assemble(&req, &result, None).explanation;
    assert_eq!(Some(explanation), same.as_ref());
    assert!(!explanation.panel_lines().is_empty());
}

#[test]
fn the_engines_move_is_explained_and_the_humans_move_gets_a_verdict() {
    let mut config = Config::default();
    config.engine.level = 10; // full strength: the engine's search explains its own move
    let game = Game::<PawnBattle>::starting();
    let snapshot = Snapshot {
        game,
        human: Color::Black,
        level: 10,
        clock: None,
    };
    let (mut app, fx) = PbApp::starting(config, Some(snapshot), 1);
    assert!(
        searches_the_game(&app, &fx),
        "the engine opens as White: {fx:?}"
    );
    let id = app.search.as_ref().unwrap().id;
    let result = search_live(&app, 4);
    let best = result.best_move.unwrap();
    let mut t = thinking(4, 20, result.pv.clone());
    t.result = Some(Box::new(result.clone()));
    let fx = app.update(Event::EngineDone(id, Some(best), t));
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::Analyse(_))),
        "a full-strength move is explained from its own search: {fx:?}"
    );
    let analysis = app.analysis_at(0).unwrap();
    assert!(analysis.thinking.is_some());
    let explanation = analysis
        .explanation
        .as_ref()
        .expect("the move is explained");
    let req = app.analysis_request(0, Some(best)).unwrap();
    assert_eq!(req.before, PawnBattle::default());
    let same = crate::analysis::assemble(&req, &result, None).explanation;
    assert_eq!(Some(explanation), same.as_ref());
    // The panel shows it.
    assert!(!analysis.lines().is_empty());
    // The human's move goes to a Pawn Battle background analysis ...
    let reply = app.game.position().parse_move("a7a6").unwrap();
    let fx = prompt(&mut app, "a6");
    let job = fx
        .iter()
        .find_map(|e| match e {
            Effect::Analyse(j) => match j {
                AnalysisJob::PawnBattle(j) => Some(j.clone()),
                AnalysisJob::Chess(_) => None,
            },
            _ => None,
        })
        .expect("the human's move is analysed in the background as Pawn Battle");
    assert_eq!(job.ply, 1);
    assert_eq!(job.request.played, Some(reply));
    assert_eq!(job.request.human, Some(Color::Black));
    assert_eq!(app.analyses_pending(), 1);
    // ... whose verdict reaches the panel.
    let analysed = super::tests::analyse_job(&AnalysisJob::PawnBattle(job.clone()), 3);
    assert!(
        analysed
            .explanation
            .as_ref()
            .is_some_and(|e| e.quality.is_some()),
        "the move is judged: {analysed:?}"
    );
    app.update(Event::Analysed(job.id, Box::new(analysed.clone())));
    assert_eq!(app.analyses_pending(), 0);
    let judged = app.analysis_at(1).expect("the human's move is judged");
    assert_eq!(judged.mv, reply);
    assert_eq!(judged.explanation, analysed.explanation);
    let verdict = analysed.explanation.unwrap().panel_lines();
    assert!(!verdict.is_empty());
    assert_eq!(judged.lines(), verdict);
}

#[test]
fn a_pawn_battle_autosave_resumes_as_pawn_battle_and_chess_ones_still_load() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = new_game();
    prompt(&mut app, "e4");
    engine_plays(&mut app, "d7d5");
    let Saved::PawnBattle(snapshot) = app.saved() else {
        panic!("a Pawn Battle game is saved as one");
    };
    persist::write_autosave(dir.path(), &app.saved()).unwrap();
    let text = std::fs::read_to_string(persist::autosave_path(dir.path())).unwrap();
    assert!(text.contains("[Variant \"Pawn Battle\"]"), "{text}");
    let resumed = persist::read_autosave(dir.path()).unwrap();
    assert!(resumed.warning.is_none());
    let Some(Saved::PawnBattle(back)) = resumed.snapshot else {
        panic!("resumed as another game: {:?}", resumed.snapshot);
    };
    assert_eq!(back, snapshot);
    let (app, _) = PbApp::starting(Config::default(), Some(back), 1);
    assert_eq!(app.game.fen(), snapshot.game.fen());
    assert_eq!(
        app.message.as_ref().unwrap().text,
        "resumed your Pawn Battle game after 1… d5"
    );
    // An old chess autosave (no Variant tag) still loads as chess.
    let chess = "[White \"You\"]\n[Black \"kibitzer level 3\"]\n\n1. e4 e5 *\n";
    std::fs::write(persist::autosave_path(dir.path()), chess).unwrap();
    let resumed = persist::read_autosave(dir.path()).unwrap();
    assert!(matches!(resumed.snapshot, Some(Saved::Chess(ref s)) if s.game.ply() == 2));
}

#[test]
fn game_over_says_why_for_every_way_a_game_ends() {
    let cases = [
        // A pawn arrives on the last rank.
        (
            "r7/3P4/8/8/8/p7/8/7R w - - 0 1",
            "d8",
            "White wins by promotion on d8",
        ),
        // The opponent's last pawn is taken.
        (
            "r7/8/8/8/8/1p6/P7/7R w - - 0 1",
            "axb3",
            "White wins by capturing all the opponent's pawns",
        ),
        // The opponent is left without a legal move.
        (
            "8/8/8/8/8/p7/P7/7R w - - 0 1",
            "Rh3",
            "White wins by leaving the opponent no legal move",
        ),
        // Fifty moves without a pawn move or a capture.
        (
            "r7/p7/8/8/8/8/P7/R7 w - - 99 60",
            "Rb1",
            "Draw by fifty-move rule",
        ),
    ];
    for (fen, mv, text) in cases {
        let (mut app, _) = from_fen(fen, Color::White);
        prompt(&mut app, mv);
        let outcome = app
            .outcome()
            .unwrap_or_else(|| panic!("{fen} {mv}: not over"));
        assert_eq!(outcome.to_string(), text, "{fen} {mv}");
        assert_eq!(app.mode, Mode::GameOver { choice: None });
    }
    // Threefold repetition: the rooks go back and forth.
    let (mut app, _) = from_fen("r7/p7/8/8/8/8/P7/R7 w - - 0 1", Color::White);
    for (mine, reply) in [("Rb1", "a8b8"), ("Ra1", "b8a8"), ("Rb1", "a8b8")] {
        prompt(&mut app, mine);
        engine_plays(&mut app, reply);
    }
    prompt(&mut app, "Ra1");
    assert!(app.outcome().is_none());
    engine_plays(&mut app, "b8a8");
    assert_eq!(
        app.outcome().unwrap().to_string(),
        "Draw by threefold repetition"
    );
}

#[test]
fn fen_sets_up_a_kingless_position_and_the_editor_opens_on_it() {
    let mut app = new_game();
    prompt(
        &mut app,
        "fen r6r/pppppppp/8/8/4P3/8/PPPP1PPP/R6R b - - 0 1",
    );
    assert_eq!(app.game.turn(), Color::Black);
    assert_eq!(app.human, Color::White);
    assert!(app.search.is_some(), "the engine is to move");
    prompt(&mut app, "fen 8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(app.message.as_ref().unwrap().kind, MessageKind::Error);
    // The board editor opens on the position shown, as a Pawn Battle set-up.
    let fx = app.update(key(KeyCode::Char('e')));
    let [Effect::OpenEditor(from)] = &fx[..] else {
        panic!("the editor is asked for: {fx:?}");
    };
    assert_eq!(from.variant, crate::variant::Variant::PawnBattle);
    assert_eq!(from.setup, app.game.position().setup());
}

#[test]
fn the_new_game_dialog_offers_the_other_game() {
    let mut app = new_game();
    prompt(&mut app, "e4");
    app.update(key(KeyCode::Char('n')));
    assert!(matches!(
        app.mode,
        Mode::NewGame(crate::app::NewGame {
            variant: Variant::PawnBattle,
            ..
        })
    ));
    app.update(key(KeyCode::Char('v')));
    app.update(key(KeyCode::Char('b')));
    assert!(matches!(
        app.mode,
        Mode::NewGame(crate::app::NewGame {
            variant: Variant::Chess,
            color: HumanColor::Black,
            ..
        })
    ));
    let fx = app.update(key(KeyCode::Enter));
    // The unfinished game is archived, its search stopped; the shell opens the chess game.
    assert!(
        fx.iter().any(|e| matches!(e, Effect::StopSearch(_))),
        "{fx:?}"
    );
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Archive(s) if s.ply() == 1))
    );
    assert_eq!(
        fx.last(),
        Some(&Effect::NewGameOf(NewGame {
            variant: Variant::Chess,
            color: HumanColor::Black,
            level: 5,
            time: TimeControl::Untimed,
        }))
    );
    // The same game again: a new game here, as in chess.
    app.update(key(KeyCode::Char('n')));
    app.update(key(KeyCode::Enter));
    assert_eq!(app.game.ply(), 0);
    assert_eq!(
        app.message.as_ref().unwrap().text,
        "new Pawn Battle game: you play White, level 5"
    );
}

#[test]
fn mouse_clicks_and_drags_move_pawns_and_rooks() {
    use ratatui::crossterm::event::{MouseButton, MouseEventKind};
    let down = MouseEventKind::Down(MouseButton::Left);
    let up = MouseEventKind::Up(MouseButton::Left);
    let mut app = new_game();
    app.update(Event::Resize(120, 40));
    // Click, click: a2-a4.
    app.update(mouse(down, &app, Square::A2));
    app.update(mouse(up, &app, Square::A2));
    assert_eq!(app.legal_targets(), vec![Square::A3, Square::A4]);
    app.update(mouse(down, &app, Square::A4));
    app.update(mouse(up, &app, Square::A4));
    assert_eq!(app.game.moves()[0].san.to_string(), "a4");
    engine_plays(&mut app, "h7h5");
    // Drag and drop: the rook up the opened file.
    app.update(mouse(down, &app, Square::A1));
    app.update(mouse(
        MouseEventKind::Drag(MouseButton::Left),
        &app,
        Square::A3,
    ));
    app.update(mouse(up, &app, Square::A3));
    assert_eq!(app.game.moves()[2].san.to_string(), "Ra3");
}

#[test]
fn a_timed_pawn_battle_game_ends_on_the_flag() {
    let mut config = Config::default();
    config.game.time_control = "1+0".parse().unwrap();
    let (mut app, _) = PbApp::starting(config, None, 1);
    let time = crate::clock::TimeSource::fake();
    app.set_time_source(time.clone());
    prompt(&mut app, "e4");
    engine_plays(&mut app, "d7d5");
    time.advance(std::time::Duration::from_secs(61));
    app.update(Event::Tick);
    assert_eq!(
        app.outcome().map(|o| o.to_string()).as_deref(),
        Some("Black wins by timeout")
    );
    assert_eq!(
        app.message.as_ref().unwrap().text,
        "White ran out of time: Black wins by timeout"
    );
    // The autosave and the archive name the game.
    assert!(matches!(app.saved(), Saved::PawnBattle(s) if s.clock.is_some()));
}

#[test]
fn a_draw_offer_rests_on_the_engines_judgement_of_the_position() {
    let mut app = new_game();
    prompt(&mut app, "e4");
    prompt(&mut app, "draw");
    assert_eq!(
        app.message.as_ref().unwrap().text,
        "the engine declines for now: it has not judged this position yet (offer again once \
         the last move is analysed)"
    );
    // Its own move at full strength, judged dead equal: accepted.
    app.config.engine.level = 10;
    let id = app.search.as_ref().unwrap().id;
    let mv = app.game.position().parse_move("e5").unwrap();
    app.update(Event::EngineDone(id, Some(mv), thinking(9, 5, vec![mv])));
    prompt(&mut app, "draw");
    assert_eq!(
        app.outcome().map(|o| o.to_string()).as_deref(),
        Some("Draw by agreement")
    );
}

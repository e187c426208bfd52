//! Model tests: events in, state and effects out, no terminal.

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use shakmaty::{Color, Move, Role, Square};

use super::*;
use crate::config::ConfigError;

pub(crate) fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

pub(crate) fn keys(app: &mut App, text: &str) -> Vec<Effect> {
    text.chars()
        .flat_map(|c| app.update(key(KeyCode::Char(c))))
        .collect()
}

pub(crate) fn prompt(app: &mut App, text: &str) -> Vec<Effect> {
    let mut fx = app.update(key(KeyCode::Char(':')));
    fx.extend(keys(app, text));
    fx.extend(app.update(key(KeyCode::Enter)));
    fx
}

pub(crate) fn new_app() -> App {
    let (app, fx) = App::new(Config::default(), None, 1);
    assert_eq!(fx, vec![Effect::NewEngineGame]);
    app
}

pub(crate) fn thinking(depth: u32, cp: i32, pv: Vec<Move>) -> Thinking {
    Thinking {
        depth,
        seldepth: depth + 3,
        score: Score::Cp(cp),
        nodes: 12_345,
        nps: 1_000_000,
        pv,
        result: None,
    }
}

/// A real search of the live position at a fixed depth (deterministic).
pub(crate) fn search_live<P: Playable>(app: &App<P>, depth: u32) -> crate::engine::SearchResult {
    let keys = app.game.history_keys();
    crate::analysis::search_position(
        app.game.position(),
        &keys[..keys.len() - 1],
        &crate::engine::SearchLimits::depth(depth),
        &P::evaluation(&app.config),
        &mut crate::engine::SearchMemory::new(1),
        &std::sync::atomic::AtomicBool::new(false),
    )
}

/// The analysis `job` asks for, searched at a fixed `depth` (instead of the configured time).
pub(crate) fn analyse_job(job: &AnalysisJob, depth: u32) -> crate::analysis::Analysis {
    fn at_depth<P: crate::analysis::Analysed>(
        job: &AnalysisRequest<P>,
        depth: u32,
    ) -> crate::analysis::Analysis {
        let mut req = job.request.clone();
        req.limits = crate::engine::SearchLimits::depth(depth);
        crate::analysis::analyse(
            &req,
            &mut crate::engine::SearchMemory::new(1),
            &std::sync::atomic::AtomicBool::new(false),
        )
    }
    crate::variant::each_game!(job, AnalysisJob(job) => at_depth(job, depth))
}

/// Runs the background analyses among `fx` synchronously at a fixed depth (instead of the
/// configured time), feeding their results back, until none is left; returns the other effects.
pub(crate) fn run_analyses<P: Playable>(
    app: &mut App<P>,
    fx: Vec<Effect>,
    depth: u32,
) -> Vec<Effect> {
    let mut out = Vec::new();
    let mut todo: std::collections::VecDeque<Effect> = fx.into();
    while let Some(e) = todo.pop_front() {
        match e {
            Effect::Analyse(job) => {
                let a = analyse_job(&job, depth);
                todo.extend(app.update(Event::Analysed(job.id(), Box::new(a))));
            }
            other => out.push(other),
        }
    }
    out
}

fn started(fx: &[Effect]) -> Option<&SearchRequest> {
    fx.iter().find_map(|e| match e {
        Effect::StartSearch(r) => Some(r),
        _ => None,
    })
}

/// Lets the engine answer the search in flight with `text`, with a real depth-3 search of the
/// position behind it (the move is the level's choice when it differs from the best).
pub(crate) fn engine_plays(app: &mut App, text: &str) -> Vec<Effect> {
    let id = app.search.as_ref().expect("a search is running").id;
    let mv = app.game.parse_move(text).unwrap();
    let mut t = thinking(8, 20, vec![mv]);
    t.result = Some(Box::new(search_live(app, 3)));
    app.update(Event::EngineDone(id, Some(mv), t))
}

/// An app resuming `game` with the human as White at level 3.
fn white_at_level_3(game: Game) -> App {
    App::new(
        Config::default(),
        Some(Snapshot {
            game,
            human: Color::White,
            level: 3,
            clock: None,
        }),
        1,
    )
    .0
}

pub(crate) fn mouse<P: Playable>(kind: MouseEventKind, app: &App<P>, sq: Square) -> Event {
    let r = app.layout().square_rect(sq, app.orientation);
    Event::Mouse(MouseEvent {
        kind,
        column: r.x + 1,
        row: r.y,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn a_prompt_move_is_played_saved_and_the_engine_starts() {
    let mut app = new_app();
    let fx = prompt(&mut app, "e4");
    assert_eq!(app.game.ply(), 1);
    assert!(fx.iter().any(|e| matches!(e, Effect::Autosave(_))));
    let req = started(&fx).expect("the engine searches");
    assert_eq!(
        req.position,
        SearchPosition::Chess(app.game.position().clone())
    );
    assert_eq!(req.history.len(), 2);
    assert_eq!(req.engine.level, app.config.engine.level);
    assert_eq!(req.purpose, Purpose::Move);
    assert!(app.engine_thinking());
}

#[test]
fn prompt_errors_are_precise_and_leave_the_game_alone() {
    let mut app = new_app();
    let fx = prompt(&mut app, "e5");
    assert!(fx.is_empty());
    assert_eq!(app.game.ply(), 0);
    let msg = app.message.clone().unwrap();
    assert_eq!(msg.kind, MessageKind::Error);
    assert!(msg.text.contains("e5"), "{}", msg.text);
    prompt(&mut app, "level 12");
    assert!(app.message.unwrap().text.contains("1 to 10"));
}

#[test]
fn progress_and_results_with_a_stale_id_are_dropped() {
    let mut app = new_app();
    app.config.engine.level = 10; // its move is explained from its own search
    prompt(&mut app, "e4");
    let id = app.search.as_ref().unwrap().id;
    let stale = SearchId(id.0 + 100);
    app.update(Event::EngineProgress(stale, thinking(3, 10, vec![])));
    assert_eq!(app.search.as_ref().unwrap().thinking, None);
    app.update(Event::EngineProgress(id, thinking(4, 15, vec![])));
    assert_eq!(
        app.search
            .as_ref()
            .unwrap()
            .thinking
            .as_ref()
            .unwrap()
            .depth,
        4
    );
    let e5 = app.game.parse_move("e5").unwrap();
    app.update(Event::EngineDone(stale, Some(e5), thinking(5, 0, vec![])));
    assert_eq!(app.game.ply(), 1, "a stale result never lands");
    let fx = engine_plays(&mut app, "e5");
    assert_eq!(app.game.ply(), 2);
    assert!(app.search.is_none());
    assert!(app.analyses.contains_key(&1));
    assert!(fx.iter().any(|e| matches!(e, Effect::Autosave(_))));
}

#[test]
fn takeback_during_a_search_cancels_it() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let id = app.search.as_ref().unwrap().id;
    let fx = app.update(key(KeyCode::Char('u')));
    assert_eq!(fx.first(), Some(&Effect::StopSearch(id)));
    assert_eq!(app.game.ply(), 0);
    assert!(app.search.is_none());
    // The cancelled search reports anyway: nothing happens.
    let e5 = Game::new().parse_move("e4").unwrap();
    app.update(Event::EngineDone(id, Some(e5), thinking(5, 0, vec![])));
    assert_eq!(app.game.ply(), 0);
}

#[test]
fn takeback_removes_the_engine_reply_too_and_redo_restores_both() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    engine_plays(&mut app, "e5");
    prompt(&mut app, "Nf3");
    engine_plays(&mut app, "Nc6");
    app.update(key(KeyCode::Char('u')));
    assert_eq!(app.game.ply(), 2);
    assert_eq!(app.game.turn(), Color::White);
    let fx = app.update(key(KeyCode::Char('r')));
    assert_eq!(app.game.ply(), 4);
    assert!(started(&fx).is_none());
}

#[test]
fn cursor_keys_follow_the_orientation() {
    let mut app = new_app();
    assert_eq!(app.cursor, Square::E2);
    app.update(key(KeyCode::Up));
    app.update(key(KeyCode::Char('l')));
    assert_eq!(app.cursor, Square::F3);
    app.update(key(KeyCode::Char('f')));
    assert_eq!(app.orientation, Color::Black);
    app.update(key(KeyCode::Up));
    app.update(key(KeyCode::Char('l')));
    assert_eq!(app.cursor, Square::E2);
    for _ in 0..10 {
        app.update(key(KeyCode::Down));
    }
    assert_eq!(app.cursor, Square::E8, "the cursor stops at the edge");
}

#[test]
fn keyboard_pick_and_drop() {
    let mut app = new_app();
    app.update(key(KeyCode::Enter));
    assert_eq!(app.input.selected, Some(Square::E2));
    assert_eq!(app.legal_targets(), vec![Square::E3, Square::E4]);
    app.update(key(KeyCode::Esc));
    assert_eq!(app.input.selected, None);
    app.update(key(KeyCode::Char(' ')));
    app.update(key(KeyCode::Up));
    app.update(key(KeyCode::Up));
    app.update(key(KeyCode::Enter));
    assert_eq!(app.game.moves()[0].san.to_string(), "e4");
}

#[test]
fn picking_an_empty_square_or_a_foreign_piece_explains() {
    let mut app = new_app();
    app.cursor = Square::E4;
    app.update(key(KeyCode::Enter));
    assert_eq!(app.message.as_ref().unwrap().kind, MessageKind::Error);
    app.cursor = Square::E7;
    app.update(key(KeyCode::Enter));
    assert!(
        app.message
            .as_ref()
            .unwrap()
            .text
            .contains("not your piece")
    );
}

#[test]
fn mouse_click_click_and_drag_and_drop() {
    let mut app = new_app();
    app.update(Event::Resize(120, 40));
    let down = MouseEventKind::Down(MouseButton::Left);
    let up = MouseEventKind::Up(MouseButton::Left);
    app.update(mouse(down, &app, Square::G1));
    app.update(mouse(up, &app, Square::G1));
    assert_eq!(app.input.selected, Some(Square::G1));
    app.update(mouse(down, &app, Square::F3));
    app.update(mouse(up, &app, Square::F3));
    assert_eq!(app.game.moves()[0].san.to_string(), "Nf3");
    engine_plays(&mut app, "d5");
    app.update(mouse(down, &app, Square::D2));
    app.update(mouse(
        MouseEventKind::Drag(MouseButton::Left),
        &app,
        Square::D3,
    ));
    app.update(mouse(up, &app, Square::D4));
    assert_eq!(app.game.moves()[2].san.to_string(), "d4");
}

#[test]
fn castling_by_moving_the_king_two_squares() {
    let mut app = white_at_level_3(Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap());
    app.cursor = Square::E1;
    app.update(key(KeyCode::Enter));
    assert!(app.legal_targets().contains(&Square::G1));
    app.cursor = Square::G1;
    app.update(key(KeyCode::Enter));
    assert_eq!(app.game.moves()[0].san.to_string(), "O-O");
}

#[test]
fn castling_by_clicking_the_king_then_its_rook() {
    let mut app = white_at_level_3(Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap());
    app.update(Event::Resize(80, 24));
    for sq in [Square::E1, Square::A1] {
        app.update(mouse(MouseEventKind::Down(MouseButton::Left), &app, sq));
    }
    assert_eq!(app.game.moves()[0].san.to_string(), "O-O-O");
}

#[test]
fn promotion_opens_the_picker() {
    let mut app = white_at_level_3(Game::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap());
    app.cursor = Square::E7;
    app.update(key(KeyCode::Enter));
    app.cursor = Square::E8;
    app.update(key(KeyCode::Enter));
    assert_eq!(
        app.input.promotion,
        Some(crate::app::Promotion {
            from: Square::E7,
            to: Square::E8,
            choice: 0
        })
    );
    app.update(key(KeyCode::Right));
    app.update(key(KeyCode::Esc));
    assert_eq!(app.input.promotion, None);
    assert_eq!(app.mode, Mode::Board);
    assert_eq!(app.game.ply(), 0);
    app.cursor = Square::E7;
    app.update(key(KeyCode::Enter));
    app.cursor = Square::E8;
    app.update(key(KeyCode::Enter));
    app.update(key(KeyCode::Char('n')));
    assert_eq!(app.game.moves()[0].mv.promotion(), Some(Role::Knight));
}

#[test]
fn browsing_and_returning_to_the_live_position() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    engine_plays(&mut app, "e5");
    prompt(&mut app, "Nf3");
    engine_plays(&mut app, "Nc6");
    keys(&mut app, ",,");
    assert_eq!(app.view_ply, Some(2));
    assert_eq!(app.shown_last_move(), Some(&app.game.moves()[1].mv));
    app.update(key(KeyCode::Home));
    assert_eq!(app.shown_ply(), 0);
    app.update(key(KeyCode::Char(',')));
    assert_eq!(app.shown_ply(), 0);
    keys(&mut app, "....");
    assert_eq!(app.view_ply, None);
    keys(&mut app, ",");
    // Making a move returns to the live position.
    prompt(&mut app, "Bb5");
    assert_eq!(app.view_ply, None);
    assert_eq!(app.game.ply(), 5);
}

#[test]
fn checkmate_opens_the_game_over_dialog_and_archives() {
    let mut app = new_app();
    let mut fx = prompt(&mut app, "f3");
    fx.extend(engine_plays(&mut app, "e5"));
    fx.extend(prompt(&mut app, "g4"));
    fx.extend(engine_plays(&mut app, "Qh4#"));
    assert_eq!(app.mode, Mode::GameOver { choice: None });
    let fx = run_analyses(&mut app, fx, 2);
    // The game is archived last, and no autosave follows its end.
    let saves: Vec<&Effect> = fx
        .iter()
        .filter(|e| matches!(e, Effect::Archive(_) | Effect::Autosave(_)))
        .collect();
    assert!(matches!(saves.last(), Some(Effect::Archive(_))), "{fx:?}");
    // Review opens the review screen for the game, then play resumes with the game kept.
    let fx = app.update(key(KeyCode::Char('v')));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Review(Saved::Chess(s)) if s.game.ply() == 4))
    );
    assert_eq!(app.mode, Mode::Board);
    keys(&mut app, ",");
    assert_eq!(app.shown_ply(), 3);
    app.update(key(KeyCode::Char('n')));
    assert!(matches!(app.mode, Mode::NewGame(_)));
}

/// `:resign` then `y`.
fn resign(app: &mut App) -> Vec<Effect> {
    let mut fx = prompt(app, "resign");
    fx.extend(app.update(key(KeyCode::Char('y'))));
    fx
}

/// Issue 35: `:resign` ended the game at once; it asks first, and `n` plays on.
#[test]
fn resigning_asks_first() {
    let mut app = new_app();
    let fx = prompt(&mut app, "resign");
    assert_eq!(app.mode, Mode::Confirm(Confirm::Resign));
    assert!(app.outcome().is_none());
    assert!(!fx.iter().any(|e| matches!(e, Effect::Archive(_))));
    app.update(key(KeyCode::Char('n')));
    assert_eq!(app.mode, Mode::Board);
    assert!(app.outcome().is_none(), "n plays on");
}

#[test]
fn resignation_ends_the_game() {
    let mut app = new_app();
    let fx = resign(&mut app);
    assert_eq!(app.mode, Mode::GameOver { choice: None });
    assert!(fx.iter().any(|e| matches!(e, Effect::Archive(_))));
    assert_eq!(
        app.outcome().unwrap().to_string(),
        "Black wins by resignation"
    );
}

#[test]
fn new_game_dialog_sets_colour_and_level_and_cancels_the_search() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let id = app.search.as_ref().unwrap().id;
    app.update(key(KeyCode::Char('n')));
    keys(&mut app, "b7");
    assert_eq!(
        app.mode,
        Mode::NewGame(crate::app::NewGame {
            variant: crate::variant::Variant::Chess,
            color: HumanColor::Black,
            level: 7,
            time: TimeControl::Untimed,
        })
    );
    let fx = app.update(key(KeyCode::Enter));
    assert_eq!(fx[0], Effect::StopSearch(id));
    assert!(fx.contains(&Effect::NewEngineGame));
    assert_eq!(app.human, Color::Black);
    assert_eq!(app.orientation, Color::Black);
    assert_eq!(app.game.ply(), 0);
    let req = started(&fx).expect("the engine opens as White");
    assert_eq!(req.engine.level, 7);
    assert_ne!(req.id, id);
}

#[test]
fn random_colour_uses_the_seed() {
    let colours: Vec<Color> = (1..20)
        .map(|seed| {
            let mut config = Config::default();
            config.game.human = HumanColor::Random;
            App::new(config, None, seed).0.human
        })
        .collect();
    assert!(colours.contains(&Color::White) && colours.contains(&Color::Black));
}

#[test]
fn a_hint_is_shown_not_played() {
    let mut app = new_app();
    let fx = app.update(key(KeyCode::Char('t')));
    let req = started(&fx).unwrap().clone();
    assert_eq!(app.search.as_ref().unwrap().purpose, Purpose::Hint);
    let nf3 = app.game.parse_move("Nf3").unwrap();
    let mut t = thinking(6, 30, vec![nf3]);
    t.result = Some(Box::new(search_live(&app, 3)));
    app.update(Event::EngineDone(req.id, Some(nf3), t));
    assert_eq!(app.game.ply(), 0);
    assert_eq!(app.hint.as_ref().unwrap().mv, nf3);
    assert!(app.hint.as_ref().unwrap().explanation.is_some());
    assert!(app.message.as_ref().unwrap().text.contains("Nf3"));
    // Playing a move clears it.
    prompt(&mut app, "e4");
    assert!(app.hint.is_none());
}

#[test]
fn move_now_stops_the_engine_or_swaps_sides() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let id = app.search.as_ref().unwrap().id;
    let fx = app.update(key(KeyCode::Char('s')));
    assert_eq!(fx, vec![Effect::StopSearch(id)]);
    assert!(app.search.as_ref().unwrap().stopping);
    engine_plays(&mut app, "c5");
    assert_eq!(app.game.ply(), 2);
    // On the human's turn the engine takes over White.
    let fx = app.update(key(KeyCode::Char('s')));
    assert_eq!(app.human, Color::Black);
    assert!(started(&fx).is_some());
}

#[test]
fn config_reloads_apply_and_broken_ones_are_reported() {
    let mut app = new_app();
    let mut config = Config::default();
    config.engine.level = 8;
    app.update(Event::ConfigReloaded(Ok(Box::new(config))));
    assert_eq!(app.config.engine.level, 8);
    assert!(app.message.as_ref().unwrap().text.contains("level 8"));
    app.update(Event::ConfigReloaded(Err(ConfigError {
        path: None,
        location: Some((2, 9)),
        message: "bad value".into(),
    })));
    assert_eq!(app.config.engine.level, 8);
    let msg = app.message.as_ref().unwrap();
    assert_eq!(msg.kind, MessageKind::Error);
    assert!(msg.text.contains("keeping the old settings"));
}

#[test]
fn engine_failure_is_reported_and_not_retried() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    app.update(Event::EngineFailed("no engine".into()));
    assert!(app.search.is_none());
    assert!(app.engine_error.is_some());
    // The human may still take back and play on.
    let fx = app.update(key(KeyCode::Char('u')));
    assert!(started(&fx).is_none());
}

/// Issue 23: an engine-thread panic must be reported, never a silently dead engine.
#[test]
fn engine_crash_is_reported_and_the_engine_can_be_asked_again() {
    let mut app = new_app();
    let fx = prompt(&mut app, "e4");
    let id = started(&fx).expect("the engine was asked to move").id;
    app.update(Event::EngineCrashed(id, "boom".into()));
    assert!(app.search.is_none());
    assert!(app.engine_error.is_none(), "the engine restarted");
    let msg = app.message.as_ref().unwrap();
    assert_eq!(msg.kind, MessageKind::Error);
    assert!(
        msg.text.contains("boom") && msg.text.contains("press s"),
        "{}",
        msg.text
    );
    let fx = app.update(key(KeyCode::Char('s')));
    assert!(started(&fx).is_some(), "s asks the restarted engine again");
}

#[test]
fn quitting_saves_an_unfinished_game() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let fx = app.update(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(app.quit);
    assert!(matches!(fx[0], Effect::StopSearch(_)));
    assert!(fx.iter().any(|e| matches!(e, Effect::Autosave(_))));
    assert_eq!(fx.last(), Some(&Effect::Quit));
}

#[test]
fn key_releases_are_ignored_and_help_closes_on_any_key() {
    let mut app = new_app();
    app.update(Event::Key(KeyEvent {
        code: KeyCode::Char('q'),
        modifiers: KeyModifiers::NONE,
        kind: KeyEventKind::Release,
        state: KeyEventState::NONE,
    }));
    assert!(!app.quit);
    app.update(key(KeyCode::Char('?')));
    assert_eq!(app.mode, Mode::Help);
    app.update(key(KeyCode::Char('x')));
    assert_eq!(app.mode, Mode::Board);
}

#[test]
fn fen_commands_show_and_set_up() {
    let mut app = new_app();
    let fx = prompt(&mut app, "fen");
    assert!(app.message.as_ref().unwrap().text.starts_with("rnbqkbnr/"));
    assert_eq!(
        fx,
        vec![Effect::Copy(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into()
        )]
    );
    prompt(&mut app, "fen 8/8/8/8/8/8/k7/4K2R w K - 0 1");
    assert_eq!(app.game.fen(), "8/8/8/8/8/8/k7/4K2R w K - 0 1");
    prompt(&mut app, "fen nonsense");
    assert_eq!(app.message.as_ref().unwrap().kind, MessageKind::Error);
    let fx = prompt(&mut app, "save /tmp/x.pgn");
    assert!(matches!(&fx[0], Effect::Save(Some(_), _)));
    let fx = prompt(&mut app, "load /tmp/x.pgn");
    assert_eq!(
        fx,
        vec![Effect::Load("/tmp/x.pgn".into(), persist::GamePick::Only)]
    );
}

#[test]
fn the_promotion_picker_takes_a_click() {
    let mut app = white_at_level_3(Game::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap());
    app.update(Event::Resize(80, 24));
    let down = MouseEventKind::Down(MouseButton::Left);
    let up = MouseEventKind::Up(MouseButton::Left);
    app.update(mouse(down, &app, Square::E7));
    app.update(mouse(up, &app, Square::E8));
    assert!(app.input.promotion.is_some());
    let rook = app.layout().promotion_choices()[1];
    app.update(Event::Mouse(MouseEvent {
        kind: down,
        column: rook.x + 2,
        row: rook.y,
        modifiers: KeyModifiers::NONE,
    }));
    assert_eq!(app.game.moves()[0].mv.promotion(), Some(Role::Rook));
}

#[test]
fn a_long_game_scrolls_the_move_list_to_the_latest_move() {
    let mut game = Game::new();
    // Shuffle pieces without repeating or ending the game: the first legal move that keeps
    // the game going and has not been seen.
    let mut seen = std::collections::HashSet::new();
    while game.ply() < 60 {
        let mv = shakmaty::Position::legal_moves(game.position())
            .into_iter()
            .find(|&m| {
                let mut g = game.clone();
                g.play(m).is_ok()
                    && g.outcome().is_none()
                    && !seen.contains(&crate::game::zobrist(g.position()))
            })
            .expect("a move");
        game.play(mv).unwrap();
        seen.insert(crate::game::zobrist(game.position()));
    }
    let last = game.moves().last().unwrap().san.to_string();
    let mut app = white_at_level_3(game);
    app.update(Event::Resize(80, 24));
    let theme = crate::ui::Theme::named("classic", crate::ui::ColorMode::TrueColor);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|f| crate::ui::render(f, &app, &theme))
        .unwrap();
    let moves = app.layout().moves;
    let buf = terminal.backend().buffer();
    let row = |y: u16| -> String {
        (moves.x..moves.right())
            .map(|x| buf[(x, y)].symbol().to_owned())
            .collect()
    };
    let bottom = row(moves.bottom() - 2);
    assert!(
        bottom.contains(" 30. ") && bottom.contains(&last),
        "{bottom}"
    );
    // Browsing to the start scrolls back up.
    app.update(key(KeyCode::Home));
    app.update(key(KeyCode::Char('.')));
    terminal
        .draw(|f| crate::ui::render(f, &app, &theme))
        .unwrap();
    let buf = terminal.backend().buffer();
    let top: String = (moves.x..moves.right())
        .map(|x| buf[(x, moves.y + 1)].symbol().to_owned())
        .collect();
    assert!(top.contains("  1. "), "{top}");
}

#[test]
fn a_reloaded_level_applies_to_the_next_engine_move_not_the_current_one() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let mut config = Config::default();
    config.engine.level = 9;
    config.eval.mobility = 50;
    let fx = app.update(Event::ConfigReloaded(Ok(Box::new(config))));
    assert!(fx.is_empty(), "the running search is left alone");
    engine_plays(&mut app, "e5");
    let fx = prompt(&mut app, "Nf3");
    let req = started(&fx).unwrap();
    assert_eq!(req.engine.level, 9);
    assert_eq!(req.eval.mobility, 50);
}

#[test]
fn an_engine_without_a_move_does_not_loop_and_s_asks_again() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let id = app.search.as_ref().unwrap().id;
    let fx = app.update(Event::EngineDone(id, None, thinking(0, 0, vec![])));
    assert!(started(&fx).is_none());
    assert_eq!(app.message.as_ref().unwrap().kind, MessageKind::Error);
    let fx = app.update(key(KeyCode::Char('s')));
    assert!(started(&fx).is_some());
    assert_eq!(app.human, Color::White, "the sides stay");
}

#[test]
fn an_engine_move_is_explained_from_its_own_search() {
    let mut app = new_app();
    app.config.engine.level = 10; // full strength: its own search is the honest judgement
    app.config.explain.level = crate::config::ExplainLevel::Advanced;
    prompt(&mut app, "e4");
    let result = search_live(&app, 4);
    let best = result.best_move.unwrap();
    let id = app.search.as_ref().unwrap().id;
    let mut t = thinking(4, 20, result.pv.clone());
    t.result = Some(Box::new(result.clone()));
    app.update(Event::EngineDone(id, Some(best), t));
    let a = app.analysis_at(1).expect("the engine's move is explained");
    assert!(a.thinking.is_some());
    let e = a.explanation.as_ref().unwrap();
    // The same explanation `kibitzer explain` gives from the same search.
    let req = app.analysis_request(1, Some(best)).unwrap();
    let same = crate::analysis::assemble(&req, &result, None)
        .explanation
        .unwrap();
    assert_eq!(*e, same);
    assert!(e.metrics.is_some(), "metrics come from the search facts");
    assert!(!e.eval_deltas.is_empty());
    assert!(
        e.eval_deltas.iter().any(|d| d.delta != 0),
        "{:?}",
        e.eval_deltas
    );
    assert!(
        a.lines().iter().any(|l| l.starts_with("metrics:")),
        "{:?}",
        a.lines()
    );
}

#[test]
fn a_weaker_engine_choice_is_judged_with_the_root_move_scores() {
    let mut app = new_app();
    app.config.engine.level = 10;
    // 1...b5 is the one reply to 1.e4 outside the opening book (a book move is never judged).
    prompt(&mut app, "e4");
    let mut result = search_live(&app, 4);
    let h5 = app.game.parse_move("b5").unwrap();
    assert_ne!(result.best_move, Some(h5));
    // An exact root score for the level's weaker choice, as `exact_root_scores` gives.
    result.root_moves.retain(|r| r.mv != h5);
    result.root_moves.push(crate::engine::RootMove {
        mv: h5,
        score: crate::engine::Score(result.score.0 - 120),
        bound: crate::engine::Bound::Exact,
        depth: result.depth,
    });
    let id = app.search.as_ref().unwrap().id;
    let mut t = thinking(4, 20, result.pv.clone());
    t.result = Some(Box::new(result));
    app.update(Event::EngineDone(id, Some(h5), t));
    let e = app.analysis_at(1).unwrap().explanation.clone().unwrap();
    assert_eq!(e.san, "b5");
    assert!(e.best.is_some());
    assert!(e.quality.is_some());
}

#[test]
fn a_human_move_is_analysed_in_the_background_then_explained() {
    let mut app = new_app();
    // Out of the book at once: 1.e4 e5 is theory, 2.h4 is not.
    let mut app_game = Game::new();
    for m in ["e4", "e5"] {
        app_game.play_text(m).unwrap();
    }
    let start = app_game.position().clone();
    app.game = app_game;
    let fx = prompt(&mut app, "h4");
    let job = fx
        .iter()
        .find_map(|e| match e {
            Effect::Analyse(AnalysisJob::Chess(j)) => Some(j.clone()),
            _ => None,
        })
        .expect("the human's move is analysed in the background");
    assert_eq!(job.ply, 2);
    // Issue 36: judged by the configured analyst (`auto`: an installed Stockfish, else the
    // built-in engine), which the background analysis starts.
    assert_eq!(job.request.analyst, app.config.analysis.spec());
    assert_eq!(job.request.before, start, "the position before the move");
    assert_eq!(job.request.played, app.game.moves().get(2).map(|m| m.mv));
    assert!(app.analysis_pending(2));
    assert!(
        app.analysis_at(2).is_none(),
        "the panel says it is analysing"
    );
    // The engine's reply does not wait for it, nor replace it.
    engine_plays(&mut app, "Nf6");
    assert!(app.analysis_pending(2));
    let fx = run_analyses(&mut app, fx, 4);
    assert!(!app.analysis_pending(2));
    let e = app.analysis_at(2).unwrap().explanation.clone().unwrap();
    assert_eq!(e.san, "h4");
    assert!(
        e.quality.is_some(),
        "judged against a real search of the position before"
    );
    // "Better was" only when the verified judgement makes h4 an inaccuracy or worse.
    let error = e
        .quality
        .is_some_and(|q| q.quality >= crate::explain::quality::Quality::Inaccuracy);
    assert_eq!(e.best.is_some(), error, "{:?}", e.quality);
    if let Some(better) = &e.best {
        assert!(
            e.sentences.iter().any(|s| s.text.contains(&better.san)),
            "the text names the better move: {:?}",
            e.sentences
        );
    }
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Autosave(_))),
        "saved with its text"
    );
}

#[test]
fn book_moves_in_play_are_labelled_book_with_their_line_never_judged() {
    let mut app = new_app();
    let fx = prompt(&mut app, "e4");
    let req = started(&fx).cloned().expect("the engine answers");
    assert_eq!(req.purpose, Purpose::Move);
    assert!(
        req.engine.book,
        "the engine's own move may come from the book"
    );
    engine_plays(&mut app, "c5");
    run_analyses(&mut app, fx, 3);
    for (ply, name) in [(0, "King's Pawn Game"), (1, "Sicilian Defense")] {
        let e = app.analysis_at(ply).unwrap().explanation.clone().unwrap();
        assert_eq!(
            e.quality.map(|q| q.quality),
            Some(crate::explain::quality::Quality::Book),
            "{}",
            e.san
        );
        assert!(e.best.is_none(), "no better move for theory");
        assert!(e.text.starts_with(&format!("{name} — ")), "{}", e.text);
    }
    // A hint is the engine's honest search, never the book.
    let fx = app.update(key(KeyCode::Char('t')));
    let hint = started(&fx).expect("a hint searches");
    assert_eq!(hint.purpose, Purpose::Hint);
    assert!(!app.game.moves().is_empty() && req.position != hint.position);
}

#[test]
fn takeback_and_new_game_cancel_the_background_analysis() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let (id, _) = app.analysing.unwrap();
    let fx = app.update(key(KeyCode::Char('u')));
    assert!(fx.contains(&Effect::CancelAnalysis(id)));
    assert!(app.analysing.is_none());
    // A late result is dropped.
    let req = app.analysis_request(0, None).unwrap();
    let a = crate::analysis::assemble(&req, &search_live(&app, 2), None);
    app.update(Event::Analysed(id, Box::new(a)));
    assert!(app.analyses.is_empty());
    prompt(&mut app, "d4");
    let (id, _) = app.analysing.unwrap();
    let fx = prompt(&mut app, "new");
    assert!(fx.contains(&Effect::CancelAnalysis(id)));
    let fx = prompt(&mut app, "quit");
    assert!(!fx.iter().any(|e| matches!(e, Effect::Analyse(_))));
}

#[test]
fn a_resumed_game_shows_the_saved_text_of_earlier_moves_and_analyses_the_rest() {
    let mut app = new_app();
    let fx = prompt(&mut app, "e4");
    engine_plays(&mut app, "e5");
    run_analyses(&mut app, fx, 3);
    let fx = prompt(&mut app, "Nf3");
    let _ = fx; // quit before this analysis ends
    let saved = app.snapshot();
    let text = persist::encode(&saved);
    assert!(text.contains("{kibitzer: "), "{text}");
    let human_text = app.analysis_at(0).unwrap().lines();
    // Resume from the file's text.
    let snapshot = persist::decode(&text).unwrap();
    let (mut resumed, fx) = App::new(Config::default(), Some(snapshot), 1);
    assert!(resumed.engine_opponent, "the saved game names the engine");
    assert_eq!(resumed.analysis_at(0).unwrap().lines(), human_text);
    assert!(!resumed.analysis_at(1).unwrap().lines()[0].is_empty());
    assert!(resumed.analysis_at(2).is_none());
    assert!(
        resumed.analysis_pending(2),
        "the move without a saved text is analysed"
    );
    // Stepping back shows the text at once.
    resumed.update(key(KeyCode::Char(',')));
    resumed.update(key(KeyCode::Char(',')));
    assert_eq!(resumed.shown_ply(), 1);
    run_analyses(&mut resumed, fx, 3);
    assert!(resumed.analysis_at(2).unwrap().explanation.is_some());
}

#[test]
fn a_foreign_game_is_analysed_latest_move_first() {
    let snapshot = persist::decode("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    let (app, fx) = App::new(Config::default(), Some(snapshot), 1);
    let first = fx.iter().find_map(|e| match e {
        Effect::Analyse(j) => Some(j.ply()),
        _ => None,
    });
    assert_eq!(first, Some(2));
    assert_eq!(app.analysis_queue, [1, 0]);
    assert!(!app.engine_opponent, "the moves were not the engine's");
}

/// Issue 23: `:save PATH` overwrote an existing file without asking.
#[test]
fn saving_over_an_existing_file_asks_first() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let fx = prompt(&mut app, "save /tmp/games/x.pgn");
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Save(Some(p), _) if p.ends_with("x.pgn")))
    );
    let path = PathBuf::from("/tmp/games/x.pgn");
    app.update(Event::SaveWouldOverwrite(path.clone()));
    assert_eq!(app.mode, Mode::Confirm(Confirm::Overwrite(path.clone())));
    // No keeps the file; nothing is written.
    let fx = app.update(key(KeyCode::Char('n')));
    assert!(fx.is_empty(), "{fx:?}");
    assert_eq!(app.mode, Mode::Board);
    app.update(Event::SaveWouldOverwrite(path.clone()));
    let fx = app.update(key(KeyCode::Char('y')));
    assert!(
        matches!(&fx[..], [Effect::Overwrite(p, s)] if *p == path && s.ply() == 1),
        "{fx:?}"
    );
}

/// Issue 23: quitting after failed autosaves exited at once without a word.
#[test]
fn quitting_after_a_failed_autosave_warns_and_offers_to_save_elsewhere() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    app.update(Event::Autosaved(Err("read-only file system".into())));
    assert!(
        app.message
            .as_ref()
            .unwrap()
            .text
            .contains("autosave failed")
    );
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    app.update(ctrl_c.clone());
    assert!(!app.quit);
    assert!(matches!(&app.mode, Mode::Confirm(Confirm::QuitUnsaved(w)) if w.contains("read-only")));
    // s opens the prompt with `save ` typed.
    app.update(key(KeyCode::Char('s')));
    assert_eq!(app.mode, Mode::Prompt("save ".into()));
    app.update(key(KeyCode::Esc));
    // A later successful autosave clears the warning: quitting is quiet again.
    app.update(Event::Autosaved(Ok(())));
    app.update(ctrl_c.clone());
    assert!(app.quit);
    // The last autosave, written on the way out, fails: the quit is taken back and asked.
    app.update(Event::Autosaved(Err("disk full".into())));
    assert!(!app.quit);
    assert!(matches!(&app.mode, Mode::Confirm(Confirm::QuitUnsaved(w)) if w == "disk full"));
    let fx = app.update(key(KeyCode::Char('y')));
    assert!(app.quit);
    assert!(fx.contains(&Effect::Quit));
}

/// Issue 23: a new game overwrote the unfinished one at its first autosave.
#[test]
fn a_new_game_archives_the_unfinished_one() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let fx = prompt(&mut app, "new");
    let archived = fx.iter().find_map(|e| match e {
        Effect::Archive(s) => Some(s.ply()),
        _ => None,
    });
    assert_eq!(archived, Some(1), "{fx:?}");
    // So do `:fen` and `:load` over an unfinished game.
    prompt(&mut app, "d4");
    let fx = prompt(&mut app, "fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Archive(s) if s.ply() == 1)),
        "{fx:?}"
    );
    prompt(&mut app, "e4");
    let fx = app.update(Event::Loaded(
        "x.pgn".into(),
        Ok(Box::new(Saved::Chess(Snapshot {
            game: Game::new(),
            human: Color::White,
            level: 0,
            clock: None,
        }))),
    ));
    assert!(
        fx.iter()
            .any(|e| matches!(e, Effect::Archive(s) if s.ply() == 1)),
        "{fx:?}"
    );
}

/// `:load` of a game the human played as Black, from a game played as White: the human kept
/// White, and the engine played on with the human's own side. The saved game names the human
/// ("You"); a foreign game gives the human the side to move (as `--pgn` and the docs say).
#[test]
fn load_gives_the_human_the_side_the_file_names() {
    let mut saved = Game::new();
    for san in ["e4", "e5", "Nf3"] {
        saved.play_text(san).unwrap();
    }
    let text = persist::encode(&Snapshot {
        game: saved,
        human: Color::Black,
        level: 3,
        clock: None,
    });
    let mut app = new_app();
    assert_eq!(app.human, Color::White);
    let loaded = persist::decode_saved(&text, persist::GamePick::Only).unwrap();
    let fx = app.update(Event::Loaded("mine.pgn".into(), Ok(Box::new(loaded))));
    assert_eq!(app.human, Color::Black);
    assert_eq!(app.orientation, Color::Black);
    assert!(
        started(&fx).is_none(),
        "Black (the human) is to move: {fx:?}"
    );
    assert!(app.engine_opponent, "the saved game names the engine");
    // A foreign game: the human takes the side to move, White here.
    let foreign = "[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 e5 *\n";
    let loaded = persist::decode_saved(foreign, persist::GamePick::Only).unwrap();
    let fx = app.update(Event::Loaded("tal.pgn".into(), Ok(Box::new(loaded))));
    assert_eq!(app.human, Color::White);
    assert!(started(&fx).is_none(), "{fx:?}");
    assert!(!app.engine_opponent, "the moves were not the engine's");
}

#[test]
fn a_weakened_engine_move_is_explained_by_a_full_strength_analysis_not_its_own_search() {
    let mut app = new_app();
    app.config.engine.level = 2;
    let mut fx = prompt(&mut app, "e4");
    // Its own depth-1 search, as level 2 would run it.
    let weak = search_live(&app, 1);
    let b5 = app.game.parse_move("b5").unwrap();
    let id = app.search.as_ref().unwrap().id;
    let mut t = thinking(1, 300, vec![b5]);
    t.result = Some(Box::new(weak));
    fx.extend(app.update(Event::EngineDone(id, Some(b5), t)));
    assert_eq!(app.game.ply(), 2);
    assert!(
        app.analysis_at(1).is_none(),
        "nothing judged by the weakened search"
    );
    assert!(app.analysis_pending(1), "the panel says it is analysing");
    let fx = run_analyses(&mut app, fx, 4);
    let a = app
        .analysis_at(1)
        .expect("explained by the background analysis");
    assert!(a.thinking.is_none(), "no weakened score or line shown");
    let e = a.explanation.as_ref().unwrap();
    assert_eq!(e.san, "b5");
    assert!(e.quality.is_some());
    drop(fx);
}

#[test]
fn swapping_sides_keeps_who_played_each_earlier_move() {
    let mut app = new_app();
    app.config.engine.level = 10;
    prompt(&mut app, "e4");
    engine_plays(&mut app, "c5");
    app.update(key(KeyCode::Char('s')));
    assert_eq!(app.human, Color::Black);
    assert_eq!(app.human_at(0), Color::White, "1.e4 was the human's");
    assert_eq!(app.human_at(1), Color::White, "1...c5 was the engine's");
    assert_eq!(app.human_at(2), Color::Black);
    // The background analysis of an earlier move speaks to the side that played it.
    assert_eq!(
        app.analysis_request(0, None).unwrap().human,
        Some(Color::White)
    );
    // A takeback below the swap keeps the earlier moves' players too.
    engine_plays(&mut app, "Nf3");
    app.update(key(KeyCode::Char('u')));
    assert_eq!(app.human_at(0), Color::White);
}

#[test]
fn the_game_over_dialog_acts_only_on_its_own_keys() {
    let mut app = new_app();
    resign(&mut app);
    assert_eq!(app.mode, Mode::GameOver { choice: None });
    // Enter and n start nothing by accident; other keys say what the dialog wants.
    for code in [KeyCode::Enter, KeyCode::Char('n'), KeyCode::Char('e')] {
        let fx = app.update(key(code));
        assert!(fx.is_empty(), "{code:?}: {fx:?}");
        assert_eq!(app.mode, Mode::GameOver { choice: None }, "{code:?}");
        assert!(
            app.message.as_ref().unwrap().text.contains("N new game"),
            "{code:?}: {:?}",
            app.message
        );
    }
    // An arrow highlights a button; Enter then acts on it.
    app.update(key(KeyCode::Right));
    assert_eq!(app.mode, Mode::GameOver { choice: Some(0) });
    app.update(key(KeyCode::Enter));
    assert!(matches!(app.mode, Mode::NewGame(_)));
    // N is the explicit new-game key.
    app.update(key(KeyCode::Esc));
    assert_eq!(app.mode, Mode::GameOver { choice: None });
    app.update(key(KeyCode::Char('N')));
    assert!(matches!(app.mode, Mode::NewGame(_)));
    // `:` still opens the prompt.
    app.update(key(KeyCode::Esc));
    app.update(key(KeyCode::Char(':')));
    assert_eq!(app.mode, Mode::Prompt(String::new()));
}

#[test]
fn undo_after_resigning_says_it_took_back_the_resignation() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    engine_plays(&mut app, "e5");
    resign(&mut app);
    app.update(key(KeyCode::Char('u')));
    assert!(app.outcome().is_none());
    assert_eq!(app.game.ply(), 2, "no move taken back");
    let text = &app.message.as_ref().unwrap().text;
    assert!(text.contains("resignation"), "{text}");
    assert!(!text.contains("your move"), "{text}");
}

#[test]
fn the_hint_is_written_with_its_check_mark() {
    let mut app = new_app();
    app.config.engine.level = 10;
    for m in ["e4", "f5"] {
        app.game.play_text(m).unwrap();
    }
    let fx = app.update(key(KeyCode::Char('t')));
    let id = started(&fx).unwrap().id;
    let qh5 = app.game.parse_move("Qh5").unwrap();
    let mut t = thinking(6, 30, vec![qh5]);
    t.result = Some(Box::new(search_live(&app, 2)));
    app.update(Event::EngineDone(id, Some(qh5), t));
    let text = &app.message.as_ref().unwrap().text;
    assert!(text.contains("Qh5+"), "{text}");
}

#[test]
fn load_takes_a_game_number() {
    let mut app = new_app();
    let fx = prompt(&mut app, "load games.pgn 3");
    assert_eq!(
        fx,
        vec![Effect::Load(
            "games.pgn".into(),
            persist::GamePick::Number(3)
        )]
    );
    let fx = prompt(&mut app, "load my games.pgn");
    assert_eq!(
        fx,
        vec![Effect::Load("my games.pgn".into(), persist::GamePick::Only)]
    );
}

#[test]
fn resuming_names_the_last_move_played() {
    let mut game = Game::new();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] {
        game.play_text(m).unwrap();
    }
    let app = white_at_level_3(game);
    let text = &app.message.as_ref().unwrap().text;
    assert_eq!(text, "resumed your game after 3… a6");
}

/// Issue 26 item 7: in a quick game the archive was written as soon as the game ended, before
/// the queued analyses of the moves were done, so most moves had no verdict in it.
#[test]
fn a_finished_game_is_archived_once_every_queued_analysis_is_done() {
    let mut app = new_app();
    app.config.engine.level = 2; // the engine's moves are analysed in the background too
    let mut waiting = prompt(&mut app, "f3");
    waiting.extend(engine_plays(&mut app, "e5"));
    waiting.extend(prompt(&mut app, "g4"));
    let fx = engine_plays(&mut app, "Qh4#");
    assert_eq!(app.mode, Mode::GameOver { choice: None });
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::Archive(_))),
        "archived before the analyses ended: {fx:?}"
    );
    assert_eq!(app.analyses_pending(), 4);
    waiting.extend(fx);
    let fx = run_analyses(&mut app, waiting, 2);
    let archived: Vec<&Snapshot> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::Archive(s) => s.chess(),
            _ => None,
        })
        .collect();
    assert_eq!(archived.len(), 1, "{fx:?}");
    let comments: Vec<bool> = archived[0]
        .game
        .moves()
        .iter()
        .map(|m| {
            m.comment
                .as_deref()
                .is_some_and(persist::is_explanation_comment)
        })
        .collect();
    assert_eq!(comments, vec![true; 4]);
    // The mating move says so instead of a mate score.
    let mate = app.analysis_at(3).unwrap().lines();
    assert!(mate.iter().any(|l| l == "checkmate"), "{mate:?}");
    assert!(!mate.iter().any(|l| l.starts_with("score #")), "{mate:?}");
}

/// Issue 26 item 7: a new game or quitting while a finished game waits for its analyses
/// archives it at once and says how many moves stay unexplained.
#[test]
fn a_game_waiting_for_its_analyses_is_archived_by_a_new_game_or_quit() {
    for how in ["new", "quit"] {
        let mut app = new_app();
        prompt(&mut app, "f3");
        engine_plays(&mut app, "e5");
        prompt(&mut app, "g4");
        let fx = engine_plays(&mut app, "Qh4#");
        assert!(!fx.iter().any(|e| matches!(e, Effect::Archive(_))));
        let pending = app.analyses_pending();
        assert!(pending > 0);
        let fx = prompt(&mut app, how);
        assert!(
            fx.iter()
                .any(|e| matches!(e, Effect::Archive(s) if s.ply() == 4)),
            "{how}: {fx:?}"
        );
        if how == "new" {
            let text = &app.message.as_ref().unwrap().text;
            assert!(
                text.contains(&format!("{pending} move(s) not analysed")),
                "{text}"
            );
        }
    }
}

/// A game at `control` whose clocks read a fake time source (returned to move it).
fn timed_app(control: &str) -> (App, TimeSource) {
    let mut config = Config::default();
    config.game.time_control = control.parse().unwrap();
    let (mut app, _) = App::new(config, None, 1);
    let time = TimeSource::fake();
    app.set_time_source(time.clone());
    (app, time)
}

fn left(app: &App, color: Color) -> std::time::Duration {
    app.clock.as_ref().unwrap().remaining(color, app.time.now())
}

const SECS: fn(u64) -> std::time::Duration = std::time::Duration::from_secs;

#[test]
fn a_timed_game_runs_the_clock_of_the_side_to_move_and_the_engine_plays_by_its_own() {
    let (mut app, time) = timed_app("3+2");
    time.advance(SECS(10));
    assert_eq!(left(&app, Color::White), SECS(170));
    let fx = prompt(&mut app, "e4");
    assert_eq!(
        left(&app, Color::White),
        SECS(172),
        "the increment is added"
    );
    let request = started(&fx).expect("the engine moves");
    let clock = request.clock.expect("the engine's search gets its clock");
    assert_eq!(clock.remaining, SECS(180));
    assert_eq!(clock.increment, SECS(2));
    time.advance(SECS(4));
    engine_plays(&mut app, "e5");
    assert_eq!(left(&app, Color::Black), SECS(178));
    assert_eq!(left(&app, Color::White), SECS(172));
    time.advance(SECS(1));
    assert_eq!(
        left(&app, Color::White),
        SECS(171),
        "White's clock runs again"
    );
    // An untimed game has no clock and sends none to the engine.
    let mut untimed = new_app();
    let fx = prompt(&mut untimed, "e4");
    assert!(untimed.clock.is_none());
    assert_eq!(started(&fx).unwrap().clock, None);
}

#[test]
fn the_humans_flag_falls_and_the_engine_wins_on_time() {
    let (mut app, time) = timed_app("1+0");
    let fx = prompt(&mut app, "e4");
    run_analyses(&mut app, fx, 1);
    engine_plays(&mut app, "e5");
    time.advance(SECS(59));
    // A tick while the human thinks may only deepen the verdicts (none here: book moves).
    let fx = app.update(Event::Tick);
    assert!(fx.iter().all(|e| matches!(e, Effect::Analyse(_))), "{fx:?}");
    assert!(app.outcome().is_none());
    time.advance(SECS(2));
    app.update(Event::Tick);
    let outcome = app.outcome().expect("the flag fell");
    assert_eq!(outcome.to_string(), "Black wins by timeout");
    assert_eq!(app.mode, Mode::GameOver { choice: None });
    assert!(
        app.message
            .as_ref()
            .unwrap()
            .text
            .contains("White ran out of time")
    );
    // A move after the flag fell is refused.
    let before = app.game.ply();
    prompt(&mut app, "Nf3");
    assert_eq!(app.game.ply(), before);
    // The clocks stop at game over.
    time.advance(SECS(30));
    assert_eq!(left(&app, Color::Black), SECS(60));
}

#[test]
fn a_flag_fall_against_a_lone_king_is_a_draw() {
    let (mut app, time) = timed_app("1+0");
    prompt(&mut app, "fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert!(app.clock.is_some());
    time.advance(SECS(61));
    app.update(Event::Tick);
    let outcome = app.outcome().expect("the flag fell");
    assert_eq!(outcome.result_token(), "1/2-1/2");
    assert_eq!(
        outcome.reason,
        crate::game::EndReason::TimeoutVsInsufficientMaterial
    );
}

#[test]
fn a_takeback_restores_both_clocks_and_help_pauses_them() {
    let (mut app, time) = timed_app("5+3");
    time.advance(SECS(20));
    prompt(&mut app, "e4");
    time.advance(SECS(7));
    engine_plays(&mut app, "e5");
    time.advance(SECS(30));
    prompt(&mut app, "Nf3");
    assert_eq!(left(&app, Color::White), SECS(256));
    app.update(key(KeyCode::Char('u')));
    assert_eq!(app.game.ply(), 2);
    assert_eq!(
        left(&app, Color::White),
        SECS(283),
        "back to the time before Nf3"
    );
    assert_eq!(left(&app, Color::Black), SECS(296));
    app.update(key(KeyCode::Char('u')));
    assert_eq!(left(&app, Color::White), SECS(300));
    assert_eq!(left(&app, Color::Black), SECS(300));
    // Help pauses the clock; closing it resumes.
    app.update(key(KeyCode::Char('?')));
    time.advance(SECS(100));
    assert_eq!(left(&app, Color::White), SECS(300));
    app.update(key(KeyCode::Char('x')));
    time.advance(SECS(1));
    assert_eq!(left(&app, Color::White), SECS(299));
    // So does quitting (the times left are saved with the game).
    app.update(key(KeyCode::Char('q')));
    time.advance(SECS(100));
    assert_eq!(left(&app, Color::White), SECS(299));
}

#[test]
fn the_new_game_dialog_offers_the_time_control() {
    let mut app = new_app();
    app.update(key(KeyCode::Char('n')));
    keys(&mut app, "ttt");
    assert!(
        matches!(app.mode, Mode::NewGame(crate::app::NewGame { time, .. }) if time == TimeControl::minutes(5, 3))
    );
    app.update(key(KeyCode::Enter));
    assert_eq!(app.config.game.time_control, TimeControl::minutes(5, 3));
    assert_eq!(
        app.clock.as_ref().map(|c| c.control),
        Some(TimeControl::minutes(5, 3))
    );
}

/// A 5+3 game after 1. e4 (20 s) e5 (7 s), its analyses done.
fn timed_e4_e5() -> (App, TimeSource) {
    let (mut app, time) = timed_app("5+3");
    time.advance(SECS(20));
    let fx = prompt(&mut app, "e4");
    run_analyses(&mut app, fx, 1);
    time.advance(SECS(7));
    engine_plays(&mut app, "e5");
    (app, time)
}

/// Issue 26: the times left are saved with the game (`TimeControl` tag, `[%clk]` comments
/// beside the explanations) and a resumed game continues with them.
#[test]
fn a_resumed_timed_game_keeps_the_times_left() {
    let (app, time) = timed_e4_e5();
    time.advance(SECS(12));
    let text = persist::encode(&app.snapshot());
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    assert!(text.contains("[%clk 0:04:43] kibitzer: "), "{text}");
    assert!(text.contains("[%clk 0:04:56]"), "{text}");
    let snapshot = persist::decode(&text).unwrap();
    let (mut resumed, _) = App::new(Config::default(), Some(snapshot), 1);
    resumed.set_time_source(TimeSource::fake());
    assert_eq!(left(&resumed, Color::Black), SECS(296));
    assert_eq!(
        resumed.clock.as_ref().map(|c| c.control),
        Some(TimeControl::minutes(5, 3))
    );
    // Issue 35: the 12 s White spent on the move in progress when the game was saved are
    // not given back (they used to be: only the `[%clk]` after each move was written).
    assert!(
        text.contains("[ClocksLeft \"W 0:04:31.0 B 0:04:56.0\"]"),
        "{text}"
    );
    assert_eq!(left(&resumed, Color::White), SECS(271));
    // The explanation of 1. e4 is still read back from its comment.
    assert!(!resumed.analysis_at(0).unwrap().saved.is_empty());
    // Untimed games write no clock.
    let mut untimed = new_app();
    prompt(&mut untimed, "e4");
    let text = persist::encode(&untimed.snapshot());
    assert!(
        !text.contains("TimeControl") && !text.contains("%clk"),
        "{text}"
    );
}

/// Issue 35: quitting while the engine thinks keeps the time it has used (the resumed game
/// does not give it back), and quitting does not count the time away.
#[test]
fn quitting_while_the_engine_thinks_keeps_its_time_used() {
    let (mut app, time) = timed_app("5+3");
    time.advance(SECS(20));
    let fx = prompt(&mut app, "e4");
    run_analyses(&mut app, fx, 1);
    assert!(app.engine_thinking());
    time.advance(SECS(9));
    let fx = app.update(key(KeyCode::Char('q')));
    let saved = fx
        .iter()
        .find_map(|e| match e {
            Effect::Autosave(saved) => Some(saved.clone()),
            _ => None,
        })
        .expect("quitting saves the game");
    time.advance(SECS(100));
    let snapshot = persist::decode(&persist::ToPgn::to_pgn(&saved)).unwrap();
    let (mut resumed, _) = App::new(Config::default(), Some(snapshot), 1);
    resumed.set_time_source(TimeSource::fake());
    assert_eq!(
        left(&resumed, Color::Black),
        SECS(291),
        "9 s used, 100 s away not counted"
    );
    assert_eq!(left(&resumed, Color::White), SECS(283));
}

/// Issue 35: an engine move that arrives while a screen covers play (the analysis board)
/// does not start the human's clock; it starts when play is on top again.
#[test]
fn the_clock_stays_paused_while_a_screen_covers_play() {
    use crate::screen::Screen;
    let (mut app, time) = timed_app("5+3");
    let fx = prompt(&mut app, "e4");
    run_analyses(&mut app, fx, 1);
    time.advance(SECS(4));
    app.covered(true);
    time.advance(SECS(30));
    engine_plays(&mut app, "e5");
    assert_eq!(
        left(&app, Color::Black),
        SECS(299),
        "4 s used before the cover, + 3"
    );
    time.advance(SECS(30));
    assert_eq!(left(&app, Color::White), SECS(303));
    app.covered(false);
    time.advance(SECS(2));
    assert_eq!(left(&app, Color::White), SECS(301));
}

/// Issue 26: `:draw` offers a draw; the engine accepts when its judgement of the live position
/// says dead equal or worse for it, declines when it stands better, and says why.
#[test]
fn the_engine_accepts_a_draw_only_when_equal_or_worse_and_says_why() {
    // The engine (Black) has a queen against nothing: it declines.
    let mut app = new_app();
    app.config.engine.level = 10;
    prompt(&mut app, "fen 3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
    prompt(&mut app, "Kf2");
    engine_plays(&mut app, "Qd7");
    // Played at full strength, the engine's move is judged by its own search.
    prompt(&mut app, "draw");
    let text = app.message.as_ref().unwrap().text.clone();
    assert!(
        text.contains("declines") && text.contains("for it"),
        "{text}"
    );
    assert!(app.outcome().is_none());
    // The engine is a queen down: it accepts, standing worse.
    let mut app = new_app();
    app.config.engine.level = 10;
    prompt(&mut app, "fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    prompt(&mut app, "Qd2");
    engine_plays(&mut app, "Ke7");
    prompt(&mut app, "draw");
    let text = app.message.as_ref().unwrap().text.clone();
    assert!(text.contains("accepts the draw: it stands worse"), "{text}");
    let outcome = app.outcome().unwrap();
    assert_eq!(outcome.to_string(), "Draw by agreement");
    assert_eq!(app.mode, Mode::GameOver { choice: None });
    // Takeback undoes the agreement alone, and says so (issue 35: it said "took back your
    // move").
    let ply = app.game.ply();
    app.update(key(KeyCode::Char('u')));
    assert!(app.outcome().is_none());
    assert_eq!(app.game.ply(), ply, "the moves stay");
    assert_eq!(
        app.message.as_ref().map(|m| m.text.as_str()),
        Some("took back the draw agreement: the game goes on")
    );
    // Before any move there is no judgement: the engine says so.
    let mut app = new_app();
    prompt(&mut app, "draw");
    assert!(
        app.message.as_ref().unwrap().text.contains("not judged"),
        "{:?}",
        app.message
    );
}

/// Issue 35: `u` after a draw by agreement takes back the agreement alone and archives
/// nothing more: the draw was archived once, and the game that goes on is autosaved.
#[test]
fn taking_back_a_draw_agreement_archives_nothing_more() {
    let mut app = new_app();
    app.config.engine.level = 10;
    prompt(&mut app, "fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let mut fx = prompt(&mut app, "Qd2");
    fx.extend(engine_plays(&mut app, "Ke7"));
    fx.extend(prompt(&mut app, "draw"));
    assert!(app.outcome().is_some(), "{:?}", app.message);
    let fx = run_analyses(&mut app, fx, 2);
    let archives = |fx: &[Effect]| {
        fx.iter()
            .filter(|e| matches!(e, Effect::Archive(_)))
            .count()
    };
    assert_eq!(archives(&fx), 1, "{fx:?}");
    let fx = app.update(key(KeyCode::Char('u')));
    let fx = run_analyses(&mut app, fx, 2);
    assert!(app.outcome().is_none());
    assert_eq!(archives(&fx), 0, "archived again: {fx:?}");
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Autosave(_))),
        "{fx:?}"
    );
}

/// Issue 26: `:pgn` shows the game as PGN and copies it (OSC 52), as the FEN is copied.
#[test]
fn pgn_shows_and_copies_the_game() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let fx = prompt(&mut app, "pgn");
    let copied = copied(&fx).expect("copied");
    assert!(
        copied.contains("1. e4") && copied.contains("[White \"You\"]"),
        "{copied}"
    );
    assert_eq!(app.mode, Mode::Text(copied));
    app.update(key(KeyCode::Char('x')));
    assert_eq!(app.mode, Mode::Board);
}

/// Issue 35: the `:pgn` popup scrolls with the keymap's `[[text]]` keys (shown on the key
/// line and in its title while more is below), no further than its last page; any other key
/// still closes it.
#[test]
fn the_pgn_popup_scrolls_to_its_last_move() {
    let mut game = Game::new();
    for san in "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 \
                cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6 \
                Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 Qxg5 hxg5 \
                b3 Ke6 a3 Kd6 axb4 cxb4 Ra5 Nd5 f3 Bc8 Kf2 Bf5 Ra7 g6 Ra6+ Kc5 Ke1 Nf4 g3 Nxh3"
        .split_whitespace()
    {
        let mv = game.parse_move(san).unwrap();
        game.play(mv).unwrap();
    }
    let mut app = white_at_level_3(game);
    app.update(Event::Resize(80, 24));
    prompt(&mut app, "pgn");
    let theme = crate::ui::Theme::named("classic", crate::ui::ColorMode::TrueColor);
    let shown = |app: &App| {
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
        terminal
            .draw(|f| crate::ui::render(f, app, &theme))
            .unwrap();
        let buf = terminal.backend().buffer().clone();
        (0..24)
            .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first = shown(&app);
    assert!(!first.contains("Nxh3"), "the last move is below:\n{first}");
    let down = app.keys.key_of(TextAction::Down);
    assert!(
        first.contains(&format!("PGN (copied) · {down} more")),
        "{first}"
    );
    assert!(
        first.contains(&format!("{down} scroll")),
        "the key line names the keys:\n{first}"
    );
    let mut presses = 0;
    while !shown(&app).contains("Nxh3") {
        presses += 1;
        assert!(presses < 40, "{}", shown(&app));
        app.update(key(KeyCode::Char('j')));
    }
    assert!(matches!(app.mode, Mode::Text(_)));
    let end = app.text_scroll;
    app.update(key(KeyCode::PageDown));
    assert_eq!(app.text_scroll, end, "no further than the last page");
    app.update(key(KeyCode::PageUp));
    assert!(app.text_scroll < end);
    app.update(key(KeyCode::Char('x')));
    assert_eq!(app.mode, Mode::Board);
    assert_eq!(app.text_scroll, 0);
}

/// The text an effect puts on the clipboard.
fn copied(fx: &[Effect]) -> Option<String> {
    fx.iter().find_map(|e| match e {
        Effect::Copy(text) => Some(text.clone()),
        _ => None,
    })
}

/// Issue 26: `c` copies the game's PGN (OSC 52) in one key and says so; the board stays.
#[test]
fn c_copies_the_pgn_and_says_so() {
    let mut app = new_app();
    prompt(&mut app, "e4");
    let fx = app.update(key(KeyCode::Char('c')));
    let copied = copied(&fx).expect("copied");
    assert_eq!(copied, app.pgn());
    assert!(copied.contains("1. e4"), "{copied}");
    assert_eq!(app.mode, Mode::Board);
    let text = &app.message.as_ref().unwrap().text;
    assert!(text.contains("PGN") && text.contains("clipboard"), "{text}");
}

/// Issue 26: `:load` of a timed game keeps its time control and the times of its last
/// `[%clk]` comments (it played untimed before), and the engine plays by its clock.
#[test]
fn loading_a_timed_game_keeps_its_clocks() {
    let (app, _time) = timed_e4_e5();
    let text = persist::encode(&app.snapshot());
    // Loaded into an untimed game with the human to move: White, its clock running.
    let mut other = new_app();
    other.set_time_source(TimeSource::fake());
    assert!(other.clock.is_none());
    let loaded = persist::decode(&text).unwrap();
    other.update(Event::Loaded(
        "timed.pgn".into(),
        Ok(Box::new(Saved::Chess(loaded))),
    ));
    let clock = other
        .clock
        .as_ref()
        .expect("the loaded game keeps its clock");
    assert_eq!(clock.control, TimeControl::minutes(5, 3));
    assert_eq!(left(&other, Color::White), SECS(283));
    assert_eq!(left(&other, Color::Black), SECS(296));
    assert!(clock.running() && clock.turn() == Color::White);
    let message = &other.message.as_ref().unwrap().text;
    assert!(message.contains("clock 5+3"), "{message}");
    // The engine's next search gets its clock.
    let fx = prompt(&mut other, "Nf3");
    let request = started(&fx).expect("the engine moves");
    assert_eq!(request.clock.map(|c| c.remaining), Some(SECS(296)));
    // An untimed PGN loads untimed.
    let mut untimed = new_app();
    prompt(&mut untimed, "e4");
    let plain = persist::decode(&persist::encode(&untimed.snapshot())).unwrap();
    let (mut timed, _) = timed_app("1+0");
    timed.update(Event::Loaded(
        "plain.pgn".into(),
        Ok(Box::new(Saved::Chess(plain))),
    ));
    assert!(timed.clock.is_none());
}

/// Issue 34: pasting a megabyte into the `:` prompt cost 17 s of processor time (the whole
/// text redrawn at every character). The prompt keeps its first characters and says it cut.
#[test]
fn a_pasted_flood_is_cut_at_the_prompt_limit_and_said() {
    let mut app = new_app();
    app.update(key(KeyCode::Char(':')));
    keys(&mut app, &"e4 ".repeat(4_000));
    let Mode::Prompt(text) = &app.mode else {
        panic!("the prompt closed: {:?}", app.mode);
    };
    assert_eq!(text.chars().count(), crate::prompt::MAX_CHARS);
    assert!(text.starts_with("e4 e4 "));
    let line = crate::ui::status::prompt_line(
        ":",
        text,
        "",
        &crate::ui::Theme::named("classic", crate::ui::ColorMode::TrueColor),
    );
    let shown: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    assert!(shown.contains(crate::prompt::CUT), "{shown}");
}

/// The analysis `job` asks for, searched with its own limits by the built-in engine.
fn analyse_as_asked(job: &AnalysisJob) -> crate::analysis::Analysis {
    let AnalysisJob::Chess(job) = job else {
        panic!("a chess analysis: {job:?}")
    };
    crate::analysis::analyse(
        &job.request,
        &mut crate::engine::SearchMemory::new(1),
        &std::sync::atomic::AtomicBool::new(false),
    )
}

fn analysis_jobs(fx: &[Effect]) -> Vec<AnalysisJob> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Analyse(j) => Some(j.clone()),
            _ => None,
        })
        .collect()
}

/// Issue 36: play mode's verdicts deepen while the human thinks. Once the engine has replied
/// and the first judgements are in, a tick starts a deeper judgement of the human's last move
/// (2 plies deeper than its verdict); when it is in, the panel's verdict is the deeper one (the
/// panel says at which depth) and the engine's reply is judged deeper next. A move made
/// meanwhile stops the search under way and is answered as ever; the stopped search's result
/// is dropped.
/// A game where the human played 1.a3 and the engine 1...a6, both moves judged by their first
/// background analysis (the level's move too: a weakened level's move is judged apart).
fn judged_a3_a6(config: Config) -> App {
    let mut app = App::new(config, None, 1).0;
    prompt(
        &mut app,
        "fen r3k2r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/R3K2R w KQkq - 0 1",
    );
    let fx = prompt(&mut app, "a3");
    run_analyses(&mut app, fx, 2);
    let fx = engine_plays(&mut app, "a6");
    run_analyses(&mut app, fx, 2);
    app
}

/// `analysis.deepen_while_thinking = false`: the first verdicts stay, no search while you think.
#[test]
fn verdicts_stay_as_first_judged_when_deepening_is_off() {
    let mut config = Config::default();
    config.analysis.engine = "builtin".to_owned();
    config.analysis.deepen_while_thinking = false;
    let mut app = judged_a3_a6(config);
    for _ in 0..3 {
        assert!(analysis_jobs(&app.update(Event::Tick)).is_empty());
    }
    assert!(!app.deepening_at(0) && !app.deepening_at(1));
    assert_eq!(app.analysis_at(0).unwrap().round, 0);
}

#[test]
fn verdicts_deepen_while_the_human_thinks() {
    let mut config = Config::default();
    config.analysis.engine = "builtin".to_owned();
    let mut app = judged_a3_a6(config);
    let first = app.analysis_at(0).unwrap().clone();
    let first_depth = first.depth.expect("the first judgement's depth");
    assert_eq!(first.round, 0);
    assert!(!app.deepening_at(0));

    // Idle: a tick starts the deeper judgement of the human's move, to a fixed depth.
    let jobs = analysis_jobs(&app.update(Event::Tick));
    let [job] = jobs.as_slice() else {
        panic!("one deeper judgement: {jobs:?}")
    };
    assert_eq!(job.ply(), 0);
    let AnalysisJob::Chess(asked) = job else {
        unreachable!()
    };
    assert_eq!(asked.request.limits.depth, Some(first_depth + 2));
    assert!(app.deepening_at(0));
    assert!(
        analysis_jobs(&app.update(Event::Tick)).is_empty(),
        "one at a time"
    );
    assert_eq!(
        app.analyses_pending(),
        0,
        "no move waits for its first verdict"
    );

    // The deeper verdict replaces the first; the engine's reply is judged deeper next.
    let fx = app.update(Event::Analysed(job.id(), Box::new(analyse_as_asked(job))));
    let deeper = app.analysis_at(0).unwrap();
    assert!(
        deeper.depth.unwrap() > first_depth,
        "{:?} then {:?}",
        first.depth,
        deeper.depth
    );
    assert_eq!(deeper.round, 1);
    assert_eq!(
        deeper.judged_by.as_deref(),
        Some(crate::analysis::BUILTIN_NAME)
    );
    assert!(fx.iter().any(|e| matches!(e, Effect::Autosave(_))));
    let jobs = analysis_jobs(&fx);
    let [reply] = jobs.as_slice() else {
        panic!("the engine's reply next: {jobs:?}")
    };
    assert_eq!(reply.ply(), 1);
    assert!(app.deepening_at(1));

    // The human moves meanwhile: the deeper search stops, the engine answers as ever.
    let fx = prompt(&mut app, "h3");
    assert!(fx.contains(&Effect::CancelAnalysis(reply.id())), "{fx:?}");
    assert!(
        started(&fx).is_some(),
        "the engine is asked to move: {fx:?}"
    );
    assert_eq!(app.game.ply(), 3);
    assert!(app.deepening.is_none());
    let stale = analyse_job(reply, 1);
    app.update(Event::Analysed(reply.id(), Box::new(stale)));
    assert_eq!(
        app.analysis_at(1).unwrap().round,
        0,
        "a stopped search changes nothing"
    );
    // While the engine thinks nothing deepens.
    assert!(analysis_jobs(&app.update(Event::Tick)).is_empty());
}

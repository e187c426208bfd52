//! The editor's model, one test (at least) per action, and one per reason an illegal set-up
//! is refused.

use shakmaty::{CastlingSide, Color, Piece, Role, Setup, Square};

use super::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub(super) fn start() -> Editor {
    Editor::new(Setup::initial(), Color::White, 5, Color::White)
}

pub(super) fn from_fen(fen: &str) -> Editor {
    let mut e = start();
    e.apply(EditorAction::SetFen(fen.to_owned()));
    e
}

fn piece(c: char) -> Piece {
    shakmaty::Piece::from_char(c).unwrap()
}

fn at(e: &Editor, sq: Square) -> Option<Piece> {
    e.setup().board.piece_at(sq)
}

fn reasons(e: &Editor) -> Vec<String> {
    e.position()
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.reason)
        .collect()
}

#[test]
fn the_cursor_moves_as_the_board_is_seen_and_stops_at_the_edge() {
    let mut e = start();
    assert_eq!(e.cursor, Square::E1);
    e.apply(EditorAction::Cursor(1, 1));
    assert_eq!(e.cursor, Square::F2);
    e.apply(EditorAction::Cursor(0, -5));
    assert_eq!(e.cursor, Square::F1);
    e.apply(EditorAction::Flip);
    assert_eq!(e.orientation, Color::Black);
    e.apply(EditorAction::Cursor(1, -1)); // right and down on a flipped board
    assert_eq!(e.cursor, Square::E2);
    e.apply(EditorAction::CursorTo(Square::A8));
    assert_eq!(e.cursor, Square::A8);
    e.apply(EditorAction::Flip);
    assert_eq!(e.orientation, Color::White);
}

#[test]
fn place_delete_cut_and_paste() {
    let mut e = start();
    e.apply(EditorAction::CursorTo(Square::D4));
    e.apply(EditorAction::Place(piece('N')));
    assert_eq!(at(&e, Square::D4), Some(piece('N')));
    e.apply(EditorAction::Place(piece('q')));
    assert_eq!(at(&e, Square::D4), Some(piece('q')));
    e.apply(EditorAction::Delete);
    assert_eq!(at(&e, Square::D4), None);
    e.apply(EditorAction::Delete);
    assert!(
        e.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("d4 is empty"))
    );

    e.apply(EditorAction::Paste);
    assert!(
        e.note
            .as_ref()
            .is_some_and(|n| n.text.contains("nothing to paste"))
    );
    e.apply(EditorAction::CursorTo(Square::G1));
    e.apply(EditorAction::Cut);
    assert_eq!(at(&e, Square::G1), None);
    assert_eq!(e.clipboard, Some(piece('N')));
    e.apply(EditorAction::CursorTo(Square::E4));
    e.apply(EditorAction::Paste);
    e.apply(EditorAction::CursorTo(Square::E5));
    e.apply(EditorAction::Paste);
    assert_eq!(at(&e, Square::E4), Some(piece('N')));
    assert_eq!(at(&e, Square::E5), Some(piece('N')));
    e.apply(EditorAction::CursorTo(Square::E6));
    e.apply(EditorAction::Cut);
    assert!(e.note.as_ref().is_some_and(|n| n.error));
}

#[test]
fn the_mouse_paints_with_the_brush_and_drags_without_one() {
    let mut e = start();
    e.apply(EditorAction::Brush(Some(Brush::Piece(piece('B')))));
    e.apply(EditorAction::Press(Square::D4));
    assert_eq!(at(&e, Square::D4), Some(piece('B')));
    // The same piece again removes it.
    e.apply(EditorAction::Press(Square::D4));
    assert_eq!(at(&e, Square::D4), None);
    e.apply(EditorAction::Brush(Some(Brush::Erase)));
    e.apply(EditorAction::Press(Square::A2));
    assert_eq!(at(&e, Square::A2), None);
    e.apply(EditorAction::Brush(None));
    e.apply(EditorAction::Press(Square::G1));
    assert_eq!(e.drag_from, Some(Square::G1));
    e.apply(EditorAction::Release(Square::F3));
    assert_eq!(at(&e, Square::F3), Some(piece('N')));
    assert_eq!(at(&e, Square::G1), None);
    assert_eq!(e.drag_from, None);
    // A click without a drag only moves the cursor.
    e.apply(EditorAction::Press(Square::F3));
    e.apply(EditorAction::Release(Square::F3));
    assert_eq!(
        (e.cursor, at(&e, Square::F3)),
        (Square::F3, Some(piece('N')))
    );
    e.apply(EditorAction::Erase(Square::F3));
    assert_eq!(at(&e, Square::F3), None);
}

#[test]
fn clear_start_and_mirror() {
    let mut e = start();
    e.apply(EditorAction::Clear);
    assert!(e.setup().board.occupied().is_empty());
    assert!(e.setup().castling_rights.is_empty());
    assert!(reasons(&e).iter().any(|r| r == "the board is empty"));
    e.apply(EditorAction::Start);
    assert_eq!(e.fen(), START);

    let mut e = from_fen("4k3/8/8/8/8/8/1P6/R3K3 w Q - 3 20");
    e.apply(EditorAction::Mirror);
    assert_eq!(e.fen(), "r3k3/1p6/8/8/8/8/8/4K3 b q - 3 20");
}

#[test]
fn side_to_move_castling_en_passant_and_move_numbers() {
    let mut e = start();
    e.apply(EditorAction::ToggleTurn);
    assert_eq!(e.setup().turn, Color::Black);
    e.apply(EditorAction::ToggleTurn);

    e.apply(EditorAction::ToggleCastling(
        Color::White,
        CastlingSide::KingSide,
    ));
    assert!(!e.castling_right(Color::White, CastlingSide::KingSide));
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1"
    );
    e.apply(EditorAction::ToggleCastling(
        Color::White,
        CastlingSide::KingSide,
    ));
    assert!(e.castling_right(Color::White, CastlingSide::KingSide));
    // Moving the rook away takes the right away; it is no longer offered.
    e.apply(EditorAction::CursorTo(Square::H1));
    e.apply(EditorAction::Delete);
    assert!(!e.castling_right(Color::White, CastlingSide::KingSide));
    assert!(!e.castling_possible(Color::White, CastlingSide::KingSide));
    e.apply(EditorAction::ToggleCastling(
        Color::White,
        CastlingSide::KingSide,
    ));
    assert!(
        e.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("rook on h1"))
    );

    // En passant: only where a capture is possible.
    let mut e = from_fen("4k3/8/8/2pPp3/8/8/8/4K3 w - - 0 1");
    assert_eq!(e.en_passant_choices(), [Square::C6, Square::E6]);
    e.apply(EditorAction::NextEnPassant);
    assert_eq!(e.setup().ep_square, Some(Square::C6));
    e.apply(EditorAction::NextEnPassant);
    assert_eq!(e.setup().ep_square, Some(Square::E6));
    e.apply(EditorAction::NextEnPassant);
    assert_eq!(e.setup().ep_square, None);
    e.apply(EditorAction::NextEnPassant);
    // The other side to move: the square goes.
    e.apply(EditorAction::ToggleTurn);
    assert_eq!(e.setup().ep_square, None);
    let mut e = start();
    e.apply(EditorAction::NextEnPassant);
    assert!(
        e.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("en-passant"))
    );

    let mut e = start();
    e.apply(EditorAction::Fullmoves(5));
    e.apply(EditorAction::Fullmoves(-100));
    e.apply(EditorAction::Fullmoves(2));
    e.apply(EditorAction::Halfmoves(7));
    e.apply(EditorAction::Halfmoves(-2));
    e.apply(EditorAction::Halfmoves(-20));
    e.apply(EditorAction::Halfmoves(4));
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
    );
}

#[test]
fn undo_and_redo_every_change() {
    let mut e = start();
    assert!(!e.can_undo());
    e.apply(EditorAction::Undo);
    assert!(
        e.note
            .as_ref()
            .is_some_and(|n| n.text == text::nothing_to_undo())
    );
    e.apply(EditorAction::Clear);
    e.apply(EditorAction::Place(piece('K')));
    e.apply(EditorAction::ToggleTurn);
    let last = e.fen();
    e.apply(EditorAction::Undo);
    e.apply(EditorAction::Undo);
    e.apply(EditorAction::Undo);
    assert_eq!(e.fen(), START);
    assert!(e.can_redo());
    e.apply(EditorAction::Redo);
    e.apply(EditorAction::Redo);
    e.apply(EditorAction::Redo);
    assert_eq!(e.fen(), last);
    e.apply(EditorAction::Redo);
    assert!(
        e.note
            .as_ref()
            .is_some_and(|n| n.text == text::nothing_to_redo())
    );
    // A new change drops the redo tail; view changes are not undone.
    e.apply(EditorAction::Undo);
    e.apply(EditorAction::Flip);
    e.apply(EditorAction::Fullmoves(1));
    assert!(!e.can_redo());
    // Placing the piece already there changes nothing and adds no step.
    let mut e = start();
    e.apply(EditorAction::Place(piece('K')));
    assert!(!e.can_undo());
}

#[test]
fn a_fen_is_typed_or_pasted_and_copied() {
    let mut e = start();
    e.apply(EditorAction::OpenFen);
    assert_eq!(e.mode, EditorMode::Fen(String::new()));
    for c in "8/8/8/8/8/8/8/K1k5 w - - 0 1x".chars() {
        e.apply(EditorAction::FenChar(c));
    }
    e.apply(EditorAction::FenBackspace);
    e.apply(EditorAction::FenSubmit);
    assert_eq!(e.mode, EditorMode::Board);
    assert_eq!(e.fen(), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
    assert_eq!(
        e.apply(EditorAction::CopyFen),
        EditorOutcome::CopyFen("8/8/8/8/8/8/8/K1k5 w - - 0 1".to_owned())
    );
    // A malformed FEN names its field and changes nothing.
    e.apply(EditorAction::SetFen("8/8/8 w - -".to_owned()));
    assert!(
        e.note
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("piece placement"))
    );
    assert_eq!(e.fen(), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
    // Backspace on an empty prompt and Esc close it.
    e.apply(EditorAction::OpenFen);
    e.apply(EditorAction::FenBackspace);
    assert_eq!(e.mode, EditorMode::Board);
    e.apply(EditorAction::OpenFen);
    assert_eq!(e.apply(EditorAction::Cancel), EditorOutcome::Stay);
    assert_eq!(e.mode, EditorMode::Board);
}

#[test]
fn play_from_here_chooses_colour_and_level() {
    let mut e = from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    e.apply(EditorAction::OpenPlay);
    assert_eq!(
        e.mode,
        EditorMode::Play {
            human: Color::White,
            level: 5
        }
    );
    e.apply(EditorAction::PlayColor(Color::Black));
    e.apply(EditorAction::PlayLevelStep(3));
    e.apply(EditorAction::PlayLevelStep(10));
    assert_eq!(
        e.mode,
        EditorMode::Play {
            human: Color::Black,
            level: Editor::max_level()
        }
    );
    e.apply(EditorAction::PlayLevel(2));
    e.apply(EditorAction::PlayLevelStep(-5));
    assert_eq!(
        e.apply(EditorAction::ConfirmPlay),
        EditorOutcome::Play {
            variant: Variant::Chess,
            fen: "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".to_owned(),
            human: Color::Black,
            level: 1
        }
    );
    // Esc closes the dialog, then the editor.
    e.apply(EditorAction::OpenPlay);
    assert_eq!(e.apply(EditorAction::Cancel), EditorOutcome::Stay);
    assert_eq!(e.apply(EditorAction::Cancel), EditorOutcome::Close);
}

#[test]
fn analyse_from_here_asks_the_host_and_shows_the_result() {
    let mut e = from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(
        e.apply(EditorAction::Analyse),
        EditorOutcome::Analyse {
            fen: "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".to_owned()
        }
    );
    assert_eq!(e.analysis, Some(AnalysisView::Running));
    let pos = e.position().unwrap();
    let mut req = crate::analysis::Request::new(
        pos,
        crate::engine::SearchLimits::depth(3),
        crate::engine::EvalParams::default(),
    );
    req.human = Some(Color::White);
    let analysis = crate::analysis::analyse(
        &req,
        &mut crate::engine::SearchMemory::new(1),
        &std::sync::atomic::AtomicBool::new(false),
    );
    e.analysed(Ok(analysis));
    let Some(AnalysisView::Done { best, lines }) = &e.analysis else {
        panic!("{:?}", e.analysis);
    };
    assert!(best.is_some() && !lines.is_empty(), "{best:?} {lines:?}");
    // A change forgets it; a late result for the old set-up is ignored.
    e.apply(EditorAction::ToggleTurn);
    assert_eq!(e.analysis, None);
    e.analysed(Err("late".to_owned()));
    assert_eq!(e.analysis, None);
    e.apply(EditorAction::ToggleTurn);
    e.apply(EditorAction::Analyse);
    e.analysed(Err("the thread died".to_owned()));
    assert_eq!(
        e.analysis,
        Some(AnalysisView::Failed("the thread died".to_owned()))
    );
}

#[test]
fn help_opens_and_cancel_closes_the_editor() {
    let mut e = start();
    e.apply(EditorAction::Help);
    assert_eq!(e.mode, EditorMode::Help);
    assert_eq!(e.apply(EditorAction::Cancel), EditorOutcome::Stay);
    assert_eq!(e.apply(EditorAction::Cancel), EditorOutcome::Close);
}

#[test]
fn a_piece_set_limits_what_can_be_placed() {
    let mut e = start();
    e.roles = vec![Role::Pawn, Role::King];
    e.apply(EditorAction::CursorTo(Square::D4));
    e.apply(EditorAction::Place(piece('Q')));
    assert_eq!(at(&e, Square::D4), None);
    assert!(e.note.as_ref().is_some_and(|n| n.text.contains("no queen")));
    e.apply(EditorAction::Place(piece('P')));
    assert_eq!(at(&e, Square::D4), Some(piece('P')));
}

/// Each illegal set-up is named with its precise reason, and play and analysis are refused.
#[test]
fn an_illegal_set_up_names_its_reason_and_refuses_play() {
    let cases = [
        ("8/8/8/8/8/8/8/8 w - - 0 1", "the board is empty"),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            "each side needs exactly one king, and one is missing",
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            "a side has more than one king",
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            "pawns cannot stand on the 1st or 8th rank",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "pawns cannot stand on the 1st or 8th rank",
        ),
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "the side not to move is in check",
        ),
        (
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1",
            "a side has more pieces than a real game allows",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w Kk - 0 1",
            "a castling right is given but the king or rook is not on its original square",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            "no pawn can have just made a double step to give that en-passant square",
        ),
        (
            "4k3/8/8/8/8/8/8/r3K2r w - - 0 1",
            "the checks on the king cannot arise in a real game",
        ),
    ];
    for (fen, why) in cases {
        let mut e = from_fen(fen);
        assert!(
            reasons(&e).iter().any(|r| r == why),
            "{fen}: {:?}",
            reasons(&e)
        );
        assert_eq!(
            e.apply(EditorAction::OpenPlay),
            EditorOutcome::Stay,
            "{fen}"
        );
        assert_eq!(e.mode, EditorMode::Board, "{fen}");
        let note = e.note.clone().unwrap();
        assert!(
            note.error && note.text.contains(why),
            "{fen}: {}",
            note.text
        );
        assert_eq!(e.apply(EditorAction::Analyse), EditorOutcome::Stay, "{fen}");
    }
    // No legal move: legal, but nothing to play.
    let mut e = from_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert!(e.position().is_ok());
    e.apply(EditorAction::OpenPlay);
    assert!(
        e.note
            .as_ref()
            .is_some_and(|n| n.text.contains("checkmated"))
    );
    assert_eq!(e.mode, EditorMode::Board);
}

/// The piece keys are FEN letters: uppercase White, lowercase Black, anything else no piece.
#[test]
fn piece_keys_are_fen_letters() {
    use shakmaty::{Color, Piece, Role};
    assert_eq!(
        Piece::from_char('N').map(|p| (p.color, p.role)),
        Some((Color::White, Role::Knight))
    );
    assert_eq!(
        Piece::from_char('k').map(|p| (p.color, p.role)),
        Some((Color::Black, Role::King))
    );
    assert_eq!(Piece::from_char('x'), None);
}

const PAWN_BATTLE_START: &str = "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1";

/// An editor switched to Pawn Battle (`g`), on its start position.
fn pawn_battle() -> Editor {
    let mut e = start();
    e.apply(EditorAction::SwitchVariant);
    e
}

fn note(e: &Editor) -> String {
    e.note.as_ref().map(|n| n.text.clone()).unwrap_or_default()
}

#[test]
fn pawn_battle_places_only_rooks_and_pawns_and_says_why() {
    let mut e = pawn_battle();
    e.apply(EditorAction::CursorTo(Square::D4));
    for c in ['K', 'q', 'B', 'n'] {
        e.apply(EditorAction::Place(piece(c)));
        assert_eq!(at(&e, Square::D4), None, "{c}");
        let role = piece(c).role;
        let expected = format!("Pawn Battle has no {}s", text::role_name(role));
        assert!(note(&e).starts_with(&expected), "{c}: {}", note(&e));
    }
    e.apply(EditorAction::Place(piece('r')));
    assert_eq!(at(&e, Square::D4), Some(piece('r')));
    // The brush of a piece the game lacks is put down when switching.
    let mut e = start();
    e.apply(EditorAction::Brush(Some(Brush::Piece(piece('Q')))));
    e.apply(EditorAction::SwitchVariant);
    assert_eq!(e.brush, None);
    // Castling does not exist; the analysis opens the analysis board on the set-up.
    let mut e = pawn_battle();
    e.apply(EditorAction::ToggleCastling(
        Color::White,
        CastlingSide::KingSide,
    ));
    assert_eq!(note(&e), text::no_castling_pawn_battle());
    assert!(!e.castling_possible(Color::White, CastlingSide::KingSide));
    assert_eq!(
        e.apply(EditorAction::Analyse),
        EditorOutcome::AnalysisBoard {
            fen: PAWN_BATTLE_START.to_owned()
        }
    );
    assert_eq!(
        e.analysis, None,
        "the board analyses, not the editor's panel"
    );
    assert_eq!(e.apply(EditorAction::Start), EditorOutcome::Stay);
    assert_eq!(e.fen(), PAWN_BATTLE_START);
}

#[test]
fn pawn_battle_mirror_delete_cut_and_paste() {
    let mut e = pawn_battle();
    e.apply(EditorAction::SetFen(
        "r7/1p6/8/8/4P3/8/8/7R b - - 3 9".to_owned(),
    ));
    assert_eq!(e.legality(), Ok(()));
    // Mirror: colours swapped, the board flipped, the other side to move.
    e.apply(EditorAction::Mirror);
    assert_eq!(e.fen(), "7r/8/8/4p3/8/8/1P6/R7 w - - 3 9");
    e.apply(EditorAction::Mirror);
    assert_eq!(e.fen(), "r7/1p6/8/8/4P3/8/8/7R b - - 3 9");
    // Cut the white rook, paste it twice, delete one.
    e.apply(EditorAction::CursorTo(Square::H1));
    e.apply(EditorAction::Cut);
    assert_eq!(e.clipboard, Some(piece('R')));
    assert_eq!(at(&e, Square::H1), None);
    e.apply(EditorAction::CursorTo(Square::E1));
    e.apply(EditorAction::Paste);
    e.apply(EditorAction::CursorTo(Square::A1));
    e.apply(EditorAction::Paste);
    assert_eq!(e.fen(), "r7/1p6/8/8/4P3/8/8/R3R3 b - - 3 9");
    e.apply(EditorAction::Delete);
    assert_eq!(e.fen(), "r7/1p6/8/8/4P3/8/8/4R3 b - - 3 9");
    e.apply(EditorAction::Undo);
    assert_eq!(at(&e, Square::A1), Some(piece('R')));
    // En passant: only where a pawn just made a double step beside one of the side to move.
    e.apply(EditorAction::SetFen(
        "8/8/8/8/3pP3/8/8/8 b - - 0 1".to_owned(),
    ));
    assert_eq!(e.en_passant_choices(), [Square::E3]);
    e.apply(EditorAction::NextEnPassant);
    assert_eq!(e.fen(), "8/8/8/8/3pP3/8/8/8 b - e3 0 1");
}

/// Each illegal Pawn Battle set-up lists every rule it breaks, worded as a FEN is refused,
/// and play is refused with the reasons.
#[test]
fn an_illegal_pawn_battle_set_up_names_its_reasons_and_refuses_play() {
    let cases: [(&str, &[&str]); 5] = [
        (
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1",
            &["Pawn Battle has only pawns and rooks, and there is a black king on e8"],
        ),
        (
            "P7/p7/8/8/8/8/8/8 w - - 0 1",
            &["pawns cannot stand on the 1st or 8th rank (there is one on a8)"],
        ),
        (
            "r6r/pppppppp/8/8/8/8/8/R6R w - - 0 1",
            &["White has no pawns: each side needs at least one"],
        ),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1",
            &["White has no pawns", "Black has no pawns"],
        ),
        (
            "8/p7/8/8/8/8/P7/p7 w - - 0 1",
            &["pawns cannot stand on the 1st or 8th rank (there is one on a1)"],
        ),
    ];
    for (fen, expected) in cases {
        let mut e = pawn_battle();
        e.apply(EditorAction::SetFen(fen.to_owned()));
        let reasons: Vec<String> = e
            .legality()
            .unwrap_err()
            .into_iter()
            .map(|r| r.reason)
            .collect();
        assert_eq!(reasons.len(), expected.len(), "{fen}: {reasons:?}");
        for (r, x) in reasons.iter().zip(expected) {
            assert!(r.starts_with(x), "{fen}: {r}");
        }
        e.apply(EditorAction::OpenPlay);
        assert_eq!(e.mode, EditorMode::Board, "{fen}");
        assert!(
            note(&e).starts_with("not a legal position: ") && note(&e).contains(expected[0]),
            "{fen}: {}",
            note(&e)
        );
    }
    // A side with no move has lost: nothing to play.
    let mut e = pawn_battle();
    e.apply(EditorAction::SetFen(
        "8/8/8/8/8/p7/P7/8 w - - 0 1".to_owned(),
    ));
    assert_eq!(e.legality(), Ok(()));
    e.apply(EditorAction::OpenPlay);
    assert_eq!(e.mode, EditorMode::Board);
    assert_eq!(note(&e), text::no_move_pawn_battle(Color::White));
}

/// Issue 25: the board's key hints (the keymap's key line, the same for both games) fit an
/// 80-column terminal with `a analyse` and `? all` (the help lists the rest).
#[test]
fn the_pawn_battle_key_hints_fit_80_columns() {
    let hints = crate::keys::Keymaps::defaults().key_line("editor");
    assert!(hints.chars().count() <= 80, "{hints}");
    assert!(
        hints.contains("a analyse") && hints.ends_with("? all"),
        "{hints}"
    );
}

#[path = "../variant/pawn_battle/editor_tests.rs"]
mod pawn_battle;

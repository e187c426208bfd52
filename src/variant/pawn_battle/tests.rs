//! Pawn Battle rules: every win condition and draw rule, en passant, keys, FEN and move text.

use shakmaty::{Color, KnownOutcome, Move, Role, Square};

use super::*;
use crate::variant::{Ending, Line, LineError};

fn pos(fen: &str) -> PawnBattle {
    PawnBattle::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play_all(start: PawnBattle, moves: &str) -> Line<PawnBattle> {
    let mut line = Line::new(start);
    for text in moves.split_whitespace() {
        let mv = line
            .position()
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        line.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    line
}

fn parse_err(p: &PawnBattle, text: &str) -> String {
    match p.parse_move(text) {
        Ok(m) => format!("OK {}", p.san(m)),
        Err(e) => e.to_string(),
    }
}

#[test]
fn start_position_and_its_fen() {
    let start = PawnBattle::start();
    assert_eq!(start.fen(), START_FEN);
    assert_eq!(pos(START_FEN), start);
    assert_eq!(start.turn(), Color::White);
    // 8 single + 8 double steps, and each rook along the first rank (b1..g1).
    assert_eq!(start.legal_moves().len(), 28);
    assert_eq!(start.end(), None);
}

#[test]
fn fen_round_trips() {
    for fen in [
        START_FEN,
        "r6r/ppp1pppp/8/8/3pP3/8/PPPP1PPP/R6R b - e3 0 3",
        "r6r/8/8/2pPp3/8/8/5P2/R6R w - e6 0 10",
        "r3r3/pp3ppp/8/8/8/8/PPP2PPP/3RR3 w - - 17 12",
        "8/p1p5/8/1P6/8/8/5p1P/R7 w - - 0 45",
    ] {
        assert_eq!(pos(fen).fen(), fen);
    }
    // Short FENs get default counters; an en-passant square nobody can use is dropped, as in
    // chess (it changes neither the moves nor the key).
    assert_eq!(
        pos("r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - -").fen(),
        START_FEN
    );
    let useless = pos("r6r/pppppppp/8/8/4P3/8/PPPP1PPP/R6R b - e3 0 1");
    assert_eq!(
        useless.fen(),
        "r6r/pppppppp/8/8/4P3/8/PPPP1PPP/R6R b - - 0 1"
    );
}

#[test]
fn fen_errors_name_the_field_and_the_rule() {
    for (fen, expected) in [
        ("", "invalid FEN (piece placement): the FEN is empty"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "invalid FEN (piece placement): Pawn Battle has only pawns and rooks, and there is a \
             white knight on b1",
        ),
        (
            "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w KQkq - 0 1",
            "invalid FEN (castling): Pawn Battle has no castling: write \"-\"",
        ),
        (
            "r3P2r/ppp1pppp/8/8/8/8/PPPP1PPP/R6R b - - 0 1",
            "invalid FEN (piece placement): pawns cannot stand on the 1st or 8th rank (there is \
             one on e8): a pawn that reaches the last rank has already won",
        ),
        (
            "r6r/8/8/8/8/8/PPPPPPPP/R6R w - - 0 1",
            "invalid FEN (piece placement): Black has no pawns: each side needs at least one (a \
             side without pawns has lost)",
        ),
        (
            "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - e3 0 1",
            "invalid FEN (en passant): no pawn can have just made a double step to give that \
             en-passant square",
        ),
        (
            "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R x - - 0 1",
            "invalid FEN (side to move): \"x\" must be \"w\" or \"b\"",
        ),
        (
            "r6r/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1",
            "invalid FEN (piece placement): 7 rank(s) separated by '/'; expected 8",
        ),
    ] {
        let e = PawnBattle::from_fen(fen).unwrap_err();
        assert_eq!(e.to_string(), expected, "for {fen:?}");
    }
}

#[test]
fn en_passant_is_offered_once_and_removes_the_passed_pawn() {
    let line = play_all(pos("r6r/ppp1pppp/8/8/3p4/8/PPPPPPPP/R6R w - - 0 1"), "e4");
    let p = line.position();
    assert_eq!(p.ep_square(), Some(Square::E3));
    assert_eq!(p.fen(), "r6r/ppp1pppp/8/8/3pP3/8/PPPP1PPP/R6R b - e3 0 1");
    let ep = Move::EnPassant {
        from: Square::D4,
        to: Square::E3,
    };
    assert!(p.legal_moves().contains(&ep));
    assert_eq!(p.san(ep), "dxe3");
    let mut after = p.clone();
    after.play_unchecked(ep);
    assert_eq!(after.board().piece_at(Square::E4), None);
    assert_eq!(after.fen(), "r6r/ppp1pppp/8/8/8/4p3/PPPP1PPP/R6R w - - 0 2");
    // Not taken at once: the right is gone.
    let later = play_all(p.clone(), "a6 a3");
    assert_eq!(later.position().ep_square(), None);
    assert!(
        !later
            .position()
            .legal_moves()
            .iter()
            .any(|m| m.is_en_passant())
    );
    // A double step with no pawn beside its landing square gives no en-passant square.
    let quiet = play_all(PawnBattle::start(), "e4");
    assert_eq!(quiet.position().ep_square(), None);
}

#[test]
fn a_pawn_on_the_last_rank_wins_without_promoting() {
    let mut line = play_all(pos("r6r/4P3/8/8/8/8/pppp4/7R w - - 0 1"), "e8");
    let p = line.position();
    assert_eq!(p.board().role_at(Square::E8), Some(Role::Pawn));
    let ending = line.ending().unwrap();
    assert_eq!(
        ending,
        Ending::Position {
            outcome: KnownOutcome::Decisive {
                winner: Color::White
            },
            reason: WinReason::Promotion(Square::E8),
        }
    );
    assert_eq!(ending.to_string(), "White wins by promotion on e8");
    assert!(p.legal_moves().is_empty(), "a finished game has no moves");
    let any = Move::Normal {
        role: Role::Rook,
        from: Square::A8,
        capture: None,
        to: Square::B8,
        promotion: None,
    };
    assert!(matches!(line.play(any), Err(LineError::GameOver(_))));
    // Black promotes on the first rank, capturing.
    let black = play_all(pos("8/8/8/1p6/8/8/P3p3/3R4 b - - 0 1"), "exd1");
    assert_eq!(
        black.ending().unwrap().to_string(),
        "Black wins by promotion on d1"
    );
}

#[test]
fn capturing_the_last_pawn_wins() {
    let line = play_all(pos("8/8/8/3p4/4P3/8/8/R7 w - - 0 1"), "exd5");
    assert_eq!(
        line.ending().unwrap().to_string(),
        "White wins by capturing all the opponent's pawns"
    );
    // Rooks left over do not matter.
    let rook = play_all(pos("r6r/8/8/8/p7/8/7P/R7 w - - 0 1"), "Rxa4");
    assert_eq!(
        rook.ending().map(|e| e.outcome()),
        Some(KnownOutcome::Decisive {
            winner: Color::White
        })
    );
}

#[test]
fn no_legal_move_loses() {
    let blocked = pos("8/8/8/3p4/3P4/8/8/8 w - - 0 1");
    assert!(blocked.legal_moves().is_empty());
    assert_eq!(
        blocked.end(),
        Some((
            KnownOutcome::Decisive {
                winner: Color::Black
            },
            WinReason::NoLegalMove
        ))
    );
    assert_eq!(
        Line::new(blocked).ending().unwrap().to_string(),
        "Black wins by leaving the opponent no legal move"
    );
}

#[test]
fn threefold_repetition_draws() {
    let shuffle = "Rab1 Rab8 Ra1 Ra8 Rab1 Rab8 Ra1";
    let line = play_all(PawnBattle::start(), shuffle);
    assert_eq!(line.repetitions(), 2);
    assert_eq!(line.ending(), None);
    let line = play_all(PawnBattle::start(), &format!("{shuffle} Ra8"));
    assert_eq!(line.repetitions(), 3);
    assert_eq!(line.ending(), Some(Ending::Repetition));
    assert_eq!(
        line.ending().unwrap().to_string(),
        "Draw by threefold repetition"
    );
}

#[test]
fn fifty_moves_without_pawn_move_or_capture_draw() {
    let almost = pos("r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 99 80");
    let line = play_all(almost.clone(), "Rab1");
    assert_eq!(line.position().halfmoves(), 100);
    assert_eq!(line.ending(), Some(Ending::FiftyMoves));
    assert_eq!(
        line.ending().unwrap().to_string(),
        "Draw by fifty-move rule"
    );
    // A pawn move resets the count.
    let reset = play_all(almost, "a3");
    assert_eq!(reset.position().halfmoves(), 0);
    assert_eq!(reset.ending(), None);
}

#[test]
fn incremental_key_matches_the_key_from_scratch() {
    let mut p = PawnBattle::start();
    let mut seen = 0;
    for i in 0..200usize {
        let moves = p.legal_moves();
        let Some(&mv) = moves.get((i * 7 + 3) % moves.len().max(1)) else {
            break;
        };
        p.play_unchecked(mv);
        assert_eq!(p.key(), p.full_key(), "after {mv} in {}", p.fen());
        if p.decided().is_none() {
            assert_eq!(pos(&p.fen()).key(), p.key(), "FEN {}", p.fen());
        }
        seen += 1;
    }
    assert!(seen > 10, "the playout ended after {seen} moves");
    // Transpositions meet; the side to move and the en-passant right are part of the key.
    let a = play_all(PawnBattle::start(), "a3 a6 b3 b6");
    let b = play_all(PawnBattle::start(), "b3 b6 a3 a6");
    assert_eq!(a.position().key(), b.position().key());
    let white = pos("r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R w - - 0 1");
    let black = pos("r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R b - - 0 1");
    assert_ne!(white.key(), black.key());
    let with_ep = pos("r6r/ppp1pppp/8/8/3pP3/8/PPPP1PPP/R6R b - e3 0 1");
    let without = pos("r6r/ppp1pppp/8/8/3pP3/8/PPPP1PPP/R6R b - - 0 1");
    assert_ne!(with_ep.key(), without.key());
}

#[test]
fn noisy_moves_are_captures_and_arrivals() {
    let p = pos("r6r/4P3/8/3p4/4P3/8/pppp4/7R w - - 0 1");
    let noisy: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| p.is_noisy(**m))
        .map(|m| p.san(*m))
        .collect();
    assert_eq!(noisy, ["exd5", "e8", "Rxh8"]);
}

#[test]
fn san_and_uci_in_and_out() {
    let start = PawnBattle::start();
    for (input, expected) in [
        ("e4", "e4"),
        ("e2e4", "e4"),
        ("e2-e4", "e4"),
        ("Rad1", "Rad1"),
        ("rad1", "Rad1"),
        ("a1d1", "Rad1"),
        ("Ra1-d1", "Rad1"),
    ] {
        assert_eq!(
            parse_err(&start, input),
            format!("OK {expected}"),
            "{input}"
        );
    }
    // Disambiguation by file, by rank, and both; a forgiven capture mark.
    let rooks = pos("R6R/8/7p/8/8/8/7P/R7 w - - 0 1");
    assert_eq!(parse_err(&rooks, "Rad8"), "OK Rad8");
    assert_eq!(parse_err(&rooks, "R1a4"), "OK R1a4");
    assert_eq!(parse_err(&rooks, "a8a7"), "OK R8a7");
    assert_eq!(parse_err(&rooks, "Rxh6"), "OK Rxh6");
    assert_eq!(parse_err(&rooks, "Rh6"), "OK Rxh6");
    let captures = pos("8/8/8/3p4/2P1P3/8/8/8 w - - 0 1");
    assert_eq!(parse_err(&captures, "cxd5"), "OK cxd5");
    assert_eq!(parse_err(&captures, "cd5"), "OK cxd5");
    assert_eq!(
        parse_err(&rooks, "Rd8"),
        "Rd8 is ambiguous: it could be Rad8 or Rhd8"
    );
    assert_eq!(
        parse_err(&captures, "xd5"),
        "xd5 is ambiguous: it could be cxd5 or exd5"
    );
    assert_eq!(
        parse_err(&captures, "hello"),
        "\"hello\" is not a move: write SAN such as e4, exd5, Rd1, Rad1, or UCI such as a1d1"
    );
    let uci: Vec<String> = start
        .legal_moves()
        .iter()
        .take(2)
        .map(|m| start.uci(*m).to_string())
        .collect();
    assert_eq!(uci, ["a2a3", "a2a4"]);
}

/// Issue 38: Pawn Battle's refusals in Portuguese (a knight it has not, a rook that cannot get
/// there, a pawn that wins instead of promoting), Portuguese SAN in, the reason in Portuguese.
#[test]
fn illegal_moves_say_why_in_portuguese() {
    use crate::i18n::{Lang, with};
    let start = PawnBattle::start();
    with(Lang::PtBr, || {
        let knight = parse_err(&start, "Cf3");
        assert!(
            knight.contains("a Batalha de Peões só tem peões e torres, nenhum cavalo"),
            "{knight}"
        );
        let rook = parse_err(&start, "h1h5");
        assert!(rook.contains("a torre em h1 não alcança h5"), "{rook}");
        let castle = parse_err(&start, "O-O");
        assert!(castle.contains("não tem roque"), "{castle}");
        let seventh = pos("r6r/4P3/8/8/8/8/pppp4/7R w - - 0 1");
        let wins = parse_err(&seventh, "e8=D");
        assert!(
            wins.contains("vence a partida na hora e não é promovido: escreva e8"),
            "{wins}"
        );
    });
}

#[test]
fn illegal_moves_say_why() {
    let start = PawnBattle::start();
    for (input, expected) in [
        (
            "Nf3",
            "Nf3 is illegal: Pawn Battle has only pawns and rooks, no knight",
        ),
        (
            "O-O",
            "O-O is illegal: Pawn Battle has no castling and no drops",
        ),
        (
            "e5",
            "e5 is illegal: no pawn of yours can reach e5 (did you mean e3 or e4?)",
        ),
        (
            "Ra3",
            "Ra3 is illegal: no rook of yours can reach a3 (did you mean Rab1, Rac1 or Rad1?)",
        ),
        (
            "e7e5",
            "e7e5 is illegal: the pawn on e7 is black's, and it is white to move",
        ),
        (
            "e3e4",
            "e3e4 is illegal: there is no piece on e3 (did you mean e4?)",
        ),
        ("a1a2", "a1a2 is illegal: a2 is occupied by your own pawn"),
        ("h1h5", "h1h5 is illegal: the rook on h1 cannot reach h5"),
        ("", "type a move, such as e4, Nf3 or g1f3"),
    ] {
        assert_eq!(parse_err(&start, input), expected, "{input:?}");
    }
    let seventh = pos("r6r/4P3/8/8/8/8/pppp4/7R w - - 0 1");
    for input in ["e8=Q", "e8q", "e7e8q"] {
        assert_eq!(
            parse_err(&seventh, input),
            format!(
                "{input} is illegal: a pawn reaching e8 wins the game at once and is not \
                 promoted: write e8 (did you mean e8?)"
            ),
        );
    }
    assert_eq!(parse_err(&seventh, "e8"), "OK e8");
    assert_eq!(parse_err(&seventh, "e7e8"), "OK e8");
    let over = play_all(seventh, "e8");
    assert_eq!(
        parse_err(over.position(), "Ra8b8"),
        "Ra8b8 is illegal: the game is over (White wins by promotion on e8)"
    );
}

#[test]
fn perft_counts_are_pinned() {
    // Checked against the independent Python reference (tests/py/pawn_battle_perft.py) to
    // depth 5; tests/pawn_battle_perft.rs compares the two live at depth 4.
    for (fen, counts) in [
        (START_FEN, [28, 784, 20_502, 536_090, 13_388_094]),
        (
            "r6r/ppp1pppp/8/8/3pP3/8/PPPP1PPP/R6R b - e3 0 3",
            [28, 730, 18_612, 453_502, 11_101_342],
        ),
        (
            "r3r3/pp3ppp/8/8/8/8/PPP2PPP/3RR3 w - - 0 12",
            [32, 798, 25_730, 621_821, 19_536_664],
        ),
        ("8/8/4p3/8/8/3P4/8/8 w - - 0 40", [1, 1, 2, 1, 1]),
        ("8/8/8/3p4/3P4/8/8/8 w - - 0 30", [0, 0, 0, 0, 0]),
    ] {
        let p = pos(fen);
        for (depth, &expected) in (1..).zip(counts.iter()) {
            assert_eq!(
                crate::perft::count(&p, depth),
                expected,
                "{fen} depth {depth}"
            );
        }
    }
}

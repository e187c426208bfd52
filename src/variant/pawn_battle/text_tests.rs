//! How Pawn Battle's scores, games and files read through the shared services (kept with the
//! game; the services' own documentation shows chess): a forced win is a win, never a mate.

use shakmaty::Color;

use super::PawnBattle;
use crate::explain::quality::Score;
use crate::explain::score_text::evaluation;
use crate::ui::eval_bar::EvalBarValue;
use crate::variant::{Variant, VariantPosition};

const PB: Variant = Variant::PawnBattle;

#[test]
fn a_forced_win_reads_as_a_win_everywhere() {
    assert_eq!(Score::Mate(3).short_win(PB).as_deref(), Some("W3"));
    assert_eq!(Score::Mate(-3).short_win(PB).as_deref(), Some("L3"));
    assert_eq!(Score::Cp(30).short_win(PB), None);
    assert_eq!(Score::Mate(3).text(PB), "win in 3");
    assert_eq!(Score::Mate(-2).text(PB), "loss in 2");
    assert_eq!(Score::Cp(30).text(PB), "+0.30");
    assert_eq!(
        evaluation(Score::Mate(2), None, PB),
        "White wins in 2 moves"
    );
    assert_eq!(
        evaluation(Score::Mate(-1), Some(Color::White), PB),
        "you lose in 1 move"
    );
    assert_eq!(
        evaluation(Score::Mate(1), Some(Color::White), PB),
        "you win in 1 move"
    );
    for n in [-11, -2, -1, 1, 3] {
        for human in [None, Some(Color::White), Some(Color::Black)] {
            let pb = evaluation(Score::Mate(n), human, PB);
            assert!(!pb.contains("mate") && !pb.contains('#'), "{pb}");
        }
    }
    let bar = |score| {
        EvalBarValue {
            score,
            win_percent: 50.0,
            checkmate: None,
            variant: PB,
        }
        .label()
    };
    assert_eq!(bar(Score::Mate(4)), "W4");
    assert_eq!(bar(Score::Mate(-3)), "L3");
    assert_eq!(bar(Score::Cp(130)), "+1.3");
    assert_eq!(crate::review::score_text(Score::Mate(-4), PB), "L4");
    assert_eq!(crate::review::score_text(Score::Mate(3), PB), "W3");
}

#[test]
fn its_files_and_tags_name_it() {
    assert_eq!(crate::pgn::variant_of_tag(Some("pawn-battle")), Ok(PB));
    let text = "[Variant \"Pawn Battle\"]\n\n1. e4 d5 2. exd5 *\n";
    let report = crate::pgn::import_as::<PawnBattle>(text);
    assert_eq!(report.games[0].pgn.game.ply(), 3);
    assert!(
        crate::pgn::import(text).errors[0]
            .message
            .contains("Pawn Battle")
    );
    let two = "1. e4 e5 *\n\n[Variant \"Pawn Battle\"]\n\n1. e4 d5 *\n";
    assert_eq!(crate::pgn::variant_of_game(two.as_bytes(), 2), Some(Ok(PB)));
    let variants = crate::pgn::game_variants(two.as_bytes());
    assert_eq!(variants, [Ok(Variant::Chess), Ok(PB)]);
    let entry = crate::review::picker::Entry {
        variant: PB,
        ..crate::review::picker::Entry::default()
    };
    assert!(entry.matches("pawn"));
    assert_eq!(crate::perft::count(&PawnBattle::start(), 2), 784);
}

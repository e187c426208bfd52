//! Each detector on hand-made positions, where its claim holds and where it must not be
//! made; and the explanation of a Pawn Battle move through the shared analysis and judgement.

use std::sync::atomic::AtomicBool;

use super::*;
use crate::analysis::{Analyst, Request, analyse, judged_search, search_position};
use crate::config::ExplainLevel;
use crate::engine::{SearchLimits, SearchMemory};
use crate::explain::quality::Quality;
use crate::variant::pawn_battle::eval::PresetName;

fn pos(fen: &str) -> PawnBattle {
    PawnBattle::from_fen(fen).unwrap()
}

/// The facts `derive` finds for `mv` (UCI) in `fen`.
fn facts(fen: &str, mv: &str) -> Vec<Fact> {
    let before = pos(fen);
    let m = before.parse_move(mv).unwrap();
    let mut after = before.clone();
    after.play_unchecked(m);
    derive(&before, m, &after)
        .into_iter()
        .map(|c| c.fact)
        .collect()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn a_pawn_on_the_seventh_with_a_free_square_threatens_to_reach_the_last_rank() {
    let f = facts("8/7p/P7/8/8/8/8/8 w - - 0 1", "a6a7");
    assert!(f.contains(&Fact::PbThreat {
        pawn: sq("a7"),
        goal: sq("a8")
    }));
    // A rook on a8 and nothing to capture: no threat.
    let f = facts("r7/7p/P7/8/8/8/8/8 w - - 0 1", "a6a7");
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbThreat { .. })),
        "{f:?}"
    );
    // The rook on b8 can be captured: the threat goes there.
    let f = facts("rr6/7p/P7/8/8/8/8/8 w - - 0 1", "a6a7");
    assert!(f.contains(&Fact::PbThreat {
        pawn: sq("a7"),
        goal: sq("b8")
    }));
}

#[test]
fn the_race_counts_moves_for_both_sides_and_rooks_on_the_path_stop_it() {
    let f = facts("8/6p1/8/8/8/8/P7/8 w - - 0 1", "a2a4");
    assert!(
        f.contains(&Fact::PbRace {
            pawn: sq("a4"),
            goal: sq("a8"),
            moves: 4,
            their_moves: Some(5),
        }),
        "{f:?}"
    );
    // A black rook on the a-file covers the path: no race claim.
    let f = facts("r7/6p1/8/8/8/8/P7/8 w - - 0 1", "a2a4");
    assert!(!f.iter().any(|x| matches!(x, Fact::PbRace { .. })), "{f:?}");
    // Black is faster (three moves, Black to move next): no race claim for White.
    let f = facts("8/8/8/8/6p1/8/P7/8 w - - 0 1", "a2a4");
    assert!(!f.iter().any(|x| matches!(x, Fact::PbRace { .. })), "{f:?}");
}

#[test]
fn passed_pawns_are_claimed_only_when_no_enemy_pawn_can_stop_them() {
    let f = facts("8/7p/8/8/8/8/P7/8 w - - 0 1", "a2a3");
    assert!(f.contains(&Fact::PbPassed {
        square: sq("a3"),
        goal: sq("a8")
    }));
    let f = facts("8/1p6/8/8/8/8/P7/8 w - - 0 1", "a2a4");
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbPassed { .. })),
        "{f:?}"
    );
}

#[test]
fn a_piece_in_front_of_an_enemy_passer_blockades_it() {
    let f = facts("8/8/8/8/3p4/7R/P7/8 w - - 0 1", "h3d3");
    assert!(f.contains(&Fact::PbBlockade {
        pawn: sq("d4"),
        blocker: sq("d3")
    }));
    assert!(f.contains(&Fact::PbRookFile {
        rook: sq("d3"),
        open: false
    }));
    // Beside the pawn is no blockade.
    let f = facts("8/8/8/8/3p4/7R/P7/8 w - - 0 1", "h3e3");
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbBlockade { .. })),
        "{f:?}"
    );
    assert!(f.contains(&Fact::PbRookFile {
        rook: sq("e3"),
        open: true
    }));
}

#[test]
fn a_rook_behind_a_passed_pawn_and_not_on_a_file_of_its_own_pawns() {
    let f = facts("8/7p/8/P7/8/8/8/7R w - - 0 1", "h1a1");
    assert!(f.contains(&Fact::PbRookBehind {
        rook: sq("a1"),
        pawn: sq("a5")
    }));
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbRookFile { .. })),
        "the a-file holds White's pawn: {f:?}"
    );
    // In front of the pawn is not behind it.
    let f = facts("8/7p/8/P7/8/8/8/7R w - - 0 1", "h1h6");
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbRookBehind { .. })),
        "{f:?}"
    );
}

#[test]
fn a_rook_that_comes_behind_a_pawn_of_its_own_backs_its_march() {
    // 2... Rag8: the rook comes behind the g-pawn, which is not passed.
    let f = facts("r6r/p1pppppp/8/1p6/3PP3/8/PPP2PPP/R6R b - - 0 2", "a8g8");
    assert!(
        f.contains(&Fact::PbRookBacks {
            rook: sq("g8"),
            pawn: sq("g7")
        }),
        "{f:?}"
    );
    // Along its own file it backs nothing new; with a piece between it backs nothing; behind
    // a passed pawn of its own it is the passer's claim.
    for (fen, mv) in [
        ("8/6p1/8/8/8/4P3/8/4R3 w - - 0 1", "e1e2"),
        ("8/7p/8/8/2P5/2p5/8/R7 w - - 0 1", "a1c1"),
        ("8/7p/8/P7/8/8/8/7R w - - 0 1", "h1a1"),
    ] {
        let f = facts(fen, mv);
        assert!(
            !f.iter().any(|x| matches!(x, Fact::PbRookBacks { .. })),
            "{fen} {mv}: {f:?}"
        );
    }
}

#[test]
fn the_winning_move_says_how_it_wins_and_captures_give_the_material() {
    assert_eq!(
        facts("8/P6p/8/8/8/8/7P/8 w - - 0 1", "a7a8"),
        vec![Fact::PbWins {
            uci: "a7a8".to_owned(),
            how: "last_rank".to_owned()
        }]
    );
    assert_eq!(
        facts("8/8/8/3p4/8/8/P7/3R4 w - - 0 1", "d1d5"),
        vec![Fact::PbWins {
            uci: "d1d5".to_owned(),
            how: "last_pawn".to_owned()
        }]
    );
    let f = facts("8/7p/8/3p4/4P3/8/8/R7 w - - 0 1", "e4d5");
    assert!(f.contains(&Fact::PbMaterial {
        white_pawns: 1,
        white_rooks: 1,
        black_pawns: 1,
        black_rooks: 0
    }));
    // A quiet move says nothing of the material.
    let f = facts("8/7p/8/3p4/4P3/8/8/R7 w - - 0 1", "a1b1");
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbMaterial { .. })),
        "{f:?}"
    );
}

/// A depth-4 analysis request of `mv` in `fen`, explained at the advanced level.
fn advanced_request(fen: &str, mv: &str) -> Request<PawnBattle> {
    let p = pos(fen);
    let played = p.parse_move(mv).unwrap();
    let mut req = Request::new(
        p,
        SearchLimits::depth(4),
        Evaluation::preset(PresetName::Default),
    );
    req.played = Some(played);
    req.level = ExplainLevel::Advanced;
    req
}

#[test]
fn a_lost_race_is_a_verified_blunder_with_the_better_move_and_its_reason() {
    let req = advanced_request("8/6p1/8/8/8/8/P7/8 w - - 0 1", "a3");
    let p = req.before.clone();
    let mut memory = SearchMemory::new(1);
    let stop = AtomicBool::new(false);
    // The same judgement as chess: the suspect move is verified by a deeper search, and the
    // flagged move confirmed by a deeper one still.
    let first = search_position(&p, &[], &req.limits, &req.params, &mut memory, &stop);
    let judged = judged_search(&req, first, &mut Analyst::builtin(), &mut memory, &stop);
    assert_eq!(judged.depth, 4 + 2 * crate::analysis::VERIFY_EXTRA_DEPTH);
    let e = analyse(&req, &mut memory, &stop).explanation.unwrap();
    assert_eq!(e.quality.map(|q| q.quality), Some(Quality::Blunder));
    assert_eq!(e.best.as_ref().map(|b| b.san.as_str()), Some("a4"));
    let better = e
        .sentences
        .iter()
        .find(|s| s.template == "q_better_was")
        .unwrap_or_else(|| panic!("{:?}", e.sentences));
    assert!(better.text.contains("in 4 moves"), "{}", better.text);
    // The reason rests on the better move's race claim.
    assert!(better.claims.iter().any(|&i| matches!(
        (&e.claims[i].fact, e.claims[i].supports),
        (Fact::PbRace { .. }, Supports::Better)
    )));
    assert!(
        e.sentences.iter().all(|s| !s.claims.is_empty()),
        "{:?}",
        e.sentences
    );
    assert!(!e.text.to_lowercase().contains("mate"), "{}", e.text);
    assert!(e.eval_deltas.iter().any(|d| d.term == "promotion race"));
}

#[test]
fn an_illegal_move_gives_an_empty_explanation() {
    let p = pos("8/6p1/8/8/8/8/P7/8 w - - 0 1");
    let mv = Move::Normal {
        role: Role::Pawn,
        from: sq("a2"),
        capture: None,
        to: sq("a5"),
        promotion: None,
    };
    let mut req = Request::new(
        p,
        SearchLimits::depth(1),
        Evaluation::preset(PresetName::Default),
    );
    req.played = Some(mv);
    let input = ExplainInput::board_only(req.before.clone(), mv, ExplainLevel::Medium);
    let e = explain(&input);
    assert!(e.claims.is_empty() && e.sentences.is_empty());
}

/// The explanation of `mv` in `fen` at the advanced level, from a depth-4 analysis.
fn analysed(fen: &str, mv: &str) -> Explanation {
    let req = advanced_request(fen, mv);
    let mut memory = SearchMemory::new(1);
    let stop = AtomicBool::new(false);
    analyse(&req, &mut memory, &stop).explanation.unwrap()
}

/// Whether `e` says that `side` promotes on `goal` next move and wins ("White promotes on e8
/// next move and wins", or the other phrasing).
fn says_win(e: &Explanation, side: &str, goal: &str) -> bool {
    e.sentences.iter().any(|s| {
        s.template == "pb_win_promotes_next" && s.text.contains(side) && s.text.contains(goal)
    })
}

#[test]
fn a_forced_win_is_said_in_pawn_battle_terms_not_as_a_mate_score() {
    // The move that wins: no "#1", the game is said won.
    let mut req = advanced_request("8/1P6/8/8/8/8/p7/8 w - - 0 1", "b8");
    req.human = Some(shakmaty::Color::White);
    let e = analyse(&req, &mut SearchMemory::new(1), &AtomicBool::new(false))
        .explanation
        .unwrap();
    let panel = e.panel_lines().join("\n");
    assert!(
        !e.text.contains('#') && !panel.contains('#'),
        "{e:?}\n{panel}"
    );
    assert!(panel.contains("you won"), "{panel}");
    // A spectator (no human: a review of someone else's game) reads who won.
    let panel = analysed("8/1P6/8/8/8/8/p7/8 w - - 0 1", "b8")
        .panel_lines()
        .join("\n");
    assert!(
        panel.contains("White won") && !panel.contains("you"),
        "{panel}"
    );
    // A move after which the mover promotes next move.
    let e = analysed("8/8/1P6/8/8/p7/8/8 w - - 0 1", "b7");
    assert!(says_win(&e, "White", "b8"), "{}", e.text);
    assert!(!e.text.contains('#'), "{}", e.text);
    // A move after which the opponent promotes next move.
    let e = analysed("8/8/1P6/8/8/8/p7/8 w - - 0 1", "b7");
    assert!(says_win(&e, "Black", "a1"), "{}", e.text);
    let panel = e.panel_lines().join("\n");
    assert!(!e.text.contains('#') && !panel.contains('#'), "{panel}");
    assert!(panel.contains("score: Black wins in 1 move"), "{panel}");
    assert!(!panel.contains("mate"), "{panel}");
}

#[test]
fn a_piece_that_newly_attacks_a_rook_or_an_undefended_pawn_says_so() {
    // The rook goes to the b-file and attacks the undefended pawn on b7.
    let f = facts("r7/1p4pp/8/8/8/8/P5PP/7R w - - 0 1", "h1b1");
    assert!(
        f.contains(&Fact::PbAttack {
            attacker: sq("b1"),
            target: sq("b7"),
            target_role: "pawn".to_owned(),
        }),
        "{f:?}"
    );
    // The pawn on b6, defended by the one on a7: no attack claim.
    let f = facts("8/p5pp/1p6/8/8/8/P5PP/7R w - - 0 1", "h1b1");
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbAttack { .. })),
        "b6 is defended by a7: {f:?}"
    );
    // A pawn step that attacks a rook.
    let f = facts("8/6pp/8/3r4/8/4P3/6PP/8 w - - 0 1", "e3e4");
    assert!(
        f.contains(&Fact::PbAttack {
            attacker: sq("e4"),
            target: sq("d5"),
            target_role: "rook".to_owned(),
        }),
        "{f:?}"
    );
}

#[test]
fn a_move_that_defends_an_attacked_pawn_says_against_what() {
    // d5 attacks e4; d3 defends it.
    let f = facts("8/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/8 w - - 0 1", "d2d3");
    assert!(
        f.contains(&Fact::PbDefend {
            defender: sq("d3"),
            pawn: sq("e4"),
            attacker: sq("d5"),
        }),
        "{f:?}"
    );
    // Nothing attacks e4: no defence claim.
    let f = facts("8/ppp2ppp/8/4p3/4P3/8/PPPP1PPP/8 w - - 0 1", "d2d3");
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbDefend { .. })),
        "{f:?}"
    );
}

#[test]
fn a_quiet_pawn_step_says_how_far_it_is_from_the_last_rank_unless_it_is_passed() {
    let f = facts("8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1", "e2e4");
    assert!(
        f.contains(&Fact::PbAdvance {
            pawn: sq("e4"),
            goal: sq("e8"),
            moves: 4,
        }),
        "{f:?}"
    );
    // A passed pawn's step says it is passed instead.
    let f = facts("8/6pp/8/8/8/8/P5PP/8 w - - 0 1", "a2a3");
    assert!(
        !f.iter().any(|x| matches!(x, Fact::PbAdvance { .. })),
        "{f:?}"
    );
    assert!(
        f.iter().any(|x| matches!(x, Fact::PbPassed { .. })),
        "{f:?}"
    );
}

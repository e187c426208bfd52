//! Each evaluation term on hand-built positions.

use shakmaty::{ByColor, Color};

use super::*;

fn pos(fen: &str) -> PawnBattle {
    PawnBattle::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn weights() -> Weights {
    match &*DEFAULT {
        Preset::Default(w) => w.clone(),
        Preset::Seed(_) => unreachable!("DEFAULT is the default preset"),
    }
}

fn term(fen: &str, term: Term) -> ByColor<i32> {
    breakdown(&pos(fen), &DEFAULT).term(term)
}

/// The shipped weights with every optional term (the later sessions' additions, which tests
/// switch on one at a time) at 0, so that a test of one term sees that term alone.
fn clean() -> Weights {
    let mut w = weights();
    w.passed_protected = 0;
    w.passed_connected = 0;
    w.candidate = [0; 8];
    w.tempo = 0;
    w.isolated = 0;
    w.doubled = 0;
    w.undefended = 0;
    w.rook_attacks_weak_pawn = 0;
    w.rook_ahead_of_passer = 0;
    w.rook_stops_passer = 0;
    w
}

/// [`term`] with the [`clean`] weights.
fn clean_term(fen: &str, term: Term) -> ByColor<i32> {
    breakdown(&pos(fen), &Preset::Default(clean())).term(term)
}

/// The same position with colours swapped and the board mirrored.
fn mirrored(fen: &str) -> PawnBattle {
    let p = pos(fen);
    let mut board = p.board().clone();
    board.flip_vertical();
    board.swap_colors();
    let mut setup = shakmaty::Setup::empty();
    setup.board = board;
    setup.turn = !p.turn();
    super::super::from_setup(setup).unwrap_or_else(|e| panic!("mirror of {fen}: {e}"))
}

#[test]
fn shipped_presets_parse_and_are_what_the_seed_says() {
    assert_eq!(
        *SEED,
        Preset::Seed(SeedWeights {
            march: 1,
            brutality: 7,
            artillery: 13,
            detention: 1,
            alliance: 7,
            support: 13,
        })
    );
    assert!(matches!(*DEFAULT, Preset::Default(_)));
    let bad = include_str!("../../../../assets/pawn_battle/default.toml")
        .replace("advance = [0,", "advance = [5,");
    assert_eq!(
        parse_default(&bad).unwrap_err().to_string(),
        "`advance`: the 1st and 8th rank entries must be 0 (no pawn stands there)"
    );
    assert!(
        parse_seed("march = 1\n").is_err(),
        "every weight is required"
    );
}

#[test]
fn seed_function_by_hand() {
    assert_eq!(evaluate(&PawnBattle::start(), &SEED), 0);
    // White (to move): pawns a2 (0 advanced), e5 (3), one rook: 1×3 + 3 + 7×2 + 13 = 33.
    // Black: pawn h7 (0), two rooks: 0 + 0 + 7 + 26 = 33 → 0; then push Black's pawn to h5.
    let p = pos("r6r/8/8/4P2p/8/8/P7/R7 w - - 0 1");
    let b = breakdown(&p, &SEED);
    assert_eq!(
        b.term(Term::Material),
        ByColor {
            white: 27,
            black: 33
        }
    );
    assert_eq!(b.term(Term::Advance), ByColor { white: 6, black: 4 });
    assert_eq!(evaluate(&p, &SEED), 33 - 37);
    // From Black's view the sign flips (the seed's weights are equal on both sides).
    let black = pos("r6r/8/8/4P2p/8/8/P7/R7 b - - 0 1");
    assert_eq!(evaluate(&black, &SEED), 37 - 33);
}

#[test]
fn default_is_the_tempo_at_the_start_and_symmetric() {
    // Both sides' values cancel; the side to move's tempo is left.
    assert_eq!(evaluate(&PawnBattle::start(), &DEFAULT), weights().tempo);
    for fen in [
        "r6r/ppp1pppp/8/8/3pP3/8/PPPP1PPP/R6R b - - 0 3",
        "r3r3/pp3ppp/8/8/8/8/PPP2PPP/3RR3 w - - 0 12",
        "r4r2/2p2pp1/p2p3p/1p2p3/1P2P3/P2P3P/2P2PP1/R4R2 w - - 0 15",
        "8/p1p5/8/1P6/8/8/5p1P/R7 w - - 0 45",
    ] {
        assert_eq!(
            evaluate(&pos(fen), &DEFAULT),
            evaluate(&mirrored(fen), &DEFAULT),
            "{fen}"
        );
    }
}

#[test]
fn material_counts_pawns_and_rooks() {
    let w = weights();
    assert_eq!(
        term("r7/pp6/8/8/8/8/PPP5/R6R w - - 0 1", Term::Material),
        ByColor {
            white: 3 * w.pawn + 2 * w.rook + w.pawns_left[3],
            black: 2 * w.pawn + w.rook + w.pawns_left[2]
        }
    );
}

/// The last pawns are worth more than their material: losing every pawn loses the game.
#[test]
fn the_last_pawns_are_worth_more() {
    let w = weights();
    assert!(w.pawns_left[1] < w.pawns_left[2] && w.pawns_left[2] <= w.pawns_left[3]);
    // A full set of pawns is worth about its material.
    assert!(w.pawns_left[8].abs() * 10 < -w.pawns_left[1]);
    let one = term("8/p7/8/8/8/8/PP6/8 w - - 0 1", Term::Material);
    assert_eq!(one.black, w.pawn + w.pawns_left[1]);
    assert_eq!(
        one.white - one.black,
        w.pawn + w.pawns_left[2] - w.pawns_left[1]
    );
}

#[test]
fn advance_rewards_the_march() {
    let w = weights();
    let t = term("8/7p/8/8/P7/8/8/8 w - - 0 1", Term::Advance);
    assert_eq!(t.white, w.advance[3]);
    assert_eq!(t.black, w.advance[1]);
    assert!(t.white > t.black);
}

#[test]
fn passed_pawns_by_rank() {
    let w = weights();
    // a5 is passed; g2 and h7 are not (each has the other ahead on a neighbouring file).
    let t = term("8/7p/8/P7/8/8/6P1/8 w - - 0 1", Term::Passed);
    assert_eq!(
        t,
        ByColor {
            white: w.passed[4],
            black: 0
        }
    );
    // Black's h3 on its 6th rank is passed.
    let t = term("8/8/8/P7/8/7p/8/8 w - - 0 1", Term::Passed);
    assert_eq!(t.black, w.passed[5]);
    // A pawn ahead on the next file stops being passed.
    let t = term("8/1p6/8/P7/8/8/8/8 w - - 0 1", Term::Passed);
    assert_eq!(t, ByColor { white: 0, black: 0 });
}

#[test]
fn promotion_race_by_the_square_rule() {
    let w = clean();
    // No rooks: White's a5 needs 3 moves, Black's h4 needs 3; White moves first and wins.
    let t = clean_term("8/8/8/P7/7p/8/8/8 w - - 0 1", Term::Race);
    assert_eq!(
        t,
        ByColor {
            white: w.race,
            black: 0
        }
    );
    // Black to move: Black's pawn arrives first.
    let t = clean_term("8/8/8/P7/7p/8/8/8 b - - 0 1", Term::Race);
    assert_eq!(
        t,
        ByColor {
            white: 0,
            black: w.race
        }
    );
    // A black rook on the a-file covers the path at once: White's a-pawn is not unstoppable.
    // Black's h-pawn is, but the a-pawn could still arrive first (fighting its way past the
    // rook), so the race is nobody's yet; with White's pawn a rank further back it is Black's.
    let t = clean_term("r7/8/8/P7/7p/8/8/8 w - - 0 1", Term::Race);
    assert_eq!(t, ByColor { white: 0, black: 0 });
    let t = clean_term("r7/8/8/8/P6p/8/8/8 w - - 0 1", Term::Race);
    assert_eq!(
        t,
        ByColor {
            white: 0,
            black: w.race
        }
    );
    // The position that fooled the earlier rule (issue 25's losses): White's a4 passer has a
    // free path and no rook against it, but Black's connected b- and c-pawns are nearer and
    // one rook cannot stop both; the race is not White's.
    let t = clean_term("8/2R5/8/2p1p3/Ppp5/4P3/6P1/8 b - - 0 20", Term::Race);
    assert_eq!(t, ByColor { white: 0, black: 0 });
    // A rook that needs two moves to reach the path is too slow for a pawn on the 7th.
    let t = clean_term("8/P7/8/8/8/8/1p6/7r b - - 0 1", Term::Race);
    assert_eq!(t.black, w.race, "Black to move promotes b1 first");
    let t = clean_term("8/P7/8/8/8/8/1pr5/8 w - - 0 1", Term::Race);
    assert_eq!(
        t.white, w.race,
        "White promotes at once; the rook never gets a move"
    );
    // A blocked path is not a race: White's a7 faces the rook. Black's h2 runs alone, but
    // White moves first and a pawn on the 7th counts as a threat until the search says
    // otherwise (it might capture its way through), so the race is nobody's.
    let t = clean_term("r7/P7/8/8/8/8/7p/8 w - - 0 1", Term::Race);
    assert_eq!(t, ByColor { white: 0, black: 0 });
    // With Black to move, h2 arrives first whatever White's a7 can do.
    let t = clean_term("r7/P7/8/8/8/8/7p/8 b - - 0 1", Term::Race);
    assert_eq!(
        t,
        ByColor {
            white: 0,
            black: w.race
        }
    );
}

#[test]
fn blocked_and_backward_pawns() {
    let w = weights();
    // d4 and d5 block each other.
    let t = clean_term("8/8/8/3p4/3P4/8/8/8 w - - 0 1", Term::Structure);
    assert_eq!(
        t,
        ByColor {
            white: -w.blocked,
            black: -w.blocked
        }
    );
    // White's d3: its stop square d4 is attacked by e5, and no white pawn on c/e files stands
    // level or behind it; c4 is ahead, so it cannot help.
    let t = clean_term("8/8/8/4p3/2P5/3P4/8/8 w - - 0 1", Term::Structure);
    assert_eq!(t.white, -w.backward);
    // With a pawn on c2 beside and behind, d3 is not backward.
    let t = clean_term("8/8/8/4p3/8/3P4/2P5/8 w - - 0 1", Term::Structure);
    assert_eq!(t.white, 0);
}

#[test]
fn rooks_behind_passers_on_open_files_and_mobile() {
    let w = weights();
    // The a1 rook: behind the a5 passer, half-open file? No: its own pawn is on the a-file.
    // Mobility: a2..a4 (3) + b1..h1 (7) = 10.
    let t = clean_term("8/7p/8/P7/8/8/8/R7 w - - 0 1", Term::Rooks);
    assert_eq!(t.white, w.rook_behind_passer + 10 * w.rook_mobility);
    // On an open file: b1 with no pawns on the b-file; mobility b2..b8 (7) + a1, c1..h1 (7).
    let t = clean_term("8/7p/8/P7/8/8/8/1R6 w - - 0 1", Term::Rooks);
    assert_eq!(t.white, w.rook_open_file + 14 * w.rook_mobility);
    // Half-open: only an enemy pawn on the h-file; h1 sees h2..h7 (6) + a1..g1 (7).
    // (It also attacks the undefended h7 pawn: `rook_attacks_weak_pawn`, switched off here.)
    let t = clean_term("8/7p/8/P7/8/8/8/7R w - - 0 1", Term::Rooks);
    assert_eq!(t.white, w.rook_half_open_file + 13 * w.rook_mobility);
}

#[test]
fn the_side_to_move_view_flips_the_sign() {
    let white = pos("r6r/pppp1ppp/8/4P3/8/8/PPP2PPP/R6R w - - 0 1");
    let black = pos("r6r/pppp1ppp/8/4P3/8/8/PPP2PPP/R6R b - - 0 1");
    let b = breakdown(&white, &DEFAULT);
    assert_eq!(b.score(Color::White), -b.score(Color::Black));
    assert_eq!(evaluate(&white, &DEFAULT), b.score(Color::White));
    assert!(evaluate(&white, &DEFAULT) > 0, "White's e-pawn has marched");
    assert!(evaluate(&black, &DEFAULT) < 0);
}

/// What `set`'s weights add to `term` in `fen` for (White, Black): the [`clean`] weights, then
/// with `set` applied, the difference.
fn added(fen: &str, term: Term, set: impl Fn(&mut Weights)) -> (i32, i32) {
    let base = clean();
    let mut w = base.clone();
    set(&mut w);
    let p = pos(fen);
    let with = breakdown(&p, &Preset::Default(w)).term(term);
    let without = breakdown(&p, &Preset::Default(base)).term(term);
    (with.white - without.white, with.black - without.black)
}

#[test]
fn protected_connected_and_candidate_passers() {
    // b3, c4 and d4 are passed and connected; b3 defends c4. Black's h7 is alone.
    let t = added("8/7p/8/8/2PP4/1P6/8/8 w - - 0 1", Term::Passed, |w| {
        w.passed_protected = 1;
        w.passed_connected = 10;
    });
    assert_eq!(t, (31, 0));
    // b2 is a candidate (a7 is the only enemy pawn beside it ahead, a2 supports it); a2 and
    // a7 block each other's file.
    let t = added("8/p7/8/8/8/8/PP6/8 w - - 0 1", Term::Passed, |w| {
        w.candidate = [0, 1, 2, 3, 4, 5, 6, 0];
    });
    assert_eq!(t, (1, 0));
}

#[test]
fn rooks_against_weak_pawns_and_in_front_of_passers() {
    let rook_terms = |w: &mut Weights| {
        w.rook_attacks_weak_pawn = 1;
        w.rook_stops_passer = 10;
        w.rook_ahead_of_passer = 100;
    };
    // The a1 rook attacks the undefended a5 pawn and stands in front of that passer.
    assert_eq!(
        added("8/8/8/p7/8/8/7P/R7 w - - 0 1", Term::Rooks, rook_terms),
        (11, 0)
    );
    // The a4 rook stands in the way of its own a3 passer.
    assert_eq!(
        added("8/7p/8/8/R7/P7/8/8 w - - 0 1", Term::Rooks, rook_terms),
        (-100, 0)
    );
}

#[test]
fn isolated_and_doubled_pawns_and_the_tempo() {
    let t = added("8/7p/8/8/8/P7/P7/8 w - - 0 1", Term::Structure, |w| {
        w.isolated = 1;
        w.doubled = 10;
    });
    assert_eq!(t, (-12, -1));
    let t = added("8/7p/8/8/8/P7/P7/8 b - - 0 1", Term::Race, |w| w.tempo = 7);
    assert_eq!(t, (0, 7));
}

#[test]
fn undefended_pawns_count_per_enemy_rook() {
    // White's a3 and h2 have no pawn defending them, b4 is defended by a3; Black has two rooks.
    // Black's h7 is undefended and White has no rook: no penalty for Black.
    let t = added("r6r/7p/8/8/1P6/P7/7P/8 w - - 0 1", Term::Structure, |w| {
        w.undefended = 3;
    });
    assert_eq!(t, (-2 * 2 * 3, 0));
}

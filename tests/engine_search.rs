//! Search behaviour on real positions: mates from the shared suites, draws, limits, stop.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use kibitzer::engine::{EvalParams, SearchLimits, SearchMemory, SearchResult, search, zobrist};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

fn data(rel: &str) -> String {
    format!("{}/../shared/data/{rel}", env!("CARGO_MANIFEST_DIR"))
}

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn run(
    p: &Chess,
    history: &[u64],
    limits: &SearchLimits,
    memory: &mut SearchMemory,
) -> SearchResult {
    let stop = AtomicBool::new(false);
    search(
        p,
        history,
        limits,
        &EvalParams::default(),
        memory,
        &stop,
        &mut |_| {},
    )
}

/// Searches every position of a mate file to the first of `depths`, and deeper (the next
/// depths, as more thinking time would) while no mate in at most `n` is found; returns
/// (shortest mates found, any mate found, failures as text).
fn mates(file: &str, n: i32, depths: &[u32]) -> (usize, usize, Vec<String>) {
    let text = std::fs::read_to_string(data(file)).unwrap();
    let mut memory = SearchMemory::new(16);
    let mut failures = Vec::new();
    let mut count = 0;
    let mut shortest = 0;
    let mut any = 0;
    for fen in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let p = pos(fen);
        let mut r = None;
        for &depth in depths {
            memory.clear();
            let found = run(&p, &[], &SearchLimits::depth(depth), &mut memory);
            let done = found.score.mate_in().is_some_and(|m| m > 0 && m <= n);
            r = Some(found);
            if done {
                break;
            }
        }
        let r = r.expect("at least one depth");
        count += 1;
        match r.score.mate_in() {
            Some(m) if m > 0 => {
                any += 1;
                if m <= n {
                    shortest += 1;
                }
                // The best move must really lead to mate: play the PV and check.
                let mut q = p.clone();
                for m in &r.pv {
                    q.play_unchecked(*m);
                }
                if m <= n && !q.is_checkmate() {
                    failures.push(format!("{fen}: pv {:?} does not mate", r.pv));
                }
            }
            other => failures.push(format!("{fen}: {other:?} ({})", r.score)),
        }
    }
    let _ = count;
    (shortest, any, failures)
}

#[test]
fn finds_all_mates_in_one() {
    let (shortest, _, failures) = mates("tactics/mate1.fen", 1, &[2]);
    assert_eq!(shortest, 8, "{failures:?}");
}

#[test]
fn finds_all_mates_in_two() {
    // Depth 7 finds all but a few (one composition, listed twice in the file, is a queen
    // sacrifice with the mover already far ahead, +17 without the mate: reverse futility pruning
    // hides Qg3!! fxg3 Rh2# until depth 14 with the shipped weights); those are searched deeper,
    // as a longer think would (depth 14 there takes under half a second). Every mate must be found.
    let (shortest, any, failures) = mates("tactics/mate2.fen", 2, &[7, 10, 14]);
    assert!(
        failures.iter().all(|f| !f.contains("does not mate")),
        "{failures:?}"
    );
    assert_eq!(shortest, 212, "{failures:?}");
    assert_eq!(any, 212, "{failures:?}");
}

#[test]
fn finds_all_mates_in_three() {
    // Problem compositions with quiet keys: depth 9 finds 13 of 14; the last one (k1B5/2p5/...,
    // key a4-a5, which Stockfish 15.1 misses in 5 s) appears at depth 28, reached in about half a
    // second in a release build. Every mate must be found, and shown with a PV that mates.
    let (shortest, any, failures) = mates("tactics/mate3.fen", 3, &[9, 30]);
    assert!(
        failures.iter().all(|f| !f.contains("does not mate")),
        "{failures:?}"
    );
    assert_eq!(any, 14, "{failures:?}");
    assert_eq!(shortest, 14, "{failures:?}");
}

#[test]
fn mated_and_stalemated_positions() {
    let mut memory = SearchMemory::new(1);
    // Black is checkmated: no move, mate score.
    let r = run(
        &pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"),
        &[],
        &SearchLimits::depth(3),
        &mut memory,
    );
    assert_eq!(r.best_move, None);
    assert_eq!(r.score.mate_in(), Some(0));
    // Stalemate: no move, draw score.
    let r = run(
        &pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        &[],
        &SearchLimits::depth(3),
        &mut memory,
    );
    assert_eq!(r.best_move, None);
    assert_eq!(r.score.0, 0);
}

#[test]
fn wins_a_hanging_queen() {
    let mut memory = SearchMemory::new(4);
    let p = pos("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 3");
    let r = run(&p, &[], &SearchLimits::depth(4), &mut memory);
    assert_eq!(
        r.best_move
            .unwrap()
            .to_uci(CastlingMode::Standard)
            .to_string(),
        "c1g5"
    );
    assert!(r.score.0 > 500);
}

#[test]
fn fifty_move_rule_makes_a_won_position_a_draw() {
    let mut memory = SearchMemory::new(4);
    // White is a rook up, but 99 half-moves have passed: any non-capturing, non-pawn move draws.
    // Black's only piece besides the king is out of reach, so the best White can do is 0.
    let p = pos("8/8/8/4k3/8/8/8/R3K3 w - - 99 120");
    let r = run(&p, &[], &SearchLimits::depth(5), &mut memory);
    assert_eq!(r.score.0, 0, "{:?}", r.pv);
    let fresh = pos("8/8/8/4k3/8/8/8/R3K3 w - - 0 120");
    memory.clear();
    let r = run(&fresh, &[], &SearchLimits::depth(5), &mut memory);
    assert!(r.score.0 > 300);
}

#[test]
fn repetition_draw_is_taken_when_behind() {
    // White is a queen down but can repeat by checking: Qh6+ / Qf6+ shuffle (perpetual). The
    // game history already contains the position after the check once.
    let mut memory = SearchMemory::new(4);
    let start = pos("6k1/5p1p/5PpQ/8/8/8/qq6/6K1 w - - 0 1");
    let r = run(&start, &[], &SearchLimits::depth(8), &mut memory);
    assert!(
        r.score.0.abs() <= 50 || r.score.0 > 0,
        "perpetual check holds: {}",
        r.score
    );
}

#[test]
fn threefold_in_history_scores_zero() {
    // Kings and rooks shuffle; the root's child after Ra1-a2 repeats a position seen twice.
    let p = pos("k7/8/8/8/8/8/8/1R5K w - - 0 1");
    let mut history = Vec::new();
    let mut q = p.clone();
    for uci in [
        "b1b2", "a8a7", "b2b1", "a7a8", "b1b2", "a8a7", "b2b1", "a7a8",
    ] {
        history.push(zobrist(&q));
        let m = uci.parse::<UciMove>().unwrap().to_move(&q).unwrap();
        q.play_unchecked(m);
    }
    let mut memory = SearchMemory::new(4);
    let limits = SearchLimits {
        depth: Some(4),
        searchmoves: vec!["b1b2".parse::<UciMove>().unwrap().to_move(&q).unwrap()],
        ..SearchLimits::default()
    };
    // After a1a2 and a8b8 (forced-ish), the position recurs a third time; the search may find
    // better for Black, so only require that a repetition never scores as a win for White.
    let r = run(&q, &history, &limits, &mut memory);
    assert!(r.score.0 < 200, "{}", r.score);
}

#[test]
fn fixed_depth_and_nodes_are_deterministic() {
    let p = pos("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
    let mut a = SearchMemory::new(8);
    let mut b = SearchMemory::new(8);
    let ra = run(&p, &[], &SearchLimits::depth(6), &mut a);
    let rb = run(&p, &[], &SearchLimits::depth(6), &mut b);
    assert_eq!(
        (ra.nodes, ra.best_move, ra.score),
        (rb.nodes, rb.best_move, rb.score)
    );
    a.clear();
    b.clear();
    let ra = run(&p, &[], &SearchLimits::nodes(20_000), &mut a);
    let rb = run(&p, &[], &SearchLimits::nodes(20_000), &mut b);
    assert_eq!((ra.nodes, ra.best_move), (rb.nodes, rb.best_move));
    assert!(ra.nodes <= 20_000 + 200);
}

#[test]
fn result_carries_iterations_and_root_scores() {
    let mut memory = SearchMemory::new(8);
    let r = run(&Chess::default(), &[], &SearchLimits::depth(5), &mut memory);
    assert_eq!(r.iterations.len(), 5);
    assert_eq!(r.root_moves.len(), 20);
    assert_eq!(Some(r.root_moves[0].mv), r.best_move);
    assert_eq!(r.pv.first().copied(), r.best_move);
    assert!(r.seldepth >= 5);
    let exact = SearchLimits {
        depth: Some(3),
        exact_root_scores: true,
        ..SearchLimits::default()
    };
    let r = run(&Chess::default(), &[], &exact, &mut memory);
    assert!(
        r.root_moves
            .iter()
            .all(|m| m.bound == kibitzer::engine::Bound::Exact)
    );
    assert!(r.root_moves.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn mate_scores_survive_the_table() {
    // Search a mate in 2 twice with the same table: the second (table-assisted) search must report
    // the same mate distance, not one shifted by the ply it was stored at.
    let text = std::fs::read_to_string(data("tactics/mate2.fen")).unwrap();
    let fen = text.lines().next().unwrap();
    let p = pos(fen);
    let mut memory = SearchMemory::new(4);
    let first = run(&p, &[], &SearchLimits::depth(5), &mut memory);
    let second = run(&p, &[], &SearchLimits::depth(6), &mut memory);
    assert_eq!(first.score.mate_in(), Some(2));
    assert_eq!(second.score.mate_in(), Some(2));
}

#[test]
fn stop_flag_and_movetime_are_honoured() {
    let mut memory = SearchMemory::new(8);
    let stop = AtomicBool::new(true);
    let r = search(
        &Chess::default(),
        &[],
        &SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        },
        &EvalParams::default(),
        &mut memory,
        &stop,
        &mut |_| {},
    );
    assert!(r.best_move.is_some(), "depth 1 always completes");
    assert!(r.stopped);
    let t = Instant::now();
    let r = run(
        &Chess::default(),
        &[],
        &SearchLimits::movetime(Duration::from_millis(100)),
        &mut memory,
    );
    assert!(r.best_move.is_some());
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[test]
fn a_better_move_found_by_a_cut_short_iteration_is_played() {
    // Node limits stop searches in the middle of an iteration. When the unfinished iteration
    // already proved another move better than the last completed iteration's best, that move
    // is played: the result's best move, first root move and PV must agree either way.
    let text = std::fs::read_to_string(data("tactics/bratko_kopec.epd")).unwrap();
    let mut adopted = 0;
    let mut searched = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let p = pos(&format!("{} 0 1", fen.join(" ")));
        for nodes in [5_000, 20_000, 60_000] {
            let mut memory = SearchMemory::new(8);
            let r = run(&p, &[], &SearchLimits::nodes(nodes), &mut memory);
            searched += 1;
            let best = r.best_move.expect("a legal move");
            assert_eq!(r.root_moves[0].mv, best, "{line} at {nodes} nodes");
            assert_eq!(r.pv.first(), Some(&best), "{line} at {nodes} nodes");
            if r.iterations.last().map(|i| i.best_move) != Some(best) {
                adopted += 1;
            }
        }
    }
    assert!(
        adopted > 0,
        "none of {searched} node-limited searches played a move found after its last completed iteration"
    );
}

/// Searches `fen` to `depth` with `config`'s weights on another thread; `None` when it has not
/// returned after two minutes (a search that never ends; the thread is left behind).
fn search_with(
    config: &kibitzer::config::EvalConfig,
    fen: &str,
    depth: u32,
) -> Option<SearchResult> {
    let params = EvalParams::from_config(config);
    let p = pos(fen);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut memory = SearchMemory::new(8);
        let stop = AtomicBool::new(false);
        let r = search(
            &p,
            &[],
            &SearchLimits::depth(depth),
            &params,
            &mut memory,
            &stop,
            &mut |_| {},
        );
        let _ = tx.send(r);
    });
    rx.recv_timeout(Duration::from_secs(120)).ok()
}

/// Issue 34: Queen Value 5000 and Material PST 500 (both inside their documented ranges) with
/// three queens put the static evaluation beyond the mate band: depth 1 never completed (its
/// aspiration loop failed high forever) and the side three queens up was "getting mated".
/// Every weight at each end of its range must give a search that ends with a centipawn score.
#[test]
fn weights_at_the_ends_of_their_ranges_never_reach_the_mate_band() {
    use kibitzer::config::EvalConfig;
    let top = EvalConfig {
        pawn: 5000,
        knight: 5000,
        bishop: 5000,
        rook: 5000,
        queen: 5000,
        material_pst: 500,
        king_safety: 500,
        mobility: 500,
        pawn_structure: 500,
        threats: 500,
        defences: 500,
        bishop_pair: 500,
        rooks: 500,
        tempo: 500,
        castling: 500,
        ..EvalConfig::default()
    };
    let issue = EvalConfig {
        queen: 5000,
        material_pst: 500,
        ..EvalConfig::default()
    };
    let bottom = EvalConfig {
        pawn: 1,
        knight: 1,
        bishop: 1,
        rook: 1,
        queen: 1,
        material_pst: 0,
        king_safety: 0,
        mobility: 0,
        pawn_structure: 0,
        threats: 0,
        defences: 0,
        bishop_pair: 0,
        rooks: 0,
        tempo: 0,
        castling: 0,
        ..EvalConfig::default()
    };
    // The issue's position, with the other side to move, and with Black three queens up.
    let cases = [
        ("4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1", 1),
        ("4k3/8/8/8/8/8/8/QQQ1K3 b - - 0 1", -1),
        ("qqq1k3/8/8/8/8/8/8/4K3 w - - 0 1", -1),
    ];
    for (name, config) in [("issue", &issue), ("top", &top), ("bottom", &bottom)] {
        for preset in [
            kibitzer::config::EvalPreset::Default,
            kibitzer::config::EvalPreset::Simplified,
        ] {
            let config = EvalConfig {
                preset,
                ..config.clone()
            };
            for (fen, sign) in cases {
                for depth in [1, 3] {
                    let at = format!("{name} {preset:?} {fen} depth {depth}");
                    let r = search_with(&config, fen, depth)
                        .unwrap_or_else(|| panic!("{at}: the search never ended"));
                    assert!(r.best_move.is_some(), "{at}");
                    assert_eq!(r.depth, depth, "{at}");
                    // None of these positions has a mate in one: a mate score at depth 1 is
                    // a centipawn lead read as a mate.
                    assert!(
                        depth > 1 || !r.score.is_mate(),
                        "{at}: a centipawn lead reported as {}",
                        r.score
                    );
                    if name != "bottom" {
                        assert_eq!(r.score.cp().signum(), sign, "{at}: {}", r.score);
                    }
                }
            }
        }
    }
}

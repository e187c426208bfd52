//! Measures the review and explanation figures of docs/BENCHMARKS.md ("Review and
//! explanations"). Run with `cargo run --release --example review_bench [MOVETIME_MS]`.
//!
//! 1. The cost of an explanation after the search has ended: for each bench position, a
//!    depth-8 search with exact root scores, then [`analysis::assemble`] timed alone (median and
//!    maximum over the positions).
//! 2. The wall time of reviewing the longest game of `../shared/data/pgn/Magnus-Carlsen.pgn`,
//!    cut to 200 plies (100 moves), at MOVETIME_MS (default 200) per ply.
//! 3. Peak resident memory (VmHWM) after each step.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use kibitzer::analysis::{self, Request};
use kibitzer::engine::bench::POSITIONS;
use kibitzer::engine::{EvalParams, SearchLimits, SearchMemory};
use kibitzer::game::Game;
use kibitzer::review::{ReviewEvent, Settings, review_game};

fn peak_rss_mib() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or_else(|| "?".to_owned(), |kb| format!("{:.0} MiB", kb / 1024.0))
}

fn main() -> anyhow::Result<()> {
    let movetime: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(200);
    let params = EvalParams::default();

    // 1. Explanation cost after the search.
    let mut costs = Vec::new();
    let mut memory = SearchMemory::new(64);
    for fen in POSITIONS {
        let pos = kibitzer::game::fen::parse(fen)?;
        let req = Request::new(pos.clone(), SearchLimits::depth(8), params.clone());
        let stop = AtomicBool::new(false);
        let result = analysis::search_position(&pos, &[], &req.limits, &params, &mut memory, &stop);
        let t = Instant::now();
        let a = analysis::assemble(&req, &result, None);
        costs.push(t.elapsed());
        assert!(a.explanation.is_some());
    }
    costs.sort();
    println!(
        "explanation after the search: median {:.2} ms, max {:.2} ms over {} positions",
        costs[costs.len() / 2].as_secs_f64() * 1e3,
        costs[costs.len() - 1].as_secs_f64() * 1e3,
        costs.len()
    );
    println!("peak memory: {}", peak_rss_mib());

    // 2. A 100-move game at MOVETIME_MS per ply.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/pgn/Magnus-Carlsen.pgn"
    );
    let report = kibitzer::pgn::import_file(std::path::Path::new(path))?;
    let longest = report
        .games
        .iter()
        .max_by_key(|g| g.pgn.game.moves().len())
        .ok_or_else(|| anyhow::anyhow!("no games"))?;
    let mut game = Game::new();
    for m in longest.pgn.game.moves().iter().take(200) {
        game.play(m.mv)?;
    }
    drop(report);
    let settings = Settings {
        limits: SearchLimits::movetime(Duration::from_millis(movetime)),
        ..Settings::default()
    };
    let t = Instant::now();
    let mut plies = 0;
    review_game(&game, &settings, &AtomicBool::new(false), &mut |e| {
        if let ReviewEvent::Ply(_) = e {
            plies += 1;
        }
    });
    println!(
        "review of {} plies at {movetime} ms per ply: {:.1} s wall",
        plies,
        t.elapsed().as_secs_f64()
    );
    println!("peak memory: {}", peak_rss_mib());
    Ok(())
}

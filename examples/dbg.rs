use std::sync::atomic::AtomicBool;
use kibitzer::engine::*;
use shakmaty::{fen::Fen, CastlingMode, Chess};
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let d: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let p: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
    let mut tt = TranspositionTable::new(16);
    let stop = AtomicBool::new(false);
    let r = search(&p, &[], &SearchLimits::depth(d), &EvalParams::default(), &mut tt, &stop, &mut |i| {
        println!("d{} sd{} {} {:?} n{} pv {}", i.depth, i.seldepth, i.score, i.bound, i.nodes, i.pv.iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect::<Vec<_>>().join(" "));
    });
    println!("{:?} {}", r.best_move, r.score);
}

//! Exact endgames with the real (embedded) Syzygy tables: the engine converts won endings
//! against itself and against Stockfish, and uses the tables inside its search.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;

use kibitzer::engine::{EvalParams, SearchLimits, SearchMemory, search, zobrist};
use kibitzer::tablebase::{self, Verdict};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

fn pos(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn fen(p: &Chess) -> String {
    Fen::from_position(p, EnPassantMode::Legal).to_string()
}

/// kibitzer's move in `p` after `history` (a short search, as play mode's would be).
fn kibitzer_move(p: &Chess, history: &[u64], memory: &mut SearchMemory) -> Move {
    let stop = AtomicBool::new(false);
    let r = search(
        p,
        history,
        &SearchLimits::depth(4),
        &EvalParams::default(),
        memory,
        &stop,
        &mut |_| {},
    );
    r.best_move.unwrap()
}

/// Plays `white` against `black` from `start` until the game ends; returns the final position
/// and the most halfmoves the clock ever showed.
fn play_out(
    start: &str,
    mut white: impl FnMut(&Chess, &[u64]) -> Move,
    mut black: impl FnMut(&Chess, &[u64]) -> Move,
) -> (Chess, u32) {
    let mut p = pos(start);
    let mut history = Vec::new();
    let mut most = 0;
    for _ in 0..400 {
        if p.is_game_over() || p.halfmoves() >= 100 {
            break;
        }
        let m = if p.turn().is_white() {
            white(&p, &history)
        } else {
            black(&p, &history)
        };
        assert!(p.is_legal(m), "{} in {}", m, fen(&p));
        history.push(zobrist(&p));
        p.play_unchecked(m);
        most = most.max(p.halfmoves());
    }
    (p, most)
}

/// The winning starts: KQ v KR and KBN v K, the strong side to move, the kings apart.
const WON: &[&str] = &[
    "8/8/8/3k4/8/7Q/2r5/4K3 w - - 0 1",
    "8/8/8/4k3/8/8/8/3BKN2 w - - 0 1",
];

#[test]
fn the_engine_converts_won_endings_against_itself() {
    for start in WON {
        assert_eq!(
            tablebase::installed().verdict(&pos(start)),
            Some(Verdict::Win),
            "{start}"
        );
        let mut mem_w = SearchMemory::new(4);
        let mut mem_b = SearchMemory::new(4);
        let (end, most) = play_out(
            start,
            |p, h| kibitzer_move(p, h, &mut mem_w),
            |p, h| kibitzer_move(p, h, &mut mem_b),
        );
        assert!(end.is_checkmate(), "{start}: ended at {}", fen(&end));
        assert!(end.turn().is_black(), "{start}: White mates");
        assert!(most < 100, "{start}: the fifty-move rule was reached");
    }
}

/// Stockfish's move at 50 ms, or `None` when it is not installed.
struct Stockfish {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Stockfish {
    fn start() -> Option<Stockfish> {
        let path = kibitzer::analysis::judge::find()?;
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let out = BufReader::new(child.stdout.take()?);
        let mut sf = Stockfish { child, out };
        sf.send("uci\nsetoption name Threads value 1\nisready");
        sf.wait_for("readyok");
        Some(sf)
    }

    fn send(&mut self, text: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
    }

    fn wait_for(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(self.out.read_line(&mut line).unwrap() > 0, "Stockfish quit");
            if line.starts_with(prefix) {
                return line.trim().to_owned();
            }
        }
    }

    fn best(&mut self, p: &Chess) -> Move {
        self.send(&format!("position fen {}\ngo movetime 50", fen(p)));
        let line = self.wait_for("bestmove");
        let uci: UciMove = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        uci.to_move(p).unwrap()
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_engine_converts_won_endings_against_stockfish() {
    let Some(mut sf) = Stockfish::start() else {
        eprintln!("Stockfish is not installed: skipped");
        return;
    };
    for start in WON {
        let mut memory = SearchMemory::new(4);
        let (end, most) = play_out(
            start,
            |p, h| kibitzer_move(p, h, &mut memory),
            |p, _| sf.best(p),
        );
        assert!(end.is_checkmate(), "{start}: ended at {}", fen(&end));
        assert!(end.turn().is_black(), "{start}: kibitzer (White) mates");
        assert!(most < 100, "{start}: the fifty-move rule was reached");
    }
}

#[test]
fn the_search_scores_a_capture_into_a_won_table_ending_as_a_tablebase_win() {
    // Five pieces (no table for them here): Qxd8+ leaves KQ v KP, a win the tables know.
    let p = pos("3r3k/p7/8/8/8/8/8/3Q2K1 w - - 0 1");
    assert_eq!(tablebase::installed().verdict(&p), None);
    let stop = AtomicBool::new(false);
    let r = search(
        &p,
        &[],
        &SearchLimits::depth(2),
        &EvalParams::default(),
        &mut SearchMemory::new(4),
        &stop,
        &mut |_| {},
    );
    assert!(r.score.is_tablebase() && r.score.0 > 0, "{}", r.score);
    assert_eq!(r.best_move.unwrap().to_string(), "Qd1xd8");
}

#[test]
fn a_root_the_tables_hold_gives_every_move_its_exact_result() {
    // KP v K: every root move scored from the tables, each equal to a direct probe.
    let p = pos("3k4/8/8/3K4/3P4/8/8/8 w - - 0 1");
    let stop = AtomicBool::new(false);
    let r = search(
        &p,
        &[],
        &SearchLimits::depth(8),
        &EvalParams::default(),
        &mut SearchMemory::new(4),
        &stop,
        &mut |_| {},
    );
    let tables = tablebase::installed();
    assert_eq!(r.root_moves.len(), p.legal_moves().len());
    for rm in &r.root_moves {
        let mut after = p.clone();
        after.play_unchecked(rm.mv);
        let direct = tables.verdict(&after).unwrap().flip();
        let from_score = match rm.score.0.signum() {
            1 => Verdict::Win,
            0 => Verdict::Draw,
            _ => Verdict::Loss,
        };
        assert_eq!(from_score, direct, "{}", rm.mv);
    }
}

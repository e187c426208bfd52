//! Exact endgames with the real (embedded) Syzygy tables: the engine converts won endings
//! against itself and against Stockfish, and uses the tables inside its search.

#[path = "support/bin.rs"]
mod bin;

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

/// Starts of up to four pieces with every kind of result, both sides to move.
const ENDINGS: &[&str] = &[
    "3k4/8/8/3K4/3P4/8/8/8 w - - 0 1",
    "8/8/8/3k4/8/7Q/2r5/4K3 w - - 0 1",
    "8/8/8/4k3/8/8/8/3BKN2 w - - 0 1",
    "8/3k4/8/8/3P4/8/8/4K3 b - - 0 1",
    "8/8/4k3/8/8/2K5/1r6/5R2 b - - 0 1",
    "8/6k1/8/8/1p6/8/1K6/7R w - - 0 1",
];

/// A game from `start`: the tables' best move, and every third ply their worst (so that
/// results change), `plies` long or to the end.
fn game_from(start: &str, plies: usize) -> (Vec<Chess>, Vec<Move>) {
    let tables = tablebase::installed();
    let mut p = pos(start);
    let (mut positions, mut moves) = (Vec::new(), Vec::new());
    for i in 0..plies {
        if p.is_game_over() {
            break;
        }
        let Some(probe) = tables.root(&p) else { break };
        let m = if i % 3 == 2 {
            probe.moves.last().unwrap().mv
        } else {
            probe.moves[0].mv
        };
        positions.push(p.clone());
        moves.push(m);
        p.play_unchecked(m);
    }
    (positions, moves)
}

/// Every verdict and "only move" of a review in endings of up to four pieces is the tables'
/// own: a move is flagged exactly when it changes the result, an only move is the one move
/// that keeps a win or a draw, and the sentences say it in the tables' words.
#[test]
fn every_review_verdict_in_a_table_ending_is_exact() {
    let tables = tablebase::installed();
    let dir = tempfile::tempdir().unwrap();
    let mut pgn = String::new();
    let mut games = Vec::new();
    for start in ENDINGS {
        let (positions, moves) = game_from(start, 12);
        let mut text = format!("[Event \"t\"]\n[SetUp \"1\"]\n[FEN \"{start}\"]\n\n");
        for (p, m) in positions.iter().zip(&moves) {
            text.push_str(&shakmaty::san::San::from_move(p, *m).to_string());
            text.push(' ');
        }
        pgn.push_str(&text);
        pgn.push_str("*\n\n");
        games.push((positions, moves));
    }
    let file = dir.path().join("endings.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let docs: Vec<serde_json::Value> = (1..=games.len())
        .map(|n| {
            let n = n.to_string();
            let args = [
                "review",
                file.to_str().unwrap(),
                "--game",
                &n,
                "--depth",
                "2",
            ];
            let o = bin::kibitzer_builtin(dir.path(), &[&args[..], &["--json"]].concat());
            assert!(o.status.success(), "{}", bin::stderr(&o));
            serde_json::from_str(&bin::stdout(&o)).unwrap()
        })
        .collect();
    let (mut checked, mut flagged, mut only) = (0, 0, 0);
    for (doc, (positions, moves)) in docs.iter().zip(&games) {
        let plies = doc["plies"].as_array().unwrap();
        assert_eq!(plies.len(), moves.len());
        for ((ply, p), m) in plies.iter().zip(positions).zip(moves) {
            let probe = tables.root(p).unwrap();
            let after = probe.of(*m).unwrap().verdict;
            let keeping = probe.keeping().count();
            let quality = ply["classification"]["quality"].as_str().unwrap();
            let is_flagged = matches!(quality, "inaccuracy" | "mistake" | "blunder");
            assert_eq!(is_flagged, after < probe.verdict, "{ply}");
            let is_only = ply["classification"]["only_move"].as_bool().unwrap();
            let expected_only =
                probe.verdict != Verdict::Loss && keeping == 1 && after == probe.verdict;
            assert_eq!(is_only, expected_only, "{ply}");
            let text = ply["explanation"]["text"].as_str().unwrap();
            match (probe.verdict, after) {
                (Verdict::Win, Verdict::Win) if keeping == 1 => {
                    assert!(text.contains("the only move that keeps the win"), "{text}");
                }
                (Verdict::Win, Verdict::Win) => assert!(text.contains("a tablebase win"), "{text}"),
                (_, Verdict::Draw) => assert!(text.contains("a tablebase draw"), "{text}"),
                _ => assert!(text.contains("tablebase"), "{text}"),
            }
            checked += 1;
            flagged += usize::from(is_flagged);
            only += usize::from(is_only);
        }
    }
    // The games hold errors and only moves to check.
    assert!(
        checked >= 50 && flagged >= 5 && only >= 3,
        "{checked} {flagged} {only}"
    );
}

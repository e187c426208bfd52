//! Labels Pawn Battle positions for fitting the `default` preset's weights
//! (`scripts/pb_fit.py`). Run with
//! `cargo run --release --example pb_label -- PRESET DEPTH GAMES.pgn… > FEATURES`.
//!
//! The positions come from Pawn Battle games (`kibitzer match --pgn-out FILE`), read with the
//! program's own PGN reader: from the 5th ply (after the random opening) to the one before the
//! last move, every second such position counted over all the files in order, and of those
//! the ones whose move in the game is not a capture. Each output line is, separated by `;`:
//! the FEN, the game's result for the side to move (1, 0.5, 0), the side to move's score from
//! a search of DEPTH plies with PRESET (mates as ±10,000; a cleared table for each position),
//! its static evaluation, and how much the evaluation moves per unit of each weight of PRESET
//! (comma-separated, in the order of the header line `# key[index],…`). The evaluation is
//! linear in every weight, so these coefficients and the weights reproduce it.

use std::fs::File;
use std::io::{BufReader, Write};
use std::sync::atomic::AtomicBool;

use kibitzer::engine::{MATE_BOUND, SearchLimits, SearchMemory, search};
use kibitzer::pgn::stream_as;
use kibitzer::variant::VariantPosition;
use kibitzer::variant::pawn_battle::PawnBattle;
use kibitzer::variant::pawn_battle::eval::{Evaluation, Preset, evaluate, parse_default};

/// How far each weight is moved to read its coefficient.
const STEP: i32 = 10;

/// The plies of the random opening of `kibitzer match`, left out.
const OPENING_PLIES: usize = 4;

/// The positions to label: of every game of `paths` (in order), the positions from
/// [`OPENING_PLIES`] to the one before the last move, every second one counted over all the
/// games, and of those the ones whose move is not a capture; each with the game's result for
/// White (1, 0.5, 0).
fn positions(paths: &[String]) -> Vec<(PawnBattle, f64)> {
    let mut out = Vec::new();
    let mut counted = 0usize;
    for path in paths {
        let file = File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for game in stream_as::<PawnBattle>(BufReader::new(file)) {
            let game = game.unwrap_or_else(|e| panic!("{path}: {e}")).pgn;
            let white_result = match game.result.as_str() {
                "1-0" => 1.0,
                "0-1" => 0.0,
                _ => 0.5,
            };
            let moves = game.game.moves();
            let last = moves.len().saturating_sub(1);
            for (ply, played) in moves.iter().enumerate().take(last).skip(OPENING_PLIES) {
                counted += 1;
                if counted.is_multiple_of(2) && !played.mv.is_capture() {
                    let pos = game.game.position_at(ply).expect("a ply of the game");
                    out.push((pos.clone(), white_result));
                }
            }
        }
    }
    out
}

/// Every weight of the preset text as (name, index in its table or `None`), and the preset
/// with that weight moved by [`STEP`].
fn perturbed(text: &str) -> Vec<(String, Preset)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if line.trim_start().starts_with('#') {
            continue;
        }
        let key = key.trim();
        let value = value.trim();
        let with = |new: String| {
            let mut copy = lines.clone();
            let replaced = format!("{key} = {new}");
            copy[i] = &replaced;
            parse_default(&copy.join("\n")).expect("a perturbed preset parses")
        };
        if let Some(list) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
            let items: Vec<i32> = list.split(',').map(|x| x.trim().parse().unwrap()).collect();
            for j in 0..items.len() {
                // The 1st and 8th rank entries of rank tables must stay 0.
                let rank_table = items.len() == 8 && (j == 0 || j == 7);
                if rank_table {
                    continue;
                }
                let mut moved = items.clone();
                moved[j] += STEP;
                let text = moved
                    .iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ");
                out.push((format!("{key}[{j}]"), with(format!("[{text}]"))));
            }
        } else {
            let v: i32 = value.parse().unwrap();
            out.push((key.to_owned(), with((v + STEP).to_string())));
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("the preset file");
    let depth: u32 = args[2].parse().expect("a depth");
    let base: &'static Preset = Box::leak(Box::new(parse_default(&text).expect("the preset")));
    let eval = Evaluation::of(base);
    let weights = perturbed(&text);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let names: Vec<&str> = weights.iter().map(|(n, _)| n.as_str()).collect();
    writeln!(out, "# {}", names.join(",")).unwrap();
    let stop = AtomicBool::new(false);
    let mut memory = SearchMemory::new(2);
    for (pos, white_result) in positions(&args[3..]) {
        let result = if pos.turn().is_white() {
            white_result
        } else {
            1.0 - white_result
        };
        memory.clear();
        let r = search(
            &pos,
            &[],
            &SearchLimits::depth(depth),
            &eval,
            &mut memory,
            &stop,
            &mut |_| {},
        );
        let score = r.score.0;
        let score = if score >= MATE_BOUND {
            10_000
        } else if score <= -MATE_BOUND {
            -10_000
        } else {
            score
        };
        let e0 = evaluate(&pos, base);
        let coefficients: Vec<String> = weights
            .iter()
            .map(|(_, p)| ((evaluate(&pos, p) - e0) as f64 / f64::from(STEP)).to_string())
            .collect();
        writeln!(
            out,
            "{};{result};{score};{e0};{}",
            pos.fen(),
            coefficients.join(",")
        )
        .unwrap();
    }
}

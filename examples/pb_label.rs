//! Labels Pawn Battle positions for fitting the `default` preset's weights
//! (`scripts/pb_fit.py`). Run with
//! `cargo run --release --example pb_label -- PRESET DEPTH < POSITIONS > FEATURES`.
//!
//! Each input line starts with a FEN, then `;` and the game's result for White (1, 0.5, 0);
//! the rest is ignored. Each output line is, separated by `;`: the FEN, the result for the
//! side to move, the side to move's score from a search of DEPTH plies with PRESET (mates as
//! ±10,000), its static evaluation, and how much the evaluation moves per unit of each weight
//! of PRESET (comma-separated, in the order of the header line `# key[index],…`). The
//! evaluation is linear in every weight, so these coefficients and the weights reproduce it.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

use kibitzer::engine::{MATE_BOUND, SearchLimits, SearchMemory, search};
use kibitzer::variant::VariantPosition;
use kibitzer::variant::pawn_battle::PawnBattle;
use kibitzer::variant::pawn_battle::eval::{Evaluation, Preset, evaluate, parse_default};

/// How far each weight is moved to read its coefficient.
const STEP: i32 = 10;

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
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let mut fields = line.split(';');
        let fen = fields.next().unwrap();
        let white_result: f64 = fields.next().unwrap().parse().unwrap();
        let pos = PawnBattle::from_fen(fen).expect("a Pawn Battle FEN");
        let result = if pos.turn().is_white() {
            white_result
        } else {
            1.0 - white_result
        };
        let mut memory = SearchMemory::new(2);
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
            "{fen};{result};{score};{e0};{}",
            coefficients.join(",")
        )
        .unwrap();
    }
}

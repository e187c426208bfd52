//! One position where each detector must fire and one where it must not, from
//! `tests/data/theme_cases.txt` (`id|fen|uci line|1 or 0`). The cases were harvested from the
//! shared puzzles and games (and a few written by hand) and frozen; where a theme has a Lichess
//! tag, its firing case is a puzzle carrying that tag.

#[path = "explain_support/common.rs"]
mod common;

use std::collections::BTreeMap;

use kibitzer::explain::board;
use kibitzer::explain::themes::{self, detect};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move};

const CASES: &str = "tests/data/theme_cases.txt";

fn parse_line(fen: &str, line: &str) -> (Chess, Vec<Move>) {
    let f: Fen = fen.parse().unwrap();
    let root: Chess = f.into_position(CastlingMode::Standard).unwrap();
    let mut pos = root.clone();
    let mut moves = Vec::new();
    for u in line.split_whitespace() {
        let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos = board::play(&pos, m).unwrap();
        moves.push(m);
    }
    (root, moves)
}

/// Themes found only with the opponent's previous move (`themes::detect_line_after`): their
/// cases' lines start with that move.
const AFTER_PREVIOUS: &[&str] = &["recapture"];

fn fires(id: &str, root: &Chess, line: &[Move]) -> bool {
    if AFTER_PREVIOUS.contains(&id) {
        let mid = board::play(root, line[0]).unwrap();
        return themes::detect_line_after(Some(line[0]), &mid, &line[1..])
            .iter()
            .any(|t| t.id == id && t.ply == 0);
    }
    let after = board::play(root, line[0]).unwrap();
    detect(root, line[0], &after, &line[1..])
        .iter()
        .any(|t| t.id == id)
}

#[test]
fn every_detector_has_a_firing_and_a_silent_case() {
    let path = format!("{}/{CASES}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut seen: BTreeMap<String, (bool, bool)> = BTreeMap::new();
    for row in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let cols: Vec<&str> = row.split('|').collect();
        let (id, fen, line, want) = (cols[0], cols[1], cols[2], cols[3] == "1");
        let (root, moves) = parse_line(fen, line);
        assert_eq!(
            fires(id, &root, &moves),
            want,
            "{id} on {fen} {line}: expected fire={want}"
        );
        let e = seen.entry(id.to_owned()).or_default();
        if want { e.0 = true } else { e.1 = true }
    }
    let missing: Vec<&str> = themes::specs()
        .iter()
        .map(|s| s.id)
        .filter(|id| seen.get(*id).is_none_or(|(f, s)| !f || !s))
        .collect();
    assert!(
        missing.is_empty(),
        "detectors without both cases: {missing:?}"
    );
}

/// Regenerates the case file: `KIBITZER_WRITE_CASES=1 cargo test --test explain_detectors -- --ignored`.
#[test]
#[ignore = "writes tests/data/theme_cases.txt"]
fn write_cases() {
    if std::env::var("KIBITZER_WRITE_CASES").is_err() {
        return;
    }
    let mut candidates: Vec<(Chess, Vec<Move>, Vec<String>)> = Vec::new();
    for p in common::puzzles() {
        candidates.push((p.root.clone(), p.line.clone(), p.tags.clone()));
    }
    for file in ["pgn/Morphy.pgn", "pgn/Magnus-Carlsen.pgn", "pgn/Tal.pgn"] {
        for game in common::pgn_games(file) {
            let mut pos = Chess::default();
            for (ply, m) in game.iter().enumerate() {
                if ply + 3 < game.len() {
                    candidates.push((pos.clone(), game[ply..ply + 4].to_vec(), Vec::new()));
                }
                pos = board::play(&pos, *m).unwrap();
            }
        }
    }
    let mut fire: BTreeMap<&'static str, String> = BTreeMap::new();
    let mut silent: BTreeMap<&'static str, String> = BTreeMap::new();
    let specs = themes::specs();
    for (root, line, tags) in &candidates {
        let after = board::play(root, line[0]).unwrap();
        let found = detect(root, line[0], &after, &line[1..]);
        let fen = Fen::from_position(root, EnPassantMode::Legal).to_string();
        let uci: Vec<String> = line
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        for s in &specs {
            let hit = found.iter().any(|t| t.id == s.id);
            let tag_ok = s
                .lichess
                .is_none_or(|t| tags.is_empty() || tags.iter().any(|x| x == t));
            if hit && tag_ok && !fire.contains_key(s.id) {
                fire.insert(s.id, format!("{}|{fen}|{}|1", s.id, uci.join(" ")));
            }
            if !hit && !silent.contains_key(s.id) {
                silent.insert(s.id, format!("{}|{fen}|{}|0", s.id, uci.join(" ")));
            }
        }
    }
    let mut out = String::from("# id|fen|uci line (move then PV)|1 = must fire, 0 = must not\n");
    for s in &specs {
        for m in [&fire, &silent] {
            if let Some(l) = m.get(s.id) {
                out.push_str(l);
                out.push('\n');
            }
        }
    }
    std::fs::write(format!("{}/{CASES}", env!("CARGO_MANIFEST_DIR")), out).unwrap();
}

//! Tests of the opening names and the book, over every named line of the source data.

use std::collections::HashMap;

use super::*;
use crate::engine::levels::Rng;
use crate::game::Game;

fn game(moves: &str) -> Game {
    let mut g = Game::new();
    for m in moves.split_whitespace() {
        let san: shakmaty::san::San = m.parse().unwrap();
        let mv = san.to_move(g.position()).unwrap();
        g.play(mv).unwrap();
    }
    g
}

/// The lines of the Lichess files: (eco, name, SAN moves).
fn source_lines() -> Vec<(String, String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/openings");
    let mut out = Vec::new();
    for file in ["a", "b", "c", "d", "e"] {
        let path = format!("{dir}/{file}.tsv");
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipped: {path} is not available");
            return Vec::new();
        };
        for row in text.lines().skip(1) {
            let cols: Vec<&str> = row.split('\t').collect();
            let moves: Vec<&str> = cols[2]
                .split_whitespace()
                .filter(|t| !t.ends_with('.'))
                .collect();
            out.push((cols[0].to_owned(), cols[1].to_owned(), moves.join(" ")));
        }
    }
    out
}

#[test]
fn every_row_of_the_asset_parses() {
    let b = book();
    let rows = BOOK_TSV.lines().filter(|l| !l.starts_with('#')).count();
    assert_eq!(b.entries.len(), rows, "every row of the asset parses");
    assert!(b.entries.len() > 7000, "{} positions", b.entries.len());
    // Every key is a legal position and every book move is legal in it.
    for line in BOOK_TSV.lines().filter(|l| !l.starts_with('#')) {
        let epd = line.split('\t').next().unwrap();
        let pos: Chess = epd
            .parse::<Epd>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        assert_eq!(key(&pos), epd, "keys are our own EPD of the position");
        for (m, w) in &b.entry(&pos).unwrap().moves {
            assert!(m.to_move(&pos).is_ok(), "{m} in {epd}");
            assert!(*w >= 1);
        }
    }
}

#[test]
fn every_named_line_gets_its_own_name_or_the_name_of_its_position() {
    let lines = source_lines();
    if lines.is_empty() {
        return;
    }
    assert!(lines.len() > 3500);
    // Two lines may end in the same position: the first one's name is the position's.
    let mut first_by_key: HashMap<String, (String, String)> = HashMap::new();
    let mut finals = Vec::new();
    for (eco, name, moves) in &lines {
        let g = game(moves);
        let k = key(g.position());
        first_by_key
            .entry(k.clone())
            .or_insert_with(|| (eco.clone(), name.clone()));
        finals.push((g, k, eco, name));
    }
    for (g, k, eco, name) in finals {
        let got = of_game(&g).unwrap_or_else(|| panic!("{name}: no name"));
        let expected = &first_by_key[&k];
        assert_eq!(
            (got.eco, got.name),
            (expected.0.as_str(), expected.1.as_str()),
            "line {eco} {name}"
        );
        // And each of its moves is a book move exactly when masters played it (a named line
        // is no recommendation: 2.g4 of the Fool's Mate line is not book).
        for (i, m) in g.moves().iter().enumerate() {
            let before = g.position_at(i).unwrap();
            let uci = UciMove::from_move(m.mv, CastlingMode::Standard);
            let played = book()
                .entry(before)
                .is_some_and(|e| e.played().any(|(u, _)| *u == uci));
            assert_eq!(
                book_move(before, m.mv).is_some(),
                played,
                "{name}: move {i} {}",
                m.san
            );
        }
    }
}

#[test]
fn transpositions_reach_the_same_name() {
    let a = of_game(&game("d4 Nf6 c4 e6 Nc3 Bb4")).unwrap();
    let b = of_game(&game("c4 e6 d4 Nf6 Nc3 Bb4")).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.eco, "E20");
    assert!(a.name.starts_with("Nimzo-Indian Defense"), "{a}");
}

#[test]
fn the_deepest_named_position_names_the_game_after_it_leaves_the_book() {
    let g = game("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 h5 h4 Rh6");
    let o = of_game(&g).unwrap();
    assert_eq!(o.name, "Ruy Lopez: Morphy Defense");
    assert_eq!(of_game(&Game::new()), None);
}

#[test]
fn book_moves_and_moves_outside_the_book() {
    let g = game("e4 e5 Nf3 Nc6 Bb5 a6 Ba4");
    for (i, m) in g.moves().iter().enumerate() {
        assert!(
            book_move(g.position_at(i).unwrap(), m.mv).is_some(),
            "{}",
            m.san
        );
    }
    let last = book_move(g.position_at(6).unwrap(), g.moves()[6].mv).unwrap();
    assert!(last.name.starts_with("Ruy Lopez: Morphy Defense"), "{last}");
    let odd = game("e4 e5 Ke2 Ke7 Ke1");
    let pos = odd.position_at(4).unwrap();
    assert_eq!(book_move(pos, odd.moves()[4].mv), None);
    assert_eq!(choose(odd.position(), 1.0, &mut || 0.5), None);
}

#[test]
fn the_best_weighted_choice_is_deterministic_and_the_flat_one_varies_in_the_book() {
    let start = Chess::default();
    let best = choose(&start, f64::INFINITY, &mut || 0.0).unwrap();
    assert_eq!(
        best.to_string(),
        "e2-e4",
        "the masters' favourite first move"
    );
    let mut seen = std::collections::HashSet::new();
    for seed in 1..200 {
        let mut rng = Rng::new(seed);
        let m = choose(&start, 0.0, &mut || rng.next_f64()).unwrap();
        assert!(book_move(&start, m).is_some());
        seen.insert(m);
    }
    assert!(seen.len() > 5, "a flat choice varies: {seen:?}");
    // Same seed, same move.
    let pick = |seed| {
        let mut rng = Rng::new(seed);
        choose(&start, 0.5, &mut || rng.next_f64())
    };
    assert_eq!(pick(42), pick(42));
}

/// Issue 34: the review of `1. f3 e5 2. g4 Qh4#` labelled 2.g4 `book` because the Fool's Mate
/// line is named. A move is book only when the book would play it (masters played it).
#[test]
fn a_named_line_that_masters_never_played_is_no_book_move() {
    let g = game("f3 e5 g4");
    for (i, m) in g.moves().iter().enumerate() {
        assert_eq!(
            book_move(g.position_at(i).unwrap(), m.mv),
            None,
            "{}",
            m.san
        );
    }
    // The position after 1.f3 is still named (the game keeps its name), and has no book move.
    assert_eq!(of_game(&game("f3")).map(|o| o.name), Some("Barnes Opening"));
    assert_eq!(choose(game("f3").position(), 0.0, &mut || 0.5), None);
    // Whatever the exponent and the draw, the book plays only what it calls book.
    let start = Chess::default();
    for exponent in [0.0, 0.5, 1.0] {
        for i in 0..100 {
            let m = choose(&start, exponent, &mut || f64::from(i) / 100.0).unwrap();
            assert!(book_move(&start, m).is_some(), "{m}");
            let entry = book().entry(&start).unwrap();
            let uci = UciMove::from_move(m, CastlingMode::Standard);
            assert!(entry.played().any(|(u, _)| *u == uci), "{m}");
        }
    }
}

//! Shared helpers for the explanation integration tests: test data, puzzles, PGN games.

#![allow(dead_code)]

use kibitzer::config::{ExplainLevel, Language};
use kibitzer::explain::ExplainInput;
use kibitzer::explain::quality::Score;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

/// Reads a file under `../shared/data/` (or under `$KIBITZER_SHARED_DATA` when set, for a
/// checkout that does not sit beside `shared/`, such as a git worktree).
pub fn data(path: &str) -> String {
    let dir = std::env::var("KIBITZER_SHARED_DATA")
        .unwrap_or_else(|_| format!("{}/../shared/data", env!("CARGO_MANIFEST_DIR")));
    let full = format!("{dir}/{path}");
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// A Lichess puzzle: the position after the opponent's move and the solution line.
pub struct Puzzle {
    pub id: String,
    pub previous: Move,
    pub root: Chess,
    pub line: Vec<Move>,
    pub tags: Vec<String>,
}

/// All puzzles of the shared CSV.
pub fn puzzles() -> Vec<Puzzle> {
    let text = data("puzzles/lichess_puzzles.csv");
    let mut out = Vec::new();
    for row in text.lines().skip(1) {
        let cols: Vec<&str> = row.split(',').collect();
        let fen: Fen = cols[1].parse().unwrap();
        let start: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for u in cols[2].split_whitespace() {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            moves.push(m);
        }
        let mut root = start;
        root.play_unchecked(moves[0]);
        out.push(Puzzle {
            id: cols[0].to_owned(),
            previous: moves[0],
            root,
            line: moves[1..].to_vec(),
            tags: cols[7].split_whitespace().map(str::to_owned).collect(),
        });
    }
    out
}

/// Games of a PGN file as move lists from the initial position (games that fail to parse
/// are cut at the first bad token).
pub fn pgn_games(path: &str) -> Vec<Vec<Move>> {
    let text = data(path);
    let mut games = Vec::new();
    let mut movetext = String::new();
    let flush = |movetext: &mut String, games: &mut Vec<Vec<Move>>| {
        if movetext.trim().is_empty() {
            return;
        }
        let mut clean = String::new();
        let mut depth = 0;
        let mut comment = false;
        for ch in movetext.chars() {
            match ch {
                '{' => comment = true,
                '}' => comment = false,
                '(' if !comment => depth += 1,
                ')' if !comment => depth -= 1,
                _ if !comment && depth == 0 => clean.push(ch),
                _ => {}
            }
        }
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        for tok in clean.split_whitespace() {
            let tok = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if tok.is_empty()
                || tok.starts_with('$')
                || ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok)
            {
                continue;
            }
            let Ok(san) = tok.parse::<shakmaty::san::SanPlus>() else {
                break;
            };
            let Ok(m) = San::to_move(san.san, &pos) else {
                break;
            };
            pos.play_unchecked(m);
            moves.push(m);
        }
        games.push(moves);
        movetext.clear();
    };
    for line in text.lines() {
        if line.starts_with('[') {
            flush(&mut movetext, &mut games);
        } else {
            movetext.push_str(line);
            movetext.push(' ');
        }
    }
    flush(&mut movetext, &mut games);
    games
}

/// An input explaining `line[0]` from `root` as the engine's best move with the rest as PV.
pub fn input(
    root: &Chess,
    previous: Option<Move>,
    line: &[Move],
    best: Option<(Move, Vec<Move>)>,
    level: ExplainLevel,
) -> ExplainInput {
    ExplainInput {
        before: root.clone(),
        mv: line[0],
        previous,
        continuation: Vec::new(),
        pv: line[1..].to_vec(),
        best: best.as_ref().map(|b| b.0),
        best_pv: best.map(|b| b.1).unwrap_or_default(),
        score_before: Some(Score::Cp(20)),
        score_after: Some(Score::Cp(20)),
        best_score: Some(Score::Cp(20)),
        second_score: None,
        facts: None,
        eval_terms: vec![
            ("material".to_owned(), 0, 100),
            ("mobility".to_owned(), 10, 5),
        ],
        human: Some(Color::White),
        ply: 0,
        level,
        language: Language::default(),
    }
}

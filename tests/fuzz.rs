//! Deterministic, seeded fuzzing of every text surface (issue 23): UCI lines (grammar-aware and
//! random bytes, through the in-process UCI loop), FEN, move text (SAN and UCI), PGN and the
//! configuration. Each input must give no panic, a specific message (bounded, no control
//! characters), and no change of state; the UCI loop must still answer `isready` and play a
//! legal `bestmove` afterwards.
//!
//! `cargo test --test fuzz` runs a few thousand inputs per surface. For a long run set
//! `KIBITZER_FUZZ_ITERATIONS` (inputs per surface) and `KIBITZER_FUZZ_SEED`, e.g.
//! `KIBITZER_FUZZ_ITERATIONS=100000 cargo test --release --test fuzz -- --nocapture`; each
//! surface prints its counts.

use std::io::Cursor;

use kibitzer::config::{Config, EXAMPLE};
use kibitzer::engine::levels::Rng;
use kibitzer::game::Game;
use shakmaty::{CastlingMode, Chess, Position};

/// Inputs per surface: `KIBITZER_FUZZ_ITERATIONS`, else `default`.
fn iterations(default: usize) -> usize {
    std::env::var("KIBITZER_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn rng(surface: u64) -> Rng {
    let seed = std::env::var("KIBITZER_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x6b69_6269_747a_6572);
    Rng::new(seed ^ surface.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

fn below(r: &mut Rng, n: usize) -> usize {
    (r.next_u64() % n.max(1) as u64) as usize
}

fn pick<'a>(r: &mut Rng, items: &[&'a str]) -> &'a str {
    items[below(r, items.len())]
}

/// A message shown to the user: not empty, bounded, no control characters.
fn assert_readable(message: &str, input: &str) {
    assert!(!message.trim().is_empty(), "empty message for {input:?}");
    assert!(
        message.chars().count() <= 600,
        "message of {} characters for {:?}…",
        message.chars().count(),
        input.chars().take(80).collect::<String>()
    );
    assert!(
        !message.chars().any(|c| c.is_control() && c != '\n'),
        "control character in {message:?}"
    );
}

/// `text` with a few random edits: bytes replaced, inserted, deleted, spans duplicated.
fn mutate(r: &mut Rng, text: &str, alphabet: &[u8]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + below(r, 4) {
        let at = below(r, bytes.len() + 1);
        let byte = if below(r, 4) == 0 {
            r.next_u64() as u8
        } else {
            alphabet[below(r, alphabet.len())]
        };
        match below(r, 5) {
            0 if at < bytes.len() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            3 if !bytes.is_empty() => {
                let from = below(r, bytes.len());
                let len = below(r, 12).min(bytes.len() - from);
                let span = bytes[from..from + len].to_vec();
                bytes.splice(at..at, span);
            }
            _ => bytes.truncate(at),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A game of `plies` random legal moves.
fn random_game(r: &mut Rng, plies: usize) -> Game {
    let mut game = Game::new();
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let mv = moves[below(r, moves.len())];
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

const FEN_ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0369 ";

#[test]
fn fuzz_fen() {
    let mut r = rng(1);
    let n = iterations(5_000);
    let (mut ok, mut rejected) = (0, 0);
    for _ in 0..n {
        let base = {
            let plies = below(&mut r, 60);
            random_game(&mut r, plies)
        }
        .fen();
        let text = mutate(&mut r, &base, FEN_ALPHABET);
        match kibitzer::game::fen::parse(&text) {
            Ok(pos) => {
                ok += 1;
                // What was accepted reads back the same.
                let again = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
                assert!(
                    kibitzer::game::fen::parse(&again.to_string()).is_ok(),
                    "{text}"
                );
            }
            Err(e) => {
                rejected += 1;
                assert_readable(&e.to_string(), &text);
            }
        }
    }
    println!("fuzz_fen: {n} inputs, {ok} accepted, {rejected} rejected");
}

const MOVE_ALPHABET: &[u8] = b"abcdefgh12345678KQRBNPx+#=-O0o ";

#[test]
fn fuzz_move_text() {
    let mut r = rng(2);
    let n = iterations(5_000);
    let (mut played, mut rejected) = (0, 0);
    for _ in 0..n {
        let mut game = {
            let plies = below(&mut r, 80);
            random_game(&mut r, plies)
        };
        let moves = game.position().legal_moves();
        let base = match moves.first() {
            Some(_) => {
                let mv = moves[below(&mut r, moves.len())];
                if below(&mut r, 2) == 0 {
                    mv.to_uci(CastlingMode::Standard).to_string()
                } else {
                    shakmaty::san::San::from_move(game.position(), mv).to_string()
                }
            }
            None => "e4".to_owned(),
        };
        let text = if below(&mut r, 8) == 0 {
            base.clone()
        } else {
            mutate(&mut r, &base, MOVE_ALPHABET)
        };
        let (fen, ply) = (game.fen(), game.ply());
        match game.play_text(&text) {
            Ok(_) => {
                played += 1;
                assert_eq!(game.ply(), ply + 1);
            }
            Err(e) => {
                rejected += 1;
                assert_readable(&e.to_string(), &text);
                assert_eq!(
                    (game.fen(), game.ply()),
                    (fen, ply),
                    "{text:?} changed the game"
                );
            }
        }
    }
    println!("fuzz_move_text: {n} inputs, {played} played, {rejected} rejected");
}

const PGN_ALPHABET: &[u8] = b"[]\"{}()*;%$!?.0123456789 \nabcdefghKQRBNx+#=-O/\\\x00\x1b";

#[test]
fn fuzz_pgn() {
    let mut r = rng(3);
    let n = iterations(3_000);
    let (mut games, mut errors) = (0, 0);
    for _ in 0..n {
        let game = {
            let plies = below(&mut r, 60);
            random_game(&mut r, plies)
        };
        let mut tags = kibitzer::pgn::Tags::default();
        tags.set("Event", "fuzz");
        tags.set("White", "A");
        let base = kibitzer::pgn::export(&game, &tags);
        let base = if below(&mut r, 3) == 0 {
            format!("{base}\n{base}")
        } else {
            base
        };
        let text = mutate(&mut r, &base, PGN_ALPHABET);
        let report = kibitzer::pgn::import(&text);
        for g in &report.games {
            games += 1;
            assert!(g.pgn.game.ply() <= 200);
        }
        for e in &report.errors {
            errors += 1;
            let m = e.to_string();
            assert!(m.starts_with(&format!("game {} (line ", e.number)), "{m}");
            assert_readable(&m, &text);
        }
        // The same text as the autosave reader sees it: never a panic, a readable error.
        if let Err(e) = kibitzer::app::persist::decode(&text) {
            assert_readable(&format!("{e:#}"), &text);
        }
    }
    println!("fuzz_pgn: {n} inputs, {games} games read, {errors} errors reported");
}

const TOML_ALPHABET: &[u8] = b"[]=\"#.0123456789 \nabcdefghijklmnopqrstuvwxyz_-{},'";

#[test]
fn fuzz_config() {
    let mut r = rng(4);
    let n = iterations(3_000);
    let (mut ok, mut rejected) = (0, 0);
    let path = std::path::Path::new("fuzz.toml");
    for _ in 0..n {
        let text = mutate(&mut r, EXAMPLE, TOML_ALPHABET);
        match Config::from_toml(&text, Some(path)) {
            Ok(_) => ok += 1,
            Err(e) => {
                rejected += 1;
                let m = e.to_string();
                assert!(m.starts_with("fuzz.toml"), "{m}");
                assert_readable(&m, &text);
            }
        }
    }
    println!("fuzz_config: {n} inputs, {ok} accepted, {rejected} rejected");
}

/// Positions with a lot of material for one side (three queens, as in issue 34).
const HEAVY: [&str; 3] = [
    "fen 4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1",
    "fen qqq1k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "fen 4k3/pppppppp/8/8/8/8/8/QQQ1K3 b - - 0 1",
];

/// The UCI evaluation weights (piece values and term weights, `[eval]`) with their ranges.
fn eval_weights() -> Vec<(&'static str, i64, i64)> {
    kibitzer::options::OPTIONS
        .iter()
        .filter(|o| o.config_key.is_some_and(|k| k.starts_with("eval.")))
        .filter_map(|o| {
            let (lo, hi) = o.kind.bounds()?;
            Some((o.uci_name?, lo, hi))
        })
        .collect()
}

/// A UCI line from the grammar with random (often wrong) arguments, never `quit` and never a
/// large `Hash` (the shared machine).
fn uci_line(r: &mut Rng) -> String {
    let numbers = [
        "0",
        "1",
        "2",
        "-1",
        "3",
        "18446744073709551615",
        "9223372036854775807",
        "2147483648",
        "99999999999999999999",
        "x",
        "",
        "1e3",
    ];
    let moves = [
        "e2e4", "d2d4", "e7e5", "g1f3", "e1g1", "a7a8q", "0000", "zz", "e2e5",
    ];
    let mut line = match below(r, 14) {
        0 => "isready".to_owned(),
        1 => "ucinewgame".to_owned(),
        2 | 3 => {
            let mut l = "position ".to_owned();
            l.push_str(pick(
                r,
                &[
                    "startpos",
                    "fen 8/8/8/8/8/8/8/K6k w - - 0 1",
                    "fen x",
                    "",
                    HEAVY[0],
                    HEAVY[1],
                ],
            ));
            if below(r, 2) == 0 {
                l.push_str(" moves");
                for _ in 0..below(r, 5) {
                    l.push(' ');
                    l.push_str(pick(r, &moves));
                }
            }
            l
        }
        4..=6 => {
            let mut l = "go".to_owned();
            for _ in 0..below(r, 4) {
                let key = pick(
                    r,
                    &[
                        "depth",
                        "nodes",
                        "movetime",
                        "wtime",
                        "btime",
                        "winc",
                        "binc",
                        "movestogo",
                        "mate",
                        "searchmoves",
                        "infinite",
                        "ponder",
                        "bogus",
                    ],
                );
                l.push(' ');
                l.push_str(key);
                if key == "searchmoves" {
                    for _ in 0..below(r, 3) {
                        l.push(' ');
                        l.push_str(pick(r, &moves));
                    }
                } else if key == "depth" {
                    l.push_str(&format!(" {}", 1 + below(r, 3)));
                } else if key == "nodes" {
                    l.push_str(&format!(" {}", below(r, 5_000)));
                } else if key != "infinite" && key != "ponder" {
                    l.push(' ');
                    l.push_str(pick(r, &numbers));
                }
            }
            l
        }
        7 => {
            let name = pick(
                r,
                &[
                    "Hash",
                    "Threads",
                    "Level",
                    "UCI_Elo",
                    "Move Overhead",
                    "Explain",
                    "Eval Preset",
                    "Mobility",
                    "Pawn Value",
                    "Nonsense",
                    "",
                ],
            );
            let value = if name == "Hash" {
                pick(
                    r,
                    &["0", "1", "2", "99999999999999999999", "-5", "", "lots"],
                )
            } else {
                pick(r, &numbers)
            };
            match below(r, 3) {
                0 => format!("setoption name {name}"),
                1 => format!("setoption name {name} value"),
                _ => format!("setoption name {name} value {value}"),
            }
        }
        // An evaluation weight at an end of its range (issue 34: the mate band overflowed).
        12 | 13 => {
            let (name, lo, hi) = eval_weights()[below(r, eval_weights().len())];
            let value = match below(r, 3) {
                0 => lo,
                1 => hi,
                _ => lo + below(r, (hi - lo + 1) as usize) as i64,
            };
            format!("setoption name {name} value {value}")
        }
        8 => pick(
            r,
            &[
                "stop",
                "ponderhit",
                "debug on",
                "debug off",
                "debug x",
                "eval",
                "uci",
            ],
        )
        .to_string(),
        _ => pick(r, &["", "   ", "frobnicate", "go go go", "position fen"]).to_string(),
    };
    if below(r, 4) == 0 {
        line = mutate(r, &line, b"abcdefgh12345678 \t\x00\x1b\xff");
    }
    line.replace(['\n', '\r'], " ")
}

/// Random bytes for a line (anything but a line break), sometimes not UTF-8.
fn byte_line(r: &mut Rng) -> Vec<u8> {
    (0..below(r, 60))
        .map(|_| r.next_u64() as u8)
        .filter(|b| *b != b'\n' && *b != b'\r')
        .collect()
}

#[test]
fn fuzz_uci() {
    let mut r = rng(5);
    let n = iterations(3_000);
    let per_session = 150;
    let sessions = n.div_ceil(per_session);
    let mut errors = 0;
    let replies: Vec<String> = {
        let (p, _) = kibitzer::uci::parse_position("startpos moves e2e4").unwrap();
        p.legal_moves()
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect()
    };
    for s in 0..sessions {
        let mut input = b"uci\n".to_vec();
        let mut lines = Vec::new();
        for _ in 0..per_session.min(n - s * per_session) {
            let line = if below(&mut r, 3) == 0 {
                byte_line(&mut r)
            } else {
                uci_line(&mut r).into_bytes()
            };
            // `quit` would end the session before the checks.
            if String::from_utf8_lossy(&line).split_whitespace().next() == Some("quit") {
                continue;
            }
            input.extend_from_slice(&line);
            input.push(b'\n');
            lines.push(line);
        }
        input.extend_from_slice(b"stop\nisready\nposition startpos moves e2e4\ngo depth 1\n");
        let mut out = Vec::new();
        let mut config = kibitzer::config::Config::default();
        config.engine.hash_mb = 1;
        kibitzer::uci::run(Cursor::new(input), &mut out, &config, 10).expect("the session runs");
        let out = String::from_utf8(out).expect("the output is UTF-8");
        for line in out.lines() {
            assert!(
                ["id ", "option ", "uciok", "readyok", "info ", "bestmove "]
                    .iter()
                    .any(|p| line.starts_with(p)),
                "unexpected output line {line:?}"
            );
            if let Some(message) = line.strip_prefix("info string error: ") {
                errors += 1;
                assert_readable(message, line);
            }
        }
        assert!(out.contains("readyok"), "session {s}: no readyok");
        let last = out.lines().last().unwrap_or("");
        let best = last
            .strip_prefix("bestmove ")
            .unwrap_or_else(|| panic!("session {s}: the last line is {last:?}, not a bestmove"));
        let best = best.split_whitespace().next().unwrap_or("");
        assert!(
            replies.iter().any(|m| m == best),
            "session {s}: {best} is not a legal reply to 1. e4"
        );
    }
    println!("fuzz_uci: {n} lines in {sessions} sessions, {errors} errors reported");
    let _ = Chess::default();
}

/// Issue 34: evaluation weights at the ends of their ranges (every weight at its low or high
/// end, or anywhere between) on random and material-heavy positions: every search ends at its
/// depth with a legal move, and three queens up never reads as a mate at depth 1.
#[test]
fn fuzz_eval_weights() {
    use kibitzer::config::{EvalConfig, EvalPreset};
    use kibitzer::engine::{EvalParams, SearchLimits, SearchMemory, search};
    let mut r = rng(6);
    let n = iterations(3_000) / 10;
    let weights = eval_weights();
    let (mut searches, mut at_ends) = (0, 0);
    let mut memory = SearchMemory::new(1);
    for _ in 0..n {
        let mut settings = kibitzer::options::Settings {
            config: Config::default(),
            uci: kibitzer::options::UciSettings::new(5),
        };
        settings.config.eval.preset = if below(&mut r, 2) == 0 {
            EvalPreset::Default
        } else {
            EvalPreset::Simplified
        };
        let mut ends = 0;
        for &(name, lo, hi) in &weights {
            let option = kibitzer::options::by_uci_name(name).unwrap();
            let value = match below(&mut r, 3) {
                0 => lo,
                1 => hi,
                _ => lo + below(&mut r, (hi - lo + 1) as usize) as i64,
            };
            ends += usize::from(value == lo || value == hi);
            if let kibitzer::options::Slot::Int(field) = (option.slot)(&mut settings) {
                assert!(field.set(value), "{name} {value}");
            }
        }
        at_ends += ends;
        let config: EvalConfig = settings.config.eval.clone();
        let params = EvalParams::from_config(&config);
        let heavy = (below(&mut r, 2) == 0).then(|| below(&mut r, HEAVY.len()));
        let pos: Chess = match heavy {
            None => {
                let plies = below(&mut r, 60);
                random_game(&mut r, plies).position().clone()
            }
            Some(i) => HEAVY[i]
                .trim_start_matches("fen ")
                .parse::<shakmaty::fen::Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap(),
        };
        if pos.legal_moves().is_empty() {
            continue;
        }
        for depth in [1, 3] {
            memory.clear();
            let result = search(
                &pos,
                &[],
                &SearchLimits::depth(depth),
                &params,
                &mut memory,
                &std::sync::atomic::AtomicBool::new(false),
                &mut |_| {},
            );
            searches += 1;
            let best = result.best_move.expect("a legal move");
            assert!(pos.is_legal(best), "{config:?}");
            assert_eq!(result.depth, depth, "{config:?}");
            // Three queens against a bare king, to move: no mate in one either way, so a
            // mate score at depth 1 is a centipawn lead read as a mate.
            if depth == 1 && heavy == Some(0) {
                assert!(!result.score.is_mate(), "{config:?}: {}", result.score);
            }
        }
    }
    println!(
        "fuzz_eval_weights: {n} weight sets ({at_ends} weights at an end), {searches} searches"
    );
}

/// Issue 34: faulty analysts (`scripts/fake_uci.py`), useless ones among them (`bestmove 0000`,
/// `(none)` or a bare move without any `info` line): each search either gives a legal best
/// move, or fails with a readable message; a useless answer is always named as such.
#[test]
fn fuzz_analysts() {
    use kibitzer::analysis::external::UciAnalyst;
    use kibitzer::analysis::{AnalystError, AnalystSpec};
    use kibitzer::engine::SearchLimits;
    let python_chess = std::process::Command::new("python3")
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success());
    if !python_chess {
        eprintln!("python-chess is not installed: skipped");
        return;
    }
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/fake_uci.py");
    let modes = [
        "ok", "useless", "none", "silent", "garbage", "badinfo", "crash", "illegal",
    ];
    let mut r = rng(7);
    let n = iterations(3_000) / 300;
    let (mut answered, mut useless, mut other) = (0, 0, 0);
    for _ in 0..n {
        let mode = modes[below(&mut r, modes.len())];
        let after = below(&mut r, 3);
        let spec = AnalystSpec {
            grace: std::time::Duration::from_secs(20),
            ..AnalystSpec::new(
                &format!("python3 {fake} --mode {mode} --after {after}"),
                Vec::new(),
            )
        };
        let mut analyst = match UciAnalyst::start(&spec) {
            Ok(a) => a,
            Err(e) => panic!("{mode}: {e}"),
        };
        for i in 0..4 {
            let plies = below(&mut r, 40);
            let game = random_game(&mut r, plies);
            let pos = game.position();
            if pos.legal_moves().is_empty() {
                continue;
            }
            let stop = std::sync::atomic::AtomicBool::new(false);
            match analyst.search(pos, None, &SearchLimits::depth(1), &stop) {
                Ok(result) => {
                    answered += 1;
                    let best = result.best_move.expect("a best move");
                    assert!(pos.is_legal(best), "{mode}: {best}");
                }
                Err(e) => {
                    let message = e.to_string();
                    assert_readable(&message, mode);
                    if matches!(e, AnalystError::Useless { .. }) {
                        useless += 1;
                        assert!(message.contains("gives no analysis"), "{message}");
                    } else {
                        other += 1;
                    }
                    let misbehaves = i >= after;
                    assert!(misbehaves, "{mode} --after {after}, search {i}: {message}");
                    if ["useless", "none", "silent"].contains(&mode) {
                        assert!(
                            matches!(e, AnalystError::Useless { .. }),
                            "{mode}: {message}"
                        );
                    }
                    break;
                }
            }
        }
    }
    println!(
        "fuzz_analysts: {n} engines, {answered} searches answered, {useless} useless answers named, {other} other failures"
    );
}

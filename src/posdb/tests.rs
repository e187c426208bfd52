//! The store's behaviour on real files: round trip, the keep-the-deeper rule, evaluation
//! versions, eviction, damaged and foreign files, and the hooks the analysis uses.

use std::sync::atomic::AtomicBool;

use shakmaty::Chess;

use super::*;
use crate::engine::{SearchMemory, search};
use crate::game::{fen, zobrist};

fn searched(pos: &Chess, limits: &SearchLimits, params: &EvalParams) -> SearchResult {
    search(
        pos,
        &[],
        limits,
        params,
        &mut SearchMemory::new(1),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

/// Searches `pos` under `limits` and queues the result for `store`.
fn keep(store: &Store, pos: &Chess, limits: &SearchLimits, params: &EvalParams) {
    store.remember(pos, limits, params, &searched(pos, limits, params), false);
}

fn exact(depth: u32) -> SearchLimits {
    SearchLimits {
        exact_root_scores: true,
        ..SearchLimits::depth(depth)
    }
}

fn open(dir: &Path, options: Options) -> Store {
    let opened = Store::open(&path_in(dir), options).unwrap();
    assert!(opened.notice.is_none(), "{:?}", opened.notice);
    opened.store
}

#[test]
fn a_stored_search_comes_back_whole_after_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let params = EvalParams::default();
    let pos =
        fen::parse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    let result = searched(&pos, &exact(5), &params);
    {
        let store = open(dir.path(), Options::default());
        assert!(store.recall(&pos, &exact(5), &params).is_none());
        store.remember(&pos, &exact(5), &params, &result, false);
        store.flush();
    }
    let store = open(dir.path(), Options::default());
    let back = store.recall(&pos, &exact(5), &params).expect("stored");
    assert_eq!(back.best_move, result.best_move);
    assert_eq!(back.score, result.score);
    assert_eq!(back.pv, result.pv);
    assert_eq!(back.depth, result.depth);
    assert_eq!(back.root_moves, result.root_moves);
    let depths = |r: &SearchResult| {
        r.iterations
            .iter()
            .map(|i| (i.depth, i.best_move, i.score))
            .collect::<Vec<_>>()
    };
    assert_eq!(depths(&back), depths(&result));
    // The analysis built from the stored search is the same as from the search itself.
    let req = crate::analysis::Request::new(pos.clone(), exact(5), params.clone());
    let a = crate::analysis::assemble(&req, &result, None);
    let b = crate::analysis::assemble(&req, &back, None);
    assert_eq!(
        serde_json::to_string(&a.explanation).unwrap(),
        serde_json::to_string(&b.explanation).unwrap()
    );
    // Deeper requests, and requests without exact root scores stored, still search.
    assert!(store.recall(&pos, &exact(6), &params).is_none());
    assert!(
        store
            .recall(&pos, &SearchLimits::depth(4), &params)
            .is_some()
    );
    assert_eq!(store.counters.hits.load(Ordering::Relaxed), 2);
}

#[test]
fn a_shallower_search_never_replaces_a_deeper_one() {
    let dir = tempfile::tempdir().unwrap();
    let params = EvalParams::default();
    let pos = Chess::default();
    let store = open(dir.path(), Options::default());
    keep(&store, &pos, &exact(5), &params);
    keep(&store, &pos, &exact(2), &params);
    // A deeper engine search replaces them even without exact root scores…
    let engine = SearchLimits::depth(6);
    keep(&store, &pos, &engine, &params);
    store.flush();
    let e = store.get(&pos, &params).unwrap();
    assert_eq!((e.depth, e.exact_root), (6, false));
    // …at equal depth exact root scores win, and a search without them never replaces them.
    keep(&store, &pos, &exact(6), &params);
    store.flush();
    let e = store.get(&pos, &params).unwrap();
    assert_eq!((e.depth, e.exact_root), (6, true));
    keep(&store, &pos, &engine, &params);
    store.flush();
    assert!(store.get(&pos, &params).unwrap().exact_root);
}

#[test]
fn entries_of_another_evaluation_are_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let pos = Chess::default();
    let old = EvalParams::default();
    let mut config = crate::config::EvalConfig::default();
    config.mobility += 5;
    let new = EvalParams::from_config(&config);
    assert_ne!(eval_version(&old), eval_version(&new));
    assert_eq!(eval_version(&old), eval_version(&EvalParams::default()));
    let store = open(dir.path(), Options::default());
    keep(&store, &pos, &exact(3), &old);
    store.flush();
    assert!(store.recall(&pos, &exact(3), &old).is_some());
    assert!(store.recall(&pos, &exact(3), &new).is_none());
    let counts = store.with_connection(|c| file::counts(c, &[eval_version(&new)]).unwrap());
    assert_eq!(counts, vec![(entry::variant_code(Variant::Chess), 0, 1)]);
}

#[test]
fn eviction_removes_other_evaluations_then_the_shallowest_then_the_oldest() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path(), Options::default());
    let pos = Chess::default();
    let params = EvalParams::default();
    let template = Entry::from_search(
        Variant::Chess,
        1,
        eval_version(&params),
        &exact(3),
        &searched(&pos, &exact(3), &params),
        false,
        0,
    )
    .unwrap();
    let current = template.eval_version;
    let mut batch = Vec::new();
    for i in 0..3000u64 {
        let mut e = template.clone();
        e.key = i;
        e.depth = 1 + (i % 20) as u32;
        e.analysed_at = i;
        if i % 10 == 0 {
            e.eval_version = current ^ 1;
            e.depth = 30;
        }
        batch.push(e);
    }
    store.with_connection(|c| file::write_batch(c, &batch).unwrap());
    let before = store.with_connection(|c| file::used_bytes(c).unwrap());
    let limit = before / 3;
    let deleted = store.with_connection(|c| file::evict(c, limit, &[current]).unwrap());
    assert!(deleted > 0);
    let after = store.with_connection(|c| file::used_bytes(c).unwrap());
    assert!(after <= limit, "{after} > {limit}");
    let (other, min_depth, deepest_kept): (i64, i64, i64) = store.with_connection(|c| {
        c.query_row(
            "SELECT sum(eval_version != ?1), min(depth), max(depth) FROM positions",
            [current as i64],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap()
    });
    assert_eq!(other, 0, "other evaluations go first");
    assert_eq!(deepest_kept, 20);
    // Every kept row is at least as deep as every evicted one of this evaluation.
    let kept_at_min: i64 = store.with_connection(|c| {
        c.query_row(
            "SELECT count(*) FROM positions WHERE depth = ?1",
            [min_depth],
            |r| r.get(0),
        )
        .unwrap()
    });
    let all_at_min = (0..3000u64)
        .filter(|i| i % 10 != 0 && 1 + (i % 20) as i64 == min_depth)
        .count() as i64;
    assert!(kept_at_min <= all_at_min);
    // Among equally deep rows the oldest went first.
    if kept_at_min < all_at_min {
        let oldest_kept: i64 = store.with_connection(|c| {
            c.query_row(
                "SELECT min(analysed_at) FROM positions WHERE depth = ?1",
                [min_depth],
                |r| r.get(0),
            )
            .unwrap()
        });
        let evicted_newer = (0..3000i64)
            .filter(|i| i % 10 != 0 && 1 + (i % 20) == min_depth && *i > oldest_kept)
            .count() as i64;
        assert_eq!(evicted_newer, kept_at_min - 1);
    }
    // The limit is kept by the writer too.
    drop(store);
    let small = open(
        dir.path(),
        Options {
            max_mb: 1,
            learn: false,
        },
    );
    let mut more = Vec::new();
    for i in 10_000..30_000u64 {
        let mut e = template.clone();
        e.key = i;
        more.push(e);
    }
    for e in more {
        small.put(e);
    }
    small.close();
    let used = small.with_connection(|c| file::used_bytes(c).unwrap());
    assert!(used <= 1 << 20, "{used}");
}

#[test]
fn a_damaged_file_is_moved_aside_and_a_new_one_started() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_in(dir.path());
    let garbage = b"this is not a database, but it is somebody's data".repeat(200);
    std::fs::write(&path, &garbage).unwrap();
    let opened = Store::open(&path, Options::default()).unwrap();
    let notice = opened.notice.expect("a notice");
    assert!(
        notice.contains("damaged") && notice.contains("moved to"),
        "{notice}"
    );
    let aside: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("positions.damaged-") && n.ends_with(".db"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(std::fs::read(dir.path().join(&aside[0])).unwrap(), garbage);
    // The new store works.
    let pos = Chess::default();
    let params = EvalParams::default();
    opened.store.remember(
        &pos,
        &exact(2),
        &params,
        &searched(&pos, &exact(2), &params),
        false,
    );
    opened.store.flush();
    assert!(opened.store.recall(&pos, &exact(2), &params).is_some());
}

#[test]
fn a_file_of_another_schema_version_or_program_is_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_in(dir.path());
    {
        let c = Connection::open(&path).unwrap();
        c.pragma_update(None, "application_id", file::APPLICATION_ID)
            .unwrap();
        c.pragma_update(None, "user_version", file::SCHEMA_VERSION + 1)
            .unwrap();
        c.execute_batch("CREATE TABLE positions (x)").unwrap();
    }
    let opened = Store::open(&path, Options::default()).unwrap();
    assert!(
        opened
            .notice
            .as_deref()
            .unwrap()
            .contains(&format!("schema version {}", file::SCHEMA_VERSION + 1)),
        "{:?}",
        opened.notice
    );
    drop(opened);
    let other = dir.path().join("other.db");
    {
        let c = Connection::open(&other).unwrap();
        c.execute_batch("CREATE TABLE notes (text)").unwrap();
    }
    let opened = Store::open(&other, Options::default()).unwrap();
    assert!(
        opened
            .notice
            .unwrap()
            .contains("not a kibitzer position database")
    );
}

#[test]
fn the_engine_seed_plays_a_deeper_stored_move_only_at_full_strength() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path(), Options::default());
    let params = EvalParams::default();
    let pos = fen::parse("4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1").unwrap();
    let deep = searched(&pos, &exact(6), &params);
    store.remember(&pos, &exact(6), &params, &deep, false);
    store.flush();
    let level = SearchLimits::depth(3);
    let full = store.seed(&pos, &[], &level, &params, true);
    assert_eq!(full.known.and_then(|r| r.best_move), deep.best_move);
    assert_eq!(full.first_move, deep.best_move);
    let weak = store.seed(&pos, &[], &level, &params, false);
    assert!(weak.known.is_none(), "imperfect levels search");
    assert_eq!(
        weak.first_move, deep.best_move,
        "but order the stored move first"
    );
    let deeper = store.seed(&pos, &[], &SearchLimits::depth(9), &params, true);
    assert!(deeper.known.is_none());
    // A position already met in the game is searched (repetitions depend on the history).
    let again = store.seed(&pos, &[zobrist(&pos)], &level, &params, true);
    assert!(again.known.is_none());
}

#[test]
fn a_root_hint_changes_neither_the_moves_nor_the_choice() {
    let pos = Chess::default();
    let params = EvalParams::default();
    let plain = searched(&pos, &SearchLimits::depth(1), &params);
    let hint = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.to().to_string() == "a3")
        .unwrap();
    let hinted = searched(
        &pos,
        &SearchLimits {
            first_move: Some(hint),
            ..SearchLimits::depth(1)
        },
        &params,
    );
    assert_eq!(hinted.root_moves.len(), plain.root_moves.len());
    assert_eq!(
        (hinted.best_move, hinted.score),
        (plain.best_move, plain.score)
    );
    // A hint that is not legal is ignored.
    let illegal = fen::parse("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")
        .unwrap()
        .legal_moves()[0];
    let ignored = searched(
        &pos,
        &SearchLimits {
            first_move: Some(illegal),
            ..SearchLimits::depth(1)
        },
        &params,
    );
    assert_eq!(ignored.root_moves.len(), 20);
}

#[test]
fn export_and_import_merge_with_the_deeper_rule() {
    let dir = tempfile::tempdir().unwrap();
    let params = EvalParams::default();
    let a = Chess::default();
    let b = fen::parse("4k3/8/8/3q4/8/8/P2R4/4K3 w - - 0 1").unwrap();
    let first = open(&dir.path().join("one"), Options::default());
    keep(&first, &a, &exact(4), &params);
    keep(&first, &b, &exact(2), &params);
    first.flush();
    let exported = dir.path().join("export.db");
    first.with_connection(|c| file::export(c, &exported).unwrap());
    let second = open(&dir.path().join("two"), Options::default());
    keep(&second, &b, &exact(5), &params);
    second.flush();
    let rows = second.with_connection(|c| file::import(c, &exported).unwrap());
    assert_eq!(rows, 2);
    assert_eq!(second.get(&a, &params).unwrap().depth, 4);
    assert_eq!(second.get(&b, &params).unwrap().depth, 5, "deeper kept");
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, b"junk").unwrap();
    assert!(matches!(
        second.with_connection(|c| file::import(c, &junk)),
        Err(file::OpenError::Unusable(_))
    ));
}

/// Issue 34: 4 KB of random bytes at half the file's size opened fine (the damage is past the
/// first pages), was reported "damaged … the next start moves it aside" on every run, but was
/// never moved aside, `db check` could not check it, and caching stayed off for good.
/// A file of a few hundred pages with 4 KB of random bytes at half its size (issue 34's
/// damage); returns its path and the positions stored in it.
fn damaged_in_the_middle(dir: &Path) -> (PathBuf, Vec<Chess>) {
    use crate::engine::levels::Rng;
    let path = path_in(dir);
    let params = EvalParams::default();
    // Enough positions for a file of a few hundred pages.
    let mut rng = Rng::new(34);
    let mut positions: Vec<Chess> = Vec::new();
    while positions.len() < 1_500 {
        let mut pos = Chess::default();
        for _ in 0..(8 + rng.next_u64() % 30) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            positions.push(pos.clone());
        }
    }
    {
        let store = open(dir, Options::default());
        for pos in &positions {
            keep(&store, pos, &SearchLimits::depth(1), &params);
        }
        store.flush();
        store.with_connection(|c| file::checkpoint(c));
    }
    let len = std::fs::metadata(&path).unwrap().len();
    assert!(len > 64 * 1024, "a file of {len} bytes");
    let mut bytes = std::fs::read(&path).unwrap();
    let half = (len / 2) as usize;
    for b in &mut bytes[half..half + 4096] {
        *b = rng.next_u64() as u8;
    }
    std::fs::write(&path, &bytes).unwrap();
    (path, positions)
}

/// Issue 34: 4 KB of random bytes at half the file's size opened fine (the damage is past the
/// first pages), was reported "damaged … the next start moves it aside" on every run, but was
/// never moved aside, `db check` could not check it, and caching stayed off for good.
#[test]
fn damage_found_after_opening_is_recovered_from_as_at_opening() {
    let dir = tempfile::tempdir().unwrap();
    let params = EvalParams::default();
    let (path, positions) = damaged_in_the_middle(dir.path());

    // The damage is past the first pages: the file opens, and reading finds it.
    let store = open(dir.path(), Options::default());
    for pos in &positions {
        let _ = store.get(pos, &params);
    }
    let problem = store.close().expect("the damage is reported");
    assert!(problem.contains("damaged"), "{problem}");
    assert!(
        problem.contains("The next start moves it aside"),
        "{problem}"
    );
    assert!(file::damage_mark(&path).exists());
    drop(store);

    // The next start moves it aside, as for damage found at opening, and caching works again.
    let opened = Store::open(&path, Options::default()).unwrap();
    let notice = opened.notice.expect("a notice");
    assert!(notice.contains("moved to"), "{notice}");
    assert!(notice.contains("found while in use"), "{notice}");
    assert!(!file::damage_mark(&path).exists());
    let aside = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("positions.damaged-")
        })
        .count();
    assert_eq!(aside, 1);
    let pos = &positions[0];
    keep(&opened.store, pos, &exact(1), &params);
    opened.store.flush();
    assert!(opened.store.recall(pos, &exact(1), &params).is_some());
    assert!(opened.store.close().is_none());
}

/// Issue 34: `db check` answered "cannot check" for a file damaged in the middle; it says the
/// file is damaged, and the next start moves it aside.
#[test]
fn db_check_reports_damage_in_the_middle_and_the_next_start_moves_it_aside() {
    let dir = tempfile::tempdir().unwrap();
    let (path, _) = damaged_in_the_middle(dir.path());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let said = command::run(
        &crate::cli::DbCommand::Check,
        &path,
        &crate::config::Config::default(),
        &mut out,
        &mut err,
        &mut std::io::empty(),
    )
    .expect_err("the check fails");
    let said = said.message;
    assert!(said.contains("is damaged"), "{said}");
    assert!(!said.contains("cannot check"), "{said}");
    assert!(said.contains("The next start moves it aside"), "{said}");
    let opened = Store::open(&path, Options::default()).unwrap();
    assert!(opened.notice.is_some_and(|n| n.contains("moved to")));
}

/// Issue 36: an external analyst's results are kept by its identity, apart from the built-in
/// engine's rows and from any other engine's or setting's.
#[test]
fn external_analyses_are_kept_apart_by_engine_identity() {
    let dir = tempfile::tempdir().unwrap();
    let params = EvalParams::default();
    let pos = Chess::default();
    let builtin = searched(&pos, &exact(3), &params);
    let mut external = searched(&pos, &exact(2), &params);
    external.depth = 14;
    let sf = "Stockfish 15.1; MultiPV=1; UCI_AnalyseMode=true";
    let store = open(dir.path(), Options::default());
    store.remember(&pos, &exact(3), &params, &builtin, false);
    store.remember_external(&pos, sf, &SearchLimits::depth(14), &external);
    store.flush();
    let back = store
        .recall_external(&pos, sf, &SearchLimits::depth(14))
        .expect("the engine's own row");
    assert_eq!((back.depth, back.best_move), (14, external.best_move));
    // A shallower request is answered by the deeper row; a deeper one is not.
    assert!(
        store
            .recall_external(&pos, sf, &SearchLimits::depth(10))
            .is_some()
    );
    assert!(
        store
            .recall_external(&pos, sf, &SearchLimits::depth(16))
            .is_none()
    );
    // Another engine, version or setting sees nothing; the built-in engine sees its own row.
    for other in [
        "Stockfish 16; MultiPV=1; UCI_AnalyseMode=true",
        "Stockfish 15.1; MultiPV=3",
    ] {
        assert!(
            store
                .recall_external(&pos, other, &SearchLimits::depth(1))
                .is_none()
        );
    }
    assert_eq!(
        store.recall(&pos, &exact(3), &params).unwrap().depth,
        builtin.depth
    );
    // A stopped search is not kept.
    let other = fen::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    let mut stopped = searched(&other, &exact(2), &params);
    stopped.stopped = true;
    store.remember_external(&other, sf, &SearchLimits::depth(2), &stopped);
    store.flush();
    assert!(
        store
            .recall_external(&other, sf, &SearchLimits::depth(1))
            .is_none()
    );
}

/// The evaluation version is a fingerprint of the weights' values (not of their `Debug` text):
/// pinned, so it is the same in every run and build; one weight changed changes it, for each
/// game; an external engine's version is unchanged by the new hasher.
#[test]
fn the_evaluation_version_is_a_stable_fingerprint_of_the_values() {
    use crate::variant::pawn_battle::eval::{EvalConfig as PbConfig, Evaluation};
    let chess = eval_version(&EvalParams::default());
    let pawn_battle = eval_version(&Evaluation::from_config(&PbConfig::default()));
    assert_eq!(
        (chess, pawn_battle),
        (0xa622_5eea_884c_e3b3, 0x6a49_1d4e_bdb2_79ea),
        "pinned: a change here empties every database"
    );
    let mut config = crate::config::EvalConfig::default();
    config.threats += 1;
    assert_ne!(eval_version(&EvalParams::from_config(&config)), chess);
    let mut pb = PbConfig::default();
    pb.advance += 1;
    assert_ne!(eval_version(&Evaluation::from_config(&pb)), pawn_battle);
    // engine_version is FNV-1a of "external engine; " + the identity, as it always was.
    assert_eq!(engine_version("x"), 0xf02c_8a49_b5cf_dd05);
}

/// Issue 36: `db stats` counts an external analyst's rows apart (by the engine's identity),
/// not among the other evaluations. A version 2 file (before the engines were named) is
/// upgraded in place, step by step, keeping its rows; an external row it holds from before
/// counts as its engine's once that engine (same identity) keeps a row again.
#[test]
fn db_stats_counts_external_rows_apart_after_upgrading_a_version_2_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = path_in(dir.path());
    let identity = "Stockfish 15.1; MultiPV=1";
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let [base, feedback] = file::SCHEMA_V2;
        conn.execute_batch(&format!(
            "{base}; {feedback}; PRAGMA application_id = {}; PRAGMA user_version = 2;
             PRAGMA journal_mode = WAL;
             INSERT INTO positions VALUES (0, 42, {}, 14, 20, 1000, 5, 1, 30, 0, 'e2e4', 'e2e4',
                                           x'', 1700000000);",
            file::APPLICATION_ID,
            engine_version(identity) as i64
        ))
        .unwrap();
    }
    let store = open(dir.path(), Options::default());
    let (version, rows): (i32, i64) = store.with_connection(|c| {
        (
            c.query_row("PRAGMA user_version", [], |r| r.get(0))
                .unwrap(),
            c.query_row("SELECT count(*) FROM positions", [], |r| r.get(0))
                .unwrap(),
        )
    });
    assert_eq!((version, rows), (file::SCHEMA_VERSION, 1));
    assert_eq!(file::SCHEMA_VERSION, 3);
    // Two positions analysed by the external engine now, one by the built-in engine.
    let params = EvalParams::default();
    let mut external = searched(&Chess::default(), &exact(2), &params);
    external.depth = 14;
    let after_e4 =
        fen::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    for pos in [Chess::default(), after_e4.clone()] {
        store.remember_external(&pos, identity, &SearchLimits::depth(14), &external);
    }
    keep(&store, &after_e4, &exact(2), &params);
    assert!(store.close().is_none());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    command::run(
        &crate::cli::DbCommand::Stats,
        &path,
        &crate::config::Config::default(),
        &mut out,
        &mut err,
        &mut std::io::empty(),
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("chess: 1 positions of this evaluation, 0 of other evaluations (ignored)"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "  {identity}: 3 positions analysed by this external engine"
        )),
        "{out}"
    );
    // The names survive a reopening.
    let store = open(dir.path(), Options::default());
    let named = store.with_connection(|c| file::engine_counts(c)).unwrap();
    assert_eq!(named, vec![(0, identity.to_owned(), 3)]);
    // `db import` brings the names with the rows.
    let elsewhere = tempfile::tempdir().unwrap();
    let other = open(elsewhere.path(), Options::default());
    let imported = other.with_connection(|c| file::import(c, &path)).unwrap();
    assert_eq!(imported, 4);
    let named = other.with_connection(|c| file::engine_counts(c)).unwrap();
    assert_eq!(named, vec![(0, identity.to_owned(), 3)]);
}

/// Issue 35: the store is passed in, not global: the engine thread and an analysis read and
/// feed the store they are given, and a run (or a test) without one writes nowhere.
#[test]
fn the_engine_thread_and_the_analysis_use_the_store_they_are_given() {
    use crate::engine::{EngineHandle, EngineReport, SearchId, SearchRequest};
    let (given_dir, other_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    // The engine's own searches are kept when `engine.learn` is on; analyses always are.
    let learning = Options {
        learn: true,
        ..Options::default()
    };
    let given = Arc::new(open(given_dir.path(), learning));
    let other = Arc::new(open(other_dir.path(), Options::default()));
    let params = EvalParams::default();
    let limits = SearchLimits::depth(4);
    let searched_by = |engine: &mut EngineHandle, rx: &Receiver<EngineReport>, pos: &Chess| {
        engine.search(
            SearchId(1),
            SearchRequest::new(pos.clone(), limits.clone(), params.clone()),
        );
        loop {
            match rx.recv_timeout(Duration::from_secs(60)).unwrap() {
                EngineReport::Done { .. } => break,
                EngineReport::Failed { message, .. } => panic!("{message}"),
                EngineReport::Progress { .. } => {}
            }
        }
        engine.wait_idle();
    };
    let start = Chess::default();
    let (mut engine, rx) = EngineHandle::spawn(1).unwrap();
    searched_by(&mut engine, &rx, &start);
    engine.set_store(Some(Arc::clone(&given)));
    let after_e4 =
        fen::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    searched_by(&mut engine, &rx, &after_e4);
    given.flush();
    other.flush();
    assert!(given.recall(&after_e4, &limits, &params).is_some(), "fed");
    assert!(
        given.recall(&start, &limits, &params).is_none(),
        "the search before the store was given writes nowhere"
    );
    assert!(other.recall(&after_e4, &limits, &params).is_none());
    // An analysis's memory carries its store the same way.
    let mut memory = SearchMemory::new(1).with_store(Some(Arc::clone(&other)));
    let stop = AtomicBool::new(false);
    crate::analysis::search_position(&start, &[], &limits, &params, &mut memory, &stop);
    other.flush();
    assert!(other.recall(&start, &limits, &params).is_some());
    assert!(given.recall(&start, &limits, &params).is_none());
}

#[path = "../variant/pawn_battle/posdb_tests.rs"]
mod pawn_battle;

/// Issue 38: the database's notices speak the language of the run: a directory that cannot
/// be made, a damaged file moved aside, damage found while in use and the start after it, a
/// file of another program, a file that cannot be opened at all.
#[test]
fn the_databases_notices_speak_portuguese() {
    use crate::i18n::{Lang, with};
    let pt = |f: &dyn Fn() -> Result<Opened, String>| with(Lang::PtBr, f);
    let dir = tempfile::tempdir().unwrap();
    // A file stands where the directory should be.
    let blocker = dir.path().join("data");
    std::fs::write(&blocker, b"a file").unwrap();
    let inside = path_in(&blocker.join("sub"));
    let said = pt(&|| Store::open(&inside, Options::default())).unwrap_err();
    assert!(said.starts_with("não foi possível criar"), "{said}");
    assert!(
        said.contains("uma parte do caminho não é um diretório"),
        "{said}"
    );
    let english = with(Lang::En, || Store::open(&inside, Options::default())).unwrap_err();
    assert!(english.contains("cannot create") && english.contains("not a directory"));

    // A damaged file: moved aside, said in Portuguese with SQLite's reason in Portuguese.
    let path = path_in(dir.path());
    std::fs::write(&path, b"not a database at all".repeat(200)).unwrap();
    let notice = pt(&|| Store::open(&path, Options::default()))
        .unwrap()
        .notice
        .unwrap();
    for words in [
        "o banco de posições",
        "estava inutilizável (danificado: o arquivo não é um banco de dados)",
        "ele foi movido para",
        "um banco novo foi criado",
    ] {
        assert!(notice.contains(words), "{words:?} in {notice}");
    }

    // Damage found while in use, then the next start.
    let said = with(Lang::PtBr, || {
        damage_found(&path, "o arquivo do banco de dados está corrompido")
    });
    assert!(
        said.contains("está danificado (o arquivo do banco de dados"),
        "{said}"
    );
    assert!(
        said.contains("Na próxima vez que o programa abrir"),
        "{said}"
    );
    let notice = pt(&|| Store::open(&path, Options::default()))
        .unwrap()
        .notice
        .unwrap();
    assert!(
        notice.contains("problema descoberto durante o uso"),
        "{notice}"
    );

    // Another program's file.
    let other = dir.path().join("other.db");
    Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE notes (text)")
        .unwrap();
    let notice = pt(&|| Store::open(&other, Options::default()))
        .unwrap()
        .notice
        .unwrap();
    assert!(
        notice.contains("não é um banco de posições do kibitzer (contém outras tabelas)"),
        "{notice}"
    );

    // A directory where the file should be: it cannot be opened, and the message says what
    // to do.
    let folder = dir.path().join("folder").join("positions.db");
    std::fs::create_dir_all(&folder).unwrap();
    let said = pt(&|| Store::open(&folder, Options::default())).unwrap_err();
    assert!(
        said.starts_with("não foi possível abrir o banco de posições"),
        "{said}"
    );
    assert!(said.contains("rode o programa com --no-db"), "{said}");
    for english in [" the ", "database ", "cannot", "unable"] {
        assert!(!said.contains(english), "{english:?} in {said}");
    }
}

//! The database file: opening it (SQLite in WAL mode with a busy timeout, so several kibitzer
//! processes share it), recognising a damaged or foreign file and moving it aside, and every
//! statement the program runs on it.
//!
//! Crash safety is SQLite's: every write is a transaction in the write-ahead log, so a
//! `kill -9` at any moment leaves the file as it was after the last committed batch.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::i18n::{t, tr};
use crate::variant::VariantPosition;
use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior, params};

use super::entry::{Entry, Variant, bound_code, bound_from, read_detail, read_line, variant_code};

/// `PRAGMA application_id` of a kibitzer position database ("KBTZ").
pub const APPLICATION_ID: i32 = 0x4B42_545A;

/// `PRAGMA user_version`: the schema below with every [`MIGRATIONS`] step. A file of an older
/// version is upgraded in place when opened (never moved aside); a file of a newer version
/// (written by a later kibitzer) is moved aside.
pub const SCHEMA_VERSION: i32 = 3;

/// The steps from one schema version to the next: `(version reached, SQL)`, in order. A new
/// file gets the base schema and every step; a file of version `v` gets the steps after `v`,
/// each in the transaction that sets its version.
const MIGRATIONS: &[(i32, &str)] = &[(2, super::feedback::SCHEMA), (3, ENGINES)];

/// Version 3: the external engines whose analyses are kept (issue 36), by the version their
/// rows carry, so that `kibitzer db stats` counts them apart from other evaluations.
const ENGINES: &str = "
CREATE TABLE IF NOT EXISTS engines (
    eval_version INTEGER PRIMARY KEY,  -- posdb::engine_version of the identity
    identity     TEXT NOT NULL         -- the engine's id name and the UCI options sent
) WITHOUT ROWID;
";

/// The schema of version 2 (the base and the feedback table), for the tests that make a file
/// of that version.
#[cfg(test)]
pub(crate) const SCHEMA_V2: [&str; 2] = [SCHEMA, super::feedback::SCHEMA];

/// How long a statement waits for another process's write to end before failing.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS positions (
    variant      INTEGER NOT NULL,  -- 0 = chess, 1 = Pawn Battle (entry::variant_code)
    key          INTEGER NOT NULL,  -- Zobrist key, as the 64 bits of a signed integer
    eval_version INTEGER NOT NULL,  -- posdb::eval_version of the evaluation used
    depth        INTEGER NOT NULL,
    seldepth     INTEGER NOT NULL,
    nodes        INTEGER NOT NULL,
    time_ms      INTEGER NOT NULL,
    exact_root   INTEGER NOT NULL,  -- 1: every root move has an exact score
    score        INTEGER NOT NULL,  -- side to move's view (engine Score)
    bound        INTEGER NOT NULL,  -- 0 exact, 1 lower, 2 upper
    best_move    TEXT NOT NULL,     -- UCI
    pv           TEXT NOT NULL,     -- UCI moves separated by spaces
    detail       BLOB NOT NULL,     -- root moves and iterations (Entry::detail)
    analysed_at  INTEGER NOT NULL,  -- seconds since the Unix epoch
    PRIMARY KEY (variant, key, eval_version)
) WITHOUT ROWID;
";

/// The base schema (version 1), for the tests that make a file of that version.
#[cfg(test)]
pub(crate) const SCHEMA_V1: &str = SCHEMA;

/// Insert or keep: a stored row is replaced only by a search that went further (deeper, or as
/// deep for longer), never by a weaker one, and never loses its exact root scores to a search
/// without them unless that one is deeper.
const UPSERT: &str = "
INSERT INTO positions (variant, key, eval_version, depth, seldepth, nodes, time_ms, exact_root,
                       score, bound, best_move, pv, detail, analysed_at)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
ON CONFLICT (variant, key, eval_version) DO UPDATE SET
    depth = excluded.depth, seldepth = excluded.seldepth, nodes = excluded.nodes,
    time_ms = excluded.time_ms, exact_root = excluded.exact_root, score = excluded.score,
    bound = excluded.bound, best_move = excluded.best_move, pv = excluded.pv,
    detail = excluded.detail, analysed_at = excluded.analysed_at
WHERE (excluded.exact_root >= positions.exact_root
       AND (excluded.depth > positions.depth
            OR (excluded.depth = positions.depth AND excluded.time_ms > positions.time_ms)))
   OR (excluded.exact_root < positions.exact_root AND excluded.depth > positions.depth)
   OR (excluded.exact_root > positions.exact_root AND excluded.depth >= positions.depth)
";

/// Why a file cannot be used.
#[derive(Debug)]
pub enum OpenError {
    /// Not a SQLite file, a corrupt one, or one of another program or schema version: it is
    /// moved aside, never deleted.
    Unusable(String),
    /// Anything else (permissions, a full disk, a lock held too long): the program goes on
    /// without the database and the file stays where it is.
    Other(String),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Unusable(m) | OpenError::Other(m) => f.write_str(m),
        }
    }
}

fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

fn classify(e: rusqlite::Error) -> OpenError {
    if is_damage(&e) {
        OpenError::Unusable(tr(
            "posdb-damaged-reason",
            &[("error", sqlite_reason(&e).into())],
        ))
    } else {
        OpenError::Other(sqlite_reason(&e))
    }
}

/// What went wrong in SQLite, in the language spoken: the usual failures of a file
/// (not a database, damaged, locked, read-only, full, cannot be opened, no permission) in
/// the catalogue's words (`posdb-sqlite-*`), any other in SQLite's own English.
#[must_use]
pub fn sqlite_reason(e: &rusqlite::Error) -> String {
    let kind = match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => "not-a-database",
        Some(ErrorCode::DatabaseCorrupt) => "corrupt",
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => "busy",
        Some(ErrorCode::ReadOnly) => "read-only",
        Some(ErrorCode::DiskFull) => "full",
        Some(ErrorCode::CannotOpen) => "cannot-open",
        Some(ErrorCode::PermissionDenied) => "permission",
        _ => return e.to_string(),
    };
    tr("posdb-sqlite", &[("kind", kind.into())])
}

/// Opens `path` (creating it and its schema when missing) and checks it is ours.
///
/// # Errors
/// [`OpenError::Unusable`] for a damaged or foreign file, [`OpenError::Other`] otherwise.
pub fn open(path: &Path) -> Result<Connection, OpenError> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(classify)?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(classify)?;
    let mut ids = read_ids(&conn).map_err(classify)?;
    if ids == (0, 0) {
        // A new file, or one another process is creating right now: `create` decides under the
        // write lock, and the ids are read again after it.
        if !create(&conn).map_err(classify)? {
            return Err(OpenError::Unusable(t("posdb-other-tables")));
        }
        ids = read_ids(&conn).map_err(classify)?;
    }
    let (app, mut version) = ids;
    if app == APPLICATION_ID && (1..SCHEMA_VERSION).contains(&version) {
        version = upgrade(&conn).map_err(classify)?;
    }
    if app != APPLICATION_ID {
        return Err(OpenError::Unusable(tr(
            "posdb-foreign",
            &[("id", format!("{app:#x}").into())],
        )));
    } else if version != SCHEMA_VERSION {
        return Err(OpenError::Unusable(tr(
            "posdb-schema",
            &[
                ("version", version.into()),
                ("reads", SCHEMA_VERSION.into()),
            ],
        )));
    }
    // Write-ahead logging persists in the file; set on every open (a no-op once set) so that a
    // file whose creator was killed before setting it still gets it.
    conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get::<_, String>(0))
        .map_err(classify)?;
    conn.pragma_update(None, "synchronous", "NORMAL")
        .map_err(classify)?;
    // Reading a row reads the table's pages: a file cut short or overwritten fails here.
    conn.query_row(
        "SELECT count(*) FROM (SELECT 1 FROM positions LIMIT 1)",
        [],
        |r| r.get::<_, i64>(0),
    )
    .map_err(classify)?;
    Ok(conn)
}

/// `(application_id, user_version)` of the open file, read in one statement.
fn read_ids(conn: &Connection) -> rusqlite::Result<(i32, i32)> {
    conn.query_row(
        "SELECT application_id, user_version FROM pragma_application_id, pragma_user_version",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

/// Creates the schema in a new, empty file. Everything is decided under the write lock, so two
/// processes may race here: the loser finds the ids set and does nothing. Returns `false` when
/// the file holds tables but no ids (another program's database), which is left untouched.
fn create(conn: &Connection) -> rusqlite::Result<bool> {
    // Takes effect when the first table is created (and only then: it writes nothing, so it
    // changes nothing in a file that already has tables).
    conn.pragma_update(None, "auto_vacuum", "INCREMENTAL")?;
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let result = (|| {
        if read_ids(conn)? != (0, 0) {
            return Ok(true);
        }
        let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
        if tables > 0 {
            return Ok(false);
        }
        conn.execute_batch(SCHEMA)?;
        for (_, step) in MIGRATIONS {
            conn.execute_batch(step)?;
        }
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        Ok(true)
    })();
    match result {
        Ok(ours) => conn.execute_batch("COMMIT").map(|()| ours),
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            Err(e)
        }
    }
}

/// Upgrades a file of an older schema version in place, step by step ([`MIGRATIONS`]), each
/// step under the write lock with the version it reaches (so two processes upgrading at once
/// apply each step once, and a kill between steps leaves a file of the last version reached).
/// Returns the version reached.
fn upgrade(conn: &Connection) -> rusqlite::Result<i32> {
    for &(target, step) in MIGRATIONS {
        conn.execute_batch("BEGIN IMMEDIATE")?;
        let result = (|| {
            let (_, version) = read_ids(conn)?;
            if version == target - 1 {
                conn.execute_batch(step)?;
                conn.pragma_update(None, "user_version", target)?;
            }
            Ok(())
        })();
        match result {
            Ok(()) => conn.execute_batch("COMMIT")?,
            Err(e) => {
                let _ = conn.execute_batch("ROLLBACK");
                return Err(e);
            }
        }
    }
    read_ids(conn).map(|(_, v)| v)
}

/// The name a damaged file is moved to: `positions.damaged-<seconds since the epoch>.db` beside
/// it (a number is added when that exists).
#[must_use]
pub fn damaged_path(path: &Path, now_secs: u64) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "positions".into(), |s| s.to_string_lossy().into_owned());
    let dir = path.parent().unwrap_or_else(|| Path::new("."));
    let mut candidate = dir.join(format!("{stem}.damaged-{now_secs}.db"));
    let mut n = 1;
    while candidate.exists() {
        n += 1;
        candidate = dir.join(format!("{stem}.damaged-{now_secs}-{n}.db"));
    }
    candidate
}

/// The mark left beside `path` (`positions.db-damaged`, holding SQLite's message) when damage
/// is found after opening (a read, a write, `db check`): the file opened fine, so only the
/// mark makes the next [`crate::posdb::Store::open`] move it aside as it does a file found
/// damaged at opening.
#[must_use]
pub fn damage_mark(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-damaged");
    PathBuf::from(name)
}

/// Leaves the [`damage_mark`] of `path` with `why`.
///
/// # Errors
/// When the mark cannot be written (the directory is read-only or full).
pub fn mark_damaged(path: &Path, why: &str) -> std::io::Result<()> {
    std::fs::write(damage_mark(path), why)
}

/// Moves `path` (and its `-wal` and `-shm` companions) to [`damaged_path`]; returns the new
/// path of the main file.
///
/// # Errors
/// When the file cannot be renamed.
pub fn move_aside(path: &Path, now_secs: u64) -> std::io::Result<PathBuf> {
    let target = damaged_path(path, now_secs);
    std::fs::rename(path, &target)?;
    for suffix in ["-wal", "-shm"] {
        let mut from = path.as_os_str().to_owned();
        from.push(suffix);
        let mut to = target.as_os_str().to_owned();
        to.push(suffix);
        if Path::new(&from).exists() {
            std::fs::rename(&from, &to)?;
        }
    }
    Ok(target)
}

/// Writes `entries` in one transaction (`BEGIN IMMEDIATE`, so a second process waits for the
/// lock instead of failing on an upgrade).
///
/// # Errors
/// Any SQLite error; nothing of the batch is written then.
pub fn write_batch(conn: &mut Connection, entries: &[Entry]) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    {
        let mut stmt = tx.prepare(UPSERT)?;
        for e in entries {
            let best =
                e.pv.first()
                    .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                    .unwrap_or_default();
            stmt.execute(params![
                variant_code(e.variant),
                e.key as i64,
                e.eval_version as i64,
                e.depth,
                e.seldepth,
                i64::try_from(e.nodes).unwrap_or(i64::MAX),
                i64::try_from(e.time_ms).unwrap_or(i64::MAX),
                e.exact_root,
                e.score,
                bound_code(e.bound),
                best,
                e.pv_text(),
                e.detail(),
                i64::try_from(e.analysed_at).unwrap_or(i64::MAX),
            ])?;
        }
    }
    tx.commit()
}

/// The stored entry of `pos` (key `key`) for this variant and evaluation, if any and readable.
///
/// # Errors
/// Any SQLite error. A row whose moves are not legal in `pos` is `Ok(None)`.
pub fn read<P: VariantPosition>(
    conn: &Connection,
    variant: Variant,
    key: u64,
    eval_version: u64,
    pos: &P,
) -> rusqlite::Result<Option<Entry>> {
    let mut stmt = conn.prepare(
        "SELECT depth, seldepth, nodes, time_ms, exact_root, score, bound, pv, detail,
                analysed_at
         FROM positions WHERE variant = ?1 AND key = ?2 AND eval_version = ?3",
    )?;
    let row = stmt
        .query_row(
            params![variant_code(variant), key as i64, eval_version as i64],
            |r| {
                Ok((
                    r.get::<_, u32>(0)?,
                    r.get::<_, u32>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, bool>(4)?,
                    r.get::<_, i32>(5)?,
                    r.get::<_, u8>(6)?,
                    r.get::<_, String>(7)?,
                    r.get::<_, Vec<u8>>(8)?,
                    r.get::<_, i64>(9)?,
                ))
            },
        )
        .optional()?;
    let Some((depth, seldepth, nodes, time_ms, exact_root, score, bound, pv, detail, at)) = row
    else {
        return Ok(None);
    };
    let decoded = (|| {
        let pv = read_line(&pv, pos)?;
        let (root_moves, iterations) = read_detail(&detail, pos)?;
        Some(Entry {
            variant,
            key,
            eval_version,
            depth,
            seldepth,
            nodes: u64::try_from(nodes).ok()?,
            time_ms: u64::try_from(time_ms).ok()?,
            exact_root,
            score,
            bound: bound_from(bound)?,
            pv,
            root_moves,
            iterations,
            analysed_at: u64::try_from(at).ok()?,
        })
    })();
    Ok(decoded.filter(|e| !e.pv.is_empty()))
}

/// Bytes the rows take (pages in use, free pages left out).
///
/// # Errors
/// Any SQLite error.
pub fn used_bytes(conn: &Connection) -> rusqlite::Result<u64> {
    conn.query_row(
        "SELECT (page_count - freelist_count) * page_size
         FROM pragma_page_count, pragma_freelist_count, pragma_page_size",
        [],
        |r| r.get::<_, i64>(0),
    )
    .map(|b| u64::try_from(b).unwrap_or(0))
}

/// Deletes rows until the rows take at most `max_bytes`: rows of evaluations other than
/// `current` (each game's current evaluation version) first, then the shallowest, then the
/// oldest. Frees the pages to the file system. Returns the number of rows deleted.
///
/// # Errors
/// Any SQLite error.
pub fn evict(conn: &Connection, max_bytes: u64, current: &[u64]) -> rusqlite::Result<u64> {
    let is_current = is_current_sql(current);
    let mut deleted = 0;
    for _ in 0..8 {
        let used = used_bytes(conn)?;
        if used <= max_bytes {
            break;
        }
        let rows: i64 = conn.query_row("SELECT count(*) FROM positions", [], |r| r.get(0))?;
        if rows == 0 {
            break;
        }
        // Aim 10 % below the limit so that eviction does not run again at the next batch.
        let per_row = (used / rows as u64).max(1);
        let keep = (max_bytes / 10 * 9) / per_row;
        let excess = (rows as u64).saturating_sub(keep).max(1);
        let n = conn.execute(
            &format!(
                "DELETE FROM positions WHERE (variant, key, eval_version) IN (
                     SELECT variant, key, eval_version FROM positions
                     ORDER BY {is_current}, depth, analysed_at LIMIT ?1)"
            ),
            params![i64::try_from(excess).unwrap_or(i64::MAX)],
        )?;
        deleted += n as u64;
        conn.execute_batch("PRAGMA incremental_vacuum")?;
    }
    Ok(deleted)
}

/// An SQL test of a row's `eval_version` against `current` (the versions are numbers, written
/// into the text: no user input reaches it).
fn is_current_sql(current: &[u64]) -> String {
    let list: Vec<String> = current.iter().map(|&v| (v as i64).to_string()).collect();
    format!("eval_version IN ({})", list.join(", "))
}

/// Counts per variant: `(variant code, entries of a `current` evaluation, entries of others)`
/// (`current`: each game's current evaluation version).
///
/// # Errors
/// Any SQLite error.
pub fn counts(conn: &Connection, current: &[u64]) -> rusqlite::Result<Vec<(i64, u64, u64)>> {
    let is_current = is_current_sql(current);
    let mut stmt = conn.prepare(&format!(
        "SELECT variant, sum({is_current}), sum(NOT ({is_current}))
         FROM positions GROUP BY variant ORDER BY variant"
    ))?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?.max(0) as u64,
            r.get::<_, i64>(2)?.max(0) as u64,
        ))
    })?;
    rows.collect()
}

/// Names the external engine whose rows carry `version` ([`super::engine_version`] of
/// `identity`).
///
/// # Errors
/// Any SQLite error.
pub fn name_engine(conn: &Connection, version: u64, identity: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO engines (eval_version, identity) VALUES (?1, ?2)",
        params![version as i64, identity],
    )
    .map(|_| ())
}

/// The rows of each named external engine ([`name_engine`]) per variant: `(variant code,
/// identity, rows)`, by variant, then by most rows.
///
/// # Errors
/// Any SQLite error.
pub fn engine_counts(conn: &Connection) -> rusqlite::Result<Vec<(i64, String, u64)>> {
    let mut stmt = conn.prepare(
        "SELECT p.variant, e.identity, count(*) AS n FROM positions p
         JOIN engines e ON p.eval_version = e.eval_version
         GROUP BY p.variant, e.identity ORDER BY p.variant, n DESC, e.identity",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, i64>(2)?.max(0) as u64,
        ))
    })?;
    rows.collect()
}

/// `PRAGMA integrity_check`: `Ok(())` or the problems SQLite found.
///
/// # Errors
/// Any SQLite error (a damaged file may fail before the check can run).
pub fn integrity(conn: &Connection) -> rusqlite::Result<Result<(), String>> {
    let mut stmt = conn.prepare("PRAGMA integrity_check")?;
    let lines: Vec<String> = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(if lines == ["ok"] {
        Ok(())
    } else {
        Err(lines.join("; "))
    })
}

/// Copies every row into a new database file at `target` (which must not exist).
///
/// # Errors
/// Any SQLite error.
pub fn export(conn: &Connection, target: &Path) -> rusqlite::Result<()> {
    conn.execute("VACUUM INTO ?1", params![target.to_string_lossy()])?;
    Ok(())
}

/// Merges the rows of the database at `source` (checked to be a kibitzer position database of
/// this schema) with the same rule as any write: deeper wins. Returns the rows in `source`.
///
/// # Errors
/// [`OpenError::Unusable`] when `source` is not such a database, [`OpenError::Other`] for any
/// other failure.
pub fn import(conn: &mut Connection, source: &Path) -> Result<u64, OpenError> {
    let source_version = {
        let other = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(classify)?;
        let (app, source_version): (i32, i32) = other
            .query_row(
                "SELECT application_id, user_version FROM pragma_application_id, \
                 pragma_user_version",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(classify)?;
        // Every version so far has the same `positions` table.
        if app != APPLICATION_ID || !(1..=SCHEMA_VERSION).contains(&source_version) {
            return Err(OpenError::Unusable(tr(
                "posdb-import-foreign",
                &[
                    ("reads", SCHEMA_VERSION.into()),
                    ("id", format!("{app:#x}").into()),
                    ("version", source_version.into()),
                ],
            )));
        }
        source_version
    };
    let other = |e: rusqlite::Error| OpenError::Other(sqlite_reason(&e));
    conn.execute(
        "ATTACH DATABASE ?1 AS source",
        params![source.to_string_lossy()],
    )
    .map_err(other)?;
    let result = (|| {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let rows: i64 = tx.query_row("SELECT count(*) FROM source.positions", [], |r| r.get(0))?;
        let upsert = UPSERT.replace(
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            "SELECT variant, key, eval_version, depth, seldepth, nodes, time_ms, exact_root, \
             score, bound, best_move, pv, detail, analysed_at FROM source.positions WHERE true",
        );
        tx.execute(&upsert, [])?;
        if source_version >= 3 {
            // The external engines' names come with their rows.
            tx.execute(
                "INSERT OR IGNORE INTO engines SELECT eval_version, identity FROM source.engines",
                [],
            )?;
        }
        tx.commit()?;
        Ok::<_, rusqlite::Error>(rows.max(0) as u64)
    })();
    let _ = conn.execute("DETACH DATABASE source", []);
    result.map_err(other)
}

/// Deletes every row and gives the space back.
///
/// # Errors
/// Any SQLite error.
pub fn clear(conn: &Connection) -> rusqlite::Result<u64> {
    let n = conn.execute("DELETE FROM positions", [])?;
    conn.execute_batch("PRAGMA incremental_vacuum")?;
    checkpoint(conn);
    Ok(n as u64)
}

/// Moves the write-ahead log into the file and truncates it (best effort: another process may
/// be reading).
pub fn checkpoint(conn: &Connection) {
    let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
        r.get::<_, i64>(0)
    });
}

/// Whether a SQLite error says the file is damaged.
#[must_use]
pub fn is_damaged(e: &rusqlite::Error) -> bool {
    is_damage(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The race CI caught: a second process read the ids of a new, empty file (0, 0) and then
    /// found the tables the first had created meanwhile, took the file for another program's
    /// and moved it aside. Deciding under the write lock finds the ids set instead.
    #[test]
    fn a_file_created_by_another_process_after_the_first_look_is_ours() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("positions.db");
        let late = Connection::open(&path).unwrap();
        assert_eq!(read_ids(&late).unwrap(), (0, 0));
        drop(open(&path).unwrap());
        assert!(
            create(&late).unwrap(),
            "the file another process made is ours"
        );
        assert_eq!(read_ids(&late).unwrap(), (APPLICATION_ID, SCHEMA_VERSION));
        drop(late);
        let conn = open(&path).unwrap();
        let mode: String = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        let vacuum: i64 = conn
            .query_row("PRAGMA auto_vacuum", [], |r| r.get(0))
            .unwrap();
        assert_eq!((mode.as_str(), vacuum), ("wal", 2));
    }

    #[test]
    fn another_programs_tables_without_ids_are_refused_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("positions.db");
        let other = Connection::open(&path).unwrap();
        other
            .execute_batch("CREATE TABLE notes (body TEXT)")
            .unwrap();
        drop(other);
        assert!(matches!(open(&path), Err(OpenError::Unusable(m)) if m.contains("other tables")));
        let again = Connection::open(&path).unwrap();
        let tables: i64 = again
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .unwrap();
        assert_eq!(tables, 1, "nothing was added to another program's file");
        let mode: String = again
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "delete", "nor its journal mode changed");
    }
}

//! The `feedback` table (schema version 2): players' verdicts on explanations
//! ([`crate::feedback`]), written at once in their own transaction on the caller's connection
//! (not batched like positions: a `kill -9` right after the message "kept" loses nothing), and
//! read back by `kibitzer feedback list | export | clear`.

use rusqlite::{Connection, TransactionBehavior, params};

use super::Store;
use crate::feedback::{Feedback, Verdict};

/// The table (a step of [`super::file`]'s migrations: a version-1 file gets it when opened).
pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS feedback (
    id          INTEGER PRIMARY KEY,
    given_at    INTEGER NOT NULL,  -- seconds since the Unix epoch
    variant     TEXT NOT NULL,     -- chess, pawn-battle
    fen         TEXT NOT NULL,     -- the position before the move
    san         TEXT NOT NULL,
    uci         TEXT NOT NULL,
    verdict     TEXT NOT NULL,     -- wrong, unclear, helpful
    note        TEXT,
    text        TEXT NOT NULL,     -- the explanation as shown, one sentence a line
    claims      TEXT NOT NULL,     -- JSON: {\"move\": [...], \"better\": [...]}
    screen      TEXT NOT NULL,     -- play, hint, review
    version     TEXT NOT NULL      -- the kibitzer version that explained
);
";

/// One stored piece of feedback.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Given {
    /// Its number in the database.
    pub id: i64,
    /// When it was given: `YYYY-MM-DDTHH:MM:SSZ` (UTC).
    pub given_at: String,
    /// The feedback.
    #[serde(flatten)]
    pub feedback: Feedback,
}

/// Writes `f` given at `at` (seconds since the epoch) in one transaction.
///
/// # Errors
/// Any SQLite error (nothing is written then).
pub fn write(conn: &mut Connection, f: &Feedback, at: u64) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute(
        "INSERT INTO feedback (given_at, variant, fen, san, uci, verdict, note, text, claims,
                               screen, version)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            i64::try_from(at).unwrap_or(i64::MAX),
            f.variant,
            f.fen,
            f.san,
            f.uci,
            f.verdict.word(),
            f.note,
            f.text,
            f.claims.to_string(),
            f.screen,
            f.version,
        ],
    )?;
    tx.commit()
}

/// Every piece of feedback, oldest first. A row this version cannot read (an unknown verdict,
/// claims that are not JSON) comes back with its text as stored and the claims as a string.
///
/// # Errors
/// Any SQLite error.
pub fn list(conn: &Connection) -> rusqlite::Result<Vec<Given>> {
    let mut stmt = conn.prepare(
        "SELECT id, strftime('%Y-%m-%dT%H:%M:%SZ', given_at, 'unixepoch'), variant, fen, san,
                uci, verdict, note, text, claims, screen, version
         FROM feedback ORDER BY given_at, id",
    )?;
    let rows = stmt.query_map([], |r| {
        let verdict: String = r.get(6)?;
        let claims: String = r.get(9)?;
        Ok(Given {
            id: r.get(0)?,
            given_at: r.get(1)?,
            feedback: Feedback {
                variant: r.get(2)?,
                fen: r.get(3)?,
                san: r.get(4)?,
                uci: r.get(5)?,
                verdict: Verdict::from_word(&verdict).unwrap_or(Verdict::Unclear),
                note: r.get(7)?,
                text: r.get(8)?,
                claims: serde_json::from_str(&claims).unwrap_or(serde_json::Value::String(claims)),
                screen: r.get(10)?,
                version: r.get(11)?,
            },
        })
    })?;
    rows.collect()
}

/// The number of pieces of feedback.
///
/// # Errors
/// Any SQLite error.
pub fn count(conn: &Connection) -> rusqlite::Result<u64> {
    conn.query_row("SELECT count(*) FROM feedback", [], |r| r.get::<_, i64>(0))
        .map(|n| u64::try_from(n).unwrap_or(0))
}

/// Deletes every piece of feedback; returns how many.
///
/// # Errors
/// Any SQLite error.
pub fn clear(conn: &Connection) -> rusqlite::Result<u64> {
    let n = conn.execute("DELETE FROM feedback", [])?;
    super::file::checkpoint(conn);
    Ok(n as u64)
}

impl Store {
    /// Writes `f` now, on this process's reader connection (waiting for another process's
    /// write as any write does), so that it is on disk when this returns.
    ///
    /// # Errors
    /// A message naming the file and SQLite's words.
    pub fn record_feedback(&self, f: &Feedback) -> Result<(), String> {
        let at = super::now_secs();
        self.with_connection(|c| write(c, f, at)).map_err(|e| {
            crate::i18n::tr(
                "feedback-not-kept",
                &[
                    ("file", self.path().display().to_string().into()),
                    ("why", e.to_string().into()),
                ],
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::posdb::{Options, file, path_in};

    fn sample(note: Option<&str>) -> Feedback {
        Feedback {
            variant: "chess".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            san: "e4".into(),
            uci: "e2e4".into(),
            verdict: Verdict::Unclear,
            note: note.map(str::to_owned),
            text: "e4 takes the centre.\nBetter: d4".into(),
            claims: serde_json::json!({"move": [{"kind": "centre"}], "better": []}),
            screen: "review".into(),
            version: "9.9.9".into(),
        }
    }

    /// A file as kibitzer wrote it before feedback existed (schema version 1), with a row.
    fn version_1_file(path: &std::path::Path) {
        let conn = Connection::open(path).unwrap();
        conn.execute_batch(&format!(
            "{}; PRAGMA application_id = {}; PRAGMA user_version = 1; PRAGMA journal_mode = WAL;
             INSERT INTO positions VALUES (0, 42, 7, 9, 12, 1000, 5, 1, 30, 0, 'e2e4', 'e2e4',
                                           x'', 1700000000);",
            file::SCHEMA_V1,
            file::APPLICATION_ID
        ))
        .unwrap();
    }

    #[test]
    fn a_version_1_database_is_upgraded_in_place_with_its_positions() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_in(dir.path());
        version_1_file(&path);
        let opened = Store::open(&path, Options::default()).unwrap();
        assert!(opened.notice.is_none(), "moved aside: {:?}", opened.notice);
        let store = opened.store;
        let (version, rows): (i32, i64) = store.with_connection(|c| {
            (
                c.query_row("PRAGMA user_version", [], |r| r.get(0))
                    .unwrap(),
                c.query_row("SELECT count(*) FROM positions", [], |r| r.get(0))
                    .unwrap(),
            )
        });
        assert_eq!((version, rows), (file::SCHEMA_VERSION, 1));
        store.record_feedback(&sample(None)).unwrap();
        drop(store);
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            !names.iter().any(|n| n.contains("damaged")),
            "nothing moved aside: {names:?}"
        );
        // And opened again, as the current version, it keeps both.
        let store = Store::open(&path, Options::default()).unwrap().store;
        let given = store.with_connection(|c| list(c)).unwrap();
        assert_eq!(given.len(), 1);
    }

    #[test]
    fn feedback_comes_back_whole_and_a_second_instance_sees_it_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = path_in(dir.path());
        let first = Store::open(&path, Options::default()).unwrap().store;
        let second = Store::open(&path, Options::default()).unwrap().store;
        first
            .record_feedback(&sample(Some("what centre?")))
            .unwrap();
        second.record_feedback(&sample(None)).unwrap();
        // No flush, no close: each write is committed when it returns.
        for store in [&first, &second] {
            let given = store.with_connection(|c| list(c)).unwrap();
            assert_eq!(given.len(), 2);
            assert_eq!(given[0].feedback, sample(Some("what centre?")));
            assert_eq!(given[1].feedback.note, None);
            assert!(given[0].given_at.ends_with('Z') && given[0].given_at.len() == 20);
        }
        assert_eq!(first.with_connection(|c| clear(c)).unwrap(), 2);
        assert_eq!(second.with_connection(|c| count(c)).unwrap(), 0);
    }
}

//! The position database: every analysed position kept in a file of the data directory
//! (`positions.db`), so that a position searched once is never searched again less deeply.
//!
//! - [`Store`] is an open database: reads on the caller's thread (one SQLite connection),
//!   writes batched by a writer thread (its own connection), so no search and no interface ever
//!   waits for the disk.
//! - [`install`] makes a store the process's one database (opened by `main.rs` unless `--no-db`
//!   or `database.enabled = false`); [`Store::recall`] and [`Store::remember`] are what the
//!   analysis (`analysis::search_position`: review, `explain`, play mode's background analysis)
//!   and the engine thread ([`Store::seed`]) call on the [`installed`] store before and after a
//!   search. Without an installed store nothing is read or written, so tests and `uci` never
//!   touch a file.
//! - Entries are keyed by variant, Zobrist key and [`eval_version`]: a change of evaluation
//!   weights makes the old entries invisible (they are evicted first).
//!
//! SQLite (through `rusqlite` with its `bundled` feature) was chosen over redb because two
//! kibitzer processes must share the file: see `docs/ARCHITECTURE.md`.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

use rusqlite::Connection;
use shakmaty::Move;

use crate::engine::{EvalParams, SearchLimits, SearchResult};
use crate::i18n::tr;
use crate::variant::VariantPosition;
use crate::variant::pawn_battle::eval::Evaluation;

pub mod command;
pub mod entry;
pub mod feedback;
pub mod file;

pub use entry::{Entry, Variant};

/// The database file's name in the data directory.
pub const FILE_NAME: &str = "positions.db";

/// Bump when the search changes what a given depth means (new pruning, new extensions…):
/// entries of older searches are then ignored like those of another evaluation.
pub const SEARCH_VERSION: u32 = 1;

/// The path of the database in `data_dir`.
#[must_use]
pub fn path_in(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// The evaluation version of `params`: a fingerprint of the values of every weight actually
/// applied (the preset's tables with the configured percentages, the network's checksum) and
/// of [`SEARCH_VERSION`], hashed by their `Hash` (never their `Debug` text, which a rename or a
/// new field's formatting would change). Two configurations with the same effective
/// evaluation share entries; any other difference keeps them apart. Any game's evaluation
/// (chess's [`EvalParams`], Pawn Battle's [`Evaluation`]): the variant column keeps the games
/// apart.
#[must_use]
pub fn eval_version<E: std::hash::Hash + ?Sized>(params: &E) -> u64 {
    use std::hash::Hasher as _;
    let mut hasher = Fingerprint::new();
    hasher.write(b"search");
    hasher.write_u32(SEARCH_VERSION);
    params.hash(&mut hasher);
    hasher.finish()
}

/// A stable 64-bit FNV-1a [`std::hash::Hasher`]: the same values give the same fingerprint in
/// every run and every build (unlike `std`'s randomly keyed hasher). Integers are written
/// little-endian; arrays of integers, which `std` hashes as their bytes in memory, are
/// little-endian on every platform we build for (x86-64, AArch64).
#[derive(Debug, Clone, Copy)]
pub struct Fingerprint(u64);

impl Fingerprint {
    /// The FNV-1a offset basis.
    #[must_use]
    pub fn new() -> Fingerprint {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint::new()
    }
}

impl std::hash::Hasher for Fingerprint {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u16(&mut self, i: u16) {
        self.write(&i.to_le_bytes());
    }
    fn write_u32(&mut self, i: u32) {
        self.write(&i.to_le_bytes());
    }
    fn write_u64(&mut self, i: u64) {
        self.write(&i.to_le_bytes());
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_i16(&mut self, i: i16) {
        self.write(&i.to_le_bytes());
    }
    fn write_i32(&mut self, i: i32) {
        self.write(&i.to_le_bytes());
    }
    fn write_i64(&mut self, i: i64) {
        self.write(&i.to_le_bytes());
    }
    fn write_isize(&mut self, i: isize) {
        self.write_i64(i as i64);
    }
}

/// The version column of an external analyst's rows: a hash of `identity` (the engine's name
/// and version and the options that matter, [`crate::analysis::external::identity`]) under a
/// prefix no evaluation of the built-in engine has, so an external engine's results are never
/// read as the built-in engine's (nor one engine's or setting's as another's).
///
/// ```
/// use kibitzer::posdb::{engine_version, eval_version};
/// let sf = engine_version("Stockfish 15.1; MultiPV=1");
/// assert_ne!(sf, engine_version("Stockfish 16; MultiPV=1"));
/// assert_ne!(sf, eval_version(&kibitzer::engine::EvalParams::default()));
/// ```
#[must_use]
pub fn engine_version(identity: &str) -> u64 {
    use std::hash::Hasher as _;
    let mut hasher = Fingerprint::new();
    hasher.write(b"external engine; ");
    hasher.write(identity.as_bytes());
    hasher.finish()
}

/// How an opened store behaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The size the rows may take before the shallowest and oldest are evicted, in MiB.
    pub max_mb: u32,
    /// Whether the engine's own searches (its moves and hints) are written too
    /// (`engine.learn`); analyses always are.
    pub learn: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_mb: 256,
            learn: false,
        }
    }
}

impl Options {
    /// The options of a configuration.
    #[must_use]
    pub fn from_config(config: &crate::config::Config) -> Options {
        Options {
            max_mb: config.database.max_mb,
            learn: config.engine.learn,
        }
    }

    fn max_bytes(self) -> u64 {
        u64::from(self.max_mb) << 20
    }
}

enum Message {
    Write(Box<Entry>),
    Flush(SyncSender<()>),
    /// The external engine whose rows are kept under this version ([`engine_version`]).
    Engine(u64, String),
}

/// Counters of one process's use of the store.
#[derive(Debug, Default)]
pub struct Counters {
    /// Lookups answered from the database.
    pub hits: AtomicU64,
    /// Lookups that had to search.
    pub misses: AtomicU64,
    /// Entries written.
    pub written: AtomicU64,
}

/// An open position database.
pub struct Store {
    path: PathBuf,
    options: Options,
    reader: Mutex<Connection>,
    writer: Mutex<Option<(Sender<Message>, JoinHandle<()>)>>,
    /// Set when the file turned out damaged while in use: the store then does nothing.
    broken: Arc<AtomicBool>,
    /// The last problem met (shown when the program ends).
    problem: Arc<Mutex<Option<String>>>,
    /// Lookups and writes of this process.
    pub counters: Arc<Counters>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("path", &self.path)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// A store that could be opened, and what the user must be told about it.
#[derive(Debug)]
pub struct Opened {
    /// The store.
    pub store: Store,
    /// Set when a damaged or foreign file was moved aside to open a new one.
    pub notice: Option<String>,
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Store {
    /// Opens (or creates) the database at `path`. A damaged, foreign or unknown-version file is
    /// moved aside (`positions.damaged-<time>.db`, never deleted) and a new one created; the
    /// returned notice says so.
    ///
    /// # Errors
    /// When the directory or the file cannot be used at all (permissions, a full disk, a file
    /// that cannot be moved aside); the message names the file and what to do.
    pub fn open(path: &Path, options: Options) -> Result<Opened, String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| {
                tr(
                    "posdb-cannot-create-dir",
                    &[
                        ("dir", dir.display().to_string().into()),
                        ("error", crate::i18n::os_reason(&e).into()),
                    ],
                )
            })?;
        }
        let mut notice = None;
        // Damage found after an earlier opening left a mark: the same recovery as damage
        // found now.
        let mark = file::damage_mark(path);
        let first = match std::fs::read_to_string(&mark) {
            Ok(why) if path.exists() => Err(file::OpenError::Unusable(tr(
                "posdb-damaged-in-use",
                &[("error", why.trim().to_owned().into())],
            ))),
            _ => file::open(path),
        };
        let reader = match first {
            Ok(c) => c,
            Err(file::OpenError::Unusable(why)) => {
                let aside = file::move_aside(path, now_secs()).map_err(|e| {
                    tr(
                        "posdb-unusable-unmovable",
                        &[
                            ("path", path.display().to_string().into()),
                            ("why", why.clone().into()),
                            ("error", crate::i18n::os_reason(&e).into()),
                        ],
                    )
                })?;
                notice = Some(tr(
                    "posdb-moved-aside",
                    &[
                        ("path", path.display().to_string().into()),
                        ("why", why.clone().into()),
                        ("aside", aside.display().to_string().into()),
                    ],
                ));
                // The mark was about the file moved aside (an error here leaves a mark
                // without its file, which the next start ignores).
                let _ = std::fs::remove_file(&mark);
                file::open(path).map_err(|e| open_failure(path, &e))?
            }
            Err(e) => return Err(open_failure(path, &e)),
        };
        let writer_conn = file::open(path).map_err(|e| open_failure(path, &e))?;
        let broken = Arc::new(AtomicBool::new(false));
        let problem = Arc::new(Mutex::new(None));
        let counters = Arc::new(Counters::default());
        let (tx, rx) = mpsc::channel();
        let thread = {
            let broken = Arc::clone(&broken);
            let problem = Arc::clone(&problem);
            let counters = Arc::clone(&counters);
            let versions = default_versions();
            std::thread::Builder::new()
                .name("kibitzer-posdb".to_owned())
                .spawn(move || {
                    let writer = Writer {
                        conn: writer_conn,
                        options,
                        broken,
                        problem,
                        counters,
                        current_versions: versions,
                        engines: Vec::new(),
                    };
                    writer.run(&rx);
                })
                .map_err(|e| {
                    tr(
                        "posdb-writer-thread",
                        &[("error", crate::i18n::os_reason(&e).into())],
                    )
                })?
        };
        Ok(Opened {
            store: Store {
                path: path.to_path_buf(),
                options,
                reader: Mutex::new(reader),
                writer: Mutex::new(Some((tx, thread))),
                broken,
                problem,
                counters,
            },
            notice,
        })
    }

    /// The file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The options it was opened with.
    #[must_use]
    pub fn options(&self) -> Options {
        self.options
    }

    /// The stored entry of `pos` (of any game) for the evaluation `params`, if any.
    #[must_use]
    pub fn get<P: VariantPosition, E: std::hash::Hash + ?Sized>(
        &self,
        pos: &P,
        params: &E,
    ) -> Option<Entry> {
        self.get_version(pos, eval_version(params))
    }

    /// The stored entry of `pos` under the version column `version` ([`eval_version`] or
    /// [`engine_version`]), if any.
    fn get_version<P: VariantPosition>(&self, pos: &P, version: u64) -> Option<Entry> {
        if self.broken.load(Ordering::Relaxed) {
            return None;
        }
        let conn = self.reader.lock().unwrap_or_else(PoisonError::into_inner);
        match file::read(&conn, P::VARIANT, pos.key(), version, pos) {
            Ok(entry) => entry,
            Err(e) => {
                self.note_problem(&e);
                None
            }
        }
    }

    /// Queues `entry` for the writer thread (returns at once).
    pub fn put(&self, entry: Entry) {
        if self.broken.load(Ordering::Relaxed) {
            return;
        }
        self.send(Message::Write(Box::new(entry)));
    }

    /// Hands `message` to the writer thread (nothing once the store is closed).
    fn send(&self, message: Message) {
        let writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((tx, _)) = writer.as_ref() {
            let _ = tx.send(message);
        }
    }

    /// Waits until every queued entry is written.
    pub fn flush(&self) {
        let (ack, done) = mpsc::sync_channel(1);
        {
            let writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
            let Some((tx, _)) = writer.as_ref() else {
                return;
            };
            if tx.send(Message::Flush(ack)).is_err() {
                return;
            }
        }
        let _ = done.recv();
    }

    /// Writes what is queued, stops the writer thread and returns the last problem met, if any
    /// (for a message when the program ends). Later writes are ignored.
    pub fn close(&self) -> Option<String> {
        let taken = self
            .writer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some((tx, thread)) = taken {
            drop(tx);
            let _ = thread.join();
        }
        self.problem
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Runs `f` on the reader connection (for the `db` commands).
    pub(crate) fn with_connection<T>(&self, f: impl FnOnce(&mut Connection) -> T) -> T {
        let mut conn = self.reader.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut conn)
    }

    fn note_problem(&self, e: &rusqlite::Error) {
        note(&self.broken, &self.problem, &self.path, e);
    }
}

fn open_failure(path: &Path, e: &file::OpenError) -> String {
    tr(
        "posdb-cannot-open",
        &[
            ("path", path.display().to_string().into()),
            ("error", e.to_string().into()),
        ],
    )
}

fn note(broken: &AtomicBool, problem: &Mutex<Option<String>>, path: &Path, e: &rusqlite::Error) {
    let damaged = file::is_damaged(e);
    if damaged {
        broken.store(true, Ordering::Relaxed);
    }
    let text = if damaged {
        damage_found(path, &file::sqlite_reason(e))
    } else {
        tr(
            "posdb-problem",
            &[
                ("path", path.display().to_string().into()),
                ("error", file::sqlite_reason(e).into()),
            ],
        )
    };
    *problem.lock().unwrap_or_else(PoisonError::into_inner) = Some(text);
}

/// Marks `path` as damaged (`why`: SQLite's words) for the next start, and says so.
pub(crate) fn damage_found(path: &Path, why: &str) -> String {
    match file::mark_damaged(path, why) {
        Ok(()) => tr(
            "posdb-damaged-marked",
            &[
                ("path", path.display().to_string().into()),
                ("why", why.to_owned().into()),
            ],
        ),
        Err(e) => tr(
            "posdb-damaged-unmarked",
            &[
                ("path", path.display().to_string().into()),
                ("why", why.to_owned().into()),
                ("error", crate::i18n::os_reason(&e).into()),
            ],
        ),
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        self.close();
    }
}

/// Entries written per transaction at most.
const BATCH: usize = 256;

/// Batches between two size checks.
const SIZE_CHECK_EVERY: u32 = 32;

struct Writer {
    conn: Connection,
    options: Options,
    broken: Arc<AtomicBool>,
    problem: Arc<Mutex<Option<String>>>,
    counters: Arc<Counters>,
    /// Each game's evaluation version of the latest entry written (at first the defaults'):
    /// eviction takes rows of other evaluations first.
    current_versions: Vec<(Variant, u64)>,
    /// The external engines' versions named in the file by this writer ([`file::name_engine`]).
    engines: Vec<u64>,
}

impl Writer {
    fn run(mut self, rx: &Receiver<Message>) {
        let mut batches = 0u32;
        let path = self.conn.path().map(PathBuf::from).unwrap_or_default();
        while let Ok(first) = rx.recv() {
            let mut batch = Vec::new();
            let mut acks = Vec::new();
            let mut next = Some(first);
            while let Some(message) = next.take() {
                match message {
                    Message::Write(e) => batch.push(*e),
                    Message::Flush(ack) => acks.push(ack),
                    Message::Engine(version, identity) => {
                        if !self.engines.contains(&version) && !self.broken.load(Ordering::Relaxed)
                        {
                            match file::name_engine(&self.conn, version, &identity) {
                                Ok(()) => self.engines.push(version),
                                Err(e) => note(&self.broken, &self.problem, &path, &e),
                            }
                        }
                    }
                }
                if batch.len() < BATCH {
                    next = rx.try_recv().ok();
                }
            }
            if !batch.is_empty() && !self.broken.load(Ordering::Relaxed) {
                // An external engine's rows are never "the current evaluation".
                for e in batch
                    .iter()
                    .filter(|e| !self.engines.contains(&e.eval_version))
                {
                    match self
                        .current_versions
                        .iter_mut()
                        .find(|(v, _)| *v == e.variant)
                    {
                        Some(current) => current.1 = e.eval_version,
                        None => self.current_versions.push((e.variant, e.eval_version)),
                    }
                }
                match self.write(&batch) {
                    Ok(()) => {
                        self.counters
                            .written
                            .fetch_add(batch.len() as u64, Ordering::Relaxed);
                    }
                    Err(e) => note(&self.broken, &self.problem, &path, &e),
                }
                batches += 1;
                if batches % SIZE_CHECK_EVERY == 1 {
                    self.keep_size();
                }
            }
            for ack in acks {
                let _ = ack.send(());
            }
        }
        self.keep_size();
        file::checkpoint(&self.conn);
    }

    /// Writes a batch; a lock held longer than the busy timeout by another process is retried
    /// a few times before the batch is given up (and the problem reported).
    fn write(&mut self, batch: &[Entry]) -> rusqlite::Result<()> {
        let mut tries = 0;
        loop {
            match file::write_batch(&mut self.conn, batch) {
                Err(e)
                    if tries < 5
                        && e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) =>
                {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(50 << tries));
                }
                other => return other,
            }
        }
    }

    fn keep_size(&mut self) {
        if self.broken.load(Ordering::Relaxed) {
            return;
        }
        let path = self.conn.path().map(PathBuf::from).unwrap_or_default();
        let versions: Vec<u64> = self.current_versions.iter().map(|&(_, v)| v).collect();
        if let Err(e) = file::evict(&self.conn, self.options.max_bytes(), &versions) {
            note(&self.broken, &self.problem, &path, &e);
        }
    }
}

/// Each game's evaluation version with the default settings.
fn default_versions() -> Vec<(Variant, u64)> {
    vec![
        (Variant::Chess, eval_version(&EvalParams::default())),
        (
            Variant::PawnBattle,
            eval_version(&Evaluation::from_config(&Default::default())),
        ),
    ]
}

/// The run's position database, owned by the command that opened it (`main`): it hands the
/// shared [`Store`] to the engine thread, the analyses and the feedback key
/// ([`Database::store`]); dropping it writes what is queued and prints the last problem met, if
/// any, on standard error (the terminal interface has ended by then). There is no global
/// store: a test opens its own and passes it in.
#[derive(Debug)]
#[must_use = "the store is closed when this owner drops"]
pub struct Database(Arc<Store>);

impl Database {
    /// Takes ownership of an opened store.
    pub fn new(store: Store) -> Database {
        Database(Arc::new(store))
    }

    /// The shared store, to give to whoever searches or writes.
    #[must_use]
    pub fn store(&self) -> Arc<Store> {
        Arc::clone(&self.0)
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        if let Some(problem) = self.0.close() {
            eprintln!("kibitzer: {problem}");
        }
    }
}

impl Store {
    /// A stored search of `pos` that went at least as far as a search under `limits` would
    /// ([`Entry::covers`]).
    #[must_use]
    pub fn recall<P: VariantPosition, E: std::hash::Hash + ?Sized>(
        &self,
        pos: &P,
        limits: &SearchLimits,
        params: &E,
    ) -> Option<SearchResult> {
        self.counted(self.get(pos, params), pos, limits)
    }

    /// The stored `entry` as a search of `pos` when it covers `limits`, counted as a hit or a
    /// miss.
    fn counted<P: VariantPosition>(
        &self,
        entry: Option<Entry>,
        pos: &P,
        limits: &SearchLimits,
    ) -> Option<SearchResult> {
        let found = entry
            .filter(|e| e.covers(limits))
            .and_then(|e| e.to_search(pos));
        let counter = if found.is_some() {
            &self.counters.hits
        } else {
            &self.counters.misses
        };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    /// Queues `result`, a search of `pos` under `limits`; `cancelled`: a stop flag ended the
    /// search before its limits.
    pub fn remember<P: VariantPosition, E: std::hash::Hash + ?Sized>(
        &self,
        pos: &P,
        limits: &SearchLimits,
        params: &E,
        result: &SearchResult,
        cancelled: bool,
    ) {
        if let Some(entry) = Entry::from_search(
            P::VARIANT,
            pos.key(),
            eval_version(params),
            limits,
            result,
            cancelled,
            now_secs(),
        ) {
            self.put(entry);
        }
    }

    /// A stored analysis of `pos` by the external engine `identity`
    /// ([`crate::analysis::external::identity`]) that went at least as far as one under
    /// `limits` would ([`Entry::covers`]); the built-in engine's rows are never returned.
    #[must_use]
    pub fn recall_external<P: VariantPosition>(
        &self,
        pos: &P,
        identity: &str,
        limits: &SearchLimits,
    ) -> Option<SearchResult> {
        self.counted(self.get_version(pos, engine_version(identity)), pos, limits)
    }

    /// Queues `result`, an analysis of `pos` by the external engine `identity` under
    /// `limits`, kept apart from the built-in engine's rows ([`engine_version`]). A search a
    /// stop flag ended is not kept.
    pub fn remember_external<P: VariantPosition>(
        &self,
        pos: &P,
        identity: &str,
        limits: &SearchLimits,
        result: &SearchResult,
    ) {
        if result.stopped {
            return;
        }
        let version = engine_version(identity);
        // Named in the file, so that `kibitzer db stats` counts its rows apart.
        self.send(Message::Engine(version, identity.to_owned()));
        if let Some(entry) = Entry::from_search(
            P::VARIANT,
            pos.key(),
            version,
            limits,
            result,
            false,
            now_secs(),
        ) {
            self.put(entry);
        }
    }

    /// Reads the database for the engine before a search of `pos` (`history`: the game's
    /// earlier keys). `full_strength`: the move will be the search's best (a level with
    /// deliberate imperfection passes false and keeps its imperfection: it only gets the move
    /// ordering).
    #[must_use]
    pub fn seed<P: VariantPosition>(
        &self,
        pos: &P,
        history: &[u64],
        limits: &SearchLimits,
        params: &EvalParams,
        full_strength: bool,
    ) -> Seed {
        let Some(entry) = self.get(pos, params) else {
            return Seed::default();
        };
        let first_move = entry.pv.first().copied();
        let repeats = |m: Move| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            history.contains(&after.key()) || history.contains(&pos.key())
        };
        let known = (full_strength && entry.covers(limits) && !first_move.is_some_and(repeats))
            .then(|| entry.to_search(pos))
            .flatten();
        if known.is_some() {
            self.counters.hits.fetch_add(1, Ordering::Relaxed);
        }
        Seed { known, first_move }
    }
}

/// What the engine thread takes from the database before searching ([`Store::seed`]).
#[derive(Debug, Clone, Default)]
pub struct Seed {
    /// The stored result to play at once: a full-strength search whose limits the stored one
    /// covers, where the stored move does not walk into a repetition of the game.
    pub known: Option<SearchResult>,
    /// The stored best move, searched first at the root.
    pub first_move: Option<Move>,
}

#[cfg(test)]
mod tests;

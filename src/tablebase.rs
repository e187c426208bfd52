//! Exact endgames: Syzygy tablebases through `shakmaty-syzygy`. The 3- and 4-piece tables are
//! embedded in the binary (`assets/syzygy/`, 4.4 MB, GPL-3.0, from the python-chess 1.11.2
//! sdist), so every install knows those endings exactly; `[analysis] syzygy_path` adds the
//! user's own tables (5 and 6 pieces) from one or more directories.
//!
//! What the rest of the program asks:
//! - [`Tablebases::root`]: every legal move of a position the tables hold, with its exact
//!   result ([`Verdict`]: win, draw or loss under the fifty-move rule) and its distance to the
//!   next capture or pawn move (DTZ), ranked best first, so that playing the first converts a
//!   won ending. The engine's search answers from it at the root, and the judge
//!   ([`crate::analysis`]) gives every verdict in such a position from it.
//! - [`Tablebases::wdl_after_zeroing`]: the result of a position reached by a capture or a
//!   pawn move, as the search probes it inside the tree.
//!
//! The tables in use are the process's ([`install`] at start-up from the configuration,
//! [`installed`]): read-only data, like the opening book.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use shakmaty::{Chess, Move, Position};
use shakmaty_syzygy::filesystem::{Filesystem, RandomAccessFile, ReadHint};
use shakmaty_syzygy::{AmbiguousWdl, Tablebase, Wdl};

use crate::engine::score::{MATE, TB_BOUND, TB_WIN};
use crate::engine::{Bound, Iteration, RootMove, Score, SearchResult};

mod embedded;

/// How long a line the tables give as a search's principal variation (plies).
pub const LINE_PLIES: usize = 12;

/// The exact result of a position for the side to move, under the fifty-move rule (a win
/// that takes longer than the rule allows is a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
    /// The side to move wins.
    Win,
}

impl Verdict {
    /// The same result seen by the other side.
    #[must_use]
    pub fn flip(self) -> Verdict {
        match self {
            Verdict::Loss => Verdict::Win,
            Verdict::Draw => Verdict::Draw,
            Verdict::Win => Verdict::Loss,
        }
    }

    /// The verdict of a Syzygy WDL value (cursed wins and blessed losses are draws).
    fn of(wdl: Wdl) -> Verdict {
        match wdl {
            Wdl::Win => Verdict::Win,
            Wdl::Loss => Verdict::Loss,
            Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => Verdict::Draw,
        }
    }

    /// The verdict of a WDL value that also counts the halfmove clock. A value left ambiguous
    /// by DTZ rounding (only in some 5- and 6-piece tables) is read as its likelier side.
    fn of_ambiguous(wdl: AmbiguousWdl) -> Verdict {
        match wdl {
            AmbiguousWdl::Win | AmbiguousWdl::MaybeWin => Verdict::Win,
            AmbiguousWdl::Loss | AmbiguousWdl::MaybeLoss => Verdict::Loss,
            _ => Verdict::Draw,
        }
    }

    /// `win`, `draw` or `loss`, as the JSON and the tests write it.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        }
    }
}

/// One legal move of a position the tables hold, judged by them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedMove {
    /// The move.
    pub mv: Move,
    /// The result after it, for the side that plays it.
    pub verdict: Verdict,
    /// Whether it mates at once.
    pub mates: bool,
    /// Plies from the position after the move to the next capture or pawn move (0 when the
    /// move itself is one), as the tables count it.
    pub dtz: u32,
    /// Whether the move itself is a capture or a pawn move.
    pub zeroing: bool,
}

impl RankedMove {
    /// The order of preference: a mate first, then by result; among winning moves the one
    /// that reaches the next capture or pawn move soonest (which is what converts), among
    /// losing ones the one that delays it longest. Smaller is better.
    fn rank(&self) -> (bool, std::cmp::Reverse<Verdict>, i64) {
        let dtz = i64::from(self.distance());
        let by_distance = match self.verdict {
            Verdict::Win => dtz,
            Verdict::Draw => 0,
            Verdict::Loss => -dtz,
        };
        (!self.mates, std::cmp::Reverse(self.verdict), by_distance)
    }
}

impl RankedMove {
    /// Plies from the position before the move to the next capture or pawn move along the
    /// tables' best line: 1 when the move is one, else one more than the position after it has.
    #[must_use]
    pub fn distance(&self) -> u32 {
        if self.zeroing {
            1
        } else {
            self.dtz.saturating_add(1)
        }
    }
}

/// What the tables say about a position: its result for the side to move and every legal
/// move, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probe {
    /// The result of the position for the side to move (that of its best move).
    pub verdict: Verdict,
    /// Every legal move, best first ([`Tablebases::root`]).
    pub moves: Vec<RankedMove>,
}

impl Probe {
    /// The moves that keep the position's result (every move that wins in a won position,
    /// that draws in a drawn one; every move in a lost one).
    pub fn keeping(&self) -> impl Iterator<Item = &RankedMove> {
        self.moves.iter().filter(|m| m.verdict == self.verdict)
    }

    /// The move `mv` as the tables judge it.
    #[must_use]
    pub fn of(&self, mv: Move) -> Option<&RankedMove> {
        self.moves.iter().find(|m| m.mv == mv)
    }
}

/// What the tables say of one move, for its explanation: the mover's result before it (with
/// the best move) and after it, and how many moves keep the result before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Note {
    /// The mover's result with best play.
    pub before: Verdict,
    /// The mover's result after the move.
    pub after: Verdict,
    /// How many legal moves keep `before`.
    pub keeping: usize,
}

impl Note {
    /// The template need this move meets (`tablebase:…` in `assets/explanations/`):
    /// `only_win`, `keeps_win`, `win_to_draw`, `win_to_loss`, `only_draw`, `keeps_draw`,
    /// `draw_to_loss` or `lost`.
    #[must_use]
    pub fn need(&self) -> &'static str {
        let only = self.keeping == 1;
        match (self.before, self.after) {
            (Verdict::Win, Verdict::Win) if only => "only_win",
            (Verdict::Win, Verdict::Win) => "keeps_win",
            (Verdict::Win, Verdict::Draw) => "win_to_draw",
            (Verdict::Win, Verdict::Loss) => "win_to_loss",
            (Verdict::Draw, Verdict::Draw) if only => "only_draw",
            (Verdict::Draw, Verdict::Draw | Verdict::Win) => "keeps_draw",
            (Verdict::Draw, Verdict::Loss) => "draw_to_loss",
            (Verdict::Loss, _) => "lost",
        }
    }

    /// The result after the move from White's side, in words: `a tablebase win for White`,
    /// `a tablebase draw` (the evaluation line of an explanation in such an ending).
    #[must_use]
    pub fn words(&self, mover: shakmaty::Color) -> String {
        let winner = match self.after {
            Verdict::Win => mover,
            Verdict::Loss => !mover,
            Verdict::Draw => return "a tablebase draw".to_owned(),
        };
        let name = if winner.is_white() { "White" } else { "Black" };
        format!("a tablebase win for {name}")
    }
}

/// A set of Syzygy tables: the embedded 3- and 4-piece ones, and the user's.
pub struct Tablebases {
    tables: Tablebase<Chess>,
    /// The user's directories added ([`Tablebases::with_directories`]).
    directories: Vec<PathBuf>,
}

impl fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tablebases")
            .field("max_pieces", &self.tables.max_pieces())
            .field("directories", &self.directories)
            .finish_non_exhaustive()
    }
}

/// Where the embedded tables live in the tables' file system (never a real path).
const EMBEDDED: &str = "<embedded syzygy>";

/// A table file of `TABLES`, read from memory.
struct Embedded(&'static [u8]);

impl RandomAccessFile for Embedded {
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(self.0.len());
        let n = buf.len().min(self.0.len() - start);
        buf[..n].copy_from_slice(&self.0[start..start + n]);
        Ok(n)
    }
}

/// A real file, read at offsets.
struct Disk(std::fs::File);

impl RandomAccessFile for Disk {
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        #[cfg(unix)]
        {
            std::os::unix::fs::FileExt::read_at(&self.0, buf, offset)
        }
        #[cfg(windows)]
        {
            std::os::windows::fs::FileExt::seek_read(&self.0, buf, offset)
        }
    }
}

/// The tables' file system: the embedded tables under [`EMBEDDED`], real files elsewhere.
struct Files;

fn embedded_file(path: &Path) -> Option<&'static [u8]> {
    let name = path.strip_prefix(EMBEDDED).ok()?.to_str()?;
    embedded::TABLES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
}

impl Filesystem for Files {
    fn regular_file_size(&self, path: &Path) -> io::Result<u64> {
        if let Some(bytes) = embedded_file(path) {
            return Ok(bytes.len() as u64);
        }
        let meta = std::fs::metadata(path)?;
        if meta.is_file() {
            Ok(meta.len())
        } else {
            Err(io::Error::other(format!(
                "{} is not a file",
                path.display()
            )))
        }
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<PathBuf>> {
        if path == Path::new(EMBEDDED) {
            return Ok(embedded::TABLES
                .iter()
                .map(|(name, _)| path.join(name))
                .collect());
        }
        std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect()
    }

    fn open(&self, path: &Path) -> io::Result<Box<dyn RandomAccessFile>> {
        if let Some(bytes) = embedded_file(path) {
            return Ok(Box::new(Embedded(bytes)));
        }
        Ok(Box::new(Disk(std::fs::File::open(path)?)))
    }
}

/// Why `[analysis] syzygy_path` cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathError(String);

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PathError {}

/// The directories of a `syzygy_path` value: separated by `:` (`;` on Windows), as Stockfish's
/// `SyzygyPath`; empty parts are skipped.
#[must_use]
pub fn directories(path: &str) -> Vec<PathBuf> {
    std::env::split_paths(path)
        .filter(|p| !p.as_os_str().is_empty())
        .collect()
}

/// Whether `name` is a Syzygy table file name (`KQvKR.rtbw`, `KQvKR.rtbz`).
fn is_table_name(name: &str) -> bool {
    name.ends_with(".rtbw") || name.ends_with(".rtbz")
}

/// Checks a `syzygy_path` value: every directory exists, is a directory and holds table files.
///
/// # Errors
/// What is wrong with which directory, and how to fix it.
pub fn check_path(path: &str) -> Result<(), PathError> {
    for dir in directories(path) {
        let shown = dir.display();
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(PathError(format!(
                    "`analysis.syzygy_path`: {shown} does not exist; give the directory that \
                     holds your Syzygy tables (files such as KQvKR.rtbw), or \"\" for the \
                     built-in 3- and 4-piece tables only"
                )));
            }
            Err(_) if dir.exists() && !dir.is_dir() => {
                return Err(PathError(format!(
                    "`analysis.syzygy_path`: {shown} is a file, not a directory; give the \
                     directory that holds the tables"
                )));
            }
            Err(e) => {
                return Err(PathError(format!(
                    "`analysis.syzygy_path`: cannot read {shown}: {e}"
                )));
            }
        };
        let tables = entries
            .filter_map(Result::ok)
            .any(|e| e.file_name().to_str().is_some_and(is_table_name));
        if !tables {
            return Err(PathError(format!(
                "`analysis.syzygy_path`: {shown} holds no Syzygy tables (no .rtbw or .rtbz \
                 file); give the directory that holds them"
            )));
        }
    }
    Ok(())
}

impl Tablebases {
    /// The embedded 3- and 4-piece tables.
    #[must_use]
    pub fn embedded() -> Tablebases {
        let mut tables = Tablebase::with_filesystem(Arc::new(Files));
        // The embedded files are named as tables and sized as the tables are: adding them
        // cannot fail (a test adds them all).
        let _ = tables.add_directory(EMBEDDED);
        Tablebases {
            tables,
            directories: Vec::new(),
        }
    }

    /// The embedded tables and those in the directories of `path` (a `syzygy_path` value).
    ///
    /// # Errors
    /// [`check_path`]'s, or a table file the library refuses (a damaged size).
    pub fn with_directories(path: &str) -> Result<Tablebases, PathError> {
        check_path(path)?;
        let mut tb = Tablebases::embedded();
        for dir in directories(path) {
            tb.tables.add_directory(&dir).map_err(|e| {
                PathError(format!(
                    "`analysis.syzygy_path`: a table in {} cannot be used: {e}",
                    dir.display()
                ))
            })?;
            tb.directories.push(dir);
        }
        Ok(tb)
    }

    /// The most pieces (kings included) of any table held.
    #[must_use]
    pub fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }

    /// Whether `pos` has few enough pieces, and no castling right, to be looked up.
    #[must_use]
    pub fn covers(&self, pos: &Chess) -> bool {
        pos.board().occupied().count() <= self.max_pieces() && !pos.castles().any()
    }

    /// The result of `pos`, reached by a capture or a pawn move (so its halfmove clock is 0),
    /// for the side to move; `None` when the tables do not hold it.
    #[must_use]
    pub fn wdl_after_zeroing(&self, pos: &Chess) -> Option<Verdict> {
        if !self.covers(pos) {
            return None;
        }
        self.tables
            .probe_wdl_after_zeroing(pos)
            .ok()
            .map(Verdict::of)
    }

    /// The result of `pos` for the side to move, counting its halfmove clock; `None` when
    /// the tables do not hold it.
    #[must_use]
    pub fn verdict(&self, pos: &Chess) -> Option<Verdict> {
        if !self.covers(pos) {
            return None;
        }
        self.tables.probe_wdl(pos).ok().map(Verdict::of_ambiguous)
    }

    /// Every legal move of `pos` judged by the tables, best first (see [`RankedMove`]); `None`
    /// when the tables do not hold `pos` (too many pieces, castling rights, a table missing),
    /// or it has no legal move.
    #[must_use]
    pub fn root(&self, pos: &Chess) -> Option<Probe> {
        if !self.covers(pos) {
            return None;
        }
        let mut moves = Vec::new();
        for mv in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let zeroing = mv.is_zeroing();
            if after.is_checkmate() {
                moves.push(RankedMove {
                    mv,
                    verdict: Verdict::Win,
                    mates: true,
                    dtz: 0,
                    zeroing,
                });
                continue;
            }
            if after.is_game_over() {
                // Stalemate or bare kings.
                moves.push(RankedMove {
                    mv,
                    verdict: Verdict::Draw,
                    mates: false,
                    dtz: 0,
                    zeroing,
                });
                continue;
            }
            let dtz = self.tables.probe_dtz(&after).ok()?;
            let verdict =
                Verdict::of_ambiguous(AmbiguousWdl::from_dtz_and_halfmoves(dtz, after.halfmoves()))
                    .flip();
            moves.push(RankedMove {
                mv,
                verdict,
                mates: false,
                dtz: dtz.ignore_rounding().0.unsigned_abs(),
                zeroing,
            });
        }
        moves.sort_by_key(RankedMove::rank);
        let verdict = moves.first()?.verdict;
        Some(Probe { verdict, moves })
    }

    /// The search's result for `pos` as a root, from the tables alone: every legal move (only
    /// those of `searchmoves` when any are given) with its exact [`root_score`], best first, the
    /// tables' line ([`Tablebases::line`], [`LINE_PLIES`] long) as the principal variation;
    /// `None` when the tables do not hold `pos`.
    #[must_use]
    pub fn search_result(&self, pos: &Chess, searchmoves: &[Move]) -> Option<SearchResult> {
        let probe = self.root(pos)?;
        let root_moves: Vec<RootMove> = probe
            .moves
            .iter()
            .filter(|m| searchmoves.is_empty() || searchmoves.contains(&m.mv))
            .map(|m| RootMove {
                mv: m.mv,
                score: root_score(m),
                bound: Bound::Exact,
                depth: 1,
            })
            .collect();
        let best = root_moves.first()?.clone();
        let mut after = pos.clone();
        after.play_unchecked(best.mv);
        let mut pv = vec![best.mv];
        pv.extend(self.line(&after, LINE_PLIES - 1));
        Some(SearchResult {
            best_move: Some(best.mv),
            ponder: pv.get(1).copied(),
            score: best.score,
            depth: 1,
            seldepth: pv.len() as u32,
            nodes: 1,
            time: std::time::Duration::ZERO,
            nps: 0,
            hashfull: 0,
            iterations: vec![Iteration {
                depth: 1,
                seldepth: pv.len() as u32,
                best_move: best.mv,
                score: best.score,
                nodes: 1,
                time: std::time::Duration::ZERO,
                pv: pv.clone(),
            }],
            pv,
            root_moves,
            stopped: false,
        })
    }

    /// What the tables say of `mv` in `pos` ([`Note`]); `None` when they do not hold `pos`
    /// or `mv` is not legal there.
    #[must_use]
    pub fn note(&self, pos: &Chess, mv: Move) -> Option<Note> {
        let probe = self.root(pos)?;
        let after = probe.of(mv)?.verdict;
        Some(Note {
            before: probe.verdict,
            after,
            keeping: probe.keeping().count(),
        })
    }

    /// The tables' line from `pos`: the best move ([`Tablebases::root`]) of each position in
    /// turn, at most `plies` long, ending at mate or where the tables stop.
    #[must_use]
    pub fn line(&self, pos: &Chess, plies: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = pos.clone();
        while line.len() < plies {
            let Some(best) = self.root(&pos).and_then(|p| p.moves.into_iter().next()) else {
                break;
            };
            pos.play_unchecked(best.mv);
            line.push(best.mv);
        }
        line
    }
}

/// The search's score of a position the tables call `verdict` for the side to move, `ply`
/// plies from the root (a win nearer the root scores higher).
#[must_use]
pub fn tree_score(verdict: Verdict, ply: usize) -> i32 {
    let ply = i32::try_from(ply)
        .unwrap_or(i32::MAX)
        .min(TB_WIN - TB_BOUND);
    match verdict {
        Verdict::Win => TB_WIN - ply,
        Verdict::Draw => 0,
        Verdict::Loss => -TB_WIN + ply,
    }
}

/// The search's score of a root move the tables judged: a mate in one as a mate; a win as
/// [`TB_WIN`] minus the plies to the next capture or pawn move (the tables' DTZ), so that the
/// search prefers the move that converts; a loss the other way round.
#[must_use]
pub fn root_score(m: &RankedMove) -> Score {
    if m.mates {
        return Score(MATE - 1);
    }
    let distance = i32::try_from(m.distance())
        .unwrap_or(i32::MAX)
        .min(TB_WIN - TB_BOUND);
    Score(match m.verdict {
        Verdict::Win => TB_WIN - distance,
        Verdict::Draw => 0,
        Verdict::Loss => -TB_WIN + distance,
    })
}

/// The process's tables.
static INSTALLED: OnceLock<Tablebases> = OnceLock::new();

/// Makes `tables` the process's tables (at start-up, from `[analysis] syzygy_path`); returns
/// `false` when tables were already in use (they stay).
pub fn install(tables: Tablebases) -> bool {
    INSTALLED.set(tables).is_ok()
}

/// The process's tables: those [`install`]ed, else the embedded 3- and 4-piece ones.
pub fn installed() -> &'static Tablebases {
    INSTALLED.get_or_init(Tablebases::embedded)
}

#[cfg(test)]
mod tests;

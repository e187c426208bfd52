//! `kibitzer datagen`: labelled positions for training the evaluation network, from self-play.
//!
//! Each game starts from the opening book (`src/opening.rs`, a random number of book moves
//! weighted by master play) followed by a few uniformly random plies, then the labeller plays
//! both sides: our own search at a fixed node count (default), or an external UCI engine at a
//! fixed depth (`--label-engine`). Every position where the side to move is not in check, the
//! best move is neither a capture nor a promotion, and the score is not a mate is kept with the
//! labeller's score (centipawns from the side to move's view) and, once the game ends, its
//! result. Games end by the rules (mate, stalemate, insufficient material, fifty moves,
//! threefold repetition) or by adjudication ([`WIN_SCORE`] for [`WIN_PLIES`] plies, a mate
//! score, or [`DRAW_SCORE`] for [`DRAW_PLIES`] plies after ply [`DRAW_FROM_PLY`]; or
//! [`MAX_PLIES`]).
//!
//! The work is split into chunks of `--games-per-chunk` games, each a file
//! `chunk-NNNNNN.kbd` in [`record`]'s format, written to a temporary name and renamed when
//! complete: a killed run loses at most the chunks in progress, and a new run with the same
//! arguments skips the chunks already written. A chunk's games depend only on the seed, the
//! chunk's index and the arguments (every game's search starts from an empty memory and stops
//! at a node count, never a time), so the data can be regenerated exactly, whatever the number
//! of threads. See docs/NETWORK.md.

pub mod record;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use shakmaty::{Chess, Color, Move, Position};

use crate::analysis::external::{AnalystSpec, UciAnalyst};
use crate::engine::levels::Rng;
use crate::engine::{EvalParams, MATE_BOUND, SearchLimits, SearchMemory, search, zobrist};
use record::{GameResult, Header, Record};

/// A score this large (centipawns, either side) for [`WIN_PLIES`] plies in a row ends the game
/// as a win.
pub const WIN_SCORE: i32 = 1000;
/// See [`WIN_SCORE`].
pub const WIN_PLIES: u32 = 6;
/// A score this small for [`DRAW_PLIES`] plies in a row from ply [`DRAW_FROM_PLY`] ends the game
/// as a draw.
pub const DRAW_SCORE: i32 = 10;
/// See [`DRAW_SCORE`].
pub const DRAW_PLIES: u32 = 12;
/// See [`DRAW_SCORE`].
pub const DRAW_FROM_PLY: u32 = 80;
/// A game this long (plies after the opening) is a draw.
pub const MAX_PLIES: u32 = 400;
/// How long the external labeller may take to start or to answer beyond its search.
pub const LABEL_ENGINE_GRACE: std::time::Duration = std::time::Duration::from_secs(120);
/// The transposition table of each thread's own search (MiB).
pub const HASH_MB: u32 = 16;

/// What `kibitzer datagen` does (its command-line arguments).
#[derive(Debug, Clone, clap::Args)]
pub struct DatagenArgs {
    /// Directory of the chunk files (created if missing; chunks already there are kept and
    /// skipped, so the same command resumes a run).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Chunks of the run (indices 0 to N-1).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub chunks: u32,
    /// Games per chunk.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..))]
    pub games_per_chunk: u32,
    /// Nodes of our own search per position (the label's budget).
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// The run's seed: with the same seed and arguments every chunk is the same.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, one chunk each at a time (0 = every core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// At most this many book moves start a game (a uniform number from 0 to it).
    #[arg(long, default_value_t = 12)]
    pub book_plies: u32,
    /// At most this many uniformly random plies follow the book moves (from 2 to it).
    #[arg(long, default_value_t = 6)]
    pub random_plies: u32,
    /// Label (and play) with this UCI engine instead of our own search, e.g.
    /// `/usr/games/stockfish`.
    #[arg(long, value_name = "CMD")]
    pub label_engine: Option<String>,
    /// The external engine's depth per position.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub label_depth: u32,
}

/// Plays the games and scores the positions: our search or an external engine.
trait Labeller {
    /// Forgets the previous game.
    fn new_game(&mut self) -> Result<()>;
    /// The best move of `pos` (after the positions whose keys are `history`) and its score,
    /// from the side to move's view; `None` when there is no legal move.
    fn label(&mut self, pos: &Chess, history: &[u64]) -> Result<Option<(Move, i32)>>;
}

/// Our own search at a fixed node count.
struct OwnSearch {
    params: EvalParams,
    memory: SearchMemory,
    limits: SearchLimits,
}

impl Labeller for OwnSearch {
    fn new_game(&mut self) -> Result<()> {
        self.memory.clear();
        Ok(())
    }

    fn label(&mut self, pos: &Chess, history: &[u64]) -> Result<Option<(Move, i32)>> {
        let stop = AtomicBool::new(false);
        let r = search(
            pos,
            history,
            &self.limits,
            &self.params,
            &mut self.memory,
            &stop,
            &mut |_| {},
        );
        Ok(r.best_move.map(|m| (m, r.score.0)))
    }
}

/// An external UCI engine at a fixed depth.
struct External {
    engine: UciAnalyst,
    limits: SearchLimits,
}

impl Labeller for External {
    fn new_game(&mut self) -> Result<()> {
        self.engine.new_game().map_err(|e| anyhow::anyhow!("{e}"))
    }

    fn label(&mut self, pos: &Chess, _history: &[u64]) -> Result<Option<(Move, i32)>> {
        let stop = AtomicBool::new(false);
        let r = self
            .engine
            .search(pos, None, &self.limits, &stop)
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(r.best_move.map(|m| (m, r.score.0)))
    }
}

/// splitmix64: spreads a chunk's index over the seed space.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The random generator of chunk `chunk` of the run seeded `seed`.
fn chunk_rng(seed: u64, chunk: u32) -> Rng {
    Rng::new(mix(seed ^ mix(u64::from(chunk) + 1)))
}

/// A uniform number in `0..=n`.
fn below(rng: &mut Rng, n: u32) -> u32 {
    (rng.next_u64() % (u64::from(n) + 1)) as u32
}

/// The opening of one game: book moves then random plies; `None` when it ended the game.
fn opening(rng: &mut Rng, args: &DatagenArgs, keys: &mut Vec<u64>) -> Option<Chess> {
    let mut pos = Chess::default();
    for _ in 0..below(rng, args.book_plies) {
        let Some(m) = crate::opening::choose(&pos, 1.0, &mut || rng.next_f64()) else {
            break;
        };
        pos.play_unchecked(m);
        keys.push(zobrist(&pos));
    }
    let random = if args.random_plies >= 2 {
        2 + below(rng, args.random_plies - 2)
    } else {
        args.random_plies
    };
    for _ in 0..random {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
        pos.play_unchecked(m);
        keys.push(zobrist(&pos));
    }
    (!pos.is_game_over()).then_some(pos)
}

/// The result for White of a win by `winner`.
fn win(winner: Color) -> GameResult {
    match winner {
        Color::White => GameResult::WhiteWin,
        Color::Black => GameResult::BlackWin,
    }
}

/// Plays one game from the chunk's generator and returns its labelled positions.
fn play_game(
    rng: &mut Rng,
    args: &DatagenArgs,
    labeller: &mut dyn Labeller,
) -> Result<Vec<Record>> {
    let mut keys = vec![zobrist(&Chess::default())];
    let Some(mut pos) = opening(rng, args, &mut keys) else {
        return Ok(Vec::new());
    };
    labeller.new_game()?;
    let mut kept: Vec<(Chess, i32)> = Vec::new();
    let (mut win_run, mut draw_run) = (0u32, 0u32);
    let mut ply = 0u32;
    let result = loop {
        if pos.is_checkmate() {
            break win(pos.turn().other());
        }
        if pos.is_stalemate() || pos.is_insufficient_material() || pos.halfmoves() >= 100 {
            break GameResult::Draw;
        }
        let key = keys[keys.len() - 1];
        if keys.iter().filter(|k| **k == key).count() >= 3 || ply >= MAX_PLIES {
            break GameResult::Draw;
        }
        let Some((best, score)) = labeller.label(&pos, &keys[..keys.len() - 1])? else {
            bail!("the labeller found no move in a position with legal moves");
        };
        let us = pos.turn();
        if score.abs() >= MATE_BOUND {
            break if score > 0 { win(us) } else { win(us.other()) };
        }
        win_run = if score.abs() >= WIN_SCORE {
            win_run + 1
        } else {
            0
        };
        draw_run = if ply >= DRAW_FROM_PLY && score.abs() <= DRAW_SCORE {
            draw_run + 1
        } else {
            0
        };
        if win_run >= WIN_PLIES {
            break if score > 0 { win(us) } else { win(us.other()) };
        }
        if draw_run >= DRAW_PLIES {
            break GameResult::Draw;
        }
        if !pos.is_check() && !best.is_capture() && best.promotion().is_none() {
            kept.push((pos.clone(), score));
        }
        pos.play_unchecked(best);
        keys.push(zobrist(&pos));
        ply += 1;
    };
    Ok(kept
        .iter()
        .map(|(p, s)| {
            Record::new(
                p,
                (*s).clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
                result,
            )
        })
        .collect())
}

/// The labelled positions of chunk `chunk` (its games one after another).
fn generate_chunk(
    chunk: u32,
    args: &DatagenArgs,
    labeller: &mut dyn Labeller,
) -> Result<(Vec<Record>, u32)> {
    let mut rng = chunk_rng(args.seed, chunk);
    let mut records = Vec::new();
    for _ in 0..args.games_per_chunk {
        records.extend(play_game(&mut rng, args, labeller)?);
    }
    Ok((records, args.games_per_chunk))
}

/// The file of chunk `chunk` in `dir`.
pub fn chunk_path(dir: &Path, chunk: u32) -> PathBuf {
    dir.join(format!("chunk-{chunk:06}.kbd"))
}

/// Writes chunk `chunk` atomically: a temporary file, synced, then renamed.
fn save_chunk(dir: &Path, header: &Header, records: &[Record]) -> Result<()> {
    let tmp = dir.join(format!(".chunk-{:06}.tmp", header.chunk));
    let mut f = std::io::BufWriter::new(
        std::fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?,
    );
    record::write_chunk(&mut f, header, records)
        .with_context(|| format!("writing {}", tmp.display()))?;
    let f = f
        .into_inner()
        .map_err(|e| anyhow::anyhow!("writing {}: {}", tmp.display(), e.error()))?;
    f.sync_all()
        .with_context(|| format!("syncing {}", tmp.display()))?;
    let path = chunk_path(dir, header.chunk);
    std::fs::rename(&tmp, &path)
        .with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))?;
    Ok(())
}

/// The labeller of one worker thread.
fn labeller(args: &DatagenArgs, params: &EvalParams) -> Result<Box<dyn Labeller>> {
    Ok(match &args.label_engine {
        None => Box::new(OwnSearch {
            params: params.clone(),
            memory: SearchMemory::new(HASH_MB),
            limits: SearchLimits::nodes(args.nodes),
        }),
        Some(cmd) => {
            let mut spec = AnalystSpec::new(cmd, vec![("Threads".into(), "1".into())]);
            // Generous: datagen runs niced beside other work, and a slow answer is no fault.
            spec.grace = LABEL_ENGINE_GRACE;
            let engine = UciAnalyst::start(&spec)
                .map_err(|e| anyhow::anyhow!("--label-engine {cmd}: {e}"))?;
            Box::new(External {
                engine,
                limits: SearchLimits::depth(args.label_depth),
            })
        }
    })
}

/// Totals of a run, for the progress lines.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    /// Chunks written by this run.
    pub chunks: u32,
    /// Games played by this run.
    pub games: u64,
    /// Positions written by this run.
    pub positions: u64,
    /// Chunks found already written and skipped.
    pub skipped: u32,
}

/// Runs `kibitzer datagen`: writes the missing chunks of the run, a progress line per chunk on
/// `progress`, and returns the totals.
///
/// # Errors
/// If the directory cannot be created or written, or the external engine fails.
pub fn run(
    args: &DatagenArgs,
    params: &EvalParams,
    progress: &(dyn Fn(&str) + Sync),
) -> Result<Totals> {
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let next = AtomicU32::new(0);
    let totals = Mutex::new(Totals::default());
    let start = Instant::now();
    let budget = match args.label_engine {
        None => u32::try_from(args.nodes).unwrap_or(u32::MAX).min(0xFF_FFFF),
        Some(_) => args.label_depth,
    };
    let worker = || -> Result<()> {
        let mut lab: Option<Box<dyn Labeller>> = None;
        loop {
            let chunk = next.fetch_add(1, Ordering::Relaxed);
            if chunk >= args.chunks {
                return Ok(());
            }
            if chunk_path(&args.out, chunk).exists() {
                totals
                    .lock()
                    .map_err(|_| anyhow::anyhow!("progress lock poisoned"))?
                    .skipped += 1;
                continue;
            }
            if lab.is_none() {
                lab = Some(labeller(args, params)?);
            }
            let Some(l) = lab.as_mut() else { continue };
            let (records, games) = generate_chunk(chunk, args, l.as_mut())?;
            let header = Header {
                count: records.len() as u32,
                seed: args.seed,
                chunk,
                budget,
                labeller: u8::from(args.label_engine.is_some()),
            };
            save_chunk(&args.out, &header, &records)?;
            let mut t = totals
                .lock()
                .map_err(|_| anyhow::anyhow!("progress lock poisoned"))?;
            t.chunks += 1;
            t.games += u64::from(games);
            t.positions += records.len() as u64;
            let secs = start.elapsed().as_secs_f64().max(1e-3);
            progress(&format!(
                "chunk {chunk}: {} positions | run: {} chunks, {} games, {} positions, {:.0} s, {:.0} positions/h/thread ({} threads)",
                records.len(),
                t.chunks,
                t.games,
                t.positions,
                secs,
                t.positions as f64 * 3600.0 / secs / threads as f64,
                threads,
            ));
        }
    };
    let results: Vec<Result<()>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("a worker panicked")))
            })
            .collect()
    });
    for r in results {
        r?;
    }
    let t = *totals
        .lock()
        .map_err(|_| anyhow::anyhow!("progress lock poisoned"))?;
    Ok(t)
}

/// Writes `line` and a newline to standard error (the progress of a run).
pub fn to_stderr(line: &str) {
    let mut e = std::io::stderr().lock();
    let _ = writeln!(e, "{line}");
}

#[cfg(test)]
mod tests;

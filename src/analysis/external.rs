//! An external UCI engine as the analyst (`[analysis] engine`, `--engine CMD`): one child
//! process spoken to over UCI, with a time-out on every wait, so that an engine that cannot be
//! started, is not a UCI engine, crashes, hangs or sends malformed lines gives an
//! [`AnalystError`] instead of a hang. [`super::Analyst`] falls back to the built-in engine on
//! any error.
//!
//! The engine searches as the referee of `scripts/review_agreement.py` (and a Lichess-style
//! analysis) does: `UCI_AnalyseMode` on and a [`DEFAULT_HASH_MB`] table unless `[analysis]
//! options` say otherwise, one line (`MultiPV 1`), and a position sent with the game's moves
//! that reach it (`position fen START moves …`, so the engine knows the earlier positions for
//! its repetition rules). A search sends `go` with the limits (`depth`, `movetime`, `nodes`, `searchmoves`:
//! [`go_command`]).
//! The answer is turned into a [`SearchResult`] (the best line an exact root move), so the
//! judgement and the explanations read it like a search of the built-in engine.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};

use crate::engine::{
    Bound, Iteration, MATE, MATE_BOUND, RootMove, Score, SearchLimits, SearchResult,
};

/// The hash table (MiB) of an external analyst whose `[analysis] options` set none, when the
/// engine has a `Hash` option: the referee's (`scripts/review_agreement.py --hash`).
pub const DEFAULT_HASH_MB: u32 = 64;

/// An external analyst's depth per position when `review` or `explain` is given neither
/// `--depth` nor `--movetime`: the referee's (`scripts/review_agreement.py`), load-independent,
/// and a 100-move game reviewed by Stockfish in about 40 s of one core (docs/REVIEW.md).
pub const DEFAULT_DEPTH: u32 = 14;

/// The default time-out of the handshake, and the grace beyond a timed search's move time.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(10);

/// How many times [`AnalystSpec::grace`] a search without a move time may take.
const UNTIMED_GRACES: u32 = 12;

/// How long an engine has to answer `stop` before it is killed.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// Which engine analyses: the built-in one, or a UCI engine's command line and options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalystSpec {
    /// The command line (program and arguments separated by spaces); empty or `builtin` is the
    /// built-in engine.
    pub command: String,
    /// UCI options sent with `setoption` after the handshake (name, value).
    pub options: Vec<(String, String)>,
    /// The handshake's time-out and the grace beyond a search's move time.
    pub grace: Duration,
    /// The external engine's limits per position, instead of the review's (which the built-in
    /// engine keeps, also when it takes over); `None`: the review's. [`AnalystSpec::new`] gives
    /// depth [`DEFAULT_DEPTH`]; `--depth` and `--movetime` set `None`.
    pub budget: Option<SearchLimits>,
    /// Whether this engine was chosen automatically (`[analysis] engine = "auto"`,
    /// [`super::judge`]): it then gives way to the built-in engine without a notice in a game
    /// it does not play.
    pub auto: bool,
}

impl Default for AnalystSpec {
    fn default() -> Self {
        AnalystSpec {
            command: String::new(),
            options: Vec::new(),
            grace: DEFAULT_GRACE,
            budget: None,
            auto: false,
        }
    }
}

impl AnalystSpec {
    /// The spec of `command` with `options`, the default grace and depth [`DEFAULT_DEPTH`].
    #[must_use]
    pub fn new(command: &str, options: Vec<(String, String)>) -> AnalystSpec {
        AnalystSpec {
            command: command.trim().to_owned(),
            options,
            grace: DEFAULT_GRACE,
            budget: Some(SearchLimits::depth(DEFAULT_DEPTH)),
            auto: false,
        }
    }

    /// This spec searching with the review's own limits (`--depth`, `--movetime` given).
    #[must_use]
    pub fn with_review_limits(self) -> AnalystSpec {
        AnalystSpec {
            budget: None,
            ..self
        }
    }

    /// Whether this is the built-in engine.
    #[must_use]
    pub fn is_builtin(&self) -> bool {
        self.command.is_empty() || self.command == "builtin"
    }

    /// Whether this external engine's program can be found (as [`spawn`] looks for it), so a
    /// screen may offer it; `false` for the built-in engine. It does not start the program.
    #[must_use]
    pub fn is_installed(&self) -> bool {
        !self.is_builtin()
            && self
                .command
                .split_whitespace()
                .next()
                .and_then(locate)
                .is_some()
    }
}

/// The identity of an engine named `name` (its `id name`, version included) given the UCI
/// options `sent`: the name and every option that changes what it finds (sorted by name, a
/// later value of an option replacing an earlier one), so two engines, two versions or two
/// settings never share stored results. `Hash` and the time-outs are left out: they change
/// how fast an analysis is, not the engine it is.
///
/// ```
/// use kibitzer::analysis::external::identity;
/// let opts = |v: &[(&str, &str)]| v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
/// assert_eq!(
///     identity("Stockfish 15.1", &opts(&[("MultiPV", "1"), ("Hash", "64"), ("Threads", "1")])),
///     "Stockfish 15.1; MultiPV=1; Threads=1"
/// );
/// assert_ne!(identity("Stockfish 15.1", &[]), identity("Stockfish 16", &[]));
/// ```
#[must_use]
pub fn identity(name: &str, sent: &[(String, String)]) -> String {
    let mut options = std::collections::BTreeMap::new();
    for (k, v) in sent {
        if !k.eq_ignore_ascii_case("hash") {
            options.insert(k.to_ascii_lowercase(), (k.as_str(), v.as_str()));
        }
    }
    let mut text = name.to_owned();
    for (k, v) in options.values() {
        text.push_str(&format!("; {k}={v}"));
    }
    text
}

/// What went wrong with an external analyst.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalystError {
    /// The program could not be started.
    Start {
        /// The command line.
        command: String,
        /// The system's reason.
        reason: String,
    },
    /// The program did not answer `uci` with `uciok`.
    NotUci {
        /// The command line.
        command: String,
        /// What it said instead (first line), or how it ended.
        got: String,
    },
    /// The program exited (or closed its output) while it was expected to answer.
    Exited {
        /// The command line.
        command: String,
        /// What it was doing.
        during: String,
    },
    /// The program did not answer in time.
    TimedOut {
        /// The command line.
        command: String,
        /// What it was doing.
        during: String,
        /// How long it was given.
        after: Duration,
    },
    /// The program answered a search without analysing: no move (`bestmove 0000` or
    /// `(none)`) in a position with legal moves and no scored line, or no scored line at all.
    Useless {
        /// The command line.
        command: String,
        /// Its `bestmove` line.
        line: String,
    },
    /// The program sent a line that breaks the protocol.
    Malformed {
        /// The command line.
        command: String,
        /// The line.
        line: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl std::fmt::Display for AnalystError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalystError::Start { command, reason } => write!(
                f,
                "the analysis engine `{command}` cannot be started ({reason}); check \
                 `[analysis] engine` in the configuration or --engine (a UCI engine's command \
                 line, e.g. /usr/games/stockfish)"
            ),
            AnalystError::NotUci { command, got } => write!(
                f,
                "`{command}` is not a UCI engine: it did not answer `uci` with `uciok` \
                 ({got}); give the command of a UCI engine"
            ),
            AnalystError::Exited { command, during } => {
                write!(f, "the analysis engine `{command}` stopped {during}")
            }
            AnalystError::TimedOut {
                command,
                during,
                after,
            } => write!(
                f,
                "the analysis engine `{command}` did not answer {during} within {} ms",
                after.as_millis()
            ),
            AnalystError::Useless { command, line } => write!(
                f,
                "the analysis engine `{command}` gives no analysis: it answered `{line}` \
                 without any scored `info` line, in a position with legal moves; check that \
                 the command starts a working chess engine"
            ),
            AnalystError::Malformed {
                command,
                line,
                reason,
            } => write!(
                f,
                "the analysis engine `{command}` sent a malformed line ({reason}): `{line}`"
            ),
        }
    }
}

impl std::error::Error for AnalystError {}

/// A running UCI engine.
pub struct UciAnalyst {
    command: String,
    name: String,
    grace: Duration,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The names of the options the engine offers (`option name …`).
    offered: Vec<String>,
    /// Who analyses, for the position database ([`UciAnalyst::identity`]).
    identity: String,
}

impl std::fmt::Debug for UciAnalyst {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UciAnalyst")
            .field("command", &self.command)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// The file `program` names: a path (it contains `/`) when it is a file; a bare name, where
/// the judge looks for programs ([`super::judge::find_program`]: the `PATH`, then the usual
/// Debian and Homebrew places).
fn locate(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        let path = PathBuf::from(program);
        return path.is_file().then_some(path);
    }
    super::judge::find_program(program)
}

/// Spawns `program` with `args`: the file [`locate`] finds (a bare name not on the `PATH`
/// is also looked for in the judge's usual places), else `program` as given (so the system's error says
/// why it cannot start).
fn spawn(program: &str, args: &[&str]) -> std::io::Result<Child> {
    Command::new(locate(program).unwrap_or_else(|| PathBuf::from(program)))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
}

impl UciAnalyst {
    /// Starts the engine of `spec`, does the handshake (`uci` … `uciok`, the options,
    /// `isready` … `readyok`), each wait bounded by `spec.grace`.
    pub fn start(spec: &AnalystSpec) -> Result<UciAnalyst, AnalystError> {
        let command = spec.command.clone();
        let mut words = command.split_whitespace();
        let Some(program) = words.next() else {
            return Err(AnalystError::Start {
                command,
                reason: "the command is empty".to_owned(),
            });
        };
        let args: Vec<&str> = words.collect();
        let mut child = spawn(program, &args).map_err(|e| AnalystError::Start {
            command: command.clone(),
            reason: e.to_string(),
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(AnalystError::Start {
                command,
                reason: "its standard input and output could not be opened".to_owned(),
            });
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut analyst = UciAnalyst {
            command,
            name: String::new(),
            grace: spec.grace,
            child,
            stdin,
            lines,
            offered: Vec::new(),
            identity: String::new(),
        };
        analyst.handshake(&spec.options)?;
        Ok(analyst)
    }

    fn handshake(&mut self, options: &[(String, String)]) -> Result<(), AnalystError> {
        self.send("uci")?;
        let deadline = Instant::now() + self.grace;
        let mut first = None;
        loop {
            let line = match self.next_line(deadline) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(AnalystError::NotUci {
                        command: self.command.clone(),
                        got: first.map_or_else(
                            || format!("no answer within {} ms", self.grace.as_millis()),
                            |l| format!("it said `{l}`"),
                        ),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(AnalystError::NotUci {
                        command: self.command.clone(),
                        got: first.map_or_else(
                            || "it exited without a word".to_owned(),
                            |l| format!("it said `{l}` and exited"),
                        ),
                    });
                }
            };
            let line = line.trim().to_owned();
            if line == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_owned();
            }
            if let Some(option) = line.strip_prefix("option name ") {
                let name = option.split(" type ").next().unwrap_or(option);
                self.offered.push(name.trim().to_owned());
            }
            if first.is_none() && !line.is_empty() {
                first = Some(line);
            }
        }
        if self.name.is_empty() {
            self.name.clone_from(&self.command);
        }
        let sent: Vec<(String, String)> = analysis_defaults(&self.offered, options)
            .into_iter()
            .chain(options.iter().cloned())
            .collect();
        for (name, value) in &sent {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.identity = identity(&self.name, &sent);
        self.ready("starting")
    }

    /// Sends `isready` and waits for `readyok`.
    fn ready(&mut self, during: &str) -> Result<(), AnalystError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.grace;
        loop {
            match self.next_line(deadline) {
                Ok(l) if l.trim() == "readyok" => return Ok(()),
                Ok(_) => {}
                Err(e) => return Err(self.wait_error(e, during, self.grace)),
            }
        }
    }

    /// The engine's name (`id name`), or its command when it gave none.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine process's id (its CPU time is counted by [`crate::cpu::process`]).
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Who analyses, as the position database keeps this engine's results apart
    /// ([`crate::posdb::Store::recall_external`]): its name (with its version, as engines
    /// give it) and the options sent to it ([`identity`]).
    #[must_use]
    pub fn identity(&self) -> &str {
        &self.identity
    }

    /// Tells the engine a new game starts (`ucinewgame`, then `isready`).
    pub fn new_game(&mut self) -> Result<(), AnalystError> {
        self.send("ucinewgame")?;
        self.ready("after ucinewgame")
    }

    fn send(&mut self, line: &str) -> Result<(), AnalystError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| AnalystError::Exited {
                command: self.command.clone(),
                during: format!("before `{line}` could be sent"),
            })
    }

    fn next_line(&self, deadline: Instant) -> Result<String, RecvTimeoutError> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left)
    }

    fn wait_error(&self, e: RecvTimeoutError, during: &str, after: Duration) -> AnalystError {
        match e {
            RecvTimeoutError::Timeout => AnalystError::TimedOut {
                command: self.command.clone(),
                during: during.to_owned(),
                after,
            },
            RecvTimeoutError::Disconnected => AnalystError::Exited {
                command: self.command.clone(),
                during: during.to_owned(),
            },
        }
    }

    /// Searches `pos` with `limits` (depth, move time, nodes) for its best line. `setup` is what follows `position` to reach `pos` with the
    /// game's earlier moves (`fen START moves …`); without it the engine gets `pos`'s FEN.
    /// `stop` sends `stop` to the engine (the lines so far count). Every wait is bounded: the
    /// move time plus the grace, or twelve graces without a move time. A position without a
    /// legal move is not sent: its score is mate (checkmate) or 0 (stalemate), without a best
    /// move.
    pub fn search(
        &mut self,
        pos: &Chess,
        setup: Option<&str>,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Result<SearchResult, AnalystError> {
        if pos.legal_moves().is_empty() {
            return Ok(terminal(pos));
        }
        match setup {
            Some(setup) => self.send(&format!("position {setup}"))?,
            None => self.send(&format!("position fen {}", fen(pos)))?,
        }
        let go = go_command(limits);
        self.send(&go)?;
        let allowed = match limits.movetime {
            Some(t) => t + self.grace,
            None => self.grace * UNTIMED_GRACES,
        };
        let started = Instant::now();
        let mut deadline = started + allowed;
        let mut stopped = false;
        let mut lines: Vec<Option<PvLine>> = vec![None; 1];
        let best = loop {
            if !stopped && stop.load(Ordering::Relaxed) {
                self.send("stop")?;
                stopped = true;
                deadline = Instant::now() + STOP_GRACE;
            }
            let slice = (Instant::now() + Duration::from_millis(50)).min(deadline);
            let line = match self.next_line(slice) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => continue,
                Err(e) => return Err(self.wait_error(e, "a search", allowed)),
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    let info =
                        parse_info(pos, words).map_err(|reason| AnalystError::Malformed {
                            command: self.command.clone(),
                            line: line.clone(),
                            reason,
                        })?;
                    if let Some(l) = info
                        && let Some(slot) = lines.get_mut(l.index.saturating_sub(1))
                    {
                        *slot = Some(l);
                    }
                }
                Some("bestmove") => {
                    let text = words.next().unwrap_or("");
                    let best = if text == "(none)" || text == "0000" {
                        None
                    } else {
                        Some(legal(pos, text).ok_or_else(|| AnalystError::Malformed {
                            command: self.command.clone(),
                            line: line.clone(),
                            reason: format!("`{text}` is not a legal move here"),
                        })?)
                    };
                    // The position has legal moves (checked above), so an engine that
                    // scored nothing has given no analysis (a stopped search may have
                    // scored nothing yet).
                    if !stopped && lines.iter().all(Option::is_none) {
                        return Err(AnalystError::Useless {
                            command: self.command.clone(),
                            line: line.clone(),
                        });
                    }
                    break best;
                }
                _ => {}
            }
        };
        Ok(result(best, lines, started.elapsed(), stopped))
    }
}

impl Drop for UciAnalyst {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `go` command of a search with `limits`: `depth`, `movetime` and `nodes` as given (depth
/// 12 when none is), and `searchmoves` last, since an engine reads every word after it as a
/// move.
///
/// ```
/// use kibitzer::analysis::external::go_command;
/// use kibitzer::engine::SearchLimits;
/// assert_eq!(go_command(&SearchLimits::depth(14)), "go depth 14");
/// ```
#[must_use]
pub fn go_command(limits: &SearchLimits) -> String {
    let mut go = String::from("go");
    if let Some(d) = limits.depth {
        go.push_str(&format!(" depth {d}"));
    }
    if let Some(t) = limits.movetime {
        go.push_str(&format!(" movetime {}", t.as_millis().max(1)));
    }
    if let Some(n) = limits.nodes {
        go.push_str(&format!(" nodes {n}"));
    }
    if go == "go" {
        go.push_str(" depth 12");
    }
    if !limits.searchmoves.is_empty() {
        go.push_str(" searchmoves");
        for m in &limits.searchmoves {
            go.push(' ');
            go.push_str(&m.to_uci(shakmaty::CastlingMode::Standard).to_string());
        }
    }
    go
}

/// The FEN of `pos` as sent to an engine (en passant square only when a capture is legal).
#[must_use]
pub fn fen(pos: &Chess) -> String {
    shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

/// The options an analysis sets before the user's (`configured`), when the engine offers them
/// (`offered`) and the user sets none of the same name: `UCI_AnalyseMode` on, one line
/// (`MultiPV 1`) and a [`DEFAULT_HASH_MB`] hash table, as the referee does.
fn analysis_defaults(offered: &[String], configured: &[(String, String)]) -> Vec<(String, String)> {
    [
        ("UCI_AnalyseMode", "true".to_owned()),
        ("MultiPV", "1".to_owned()),
        ("Hash", DEFAULT_HASH_MB.to_string()),
    ]
    .into_iter()
    .filter(|(name, _)| {
        offered.iter().any(|o| o.eq_ignore_ascii_case(name))
            && !configured.iter().any(|(c, _)| c.eq_ignore_ascii_case(name))
    })
    .map(|(name, value)| (name.to_owned(), value))
    .collect()
}

/// The result of a position without a legal move: mated (score `-MATE`) or stalemate (0).
fn terminal(pos: &Chess) -> SearchResult {
    let mut nothing = result(None, Vec::new(), Duration::ZERO, false);
    if pos.is_check() {
        nothing.score = Score(-MATE);
    }
    nothing
}

/// One `multipv` line of an `info` answer.
#[derive(Debug, Clone)]
struct PvLine {
    index: usize,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    score: Score,
    pv: Vec<Move>,
}

fn legal(pos: &Chess, text: &str) -> Option<Move> {
    text.parse::<UciMove>().ok()?.to_move(pos).ok()
}

/// The engine's score of a UCI `score cp N` / `score mate N` (mover's view).
fn uci_score(kind: &str, n: i32) -> Option<Score> {
    match kind {
        "cp" => Some(Score(n.clamp(-(MATE_BOUND - 1), MATE_BOUND - 1))),
        "mate" if n > 0 => Some(Score(MATE - (2 * n - 1).min(MATE_BOUND))),
        "mate" => Some(Score(-MATE + (2 * -n).min(MATE_BOUND))),
        _ => None,
    }
}

/// Parses the words after `info`: `Ok(Some(line))` for a line with an exact score and a
/// principal variation, `Ok(None)` for other information, `Err` for a malformed line (a number
/// that is not one, a move of the principal variation that is not legal).
fn parse_info<'a>(
    pos: &Chess,
    mut words: impl Iterator<Item = &'a str>,
) -> Result<Option<PvLine>, String> {
    fn number<T: std::str::FromStr>(key: &str, w: Option<&str>) -> Result<T, String> {
        let w = w.ok_or_else(|| format!("`{key}` without a value"))?;
        w.parse()
            .map_err(|_| format!("`{key}` is followed by `{w}`, not a number"))
    }
    let mut line = PvLine {
        index: 1,
        depth: 0,
        seldepth: 0,
        nodes: 0,
        score: Score(0),
        pv: Vec::new(),
    };
    let mut scored = false;
    let mut bound = false;
    while let Some(key) = words.next() {
        match key {
            "depth" => line.depth = number(key, words.next())?,
            "seldepth" => line.seldepth = number(key, words.next())?,
            "multipv" => line.index = number(key, words.next())?,
            "nodes" => line.nodes = number(key, words.next())?,
            "nps" | "time" | "hashfull" | "tbhits" | "sbhits" | "cpuload" | "currmovenumber" => {
                let _: u64 = number(key, words.next())?;
            }
            "score" => {
                let kind = words.next().unwrap_or("");
                let n: i32 = number(kind, words.next())?;
                line.score = uci_score(kind, n)
                    .ok_or_else(|| format!("`score {kind}`: expected `cp` or `mate`"))?;
                scored = true;
            }
            "lowerbound" | "upperbound" => bound = true,
            "currmove" => {
                words.next();
            }
            "pv" => {
                let mut p = pos.clone();
                for w in words.by_ref() {
                    let m = legal(&p, w)
                        .ok_or_else(|| format!("`{w}` in the pv is not a legal move there"))?;
                    p.play_unchecked(m);
                    line.pv.push(m);
                }
            }
            "string" | "refutation" | "currline" => break,
            _ => {}
        }
    }
    Ok((scored && !bound && !line.pv.is_empty()).then_some(line))
}

/// The [`SearchResult`] of an engine's answer: `best` (its `bestmove`) and its `multipv`
/// lines, each an exact root move.
fn result(
    best: Option<Move>,
    lines: Vec<Option<PvLine>>,
    time: Duration,
    stopped: bool,
) -> SearchResult {
    let lines: Vec<PvLine> = lines.into_iter().flatten().collect();
    let first = lines.first();
    let best = best.or_else(|| first.and_then(|l| l.pv.first().copied()));
    let best_line = lines.iter().find(|l| l.pv.first().copied() == best);
    let mut root_moves: Vec<RootMove> = Vec::new();
    for l in &lines {
        if let Some(&mv) = l.pv.first()
            && !root_moves.iter().any(|r| r.mv == mv)
        {
            root_moves.push(RootMove {
                mv,
                score: l.score,
                bound: Bound::Exact,
                depth: l.depth.max(1),
            });
        }
    }
    root_moves.sort_by_key(|r| std::cmp::Reverse(r.score));
    let score = best_line.map_or(Score(0), |l| l.score);
    let pv = match (best_line, best) {
        (Some(l), _) => l.pv.clone(),
        (None, Some(b)) => vec![b],
        (None, None) => Vec::new(),
    };
    let depth = best_line.map_or(0, |l| l.depth);
    let nodes = lines.iter().map(|l| l.nodes).max().unwrap_or(0);
    let iterations = match (best, best_line) {
        (Some(b), Some(l)) => vec![Iteration {
            depth: l.depth,
            seldepth: l.seldepth,
            best_move: b,
            score: l.score,
            nodes,
            time,
            pv: l.pv.clone(),
        }],
        _ => Vec::new(),
    };
    SearchResult {
        best_move: best,
        ponder: pv.get(1).copied(),
        score,
        pv,
        depth,
        seldepth: best_line.map_or(0, |l| l.seldepth),
        nodes,
        time,
        nps: 0,
        hashfull: 0,
        iterations,
        root_moves,
        stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_is_installed_when_its_program_is_found() {
        assert!(AnalystSpec::new("sh -c true", Vec::new()).is_installed());
        assert!(AnalystSpec::new("/bin/sh", Vec::new()).is_installed());
        assert!(!AnalystSpec::new("kibitzer-no-such-engine", Vec::new()).is_installed());
        assert!(!AnalystSpec::new("/nonexistent/engine", Vec::new()).is_installed());
        assert!(!AnalystSpec::default().is_installed());
    }

    #[test]
    fn info_lines_are_read_or_refused_with_the_reason() {
        let pos = Chess::default();
        let l = parse_info(
            &pos,
            "depth 12 seldepth 15 multipv 2 score cp -31 nodes 900 nps 5 time 3 pv d2d4 d7d5"
                .split_whitespace(),
        )
        .unwrap()
        .unwrap();
        assert_eq!((l.index, l.depth, l.score), (2, 12, Score(-31)));
        assert_eq!(l.pv.len(), 2);
        // A bound, a string or a line without a pv is no exact line.
        for text in [
            "depth 3 score cp 10 lowerbound pv e2e4",
            "string hello",
            "depth 3 score cp 10",
        ] {
            assert!(
                parse_info(&pos, text.split_whitespace()).unwrap().is_none(),
                "{text}"
            );
        }
        let err = parse_info(&pos, "depth x".split_whitespace()).unwrap_err();
        assert_eq!(err, "`depth` is followed by `x`, not a number");
        let err = parse_info(&pos, "score cp 1 pv e2e4 e2e4".split_whitespace()).unwrap_err();
        assert_eq!(err, "`e2e4` in the pv is not a legal move there");
        assert!(parse_info(&pos, "score mtae 3".split_whitespace()).is_err());
    }

    #[test]
    fn the_analysis_options_are_set_unless_the_user_sets_them() {
        let offered: Vec<String> = ["Threads", "Hash", "MultiPV", "UCI_AnalyseMode"]
            .map(String::from)
            .to_vec();
        let names = |d: Vec<(String, String)>| {
            d.into_iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(analysis_defaults(&offered, &[])),
            ["UCI_AnalyseMode=true", "MultiPV=1", "Hash=64"]
        );
        let configured = [("hash".to_owned(), "256".to_owned())];
        assert_eq!(
            names(analysis_defaults(&offered, &configured)),
            ["UCI_AnalyseMode=true", "MultiPV=1"]
        );
        // An engine that offers none of them gets none.
        assert!(analysis_defaults(&["Threads".to_owned()], &[]).is_empty());
    }

    #[test]
    fn searchmoves_comes_last_in_the_go_command() {
        let pos = Chess::default();
        let moves = ["d2d4", "g1f3"].map(|m| legal(&pos, m).unwrap()).to_vec();
        let limits = SearchLimits {
            nodes: Some(5000),
            searchmoves: moves,
            ..SearchLimits::depth(14)
        };
        assert_eq!(
            go_command(&limits),
            "go depth 14 nodes 5000 searchmoves d2d4 g1f3"
        );
        assert_eq!(go_command(&SearchLimits::default()), "go depth 12");
    }

    #[test]
    fn a_position_without_a_legal_move_is_scored_without_the_engine() {
        let mated = crate::game::fen::parse("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        let r = terminal(&mated);
        assert_eq!((r.best_move, r.score.mate_in()), (None, Some(0)));
        let stalemate = crate::game::fen::parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(terminal(&stalemate).score, Score(0));
    }

    #[test]
    fn uci_mate_scores_become_engine_mate_scores() {
        assert_eq!(uci_score("mate", 3).and_then(Score::mate_in), Some(3));
        assert_eq!(uci_score("mate", -2).and_then(Score::mate_in), Some(-2));
        assert_eq!(uci_score("cp", 45), Some(Score(45)));
        assert_eq!(uci_score("cp", 1_000_000).and_then(Score::mate_in), None);
    }
}

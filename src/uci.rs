//! The UCI protocol over any reader and writer (`kibitzer uci` uses stdin/stdout; tests drive it
//! in-process).
//!
//! Input is read on its own thread and searches run on the [`EngineHandle`] thread, so the loop
//! answers `isready` and `stop` while a search runs. Malformed input never changes the state: it
//! produces `info string error: …`. End of input is `quit` (a running finite search is allowed to
//! finish and print its `bestmove` first). `quit` during a search stops it at once and prints the
//! `bestmove` found so far before returning, so a GUI waiting for one gets it.
//!
//! `UCI_Variant` chooses the game: chess (the default) or Pawn Battle (`pawnbattle`: kingless
//! FENs, its start position, its rules; a pawn reaching the last rank is written without a
//! promotion letter). Pawn Battle searches run on [`pawn_battle`]'s worker and report like the
//! chess engine's, so everything after `go` is shared.

use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

use shakmaty::{CastlingMode, Chess, Color, Move};

use crate::config::Config;
use crate::echo::echo;
use crate::engine::levels::Level;
use crate::engine::{
    AnyRequest, Bound, Clock, EngineHandle, EngineReport, EvalParams, Score, SearchId, SearchInfo,
    SearchLimits, SearchRequest, evaluate_breakdown,
};
use crate::game::Game;
use crate::options::{self, Kind, OPTIONS, Settings, Slot, UciSettings};
use crate::variant::{Variant, VariantPosition};

mod command;

pub use command::{Go, UciCommand, UciGame, parse_game};

/// The engine's name in `id name`.
pub const NAME: &str = concat!("kibitzer ", env!("CARGO_PKG_VERSION"));

enum Event {
    Line(String),
    /// A line that is not UTF-8 text (its bytes, without the line break).
    BadLine(Vec<u8>),
    Eof,
    Report(EngineReport),
}

/// A search in progress.
struct Running {
    id: SearchId,
    /// `go infinite` or `go ponder`: hold the `bestmove` until `stop` / `ponderhit`.
    hold: bool,
    ponder: bool,
    /// The request, kept for `ponderhit` (restarted as a timed search).
    request: Box<dyn AnyRequest>,
    /// A finished result held back while `hold` is set.
    held: Option<(Option<Move>, Option<Move>)>,
}

struct Session<'w, W: Write> {
    out: &'w mut W,
    engine: EngineHandle,
    /// Pawn Battle's searches (`UCI_Variant pawnbattle`).
    /// The game of the last `position` (its moves played through `Game::play`), in the variant
    /// of `UCI_Variant`.
    game: UciGame,
    /// Every option's value (the table of `crate::options`).
    settings: Settings,
    params: EvalParams,
    next_id: u64,
    running: Option<Running>,
    debug: bool,
    /// `quit` arrived while a search ran: leave as soon as its `bestmove` is out.
    quitting: bool,
    /// The `go`s that arrived while a search ran, with the positions they were sent for, in
    /// order: the next starts as soon as the running search has printed its `bestmove` (one
    /// `bestmove` per `go`).
    queued: std::collections::VecDeque<(Go, Box<dyn AnyRequest>)>,
}

/// From this size (MiB) on, a new hash table takes long enough to allocate (about 2 s per GiB)
/// that `setoption name Hash` says so in an `info string`.
const SLOW_HASH_MB: u32 = 256;

/// Runs the protocol until `quit` or the end of `input`. The configuration's `engine.hash_mb`,
/// `engine.book`, its weights (`[eval]`, `[pawn_battle.eval]`) and `level` are the starting
/// values of the options (`Hash`, `OwnBook`, `Level`, …); `engine.book_depth` limits the book.
///
/// # Errors
/// When writing to `output` fails or the engine thread cannot start.
pub fn run<R, W>(input: R, output: &mut W, config: &Config, level: u8) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let (tx, rx) = mpsc::channel::<Event>();
    let engine_tx = tx.clone();
    let settings = Settings {
        config: Config {
            engine: crate::config::EngineConfig {
                level,
                ..config.engine.clone()
            },
            ..config.clone()
        },
        uci: UciSettings::new(level),
    };
    let engine = EngineHandle::spawn_with(settings.config.engine.hash_mb, move |r| {
        let _ = engine_tx.send(Event::Report(r));
    })?;
    engine.set_threads(settings.config.engine.threads as usize);
    std::thread::Builder::new()
        .name("kibitzer-uci-input".to_owned())
        .spawn(move || {
            // Bytes, not `lines()`: one non-UTF-8 line must not end the session.
            let mut input = input;
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match input.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    bytes.pop();
                }
                let event = match String::from_utf8(std::mem::take(&mut bytes)) {
                    Ok(line) => Event::Line(line),
                    Err(e) => Event::BadLine(e.into_bytes()),
                };
                if tx.send(event).is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::Eof);
        })?;
    let mut s = Session {
        out: output,
        engine,
        game: UciGame::start(Variant::Chess),
        params: settings
            .config
            .engine
            .eval_params(
                &settings.config.eval,
                Level::searcher(settings.config.engine.level),
            )
            .map_err(|e| std::io::Error::other(format!("{e:#}")))?,
        settings,
        next_id: 1,
        running: None,
        debug: false,
        quitting: false,
        queued: std::collections::VecDeque::new(),
    };
    let mut eof = false;
    while let Ok(event) = rx.recv() {
        match event {
            Event::Line(line) => {
                if s.quitting {
                    continue;
                }
                if !s.command(line.trim())? {
                    break;
                }
                if s.quitting && s.running.is_none() {
                    break;
                }
            }
            Event::BadLine(bytes) => {
                if !s.quitting {
                    error(
                        s.out,
                        &format!(
                            "the line \"{}\" is not UTF-8 text; ignored",
                            crate::echo::echo_bytes(&bytes)
                        ),
                    )?;
                }
            }
            Event::Eof => {
                eof = true;
                match &s.running {
                    None => break,
                    Some(r) if r.hold => {
                        s.stop()?;
                        if s.running.is_none() {
                            break;
                        }
                    }
                    Some(_) => {}
                }
            }
            Event::Report(r) => {
                s.report(r)?;
                if (eof || s.quitting) && s.running.is_none() {
                    break;
                }
            }
        }
    }
    s.out.flush()
}

fn error<W: Write>(out: &mut W, message: &str) -> io::Result<()> {
    writeln!(out, "info string error: {message}")?;
    out.flush()
}

fn uci_move(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The centipawns a tablebase win is reported as in UCI, less the plies to the next capture or
/// pawn move: the convention Stockfish uses (`score cp 20000` minus the distance), far above
/// any evaluation and below nothing a GUI takes for a mate.
pub const UCI_TB_WIN_CP: i32 = 20_000;

/// The `score …` part of an info line: `score mate N` for a mate, a tablebase win or loss as
/// `score cp ±(20000 - plies)` ([`UCI_TB_WIN_CP`]), else the centipawns.
///
/// ```
/// use kibitzer::engine::{Bound, Score, TB_WIN};
/// use kibitzer::uci::score_text;
/// assert_eq!(score_text(Score(TB_WIN - 9), Bound::Exact), "score cp 19991");
/// assert_eq!(score_text(Score(-TB_WIN + 4), Bound::Exact), "score cp -19996");
/// assert_eq!(score_text(Score(35), Bound::Lower), "score cp 35 lowerbound");
/// ```
#[must_use]
pub fn score_text(score: Score, bound: Bound) -> String {
    let mut t = match score.mate_in() {
        Some(n) => format!("score mate {n}"),
        None if score.is_tablebase() => {
            let plies = crate::engine::TB_WIN - score.0.abs();
            format!("score cp {}", score.0.signum() * (UCI_TB_WIN_CP - plies))
        }
        None => format!("score cp {}", score.0),
    };
    match bound {
        Bound::Lower => t.push_str(" lowerbound"),
        Bound::Upper => t.push_str(" upperbound"),
        Bound::Exact => {}
    }
    t
}

/// A full `info` line for a progress report.
pub fn info_line(info: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} seldepth {} {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        score_text(info.score, info.bound),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&uci_move(*m));
        }
    }
    line
}

/// Parses `position startpos|fen … [moves …]` into the position and the keys of the positions
/// before it (the moves played through [`crate::game::Game::play`], see [`parse_game`]).
///
/// # Errors
/// A message naming the bad FEN or the first illegal move.
pub fn parse_position(args: &str) -> Result<(Chess, Vec<u64>), String> {
    let game: Game = parse_game(args)?;
    Ok((game.position().clone(), keys_before(&game)))
}

/// The keys of the game's positions before the current one (the search's `history`).
fn keys_before<P: VariantPosition>(game: &Game<P>) -> Vec<u64> {
    let keys = game.history_keys();
    keys[..keys.len() - 1].to_vec()
}

/// The engine's request for the game's current position searched with `params` (limits,
/// level and book set when it starts).
fn uci_request<P: crate::engine::rules::SearchRules>(
    game: &Game<P>,
    params: P::Eval,
) -> SearchRequest<P> {
    SearchRequest {
        history: keys_before(game),
        ..SearchRequest::new(game.position().clone(), SearchLimits::default(), params)
    }
}

/// Parses the words after `go` and checks `searchmoves` against `pos`.
#[cfg(test)]
fn parse_go(args: &str, pos: &Chess) -> Result<Go, String> {
    args.parse::<Go>()?.resolve(pos)
}

impl<W: Write> Session<'_, W> {
    /// Handles one line; `false` means quit.
    fn command(&mut self, line: &str) -> io::Result<bool> {
        let command = match UciCommand::parse(line, self.settings.uci.variant) {
            Ok(c) => c,
            Err(e) => {
                error(self.out, &e)?;
                return Ok(true);
            }
        };
        match command {
            UciCommand::Empty | UciCommand::Register => {}
            UciCommand::Uci => self.uci()?,
            UciCommand::IsReady => {
                if self.running.is_none() {
                    // A `Hash` resize (or a cancelled search) must be over before `readyok`.
                    self.engine.wait_idle();
                }
                writeln!(self.out, "readyok")?;
                self.out.flush()?;
            }
            UciCommand::Debug(on) => self.debug = on,
            UciCommand::UciNewGame => {
                self.cancel();
                self.engine.new_game();
                self.game = UciGame::start(self.settings.uci.variant);
            }
            UciCommand::Position(game) => self.game = game,
            UciCommand::Go(go) => self.go(go)?,
            UciCommand::Stop => self.stop()?,
            UciCommand::PonderHit => self.ponderhit()?,
            UciCommand::SetOption { name, value } => {
                let hash_mb = self.settings.config.engine.hash_mb;
                if let Err(e) = self.setoption(&name, value.as_deref()) {
                    error(self.out, &e)?;
                }
                let now = self.settings.config.engine.hash_mb;
                if now != hash_mb && now >= SLOW_HASH_MB {
                    writeln!(
                        self.out,
                        "info string Hash: allocating {now} MiB, which may take a few seconds; \
                         readyok follows when it is done"
                    )?;
                }
            }
            UciCommand::Eval => {
                // UCI is a protocol for programs: its table stays English.
                let text = crate::i18n::with(crate::i18n::Lang::En, || match &self.game {
                    UciGame::Chess(game) => {
                        crate::eval_table::chess(&evaluate_breakdown(game.position(), &self.params))
                    }
                    UciGame::PawnBattle(game) => {
                        let preset = self.settings.config.pawn_battle.eval.preset.preset();
                        crate::eval_table::pawn_battle(
                            &crate::variant::pawn_battle::eval::breakdown(game.position(), preset),
                        )
                    }
                });
                for l in text.lines() {
                    writeln!(self.out, "info string {l}")?;
                }
                self.out.flush()?;
            }
            UciCommand::Quit => {
                if self.running.is_none() {
                    return Ok(false);
                }
                // Stop the search; its `bestmove` ends the session (see `run`).
                self.quitting = true;
                self.stop()?;
            }
        }
        Ok(true)
    }

    fn uci(&mut self) -> io::Result<()> {
        let o = &mut self.out;
        writeln!(o, "id name {NAME}")?;
        writeln!(o, "id author the kibitzer authors")?;
        for option in OPTIONS {
            let Some(name) = option.uci_name else {
                continue;
            };
            let default = option.show(&mut self.settings);
            match option.kind {
                Kind::Spin(bounds) => {
                    let (lo, hi) = bounds();
                    writeln!(
                        o,
                        "option name {name} type spin default {default} min {lo} max {hi}"
                    )?;
                }
                Kind::Check => writeln!(o, "option name {name} type check default {default}")?,
                Kind::Combo { values, .. } => {
                    write!(o, "option name {name} type combo default {default}")?;
                    for value in values {
                        write!(o, " var {value}")?;
                    }
                    writeln!(o)?;
                }
                Kind::Text if default.is_empty() => {
                    writeln!(o, "option name {name} type string default <empty>")?;
                }
                Kind::Text => writeln!(o, "option name {name} type string default {default}")?,
            }
        }
        writeln!(o, "uciok")?;
        o.flush()
    }

    fn setoption(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let name = echo(name);
        let name = name.as_str();
        let option =
            options::by_uci_name(name).ok_or_else(|| format!("unknown option \"{name}\""))?;
        let value = value
            .filter(|v| !v.is_empty())
            .ok_or_else(|| format!("option {name} needs a value"));
        let hash_mb = self.settings.config.engine.hash_mb;
        let threads = self.settings.config.engine.threads;
        let variant = self.settings.uci.variant;
        let evaluation = (
            self.settings.config.engine.evaluation,
            self.settings.config.engine.network.clone(),
        );
        match ((option.slot)(&mut self.settings), option.kind) {
            (Slot::Int(field), Kind::Spin(bounds)) => {
                let (lo, hi) = bounds();
                let v = value?;
                let digits = v.strip_prefix('-').unwrap_or(v);
                let n: i64 = match v.parse() {
                    Ok(n) => n,
                    // All digits but too long for a number: out of range, not "not a number".
                    Err(_) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                        return Err(format!(
                            "option {name}: {} is out of range {lo} to {hi}",
                            echo(v)
                        ));
                    }
                    Err(_) => {
                        return Err(format!(
                            "option {name}: \"{}\" is not a number (expected {lo} to {hi})",
                            echo(v)
                        ));
                    }
                };
                if !(lo..=hi).contains(&n) || !field.set(n) {
                    return Err(format!("option {name}: {n} is out of range {lo} to {hi}"));
                }
            }
            (Slot::Bool(field), _) => {
                *field = match value? {
                    "true" => true,
                    "false" => false,
                    other => {
                        return Err(format!(
                            "option {name}: \"{}\" is not true or false",
                            echo(other)
                        ));
                    }
                };
            }
            (Slot::Choice(field), Kind::Combo { values, what }) => {
                let v = value?;
                if !values.contains(&v) || !field.choose(v) {
                    return Err(format!(
                        "option {name}: unknown {what} \"{}\" ({})",
                        echo(v),
                        values.join(" or ")
                    ));
                }
            }
            // UCI writes an empty string as `<empty>`.
            (Slot::Text(field), _) => {
                let v = value?;
                *field = if v == "<empty>" { "" } else { v }.to_owned();
            }
            (_, kind) => return Err(format!("option {name} cannot be set ({kind:?})")),
        }
        if self.settings.config.engine.hash_mb != hash_mb {
            self.engine.set_hash(self.settings.config.engine.hash_mb);
        }
        if self.settings.config.engine.threads != threads {
            self.engine
                .set_threads(self.settings.config.engine.threads as usize);
        }
        if self.settings.uci.variant != variant {
            // The other game's position means nothing now: start from this one's.
            self.cancel();
            self.game = UciGame::start(self.settings.uci.variant);
        }
        // The evaluation of the level now in force (`Level`, `UCI_Elo`, `Evaluation`).
        match self.settings.config.engine.eval_params(
            &self.settings.config.eval,
            Level::searcher(self.level_number()),
        ) {
            Ok(params) => self.params = params,
            Err(e) => {
                // A network that does not load leaves the evaluation as it was.
                (
                    self.settings.config.engine.evaluation,
                    self.settings.config.engine.network,
                ) = evaluation;
                return Err(format!("option {name}: {e:#}"));
            }
        }
        Ok(())
    }

    /// The level in force: `UCI_Elo` when strength is limited, else `Level`.
    fn level(&self) -> Level {
        Level::get(self.level_number())
    }

    /// The number of the level in force.
    fn level_number(&self) -> u8 {
        if self.settings.uci.limit_strength {
            Level::number_for_elo(self.settings.uci.elo)
        } else {
            self.settings.config.engine.level
        }
    }

    fn go(&mut self, go: Go) -> io::Result<()> {
        // The position, its history and its game's evaluation; limits, level and book are
        // set when the search starts.
        let (resolved, request): (_, Box<dyn AnyRequest>) = match &self.game {
            UciGame::Chess(game) => (
                go.resolve(game.position()),
                uci_request(game, self.params.clone()).into(),
            ),
            UciGame::PawnBattle(game) => (
                go.resolve(game.position()),
                uci_request(game, (&self.settings.config.pawn_battle.eval).into()).into(),
            ),
        };
        let go = match resolved {
            Ok(g) => g,
            Err(e) => return error(self.out, &e),
        };
        if self.running.is_some() {
            // A `go` during a search (a GUI that did not wait): the running search is stopped
            // and answers first; this one starts after its `bestmove`.
            self.queued.push_back((go, request));
            return self.stop();
        }
        self.start(go, request)
    }

    /// Starts the next queued `go`, if any (called after each `bestmove`); when more wait
    /// behind it, it is stopped at once so that it answers and lets them run.
    fn start_queued(&mut self) -> io::Result<()> {
        if self.quitting {
            self.queued.clear();
            return Ok(());
        }
        let Some((go, request)) = self.queued.pop_front() else {
            return Ok(());
        };
        let rest = std::mem::take(&mut self.queued);
        self.start(go, request)?;
        self.queued = rest;
        if !self.queued.is_empty() {
            self.stop()?;
        }
        Ok(())
    }

    fn start(&mut self, go: Go, mut request: Box<dyn AnyRequest>) -> io::Result<()> {
        self.cancel();
        let mut limits = go.limits;
        limits.overhead = Duration::from_millis(self.settings.uci.overhead_ms);
        let (time, inc) = match request.turn() {
            Color::White => (go.wtime, go.winc),
            Color::Black => (go.btime, go.binc),
        };
        if let Some(t) = time {
            limits.clock = Some(Clock {
                remaining: Duration::from_millis(t),
                increment: Duration::from_millis(inc),
                moves_to_go: go.movestogo,
            });
        }
        let level = self.level();
        let weakened =
            self.settings.uci.limit_strength || self.settings.config.engine.level < Level::MAX;
        if weakened {
            let ll = level.limits(&crate::config::EngineConfig::default());
            limits.depth = match (limits.depth, ll.depth) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            if let Some(mt) = ll.movetime {
                limits.movetime = Some(limits.movetime.map_or(mt, |x| x.min(mt)));
            }
            limits.exact_root_scores = level.is_imperfect();
        }
        if self.settings.uci.explain {
            // Risk and the only-move flag need every root move's exact score.
            limits.exact_root_scores = true;
        }
        let hold = limits.infinite || go.ponder;
        // Never while analysing (`go infinite`, pondering): the GUI wants a search then.
        let book = (self.settings.config.engine.book && !hold)
            .then(|| level.book(self.settings.config.engine.book_depth));
        let level = (weakened && level.is_imperfect()).then_some(level);
        // Another game than chess goes through the same engine thread with its own
        // evaluation; the engine reads the book for chess only.
        *request.limits_mut() = limits;
        request.set_level(level);
        request.set_book(book);
        let saved = request.boxed();
        if go.ponder {
            request.limits_mut().infinite = true;
        }
        let id = SearchId(self.next_id);
        self.next_id += 1;
        self.engine.search(id, request);
        self.running = Some(Running {
            id,
            hold,
            ponder: go.ponder,
            request: saved,
            held: None,
        });
        Ok(())
    }

    fn cancel(&mut self) {
        self.queued.clear();
        if self.running.take().is_some() {
            // A stale id's reports are dropped by `report`.
            self.engine.cancel();
        }
    }

    fn stop(&mut self) -> io::Result<()> {
        let Some(r) = &mut self.running else {
            return Ok(());
        };
        r.hold = false;
        if let Some((best, ponder)) = r.held.take() {
            self.running = None;
            return self.bestmove(best, ponder);
        }
        self.engine.stop();
        Ok(())
    }

    fn ponderhit(&mut self) -> io::Result<()> {
        let Some(r) = self.running.take() else {
            return Ok(());
        };
        if !r.ponder {
            self.running = Some(r);
            return Ok(());
        }
        // Restart as the timed search the GUI now wants, keeping the warm table.
        self.engine.cancel();
        let id = SearchId(self.next_id);
        self.next_id += 1;
        let request = r.request;
        let hold = request.limits().infinite;
        self.engine.search(id, request.boxed());
        self.running = Some(Running {
            id,
            hold,
            ponder: false,
            request,
            held: None,
        });
        Ok(())
    }

    fn bestmove(&mut self, best: Option<Move>, ponder: Option<Move>) -> io::Result<()> {
        match (best, ponder) {
            (Some(b), Some(p)) => {
                writeln!(self.out, "bestmove {} ponder {}", uci_move(b), uci_move(p))?
            }
            (Some(b), None) => writeln!(self.out, "bestmove {}", uci_move(b))?,
            (None, _) => writeln!(self.out, "bestmove 0000")?,
        }
        self.out.flush()?;
        self.start_queued()
    }

    fn report(&mut self, report: EngineReport) -> io::Result<()> {
        let Some(r) = &mut self.running else {
            return Ok(());
        };
        match report {
            EngineReport::Progress { id, info } if id == r.id => {
                writeln!(self.out, "{}", info_line(&info))?;
                self.out.flush()?;
            }
            EngineReport::Done {
                id,
                result,
                chosen,
                book,
            } if id == r.id => {
                if let Some(last) = result.iterations.last() {
                    // The result's score and PV: those of the last iteration, or of a better
                    // move the cut-short iteration after it found.
                    let info = SearchInfo {
                        depth: last.depth,
                        seldepth: last.seldepth,
                        score: result.score,
                        bound: Bound::Exact,
                        nodes: result.nodes,
                        time: result.time,
                        nps: result.nps,
                        hashfull: result.hashfull,
                        pv: result.pv.clone(),
                    };
                    writeln!(self.out, "{}", info_line(&info))?;
                }
                if let Some(o) = chosen
                    .filter(|_| book)
                    .zip(r.request.chess())
                    .and_then(|(m, c)| crate::opening::book_move(&c.position, m))
                {
                    writeln!(self.out, "info string book move: {} {}", o.eco, o.name)?;
                }
                let ponder = if chosen == result.best_move {
                    result.ponder
                } else {
                    None
                };
                if self.debug {
                    writeln!(
                        self.out,
                        "info string best {:?} chosen {:?}",
                        result.best_move, chosen
                    )?;
                }
                // Explanations are chess's (Pawn Battle's are not in the UCI session yet).
                if let Some(chess) = r.request.chess().filter(|_| self.settings.uci.explain) {
                    let lines = crate::analysis::uci_lines_for(
                        &chess.position,
                        &result,
                        chosen,
                        &self.params,
                        crate::config::ExplainLevel::Medium,
                        crate::config::Language::default(),
                    );
                    for line in lines {
                        writeln!(self.out, "{line}")?;
                    }
                }
                if r.hold {
                    r.held = Some((chosen, ponder));
                } else {
                    self.running = None;
                    self.bestmove(chosen, ponder)?;
                }
            }
            EngineReport::Failed { id, message } if id == r.id => {
                error(
                    self.out,
                    &format!(
                        "the search failed on an internal error ({}); the engine restarted",
                        echo(&message)
                    ),
                )?;
                // A GUI waits for a `bestmove`: give the first legal move rather than none.
                let fallback = r.request.legal_moves().first().copied();
                if r.hold {
                    r.held = Some((fallback, None));
                } else {
                    self.running = None;
                    self.bestmove(fallback, None)?;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::zobrist;
    use shakmaty::uci::UciMove;
    use std::io::Cursor;

    /// The default configuration with a small hash table.
    fn small_engine() -> Config {
        let mut config = Config::default();
        config.engine.hash_mb = 8;
        config
    }

    pub(super) fn session(input: &str) -> String {
        let mut out = Vec::new();
        run(
            Cursor::new(input.as_bytes().to_vec()),
            &mut out,
            &small_engine(),
            10,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Issue 34: `setoption name Hash value 4096` took 9 s before `readyok`, in silence.
    #[test]
    fn a_large_hash_says_it_takes_time_before_readyok() {
        let out = session(
            "setoption name Hash value 256\nisready\nsetoption name Hash value 16\nisready\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        let said = lines
            .iter()
            .position(|l| l.starts_with("info string Hash: allocating 256 MiB"))
            .unwrap_or_else(|| panic!("{out}"));
        assert_eq!(lines.get(said + 1), Some(&"readyok"), "{out}");
        assert_eq!(out.matches("info string Hash").count(), 1, "{out}");
    }

    #[test]
    fn own_book_answers_from_the_book_until_turned_off() {
        let bestmove = |out: &str| {
            out.lines()
                .find_map(|l| l.strip_prefix("bestmove "))
                .and_then(|l| l.split_whitespace().next())
                .map(str::to_owned)
                .unwrap()
        };
        let after_e4 = {
            let mut p = Chess::default();
            p.play_unchecked("e2e4".parse::<UciMove>().unwrap().to_move(&p).unwrap());
            p
        };
        let out = session("uci\nposition startpos moves e2e4\ngo depth 2\n");
        assert!(out.contains("option name OwnBook type check default true"));
        assert!(
            out.contains("info string book move: C20 King's Pawn Game"),
            "{out}"
        );
        let m = bestmove(&out)
            .parse::<UciMove>()
            .unwrap()
            .to_move(&after_e4)
            .unwrap();
        assert!(crate::opening::book_move(&after_e4, m).is_some());
        // Full strength plays the best-weighted book move: the same every time.
        assert_eq!(
            bestmove(&session("position startpos moves e2e4\ngo depth 2\n")),
            bestmove(&out)
        );
        let off = session(
            "setoption name OwnBook value false\nposition startpos moves e2e4\ngo depth 2\n",
        );
        assert!(!off.contains("book move"), "{off}");
        assert!(session("setoption name OwnBook value maybe\n").contains("not true or false"));
    }

    #[test]
    fn handshake_and_ready() {
        let out = session("uci\nisready\n");
        assert!(out.starts_with("id name kibitzer"));
        assert!(out.contains("option name Hash type spin"));
        assert!(out.contains("option name UCI_Elo"));
        assert!(out.contains("option name Mobility type spin default 15"));
        assert!(out.contains("uciok\n"));
        assert!(out.ends_with("readyok\n"));
    }

    #[test]
    fn go_depth_prints_info_and_bestmove() {
        let out = session("position startpos moves e2e4 e7e5\ngo depth 5\n");
        let last = out.lines().last().unwrap();
        assert!(last.starts_with("bestmove "), "{out}");
        assert!(out.contains("info depth 5 seldepth"), "{out}");
        assert!(out.contains(" pv "));
    }

    #[test]
    fn mate_is_reported_as_mate() {
        let out = session("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
        assert!(out.contains("score mate 1"), "{out}");
        assert!(out.ends_with("bestmove a1a8\n"), "{out}");
    }

    /// Issue 36: a tablebase win was printed as the search's internal number (`cp 30862`); it
    /// is now the convention engines use, `cp 20000` minus the plies to the next capture or
    /// pawn move, and a tablebase loss its mirror.
    #[test]
    fn a_tablebase_win_is_reported_as_cp_twenty_thousand_less_its_distance() {
        let cp = |out: &str| -> i32 {
            let line = out.lines().rfind(|l| l.contains(" score ")).unwrap();
            let mut words = line.split_whitespace().skip_while(|w| *w != "score");
            assert_eq!(words.nth(1), Some("cp"), "{line}");
            words.next().unwrap().parse().unwrap()
        };
        // KQ v K with White to move: a win; KR v K with Black to move: a loss.
        let win = cp(&session(
            "position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1\ngo depth 2\n",
        ));
        assert!((19_000..20_000).contains(&win), "{win}");
        let loss = cp(&session(
            "position fen 8/8/8/4k3/8/8/8/KR6 b - - 0 1\ngo depth 2\n",
        ));
        assert!((-20_000..-19_000).contains(&loss), "{loss}");
    }

    #[test]
    fn malformed_input_reports_errors_and_keeps_state() {
        let cases = [
            ("frobnicate", "unknown command"),
            ("position fen not/a/fen w - - 0 1", "bad FEN"),
            ("position startpos moves e2e5", "illegal move"),
            ("position sideways", "expected startpos or fen"),
            ("go depth x", "not a valid number"),
            ("go sideways", "unknown parameter"),
            ("setoption name Hash value lots", "not a number"),
            ("setoption name Hash value 0", "out of range"),
            ("setoption name Nonsense value 3", "unknown option"),
            (
                "setoption name UCI_LimitStrength value maybe",
                "not true or false",
            ),
            ("setoption", "setoption needs"),
            ("debug sideways", "on or off"),
        ];
        for (bad, expected) in cases {
            // The bad line comes after a valid position; the search must still use that position.
            let input = format!("position startpos moves e2e4\n{bad}\ngo depth 1\n");
            let out = session(&input);
            let err = out
                .lines()
                .find(|l| l.starts_with("info string error:"))
                .unwrap_or("");
            assert!(err.contains(expected), "{bad}: {out}");
            let best = out.lines().last().unwrap();
            let m = best.strip_prefix("bestmove ").unwrap();
            let black_moves: Vec<String> = {
                let (p, _) = parse_position("startpos moves e2e4").unwrap();
                p.legal_moves().iter().map(|m| uci_move(*m)).collect()
            };
            assert!(
                black_moves.iter().any(|b| b == m),
                "{bad}: {best} is not a reply to e4"
            );
        }
    }

    /// Issue 23: a non-UTF-8 byte ended the session (`BufRead::lines` stops at it).
    #[test]
    fn a_line_that_is_not_utf8_is_reported_and_the_session_goes_on() {
        let mut out = Vec::new();
        let input = b"isready\n\xff\x1b[2J\nisready\ngo depth 1\n".to_vec();
        run(Cursor::new(input), &mut out, &small_engine(), 10).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.matches("readyok").count(), 2, "{out}");
        assert!(
            out.contains("info string error: the line \"\\xff\\u{1b}[2J\" is not UTF-8"),
            "{out}"
        );
        assert!(
            out.lines().last().unwrap().starts_with("bestmove "),
            "{out}"
        );
    }

    /// Issue 23: `go mate 2147483648` wrapped to depth 1, `go mate 0` too; `searchmoves` took
    /// the next keyword as a move; `setoption` messages for a huge or missing value.
    #[test]
    fn go_and_setoption_edge_cases() {
        let pos = Chess::default();
        let go = parse_go("mate 2147483648", &pos).unwrap();
        assert!(
            go.limits.depth.unwrap() > 1_000_000,
            "{:?}",
            go.limits.depth
        );
        assert!(parse_go("mate 0", &pos).unwrap_err().contains("1 or more"));
        let go = parse_go("searchmoves e2e4 d2d4 depth 3", &pos).unwrap();
        assert_eq!(go.limits.searchmoves.len(), 2);
        assert_eq!(go.limits.depth, Some(3));
        let out = session(
            "setoption name Hash value 99999999999999999999\nsetoption name Hash value\n\
             setoption name Hash value -99999999999999999999\ngo searchmoves a2a3 depth 2\n",
        );
        assert!(
            out.contains("option Hash: 99999999999999999999 is out of range 1 to 4096"),
            "{out}"
        );
        assert!(out.contains("option Hash needs a value"), "{out}");
        assert!(
            out.contains("-99999999999999999999 is out of range"),
            "{out}"
        );
        let last = out.lines().last().unwrap();
        assert!(last.starts_with("bestmove a2a3"), "{out}");
    }

    /// Found by the soak run: a `go` sent while a search ran (no wait for its `bestmove`, or right
    /// after `stop`) dropped that search's `bestmove`. Every `go` is now answered, in order.
    #[test]
    fn every_go_gets_its_bestmove_even_when_the_gui_does_not_wait() {
        for input in [
            "position startpos\ngo depth 30\ngo depth 1\n",
            "position startpos\ngo infinite\nstop\ngo depth 2\n",
            "position startpos\ngo infinite\ngo depth 2\nposition startpos moves e2e4\ngo depth 1\n",
        ] {
            let out = session(input);
            let gos = input.matches("go ").count();
            assert_eq!(out.matches("bestmove ").count(), gos, "{input}: {out}");
        }
        // The queued `go` searches the position it was sent for, not a later one.
        let out =
            session("position startpos moves e2e4\ngo infinite\ngo depth 1\nposition startpos\n");
        let last = out.lines().last().unwrap();
        let reply = last.split_whitespace().nth(1).unwrap();
        assert!(reply.ends_with('5') || reply.ends_with('6'), "{out}");
    }

    /// Issue 23: errors echoed input whole (a 600 KB FEN in one line).
    #[test]
    fn echoed_input_is_cut_and_escaped() {
        let huge = "p".repeat(600_000);
        let out = session(&format!("position fen {huge}\n\u{1b}[31m\nisready\n"));
        for line in out.lines() {
            assert!(line.len() < 400, "{} bytes", line.len());
            assert!(!line.contains('\u{1b}'), "{line}");
        }
        assert!(out.ends_with("readyok\n"), "{out}");
    }

    /// Input that yields `text` and then blocks (no end of input) until the sender is dropped,
    /// like a GUI that sends `quit` and keeps its pipe open.
    struct OpenInput {
        data: Cursor<Vec<u8>>,
        close: mpsc::Receiver<()>,
    }

    impl io::Read for OpenInput {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.data.read(buf)?;
            if n == 0 {
                // Block until the test is done with the session.
                let _ = self.close.recv();
            }
            Ok(n)
        }
    }

    /// Runs a session whose input stays open after `input`.
    fn open_session(input: &str) -> String {
        let (keep_open, close) = mpsc::channel();
        let reader = io::BufReader::new(OpenInput {
            data: Cursor::new(input.as_bytes().to_vec()),
            close,
        });
        let mut out = Vec::new();
        run(reader, &mut out, &small_engine(), 10).unwrap();
        drop(keep_open);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn quit_stops_a_search_and_prints_its_bestmove() {
        // Without end of input, only `quit` can end these sessions: an infinite search and a
        // depth no test would wait for.
        for go in ["go infinite", "go depth 99"] {
            let out = open_session(&format!(
                "position startpos\n{go}\nisready\nquit\ngo depth 1\n"
            ));
            assert!(out.contains("readyok"), "{out}");
            let bestmoves = out.lines().filter(|l| l.starts_with("bestmove ")).count();
            assert_eq!(bestmoves, 1, "{out}");
            assert!(
                out.lines().last().unwrap().starts_with("bestmove "),
                "{out}"
            );
        }
        // `quit` when idle just leaves.
        assert_eq!(open_session("quit\n"), "");
    }

    #[test]
    fn infinite_waits_for_stop_and_eof_quits() {
        // EOF stops an infinite search, which still prints its bestmove.
        let out = session("go infinite\n");
        assert!(
            out.lines().last().unwrap().starts_with("bestmove "),
            "{out}"
        );
    }

    #[test]
    fn options_change_level_and_weights() {
        let out = session(
            "setoption name Level value 1\nsetoption name mobility value 0\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 800\nsetoption name Move Overhead value 10\nposition startpos\ngo depth 3\n",
        );
        assert!(!out.contains("error"), "{out}");
        assert!(out.lines().last().unwrap().starts_with("bestmove "));
    }

    /// Every UCI row of the options table is offered with its kind and bounds, and `setoption`
    /// accepts its bounds (any case of the name) and refuses one beyond them.
    #[test]
    fn every_option_of_the_table_is_offered_and_settable() {
        let out = session("uci\n");
        let mut lines = String::new();
        for option in OPTIONS {
            let Some(name) = option.uci_name else {
                continue;
            };
            let offered = out
                .lines()
                .find(|l| l.starts_with(&format!("option name {name} type ")))
                .unwrap_or_else(|| panic!("{name} is not offered: {out}"));
            match option.kind {
                Kind::Spin(bounds) => {
                    let (lo, hi) = bounds();
                    assert!(
                        offered.ends_with(&format!(" min {lo} max {hi}")),
                        "{offered}"
                    );
                    let upper = name.to_ascii_uppercase();
                    lines += &format!("setoption name {upper} value {lo}\n");
                    // Not 4 GiB of hash table on a shared machine.
                    if option.config_key != Some("engine.hash_mb") {
                        lines += &format!("setoption name {name} value {hi}\n");
                    }
                    lines += &format!("setoption name {name} value {}\n", hi + 1);
                }
                Kind::Check => lines += &format!("setoption name {name} value true\n"),
                Kind::Combo { values, .. } => {
                    for v in values {
                        lines += &format!("setoption name {name} value {v}\n");
                    }
                }
                // A network file must load (below): the embedded one here.
                Kind::Text if name == "EvalFile" => {
                    lines += "setoption name EvalFile value <empty>\n";
                }
                Kind::Text => lines += &format!("setoption name {name} value x\n"),
            }
        }
        let out = session(&format!("{lines}isready\n"));
        let errors: Vec<&str> = out.lines().filter(|l| l.contains("error")).collect();
        let spins = OPTIONS
            .iter()
            .filter(|o| o.uci_name.is_some() && matches!(o.kind, Kind::Spin(_)))
            .count();
        assert_eq!(errors.len(), spins, "{out}");
        assert!(
            errors.iter().all(|e| e.contains("is out of range")),
            "{out}"
        );
    }

    /// `Evaluation network` searches with the embedded network; an `EvalFile` that does not
    /// load is refused with the reason, and the evaluation stays as it was.
    #[test]
    fn the_network_evaluation_is_chosen_and_a_bad_file_refused() {
        let out = session(
            "setoption name Evaluation value network\n\
             setoption name EvalFile value /nonexistent/net.nnue\n\
             position startpos\ngo depth 3\nisready\n",
        );
        assert!(
            out.contains("error: option EvalFile: reading network /nonexistent/net.nnue"),
            "{out}"
        );
        assert!(out.contains("bestmove "), "{out}");
        assert_eq!(
            out.lines().filter(|l| l.contains("error")).count(),
            1,
            "{out}"
        );
    }

    /// The default `Evaluation auto` searches with the network at the top level only: the
    /// search at `Level 10` is the network's, at `Level 9` and at a limited `UCI_Elo` the
    /// classic terms' (the same nodes, score and line at a fixed depth, one thread).
    #[test]
    fn auto_searches_with_the_network_at_the_top_level_alone() {
        let search = |options: &str| {
            let out = session(&format!(
                "setoption name OwnBook value false
{options}position startpos
go depth 4
isready
"
            ));
            let line = out
                .lines()
                .find(|l| l.starts_with("info depth 4 "))
                .unwrap_or_else(|| panic!("{out}"));
            // The search's own figures, not its timing.
            let field = |name: &str| {
                let mut words = line.split(' ').skip_while(|w| *w != name);
                words.nth(1).unwrap_or_default().to_owned()
            };
            (
                field("cp"),
                field("nodes"),
                line.split(" pv ").nth(1).unwrap().to_owned(),
            )
        };
        let network = search(
            "setoption name Evaluation value network
",
        );
        let classic = search(
            "setoption name Evaluation value classic
",
        );
        assert_ne!(network, classic);
        assert_eq!(search(""), network);
        assert_eq!(
            search(
                "setoption name Level value 9
"
            ),
            classic
        );
        assert_eq!(
            search(
                "setoption name UCI_LimitStrength value true
setoption name UCI_Elo value 2200
"
            ),
            search(
                "setoption name UCI_LimitStrength value true
setoption name UCI_Elo value 2200
setoption name Evaluation value classic
"
            )
        );
    }

    /// `position` plays its moves through `Game::play`: a move after the game ended by the rules
    /// (here a dead position) is refused with the rule, and the last good position stays;
    /// `register` is accepted (kibitzer needs no registration) instead of being an unknown
    /// command.
    #[test]
    fn position_refuses_moves_after_the_end_and_register_is_accepted() {
        let out = session(
            "register later\nposition fen 8/8/8/4k3/8/8/3pK3/8 w - - 0 1\n\
             position fen 8/8/8/4k3/8/8/3pK3/8 w - - 0 1 moves e2d2 e5e4\ngo depth 1\n",
        );
        let errors: Vec<&str> = out.lines().filter(|l| l.contains("error")).collect();
        assert_eq!(
            errors,
            [
                "info string error: \"e5e4\" cannot be played: the game is already over \
              (Draw by insufficient material)"
            ],
            "{out}"
        );
        let best = out.lines().last().unwrap();
        assert!(best.starts_with("bestmove e"), "White's king moves: {out}");
    }

    #[test]
    fn position_history_is_kept() {
        let (p, h) = parse_position("startpos moves g1f3 g8f6 f3g1 f6g8").unwrap();
        assert_eq!(h.len(), 4);
        assert_eq!(zobrist(&p), h[0]);
    }

    #[test]
    fn explain_option_prints_sentences_and_metrics_before_bestmove() {
        let out = session(
            "setoption name Explain value true\nposition fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo depth 3\n",
        );
        let explanation = out
            .find("info string explanation")
            .expect("an explanation line");
        let metrics = out
            .find("info string metrics concreteness")
            .expect("a metrics line");
        let best = out.find("bestmove a1a8").expect("the mate is played");
        assert!(explanation < best && metrics < best, "{out}");
        let off = session("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo depth 3\n");
        assert!(
            !off.contains("info string explanation"),
            "off by default: {off}"
        );
        let bad = session("setoption name Explain value maybe\n");
        assert!(
            bad.contains("info string error: option Explain: \"maybe\" is not true or false"),
            "{bad}"
        );
    }
}

#[cfg(test)]
#[path = "variant/pawn_battle/uci_tests.rs"]
mod pawn_battle_tests;

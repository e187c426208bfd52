//! Reviews that deepen: after the first pass ([`super::review_game`]) the review keeps
//! searching, in rounds each [`STEP`] plies deeper than the last (or [`crate::analysis::VERIFY_FACTOR`]
//! times the move time), the plies that matter first ([`order`]: flagged moves and only moves,
//! then moves near a verdict's threshold, then the best moves, then the rest; book moves are
//! never judged). Each ply is judged again as the first pass judges it (the same
//! [`crate::analysis::judged_search`] with deeper limits, the same analyst) and reported again
//! as a [`ReviewEvent::Ply`] when its judgement went at least as deep as the one it replaces, so
//! the verdicts, the graph and the accuracy of an interface settle as the rounds go on.
//! [`refine_game`] runs the rounds until its deadline ([`Refine`]), the caller's stop flag or
//! the last round ([`MAX_ROUNDS`]); [`label`] is the review header's "refining (depth N)".

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::{PlyReview, ReviewEvent, Reviewed, Settings, first_search_of, review_ply};
use crate::analysis;
use crate::engine::{SearchLimits, SearchMemory};
use crate::explain::quality::Quality;
use crate::game::Game;

/// How long a review keeps deepening after its first pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Refine {
    /// Not at all: the first pass is the review (the default of [`Settings::default`]).
    #[default]
    Off,
    /// Until the review has had this long of its cores, first pass included
    /// (`--refine-seconds N`): a budget of CPU time, this duration times the review's workers
    /// ([`budget_spent`]), so that a refined review is as deep on a loaded machine as on a free
    /// one (where it is this long by the clock).
    For(Duration),
    /// Until the review is stopped (the review screen: until the user leaves it or quits).
    Unlimited,
    /// This many rounds, however long they take (`--refine-depth D`, [`Refine::to_depth`]):
    /// the same plies judged at the same depths on any machine and under any load (at most
    /// [`MAX_ROUNDS`]).
    Rounds(u32),
}

impl Refine {
    /// `--refine-seconds N`: 0 is [`Refine::Off`].
    #[must_use]
    pub fn seconds(n: u64) -> Refine {
        match n {
            0 => Refine::Off,
            n => Refine::For(Duration::from_secs(n)),
        }
    }

    /// `--refine-depth D`: the rounds that take a review whose first pass searched to `base`
    /// ([`nominal_depth`]: the review's depth, or an external analyst's own) to depth `depth`,
    /// [`STEP`] plies a round (a depth between two rounds' rounds up), at most [`MAX_ROUNDS`];
    /// [`Refine::Off`] when `depth` is not deeper than `base`.
    ///
    /// ```
    /// use kibitzer::review::refine::Refine;
    /// assert_eq!(Refine::to_depth(8, 12), Refine::Rounds(2));
    /// assert_eq!(Refine::to_depth(8, 11), Refine::Rounds(2));
    /// assert_eq!(Refine::to_depth(8, 8), Refine::Off);
    /// assert_eq!(Refine::to_depth(8, 99), Refine::Rounds(6));
    /// ```
    #[must_use]
    pub fn to_depth(base: u32, depth: u32) -> Refine {
        match depth.saturating_sub(base).div_ceil(STEP).min(MAX_ROUNDS) {
            0 => Refine::Off,
            n => Refine::Rounds(n),
        }
    }
}

/// When a review started, by the wall clock and by the program's CPU clock
/// ([`crate::cpu::tree`]: its threads and its engines; `None` where it cannot be read).
#[derive(Debug, Clone, Copy)]
pub struct Started {
    /// The wall clock.
    pub wall: Instant,
    /// The CPU time used by then.
    pub cpu: Option<Duration>,
}

impl Started {
    /// Now.
    #[must_use]
    pub fn now() -> Started {
        Started {
            wall: Instant::now(),
            cpu: crate::cpu::tree(),
        }
    }

    /// The CPU time used since (`None` when the CPU clock cannot be read).
    #[must_use]
    pub fn cpu_used(&self) -> Option<Duration> {
        Some(crate::cpu::tree()?.saturating_sub(self.cpu?))
    }
}

/// Whether a review given `budget` (`--refine-seconds`) with `workers` workers has spent it:
/// `cpu` (the CPU time it used, its engines' included) reached `budget` × `workers`, or, where
/// the CPU time cannot be read, `wall` (the time since it started) reached `budget`. A loaded
/// machine that gives the review half its cores makes it last twice as long, with the same
/// searches.
///
/// ```
/// use std::time::Duration;
/// use kibitzer::review::refine::budget_spent;
/// let s = Duration::from_secs;
/// // 300 s on two workers is 600 s of CPU time, however long it takes by the clock.
/// assert!(!budget_spent(s(300), 2, s(500), Some(s(450))));
/// assert!(budget_spent(s(300), 2, s(310), Some(s(600))));
/// assert!(budget_spent(s(300), 2, s(300), None));
/// ```
#[must_use]
pub fn budget_spent(
    budget: Duration,
    workers: usize,
    wall: Duration,
    cpu: Option<Duration>,
) -> bool {
    match cpu {
        Some(cpu) => {
            cpu >= budget.saturating_mul(u32::try_from(workers.max(1)).unwrap_or(u32::MAX))
        }
        None => wall >= budget,
    }
}

/// How many plies deeper each round searches than the one before (the verification's step,
/// [`analysis::VERIFY_EXTRA_DEPTH`]).
pub const STEP: u32 = analysis::VERIFY_EXTRA_DEPTH;

/// The most rounds a refinement runs (depth 8 becomes 20 with the built-in engine; Stockfish's
/// 14 becomes 26); then it reports [`ReviewEvent::Refined`] and ends.
pub const MAX_ROUNDS: u32 = 6;

/// How close (in winning chances) to a verdict's threshold (0.1, 0.2, 0.3) a move's drop is
/// "near a threshold" for [`order`]: the first judgement's own noise.
pub const NEAR_THRESHOLD: f64 = 0.05;

/// How often the refinement reads its budget: every this many checks of 20 ms
/// ([`crate::cpu::READ_EVERY`]: reading the CPU clock scans `/proc`).
#[allow(clippy::cast_possible_truncation)]
const BUDGET_TICKS: u32 = (crate::cpu::READ_EVERY.as_millis() / 20) as u32;

/// Why a ply is refined early or late; smaller first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// An inaccuracy or worse, an only move, a missed win or mate, an allowed mate.
    Flagged,
    /// A drop within [`NEAR_THRESHOLD`] of a verdict's threshold.
    NearThreshold,
    /// The engine's own choice.
    Best,
    /// Everything else.
    Rest,
}

/// When ply `p` is refined; `None` for a book move (never judged).
#[must_use]
pub fn priority(p: &PlyReview) -> Option<Priority> {
    let c = &p.classification;
    if c.quality == Quality::Book {
        return None;
    }
    if c.is_error() || c.only_move || c.missed_win || c.missed_mate || c.allowed_mate {
        return Some(Priority::Flagged);
    }
    if threshold_distance(c.drop) < NEAR_THRESHOLD {
        return Some(Priority::NearThreshold);
    }
    if c.quality == Quality::Best {
        return Some(Priority::Best);
    }
    Some(Priority::Rest)
}

/// How far a drop (winning chances) is from the nearest verdict threshold (0.1, 0.2, 0.3).
///
/// ```
/// # use kibitzer::review::refine::threshold_distance;
/// assert!((threshold_distance(0.12) - 0.02).abs() < 1e-9);
/// assert!((threshold_distance(0.0) - 0.1).abs() < 1e-9);
/// ```
#[must_use]
pub fn threshold_distance(drop: f64) -> f64 {
    THRESHOLDS
        .iter()
        .map(|t| (drop - t).abs())
        .fold(f64::INFINITY, f64::min)
}

/// The drops (winning chances) at which a verdict changes: inaccuracy, mistake, blunder.
const THRESHOLDS: [f64; 3] = [0.1, 0.2, 0.3];

/// Whether two successive judgements of a ply (`old`, then the deeper `new`) agree on its
/// verdict, so that more depth is not spent on it ([`refine_game`] leaves it alone from then
/// on): the same error class (inaccuracy, mistake, blunder, or none: best, excellent and good
/// are one verdict here), the same flags (only move, missed win or mate, allowed mate), for an
/// error the same better move (the review names it), and the deeper drop not within
/// [`NEAR_THRESHOLD`] of a threshold (where a little more depth can still change the class).
/// A move that is no error at either depth settles whatever the engine's own choice: the
/// review names no better move for it, and the best move of a quiet position often changes
/// between depths without changing any verdict.
#[must_use]
pub fn same_verdict(old: &PlyReview, new: &PlyReview) -> bool {
    let (a, b) = (&old.classification, &new.classification);
    let class = |c: &crate::review::classify::Classification| c.is_error().then_some(c.quality);
    class(a) == class(b)
        && (a.only_move, a.missed_win, a.missed_mate, a.allowed_mate)
            == (b.only_move, b.missed_win, b.missed_mate, b.allowed_mate)
        && (!b.is_error() || old.best_uci == new.best_uci)
        && threshold_distance(b.drop) >= NEAR_THRESHOLD
}

/// The plies of `plies` in the order a round refines them: by [`priority`], then by how close
/// the drop is to a verdict's threshold ([`threshold_distance`]: where a deeper search is most
/// likely to change the verdict), then in the order of the game; book moves left out.
///
/// ```
/// # use kibitzer::review::refine::order;
/// assert!(order(&[]).is_empty());
/// ```
#[must_use]
pub fn order(plies: &[PlyReview]) -> Vec<usize> {
    let mut out: Vec<(Priority, f64, usize)> = plies
        .iter()
        .filter_map(|p| priority(p).map(|k| (k, threshold_distance(p.classification.drop), p.ply)))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)));
    out.into_iter().map(|(_, _, i)| i).collect()
}

/// The review header's line while a review deepens (one place for its words).
///
/// ```
/// assert_eq!(kibitzer::review::refine::label(12), "refining (depth 12)");
/// ```
#[must_use]
pub fn label(depth: u32) -> String {
    crate::i18n::tr("review-refining", &[("depth", depth.into())])
}

/// The header's line once the last round is over.
///
/// ```
/// assert_eq!(kibitzer::review::refine::settled_label(20), "refined to depth 20");
/// ```
#[must_use]
pub fn settled_label(depth: u32) -> String {
    crate::i18n::tr("review-refined", &[("depth", depth.into())])
}

/// The review header's progress line once the first pass is over: `analysis complete`, then
/// `analysis complete · refining (depth N)` ([`label`]) or `… · refined to depth N`
/// ([`settled_label`]) as the refinement goes (`refining`: [`super::ReviewState::refining`]).
///
/// ```
/// use kibitzer::review::{refine::header, state::Refining};
/// assert_eq!(header(None), "analysis complete");
/// assert_eq!(header(Some(Refining::Round(10))), "analysis complete · refining (depth 10)");
/// ```
#[must_use]
pub fn header(refining: Option<super::state::Refining>) -> String {
    use super::state::Refining;
    match refining {
        None => crate::i18n::t("review-complete"),
        Some(Refining::Round(d)) => format!("{} · {}", crate::i18n::t("review-complete"), label(d)),
        Some(Refining::Settled(d)) => {
            format!(
                "{} · {}",
                crate::i18n::t("review-complete"),
                settled_label(d)
            )
        }
    }
}

/// `limits` `round` rounds deeper: [`STEP`] plies more per round, [`analysis::VERIFY_FACTOR`]
/// times the move time and nodes per round.
#[must_use]
pub fn deeper_limits(limits: &SearchLimits, round: u32) -> SearchLimits {
    let factor = analysis::VERIFY_FACTOR.saturating_pow(round);
    SearchLimits {
        depth: limits.depth.map(|d| d + STEP * round),
        nodes: limits.nodes.map(|n| n.saturating_mul(u64::from(factor))),
        movetime: limits.movetime.map(|t| t.saturating_mul(factor)),
        ..limits.clone()
    }
}

/// Play mode's deeper judgement of a move while the human thinks (its verdicts deepen, as a
/// review's do): round `round` searches [`STEP`] plies deeper than the verdict it would
/// replace (`depth`, the depth that verdict's search reached; unknown: `limits`
/// [`deeper_limits`] by `round`), to that depth whatever the time, and an external analyst's
/// own budget (`budget`) goes `round` rounds deeper. Returns the built-in engine's limits and
/// the external analyst's budget.
///
/// ```
/// use kibitzer::engine::SearchLimits;
/// use kibitzer::review::refine::deeper_judgement;
/// let play = SearchLimits::movetime(std::time::Duration::from_millis(1000));
/// let (limits, budget) = deeper_judgement(&play, Some(&SearchLimits::depth(14)), Some(9), 1);
/// assert_eq!((limits.depth, limits.movetime), (Some(11), None));
/// assert_eq!(budget.and_then(|b| b.depth), Some(16));
/// ```
#[must_use]
pub fn deeper_judgement(
    limits: &SearchLimits,
    budget: Option<&SearchLimits>,
    depth: Option<u32>,
    round: u32,
) -> (SearchLimits, Option<SearchLimits>) {
    let limits = match depth {
        Some(d) => SearchLimits {
            depth: Some(d + STEP),
            movetime: None,
            nodes: None,
            ..limits.clone()
        },
        None => deeper_limits(limits, round),
    };
    (limits, budget.map(|b| deeper_limits(b, round)))
}

/// The review's settings of round `round` (1 = the first round after the first pass): the
/// review's limits and an external analyst's own budget [`deeper_limits`].
#[must_use]
pub fn deeper(settings: &Settings, round: u32) -> Settings {
    let mut out = settings.clone();
    out.limits = deeper_limits(&settings.limits, round);
    out.analyst.budget = settings
        .analyst
        .budget
        .as_ref()
        .map(|b| deeper_limits(b, round));
    out.second_best = true;
    out
}

/// The depth a round's searches go to, for the header: the external analyst's budget depth
/// when it has one, else the review's; `None` for limits without a depth (then the header
/// shows the deepest search so far). The first pass's depth when `settings` are the review's.
#[must_use]
pub fn nominal_depth<P: Reviewed>(settings: &Settings) -> Option<u32> {
    match &settings.analyst.budget {
        Some(b) if P::EXTERNAL_ANALYST && !settings.analyst.is_builtin() => b.depth,
        _ => settings.limits.depth,
    }
}

/// What a refinement did, for `kibitzer review --json` (`"refinement"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Refined {
    /// The refinement's budget, first pass included (`--refine-seconds`).
    pub seconds: u64,
    /// Rounds completed (every ply of the round judged again).
    pub rounds: u32,
    /// The depth of the deepest round started (`None`: no round started, the first pass took
    /// the whole budget).
    pub depth: Option<u32>,
    /// How many times a ply's judgement was replaced by a deeper one.
    pub plies: usize,
}

/// Deepens the review `first` (the first pass's plies of `game`, in order) round after round,
/// reporting [`ReviewEvent::Refining`] at the start of each round, each ply judged again as a
/// [`ReviewEvent::Ply`], and [`ReviewEvent::Refined`] after the last round. Ends when `refine`'s
/// budget since `started` is spent ([`budget_spent`]; the search under way is stopped and its
/// ply dropped), when
/// `stop` is set (nothing more is reported), or after [`MAX_ROUNDS`]. With the built-in engine
/// the plies of a round are shared among [`Settings::workers`] workers.
pub fn refine_game<P: Reviewed>(
    game: &Game<P>,
    settings: &Settings,
    first: &[PlyReview],
    refine: Refine,
    started: Started,
    stop: &AtomicBool,
    on_event: &mut dyn FnMut(ReviewEvent),
) -> Refined {
    let rounds = match refine {
        Refine::Rounds(n) => n.min(MAX_ROUNDS),
        _ => MAX_ROUNDS,
    };
    let until = (refine, started, rounds);
    refine_rounds(game, settings, first, until, stop, on_event)
}

/// [`refine_game`] with at most `rounds` rounds (`until`: the refinement, when the review
/// started, the rounds).
fn refine_rounds<P: Reviewed>(
    game: &Game<P>,
    settings: &Settings,
    first: &[PlyReview],
    (refine, started, rounds): (Refine, Started, u32),
    stop: &AtomicBool,
    on_event: &mut dyn FnMut(ReviewEvent),
) -> Refined {
    let budget = match refine {
        Refine::Off => return Refined::default(),
        Refine::For(d) => Some(d),
        Refine::Unlimited | Refine::Rounds(_) => None,
    };
    let workers = settings.workers();
    let mut report = Refined {
        seconds: budget.map_or(0, |d| d.as_secs()),
        ..Refined::default()
    };
    // The budget's last reading (the CPU clock reads /proc: not at every check).
    let spent = AtomicBool::new(false);
    let check_budget = || {
        if let Some(b) = budget {
            let now = budget_spent(b, workers, started.wall.elapsed(), started.cpu_used());
            spent.store(now, Ordering::Relaxed);
        }
    };
    check_budget();
    let mut plies: Vec<PlyReview> = first.to_vec();
    // Plies whose last two judgements agreed ([`same_verdict`]): not judged again.
    let mut settled = vec![false; plies.len()];
    let mut all_settled = false;
    // Set at the deadline or when `stop` is: ends the search under way.
    let halt = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    // Whether the refinement must end (then `halt` is set).
    let over = || {
        if stop.load(Ordering::Relaxed) || spent.load(Ordering::Relaxed) {
            halt.store(true, Ordering::Relaxed);
        }
        halt.load(Ordering::Relaxed)
    };
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut tick = 0u32;
            while !finished.load(Ordering::Relaxed) && !over() {
                std::thread::sleep(Duration::from_millis(20));
                tick += 1;
                if tick.is_multiple_of(BUDGET_TICKS) {
                    check_budget();
                }
            }
        });
        for round in 1..=rounds {
            if over() {
                break;
            }
            let todo: Vec<usize> = order(&plies)
                .into_iter()
                .filter(|&i| !settled.get(i).copied().unwrap_or(false))
                .collect();
            if todo.is_empty() && round > 1 {
                all_settled = true;
                break;
            }
            let deeper = deeper(settings, round);
            let mut deepest = nominal_depth::<P>(&deeper);
            let shown = deepest.unwrap_or_else(|| plies.iter().map(|p| p.depth).max().unwrap_or(0));
            report.depth = Some(shown);
            on_event(ReviewEvent::Refining(shown));
            let complete = refine_round(
                game,
                (settings, &deeper),
                &todo,
                (&halt, &over),
                &mut |p, notices| {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    for n in notices {
                        on_event(ReviewEvent::Notice(n));
                    }
                    let i = p.ply;
                    if let Some(old) = plies.get(i).filter(|old| p.depth >= old.depth) {
                        if let Some(s) = settled.get_mut(i) {
                            *s = p.depth > old.depth && same_verdict(old, &p);
                        }
                        if deepest.is_none_or(|d| p.depth > d)
                            && nominal_depth::<P>(&deeper).is_none()
                        {
                            deepest = Some(p.depth);
                            report.depth = deepest;
                            on_event(ReviewEvent::Refining(p.depth));
                        }
                        report.plies += 1;
                        plies[i] = (*p).clone();
                        on_event(ReviewEvent::Ply(p));
                    }
                },
            );
            if !complete {
                break;
            }
            report.rounds = round;
        }
        finished.store(true, Ordering::Relaxed);
    });
    if !stop.load(Ordering::Relaxed) && (report.rounds == rounds || all_settled) {
        on_event(ReviewEvent::Refined(report.depth.unwrap_or(0)));
    }
    report
}

/// One round: the plies `todo` of `game` judged again with `settings`, each handed to `done`
/// with the analyst's notices. `halt` stops the searches under way; `over` says (before each
/// ply) whether the refinement must end, setting `halt`. False when the round was cut short
/// (the ply under way is dropped).
fn refine_round<P: Reviewed>(
    game: &Game<P>,
    (first, settings): (&Settings, &Settings),
    todo: &[usize],
    (halt, over): (&AtomicBool, &(dyn Fn() -> bool + Sync)),
    done: &mut dyn FnMut(Box<PlyReview>, Vec<String>),
) -> bool {
    if todo.is_empty() {
        // Nothing to judge (a game of book moves): no engine is started.
        return !over();
    }
    let workers = settings.workers().clamp(1, todo.len());
    let next = AtomicUsize::new(0);
    let start_worker = || super::start_worker(game, settings);
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, start_worker) = (&next, &start_worker);
            scope.spawn(move || {
                let (mut analyst, mut memory) = start_worker();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&i) = todo.get(k) else {
                        return;
                    };
                    if over() {
                        return;
                    }
                    let judged =
                        refine_ply(game, i, (first, settings), &mut analyst, &mut memory, halt);
                    let notices = analyst.take_notices();
                    if halt.load(Ordering::Relaxed) {
                        return;
                    }
                    if tx.send((judged, notices)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for (judged, notices) in rx {
            if let Some(p) = judged {
                done(Box::new(p), notices);
            }
        }
    });
    !halt.load(Ordering::Relaxed)
}

/// How deep a refined ply's position after the move is searched ([`after_limits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterSearch {
    /// Not at all: the played move is the judgement's best move, whose line and score come
    /// from the search before it.
    None,
    /// At the first pass's limits, for the line after the move alone (the position database
    /// holds it from the first pass): the judgement has the played move's exact score.
    First,
    /// As deep as the round: the played move's score comes from it (an external analyst's
    /// judgement scores only its best move).
    Deeper,
}

/// What a refined judgement `judged` of the move `played` needs of the position after it:
/// nothing when the move is the judgement's best, its line alone when the built-in engine
/// (`builtin`) scored the move exactly in the search before it, else a search as deep as the
/// round's. The first pass searches every position anyway (each is the next ply's position
/// before); a refinement searching the position after every ply again at the deeper limits
/// spent about half its time there.
#[must_use]
pub fn after_limits(
    judged: &crate::engine::SearchResult,
    played: &shakmaty::Move,
    builtin: bool,
) -> AfterSearch {
    if judged.best_move.as_ref() == Some(played) {
        AfterSearch::None
    } else if builtin && analysis::convert::exact_root_score(judged, *played).is_some() {
        AfterSearch::First
    } else {
        AfterSearch::Deeper
    }
}

/// Ply `i` judged again with `settings`: the position before it searched and judged as the
/// first pass does (with `first`, the first pass's settings), the position after it searched
/// for the line after the move only when the judgement needs it ([`after_limits`]).
fn refine_ply<P: Reviewed>(
    game: &Game<P>,
    i: usize,
    (first, settings): (&Settings, &Settings),
    analyst: &mut analysis::Analyst,
    memory: &mut SearchMemory,
    halt: &AtomicBool,
) -> Option<PlyReview> {
    let before = super::search_position_of(game, i, settings, analyst, memory, halt)?;
    let played = game.moves().get(i)?.mv;
    let after = match after_limits(&before.judged, &played, analyst.is_builtin()) {
        AfterSearch::None => before.judged.clone(),
        AfterSearch::First => first_search_of(game, i + 1, first, analyst, memory, halt)?,
        AfterSearch::Deeper => first_search_of(game, i + 1, settings, analyst, memory, halt)?,
    };
    if after.stopped || before.judged.stopped || halt.load(Ordering::Relaxed) {
        return None;
    }
    let mut p = review_ply(game, i, &before.judged, &after, settings)?;
    p.judged_by = analysis::judge_name(before.judged_by, Some(&p.explanation));
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::classify::Classification;
    use crate::review::review_game;

    fn game(moves: &str) -> Game {
        let mut g = Game::new();
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap();
        }
        g
    }

    fn settings() -> Settings {
        Settings {
            limits: SearchLimits::depth(2),
            hash_mb: 4,
            threads: 1,
            ..Settings::default()
        }
    }

    fn first_pass(g: &Game, s: &Settings) -> Vec<PlyReview> {
        let mut plies = Vec::new();
        review_game(g, s, &AtomicBool::new(false), &mut |e| {
            if let ReviewEvent::Ply(p) = e {
                plies.push(*p);
            }
        });
        plies
    }

    #[test]
    fn the_flagged_moves_come_first_and_book_moves_never() {
        // 1.e4 e5 (book), 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#.
        let g = game("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
        let plies = first_pass(&g, &settings());
        let order = order(&plies);
        // The blunder Nf6 is among the first, with the other flagged moves.
        assert_eq!(priority(&plies[5]), Some(Priority::Flagged));
        let flagged = order
            .iter()
            .filter(|&&i| priority(&plies[i]) == Some(Priority::Flagged))
            .count();
        assert!(order[..flagged].contains(&5), "{order:?}");
        for p in &plies {
            let listed = order.contains(&p.ply);
            assert_eq!(
                listed,
                p.classification.quality != Quality::Book,
                "{}",
                p.san
            );
        }
        let mut last = Priority::Flagged;
        for i in &order {
            let k = priority(&plies[*i]).unwrap();
            assert!(k >= last, "{order:?}");
            last = k;
        }
    }

    #[test]
    fn within_a_priority_the_drop_closest_to_a_threshold_comes_first() {
        let g = game("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
        let mut plies = first_pass(&g, &settings());
        // Three moves the first pass judged "good", at 0.09, 0.06 and 0.04 from a threshold
        // (0.01, 0.04 and 0.06 below 0.1): the one nearest 0.1 first, whatever its ply.
        for (i, drop) in [(2, 0.06), (3, 0.09), (4, 0.04)] {
            plies[i].classification = Classification {
                quality: Quality::Good,
                only_move: false,
                missed_win: false,
                missed_mate: false,
                allowed_mate: false,
                drop,
            };
        }
        let order = order(&plies);
        let at = |i: usize| order.iter().position(|&k| k == i).unwrap();
        assert_eq!(priority(&plies[3]), Some(Priority::NearThreshold));
        assert_eq!(priority(&plies[2]), Some(Priority::NearThreshold));
        assert!(at(3) < at(2), "{order:?}");
        assert!(at(2) < at(4), "{order:?}");
    }

    #[test]
    fn a_move_no_error_at_two_depths_settles_though_the_engines_choice_changed() {
        let g = game("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
        let plies = first_pass(&g, &settings());
        let with = |p: &PlyReview, quality, drop, best: &str| {
            let mut p = p.clone();
            p.classification = Classification {
                quality,
                only_move: false,
                missed_win: false,
                missed_mate: false,
                allowed_mate: false,
                drop,
            };
            p.best_uci = best.to_owned();
            p
        };
        let p = &plies[2];
        // A good move at both depths, far from every threshold, the engine's choice changed:
        // settled (the review names no better move for it).
        let (a, b) = (
            with(p, Quality::Good, 0.03, "d2d4"),
            with(p, Quality::Excellent, 0.01, "g1f3"),
        );
        assert!(same_verdict(&a, &b));
        // An error (a blunder's drop, far from every threshold) whose better move changed is not:
        // the review names the better move.
        let (a, b) = (
            with(p, Quality::Blunder, 0.4, "d2d4"),
            with(p, Quality::Blunder, 0.4, "g1f3"),
        );
        assert!(!same_verdict(&a, &b));
        assert!(same_verdict(&a, &with(p, Quality::Blunder, 0.4, "d2d4")));
        // Near a threshold more depth can still change the class: not settled.
        let (a, b) = (
            with(p, Quality::Good, 0.03, "d2d4"),
            with(p, Quality::Good, 0.08, "d2d4"),
        );
        assert!(!same_verdict(&a, &b));
    }

    /// The scholar's mate, its first pass and `rounds` rounds of refinement without a deadline.
    fn scholars_mate_refined(rounds: u32) -> (Vec<PlyReview>, Vec<ReviewEvent>, Refined) {
        let g = game("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
        let s = settings();
        let plies = first_pass(&g, &s);
        let mut events = Vec::new();
        let report = refine_rounds(
            &g,
            &s,
            &plies,
            (Refine::Unlimited, Started::now(), rounds),
            &AtomicBool::new(false),
            &mut |e| events.push(e),
        );
        (plies, events, report)
    }

    #[test]
    fn a_ply_whose_verdict_two_depths_agree_on_is_not_searched_again() {
        let (plies, events, report) = scholars_mate_refined(3);
        // Each ply's judgements in order: the first pass's, then each round's.
        let mut judged: Vec<Vec<PlyReview>> = plies.iter().map(|p| vec![p.clone()]).collect();
        for e in &events {
            if let ReviewEvent::Ply(p) = e {
                judged[p.ply].push((**p).clone());
            }
        }
        let mut settled = 0;
        for (i, js) in judged.iter().enumerate() {
            if plies[i].classification.quality == Quality::Book {
                assert_eq!(js.len(), 1, "{}: a book move is never judged", plies[i].san);
                continue;
            }
            // Judged again until two successive judgements agree, then left alone.
            let agree = js.windows(2).position(|w| same_verdict(&w[0], &w[1]));
            match agree {
                Some(k) => {
                    assert_eq!(
                        js.len(),
                        k + 2,
                        "{}: judged again once settled",
                        plies[i].san
                    );
                    settled += 1;
                }
                None => assert_eq!(js.len(), 4, "{}: every round", plies[i].san),
            }
        }
        // The mate and the blunder do not change with depth: settled after the first round.
        assert!(settled >= 2, "{judged:?}");
        assert!(report.rounds >= 1);
        assert!(matches!(events.last(), Some(ReviewEvent::Refined(_))));
    }

    #[test]
    fn deeper_rounds_step_the_depth_time_and_an_external_budget() {
        let s = Settings {
            analyst: analysis::AnalystSpec::new("stockfish", Vec::new()),
            ..settings()
        };
        let d = deeper(&s, 2);
        assert_eq!(d.limits.depth, Some(2 + 2 * STEP));
        assert_eq!(
            d.analyst.budget.and_then(|b| b.depth),
            Some(crate::analysis::external::DEFAULT_DEPTH + 2 * STEP)
        );
        let timed = deeper_limits(&SearchLimits::movetime(Duration::from_millis(100)), 1);
        assert_eq!(timed.movetime, Some(Duration::from_millis(300)));
        assert_eq!(Refine::seconds(0), Refine::Off);
        assert_eq!(Refine::seconds(3), Refine::For(Duration::from_secs(3)));
    }

    #[test]
    fn rounds_report_deeper_plies_and_end_after_the_last() {
        let (plies, events, report) = scholars_mate_refined(2);
        assert_eq!(report.rounds, 2);
        assert_eq!(report.depth, Some(2 + STEP * 2));
        assert!(matches!(events.first(), Some(ReviewEvent::Refining(4))));
        assert!(matches!(events.last(), Some(ReviewEvent::Refined(6))));
        let mut refined = plies.clone();
        for e in &events {
            if let ReviewEvent::Ply(p) = e {
                assert!(p.depth >= refined[p.ply].depth, "{}", p.san);
                refined[p.ply] = (**p).clone();
            }
        }
        // Every judged ply went deeper than the first pass; the blunder stays a blunder.
        for (a, b) in plies.iter().zip(&refined) {
            if a.classification.quality != Quality::Book {
                assert!(b.depth > a.depth, "{}: {} then {}", a.san, a.depth, b.depth);
            }
        }
        assert_eq!(refined[5].classification.quality, Quality::Blunder);
    }

    #[test]
    fn a_deadline_or_a_stop_ends_the_refinement() {
        let g = game("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
        let s = settings();
        let plies = first_pass(&g, &s);
        // A deadline already past: no round completes, the search under way is dropped.
        let mut n = 0;
        let report = refine_game(
            &g,
            &s,
            &plies,
            Refine::For(Duration::ZERO),
            Started::now(),
            &AtomicBool::new(false),
            &mut |e| {
                if matches!(e, ReviewEvent::Ply(_)) {
                    n += 1;
                }
            },
        );
        assert_eq!(report.rounds, 0);
        assert_eq!(n, 0);
        let mut n = 0;
        let report = refine_game(
            &g,
            &s,
            &plies,
            Refine::Unlimited,
            Started::now(),
            &AtomicBool::new(true),
            &mut |_| n += 1,
        );
        assert_eq!((report.rounds, n), (0, 0));
        assert_eq!(
            refine_game(
                &g,
                &s,
                &plies,
                Refine::Off,
                Started::now(),
                &AtomicBool::new(false),
                &mut |_| panic!("no refinement")
            ),
            Refined::default()
        );
    }
}

//! Chess clocks: a [`TimeControl`] ("10+5", a preset, or untimed), a two-sided [`Clock`]
//! driven by readings of an injected [`TimeSource`] (the system's monotonic clock, or a fake
//! one in tests), and the PGN forms (`TimeControl` tag, `[%clk h:mm:ss]` comments).
//!
//! The clock never reads the time itself: every call takes `now`, so the model stays a pure
//! function of its events and tests move time by hand.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use shakmaty::Color;

/// How much time each side gets: a base time and an increment added after each of its moves,
/// or no clock at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TimeControl {
    /// No clock.
    #[default]
    Untimed,
    /// A clock for each side.
    Timed {
        /// Time at the start, per side.
        base: Duration,
        /// Time added after each move.
        increment: Duration,
    },
}

/// The time controls the new-game dialog offers, in order.
pub const PRESETS: [TimeControl; 7] = [
    TimeControl::Untimed,
    TimeControl::minutes(1, 0),
    TimeControl::minutes(3, 2),
    TimeControl::minutes(5, 3),
    TimeControl::minutes(10, 5),
    TimeControl::minutes(15, 10),
    TimeControl::minutes(30, 0),
];

impl TimeControl {
    /// `minutes` per side plus `increment` seconds per move.
    #[must_use]
    pub const fn minutes(minutes: u64, increment: u64) -> TimeControl {
        TimeControl::Timed {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment),
        }
    }

    /// The PGN `TimeControl` tag value: seconds, `+` increment in seconds (`600+5`), or `-`.
    ///
    /// ```
    /// use kibitzer::clock::TimeControl;
    /// assert_eq!(TimeControl::minutes(10, 5).pgn_tag(), "600+5");
    /// assert_eq!(TimeControl::Untimed.pgn_tag(), "-");
    /// ```
    #[must_use]
    pub fn pgn_tag(&self) -> String {
        match self {
            TimeControl::Untimed => "-".to_owned(),
            TimeControl::Timed { base, increment } => {
                format!("{}+{}", base.as_secs(), increment.as_secs())
            }
        }
    }

    /// Reads a PGN `TimeControl` tag (`600+5`, `300`, `-`); `None` for forms it does not
    /// know (several periods, sandglass), which are then played untimed.
    #[must_use]
    pub fn from_pgn_tag(tag: &str) -> Option<TimeControl> {
        let tag = tag.trim();
        if tag == "-" || tag == "?" {
            return Some(TimeControl::Untimed);
        }
        let (base, increment) = tag.split_once('+').unwrap_or((tag, "0"));
        let base: u64 = base.parse().ok()?;
        let increment: u64 = increment.parse().ok()?;
        (base > 0).then(|| TimeControl::Timed {
            base: Duration::from_secs(base),
            increment: Duration::from_secs(increment),
        })
    }

    /// The next preset after this one (`forward`) or before it, for the new-game dialog.
    #[must_use]
    pub fn cycle(self, forward: bool) -> TimeControl {
        let n = PRESETS.len();
        let at = PRESETS.iter().position(|p| *p == self);
        let next = match (at, forward) {
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
            (None, _) => 0,
        };
        PRESETS[next]
    }
}

impl fmt::Display for TimeControl {
    /// `10+5`, `1+0`, or `untimed` (the form [`TimeControl::from_str`] reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Untimed => f.write_str("untimed"),
            TimeControl::Timed { base, increment } => {
                let secs = base.as_secs();
                if secs % 60 == 0 {
                    write!(f, "{}+{}", secs / 60, increment.as_secs())
                } else {
                    write!(f, "{}s+{}", secs, increment.as_secs())
                }
            }
        }
    }
}

impl From<TimeControl> for String {
    fn from(tc: TimeControl) -> String {
        tc.to_string()
    }
}

impl TryFrom<String> for TimeControl {
    type Error = TimeControlError;

    fn try_from(text: String) -> Result<TimeControl, TimeControlError> {
        text.parse()
    }
}

/// Why a time control was not understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControlError {
    /// The text given.
    pub input: String,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "time control {:?} not understood: write minutes+increment seconds (1+0, 3+2, 5+3, \
             10+5, 15+10, 30+0; at most 600 minutes and 600 seconds), seconds+increment \
             (30s+0) or \"untimed\"",
            crate::echo::echo(&self.input)
        )
    }
}

impl std::error::Error for TimeControlError {}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `10+5` (minutes + increment seconds), `10` (no increment), `30s+0` (a base in
    /// seconds) or `untimed`.
    ///
    /// ```
    /// use kibitzer::clock::TimeControl;
    /// assert_eq!("3+2".parse(), Ok(TimeControl::minutes(3, 2)));
    /// assert_eq!("untimed".parse(), Ok(TimeControl::Untimed));
    /// assert!("3+".parse::<TimeControl>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let error = || TimeControlError {
            input: text.to_owned(),
        };
        let t = text.trim();
        if t.eq_ignore_ascii_case("untimed") || t.eq_ignore_ascii_case("none") {
            return Ok(TimeControl::Untimed);
        }
        let (base, increment) = t.split_once('+').unwrap_or((t, "0"));
        let increment: u64 = increment.trim().parse().map_err(|_| error())?;
        // `30s+0`: a base in seconds (bullet drills, tests).
        let base = match base.trim().strip_suffix('s') {
            Some(secs) => secs.trim().parse::<u64>().map_err(|_| error())?,
            None => base
                .trim()
                .parse::<u64>()
                .map_err(|_| error())?
                .saturating_mul(60),
        };
        if base == 0 || base > 600 * 60 || increment > 600 {
            return Err(error());
        }
        Ok(TimeControl::Timed {
            base: Duration::from_secs(base),
            increment: Duration::from_secs(increment),
        })
    }
}

/// Where "now" comes from: the system's monotonic clock, or a fake one that tests move.
#[derive(Debug, Clone)]
pub enum TimeSource {
    /// Time since this instant.
    System(Instant),
    /// Milliseconds set by hand ([`TimeSource::advance`]).
    Fake(Arc<AtomicU64>),
}

impl Default for TimeSource {
    fn default() -> Self {
        TimeSource::System(Instant::now())
    }
}

impl TimeSource {
    /// A fake source at zero.
    #[must_use]
    pub fn fake() -> TimeSource {
        TimeSource::Fake(Arc::new(AtomicU64::new(0)))
    }

    /// The current reading.
    #[must_use]
    pub fn now(&self) -> Duration {
        match self {
            TimeSource::System(origin) => origin.elapsed(),
            TimeSource::Fake(ms) => Duration::from_millis(ms.load(Ordering::Relaxed)),
        }
    }

    /// Moves a fake source forward (a system source ignores it).
    pub fn advance(&self, by: Duration) {
        if let TimeSource::Fake(ms) = self {
            let by = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
            ms.fetch_add(by, Ordering::Relaxed);
        }
    }
}

/// Two clocks, one running at a time. Times are kept per ply, so a takeback restores both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    /// The time control it was started with.
    pub control: TimeControl,
    increment: Duration,
    /// Time left (white, black) at the start of each ply; the last entry is the live one.
    times: Vec<[Duration; 2]>,
    /// The running side's start reading (`None`: stopped or paused).
    started: Option<Duration>,
    /// The side whose clock runs (or would run when resumed).
    turn: Color,
}

fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

impl Clock {
    /// A clock for `control` (`None` when untimed), stopped, `turn` to move.
    #[must_use]
    pub fn new(control: TimeControl, turn: Color) -> Option<Clock> {
        let TimeControl::Timed { base, increment } = control else {
            return None;
        };
        Some(Clock {
            control,
            increment,
            times: vec![[base, base]],
            started: None,
            turn,
        })
    }

    /// A clock resumed with these times left at the start of each ply (the first entry is the
    /// start of the game, the last one the live position), `turn` to move, stopped.
    #[must_use]
    pub fn resumed(control: TimeControl, times: Vec<[Duration; 2]>, turn: Color) -> Option<Clock> {
        let mut clock = Clock::new(control, turn)?;
        if !times.is_empty() {
            clock.times = times;
        }
        Some(clock)
    }

    /// The number of plies recorded (the live ply).
    #[must_use]
    pub fn ply(&self) -> usize {
        self.times.len() - 1
    }

    fn live(&self) -> [Duration; 2] {
        self.times.last().copied().unwrap_or_default()
    }

    /// Whether a side's clock runs.
    #[must_use]
    pub fn running(&self) -> bool {
        self.started.is_some()
    }

    /// The side whose clock runs (or runs when resumed).
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Time left for `color` at `now`.
    #[must_use]
    pub fn remaining(&self, color: Color, now: Duration) -> Duration {
        let left = self.live()[index(color)];
        match self.started {
            Some(start) if color == self.turn => left.saturating_sub(now.saturating_sub(start)),
            _ => left,
        }
    }

    /// Starts (or resumes) the clock of the side to move. Does nothing when it runs.
    pub fn start(&mut self, now: Duration) {
        if self.started.is_none() {
            self.started = Some(now);
        }
    }

    /// Stops the running clock, keeping the time used so far (quit, help, game over).
    pub fn pause(&mut self, now: Duration) {
        let left = self.remaining(self.turn, now);
        if self.started.take().is_some()
            && let Some(last) = self.times.last_mut()
        {
            last[index(self.turn)] = left;
        }
    }

    /// Reads a new time source from `now` on: a running clock restarts at `now` (the time
    /// since its start on the old source is not counted).
    pub fn rebase(&mut self, now: Duration) {
        if self.started.is_some() {
            self.started = Some(now);
        }
    }

    /// The side to move finished its move at `now`: its time used is taken, the increment
    /// added, and the other side's clock starts (when the clock ran).
    pub fn press(&mut self, now: Duration) {
        let running = self.started.is_some();
        let mover = self.turn;
        let mut times = self.live();
        times[index(mover)] = self.remaining(mover, now).saturating_add(self.increment);
        self.times.push(times);
        self.turn = !mover;
        self.started = running.then_some(now);
    }

    /// Back to the start of `ply` (a takeback): both sides' times as they were then, stopped.
    pub fn rewind(&mut self, ply: usize, turn: Color) {
        self.times.truncate(ply + 1);
        self.started = None;
        self.turn = turn;
    }

    /// The side whose time ran out at `now`, if any.
    #[must_use]
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        (self.started.is_some() && self.remaining(self.turn, now).is_zero()).then_some(self.turn)
    }

    /// Both sides' time left at the live ply, white's first: with a paused clock, the time
    /// the side to move has used on the move in progress taken (what [`Clock::set_live`]
    /// puts back when a saved game resumes).
    #[must_use]
    pub fn live_times(&self) -> [Duration; 2] {
        self.live()
    }

    /// Sets both sides' time left at the live ply, white's first (a resumed game's move in
    /// progress).
    pub fn set_live(&mut self, times: [Duration; 2]) {
        if let Some(last) = self.times.last_mut() {
            *last = times;
        }
    }

    /// The mover's time left just after the move at `ply` (for the PGN `[%clk]` comment).
    #[must_use]
    pub fn after_move(&self, ply: usize, mover: Color) -> Option<Duration> {
        self.times.get(ply + 1).map(|t| t[index(mover)])
    }
}

/// A clock's face: `4:59`, `1:02:03`, and tenths under ten seconds (`0:09.3`).
///
/// ```
/// use std::time::Duration;
/// use kibitzer::clock::face;
/// assert_eq!(face(Duration::from_secs(299)), "4:59");
/// assert_eq!(face(Duration::from_millis(9_350)), "0:09.3");
/// assert_eq!(face(Duration::from_secs(3723)), "1:02:03");
/// ```
#[must_use]
pub fn face(left: Duration) -> String {
    let secs = left.as_secs();
    if secs < 10 {
        return format!("0:{secs:02}.{}", left.subsec_millis() / 100);
    }
    if secs >= 3600 {
        return format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    }
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// The PGN clock comment for a time left: `[%clk 0:04:58]` (whole seconds, as Lichess writes).
///
/// ```
/// use std::time::Duration;
/// assert_eq!(kibitzer::clock::clk_comment(Duration::from_secs(298)), "[%clk 0:04:58]");
/// ```
#[must_use]
pub fn clk_comment(left: Duration) -> String {
    let secs = left.as_secs();
    format!(
        "[%clk {}:{:02}:{:02}]",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Reads the first `[%clk h:mm:ss]` (seconds may have decimals) in a PGN comment.
///
/// ```
/// use std::time::Duration;
/// use kibitzer::clock::read_clk;
/// assert_eq!(read_clk("[%clk 0:04:58] good"), Some(Duration::from_secs(298)));
/// assert_eq!(read_clk("[%clk 0:00:09.5]"), Some(Duration::from_millis(9_500)));
/// assert_eq!(read_clk("no clock"), None);
/// ```
#[must_use]
pub fn read_clk(comment: &str) -> Option<Duration> {
    let start = comment.find("[%clk ")? + "[%clk ".len();
    let rest = &comment[start..];
    let value = &rest[..rest.find(']')?];
    let mut parts = value.trim().split(':');
    let h: u64 = parts.next()?.parse().ok()?;
    let m: u64 = parts.next()?.parse().ok()?;
    let s: f64 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || !(0.0..60.0).contains(&s) || m >= 60 {
        return None;
    }
    Some(Duration::from_secs(h * 3600 + m * 60) + Duration::from_secs_f64(s))
}

/// The value of the PGN `ClocksLeft` tag: both sides' time left at the live position to the
/// tenth (`W 0:04:31.2 B 0:04:56.0`), so a game saved in the middle of a move resumes with
/// the time used on it taken ([`read_clocks_left`] reads it back).
///
/// ```
/// use std::time::Duration;
/// use kibitzer::clock::{clocks_left, read_clocks_left};
/// let times = [Duration::from_millis(271_250), Duration::from_secs(3_723)];
/// assert_eq!(clocks_left(times), "W 0:04:31.2 B 1:02:03.0");
/// assert_eq!(
///     read_clocks_left("W 0:04:31.2 B 1:02:03.0"),
///     Some([Duration::from_millis(271_200), Duration::from_secs(3_723)])
/// );
/// assert_eq!(read_clocks_left("W 4:31"), None);
/// ```
#[must_use]
pub fn clocks_left(times: [Duration; 2]) -> String {
    let hms = |d: Duration| {
        let tenths = d.as_millis() / 100;
        let secs = tenths / 10;
        format!(
            "{}:{:02}:{:02}.{}",
            secs / 3600,
            secs / 60 % 60,
            secs % 60,
            tenths % 10
        )
    };
    format!("W {} B {}", hms(times[0]), hms(times[1]))
}

/// Reads a `ClocksLeft` tag value ([`clocks_left`]); `None` when it is not one.
#[must_use]
pub fn read_clocks_left(value: &str) -> Option<[Duration; 2]> {
    let mut words = value.split_whitespace();
    let mut side = |name: &str| {
        if words.next()? != name {
            return None;
        }
        read_clk(&format!("[%clk {}]", words.next()?))
    };
    let white = side("W")?;
    let black = side("B")?;
    words.next().is_none().then_some([white, black])
}

/// Removes `[%clk …]` commands from a comment (the clock is written anew on save).
#[must_use]
pub fn strip_clk(comment: &str) -> String {
    let mut out = comment.to_owned();
    while let Some(start) = out.find("[%clk ") {
        let Some(len) = out[start..].find(']') else {
            break;
        };
        out.replace_range(start..=start + len, "");
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: fn(u64) -> Duration = Duration::from_secs;

    #[test]
    fn time_controls_parse_print_and_cycle_through_the_presets() {
        for p in PRESETS {
            assert_eq!(p.to_string().parse::<TimeControl>(), Ok(p));
            assert_eq!(TimeControl::from_pgn_tag(&p.pgn_tag()), Some(p));
        }
        assert_eq!("10".parse(), Ok(TimeControl::minutes(10, 0)));
        let short: TimeControl = "5s+1".parse().unwrap();
        assert_eq!(short.to_string(), "5s+1");
        assert_eq!(short.pgn_tag(), "5+1");
        assert_eq!(" 15 + 10 ".parse(), Ok(TimeControl::minutes(15, 10)));
        for bad in ["", "0+5", "abc", "10+x", "5+3+1", "601+0", "-1+0"] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert!(e.to_string().contains("10+5"), "{e}");
        }
        assert_eq!(TimeControl::from_pgn_tag("40/7200:3600"), None);
        assert_eq!(
            TimeControl::from_pgn_tag("300"),
            Some(TimeControl::minutes(5, 0))
        );
        let mut tc = TimeControl::Untimed;
        let mut seen = Vec::new();
        for _ in 0..PRESETS.len() {
            tc = tc.cycle(true);
            seen.push(tc);
        }
        assert_eq!(seen.last(), Some(&TimeControl::Untimed));
        assert_eq!(
            TimeControl::Untimed.cycle(false),
            TimeControl::minutes(30, 0)
        );
    }

    #[test]
    fn untimed_has_no_clock() {
        assert_eq!(Clock::new(TimeControl::Untimed, Color::White), None);
    }

    #[test]
    fn a_move_takes_the_time_used_and_adds_the_increment() {
        let time = TimeSource::fake();
        let mut clock = Clock::new(TimeControl::minutes(3, 2), Color::White).unwrap();
        clock.start(time.now());
        time.advance(S(10));
        assert_eq!(clock.remaining(Color::White, time.now()), S(170));
        assert_eq!(clock.remaining(Color::Black, time.now()), S(180));
        clock.press(time.now());
        assert_eq!(clock.remaining(Color::White, time.now()), S(172));
        assert_eq!(clock.turn(), Color::Black);
        time.advance(S(5));
        assert_eq!(clock.remaining(Color::Black, time.now()), S(175));
        clock.press(time.now());
        assert_eq!(clock.after_move(0, Color::White), Some(S(172)));
        assert_eq!(clock.after_move(1, Color::Black), Some(S(177)));
        assert_eq!(clock.ply(), 2);
    }

    #[test]
    fn the_flag_falls_when_the_running_side_reaches_zero() {
        let time = TimeSource::fake();
        let mut clock = Clock::new(TimeControl::minutes(1, 0), Color::White).unwrap();
        clock.start(time.now());
        time.advance(S(59));
        assert_eq!(clock.flagged(time.now()), None);
        time.advance(S(2));
        assert_eq!(clock.flagged(time.now()), Some(Color::White));
        assert_eq!(clock.remaining(Color::White, time.now()), Duration::ZERO);
    }

    #[test]
    fn pause_keeps_the_time_left_and_resume_continues() {
        let time = TimeSource::fake();
        let mut clock = Clock::new(TimeControl::minutes(5, 3), Color::White).unwrap();
        clock.start(time.now());
        time.advance(S(20));
        clock.pause(time.now());
        time.advance(S(600)); // help open, or the program closed
        assert_eq!(clock.remaining(Color::White, time.now()), S(280));
        assert_eq!(clock.flagged(time.now()), None);
        clock.start(time.now());
        time.advance(S(30));
        assert_eq!(clock.remaining(Color::White, time.now()), S(250));
    }

    #[test]
    fn a_takeback_restores_both_clocks() {
        let time = TimeSource::fake();
        let mut clock = Clock::new(TimeControl::minutes(10, 5), Color::White).unwrap();
        clock.start(time.now());
        time.advance(S(30));
        clock.press(time.now());
        let after_white = [clock.remaining(Color::White, time.now()), S(600)];
        time.advance(S(40));
        clock.press(time.now());
        time.advance(S(7));
        clock.rewind(1, Color::Black);
        assert!(!clock.running());
        assert_eq!(clock.remaining(Color::White, time.now()), after_white[0]);
        assert_eq!(clock.remaining(Color::Black, time.now()), after_white[1]);
        clock.rewind(0, Color::White);
        assert_eq!(clock.remaining(Color::White, time.now()), S(600));
    }

    #[test]
    fn clock_comments_are_written_and_read_back() {
        for secs in [0, 9, 59, 60, 3599, 3600, 36_000] {
            let c = clk_comment(S(secs));
            assert_eq!(read_clk(&c), Some(S(secs)), "{c}");
            assert_eq!(strip_clk(&format!("{c} kibitzer: x")), "kibitzer: x");
        }
        assert_eq!(read_clk("[%clk 0:61:00]"), None);
        assert_eq!(read_clk("[%clk 0:00"), None);
        assert_eq!(face(S(0)), "0:00.0");
        assert_eq!(face(S(600)), "10:00");
    }
}

//! CPU time, read from Linux's `/proc` (no `unsafe`, no system call of our own): the calling
//! thread's, a process's (an external analyst's engine) and the whole program's with its child
//! processes. A review's time estimate ([`crate::review::estimate`]) counts its work in CPU time
//! and divides it by the CPU share the review gets, so a loaded machine stretches the estimate
//! as it happens. Elsewhere than Linux (or without `/proc`) every reading is `None` and the
//! estimate falls back on wall time.

use std::time::Duration;

/// How often a review reads [`tree`] at most (it scans all of `/proc`): its time estimate
/// ([`crate::review::estimate::CLOCK_EVERY`]) and its refinement's budget check.
pub const READ_EVERY: Duration = Duration::from_millis(250);

/// Clock ticks per second of `/proc/PID/stat`'s times: `USER_HZ`, 100 on every Linux
/// architecture (the kernel's user-space ABI, whatever its own tick rate).
const USER_HZ: u64 = 100;

/// The CPU time the calling thread has used (`/proc/thread-self/schedstat`, nanoseconds).
#[must_use]
pub fn thread() -> Option<Duration> {
    schedstat("/proc/thread-self/schedstat")
}

/// The CPU time process `pid` has used in its live threads (the sum of its tasks'
/// `schedstat`, nanoseconds): an external engine's, whose threads live as long as it does.
/// `None` for a process that is gone.
#[must_use]
pub fn process(pid: u32) -> Option<Duration> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).ok()?;
    let mut sum = Duration::ZERO;
    for task in tasks.flatten() {
        if let Some(t) = schedstat(&format!("{}/schedstat", task.path().display())) {
            sum += t;
        }
    }
    Some(sum)
}

/// The CPU time this program and every process it started (external analysts' engines, and
/// theirs) have used so far, user and system (`/proc/PID/stat`, in [`USER_HZ`] ticks).
#[must_use]
pub fn tree() -> Option<Duration> {
    let me = std::process::id();
    let (_, own) = stat_fields(&std::fs::read_to_string("/proc/self/stat").ok()?)?;
    let mut stats: Vec<(u32, u32, u64)> = Vec::new();
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for e in entries.flatten() {
            let Some(pid) = e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else {
                continue;
            };
            if pid == me {
                continue;
            }
            if let Some((ppid, ticks)) = std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .as_deref()
                .and_then(stat_fields)
            {
                stats.push((pid, ppid, ticks));
            }
        }
    }
    Some(ticks(own + descendants(me, &stats)))
}

/// The ticks of every descendant of `pid` in `stats` (pid, parent, ticks).
fn descendants(pid: u32, stats: &[(u32, u32, u64)]) -> u64 {
    stats
        .iter()
        .filter(|s| s.1 == pid)
        .map(|&(child, _, t)| t + descendants(child, stats))
        .sum()
}

/// A `/proc/PID/stat` line's parent pid and CPU ticks (user + system, its own and its waited-for
/// children's). The command name (field 2) may hold spaces and parentheses, so the fields
/// are counted after its last `)`.
///
/// ```
/// # use kibitzer::cpu::stat_fields;
/// let line = "42 (stock fish) S 7 42 7 0 -1 0 0 0 0 0 150 25 3 2 20 0";
/// assert_eq!(stat_fields(line), Some((7, 180)));
/// assert_eq!(stat_fields("garbage"), None);
/// ```
#[must_use]
pub fn stat_fields(line: &str) -> Option<(u32, u64)> {
    let rest = &line[line.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    // After the name: state (0), ppid (1), …, utime (11), stime (12), cutime (13), cstime (14).
    let ppid = f.get(1)?.parse().ok()?;
    let mut sum = 0u64;
    for k in 11..=14 {
        sum += f.get(k)?.parse::<u64>().ok()?;
    }
    Some((ppid, sum))
}

fn ticks(n: u64) -> Duration {
    Duration::from_millis(n.saturating_mul(1000 / USER_HZ))
}

/// The first field of a `schedstat` file: nanoseconds on the CPU.
fn schedstat(path: &str) -> Option<Duration> {
    let text = std::fs::read_to_string(path).ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(ns))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn the_clocks_read_and_a_busy_thread_adds_to_its_own() {
        let t0 = thread().unwrap();
        let all0 = tree().unwrap();
        let me = process(std::process::id()).unwrap();
        // Work that takes CPU time (no sleeping): the clocks never go back.
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
        }
        std::hint::black_box(x);
        assert!(thread().unwrap() > t0);
        assert!(tree().unwrap() >= all0);
        assert!(process(std::process::id()).unwrap() >= me);
        assert_eq!(process(u32::MAX), None);
    }
}

//! The review estimate's machine calibration ([`kibitzer::review::calibration`]), measured
//! alone: runs the benchmark `RUNS` times (default 5) and prints one JSON object a run (its CPU
//! time on this thread, the factor it gives, the wall time, the load average), so its cost and
//! its spread at a load can go in docs/REVIEW.md ("Session 33"). Run with
//! `cargo run --release --example calibration -- [RUNS]`.

use std::time::Instant;

use kibitzer::review::calibration::{NODES, POSITIONS, REFERENCE, factor, measure};

fn main() -> anyhow::Result<()> {
    let runs: usize = std::env::args()
        .nth(1)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(5);
    for run in 0..runs {
        let start = Instant::now();
        let cpu = measure();
        let wall = start.elapsed();
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!(
            "{{\"run\": {run}, \"positions\": {}, \"nodes\": {NODES}, \"cpu_s\": {}, \"wall_s\": {:.4}, \
             \"reference_s\": {}, \"factor\": {:.3}, \"load\": {}}}",
            POSITIONS.len(),
            cpu.map_or("null".to_string(), |c| format!("{:.4}", c.as_secs_f64())),
            wall.as_secs_f64(),
            REFERENCE.as_secs_f64(),
            factor(cpu),
            load.split_whitespace().next().unwrap_or("null"),
        );
    }
    Ok(())
}

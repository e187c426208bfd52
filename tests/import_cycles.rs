//! Issue 35's reader's check as a test: `scripts/import_cycles.py` finds no import cycle among
//! the screens, the shell and `app`, nor between config and the engine (it exits 1 when a
//! group has one, and prints the cycle with a file and line per edge).

use std::process::Command;

#[test]
fn no_import_cycle_among_the_screens_nor_between_config_and_the_engine() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg("scripts/import_cycles.py")
        .current_dir(root)
        .output()
        .expect("python3 runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "an import cycle came back:\n{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        report.contains("== screens, shell and app: 0 cycles"),
        "{report}"
    );
    assert!(
        report.contains("== config and engine: 0 cycles"),
        "{report}"
    );
}

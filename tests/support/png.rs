//! What a PNG shows, read by `tests/py/png_board.py` (standard-library Python, no image
//! crate): the board of the review page's screenshot or of `explain --png`, checked for
//! structure. Included with `#[path]`.
#![allow(dead_code)] // each test crate uses its own subset

use std::path::Path;
use std::process::Command;

/// What `tests/py/png_board.py` finds in a PNG: the boxes of the board's light and dark square
/// colours (`src/share/board.rs`) and the 8×8 grid of square colours sampled inside them.
pub fn board_in(png: &Path) -> serde_json::Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py/png_board.py");
    let o = Command::new("python3")
        .arg(script)
        .arg(png)
        .args(["--colour", "light=f0d9b5", "--colour", "dark=b58863"])
        .args(["--grid", "light,dark"])
        .output()
        .expect("run python3");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The board's box `[x0, y0, x1, y1]` in a screenshot, checked: both square colours fill the
/// same square box, about half each, in a checkerboard with a light a8 at the top left (but
/// for at most `marked` squares whose corner another colour covers: a move's highlight, its
/// arrow).
pub fn checked_board(found: &serde_json::Value, marked: usize) -> [i64; 4] {
    let b = |name: &str| -> [i64; 4] {
        let v: Vec<i64> = found["boxes"][name]["box"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect();
        [v[0], v[1], v[2], v[3]]
    };
    let (light, dark) = (b("light"), b("dark"));
    assert_eq!(light, dark, "one board: {found}");
    let [x0, y0, x1, y1] = light;
    let (w, h) = (x1 - x0, y1 - y0);
    assert!((w - h).abs() <= 2, "the board is square: {w}×{h}");
    // The pieces cover part of the squares: each colour shows on 25–50 % of the board.
    for name in ["light", "dark"] {
        let share = found["boxes"][name]["count"].as_i64().unwrap() as f64 / (w * h) as f64;
        assert!(
            (0.25..=0.5).contains(&share),
            "{name}: {share:.2} of the board"
        );
    }
    let rows: Vec<&str> = found["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let expected: Vec<&str> = (0..8)
        .map(|r| if r % 2 == 0 { "LDLDLDLD" } else { "DLDLDLDL" })
        .collect();
    let mut wrong = 0;
    for (row, want) in rows.iter().zip(&expected) {
        for (got, want) in row.chars().zip(want.chars()) {
            assert!(
                got == want || got == '?',
                "a checkerboard, a8 light: {rows:?}"
            );
            wrong += usize::from(got != want);
        }
    }
    assert!(wrong <= marked, "{wrong} squares covered: {rows:?}");
    light
}

//! `kibitzer tune`: fits the default evaluation's weights to labelled positions.
//!
//! Each position's evaluation is linear in the weights once the position is known (see
//! [`coefficients`]) and its drawish-endgame and fifty-move shares are held at the values the
//! starting weights give them, so the tuner computes every position's coefficients once and
//! then runs full-batch Adam on the mean squared error between `sigmoid(eval)` and the label,
//! with an optional pull toward the starting weights. The result is written as a preset file in
//! the format of `assets/eval/default.toml`. See docs/EVAL.md for the data and the commands.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position};

use crate::config::{EvalConfig, EvalPreset};
use crate::engine::eval::tapered::{MAX_PHASE, s};
use crate::engine::eval::weights::{self, COUNT, GROUPS, Preset};
use crate::engine::eval::{
    Coefficients, EvalParams, coefficients, evaluate, evaluate_breakdown, scale, term_percent,
};

/// Logistic scale: a score of 400 centipawns is ten-to-one odds.
const K: f64 = std::f64::consts::LN_10 / 400.0;

/// What `kibitzer tune` does (its command-line arguments).
#[derive(Debug, Clone, clap::Args)]
pub struct TuneArgs {
    /// Labelled positions, one `FEN;score;result` per line (scripts/label_positions.py).
    pub data: PathBuf,
    /// Write the tuned preset here (format of assets/eval/default.toml; nothing is written
    /// without it).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Start from this preset file instead of the shipped one.
    #[arg(long, value_name = "PATH")]
    pub start: Option<PathBuf>,
    /// Passes of full-batch gradient descent.
    #[arg(long, default_value_t = 1000)]
    pub epochs: u32,
    /// Adam step size in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Share of the game result in the label, 0 to 1 (0 = the score only, 1 = result only).
    #[arg(long, default_value_t = 0.0)]
    pub result_weight: f64,
    /// Pull toward the starting weights (per weight, per centipawn squared).
    #[arg(long, default_value_t = 0.0)]
    pub regularise: f64,
    /// Fit only these weight groups (names under `[weights]` of the preset, comma-separated,
    /// e.g. `pst_rook,castling`); every other weight keeps its starting value. Default: all.
    #[arg(long, value_name = "GROUP", value_delimiter = ',')]
    pub only: Vec<String>,
}

/// For each weight, whether the fit may move it: every weight, or those of the `--only` groups.
///
/// # Errors
/// If a name is not a weight group (the message lists the groups).
fn free_weights(only: &[String]) -> Result<Vec<bool>> {
    if only.is_empty() {
        return Ok(vec![true; COUNT]);
    }
    let mut free = vec![false; COUNT];
    for name in only {
        let Some(g) = GROUPS.iter().find(|g| g.name == name) else {
            let names: Vec<&str> = GROUPS.iter().map(|g| g.name).collect();
            bail!(
                "--only: `{name}` is not a weight group; the groups are {}",
                names.join(", ")
            );
        };
        free[g.start..g.start + g.len].fill(true);
    }
    Ok(free)
}

/// One training position.
struct Sample {
    c: Coefficients,
    /// How much one centipawn of a middlegame weight moves the evaluation: the phase share, times
    /// the share kept as the fifty-move counter runs (fixed at the starting weights' value).
    to_mg: f64,
    /// The same for an endgame weight, also times the share of the endgame part a drawish
    /// ending keeps (fixed as well).
    to_eg: f64,
    /// Target expected score for White.
    target: f64,
}

impl Sample {
    /// A position's sample: its coefficients and the scales the evaluation applies to it.
    fn new(pos: &Chess, params: &EvalParams, target: f64) -> Sample {
        let b = evaluate_breakdown(pos, params);
        let full = f64::from(scale::FULL);
        let c = coefficients(pos, params);
        let phase = f64::from(c.phase) / f64::from(MAX_PHASE);
        let fifty = f64::from(b.fifty_move_scale) / full;
        let endgame = f64::from(b.endgame_scale) / full;
        Sample {
            c,
            to_mg: phase * fifty,
            to_eg: (1.0 - phase) * endgame * fifty,
            target,
        }
    }
}

/// Mean squared error of `sigmoid(eval)` against the targets, evaluating with the real
/// (integer) evaluation.
fn exact_loss(positions: &[(Chess, f64)], params: &EvalParams, scale: f64) -> f64 {
    let sum: f64 = positions
        .iter()
        .map(|(pos, target)| {
            let e = evaluate(pos, params);
            let white = if pos.turn() == Color::White { e } else { -e };
            (sigmoid(scale * f64::from(white)) - target).powi(2)
        })
        .sum();
    sum / positions.len().max(1) as f64
}

fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + (-K * cp).exp())
}

/// The model's evaluation (White's view, unrounded) of a sample under weights `x` (mg, eg):
/// the tapered sum with the sample's fixed endgame and fifty-move shares.
fn model(sample: &Sample, x: &[[f64; 2]]) -> f64 {
    let c = &sample.c;
    let (mut mg, mut eg) = (f64::from(c.fixed.mg), f64::from(c.fixed.eg));
    for &(i, k) in &c.weights {
        let w = x[i as usize];
        mg += f64::from(k) * w[0];
        eg += f64::from(k) * w[1];
    }
    mg * sample.to_mg + eg * sample.to_eg
}

fn model_loss(samples: &[Sample], x: &[[f64; 2]], scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (sigmoid(scale * model(s, x)) - s.target).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale (our centipawns to the labels' centipawns) that fits the starting weights best,
/// so that tuning changes the shape of the evaluation, not its unit (a pawn stays near 100).
fn fit_scale(samples: &[Sample], x: &[[f64; 2]]) -> f64 {
    let (mut lo, mut hi) = (0.2_f64, 3.0_f64);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if model_loss(samples, x, a) < model_loss(samples, x, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Reads `FEN;score;result` lines; returns the positions with their targets and the number of
/// lines skipped as malformed.
fn read_data(path: &Path, result_weight: f64) -> Result<(Vec<(Chess, f64)>, usize)> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
    let mut out = Vec::new();
    let mut bad = 0;
    for line in text.lines() {
        let mut fields = line.split(';');
        let parsed = (|| {
            let fen: Fen = fields.next()?.trim().parse().ok()?;
            let pos: Chess = fen.into_position(CastlingMode::Standard).ok()?;
            let score: f64 = fields.next()?.trim().parse().ok()?;
            let result: f64 = fields.next()?.trim().parse().ok()?;
            let target = (1.0 - result_weight) * sigmoid(score) + result_weight * result;
            Some((pos, target))
        })();
        match parsed {
            Some(p) => out.push(p),
            None if line.trim().is_empty() => {}
            None => bad += 1,
        }
    }
    Ok((out, bad))
}

/// Runs the tuner, printing progress to `log`; returns the tuned preset.
///
/// # Errors
/// If the data file cannot be read or holds no position, or the output cannot be written.
pub fn run(args: &TuneArgs, eval: &EvalConfig, log: &mut dyn Write) -> Result<Preset> {
    let config = EvalConfig {
        preset: EvalPreset::Default,
        ..eval.clone()
    };
    let start: &'static Preset = match &args.start {
        None => &weights::DEFAULT,
        Some(path) => {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("{}", path.display()))?;
            let preset = Preset::parse(&text).with_context(|| format!("{}", path.display()))?;
            Box::leak(Box::new(preset))
        }
    };
    let free = free_weights(&args.only)?;
    let params = EvalParams::with_preset(&config, start);
    let (positions, bad) = read_data(&args.data, args.result_weight)?;
    if positions.is_empty() {
        bail!("{}: no labelled positions", args.data.display());
    }
    // Every tenth block of 200 consecutive positions (a few whole games) is held out to check
    // that the fit generalises.
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (n, (pos, target)) in positions.iter().enumerate() {
        let sample = Sample::new(pos, &params, *target);
        if (n / 200) % 10 == 9 || positions.len() < 2000 && n % 10 == 9 {
            test.push(sample);
        } else {
            train.push(sample);
        }
    }
    writeln!(
        log,
        "{} positions ({} training, {} held out; {bad} malformed lines skipped)",
        positions.len(),
        train.len(),
        test.len()
    )?;
    let x0: Vec<[f64; 2]> = params
        .w
        .iter()
        .map(|w| [f64::from(w.mg), f64::from(w.eg)])
        .collect();
    let scale = fit_scale(&train, &x0);
    let before = exact_loss(&positions, &params, scale);
    writeln!(
        log,
        "scale {scale:.3}; before: loss {before:.6} (model: training {:.6}, held out {:.6})",
        model_loss(&train, &x0, scale),
        model_loss(&test, &x0, scale)
    )?;

    let x = adam(&train, &x0, &free, scale, args, log)?;
    writeln!(
        log,
        "after:  model loss training {:.6}, held out {:.6}",
        model_loss(&train, &x, scale),
        model_loss(&test, &x, scale)
    )?;

    // Back to weights at 100 %, rounded; terms switched off and groups left out of `--only`
    // keep their stored values (a round trip through the percentage could round them).
    let mut tuned = start.clone();
    for g in GROUPS {
        let p = term_percent(&config, g.term);
        if p == 0 || !free[g.start] {
            continue;
        }
        let at100 = |v: f64| (v * 100.0 / f64::from(p)).round() as i32;
        let range = g.start..g.start + g.len;
        for (dst, src) in tuned.weights[range.clone()].iter_mut().zip(&x[range]) {
            *dst = s(at100(src[0]), at100(src[1]));
        }
    }
    let leaked: &'static Preset = Box::leak(Box::new(tuned.clone()));
    let after = exact_loss(&positions, &EvalParams::with_preset(&config, leaked), scale);
    writeln!(log, "after:  loss {after:.6} (rounded, all positions)")?;
    if let Some(out) = &args.out {
        let header = format!(
            "The default evaluation preset: fixed shape constants and every tunable weight at 100 %\n\
             (the percentages of `[eval]` in the configuration scale them per term).\n\
             Each weight is a middlegame (`mg`) and endgame (`eg`) value in centipawns; 64-entry tables\n\
             are piece-square tables from the owner's side, a1..h1 on the first line, a8..h8 on the last.\n\
             Written by `kibitzer tune` (see docs/EVAL.md): {} positions, {} epochs, rate {},\n\
             result weight {}, regularise {}; loss {before:.6} -> {after:.6}.{}",
            positions.len(),
            args.epochs,
            args.rate,
            args.result_weight,
            args.regularise,
            if args.only.is_empty() {
                String::new()
            } else {
                format!("\nOnly these groups were fitted: {}.", args.only.join(", "))
            }
        );
        crate::app::persist::write_atomic(out, &tuned.to_toml(&header))?;
        writeln!(log, "wrote {}", out.display())?;
    }
    Ok(tuned)
}

/// Full-batch Adam from `x0`, moving only the weights marked in `free`.
fn adam(
    train: &[Sample],
    x0: &[[f64; 2]],
    free: &[bool],
    scale: f64,
    args: &TuneArgs,
    log: &mut dyn Write,
) -> Result<Vec<[f64; 2]>> {
    const B1: f64 = 0.9;
    const B2: f64 = 0.999;
    let mut x = x0.to_vec();
    let mut m = vec![[0.0; 2]; COUNT];
    let mut v = vec![[0.0; 2]; COUNT];
    let n = train.len().max(1) as f64;
    for epoch in 1..=args.epochs {
        let mut grad = vec![[0.0; 2]; COUNT];
        for sample in train {
            let p = sigmoid(scale * model(sample, &x));
            let d = 2.0 * (p - sample.target) * p * (1.0 - p) * K * scale / n;
            for &(i, k) in &sample.c.weights {
                let g = &mut grad[i as usize];
                g[0] += d * f64::from(k) * sample.to_mg;
                g[1] += d * f64::from(k) * sample.to_eg;
            }
        }
        for i in (0..COUNT).filter(|&i| free[i]) {
            for j in 0..2 {
                let g = grad[i][j] + 2.0 * args.regularise * (x[i][j] - x0[i][j]);
                m[i][j] = B1 * m[i][j] + (1.0 - B1) * g;
                v[i][j] = B2 * v[i][j] + (1.0 - B2) * g * g;
                let mh = m[i][j] / (1.0 - B1.powi(epoch as i32));
                let vh = v[i][j] / (1.0 - B2.powi(epoch as i32));
                x[i][j] -= args.rate * mh / (vh.sqrt() + 1e-12);
            }
        }
        if epoch % 100 == 0 || epoch == args.epochs {
            writeln!(
                log,
                "epoch {epoch}: loss {:.6}",
                model_loss(train, &x, scale)
            )?;
        }
    }
    Ok(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_matches_the_evaluation() {
        let params = EvalParams::default();
        let x: Vec<[f64; 2]> = params
            .w
            .iter()
            .map(|w| [f64::from(w.mg), f64::from(w.eg)])
            .collect();
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
            "8/5pk1/6p1/3P4/2K5/8/6PP/8 b - - 0 40",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            // Drawish endings and a running fifty-move counter: the scales apply.
            "8/8/4k3/8/8/3NK3/8/8 w - - 0 60",
            "8/5k2/8/3b4/8/2B5/5PP1/6K1 w - - 0 50",
            "4k3/8/8/3r4/8/2N5/2R5/4K3 b - - 70 90",
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            let e = evaluate(&pos, &params);
            let white = if pos.turn() == Color::White { e } else { -e };
            let m = model(&Sample::new(&pos, &params, 0.5), &x);
            // Integer rounding per term and in the blend: a few centipawns at most.
            assert!((m - f64::from(white)).abs() < 5.0, "{fen}: {m} vs {white}");
        }
    }

    #[test]
    fn tuning_reduces_the_loss_and_writes_a_preset() {
        let dir = std::env::temp_dir().join(format!("kibitzer-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("data.txt");
        // Labels that like White's extra central pawn more than the evaluation does.
        std::fs::write(
            &data,
            "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1;300;1\n\
             4k3/8/8/8/3P4/8/8/4K3 b - - 0 1;300;1\n\
             4k3/8/8/3p4/8/8/8/4K3 w - - 0 1;-300;0\n\
             not a fen;1;1\n",
        )
        .unwrap();
        let out = dir.join("tuned.toml");
        let args = TuneArgs {
            data,
            out: Some(out.clone()),
            start: None,
            epochs: 50,
            rate: 2.0,
            result_weight: 0.0,
            regularise: 0.0,
            only: Vec::new(),
        };
        let mut log = Vec::new();
        run(&args, &EvalConfig::default(), &mut log).unwrap();
        let log = String::from_utf8(log).unwrap();
        assert!(log.contains("1 malformed"), "{log}");
        let loss = |prefix: &str| -> f64 {
            let rest = &log[log.find(prefix).unwrap() + prefix.len()..];
            rest.split_whitespace().next().unwrap().parse().unwrap()
        };
        assert!(loss("after:  loss ") < loss("before: loss "), "{log}");
        Preset::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn only_the_named_groups_move() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data.txt");
        // Labels that like keeping the castling rights more than the evaluation does.
        std::fs::write(
            &data,
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1;300;1\n\
             r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b kq - 0 1;-300;0\n\
             r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1;0;0.5\n",
        )
        .unwrap();
        let args = TuneArgs {
            data,
            out: None,
            start: None,
            epochs: 50,
            rate: 2.0,
            result_weight: 0.0,
            regularise: 0.0,
            only: vec!["castling".to_owned()],
        };
        let tuned = run(&args, &EvalConfig::default(), &mut Vec::new()).unwrap();
        let start = &*weights::DEFAULT;
        for g in GROUPS {
            let range = g.start..g.start + g.len;
            let same = tuned.weights[range.clone()] == start.weights[range];
            assert_eq!(same, g.name != "castling", "{}", g.name);
        }
        assert!(tuned.weights[weights::CASTLING].mg > start.weights[weights::CASTLING].mg);

        let bad = TuneArgs {
            only: vec!["rook_table".to_owned()],
            ..args
        };
        let err = run(&bad, &EvalConfig::default(), &mut Vec::new()).unwrap_err();
        assert!(format!("{err:#}").contains("pst_rook"), "{err:#}");
    }
}

//! `kibitzer train`: fits a (768→N)x2→1 evaluation network ([`crate::engine::network`]) to the
//! positions of `kibitzer datagen`, on the CPU, and writes it quantised.
//!
//! The float network mirrors the quantised one exactly (clipped ReLU to `[0, 1]`, output in
//! units of [`SCALE`] centipawns). The target of each position is `(1 − λ) ×
//! sigmoid(score / SCALE) + λ × result`, both from the side to move's view (λ is
//! `--result-weight`), the loss the squared error of `sigmoid(output)`; Adam on mini-batches,
//! weights clipped to ±[`CLIP`] so the quantised accumulator cannot overflow i16 (32 pieces ×
//! 1.98 × 255 < 32 767). Chunks whose index ends in 9 are held out for validation (whole games,
//! so no position of a validation game is trained on). After training, the output scale is
//! fitted (`fit_output_scale`) so that the network's centipawns are the classic evaluation's,
//! whose unit the search's margins assume. Written in Rust in the crate rather than
//! as a Python script: no accelerator here, the data is small, and the trainer then shares the
//! feature indexing and the quantisation with the engine (one definition); see docs/NETWORK.md
//! for the measured speed.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use shakmaty::Color;

use crate::datagen::record::{Record, chunk_files, read_chunk};
use crate::engine::EvalParams;
use crate::engine::levels::Rng;
use crate::engine::network::{
    INPUTS, MAX_HIDDEN, MAX_OUTPUT_SCALE, Network, QA, QB, SCALE, feature,
};

/// The largest magnitude a float weight may take (see the module documentation).
pub const CLIP: f32 = 1.98;

/// What `kibitzer train` does (its command-line arguments).
#[derive(Debug, Clone, clap::Args)]
pub struct TrainArgs {
    /// The directory of chunk files written by `kibitzer datagen --out`.
    pub data: PathBuf,
    /// Write the quantised network here (nothing is written without it).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// The accumulator width N (128 played best on 2 M positions: docs/BENCHMARKS.md).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..=MAX_HIDDEN as i64))]
    pub hidden: u32,
    /// Passes over the training positions (2 played best on 2 M positions; more lowered the
    /// validation loss and played no better).
    #[arg(long, default_value_t = 2)]
    pub epochs: u32,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// The step size is multiplied by this after each epoch (1 = constant).
    #[arg(long, default_value_t = 1.0)]
    pub decay: f32,
    /// Positions per mini-batch.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    pub batch: u32,
    /// Share of the game's result in the target, 0 to 1 (0 played best on our self-play data:
    /// 0.1 and 0.3 lost 36 and 174 Elo more).
    #[arg(long, default_value_t = 0.0)]
    pub result_weight: f32,
    /// Seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from this network's weights instead of random ones (its N replaces `--hidden`);
    /// with `--epochs 0`, only refit its output scale.
    #[arg(long, value_name = "PATH")]
    pub init: Option<PathBuf>,
    /// Centipawns per float output unit, instead of the scale fitted to the labels (400 = the
    /// unit the network is trained in).
    #[arg(long, value_name = "CP", value_parser = clap::value_parser!(i32).range(1..=MAX_OUTPUT_SCALE as i64))]
    pub output_scale: Option<i32>,
}

/// One training position: its active features from both perspectives and its target.
struct Sample {
    /// Side to move's features, then the other side's (`split` marks the boundary).
    features: Vec<u16>,
    split: usize,
    target: f32,
    /// The classic evaluation of the position (side to move's view) when it is below
    /// [`FIT_LIMIT`]: the reference of the output scale's fit.
    classic: Option<i16>,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn sample(r: &Record, result_weight: f32) -> Sample {
    let us = r.turn;
    let mut features = Vec::with_capacity(64);
    for c in [us, us.other()] {
        for (sq, p) in r.pieces() {
            features.push(feature(c, p, sq) as u16);
        }
    }
    let split = features.len() / 2;
    let result = match us {
        Color::White => r.result.white_score(),
        Color::Black => 1.0 - r.result.white_score(),
    };
    let score = sigmoid(f32::from(r.score) / SCALE as f32);
    Sample {
        features,
        split,
        target: (1.0 - result_weight) * score + result_weight * result,
        classic: None,
    }
}

/// The classic evaluation of `r`'s position from the side to move's view, if the position can
/// be set up (records carry no castling rights or en passant) and it is below [`FIT_LIMIT`].
fn classic_score(r: &Record, params: &EvalParams) -> Option<i16> {
    use shakmaty::{CastlingMode, Chess, FromSetup, Setup};
    let setup = Setup {
        board: r.board.clone(),
        turn: r.turn,
        ..Setup::empty()
    };
    let pos = Chess::from_setup(setup, CastlingMode::Standard).ok()?;
    let v = crate::engine::eval::evaluate(&pos, params);
    (v.abs() < i32::from(FIT_LIMIT)).then_some(v as i16)
}

/// The float network being trained (same layout as [`Network`]).
#[derive(Clone)]
struct Float {
    n: usize,
    fw: Vec<f32>,
    fb: Vec<f32>,
    ow: Vec<f32>,
    ob: f32,
}

impl Float {
    /// The float weights of a quantised network (the start of `--init`).
    fn from_network(net: &Network) -> Float {
        let (fw, fb, ow, ob) = net.float_weights();
        Float {
            n: net.hidden(),
            fw,
            fb,
            ow,
            ob,
        }
    }

    fn new(n: usize, rng: &mut Rng) -> Float {
        let mut uniform = |r: f32| (rng.next_f64() as f32 * 2.0 - 1.0) * r;
        let fw = (0..INPUTS * n).map(|_| uniform(0.1)).collect();
        let fb = (0..n).map(|_| uniform(0.1)).collect();
        let r = 1.0 / (2.0 * n as f32).sqrt();
        let ow = (0..2 * n).map(|_| uniform(r)).collect();
        Float {
            n,
            fw,
            fb,
            ow,
            ob: 0.0,
        }
    }

    fn len(&self) -> usize {
        self.fw.len() + self.fb.len() + self.ow.len() + 1
    }

    /// The accumulators of `s` (side to move, other), before the activation.
    fn accumulate(&self, s: &Sample, us: &mut [f32], them: &mut [f32]) {
        us.copy_from_slice(&self.fb);
        them.copy_from_slice(&self.fb);
        for (i, f) in s.features.iter().enumerate() {
            let col = &self.fw[*f as usize * self.n..(*f as usize + 1) * self.n];
            let acc = if i < s.split { &mut *us } else { &mut *them };
            for (a, w) in acc.iter_mut().zip(col) {
                *a += w;
            }
        }
    }

    fn output(&self, us: &[f32], them: &[f32]) -> f32 {
        let n = self.n;
        let mut out = self.ob;
        for j in 0..n {
            out += us[j].clamp(0.0, 1.0) * self.ow[j] + them[j].clamp(0.0, 1.0) * self.ow[n + j];
        }
        out
    }

    fn loss(&self, samples: &[&Sample]) -> f64 {
        let mut us = vec![0.0; self.n];
        let mut them = vec![0.0; self.n];
        let mut total = 0.0f64;
        for s in samples {
            self.accumulate(s, &mut us, &mut them);
            let e = sigmoid(self.output(&us, &them)) - s.target;
            total += f64::from(e * e);
        }
        total / samples.len().max(1) as f64
    }

    /// Adds the gradient of the batch's summed loss to `g` (same layout as `params`).
    fn gradient(&self, batch: &[&Sample], g: &mut Float) {
        let n = self.n;
        let mut us = vec![0.0; n];
        let mut them = vec![0.0; n];
        let mut du = vec![0.0; n];
        let mut dt = vec![0.0; n];
        for s in batch {
            self.accumulate(s, &mut us, &mut them);
            let p = sigmoid(self.output(&us, &them));
            let d = 2.0 * (p - s.target) * p * (1.0 - p);
            g.ob += d;
            for j in 0..n {
                g.ow[j] += d * us[j].clamp(0.0, 1.0);
                g.ow[n + j] += d * them[j].clamp(0.0, 1.0);
                du[j] = if us[j] > 0.0 && us[j] < 1.0 {
                    d * self.ow[j]
                } else {
                    0.0
                };
                dt[j] = if them[j] > 0.0 && them[j] < 1.0 {
                    d * self.ow[n + j]
                } else {
                    0.0
                };
                g.fb[j] += du[j] + dt[j];
            }
            for (i, f) in s.features.iter().enumerate() {
                let col = &mut g.fw[*f as usize * n..(*f as usize + 1) * n];
                let src = if i < s.split { &du } else { &dt };
                for (a, b) in col.iter_mut().zip(src) {
                    *a += b;
                }
            }
        }
    }

    fn zero(&mut self) {
        self.fw.fill(0.0);
        self.fb.fill(0.0);
        self.ow.fill(0.0);
        self.ob = 0.0;
    }

    fn slices(&mut self) -> [&mut [f32]; 4] {
        [
            &mut self.fw,
            &mut self.fb,
            &mut self.ow,
            std::slice::from_mut(&mut self.ob),
        ]
    }

    /// The quantised network.
    fn quantise(&self) -> Result<Network> {
        let q = |v: &[f32], s: i32| -> Vec<i16> {
            v.iter()
                .map(|x| {
                    (x * s as f32)
                        .round()
                        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
                })
                .collect()
        };
        Network::new(
            self.n,
            q(&self.fw, QA),
            q(&self.fb, QA),
            q(&self.ow, QB),
            (self.ob * (QA * QB) as f32).round() as i32,
        )
    }
}

/// Adam's state.
struct Adam {
    m: Float,
    v: Float,
    t: i32,
}

impl Adam {
    fn step(&mut self, params: &mut Float, grad: &mut Float, rate: f32, scale: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let [mp, mb, mo, mob] = self.m.slices();
        let [vp, vb, vo, vob] = self.v.slices();
        let [gp, gb, go, gob] = grad.slices();
        let [pp, pb, po, pob] = params.slices();
        for ((p, g), (m, v)) in [
            (pp, &*gp, mp, vp),
            (pb, &*gb, mb, vb),
            (po, &*go, mo, vo),
            (pob, &*gob, mob, vob),
        ]
        .into_iter()
        .map(|(p, g, m, v)| ((p, g), (m, v)))
        {
            for i in 0..p.len() {
                let gi = g[i] * scale;
                m[i] = B1 * m[i] + (1.0 - B1) * gi;
                v[i] = B2 * v[i] + (1.0 - B2) * gi * gi;
                p[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
                p[i] = p[i].clamp(-CLIP, CLIP);
            }
        }
    }
}

/// The losses of one epoch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Epoch {
    /// Mean squared error on the training positions (after the epoch).
    pub train: f64,
    /// Mean squared error on the held-out positions (`NaN` without any).
    pub validation: f64,
}

/// What a training run produced.
#[derive(Debug, Clone)]
pub struct Report {
    /// Training and validation positions.
    pub positions: (usize, usize),
    /// The loss before training (the initial weights).
    pub initial: Epoch,
    /// The losses after each epoch.
    pub epochs: Vec<Epoch>,
    /// The quantised network.
    pub network: Network,
    /// The validation loss of the quantised network (`NaN` without validation positions).
    pub quantised_validation: f64,
    /// The network's output scale: fitted, or `--output-scale`.
    pub output_scale: i32,
}

/// Classic evaluations beyond this magnitude (won or lost positions) are left out of the
/// scale's fit: their size says little about the evaluation's unit.
pub const FIT_LIMIT: i16 = 1500;

/// The output scale that puts `net`'s centipawns in the classic evaluation's unit:
/// [`SCALE`] × √(Σ classic² ⁄ Σ output²) over the samples whose classic evaluation is known
/// (below [`FIT_LIMIT`]), the output taken at scale [`SCALE`] through the engine's arithmetic;
/// `None` without such samples.
///
/// The reference is the classic *static* evaluation, not the label (a search's score), because
/// the search compares static evaluations with its margins. The ratio of the root mean
/// squares is the geometric mean of the two least-squares slopes (classic on outputs, and
/// outputs on classic), which differ by the squared correlation: it neither shrinks the
/// network toward 0 nor inflates it.
fn fit_output_scale(net: &Network, samples: &[Sample]) -> Option<i32> {
    use crate::engine::network::Accumulator;
    let net = net.clone().with_output_scale(SCALE).ok()?;
    let mut accs = [Accumulator::default(), Accumulator::default()];
    let (mut labels, mut outputs) = (0.0f64, 0.0f64);
    for s in samples {
        let Some(c) = s.classic else { continue };
        net.accumulate_features(&s.features[..s.split], &mut accs[0]);
        net.accumulate_features(&s.features[s.split..], &mut accs[1]);
        let o = f64::from(net.output(&accs[0], &accs[1]));
        labels += f64::from(c).powi(2);
        outputs += o * o;
    }
    if labels == 0.0 || outputs == 0.0 {
        return None;
    }
    let scale = (f64::from(SCALE) * (labels / outputs).sqrt()).round();
    Some(scale.clamp(1.0, f64::from(MAX_OUTPUT_SCALE)) as i32)
}

/// Trains a network on the chunks in `args.data`, fits its output scale to the classic
/// evaluation with `classic`'s weights (the configuration's `[eval]`), writes it to `args.out`
/// if given, and reports each epoch on `progress`.
///
/// # Errors
/// If the data cannot be read, holds no position, or the network cannot be written.
pub fn run(
    args: &TrainArgs,
    classic: &EvalParams,
    progress: &mut dyn FnMut(&str),
) -> Result<Report> {
    if !(0.0..=1.0).contains(&args.result_weight) {
        bail!("--result-weight {} (0 to 1)", args.result_weight);
    }
    if !(args.decay > 0.0 && args.decay <= 1.0) {
        bail!("--decay {} (above 0, at most 1)", args.decay);
    }
    let init = match &args.init {
        Some(path) => Some(Network::load(path).context("--init")?),
        None => None,
    };
    let files = chunk_files(&args.data)?;
    let mut train = Vec::new();
    let mut valid = Vec::new();
    for f in &files {
        let (h, records) = read_chunk(f)?;
        let dst = if h.chunk % 10 == 9 {
            &mut valid
        } else {
            &mut train
        };
        let fit = args.output_scale.is_none() && h.chunk % 10 != 9;
        dst.extend(records.iter().map(|r| {
            let mut s = sample(r, args.result_weight);
            if fit {
                s.classic = classic_score(r, classic);
            }
            s
        }));
    }
    if train.is_empty() {
        bail!(
            "no training positions in {} ({} chunk files)",
            args.data.display(),
            files.len()
        );
    }
    let mut rng = Rng::new(args.seed);
    let mut net = match &init {
        Some(start) => Float::from_network(start),
        None => Float::new(args.hidden as usize, &mut rng),
    };
    let n = net.n;
    progress(&format!(
        "{} training positions, {} validation positions, 768->{n}x2->1",
        train.len(),
        valid.len(),
    ));
    let mut grad = Float {
        fw: vec![0.0; INPUTS * n],
        fb: vec![0.0; n],
        ow: vec![0.0; 2 * n],
        ob: 0.0,
        n,
    };
    let mut adam = Adam {
        m: grad.clone(),
        v: grad.clone(),
        t: 0,
    };
    let valid_refs: Vec<&Sample> = valid.iter().collect();
    let mut order: Vec<&Sample> = train.iter().collect();
    let losses = |net: &Float, order: &[&Sample]| Epoch {
        train: net.loss(order),
        validation: if valid_refs.is_empty() {
            f64::NAN
        } else {
            net.loss(&valid_refs)
        },
    };
    let initial = losses(&net, &order);
    progress(&format!(
        "epoch 0: train {:.6} validation {:.6}",
        initial.train, initial.validation
    ));
    let mut epochs = Vec::new();
    debug_assert_eq!(net.len(), grad.len());
    let mut rate = args.rate;
    for e in 1..=args.epochs {
        for i in (1..order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        for batch in order.chunks(args.batch as usize) {
            grad.zero();
            net.gradient(batch, &mut grad);
            adam.step(&mut net, &mut grad, rate, 1.0 / batch.len() as f32);
        }
        rate *= args.decay;
        let l = losses(&net, &order);
        progress(&format!(
            "epoch {e}: train {:.6} validation {:.6}",
            l.train, l.validation
        ));
        epochs.push(l);
    }
    let network = net.quantise()?;
    let quantised_validation = quantised_loss(&network, &valid);
    let output_scale = match args.output_scale {
        Some(s) => s,
        None => match fit_output_scale(&network, &train) {
            Some(s) => s,
            None => {
                progress(&format!(
                    "no classic evaluation below {FIT_LIMIT} cp to fit the output scale: kept {SCALE}"
                ));
                SCALE
            }
        },
    };
    let network = network.with_output_scale(output_scale)?;
    progress(&format!(
        "output scale {output_scale} cp per unit ({:.3} x the training unit)",
        f64::from(output_scale) / f64::from(SCALE)
    ));
    if let Some(out) = &args.out {
        std::fs::write(out, network.to_bytes())
            .with_context(|| format!("writing {}", out.display()))?;
        progress(&format!(
            "wrote {} (checksum {:016x}; quantised validation loss {:.6})",
            out.display(),
            network.checksum(),
            quantised_validation
        ));
    }
    Ok(Report {
        positions: (train.len(), valid.len()),
        initial,
        epochs,
        network,
        quantised_validation,
        output_scale,
    })
}

/// The quantised network's loss on `samples` (through the engine's own inference).
fn quantised_loss(net: &Network, samples: &[Sample]) -> f64 {
    use crate::engine::network::Accumulator;
    if samples.is_empty() {
        return f64::NAN;
    }
    let mut total = 0.0;
    for s in samples {
        // Rebuild the accumulators from the features with the engine's arithmetic.
        let mut accs = [Accumulator::default(), Accumulator::default()];
        net.accumulate_features(&s.features[..s.split], &mut accs[0]);
        net.accumulate_features(&s.features[s.split..], &mut accs[1]);
        let cp = net.output(&accs[0], &accs[1]);
        debug_assert_eq!(
            net.output_scale(),
            SCALE,
            "the loss is in the training unit"
        );
        let e = sigmoid(cp as f32 / SCALE as f32) - s.target;
        total += f64::from(e * e);
    }
    total / samples.len() as f64
}

#[cfg(test)]
mod tests;

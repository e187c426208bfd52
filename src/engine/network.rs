//! The trained evaluation: a (768→N)x2→1 network ("perspective" NNUE), quantised to integers.
//!
//! Inputs: for each perspective (the side to move's first, then the other's), one feature per
//! piece, `(own ? 0 : 384) + role × 64 + square`, the square mirrored vertically for Black so
//! that each side sees its pieces from its own first rank ([`feature`]). Each perspective's
//! N-wide accumulator is the feature-transformer bias plus the columns of its active features
//! (i16, scaled by [`QA`]); the output is the clipped-ReLU of both accumulators (`[0, QA]`)
//! dotted with the output weights (i16, scaled by [`QB`]), plus the output bias (scaled by
//! `QA × QB`), times the network's output scale over `QA × QB`: centipawns from the side to
//! move's view. The output scale is fitted by the trainer so that the network speaks in the
//! classic evaluation's centipawns (the search's margins are stated in them); a network
//! without one (format version 1) uses [`SCALE`], the unit it was trained in.
//!
//! The file format ([`Network::from_bytes`], docs/NETWORK.md): a 24-byte header (magic
//! `KIBNNUE\0`, u32 version, u32 N, u64 FNV-1a checksum of the payload) then the payload, all
//! little-endian: feature weights i16 `[768][N]`, feature biases i16 `[N]`, output weights i16
//! `[2N]`, output bias i32, and (version 2) the output scale i32.
//!
//! The shipped network (`assets/network/kibitzer.nnue`, which data trained it and how: see
//! docs/NETWORK.md) is embedded with `include_bytes!`; `engine.network = PATH` loads another.
//! The loops over the accumulator are plain slices of fixed chunks that the compiler
//! vectorises (SSE4.2 under the crate's `target-cpu=x86-64-v2`; scalar elsewhere).

use std::sync::{Arc, OnceLock};

use anyhow::{Result, bail};
use shakmaty::{Chess, Color, File, Move, Piece, Position, Role, Square};

/// The accumulator's scale: a float activation of 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output weights' scale.
pub const QB: i32 = 64;
/// Centipawns per unit of the float network's output, the unit it is trained in (the float
/// network predicts `score / SCALE`); the output scale of a network that has no fitted one.
pub const SCALE: i32 = 400;
/// The largest output scale a file may hold (10 × [`SCALE`]: anything larger is corrupt).
pub const MAX_OUTPUT_SCALE: i32 = 4000;
/// The feature count per perspective: 2 colours × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// The widest accumulator this code evaluates (the stack buffers' size).
pub const MAX_HIDDEN: usize = 1024;
/// The first eight bytes of a network file.
pub const MAGIC: [u8; 8] = *b"KIBNNUE\0";
/// The file format version this code writes (it reads 1, which has no output scale, and 2).
pub const VERSION: u32 = 2;
/// The size of a network file's header.
pub const HEADER_SIZE: usize = 24;

/// The embedded network's bytes.
pub const EMBEDDED: &[u8] = include_bytes!("../../assets/network/kibitzer.nnue");

/// The input index of `piece` on `sq` seen from `perspective`.
///
/// ```
/// use kibitzer::engine::network::feature;
/// use shakmaty::{Color, Piece, Role, Square};
/// let white_king = Piece { color: Color::White, role: Role::King };
/// assert_eq!(feature(Color::White, white_king, Square::E1), 5 * 64 + 4);
/// // Black sees the same king as an enemy king on its own e8.
/// assert_eq!(feature(Color::Black, white_king, Square::E1), 384 + 5 * 64 + 60);
/// ```
#[inline(always)]
pub fn feature(perspective: Color, piece: Piece, sq: Square) -> usize {
    let sq = if perspective == Color::White {
        sq as usize
    } else {
        sq as usize ^ 56
    };
    let own = if piece.color == perspective { 0 } else { 384 };
    own + (piece.role as usize - 1) * 64 + sq
}

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    /// `[INPUTS][hidden]`, scaled by [`QA`].
    feature_weights: Vec<i16>,
    /// `[hidden]`, scaled by [`QA`].
    feature_bias: Vec<i16>,
    /// `[2 × hidden]`: the side to move's half, then the other's; scaled by [`QB`].
    output_weights: Vec<i16>,
    /// Scaled by `QA × QB`.
    output_bias: i32,
    /// Centipawns per float output unit ([`SCALE`] unless fitted).
    output_scale: i32,
    checksum: u64,
}

impl std::hash::Hash for Network {
    /// The shape and the checksum of the payload (every weight): what tells two networks apart.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hidden.hash(state);
        self.checksum.hash(state);
    }
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network(768->{}x2->1, scale {}, {:016x})",
            self.hidden, self.output_scale, self.checksum
        )
    }
}

/// FNV-1a over `bytes`: the checksum of a network file's payload.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

impl Network {
    /// A network from its parts (the trainer's quantised output), with the output scale
    /// [`SCALE`] (see [`Network::with_output_scale`]).
    ///
    /// # Errors
    /// If the sizes do not agree or `hidden` is 0 or above [`MAX_HIDDEN`].
    pub fn new(
        hidden: usize,
        feature_weights: Vec<i16>,
        feature_bias: Vec<i16>,
        output_weights: Vec<i16>,
        output_bias: i32,
    ) -> Result<Network> {
        if hidden == 0 || hidden > MAX_HIDDEN {
            bail!("hidden size {hidden} (1 to {MAX_HIDDEN})");
        }
        if feature_weights.len() != INPUTS * hidden
            || feature_bias.len() != hidden
            || output_weights.len() != 2 * hidden
        {
            bail!("the layer sizes do not match a 768->{hidden}x2->1 network");
        }
        let mut n = Network {
            hidden,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            output_scale: SCALE,
            checksum: 0,
        };
        n.checksum = checksum(&n.payload());
        Ok(n)
    }

    /// This network with its output in `scale` centipawns per float output unit.
    ///
    /// # Errors
    /// If `scale` is not 1 to [`MAX_OUTPUT_SCALE`].
    pub fn with_output_scale(mut self, scale: i32) -> Result<Network> {
        if !(1..=MAX_OUTPUT_SCALE).contains(&scale) {
            bail!("output scale {scale} (1 to {MAX_OUTPUT_SCALE})");
        }
        self.output_scale = scale;
        self.checksum = checksum(&self.payload());
        Ok(self)
    }

    /// Centipawns per float output unit.
    pub fn output_scale(&self) -> i32 {
        self.output_scale
    }

    /// The weights as floats, in the trainer's units (feature weights `[768][N]`, feature
    /// biases, output weights `[2N]`, output bias): what `kibitzer train --init` starts from.
    pub fn float_weights(&self) -> (Vec<f32>, Vec<f32>, Vec<f32>, f32) {
        let f = |v: &[i16], q: i32| v.iter().map(|x| f32::from(*x) / q as f32).collect();
        (
            f(&self.feature_weights, QA),
            f(&self.feature_bias, QA),
            f(&self.output_weights, QB),
            self.output_bias as f32 / (QA * QB) as f32,
        )
    }

    /// The accumulator width N.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The payload's checksum (identifies the network).
    pub fn checksum(&self) -> u64 {
        self.checksum
    }

    fn payload(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 * (INPUTS + 3) * self.hidden + 4);
        for v in self
            .feature_weights
            .iter()
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
        {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out.extend_from_slice(&self.output_scale.to_le_bytes());
        out
    }

    /// The file bytes of this network (header and payload).
    pub fn to_bytes(&self) -> Vec<u8> {
        let payload = self.payload();
        let mut out = Vec::with_capacity(HEADER_SIZE + payload.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        out.extend_from_slice(&checksum(&payload).to_le_bytes());
        out.extend_from_slice(&payload);
        out
    }

    /// Reads a network file's bytes (format version 1, whose output scale is [`SCALE`], or 2).
    ///
    /// # Errors
    /// If the magic, version, size, checksum or output scale is wrong (the message says which).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network> {
        if bytes.len() < HEADER_SIZE || bytes[0..8] != MAGIC {
            bail!("not a kibitzer network file (bad magic)");
        }
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = u32_at(8);
        if !(1..=VERSION).contains(&version) {
            bail!("network format version {version} (this program reads 1 to {VERSION})");
        }
        let hidden = u32_at(12) as usize;
        if hidden == 0 || hidden > MAX_HIDDEN {
            bail!("hidden size {hidden} (1 to {MAX_HIDDEN})");
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[16..24]);
        let expected = u64::from_le_bytes(sum);
        let payload = &bytes[HEADER_SIZE..];
        let weights = 2 * (INPUTS * hidden + hidden + 2 * hidden) + 4;
        let want = if version == 1 { weights } else { weights + 4 };
        if payload.len() != want {
            bail!(
                "{} payload bytes, a 768->{hidden}x2->1 network has {want}",
                payload.len()
            );
        }
        let actual = checksum(payload);
        if actual != expected {
            bail!(
                "checksum {actual:016x} does not match the header's {expected:016x} (corrupt file)"
            );
        }
        let mut words = payload
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut take = |n: usize| -> Vec<i16> { words.by_ref().take(n).collect() };
        let feature_weights = take(INPUTS * hidden);
        let feature_bias = take(hidden);
        let output_weights = take(2 * hidden);
        let i32_at = |i: usize| {
            i32::from_le_bytes([payload[i], payload[i + 1], payload[i + 2], payload[i + 3]])
        };
        let output_bias = i32_at(weights - 4);
        let output_scale = if version == 1 { SCALE } else { i32_at(weights) };
        Network::new(
            hidden,
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
        )?
        .with_output_scale(output_scale)
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// If the file cannot be read or is not a network (the message names the file).
    pub fn load(path: &std::path::Path) -> Result<Network> {
        use anyhow::Context;
        let bytes =
            std::fs::read(path).with_context(|| format!("reading network {}", path.display()))?;
        Network::from_bytes(&bytes).with_context(|| format!("network {}", path.display()))
    }

    /// The embedded network, parsed once.
    ///
    /// # Panics
    /// Never in a built program: a test parses the embedded file.
    pub fn embedded() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        NET.get_or_init(|| {
            #[allow(clippy::expect_used)] // invariant: tests parse the embedded asset
            Arc::new(Network::from_bytes(EMBEDDED).expect("the embedded network parses"))
        })
        .clone()
    }

    /// The network of `engine.network`: the embedded one for an empty path, else the file,
    /// read once per path and shared.
    ///
    /// # Errors
    /// If the file cannot be read or is not a network.
    pub fn shared(path: &str) -> Result<Arc<Network>> {
        use std::collections::HashMap;
        use std::sync::Mutex;
        static LOADED: OnceLock<Mutex<HashMap<String, Arc<Network>>>> = OnceLock::new();
        if path.trim().is_empty() {
            return Ok(Network::embedded());
        }
        let cache = LOADED.get_or_init(Mutex::default);
        if let Some(n) = cache.lock().ok().and_then(|c| c.get(path).cloned()) {
            return Ok(n);
        }
        let net = Arc::new(Network::load(std::path::Path::new(path))?);
        if let Ok(mut c) = cache.lock() {
            c.insert(path.to_owned(), net.clone());
        }
        Ok(net)
    }

    /// Column `f` of the feature weights.
    #[inline(always)]
    fn column(&self, f: usize) -> &[i16] {
        &self.feature_weights[f * self.hidden..(f + 1) * self.hidden]
    }

    /// Fills `acc` (its first N entries) with the accumulator of `pos` from `perspective`.
    pub fn refresh<P: Position>(&self, pos: &P, perspective: Color, acc: &mut Accumulator) {
        let n = self.hidden;
        let a = &mut acc.0[..n];
        a.copy_from_slice(&self.feature_bias);
        let board = pos.board();
        for sq in board.occupied() {
            if let Some(p) = board.piece_at(sq) {
                add(a, self.column(feature(perspective, p, sq)));
            }
        }
    }

    /// Fills `acc` with the bias plus the columns of `features` (the trainer's check).
    pub fn accumulate_features(&self, features: &[u16], acc: &mut Accumulator) {
        let a = &mut acc.0[..self.hidden];
        a.copy_from_slice(&self.feature_bias);
        for f in features {
            add(a, self.column(usize::from(*f)));
        }
    }

    /// Adds (`sign` = 1) or removes (-1) `piece` on `sq` in both perspectives' accumulators
    /// (White's first, then Black's).
    #[inline]
    pub fn update(&self, accs: &mut [Accumulator; 2], piece: Piece, sq: Square, sign: i32) {
        let n = self.hidden;
        for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
            let a = &mut accs[i].0[..n];
            let col = self.column(feature(c, piece, sq));
            if sign > 0 {
                add(a, col);
            } else {
                sub(a, col);
            }
        }
    }

    /// The output for the accumulators of the side to move (`us`) and the other side (`them`),
    /// in centipawns from the side to move's view.
    pub fn output(&self, us: &Accumulator, them: &Accumulator) -> i32 {
        let n = self.hidden;
        let (wu, wt) = self.output_weights.split_at(n);
        let sum = dot_crelu(&us.0[..n], wu) + dot_crelu(&them.0[..n], wt) + self.output_bias;
        // i64: the sum times the scale can pass i32's range on an extreme position; the bound
        // keeps a static evaluation out of the tablebase and mate bands.
        let cp = i64::from(sum) * i64::from(self.output_scale) / i64::from(QA * QB);
        let bound = i64::from(super::score::TB_BOUND - 1);
        cp.clamp(-bound, bound) as i32
    }

    /// The evaluation of `pos` from the side to move's view, computed from scratch.
    pub fn evaluate<P: Position>(&self, pos: &P) -> i32 {
        let mut us = Accumulator::default();
        let mut them = Accumulator::default();
        self.refresh(pos, pos.turn(), &mut us);
        self.refresh(pos, pos.turn().other(), &mut them);
        self.output(&us, &them)
    }
}

/// The accumulators of one ply of a search (White's, then Black's), kept up to date move by
/// move: `None` until the ply is first reached (allocated once per ply and search).
#[derive(Default)]
pub struct NetState(Option<Box<[Accumulator; 2]>>);

impl Network {
    /// Sets `state` to the accumulators of `pos` computed from scratch (the root).
    pub fn refresh_state<P: Position>(&self, state: &mut NetState, pos: &P) {
        let accs = state.0.get_or_insert_with(Box::default);
        self.refresh(pos, Color::White, &mut accs[0]);
        self.refresh(pos, Color::Black, &mut accs[1]);
    }

    /// Sets `child` to `parent` after `m` is played from `pos` (`None`: a null move); `after`
    /// is the position reached (refreshed from it for a move that does not move pieces on a
    /// chess board, which chess never plays).
    pub fn update_state(
        &self,
        parent: &NetState,
        child: &mut NetState,
        pos: &Chess,
        m: Option<Move>,
        after: &Chess,
    ) {
        let Some(from) = parent.0.as_deref() else {
            self.refresh_state(child, after);
            return;
        };
        let n = self.hidden;
        let accs = child.0.get_or_insert_with(Box::default);
        for i in 0..2 {
            accs[i].0[..n].copy_from_slice(&from[i].0[..n]);
        }
        let Some(m) = m else { return };
        let us = pos.turn();
        let own = |role| Piece { color: us, role };
        let theirs = |role| Piece {
            color: us.other(),
            role,
        };
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                self.update(accs, own(role), from, -1);
                if let Some(c) = capture {
                    self.update(accs, theirs(c), to, -1);
                }
                self.update(accs, own(promotion.unwrap_or(role)), to, 1);
            }
            Move::EnPassant { from, to } => {
                self.update(accs, own(Role::Pawn), from, -1);
                self.update(
                    accs,
                    theirs(Role::Pawn),
                    Square::from_coords(to.file(), from.rank()),
                    -1,
                );
                self.update(accs, own(Role::Pawn), to, 1);
            }
            Move::Castle { king, rook } => {
                let short = rook.file() > king.file();
                let (kf, rf) = if short {
                    (File::G, File::F)
                } else {
                    (File::C, File::D)
                };
                self.update(accs, own(Role::King), king, -1);
                self.update(accs, own(Role::Rook), rook, -1);
                self.update(
                    accs,
                    own(Role::King),
                    Square::from_coords(kf, king.rank()),
                    1,
                );
                self.update(
                    accs,
                    own(Role::Rook),
                    Square::from_coords(rf, king.rank()),
                    1,
                );
            }
            Move::Put { .. } => self.refresh_state(child, after),
        }
    }

    /// The evaluation of `pos` from its `state` (from scratch when the state is not set).
    #[inline]
    pub fn evaluate_state<P: Position>(&self, state: &NetState, pos: &P) -> i32 {
        match state.0.as_deref() {
            Some(accs) => match pos.turn() {
                Color::White => self.output(&accs[0], &accs[1]),
                Color::Black => self.output(&accs[1], &accs[0]),
            },
            None => self.evaluate(pos),
        }
    }
}

/// One perspective's accumulator (the first N entries are used).
#[derive(Clone)]
pub struct Accumulator(pub [i16; MAX_HIDDEN]);

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator([0; MAX_HIDDEN])
    }
}

/// `a += b`, lane by lane (vectorised).
#[inline(always)]
fn add(a: &mut [i16], b: &[i16]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_add(*y);
    }
}

/// `a -= b`, lane by lane (vectorised).
#[inline(always)]
fn sub(a: &mut [i16], b: &[i16]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x = x.wrapping_sub(*y);
    }
}

/// `Σ clamp(a, 0, QA) × w` in i32 (vectorised: 16 lanes at a time).
#[inline(always)]
fn dot_crelu(a: &[i16], w: &[i16]) -> i32 {
    let mut lanes = [0i32; 16];
    let mut ac = a.chunks_exact(16);
    let mut wc = w.chunks_exact(16);
    for (x, y) in ac.by_ref().zip(wc.by_ref()) {
        for i in 0..16 {
            lanes[i] += i32::from(x[i].clamp(0, QA as i16)) * i32::from(y[i]);
        }
    }
    let mut sum: i32 = lanes.iter().sum();
    for (x, y) in ac.remainder().iter().zip(wc.remainder()) {
        sum += i32::from((*x).clamp(0, QA as i16)) * i32::from(*y);
    }
    sum
}

#[cfg(test)]
mod tests;

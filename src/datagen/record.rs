//! The training-data format of `kibitzer datagen`: chunk files of fixed-size 32-byte records
//! (documented in docs/NETWORK.md, "Data format").
//!
//! A chunk file is a 32-byte [`Header`] followed by `count` records. A record is:
//!
//! | bytes  | field                                                                     |
//! |--------|---------------------------------------------------------------------------|
//! | 0..8   | occupancy, a little-endian bitboard (bit 0 = a1 … bit 63 = h8)             |
//! | 8..24  | one nibble per occupied square, in ascending square order, low nibble first: role (pawn 0 … king 5) plus 8 for Black |
//! | 24..26 | score, i16 little-endian, centipawns **from the side to move's view**      |
//! | 26     | the game's result from **White's** view: 0 Black won, 1 draw, 2 White won |
//! | 27     | side to move: 0 White, 1 Black                                             |
//! | 28     | halfmove clock (capped at 255)                                            |
//! | 29     | reserved, 0                                                               |
//! | 30..32 | fullmove number, u16 little-endian                                        |
//!
//! Castling rights and the en-passant square are not stored: the network's inputs do not use
//! them.

use std::io::{Read, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};
use shakmaty::{Bitboard, Board, Color, Piece, Position, Role, Square};

/// The size of one record in bytes.
pub const RECORD_SIZE: usize = 32;
/// The size of a chunk file's header in bytes.
pub const HEADER_SIZE: usize = 32;
/// The first eight bytes of every chunk file.
pub const MAGIC: [u8; 8] = *b"KIBDATA\0";
/// The format version this code writes and reads.
pub const VERSION: u16 = 1;

/// The game's result from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// Black won.
    BlackWin = 0,
    /// Drawn.
    Draw = 1,
    /// White won.
    WhiteWin = 2,
}

impl GameResult {
    /// The result as a score for White: 0, ½ or 1.
    pub fn white_score(self) -> f32 {
        f32::from(self as u8) / 2.0
    }

    fn from_byte(b: u8) -> Option<GameResult> {
        match b {
            0 => Some(GameResult::BlackWin),
            1 => Some(GameResult::Draw),
            2 => Some(GameResult::WhiteWin),
            _ => None,
        }
    }
}

/// One labelled position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// The score in centipawns from the side to move's point of view.
    pub score: i16,
    /// The game's result (White's view).
    pub result: GameResult,
    /// The halfmove clock (capped at 255).
    pub halfmoves: u8,
    /// The fullmove number.
    pub fullmoves: u16,
}

fn nibble(p: Piece) -> u8 {
    (p.role as u8 - 1) | if p.color == Color::Black { 8 } else { 0 }
}

fn piece(n: u8) -> Option<Piece> {
    let role = match n & 7 {
        0 => Role::Pawn,
        1 => Role::Knight,
        2 => Role::Bishop,
        3 => Role::Rook,
        4 => Role::Queen,
        5 => Role::King,
        _ => return None,
    };
    let color = if n & 8 == 0 {
        Color::White
    } else {
        Color::Black
    };
    Some(Piece { color, role })
}

impl Record {
    /// The record of `pos` with `score` (side to move's view) and the game's `result`.
    pub fn new<P: Position>(pos: &P, score: i16, result: GameResult) -> Record {
        Record {
            board: pos.board().clone(),
            turn: pos.turn(),
            score,
            result,
            halfmoves: pos.halfmoves().min(255) as u8,
            fullmoves: u16::try_from(u32::from(pos.fullmoves())).unwrap_or(u16::MAX),
        }
    }

    /// The 32 bytes of this record.
    pub fn pack(&self) -> [u8; RECORD_SIZE] {
        let mut out = [0u8; RECORD_SIZE];
        let occ = self.board.occupied();
        out[0..8].copy_from_slice(&u64::from(occ).to_le_bytes());
        for (i, sq) in occ.into_iter().take(32).enumerate() {
            if let Some(p) = self.board.piece_at(sq) {
                out[8 + i / 2] |= nibble(p) << (4 * (i % 2));
            }
        }
        out[24..26].copy_from_slice(&self.score.to_le_bytes());
        out[26] = self.result as u8;
        out[27] = u8::from(self.turn == Color::Black);
        out[28] = self.halfmoves;
        out[30..32].copy_from_slice(&self.fullmoves.to_le_bytes());
        out
    }

    /// The record packed in `bytes`.
    ///
    /// # Errors
    /// If the bytes are not a record (more than 32 pieces, a bad nibble, result or side).
    pub fn unpack(bytes: &[u8; RECORD_SIZE]) -> Result<Record> {
        let mut occ_bytes = [0u8; 8];
        occ_bytes.copy_from_slice(&bytes[0..8]);
        let occ = Bitboard(u64::from_le_bytes(occ_bytes));
        if occ.count() > 32 {
            bail!("{} occupied squares (at most 32)", occ.count());
        }
        let mut board = Board::empty();
        for (i, sq) in occ.into_iter().enumerate() {
            let n = (bytes[8 + i / 2] >> (4 * (i % 2))) & 15;
            let p = piece(n).with_context(|| format!("bad piece code {n} on {sq}"))?;
            board.set_piece_at(sq, p);
        }
        let result = GameResult::from_byte(bytes[26])
            .with_context(|| format!("bad result byte {}", bytes[26]))?;
        let turn = match bytes[27] {
            0 => Color::White,
            1 => Color::Black,
            b => bail!("bad side-to-move byte {b}"),
        };
        Ok(Record {
            board,
            turn,
            score: i16::from_le_bytes([bytes[24], bytes[25]]),
            result,
            halfmoves: bytes[28],
            fullmoves: u16::from_le_bytes([bytes[30], bytes[31]]),
        })
    }

    /// Every piece with its square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .occupied()
            .into_iter()
            .filter_map(|sq| self.board.piece_at(sq).map(|p| (sq, p)))
    }
}

/// A chunk file's header: what generated it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// Records in the file.
    pub count: u32,
    /// The run's seed.
    pub seed: u64,
    /// The chunk's index in the run.
    pub chunk: u32,
    /// The labelling budget: nodes of our search, or the external engine's depth.
    pub budget: u32,
    /// 0 = our own search (`budget` nodes), 1 = an external UCI engine (`budget` plies).
    pub labeller: u8,
}

impl Header {
    /// The 32 bytes of this header.
    pub fn pack(&self) -> [u8; HEADER_SIZE] {
        let mut out = [0u8; HEADER_SIZE];
        out[0..8].copy_from_slice(&MAGIC);
        out[8..10].copy_from_slice(&VERSION.to_le_bytes());
        out[10..12].copy_from_slice(&(RECORD_SIZE as u16).to_le_bytes());
        out[12..16].copy_from_slice(&self.count.to_le_bytes());
        out[16..24].copy_from_slice(&self.seed.to_le_bytes());
        out[24..28].copy_from_slice(&self.chunk.to_le_bytes());
        out[28..31].copy_from_slice(&self.budget.to_le_bytes()[0..3]);
        out[31] = self.labeller;
        out
    }

    /// The header packed in `bytes`.
    ///
    /// # Errors
    /// If the magic, the version or the record size is not this code's.
    pub fn unpack(bytes: &[u8; HEADER_SIZE]) -> Result<Header> {
        if bytes[0..8] != MAGIC {
            bail!("not a kibitzer data chunk (bad magic)");
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            bail!("data format version {version} (this program reads {VERSION})");
        }
        let size = u16::from_le_bytes([bytes[10], bytes[11]]);
        if usize::from(size) != RECORD_SIZE {
            bail!("record size {size} (expected {RECORD_SIZE})");
        }
        let le32 =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let mut seed = [0u8; 8];
        seed.copy_from_slice(&bytes[16..24]);
        Ok(Header {
            count: le32(12),
            seed: u64::from_le_bytes(seed),
            chunk: le32(24),
            budget: u32::from_le_bytes([bytes[28], bytes[29], bytes[30], 0]),
            labeller: bytes[31],
        })
    }
}

/// Writes a chunk (header and records) to `out`.
///
/// # Errors
/// On a write error.
pub fn write_chunk(out: &mut impl Write, header: &Header, records: &[Record]) -> Result<()> {
    out.write_all(&header.pack())?;
    for r in records {
        out.write_all(&r.pack())?;
    }
    Ok(())
}

/// Reads a chunk file.
///
/// # Errors
/// If the file cannot be read, or its header or a record is malformed (the message names the
/// file and the record).
pub fn read_chunk(path: &Path) -> Result<(Header, Vec<Record>)> {
    let mut f = std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut hb = [0u8; HEADER_SIZE];
    f.read_exact(&mut hb)
        .with_context(|| format!("{}: shorter than a header", path.display()))?;
    let header = Header::unpack(&hb).with_context(|| path.display().to_string())?;
    let mut records = Vec::with_capacity(header.count as usize);
    let mut rb = [0u8; RECORD_SIZE];
    for i in 0..header.count {
        f.read_exact(&mut rb).with_context(|| {
            format!("{}: record {i} of {} missing", path.display(), header.count)
        })?;
        records
            .push(Record::unpack(&rb).with_context(|| format!("{}: record {i}", path.display()))?);
    }
    Ok((header, records))
}

/// The chunk files (`*.kbd`) in `dir`, sorted by name.
///
/// # Errors
/// If the directory cannot be read.
pub fn chunk_files(dir: &Path) -> Result<Vec<std::path::PathBuf>> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "kbd"))
        .collect();
    files.sort();
    Ok(files)
}

//! Claims: typed board facts behind the sentences, each checkable from a FEN alone by an
//! independent program (`scripts/check_claims.py` does so with python-chess).
//!
//! Every claim carries the FEN it is about. Squares are algebraic (`"e4"`), moves UCI.

use serde::{Serialize, Serializer};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, Role, Square};

use crate::explain::board::{self, value};
use crate::explain::themes::Theme;

fn ser_sq<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(sq)
}

fn ser_sqs<S: Serializer>(sqs: &[Square], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(sqs.iter().map(|q| q.to_string()))
}

fn ser_role<S: Serializer>(r: &Role, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(crate::game::notation::role_name(*r))
}

/// One fact. The meaning of each kind, as the checker verifies it on `fen`:
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fact {
    /// The piece on `from` attacks the enemy piece on `target`.
    Attacks {
        /// Attacker.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Attacked enemy piece.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
    },
    /// The piece on `from` defends (attacks) the friendly piece on `target`.
    Defends {
        /// Defender.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Defended piece.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
    },
    /// `uci` is legal and captures an enemy `captured` (en passant included).
    Captures {
        /// The move.
        uci: String,
        /// Role of the captured piece.
        #[serde(serialize_with = "ser_role")]
        captured: Role,
    },
    /// `uci` is legal and gives check.
    Check {
        /// The move.
        uci: String,
    },
    /// The piece on `pinned` stands alone between the enemy slider on `pinner` and its own
    /// piece on `behind` (the king for an absolute pin), on one line the slider moves along.
    Pins {
        /// Pinning slider.
        #[serde(serialize_with = "ser_sq")]
        pinner: Square,
        /// Pinned piece.
        #[serde(serialize_with = "ser_sq")]
        pinned: Square,
        /// Piece behind it.
        #[serde(serialize_with = "ser_sq")]
        behind: Square,
    },
    /// The piece on `from` attacks every enemy piece on `targets` (two or more).
    Forks {
        /// Forking piece.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Forked pieces.
        #[serde(serialize_with = "ser_sqs")]
        targets: Vec<Square>,
    },
    /// The piece on `square` is attacked by the enemy and defended by no friendly piece.
    Hangs {
        /// The hanging piece.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The pawn on `square` has no enemy pawn ahead of it on its own or an adjacent file.
    PassedPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The pawn on `square` has no friendly pawn on an adjacent file.
    IsolatedPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The pawn on `square` shares its file with another friendly pawn.
    DoubledPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The pawn on `square` has friendly pawns on adjacent files, all of them further
    /// advanced; its stop square is attacked by an enemy pawn and by no friendly pawn.
    BackwardPawn {
        /// The pawn.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// The rook on `square` stands on a file without pawns of its own colour; `open` says
    /// whether there are no pawns at all on it.
    OpenFile {
        /// The rook.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
        /// No pawns at all on the file.
        open: bool,
    },
    /// The rook or queen on `square` stands on its side's seventh rank.
    SeventhRank {
        /// The piece.
        #[serde(serialize_with = "ser_sq")]
        square: Square,
    },
    /// `uci` is legal and is castling.
    Castles {
        /// The move.
        uci: String,
    },
    /// `uci` is legal and moves a knight or bishop off its initial square.
    Develops {
        /// The move.
        uci: String,
    },
    /// `uci` is legal and promotes to `role`.
    Promotes {
        /// The move.
        uci: String,
        /// New piece.
        #[serde(serialize_with = "ser_role")]
        role: Role,
    },
    /// Material on the board: P1 N3 B3 R5 Q9 per side.
    Material {
        /// White's material.
        white: i32,
        /// Black's material.
        black: i32,
    },
    /// Playing `line` (legal, side to move first) ends in checkmate of the opponent after `n`
    /// of the side to move's moves.
    MateIn {
        /// Number of the mating side's moves.
        n: usize,
        /// The line, UCI.
        line: Vec<String>,
    },
    /// Playing `line` changes the material balance by `gain` pawns for the side to move.
    WinsMaterial {
        /// The line, UCI.
        line: Vec<String>,
        /// Balance change in pawns.
        gain: i32,
    },
    /// The piece on `from` attacks the enemy piece on `target`, which is worth more than the
    /// attacker or is undefended.
    Threatens {
        /// Attacker.
        #[serde(serialize_with = "ser_sq")]
        from: Square,
        /// Threatened piece.
        #[serde(serialize_with = "ser_sq")]
        target: Square,
    },
}

impl Fact {
    /// Snake-case kind name.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Fact::Attacks { .. } => "attacks",
            Fact::Defends { .. } => "defends",
            Fact::Captures { .. } => "captures",
            Fact::Check { .. } => "check",
            Fact::Pins { .. } => "pins",
            Fact::Forks { .. } => "forks",
            Fact::Hangs { .. } => "hangs",
            Fact::PassedPawn { .. } => "passed_pawn",
            Fact::IsolatedPawn { .. } => "isolated_pawn",
            Fact::DoubledPawn { .. } => "doubled_pawn",
            Fact::BackwardPawn { .. } => "backward_pawn",
            Fact::OpenFile { .. } => "open_file",
            Fact::SeventhRank { .. } => "seventh_rank",
            Fact::Castles { .. } => "castles",
            Fact::Develops { .. } => "develops",
            Fact::Promotes { .. } => "promotes",
            Fact::Material { .. } => "material",
            Fact::MateIn { .. } => "mate_in",
            Fact::WinsMaterial { .. } => "wins_material",
            Fact::Threatens { .. } => "threatens",
        }
    }

    /// The main square the fact is about (for placeholders), if any.
    #[must_use]
    pub fn square(&self) -> Option<Square> {
        match self {
            Fact::Attacks { target, .. }
            | Fact::Defends { target, .. }
            | Fact::Threatens { target, .. } => Some(*target),
            Fact::Pins { pinned, .. } => Some(*pinned),
            Fact::Forks { from, .. } => Some(*from),
            Fact::Hangs { square }
            | Fact::PassedPawn { square }
            | Fact::IsolatedPawn { square }
            | Fact::DoubledPawn { square }
            | Fact::BackwardPawn { square }
            | Fact::OpenFile { square, .. }
            | Fact::SeventhRank { square } => Some(*square),
            _ => None,
        }
    }
}

/// A fact and the position (FEN) it holds in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Claim {
    /// The position, as FEN.
    pub fen: String,
    /// The fact.
    #[serde(flatten)]
    pub fact: Fact,
}

/// FEN of a position (legal en passant squares only).
#[must_use]
pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn uci(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// Derives the claims for `mv` played in `before` (reaching `after`), its PV and the themes
/// found for it. Every claim is a fact on the board, never an opinion.
#[must_use]
pub fn derive(
    before: &Chess,
    mv: Move,
    after: &Chess,
    pv: &[Move],
    themes: &[Theme],
) -> Vec<Claim> {
    let fb = fen(before);
    let fa = fen(after);
    let us = before.turn();
    let b = after.board();
    let mut out = Vec::new();
    let mut push = |fen: &str, fact: Fact| {
        let c = Claim {
            fen: fen.to_owned(),
            fact,
        };
        if !out.contains(&c) {
            out.push(c);
        }
    };
    if let Some(captured) = mv.capture() {
        push(
            &fb,
            Fact::Captures {
                uci: uci(mv),
                captured,
            },
        );
    }
    if after.is_check() {
        push(&fb, Fact::Check { uci: uci(mv) });
    }
    if mv.is_castle() {
        push(&fb, Fact::Castles { uci: uci(mv) });
    }
    if let Some(role) = mv.promotion() {
        push(&fb, Fact::Promotes { uci: uci(mv), role });
    }
    let to = crate::explain::themes::util::dest(mv, us);
    // What the moved piece attacks and defends now.
    if b.color_at(to) == Some(us) {
        let role = b.role_at(to).unwrap_or(Role::Pawn);
        for t in b.attacks_from(to) & b.by_color(!us) & !b.pawns() {
            push(
                &fa,
                Fact::Attacks {
                    from: to,
                    target: t,
                },
            );
            let tr = b.role_at(t).unwrap_or(Role::Pawn);
            if tr != Role::King && (value(tr) > value(role) || !board::is_defended(b, t)) {
                push(
                    &fa,
                    Fact::Threatens {
                        from: to,
                        target: t,
                    },
                );
            }
        }
        for t in b.attacks_from(to) & b.by_color(us) & !b.kings() & !b.pawns() {
            push(
                &fa,
                Fact::Defends {
                    from: to,
                    target: t,
                },
            );
        }
    }
    for s in (b.occupied() & !b.kings()).into_iter() {
        if board::is_hanging(b, s) && b.role_at(s) != Some(Role::Pawn) {
            push(&fa, Fact::Hangs { square: s });
        }
    }
    push(
        &fa,
        Fact::Material {
            white: board::material(b, shakmaty::Color::White),
            black: board::material(b, shakmaty::Color::Black),
        },
    );
    let mut line = vec![mv];
    line.extend_from_slice(pv);
    for t in themes
        .iter()
        .filter(|t| t.ply == 0 || matches!(t.id, "mate" | "wins_material" | "material_gain"))
    {
        match t.id {
            "development" => push(&fb, Fact::Develops { uci: uci(mv) }),
            "pin_absolute" | "pin_relative" if t.squares.len() == 3 => {
                push(
                    &fa,
                    Fact::Pins {
                        pinner: t.squares[0],
                        pinned: t.squares[1],
                        behind: t.squares[2],
                    },
                );
            }
            "fork" | "king_fork" if t.squares.len() >= 3 => {
                push(
                    &fa,
                    Fact::Forks {
                        from: t.squares[0],
                        targets: t.squares[1..].to_vec(),
                    },
                );
            }
            "passed_pawn_created" | "passed_pawn_advance" => {
                for s in &t.squares {
                    let pawn = b.piece_at(*s).filter(|p| p.role == Role::Pawn);
                    if pawn.is_some_and(|p| board::is_passed(b, *s, p.color)) {
                        push(&fa, Fact::PassedPawn { square: *s });
                    }
                }
            }
            "isolated_pawn_created" => {
                for s in &t.squares {
                    push(&fa, Fact::IsolatedPawn { square: *s });
                }
            }
            "doubled_pawn_created" => {
                for s in &t.squares {
                    push(&fa, Fact::DoubledPawn { square: *s });
                }
            }
            "backward_pawn_created" => {
                for s in &t.squares {
                    push(&fa, Fact::BackwardPawn { square: *s });
                }
            }
            "rook_open_file" => {
                for s in &t.squares {
                    push(
                        &fa,
                        Fact::OpenFile {
                            square: *s,
                            open: board::is_open_file(b, s.file()),
                        },
                    );
                }
            }
            "rook_seventh" => {
                for s in &t.squares {
                    push(&fa, Fact::SeventhRank { square: *s });
                }
            }
            "mate" => {
                let n = line.len().div_ceil(2);
                push(
                    &fb,
                    Fact::MateIn {
                        n,
                        line: line.iter().map(|m| uci(*m)).collect(),
                    },
                );
            }
            "wins_material" | "material_gain" => {
                let positions = board::settled_positions(before, &line);
                if let Some(last) = positions.last().filter(|_| positions.len() > 1) {
                    let gain =
                        board::balance(last.board(), us) - board::balance(before.board(), us);
                    if gain < 1 {
                        continue;
                    }
                    push(
                        &fb,
                        Fact::WinsMaterial {
                            line: line[..positions.len() - 1]
                                .iter()
                                .map(|m| uci(*m))
                                .collect(),
                            gain,
                        },
                    );
                }
            }
            _ => {}
        }
    }
    out
}

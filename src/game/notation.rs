//! Move input from text: SAN (strict and tolerant forms) and UCI, with errors that say exactly
//! what is wrong and suggest the closest legal moves.

use crate::echo::echo;
use crate::i18n::{t, tr};
use std::fmt;

use shakmaty::attacks;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, Move, MoveList, Piece, Position, Rank,
    Role, Square,
};

/// Why a text could not be turned into a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Nothing was typed.
    Empty,
    /// The text is not a move in any notation we accept.
    Malformed {
        /// What was typed.
        input: String,
        /// What is wrong, and what was expected.
        reason: String,
    },
    /// The text names a move that is not legal here.
    Illegal {
        /// What was typed.
        input: String,
        /// Why it is illegal.
        reason: String,
        /// The closest legal moves in SAN (at most three).
        suggestions: Vec<String>,
    },
    /// The text matches more than one legal move.
    Ambiguous {
        /// What was typed.
        input: String,
        /// The matching legal moves in SAN.
        candidates: Vec<String>,
    },
    /// The game is over; no move can be played. Holds the outcome as text (`White wins by
    /// checkmate`), so chess and Pawn Battle share this error.
    GameOver(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves = |list: &[String]| -> String {
            let local: Vec<String> = list
                .iter()
                .map(|m| crate::i18n::san(m).into_owned())
                .collect();
            or_list(&local)
        };
        match self {
            MoveError::Empty => f.write_str(&t("move-empty")),
            MoveError::Malformed { input, reason } => f.write_str(&tr(
                "move-malformed",
                &[
                    ("input", echo(input).into()),
                    ("reason", reason.as_str().into()),
                ],
            )),
            MoveError::Illegal {
                input,
                reason,
                suggestions,
            } => {
                f.write_str(&tr(
                    "move-illegal",
                    &[
                        ("input", echo(input).into()),
                        ("reason", reason.as_str().into()),
                    ],
                ))?;
                if suggestions.is_empty() {
                    Ok(())
                } else {
                    write!(
                        f,
                        " {}",
                        tr("move-did-you-mean", &[("moves", moves(suggestions).into())])
                    )
                }
            }
            MoveError::Ambiguous { input, candidates } => f.write_str(&tr(
                "move-ambiguous",
                &[
                    ("input", echo(input).into()),
                    ("moves", moves(candidates).into()),
                ],
            )),
            MoveError::GameOver(o) => {
                f.write_str(&tr("move-game-over", &[("outcome", o.as_str().into())]))
            }
        }
    }
}

impl std::error::Error for MoveError {}

pub(crate) fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => crate::i18n::tr(
            "list-or",
            &[
                ("init", init.join(", ").into()),
                ("last", last.as_str().into()),
            ],
        ),
    }
}

/// The SAN of a legal move in a position, with check/mate suffix.
pub fn san_of(pos: &Chess, mv: Move) -> String {
    SanPlus::from_move(pos.clone(), mv).to_string()
}

/// Parses a move typed by a player: SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`, `Qh4+`), tolerant SAN
/// (`nf3`, `0-0`, `e8q`, `Ng1-f3`) and UCI (`g1f3`, `e7e8q`).
///
/// ```
/// use shakmaty::{Chess, Position};
/// let pos = Chess::default();
/// let mv = kibitzer::game::notation::parse_move(&pos, "nf3").unwrap();
/// assert_eq!(kibitzer::game::notation::san_of(&pos, mv), "Nf3");
/// ```
///
/// # Errors
/// [`MoveError::Malformed`], [`MoveError::Illegal`] (with the reason and suggestions) or
/// [`MoveError::Ambiguous`] (with the candidates).
pub fn parse_move(pos: &Chess, text: &str) -> Result<Move, MoveError> {
    parse_with(pos, text)
}

/// One game's side of move parsing: what [`parse_with`] asks the rules.
pub(crate) trait Notation {
    /// What to write instead of an unreadable text (given the cleaned text).
    fn malformed(&self, cleaned: &str) -> String;
    /// The legal move a typed UCI move names, or why there is none.
    fn uci_move(
        &self,
        input: &str,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, MoveError>;
    /// Every legal move.
    fn legal(&self) -> MoveList;
    /// Whether a SAN reading names a legal move (tolerantly).
    fn matches(&self, san: San, m: Move) -> bool;
    /// The SAN of a legal move.
    fn san_text(&self, m: Move) -> String;
    /// Why no legal move matches the first SAN reading, and the closest legal moves.
    fn illegal(&self, cleaned: &str, first: San) -> (String, Vec<String>);
}

impl Notation for Chess {
    fn malformed(&self, cleaned: &str) -> String {
        malformed_reason(cleaned)
    }
    fn uci_move(
        &self,
        input: &str,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, MoveError> {
        parse_uci(self, input, from, to, promotion)
    }
    fn legal(&self) -> MoveList {
        self.legal_moves()
    }
    fn matches(&self, san: San, m: Move) -> bool {
        lenient_match(san, m, self)
    }
    fn san_text(&self, m: Move) -> String {
        san_of(self, m)
    }
    fn illegal(&self, cleaned: &str, first: San) -> (String, Vec<String>) {
        (diagnose_san(self, first), suggestions(self, cleaned, first))
    }
}

/// Parses a typed move for any game: trims and cleans it (see [`clean`]), reads UCI or the SAN
/// readings, and finds the one legal move they name.
///
/// # Errors
/// [`MoveError::Empty`], [`MoveError::Malformed`], [`MoveError::Illegal`] (reason and
/// suggestions from [`Notation::illegal`]) or [`MoveError::Ambiguous`] (the candidates).
pub(crate) fn parse_with(rules: &impl Notation, text: &str) -> Result<Move, MoveError> {
    let input = text.trim();
    if input.is_empty() {
        return Err(MoveError::Empty);
    }
    let cleaned = clean(input);
    if let Some(UciMove::Normal {
        from,
        to,
        promotion,
    }) = as_uci(&cleaned)
    {
        return rules.uci_move(input, from, to, promotion);
    }
    let mut interpretations = san_interpretations(&cleaned);
    // The player's language's piece letters (Portuguese `Cf3`, `Dxd8`, `e8=D`); English SAN
    // is read in every language. A text both readings accept (`Re1`: a rook in English, the
    // king in Portuguese) names two moves when both are legal, and is then ambiguous.
    if let Some(english) = crate::i18n::san_to_english(crate::i18n::current(), &cleaned) {
        for san in san_interpretations(&english) {
            if !interpretations.contains(&san) {
                interpretations.insert(0, san);
            }
        }
    }
    let Some(&first) = interpretations.first() else {
        return Err(MoveError::Malformed {
            input: input.to_owned(),
            reason: rules.malformed(&cleaned),
        });
    };
    let mut found: Vec<Move> = Vec::new();
    for m in rules.legal() {
        if interpretations.iter().any(|san| rules.matches(*san, m)) {
            found.push(m);
        }
    }
    match found.as_slice() {
        [one] => Ok(*one),
        [] => {
            let (reason, suggestions) = rules.illegal(&cleaned, first);
            Err(MoveError::Illegal {
                input: input.to_owned(),
                reason,
                suggestions,
            })
        }
        many => {
            let mut candidates: Vec<String> = many.iter().map(|m| rules.san_text(*m)).collect();
            candidates.sort();
            Err(MoveError::Ambiguous {
                input: input.to_owned(),
                candidates,
            })
        }
    }
}

/// The SAN a UCI move would have with both origin coordinates, for diagnosing it.
pub(crate) fn uci_as_san(
    board: &shakmaty::Board,
    role: Role,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> San {
    San::Normal {
        role,
        file: Some(from.file()),
        rank: Some(from.rank()),
        capture: board.piece_at(to).is_some(),
        to,
        promotion,
    }
}

/// Removes annotation marks and normalises castling and promotion spellings.
fn clean(input: &str) -> String {
    let mut s: String = input
        .trim_end_matches(['+', '#', '!', '?'])
        .replace("e.p.", "")
        .replace(' ', "");
    let lower = s.to_ascii_lowercase();
    if matches!(lower.as_str(), "0-0" | "o-o" | "oo" | "00") {
        return "O-O".to_owned();
    }
    if matches!(lower.as_str(), "0-0-0" | "o-o-o" | "ooo" | "000") {
        return "O-O-O".to_owned();
    }
    // Long algebraic with a dash or an x between squares: Ng1-f3, e2-e4, e4xd5.
    let bytes = s.as_bytes();
    if bytes.len() >= 5 {
        let start =
            if bytes[0].is_ascii_uppercase() || (bytes.len() >= 6 && is_piece_letter(bytes[0])) {
                1
            } else {
                0
            };
        if bytes.len() >= start + 5
            && is_square(&bytes[start..start + 2])
            && bytes[start + 2] == b'-'
            && is_square(&bytes[start + 3..start + 5])
        {
            s = format!("{}{}", &s[start..start + 2], &s[start + 3..]);
        }
    }
    s
}

fn is_piece_letter(b: u8) -> bool {
    matches!(b.to_ascii_uppercase(), b'N' | b'B' | b'R' | b'Q' | b'K')
}

fn is_square(b: &[u8]) -> bool {
    b.len() == 2 && matches!(b[0], b'a'..=b'h') && matches!(b[1], b'1'..=b'8')
}

/// `g1f3`, `e7e8q` (also `e7e8Q`, `e7e8=q`).
fn as_uci(s: &str) -> Option<UciMove> {
    let b = s.as_bytes();
    if b.len() < 4 || !is_square(&b[0..2]) || !is_square(&b[2..4]) {
        return None;
    }
    let promo = match &b[4..] {
        [] => String::new(),
        [p] | [b'=', p] => (p.to_ascii_lowercase() as char).to_string(),
        _ => return None,
    };
    format!("{}{}", &s[..4], promo).parse().ok()
}

fn parse_uci(
    pos: &Chess,
    input: &str,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, MoveError> {
    let uci = UciMove::Normal {
        from,
        to,
        promotion,
    };
    if let Ok(m) = uci.to_move(pos) {
        return Ok(m);
    }
    let board = pos.board();
    let illegal = |reason: String| MoveError::Illegal {
        input: input.to_owned(),
        reason,
        suggestions: suggestions_to(pos, to),
    };
    let Some(piece) = board.piece_at(from) else {
        return Err(illegal(tr(
            "move-no-piece-on",
            &[("from", from.to_string().into())],
        )));
    };
    if piece.color != pos.turn() {
        return Err(illegal(not_yours(piece, from, pos.turn())));
    }
    let legal = pos.legal_moves();
    let promotions: Vec<String> = legal
        .iter()
        .filter(|m| m.from() == Some(from) && m.to() == to && m.promotion().is_some())
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    if promotion.is_none() && !promotions.is_empty() {
        return Err(MoveError::Ambiguous {
            input: input.to_owned(),
            candidates: promotions,
        });
    }
    let san = uci_as_san(board, piece.role, from, to, promotion);
    Err(illegal(diagnose_san(pos, san)))
}

/// The SAN readings of a cleaned text: the literal one, plus tolerant readings (lower-case piece
/// letters, promotion without `=`); a leading `b` may be a pawn or a bishop.
fn san_interpretations(s: &str) -> Vec<San> {
    let mut texts: Vec<String> = vec![s.to_owned()];
    let fix_promotion = |t: &str| -> String {
        let b = t.as_bytes();
        let n = b.len();
        if n >= 3
            && matches!(b[n - 2], b'1' | b'8')
            && matches!(b[n - 1].to_ascii_uppercase(), b'Q' | b'R' | b'B' | b'N')
        {
            format!(
                "{}={}",
                &t[..n - 1],
                (b[n - 1].to_ascii_uppercase()) as char
            )
        } else if n >= 4 && b[n - 2] == b'=' {
            format!("{}{}", &t[..n - 1], (b[n - 1].to_ascii_uppercase()) as char)
        } else {
            t.to_owned()
        }
    };
    let promoted = fix_promotion(s);
    if promoted != s {
        texts.push(promoted);
    }
    if let Some(first) = s.chars().next()
        && matches!(first, 'n' | 'r' | 'q' | 'k' | 'b')
        && s.len() >= 3
    {
        let upper = format!("{}{}", first.to_ascii_uppercase(), &s[1..]);
        texts.push(upper);
    }
    let mut out = Vec::new();
    for t in texts {
        if let Ok(san) = San::from_ascii(t.as_bytes())
            && !matches!(san, San::Put { .. } | San::Null)
            && !out.contains(&san)
        {
            out.push(san);
        }
    }
    out
}

/// Like [`San::matches`], but a missing or superfluous capture mark is forgiven.
fn lenient_match(san: San, m: Move, pos: &Chess) -> bool {
    match san {
        San::Castle(side) => m.castling_side() == Some(side) && pos.is_legal(m),
        _ => lenient_normal_match(san, m),
    }
}

/// Whether a piece-move SAN (not castling) names `m`, forgiving a missing or superfluous
/// capture mark. Shared with Pawn Battle.
pub(crate) fn lenient_normal_match(san: San, m: Move) -> bool {
    match san {
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            m.role() == role
                && m.to() == to
                && !m.is_castle()
                && m.promotion() == promotion
                && m.from().is_some_and(|f| {
                    file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank())
                })
        }
        San::Castle(_) | San::Put { .. } | San::Null => false,
    }
}

/// Explains why no legal move matches a SAN.
fn diagnose_san(pos: &Chess, san: San) -> String {
    let us = pos.turn();
    match san {
        San::Castle(side) => diagnose_castle(pos, side),
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            let board = pos.board();
            let ours = board.by_piece(Piece { color: us, role });
            if ours.is_empty() {
                return tr("move-no-piece", &[("role", role_name(role).into())]);
            }
            if let Some(p) = board.piece_at(to)
                && p.color == us
            {
                return tr(
                    "move-own-piece",
                    &[
                        ("to", to.to_string().into()),
                        ("role", role_name(p.role).into()),
                    ],
                );
            }
            let last_rank = if us == Color::White {
                Rank::Eighth
            } else {
                Rank::First
            };
            if role == Role::Pawn && to.rank() == last_rank && promotion.is_none() {
                return tr("move-must-promote", &[("to", to.to_string().into())]);
            }
            if promotion.is_some() && (role != Role::Pawn || to.rank() != last_rank) {
                return t("move-promote-last-rank");
            }
            if let Some(p @ (Role::King | Role::Pawn)) = promotion {
                return tr("move-promote-never", &[("role", role_name(p).into())]);
            }
            let origins: Vec<Square> = ours
                .into_iter()
                .filter(|from| {
                    file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
                })
                .filter(|&from| reaches(pos, role, from, to))
                .collect();
            let Some(&from) = origins.first() else {
                return tr(
                    "move-cannot-reach",
                    &[
                        ("role", role_name(role).into()),
                        ("to", to.to_string().into()),
                    ],
                );
            };
            if pos.is_check() {
                let typed = format!("{}{to}", role_prefix(role, from));
                return tr(
                    "move-check-not-out",
                    &[("move", crate::i18n::san(&typed).into_owned().into())],
                );
            }
            if role == Role::King {
                return tr("move-king-into-check", &[("to", to.to_string().into())]);
            }
            tr(
                "move-pinned",
                &[
                    ("role", role_name(role).into()),
                    ("from", from.to_string().into()),
                ],
            )
        }
        San::Put { .. } | San::Null => t("move-no-such-kind"),
    }
}

fn role_prefix(role: Role, from: Square) -> String {
    if role == Role::Pawn {
        from.file().char().to_string()
    } else {
        role.upper_char().to_string()
    }
}

/// Whether a piece of `role` on `from` could move to `to` ignoring pins and checks.
fn reaches(pos: &Chess, role: Role, from: Square, to: Square) -> bool {
    let board = pos.board();
    let occupied = board.occupied();
    let us = pos.turn();
    if role != Role::Pawn {
        return attacks::attacks(from, Piece { color: us, role }, occupied).contains(to);
    }
    let target_enemy = board.color_at(to) == Some(!us)
        || pos.ep_square(shakmaty::EnPassantMode::Legal) == Some(to);
    if attacks::pawn_attacks(us, from).contains(to) {
        return target_enemy;
    }
    let dir: i32 = if us == Color::White { 8 } else { -8 };
    let one = from.offset(dir);
    let start_rank = if us == Color::White {
        Rank::Second
    } else {
        Rank::Seventh
    };
    match one {
        Some(one) if one == to => !occupied.contains(to),
        Some(one) => {
            from.rank() == start_rank
                && one.offset(dir) == Some(to)
                && !occupied.contains(one)
                && !occupied.contains(to)
        }
        None => false,
    }
}

fn diagnose_castle(pos: &Chess, side: CastlingSide) -> String {
    let us = pos.turn();
    let name = if side == CastlingSide::KingSide {
        "kingside"
    } else {
        "queenside"
    };
    if !pos.castles().has(us, side) {
        return tr("castle-no-right", &[("side", name.into())]);
    }
    if pos.is_check() {
        return t("castle-in-check");
    }
    let Some(rook) = pos.castles().rook(us, side) else {
        return tr("castle-no-right", &[("side", name.into())]);
    };
    let king = pos.board().king_of(us);
    let path: Bitboard = king.map_or(Bitboard::EMPTY, |k| attacks::between(k, rook));
    if !(path & pos.board().occupied()).is_empty() {
        return tr("castle-blocked", &[("side", name.into())]);
    }
    t("castle-attacked")
}

fn malformed_reason(s: &str) -> String {
    let b = s.as_bytes();
    if b.len() == 4 && b.iter().all(u8::is_ascii_alphanumeric) {
        return t("move-squares");
    }
    t("move-how")
}

/// Legal moves close to what was typed: same piece and destination first, then small edits.
fn suggestions(pos: &Chess, typed: &str, san: San) -> Vec<String> {
    let role = match san {
        San::Normal { role, .. } => Some(role),
        San::Castle(_) => Some(Role::King),
        _ => None,
    };
    closest(
        typed,
        pos.legal_moves()
            .iter()
            .filter(|m| role.is_none_or(|r| r == m.role()))
            .map(|m| san_of(pos, *m)),
    )
}

/// The SANs (among `legal`) within two edits of what was typed, the closest first, at most
/// three; promotions ordered Q, R, B, N.
pub(crate) fn closest(typed: &str, legal: impl Iterator<Item = String>) -> Vec<String> {
    let typed = typed.to_ascii_lowercase();
    let scored: Vec<(usize, String)> = legal
        .map(|text| {
            let plain = text.trim_end_matches(['+', '#']).to_ascii_lowercase();
            (edit_distance(&typed, &plain), text)
        })
        .filter(|(d, _)| *d <= 2)
        .collect();
    let best = scored.iter().map(|(d, _)| *d).min().unwrap_or(0);
    let mut out: Vec<String> = scored
        .into_iter()
        .filter(|(d, _)| *d == best)
        .map(|(_, t)| t)
        .collect();
    out.sort_by_key(|t| std::cmp::Reverse(promotion_rank(t)));
    out.truncate(3);
    out
}

/// Orders promotions Q, R, B, N (and leaves other moves in place).
fn promotion_rank(san: &str) -> u8 {
    match san.split('=').nth(1).and_then(|p| p.chars().next()) {
        Some('Q') => 4,
        Some('R') => 3,
        Some('B') => 2,
        Some('N') => 1,
        _ => 0,
    }
}

fn suggestions_to(pos: &Chess, to: Square) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.to() == to)
        .map(|m| san_of(pos, *m))
        .collect();
    out.sort();
    out.truncate(3);
    out
}

pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// "the pawn on e7 is black's, and it is white to move".
pub(crate) fn not_yours(piece: Piece, from: Square, turn: Color) -> String {
    tr(
        "move-not-yours",
        &[
            ("role", role_name(piece.role).into()),
            ("from", from.to_string().into()),
            ("color", color_name(piece.color).into()),
            ("turn", color_name(turn).into()),
        ],
    )
}

/// The English name of a piece kind.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The English name of a colour, lower case.
pub fn color_name(color: Color) -> &'static str {
    if color == Color::White {
        "white"
    } else {
        "black"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn pos(fen: &str) -> Chess {
        crate::game::fen::parse(fen).unwrap()
    }

    fn san(p: &Chess, text: &str) -> String {
        match parse_move(p, text) {
            Ok(m) => san_of(p, m),
            Err(e) => format!("ERR {e}"),
        }
    }

    #[test]
    fn portuguese_san_in_portuguese_english_san_always() {
        use crate::i18n::{Lang, with};
        let start = Chess::default();
        with(Lang::PtBr, || {
            assert_eq!(san(&start, "Cf3"), "Nf3");
            assert_eq!(san(&start, "Nf3"), "Nf3");
            assert_eq!(san(&start, "Cg1-f3"), "Nf3");
            // A king and a rook that can both reach f1: `Rf1` is either, in Portuguese.
            let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
            let err = san(&p, "Rf1");
            assert!(
                err.contains("amb") && err.contains("Tf1") && err.contains("Rf1"),
                "{err}"
            );
            assert_eq!(san(&p, "Th2"), "Rh2");
            assert_eq!(san(&p, "Rd1"), "Kd1");
            // Promotion to a queen: e8=D, e8D.
            let q = pos("8/4P3/8/8/8/8/k7/7K w - - 0 1");
            assert_eq!(san(&q, "e8=D"), "e8=Q");
            assert_eq!(san(&q, "e8C"), "e8=N");
            // The errors are in Portuguese, their moves in Portuguese SAN.
            let err = san(&start, "Cf4");
            assert!(
                err.contains("Cf4 é ilegal: nenhum cavalo seu alcança f4"),
                "{err}"
            );
            assert!(err.contains("você quis dizer"), "{err}");
        });
        with(Lang::En, || {
            assert!(san(&start, "Cf3").starts_with("ERR"));
            assert!(san(&start, "Nf4").contains("is illegal"));
        });
    }

    #[test]
    fn legal_and_tolerant_forms() {
        let start = Chess::default();
        for (input, expected) in [
            ("Nf3", "Nf3"),
            ("nf3", "Nf3"),
            ("g1f3", "Nf3"),
            ("Ng1-f3", "Nf3"),
            ("e2-e4", "e4"),
            ("e4", "e4"),
            ("e2e4", "e4"),
            ("  e4  ", "e4"),
            ("Nf3!?", "Nf3"),
            ("b3", "b3"),
            ("b4", "b4"),
        ] {
            assert_eq!(san(&start, input), expected, "input {input}");
        }
        let castle = pos("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1");
        for (input, expected) in [
            ("O-O", "O-O"),
            ("0-0", "O-O"),
            ("o-o", "O-O"),
            ("O-O-O", "O-O-O"),
            ("0-0-0", "O-O-O"),
            ("e1g1", "O-O"),
            ("e1c1", "O-O-O"),
        ] {
            assert_eq!(san(&castle, input), expected, "input {input}");
        }
        let promo = pos("8/4P3/7k/8/8/8/8/4K3 w - - 0 1");
        for (input, expected) in [
            ("e8=Q", "e8=Q"),
            ("e8Q", "e8=Q"),
            ("e8q", "e8=Q"),
            ("e8=q", "e8=Q"),
            ("e7e8q", "e8=Q"),
            ("e7e8n", "e8=N"),
            ("e8=N", "e8=N"),
        ] {
            assert_eq!(san(&promo, input), expected, "input {input}");
        }
        // Check marks are optional and a missing capture mark is forgiven.
        let g = {
            let mut g = Game::new();
            for m in ["e4", "d5"] {
                g.play_text(m).unwrap();
            }
            g
        };
        assert_eq!(san(g.position(), "exd5"), "exd5");
        assert_eq!(san(g.position(), "ed5"), "exd5");
        let mate = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(san(&mate, "Ra8#"), "Ra8#");
        assert_eq!(san(&mate, "Ra8"), "Ra8#");
        assert_eq!(san(&mate, "Ra8+"), "Ra8#");
    }

    #[test]
    fn b_pawn_versus_bishop() {
        // Both the b-pawn and the bishop can take on c3.
        let both = pos("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
        assert_eq!(
            san(&both, "bxc3"),
            "ERR bxc3 is ambiguous: it could be Bxc3 or bxc3"
        );
        assert_eq!(san(&both, "Bxc3"), "Bxc3");
        // Only the bishop can: the lower-case b means the bishop.
        let bishop = pos("4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1");
        assert_eq!(san(&bishop, "bxc3"), "Bxc3");
        // Only the pawn can.
        let pawn = pos("4k3/8/8/8/8/2n5/1P6/4K2B w - - 0 1");
        assert_eq!(san(&pawn, "bxc3"), "bxc3");
    }

    #[test]
    fn illegal_moves_say_why() {
        let start = Chess::default();
        assert_eq!(
            san(&start, "Nf4"),
            "ERR Nf4 is illegal: no knight of yours can reach f4 (did you mean Nf3?)"
        );
        assert_eq!(
            san(&start, "Qh5"),
            "ERR Qh5 is illegal: no queen of yours can reach h5"
        );
        assert_eq!(
            san(&start, "O-O"),
            "ERR O-O is illegal: the squares between your king and the kingside rook are not empty"
        );
        assert_eq!(
            san(&start, "Bd2"),
            "ERR Bd2 is illegal: d2 is occupied by your own pawn"
        );
        assert_eq!(
            san(&start, "e3e4"),
            "ERR e3e4 is illegal: there is no piece on e3 (did you mean e4?)"
        );
        assert_eq!(
            san(&start, "e7e5"),
            "ERR e7e5 is illegal: the pawn on e7 is black's, and it is white to move"
        );
        // Pinned knight.
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(
            san(&pinned, "Nc3"),
            "ERR Nc3 is illegal: the knight on e2 is pinned: moving it would expose your king"
        );
        // King into check.
        let king2 = pos("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
        assert_eq!(
            san(&king2, "Ke2"),
            "ERR Ke2 is illegal: your king would be in check on e2 (did you mean Kd1, Kf1?)"
                .replace("Kd1, Kf1", "Kd1 or Kf1")
        );
        // In check and the move does not help.
        let check = pos("4k3/8/8/8/8/8/8/r3K2N w - - 0 1");
        assert!(
            san(&check, "Ng3")
                .contains("your king is in check, and Ng3 does not get it out of check"),
            "{}",
            san(&check, "Ng3")
        );
        // Lost castling rights.
        let no_rights = pos("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert_eq!(
            san(&no_rights, "O-O"),
            "ERR O-O is illegal: you no longer have the right to castle kingside"
        );
        let promo = pos("8/4P3/7k/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            san(&promo, "e8"),
            "ERR e8 is illegal: a pawn reaching e8 must promote: add =Q, =R, =B or =N (did you mean e8=Q, e8=R or e8=B?)"
        );
        assert_eq!(
            san(&promo, "e7e8"),
            "ERR e7e8 is ambiguous: it could be e7e8q, e7e8r, e7e8b or e7e8n"
        );
        // Issue 34: a promotion to a king was "the pawn on a7 is pinned".
        let to_king = pos("8/P7/8/8/8/8/8/k6K w - - 0 1");
        for input in ["a8=K", "a7a8k", "a8=K+", "a8=P"] {
            let said = san(&to_king, input);
            assert!(
                said.contains("a pawn promotes to a queen, rook, bishop or knight"),
                "{input}: {said}"
            );
            assert!(!said.contains("pinned"), "{input}: {said}");
        }
    }

    #[test]
    fn ambiguous_lists_candidates() {
        let two_rooks = pos("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert_eq!(
            san(&two_rooks, "Rd1"),
            "Rd1",
            "only the a-rook reaches d1 past the king"
        );
        let kd = pos("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1");
        assert_eq!(
            san(&kd, "Ne2"),
            "ERR Ne2 is ambiguous: it could be Nce2 or Nge2"
        );
        assert_eq!(san(&kd, "Nce2"), "Nce2");
        assert_eq!(san(&kd, "c1e2"), "Nce2");
    }

    #[test]
    fn malformed_input() {
        let start = Chess::default();
        assert_eq!(san(&start, ""), "ERR type a move, such as e4, Nf3 or g1f3");
        assert_eq!(
            san(&start, "hello"),
            "ERR \"hello\" is not a move: write SAN such as e4, Nf3, exd5, O-O, e8=Q, or UCI such as g1f3"
        );
        assert_eq!(
            san(&start, "z9z8"),
            "ERR \"z9z8\" is not a move: squares run from a1 to h8; write a UCI move as e2e4"
        );
    }
}

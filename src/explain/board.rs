//! Board queries shared by the theme detectors and the claims: piece values, attackers,
//! defenders, "bad spots", pawn-structure predicates and material counts.
//!
//! Everything here is a pure function of a shakmaty [`Board`] or [`Chess`] position; nothing
//! here generates moves itself (legal moves always come from shakmaty).

use shakmaty::{
    Bitboard, Board, Chess, Color, File, Move, Piece, Position, Rank, Role, Square, attacks,
};

/// Conventional piece value in pawns: P1 N3 B3 R5 Q9, the king 99 (used only for comparisons).
///
/// ```
/// use kibitzer::explain::board::value;
/// use shakmaty::Role;
/// assert_eq!(value(Role::Rook), 5);
/// ```
#[must_use]
pub fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 99,
    }
}

/// Material of `color` in pawns (kings excluded).
#[must_use]
pub fn material(board: &Board, color: Color) -> i32 {
    [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ]
    .into_iter()
    .map(|r| value(r) * board.by_piece(r.of(color)).count() as i32)
    .sum()
}

/// Material balance from `color`'s point of view (own minus enemy, in pawns).
#[must_use]
pub fn balance(board: &Board, color: Color) -> i32 {
    material(board, color) - material(board, !color)
}

/// Whether in `board` the piece on `from` already lined up against the man on `pinned` with
/// the man on `behind` beyond it, nothing between them: a pin a move of that piece along the
/// line keeps rather than makes.
#[must_use]
pub fn pinned_before(board: &Board, from: Square, pinned: Square, behind: Square) -> bool {
    let occupied = |sq: Square| board.piece_at(sq).is_some();
    occupied(from)
        && occupied(pinned)
        && occupied(behind)
        && shakmaty::attacks::between(from, behind).contains(pinned)
        && board.attacks_from(from).contains(pinned)
        && (shakmaty::attacks::between(pinned, behind) & board.occupied()).is_empty()
}

/// The men of `color` pinned to their own king by an enemy bishop, rook or queen, as (pinner,
/// pinned): the slider's line runs to the king with that one man between.
#[must_use]
pub fn king_pins(board: &Board, color: Color) -> Vec<(Square, Square)> {
    let Some(king) = board.king_of(color) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for s in relative(board.by_color(!color) & board.sliders(), !color) {
        let Some(piece) = board.piece_at(s) else {
            continue;
        };
        // The slider must move along the line to the king.
        if !attacks::attacks(s, piece, Bitboard::EMPTY).contains(king) {
            continue;
        }
        let blockers = attacks::between(s, king) & board.occupied();
        if let Some(p) = blockers
            .single_square()
            .filter(|p| board.color_at(*p) == Some(color))
        {
            out.push((s, p));
        }
    }
    out
}

/// Piece values for the exchange evaluation, centipawns, pawn … king.
pub(crate) const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

/// Whether `m` wins at least `threshold` centipawns ([`SEE_VALUES`]) by static exchange on its
/// square, the men pinned to their own king ([`king_pins`]) left out of the exchange unless
/// the square lies on the pin's line (the whole line through the king and the pinner): 30.g4
/// hxg4 with the knight on f6 pinned by the queen on c3 to the king on g7, Bxg4 simply takes
/// the pawn back ("g4 gives a pawn on purpose" was said, session 41 referee). The search's own
/// exchange evaluation ignores pins; the words may not.
#[must_use]
pub fn see_ge(pos: &Chess, m: Move, threshold: i32) -> bool {
    let board = pos.board();
    let to = m.to();
    let mut barred = Bitboard::EMPTY;
    for color in Color::ALL {
        let Some(king) = board.king_of(color) else {
            continue;
        };
        for (pinner, pinned) in king_pins(board, color) {
            // The whole line: a pinner that takes along it leaves the pinned man free to
            // take it back (34...Rd7 takes on g7 after Rf7xg7).
            if !attacks::ray(king, pinner).contains(to) {
                barred |= Bitboard::from_square(pinned);
            }
        }
    }
    crate::engine::see::see_ge_without(board, pos.turn(), m, threshold, &SEE_VALUES, barred)
}

/// What the capture `m` wins by static exchange ([`see_ge`]), whole pawns (0 when it wins
/// less than a pawn or loses).
#[must_use]
pub fn see_gain(pos: &Chess, m: Move) -> u32 {
    (1..=value(Role::Queen))
        .take_while(|k| see_ge(pos, m, 100 * k))
        .last()
        .map_or(0, i32::unsigned_abs)
}

/// Whether the man on `sq` is pinned to its own king ([`king_pins`]).
#[must_use]
pub fn pinned_to_king(board: &Board, sq: Square) -> bool {
    board
        .color_at(sq)
        .is_some_and(|c| king_pins(board, c).iter().any(|(_, p)| *p == sq))
}

/// Pieces of `by` attacking `sq` on the current occupancy.
#[must_use]
pub fn attackers(board: &Board, sq: Square, by: Color) -> Bitboard {
    board.attacks_to(sq, by, board.occupied())
}

/// The mover's next `n` moves in `pv`, the line after its move (the opponent's reply first).
pub fn mover_next(pv: &[Move], n: usize) -> impl Iterator<Item = &Move> {
    pv.iter().skip(1).step_by(2).take(n)
}

/// What the side that takes first on a square wins in the exchange there (pawns, 0 when it
/// had better not start): `target` is the value of the man on the square, `attackers` and
/// `defenders` the values of the men that can take on it in turn (cheapest first; x-rays and
/// pins not seen). A static exchange: a bishop that takes a knight guarded by a pawn wins 0,
/// a rook that takes a bishop guarded by a knight −2, so it does not start.
#[must_use]
pub fn exchange_gain(target: i32, attackers: &[i32], defenders: &[i32]) -> i32 {
    let (mut attackers, mut defenders) = (attackers.to_vec(), defenders.to_vec());
    attackers.sort_unstable();
    defenders.sort_unstable();
    let Some(&first) = attackers.first() else {
        return 0;
    };
    // gains[d]: what the side capturing at depth d wins if the exchange stopped after it.
    let mut gains = vec![target];
    let mut on_square = first;
    let (mut next_attacker, mut next_defender) = (1, 0);
    for depth in 1.. {
        let taker = if depth % 2 == 1 {
            defenders.get(next_defender)
        } else {
            attackers.get(next_attacker)
        };
        let Some(&taker) = taker else {
            break;
        };
        gains.push(on_square - gains[depth - 1]);
        on_square = taker;
        if depth % 2 == 1 {
            next_defender += 1;
        } else {
            next_attacker += 1;
        }
    }
    for d in (1..gains.len()).rev() {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
    }
    gains[0].max(0)
}

/// Whether a pin of the pawn on `pinned` (by the slider on `pinner`, along the line towards
/// `behind`) holds anything: the pawn guards one of its side's pieces (not a pawn) off the
/// line, or attacks one of the pinner's side's pieces (a pawn only when undefended) off the
/// line, or the pinner's side attacks it more often than it is defended. A pawn on g7 pinned
/// to the king that only guards pawns is held back from nothing a player would name.
#[must_use]
pub fn pawn_pin_holds(board: &Board, pinner: Square, pinned: Square, behind: Square) -> bool {
    let Some(pawn) = board.piece_at(pinned) else {
        return false;
    };
    let off = !shakmaty::attacks::ray(pinner, behind);
    let reach = shakmaty::attacks::pawn_attacks(pawn.color, pinned) & off;
    let guards = reach & board.by_color(pawn.color) & !board.pawns() & !board.kings();
    let hits = (reach & board.by_color(!pawn.color) & !board.kings())
        .into_iter()
        .any(|t| !board.pawns().contains(t) || !is_defended(board, t));
    let won = attackers(board, pinned, !pawn.color).count()
        > attackers(board, pinned, pawn.color).count();
    guards.any() || hits || won
}

/// Whether `sq` is attacked by at least one piece of `by`.
#[must_use]
pub fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    attackers(board, sq, by).any()
}

/// Cheapest attacker value of `by` on `sq`, if any.
#[must_use]
pub fn cheapest_attacker(board: &Board, sq: Square, by: Color) -> Option<i32> {
    attackers(board, sq, by)
        .into_iter()
        .filter_map(|s| board.role_at(s))
        .map(value)
        .min()
}

/// Whether the man on `sq` is worth attacking with a `by`: worth more than it, or undefended
/// ([`is_defended`]); `false` for an empty square.
#[must_use]
pub fn worth_hitting(board: &Board, sq: Square, by: Role) -> bool {
    board
        .role_at(sq)
        .is_some_and(|r| value(r) > value(by) || !is_defended(board, sq))
}

/// Whether the piece on `sq` is defended by its own side, counting x-ray defenders behind
/// the enemy attackers of the square (a defender that sees `sq` once an attacker has captured).
#[must_use]
pub fn is_defended(board: &Board, sq: Square) -> bool {
    let Some(color) = board.color_at(sq) else {
        return false;
    };
    if attackers(board, sq, color).any() {
        return true;
    }
    // x-ray: remove each enemy slider attacker and look again.
    for a in attackers(board, sq, !color) & board.sliders() {
        let occ = board.occupied().without(a);
        if board.attacks_to(sq, color, occ).any() {
            return true;
        }
    }
    false
}

/// Whether the piece on `sq` stands badly: attacked by a cheaper enemy piece, or attacked and
/// undefended. Kings are never in a "bad spot" here.
#[must_use]
pub fn is_bad_spot(board: &Board, sq: Square) -> bool {
    let Some(piece) = board.piece_at(sq) else {
        return false;
    };
    if piece.role == Role::King {
        return false;
    }
    let Some(cheapest) = cheapest_attacker(board, sq, !piece.color) else {
        return false;
    };
    cheapest < value(piece.role) || !is_defended(board, sq)
}

/// Whether the piece on `sq` is hanging: attacked by the enemy and not defended at all.
#[must_use]
pub fn is_hanging(board: &Board, sq: Square) -> bool {
    match board.color_at(sq) {
        Some(c) => is_attacked(board, sq, !c) && !is_defended(board, sq),
        None => false,
    }
}

/// Squares in front of a pawn of `color` on `sq` on its own and adjacent files (the "passed
/// pawn span").
#[must_use]
pub fn front_span(sq: Square, color: Color) -> Bitboard {
    let mut span = Bitboard::EMPTY;
    let files: Vec<File> = [-1, 0, 1]
        .iter()
        .filter_map(|d| sq.file().offset(*d))
        .collect();
    for r in 0..8u32 {
        let rank = Rank::new(r);
        let ahead = match color {
            Color::White => rank > sq.rank(),
            Color::Black => rank < sq.rank(),
        };
        if ahead {
            for f in &files {
                span.add(Square::from_coords(*f, rank));
            }
        }
    }
    span
}

/// Whether the pawn of `color` on `sq` is passed (no enemy pawn ahead on its own or an
/// adjacent file).
#[must_use]
pub fn is_passed(board: &Board, sq: Square, color: Color) -> bool {
    (front_span(sq, color) & board.by_piece(Role::Pawn.of(!color))).is_empty()
}

/// Bitboard of the files adjacent to `file`.
#[must_use]
pub fn adjacent_files(file: File) -> Bitboard {
    [-1, 1]
        .iter()
        .filter_map(|d| file.offset(*d))
        .fold(Bitboard::EMPTY, |acc, f| acc | Bitboard::from_file(f))
}

/// Whether the pawn of `color` on `sq` is isolated (no own pawn on an adjacent file).
#[must_use]
pub fn is_isolated(board: &Board, sq: Square, color: Color) -> bool {
    (adjacent_files(sq.file()) & board.by_piece(Role::Pawn.of(color))).is_empty()
}

/// Whether the pawn of `color` on `sq` shares its file with another own pawn.
#[must_use]
pub fn is_doubled(board: &Board, sq: Square, color: Color) -> bool {
    (Bitboard::from_file(sq.file()) & board.by_piece(Role::Pawn.of(color))).count() >= 2
}

/// Whether the pawn of `color` on `sq` is backward: no own pawn on an adjacent file is level
/// with it or behind it, and its stop square is attacked by an enemy pawn and by no own pawn.
#[must_use]
pub fn is_backward(board: &Board, sq: Square, color: Color) -> bool {
    let own = board.by_piece(Role::Pawn.of(color));
    let rank = color.relative_rank(sq.rank());
    let support = (adjacent_files(sq.file()) & own)
        .into_iter()
        .any(|p| color.relative_rank(p.rank()) <= rank);
    if support || (adjacent_files(sq.file()) & own).is_empty() {
        return false;
    }
    let Some(stop) = sq.offset(if color == Color::White { 8 } else { -8 }) else {
        return false;
    };
    let enemy_pawn_attack =
        (attacks::pawn_attacks(color, stop) & board.by_piece(Role::Pawn.of(!color))).any();
    let own_pawn_cover = (attacks::pawn_attacks(!color, stop) & own).any();
    enemy_pawn_attack && !own_pawn_cover
}

/// Whether `file` holds no pawn at all.
#[must_use]
pub fn is_open_file(board: &Board, file: File) -> bool {
    (Bitboard::from_file(file) & board.pawns()).is_empty()
}

/// Whether `file` holds no pawn of `color` (but may hold enemy pawns).
#[must_use]
pub fn is_half_open_file(board: &Board, file: File, color: Color) -> bool {
    (Bitboard::from_file(file) & board.by_piece(Role::Pawn.of(color))).is_empty()
}

/// Whether the rook on `rook` (of `color`) looks up its file: the first piece in front of it
/// (towards the enemy) is not one of its own minor pieces or king. A rook behind its own
/// knight or bishop does not use the file (20.fxe3 with Nf3 in front of Rf1: "opens the
/// f-file for the rook" was said; 17...Re8 behind Be7 and Be6 "takes the open e-file").
/// A rook or queen in front doubles on the file, which still uses it.
#[must_use]
pub fn rook_sees_file(board: &Board, rook: Square, color: Color) -> bool {
    first_up_the_file(board, rook, color).is_none_or(|first| {
        board.color_at(first) != Some(color)
            || matches!(
                board.role_at(first),
                Some(Role::Rook | Role::Queen | Role::Pawn)
            )
    })
}

/// The first man in front of `sq` on its file, looking from `color`'s side towards the enemy.
#[must_use]
pub fn first_up_the_file(board: &Board, sq: Square, color: Color) -> Option<Square> {
    let front = front_span(sq, color) & Bitboard::from_file(sq.file());
    (attacks::rook_attacks(sq, board.occupied()) & front & board.occupied())
        .into_iter()
        .next()
}

/// Whether `color`'s piece on `sq` stands pinned: an enemy bishop, rook or queen sees, through
/// it alone, `color`'s king or a piece of `color`'s worth more than it (11...Nxf6 with Bg5
/// behind it against the queen on e7).
#[must_use]
pub fn pinned_in_place(board: &Board, sq: Square, color: Color) -> bool {
    let Some(me) = board.role_at(sq) else {
        return false;
    };
    let without = board.occupied().without(sq);
    (board.by_color(!color) & board.sliders())
        .into_iter()
        .any(|s| {
            board.piece_at(s).is_some_and(|p| {
                let through =
                    attacks::attacks(s, p, without) & !attacks::attacks(s, p, board.occupied());
                (through & board.by_color(color)).into_iter().any(|t| {
                    attacks::between(s, t).contains(sq)
                        && board
                            .role_at(t)
                            .is_some_and(|r| r == Role::King || value(r) > value(me))
                })
            })
        })
}

/// Relative rank index 0..=7 of `sq` for `color` (0 = own back rank).
#[must_use]
pub fn rel_rank(sq: Square, color: Color) -> u32 {
    color.relative_rank(sq.rank()).to_u32()
}

/// The four central squares d4, e4, d5, e5.
#[must_use]
pub fn centre() -> Bitboard {
    Bitboard::from(Square::D4) | Square::E4 | Square::D5 | Square::E5
}

/// Number of pawn islands of `color`.
#[must_use]
pub fn pawn_islands(board: &Board, color: Color) -> u32 {
    let pawns = board.by_piece(Role::Pawn.of(color));
    let mut islands = 0;
    let mut inside = false;
    for f in 0..8 {
        let has = (Bitboard::from_file(File::new(f)) & pawns).any();
        if has && !inside {
            islands += 1;
        }
        inside = has;
    }
    islands
}

/// Squares a pawn of `color` defends (attacks), over all its pawns.
#[must_use]
pub fn pawn_attack_span(board: &Board, color: Color) -> Bitboard {
    board
        .by_piece(Role::Pawn.of(color))
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, s| {
            acc | attacks::pawn_attacks(color, s)
        })
}

/// All squares attacked by `color`.
#[must_use]
pub fn attacked_squares(board: &Board, color: Color) -> Bitboard {
    board
        .by_color(color)
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, s| acc | board.attacks_from(s))
}

/// Pseudo-mobility of `color`: squares attacked by its pieces (not pawns, not kings) that hold
/// no own piece and are not attacked by an enemy pawn.
#[must_use]
pub fn safe_mobility(board: &Board, color: Color) -> u32 {
    let unsafe_sq = pawn_attack_span(board, !color) | board.by_color(color);
    (board.by_color(color) & !board.pawns() & !board.kings())
        .into_iter()
        .map(|s| (board.attacks_from(s) & !unsafe_sq).count() as u32)
        .sum()
}

/// Test helper: the moves of the SAN line `sans` played from `from`.
///
/// # Panics
/// On an illegal move (tests only).
#[cfg(test)]
#[must_use]
pub fn line_from(from: &Chess, sans: &[&str]) -> Vec<Move> {
    let mut pos = from.clone();
    sans.iter()
        .map(|s| {
            let m = s
                .parse::<shakmaty::san::San>()
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
            m
        })
        .collect()
}

/// Test helper: the position of `fen`.
///
/// # Panics
/// On a bad FEN (tests only).
#[cfg(test)]
#[must_use]
pub fn from_fen(fen: &str) -> Chess {
    fen.parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap()
}

/// Test helper: the position of `fen`, the move `san` in it and the position after it.
///
/// # Panics
/// On a bad FEN or an illegal move (tests only).
#[cfg(test)]
#[must_use]
pub fn before_move_after(fen: &str, san: &str) -> (Chess, Move, Chess) {
    let before = from_fen(fen);
    let mv = san
        .parse::<shakmaty::san::San>()
        .unwrap()
        .to_move(&before)
        .unwrap();
    let after = play(&before, mv).unwrap();
    (before, mv, after)
}

/// The legal move of `pos` that is the same piece move as `m` (from, to, promotion), played in
/// another position (after a pass, after another move): whether or not it captures there.
#[must_use]
pub fn same_move(pos: &Chess, m: Move) -> Option<Move> {
    pos.legal_moves()
        .into_iter()
        .find(|x| x.from() == m.from() && x.to() == m.to() && x.promotion() == m.promotion())
}

/// Whether the capture `m` (a move in `now`, played by the side that was in check in
/// `before`) was there before the check made it illegal: in `before` the same piece stood on
/// its square and attacked the same man on the target square. Escaping a check creates no such
/// threat: 19.Kh1 out of ...Rxg2+ does not "threaten Nxc7", which the knight on e6 threatened
/// before the check (session 49).
#[must_use]
pub fn stood_before_check(before: &Chess, now: &Chess, m: Move) -> bool {
    let (b, n) = (before.board(), now.board());
    before.is_check()
        && m.is_capture()
        && m.from().is_some_and(|from| {
            b.piece_at(from) == n.piece_at(from)
                && b.piece_at(m.to()) == n.piece_at(m.to())
                && b.attacks_from(from).contains(m.to())
        })
}

/// Plays `m` on a copy of `pos`; `None` if the move is illegal there.
#[must_use]
pub fn play(pos: &Chess, m: Move) -> Option<Chess> {
    if pos.is_legal(m) {
        let mut next = pos.clone();
        next.play_unchecked(m);
        Some(next)
    } else {
        None
    }
}

/// The positions of `line` from `pos` up to where the line has settled for counting material:
/// a line cut off in the middle of an exchange (its last move a capture whose recapture is not
/// shown) would report the capture without the recapture, so it is cut after its last quiet
/// move. A line that ends in checkmate counts in full. The first entry is `pos` itself.
#[must_use]
pub fn settled_positions(pos: &Chess, line: &[Move]) -> Vec<Chess> {
    let mut all = positions(pos, line);
    let mate = all.last().is_some_and(Position::is_checkmate);
    if !mate {
        let keep = (1..all.len())
            .rev()
            .find(|&i| !line[i - 1].is_capture())
            .unwrap_or(0);
        all.truncate(keep + 1);
    }
    all
}

/// What the side to move in `pos` has gained in material (pawns, [`balance`]) at the end of
/// `line` settled ([`settled_positions`]): negative when it has given material.
#[must_use]
pub fn settled_gain(pos: &Chess, line: &[Move]) -> i32 {
    let us = pos.turn();
    settled_positions(pos, line)
        .last()
        .map_or(0, |end| balance(end.board(), us) - balance(pos.board(), us))
}

/// The move `mv` and the first moves of its line `pv`, `plies` in all, with their settled
/// positions ([`settled_positions`] from `pos`): what the material comes to early in the line.
#[must_use]
pub fn settled_early(pos: &Chess, mv: Move, pv: &[Move], plies: usize) -> (Vec<Move>, Vec<Chess>) {
    let mut line = vec![mv];
    line.extend(pv.iter().take(plies.saturating_sub(1)));
    let settled = settled_positions(pos, &line);
    (line, settled)
}

/// Positions along `line` starting at `pos` (the first entry is `pos` itself); stops at the
/// first illegal move.
#[must_use]
pub fn positions(pos: &Chess, line: &[Move]) -> Vec<Chess> {
    let mut out = vec![pos.clone()];
    let mut cur = pos.clone();
    for m in line {
        match play(&cur, *m) {
            Some(next) => {
                cur = next;
                out.push(cur.clone());
            }
            None => break,
        }
    }
    out
}

/// The piece standing on `sq`, if any, as a [`Piece`].
#[must_use]
pub fn piece(board: &Board, sq: Square) -> Option<Piece> {
    board.piece_at(sq)
}

/// Chebyshev distance between two squares.
#[must_use]
pub fn distance(a: Square, b: Square) -> u32 {
    a.distance(b)
}

/// The squares around the king of `color` (king square and neighbours).
#[must_use]
pub fn king_ring(board: &Board, color: Color) -> Bitboard {
    board
        .king_of(color)
        .map(|k| attacks::king_attacks(k).with(k))
        .unwrap_or(Bitboard::EMPTY)
}

/// The first piece beyond `through` on the line from the slider on `slider` through it: what
/// the slider hits once `through` is gone (an x-ray; the piece behind a pinned or skewered
/// one). `None` when the piece on `slider` does not attack `through` along a line, or nothing
/// stands beyond it.
#[must_use]
pub fn behind(board: &Board, slider: Square, through: Square) -> Option<Square> {
    let piece = board.piece_at(slider)?;
    if !board.attacks_from(slider).contains(through) {
        return None;
    }
    let reach = attacks::attacks(slider, piece, board.occupied().without(through))
        & attacks::ray(slider, through)
        & board.occupied();
    reach
        .into_iter()
        .find(|x| attacks::between(slider, *x).contains(through))
}

/// Squares attacked by the piece on `sq` if it stood there with the current occupancy.
#[must_use]
pub fn attacks_of(board: &Board, sq: Square) -> Bitboard {
    board.attacks_from(sq)
}

/// The squares of `bb` in an order that does not depend on colour: by rank as seen from
/// `color` (its own back rank first), then by file. Detectors iterate with it so that the
/// mirrored position yields the mirrored detections.
#[must_use]
pub fn relative(bb: Bitboard, color: Color) -> Vec<Square> {
    if color.is_white() {
        bb.into_iter().collect()
    } else {
        bb.flip_vertical()
            .into_iter()
            .map(Square::flip_vertical)
            .collect()
    }
}

#[cfg(test)]
mod exchange_tests {
    use super::exchange_gain;

    #[test]
    fn the_static_exchange_counts_who_takes_what() {
        // A bishop takes a knight a pawn guards: an even trade, nothing won.
        assert_eq!(exchange_gain(3, &[3], &[1]), 0);
        // A rook takes a bishop a knight guards: it does not start.
        assert_eq!(exchange_gain(3, &[5], &[3]), 0);
        // A pawn takes a guarded knight: +2.
        assert_eq!(exchange_gain(3, &[1], &[3]), 2);
        // Two attackers on a pawn with one defender: the pawn falls.
        assert_eq!(exchange_gain(1, &[3, 5], &[3]), 1);
        // Two attackers and two defenders on a pawn: nothing.
        assert_eq!(exchange_gain(1, &[3, 5], &[3, 5]), 0);
        // Undefended: the man is won.
        assert_eq!(exchange_gain(5, &[9], &[]), 5);
    }
}

#[cfg(test)]
mod see_tests {
    use super::{before_move_after, line_from, play, see_ge};

    #[test]
    fn a_man_pinned_to_its_king_does_not_take_back() {
        // Session 41 referee: 30.g4 hxg4, and Bxg4 takes the pawn back for good, the knight
        // on f6 being pinned by the queen on c3 to the king on g7.
        let fen = "2r1r3/q4pk1/p2p1np1/1p1P3p/1PP2P1P/2Q1p1P1/P3B3/1KR4R w - - 1 30";
        let (_, _, after) = before_move_after(fen, "g4");
        let taken = play(&after, line_from(&after, &["hxg4"])[0]).unwrap();
        let retake = line_from(&taken, &["Bxg4"])[0];
        assert!(see_ge(&taken, retake, 100));
        // Without the pin (the queen on d2) the knight takes back: the bishop is lost.
        let fen = "2r1r3/q4pk1/p2p1np1/1p1P3p/1PP2P1P/4p1P1/P2QB3/1KR4R w - - 1 30";
        let (_, _, after) = before_move_after(fen, "g4");
        let taken = play(&after, line_from(&after, &["hxg4"])[0]).unwrap();
        let retake = line_from(&taken, &["Bxg4"])[0];
        assert!(!see_ge(&taken, retake, 0));
    }
}

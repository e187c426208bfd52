//! The material balance of a position, as chess sites show it beside the board: the pieces
//! each side has won on balance (role by role, so promotions and set-up positions count
//! right) and the difference in points (pawn 1, knight and bishop 3, rook 5, queen 9: the
//! values of [`crate::explain::board`]).

use shakmaty::{Board, Color, Role};

/// Which pieces one side is up, and by how many points.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Balance {
    /// The opponent's pieces this side is up, most valuable first, for White and Black.
    pub ahead: [Vec<Role>; 2],
    /// White's points minus Black's.
    pub points: i32,
}

/// The balance on `board`.
///
/// ```
/// use kibitzer::material::balance;
/// use shakmaty::{Chess, Position, Role};
/// let start = balance(Chess::default().board());
/// assert_eq!(start.points, 0);
/// assert!(start.ahead[0].is_empty() && start.ahead[1].is_empty());
/// ```
#[must_use]
pub fn balance(board: &Board) -> Balance {
    let mut out = Balance::default();
    for role in [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        let count = |color: Color| (board.by_color(color) & board.by_role(role)).count();
        let (white, black) = (count(Color::White), count(Color::Black));
        let diff = white.abs_diff(black);
        let side = usize::from(black > white);
        out.ahead[side].extend(std::iter::repeat_n(role, diff));
    }
    out.points = crate::explain::board::balance(board, Color::White);
    out
}

/// The points `color` is ahead by (`+2`), empty when it is not ahead.
#[must_use]
pub fn lead(balance: &Balance, color: Color) -> String {
    let points = match color {
        Color::White => balance.points,
        Color::Black => -balance.points,
    };
    if points > 0 {
        format!("+{points}")
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    fn board(fen: &str) -> Board {
        fen.parse::<Fen>()
            .unwrap()
            .into_position::<Chess>(CastlingMode::Standard)
            .unwrap()
            .board()
            .clone()
    }

    #[test]
    fn captures_and_the_point_difference() {
        // White took a knight and a pawn, Black took a bishop: White +1.
        let b = balance(&board(
            "r1bqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1",
        ));
        assert_eq!(b.points, 1);
        assert_eq!(b.ahead[0], vec![Role::Knight, Role::Pawn]);
        assert_eq!(b.ahead[1], vec![Role::Bishop]);
        assert_eq!(lead(&b, Color::White), "+1");
        assert_eq!(lead(&b, Color::Black), "");
    }

    #[test]
    fn promotions_count_role_by_role() {
        // Black has two queens (one promoted) against White's one, and White has one more
        // pawn: Black is ahead by a queen, White by a pawn; Black +8.
        let b = balance(&board("qq2k3/8/8/8/8/8/PP6/Q3K3 w - - 0 1"));
        assert_eq!(b.ahead[1], vec![Role::Queen]);
        assert_eq!(b.ahead[0], vec![Role::Pawn, Role::Pawn]);
        assert_eq!(lead(&b, Color::Black), "+7");
    }
}

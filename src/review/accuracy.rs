//! Accuracy, as Lichess computes it.
//!
//! - **Win%** of a score (White's view): `50 + 50 · wc(cp)` with the winning-chances model of
//!   [`crate::explain::quality::winning_chances`]; a mate counts as 100 or 0.
//! - **Per-move accuracy** of the mover, from the mover's win% before and after the move:
//!   `103.1668 · exp(-0.04354 · (before - after)) - 3.1669`, clamped to 0..100; exactly 100
//!   when the move lost nothing (the formula alone gives 99.9999 there), as Lichess does. The
//!   review takes "before" from the best move's score and "after" from the played move's exact
//!   score in the same search, so a move classified best has accuracy 100.
//! - **Game accuracy** per side (Lichess's aggregation): the win% series of the game's positions
//!   is cut into sliding windows of `clamp(plies / 10, 2, 8)` positions (the first windows
//!   repeated so that every move has one); each move is weighted by its window's standard
//!   deviation clamped to 0.5..12 (volatile phases count more). A side's accuracy is the mean
//!   of the volatility-weighted mean and the harmonic mean of its moves' accuracies (each
//!   taken as at least 1 in the harmonic mean, so one zero does not make it zero).

use crate::explain::quality::Score;

/// Win% (0..100) of a score.
///
/// ```
/// use kibitzer::explain::quality::Score;
/// use kibitzer::review::accuracy::win_percent;
/// assert_eq!(win_percent(Score::Cp(0)), 50.0);
/// assert_eq!(win_percent(Score::Mate(-2)), 0.0);
/// ```
#[must_use]
pub fn win_percent(s: Score) -> f64 {
    50.0 + 50.0 * s.winning_chances()
}

/// Per-move accuracy (0..100) from the mover's win% before and after the move.
///
/// ```
/// use kibitzer::review::accuracy::move_accuracy;
/// assert_eq!(move_accuracy(60.0, 60.0), 100.0);
/// assert!((move_accuracy(60.0, 50.0) - 63.58).abs() < 0.01);
/// ```
#[must_use]
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let drop = before - after;
    if drop <= 0.0 {
        return 100.0;
    }
    (103.1668 * (-0.04354 * drop).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Population standard deviation (0 for fewer than two values).
fn std_dev(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// The volatility weight of each move: `win_percents` holds White's win% of every position
/// from the start (one more than the moves).
#[must_use]
pub fn volatility_weights(win_percents: &[f64]) -> Vec<f64> {
    let moves = win_percents.len().saturating_sub(1);
    if moves == 0 {
        return Vec::new();
    }
    let size = (win_percents.len() / 10)
        .clamp(2, 8)
        .min(win_percents.len());
    let mut windows: Vec<&[f64]> = Vec::with_capacity(moves);
    for _ in 0..size.saturating_sub(2) {
        windows.push(&win_percents[..size]);
    }
    windows.extend(win_percents.windows(size));
    windows
        .iter()
        .take(moves)
        .map(|w| std_dev(w).clamp(0.5, 12.0))
        .collect()
}

/// Aggregates one side's per-move accuracies with their weights (see the module
/// documentation); `None` without moves.
///
/// ```
/// use kibitzer::review::accuracy::aggregate;
/// assert_eq!(aggregate(&[(100.0, 1.0), (100.0, 3.0)]), Some(100.0));
/// // Weighted mean 75, harmonic mean 2 / (1/100 + 1/50) = 66.67.
/// assert!((aggregate(&[(100.0, 1.0), (50.0, 1.0)]).unwrap() - 70.833).abs() < 0.01);
/// ```
#[must_use]
pub fn aggregate(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let weight: f64 = moves.iter().map(|(_, w)| w).sum();
    let weighted = moves.iter().map(|(a, w)| a * w).sum::<f64>() / weight;
    let harmonic = moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_move_accuracy_hand_computed() {
        // dWin 0: 100 (the formula alone gives 103.1668 - 3.1669 = 99.9999).
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        // dWin 0.5: 103.1668 * e^-0.02177 = 100.9452 - 3.1669 = 97.778.
        assert!((move_accuracy(50.5, 50.0) - 97.778).abs() < 0.01);
        // dWin 10: 103.1668 * e^-0.4354 = 103.1668 * 0.64701 = 66.75 - 3.1669 = 63.58.
        assert!((move_accuracy(60.0, 50.0) - 63.585).abs() < 0.01);
        // dWin 50: 103.1668 * e^-2.177 = 103.1668 * 0.11339 = 11.698 - 3.167 = 8.531.
        assert!((move_accuracy(75.0, 25.0) - 8.531).abs() < 0.01);
        // dWin 100: 103.1668 * e^-4.354 = 1.3259 - 3.1669 < 0 -> 0.
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
        // A gain counts as no loss.
        assert_eq!(move_accuracy(40.0, 70.0), 100.0);
    }

    #[test]
    fn win_percent_hand_computed() {
        // wc(100) = 2 / (1 + e^-0.368208) - 1 = 2 / 1.69196 - 1 = 0.18206.
        assert!((win_percent(Score::Cp(100)) - 59.103).abs() < 0.01);
        assert_eq!(win_percent(Score::Mate(3)), 100.0);
    }

    #[test]
    fn volatility_windows_cover_every_move() {
        // 4 moves, 5 positions: window size 2, one window per move.
        let w = volatility_weights(&[50.0, 50.0, 70.0, 70.0, 40.0]);
        assert_eq!(w, vec![0.5, 10.0, 0.5, 12.0]);
        // 30 positions: window size 3, one repeated first window.
        let series: Vec<f64> = (0..30).map(|i| f64::from(i % 2) * 10.0 + 45.0).collect();
        assert_eq!(volatility_weights(&series).len(), 29);
    }
}

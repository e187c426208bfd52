//! The evaluation's breakdown as a table for people (`kibitzer eval`, and UCI's `eval` in
//! English): one row per term with White's value, Black's and the difference, the total, then
//! the phase, the side to move and the scales applied. Every word comes from the catalogue
//! (`eval-*` in `cli.ftl`), every number is written with the language's decimal mark
//! ([`crate::i18n::decimal`]), and the columns grow to the longest word, so a table lines up
//! in every language. Chess and Pawn Battle share the one table; the engines only compute the
//! [`crate::engine::Breakdown`] and [`crate::variant::pawn_battle::eval::Breakdown`].

use shakmaty::Color;

use crate::i18n::{decimal, t, tr};

/// The first column is at least this wide, the figures' columns at least [`FIGURE`].
const TERM: usize = 16;
const FIGURE: usize = 7;

/// A term's name in the language spoken: the catalogue's `eval-term`, selected by the term's
/// English name with dashes (`king safety` → `king-safety`); an unknown term keeps its name.
/// Also the names of the advanced explanation's evaluation deltas.
///
/// ```
/// use kibitzer::i18n::{with, Lang};
/// assert_eq!(with(Lang::PtBr, || kibitzer::eval_table::term_name("king safety")), "segurança do rei");
/// ```
#[must_use]
pub fn term_name(english: &str) -> String {
    tr(
        "eval-term",
        &[
            ("term", english.replace(' ', "-").into()),
            ("name", english.to_owned().into()),
        ],
    )
}

fn side_word(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The table: `rows` of (term, White, Black, difference), the total's figure, the heading of
/// the last column (`total` or `diff`), and the lines under it.
fn table(rows: &[[String; 4]], total: &str, last: &str, notes: &[String]) -> String {
    let heading = [
        t("eval-heading-term"),
        t("eval-heading-white"),
        t("eval-heading-black"),
        t(last),
    ];
    let total_row = [
        t("eval-total"),
        String::new(),
        String::new(),
        total.to_owned(),
    ];
    let all = || std::iter::once(&heading).chain(rows).chain([&total_row]);
    let width = |i: usize, least: usize| {
        all()
            .map(|r| r[i].chars().count())
            .max()
            .unwrap_or(0)
            .max(least)
    };
    let widths = [
        width(0, TERM),
        width(1, FIGURE),
        width(2, FIGURE),
        width(3, FIGURE),
    ];
    let mut out = String::new();
    for r in all() {
        out.push_str(&format!(
            "{:<w0$} {:>w1$} {:>w2$} {:>w3$}\n",
            r[0],
            r[1],
            r[2],
            r[3],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
        ));
    }
    out.push_str(&notes.join("\n"));
    out
}

/// Centipawns as pawns with two decimals, in the language's decimal mark (`-0.35`, `1.20`).
fn pawns(cp: i32) -> String {
    let sign = if cp < 0 { "-" } else { "" };
    let a = cp.unsigned_abs();
    decimal(&format!("{sign}{}.{:02}", a / 100, a % 100))
}

/// The line naming the side to move and the score for it.
fn turn_line(turn: Color, score: &str) -> String {
    tr(
        "eval-turn",
        &[
            ("side", side_word(turn).into()),
            ("score", score.to_owned().into()),
        ],
    )
}

/// The chess evaluation's table (figures in pawns).
///
/// ```
/// use kibitzer::engine::{EvalParams, evaluate_breakdown};
/// use kibitzer::i18n::{with, Lang};
/// let b = evaluate_breakdown(&shakmaty::Chess::default(), &EvalParams::default());
/// let pt = with(Lang::PtBr, || kibitzer::eval_table::chess(&b));
/// assert!(pt.contains("segurança do rei"));
/// assert!(pt.contains("vez das Brancas"));
/// ```
#[must_use]
pub fn chess(b: &crate::engine::Breakdown) -> String {
    use crate::engine::eval::{MAX_PHASE, scale};
    let rows: Vec<[String; 4]> = b
        .terms
        .iter()
        .map(|(term, w, bl)| [term_name(term.name()), pawns(*w), pawns(*bl), pawns(w - bl)])
        .collect();
    let mut notes = vec![format!(
        "{}; {}",
        tr(
            "eval-phase",
            &[("phase", b.phase.into()), ("max", MAX_PHASE.into())]
        ),
        turn_line(b.turn, &pawns(b.side_to_move()))
    )];
    if b.endgame_scale != scale::FULL {
        notes.push(tr(
            "eval-drawish",
            &[
                ("kept", b.endgame_scale.into()),
                ("full", scale::FULL.into()),
            ],
        ));
    }
    if b.fifty_move_scale != scale::FULL {
        notes.push(tr(
            "eval-fifty",
            &[
                ("kept", b.fifty_move_scale.into()),
                ("full", scale::FULL.into()),
            ],
        ));
    }
    table(&rows, &pawns(b.white), "eval-heading-total", &notes)
}

/// Pawn Battle's table (figures in the evaluation's own units, whole numbers).
#[must_use]
pub fn pawn_battle(b: &crate::variant::pawn_battle::eval::Breakdown) -> String {
    use crate::variant::pawn_battle::eval::Term;
    let rows: Vec<[String; 4]> = Term::ALL
        .iter()
        .map(|term| {
            let v = b.term(*term);
            [
                term_name(term.name()),
                v.white.to_string(),
                v.black.to_string(),
                (v.white - v.black).to_string(),
            ]
        })
        .collect();
    let notes = [turn_line(b.turn, &b.score(b.turn).to_string())];
    table(
        &rows,
        &b.score(Color::White).to_string(),
        "eval-heading-diff",
        &notes,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EvalParams, evaluate_breakdown};
    use crate::i18n::{Lang, with};

    fn at(fen: &str) -> shakmaty::Chess {
        crate::game::fen::parse(fen).unwrap()
    }

    /// Issue 38: the table in Portuguese names the terms as a Brazilian coach does, writes
    /// the decimal comma, and its columns line up although the words are longer.
    #[test]
    fn the_table_speaks_portuguese_and_its_columns_line_up() {
        let b = evaluate_breakdown(
            &at("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5"),
            &EvalParams::default(),
        );
        let pt = with(Lang::PtBr, || chess(&b));
        for words in [
            "termo",
            "Brancas",
            "Pretas",
            "material",
            "posicionamento das peças",
            "mobilidade",
            "segurança do rei",
            "estrutura de peões",
            "par de bispos",
            "roque",
            "fase ",
            "(24 = abertura)",
            "vez das Brancas",
            "avaliação para o lado que joga",
        ] {
            assert!(pt.contains(words), "{words:?} in\n{pt}");
        }
        for english in ["king safety", "white", "phase", "to move", "score"] {
            assert!(!pt.contains(english), "{english:?} in\n{pt}");
        }
        // Every figure takes the comma, none the point.
        assert!(!pt.contains('.'), "{pt}");
        assert!(pt.contains(','), "{pt}");
        // The rows of the table (all but the note) end at the same column, and the figures'
        // columns start at the same place in every row.
        let lines: Vec<&str> = pt.lines().take(b.terms.len() + 2).collect();
        let ends: Vec<usize> = lines.iter().map(|l| l.chars().count()).collect();
        assert!(ends.iter().all(|e| *e == ends[0]), "{ends:?}\n{pt}");
        let king = lines
            .iter()
            .find(|l| l.starts_with("segurança do rei"))
            .unwrap();
        let placement = lines
            .iter()
            .find(|l| l.starts_with("posicionamento das peças"))
            .unwrap();
        // The longest name is followed by one space before the first figure's column.
        let name_width = "posicionamento das peças".chars().count();
        assert!(
            TERM < name_width,
            "the test needs a name longer than the least width"
        );
        assert_eq!(
            king.chars().nth(name_width),
            Some(' '),
            "{king}\n{placement}"
        );
        // English keeps its words and the point.
        let en = with(Lang::En, || chess(&b));
        assert!(en.starts_with("term "), "{en}");
        assert!(
            en.contains("king safety") && en.contains("white to move"),
            "{en}"
        );
        assert!(en.contains('.') && !en.contains(','), "{en}");
    }

    #[test]
    fn the_scales_are_said_under_the_table() {
        // Light bishop and h-pawn against the king in the dark corner: a dead draw.
        let b = evaluate_breakdown(
            &at("6k1/8/8/7P/8/8/4B3/6K1 w - - 0 1"),
            &EvalParams::default(),
        );
        let en = with(Lang::En, || chess(&b));
        assert!(en.contains("drawish endgame"), "{en}");
        let pt = with(Lang::PtBr, || chess(&b));
        assert!(pt.contains("final com tendência de empate"), "{pt}");
    }

    #[test]
    fn pawn_battle_shares_the_table() {
        use crate::variant::VariantPosition;
        use crate::variant::pawn_battle::{PawnBattle, eval};
        let b = eval::breakdown(&PawnBattle::start(), &eval::SEED);
        let pt = with(Lang::PtBr, || pawn_battle(&b));
        for words in [
            "corrida para promover",
            "peões passados",
            "diferença",
            "vez das Brancas",
        ] {
            assert!(pt.contains(words), "{words:?} in\n{pt}");
        }
        let en = with(Lang::En, || pawn_battle(&b));
        assert!(en.contains("promotion race") && en.contains("diff"), "{en}");
    }
}

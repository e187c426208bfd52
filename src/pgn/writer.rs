//! PGN output: the seven-tag roster and other tags, then the movetext (SAN with check marks,
//! comments, NAGs, the result) wrapped at 80 columns.

use shakmaty::Color;

use super::{PgnGame, PgnVariant, Tags};
use crate::game::{Game, GameEnd, GameOutcome, PlayedMove};
use crate::variant::VariantPosition;

/// The widest a movetext line may be (a single longer token gets a line of its own).
const WIDTH: usize = 80;

/// The seven-tag roster, in order, with the value written when a tag is missing.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The four PGN game termination markers.
pub(crate) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Writes one game as PGN (its moves up to the cursor); the text ends with a newline.
///
/// The seven-tag roster comes first (missing tags get `?`, `????.??.??`); the result is the
/// game's outcome when it is over, otherwise the `Result` tag, otherwise `*`. A non-standard
/// start adds `SetUp "1"` and `FEN`; a variant other than chess adds its `Variant` tag
/// (`[Variant "Pawn Battle"]`). Without a `Termination` tag, one is added: `normal` when
/// the game is over by the rules or by resignation, `unterminated` when the result is `*`. A draw
/// by rule or a resignation also gets a closing comment such as `{Draw by threefold repetition}`.
/// A game that reached a named opening gets `ECO` and `Opening` tags ([`crate::opening::of_game`])
/// unless its tags already have either (a foreign file keeps its own).
///
/// ```
/// use kibitzer::game::Game;
/// use kibitzer::pgn::{export, Tags};
/// let mut game = Game::new();
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     game.play_text(san).unwrap();
/// }
/// let pgn = export(&game, &Tags::default());
/// assert!(pgn.contains("[Result \"0-1\"]\n[Termination \"normal\"]\n"));
/// assert!(pgn.ends_with("\n1. f3 e5 2. g4 Qh4# 0-1\n"));
/// ```
pub fn export<P: PgnVariant>(game: &Game<P>, tags: &Tags) -> String {
    export_with_variations(game, &[], tags)
}

/// [`export`] with variations: `alternatives[i]` are the lines played instead of the game's
/// move `i` (each may hold variations of its own), written in parentheses after that move.
/// python-chess and every PGN reader read them back as the same tree.
pub fn export_with_variations<P: PgnVariant>(
    game: &Game<P>,
    alternatives: &[Vec<Variation>],
    tags: &Tags,
) -> String {
    let outcome = game.outcome();
    let result = match outcome {
        Some(o) => o.result_token(),
        None => tags
            .get("Result")
            .and_then(|r| RESULTS.iter().find(|&&known| known == r.trim()))
            .copied()
            .unwrap_or("*"),
    };
    let mut out = String::new();
    for (name, default) in ROSTER {
        let value = if name == "Result" {
            result
        } else {
            tags.get(name).unwrap_or(default)
        };
        push_tag(&mut out, name, value);
    }
    if let Some(variant) = P::TAG {
        push_tag(&mut out, "Variant", variant);
    }
    if let Some(fen) = game.start_fen() {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", fen);
    }
    if tags.get("Termination").is_none() {
        let termination = match (outcome, result) {
            (Some(_), _) => Some("normal"),
            (None, "*") => Some("unterminated"),
            (None, _) => None,
        };
        if let Some(t) = termination {
            push_tag(&mut out, "Termination", t);
        }
    }
    for (name, value) in &tags.0 {
        let written = ROSTER.iter().any(|(r, _)| r == name)
            || name == "SetUp"
            || name == "FEN"
            || (name == "Variant" && P::TAG.is_some());
        if !written {
            push_tag(&mut out, name, value);
        }
    }
    // Our opening name, unless the game brings its own (a foreign file's tags are kept).
    if tags.get("ECO").is_none()
        && tags.get("Opening").is_none()
        && let Some((eco, name)) = P::opening(game)
    {
        push_tag(&mut out, "ECO", eco);
        push_tag(&mut out, "Opening", name);
    }
    out.push('\n');
    for line in wrap(&movetext(game, alternatives, outcome, result)) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Writes many games, separated by blank lines, each with its own result.
pub fn export_all<P: PgnVariant>(games: &[PgnGame<P>]) -> String {
    let mut out = String::new();
    for (i, pgn) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut tags = pgn.tags.clone();
        tags.set("Result", &pgn.result);
        out.push_str(&export(&pgn.game, &tags));
    }
    out
}

/// The text of the closing comment for an outcome that SAN does not show by itself.
pub(crate) fn outcome_comment<R: GameEnd>(outcome: GameOutcome<R>) -> Option<String> {
    (!outcome.reason.shown_by_san()).then(|| outcome.to_string())
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// A line of moves with, at each move, the lines played instead of it (PGN's recursive
/// annotation variations), for [`export_with_variations`] and for screens that list a tree of
/// moves the way PGN writes it ([`line_tokens`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Variation {
    /// The moves, from the position where the line starts.
    pub moves: Vec<VariationMove>,
}

/// One move of a [`Variation`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariationMove {
    /// The move with its SAN, comment and NAGs.
    pub played: PlayedMove,
    /// A number the caller chooses to recognise the move by in [`line_tokens`] (the writer
    /// ignores it).
    pub id: usize,
    /// The lines played instead of this move, from the same position, in order.
    pub alternatives: Vec<Variation>,
}

/// The movetext tokens of `line` (move numbers, SAN, NAGs, comment words, variations in
/// parentheses), starting at move `number` with White to move when `white`; each SAN token comes
/// with its move's [`VariationMove::id`], every other token with `None`.
///
/// ```
/// use kibitzer::game::Game;
/// use kibitzer::pgn::{Variation, VariationMove, line_tokens};
/// let mut game = Game::new();
/// let e4 = game.play_text("e4").unwrap().clone();
/// let mut other = Game::new();
/// let d4 = other.play_text("d4").unwrap().clone();
/// let alternative = Variation { moves: vec![VariationMove { played: d4, id: 2, alternatives: vec![] }] };
/// let line = Variation { moves: vec![VariationMove { played: e4, id: 1, alternatives: vec![alternative] }] };
/// let text: Vec<String> = line_tokens(&line, 1, true).into_iter().map(|(t, _)| t).collect();
/// assert_eq!(text.join(" "), "1. e4 (1. d4)");
/// ```
#[must_use]
pub fn line_tokens(line: &Variation, number: u32, white: bool) -> Vec<(String, Option<usize>)> {
    let mut tokens = Vec::new();
    push_line(&mut tokens, line, number, white);
    tokens
}

/// Appends the tokens of `line` (see [`line_tokens`]).
fn push_line(
    tokens: &mut Vec<(String, Option<usize>)>,
    line: &Variation,
    number: u32,
    white: bool,
) {
    let mut number = number;
    let mut white = white;
    let mut need_number = true;
    for m in &line.moves {
        if white {
            tokens.push((format!("{number}."), None));
        } else if need_number {
            tokens.push((format!("{number}..."), None));
        }
        tokens.push((m.played.san.to_string(), Some(m.id)));
        tokens.extend(m.played.nags.iter().map(|n| (format!("${n}"), None)));
        need_number = false;
        if let Some(c) = &m.played.comment {
            let mut words = Vec::new();
            if push_comment(&mut words, c) {
                tokens.extend(words.into_iter().map(|w| (w, None)));
                need_number = true;
            }
        }
        for alternative in &m.alternatives {
            let first = tokens.len();
            push_line(tokens, alternative, number, white);
            if tokens.len() > first {
                tokens[first].0.insert(0, '(');
                if let Some(last) = tokens.last_mut() {
                    last.0.push(')');
                }
                need_number = true;
            }
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
}

/// The movetext as tokens: move numbers, SAN, NAGs, comment words, the variations at each
/// main-line ply (`alternatives[i]` replace the game's move `i`) and the result.
fn movetext<P: VariantPosition>(
    game: &Game<P>,
    alternatives: &[Vec<Variation>],
    outcome: Option<GameOutcome<P::GameEnd>>,
    result: &str,
) -> Vec<String> {
    let mut tokens = Vec::new();
    if let Some(c) = game.start_comment() {
        push_comment(&mut tokens, c);
    }
    let main = Variation {
        moves: game
            .moves()
            .iter()
            .enumerate()
            .map(|(ply, played)| VariationMove {
                played: played.clone(),
                id: ply,
                alternatives: alternatives.get(ply).cloned().unwrap_or_default(),
            })
            .collect(),
    };
    let white = game.start_position().turn() == Color::White;
    tokens.extend(
        line_tokens(&main, game.first_move_number(), white)
            .into_iter()
            .map(|(t, _)| t),
    );
    if let Some(text) = outcome.and_then(outcome_comment) {
        let said = game
            .moves()
            .last()
            .and_then(|m| m.comment.as_deref())
            .is_some_and(|c| c.ends_with(&text));
        if !said {
            push_comment(&mut tokens, &text);
        }
    }
    tokens.push(result.to_owned());
    tokens
}

/// Appends a comment as words (`{first`, …, `last}`) so that wrapping may break it; returns
/// false when nothing was left to write. A `}` would end the comment early, so it becomes `)`.
pub(crate) fn push_comment(tokens: &mut Vec<String>, text: &str) -> bool {
    let cleaned = text.replace('}', ")");
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let Some(last) = words.len().checked_sub(1) else {
        return false;
    };
    for (i, word) in words.iter().enumerate() {
        let mut token = String::new();
        if i == 0 {
            token.push('{');
        }
        token.push_str(word);
        if i == last {
            token.push('}');
        }
        tokens.push(token);
    }
    true
}

/// Greedy wrapping: as many tokens per line as fit in [`WIDTH`] columns.
pub(crate) fn wrap(tokens: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut width = 0;
    for token in tokens {
        let w = token.chars().count();
        if width > 0 && width + 1 + w > WIDTH {
            lines.push(std::mem::take(&mut line));
            width = 0;
        }
        if width > 0 {
            line.push(' ');
            width += 1;
        }
        line.push_str(token);
        width += w;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_with(moves: &str) -> Game {
        let mut g = Game::new();
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    #[test]
    fn seven_tag_roster_with_defaults_then_other_tags() {
        let mut tags = Tags::default();
        tags.set("ECO", "C20");
        tags.set("White", "Morphy, Paul");
        tags.set("Result", "1-0");
        let pgn = export(&game_with("e4 e5"), &tags);
        assert_eq!(
            pgn,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"Morphy, Paul\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n\
             1. e4 e5 1-0\n"
        );
    }

    #[test]
    fn a_named_opening_gets_eco_and_opening_tags_unless_the_game_has_its_own() {
        let ruy = game_with("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O");
        let pgn = export(&ruy, &Tags::default());
        assert!(
            pgn.contains("[ECO \"C78\"]\n[Opening \"Ruy Lopez: Morphy Defense\"]\n"),
            "{pgn}"
        );
        // Transposition: the position decides, not the move order.
        let nimzo = export(&game_with("c4 e6 d4 Nf6 Nc3 Bb4"), &Tags::default());
        assert!(nimzo.contains("[ECO \"E20\"]"), "{nimzo}");
        let mut own = Tags::default();
        own.set("Opening", "Spanish");
        let kept = export(&ruy, &own);
        assert!(kept.contains("[Opening \"Spanish\"]"));
        assert!(
            !kept.contains("[ECO ") && !kept.contains("Morphy"),
            "{kept}"
        );
        // No move, no name (every first move has one).
        let odd = export(&game_with(""), &Tags::default());
        assert!(
            !odd.contains("[ECO ") && !odd.contains("[Opening "),
            "{odd}"
        );
    }

    #[test]
    fn unfinished_game_is_unterminated() {
        let pgn = export(&game_with("d4"), &Tags::default());
        assert!(pgn.contains("[Result \"*\"]\n[Termination \"unterminated\"]\n"));
        assert!(pgn.ends_with("\n\n1. d4 *\n"));
    }

    #[test]
    fn tag_values_are_escaped() {
        let mut tags = Tags::default();
        tags.set("Event", "The \"Immortal\" \\ game\nof 1851");
        let pgn = export(&Game::new(), &tags);
        assert!(pgn.starts_with("[Event \"The \\\"Immortal\\\" \\\\ game of 1851\"]\n"));
    }

    #[test]
    fn black_to_move_start_has_fen_tags_and_ellipsis() {
        let mut g =
            Game::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        for m in ["c5", "Nf3", "d6"] {
            g.play_text(m).unwrap();
        }
        let pgn = export(&g, &Tags::default());
        assert!(pgn.contains(
            "[Result \"*\"]\n[SetUp \"1\"]\n\
             [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n"
        ));
        assert!(pgn.ends_with("\n\n1... c5 2. Nf3 d6 *\n"), "{pgn}");
    }

    #[test]
    fn fen_start_keeps_its_move_number() {
        let mut g = Game::from_fen("8/8/8/4k3/8/8/3RK3/8 w - - 0 40").unwrap();
        g.play_text("Rd1").unwrap();
        g.play_text("Ke4").unwrap();
        let pgn = export(&g, &Tags::default());
        assert!(pgn.ends_with("\n\n40. Rd1 Ke4 *\n"), "{pgn}");
    }

    #[test]
    fn comments_and_nags() {
        let mut g = game_with("e4 e5 Nf3 Nc6");
        g.set_start_comment(Some("A quiet game".to_owned()));
        let m = g.move_mut(1).unwrap();
        m.comment = Some("symmetry {again}".to_owned());
        m.nags = vec![1, 13];
        g.move_mut(2).unwrap().nags = vec![2];
        let pgn = export(&g, &Tags::default());
        assert!(
            pgn.ends_with(
                "\n\n{A quiet game} 1. e4 e5 $1 $13 {symmetry {again)} 2. Nf3 $2 Nc6 *\n"
            ),
            "{pgn}"
        );
    }

    #[test]
    fn black_move_after_a_comment_repeats_the_number() {
        let mut g = game_with("e4 e5");
        g.move_mut(0).unwrap().comment = Some("best by test".to_owned());
        let pgn = export(&g, &Tags::default());
        assert!(pgn.ends_with("\n1. e4 {best by test} 1... e5 *\n"), "{pgn}");
    }

    #[test]
    fn empty_comments_are_dropped() {
        let mut g = game_with("e4");
        g.move_mut(0).unwrap().comment = Some("  \n ".to_owned());
        assert!(export(&g, &Tags::default()).ends_with("\n1. e4 *\n"));
    }

    #[test]
    fn movetext_wraps_at_80_columns() {
        let mut g = Game::new();
        for _ in 0..2 {
            for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                g.play_text(m).unwrap();
            }
        }
        g.set_automatic_draws(false);
        for _ in 0..10 {
            for m in ["Nc3", "Nc6", "Nb1", "Nb8"] {
                g.play_text(m).unwrap();
            }
        }
        let long = "word ".repeat(30);
        g.move_mut(20).unwrap().comment = Some(long);
        let pgn = export(&g, &Tags::default());
        let movetext = pgn.split("\n\n").nth(1).unwrap();
        let lines: Vec<&str> = movetext.lines().collect();
        assert!(lines.len() > 3, "{movetext}");
        for line in &lines {
            assert!(line.chars().count() <= 80, "{line:?} is too long");
            assert!(!line.starts_with(' ') && !line.ends_with(' '));
        }
        // Greedy: the next token would not have fitted on the previous line.
        for pair in lines.windows(2) {
            let next = pair[1].split(' ').next().unwrap();
            assert!(pair[0].chars().count() + 1 + next.chars().count() > 80);
        }
        assert_eq!(
            lines.join(" ").split(' ').count(),
            movetext.split_whitespace().count()
        );
    }

    #[test]
    fn a_token_wider_than_the_line_gets_its_own_line() {
        let mut g = game_with("e4");
        g.move_mut(0).unwrap().comment = Some("x".repeat(100));
        let pgn = export(&g, &Tags::default());
        assert!(
            pgn.ends_with(&format!("\n1. e4\n{{{}}}\n*\n", "x".repeat(100))),
            "{pgn}"
        );
    }

    #[test]
    fn checkmate_is_normal_termination_without_comment() {
        let pgn = export(&game_with("f3 e5 g4 Qh4#"), &Tags::default());
        assert!(pgn.contains("[Result \"0-1\"]\n[Termination \"normal\"]\n"));
        assert!(pgn.ends_with("\n1. f3 e5 2. g4 Qh4# 0-1\n"));
    }

    #[test]
    fn draws_by_rule_get_a_closing_comment() {
        let g = game_with("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        let pgn = export(&g, &Tags::default());
        assert!(pgn.contains("[Result \"1/2-1/2\"]\n[Termination \"normal\"]\n"));
        assert!(
            pgn.ends_with("4. Ng1 Ng8 {Draw by threefold repetition}\n1/2-1/2\n"),
            "{pgn}"
        );

        let mut g = Game::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1").unwrap();
        g.play_text("Qf7").unwrap();
        let pgn = export(&g, &Tags::default());
        assert!(
            pgn.ends_with("\n1. Qf7 {Draw by stalemate} 1/2-1/2\n"),
            "{pgn}"
        );

        let mut g = Game::from_fen("8/8/8/4k3/8/8/3pK3/8 w - - 0 1").unwrap();
        g.play_text("Kxd2").unwrap();
        let pgn = export(&g, &Tags::default());
        assert!(
            pgn.ends_with("\n1. Kxd2 {Draw by insufficient material} 1/2-1/2\n"),
            "{pgn}"
        );

        let mut g = Game::from_fen("8/8/8/4k3/8/8/3RK3/8 w - - 99 80").unwrap();
        g.play_text("Rd1").unwrap();
        let pgn = export(&g, &Tags::default());
        assert!(
            pgn.ends_with("\n80. Rd1 {Draw by fifty-move rule} 1/2-1/2\n"),
            "{pgn}"
        );
    }

    #[test]
    fn resignation_gives_the_result_and_a_comment() {
        let mut g = game_with("e4 e5");
        g.resign(Color::White);
        let mut tags = Tags::default();
        tags.set("Result", "*");
        let pgn = export(&g, &tags);
        assert!(pgn.contains("[Result \"0-1\"]\n[Termination \"normal\"]\n"));
        assert!(
            pgn.ends_with("\n1. e4 e5 {Black wins by resignation} 0-1\n"),
            "{pgn}"
        );
    }

    #[test]
    fn an_existing_termination_tag_is_kept() {
        let mut tags = Tags::default();
        tags.set("Result", "1-0");
        tags.set("Termination", "time forfeit");
        let pgn = export(&game_with("e4"), &tags);
        assert!(pgn.contains("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n"));
        assert_eq!(pgn.matches("Termination").count(), 1);
    }

    #[test]
    fn the_game_decides_setup_and_fen() {
        let mut tags = Tags::default();
        tags.set("SetUp", "1");
        tags.set("FEN", "8/8/8/4k3/8/8/3RK3/8 w - - 0 1");
        let pgn = export(&Game::new(), &tags);
        assert!(!pgn.contains("FEN") && !pgn.contains("SetUp"), "{pgn}");
    }

    #[test]
    fn export_all_separates_games_and_uses_their_results() {
        let games = vec![
            PgnGame {
                tags: Tags::default(),
                game: game_with("e4"),
                result: "1-0".to_owned(),
            },
            PgnGame {
                tags: Tags::default(),
                game: game_with("d4"),
                result: "1/2-1/2".to_owned(),
            },
        ];
        let text = export_all(&games);
        assert!(text.contains("\n1. e4 1-0\n\n[Event \"?\"]\n"), "{text}");
        assert!(text.ends_with("\n1. d4 1/2-1/2\n"));
        assert_eq!(text.matches("[Event ").count(), 2);
    }
}

#[cfg(test)]
mod variation_tests {
    use super::*;

    /// The moves `sans` played from the start, as a line (ids 100, 101, …).
    fn line(before: &[&str], sans: &[&str], alternatives: Vec<Vec<Variation>>) -> Variation {
        let mut game = Game::new();
        for san in before {
            game.play_text(san).unwrap();
        }
        let mut moves = Vec::new();
        for (i, san) in sans.iter().enumerate() {
            let played = game.play_text(san).unwrap().clone();
            moves.push(VariationMove {
                played,
                id: 100 + i,
                alternatives: alternatives.get(i).cloned().unwrap_or_default(),
            });
        }
        Variation { moves }
    }

    #[test]
    fn variations_are_written_in_parentheses_with_their_numbers() {
        let mut game = Game::new();
        for san in ["e4", "e5", "Nf3"] {
            game.play_text(san).unwrap();
        }
        // Instead of 1... e5: 1... c5 2. Nf3 (2. c3); instead of 2. Nf3: 2. Bc4.
        let sicilian = line(
            &["e4"],
            &["c5", "Nf3"],
            vec![vec![], vec![line(&["e4", "c5"], &["c3"], vec![])]],
        );
        let bishop = line(&["e4", "e5"], &["Bc4"], vec![]);
        let pgn = export_with_variations(
            &game,
            &[vec![], vec![sicilian], vec![bishop]],
            &Tags::default(),
        );
        assert!(
            pgn.ends_with("\n1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 (2. Bc4) *\n"),
            "{pgn}"
        );
        // Without variations it is the plain export.
        assert_eq!(
            export_with_variations(&game, &[], &Tags::default()),
            export(&game, &Tags::default())
        );
    }

    #[test]
    fn line_tokens_name_each_move_by_its_id() {
        let l = line(
            &[],
            &["e4", "e5"],
            vec![vec![], vec![line(&["e4"], &["c5"], vec![])]],
        );
        let tokens = line_tokens(&l, 1, true);
        let ids: Vec<(String, Option<usize>)> = tokens;
        assert_eq!(
            ids,
            vec![
                ("1.".to_owned(), None),
                ("e4".to_owned(), Some(100)),
                ("e5".to_owned(), Some(101)),
                ("(1...".to_owned(), None),
                ("c5)".to_owned(), Some(100)),
            ]
        );
    }
}

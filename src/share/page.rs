//! The review page: one self-contained HTML file of a reviewed game (`kibitzer review --html`,
//! the review screen's `h` key). Built from the very JSON document `kibitzer review --json`
//! prints ([`crate::review::command::ReviewDocument`]), read back through the few fields it
//! shows, so the page and the JSON cannot disagree.
//!
//! Everything is inline (style, script, piece shapes; a Content-Security-Policy forbids any
//! request), and everything is in the HTML: without JavaScript the page is the annotated game
//! (every move with its mark, score, verdict, explanation and "better was" line), the final
//! position, the evaluation graph (its parts link to the moves) and the PGN. The script
//! (`assets/share/page.js`) shows one position and one explanation at a time, stepped with
//! the arrow keys, clicks on the moves or the graph; it finds the boards, pre-drawn by
//! [`board`](super::board), in the page's JSON (`positions`: after 0, 1, … plies).
//!
//! Templates and words: `assets/share/` (`page.html`, `ply.html`, `better.html`, `side.html`,
//! `page.css`, `page.js`).

use std::collections::HashMap;

use serde::Deserialize;

use super::board;

const PAGE: &str = include_str!("../../assets/share/page.html");
const PLY: &str = include_str!("../../assets/share/ply.html");
const BETTER: &str = include_str!("../../assets/share/better.html");
const SIDE: &str = include_str!("../../assets/share/side.html");
const STYLE: &str = include_str!("../../assets/share/page.css");
const SCRIPT: &str = include_str!("../../assets/share/page.js");

/// The part of the review's JSON document the page shows.
#[derive(Debug, Deserialize)]
struct Doc {
    tags: serde_json::Map<String, serde_json::Value>,
    result: String,
    summary: Summary,
    analyst: Option<String>,
    plies: Vec<Ply>,
}

#[derive(Debug, Deserialize)]
struct Summary {
    white: Side,
    black: Side,
}

#[derive(Debug, Deserialize)]
struct Side {
    accuracy: Option<f64>,
    inaccuracies: usize,
    mistakes: usize,
    blunders: usize,
}

#[derive(Debug, Deserialize)]
struct Ply {
    ply: usize,
    move_number: u32,
    mover: String,
    san: String,
    uci: String,
    score_text: String,
    classification: Classification,
    label: String,
    mark: String,
    win_before: f64,
    win_after: f64,
    best_move: String,
    best_line: Vec<String>,
    explanation: Explanation,
    better: Option<Explanation>,
    opening: Option<Opening>,
}

#[derive(Debug, Deserialize)]
struct Classification {
    quality: String,
}

#[derive(Debug, Deserialize)]
struct Explanation {
    fen_before: String,
    fen_after: String,
    text: String,
}

#[derive(Debug, Deserialize)]
struct Opening {
    eco: String,
    name: String,
}

/// The page of a review, from its JSON document (`serde_json::to_value` of a
/// [`ReviewDocument`](crate::review::command::ReviewDocument)).
///
/// # Errors
/// The document lacks a field the page shows, or a position is no FEN board.
pub fn html(doc: &serde_json::Value) -> Result<String, String> {
    let doc = Doc::deserialize(doc).map_err(|e| format!("not a review document: {e}"))?;
    let tag = |k: &str| {
        doc.tags
            .get(k)
            .and_then(|v| v.as_str())
            .filter(|s| !s.is_empty() && *s != "?")
            .unwrap_or("")
            .to_owned()
    };
    let (white, black) = (or(tag("White"), "White"), or(tag("Black"), "Black"));
    let heading = format!("{white} – {black}");
    let meta: Vec<String> = ["Event", "Site", "Date", "Round", "Variant"]
        .iter()
        .map(|k| tag(k))
        .filter(|s| !s.is_empty())
        .collect();
    let opening = doc
        .plies
        .iter()
        .rev()
        .find_map(|p| p.opening.as_ref())
        .map(|o| format!("{} {}", o.eco, o.name))
        .unwrap_or_default();

    let mut positions = Vec::with_capacity(doc.plies.len() + 1);
    let start_fen = doc.plies.first().map_or_else(
        || tag("FEN").to_owned(),
        |p| p.explanation.fen_before.clone(),
    );
    let start_fen = or(
        start_fen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    positions.push(board::pieces(&board::board_of(&start_fen)?, None, false));
    for p in &doc.plies {
        let b = board::board_of(&p.explanation.fen_after)?;
        positions.push(board::pieces(&b, board::move_squares(&p.uci), false));
    }
    let last_position = positions.last().cloned().unwrap_or_default();

    let moves: String = doc.plies.iter().map(ply_html).collect();
    let data = serde_json::json!({ "positions": positions });
    // In a <script> element, "</script" or "<!--" would end it: no '<' at all in the JSON.
    let data = data.to_string().replace('<', "\\u003c");
    let version = env!("CARGO_PKG_VERSION");
    Ok(fill(
        PAGE,
        &[
            ("version", version.to_owned()),
            ("title", escape(&heading)),
            ("style", STYLE.to_owned()),
            ("heading", escape(&heading)),
            ("meta", escape(&meta.join(" · "))),
            ("opening", escape(&opening)),
            (
                "summary",
                side_html(&white, &doc.summary.white) + &side_html(&black, &doc.summary.black),
            ),
            ("pieces", board::PIECES.to_owned()),
            ("squares", board::squares()),
            ("outline", board::OUTLINE.to_owned()),
            ("position", last_position),
            ("coords_white", board::coordinates(false)),
            ("coords_black", board::coordinates(true)),
            ("graph", graph(&doc.plies)),
            ("moves", moves),
            ("result", escape(&doc.result)),
            ("pgn", escape(&pgn(&doc))),
            (
                "analyst",
                escape(doc.analyst.as_deref().unwrap_or("kibitzer")),
            ),
            ("data", data),
            ("script", SCRIPT.to_owned()),
        ],
    ))
}

fn or(s: String, default: &str) -> String {
    if s.is_empty() { default.to_owned() } else { s }
}

/// The review screen's `h`: [`share_in`] the current directory.
///
/// # Errors
/// As [`share_in`], or there is no current directory.
pub fn share(
    doc: &crate::review::command::ReviewDocument<'_>,
    plies: usize,
) -> Result<String, String> {
    let dir = std::env::current_dir().map_err(|e| {
        crate::i18n::tr(
            "share-no-directory",
            &[("error", crate::i18n::os_reason(&e).into())],
        )
    })?;
    share_in(doc, plies, &dir)
}

/// Writes `doc`'s page to the first free `review-N.html` of `dir` (never replacing a file) and
/// says where, and how much of a game of `plies` moves it holds.
///
/// # Errors
/// The page cannot be made or written: the message says why.
pub fn share_in(
    doc: &crate::review::command::ReviewDocument<'_>,
    plies: usize,
    dir: &std::path::Path,
) -> Result<String, String> {
    use crate::app::persist::{WriteError, write_new};
    let page = html(&doc.value()?)?;
    for n in 1..10_000 {
        let path = dir.join(format!("review-{n}.html"));
        match write_new(&path, &page) {
            Ok(()) if doc.plies.len() < plies => {
                return Ok(crate::i18n::tr(
                    "share-wrote-part",
                    &[
                        ("path", path.display().to_string().into()),
                        ("done", doc.plies.len().into()),
                        ("plies", plies.into()),
                    ],
                ));
            }
            Ok(()) => {
                return Ok(crate::i18n::tr(
                    "cli-wrote",
                    &[("path", path.display().to_string().into())],
                ));
            }
            Err(WriteError::Exists(_)) => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(crate::i18n::tr(
        "share-all-exist",
        &[("dir", dir.display().to_string().into())],
    ))
}

/// One move of the list: number, SAN, mark, score, verdict, explanation, better move.
fn ply_html(p: &Ply) -> String {
    let number = if p.mover == "white" {
        format!("{}.", p.move_number)
    } else {
        format!("{}...", p.move_number)
    };
    let better = p.better.as_ref().map_or_else(String::new, |b| {
        fill(
            BETTER,
            &[
                ("best", escape(&p.best_move)),
                ("line", escape(&p.best_line.join(" "))),
                ("text", escape(&b.text)),
            ],
        )
    });
    fill(
        PLY,
        &[
            ("ply", p.ply.to_string()),
            ("mover", escape(&p.mover)),
            ("quality", escape(&p.classification.quality)),
            ("number", number),
            ("san", escape(&p.san)),
            ("mark", escape(&p.mark)),
            ("score", escape(&crate::i18n::decimal(&p.score_text))),
            ("label", escape(&p.label)),
            ("text", escape(&p.explanation.text)),
            ("better", better),
        ],
    )
}

/// One row of the accuracy table.
fn side_html(name: &str, s: &Side) -> String {
    fill(
        SIDE,
        &[
            ("name", escape(name)),
            (
                "accuracy",
                s.accuracy.map_or_else(
                    || "–".to_owned(),
                    |a| crate::i18n::decimal(&format!("{a:.1}")),
                ),
            ),
            ("inaccuracies", s.inaccuracies.to_string()),
            ("mistakes", s.mistakes.to_string()),
            ("blunders", s.blunders.to_string()),
        ],
    )
}

/// The evaluation graph: White's win% after 0, 1, … plies (x = plies, y = 100 − win%), a line
/// per error in its colour, a link per position to its move, and the cursor the script moves.
fn graph(plies: &[Ply]) -> String {
    let n = plies.len().max(1);
    let mut wins = Vec::with_capacity(plies.len() + 1);
    if let Some(first) = plies.first() {
        wins.push(first.win_before);
    }
    wins.extend(plies.iter().map(|p| p.win_after));
    let points: Vec<String> = wins
        .iter()
        .enumerate()
        .map(|(x, w)| format!("{x},{:.1}", 100.0 - w))
        .collect();
    let area = if points.is_empty() {
        String::new()
    } else {
        format!(
            r##"<polygon points="0,100 {} {},100" fill="#eee"/>"##,
            points.join(" "),
            wins.len() - 1
        )
    };
    let mut errors = String::new();
    for p in plies {
        let colour = match p.classification.quality.as_str() {
            "inaccuracy" => "#c90",
            "mistake" => "#e60",
            "blunder" => "#d22",
            _ => continue,
        };
        let x = p.ply + 1;
        errors.push_str(&format!(
            r#"<line x1="{x}" x2="{x}" y1="0" y2="100" stroke="{colour}" stroke-width="2" vector-effect="non-scaling-stroke"/>"#
        ));
    }
    let mut links = String::new();
    for k in 0..wins.len() {
        let href = if k == 0 {
            "#".to_owned()
        } else {
            format!("#ply-{}", k - 1)
        };
        links.push_str(&format!(
            r#"<a href="{href}" data-position="{k}"><rect x="{}" y="0" width="1" height="100"/></a>"#,
            k as f64 - 0.5
        ));
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.5 0 {} 100" preserveAspectRatio="none" role="img" aria-label="evaluation graph">{area}<line x1="-1" x2="{n}" y1="50" y2="50" stroke="#888" stroke-width="1" vector-effect="non-scaling-stroke"/>{errors}<line id="cursor" x1="0" x2="0" y1="0" y2="100" stroke="#3b6ea5" stroke-width="2" vector-effect="non-scaling-stroke"/>{links}</svg>"##,
        n + 1
    )
}

/// The PGN standard's Seven Tag Roster, in its export order.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The game as PGN (its tags, moves and result), for python-chess or any other reader.
fn pgn(doc: &Doc) -> String {
    let mut out = String::new();
    // The seven tags of the standard's roster first, in its order; the others after them.
    let mut tags: Vec<(&String, &serde_json::Value)> = doc.tags.iter().collect();
    tags.sort_by_key(|(k, _)| ROSTER.iter().position(|r| r == k).unwrap_or(ROSTER.len()));
    for (k, v) in tags {
        let v = v.as_str().unwrap_or_default();
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    }
    out.push('\n');
    let mut line = String::new();
    for (i, p) in doc.plies.iter().enumerate() {
        let token = if p.mover == "white" {
            format!("{}. {}", p.move_number, p.san)
        } else if i == 0 {
            format!("{}... {}", p.move_number, p.san)
        } else {
            p.san.clone()
        };
        if !line.is_empty() && line.len() + token.len() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    if !line.is_empty() && line.len() + doc.result.len() >= 80 {
        out.push_str(&line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(&doc.result);
    out.push_str(&line);
    out.push('\n');
    out
}

/// `template` with every `{{name}}` replaced by its value (in one pass: a value is never
/// searched for names); an unknown name is left as it is.
fn fill(template: &str, values: &[(&str, String)]) -> String {
    let values: HashMap<&str, &str> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        match after.find("}}") {
            Some(close) if values.contains_key(&after[..close]) => {
                out.push_str(values[&after[..close]]);
                rest = &after[close + 2..];
            }
            _ => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Text made safe inside HTML elements and quoted attributes.
///
/// ```
/// assert_eq!(kibitzer::share::page::escape(r#"<a href="x">&'"#), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
/// ```
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_known_names_once() {
        let s = fill(
            "a {{x}} b {{y}} {{z}}",
            &[("x", "{{y}}".to_owned()), ("y", "2".to_owned())],
        );
        assert_eq!(s, "a {{y}} b 2 {{z}}");
    }

    #[test]
    fn sharing_from_the_screen_takes_the_next_free_name() {
        use crate::review::command::ReviewDocument;
        let game = crate::pgn::import("1. e4 e5 *\n").games.remove(0).pgn;
        let limits = crate::engine::SearchLimits::depth(2);
        let settings = crate::review::Settings {
            limits: limits.clone(),
            threads: 1,
            ..Default::default()
        };
        let mut plies = Vec::new();
        crate::review::review_game(
            &game.game,
            &settings,
            &std::sync::atomic::AtomicBool::new(false),
            &mut |e| {
                if let crate::review::ReviewEvent::Ply(p) = e {
                    plies.push(*p);
                }
            },
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("review-1.html"), "mine").unwrap();
        let doc = ReviewDocument::new(1, &game, &limits, &plies[..1]);
        let said = share_in(&doc, 2, dir.path()).unwrap();
        assert!(said.contains("review-2.html") && said.contains("1 moves reviewed so far of 2"));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("review-1.html")).unwrap(),
            "mine"
        );
        let page = std::fs::read_to_string(dir.path().join("review-2.html")).unwrap();
        assert!(page.contains(r#"<li id="ply-0""#) && !page.contains(r#"<li id="ply-1""#));
        let doc = ReviewDocument::new(1, &game, &limits, &plies);
        let said = share_in(&doc, 2, dir.path()).unwrap();
        assert!(said.ends_with("review-3.html"), "{said}");
    }

    #[test]
    fn a_document_without_the_page_fields_is_refused() {
        let e = html(&serde_json::json!({"plies": []})).unwrap_err();
        assert!(e.contains("not a review document"), "{e}");
    }
}

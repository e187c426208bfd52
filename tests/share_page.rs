//! `kibitzer review --html`: the shared page of a reviewed game, through the real binary at a
//! fixed depth. The page says what the JSON says (every mark, score, verdict, explanation and
//! better move, both accuracies), asks for nothing outside itself, embeds a PGN python-chess
//! reads back to the same moves, and never replaces a file without --force.

#[path = "support/bin.rs"]
mod bin;
#[path = "support/python.rs"]
mod python;
use bin::{kibitzer, stderr, stdout};
use python::require_python_chess;
use std::path::Path;
use std::process::Command;

use kibitzer::share::page::escape;

/// Black's 3...Nf6?? lets White mate: a blunder with a better move, book moves, a mate score.
const SCHOLAR: &str = "[Event \"Club <night> & \\\"fun\\\"\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\
[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// A Pawn Battle race (see tests/pb_review.rs): Black's 1...b6?? loses it.
const RACE: &str = "[Event \"race\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\
[Variant \"Pawn Battle\"]\n[SetUp \"1\"]\n[FEN \"8/1p6/8/8/8/8/6P1/8 b - - 0 1\"]\n\n\
1... b6 2. g4 b5 3. g5 b4 4. g6 b3 5. g7 b2 6. g8 1-0\n";

/// Reviews `pgn` with `--json --html` in one run: the JSON and the page.
fn review(dir: &Path, pgn: &str, depth: &str) -> (serde_json::Value, String) {
    let file = dir.join("game.pgn");
    std::fs::write(&file, pgn).unwrap();
    let page = dir.join("game.html");
    let o = kibitzer(
        dir,
        &[
            "review",
            file.to_str().unwrap(),
            "--json",
            "--depth",
            depth,
            "--html",
            page.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let json = serde_json::from_str(&stdout(&o)).unwrap();
    (json, std::fs::read_to_string(&page).unwrap())
}

/// The `<li>` of ply `i` in the page's move list.
fn ply_item(page: &str, i: usize) -> &str {
    let start = page
        .find(&format!(r#"<li id="ply-{i}""#))
        .unwrap_or_else(|| panic!("no ply {i} in the page"));
    let len = page[start..].find("</li>").expect("the item ends");
    &page[start..start + len]
}

/// Every ply's words and figures in the page are the JSON's.
fn assert_page_says_what_the_json_says(json: &serde_json::Value, page: &str) {
    let plies = json["plies"].as_array().unwrap();
    assert!(!plies.is_empty());
    assert_eq!(page.matches(r#"<li id="ply-"#).count(), plies.len());
    for p in plies {
        let item = ply_item(page, p["ply"].as_u64().unwrap() as usize);
        let s = |k: &str| escape(p[k].as_str().unwrap());
        for (what, want) in [
            ("san", format!(r#"<span class="san">{}</span>"#, s("san"))),
            (
                "mark",
                format!(r#"<span class="mark">{}</span>"#, s("mark")),
            ),
            (
                "score",
                format!(r#"<span class="score">{}</span>"#, s("score_text")),
            ),
            (
                "verdict",
                format!(r#"<span class="verdict">{}</span>"#, s("label")),
            ),
            (
                "explanation",
                format!(
                    r#"<div class="expl">{}</div>"#,
                    escape(p["explanation"]["text"].as_str().unwrap())
                ),
            ),
        ] {
            assert!(
                item.contains(&want),
                "ply {}: {what} {want}\nin {item}",
                p["ply"]
            );
        }
        match p["better"]["text"].as_str() {
            Some(better) => {
                let line: Vec<&str> = p["best_line"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap())
                    .collect();
                for want in [
                    format!(r#"<span class="best">{}</span>"#, s("best_move")),
                    format!(r#"<span class="line">({})</span>"#, escape(&line.join(" "))),
                    format!(r#"<div class="expl">{}</div>"#, escape(better)),
                ] {
                    assert!(item.contains(&want), "ply {}: {want}\nin {item}", p["ply"]);
                }
            }
            None => assert!(!item.contains("class=\"better\""), "{item}"),
        }
    }
    for side in ["white", "black"] {
        let acc = json["summary"][side]["accuracy"].as_f64().unwrap();
        assert!(
            page.contains(&format!(r#"<td class="acc">{acc:.1}</td>"#)),
            "{side}'s accuracy {acc:.1}"
        );
    }
}

/// Nothing in the page can make a browser ask for anything: no source, link, stylesheet, font
/// or address but the SVG namespace's name, a policy that forbids every request, no template
/// name left unfilled.
fn assert_self_contained(page: &str) {
    let without_ns = page.replace("http://www.w3.org/2000/svg", "");
    for bad in [
        "http://", "https://", "src=", "url(", "@import", "<link", "<iframe", "{{",
    ] {
        assert!(!without_ns.contains(bad), "the page holds {bad:?}");
    }
    assert!(page.contains("default-src 'none'"));
}

fn pgn_moves(page: &Path) -> String {
    require_python_chess();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/py/share_pgn_check.py");
    let o = Command::new("python3")
        .arg(script)
        .arg(page)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    stdout(&o).trim().to_owned()
}

fn sans(json: &serde_json::Value) -> String {
    let v: Vec<&str> = json["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["san"].as_str().unwrap())
        .collect();
    v.join(" ")
}

#[test]
fn the_page_of_a_chess_game_says_what_the_json_says() {
    let dir = tempfile::tempdir().unwrap();
    let (json, page) = review(dir.path(), SCHOLAR, "6");
    assert_eq!(json["plies"][5]["classification"]["quality"], "blunder");
    assert!(json["plies"][5]["better"].is_object());
    assert_page_says_what_the_json_says(&json, &page);
    assert_self_contained(&page);
    // The tags are escaped, the opening named, a board and a graph drawn.
    assert!(
        page.contains("Club &lt;night&gt; &amp; &quot;fun&quot;"),
        "event"
    );
    assert!(page.contains("<h1>Ann – Bob</h1>"));
    let opening = json["plies"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find_map(|p| p["opening"]["name"].as_str())
        .unwrap();
    assert!(page.contains(&escape(opening)), "{opening}");
    assert!(page.contains(r#"<svg id="board""#) && page.contains(r#"id="cursor""#));
    // One board per position, for the script.
    let data = &page[page
        .find(r#"<script type="application/json" id="data">"#)
        .unwrap()..];
    let data = &data[data.find('>').unwrap() + 1..data.find("</script>").unwrap()];
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(data["positions"].as_array().unwrap().len(), 8);
    assert_eq!(pgn_moves(&dir.path().join("game.html")), sans(&json));
    // The embedded PGN's tags in the standard's order.
    let pgn = &page[page.find(r#"<pre id="pgn">"#).unwrap()..];
    let at = |tag: &str| pgn.find(&format!("[{tag} ")).unwrap();
    assert!(at("Event") < at("White") && at("White") < at("Black") && at("Black") < at("Result"));
}

#[test]
fn the_page_of_a_pawn_battle_game_says_what_the_json_says() {
    let dir = tempfile::tempdir().unwrap();
    let (json, page) = review(dir.path(), RACE, "8");
    assert_page_says_what_the_json_says(&json, &page);
    assert_self_contained(&page);
    assert!(page.contains("Pawn Battle"));
}

#[test]
fn an_existing_page_is_replaced_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.pgn");
    std::fs::write(&file, SCHOLAR).unwrap();
    let page = dir.path().join("page.html");
    std::fs::write(&page, "mine").unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["review", file.to_str().unwrap(), "--depth", "2"];
        args.extend(["--html", page.to_str().unwrap()]);
        args.extend(extra);
        kibitzer(dir.path(), &args)
    };
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("already exists; add --force"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "mine");
    let o = run(&["--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
    // Never the input file, even with --force.
    let o = kibitzer(
        dir.path(),
        &[
            "review",
            file.to_str().unwrap(),
            "--html",
            file.to_str().unwrap(),
            "--force",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is the input file"), "{}", stderr(&o));
    // --force alone says what it is for.
    let o = kibitzer(
        dir.path(),
        &["review", file.to_str().unwrap(), "--json", "--force"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--force only lets"), "{}", stderr(&o));
}

#[test]
fn explain_draws_the_moment_as_svg_and_never_over_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("moment.svg");
    let fen = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
    let args = [
        "explain",
        "--fen",
        fen,
        "--depth",
        "4",
        "--svg",
        out.to_str().unwrap(),
    ];
    let o = kibitzer(dir.path(), &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "", "the image is the output");
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("white Rxd5 (best)"),
        "{svg}"
    );
    assert!(svg.contains(r#"marker-end="url(#arrow)""#));
    // The text the plain command prints, line by line, is in the image.
    let text = kibitzer(dir.path(), &["explain", "--fen", fen, "--depth", "4"]);
    let first = stdout(&text).lines().nth(1).unwrap().to_owned();
    let word = first.split_whitespace().last().unwrap();
    assert!(svg.contains(&escape(word)), "{word}");
    // Never over an existing file without --force.
    let o = kibitzer(dir.path(), &args);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("already exists; add --force"),
        "{}",
        stderr(&o)
    );
    let mut forced = args.to_vec();
    forced.push("--force");
    assert!(kibitzer(dir.path(), &forced).status.success());
}

#[path = "support/png.rs"]
mod png;

#[test]
fn explain_draws_the_moment_as_png_too() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, png) = (dir.path().join("m.svg"), dir.path().join("m.png"));
    let fen = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
    let args = [
        "explain",
        "--fen",
        fen,
        "--depth",
        "4",
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ];
    let o = kibitzer(dir.path(), &args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "", "the images are the output");
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    let height: i64 = svg_text
        .split("height=\"")
        .nth(1)
        .and_then(|h| h.split('"').next())
        .and_then(|h| h.parse().ok())
        .unwrap();
    let found = png::board_in(&png);
    // Twice the SVG's size; the board at the top, the whole width, a checkerboard (the move's
    // two squares are highlighted and its arrow crosses one more).
    assert_eq!(
        (found["width"].as_i64(), found["height"].as_i64()),
        (Some(720), Some(2 * height))
    );
    let [x0, y0, x1, y1] = png::checked_board(&found, 4);
    assert!(x0 <= 2 && y0 <= 2 && x1 >= 718, "{:?}", [x0, y0, x1, y1]);
    // The caption is written under the board (the text colour of src/share/image.rs).
    let text = std::process::Command::new("python3")
        .arg(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/py/png_board.py"))
        .arg(&png)
        .args(["--colour", "text=111111"])
        .output()
        .unwrap();
    let text: serde_json::Value = serde_json::from_slice(&text.stdout).unwrap();
    assert!(
        text["boxes"]["text"]["count"].as_i64().unwrap() > 200,
        "{text}"
    );
    assert!(
        text["boxes"]["text"]["box"][3].as_i64().unwrap() > y1 + 20,
        "{text}"
    );

    // Never over an existing file without --force; --force needs an image to replace.
    let o = kibitzer(dir.path(), &args);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("already exists; add --force"),
        "{}",
        stderr(&o)
    );
    let mut forced = args.to_vec();
    forced.push("--force");
    assert!(kibitzer(dir.path(), &forced).status.success());
    let o = kibitzer(dir.path(), &["explain", "--fen", fen, "--force"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

//! Invariance of the explanation layer: the colour-mirrored position gives the mirrored
//! themes and claims, and the same input always gives the same text.

#[path = "explain_support/common.rs"]
mod common;

use std::collections::BTreeSet;

use kibitzer::config::ExplainLevel;
use kibitzer::explain::explain;
use kibitzer::explain::themes::detect_line_after;
use serde_json::Value;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

fn mirror_pos(pos: &Chess) -> Chess {
    pos.to_setup(EnPassantMode::Legal)
        .into_mirrored()
        .position(CastlingMode::Standard)
        .unwrap()
}

fn mirror_square_name(s: &str) -> String {
    let b = s.as_bytes();
    format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
}

/// Mirrors every square/UCI string and swaps white/black material in a claim's JSON.
fn mirror_claim(v: &Value) -> Value {
    let mut v = v.clone();
    let obj = v.as_object_mut().unwrap();
    obj.remove("fen");
    for (k, val) in obj.iter_mut() {
        match (k.as_str(), val) {
            ("san" | "threat_san", Value::String(s)) => {
                // Ranks in SAN mirror; everything else stays.
                *s = s
                    .chars()
                    .map(|c| match c {
                        '1'..='8' => (b'1' + b'8' - c as u8) as char,
                        other => other,
                    })
                    .collect();
            }
            (
                "from" | "target" | "square" | "pinner" | "pinned" | "behind" | "defender" | "king"
                | "corner" | "toward" | "rook" | "pawn" | "queens_on",
                Value::String(s),
            ) => *s = mirror_square_name(s),
            ("targets" | "waiting" | "kings", Value::Array(a)) => {
                for x in a.iter_mut() {
                    if let Value::String(s) = x {
                        *s = mirror_square_name(s);
                    }
                }
                // `kings` lists White's king first: the mirror swaps the colours.
                if k == "kings" {
                    a.reverse();
                }
            }
            // An idea's `other` square (the line's piece, a guard …), when it names one.
            ("other", Value::String(s))
                if s.len() == 2
                    && matches!(s.as_bytes()[0], b'a'..=b'h')
                    && matches!(s.as_bytes()[1], b'1'..=b'8') =>
            {
                *s = mirror_square_name(s)
            }
            ("side", Value::String(s)) => {
                *s = if s == "white" { "black" } else { "white" }.to_owned();
            }
            ("uci" | "threat" | "push", Value::String(s)) => {
                *s = format!(
                    "{}{}{}",
                    mirror_square_name(&s[..2]),
                    mirror_square_name(&s[2..4]),
                    &s[4..]
                )
            }
            ("san", Value::Array(a)) => {
                for x in a.iter_mut() {
                    if let Value::String(s) = x {
                        *s = s
                            .chars()
                            .map(|c| match c {
                                '1'..='8' => (b'1' + b'8' - c as u8) as char,
                                other => other,
                            })
                            .collect();
                    }
                }
            }
            ("line" | "moves", Value::Array(a)) => {
                for x in a.iter_mut() {
                    if let Value::String(s) = x {
                        *s = format!(
                            "{}{}{}",
                            mirror_square_name(&s[..2]),
                            mirror_square_name(&s[2..4]),
                            &s[4..]
                        );
                    }
                }
            }
            _ => {}
        }
    }
    if let (Some(w), Some(b)) = (obj.get("white").cloned(), obj.get("black").cloned()) {
        obj.insert("white".into(), b);
        obj.insert("black".into(), w);
    }
    v
}

fn without_fen(v: &Value) -> Value {
    let mut v = v.clone();
    v.as_object_mut().unwrap().remove("fen");
    v
}

#[test]
fn mirrored_positions_give_mirrored_themes_and_claims() {
    let mut checked = 0;
    for p in common::puzzles().into_iter().step_by(4) {
        let mroot = mirror_pos(&p.root);
        let mline: Vec<Move> = p.line.iter().map(|m| m.to_mirrored()).collect();
        let theme_set = |themes: Vec<kibitzer::explain::themes::Theme>,
                         flip: bool|
         -> BTreeSet<(String, usize, Vec<String>)> {
            themes
                .into_iter()
                .map(|t| {
                    let mut sq: Vec<String> = t
                        .squares
                        .iter()
                        .map(|s| {
                            if flip {
                                s.flip_vertical().to_string()
                            } else {
                                s.to_string()
                            }
                        })
                        .collect();
                    sq.sort();
                    (t.id.to_owned(), t.ply, sq)
                })
                .collect()
        };
        let a = theme_set(detect_line_after(Some(p.previous), &p.root, &p.line), false);
        let b = theme_set(
            detect_line_after(Some(p.previous.to_mirrored()), &mroot, &mline),
            true,
        );
        assert_eq!(a, b, "themes differ on mirrored puzzle {}", p.id);

        let e1 = explain(&common::input(
            &p.root,
            Some(p.previous),
            &p.line,
            None,
            ExplainLevel::Advanced,
        ));
        let e2 = explain(&common::input(
            &mroot,
            Some(p.previous.to_mirrored()),
            &mline,
            None,
            ExplainLevel::Advanced,
        ));
        let c1: BTreeSet<String> = e1
            .claims
            .iter()
            .map(|c| without_fen(&serde_json::to_value(c).unwrap()).to_string())
            .collect();
        let c2: BTreeSet<String> = e2
            .claims
            .iter()
            .map(|c| mirror_claim(&serde_json::to_value(c).unwrap()).to_string())
            .collect();
        assert_eq!(c1, c2, "claims differ on mirrored puzzle {}", p.id);
        checked += 1;
    }
    assert!(checked >= 500, "{checked}");
}

#[test]
fn same_input_same_text() {
    for p in common::puzzles().into_iter().step_by(10) {
        for level in [
            ExplainLevel::Basic,
            ExplainLevel::Medium,
            ExplainLevel::Advanced,
        ] {
            let input = common::input(&p.root, Some(p.previous), &p.line, None, level);
            let a = explain(&input);
            let b = explain(&input);
            assert_eq!(a.text, b.text);
            assert_eq!(
                serde_json::to_string(&a).unwrap(),
                serde_json::to_string(&b).unwrap()
            );
        }
    }
}

#[test]
fn levels_bound_the_number_of_sentences() {
    for p in common::puzzles().into_iter().step_by(10) {
        let basic = explain(&common::input(
            &p.root,
            Some(p.previous),
            &p.line,
            None,
            ExplainLevel::Basic,
        ));
        let medium = explain(&common::input(
            &p.root,
            Some(p.previous),
            &p.line,
            None,
            ExplainLevel::Medium,
        ));
        let adv = explain(&common::input(
            &p.root,
            Some(p.previous),
            &p.line,
            None,
            ExplainLevel::Advanced,
        ));
        assert!(basic.sentences.len() <= 2);
        assert!(medium.sentences.len() <= 3);
        assert!(adv.sentences.len() <= 5);
        for e in [&basic, &medium, &adv] {
            let mut per = std::collections::BTreeMap::new();
            for s in &e.sentences {
                *per.entry(s.category.clone()).or_insert(0) += 1;
            }
            assert!(per.values().all(|n| *n <= 2), "{:?}", e.sentences);
            let prios: Vec<i32> = e.sentences.iter().map(|s| s.priority).collect();
            let mut sorted = prios.clone();
            sorted.sort_by(|a, b| b.cmp(a));
            if e.level != ExplainLevel::Basic {
                assert_eq!(prios, sorted, "most important first");
            }
        }
    }
}

#[test]
#[ignore = "prints sample texts"]
fn print_samples() {
    for p in common::puzzles().into_iter().step_by(97).take(14) {
        let e = explain(&common::input(
            &p.root,
            Some(p.previous),
            &p.line,
            None,
            ExplainLevel::Medium,
        ));
        println!(
            "{} {:?}\n  {}\n",
            p.id,
            p.tags,
            e.text.replace('\n', "\n  ")
        );
        let other = shakmaty::Position::legal_moves(&p.root)
            .into_iter()
            .find(|m| *m != p.line[0])
            .unwrap();
        let mut i = common::input(
            &p.root,
            Some(p.previous),
            &[other],
            Some((p.line[0], p.line[1..].to_vec())),
            ExplainLevel::Medium,
        );
        i.score_after = Some(kibitzer::explain::quality::Score::Cp(-300));
        let e = explain(&i);
        println!("  alt {}: {}\n", e.san, e.text.replace('\n', "\n  "));
    }
}

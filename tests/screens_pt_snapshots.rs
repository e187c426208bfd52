//! The board editor, the analysis board and the game picker in Portuguese (issue #38), at 80×24
//! and 120×40: their plain text as snapshots, and a test that fails on an English word in them
//! (key names such as Enter and Esc, SAN, FEN, PGN and the `save` command are the same in both
//! languages). This binary speaks Portuguese in every thread (`i18n::set`), as the program does
//! once `--lang pt-BR` is read.

use std::sync::atomic::AtomicBool;

use insta::assert_snapshot;
use kibitzer::analysis_board::lines::lines_at;
use kibitzer::app::{AnalysisJob, App, Effect, Event};
use kibitzer::config::{Config, Language};
use kibitzer::engine::SearchMemory;
use kibitzer::i18n::{self, Lang};
use kibitzer::review::picker::{Picker, scan};
use kibitzer::shell::Shell;
use kibitzer::ui::{ColorMode, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

#[path = "support/shell_keys.rs"]
mod shell_keys;
use shell_keys::{press, typing};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// English words no Portuguese screen may show (whole words, case-insensitive).
const ENGLISH: &[&str] = &[
    "the",
    "to",
    "of",
    "and",
    "or",
    "is",
    "not",
    "move",
    "moves",
    "white",
    "black",
    "board",
    "play",
    "from",
    "here",
    "analyse",
    "analysis",
    "engine",
    "best",
    "depth",
    "scores",
    "line",
    "main",
    "variation",
    "ply",
    "castling",
    "none",
    "possible",
    "game",
    "games",
    "result",
    "date",
    "opening",
    "filter",
    "type",
    "player",
    "event",
    "keys",
    "help",
    "any",
    "key",
    "closes",
    "thinking",
    "stopped",
    "level",
    "starts",
    "cancels",
    "you",
    "weakest",
    "strongest",
    "erase",
    "set",
    "up",
    "halfmove",
    "clock",
    "explained",
    "save",
    "unreadable",
    "reading",
    "so",
    "far",
    "quit",
    "back",
];

/// Commands that are the same in Portuguese: the `save` command of the analysis board's prompt.
const ALLOWED: &[&str] = &["save"];

/// Capitalised words of opening names, which are proper names ("Queen's Pawn Game: Zukertort
/// Variation").
const OPENING_WORDS: &[&str] = &["Game", "Variation", "Line", "Opening", "Defence", "Defense"];

fn english_words(shown: &str) -> Vec<String> {
    // `:level`, `:flip`: play's commands are typed in English in every language.
    shown
        .split_whitespace()
        .filter(|w| !w.starts_with(':'))
        .flat_map(|w| w.split(|c: char| !c.is_alphanumeric() && c != '-'))
        .filter(|w| !w.is_empty() && !OPENING_WORDS.contains(w))
        .map(str::to_lowercase)
        .filter(|w| ENGLISH.contains(&w.as_str()) && !ALLOWED.contains(&w.as_str()))
        .collect()
}

fn no_english(name: &str, shown: &str) {
    let found = english_words(shown);
    assert!(
        found.is_empty(),
        "{name}: English {found:?} on the screen:\n{shown}"
    );
}

fn text_of(terminal: &Terminal<TestBackend>) -> String {
    let buf = terminal.backend().buffer();
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol().to_owned())
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn draw(shell: &mut Shell, (w, h): (u16, u16)) -> String {
    shell.update(Event::Resize(w, h));
    let theme = Theme::named("mono", ColorMode::None);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| shell.render(f, &theme)).unwrap();
    text_of(&terminal)
}

/// Play in Portuguese (explanations too), the human White.
fn playing() -> Shell {
    i18n::set(Lang::PtBr);
    let mut config = Config::default();
    config.explain.language = Language::from_code("pt-BR").unwrap();
    Shell::play(App::new(config, None, 1).0)
}

fn check(name: &str, mut build: impl FnMut() -> Shell, wanted: &[&str]) {
    for size in SIZES {
        let mut shell = build();
        let shown = draw(&mut shell, size);
        no_english(name, &shown);
        for part in wanted {
            assert!(shown.contains(part), "{name}: {part:?} missing:\n{shown}");
        }
        assert_snapshot!(format!("{name}_{}x{}", size.0, size.1), shown);
    }
}

#[test]
fn the_board_editor_in_portuguese() {
    check(
        "editor_pt",
        || {
            let mut shell = playing();
            press(&mut shell, KeyCode::Char('e'));
            shell
        },
        &[
            "Editor de posição",
            "vez das Brancas",
            "posição legal",
            "roque",
        ],
    );
    // An illegal set-up: the reasons and the refusal.
    check(
        "editor_pt_illegal",
        || {
            let mut shell = playing();
            press(&mut shell, KeyCode::Char('e'));
            typing(&mut shell, "z");
            press(&mut shell, KeyCode::Up);
            typing(&mut shell, "K");
            press(&mut shell, KeyCode::Down);
            press(&mut shell, KeyCode::Left);
            typing(&mut shell, "P");
            press(&mut shell, KeyCode::Enter);
            shell
        },
        &["posição ilegal"],
    );
    // Play from here.
    check(
        "editor_pt_play",
        || {
            let mut shell = playing();
            press(&mut shell, KeyCode::Char('e'));
            press(&mut shell, KeyCode::Enter);
            shell
        },
        &["Jogar a partir daqui", "Você joga", "Nível"],
    );
}

/// Play after 1. e4 2. Cf3 typed in Portuguese SAN, the analysis board opened on it, a
/// variation 1. d4 d5 and the engine's lines at depth 3.
fn analysing() -> Shell {
    let mut shell = playing();
    typing(&mut shell, ":e4");
    press(&mut shell, KeyCode::Enter);
    press(&mut shell, KeyCode::Char('a'));
    for san in ["e5", "Cf3", "Cc6"] {
        typing(&mut shell, &format!(":{san}"));
        press(&mut shell, KeyCode::Enter);
    }
    press(&mut shell, KeyCode::Home);
    typing(&mut shell, ":d4");
    press(&mut shell, KeyCode::Enter);
    typing(&mut shell, ":d5");
    let fx = press(&mut shell, KeyCode::Enter);
    let job = fx
        .iter()
        .find_map(|e| match e {
            Effect::AnalyseLines(AnalysisJob::Chess(job)) => Some(job.clone()),
            _ => None,
        })
        .expect("the engine restarts");
    let lines = lines_at(
        &job.request,
        3,
        &mut SearchMemory::new(1),
        &AtomicBool::new(false),
    );
    shell.update(Event::Lines(job.id, Ok(Box::new(lines))));
    shell
}

#[test]
fn the_analysis_board_in_portuguese() {
    check(
        "analysis_pt",
        analysing,
        &["Análise", "Cf3", "variante", "prof. 3"],
    );
    check(
        "analysis_pt_prompt",
        || {
            let mut shell = analysing();
            typing(&mut shell, ":Zz9");
            press(&mut shell, KeyCode::Enter);
            shell
        },
        &["Zz9", "digite um lance como Cf3"],
    );
}

#[test]
fn the_game_picker_in_portuguese() {
    i18n::set(Lang::PtBr);
    let text = "[Event \"Paris\"]\n[White \"Morphy, Paul\"]\n[Black \"Duque de Brunswick\"]\n\
                [Result \"1-0\"]\n[Date \"1858.??.??\"]\n[ECO \"C41\"]\n[Opening \"Philidor\"]\n\n\
                1. e4 e5 2. Nf3 d6 1-0\n\n\
                [White \"Peão, Ada\"]\n[Black \"Torre, Bia\"]\n[Result \"*\"]\n\
                [Variant \"Pawn Battle\"]\n\n1. e4 d5 2. exd5 *\n\n\
                [Event \"Riga\"]\n[White \"Tal, M.\"]\n[Black \"Koblentz\"]\n[Result \"1-0\"]\n\
                [Date \"1957.??.??\"]\n[ECO \"B63\"]\n\n1. e4 c5 1-0\n";
    for (w, h) in SIZES {
        let mut picker = Picker::new("partidas.pgn");
        let area = Rect::new(0, 0, w, h);
        scan(text.as_bytes(), &AtomicBool::new(false), &mut |e| {
            picker.apply(e);
        });
        let theme = Theme::named("mono", ColorMode::None);
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| picker.render(f, &theme)).unwrap();
        let shown = text_of(&terminal);
        no_english("picker_pt", &shown);
        for part in [
            "3 partidas",
            "Brancas",
            "resultado",
            "xadrez",
            "Batalha de Peões",
        ] {
            assert!(shown.contains(part), "{part:?} missing:\n{shown}");
        }
        assert_snapshot!(format!("picker_pt_{w}x{h}"), shown);
        for c in "tal".chars() {
            picker.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE), area);
        }
        terminal.draw(|f| picker.render(f, &theme)).unwrap();
        let shown = text_of(&terminal);
        no_english("picker_pt_filtered", &shown);
        assert!(shown.contains("filtro: tal_"), "{shown}");
        assert_snapshot!(format!("picker_pt_filtered_{w}x{h}"), shown);
    }
}

/// Play's `:` commands answer in Portuguese and take Portuguese names (accents optional,
/// English always): a refused argument named in its Portuguese form, a level, a FEN refused
/// with its field, a draw offer; the prompt's key line lists the Portuguese names.
#[test]
fn plays_commands_answer_in_portuguese() {
    for (typed, said) in [
        (":level 99", ":nível aceita um número de 1 a 10, não \"99\""),
        (":nivel 99", ":nível aceita um número de 1 a 10, não \"99\""),
        (":flip agora", ":flip não aceita argumento"),
        (":girar agora", ":girar não aceita argumento"),
        (
            ":level 3",
            "nível 3 a partir do próximo lance do computador",
        ),
        (
            ":nível 3",
            "nível 3 a partir do próximo lance do computador",
        ),
        (":abrir", ":abrir precisa do caminho de um arquivo"),
        (":empate", "o computador recusa por enquanto"),
        (
            ":fen 8/8 w",
            "FEN inválida (posição das peças): 2 fileiras separadas por '/'",
        ),
        (":draw", "o computador recusa por enquanto"),
    ] {
        let mut shell = playing();
        typing(&mut shell, typed);
        press(&mut shell, KeyCode::Enter);
        let shown = draw(&mut shell, (120, 40));
        assert!(shown.contains(said), "{typed}: {said:?} missing:\n{shown}");
        no_english(typed, &shown);
    }
    let mut shell = playing();
    typing(&mut shell, ":");
    let shown = draw(&mut shell, (120, 40));
    assert!(
        shown.contains("nova nível fen editar salvar abrir pgn empate abandonar sair"),
        "the prompt's key line names the Portuguese commands:\n{shown}"
    );
    no_english(":", &shown);
}

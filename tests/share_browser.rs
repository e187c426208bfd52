//! The review page in a real browser: headless Chromium loads it from a file with the network
//! off and a net log on, and the page's test hook (`#do=Right,Right,…`, see
//! `assets/share/page.js`) presses keys and clicks the graph before the DOM is dumped. Checks
//! that the board and the explanation follow the arrow keys, that the graph jumps, that the
//! board flips, and that the browser asked for nothing but the file.
//!
//! Needs `chromium` (`bash scripts/test` installs it). Where it is missing the tests say so
//! and pass, except under CI (`CI` set), where a missing browser fails them.

#[path = "support/bin.rs"]
mod bin;
#[path = "support/png.rs"]
mod png;
use bin::{kibitzer, stderr};
use png::{board_in, checked_board};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Black's 3...Nf6?? lets White mate.
const SCHOLAR: &str = "[Event \"t\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// The browser, or `None` (with the reason printed) where the tests may skip.
fn chromium() -> Option<PathBuf> {
    for name in ["chromium", "chromium-browser"] {
        if let Ok(o) = Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
            && o.status.success()
        {
            return Some(PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
        }
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "chromium is missing: scripts/test installs it (apt-get install chromium)"
    );
    eprintln!("SKIPPED: chromium is not installed (run `bash scripts/test`, which installs it)");
    None
}

/// A reviewed game's page in `dir`.
fn page(dir: &Path) -> PathBuf {
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, SCHOLAR).unwrap();
    let page = dir.join("game.html");
    let o = kibitzer(
        dir,
        &[
            "review",
            pgn.to_str().unwrap(),
            "--depth",
            "4",
            "--html",
            page.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    page
}

/// The browser's own background services, which it calls even on `about:blank` (component
/// updates, accounts, network time): not the page's requests.
const BROWSER_SERVICES: &[&str] = &[".google.com/", ".googleapis.com/", ".gvt1.com/"];

/// The DOM after the page's hook ran `steps`, and every URL the browser's network stack saw
/// but its own services'.
fn dom_after(browser: &Path, page: &Path, steps: &str) -> (String, Vec<String>) {
    let dir = page.parent().unwrap();
    let netlog = dir.join(format!("net-{}.json", steps.replace(',', "_")));
    let url = format!("file://{}#do={steps}", page.display());
    let o = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--metrics-recording-only",
            // No network: every host resolves to nothing, any proxy use fails.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--proxy-server=127.0.0.1:9",
            "--virtual-time-budget=2000",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--log-net-log={}", netlog.display()))
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("run chromium");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let dom = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(dom.contains("<html"), "no DOM: {dom}");
    let log = std::fs::read_to_string(&netlog).unwrap_or_default();
    assert!(
        log.contains("\"events\""),
        "no net log: {}",
        netlog.display()
    );
    let mut urls = Vec::new();
    for part in log.split("\"url\":\"").skip(1) {
        let url = part.split('"').next().unwrap_or_default();
        if !BROWSER_SERVICES.iter().any(|s| url.contains(s)) {
            urls.push(url.to_owned());
        }
    }
    (dom, urls)
}

/// The value of `attr` in the first tag that starts with `tag`.
fn attribute<'a>(dom: &'a str, tag: &str, attr: &str) -> &'a str {
    let start = dom.find(tag).unwrap_or_else(|| panic!("no {tag}"));
    let end = start + dom[start..].find('>').unwrap();
    let head = &dom[start..end];
    let at = head
        .find(&format!("{attr}=\""))
        .unwrap_or_else(|| panic!("no {attr} in {head}"));
    let value = &head[at + attr.len() + 2..];
    &value[..value.find('"').unwrap()]
}

/// The text between `<tag…id="id"…>` and `</tag>`.
fn element<'a>(dom: &'a str, open: &str, close: &str) -> &'a str {
    let start = dom.find(open).unwrap_or_else(|| panic!("no {open}"));
    let end = start + dom[start..].find(close).unwrap();
    &dom[start..end]
}

#[test]
fn the_page_steps_jumps_and_flips_in_a_browser_and_asks_for_nothing() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = page(dir.path());
    let file_url = format!("file://{}", page.display());

    let (start, urls) = dom_after(&browser, &page, "");
    assert_eq!(
        attribute(&start, r#"<svg id="board""#, "data-position"),
        "0"
    );
    assert!(element(&start, r#"<section id="panel""#, "</section>").contains("Start position"));
    for url in &urls {
        assert!(url.starts_with(&file_url), "the page asked for {url}");
    }

    // → → : the position after 1...e5, its move current, its explanation shown.
    let (two, urls) = dom_after(&browser, &page, "Right,Right");
    assert!(urls.iter().all(|u| u.starts_with(&file_url)), "{urls:?}");
    // The page's own account of what it fetched: nothing.
    assert_eq!(attribute(&two, "<body", "data-requests"), "");
    assert_eq!(attribute(&two, r#"<svg id="board""#, "data-position"), "2");
    let panel = element(&two, r#"<section id="panel""#, "</section>");
    assert!(panel.contains(r#"<span class="san">e5</span>"#), "{panel}");
    let item = element(&two, r#"<li id="ply-1""#, "</li>");
    assert!(item.contains("current"), "{item}");
    let explanation = element(item, r#"<div class="expl">"#, "</div>");
    assert!(panel.contains(explanation), "{panel}\n{explanation}");
    let board_two = element(&two, r#"<g id="pos""#, "</g>");
    assert!(
        board_two.contains(r##"href="#P" x="180" y="135""##),
        "e5 pawn: {board_two}"
    );

    // → → → ← is → →: the same board.
    let (back, _) = dom_after(&browser, &page, "Right,Right,Right,Left");
    assert_eq!(attribute(&back, r#"<svg id="board""#, "data-position"), "2");
    assert_eq!(element(&back, r#"<g id="pos""#, "</g>"), board_two);

    // A click on the graph at position 6: after 3...Nf6??, its better move shown.
    let (jump, _) = dom_after(&browser, &page, "g6");
    assert_eq!(attribute(&jump, r#"<svg id="board""#, "data-position"), "6");
    assert_eq!(attribute(&jump, r#"<line id="cursor""#, "x1"), "6");
    let panel = element(&jump, r#"<section id="panel""#, "</section>");
    assert!(
        panel.contains("Nf6") && panel.contains("Better was"),
        "{panel}"
    );

    // f: the board flips: the e5 pawn is drawn where d4 was.
    let (flipped, _) = dom_after(&browser, &page, "Right,Right,f");
    assert!(attribute(&flipped, r#"<svg id="board""#, "class").contains("flipped"));
    let board = element(&flipped, r#"<g id="pos""#, "</g>");
    assert!(board.contains(r##"href="#P" x="135" y="180""##), "{board}");
}

/// A screenshot of `page` in a `width`×`height` window, as a PNG file beside it.
fn screenshot(browser: &Path, page: &Path, width: u32, height: u32) -> PathBuf {
    let dir = page.parent().unwrap();
    let png = dir.join(format!("shot-{width}x{height}.png"));
    let o = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--force-color-profile=srgb",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--proxy-server=127.0.0.1:9",
            "--virtual-time-budget=2000",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("run chromium");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    png
}

/// Item 4 of #39: a screenshot of a reviewed game, compared for structure rather than pixels:
/// the board is there, square, a checkerboard of the page's colours; at a desktop width it
/// takes the left part of the page beside the explanation, at a phone width the whole width.
#[test]
fn a_screenshot_of_the_page_shows_the_board_in_place_at_desktop_and_phone_widths() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = page(dir.path());

    let wide = board_in(&screenshot(&browser, &page, 1200, 900));
    assert_eq!(
        (wide["width"].as_i64(), wide["height"].as_i64()),
        (Some(1200), Some(900))
    );
    let [x0, y0, x1, _] = checked_board(&wide, 0);
    let side = x1 - x0;
    assert!((300..=600).contains(&side), "a readable board: {side} px");
    assert!(
        x1 < 600,
        "the board is in the left half, the explanation beside it: {x1}"
    );
    assert!(y0 < 450, "the board starts in the upper half: {y0}");

    let phone = board_in(&screenshot(&browser, &page, 390, 900));
    let [x0, _, x1, _] = checked_board(&phone, 0);
    assert!(
        x1 - x0 >= 300,
        "one column: the board takes the phone's width ({} of 390 px)",
        x1 - x0
    );
}

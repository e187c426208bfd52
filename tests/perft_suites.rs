//! Perft through our game model (FEN parsing + shakmaty) against published counts: every position
//! of the perft suite and the chessprogramming-wiki positions, to depth 3 (deeper runs are
//! benchmarks, see docs/BENCHMARKS.md), plus python-chess's tricky positions.

use kibitzer::game::fen::parse_lenient;
use shakmaty::Chess;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/perft/");

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{DATA}{name}")).unwrap_or_else(|e| {
        panic!("cannot read {DATA}{name}: {e} (the shared data must sit beside the repo)")
    })
}

/// Checks every `;Dn count` of an EPD-style file up to `max_depth`; returns positions checked.
fn check_epd(name: &str, max_depth: u32) -> usize {
    let mut checked = 0;
    for (line_no, line) in read(name).lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let pos = parse_lenient(fen).unwrap_or_else(|e| panic!("{name}:{}: {e}", line_no + 1));
        for part in parts {
            let part = part.trim();
            let Some(rest) = part.strip_prefix('D') else {
                continue;
            };
            let (depth, count) = rest.split_once(' ').unwrap();
            let depth: u32 = depth.parse().unwrap();
            let count: u64 = count.trim().parse().unwrap();
            if depth <= max_depth {
                let got = kibitzer::perft::run(&pos, depth, false).nodes;
                assert_eq!(got, count, "{name}:{} depth {depth}: {fen}", line_no + 1);
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn perftsuite_to_depth_3() {
    assert_eq!(check_epd("perftsuite.epd", 3), 127);
}

#[test]
fn chessprogramming_wiki_positions_to_depth_3() {
    assert_eq!(check_epd("cpw_perft_results.epd", 3), 7);
}

#[test]
#[allow(clippy::collapsible_if)]
fn tricky_positions_standard_castling() {
    let text = read("tricky.perft");
    let mut checked = 0;
    let mut current: Option<(String, Chess)> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            current = None;
            if id.starts_with("xfen") {
                continue;
            }
            current = Some((id.to_owned(), Chess::default()));
        } else if let Some(epd) = line.strip_prefix("epd ") {
            if let Some((id, _)) = current.take() {
                // Chess960-only entries fail to parse with standard castling: skip those.
                if let Ok(g) = parse_lenient(epd) {
                    current = Some((id, g));
                }
            }
        } else if let Some(rest) = line.strip_prefix("perft ")
            && let Some((id, pos)) = &current
        {
            let (d, n) = rest.split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            if d <= 3 {
                assert_eq!(
                    kibitzer::perft::run(pos, d, false).nodes,
                    n,
                    "{id} depth {d}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 36, "only {checked} tricky counts checked");
}

#[test]
fn divide_sums_to_total() {
    let pos = parse_lenient("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    let r = kibitzer::perft::run(&pos, 2, true);
    assert_eq!(r.divide.len(), 48);
    assert_eq!(r.divide.iter().map(|l| l.nodes).sum::<u64>(), 2039);
    assert_eq!(r.nodes, 2039);
}

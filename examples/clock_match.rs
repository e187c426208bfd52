//! Issue 26's time-loss run: games at a time control (default 1+0) between the engine at a
//! level and a scripted human who answers at once with a random legal move, through play
//! mode's real clock path ([`kibitzer::play::headless`]: the play screen, the engine link, the
//! engine's time manager fed by the clock, the background analyses of the human's moves, the
//! system clock and the 100 ms tick). Prints one JSON object per game. Run through
//! `scripts/clock_losses.py`, or alone:
//! `cargo run --release --example clock_match -- LEVEL GAMES [TIME_CONTROL] [SEED]`.

use std::time::Duration;

use kibitzer::config::{Config, Dirs, HumanColor};
use kibitzer::play::headless::{play_game, random_move};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: clock_match LEVEL GAMES [TIME_CONTROL] [SEED]";
    let level: u8 = args
        .first()
        .ok_or_else(|| anyhow::anyhow!(usage))?
        .parse()?;
    let games: u32 = args.get(1).ok_or_else(|| anyhow::anyhow!(usage))?.parse()?;
    let control = args.get(2).map_or("1+0", String::as_str);
    let seed: u64 = args.get(3).map(|s| s.parse()).transpose()?.unwrap_or(1);
    let data = tempfile::tempdir()?;
    for n in 0..games {
        let mut config = Config::default();
        config.game.time_control = control
            .parse()
            .map_err(|e| anyhow::anyhow!("time control {control}: {e}"))?;
        config.engine.level = level;
        // The engine plays White in odd games.
        config.game.human = if n % 2 == 0 {
            HumanColor::White
        } else {
            HumanColor::Black
        };
        let dirs = Dirs {
            config_dir: data.path().to_path_buf(),
            data_dir: data.path().join(format!("game{n}")),
        };
        std::fs::create_dir_all(&dirs.data_dir)?;
        let mut state = seed.wrapping_mul(1000).wrapping_add(u64::from(n));
        let game = play_game(config, Some(dirs), state, Duration::from_secs(600), |pos| {
            random_move(pos, &mut state)
        })?;
        let engine = if n % 2 == 0 { "black" } else { "white" };
        println!(
            "{{\"level\": {level}, \"game\": {n}, \"engine\": \"{engine}\", \"plies\": {}, \
             \"result\": \"{}\", \"reason\": \"{}\", \"flagged\": \"{}\", \
             \"engine_least_left_ms\": {}}}",
            game.plies,
            game.result,
            game.reason
                .map_or_else(|| "unfinished".to_owned(), |r| format!("{r:?}")),
            game.flagged
                .map_or("none", |c| kibitzer::game::notation::color_name(c)),
            game.engine_least_left
                .map_or_else(|| "null".to_owned(), |d| d.as_millis().to_string()),
        );
    }
    Ok(())
}

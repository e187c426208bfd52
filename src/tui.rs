//! The terminal: raw mode, the alternate screen and mouse capture, entered in one place and
//! undone on every exit path (normal return, error, panic) by a `Drop` guard and a panic hook.

use std::io::{self, Stdout};
use std::sync::Once;

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

/// The terminal while the TUI is up. Dropping it restores the terminal.
pub struct Tui {
    /// The ratatui terminal.
    pub terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Tui {
    /// Enters raw mode, the alternate screen and mouse capture, and installs the panic hook
    /// that undoes them before the panic message is printed.
    ///
    /// # Errors
    /// When the terminal cannot be set up (it is restored before returning).
    pub fn enter() -> io::Result<Tui> {
        install_panic_hook();
        let setup = || -> io::Result<Tui> {
            enable_raw_mode()?;
            execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
            let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
            terminal.hide_cursor()?;
            terminal.clear()?;
            Ok(Tui { terminal })
        };
        setup().inspect_err(|_| {
            let _ = restore();
        })
    }
}

impl Drop for Tui {
    fn drop(&mut self) {
        let _ = restore();
    }
}

/// Leaves raw mode, the alternate screen and mouse capture, and shows the cursor. Safe to call
/// more than once.
///
/// # Errors
/// When the terminal cannot be written.
pub fn restore() -> io::Result<()> {
    let raw = disable_raw_mode();
    execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        ratatui::crossterm::cursor::Show
    )?;
    raw
}

fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // A panic on these worker threads (the engine, background analyses) is caught there and
            // reported on the status line; printing it or leaving raw mode would wreck the screen.
            let caught = ["kibitzer-engine", "kibitzer-analysis"];
            if std::thread::current()
                .name()
                .is_some_and(|name| caught.contains(&name))
            {
                return;
            }
            let _ = restore();
            previous(info);
        }));
    });
}

/// Puts `text` on the clipboard through the terminal (OSC 52; terminals without support ignore
/// it).
///
/// # Errors
/// When the terminal cannot be written.
pub fn copy_to_clipboard(text: &str) -> io::Result<()> {
    use std::io::Write;
    let mut out = io::stdout();
    write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()))?;
    out.flush()
}

/// Standard base64 with padding.
///
/// ```
/// assert_eq!(kibitzer::tui::base64(b"Man"), "TWFu");
/// assert_eq!(kibitzer::tui::base64(b"Ma"), "TWE=");
/// assert_eq!(kibitzer::tui::base64(b"M"), "TQ==");
/// ```
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Reads terminal events on its own thread until `stop` is set or the receiver is gone, and
/// forwards what `map` keeps (key presses, mouse events, resizes, as each screen wants them).
pub fn spawn_input<E: Send + 'static>(
    tx: std::sync::mpsc::Sender<E>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    map: fn(ratatui::crossterm::event::Event) -> Option<E>,
) -> std::thread::JoinHandle<()> {
    use ratatui::crossterm::event;
    std::thread::spawn(move || {
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            match event::poll(std::time::Duration::from_millis(50)) {
                Ok(true) => {}
                Ok(false) => continue,
                Err(_) => break,
            }
            let Ok(read) = event::read() else { break };
            if let Some(forwarded) = map(read)
                && tx.send(forwarded).is_err()
            {
                break;
            }
        }
    })
}

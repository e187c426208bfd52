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
            let _ = restore();
            previous(info);
        }));
    });
}

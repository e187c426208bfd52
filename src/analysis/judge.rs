//! The judge: which engine judges reviews, `kibitzer explain` and play mode's verdicts when
//! `[analysis] engine = "auto"` (the default) — the strongest analyst at hand. An installed
//! Stockfish (on the `PATH`, else in the usual Debian and Homebrew places, [`PLACES`]) judges;
//! the built-in engine when none is found. `"builtin"` and a UCI engine's command line stay
//! choices of their own and are taken as given.
//!
//! The choice is made once per [`AnalystSpec`] ([`resolved`]), before anything is started: a
//! found engine that then fails still falls back to the built-in one with a notice
//! ([`super::Analyst::start`]), and an automatic choice gives way to the built-in engine in a
//! game Stockfish does not play (Pawn Battle) without a notice, since nobody asked for it.

use std::path::{Path, PathBuf};

use super::AnalystSpec;

/// The value of `[analysis] engine` (and `--engine`) that picks the strongest analyst at hand.
pub const AUTO: &str = "auto";

/// The program an automatic choice looks for.
pub const PROGRAM: &str = "stockfish";

/// Where an automatic choice looks for [`PROGRAM`] after the `PATH`'s directories: Debian's
/// `games` directory, a local install, Homebrew on Apple silicon.
pub const PLACES: &[&str] = &["/usr/games", "/usr/local/bin", "/opt/homebrew/bin"];

/// `spec` with an automatic choice ([`AUTO`]) made: the installed engine [`find`] finds
/// (its path as the command, [`AnalystSpec::auto`] set), else the built-in engine. Any other
/// spec is returned unchanged.
#[must_use]
pub fn resolved(spec: AnalystSpec) -> AnalystSpec {
    resolved_with(spec, find())
}

/// [`resolved`] with the result of the look-up given (`None`: nothing installed).
#[must_use]
pub fn resolved_with(spec: AnalystSpec, found: Option<PathBuf>) -> AnalystSpec {
    if spec.command != AUTO {
        return spec;
    }
    let command = found.map_or_else(|| "builtin".to_owned(), |p| p.display().to_string());
    AnalystSpec {
        command,
        auto: true,
        ..spec
    }
}

/// The installed [`PROGRAM`] ([`find_program`]); `None` when there is none.
#[must_use]
pub fn find() -> Option<PathBuf> {
    find_program(PROGRAM)
}

/// The program `name` (a bare name) as installed: the first file of that name in the `PATH`'s
/// directories, then in [`PLACES`]. Also where a configured engine's bare name is looked for
/// (`external::locate`).
#[must_use]
pub fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path)
        .chain(PLACES.iter().map(PathBuf::from))
        .collect::<Vec<_>>();
    find_in(&dirs, name)
}

/// The first program named `name` in `dirs`.
#[must_use]
pub fn find_in(dirs: &[PathBuf], name: &str) -> Option<PathBuf> {
    dirs.iter()
        .map(|dir| dir.join(name))
        .find(|candidate| is_program(candidate))
}

/// Whether `path` is a file (and, on Unix, executable by someone).
fn is_program(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auto() -> AnalystSpec {
        AnalystSpec::new(AUTO, vec![("Threads".to_owned(), "1".to_owned())])
    }

    #[test]
    fn auto_takes_the_engine_found_and_keeps_the_options() {
        let spec = resolved_with(auto(), Some(PathBuf::from("/usr/games/stockfish")));
        assert_eq!(spec.command, "/usr/games/stockfish");
        assert!(spec.auto);
        assert!(!spec.is_builtin());
        assert_eq!(spec.options, auto().options);
        assert_eq!(spec.budget, auto().budget);
    }

    #[test]
    fn auto_without_an_engine_is_the_builtin_one() {
        let spec = resolved_with(auto(), None);
        assert!(spec.is_builtin());
        assert!(spec.auto);
    }

    #[test]
    fn builtin_and_a_command_are_taken_as_given() {
        for command in ["builtin", "stockfish", "/opt/engines/lc0 --weights=x"] {
            let spec = AnalystSpec::new(command, Vec::new());
            let found = Some(PathBuf::from("/usr/games/stockfish"));
            assert_eq!(resolved_with(spec.clone(), found), spec, "{command}");
        }
    }

    #[test]
    fn the_look_up_takes_the_first_executable_file_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b, c) = (
            dir.path().join("a"),
            dir.path().join("b"),
            dir.path().join("c"),
        );
        for d in [&a, &b, &c] {
            std::fs::create_dir(d).unwrap();
        }
        // a: a directory of that name (not a program); b: a plain file not executable; c: the
        // program.
        std::fs::create_dir(a.join(PROGRAM)).unwrap();
        std::fs::write(b.join(PROGRAM), "").unwrap();
        std::fs::write(c.join(PROGRAM), "#!/bin/sh\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let exec = std::fs::Permissions::from_mode(0o755);
            std::fs::set_permissions(c.join(PROGRAM), exec).unwrap();
        }
        let dirs = [a.clone(), b.clone(), c.clone()];
        #[cfg(unix)]
        assert_eq!(find_in(&dirs, PROGRAM), Some(c.join(PROGRAM)));
        assert_eq!(find_in(&[a], PROGRAM), None);
        assert_eq!(find_in(&[], PROGRAM), None);
    }
}

//! Colour themes: `assets/themes/<name>.toml` embedded in the binary, resolved for the terminal's
//! colour support (truecolor, 256 colours, or none when `NO_COLOR` is set).

use std::collections::HashMap;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// The embedded theme files, by name (the names in `config::THEMES`).
const FILES: &[(&str, &str)] = &[
    ("classic", include_str!("../../assets/themes/classic.toml")),
    ("green", include_str!("../../assets/themes/green.toml")),
    ("blue", include_str!("../../assets/themes/blue.toml")),
    ("mono", include_str!("../../assets/themes/mono.toml")),
];

/// What colours the terminal can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorMode {
    /// 24-bit colour.
    TrueColor,
    /// The 256-colour palette.
    Ansi256,
    /// No colour at all (`NO_COLOR`): highlights use marks and text attributes.
    None,
}

impl ColorMode {
    /// Decides from environment values: `NO_COLOR` (any non-empty value) wins, then
    /// `COLORTERM=truecolor|24bit`, else 256 colours.
    ///
    /// ```
    /// use kibitzer::ui::theme::ColorMode;
    /// assert_eq!(ColorMode::detect(Some("1"), Some("truecolor")), ColorMode::None);
    /// assert_eq!(ColorMode::detect(None, Some("24bit")), ColorMode::TrueColor);
    /// assert_eq!(ColorMode::detect(None, None), ColorMode::Ansi256);
    /// ```
    pub fn detect(no_color: Option<&str>, colorterm: Option<&str>) -> ColorMode {
        if no_color.is_some_and(|v| !v.is_empty()) {
            ColorMode::None
        } else if colorterm.is_some_and(|v| v == "truecolor" || v == "24bit") {
            ColorMode::TrueColor
        } else {
            ColorMode::Ansi256
        }
    }

    /// [`ColorMode::detect`] on the process environment.
    pub fn from_env() -> ColorMode {
        let no_color = std::env::var("NO_COLOR").ok();
        let colorterm = std::env::var("COLORTERM").ok();
        ColorMode::detect(no_color.as_deref(), colorterm.as_deref())
    }
}

/// A theme resolved to terminal colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// The colour support it was resolved for.
    pub mode: ColorMode,
    colors: HashMap<String, Color>,
}

/// The keys every theme file defines.
pub const KEYS: &[&str] = &[
    "light",
    "dark",
    "white_piece",
    "black_piece",
    "cursor",
    "selected",
    "legal",
    "last_move",
    "check",
    "hint",
    "line",
    "text",
    "dim",
    "accent",
    "error",
    "border",
];

#[derive(Deserialize)]
#[serde(transparent)]
struct ThemeFile(HashMap<String, String>);

impl Theme {
    /// The theme called `name` (unknown names fall back to `classic`, which config validation
    /// prevents anyway).
    pub fn named(name: &str, mode: ColorMode) -> Theme {
        let text = FILES
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(FILES[0].1, |(_, t)| t);
        let file: ThemeFile = toml::from_str(text).unwrap_or(ThemeFile(HashMap::new()));
        let colors = file
            .0
            .into_iter()
            .filter_map(|(k, v)| parse_hex(&v).map(|rgb| (k, resolve(rgb, mode))))
            .collect();
        Theme { mode, colors }
    }

    /// The colour for a key (`Reset` without colour support or for an unknown key).
    pub fn color(&self, key: &str) -> Color {
        self.colors.get(key).copied().unwrap_or(Color::Reset)
    }

    /// The style of a selected item (a dialog choice, the current move): dark text on the accent
    /// colour, or reversed bold text without colours.
    pub fn selected(&self) -> Style {
        if self.colored() {
            Style::new()
                .fg(self.color("black_piece"))
                .bg(self.color("accent"))
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// Foreground style for a key.
    pub fn fg(&self, key: &str) -> Style {
        Style::new().fg(self.color(key))
    }

    /// Whether colours are available.
    pub fn colored(&self) -> bool {
        self.mode != ColorMode::None
    }

    /// The style for error messages (bold, and red where possible).
    pub fn error(&self) -> Style {
        self.fg("error").add_modifier(Modifier::BOLD)
    }
}

fn parse_hex(text: &str) -> Option<(u8, u8, u8)> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    Some(((v >> 16) as u8, (v >> 8) as u8, v as u8))
}

fn resolve((r, g, b): (u8, u8, u8), mode: ColorMode) -> Color {
    match mode {
        ColorMode::TrueColor => Color::Rgb(r, g, b),
        ColorMode::Ansi256 => Color::Indexed(nearest_256(r, g, b)),
        ColorMode::None => Color::Reset,
    }
}

/// The nearest entry of the xterm 256-colour palette (the 6×6×6 cube or the grey ramp).
///
/// ```
/// use kibitzer::ui::theme::nearest_256;
/// assert_eq!(nearest_256(0, 0, 0), 16);
/// assert_eq!(nearest_256(255, 255, 255), 231);
/// assert_eq!(nearest_256(255, 0, 0), 196);
/// ```
pub fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let level = |v: u8| {
        (0..6)
            .min_by_key(|&i| (i32::from(LEVELS[i]) - i32::from(v)).abs())
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (level(r), level(g), level(b));
    let cube = (LEVELS[ri], LEVELS[gi], LEVELS[bi]);
    let dist = |(a, b2, c): (u8, u8, u8)| {
        let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).pow(2);
        d(a, r) + d(b2, g) + d(c, b)
    };
    let avg = (u32::from(r) + u32::from(g) + u32::from(b)) / 3;
    let grey_index = ((avg.saturating_sub(8)) / 10).min(23) as u8;
    let grey = 8 + 10 * grey_index;
    let cube_index = 16 + 36 * ri as u8 + 6 * gi as u8 + bi as u8;
    if dist((grey, grey, grey)) < dist(cube) {
        232 + grey_index
    } else {
        cube_index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_defines_every_key() {
        for (name, _) in FILES {
            let theme = Theme::named(name, ColorMode::TrueColor);
            for key in KEYS {
                assert!(
                    matches!(theme.color(key), Color::Rgb(..)),
                    "theme {name} lacks {key}"
                );
            }
        }
        let names: Vec<&str> = FILES.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, crate::config::THEMES);
    }

    /// The RGB value of an xterm palette entry from the cube or the grey ramp.
    fn palette_rgb(index: u8) -> (u8, u8, u8) {
        const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        if index >= 232 {
            let v = 8 + 10 * (index - 232);
            return (v, v, v);
        }
        let i = usize::from(index - 16);
        (LEVELS[i / 36], LEVELS[i / 6 % 6], LEVELS[i % 6])
    }

    /// WCAG 2 relative luminance.
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// WCAG 2 contrast ratio (1 to 21).
    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn contrast_formula_matches_known_values() {
        assert!((contrast((255, 255, 255), (0, 0, 0)) - 21.0).abs() < 1e-9);
        // The old classic theme's white piece on its light square.
        assert!((contrast((255, 255, 255), (0xf0, 0xd9, 0xb5)) - 1.37).abs() < 0.01);
        assert_eq!(palette_rgb(nearest_256(255, 255, 255)), (255, 255, 255));
        assert_eq!(palette_rgb(232), (8, 8, 8));
    }

    /// The contrast of two theme colours in truecolor and in 256 colours (their nearest
    /// palette entries).
    fn ratios(a: (u8, u8, u8), b: (u8, u8, u8)) -> (f64, f64) {
        let palette = |c: (u8, u8, u8)| palette_rgb(nearest_256(c.0, c.1, c.2));
        (contrast(a, b), contrast(palette(a), palette(b)))
    }

    /// Every piece colour on both squares, and the numbered marks of the best line
    /// (`ui::marks`: a `black_piece` digit on a `line` badge), at least 3:1 in truecolor and in
    /// 256 colours.
    #[test]
    fn every_piece_colour_stands_out_on_both_squares_in_truecolor_and_256() {
        for (name, text) in FILES {
            let file: ThemeFile = toml::from_str(text).unwrap();
            let rgb = |key: &str| parse_hex(&file.0[key]).unwrap();
            let mut pairs = vec![("black_piece", "line")];
            for square in ["light", "dark"] {
                for piece in ["white_piece", "black_piece"] {
                    pairs.push((piece, square));
                }
            }
            for (fg, bg) in pairs {
                let (true_ratio, indexed) = ratios(rgb(fg), rgb(bg));
                assert!(
                    true_ratio >= 3.0 && indexed >= 3.0,
                    "theme {name}: {fg} on {bg} is {true_ratio:.2}:1 \
                     (256 colours {indexed:.2}:1), needs 3:1"
                );
            }
        }
    }

    /// Issue 35: the default theme drew the cursor and the hint's squares in one colour in
    /// 256 colours (and close ones in truecolor). The hint's squares stand apart from every
    /// other square colour, in both, by at least this RGB distance.
    #[test]
    fn the_hint_squares_stand_apart_from_every_other_square_colour() {
        const APART: f64 = 60.0;
        let distance = |a: (u8, u8, u8), b: (u8, u8, u8)| {
            let d = |x: u8, y: u8| (f64::from(x) - f64::from(y)).powi(2);
            (d(a.0, b.0) + d(a.1, b.1) + d(a.2, b.2)).sqrt()
        };
        let palette = |c: (u8, u8, u8)| palette_rgb(nearest_256(c.0, c.1, c.2));
        for (name, text) in FILES {
            let file: ThemeFile = toml::from_str(text).unwrap();
            let rgb = |key: &str| parse_hex(&file.0[key]).unwrap();
            let hint = rgb("hint");
            for other in [
                "cursor",
                "selected",
                "legal",
                "last_move",
                "check",
                "light",
                "dark",
            ] {
                let (truecolor, indexed) = (
                    distance(hint, rgb(other)),
                    distance(palette(hint), palette(rgb(other))),
                );
                assert!(
                    truecolor >= APART && indexed >= APART,
                    "theme {name}: hint and {other} are {truecolor:.0} apart \
                     (256 colours {indexed:.0}), need {APART}"
                );
            }
        }
    }

    #[test]
    fn no_color_resolves_to_reset_and_256_to_indexed() {
        let none = Theme::named("classic", ColorMode::None);
        assert_eq!(none.color("light"), Color::Reset);
        let indexed = Theme::named("classic", ColorMode::Ansi256);
        assert!(matches!(indexed.color("light"), Color::Indexed(_)));
    }
}

//! An SVG of ours ([`super::image`]) as a PNG, rasterised in pure Rust by `resvg` (no system
//! library): `kibitzer explain --png`. The text is drawn with a font of the system's (read by
//! `fontdb` from the usual font directories): the first of [`SANS`] installed, else any. A
//! system without any font gets a message saying what to install, not an image without words.
//! Why resvg and what it costs: docs/REVIEW.md ("PNG").

use resvg::{tiny_skia, usvg};

/// The image is drawn at this many pixels per SVG unit (sharp on a phone or a high-density
/// screen: the 360-unit board becomes 720 pixels).
pub const SCALE: f32 = 2.0;

/// The fonts tried for the SVG's `sans-serif`, in order (common on Linux, macOS and Windows).
pub const SANS: &[&str] = &[
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
    "Arial",
    "Helvetica",
];

/// What to do when the system has no font.
pub const NO_FONT: &str = "no font found to write the image's text (fontdb looked in the \
     system's font directories): install one (Debian: apt-get install fonts-dejavu-core), or \
     write --svg instead, which any browser shows";

/// The PNG of `svg`, at [`SCALE`] pixels per unit.
///
/// # Errors
/// When the SVG has text and the system has no font ([`NO_FONT`]), or the SVG cannot be read
/// or drawn (a message saying which step failed).
pub fn render(svg: &str) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options::default();
    if svg.contains("<text") {
        choose_font(options.fontdb_mut())?;
    }
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|e| format!("cannot read the image's SVG: {e}"))?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(SCALE)
        .ok_or_else(|| "the image has no size".to_owned())?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot draw a {}×{} image", size.width(), size.height()))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(SCALE, SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}

/// Loads the system's fonts into `fonts` and makes the first of [`SANS`] installed (else any
/// font) the SVG's `sans-serif`.
fn choose_font(fonts: &mut usvg::fontdb::Database) -> Result<(), String> {
    fonts.load_system_fonts();
    let family = SANS
        .iter()
        .find(|name| {
            fonts
                .faces()
                .any(|f| f.families.iter().any(|(n, _)| n == *name))
        })
        .map(|name| (*name).to_owned())
        .or_else(|| {
            fonts
                .faces()
                .find_map(|f| f.families.first().map(|(n, _)| n.clone()))
        })
        .ok_or_else(|| NO_FONT.to_owned())?;
    fonts.set_sans_serif_family(family);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_becomes_a_png_of_twice_its_size() {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {s} {s}" width="{s}" height="{s}">{}</svg>"#,
            crate::share::board::squares(),
            s = crate::share::board::SIDE
        );
        let png = render(&svg).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // The IHDR chunk: width and height, big-endian.
        let side = (crate::share::board::SIDE as f32 * SCALE) as u32;
        assert_eq!(&png[16..20], &side.to_be_bytes());
        assert_eq!(&png[20..24], &side.to_be_bytes());
    }

    #[test]
    fn bad_svg_is_a_message() {
        let e = render("<svg").unwrap_err();
        assert!(e.starts_with("cannot read the image's SVG"), "{e}");
    }
}

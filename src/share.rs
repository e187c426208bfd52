//! Sharing outside the terminal: [`page`] is the self-contained HTML page of a reviewed game
//! (`kibitzer review --html`), built from the review's JSON document; [`image`] is the image of
//! one position and its explanation (`kibitzer explain --svg`); [`board`] draws a position
//! as SVG with the piece set in `assets/share/` (the page's boards and `kibitzer explain --svg`).

pub mod board;
pub mod image;
pub mod page;
pub mod png;

//! Keys and mouse events → [`EditorAction`]s, by the editor's mode, through the keymap
//! (`[[editor]]`, `[[editor_play]]`). Piece letters follow FEN: uppercase (Shift) is White,
//! lowercase is Black (fixed keys: no action takes them); so the editor's commands are the
//! other letters, and the cursor moves with the arrow keys only (`k` is a king here).

use ratatui::crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use shakmaty::{CastlingSide, Color, Piece};

use super::{Editor, EditorAction, EditorMode};
use crate::keys::Keymaps;
use crate::prompt::Typing;
use crate::ui::editor::EditorLayout;

pub use super::keys::{EditorKey, PlayKey};

/// The action a key asks for in the editor's current mode, if any, through `keys`.
#[must_use]
pub fn key_action(editor: &Editor, keys: &Keymaps, key: KeyEvent) -> Option<EditorAction> {
    match &editor.mode {
        EditorMode::Help => Some(EditorAction::Cancel),
        EditorMode::Fen(_) => {
            let mut line = String::new();
            match crate::prompt::edit(&mut line, key) {
                Typing::Done => Some(EditorAction::FenSubmit),
                Typing::Cancelled if line.is_empty() && is_erase(&key) => {
                    Some(EditorAction::FenBackspace)
                }
                Typing::Cancelled => Some(EditorAction::Cancel),
                Typing::Editing => line.chars().next().map(EditorAction::FenChar),
            }
        }
        EditorMode::Play { human, .. } => Some(match keys.action::<PlayKey>(&key)? {
            PlayKey::Cancel => EditorAction::Cancel,
            PlayKey::Start => EditorAction::ConfirmPlay,
            PlayKey::White => EditorAction::PlayColor(Color::White),
            PlayKey::Black => EditorAction::PlayColor(Color::Black),
            PlayKey::OtherColour => EditorAction::PlayColor(!*human),
            PlayKey::LevelUp => EditorAction::PlayLevelStep(1),
            PlayKey::LevelDown => EditorAction::PlayLevelStep(-1),
            PlayKey::Level => match crate::keys::digit(&key)? {
                0 => EditorAction::PlayLevel(Editor::max_level()),
                d => EditorAction::PlayLevel(d),
            },
        }),
        EditorMode::Board => board_action(keys, &key),
    }
}

/// Whether a key erases a character of a line (so Backspace on an empty FEN line is not Esc).
fn is_erase(key: &KeyEvent) -> bool {
    key.code == ratatui::crossterm::event::KeyCode::Backspace
}

fn board_action(keys: &Keymaps, key: &KeyEvent) -> Option<EditorAction> {
    Some(match keys.action::<EditorKey>(key)? {
        EditorKey::CursorLeft => EditorAction::Cursor(-1, 0),
        EditorKey::CursorRight => EditorAction::Cursor(1, 0),
        EditorKey::CursorUp => EditorAction::Cursor(0, 1),
        EditorKey::CursorDown => EditorAction::Cursor(0, -1),
        EditorKey::WhitePiece | EditorKey::BlackPiece => {
            EditorAction::Place(Piece::from_char(crate::keys::typed(key)?)?)
        }
        EditorKey::Delete => EditorAction::Delete,
        EditorKey::Cut => EditorAction::Cut,
        EditorKey::Paste => EditorAction::Paste,
        EditorKey::Clear => EditorAction::Clear,
        EditorKey::Start => EditorAction::Start,
        EditorKey::SwitchGame => EditorAction::SwitchVariant,
        EditorKey::Mirror => EditorAction::Mirror,
        EditorKey::Flip => EditorAction::Flip,
        EditorKey::Turn => EditorAction::ToggleTurn,
        EditorKey::CastleWhiteKing => {
            EditorAction::ToggleCastling(Color::White, CastlingSide::KingSide)
        }
        EditorKey::CastleWhiteQueen => {
            EditorAction::ToggleCastling(Color::White, CastlingSide::QueenSide)
        }
        EditorKey::CastleBlackKing => {
            EditorAction::ToggleCastling(Color::Black, CastlingSide::KingSide)
        }
        EditorKey::CastleBlackQueen => {
            EditorAction::ToggleCastling(Color::Black, CastlingSide::QueenSide)
        }
        EditorKey::EnPassant => EditorAction::NextEnPassant,
        EditorKey::FullmovesUp => EditorAction::Fullmoves(1),
        EditorKey::FullmovesDown => EditorAction::Fullmoves(-1),
        EditorKey::HalfmovesUp => EditorAction::Halfmoves(1),
        EditorKey::HalfmovesDown => EditorAction::Halfmoves(-1),
        EditorKey::Undo => EditorAction::Undo,
        EditorKey::Redo => EditorAction::Redo,
        EditorKey::Fen => EditorAction::OpenFen,
        EditorKey::CopyFen => EditorAction::CopyFen,
        EditorKey::Play => EditorAction::OpenPlay,
        EditorKey::Analyse => EditorAction::Analyse,
        EditorKey::Help => EditorAction::Help,
        EditorKey::Cancel => EditorAction::Cancel,
    })
}

/// The action a mouse event asks for, with the editor drawn in `layout`.
#[must_use]
pub fn mouse_action(
    editor: &Editor,
    layout: &EditorLayout,
    mouse: MouseEvent,
) -> Option<EditorAction> {
    if editor.mode != EditorMode::Board {
        return match mouse.kind {
            MouseEventKind::Down(_) if editor.mode == EditorMode::Help => {
                Some(EditorAction::Cancel)
            }
            _ => None,
        };
    }
    let square = layout
        .base
        .square_at(mouse.column, mouse.row, editor.orientation);
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => {
            if let Some(brush) = layout.brush_at(mouse.column, mouse.row) {
                return Some(EditorAction::Brush(brush));
            }
            square.map(EditorAction::Press)
        }
        MouseEventKind::Up(MouseButton::Left) => square.map(EditorAction::Release),
        MouseEventKind::Down(MouseButton::Right) => square.map(EditorAction::Erase),
        _ => None,
    }
}

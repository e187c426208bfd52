//! Keys and mouse events → [`EditorAction`]s, by the editor's mode. Piece letters follow FEN:
//! uppercase (Shift) is White, lowercase is Black; so the editor's commands are the other
//! letters, and the cursor moves with the arrow keys only (`k` is a king here).

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use shakmaty::{CastlingSide, Color, Piece};

use super::{Editor, EditorAction, EditorMode};
use crate::ui::editor::EditorLayout;

/// The action a key asks for in the editor's current mode, if any.
#[must_use]
pub fn key_action(editor: &Editor, key: KeyEvent) -> Option<EditorAction> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match &editor.mode {
        EditorMode::Help => Some(EditorAction::Cancel),
        EditorMode::Fen(_) => match key.code {
            KeyCode::Esc => Some(EditorAction::Cancel),
            KeyCode::Enter => Some(EditorAction::FenSubmit),
            KeyCode::Backspace => Some(EditorAction::FenBackspace),
            KeyCode::Char(c) if !ctrl => Some(EditorAction::FenChar(c)),
            _ => None,
        },
        EditorMode::Play { .. } => match key.code {
            KeyCode::Esc | KeyCode::Char('q') => Some(EditorAction::Cancel),
            KeyCode::Enter => Some(EditorAction::ConfirmPlay),
            KeyCode::Char('w') => Some(EditorAction::PlayColor(Color::White)),
            KeyCode::Char('b') => Some(EditorAction::PlayColor(Color::Black)),
            KeyCode::Left | KeyCode::Right | KeyCode::Tab => {
                let EditorMode::Play { human, .. } = editor.mode else {
                    return None;
                };
                Some(EditorAction::PlayColor(!human))
            }
            KeyCode::Up | KeyCode::Char('+') => Some(EditorAction::PlayLevelStep(1)),
            KeyCode::Down | KeyCode::Char('-') => Some(EditorAction::PlayLevelStep(-1)),
            KeyCode::Char('0') => Some(EditorAction::PlayLevel(Editor::max_level())),
            KeyCode::Char(c @ '1'..='9') => Some(EditorAction::PlayLevel(c as u8 - b'0')),
            _ => None,
        },
        EditorMode::Board => board_action(key.code, ctrl),
    }
}

fn board_action(code: KeyCode, ctrl: bool) -> Option<EditorAction> {
    if ctrl {
        return match code {
            KeyCode::Char('z') => Some(EditorAction::Undo),
            KeyCode::Char('y') | KeyCode::Char('r') => Some(EditorAction::Redo),
            _ => None,
        };
    }
    Some(match code {
        KeyCode::Left => EditorAction::Cursor(-1, 0),
        KeyCode::Right => EditorAction::Cursor(1, 0),
        KeyCode::Up => EditorAction::Cursor(0, 1),
        KeyCode::Down => EditorAction::Cursor(0, -1),
        KeyCode::Delete | KeyCode::Backspace | KeyCode::Char('d') => EditorAction::Delete,
        KeyCode::Enter => EditorAction::OpenPlay,
        KeyCode::Esc => EditorAction::Cancel,
        KeyCode::Char(c) => {
            if let Some(piece) = Piece::from_char(c) {
                return Some(EditorAction::Place(piece));
            }
            match c {
                'x' => EditorAction::Cut,
                'v' => EditorAction::Paste,
                'z' => EditorAction::Clear,
                's' => EditorAction::Start,
                'g' => EditorAction::SwitchVariant,
                'm' => EditorAction::Mirror,
                'f' => EditorAction::Flip,
                't' => EditorAction::ToggleTurn,
                '1' => EditorAction::ToggleCastling(Color::White, CastlingSide::KingSide),
                '2' => EditorAction::ToggleCastling(Color::White, CastlingSide::QueenSide),
                '3' => EditorAction::ToggleCastling(Color::Black, CastlingSide::KingSide),
                '4' => EditorAction::ToggleCastling(Color::Black, CastlingSide::QueenSide),
                'e' => EditorAction::NextEnPassant,
                '+' | '=' => EditorAction::Fullmoves(1),
                '-' => EditorAction::Fullmoves(-1),
                ']' => EditorAction::Halfmoves(1),
                '[' => EditorAction::Halfmoves(-1),
                'u' => EditorAction::Undo,
                'U' => EditorAction::Redo,
                ':' => EditorAction::OpenFen,
                'c' => EditorAction::CopyFen,
                'a' => EditorAction::Analyse,
                '?' => EditorAction::Help,
                _ => return None,
            }
        }
        _ => return None,
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

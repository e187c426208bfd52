//! The board editor's model: a set-up (shakmaty's [`Setup`]: pieces, side to move, castling
//! rights, en-passant square, move numbers) edited by [`EditorAction`]s through
//! [`Editor::apply`], the only place it changes, with undo and redo. What the editor asks of
//! the program around it (play or analyse from here, copy the FEN, close) comes back as an
//! [`EditorOutcome`]. No terminal, no threads: keys and clicks become actions in
//! [`input`], drawing is `ui::editor`, and the host (today play mode's `App`) runs the
//! outcomes.
//!
//! The editor sets up a position of either game ([`Editor::variant`], switched with
//! [`EditorAction::SwitchVariant`]): chess, or Pawn Battle (only rooks and pawns, no castling).
//! Whether a chess set-up is legal is shakmaty's judgement ([`Chess::from_setup`]), worded by
//! [`crate::game::fen::position_errors`]; another game's is its own
//! ([`VariantPosition::of_setup`], worded the same way: one line per broken rule). What a game
//! offers the editor (its pieces, its set-up rules, its start) comes through that seam.
//!
//! Why one file of about 800 lines: the editor's state, its actions and [`Editor::apply`], the
//! only place it changes, read best side by side (every action's undo, refusal and outcome
//! next to the others); its keys ([`input`]), its words ([`text`]), its screen ([`screen`])
//! and its tests are apart already. Next split when it grows: the legality and FEN questions
//! (`fen`, `legality`, `ep_squares`, `playable`) into `editor/legality.rs`.

use std::num::NonZeroU32;

use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, File, FromSetup, Piece,
    Position, Rank, Role, Setup, Square,
};

use crate::game::fen::{self, FenError};
use crate::variant::{Variant, VariantPosition, with_game};

pub mod input;
pub mod keys;
pub mod screen;
pub mod text;

#[cfg(test)]
mod tests;

/// The piece kinds a set-up of `variant` may hold, in palette order
/// ([`VariantPosition::ROLES`]).
#[must_use]
pub fn roles_of(variant: Variant) -> Vec<Role> {
    with_game!(variant, P => P::ROLES.to_vec())
}

/// The start position of `variant` as a set-up.
fn start_of(variant: Variant) -> Setup {
    with_game!(variant, P => P::start().setup_of())
}

/// What the mouse puts on a clicked square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// This piece (a second click on the same piece removes it).
    Piece(Piece),
    /// Nothing: a click empties the square.
    Erase,
}

/// What the keyboard is talking to inside the editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditorMode {
    /// The board: cursor, pieces, set-up keys.
    Board,
    /// Typing or pasting a FEN (the text so far).
    Fen(String),
    /// "Play from here": the human's colour and the engine level.
    Play {
        /// The colour the human will play.
        human: Color,
        /// The engine level.
        level: u8,
    },
    /// The help overlay.
    Help,
}

/// One thing the user asks of the editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditorAction {
    /// Moves the cursor by (right, up) squares as the board is seen (flipped boards too).
    Cursor(i8, i8),
    /// Puts the cursor on a square.
    CursorTo(Square),
    /// Puts a piece on the cursor's square.
    Place(Piece),
    /// Empties the cursor's square.
    Delete,
    /// Takes the piece on the cursor's square into the editor's clipboard.
    Cut,
    /// Puts the clipboard's piece on the cursor's square (the clipboard keeps it).
    Paste,
    /// Chooses what a mouse click puts on a square (`None`: clicks move pieces).
    Brush(Option<Brush>),
    /// The mouse button went down on a square: paints with the brush, else starts a drag.
    Press(Square),
    /// The mouse button went up on a square: ends a drag there (moves the piece).
    Release(Square),
    /// Empties a square (the right button).
    Erase(Square),
    /// Empties the board.
    Clear,
    /// The start position of the game set up.
    Start,
    /// Sets up the other game (chess ↔ Pawn Battle), from its start position.
    SwitchVariant,
    /// Swaps the colours: pieces change sides, ranks flip, the side to move and the castling
    /// rights go with them.
    Mirror,
    /// Turns the board view around.
    Flip,
    /// The other side moves.
    ToggleTurn,
    /// Gives or takes a castling right (only where the king and that rook stand at home).
    ToggleCastling(Color, CastlingSide),
    /// The next possible en-passant square (or none).
    NextEnPassant,
    /// Changes the fullmove number by this much (never below 1).
    Fullmoves(i32),
    /// Changes the halfmove clock (moves since a capture or pawn move) by this much.
    Halfmoves(i32),
    /// Undoes the last change of the set-up.
    Undo,
    /// Redoes an undone change.
    Redo,
    /// Opens the FEN prompt (type or paste a FEN).
    OpenFen,
    /// A character typed at the FEN prompt.
    FenChar(char),
    /// Deletes the FEN prompt's last character (closes the prompt when it is empty).
    FenBackspace,
    /// Sets up the FEN typed at the prompt.
    FenSubmit,
    /// Sets up this FEN (kept even when the position is illegal, so it can be fixed here).
    SetFen(String),
    /// Copies the set-up's FEN (to the terminal's clipboard, by the host).
    CopyFen,
    /// Opens "play from here" (refused, with the reason, while the set-up is illegal).
    OpenPlay,
    /// The human's colour in "play from here".
    PlayColor(Color),
    /// Changes the level in "play from here" by this much.
    PlayLevelStep(i8),
    /// Sets the level in "play from here".
    PlayLevel(u8),
    /// Starts the game from the set-up.
    ConfirmPlay,
    /// Asks for the best move in the set-up, explained.
    Analyse,
    /// Opens the help overlay.
    Help,
    /// Closes a dialog, the prompt or the help; on the board, closes the editor.
    Cancel,
}

/// What the host must do after an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditorOutcome {
    /// Nothing: the editor stays open.
    Stay,
    /// Start a game of `variant` from `fen` (a legal position of it), the human playing `human`
    /// against `level`.
    Play {
        /// The game.
        variant: Variant,
        /// The position, a legal FEN of `variant`.
        fen: String,
        /// The human's colour.
        human: Color,
        /// The engine level.
        level: u8,
    },
    /// Explain the best move in `fen` (a legal position with a move to play); the result comes
    /// back through [`Editor::analysed`].
    Analyse {
        /// The position, a legal FEN.
        fen: String,
    },
    /// Open the analysis board on `fen` (a legal Pawn Battle position with a move to play),
    /// over the editor: its engine's best lines, explained, and a tree of moves to try.
    AnalysisBoard {
        /// The position, a legal FEN of the editor's game.
        fen: String,
    },
    /// Put this FEN on the clipboard.
    CopyFen(String),
    /// Close the editor (the game is unchanged).
    Close,
}

/// The analysis of the set-up, as far as it went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisView {
    /// The host runs it.
    Running,
    /// The best move (SAN) and the explanation's lines.
    Done {
        /// The best move in SAN, `None` when there is no legal move.
        best: Option<String>,
        /// The explanation's panel lines.
        lines: Vec<String>,
    },
    /// It failed (why).
    Failed(String),
}

/// A status-line message of the editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The text.
    pub text: String,
    /// Whether it reports a refusal or an error (drawn in the error colour).
    pub error: bool,
}

/// The board editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    setup: Setup,
    /// The keyboard cursor.
    pub cursor: Square,
    /// The colour drawn at the bottom.
    pub orientation: Color,
    /// The piece taken by the last cut (pasted by [`EditorAction::Paste`]).
    pub clipboard: Option<Piece>,
    /// What a mouse click puts on a square.
    pub brush: Option<Brush>,
    /// Where a mouse drag started.
    pub drag_from: Option<Square>,
    /// What the keyboard is talking to.
    pub mode: EditorMode,
    /// The status-line message.
    pub note: Option<Note>,
    /// The analysis of the set-up it was asked for (cleared when the set-up changes).
    pub analysis: Option<AnalysisView>,
    /// The game set up.
    pub variant: Variant,
    /// The piece kinds the editor offers ([`roles_of`] the variant).
    pub roles: Vec<Role>,
    /// The level "play from here" offers first.
    pub level: u8,
    /// The colour "play from here" offers first.
    pub human: Color,
    /// Earlier set-ups with their game, the latest last.
    undo: Vec<(Setup, Variant)>,
    redo: Vec<(Setup, Variant)>,
}

impl Editor {
    /// An editor on a chess `setup`, the board seen from `orientation`'s side, offering `level`
    /// and `human` for "play from here".
    #[must_use]
    pub fn new(setup: Setup, orientation: Color, level: u8, human: Color) -> Editor {
        let cursor = match orientation {
            Color::White => Square::E1,
            Color::Black => Square::E8,
        };
        Editor {
            setup,
            cursor,
            orientation,
            clipboard: None,
            brush: None,
            drag_from: None,
            mode: EditorMode::Board,
            note: None,
            analysis: None,
            variant: Variant::Chess,
            roles: roles_of(Variant::Chess),
            level,
            human,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// An editor on a position (the game's current one).
    #[must_use]
    pub fn from_position(pos: &Chess, orientation: Color, level: u8, human: Color) -> Editor {
        Editor::new(
            pos.to_setup(EnPassantMode::Legal),
            orientation,
            level,
            human,
        )
    }

    /// An editor on a position of any game (its pieces offered, its rules checked).
    #[must_use]
    pub fn of_position<P: VariantPosition>(
        pos: &P,
        orientation: Color,
        level: u8,
        human: Color,
    ) -> Editor {
        Editor::of_variant(P::VARIANT, pos.setup_of(), orientation, level, human)
    }

    /// An editor on `setup`, a set-up of `variant` (its pieces offered, its rules checked).
    #[must_use]
    pub fn of_variant(
        variant: Variant,
        setup: Setup,
        orientation: Color,
        level: u8,
        human: Color,
    ) -> Editor {
        let mut editor = Editor::new(setup, orientation, level, human);
        editor.variant = variant;
        editor.roles = roles_of(variant);
        editor
    }

    /// The set-up being edited.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The set-up as FEN text of its game (also when it is illegal).
    #[must_use]
    pub fn fen(&self) -> String {
        let legal = with_game!(self.variant, P =>
            P::of_setup(self.setup.clone()).ok().map(|pos| pos.fen()));
        legal.unwrap_or_else(|| {
            Fen::try_from_setup(self.setup.clone())
                .unwrap_or_else(|e| e.ignore())
                .to_string()
        })
    }

    /// Whether the set-up is a legal position of its game, or every reason it is not.
    ///
    /// # Errors
    /// The reasons, worded as a FEN of that game is refused.
    pub fn legality(&self) -> Result<(), Vec<FenError>> {
        with_game!(self.variant, P => P::of_setup(self.setup.clone()).map(drop))
    }

    /// The set-up as a legal chess position, or every reason it is not one.
    ///
    /// # Errors
    /// The reasons, worded as [`fen::parse`] words them.
    pub fn position(&self) -> Result<Chess, Vec<FenError>> {
        Chess::from_setup(self.setup.clone(), CastlingMode::Standard)
            .map_err(|e| fen::position_errors(e.kinds()))
    }

    /// The highest level "play from here" offers.
    #[must_use]
    pub fn max_level() -> u8 {
        u8::try_from(crate::engine::levels::levels().len()).unwrap_or(u8::MAX)
    }

    /// Whether the castling right of `color` on `side` can be given: a game of chess, and the
    /// king and that rook stand on their starting squares.
    #[must_use]
    pub fn castling_possible(&self, color: Color, side: CastlingSide) -> bool {
        if self.variant != Variant::Chess {
            return false;
        }
        let back = Rank::new(if color == Color::White { 0 } else { 7 });
        let rook_file = if side == CastlingSide::KingSide {
            File::H
        } else {
            File::A
        };
        let board = &self.setup.board;
        board.piece_at(Square::from_coords(File::E, back)) == Some(color.king())
            && board.piece_at(Square::from_coords(rook_file, back)) == Some(color.rook())
    }

    /// Whether `color` may castle on `side` in the set-up.
    #[must_use]
    pub fn castling_right(&self, color: Color, side: CastlingSide) -> bool {
        self.setup.castling_rights.contains(rook_home(color, side))
    }

    /// The en-passant squares the set-up allows (a capture there is legal), in file order.
    #[must_use]
    pub fn en_passant_choices(&self) -> Vec<Square> {
        let rank = Rank::new(if self.setup.turn == Color::White {
            5
        } else {
            2
        });
        File::ALL
            .iter()
            .map(|&f| Square::from_coords(f, rank))
            .filter(|&sq| {
                let mut setup = self.setup.clone();
                setup.ep_square = Some(sq);
                with_game!(self.variant, P =>
                    P::of_setup(setup)
                        .is_ok_and(|pos| VariantPosition::legal_ep_square(&pos) == Some(sq)))
            })
            .collect()
    }

    /// Whether [`EditorAction::Undo`] has something to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether [`EditorAction::Redo`] has something to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The result of the analysis asked for by [`EditorOutcome::Analyse`] (`Err`: why it
    /// failed). Ignored when the set-up changed since.
    pub fn analysed(&mut self, result: Result<crate::analysis::Analysis, String>) {
        if self.analysis != Some(AnalysisView::Running) {
            return;
        }
        self.analysis = Some(match result {
            Ok(a) => AnalysisView::Done {
                best: match (a.mv, self.position()) {
                    (Some(mv), Ok(pos)) => {
                        Some(shakmaty::san::SanPlus::from_move(pos, mv).to_string())
                    }
                    _ => None,
                },
                lines: a
                    .explanation
                    .as_ref()
                    .map(crate::explain::Explanation::panel_lines)
                    .unwrap_or_default(),
            },
            Err(why) => AnalysisView::Failed(why),
        });
    }

    /// Applies one action; returns what the host must do.
    pub fn apply(&mut self, action: EditorAction) -> EditorOutcome {
        if matches!(self.mode, EditorMode::Board) {
            self.note = None;
        }
        match action {
            EditorAction::Cursor(right, up) => self.move_cursor(right, up),
            EditorAction::CursorTo(sq) => self.cursor = sq,
            EditorAction::Place(piece) => self.place(self.cursor, piece),
            EditorAction::Delete => {
                let sq = self.cursor;
                if self.setup.board.piece_at(sq).is_some() {
                    self.edit(|s| s.board.discard_piece_at(sq));
                } else {
                    self.refuse(text::empty_square(sq));
                }
            }
            EditorAction::Cut => {
                let sq = self.cursor;
                match self.setup.board.piece_at(sq) {
                    Some(piece) => {
                        self.clipboard = Some(piece);
                        self.edit(|s| s.board.discard_piece_at(sq));
                        self.inform(text::cut(piece, sq));
                    }
                    None => self.refuse(text::empty_square(sq)),
                }
            }
            EditorAction::Paste => match self.clipboard {
                Some(piece) => self.place(self.cursor, piece),
                None => self.refuse(text::nothing_to_paste()),
            },
            EditorAction::Brush(brush) => self.brush = brush,
            EditorAction::Press(sq) => self.press(sq),
            EditorAction::Release(sq) => self.release(sq),
            EditorAction::Erase(sq) => {
                self.cursor = sq;
                if self.setup.board.piece_at(sq).is_some() {
                    self.edit(|s| s.board.discard_piece_at(sq));
                }
            }
            EditorAction::Clear => self.edit(|s| {
                s.board = shakmaty::Board::empty();
                s.castling_rights = Bitboard::EMPTY;
                s.ep_square = None;
            }),
            EditorAction::Start => {
                let start = start_of(self.variant);
                self.edit(|s| *s = start);
            }
            EditorAction::SwitchVariant => {
                let next = self.variant.next();
                self.undo.push((self.setup.clone(), self.variant));
                self.redo.clear();
                self.setup = start_of(next);
                self.set_variant(next);
                self.inform(text::variant_set(next));
            }
            EditorAction::Mirror => self.edit(Setup::mirror),
            EditorAction::Flip => self.orientation = !self.orientation,
            EditorAction::ToggleTurn => self.edit(|s| s.turn = !s.turn),
            EditorAction::ToggleCastling(..) if !self.variant.has_kings() => {
                self.refuse(text::no_castling_pawn_battle());
            }
            EditorAction::ToggleCastling(color, side) => {
                if self.castling_possible(color, side) {
                    let rook = rook_home(color, side);
                    self.edit(|s| s.castling_rights.toggle(rook));
                } else {
                    self.refuse(text::castling_impossible(color, side));
                }
            }
            EditorAction::NextEnPassant => {
                let choices = self.en_passant_choices();
                if choices.is_empty() && self.setup.ep_square.is_none() {
                    self.refuse(text::no_en_passant());
                } else {
                    let next = match self.setup.ep_square {
                        None => choices.first().copied(),
                        Some(now) => choices.iter().copied().find(|&sq| sq > now),
                    };
                    self.edit(|s| s.ep_square = next);
                }
            }
            EditorAction::Fullmoves(delta) => {
                let n = i64::from(self.setup.fullmoves.get()) + i64::from(delta);
                let n = u32::try_from(n.clamp(1, i64::from(u32::MAX))).unwrap_or(1);
                let n = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
                self.edit(|s| s.fullmoves = n);
            }
            EditorAction::Halfmoves(delta) => {
                let n = i64::from(self.setup.halfmoves) + i64::from(delta);
                let n = u32::try_from(n.clamp(0, i64::from(u32::MAX))).unwrap_or(0);
                self.edit(|s| s.halfmoves = n);
            }
            EditorAction::Undo => match self.undo.pop() {
                Some(before) => {
                    let now = self.restore(before);
                    self.redo.push(now);
                }
                None => self.refuse(text::nothing_to_undo()),
            },
            EditorAction::Redo => match self.redo.pop() {
                Some(after) => {
                    let now = self.restore(after);
                    self.undo.push(now);
                }
                None => self.refuse(text::nothing_to_redo()),
            },
            EditorAction::OpenFen => self.mode = EditorMode::Fen(String::new()),
            EditorAction::FenChar(c) => {
                if let EditorMode::Fen(typed) = &mut self.mode {
                    crate::prompt::push(typed, c);
                }
            }
            EditorAction::FenBackspace => {
                if let EditorMode::Fen(typed) = &mut self.mode
                    && typed.pop().is_none()
                {
                    self.mode = EditorMode::Board;
                }
            }
            EditorAction::FenSubmit => {
                if let EditorMode::Fen(typed) = std::mem::replace(&mut self.mode, EditorMode::Board)
                {
                    self.set_fen(&typed);
                }
            }
            EditorAction::SetFen(text) => self.set_fen(&text),
            EditorAction::CopyFen => {
                let fen = self.fen();
                self.inform(text::copied(&fen));
                return EditorOutcome::CopyFen(fen);
            }
            EditorAction::OpenPlay => {
                if self.playable() {
                    self.mode = EditorMode::Play {
                        human: self.human,
                        level: self.level,
                    };
                }
            }
            EditorAction::PlayColor(color) => {
                if let EditorMode::Play { human, .. } = &mut self.mode {
                    *human = color;
                }
            }
            EditorAction::PlayLevelStep(step) => {
                if let EditorMode::Play { level, .. } = &mut self.mode {
                    let next = i16::from(*level) + i16::from(step);
                    let next = next.clamp(1, i16::from(Editor::max_level()));
                    *level = u8::try_from(next).unwrap_or(1);
                }
            }
            EditorAction::PlayLevel(n) => {
                if let EditorMode::Play { level, .. } = &mut self.mode {
                    *level = n.clamp(1, Editor::max_level());
                }
            }
            EditorAction::ConfirmPlay => {
                if let EditorMode::Play { human, level } = self.mode.clone() {
                    self.mode = EditorMode::Board;
                    if self.playable() {
                        self.human = human;
                        self.level = level;
                        return EditorOutcome::Play {
                            variant: self.variant,
                            fen: self.fen(),
                            human,
                            level,
                        };
                    }
                }
            }
            // The editor's own analysis is chess's; another game opens the analysis board.
            EditorAction::Analyse if self.variant != Variant::Chess => {
                if self.playable() {
                    return EditorOutcome::AnalysisBoard { fen: self.fen() };
                }
            }
            EditorAction::Analyse => {
                if self.playable() {
                    self.analysis = Some(AnalysisView::Running);
                    return EditorOutcome::Analyse { fen: self.fen() };
                }
            }
            EditorAction::Help => self.mode = EditorMode::Help,
            EditorAction::Cancel => {
                if self.mode == EditorMode::Board {
                    return EditorOutcome::Close;
                }
                self.mode = EditorMode::Board;
            }
        }
        EditorOutcome::Stay
    }

    /// Whether a game can start from the set-up; says why not when it cannot.
    fn playable(&mut self) -> bool {
        let no_move = with_game!(self.variant, P => P::of_setup(self.setup.clone()).map(|pos| {
            let (turn, check) = (VariantPosition::turn(&pos), VariantPosition::is_check(&pos));
            VariantPosition::legal_moves(&pos)
                .is_empty()
                .then(|| text::no_move_in(self.variant, turn, check))
        }));
        match no_move {
            Err(reasons) => {
                let why = reasons
                    .iter()
                    .map(|r| r.reason.as_str())
                    .collect::<Vec<_>>()
                    .join("; ");
                self.refuse(text::illegal(&why));
                false
            }
            Ok(Some(why)) => {
                self.refuse(why);
                false
            }
            Ok(None) => true,
        }
    }

    /// Sets the game and what goes with it: the pieces offered, a brush of a piece it lacks
    /// put down, the analysis forgotten.
    fn set_variant(&mut self, variant: Variant) {
        self.variant = variant;
        self.roles = roles_of(variant);
        if let Some(Brush::Piece(piece)) = self.brush
            && !self.roles.contains(&piece.role)
        {
            self.brush = None;
        }
        self.analysis = None;
    }

    /// Puts back an undone or redone state; returns the state it replaces.
    fn restore(&mut self, (setup, variant): (Setup, Variant)) -> (Setup, Variant) {
        let now = (std::mem::replace(&mut self.setup, setup), self.variant);
        self.set_variant(variant);
        now
    }

    fn move_cursor(&mut self, right: i8, up: i8) {
        self.cursor = crate::ui::layout::step(
            self.cursor,
            i32::from(right),
            i32::from(up),
            self.orientation,
        );
    }

    fn place(&mut self, sq: Square, piece: Piece) {
        if !self.roles.contains(&piece.role) {
            return self.refuse(text::role_not_offered(piece.role));
        }
        if self.setup.board.piece_at(sq) != Some(piece) {
            self.edit(|s| s.board.set_piece_at(sq, piece));
        }
    }

    fn press(&mut self, sq: Square) {
        self.cursor = sq;
        self.drag_from = None;
        match self.brush {
            Some(Brush::Piece(piece)) if self.setup.board.piece_at(sq) == Some(piece) => {
                self.edit(|s| s.board.discard_piece_at(sq));
            }
            Some(Brush::Piece(piece)) => self.place(sq, piece),
            Some(Brush::Erase) => {
                if self.setup.board.piece_at(sq).is_some() {
                    self.edit(|s| s.board.discard_piece_at(sq));
                }
            }
            None => {
                if self.setup.board.piece_at(sq).is_some() {
                    self.drag_from = Some(sq);
                }
            }
        }
    }

    fn release(&mut self, to: Square) {
        let Some(from) = self.drag_from.take() else {
            return;
        };
        if from == to {
            return;
        }
        if let Some(piece) = self.setup.board.piece_at(from) {
            self.cursor = to;
            self.edit(|s| {
                s.board.discard_piece_at(from);
                s.board.set_piece_at(to, piece);
            });
        }
    }

    fn set_fen(&mut self, typed: &str) {
        match fen::parse_syntax(typed) {
            Ok(parsed) => {
                let setup = parsed.into_setup();
                self.edit_as_given(|s| *s = setup);
                match self.position() {
                    Ok(_) => self.inform(text::fen_set()),
                    Err(_) => self.refuse(text::fen_set_illegal()),
                }
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// Changes the set-up as one undoable step. Castling rights and an en-passant square the
    /// new board no longer allows are dropped (a right given on purpose in a FEN stays, so its
    /// reason can be shown).
    fn edit(&mut self, change: impl FnOnce(&mut Setup)) {
        self.change(change, true);
    }

    /// Changes the set-up as one undoable step, keeping every right as given (a FEN).
    fn edit_as_given(&mut self, change: impl FnOnce(&mut Setup)) {
        self.change(change, false);
    }

    fn change(&mut self, change: impl FnOnce(&mut Setup), drop_impossible: bool) {
        let before = self.setup.clone();
        change(&mut self.setup);
        if drop_impossible && (self.setup.board != before.board || self.setup.turn != before.turn) {
            self.drop_impossible_rights();
        }
        if self.setup != before {
            self.undo.push((before, self.variant));
            self.redo.clear();
            self.analysis = None;
        }
    }

    fn drop_impossible_rights(&mut self) {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if !self.castling_possible(color, side) {
                    self.setup.castling_rights.discard(rook_home(color, side));
                }
            }
        }
        if let Some(ep) = self.setup.ep_square
            && !self.en_passant_choices().contains(&ep)
        {
            self.setup.ep_square = None;
        }
    }

    fn inform(&mut self, text: impl Into<String>) {
        self.note = Some(Note {
            text: text.into(),
            error: false,
        });
    }

    fn refuse(&mut self, text: impl Into<String>) {
        self.note = Some(Note {
            text: text.into(),
            error: true,
        });
    }
}

/// The starting square of `color`'s rook on `side`.
fn rook_home(color: Color, side: CastlingSide) -> Square {
    let rank = Rank::new(if color == Color::White { 0 } else { 7 });
    let file = if side == CastlingSide::KingSide {
        File::H
    } else {
        File::A
    };
    Square::from_coords(file, rank)
}

//! The editor's actions as the keymap names them (`[[editor]]`, `[[editor_play]]`): what the
//! input ([`super::input`]) decodes keys into and the drawing (`ui::editor`) shows on the key
//! line, kept apart from both so neither depends on the other for them.

crate::keys::actions! {
    /// A key of the editor's board (`[[editor]]` in the keymap); the FEN letters place pieces.
    pub enum EditorKey in "editor" {
        /// Cursor left.
        CursorLeft = "cursor_left",
        /// Cursor right.
        CursorRight = "cursor_right",
        /// Cursor up.
        CursorUp = "cursor_up",
        /// Cursor down.
        CursorDown = "cursor_down",
        /// A White piece (the letter says which).
        WhitePiece = "white_piece",
        /// A Black piece (the letter says which).
        BlackPiece = "black_piece",
        /// Empty the square.
        Delete = "delete",
        /// Cut the piece.
        Cut = "cut",
        /// Paste it.
        Paste = "paste",
        /// Clear the board.
        Clear = "clear",
        /// The start position.
        Start = "start",
        /// Chess or Pawn Battle.
        SwitchGame = "switch_game",
        /// Mirror the colours.
        Mirror = "mirror",
        /// Flip the view.
        Flip = "flip",
        /// The other side moves.
        Turn = "turn",
        /// White's O-O right.
        CastleWhiteKing = "castle_white_king",
        /// White's O-O-O right.
        CastleWhiteQueen = "castle_white_queen",
        /// Black's O-O right.
        CastleBlackKing = "castle_black_king",
        /// Black's O-O-O right.
        CastleBlackQueen = "castle_black_queen",
        /// The next en-passant square.
        EnPassant = "en_passant",
        /// Fullmove number up.
        FullmovesUp = "fullmoves_up",
        /// Fullmove number down.
        FullmovesDown = "fullmoves_down",
        /// Halfmove clock up.
        HalfmovesUp = "halfmoves_up",
        /// Halfmove clock down.
        HalfmovesDown = "halfmoves_down",
        /// Undo.
        Undo = "undo",
        /// Redo.
        Redo = "redo",
        /// Type or paste a FEN.
        Fen = "fen",
        /// Copy the FEN.
        CopyFen = "copy_fen",
        /// Play from here.
        Play = "play",
        /// Analyse.
        Analyse = "analyse",
        /// The help.
        Help = "help",
        /// Back to the game.
        Cancel = "cancel",
    }
}

crate::keys::actions! {
    /// A key of the "play from here" dialog (`[[editor_play]]` in the keymap).
    pub enum PlayKey in "editor_play" {
        /// Play White.
        White = "white",
        /// Play Black.
        Black = "black",
        /// The other colour.
        OtherColour = "other_colour",
        /// Level up.
        LevelUp = "level_up",
        /// Level down.
        LevelDown = "level_down",
        /// A level by its digit (0: the strongest).
        Level = "level",
        /// Start the game.
        Start = "start",
        /// Back to the editor.
        Cancel = "cancel",
    }
}

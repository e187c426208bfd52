//! What a key asks of the play screen: [`PlayAction`], decoded through the keymap's `[[play]]`
//! section (`assets/keys/default.toml`, remapped by `[keys.play]` in the config).

crate::keys::actions! {
    /// An action of the play screen's board (either game).
    pub enum PlayAction in "play" {
        /// Cursor one file left (on screen).
        CursorLeft = "cursor_left",
        /// Cursor one file right.
        CursorRight = "cursor_right",
        /// Cursor one rank up.
        CursorUp = "cursor_up",
        /// Cursor one rank down.
        CursorDown = "cursor_down",
        /// Pick up the piece under the cursor, or put it down.
        Pick = "pick",
        /// Cancel the selection or hint, back to the live game.
        Cancel = "cancel",
        /// The `:` prompt.
        Prompt = "prompt",
        /// Take back the human's move and the reply.
        TakeBack = "take_back",
        /// Redo what was taken back.
        Redo = "redo",
        /// Flip the board.
        Flip = "flip",
        /// The new-game dialog.
        NewGame = "new_game",
        /// The board editor.
        Edit = "edit",
        /// The analysis board.
        AnalysisBoard = "analysis_board",
        /// A hint.
        Hint = "hint",
        /// The engine moves now.
        MoveNow = "move_now",
        /// One move back in the game.
        Back = "back",
        /// One move forward.
        Forward = "forward",
        /// The start of the game.
        Start = "start",
        /// Back to the live position.
        Live = "live",
        /// The evaluation bar on or off.
        EvalBar = "eval_bar",
        /// The numbered squares on or off.
        Marks = "marks",
        /// Copy the PGN to the clipboard.
        Copy = "copy",
        /// The help overlay.
        Help = "help",
        /// Quit (the game is saved).
        Quit = "quit",
    }
}

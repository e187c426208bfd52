//! What a key asks of the play screen: [`PlayAction`] on the board, [`NewGameAction`] in the
//! new-game dialog, [`GameOverAction`] in the game-over dialog, decoded through the keymap's
//! `[[play]]`, `[[new_game]]` and `[[game_over]]` sections (`assets/keys/default.toml`,
//! remapped by `[keys.play]`… in the config).

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
        /// Feedback on the explanation shown (wrong, unclear, helpful).
        Feedback = "feedback",
        /// The help overlay.
        Help = "help",
        /// Quit (the game is saved).
        Quit = "quit",
    }
}

crate::keys::actions! {
    /// An action of the new-game dialog.
    pub enum NewGameAction in "new_game" {
        /// Chess or Pawn Battle.
        Game = "game",
        /// Play White.
        White = "white",
        /// Play Black.
        Black = "black",
        /// A random colour.
        Random = "random",
        /// The colour before.
        ColourBefore = "colour_before",
        /// The colour after.
        ColourAfter = "colour_after",
        /// Level up.
        LevelUp = "level_up",
        /// Level down.
        LevelDown = "level_down",
        /// A level by its digit (0: the strongest).
        Level = "level",
        /// The next clock.
        Clock = "clock",
        /// The previous clock.
        ClockBack = "clock_back",
        /// Start the game.
        Start = "start",
        /// Set up a position in the editor.
        Edit = "edit",
        /// Back to the game.
        Cancel = "cancel",
    }
}

crate::keys::actions! {
    /// An action of the game-over dialog.
    pub enum GameOverAction in "game_over" {
        /// The button before.
        Previous = "previous",
        /// The button after.
        Next = "next",
        /// Press the button.
        Press = "press",
        /// New game.
        NewGame = "new_game",
        /// Review the game.
        Review = "review",
        /// Take back the last move.
        TakeBack = "take_back",
        /// The `:` prompt.
        Prompt = "prompt",
        /// Close the dialog.
        Close = "close",
        /// Quit.
        Quit = "quit",
    }
}

crate::keys::actions! {
    /// An answer to a yes / no question (play's confirmations, the analysis board's "replace
    /// the file?").
    pub enum ConfirmAction in "confirm" {
        /// Yes.
        Yes = "yes",
        /// No.
        No = "no",
        /// Save elsewhere first (quitting without an autosave).
        Save = "save",
    }
}

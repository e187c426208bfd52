# The analysis board (src/analysis_board/text.rs, src/ui/analysis_board.rs). $outcome: how a
# game ended (outcome-wins, outcome-draw); $side: a side's name; $path: a file's path.

analysis-moves-title = Analysis
analysis-engine-title = Engine · best 3
analysis-explanation-title = Best move explained
analysis-engine-stopped = engine stopped: g starts it
analysis-engine-starting = thinking…
analysis-no-moves = no legal move: the game is over here
analysis-default-file = analysis.pgn
analysis-save-label = save as:{" "}
analysis-keys-prompt = a move ({ $example }) or save [FILE] · ⏎ run · esc cancel
analysis-keys-save = the PGN file to write · ⏎ save · esc cancel
analysis-help-title = Analysis board keys
analysis-at-start = at the start position
analysis-at-end = at the end of this line
analysis-no-sibling = no other move was tried here
analysis-on-main-line = already on the main line
analysis-promoted = this variation is now the main line
analysis-deleted = move deleted with what followed it
analysis-new-variation = new variation
analysis-saved = saved the analysis to { $path }
analysis-save-failed = could not save: { $why }; try another file name (w)
analysis-no-file-name = no file name was given
analysis-replace-question = { $path } already exists. Replace it? (y/n)
analysis-kept = { $path } kept; nothing was written
analysis-not-understood = { $input }: { $why } (type a move such as { $example }, or save FILE)
analysis-game-over-here = the game is over here ({ $outcome }); , steps back, [ ] and x change the line
analysis-game-over-panel = game over: { $outcome }
analysis-engine-heading = depth { $depth }{ $state ->
    [stopped] {" "}· stopped (g)
    [running] …
   *[final] {" "}· final
  } · scores for { $side }
analysis-best-explained = Best line:
analysis-engine-failed = the engine failed: { $why }; g starts it again
analysis-position = { $side } to move · ply { $ply } · { $main ->
    [yes] main line
   *[no] variation
  }
analysis-position-over = { $outcome } · ply { $ply } · { $main ->
    [yes] main line
   *[no] variation
  }
analysis-keys-replace = { $yes } replace · { $no } keep the file

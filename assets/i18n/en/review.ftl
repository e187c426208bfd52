# The review screen (src/ui/review.rs, src/review/screen.rs) and the verdicts' words
# (src/review/classify.rs). $side, $other: a side's name (side-white, side-black); $key, $keys:
# keys as the key line shows them.

## A move's verdict: the quality, then its notes in brackets ("blunder (missed win)").
quality-book = book
quality-best = best
quality-excellent = excellent
quality-good = good
quality-inaccuracy = inaccuracy
quality-mistake = mistake
quality-blunder = blunder
quality-with-notes = { $quality } ({ $notes })
note-only-move = only move
note-missed-mate = missed mate
note-missed-forced-win = missed forced win
note-missed-win = missed win
note-allows-mate = allows mate
note-allows-forced-win = allows a forced win

## The panel
review-evaluation = Evaluation
review-help-title = Review keys
help-any-key-closes = any key closes the help
review-to-move = { $side } to move
review-opening = Opening: { $name }
review-judged-by = Judged by: { $judge }
review-panel-more = { $key } more
review-stronger-engine = { $key }: judge with { $engine }, a stronger engine
review-start = Start position. Press { $keys } to step through the game.
review-not-analysed = { $move } (not analysed yet)
review-best = best: { $move } ({ $score })  { $line }
review-better = Better: { $move }

## The progress bar
review-complete = analysis complete
review-refining = refining (depth { $depth })
review-refined = refined to depth { $depth }
review-analysing = analysing: { $done }/{ $total } plies{ $secs ->
    [none] {""}
   *[other] , about { $secs } s left
  }

## The bottom line
review-your-move = your move:{" "}
review-your-move-hint = (SAN or UCI, or click two squares; Enter, Esc)
review-your-move-picked = your move: { $from }…  (click the destination; Esc stops)
review-judging = judging your try… (Esc stops)
review-goto = go to move:{" "}
review-goto-hint = (12 = White's 12th, 12... = Black's; Enter, Esc)
review-try-key = { $key } try a better move · { $keys }

## Learn from your mistakes; $move: the mistake with its number and mark, $label: its verdict,
## $san: the move tried.
learn-title = Learn: find a better move than { $move } — { $label }
learn-type = Type your move below (like e4 or e2e4), or click or drag it on the board.
learn-looking = { $san }: the engine is looking…
learn-best = { $san }: good! It is the engine's best move.
learn-nearly = { $san }: good! It is nearly as strong as the engine's best move.
learn-weak = { $san }: not good enough: the engine's best move is clearly stronger.
learn-unjudged = { $san }: the engine could not judge it.

## Messages; $which: further, earlier; $game: the game's name (game-chess, game-pawn-battle).
review-no-mistake = no { $which ->
    [further] further
   *[earlier] earlier
  } mistake
review-no-mistake-by = no { $which ->
    [further] further
   *[earlier] earlier
  } mistake by { $side } · { $other-key }: { $other }'s · { $own-key } again: both sides'
review-no-such-move = the game has no such move
review-type-move-number = type a move number, like 12 or 12...
review-try-where = { $try } works at a mistake of the chosen side: { $next } goes to the next one
review-best-was = the best move was { $move } ({ $score }); { $key } goes to the next mistake
review-no-external = no external engine plays { $game } (Stockfish knows chess only): the built-in engine reviews this game
review-again-with = reviewing again with { $analyst }

## The game picker (src/review/picker.rs). $count, $bad, $shown: numbers of games.
picker-game = { $game ->
    [chess] chess
   *[pawn-battle] Pawn Battle
  }
picker-status-done = { $count } { $count ->
    [one] game
   *[other] games
  }, { $bad } unreadable
picker-status-reading = reading… { $count } { $count ->
    [one] game
   *[other] games
  } so far
picker-column-game = game
picker-column-white = White
picker-column-black = Black
picker-column-result = result
picker-column-date = date
picker-column-moves = moves
picker-column-opening = opening
picker-filter-hint = type to filter by player or event
picker-filter-hint-mixed = type to filter by player, event or game
picker-filter = filter:{" "}
picker-filter-count = ({ $shown } of { $count } games)
picker-keys = { $keys } · type to filter

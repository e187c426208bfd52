# Play screen (src/ui/status.rs, src/ui/dialogs.rs)
# $who: you, engine; $side: a side's name (side-white, side-black).

panel-explanation = Explanation
panel-engine = Engine
panel-moves = Moves
hint-label = Hint:{" "}
start-you-play = { $start ->
    [start] Start position.
   *[fen] Position set up from a FEN.
  } You play { $side }.
who-played = { $who ->
    [you] You
    [engine] The engine
   *[other] { $who }
  } played{" "}
analysing-this-move = analysing this move…
viewing-ply = viewing ply { $ply } of { $plies } ({ $key }: back to the game)
engine-moving-now = moving now…
engine-thinking = thinking…
engine-looking-for-hint = looking for a hint…
engine-starting = starting the search
engine-unavailable = unavailable: { $error }
engine-game-over = the game is over
engine-waiting = waiting for your move ({ $key }: hint)
engine-idle = idle ({ $key }: move now)
level-n = level { $level }
depth-nodes = depth { $depth } · nodes { $nodes }
clock-side = {" "}{ $side } ({ $who ->
    [you] you
   *[engine] engine
  }){" "}
too-small = enlarge the terminal to at least { $width }×{ $height }
too-small-now = (it is { $width }×{ $height }; q quits)

## Status line
status-viewing = viewing move { $ply } of { $plies } ({ $key }: back to the game) · { $side } to move
status-to-move = { $side } to move ({ $who ->
    [you] your move
   *[engine] engine to move
  })
status-analysing = analysing { $moves } { $moves ->
    [one] move
   *[other] moves
  }
status-you-level = you: { $side } · level { $level }

## Dialogs
dialog-new-game = New game
dialog-game-over = Game over
dialog-confirm = Confirm
new-game-game = Game
new-game-colour = You play
new-game-level = Level
new-game-clock = Clock
new-game-random = Random
new-game-level-range = (1 weakest – 10 strongest)
game-over-you-won = You won!
game-over-engine-won = The engine won
game-over-draw = Draw

## How a game ended (src/game.rs, src/variant/pawn_battle.rs); $winner: a side's name.
outcome-wins = { $winner } wins by { $reason }
outcome-draw = Draw by { $reason }
end-checkmate = checkmate
end-stalemate = stalemate
end-insufficient-material = insufficient material
end-threefold-repetition = threefold repetition
end-fifty-move-rule = fifty-move rule
end-resignation = resignation
end-timeout = timeout
end-timeout-vs-insufficient-material = timeout vs insufficient material
end-agreement = agreement
end-promotion = promotion on { $square }
end-all-pawns-captured = capturing all the opponent's pawns
end-no-legal-move = leaving the opponent no legal move
game-over-new = New game
game-over-review = Review
game-over-quit = Quit
game-chess = Chess
game-pawn-battle = Pawn Battle
clock-untimed = untimed
depth-line = depth { $depth } · line{" "}
score-label = score:{" "}
judged-by = judged by { $judge }
judged-by-depth = judged by { $judge } at depth { $depth }
searching-deeper = searching deeper…
deepening-failed = could not judge the move deeper: { $why }
new-game-clock-keys = (t next · T previous)
new-game-keys = Enter starts · e sets up a position · Esc cancels
game-over-keys = ←/→ then ⏎ · N new · v review · u undo

## Play's other messages (src/app.rs, src/app/*.rs, src/ui/status.rs, src/ui/dialogs.rs).
## $path: a file; $why: the reason; $key, $keys: keys; $game: chess or pawn-battle.
play-game-name = { $game ->
    [chess] game
   *[pawn-battle] Pawn Battle game
  }
play-confirm-overwrite = { $path } already exists. Replace it?
play-confirm-quit-unsaved = The game is not saved: the autosave failed ({ $why }). Quit anyway and lose it?
play-confirm-resign = Resign this game? ({ $key } takes it back afterwards)
play-confirm-overwrite-keys = { $yes } replace · { $no } keep the file
play-confirm-quit-unsaved-keys = { $save } save elsewhere (:{ $command } { $path }) · { $yes } quit anyway · { $no } stay
play-confirm-resign-keys = { $yes } resign · { $no } play on
play-path = PATH
play-resumed = resumed your { $name } after { $move }
play-switched = new { $name }: you play { $side }, level { $level }
play-engine-crashed = the engine stopped on an internal error ({ $why }); it was restarted: press { $key } to let it move
play-engine-unavailable = engine unavailable: { $why }
play-config-not-reloaded = config not reloaded, keeping the old settings: { $why }
play-clock-resumed = {" "}· clock { $control }: resumed with the times saved in it
play-loaded = { $note }loaded { $path }{ $kind }: you play { $side }{ $timed }
play-autosave-failed = autosave failed: { $why }; save the game elsewhere with :{ $command } { $path }
play-saved = saved { $path }
play-cannot-analyse = cannot analyse the moves: { $why }
play-cannot-play-setup = cannot play the set-up { $fen }: { $why }
play-setup-played = { $note }position set up: you play { $side }, level { $level }
play-ran-out-of-time = { $side } ran out of time: { $outcome }
play-engine-no-move = the engine has no move yet; press { $key } to let it think again
play-engine-move-refused = the engine's move was refused: { $why }
play-nothing-changed = nothing was changed
play-eval-bar = evaluation bar
play-marks = numbered best line
play-pgn-copied = the game's PGN is on the clipboard (OSC 52) · :{ $command } shows it
play-toggled = { $what }: { $on ->
    [on] on
   *[off] off
  } ({ $key } turns it { $on ->
    [on] off
   *[off] on
  }; [ui] { $config } in the config file)
play-game-over-keys = game over: { $keys }
play-game-over-choose = game over: { $next } to a button, then { $press } · { $keys }
play-game-over-closed = the game is over: { $new } new game, { $back } takes back, { $prompt } commands
play-back-from-review = back from the review: { $new } starts a new game, { $back } takes back
play-config-reloaded = config reloaded
play-config-reloaded-level = config reloaded: level { $level } from the engine's next move
pick-illegal = { $from }{ $to } is not a legal move here
pick-not-yours = that is not your piece
pick-empty = pick one of your pieces first
pick-promotion = that promotion is not legal here
play-prompt-keys = ⏎ run · esc · { $examples } · { $commands }
play-text-keys = { $keys } · any other key closes · the text is on the clipboard (OSC 52)
play-help-title = Keys
play-help-title-pawn-battle = Pawn Battle: rules and keys
play-promote-to = Promote to
rules-pawn-battle-name = Pawn Battle
rules-pawn-battle-1 = 8 pawns and 2 rooks a side; no kings, no check
rules-pawn-battle-2 = pawns and rooks move and capture as in chess
rules-pawn-battle-3 = (double step, en passant); no castling
rules-you-win = you win
rules-pawn-battle-win-1 = when a pawn of yours reaches the last rank,
rules-pawn-battle-win-2 = or when you capture all the opponent's pawns
rules-you-lose = you lose
rules-pawn-battle-lose = when you have no legal move
rules-draw = draw
rules-pawn-battle-draw-1 = threefold repetition, or fifty moves without
rules-pawn-battle-draw-2 = a pawn move or a capture
better-label = better:{" "}
# The advanced explanation's figures (src/explain/explanation.rs): the labels of its lines and
# the metrics. $style: aggressive, positional, tactical, defensive, dynamic.
explain-detail-pv = pv
explain-detail-themes = themes
explain-detail-metrics = metrics
explain-metrics = concreteness { $concreteness }% risk { $risk } stability { $stability } style { $style }
# The hint's thinking lines and the legend of the numbered squares (src/ui/explanation.rs).
thinking-score = score{" "}
thinking-depth = {" "}· depth{" "}
thinking-nodes = nodes{" "}
thinking-line = line{" "}
marks-legend = line on the board{" "}
# The terminal, the engine thread and the review of a finished game (src/play.rs, src/shell.rs).
play-no-terminal = cannot set up the terminal
play-engine-no-start = cannot start the engine: { $error }
play-review-unreadable = the review failed: the game could not be read back

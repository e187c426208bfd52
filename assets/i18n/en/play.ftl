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

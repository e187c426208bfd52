# Play's messages: its keys and `:` commands (src/app/actions.rs, src/app/command.rs). $outcome:
# how the game ended; $side: a side's name (side-white, side-black); $score: a score in pawns.

play-over-new-or-undo = the game is over ({ $outcome }); n starts a new game, u takes back
play-engine-to-move = the engine is to move; s makes it move now
play-level-set = level { $level } from the engine's next move
play-copied = { $fen } (copied)
play-position-set = { $note }position set up
play-already-over = the game is already over
play-already-over-outcome = the game is already over ({ $outcome })
play-game-over = the game is over
play-took-back-resignation = took back the resignation: the game goes on
play-took-back-draw = took back the draw agreement: the game goes on
play-nothing-to-take-back = nothing to take back
play-took-back = took back your move
play-nothing-to-redo = nothing to redo
play-archived-unanalysed = the last game was archived with { $missing } move(s) not analysed yet ·{" "}
play-new-game = { $note }new { $game ->
    [chess] game
   *[pawn-battle] Pawn Battle game
  }: you play { $side }, level { $level }
play-hint-not-your-move = hints are for your move; the engine is to move
play-hint-already = already thinking about a hint
play-hint-looking = looking for a good move…
play-draw-not-judged = the engine declines for now: it has not judged this position yet (offer again once the last move is analysed)
play-draw-declined = the engine declines the draw: it judges its position better ({ $score } for it)
play-draw-accepted = the engine accepts the draw: { $why ->
    [equal] the position is dead equal
   *[worse] it stands worse
  } ({ $score } for it)
play-engine-moves-now = the engine moves now; you play { $side }
command-no-argument = :{ $command } takes no argument
command-level-range = :{ $command } takes a number from { $min } to { $max }, not "{ $text }"
command-load-path = :{ $command } takes a file path

## The names of the `:` commands (src/app/command.rs): one or more words separated by spaces,
## the first the one help and messages show. English names are read in every language.
command-name-new = new
command-name-flip = flip
command-name-level = level
command-name-fen = fen
command-name-save = save
command-name-load = load
command-name-resign = resign
command-name-draw = draw
command-name-pgn = pgn
command-name-quit = quit
command-name-hint = hint
command-name-help = help
command-name-edit = edit
command-name-feedback = feedback

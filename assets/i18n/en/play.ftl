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
how-to-move = To move, type { $prompt } and the move ({ $examples }), or pick a piece with { $pick } or the mouse.
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

# The names of the explanation themes (src/explain/themes/), shown on the advanced level's
# "themes:" line; an unknown id shows as it is.
theme-name = { $id ->
    [development] development
    [rook_activation] rook activation
    [rook_open_file] rook open file
    [rook_seventh] rook seventh
    [connected_rooks] connected rooks
    [knight_outpost] knight outpost
    [knight_centralisation] knight centralisation
    [bishop_long_diagonal] bishop long diagonal
    [mobility_gain] mobility gain
    [knight_on_rim] knight on rim
    [early_queen] early queen
    [same_piece_twice] same piece twice
    [premature_attack] premature attack
    [bad_bishop] bad bishop
    [opening] opening
    [middlegame] middlegame
    [endgame] endgame
    [pawn_endgame] pawn endgame
    [rook_endgame] rook endgame
    [bishop_endgame] bishop endgame
    [knight_endgame] knight endgame
    [queen_endgame] queen endgame
    [queen_rook_endgame] queen rook endgame
    [king_activity] king activity
    [opposition] opposition
    [rook_behind_passer] rook behind passer
    [cut_off_king] cut off king
    [castling] castling
    [exposed_king] exposed king
    [kingside_attack] kingside attack
    [queenside_attack] queenside attack
    [king_zone_pressure] king zone pressure
    [open_line_to_king] open line to king
    [luft] luft
    [king_shelter_weakened] king shelter weakened
    [castling_rights_lost] castling rights lost
    [back_rank_weakness] back rank weakness
    [material_gain] material gain
    [exchange_sacrifice] exchange sacrifice
    [equal_trade] equal trade
    [material_loss] material loss
    [mate] mate
    [mate_in_1] mate in 1
    [mate_in_2] mate in 2
    [mate_in_3] mate in 3
    [mate_in_4] mate in 4
    [mate_in_5] mate in 5
    [back_rank_mate] back rank mate
    [smothered_mate] smothered mate
    [anastasia_mate] anastasia mate
    [arabian_mate] arabian mate
    [hook_mate] hook mate
    [boden_mate] boden mate
    [double_bishop_mate] double bishop mate
    [dovetail_mate] dovetail mate
    [passed_pawn_created] passed pawn created
    [passed_pawn_advance] passed pawn advance
    [pawn_break] pawn break
    [centre_control] centre control
    [pawn_centre] pawn centre
    [space_gain] space gain
    [flank_pawn_advance] flank pawn advance
    [doubled_pawn_created] doubled pawn created
    [isolated_pawn_created] isolated pawn created
    [backward_pawn_created] backward pawn created
    [pawn_islands_increase] pawn islands increase
    [bishop_pair] bishop pair
    [simplification_when_ahead] simplification when ahead
    [recapture_towards_centre] recapture towards centre
    [fork] fork
    [king_fork] king fork
    [pin_absolute] pin absolute
    [pin_relative] pin relative
    [skewer] skewer
    [xray_attack] x-ray attack
    [discovered_attack] discovered attack
    [discovered_check] discovered check
    [double_check] double check
    [hanging_piece_capture] hanging piece capture
    [trapped_piece] trapped piece
    [sacrifice] sacrifice
    [deflection] deflection
    [attraction] attraction
    [interference] interference
    [clearance] clearance
    [capturing_defender] capturing defender
    [recapture] recapture
    [overloading] overloading
    [intermezzo] intermezzo
    [quiet_move] quiet move
    [defensive_move] defensive move
    [collinear_move] collinear move
    [advanced_pawn] advanced pawn
    [promotion] promotion
    [under_promotion] under promotion
    [en_passant] en passant
    [attacking_f2f7] attacking f2/f7
    [check] check
    [attacks_piece] attacks piece
    [defends_piece] defends piece
    [wins_material] wins material
    [perpetual_check] perpetual check
    [desperado] desperado
   *[other] { $id }
}

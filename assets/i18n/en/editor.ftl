# The board editor (src/editor/text.rs, src/ui/editor.rs). $color: white, black; $role: pawn,
# knight, bishop, rook, queen, king; $game: a game's name (game-chess, game-pawn-battle).

editor-title = Board editor
editor-help-title = Board editor keys
editor-play-title = Play from here
editor-fen-set = FEN set up
editor-fen-set-illegal = FEN set up; the position is not legal yet (see the panel)
editor-nothing-to-paste = nothing to paste: x cuts the piece under the cursor first
editor-nothing-to-undo = nothing to undo
editor-nothing-to-redo = nothing to redo
editor-no-en-passant = no en-passant capture is possible here: it needs a pawn that just made a double step beside a pawn of the side to move
editor-legal = legal position: ⏎ play from here · a analyse
editor-legal-pawn-battle = legal position: ⏎ play from here · a analysis board
editor-no-castling-pawn-battle = Pawn Battle has no castling (and no kings)
editor-castling-pawn-battle = castling: none in Pawn Battle
editor-castling = castling{" "}
editor-castling-none = none possible
editor-castling-white = W
editor-castling-black = B
editor-illegal-heading = not a legal position (play refused until fixed):
editor-analysing = analysing…
editor-keys-fen = type or paste a FEN · ⏎ set up · esc cancel
editor-brush-erase = erase
editor-brush-move = move
editor-empty-square = { $square } is empty
editor-cut = cut the { $color ->
    [white] White
   *[black] Black
  } { $role } from { $square }: v pastes it
editor-castling-impossible = { $color ->
    [white] White
   *[black] Black
  } cannot castle { $side }: it needs its king on { $king } and its rook on { $rook }
editor-role-not-offered = Pawn Battle has no { $role }s: only rooks (R r) and pawns (P p); g sets up chess
editor-variant-line = game: { $game } (g)
editor-variant-set = { $game }: its start position (u undoes)
editor-copied = { $fen } (copied)
editor-illegal = not a legal position: { $reasons }
editor-no-move = { $color ->
    [white] White
   *[black] Black
  } to move is { $check ->
    [yes] checkmated
   *[no] stalemated
  }: there is nothing to play
editor-no-move-pawn-battle = { $color ->
    [white] White
   *[black] Black
  } to move has no move and so has lost: there is nothing to play
editor-side-to-move = { $color ->
    [white] White
   *[black] Black
  } to move (t)
editor-move-numbers = move { $fullmoves } (+/-) · halfmove clock { $halfmoves } ([/])
editor-en-passant = en passant { $square } (e)
editor-en-passant-none = en passant: none possible
editor-en-passant-choices = en passant: none ({ $choices } possible, e)
editor-best = best: { $san }
editor-analysis-failed = the analysis failed: { $why }
editor-status = Board editor · { $color ->
    [white] White
   *[black] Black
  } to move · { $legal ->
    [yes] legal
   *[no] not legal
  }
editor-play-keys = { $start } starts · { $cancel } cancels
editor-level-range = (1 weakest – { $max } strongest)

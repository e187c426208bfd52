# kibitzer's messages in English: general words, moves and their errors.
# Fluent syntax (https://projectfluent.org/); every key here must be in every other language's
# folder with the same variables (src/i18n/tests.rs checks it).

side-white = White
side-black = Black

## Typed moves (src/game/notation.rs)
move-empty = type a move, such as e4, Nf3 or g1f3
move-malformed = "{ $input }" is not a move: { $reason }
move-illegal = { $input } is illegal: { $reason }
move-did-you-mean = (did you mean { $moves }?)
move-ambiguous = { $input } is ambiguous: it could be { $moves }
move-game-over = the game is over ({ $outcome }); start a new game or take back a move
list-or = { $init } or { $last }
lang-unknown-move = "{ $input }" is not a move

# The decimal mark of numbers in sentences ("better by 1.7").
decimal-mark = .

## Scores in words (src/explain/score_text.rs). $who: you, white, black (you-lose: the human
## loses); $by: pawns, one decimal.
score-equal = { $score } (about equal)
score-better = { $score } ({ $who ->
    [you] you are
    [white] White is
   *[black] Black is
  } better by { $by })
score-checkmate = checkmate
score-mates-in = { $who ->
    [you] you have mate in { $moves }
    [you-lose] you get mated in { $moves }
    [white] White mates in { $moves }
   *[black] Black mates in { $moves }
  }
score-wins-in = { $who ->
    [you] you win in { $moves } { $moves ->
        [one] move
       *[other] moves
      }
    [you-lose] you lose in { $moves } { $moves ->
        [one] move
       *[other] moves
      }
    [white] White wins in { $moves } { $moves ->
        [one] move
       *[other] moves
      }
   *[black] Black wins in { $moves } { $moves ->
        [one] move
       *[other] moves
      }
  }

## Why a typed move is refused. $role: pawn, knight, bishop, rook, queen, king; $side:
## kingside, queenside; $color, $turn: white, black.
move-no-piece = you have no { $role }
move-own-piece = { $to } is occupied by your own { $role }
move-must-promote = a pawn reaching { $to } must promote: add =Q, =R, =B or =N
move-promote-last-rank = only a pawn reaching the last rank can promote
move-promote-never = a pawn promotes to a queen, rook, bishop or knight, never to a { $role }
move-cannot-reach = no { $role } of yours can reach { $to }
move-check-not-out = your king is in check, and { $move } does not get it out of check
move-king-into-check = your king would be in check on { $to }
move-pinned = the { $role } on { $from } is pinned: moving it would expose your king
move-no-such-kind = that kind of move does not exist in standard chess
move-no-piece-on = there is no piece on { $from }
move-not-yours = the { $role } on { $from } is { $color }'s, and it is { $turn } to move
move-squares = squares run from a1 to h8; write a UCI move as e2e4
move-how = write SAN such as e4, Nf3, exd5, O-O, e8=Q, or UCI such as g1f3
castle-no-right = you no longer have the right to castle { $side }
castle-in-check = you cannot castle while in check
castle-blocked = the squares between your king and the { $side } rook are not empty
castle-attacked = your king would pass through or land on an attacked square
score-won = { $who ->
    [you] you won
    [you-lose] you lost
    [white] White won
   *[black] Black won
  }

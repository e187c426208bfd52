# Messages of the command line (src/review/command.rs: `kibitzer review`). $file, $path: a
# file's path; $error: the system's reason; $flag: an option (--annotate, --html).

cli-warning = kibitzer: warning: { $what }
cli-cannot-open = cannot open { $file }: { $error }
cli-game-unusable = { $file }: game { $number } cannot be reviewed: { $error }
cli-no-such-game = { $file }: there is no game { $number } (the file has { $count })
cli-target-is-input = { $flag } { $path } is the input file { $file }: it would be replaced by one reviewed game; write to another file
cli-target-exists = { $path } already exists; add --force to replace it, or choose another file
cli-cannot-serialise = cannot serialise the review: { $error }
cli-force-alone = --force only lets --annotate or --html replace a file; give one of them
cli-refine-depth-timed = --refine-depth needs a review searched to a depth, not for a time: drop --movetime, or refine for a time with --refine-seconds
cli-needs-terminal = the review screen needs a terminal; use --json, --annotate OUT.pgn or --html OUT.html
cli-same-target = --annotate and --html both name { $path }; give two files
cli-reviewing-until-error = reviewing game { $number } up to the move before the error ({ $moves } moves): { $error }
cli-reviewing = reviewing: { $done }/{ $total } plies, about { $secs } s left
cli-cannot-write = cannot write the output: { $error }
db-external-rows = {"  "}{ $engine }: { $positions } positions analysed by this external engine (used when it judges)

## `kibitzer explain` (src/analysis/command.rs). $side: white or black; $move: SAN; $quality:
## " (verdict)" or nothing; $name: an opening; $level: what was typed.
explain-heading = { $side ->
    [white] white
   *[black] black
  } { $move }{ $quality }
explain-opening = opening: { $name }
explain-unknown-level = unknown level "{ $level }" (expected basic, medium or advanced)
explain-no-legal-move = --fen: the side to move has no legal move (the game is over)

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

## `kibitzer db` and `kibitzer feedback` (src/posdb/command.rs, src/feedback/command.rs). $path:
## the database; $file: another file; $n, $count: how many; $why: the reason.
db-cannot-do = { $what ->
    [read] cannot read
    [check] cannot check
    [clear] cannot clear
   *[prune] cannot prune
  } { $path }: { $why }
db-none-yet = no position database yet at { $path } (one is made by the first review, explain or game)
cli-exists-force = { $path } already exists; choose another name, or pass --force to overwrite it
db-ok = { $path }: ok
db-moved-aside = { $path } was unusable and was moved aside (see above); the new file is empty
db-damaged = { $problem }; or restore an export
db-clear-question = Delete all { $count } positions from { $path }? [y/N]{" "}
db-deleted = deleted { $n } positions from { $path }
db-cannot-export = cannot export to { $file }: { $why }
db-cannot-write = cannot write { $file }: { $why }
db-exported = exported { $path } to { $file }
db-not-a-file = { $file } does not exist or is not a file
db-cannot-import = cannot import { $file }: { $why }
db-merged = merged { $rows } positions from { $file } into { $path }{ $evicted ->
    [0] {""}
   *[other] {" "}({ $evicted } evicted to stay within database.max_mb)
  }
db-evicted = evicted { $n } positions; { $path } now holds { $size } of positions
cli-cannot-read-answer = cannot read the answer: { $why }
cli-yes-words = y yes
cli-nothing-deleted = nothing deleted (answer y, or pass --yes to skip the question)
db-file = file: { $path }
db-size = size: { $used } of positions, { $disk } on disk; limit { $max } MiB (database.max_mb){ $enabled ->
    [yes] {""}
   *[no] ; turned off (database.enabled = false)
  }
db-game = { $game ->
    [chess] chess
   *[other] pawn battle
  }
db-variant-rows = { $game }: { $mine } positions of this evaluation, { $other } of other evaluations (ignored)
db-unknown-variant = variant { $code } (unknown to this version): { $n } positions
feedback-none-yet = no feedback yet: there is no position database at { $path } (feedback is given in play or a review with the feedback key, ! by default)
feedback-none-in = no feedback yet in { $path } (give it in play or a review with the feedback key, ! by default)
feedback-exported = exported { $n } pieces of feedback to { $file } (JSON Lines: one object a line)
feedback-clear-question = Delete all { $n } pieces of feedback from { $path }? [y/N]{" "}
feedback-deleted = deleted { $n } pieces of feedback from { $path }
feedback-cannot-write = cannot write feedback #{ $id }: { $why }
feedback-entry = #{ $id } { $at } { $verdict } on { $san } ({ $game }, { $screen }, kibitzer { $version })
feedback-position = position: { $fen }
feedback-note = note: { $note }

## kibitzer eval's table (src/eval_table.rs). $term: a term of the evaluation, its English
## name with dashes (chess: material, piece-placement, mobility, king-safety, pawn-structure,
## threats, defences, bishop-pair, rooks, tempo, castling; Pawn Battle: advance, passed-pawns,
## promotion-race); $name: its English name; $side: white or black; $score: the score.
eval-term = { $term ->
    [material] material
    [piece-placement] piece placement
    [mobility] mobility
    [king-safety] king safety
    [pawn-structure] pawn structure
    [threats] threats
    [defences] defences
    [bishop-pair] bishop pair
    [rooks] rooks
    [tempo] tempo
    [castling] castling
    [advance] advance
    [passed-pawns] passed pawns
    [promotion-race] promotion race
   *[other] { $name }
  }
eval-heading-term = term
eval-heading-white = white
eval-heading-black = black
eval-heading-total = total
eval-heading-diff = diff
eval-total = total
eval-phase = phase { $phase }/{ $max } (24 = opening)
eval-turn = { $side ->
    [white] white
   *[black] black
  } to move; score for the side to move: { $score }
eval-drawish = drawish endgame: the total keeps { $kept }/{ $full } of the endgame values
eval-fifty = fifty-move counter running: the total keeps { $kept }/{ $full }
eval-preset-needs-variant = --preset chooses a Pawn Battle evaluation: add --variant pawn-battle (chess's evaluation weights are [eval] in the configuration file)

## Written files, kibitzer config, the tablebases (src/main.rs) and the review's web page
## (src/share/page.rs). $path: a file; $dir: a directory; $error: what went wrong; $done, $plies:
## moves reviewed, moves of the game.
cli-wrote = wrote { $path }
config-check-ok = { $path }: OK
config-check-defaults = { $path } does not exist: using the defaults
config-init-exists = { $path } already exists; use `kibitzer config init --force` to overwrite it
tablebase-going-on = { $error }; going on with the built-in 3- and 4-piece tables
share-wrote-part = wrote { $path } (the { $done } moves reviewed so far of { $plies })
share-all-exist = { $dir }: review-1.html to review-9999.html all exist
share-no-directory = no current directory: { $error }

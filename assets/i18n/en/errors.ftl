# Errors of the input a user gives: FEN (src/game/fen.rs, src/variant/pawn_battle.rs). $field:
# placement, turn, castling, ep, halfmoves, fullmoves, position; $text: the offending text.

fen-invalid = invalid FEN ({ $field ->
    [placement] piece placement
    [turn] side to move
    [castling] castling
    [ep] en passant
    [halfmoves] halfmove clock
    [fullmoves] fullmove number
   *[position] position
  }): { $reason }
fen-empty-board = the board is empty
fen-missing-king = each side needs exactly one king, and one is missing
fen-too-many-kings = a side has more than one king
fen-pawns-on-backrank = pawns cannot stand on the 1st or 8th rank
fen-invalid-castling-rights = a castling right is given but the king or rook is not on its original square
fen-invalid-ep = no pawn can have just made a double step to give that en-passant square
fen-opposite-check = the side not to move is in check
fen-impossible-check = the checks on the king cannot arise in a real game
fen-too-much-material = a side has more pieces than a real game allows
fen-not-legal = the position is not legal
fen-empty = the FEN is empty
fen-space = it contains a space ("{ $first } { $second }"); write empty squares as digits, the eight ranks joined by "/"
fen-too-few-fields = the FEN has { $count } field(s); expected at least 4 (placement, side to move, castling, en passant)
fen-trailing = unexpected text after the fullmove number: "{ $text }"
fen-turn = "{ $text }" must be "w" or "b"
fen-castling = "{ $text }" must be "-" or a combination of K, Q, k, q
fen-ep = "{ $text }" must be "-" or a square on the 3rd or 6th rank, such as e3
fen-halfmoves = "{ $text }" must be a whole number ≥ 0
fen-fullmoves = "{ $text }" must be a whole number ≥ 1
fen-ranks = { $count } rank(s) separated by '/'; expected 8
fen-rank-char = rank { $rank } ("{ $text }") contains { $char }; use PNBRQK/pnbrqk and digits 1-8
fen-rank-squares = rank { $rank } ("{ $text }") describes { $squares } squares; expected 8
fen-pb-pieces = Pawn Battle has only pawns and rooks, and there is a { $color ->
    [white] white
   *[black] black
  } { $role } on { $square }
fen-pb-castling = Pawn Battle has no castling: write "-"
fen-pb-backrank = pawns cannot stand on the 1st or 8th rank (there is one on { $square }): a pawn that reaches the last rank has already won
fen-pb-no-pawns = { $color ->
    [white] White
   *[black] Black
  } has no pawns: each side needs at least one (a side without pawns has lost)

## The data directory (src/app/persist/lock.rs). $dir: the directory; $pid: a process id.
lock-busy = another kibitzer is playing the saved game in { $dir }; quit it first (its game is saved), or play a separate game with KIBITZER_DATA_DIR set to another directory
lock-busy-process = another kibitzer (process { $pid }) is playing the saved game in { $dir }; quit it first (its game is saved), or play a separate game with KIBITZER_DATA_DIR set to another directory
lock-unusable = the data directory { $dir } cannot be used ({ $reason }); make it a writable directory, or set KIBITZER_DATA_DIR to one
lock-is-a-file = it is a file, not a directory

## Saving and loading games (src/app/persist.rs, src/play.rs). $path, $dir: files; $why: the
## system's reason; $count, $number: games.
file-exists = { $path } already exists
file-cannot-create-dir = cannot create the directory { $dir }
file-cannot-write-in = cannot write in { $dir }
file-cannot-write = cannot write { $path }
file-cannot-read = cannot read { $path }
file-cannot-load = cannot load { $path }
file-cannot-remove = cannot remove { $path }
load-unknown-variant = game { $number }: { $why }; load a chess or a Pawn Battle game
load-no-game = there is no game in it
load-no-game-empty = there is no game in it (no tags and no moves)
load-several = it holds { $count } games; pick one with :{ $command } FILE N (N from 1 to { $count }), or review them all with kibitzer review FILE
load-no-such-game = there is no game { $number }: it holds { $count } { $count ->
    [one] game
   *[other] games
  }, numbered from 1
load-no-game-number = there is no game { $number } in it
autosave-damaged-unmovable = the saved game { $path } is damaged and cannot be moved aside to { $kept }
autosave-resumed-part = the saved game was damaged ({ $why }); resumed its first { $plies } plies; the damaged file is kept as { $kept }
autosave-unreadable = the saved game could not be read ({ $why }); it is kept as { $kept }; a new game starts
autosave-cannot-archive = cannot move the unfinished game { $path } to { $target }
autosave-archived = the unfinished game was not deleted: it is in { $path }
engine-not-running = the engine thread is not running
save-no-data-dir = there is no data directory to save in
archive-failed = could not archive the game: { $why }

## The configuration file (src/config.rs); the file, line and column come first
## (`config.toml:5:1: …`). $key, $name: a key; $expected, $allowed: what it takes; $found: the
## value's type and value; $value: a value.
config-cannot-read = cannot read the config file: { $error }
config-unknown-key = unknown key { $name }; remove it or fix its spelling
config-unknown-key-expected = unknown key { $name }, expected { $expected }; remove it or fix its spelling
config-unknown-value = unknown value { $name }
config-unknown-value-expected = unknown value { $name }, expected { $expected }
config-wrong-type = wrong type: { $found }, expected { $expected }
config-out-of-range = `{ $key }` = { $value } is out of range; allowed: { $lo } to { $hi }
config-unknown-theme = `ui.theme` = "{ $value }" is not a known theme; allowed: { $allowed }
config-section-list = [[{ $name }]] makes `{ $name }` a list of sections; write [{ $name }] (one section)
config-needs-quotes = `{ $key }` = { $value } is { $kind ->
    [integer] an
    [array] an
   *[other] a
  } { $kind }, but it takes a string in quotes: { $allowed }
config-see-example = see config.example.toml
config-type-unsigned = { $name }
config-type-decimal = { $name }
config-type-string = string
config-type-integer = integer
config-type-boolean = boolean
config-type-float = float
config-type-map = map
config-type-sequence = sequence
config-type-table = table
config-type-array = array
config-type-a-boolean = a boolean
config-type-a-string = a string
config-type-a-sequence = a sequence

## PGN files (src/pgn/reader.rs): "game 3 (line 40): move 12. Nf3 is illegal: …". $what: the
## rest of the message; $san: the text of the move in the file; $why: the reason.
pgn-in-game = game { $number } (line { $line }): { $what }
pgn-at-move = move { $move } { $san } { $what }
pgn-cannot-open = cannot open PGN file { $path }
pgn-cannot-read = cannot read PGN file { $path } (after line { $line })
pgn-reading-stopped = reading stopped: { $why }
pgn-other-variant = the game is { $game ->
    [chess] standard chess
   *[pawn-battle] Pawn Battle
  }, but only { $here ->
    [chess] standard chess
   *[pawn-battle] Pawn Battle
  } games are read here
pgn-fen-tag = the FEN tag is unusable: { $why }
pgn-after-end = cannot be played: the game is already over ({ $outcome })
pgn-null-move = is a null move, which a game cannot contain
pgn-illegal = is illegal
pgn-illegal-because = is illegal: { $why }
pgn-ambiguous = is ambiguous: it could be { $moves }
pgn-or = {" "}or{" "}
pgn-not-a-move = is not a move: { $why }
pgn-empty-move = is empty
pgn-nul = the tags contain a NUL byte: this is binary data, not PGN text
pgn-malformed = the PGN is malformed: { $why }
pgn-not-pgn = no tags, no moves and no result: this is not PGN
pgn-no-movetext = the game has no movetext
pgn-not-san = is not a move in standard algebraic notation
pgn-unclosed-variation = the variation opened with "(" on line { $line } is never closed, so the rest of the game would be skipped

## Pawn Battle's move errors (src/variant/pawn_battle/notation.rs). $role: pawn, knight,
## bishop, rook, queen, king.
pb-move-how = write SAN such as e4, exd5, Rd1, Rad1, or UCI such as a1d1
pb-game-over = the game is over ({ $outcome })
pb-no-castling = Pawn Battle has no castling and no drops
pb-only-pawns-rooks = Pawn Battle has only pawns and rooks, no { $role }
pb-pawn-wins = a pawn reaching { $to } wins the game at once and is not promoted: write { $to }
pb-no-promotion = there is no promotion in Pawn Battle
pb-cannot-reach = the { $role } on { $from } cannot reach { $to }

## The operating system's usual failures (src/i18n.rs, `os_reason`). $kind: permission,
## not-found, exists, full, read-only, not-a-directory, is-a-directory.
os-error = { $kind ->
    [permission] permission denied
    [not-found] no such file or directory
    [exists] it already exists
    [full] no space left on the disk
    [read-only] the file system is read-only
    [not-a-directory] a part of the path is not a directory
   *[is-a-directory] it is a directory
  }

## The position database (src/posdb.rs, src/posdb/file.rs, src/main.rs). $path: the file;
## $dir: its directory; $aside: where a damaged file was moved; $why: why it is unusable;
## $error: what went wrong; $id: an application id; $version, $reads: schema versions.
posdb-cannot-create-dir = cannot create { $dir }: { $error }
posdb-unusable-unmovable = the position database { $path } is unusable ({ $why }) and cannot be moved aside: { $error }; move or delete it, or run with --no-db
posdb-moved-aside = the position database { $path } was unusable ({ $why }); it was moved to { $aside } and a new one started
posdb-writer-thread = cannot start the database writer thread: { $error }
posdb-cannot-open = cannot open the position database { $path }: { $error }; check the directory's permissions and free space, or run with --no-db
posdb-problem = the position database { $path }: { $error }
posdb-damaged-marked = the position database { $path } is damaged ({ $why }); it was not used further. The next start moves it aside and starts a new one
posdb-damaged-unmarked = the position database { $path } is damaged ({ $why }); it was not used further, and it cannot be marked for the next start ({ $error }): move it aside or delete it
posdb-going-on-without = { $error }; going on without it
posdb-damaged-reason = damaged: { $error }
posdb-damaged-in-use = damaged, found while in use: { $error }
posdb-other-tables = not a kibitzer position database (it holds other tables)
posdb-foreign = not a kibitzer position database (application id { $id })
posdb-schema = schema version { $version }, this kibitzer reads version { $reads }
posdb-import-foreign = not a kibitzer position database of schema version 1 to { $reads } (application id { $id }, version { $version })
# SQLite's usual failures. $kind: not-a-database, corrupt, busy, read-only, full,
# cannot-open, permission.
posdb-sqlite = { $kind ->
    [not-a-database] file is not a database
    [corrupt] database disk image is malformed
    [busy] the file is locked by another program
    [read-only] the file is read-only
    [full] the disk is full
    [cannot-open] unable to open the file
   *[permission] permission denied
  }

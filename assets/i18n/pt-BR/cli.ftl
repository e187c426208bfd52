# Mensagens da linha de comando (src/review/command.rs: `kibitzer review`). $file, $path: o
# caminho de um arquivo; $error: o motivo dado pelo sistema; $flag: uma opção (--annotate, --html).

cli-warning = kibitzer: aviso: { $what }
cli-cannot-open = não foi possível abrir { $file }: { $error }
cli-game-unusable = { $file }: a partida { $number } não pode ser revisada: { $error }
cli-no-such-game = { $file }: não existe a partida { $number } (o arquivo tem { $count })
cli-target-is-input = { $flag } { $path } é o arquivo de entrada { $file }: ele seria substituído por uma única partida revisada; grave em outro arquivo
cli-target-exists = { $path } já existe; acrescente --force para substituí-lo, ou escolha outro arquivo
cli-cannot-serialise = não foi possível serializar a revisão: { $error }
cli-force-alone = --force só permite que --annotate ou --html substituam um arquivo; dê uma dessas opções
cli-refine-depth-timed = --refine-depth precisa de uma revisão feita até uma profundidade, não por tempo: tire o --movetime, ou aprofunde por tempo com --refine-seconds
cli-needs-terminal = a tela de revisão precisa de um terminal; use --json, --annotate SAIDA.pgn ou --html SAIDA.html
cli-same-target = --annotate e --html indicam o mesmo arquivo, { $path }; dê dois arquivos
cli-reviewing-until-error = revisando a partida { $number } até o lance antes do erro ({ $moves } lances): { $error }
cli-reviewing = revisando: { $done }/{ $total } meios-lances, faltam cerca de { $secs } s
cli-cannot-write = não foi possível gravar a saída: { $error }
db-external-rows = {"  "}{ $engine }: { $positions } posições analisadas por este motor externo (usadas quando ele julga)

## `kibitzer explain` (src/analysis/command.rs). $side: white ou black; $move: o lance; $quality:
## " (veredito)" ou nada; $name: uma abertura; $level: o que foi digitado.
explain-heading = { $side ->
    [white] Brancas:
   *[black] Pretas:
  } { $move }{ $quality }
explain-opening = abertura: { $name }
explain-unknown-level = nível de explicação "{ $level }" desconhecido (use basic, medium ou advanced)
explain-no-legal-move = --fen: o lado que joga não tem lance legal (a partida terminou)

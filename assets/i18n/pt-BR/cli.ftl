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

## `kibitzer db` e `kibitzer feedback` (src/posdb/command.rs, src/feedback/command.rs). $path: o
## banco de posições; $file: outro arquivo; $n, $count: quantos; $why: o motivo.
db-cannot-do = não foi possível { $what ->
    [read] ler
    [check] verificar
    [clear] esvaziar
   *[prune] enxugar
  } { $path }: { $why }
db-none-yet = ainda não há banco de posições em { $path } (ele é criado pela primeira análise, explicação ou partida)
cli-exists-force = { $path } já existe; escolha outro nome, ou use --force para substituí-lo
db-ok = { $path }: ok
db-moved-aside = { $path } estava inutilizável e foi posto de lado (veja acima); o novo arquivo está vazio
db-damaged = { $problem }; ou restaure uma exportação
db-clear-question = Apagar { $count ->
    [0] as 0 posições
    [one] a única posição
   *[other] todas as { $count } posições
  } de { $path }? [s/N]{" "}
db-deleted = { $n ->
    [0] 0 posições apagadas
    [one] 1 posição apagada
   *[other] { $n } posições apagadas
  } de { $path }
db-cannot-export = não foi possível exportar para { $file }: { $why }
db-cannot-write = não foi possível gravar { $file }: { $why }
db-exported = { $path } exportado para { $file }
db-not-a-file = { $file } não existe ou não é um arquivo
db-cannot-import = não foi possível importar { $file }: { $why }
db-merged = { $rows ->
    [0] 0 posições
    [one] 1 posição
   *[other] { $rows } posições
  } de { $file } { $rows ->
    [one] juntada
   *[other] juntadas
  } a { $path }{ $evicted ->
    [0] {""}
   *[other] {" "}({ $evicted } descartadas para caber em database.max_mb)
  }
db-evicted = { $n ->
    [0] 0 posições descartadas
    [one] 1 posição descartada
   *[other] { $n } posições descartadas
  }; { $path } agora guarda { $size } de posições
cli-cannot-read-answer = não foi possível ler a resposta: { $why }
cli-yes-words = s sim
cli-nothing-deleted = nada foi apagado (responda s, ou use --yes para pular a pergunta)
db-file = arquivo: { $path }
db-size = tamanho: { $used } de posições, { $disk } no disco; limite de { $max } MiB (database.max_mb){ $enabled ->
    [yes] {""}
   *[no] ; desligado (database.enabled = false)
  }
db-game = { $game ->
    [chess] xadrez
   *[other] Batalha de Peões
  }
db-variant-rows = { $game }: { $mine ->
    [0] 0 posições
    [one] 1 posição
   *[other] { $mine } posições
  } desta avaliação, { $other } de outras avaliações (ignoradas)
db-unknown-variant = variante { $code } (desconhecida por esta versão): { $n ->
    [0] 0 posições
    [one] 1 posição
   *[other] { $n } posições
  }
feedback-none-yet = ainda não há opiniões: não existe banco de posições em { $path } (dê sua opinião na partida ou na análise com a tecla de opinião, ! por padrão)
feedback-none-in = ainda não há opiniões em { $path } (dê sua opinião na partida ou na análise com a tecla de opinião, ! por padrão)
feedback-exported = { $n ->
    [0] 0 opiniões exportadas
    [one] 1 opinião exportada
   *[other] { $n } opiniões exportadas
  } para { $file } (JSON Lines: um objeto por linha)
feedback-clear-question = Apagar { $n ->
    [0] as 0 opiniões
    [one] a única opinião
   *[other] todas as { $n } opiniões
  } de { $path }? [s/N]{" "}
feedback-deleted = { $n ->
    [0] 0 opiniões apagadas
    [one] 1 opinião apagada
   *[other] { $n } opiniões apagadas
  } de { $path }
feedback-cannot-write = não foi possível gravar a opinião nº { $id }: { $why }
feedback-entry = #{ $id } { $at } { $verdict } sobre { $san } ({ $game }, { $screen }, kibitzer { $version })
feedback-position = posição: { $fen }
feedback-note = nota: { $note }

## A tabela de kibitzer eval (src/eval_table.rs). $term: um termo da avaliação, o nome inglês
## com hífens (xadrez: material, piece-placement, mobility, king-safety, pawn-structure,
## threats, defences, bishop-pair, rooks, tempo, castling; Batalha de Peões: advance,
## passed-pawns, promotion-race); $name: o nome inglês; $side: white ou black; $score: a avaliação.
eval-term = { $term ->
    [material] material
    [piece-placement] posicionamento das peças
    [mobility] mobilidade
    [king-safety] segurança do rei
    [pawn-structure] estrutura de peões
    [threats] ameaças
    [defences] defesas
    [bishop-pair] par de bispos
    [rooks] torres
    [tempo] tempo
    [castling] roque
    [advance] avanço dos peões
    [passed-pawns] peões passados
    [promotion-race] corrida para promover
   *[other] { $name }
  }
eval-heading-term = termo
eval-heading-white = Brancas
eval-heading-black = Pretas
eval-heading-total = total
eval-heading-diff = diferença
eval-total = total
eval-phase = fase { $phase }/{ $max } (24 = abertura)
eval-turn = vez das { $side ->
    [white] Brancas
   *[black] Pretas
  }; avaliação para o lado que joga: { $score }
eval-drawish = final com tendência de empate: o total conserva { $kept }/{ $full } dos valores de final
eval-fifty = contagem da regra dos 50 lances em andamento: o total conserva { $kept }/{ $full }
eval-preset-needs-variant = --preset escolhe uma avaliação da Batalha de Peões: acrescente --variant pawn-battle (os pesos da avaliação do xadrez ficam em [eval] no arquivo de configuração)

## Arquivos gravados, kibitzer config, as tabelas de finais (src/main.rs) e a página web da
## revisão (src/share/page.rs). $path: um arquivo; $dir: um diretório; $error: o que deu errado;
## $done, $plies: lances revisados, lances da partida.
cli-wrote = { $path } gravado
config-check-ok = { $path }: ok
config-check-defaults = { $path } não existe: valem os valores padrão
config-init-exists = { $path } já existe; use `kibitzer config init --force` para substituí-lo
tablebase-going-on = { $error }; o programa continua com as tabelas de finais embutidas, de 3 e 4 peças
share-wrote-part = { $path } gravado ({ $done } de { $plies } { $plies ->
    [one] lance revisado
   *[other] lances revisados
  } até agora)
share-all-exist = { $dir }: review-1.html a review-9999.html já existem todos
share-no-directory = não há diretório atual: { $error }

# Erros da entrada do usuário: FEN (src/game/fen.rs, src/variant/pawn_battle.rs). $field:
# placement, turn, castling, ep, halfmoves, fullmoves, position; $text: o texto errado.

fen-invalid = FEN inválida ({ $field ->
    [placement] posição das peças
    [turn] lado que joga
    [castling] roque
    [ep] en passant
    [halfmoves] contador de meios-lances
    [fullmoves] número do lance
   *[position] posição
  }): { $reason }
fen-empty-board = o tabuleiro está vazio
fen-missing-king = cada lado precisa de exatamente um rei, e falta um
fen-too-many-kings = um dos lados tem mais de um rei
fen-pawns-on-backrank = não pode haver peões na 1ª nem na 8ª fileira
fen-invalid-castling-rights = há um direito de roque, mas o rei ou a torre não está na casa de origem
fen-invalid-ep = nenhum peão pode ter acabado de avançar duas casas para dar essa casa de en passant
fen-opposite-check = o lado que não tem a vez está em xeque
fen-impossible-check = os xeques sobre o rei não podem surgir numa partida real
fen-too-much-material = um dos lados tem mais peças do que uma partida real permite
fen-not-legal = a posição não é legal
fen-empty = a FEN está vazia
fen-space = ela contém um espaço ("{ $first } { $second }"); escreva as casas vazias como algarismos e as oito fileiras unidas por "/"
fen-too-few-fields = a FEN tem { $count } { $count ->
    [one] campo
   *[other] campos
  }; são precisos pelo menos 4 (posição das peças, lado que joga, roque, en passant)
fen-trailing = texto inesperado depois do número do lance: "{ $text }"
fen-turn = "{ $text }" deve ser "w" (Brancas) ou "b" (Pretas)
fen-castling = "{ $text }" deve ser "-" ou uma combinação de K, Q, k, q
fen-ep = "{ $text }" deve ser "-" ou uma casa da 3ª ou da 6ª fileira, como e3
fen-halfmoves = "{ $text }" deve ser um número inteiro ≥ 0
fen-fullmoves = "{ $text }" deve ser um número inteiro ≥ 1
fen-ranks = { $count } { $count ->
    [one] fileira separada
   *[other] fileiras separadas
  } por '/'; são precisas 8
fen-rank-char = a fileira { $rank } ("{ $text }") contém { $char }; use PNBRQK/pnbrqk (as letras inglesas da FEN) e algarismos de 1 a 8
fen-rank-squares = a fileira { $rank } ("{ $text }") descreve { $squares } casas; são precisas 8
fen-pb-pieces = a Batalha de Peões só tem peões e torres, e há { $role ->
    [pawn] um peão { $color ->
        [white] branco
       *[black] preto
      }
    [knight] um cavalo { $color ->
        [white] branco
       *[black] preto
      }
    [bishop] um bispo { $color ->
        [white] branco
       *[black] preto
      }
    [rook] uma torre { $color ->
        [white] branca
       *[black] preta
      }
    [queen] uma dama { $color ->
        [white] branca
       *[black] preta
      }
   *[king] um rei { $color ->
        [white] branco
       *[black] preto
      }
  } em { $square }
fen-pb-castling = a Batalha de Peões não tem roque: escreva "-"
fen-pb-backrank = não pode haver peões na 1ª nem na 8ª fileira (há um em { $square }): um peão que chega à última fileira já venceu
fen-pb-no-pawns = as { $color ->
    [white] Brancas
   *[black] Pretas
  } não têm peões: cada lado precisa de pelo menos um (um lado sem peões já perdeu)

## O diretório de dados (src/app/persist/lock.rs). $dir: o diretório; $pid: o número de um processo.
lock-busy = outro kibitzer está jogando a partida salva em { $dir }; feche-o antes (a partida dele fica salva) ou jogue uma partida à parte com KIBITZER_DATA_DIR apontando para outro diretório
lock-busy-process = outro kibitzer (processo { $pid }) está jogando a partida salva em { $dir }; feche-o antes (a partida dele fica salva) ou jogue uma partida à parte com KIBITZER_DATA_DIR apontando para outro diretório
lock-unusable = o diretório de dados { $dir } não pode ser usado ({ $reason }); faça dele um diretório com permissão de escrita, ou aponte KIBITZER_DATA_DIR para um
lock-is-a-file = é um arquivo, não um diretório

## Salvar e abrir partidas (src/app/persist.rs, src/play.rs). $path, $dir: arquivos; $why: o
## motivo dado pelo sistema; $count, $number: partidas.
file-exists = { $path } já existe
file-cannot-create-dir = não foi possível criar a pasta { $dir }
file-cannot-write-in = não foi possível gravar na pasta { $dir }
file-cannot-write = não foi possível gravar { $path }
file-cannot-read = não foi possível ler { $path }
file-cannot-load = não foi possível abrir { $path }
file-cannot-remove = não foi possível apagar { $path }
load-unknown-variant = partida { $number }: { $why }; abra uma partida de xadrez ou de Batalha de Peões
load-no-game = o arquivo não tem nenhuma partida
load-no-game-empty = o arquivo não tem nenhuma partida (nem etiquetas nem lances)
load-several = o arquivo tem { $count } partidas; escolha uma com :{ $command } ARQUIVO N (N de 1 a { $count }), ou analise todas com kibitzer review ARQUIVO
load-no-such-game = não existe a partida { $number }: o arquivo tem { $count } { $count ->
    [one] partida
   *[other] partidas
  }, numeradas a partir de 1
load-no-game-number = o arquivo não tem a partida { $number }
autosave-damaged-unmovable = a partida salva { $path } está danificada e não pôde ser movida para { $kept }
autosave-resumed-part = a partida salva estava danificada ({ $why }); foram retomados os seus primeiros { $plies } meios-lances; o arquivo danificado foi guardado como { $kept }
autosave-unreadable = não foi possível ler a partida salva ({ $why }); ela foi guardada como { $kept }; começa uma nova partida
autosave-cannot-archive = não foi possível mover a partida inacabada { $path } para { $target }
autosave-archived = a partida inacabada não foi apagada: está em { $path }
engine-not-running = a linha de execução do computador não está rodando
save-no-data-dir = não há pasta de dados onde salvar
archive-failed = não foi possível arquivar a partida: { $why }

## O arquivo de configuração (src/config.rs); o arquivo, a linha e a coluna vêm antes
## (`config.toml:5:1: …`). $key, $name: uma chave; $expected, $allowed: o que ela aceita;
## $found: o tipo e o valor dados; $value: um valor.
config-cannot-read = não foi possível ler o arquivo de configuração: { $error }
config-unknown-key = chave desconhecida { $name }; apague-a ou corrija a grafia
config-unknown-key-expected = chave desconhecida { $name } (as válidas são { $expected }); apague-a ou corrija a grafia
config-unknown-value = valor desconhecido { $name }
config-unknown-value-expected = valor desconhecido { $name } (os válidos são { $expected })
config-wrong-type = tipo errado: { $found }, mas o esperado é { $expected }
config-out-of-range = `{ $key }` = { $value } está fora do intervalo permitido, de { $lo } a { $hi }
config-unknown-theme = `ui.theme` = "{ $value }" não é um tema conhecido; os temas são { $allowed }
config-section-list = [[{ $name }]] faz de `{ $name }` uma lista de seções; escreva [{ $name }] (uma seção só)
config-needs-quotes = `{ $key }` = { $value } é { $kind ->
    [integer] um número inteiro
    [float] um número decimal
    [boolean] um booleano
    [array] uma lista
    [table] uma tabela
   *[other] um valor sem aspas
  }, mas esta chave aceita um texto entre aspas: { $allowed }
config-see-example = veja config.example.toml
config-type-unsigned = um número inteiro ({ $name })
config-type-decimal = um número decimal ({ $name })
config-type-string = o texto
config-type-integer = o inteiro
config-type-boolean = o booleano
config-type-float = o número decimal
config-type-map = uma tabela
config-type-sequence = uma lista
config-type-table = uma tabela
config-type-array = uma lista
config-type-a-boolean = um booleano (true ou false)
config-type-a-string = um texto entre aspas
config-type-a-sequence = uma lista

## Arquivos PGN (src/pgn/reader.rs): "partida 3 (linha 40): lance 12. Nf3 é ilegal: …". $what: o
## resto da mensagem; $san: o lance como está no arquivo; $why: o motivo.
pgn-in-game = partida { $number } (linha { $line }): { $what }
pgn-at-move = lance { $move } { $san } { $what }
pgn-cannot-open = não foi possível abrir o arquivo PGN { $path }
pgn-cannot-read = não foi possível ler o arquivo PGN { $path } (depois da linha { $line })
pgn-reading-stopped = a leitura parou: { $why }
pgn-other-variant = a partida é de { $game ->
    [chess] xadrez
   *[pawn-battle] Batalha de Peões
  }, mas aqui só se leem partidas de { $here ->
    [chess] xadrez
   *[pawn-battle] Batalha de Peões
  }
pgn-fen-tag = a etiqueta FEN não pode ser usada: { $why }
pgn-after-end = não pode ser jogado: a partida já terminou ({ $outcome })
pgn-null-move = é um lance nulo, que uma partida não pode conter
pgn-illegal = é ilegal
pgn-illegal-because = é ilegal: { $why }
pgn-ambiguous = é ambíguo: pode ser { $moves }
pgn-or = {" "}ou{" "}
pgn-not-a-move = não é um lance: { $why }
pgn-empty-move = está vazio
pgn-nul = as etiquetas contêm um byte NUL: são dados binários, não texto PGN
pgn-malformed = o PGN está malformado: { $why }
pgn-not-pgn = sem etiquetas, sem lances e sem resultado: isto não é PGN
pgn-no-movetext = a partida não tem lances
pgn-not-san = não é um lance em notação algébrica
pgn-unclosed-variation = a variante aberta com "(" na linha { $line } nunca é fechada, e o resto da partida seria ignorado

## Erros de lance da Batalha de Peões (src/variant/pawn_battle/notation.rs). $role: pawn,
## knight, bishop, rook, queen, king.
pb-move-how = escreva em SAN, como e4, exd5, Td1, Tad1, ou em UCI, como a1d1
pb-game-over = a partida terminou ({ $outcome })
pb-no-castling = a Batalha de Peões não tem roque nem colocação de peças
pb-only-pawns-rooks = a Batalha de Peões só tem peões e torres, { $role ->
    [knight] nenhum cavalo
    [bishop] nenhum bispo
    [queen] nenhuma dama
   *[king] nenhum rei
  }
pb-pawn-wins = um peão que chega a { $to } vence a partida na hora e não é promovido: escreva { $to }
pb-no-promotion = não há promoção na Batalha de Peões
pb-cannot-reach = { $role ->
    [rook] a torre em { $from } não alcança
   *[pawn] o peão em { $from } não alcança
  } { $to }

## As falhas comuns do sistema operacional (src/i18n.rs, `os_reason`). $kind: permission,
## not-found, exists, full, read-only, not-a-directory, is-a-directory.
os-error = { $kind ->
    [permission] permissão negada
    [not-found] arquivo ou diretório inexistente
    [exists] já existe
    [full] não há mais espaço no disco
    [read-only] o sistema de arquivos é somente leitura
    [not-a-directory] uma parte do caminho não é um diretório
   *[is-a-directory] é um diretório
  }

## O banco de posições (src/posdb.rs, src/posdb/file.rs, src/main.rs). $path: o arquivo; $dir:
## o diretório dele; $aside: para onde foi movido um arquivo danificado; $why: por que ele não
## pode ser usado; $error: o que deu errado; $id: um identificador de aplicativo; $version,
## $reads: versões do esquema.
posdb-cannot-create-dir = não foi possível criar { $dir }: { $error }
posdb-unusable-unmovable = o banco de posições { $path } está inutilizável ({ $why }) e não pôde ser posto de lado: { $error }; mova-o ou apague-o, ou rode o programa com --no-db
posdb-moved-aside = o banco de posições { $path } estava inutilizável ({ $why }); ele foi movido para { $aside } e um banco novo foi criado
posdb-writer-thread = não foi possível iniciar a tarefa que grava o banco de posições: { $error }
posdb-cannot-open = não foi possível abrir o banco de posições { $path }: { $error }; verifique as permissões do diretório e o espaço livre no disco, ou rode o programa com --no-db
posdb-problem = banco de posições { $path }: { $error }
posdb-damaged-marked = o banco de posições { $path } está danificado ({ $why }) e deixou de ser usado. Na próxima vez que o programa abrir, ele será posto de lado e um banco novo será criado
posdb-damaged-unmarked = o banco de posições { $path } está danificado ({ $why }) e deixou de ser usado, mas não foi possível marcá-lo para a próxima abertura ({ $error }): ponha-o de lado ou apague-o
posdb-going-on-without = { $error }; o programa continua sem ele
posdb-damaged-reason = danificado: { $error }
posdb-damaged-in-use = danificado, problema descoberto durante o uso: { $error }
posdb-other-tables = não é um banco de posições do kibitzer (contém outras tabelas)
posdb-foreign = não é um banco de posições do kibitzer (identificador de aplicativo { $id })
posdb-schema = versão { $version } do esquema, e este kibitzer lê a versão { $reads }
posdb-import-foreign = não é um banco de posições do kibitzer com esquema da versão 1 à { $reads } (identificador de aplicativo { $id }, versão { $version })
# As falhas comuns do SQLite. $kind: not-a-database, corrupt, busy, read-only, full,
# cannot-open, permission.
posdb-sqlite = { $kind ->
    [not-a-database] o arquivo não é um banco de dados
    [corrupt] o arquivo do banco de dados está corrompido
    [busy] o arquivo está bloqueado por outro programa
    [read-only] o arquivo é somente leitura
    [full] o disco está cheio
    [cannot-open] não foi possível abrir o arquivo
   *[permission] permissão negada
  }

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

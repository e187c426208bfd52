# As mensagens do kibitzer em português do Brasil: palavras gerais, lances e seus erros.
# Sintaxe Fluent (https://projectfluent.org/); cada chave do inglês está aqui com as mesmas
# variáveis (src/i18n/tests.rs confere).

side-white = Brancas
side-black = Pretas

# A vírgula decimal dos números nas frases ("vantagem de 1,7").
decimal-mark = ,

## Lances digitados (src/game/notation.rs)
move-empty = digite um lance, como e4, Cf3 ou g1f3
move-malformed = "{ $input }" não é um lance: { $reason }
move-illegal = { $input } é ilegal: { $reason }
move-did-you-mean = (você quis dizer { $moves }?)
move-ambiguous = { $input } é ambíguo: pode ser { $moves }
move-game-over = a partida terminou ({ $outcome }); comece uma nova partida ou volte um lance
list-or = { $init } ou { $last }
lang-unknown-move = "{ $input }" não é um lance

## Avaliações em palavras (src/explain/score_text.rs). $who: you (você), white, black
## (you-lose: você perde); $by: peões, uma casa decimal.
score-equal = { $score } (igualdade)
score-better = { $score } ({ $who ->
    [you] você tem
    [white] as Brancas têm
   *[black] as Pretas têm
  } vantagem de { $by })
score-checkmate = xeque-mate
score-mates-in = { $who ->
    [you] você tem mate em { $moves }
    [you-lose] você leva mate em { $moves }
    [white] as Brancas dão mate em { $moves }
   *[black] as Pretas dão mate em { $moves }
  }
score-wins-in = { $who ->
    [you] você vence em { $moves } { $moves ->
        [one] lance
       *[other] lances
      }
    [you-lose] você perde em { $moves } { $moves ->
        [one] lance
       *[other] lances
      }
    [white] as Brancas vencem em { $moves } { $moves ->
        [one] lance
       *[other] lances
      }
   *[black] as Pretas vencem em { $moves } { $moves ->
        [one] lance
       *[other] lances
      }
  }

## Por que um lance digitado é recusado. $role: pawn, knight, bishop, rook, queen, king;
## $side: kingside, queenside; $color, $turn: white, black.
move-no-piece = você não tem { $role ->
    [pawn] peão
    [knight] cavalo
    [bishop] bispo
    [rook] torre
    [queen] dama
   *[king] rei
  }
move-own-piece = em { $to } já há { $role ->
    [pawn] um peão seu
    [knight] um cavalo seu
    [bishop] um bispo seu
    [rook] uma torre sua
    [queen] uma dama sua
   *[king] o seu rei
  }
move-must-promote = um peão que chega a { $to } precisa ser promovido: acrescente =D, =T, =B ou =C
move-promote-last-rank = só um peão que chega à última fileira pode ser promovido
move-promote-never = um peão é promovido a dama, torre, bispo ou cavalo, nunca a { $role ->
    [king] rei
   *[pawn] peão
  }
move-cannot-reach = { $role ->
    [pawn] nenhum peão seu
    [knight] nenhum cavalo seu
    [bishop] nenhum bispo seu
    [rook] nenhuma torre sua
    [queen] nenhuma dama sua
   *[king] o seu rei não
  } alcança { $to }
move-check-not-out = seu rei está em xeque, e { $move } não o tira do xeque
move-king-into-check = seu rei ficaria em xeque em { $to }
move-pinned = { $role ->
    [pawn] o peão de { $from } está cravado: movê-lo
    [knight] o cavalo de { $from } está cravado: movê-lo
    [bishop] o bispo de { $from } está cravado: movê-lo
    [rook] a torre de { $from } está cravada: movê-la
    [queen] a dama de { $from } está cravada: movê-la
   *[king] o rei de { $from } está cravado: movê-lo
  } deixaria seu rei exposto
move-no-such-kind = esse tipo de lance não existe no xadrez
move-no-piece-on = não há peça em { $from }
move-not-yours = { $role ->
    [pawn] o peão
    [knight] o cavalo
    [bishop] o bispo
    [rook] a torre
    [queen] a dama
   *[king] o rei
  } de { $from } é { $color ->
    [white] das Brancas
   *[black] das Pretas
  }, e a vez é { $turn ->
    [white] das Brancas
   *[black] das Pretas
  }
move-squares = as casas vão de a1 a h8; escreva um lance UCI como e2e4
move-how = escreva SAN como e4, Cf3, exd5, O-O, e8=D, ou UCI como g1f3
castle-no-right = você não tem mais direito ao roque { $side ->
    [kingside] pequeno
   *[queenside] grande
  }
castle-in-check = não se pode rocar estando em xeque
castle-blocked = as casas entre o rei e a torre do roque { $side ->
    [kingside] pequeno
   *[queenside] grande
  } não estão livres
castle-attacked = seu rei passaria por uma casa atacada ou pararia nela
score-won = { $who ->
    [you] você venceu
    [you-lose] você perdeu
    [white] as Brancas venceram
   *[black] as Pretas venceram
  }

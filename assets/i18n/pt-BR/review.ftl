# A tela de revisão (src/ui/review.rs, src/review/screen.rs) e as palavras dos veredictos
# (src/review/classify.rs). $side, $other: o nome de um lado (side-white, side-black); $key,
# $keys: teclas como a linha de teclas as mostra.

## O veredicto de um lance: a qualidade, depois as notas entre parênteses ("erro grave (perdeu a vitória)").
quality-book = teoria
quality-best = melhor lance
quality-excellent = excelente
quality-good = bom
quality-inaccuracy = imprecisão
quality-mistake = erro
quality-blunder = erro grave
quality-with-notes = { $quality } ({ $notes })
note-only-move = único lance
note-missed-mate = perdeu o mate
note-missed-forced-win = perdeu a vitória forçada
note-missed-win = perdeu a vitória
note-allows-mate = permite mate
note-allows-forced-win = permite uma vitória forçada

## O painel
review-evaluation = Avaliação
review-help-title = Teclas da revisão
help-any-key-closes = qualquer tecla fecha a ajuda
review-to-move = vez das { $side }
review-opening = Abertura: { $name }
review-judged-by = Julgado por: { $judge }
review-panel-more = { $key } mais
review-stronger-engine = { $key }: julgar com { $engine }, um motor mais forte
review-start = Posição inicial. Tecle { $keys } para percorrer a partida.
review-not-analysed = { $move } (ainda não analisado)
review-best = melhor: { $move } ({ $score })  { $line }
review-better = Melhor era: { $move }

## A barra de progresso
review-complete = análise concluída
review-refining = aprofundando (profundidade { $depth })
review-refined = aprofundada até a profundidade { $depth }
review-analysing = analisando: { $done }/{ $total } meios-lances{ $secs ->
    [none] {""}
   *[other] , faltam cerca de { $secs } s
  }

## A linha de baixo
review-your-move = seu lance:{" "}
review-your-move-hint = (SAN ou UCI, ou clique em duas casas; Enter, Esc)
review-your-move-picked = seu lance: { $from }…  (clique na casa de destino; Esc cancela)
review-judging = avaliando a sua tentativa… (Esc cancela)
review-goto = ir para o lance:{" "}
review-goto-hint = (12 = 12º das Brancas, 12... = 12º das Pretas; Enter, Esc)
review-try-key = { $key } tentar um lance melhor · { $keys }

## Aprenda com os seus erros; $move: o erro com o número e a marca, $label: o veredicto,
## $san: o lance tentado.
learn-title = Aprenda: encontre um lance melhor que { $move } — { $label }
learn-type = Digite o seu lance abaixo (como e4 ou e2e4), ou clique nele ou arraste-o no tabuleiro.
learn-looking = { $san }: o computador está analisando…
learn-best = { $san }: muito bem! É o melhor lance do computador.
learn-nearly = { $san }: muito bem! É quase tão forte quanto o melhor lance do computador.
learn-weak = { $san }: não é bom o bastante: o melhor lance do computador é claramente mais forte.
learn-unjudged = { $san }: o computador não conseguiu avaliar este lance.

## Mensagens; $which: further, earlier; $game: o nome do jogo (game-chess, game-pawn-battle).
review-no-mistake = nenhum erro { $which ->
    [further] mais adiante
   *[earlier] mais atrás
  }
review-no-mistake-by = nenhum erro das { $side } { $which ->
    [further] mais adiante
   *[earlier] mais atrás
  } · { $other-key }: os das { $other } · { $own-key } de novo: os dos dois lados
review-no-such-move = a partida não tem esse lance
review-type-move-number = digite o número de um lance, como 12 ou 12...
review-try-where = { $try } funciona num erro do lado escolhido: { $next } vai ao próximo
review-best-was = o melhor lance era { $move } ({ $score }); { $key } vai ao próximo erro
review-no-external = nenhum motor externo joga { $game } (o Stockfish só conhece xadrez): o motor embutido revisa esta partida
review-again-with = revisando de novo com { $analyst }

## A lista de partidas (src/review/picker.rs). $count, $bad, $shown: números de partidas.
picker-game = { $game ->
    [chess] xadrez
   *[pawn-battle] Batalha de Peões
  }
picker-status-done = { $count } { $count ->
    [0] partidas
    [one] partida
   *[other] partidas
  }, { $bad } { $bad ->
    [0] ilegíveis
    [one] ilegível
   *[other] ilegíveis
  }
picker-status-reading = lendo… { $count } { $count ->
    [0] partidas
    [one] partida
   *[other] partidas
  } até agora
picker-column-game = jogo
picker-column-white = Brancas
picker-column-black = Pretas
picker-column-result = resultado
picker-column-date = data
picker-column-moves = lances
picker-column-opening = abertura
picker-filter-hint = digite para filtrar por jogador ou evento
picker-filter-hint-mixed = digite para filtrar por jogador, evento ou jogo
picker-filter = filtro:{" "}
picker-filter-count = ({ $shown } de { $count } partidas)
picker-keys = { $keys } · digite para filtrar

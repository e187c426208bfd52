# Tela de jogo (src/ui/status.rs, src/ui/dialogs.rs)
# $who: you, engine; $side: o nome de um lado (side-white, side-black).

panel-explanation = Explicação
panel-engine = Computador
panel-moves = Lances
hint-label = Dica:{" "}
start-you-play = { $start ->
    [start] Posição inicial.
   *[fen] Posição montada a partir de uma FEN.
  } Você joga com as { $side }.
who-played = { $who ->
    [you] Você jogou
    [engine] O computador jogou
   *[other] As { $who } jogaram
  }{" "}
analysing-this-move = analisando este lance…
viewing-ply = vendo o lance { $ply } de { $plies } ({ $key }: volta à partida)
engine-moving-now = jogando agora…
engine-thinking = pensando…
engine-looking-for-hint = procurando uma dica…
engine-starting = iniciando a busca
engine-unavailable = indisponível: { $error }
engine-game-over = a partida terminou
engine-waiting = esperando o seu lance ({ $key }: dica)
engine-idle = parado ({ $key }: jogar agora)
level-n = nível { $level }
depth-nodes = profundidade { $depth } · nós { $nodes }
clock-side = {" "}{ $side } ({ $who ->
    [you] você
   *[engine] computador
  }){" "}
too-small = aumente o terminal para pelo menos { $width }×{ $height }
too-small-now = (agora tem { $width }×{ $height }; q sai)

## Linha de estado
status-viewing = vendo o lance { $ply } de { $plies } ({ $key }: volta à partida) · vez das { $side }
status-to-move = vez das { $side } ({ $who ->
    [you] seu lance
   *[engine] o computador joga
  })
status-analysing = analisando { $moves } { $moves ->
    [one] lance
   *[other] lances
  }
status-you-level = você: { $side } · nível { $level }

## Diálogos
dialog-new-game = Nova partida
dialog-game-over = Fim de partida
dialog-confirm = Confirmar
new-game-game = Jogo
new-game-colour = Você joga
new-game-level = Nível
new-game-clock = Relógio
new-game-random = Sorteio
new-game-level-range = (1 mais fraco – 10 mais forte)
game-over-you-won = Você venceu!
game-over-engine-won = O computador venceu
game-over-draw = Empate

## Como uma partida terminou (src/game.rs, src/variant/pawn_battle.rs); $winner: o nome de um lado.
outcome-wins = As { $winner } vencem por { $reason }
outcome-draw = Empate por { $reason }
end-checkmate = xeque-mate
end-stalemate = afogamento
end-insufficient-material = material insuficiente
end-threefold-repetition = repetição tripla
end-fifty-move-rule = regra dos cinquenta lances
end-resignation = abandono
end-timeout = tempo esgotado
end-timeout-vs-insufficient-material = tempo esgotado com material insuficiente do adversário
end-agreement = acordo
end-promotion = promoção em { $square }
end-all-pawns-captured = captura de todos os peões do adversário
end-no-legal-move = deixar o adversário sem lance legal
game-over-new = Nova partida
game-over-review = Revisar
game-over-quit = Sair
game-chess = Xadrez
game-pawn-battle = Batalha de Peões
clock-untimed = sem relógio
depth-line = profundidade { $depth } · linha{" "}
score-label = avaliação:{" "}
judged-by = julgado por { $judge }
judged-by-depth = julgado por { $judge } na profundidade { $depth }
searching-deeper = buscando mais fundo…
deepening-failed = não foi possível julgar o lance mais a fundo: { $why }
new-game-clock-keys = (t próximo · T anterior)
new-game-keys = Enter começa · e monta uma posição · Esc cancela
game-over-keys = ←/→ e ⏎ · N nova · v revisar · u voltar

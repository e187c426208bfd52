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
how-to-move = Para jogar, digite { $prompt } e o lance ({ $examples }), ou pegue uma peça com { $pick } ou o mouse.
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

## Outras mensagens da tela de jogo (src/app.rs, src/app/*.rs, src/ui/status.rs,
## src/ui/dialogs.rs). $path: um arquivo; $why: o motivo; $key, $keys: teclas.
play-game-name = { $game ->
    [chess] partida
   *[pawn-battle] partida de Batalha de Peões
  }
play-confirm-overwrite = { $path } já existe. Substituir?
play-confirm-quit-unsaved = A partida não está salva: o salvamento automático falhou ({ $why }). Sair mesmo assim e perdê-la?
play-confirm-resign = Abandonar esta partida? ({ $key } desfaz depois)
play-confirm-overwrite-keys = { $yes } substituir · { $no } manter o arquivo
play-confirm-quit-unsaved-keys = { $save } salvar em outro lugar (:{ $command } { $path }) · { $yes } sair mesmo assim · { $no } ficar
play-confirm-resign-keys = { $yes } abandonar · { $no } continuar jogando
play-path = ARQUIVO
play-resumed = sua { $name } foi retomada depois de { $move }
play-switched = nova { $name }: você joga com as { $side }, nível { $level }
play-engine-crashed = o computador parou por um erro interno ({ $why }) e foi reiniciado: aperte { $key } para ele jogar
play-engine-unavailable = computador indisponível: { $why }
play-config-not-reloaded = configuração não recarregada, as anteriores continuam valendo: { $why }
play-clock-resumed = {" "}· relógio { $control }: retomado com os tempos salvos no arquivo
play-loaded = { $note }{ $path } foi aberto{ $kind }; você joga com as { $side }{ $timed }
play-autosave-failed = o salvamento automático falhou: { $why }; salve a partida em outro lugar com :{ $command } { $path }
play-saved = salvo em { $path }
play-cannot-analyse = não foi possível analisar os lances: { $why }
play-cannot-play-setup = não foi possível jogar a posição montada { $fen }: { $why }
play-setup-played = { $note }posição montada: você joga com as { $side }, nível { $level }
play-ran-out-of-time = o tempo das { $side } acabou: { $outcome }
play-engine-no-move = o computador ainda não tem lance; aperte { $key } para ele pensar de novo
play-engine-move-refused = o lance do computador foi recusado: { $why }
play-nothing-changed = nada foi alterado
play-eval-bar = barra de avaliação
play-marks = melhor linha numerada
play-pgn-copied = o PGN da partida está na área de transferência (OSC 52) · :{ $command } o mostra
play-toggled = { $what }: { $on ->
    [on] ligada
   *[off] desligada
  } ({ $key } { $on ->
    [on] desliga
   *[off] liga
  }; [ui] { $config } no arquivo de configuração)
play-game-over-keys = fim de partida: { $keys }
play-game-over-choose = fim de partida: { $next } até um botão, depois { $press } · { $keys }
play-game-over-closed = a partida terminou: { $new } nova partida, { $back } volta um lance, { $prompt } comandos
play-back-from-review = de volta da análise: { $new } começa uma nova partida, { $back } volta um lance
play-config-reloaded = configuração recarregada
play-config-reloaded-level = configuração recarregada: nível { $level } a partir do próximo lance do computador
pick-illegal = { $from }{ $to } não é um lance legal aqui
pick-not-yours = essa peça não é sua
pick-empty = escolha antes uma das suas peças
pick-promotion = essa promoção não é legal aqui
play-prompt-keys = ⏎ executa · esc · { $examples } · { $commands }
play-text-keys = { $keys } · outra tecla fecha · o texto está na área de transferência (OSC 52)
play-help-title = Teclas
play-help-title-pawn-battle = Batalha de Peões: regras e teclas
play-promote-to = Promover a
rules-pawn-battle-name = Batalha de Peões
rules-pawn-battle-1 = 8 peões e 2 torres de cada lado; sem reis, sem xeque
rules-pawn-battle-2 = peões e torres andam e capturam como no xadrez
rules-pawn-battle-3 = (passo duplo, en passant); sem roque
rules-you-win = você vence
rules-pawn-battle-win-1 = quando um peão seu chega à última fileira,
rules-pawn-battle-win-2 = ou quando você captura todos os peões do adversário
rules-you-lose = você perde
rules-pawn-battle-lose = quando não tem lance legal
rules-draw = empate
rules-pawn-battle-draw-1 = tripla repetição ou cinquenta lances sem
rules-pawn-battle-draw-2 = lance de peão nem captura
better-label = melhor:{" "}
# Os números da explicação avançada (src/explain/explanation.rs): os rótulos das linhas e as
# métricas. $style: aggressive, positional, tactical, defensive, dynamic.
explain-detail-pv = linha
explain-detail-themes = temas
explain-detail-metrics = métricas
explain-metrics = concretude { $concreteness }% risco { $risk } estabilidade { $stability } estilo { $style ->
    [aggressive] agressivo
    [positional] posicional
    [tactical] tático
    [defensive] defensivo
   *[dynamic] dinâmico
  }
# As linhas da dica enquanto o computador pensa e a legenda das casas numeradas
# (src/ui/explanation.rs).
thinking-score = avaliação{" "}
thinking-depth = {" "}· profundidade{" "}
thinking-nodes = nós{" "}
thinking-line = linha{" "}
marks-legend = linha no tabuleiro{" "}
# O terminal, a tarefa do motor e a revisão de uma partida terminada (src/play.rs, src/shell.rs).
play-no-terminal = não foi possível preparar o terminal
play-engine-no-start = não foi possível iniciar o motor: { $error }
play-review-unreadable = a revisão falhou: não foi possível ler a partida de volta

# The names of the explanation themes (src/explain/themes/), shown on the advanced level's
# "themes:" line; an unknown id shows as it is.
theme-name = { $id ->
    [development] desenvolvimento
    [rook_activation] torre ativada
    [rook_open_file] torre na coluna aberta
    [rook_seventh] torre na sétima
    [connected_rooks] torres conectadas
    [knight_outpost] posto avançado do cavalo
    [knight_centralisation] cavalo rumo ao centro
    [bishop_long_diagonal] bispo na grande diagonal
    [mobility_gain] mais mobilidade
    [knight_on_rim] cavalo na borda
    [early_queen] dama cedo demais
    [same_piece_twice] mesma peça duas vezes
    [premature_attack] ataque prematuro
    [bad_bishop] bispo ruim
    [opening] abertura
    [middlegame] meio-jogo
    [endgame] final
    [pawn_endgame] final de peões
    [rook_endgame] final de torres
    [bishop_endgame] final de bispos
    [knight_endgame] final de cavalos
    [queen_endgame] final de damas
    [queen_rook_endgame] final de dama e torre
    [king_activity] rei ativo
    [opposition] oposição
    [rook_behind_passer] torre atrás do peão passado
    [cut_off_king] rei cortado
    [castling] roque
    [exposed_king] rei exposto
    [kingside_attack] ataque na ala do rei
    [queenside_attack] ataque na ala da dama
    [king_zone_pressure] pressão perto do rei
    [open_line_to_king] linha aberta para o rei
    [luft] casa de escape
    [king_shelter_weakened] abrigo do rei enfraquecido
    [castling_rights_lost] perda do direito de roque
    [back_rank_weakness] fraqueza da última fileira
    [material_gain] ganho de material
    [exchange_sacrifice] sacrifício de qualidade
    [equal_trade] troca equilibrada
    [material_loss] perda de material
    [mate] mate
    [mate_in_1] mate em 1
    [mate_in_2] mate em 2
    [mate_in_3] mate em 3
    [mate_in_4] mate em 4
    [mate_in_5] mate em 5
    [back_rank_mate] mate na última fileira
    [smothered_mate] mate sufocado
    [anastasia_mate] mate de Anastácia
    [arabian_mate] mate árabe
    [hook_mate] mate do gancho
    [boden_mate] mate de Boden
    [double_bishop_mate] mate dos dois bispos
    [dovetail_mate] mate da cauda de andorinha
    [passed_pawn_created] peão passado criado
    [passed_pawn_advance] avanço do peão passado
    [pawn_break] ruptura de peões
    [centre_control] controle do centro
    [pawn_centre] centro de peões
    [space_gain] ganho de espaço
    [flank_pawn_advance] avanço de peão na ala
    [doubled_pawn_created] peões dobrados
    [isolated_pawn_created] peão isolado
    [backward_pawn_created] peão atrasado
    [pawn_islands_increase] mais ilhas de peões
    [bishop_pair] par de bispos
    [simplification_when_ahead] simplificação com vantagem
    [recapture_towards_centre] recaptura rumo ao centro
    [fork] garfo
    [king_fork] garfo do rei
    [pin_absolute] cravada absoluta
    [pin_relative] cravada relativa
    [skewer] espeto
    [xray_attack] ataque em raio X
    [discovered_attack] ataque descoberto
    [discovered_check] xeque descoberto
    [double_check] xeque duplo
    [hanging_piece_capture] captura de peça solta
    [trapped_piece] peça presa
    [sacrifice] sacrifício
    [deflection] desvio
    [attraction] atração
    [interference] interferência
    [clearance] liberação de casa
    [capturing_defender] captura do defensor
    [recapture] recaptura
    [overloading] sobrecarga
    [intermezzo] lance intermediário
    [quiet_move] lance tranquilo
    [defensive_move] lance defensivo
    [collinear_move] lance na mesma linha
    [advanced_pawn] peão avançado
    [promotion] promoção
    [under_promotion] subpromoção
    [en_passant] en passant
    [attacking_f2f7] ataque a f2/f7
    [check] xeque
    [attacks_piece] ataque a peça
    [defends_piece] defesa de peça
    [wins_material] ganha material
    [perpetual_check] xeque perpétuo
    [desperado] desperado
   *[other] { $id }
}

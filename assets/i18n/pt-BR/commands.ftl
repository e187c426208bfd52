# As mensagens da tela de jogo: suas teclas e comandos `:` (src/app/actions.rs,
# src/app/command.rs). $outcome: como a partida terminou; $side: o nome de um lado; $score: uma
# avaliação em peões.

play-over-new-or-undo = a partida terminou ({ $outcome }); n começa uma nova, u volta um lance
play-engine-to-move = é a vez do computador; s o faz jogar agora
play-level-set = nível { $level } a partir do próximo lance do computador
play-copied = { $fen } (copiada)
play-position-set = { $note }posição montada
play-already-over = a partida já terminou
play-already-over-outcome = a partida já terminou ({ $outcome })
play-game-over = a partida terminou
play-took-back-resignation = abandono desfeito: a partida continua
play-took-back-draw = acordo de empate desfeito: a partida continua
play-nothing-to-take-back = não há lance para voltar
play-took-back = seu lance foi desfeito
play-nothing-to-redo = nada para refazer
play-archived-unanalysed = a última partida foi arquivada com { $missing } { $missing ->
    [one] lance ainda não analisado
   *[other] lances ainda não analisados
  } ·{" "}
play-new-game = { $note }nova partida{ $game ->
    [chess] {""}
   *[pawn-battle] {" "}de Batalha de Peões
  }: você joga com as { $side }, nível { $level }
play-hint-not-your-move = as dicas são para o seu lance; é a vez do computador
play-hint-already = já estou pensando numa dica
play-hint-looking = procurando um bom lance…
play-draw-not-judged = o computador recusa por enquanto: ainda não avaliou esta posição (ofereça de novo quando o último lance estiver analisado)
play-draw-declined = o computador recusa o empate: considera sua posição melhor ({ $score } para ele)
play-draw-accepted = o computador aceita o empate: { $why ->
    [equal] a posição está totalmente igual
   *[worse] a posição dele é pior
  } ({ $score } para ele)
play-engine-moves-now = o computador joga agora; você joga com as { $side }
command-no-argument = :{ $command } não aceita argumento
command-level-range = :{ $command } aceita um número de { $min } a { $max }, não "{ $text }"
command-load-path = :{ $command } precisa do caminho de um arquivo

## Os nomes dos comandos `:` (src/app/command.rs): uma ou mais palavras separadas por espaços;
## a primeira é a que a ajuda e as mensagens mostram. Acentos são opcionais ao digitar, e os
## nomes em inglês também valem.
command-name-new = nova
command-name-flip = girar virar
command-name-level = nível
command-name-fen = fen
command-name-save = salvar gravar
command-name-load = abrir carregar
command-name-resign = abandonar desistir
command-name-draw = empate empatar
command-name-pgn = pgn
command-name-quit = sair
command-name-hint = dica
command-name-help = ajuda
command-name-edit = editar
command-name-feedback = opinião

# O editor de posição (src/editor/text.rs, src/ui/editor.rs). $color: white, black; $role:
# pawn, knight, bishop, rook, queen, king; $game: o nome de um jogo (game-chess, game-pawn-battle).

editor-title = Editor de posição
editor-help-title = Teclas do editor de posição
editor-play-title = Jogar a partir daqui
editor-fen-set = posição montada a partir da FEN
editor-fen-set-illegal = posição montada a partir da FEN; ela ainda não é legal (veja o painel)
editor-nothing-to-paste = nada para colar: primeiro x recorta a peça sob o cursor
editor-nothing-to-undo = nada para desfazer
editor-nothing-to-redo = nada para refazer
editor-no-en-passant = nenhuma captura en passant é possível aqui: é preciso um peão que acabou de avançar duas casas ao lado de um peão do lado que joga
editor-legal = posição legal: ⏎ jogar daqui · a analisar
editor-legal-pawn-battle = posição legal: ⏎ jogar daqui · a tabuleiro de análise
editor-no-castling-pawn-battle = a Batalha de Peões não tem roque (nem reis)
editor-castling-pawn-battle = roque: não há na Batalha de Peões
editor-castling = roque{" "}
editor-castling-none = nenhum possível
editor-castling-white = B
editor-castling-black = P
editor-illegal-heading = posição ilegal (só se joga depois de corrigi-la):
editor-analysing = analisando…
editor-keys-fen = digite ou cole uma FEN · ⏎ montar · esc cancelar
editor-brush-erase = apagar
editor-brush-move = mover
editor-empty-square = a casa { $square } está vazia
editor-cut = { $role ->
    [pawn] peão { $color ->
        [white] branco
       *[black] preto
      } recortado
    [knight] cavalo { $color ->
        [white] branco
       *[black] preto
      } recortado
    [bishop] bispo { $color ->
        [white] branco
       *[black] preto
      } recortado
    [rook] torre { $color ->
        [white] branca
       *[black] preta
      } recortada
    [queen] dama { $color ->
        [white] branca
       *[black] preta
      } recortada
   *[king] rei { $color ->
        [white] branco
       *[black] preto
      } recortado
  } de { $square }: v cola
editor-castling-impossible = as { $color ->
    [white] Brancas
   *[black] Pretas
  } não podem fazer o roque { $side }: o rei precisa estar em { $king } e a torre em { $rook }
editor-role-not-offered = a Batalha de Peões não tem { $role ->
    [pawn] peões
    [knight] cavalos
    [bishop] bispos
    [rook] torres
    [queen] damas
   *[king] reis
  }: só torres (R r) e peões (P p); g volta ao xadrez
editor-variant-line = jogo: { $game } (g)
editor-variant-set = { $game }: posição inicial (u desfaz)
editor-copied = { $fen } (copiada)
editor-illegal = posição ilegal: { $reasons }
editor-no-move = as { $color ->
    [white] Brancas
   *[black] Pretas
  } têm a vez e { $check ->
    [yes] levaram xeque-mate
   *[no] estão afogadas
  }: não há o que jogar
editor-no-move-pawn-battle = as { $color ->
    [white] Brancas
   *[black] Pretas
  } têm a vez, mas nenhum lance, e por isso perderam: não há o que jogar
editor-side-to-move = vez das { $color ->
    [white] Brancas
   *[black] Pretas
  } (t)
editor-move-numbers = lance { $fullmoves } (+/-) · regra dos 50: { $halfmoves } meios-lances ([/])
editor-en-passant = en passant em { $square } (e)
editor-en-passant-none = en passant: nenhum possível
editor-en-passant-choices = en passant: nenhum ({ $choices ->
    [one] 1 possível
   *[other] { $choices } possíveis
  }, e)
editor-best = melhor: { $san }
editor-analysis-failed = a análise falhou: { $why }
editor-status = Editor de posição · vez das { $color ->
    [white] Brancas
   *[black] Pretas
  } · { $legal ->
    [yes] legal
   *[no] ilegal
  }
editor-play-keys = { $start } começa · { $cancel } cancela
editor-level-range = (1 mais fraco – { $max } mais forte)

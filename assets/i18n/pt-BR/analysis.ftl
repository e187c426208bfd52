# O tabuleiro de análise (src/analysis_board/text.rs, src/ui/analysis_board.rs). $outcome: como
# a partida terminou (outcome-wins, outcome-draw); $side: o nome de um lado; $path: um arquivo.

analysis-moves-title = Análise
analysis-engine-title = Computador · 3 melhores
analysis-explanation-title = O melhor lance explicado
analysis-engine-stopped = computador parado: g o liga
analysis-engine-starting = pensando…
analysis-no-moves = nenhum lance legal: a partida termina aqui
analysis-default-file = analise.pgn
analysis-save-label = salvar como:{" "}
analysis-keys-prompt = um lance ({ $example }) ou save [ARQUIVO] · ⏎ executar · esc cancelar
analysis-keys-save = o arquivo PGN a gravar · ⏎ salvar · esc cancelar
analysis-help-title = Teclas do tabuleiro de análise
analysis-at-start = na posição inicial
analysis-at-end = no fim desta linha
analysis-no-sibling = nenhum outro lance foi tentado aqui
analysis-on-main-line = já na linha principal
analysis-promoted = esta variante agora é a linha principal
analysis-deleted = lance apagado com tudo o que veio depois
analysis-new-variation = nova variante
analysis-saved = análise salva em { $path }
analysis-save-failed = não foi possível salvar: { $why }; tente outro nome de arquivo (w)
analysis-no-file-name = nenhum nome de arquivo foi dado
analysis-replace-question = { $path } já existe. Substituir? (y sim, n não)
analysis-kept = { $path } mantido; nada foi gravado
analysis-not-understood = { $input }: { $why } (digite um lance como { $example }, ou save ARQUIVO)
analysis-game-over-here = a partida termina aqui ({ $outcome }); , volta, [ ] e x mudam a linha
analysis-game-over-panel = fim de partida: { $outcome }
analysis-engine-heading = prof. { $depth }{ $state ->
    [stopped] {" "}· parado (g)
    [running] …
   *[final] {" "}· final
  } · avaliação para as { $side }
analysis-best-explained = A melhor linha:
analysis-engine-failed = o computador falhou: { $why }; g o liga de novo
analysis-position = vez das { $side } · meio-lance { $ply } · { $main ->
    [yes] linha principal
   *[no] variante
  }
analysis-position-over = { $outcome } · meio-lance { $ply } · { $main ->
    [yes] linha principal
   *[no] variante
  }
analysis-keys-replace = { $yes } substituir · { $no } manter o arquivo

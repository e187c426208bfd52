# Opinião sobre uma explicação (src/feedback.rs, src/app/feedback.rs, src/review/screen.rs).
# $san: o lance explicado (SAN); $verdict: wrong, unclear ou helpful; $word: o que foi digitado.
# As letras w, u e h são as mesmas em todas as línguas.

feedback-prompt-label = opinião:{" "}
feedback-prompt-help = w errada · u confusa · h útil, e uma nota se quiser; Enter guarda, Esc cancela
feedback-needs-db = as opiniões ficam no banco de posições, que está desligado nesta execução (--no-db ou database.enabled = false): rode sem --no-db e com database.enabled = true para dar sua opinião
feedback-kept = guardada: { $san } marcado como { $verdict ->
    [wrong] errado
    [unclear] confuso
   *[helpful] útil
  } (kibitzer feedback list mostra, export grava)
feedback-no-verdict = diga primeiro o que achou da explicação: w (errada), u (confusa) ou h (útil), e uma nota se quiser
feedback-bad-verdict = "{ $word }" não é uma opinião: comece com w (errada), u (confusa) ou h (útil), e uma nota se quiser
feedback-nothing-shown = nenhuma explicação na tela: a opinião é sobre a explicação de um lance (jogue um, ou avance até um com as teclas de navegação)
feedback-not-yet = este lance ainda não tem explicação: espere por ela e dê sua opinião
feedback-hint-not-yet = a dica ainda não tem explicação: espere por ela
feedback-no-text = este lance não tem explicação para opinar
feedback-review-start = nenhuma explicação na posição inicial: avance até um lance para dar sua opinião
feedback-review-not-analysed = este lance ainda não foi analisado: a explicação vem primeiro
feedback-not-kept = a opinião não pôde ser guardada em { $file }: { $why }

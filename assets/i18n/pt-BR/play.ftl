# Tela de jogo (src/ui/status.rs, src/ui/dialogs.rs)

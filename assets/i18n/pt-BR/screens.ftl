# Palavras de várias telas (src/ui/move_list.rs, …).

moves-none = nenhum lance ainda

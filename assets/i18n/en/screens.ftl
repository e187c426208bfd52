# Words shared by several screens (src/ui/move_list.rs, …).

moves-none = no moves yet

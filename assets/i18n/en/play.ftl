# Play screen (src/ui/status.rs, src/ui/dialogs.rs)

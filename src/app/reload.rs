//! A configuration reloaded while playing: the settings and keymaps in force from now on.

use super::*;

impl<P: Playable> App<P> {
    pub(super) fn on_config(&mut self, config: Config) {
        let old = &self.config.engine;
        let engine_changed = *old != config.engine
            || self.config.eval != config.eval
            || self.config.pawn_battle != config.pawn_battle;
        let text = if engine_changed {
            format!(
                "config reloaded: level {} from the engine's next move",
                config.engine.level
            )
        } else {
            "config reloaded".to_owned()
        };
        self.keys = crate::keys::Keymaps::of(&config.keys);
        self.config = config;
        self.info(text);
    }
}

//! A configuration reloaded while playing: the settings and keymaps in force from now on.

use super::*;

impl<P: Playable> App<P> {
    pub(super) fn on_config(&mut self, config: Config) {
        let old = &self.config.engine;
        let engine_changed = *old != config.engine
            || self.config.eval != config.eval
            || self.config.pawn_battle != config.pawn_battle;
        let text = if engine_changed {
            tr(
                "play-config-reloaded-level",
                &[("level", config.engine.level.into())],
            )
        } else {
            t("play-config-reloaded")
        };
        self.keys = crate::keys::Keymaps::of(&config.keys);
        self.config = config;
        self.info(text);
    }
}

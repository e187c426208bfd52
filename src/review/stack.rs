//! The review's screens on the shell's stack: a review of either game
//! ([`screen::Screen<P>`](super::screen::Screen)) and the game picker of a file
//! ([`PickerScreen`]) as [`Screen`]s.

use std::path::PathBuf;

use ratatui::Frame;

use super::picker::{Choice, Picker};
use super::screen::{OnScreen, Screen as ReviewScreen};
use crate::screen::{Context, Effect, Event, Kind, ReviewReport, ReviewWork, Screen, View};

impl<P: OnScreen> Screen for ReviewScreen<P> {
    fn kind(&self) -> Kind {
        Kind::Review(P::VARIANT)
    }

    /// A review started again (another analyst) gets a new id, so the old one's reports still
    /// in the channel are dropped. The explanation panel's scroll is clamped to what the
    /// drawing can show ([`crate::ui::review::max_scroll`]).
    fn update(&mut self, event: Event, cx: &mut Context) -> Vec<Effect> {
        self.set_keys(cx.keys);
        let mut fx = ReviewScreen::update(self, event, cx.area);
        if self.scroll > 0 {
            let max = crate::ui::review::max_scroll(self);
            self.clamp_scroll(max);
        }
        for effect in &mut fx {
            if let Effect::ReviewWork(ReviewWork::Start { id, .. }) = effect {
                *id = cx.analyses.next_id();
                self.renumber(*id);
            }
        }
        fx
    }

    fn render(&self, frame: &mut Frame, _view: &View) {
        crate::ui::review::render(frame, self);
    }

    fn waits_for(&self, event: &Event) -> bool {
        matches!(event, Event::ReviewReport(
            ReviewReport::Analysis(id, _) | ReviewReport::Verdict { review: id, .. },
        ) if *id == self.id())
            || matches!(event, Event::Feedback(_))
    }

    fn closed(&self) -> Vec<Effect> {
        vec![Effect::ReviewWork(ReviewWork::Cancel(self.id()))]
    }

    fn boxed(&self) -> Box<dyn Screen> {
        Box::new(self.clone())
    }
}

/// The game picker of a file: the [`Picker`] and the file it lists.
#[derive(Debug, Clone)]
pub struct PickerScreen {
    /// The picker's model.
    pub picker: Picker,
    /// The file.
    file: PathBuf,
}

impl PickerScreen {
    /// The picker of `file`, called `name`.
    #[must_use]
    pub fn new(file: PathBuf, name: &str) -> PickerScreen {
        PickerScreen {
            picker: Picker::new(name),
            file,
        }
    }
}

impl Screen for PickerScreen {
    fn kind(&self) -> Kind {
        Kind::Picker
    }

    fn update(&mut self, event: Event, cx: &mut Context) -> Vec<Effect> {
        self.picker.set_keys(cx.keys);
        let choice = match event {
            Event::Key(k) => self.picker.key(k, cx.area),
            Event::Mouse(m) => self.picker.mouse(m, cx.area),
            Event::ReviewReport(ReviewReport::Scan(e)) => {
                self.picker.apply(e);
                Choice::Stay
            }
            Event::ReviewReport(ReviewReport::GameRead(_, Err(why))) => {
                self.picker.say(why);
                Choice::Stay
            }
            _ => Choice::Stay,
        };
        match choice {
            Choice::Open(n) => vec![Effect::ReviewWork(ReviewWork::Read(self.file.clone(), n))],
            Choice::Quit => vec![Effect::CloseScreen],
            Choice::Stay => Vec::new(),
        }
    }

    fn render(&self, frame: &mut Frame, view: &View) {
        self.picker.render(frame, view.theme);
    }

    fn waits_for(&self, event: &Event) -> bool {
        matches!(
            event,
            Event::ReviewReport(ReviewReport::Scan(_) | ReviewReport::GameRead(_, Err(_)))
        )
    }

    fn boxed(&self) -> Box<dyn Screen> {
        Box::new(self.clone())
    }
}

//! A background thread with a cancel flag: the shape every long computation off the interface
//! thread takes (an analysis, a game review). Dropping a [`Job`] cancels it and joins its thread,
//! so closing a screen or quitting always stops the work cleanly.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// A running computation on its own thread, producing a `T`.
#[derive(Debug)]
pub struct Job<T> {
    cancel: Arc<AtomicBool>,
    thread: Option<JoinHandle<T>>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a thread called `name`; `work` receives the cancel flag and should
    /// check it (the engine's search does, every 2,048 nodes).
    ///
    /// # Errors
    /// When the operating system cannot start a thread.
    pub fn spawn(
        name: &str,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> io::Result<Job<T>> {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let thread = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || work(&flag))?;
        Ok(Job {
            cancel,
            thread: Some(thread),
        })
    }
}

impl<T> Job<T> {
    /// Asks the work to stop.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether the thread has finished.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Waits for the work to end without cancelling it; `None` if it panicked (the panic hook
    /// has already reported it).
    pub fn wait(mut self) -> Option<T> {
        self.thread.take().and_then(|t| t.join().ok())
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wait_returns_the_result_and_drop_cancels() {
        let job = Job::spawn("test", |_| 7).unwrap();
        assert_eq!(job.wait(), Some(7));
        let (tx, rx) = std::sync::mpsc::channel();
        let job = Job::spawn("test", move |stop: &AtomicBool| {
            while !stop.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
            let _ = tx.send("cancelled");
        })
        .unwrap();
        drop(job);
        assert_eq!(rx.recv().unwrap(), "cancelled");
    }
}

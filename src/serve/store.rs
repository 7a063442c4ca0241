//! The open sessions, by random id, with least-recently-used eviction.
//!
//! Ids are 128 random bits (32 hex digits), so no other page can guess
//! one. Past the most sessions kept, a new one drops the session used
//! least recently, but never one whose computer turn is running nor one
//! used within the protection window: when every session is protected,
//! the new one is refused (503). The ids of dropped sessions are
//! remembered (the latest ones), so that a page still using one is told
//! its game was closed (410, `"evicted": true`) instead of "no session".

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use super::error::ApiError;
use super::guard::random_hex;

/// How many sessions are kept and which are never evicted.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Most sessions kept.
    pub max_sessions: usize,
    /// A session used within this time is never evicted.
    pub keep_recent: Duration,
}

/// How many ids of evicted sessions are remembered.
const EVICTED_KEPT: usize = 4096;

struct Entry<S> {
    session: S,
    used: Instant,
    /// Computer turns running on it.
    thinking: usize,
}

/// The sessions (`S` is [`super::session::Session`] in the server).
pub struct Store<S> {
    entries: HashMap<String, Entry<S>>,
    evicted: VecDeque<String>,
    limits: Limits,
}

impl<S> Store<S> {
    /// An empty store.
    pub fn new(limits: Limits) -> Store<S> {
        Store {
            entries: HashMap::new(),
            evicted: VecDeque::new(),
            limits,
        }
    }

    /// How many sessions are open.
    #[cfg(test)] // read by the tests beside the page
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Adds `session` under a new random id, evicting the least recently
    /// used unprotected session when the store is full.
    pub fn insert(&mut self, session: S, now: Instant) -> Result<String, ApiError> {
        if self.entries.len() >= self.limits.max_sessions {
            self.evict_one(now)?;
        }
        let mut id = random_hex();
        while self.entries.contains_key(&id) {
            id = random_hex();
        }
        let entry = Entry {
            session,
            used: now,
            thinking: 0,
        };
        self.entries.insert(id.clone(), entry);
        Ok(id)
    }

    fn evict_one(&mut self, now: Instant) -> Result<(), ApiError> {
        let keep = self.limits.keep_recent;
        let victim = self
            .entries
            .iter()
            .filter(|(_, e)| e.thinking == 0 && now.saturating_duration_since(e.used) >= keep)
            .min_by_key(|(_, e)| e.used)
            .map(|(id, _)| id.clone());
        let Some(id) = victim else {
            return Err(ApiError::busy(format!(
                "too many games in use: the server keeps {} and each was used in the last {} s \
                 or has a computer turn running; try again later",
                self.limits.max_sessions,
                keep.as_secs()
            )));
        };
        self.entries.remove(&id);
        if self.evicted.len() >= EVICTED_KEPT {
            self.evicted.pop_front();
        }
        self.evicted.push_back(id);
        Ok(())
    }

    /// Session `id`, marked as used at `now`.
    pub fn get(&mut self, id: &str, now: Instant) -> Result<&mut S, ApiError> {
        let evicted = self.evicted.iter().any(|e| e == id);
        match self.entries.get_mut(id) {
            Some(e) => {
                e.used = now;
                Ok(&mut e.session)
            }
            None if evicted => Err(ApiError::evicted(format!(
                "this game was closed to make room for newer ones (at most {} stay open): \
                 start a new game",
                self.limits.max_sessions
            ))),
            None => Err(ApiError::not_found(format!("no session {}", short(id)))),
        }
    }

    /// Counts a computer turn starting (`+1`) or ending (`-1`) on `id`.
    pub fn thinking(&mut self, id: &str, starts: bool) {
        if let Some(e) = self.entries.get_mut(id) {
            if starts {
                e.thinking += 1;
            } else {
                e.thinking = e.thinking.saturating_sub(1);
            }
        }
    }
}

/// An id as quoted in an error (short).
fn short(id: &str) -> String {
    let cut: String = id.chars().take(40).collect();
    if cut.len() < id.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(max: usize, keep_secs: u64) -> Store<u32> {
        Store::new(Limits {
            max_sessions: max,
            keep_recent: Duration::from_secs(keep_secs),
        })
    }

    #[test]
    fn the_least_recently_used_goes_first() {
        let mut s = store(2, 60);
        let t0 = Instant::now();
        let a = s.insert(1, t0).unwrap();
        let b = s.insert(2, t0 + Duration::from_secs(1)).unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        // a used again after b: b is the least recent.
        assert_eq!(*s.get(&a, t0 + Duration::from_secs(2)).unwrap(), 1);
        // Within the window both are protected.
        let e = s.insert(3, t0 + Duration::from_secs(30)).unwrap_err();
        assert_eq!(e.status().as_u16(), 503);
        let c = s.insert(3, t0 + Duration::from_secs(100)).unwrap();
        assert_eq!(s.len(), 2);
        let later = t0 + Duration::from_secs(101);
        assert_eq!(s.get(&b, later).unwrap_err().status().as_u16(), 410);
        assert_eq!(*s.get(&a, later).unwrap(), 1);
        assert_eq!(*s.get(&c, later).unwrap(), 3);
        assert_eq!(s.get("nope", later).unwrap_err().status().as_u16(), 404);
    }

    #[test]
    fn a_session_whose_computer_is_thinking_stays() {
        let mut s = store(1, 0);
        let t0 = Instant::now();
        let a = s.insert(1, t0).unwrap();
        s.thinking(&a, true);
        let e = s.insert(2, t0 + Duration::from_secs(9)).unwrap_err();
        assert!(e.message().contains("too many games"), "{}", e.message());
        s.thinking(&a, false);
        s.insert(2, t0 + Duration::from_secs(9)).unwrap();
        assert_eq!(s.get(&a, t0).unwrap_err().status().as_u16(), 410);
    }
}

//! Computer turns, thought on a bounded number of threads.
//!
//! Each turn thinks on tokio's blocking pool, off the threads that answer
//! requests, for at most [`AI_TURN_LIMIT`]. At most the pool's cap of turns
//! think at once: a request beyond is refused at once (503, a JSON
//! error; the page asks again a moment later) instead of starting
//! another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use super::error::ApiError;
use ludic::engine::{Move, State};
use ludic::players::{PlayerSpec, seeded_rng};

/// Longest a computer turn may think, whatever its seat's budget
/// (`ab:50`, `mcts:4000000000`): the search stops and plays the best
/// turn it has found (docs/serve.md).
pub const AI_TURN_LIMIT: Duration = Duration::from_secs(10);

/// The count of computer turns thinking, and its cap.
pub struct AiPool {
    busy: Arc<AtomicUsize>,
    cap: usize,
}

/// A place in the pool, given back when dropped.
pub struct Permit(Arc<AtomicUsize>);

impl Drop for Permit {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What a computer turn starts from: the position, the seat's player,
/// the session's version, the seed and the flag that stops it.
pub struct Request {
    /// The position to play from.
    pub state: State,
    /// The seat's player.
    pub spec: PlayerSpec,
    /// The session's version it answers.
    pub version: u64,
    /// The seed of its random choices.
    pub seed: u64,
    /// Set, the search stops and answers with what it has found
    /// ([`ludic::players::Agent::set_stop`]): a cancel, a changed
    /// position, a request gone.
    pub stop: Arc<AtomicBool>,
}

/// Sets its flag when dropped: a search whose request is gone (the
/// page went away or cancelled) stops.
pub struct StopOnDrop(pub Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl AiPool {
    /// A pool of `cap` (at least 1) turns at once.
    pub fn new(cap: usize) -> AiPool {
        AiPool {
            busy: Arc::new(AtomicUsize::new(0)),
            cap: cap.max(1),
        }
    }

    /// A place in the pool, or a 503 when it is full.
    pub fn permit(&self) -> Result<Permit, ApiError> {
        let taken = self
            .busy
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.cap).then_some(n + 1)
            });
        match taken {
            Ok(_) => Ok(Permit(self.busy.clone())),
            Err(_) => Err(ApiError::busy(format!(
                "the computer is already thinking on {} turns (the most at once); try again",
                self.cap
            ))),
        }
    }
}

/// Thinks on the blocking pool, holding `permit` until the search ends
/// (at the player's budget, the cap, or as soon as `req.stop` is set);
/// the turn chosen, or `None` when there is no legal turn.
pub async fn think(permit: Permit, req: Request) -> Result<Option<Vec<Move>>, ApiError> {
    Ok(search(permit, req, false)
        .await?
        .map(|mut line| line.swap_remove(0)))
}

/// [`think`], answering the line the search expects
/// ([`ludic::players::Agent::line`]): the turn chosen first, then the
/// replies it foresees; `None` when there is no legal turn.
pub async fn think_line(permit: Permit, req: Request) -> Result<Option<Vec<Vec<Move>>>, ApiError> {
    search(permit, req, true).await
}

/// The search of [`think`] and [`think_line`]: the turn chosen, alone or
/// (`line`) followed by the line the player expects.
async fn search(
    permit: Permit,
    req: Request,
    line: bool,
) -> Result<Option<Vec<Vec<Move>>>, ApiError> {
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut player = req.spec.build(seeded_rng(req.seed, req.version, 0))?;
        player.limit_time(AI_TURN_LIMIT);
        player.set_stop(req.stop);
        let turns = ludic::players::Turns::of(&req.state);
        if turns.is_empty() {
            return None;
        }
        let i = player.choose(&req.state, &turns);
        let turn = turns.get(i);
        Some(if line {
            player.line(&req.state, turn)
        } else {
            vec![turn.to_vec()]
        })
    })
    .await
    .map_err(|e| {
        ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            format!("the computer player failed: {e}"),
        )
    })
}

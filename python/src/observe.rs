//! Observation planes for learning (`observation_tensor`, OpenSpiel's
//! shape): one plane per piece kind and owner (and stack level where the
//! rules stack pieces), the player to move, the phase and the counters.
//!
//! Planes, in this order, each over the board's cells:
//! 1. pieces: for each owner, each kind (the rules' order), each level
//!    `0..levels` (0 at the bottom): 1.0 where the piece at that level of
//!    the site's stack is of that kind and owner. `levels` is 1 unless the
//!    rules declare a stack limit above 1, then that limit up to
//!    [`MAX_LEVEL_PLANES`];
//! 2. where stacks matter (a declared limit above 1), counts: for each
//!    owner and kind, how many such pieces the site's stack holds (the
//!    levels above the level planes are seen here);
//! 3. where a rule reads `unmoved` (castling), one plane: 1.0 at the
//!    occupied sites whose stack has not moved since the game began;
//! 4. to move: one plane a player, 1.0 everywhere on the mover's;
//! 5. phase: one plane a phase when the turn has more than one, 1.0
//!    everywhere on the current phase's;
//! 6. counters: one plane a counter and player, filled with its value.
//!
//! Cells: a board whose sites fill a rectangle (one site a row and column
//! pair) is `[rows, cols]`, row 0 the top row as `ludic show` prints it
//! and column 0 the leftmost; any other board is `[sites]` in site order
//! (`Game.site_labels`).

use ludic::compile::Game as RGame;
use ludic::engine::State as RState;

/// Most level planes a piece kind and owner get (taller stacks are seen
/// in the count planes).
pub(crate) const MAX_LEVEL_PLANES: usize = 8;

/// Where each plane and cell is, for one game.
pub(crate) struct Layout {
    players: usize,
    kinds: usize,
    levels: usize,
    stacked: bool,
    unmoved: bool,
    phases: usize,
    counters: usize,
    /// `[rows, cols]` on a rectangle, else `[sites]`.
    cells_shape: Vec<usize>,
    /// The cell of each site.
    cell: Vec<usize>,
}

impl Layout {
    /// The layout of `game`'s observation.
    pub(crate) fn of(game: &RGame) -> Layout {
        let stacked = game.stack_limit_declared && game.stack_cap > 1;
        let phases = game.phase_names().len();
        let (cells_shape, cell) = cells(game);
        Layout {
            players: game.num_players(),
            kinds: game.kinds.len(),
            levels: if stacked {
                game.stack_cap.min(MAX_LEVEL_PLANES)
            } else {
                1
            },
            stacked,
            unmoved: game.tracks_unmoved(),
            phases: if phases > 1 { phases } else { 0 },
            counters: game.counters.len(),
            cells_shape,
            cell,
        }
    }

    fn num_cells(&self) -> usize {
        self.cells_shape.iter().product()
    }

    fn piece_planes(&self) -> usize {
        self.players * self.kinds * self.levels
    }

    fn count_planes(&self) -> usize {
        if self.stacked {
            self.players * self.kinds
        } else {
            0
        }
    }

    /// Number of planes.
    pub(crate) fn num_planes(&self) -> usize {
        self.piece_planes()
            + self.count_planes()
            + usize::from(self.unmoved)
            + self.players
            + self.phases
            + self.counters * self.players
    }

    /// OpenSpiel's shape: `[planes, rows, cols]` or `[planes, sites]`.
    pub(crate) fn shape(&self) -> Vec<usize> {
        let mut s = vec![self.num_planes()];
        s.extend(&self.cells_shape);
        s
    }

    /// What each plane shows, in order (`"Black Pawn"`, `"Black Man
    /// level 1"`, `"count White King"`, `"unmoved"`, `"to move: White"`,
    /// `"phase: Place"`, `"counter Hand: Black"`).
    pub(crate) fn names(&self, game: &RGame) -> Vec<String> {
        let player = |p: usize| game.players[p].name.clone();
        let mut out = Vec::with_capacity(self.num_planes());
        for p in 0..self.players {
            for k in &game.kinds {
                for l in 0..self.levels {
                    out.push(if self.stacked {
                        format!("{} {k} level {l}", player(p))
                    } else {
                        format!("{} {k}", player(p))
                    });
                }
            }
        }
        if self.stacked {
            for p in 0..self.players {
                for k in &game.kinds {
                    out.push(format!("count {} {k}", player(p)));
                }
            }
        }
        if self.unmoved {
            out.push("unmoved".to_string());
        }
        out.extend((0..self.players).map(|p| format!("to move: {}", player(p))));
        if self.phases > 0 {
            out.extend(game.phase_names().iter().map(|n| format!("phase: {n}")));
        }
        for c in &game.counters {
            out.extend((0..self.players).map(|p| format!("counter {}: {}", c.name, player(p))));
        }
        out
    }

    /// The planes of `st`, C order.
    pub(crate) fn fill(&self, st: &RState) -> Vec<f32> {
        let game = st.game();
        let n = self.num_cells();
        let mut out = vec![0f32; self.num_planes() * n];
        let counts_at = self.piece_planes();
        for (site, &cell) in self.cell.iter().enumerate() {
            for (level, &piece) in st.stack(site as u16).iter().enumerate() {
                let pk =
                    usize::from(game.owner(piece)) * self.kinds + usize::from(game.kind(piece));
                if level < self.levels {
                    out[(pk * self.levels + level) * n + cell] = 1.0;
                }
                if self.stacked {
                    out[(counts_at + pk) * n + cell] += 1.0;
                }
            }
        }
        let mut at = counts_at + self.count_planes();
        if self.unmoved {
            for (site, &cell) in self.cell.iter().enumerate() {
                let s = site as u16;
                if st.is_unmoved(s) && !st.stack(s).is_empty() {
                    out[at * n + cell] = 1.0;
                }
            }
            at += 1;
        }
        let mover = usize::from(st.current_player()).min(self.players - 1);
        out[(at + mover) * n..][..n].fill(1.0);
        at += self.players;
        if self.phases > 0 {
            let ph = st.phase().min(self.phases - 1);
            out[(at + ph) * n..][..n].fill(1.0);
            at += self.phases;
        }
        for c in 0..self.counters {
            for p in 0..self.players {
                let v = st.counter(c as u8, p as u8) as f32;
                out[(at + c * self.players + p) * n..][..n].fill(v);
            }
        }
        out
    }
}

/// The cells of `game`'s board: `[rows, cols]` with each site's cell when
/// its sites fill a rectangle, else `[sites]` in site order.
fn cells(game: &RGame) -> (Vec<usize>, Vec<usize>) {
    let sites = game.board.sites();
    let linear = (vec![sites.len()], (0..sites.len()).collect());
    let (Some(r0), Some(r1), Some(c0), Some(c1)) = (
        sites.iter().map(|s| s.row).min(),
        sites.iter().map(|s| s.row).max(),
        sites.iter().map(|s| s.col).min(),
        sites.iter().map(|s| s.col).max(),
    ) else {
        return linear;
    };
    let (rows, cols) = ((r1 - r0 + 1) as usize, (c1 - c0 + 1) as usize);
    if rows * cols != sites.len() {
        return linear;
    }
    let cell: Vec<usize> = sites
        .iter()
        .map(|s| (r1 - s.row) as usize * cols + (s.col - c0) as usize)
        .collect();
    let mut seen = vec![false; sites.len()];
    for &c in &cell {
        if std::mem::replace(&mut seen[c], true) {
            return linear;
        }
    }
    (vec![rows, cols], cell)
}

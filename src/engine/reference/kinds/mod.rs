//! The reference's generators and effects of one kind of move each:
//! hops, slides, sowing, rotation, the pie rule's swap, and moves by a
//! die along a track.

pub(crate) mod advance;
pub(crate) mod hop;
pub(crate) mod rotate;
pub(crate) mod slide;
pub(crate) mod sow;
pub(crate) mod swap;

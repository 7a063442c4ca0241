//! The reference's generators and effects of one kind of move each:
//! hops, slides, sowing, rotation, and the pie rule's swap.

pub(crate) mod hop;
pub(crate) mod rotate;
pub(crate) mod slide;
pub(crate) mod sow;
pub(crate) mod swap;

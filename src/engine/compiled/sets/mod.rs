//! Site-set types of the compiled tier.

pub(crate) mod bitpos;
pub(crate) mod bits;
pub(crate) mod boardbits;
pub(crate) mod lattice;
pub(crate) mod raybits;
pub(crate) mod word;

//! TEMP STUB
use super::File;
use crate::diag::Diagnostic;
pub fn parse_file(_s: &str) -> Result<File, Vec<Diagnostic>> { Ok(File::default()) }

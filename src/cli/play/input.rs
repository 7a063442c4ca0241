//! Lines typed at the `play` prompt. They are read as bytes: a line that is
//! not UTF-8 or is longer than [`MAX_LINE`] is refused with a message and
//! the game goes on (it is never kept whole in memory).

use super::super::util::Fail;
use std::io::{BufRead, ErrorKind};

/// The longest line read at the prompt, in bytes (64 KiB).
pub const MAX_LINE: usize = 64 * 1024;

/// One line read from the player.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its end of line.
    Text(String),
    /// A refused line: why.
    Refused(String),
    /// The end of the input.
    End,
}

/// Reads the next line of `r`: its text, a refusal (too long, not UTF-8)
/// or the end of the input.
pub fn read_line(r: &mut impl BufRead) -> Result<Line, Fail> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(Fail(format!("reading the input: {e}"))),
        };
        if chunk.is_empty() {
            if !any {
                return Ok(Line::End);
            }
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > MAX_LINE + 2 {
                too_long = true;
                buf = Vec::new();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        r.consume(take);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Line::Refused(format!(
            "line refused: longer than {} KiB",
            MAX_LINE / 1024
        )));
    }
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    if buf.len() > MAX_LINE {
        return Ok(Line::Refused(format!(
            "line refused: longer than {} KiB",
            MAX_LINE / 1024
        )));
    }
    match String::from_utf8(buf) {
        Ok(s) => Ok(Line::Text(s)),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let byte = e.as_bytes()[at];
            Ok(Line::Refused(format!(
                "line refused: it is not UTF-8 text (byte 0x{byte:02x} at column {})",
                at + 1
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Line> {
        let mut r = std::io::BufReader::with_capacity(16, input);
        let mut out = Vec::new();
        loop {
            let l = read_line(&mut r).unwrap();
            if l == Line::End {
                return out;
            }
            out.push(l);
        }
    }

    #[test]
    fn a_bad_byte_or_a_long_line_is_refused_and_the_next_line_is_read() {
        let mut input = b"11-15\r\n\xffab\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        input.extend(b"\nquit");
        let got = lines(&input);
        assert_eq!(got.len(), 4, "{got:?}");
        assert_eq!(got[0], Line::Text("11-15".into()));
        assert!(
            matches!(&got[1], Line::Refused(m) if m.contains("0xff at column 1")),
            "{got:?}"
        );
        assert!(matches!(&got[2], Line::Refused(m) if m.contains("64 KiB")));
        assert_eq!(got[3], Line::Text("quit".into()));
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_read() {
        let mut input = vec![b'a'; MAX_LINE];
        input.push(b'\n');
        assert_eq!(lines(&input), vec![Line::Text("a".repeat(MAX_LINE))]);
    }
}

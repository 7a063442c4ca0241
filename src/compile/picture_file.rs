//! A piece's picture from an SVG file beside the rule file
//! (`(piece "Star" picture:"star.svg")`), read safely: the spelling is a
//! path inside the rule file's folder (no `..`, no absolute path, no
//! link that leads out of it), at most [`MAX_SVG`] bytes of UTF-8 text
//! whose first element is `<svg`, with no document type (no entities).
//! The text is never put into a page as markup: the board draws it as an
//! image from a `data:` address ([`data_url`]), where a browser runs no
//! script and fetches nothing.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use super::variant::Assembled;
use crate::diag::Diagnostic;
use crate::syntax::Span;

/// Largest picture file read: 64 KiB.
pub const MAX_SVG: u64 = 64 << 10;

/// Whether a `picture:` spelling names an SVG file (it ends in `.svg`,
/// in any case) rather than a built-in picture.
pub fn is_file(spelling: &str) -> bool {
    spelling.len() > 4 && spelling[spelling.len() - 4..].eq_ignore_ascii_case(".svg")
}

/// Reads each kind's picture file named in `assembled` (`pending`: the
/// kind and the span of its spelling), relative to the folder of the file
/// the spelling is in. Returns each kind's SVG text (`None` for a
/// built-in picture), or one error per picture refused.
pub fn read_all(
    assembled: &Assembled,
    spellings: &[Option<String>],
    pending: &[(usize, Span)],
) -> (Vec<Option<Arc<str>>>, Vec<Diagnostic>) {
    let mut svgs = vec![None; spellings.len()];
    let mut errors = Vec::new();
    for &(kind, span) in pending {
        let Some(Some(spelling)) = spellings.get(kind) else {
            continue;
        };
        let file = assembled
            .parts
            .iter()
            .rev()
            .find(|(_, at)| *at <= span.start as usize)
            .map_or("", |(f, _)| f.as_str());
        let dir = Path::new(file).parent().unwrap_or(Path::new(""));
        match read(dir, spelling) {
            Ok(text) => svgs[kind] = Some(text),
            Err((message, help)) => {
                errors.push(Diagnostic::error(span, message, "this picture").with_help(help))
            }
        }
    }
    (svgs, errors)
}

/// The SVG text of `spelling` in folder `dir`; an error is a message and
/// a help line.
fn read(dir: &Path, spelling: &str) -> Result<Arc<str>, (String, String)> {
    let inside = "a picture file is a relative path inside the rule file's folder (`star.svg`, `pieces/star.svg`)";
    let path = Path::new(spelling);
    // `./star.svg` is the folder's own; `..` may climb out, so it is
    // refused wherever it stands.
    let plain = path
        .components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        && path.components().any(|c| matches!(c, Component::Normal(_)));
    if !plain || spelling.contains('\\') || spelling.contains(':') {
        return Err((
            format!("picture `{spelling}` is outside the rule file's folder"),
            inside.to_string(),
        ));
    }
    let full = dir.join(path);
    let shown = full.display().to_string();
    let meta = std::fs::metadata(&full).map_err(|e| {
        (
            format!("picture `{spelling}` cannot be read ({shown}: {e})"),
            inside.to_string(),
        )
    })?;
    if !meta.is_file() {
        return Err((
            format!("picture `{spelling}` is not a regular file"),
            inside.to_string(),
        ));
    }
    // A link inside the folder must not lead out of it.
    let folder = canonical(dir)?;
    let real = canonical(&full)?;
    if !real.starts_with(&folder) {
        return Err((
            format!("picture `{spelling}` leads outside the rule file's folder"),
            inside.to_string(),
        ));
    }
    if meta.len() > MAX_SVG {
        return Err((
            format!("picture `{spelling}` is {} bytes", meta.len()),
            format!("a picture file holds at most {} KiB", MAX_SVG >> 10),
        ));
    }
    let bytes = read_regular(&full).map_err(|e| {
        (
            format!("picture `{spelling}` cannot be read ({e})"),
            inside.to_string(),
        )
    })?;
    let text = super::text_of(bytes).map_err(|e| {
        (
            format!("picture `{spelling}` is not an SVG file ({e})"),
            svg_help(),
        )
    })?;
    check_svg(&text).map_err(|why| {
        (
            format!("picture `{spelling}` is not an SVG file ({why})"),
            svg_help(),
        )
    })?;
    Ok(Arc::from(text))
}

/// The bytes of the regular file at `path`, at most [`MAX_SVG`] and one:
/// opened without blocking (a FIFO swapped in after the checks above
/// would otherwise hold the open for ever), then checked again on the
/// file opened. Errors when it is no longer a regular file.
fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SVG + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SVG {
        return Err(std::io::Error::other("it grew past the size allowed"));
    }
    Ok(bytes)
}

fn svg_help() -> String {
    "a picture file is SVG text whose first element is `<svg …>` (no `<!DOCTYPE`)".to_string()
}

/// The path with links resolved, or why not.
fn canonical(p: &Path) -> Result<PathBuf, (String, String)> {
    let p = if p.as_os_str().is_empty() {
        Path::new(".")
    } else {
        p
    };
    p.canonicalize().map_err(|e| {
        (
            format!("`{}` cannot be resolved ({e})", p.display()),
            String::new(),
        )
    })
}

/// Checks that `text` is an SVG document: after an optional XML
/// declaration, comments and blank space, its first element is `<svg`;
/// a document type (which may declare entities) is refused.
fn check_svg(text: &str) -> Result<(), String> {
    if text.contains("<!DOCTYPE") || text.contains("<!ENTITY") {
        return Err("a document type is not allowed".into());
    }
    let mut rest = text.trim_start();
    loop {
        if let Some(r) = rest.strip_prefix("<?") {
            let end = r.find("?>").ok_or("an unclosed `<?`")?;
            rest = r[end + 2..].trim_start();
        } else if let Some(r) = rest.strip_prefix("<!--") {
            let end = r.find("-->").ok_or("an unclosed comment")?;
            rest = r[end + 3..].trim_start();
        } else {
            break;
        }
    }
    let root = rest
        .strip_prefix("<svg")
        .ok_or("its first element is not `<svg`")?;
    if !root.starts_with(|c: char| c.is_whitespace() || c == '>' || c == '/') {
        return Err("its first element is not `<svg`".into());
    }
    if !text.trim_end().ends_with('>') {
        return Err("it does not end with a tag".into());
    }
    Ok(())
}

/// `svg` as a `data:image/svg+xml;base64,…` address, each `currentColor`
/// replaced by `colour` first (a picture drawn in its owner's colour).
pub fn data_url(svg: &str, colour: &str) -> String {
    let text = svg.replace("currentColor", colour);
    format!("data:image/svg+xml;base64,{}", base64(text.as_bytes()))
}

/// Standard base64 with padding (RFC 4648, section 4).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> shift & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_examples() {
        // RFC 4648, section 10's test vectors.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn svg_text_is_told_from_other_text() {
        assert!(check_svg("<svg xmlns=\"http://www.w3.org/2000/svg\"/>").is_ok());
        assert!(check_svg("<?xml version=\"1.0\"?>\n<!-- c -->\n<svg>\n</svg>\n").is_ok());
        assert!(check_svg("<html><svg></svg></html>").is_err());
        assert!(check_svg("<svgx></svgx>").is_err());
        assert!(check_svg("<!DOCTYPE svg [<!ENTITY a \"b\">]><svg>&a;</svg>").is_err());
        assert!(check_svg("(game \"x\")").is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        // A FIFO swapped in for a picture after its checks: the open must
        // not wait for a writer (it would, for ever, without one).
        let dir = std::env::temp_dir().join(format!("ludic-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("p.svg");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo (coreutils) failed");
        let got = read_regular(&fifo);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(got.is_err(), "a FIFO was read: {got:?}");
    }

    #[test]
    fn spellings_outside_the_folder_are_refused() {
        let dir = Path::new("tests/data/pictures");
        for bad in [
            "../star.svg",
            "/etc/x.svg",
            "a/../../b.svg",
            "C:\\x.svg",
            "a\\b.svg",
        ] {
            let err = read(dir, bad).unwrap_err();
            assert!(
                err.0.contains("outside the rule file's folder"),
                "{bad}: {err:?}"
            );
        }
        assert!(is_file("star.SVG") && !is_file("king") && !is_file(".svg"));
        // The folder's own spelled with `./` is inside it.
        assert!(read(dir, "./star.svg").is_ok());
        assert!(read(dir, "./").is_err());
    }
}

//! Errors say what is wrong and where (issue 16): a `)` hidden in a
//! comment, an inverted range, a base that is no rule file, a byte-order
//! mark in any file, invalid UTF-8, a file that is no text.

use ludic::compile::{LoadError, Options, ReadError, compile, read_text};
use ludic::diag::line_col;

/// The diagnostics of a rule text that must fail, as (message, line, help).
fn errors(name: &str, text: &str) -> Vec<(String, usize, String)> {
    match compile(name, text, &Options::default()) {
        Err(LoadError::Rules(d)) => d
            .items
            .iter()
            .map(|x| {
                let line = line_col(&d.source, x.span.start as usize).0;
                (x.message.clone(), line, x.help.clone().unwrap_or_default())
            })
            .collect(),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("compiled"),
    }
}

/// A folder of its own for one test, removed when the guard is dropped.
fn dir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("ludic-clear-")
        .tempdir()
        .unwrap()
}

#[test]
fn a_closer_hidden_in_a_comment_is_pointed_at() {
    let text = "(game \"X\"\n  (players 2)\n  (board (square 8 8) // an 8x8 board)\n  (piece \"P\")\n  (play (step)))\n";
    let e = errors("c.game", text);
    assert_eq!(e.len(), 1, "{e:?}");
    let (message, line, help) = &e[0];
    assert!(message.contains("hidden in a comment"), "{message}");
    assert_eq!(*line, 3, "at the clause whose `)` was commented out");
    assert!(
        help.contains("the `)` at 3:38 is inside a `//` comment"),
        "{help}"
    );
}

#[test]
fn an_inverted_range_is_called_inverted() {
    let text = include_str!("../games/checkers.game").replace("range:{0 10000}", "range:{10000 0}");
    let e = errors("r.game", &text);
    assert!(
        e.iter()
            .any(|(m, _, h)| m == "inverted range: 10000 is above 0"
                && h.contains("range:{0 10000}")),
        "{e:?}"
    );
}

#[test]
fn a_base_must_be_a_rule_file() {
    let tmp = dir();
    let d = tmp.path();
    let other = d.join("notes.txt");
    std::fs::write(&other, "secret: do not quote me\n").unwrap();
    let variant = d.join("v.game");
    for (base, says) in [
        (other.to_string_lossy().into_owned(), "is not a rule file"),
        (d.to_string_lossy().into_owned(), "is a directory"),
        ("/dev/null".to_string(), "is a device, pipe or socket"),
    ] {
        let text = format!("(variant \"V\" base:\"{base}\")");
        std::fs::write(&variant, &text).unwrap();
        let e = errors(variant.to_str().unwrap(), &text);
        assert!(e[0].0.contains(says), "{base}: {e:?}");
        assert!(
            e.iter()
                .all(|(m, _, h)| !m.contains("secret") && !h.contains("secret"))
        );
    }
    // A rule file under another extension is a base.
    let rules = d.join("base.rules");
    std::fs::write(&rules, include_str!("../games/checkers.game")).unwrap();
    let text = format!("(variant \"V\" base:\"{}\")", rules.display());
    compile("v.game", &text, &Options::default()).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_byte_order_mark_is_accepted_in_every_file() {
    let tmp = dir();
    let d = tmp.path();
    let scen = d.join("bom.scenarios");
    std::fs::write(
        &scen,
        "\u{FEFF}game: checkers\nscenario: s\nfen: B:W14:B9,10\nexpect legal: 9x18\n",
    )
    .unwrap();
    let v = ludic::scenario::run_file(scen.to_str().unwrap(), None).unwrap();
    assert_eq!(v[0].failure, None);
    let pdn = d.join("bom.pdn");
    std::fs::write(&pdn, "\u{FEFF}[Event \"x\"]\n\n1. 11-15 *\n").unwrap();
    let text = read_text(&pdn).unwrap();
    assert_eq!(ludic::record::pdn::parse_pdn(&text).unwrap().len(), 1);
}

#[test]
fn invalid_utf8_is_named_by_line_and_offset() {
    let tmp = dir();
    let f = tmp.path().join("bad.game");
    std::fs::write(&f, b"(game \"x\"\n  (a\xff))\n").unwrap();
    let e = read_text(&f).unwrap_err();
    // `(game "x"\n` is 10 bytes, `  (a` 4 more: 0xFF is byte 14, line 2.
    assert_eq!(
        e,
        ReadError::NotUtf8 {
            byte: 0xFF,
            line: 2,
            offset: 14
        }
    );
    assert_eq!(
        e.to_string(),
        "not UTF-8 text: invalid byte 0xFF at line 2, byte offset 14"
    );
}

#[test]
fn a_file_that_cannot_be_text_is_refused_by_kind() {
    let tmp = dir();
    let d = tmp.path();
    // A folder is no regular file.
    assert_eq!(read_text(d), Err(ReadError::NotAFile));
    assert_eq!(read_text(d).unwrap_err().to_string(), "not a regular file");
    // A missing file: the system's error, its kind kept.
    let e = read_text(&d.join("missing.game")).unwrap_err();
    assert!(
        matches!(
            e,
            ReadError::Io {
                kind: std::io::ErrorKind::NotFound,
                ..
            }
        ),
        "{e:?}"
    );
    // One byte over the 16 MiB limit (a sparse file: nothing is written).
    let big = d.join("big.game");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((16 << 20) + 1)
        .unwrap();
    let e = read_text(&big).unwrap_err();
    assert_eq!(e, ReadError::TooLarge { bytes: 16_777_217 });
    assert_eq!(
        e.to_string(),
        "16777217 bytes: larger than the 16 MiB ludic reads"
    );
    std::fs::remove_file(&big).unwrap();
}

/// `(among [SITE] SET)` asks of one set: a second set is refused where it
/// is written, not ignored (a hostile round's finding: swapping the two
/// sets changed the legal moves while `check` said the file was fine).
#[test]
fn among_with_two_sets_is_refused_at_the_second() {
    let text = "(game \"R\"\n  (players 2)\n  (board (square 4 4))\n  (piece \"M\")\n  (setup (fill \"M\" P1 (sites \"a1\")) (fill \"M\" P2 (sites \"d4\")))\n  (play (step from:Mine to:(among (where Enemy)\n    (where Empty)))))\n";
    let e = errors("among.game", text);
    assert_eq!(e.len(), 1, "{e:?}");
    let (message, line, _) = &e[0];
    assert!(message.contains("`among` asks of one set"), "{message}");
    assert_eq!(*line, 7, "at the second set");
    // One set, after a site word or alone, is fine.
    for to in ["(among To (where Empty))", "(among (where Empty))"] {
        let ok = text.replace("(among (where Enemy)\n    (where Empty))", to);
        assert!(compile("ok.game", &ok, &Options::default()).is_ok(), "{to}");
    }
}

//! A piece's picture from an SVG file beside the rule file
//! (`picture:"star.svg"`, issue 40): drawn by `ludic render` as an image
//! from a `data:` address in each owner's colour, and refused with
//! file:line:col when missing, outside the rule file's folder, too
//! large or not SVG.

mod common;
use common::{ludic, ok};

/// Decodes standard base64 (RFC 4648), written apart from the encoder.
fn unbase64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in text.bytes().filter(|&c| c != b'=') {
        bits = bits << 6 | u32::from(value(c));
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    out
}

/// The `data:` addresses of the images in an SVG, decoded.
fn images(svg: &str) -> Vec<String> {
    svg.split(r#"<image href="data:image/svg+xml;base64,"#)
        .skip(1)
        .map(|rest| String::from_utf8(unbase64(&rest[..rest.find('"').unwrap()])).unwrap())
        .collect()
}

#[test]
fn a_picture_file_beside_the_rule_file_is_drawn_in_each_owners_colour() {
    let svg = ok(&ludic(&[
        "render",
        "tests/data/pictures/stars.game",
        "--svg",
        "-",
    ]));
    // Breakthrough's 32 pawns, each named by its picture file.
    assert_eq!(svg.matches(r#"data-picture="star.svg""#).count(), 32);
    let file = std::fs::read_to_string("tests/data/pictures/star.svg").unwrap();
    let drawn = images(&svg);
    assert_eq!(drawn.len(), 32);
    // The file itself, its `currentColor` the owner's: White's and
    // Black's fills as the board draws their discs (svg.rs's colours).
    let white = file.replace("currentColor", "#f4f1e8");
    let black = file.replace("currentColor", "#222222");
    assert_eq!(drawn.iter().filter(|d| **d == white).count(), 16);
    assert_eq!(drawn.iter().filter(|d| **d == black).count(), 16);
    // Never as markup: the file's own elements are not in the board.
    assert!(!svg.contains("<polygon"), "the file's markup leaked");
}

#[test]
fn a_picture_file_is_never_markup_of_the_page() {
    let (dir, path) = common::temp_file(
        "x.game",
        &std::fs::read_to_string("tests/data/pictures/stars.game").unwrap(),
    );
    let hostile = r#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>"#;
    std::fs::write(dir.path().join("star.svg"), hostile).unwrap();
    let svg = ok(&ludic(&["render", path.to_str().unwrap(), "--svg", "-"]));
    assert!(!svg.contains("<script") && !svg.contains("onload"), "{svg}");
    // Inside a data address it is an image: browsers run no script there.
    assert_eq!(images(&svg)[0], hostile);
}

/// Files beside a rule file: each name and its bytes.
type Beside<'a> = &'a [(&'a str, &'a [u8])];

/// `ludic check` of a rule file whose second line names `picture`, with
/// `files` beside it; its error output.
fn refused(picture: &str, files: Beside) -> (String, String) {
    let text = format!(
        "(variant \"Stars\" base:\"breakthrough\"\n  (replace (piece \"Pawn\" picture:\"{picture}\")))\n"
    );
    let (dir, path) = common::temp_file("stars.game", &text);
    for (name, bytes) in files {
        let at = dir.path().join(name);
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::fs::write(at, bytes).unwrap();
    }
    let out = ludic(&["check", path.to_str().unwrap()]);
    assert!(!out.status.success(), "{picture} was accepted");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    // The spelling's place: line 2, column 34 (the opening quote).
    let place = format!("{}:2:34", path.display());
    (err, place)
}

#[test]
fn picture_files_that_are_missing_outside_or_not_svg_are_refused_where_named() {
    let big = format!("<svg>{}</svg>", " ".repeat(70 << 10));
    let cases: [(&str, Beside, &str); 8] = [
        ("star.svg", &[], "picture `star.svg` cannot be read"),
        ("../star.svg", &[], "outside the rule file's folder"),
        ("/etc/star.svg", &[], "outside the rule file's folder"),
        ("a/../../star.svg", &[], "outside the rule file's folder"),
        (
            "star.svg",
            &[("star.svg", b"(game \"x\")")],
            "is not an SVG file",
        ),
        ("star.svg", &[("star.svg", b"<svg>\xff</svg>")], "not UTF-8"),
        (
            "star.svg",
            &[(
                "star.svg",
                b"<!DOCTYPE svg [<!ENTITY x \"y\">]><svg>&x;</svg>",
            )],
            "a document type is not allowed",
        ),
        ("star.svg", &[("star.svg", big.as_bytes())], "bytes"),
    ];
    for (picture, files, expected) in cases {
        let (err, place) = refused(picture, files);
        assert!(err.contains(expected), "{picture}: {err}");
        assert!(err.contains(&place), "{picture}: no {place} in {err}");
    }
    // A picture in a sub-folder is inside.
    let star = std::fs::read("tests/data/pictures/star.svg").unwrap();
    let (dir, path) = common::temp_file(
        "s.game",
        "(variant \"S\" base:\"breakthrough\" (replace (piece \"Pawn\" picture:\"art/star.svg\")))",
    );
    std::fs::create_dir_all(dir.path().join("art")).unwrap();
    std::fs::write(dir.path().join("art/star.svg"), star).unwrap();
    ok(&ludic(&["check", path.to_str().unwrap()]));
}

#[cfg(unix)]
#[test]
fn a_link_that_leads_out_of_the_folder_is_refused() {
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("secret.svg");
    std::fs::write(&target, "<svg></svg>").unwrap();
    let (dir, path) = common::temp_file(
        "s.game",
        "(variant \"S\" base:\"breakthrough\" (replace (piece \"Pawn\" picture:\"star.svg\")))",
    );
    std::os::unix::fs::symlink(&target, dir.path().join("star.svg")).unwrap();
    let out = ludic(&["check", path.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("leads outside the rule file's folder"),
        "{err}"
    );
}

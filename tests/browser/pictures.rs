//! A picture file beside a rule file, drawn on the page.

use crate::driver::*;

/// A game whose pawns are a picture file beside its rule file
/// (tests/data/pictures/stars.game names `star.svg`): the page draws
/// each as an image from a `data:` address that the browser decodes
/// (star.svg is 100 × 100), in the board, the legend and the editor's
/// palette.
#[test]
#[ignore = "needs chromium; run by .ci/test"]
fn a_picture_file_is_drawn_on_the_page() {
    let out = root().join("target/browser");
    std::fs::create_dir_all(&out).unwrap();
    let profile = out.join("profile-pictures");
    let _ = std::fs::remove_dir_all(&profile);
    let (_server, url) = serve(&["tests/data/pictures/stars.game"]);
    let (_driver, port) = chromedriver();
    let c = browser(port, &profile);
    c.goto(&url).unwrap();
    wait_text(&c, "#status", |t| t.contains("White (W) to move"));
    let shown = pictures_shown(&c);
    assert_eq!(shown.len(), 32);
    assert!(shown.iter().all(|p| p == "star.svg"), "{shown:?}");
    assert_eq!(
        declared_pictures(&root().join("tests/data/pictures/stars.game")),
        ["star.svg", "pawn"]
    );
    assert_eq!(
        count(
            &c,
            "#legend li svg g.piece[data-picture=\"star.svg\"] image"
        ),
        1
    );
    let sizes = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const hrefs = Array.from(document.querySelectorAll('#board g.piece image'))
               .map((i) => i.getAttribute('href'));
             Promise.all(hrefs.map((h) => { const im = new Image(); im.src = h;
               return im.decode().then(() => im.naturalWidth, () => 0); }))
               .then(done);",
            vec![],
        )
        .unwrap();
    let sizes: Vec<u32> = serde_json::from_value(sizes).unwrap();
    assert_eq!(sizes, vec![100; 32]);
    shot(&c, &out, "pictures-stars");
    c.find("#edit-start").unwrap().click().unwrap();
    wait_text(&c, "#status", |t| t.starts_with("Editing the position"));
    assert_eq!(
        count(&c, "#palette g.piece[data-picture=\"star.svg\"] image"),
        2
    );
    c.find("#edit-cancel").unwrap().click().unwrap();
    c.close().unwrap();
}

//! The language reference cannot drift from the vocabulary: every ludeme
//! of `src/compile/vocab.rs` has a section in `docs/language.md`.

#[test]
fn every_ludeme_is_documented() {
    let doc = std::fs::read_to_string("docs/language.md").expect("docs/language.md");
    let missing: Vec<&str> = ludic::compile::vocab::LUDEMES
        .iter()
        .map(|l| l.name)
        .filter(|n| !doc.contains(&format!("\n### {n}\n")))
        .collect();
    assert!(missing.is_empty(), "undocumented ludemes: {missing:?}");
}

#[test]
fn every_documented_signature_matches_the_table() {
    let doc = std::fs::read_to_string("docs/language.md").unwrap();
    for l in ludic::compile::vocab::LUDEMES {
        assert!(
            doc.contains(&format!("`{}`", l.signature)),
            "signature of {} differs",
            l.name
        );
    }
}

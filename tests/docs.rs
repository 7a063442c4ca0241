//! The language reference cannot drift from the vocabulary: the part of
//! `docs/language.md` between the markers is generated from the table in
//! `src/compile/vocab.rs`. `UPDATE_DOCS=1 cargo test --test docs` rewrites it.

const BEGIN: &str = "<!-- BEGIN GENERATED REFERENCE -->\n";
const END: &str = "<!-- END GENERATED REFERENCE -->\n";

#[test]
fn the_reference_is_generated_from_the_vocabulary() {
    let path = "docs/language.md";
    let doc = std::fs::read_to_string(path).expect("docs/language.md");
    let (Some(b), Some(e)) = (doc.find(BEGIN), doc.find(END)) else {
        panic!("{path} lacks the generated-reference markers");
    };
    let generated = ludic::compile::vocab::reference_markdown();
    let current = &doc[b + BEGIN.len()..e];
    if current != generated {
        if std::env::var_os("UPDATE_DOCS").is_some() {
            let new = format!(
                "{}{BEGIN}{generated}{END}{}",
                &doc[..b],
                &doc[e + END.len()..]
            );
            std::fs::write(path, new).unwrap();
        } else {
            panic!(
                "{path} differs from the vocabulary table: run UPDATE_DOCS=1 cargo test --test docs"
            );
        }
    }
}

#[test]
fn every_ludeme_has_a_section() {
    let doc = std::fs::read_to_string("docs/language.md").unwrap();
    for l in ludic::compile::vocab::LUDEMES {
        assert!(
            doc.contains(&format!("\n### {}\n", l.name)),
            "{} undocumented",
            l.name
        );
    }
}

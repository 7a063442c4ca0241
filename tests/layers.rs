//! The compiler does not depend on the engine: `src/compile/` says what
//! the rules mean, and the engine derives its own tables from that
//! (`engine::Tables`). Only the compiler's unit tests may play games.

#[test]
fn the_compiler_does_not_import_the_engine() {
    let mut offending = Vec::new();
    for entry in std::fs::read_dir("src/compile").expect("src/compile") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|e| e != "rs")
            || path.file_name().is_some_and(|n| n == "tests.rs")
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        // The unit tests at the end of a file may use the engine.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in code.lines().enumerate() {
            let line = line.trim_start();
            if !line.starts_with("//") && line.contains("crate::engine") {
                offending.push(format!("{}:{}: {line}", path.display(), i + 1));
            }
        }
    }
    assert!(
        offending.is_empty(),
        "src/compile uses the engine:\n{}",
        offending.join("\n")
    );
}

//! Lowering of an explicit graph board: `(graph (site "a7" 0 6)…
//! (edge "a7" "d7" "g7")…)`. The board itself is built in
//! `board/graph.rs`.

use super::args::{Diags, check, clause, int_in, string};
use crate::board::Site;
use crate::board::graph::{GraphSite, GraphSpec};
use crate::syntax::Clause;

/// The sites and edges of a `(graph …)` shape; `None` (with diagnostics)
/// when a site or an edge is malformed or an edge names an unknown site.
pub fn graph_spec(c: &Clause, d: &mut Diags) -> Option<GraphSpec> {
    check(c, "board", d);
    let mut spec = GraphSpec {
        sites: Vec::new(),
        edges: Vec::new(),
    };
    let mut ok = true;
    // Sites first, so that an edge may name a site declared after it.
    for e in &c.args {
        let Some(part) = clause(e, "`(site \"LABEL\" X Y)` or `(edge \"A\" \"B\"…)`", d) else {
            ok = false;
            continue;
        };
        match part.head.as_str() {
            "site" => match site(part, d) {
                Some(s) => spec.sites.push(s),
                None => ok = false,
            },
            "edge" => {}
            _ => {
                d.expected(e, "`(site \"LABEL\" X Y)` or `(edge \"A\" \"B\"…)`");
                ok = false;
            }
        }
    }
    for e in &c.args {
        let Some(part) = clause_quiet(e).filter(|p| p.head == "edge") else {
            continue;
        };
        check(part, "graph", d);
        let path: Vec<Option<Site>> = part
            .args
            .iter()
            .map(|a| {
                let label = string(a, d)?;
                let found = spec.sites.iter().position(|s| s.label == label);
                if found.is_none() {
                    d.error(
                        a.span(),
                        format!("no site of the graph is labelled `{label}`"),
                        "unknown site",
                    );
                }
                found.map(|i| i as Site)
            })
            .collect();
        if path.iter().any(Option::is_none) {
            ok = false;
            continue;
        }
        let path: Vec<Site> = path.into_iter().flatten().collect();
        spec.edges.extend(path.windows(2).map(|w| (w[0], w[1])));
    }
    ok.then_some(spec)
}

/// A clause, without a diagnostic when the expression is not one.
fn clause_quiet(e: &crate::syntax::Expr) -> Option<&Clause> {
    match e {
        crate::syntax::Expr::Clause(c) => Some(c),
        _ => None,
    }
}

/// `(site "LABEL" X Y)`.
fn site(c: &Clause, d: &mut Diags) -> Option<GraphSite> {
    check(c, "graph", d);
    let label = string(c.args.first()?, d);
    let x = int_in(c.args.get(1)?, -1000, 1000, d);
    let y = int_in(c.args.get(2)?, -1000, 1000, d);
    let label = label?;
    if label.is_empty() || label.chars().any(|ch| ch.is_whitespace() || ch == ',') {
        d.expected(&c.args[0], "a label without spaces or commas");
        return None;
    }
    Some(GraphSite {
        label: label.to_string(),
        pos: (x? as i32, y? as i32),
    })
}

#[cfg(test)]
mod tests {
    use crate::compile::{Game, Options};

    fn board(graph: &str) -> Result<Game, String> {
        let text = format!("(game \"g\" (players 2) (board {graph}) (piece \"P\") (play (step)))");
        Game::from_source("g.game", &text, &Options::default()).map_err(|e| e.to_string())
    }

    #[test]
    fn a_path_of_labels_makes_an_edge_between_each_pair() {
        let g = board(
            "(graph (site \"a\" 0 0) (site \"b\" 2 0) (site \"c\" 4 0) (edge \"a\" \"b\" \"c\"))",
        )
        .unwrap();
        let b = &g.board;
        assert_eq!(b.len(), 3);
        let east = b.direction_by_name("E").unwrap();
        assert_eq!(b.step(0, east), 1);
        assert_eq!(b.step(1, east), 2);
        assert_eq!(b.site_by_label("c"), Some(2));
    }

    #[test]
    fn unknown_sites_and_crossed_edges_are_check_errors() {
        let e = board("(graph (site \"a\" 0 0) (edge \"a\" \"zz\"))").unwrap_err();
        assert!(e.contains("no site of the graph is labelled `zz`"), "{e}");
        let e = board(
            "(graph (site \"a\" 0 0) (site \"b\" 1 0) (site \"c\" 2 0) (edge \"a\" \"b\") (edge \"a\" \"c\"))",
        )
        .unwrap_err();
        assert!(e.contains("two edges leave `a` in direction E"), "{e}");
        let e = board("(graph (site \"a b\" 0 0))").unwrap_err();
        assert!(e.contains("without spaces"), "{e}");
    }
}

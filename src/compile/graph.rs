//! Lowering of an explicit graph board: `(graph (site "a7" 0 6)…
//! (edge "a7" "d7" "g7")…)`. The board itself is built in
//! `board/graph.rs`.

use super::args::{Diags, check, clause, int_in, string};
use crate::board::Site;
use crate::board::graph::{GraphPart, GraphSite, GraphSpec, problems};
use crate::syntax::{Clause, Span};

/// The sites and edges of a `(graph …)` shape; `None` (with diagnostics)
/// when a site or an edge is malformed, an edge names an unknown site,
/// or the graph makes no board (two sites with one label, two edges
/// leaving a site one way…): every problem is reported, each at the
/// clause or the pair of labels that makes it.
pub fn graph_spec(c: &Clause, d: &mut Diags) -> Option<GraphSpec> {
    check(c, "board", d);
    let mut spec = GraphSpec {
        sites: Vec::new(),
        edges: Vec::new(),
    };
    // Where each site and each edge of `spec` is written.
    let mut site_spans: Vec<Span> = Vec::new();
    let mut edge_spans: Vec<Span> = Vec::new();
    let mut ok = true;
    // Sites first, so that an edge may name a site declared after it.
    for e in &c.args {
        let Some(part) = clause(e, "`(site \"LABEL\" X Y)` or `(edge \"A\" \"B\"…)`", d) else {
            ok = false;
            continue;
        };
        match part.head.as_str() {
            "site" => match site(part, d) {
                Some(s) => {
                    spec.sites.push(s);
                    site_spans.push(part.span);
                }
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
        edge_spans.extend(part.args.windows(2).map(|w| Span {
            start: w[0].span().start,
            end: w[1].span().end,
        }));
    }
    for (at, e) in problems(&spec) {
        let span = match at {
            GraphPart::Site(i) => site_spans[i],
            GraphPart::Edge(i) => edge_spans[i],
            // No site, when the sites given were refused already: no
            // second error.
            GraphPart::Whole if !ok => continue,
            GraphPart::Whole => c.span,
        };
        d.error(span, e.to_string(), "cannot build this board");
        ok = false;
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

    #[test]
    fn every_problem_of_a_graph_is_reported_at_its_clause() {
        use crate::compile::LoadError;
        let text = r#"(game "g" (players 2) (board (graph (site "a" 0 0) (site "b" 1 0)
            (site "c" 2 0) (site "A" 5 5) (site "d" 1 0) (edge "a" "b") (edge "a" "c")
            (edge "d" "zz") (edge "b" "b"))) (piece "P") (play (step)))"#;
        let Err(LoadError::Rules(d)) = Game::from_source("g.game", text, &Options::default())
        else {
            panic!("compiled");
        };
        let mut found: Vec<(&str, &str)> = d
            .items
            .iter()
            .map(|x| {
                let under = &text[x.span.start as usize..x.span.end as usize];
                (x.message.as_str(), under)
            })
            .collect();
        found.sort();
        let mut want = [
            ("an edge joins `b` to itself", r#""b" "b""#),
            ("no site of the graph is labelled `zz`", r#""zz""#),
            (
                "sites `b` and `d` have the same position",
                r#"(site "d" 1 0)"#,
            ),
            (
                "two edges leave `a` in direction E: to `b` and to `c`",
                r#""a" "c""#,
            ),
            (
                "two sites are labelled `a` and `A` (moves are read without regard to case)",
                r#"(site "A" 5 5)"#,
            ),
        ];
        want.sort();
        assert_eq!(found, want);
    }
}

//! Syntax: the pest grammar (`grammar/ludic.pest`), the owned AST with spans,
//! the parser that lowers pest pairs into it, and the printer that writes it
//! back in canonical layout (`ludic fmt`).

mod ast;
pub(crate) mod parse;
pub(crate) mod print;
pub(crate) mod recover;

pub use ast::{Clause, Comment, Expr, File, Named, Span};
pub use parse::parse_file;
pub use print::{format_file, print_file};

/// A number held in tenths written with one digit after the point: 75 is
/// `7.5`, -5 is `-0.5`, 80 is `8.0`.
pub fn tenths_text(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    let a = n.unsigned_abs();
    format!("{sign}{}.{}", a / 10, a % 10)
}

#[cfg(test)]
mod tests {
    use super::{parse_file, tenths_text};

    #[test]
    fn tenths_are_written_with_one_digit_after_the_point() {
        assert_eq!(tenths_text(75), "7.5");
        assert_eq!(tenths_text(-5), "-0.5");
        assert_eq!(tenths_text(80), "8.0");
        assert_eq!(tenths_text(0), "0.0");
    }

    #[test]
    fn a_decimal_number_is_read_in_tenths() {
        let f = parse_file("(a 7.5 -0.5 12.0)").expect("parses");
        let text = format!("{:?}", f.items);
        assert!(text.contains("Decimal(75"), "{text}");
        assert!(text.contains("Decimal(-5"), "{text}");
        assert!(text.contains("Decimal(120"), "{text}");
        // Two digits after the point are refused with the place named.
        let err = parse_file("(a 7.25)").expect_err("refused");
        assert!(
            format!("{err:?}").contains("one digit after the point"),
            "{err:?}"
        );
    }
}

//! Layout decisions of the formatter, one small file each.

use super::{blank_spans, format, FormatError};

fn fmt(src: &str) -> String {
    match format("t.cat", src) {
        Ok(t) => t,
        Err(e) => panic!("not formatted: {e}"),
    }
}

#[test]
fn header_keywords_pad_to_nine_columns_and_setup_lines_take_one_space() {
    let src = "scenario \"t\"\nsource own\nrules   base option shortage nobody-ever\ntags a,b  c\n\
               covers  BASE.ROBBER.MOVE\nboard   beginner\nplayers red,blue   white\n";
    assert_eq!(
        fmt(src),
        "scenario \"t\"\nsource   own\nrules    base option shortage nobody-ever\ntags     a, b c\n\
         covers   BASE.ROBBER.MOVE\nboard beginner\nplayers red, blue white\n"
    );
}

#[test]
fn one_position_item_per_line_with_keys_aligned() {
    let src = "scenario \"t\"\nplayers red blue\nposition {\nblue: settlements J.s; roads J.s-se\n    robber J\n \
               red:\nhand 2  brick,1 ore\n        improvements science 3\nturn   red main\n}\n";
    assert_eq!(
        fmt(src),
        "scenario \"t\"\nplayers red blue\nposition {\n  blue:\n    settlements J.s\n    roads       J.s-se\n  \
         robber J\n  red:\n    hand        2 brick, 1 ore\n    improvements science 3\n  turn red main\n}\n"
    );
}

#[test]
fn outcomes_align_and_guards_are_canonical() {
    let src = "scenario \"t\"\nvariant a :rules base\nvariant bb: rules base\n[ a ,bb ]   red rolls 3+4 -> accepted\n\
               [a] red ends turn\n";
    let out = fmt(src);
    assert_eq!(
        out,
        format!(
            "scenario \"t\"\nvariant  a: rules base\nvariant  bb: rules base\n[a, bb] red rolls 3+4{}-> accepted\n\
             [a]     red ends turn\n",
            " ".repeat(37 - "[a, bb] red rolls 3+4".len())
        )
    );
}

#[test]
fn comments_are_kept_where_they_stand() {
    let src = "# head\n\n\nscenario \"t\" # the title\nplayers red blue\nposition {\n  red:\n# red's pieces\n\
               settlements A.n\n   # last\n}   # end\n# tail\n";
    assert_eq!(
        fmt(src),
        format!(
            "# head\n\nscenario \"t\"{}# the title\nplayers red blue\nposition {{\n  red:\n    # red's pieces\n    \
             settlements A.n\n    # last\n}}{}# end\n# tail\n",
            " ".repeat(37 - "scenario \"t\"".len()),
            " ".repeat(36)
        )
    );
}

#[test]
fn a_hash_inside_a_string_is_no_comment() {
    let src = "scenario \"a # b\"\nsnapshot \"x#y\"   # real\n";
    let out = fmt(src);
    assert!(out.starts_with("scenario \"a # b\"\nsnapshot \"x#y\" "), "{out}");
    assert!(out.trim_end().ends_with("# real"), "{out}");
}

#[test]
fn tokens_are_spelt_canonically() {
    let src = "scenario \"t\"\nplayers red blue\nboard {\n hex ( 0 , -2 ) desert\n  swap A,B\n}\n\
               red  builds   road (0,-2).n-(1,-2).nw\nexpect  event robbed   player=red,card=wool\n\
               blue discards 2   wool\nchance dice 3+4  ->   refused  CHANCE.NOT_PENDING\n";
    let out = fmt(src);
    assert!(out.contains("board {\n  hex (0,-2) desert\n  swap A, B\n}\n"), "{out}");
    assert!(out.contains("\nred builds road (0,-2).n-(1,-2).nw\n"), "{out}");
    assert!(out.contains("\nexpect event robbed player=red, card=wool\n"), "{out}");
    assert!(out.contains("\nblue discards 2 wool\n"), "{out}");
    assert!(
        out.contains("\nchance dice 3+4                      -> refused CHANCE.NOT_PENDING\n"),
        "{out}"
    );
}

#[test]
fn formatting_is_idempotent_and_ends_in_one_newline() {
    let src = "\u{feff}scenario \"t\"\r\nplayers red blue\r\n\r\n\r\nred rolls 3+4   # go";
    let once = fmt(src);
    assert_eq!(fmt(&once), once);
    assert!(once.ends_with("# go\n") && !once.contains('\r') && !once.starts_with('\u{feff}'));
}

#[test]
fn rules_clauses_keep_their_order() {
    let out = fmt("scenario \"t\"\nrules cities-and-knights option battle fiesepeter   profile colonist\n");
    assert_eq!(
        out,
        "scenario \"t\"\nrules    cities-and-knights option battle fiesepeter profile colonist\n"
    );
}

#[test]
fn a_file_that_does_not_parse_is_not_formatted() {
    match format("t.cat", "scenario \"t\"\nred rolls 3+\n") {
        Err(FormatError::Parse(e)) => assert_eq!(e.codes(), ["dsl::syntax::bad_dice"]),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn shapes_ignore_spans_only() {
    assert_eq!(blank_spans("Word(\"a\") @12..15, Own(3..4)"), "Word(\"a\") @_, Own(_)");
    assert_eq!(blank_spans("Number(12), Pages(1, 2)"), "Number(12), Pages(1, 2)");
    let a = crate::parse("t.cat", "scenario \"t\"\nred rolls 3+4\n").expect("valid");
    let b = crate::parse("t.cat", "scenario   \"t\"\n\n red rolls 3+4 # x\n").expect("valid");
    let c = crate::parse("t.cat", "scenario \"t\"\nred rolls 3+5\n").expect("valid");
    assert_eq!(super::shape(&a), super::shape(&b));
    assert_ne!(super::shape(&a), super::shape(&c));
}

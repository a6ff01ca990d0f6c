//! Fuzz-ish robustness: no input may make the parser panic, and every error
//! must point inside the text. Each valid example is truncated at every
//! character boundary, has each character deleted in turn, and has a few
//! troublesome characters inserted at every line start and line end. Reports are
//! rendered through `catan_dsl::report` (clipped lines, capped errors), as the harness
//! does. `tests/fuzz.rs` of the harness fuzzes the whole pipeline with proptest.

fn examples() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/valid");
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("tests/valid exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cat"))
        .map(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, std::fs::read_to_string(&p).expect("readable"))
        })
        .collect();
    files.sort();
    assert!(files.len() >= 5);
    files
}

/// Parses `src`; on errors checks their spans and renders every `every`-th
/// report (rendering is the slow part).
fn check(src: &str, render: bool) {
    match catan_dsl::parse("fuzz.cat", src) {
        Ok(file) => {
            for item in &file.items {
                assert!(item.span.end <= src.len(), "item span outside: {src:?}");
            }
        }
        Err(errs) => {
            assert!(!errs.is_empty(), "an Err with no errors for {src:?}");
            for e in errs.errors() {
                let s = e.span();
                assert!(s.start <= s.end && s.end <= src.len(), "{e:?} outside {src:?}");
                assert!(src.is_char_boundary(s.start) && src.is_char_boundary(s.end));
                assert!(
                    !matches!(e, catan_dsl::ParseError::Internal { .. }),
                    "internal error {e:?} for {src:?}"
                );
            }
            if render {
                let out = catan_dsl::report::render(&errs, 80);
                assert!(!out.contains("Rule::"), "{out}");
                assert!(!out.contains("could not be rendered"), "{out}");
                // Bounded: at most 20 errors, each with a few clipped lines.
                assert!(out.len() < 100_000, "{} bytes of report", out.len());
            }
        }
    }
}

#[test]
fn truncation_never_panics() {
    let mut n = 0;
    for (_, src) in examples() {
        for (i, _) in src.char_indices().chain(std::iter::once((src.len(), ' '))) {
            check(&src[..i], n % 17 == 0);
            n += 1;
        }
    }
    assert!(n > 1000);
}

#[test]
fn deleting_any_character_never_panics() {
    for (_, src) in examples() {
        for (i, c) in src.char_indices() {
            let mut s = String::with_capacity(src.len());
            s.push_str(&src[..i]);
            s.push_str(&src[i + c.len_utf8()..]);
            check(&s, i % 23 == 0);
        }
    }
}

#[test]
fn inserting_troublesome_characters_never_panics() {
    let junk = [
        "\"",
        "{",
        "}",
        "[",
        "]",
        "(",
        ")",
        ",",
        ";",
        ":",
        "=",
        "->",
        "#",
        "\\",
        "§",
        ".",
        "-",
        "+",
        "/",
        "\u{0}",
        "\t",
        "\r",
        "→",
        "“",
        "\u{a0}",
        "\u{200b}",
        "é",
        "ß",
        "l·l",
        "9",
        "99999999999999999999999",
        "A.",
        ".n",
        "A.n-",
        "(1,",
        "3+",
        "x=",
    ];
    for (_, src) in examples() {
        let cuts: Vec<usize> = src
            .char_indices()
            .filter(|(i, c)| *c == '\n' || src[..*i].ends_with('\n') || *i % 7 == 0)
            .map(|(i, _)| i)
            .collect();
        for (k, &i) in cuts.iter().enumerate() {
            for (j, j_str) in junk.iter().enumerate() {
                let s = format!("{}{}{}", &src[..i], j_str, &src[i..]);
                check(&s, (k + j) % 97 == 0);
            }
        }
    }
}

#[test]
fn long_lines_never_panic_the_renderer() {
    for unit in ["\t", "x", " ", "é", "→", "\u{0}"] {
        for n in [16_384, 20_000] {
            check(&format!("scenario \"t\"\nplayers red\n{}x\n", unit.repeat(n)), true);
            check(
                &format!("scenario \"t\"\nplayers red\nred rolls {}3+\n", unit.repeat(n)),
                true,
            );
        }
    }
}

#[test]
fn odd_whole_inputs_never_panic() {
    for src in [
        "",
        " ",
        "\n",
        "\r\n",
        "\r",
        "#",
        "\"",
        "{",
        "}",
        "[",
        "]",
        "\u{feff}",
        "\u{0}",
        "position {",
        "board {",
        "board",
        "position",
        "}\n}\n}",
        "[[[[",
        "\"\"\"\"",
        "scenario \"\\",
        "scenario \"\\\"",
        "red x (",
        "red x (((((((((",
        "red x A.n-(",
        "red x A.n-(1,2)",
        "red x A.n-(1,2).",
        "red x =",
        "red x a=b=c",
        "red x §",
        "source x §",
        "source x pp.1-",
        "covers .",
        "covers ..",
        "expect no",
        "expect no event",
        "board random seed 99999999999999999999999999",
        "red x 2 99999999999999999999 brick",
        "position {\n  red: hand 99999999999 brick\n}",
        "board {\n hex A x 999\n}",
    ] {
        check(src, true);
        check(&format!("scenario \"t\"\nplayers red\n{src}\n"), true);
    }
}

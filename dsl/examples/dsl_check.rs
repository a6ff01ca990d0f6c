//! Prints the diagnostics of a scenario file (a debugging aid):
//! `cargo run -p catan-dsl --example dsl_check -- FILE.cat`.

use miette::{GraphicalReportHandler, GraphicalTheme};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dsl_check FILE.cat");
        std::process::exit(2);
    };
    let src = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    match catan_dsl::parse(&path, &src) {
        Ok(file) => println!("{file:#?}"),
        Err(errs) => {
            let mut out = String::new();
            let _ = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
                .with_width(80)
                .render_report(&mut out, &errs);
            println!("{out}");
            std::process::exit(1);
        }
    }
}

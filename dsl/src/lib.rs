mod parser;
#[cfg(test)]
mod scratch {
    use crate::parser::{Rule, ScenarioParser};
    use pest::Parser;
    #[test]
    fn scratch() {
        let src = std::fs::read_to_string("/tmp/scratch.cat").unwrap();
        match ScenarioParser::parse(Rule::file, &src) {
            Ok(p) => println!("{:#?}", p),
            Err(e) => println!("{e}"),
        }
    }
}

//! The engine's card counters never lose a card: a Monopoly at the capacity (255 of a kind
//! in the game) gathers every card, and a position one card over it is refused when it is
//! loaded (`engine/src/capacity.rs`), `unchecked` or not.

use catan_harness::load::load_text;
use catan_harness::runner::{run, Status};

fn scenario(blue: u32, white: u32) -> String {
    format!(
        "scenario \"monopoly at the capacity\"
source own
rules base
players red blue white
position {{
  red:   settlements A.n; roads A.n-ne; development monopoly
  blue:  settlements K.n; roads K.n-ne; hand {blue} wool
  white: settlements O.s; roads O.s-sw; hand {white} wool
  bank nothing
  turn red main
  unchecked
}}
red plays monopoly wool
expect red hand 255 wool
expect blue hand nothing
expect event monopoly-paid player=red victim=white resource=wool count=127
"
    )
}

#[test]
fn a_monopoly_of_255_cards_keeps_every_card() {
    let sc = load_text("m.cat", &scenario(128, 127)).unwrap_or_else(|e| panic!("{}", e.render(100)));
    let r = run(&sc);
    assert_eq!(r.status, Status::Passed, "{:?}", r.failure);
}

#[test]
fn one_card_over_the_capacity_is_refused_at_the_hand() {
    let e = load_text("m.cat", &scenario(128, 128))
        .map(|_| ())
        .expect_err("256 wool in the game");
    let out = e.render(100);
    assert!(out.contains("256 wool in bank and hands"), "{out}");
    assert!(out.contains("m.cat:7:"), "points at blue's hand:\n{out}");
}

//! Seafarers (source `004_bf8a3dbb68824bc0.txt`, the German Seafarers rules; the two maps the
//! Cities & Knights rulebooks recommend for the combination, source `000_fee7e8147b67bbe6.txt`
//! "Combining with CATAN – Seafarers").
//!
//! Not playable yet: `Ruleset::from_names` refuses `seafarers` ("not implemented yet") and a
//! game whose board holds a gold field is refused. What exists is the maps ([`maps`]): the
//! geometry of "Heading for New Shores" and "Through the Desert" for 3 and 4 players, with
//! terrain, number tokens and harbors placed by seed inside it, so the boards can be drawn
//! and checked while ships, the pirate and gold choices are built.

pub mod maps;

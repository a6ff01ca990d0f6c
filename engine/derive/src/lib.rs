//! Derive macros of the CATAN rules engine.
//!
//! `#[derive(Fields)]` on an enum of events writes `KINDS` (every name), `kind()`, the variant's name in kebab case
//! (`RoadBuilt` → `road-built`, as serde's `rename_all = "kebab-case"` spells it), and
//! `fields()`: for each variant, its named fields in declaration order, each as
//! `(name, Field::from(value))`. An event's name and field list are therefore its
//! declaration; adding an event (or a field) needs no second list by hand. Every field type
//! must convert into the engine's `Field` (`impl From<T> for Field`).
//!
//! A variant with one unnamed field holds another enum deriving `Fields` (an expansion's
//! own events, `Ck(CkEvent)`): its name and fields are the inner event's, and `KINDS`
//! lists the inner enum's kinds where the variant stands.

use proc_macro::TokenStream;
use quote::quote;
use syn::{parse_macro_input, Data, DeriveInput, Fields};

/// Derives `const KINDS`, `fn kind(&self) -> &'static str` and `fn fields(&self) -> Vec<(&'static str, Field)>`
/// for an enum whose variants have named fields (or none). A raw identifier (`r#final`) is
/// listed without its `r#`.
#[proc_macro_derive(Fields)]
pub fn derive_fields(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    let name = &input.ident;
    let Data::Enum(data) = &input.data else {
        return syn::Error::new_spanned(&input.ident, "`Fields` derives only for enums")
            .to_compile_error()
            .into();
    };
    let mut arms = Vec::new();
    let mut kinds = Vec::new();
    // `KINDS` in parts: runs of this enum's own names, and nested enums' `KINDS`.
    let mut parts = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for variant in &data.variants {
        let v = &variant.ident;
        if let Fields::Unnamed(unnamed) = &variant.fields {
            if unnamed.unnamed.len() == 1 {
                let ty = &unnamed.unnamed[0].ty;
                let run = std::mem::take(&mut names);
                parts.push(quote! { &[#(#run),*] });
                parts.push(quote! { <#ty>::KINDS });
                kinds.push(quote! { #name::#v(inner) => inner.kind(), });
                arms.push(quote! { #name::#v(inner) => inner.fields(), });
                continue;
            }
        }
        let kebab = kebab_case(&v.to_string());
        kinds.push(quote! { #name::#v { .. } => #kebab, });
        names.push(kebab);
        match &variant.fields {
            Fields::Named(named) => {
                let idents: Vec<_> = named.named.iter().filter_map(|f| f.ident.as_ref()).collect();
                let names: Vec<String> = idents
                    .iter()
                    .map(|i| {
                        let s = i.to_string();
                        s.strip_prefix("r#").map_or(s.clone(), str::to_string)
                    })
                    .collect();
                arms.push(quote! {
                    #name::#v { #(#idents),* } => vec![#((#names, crate::event::Field::from(*#idents))),*],
                });
            }
            Fields::Unit => arms.push(quote! { #name::#v => vec![], }),
            Fields::Unnamed(_) => {
                return syn::Error::new_spanned(v, "`Fields` needs named fields (the name is the field's label), or one field holding a nested event enum")
                    .to_compile_error()
                    .into();
            }
        }
    }
    parts.push(quote! { &[#(#names),*] });
    quote! {
        impl #name {
            /// Every event kind name, in declaration order (for diagnostics: "did you mean").
            pub const KINDS: &'static [&'static str] = {
                const PARTS: &[&[&str]] = &[#(#parts),*];
                const N: usize = {
                    let mut n = 0;
                    let mut i = 0;
                    while i < PARTS.len() {
                        n += PARTS[i].len();
                        i += 1;
                    }
                    n
                };
                const ALL: [&str; N] = {
                    let mut out = [""; N];
                    let (mut k, mut i) = (0, 0);
                    while i < PARTS.len() {
                        let mut j = 0;
                        while j < PARTS[i].len() {
                            out[k] = PARTS[i][j];
                            k += 1;
                            j += 1;
                        }
                        i += 1;
                    }
                    out
                };
                &ALL
            };

            /// The stable kebab-case name of this event (derived from the variant's name).
            pub fn kind(&self) -> &'static str {
                match self {
                    #(#kinds)*
                }
            }

            /// The event's fields, in declaration order, for traces and expectations
            /// (derived from the declaration by `#[derive(Fields)]`).
            pub fn fields(&self) -> Vec<(&'static str, crate::event::Field)> {
                match self {
                    #(#arms)*
                }
            }
        }
    }
    .into()
}

/// `RoadBuilt` → `road-built`.
fn kebab_case(camel: &str) -> String {
    let mut out = String::with_capacity(camel.len() + 4);
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

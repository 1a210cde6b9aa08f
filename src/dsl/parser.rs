//! The pest parser generated from `grammar/card.pest`.

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/card.pest"]
pub struct CardParser;

//! The one place that writes Rhai: each ability's typed instructions ([`Effect`]) become one
//! Rhai function calling the host package (`riftbound::host`), whose functions and constants take
//! the same types. Nothing else in the card language prints code.

use crate::riftbound::abilities::names::{duration, keyword, kind, part, place, power, token};
use crate::riftbound::abilities::{Amount, Effect, Grant, Obj, Objs, Test, TurnRule, UnitFilter, Who};
use crate::riftbound::costs::Cost;
use std::fmt::Write;

/// Writes `fn name() { ... }` for `effects`, after a `// comment` line.
pub fn function(out: &mut String, comment: &str, name: &str, effects: &[Effect]) {
    // A comment is one line: a newline in card text must not end it (and start code).
    let comment = comment.replace(['\n', '\r'], " ");
    let _ = writeln!(out, "// {comment}");
    let _ = writeln!(out, "fn {name}() {{");
    for line in block(effects) {
        let _ = writeln!(out, "    {line}");
    }
    out.push_str("}\n");
}

/// Appends a card's own `script` block (the escape hatch), after a comment naming the card.
pub fn script_block(out: &mut String, card: &str, script: &str) {
    let _ = writeln!(out, "// {}: script block\n{script}", card.replace(['\n', '\r'], " "));
}

/// The statements of `effects`, one per line (nested blocks indented).
fn block(effects: &[Effect]) -> Vec<String> {
    effects.iter().flat_map(statement).collect()
}

fn indented(lines: Vec<String>) -> impl Iterator<Item = String> {
    lines.into_iter().map(|l| format!("    {l}"))
}

fn statement(e: &Effect) -> Vec<String> {
    match e {
        Effect::ForEach(objs, body) => {
            let inner = block(body);
            if inner.len() == 1 {
                vec![format!("for u in {} {{ {} }}", objects(objs), inner[0])]
            } else {
                let mut out = vec![format!("for u in {} {{", objects(objs))];
                out.extend(indented(inner));
                out.push("}".into());
                out
            }
        }
        Effect::If { test: t, then, otherwise } => {
            let mut out = vec![format!("if {} {{", test(t))];
            out.extend(indented(block(then)));
            if !otherwise.is_empty() {
                out.push("} else {".into());
                out.extend(indented(block(otherwise)));
            }
            out.push("}".into());
            out
        }
        Effect::Let(var, e) => vec![format!("let {} = {};", var.script_name(), expression(e))],
        Effect::Answer(b) => vec![b.to_string()],
        e => vec![format!("{};", expression(e))],
    }
}

/// An instruction as a call (the value it answers, if any, is the call's).
fn expression(e: &Effect) -> String {
    match e {
        Effect::ForEach(..) | Effect::If { .. } | Effect::Let(..) | Effect::Answer(_) => {
            block(std::slice::from_ref(e)).join(" ")
        }
        Effect::Deal { amount: a, to } => format!("deal({}, {})", amount(a), object(to)),
        Effect::DealSplit { amount, spec } => format!("deal_split({amount}, {spec})"),
        Effect::Fight(a, b) => format!("fight({}, {})", object(a), object(b)),
        Effect::Draw { who: w, amount: a } => format!("draw({}, {})", who(w), amount(a)),
        Effect::Act(act, o) => format!("{}({})", act.script_name(), object(o)),
        Effect::Give { to, grant, until } => {
            let (x, d) = (object(to), duration(*until));
            match grant {
                Grant::Might { amount, min } => format!("give_might({x}, {amount}, {}, {d})", min.unwrap_or(-1)),
                Grant::Keyword(k, v) => format!("give_keyword({x}, {}, {v}, {d})", keyword(*k)),
                Grant::SetMight(n) => format!("set_might({x}, {n}, {d})"),
            }
        }
        Effect::MoveToChosen { unit, spec } => format!("move_to_chosen({}, {spec})", object(unit)),
        Effect::Discard { who: w, amount } => format!("discard({}, {amount})", who(w)),
        Effect::RecycleFromTrash { who: w, amount } => format!("recycle_trash({}, {amount})", who(w)),
        Effect::PlayTokens { who: w, token: t, count, ready, place: p } => {
            format!("play_tokens({}, {}, {count}, {ready}, {})", who(w), token(*t), place(*p))
        }
        Effect::Add { who: w, resources, spells_only } => {
            format!("add({}, {}, {spells_only})", who(w), cost(resources))
        }
        Effect::Score { who: w, points } => format!("score({}, {points})", who(w)),
        Effect::Win(w) => format!("win_game({})", who(w)),
        Effect::Channel { who: w, amount, exhausted } => format!("channel({}, {amount}, {exhausted})", who(w)),
        Effect::ThisTurn(TurnRule::NextSpellBonus(n)) => format!("next_spell_bonus({n})"),
        Effect::ThisTurn(TurnRule::UnitsEnterReady) => "units_enter_ready()".into(),
        Effect::ThisTurn(TurnRule::BuffsGiveMore) => "buffs_give_more()".into(),
        Effect::EachPlayerKillsOne => "each_player_kills_one()".into(),
        Effect::PlayMeFromTrash => "play_me_from_trash()".into(),
        Effect::Vision => "vision()".into(),
        Effect::ReplaceNextDeath { unit, body } => format!("replace_next_death({}, \"{body}\")", object(unit)),
        Effect::Reflexive(body) => format!("reflexive(\"{body}\")"),
        Effect::ReflexiveIfKilled { body, unit } => format!("reflexive_if_killed(\"{body}\", {})", object(unit)),
        Effect::Delay { body, it } => format!("delay(\"{body}\", {})", it.as_ref().map_or("-1".into(), object)),
        Effect::SwapPlaces(a, b) => format!("swap_places({}, {})", object(a), object(b)),
        Effect::LookTop { who: w, amount } => format!("look_top({}, {amount})", who(w)),
        Effect::RevealTop { who: w, amount } => format!("reveal_top({}, {amount})", who(w)),
        Effect::PutOneIntoHand(o) => format!("put_into_hand({})", objects(o)),
        Effect::RecycleCards(o) => format!("recycle_cards({})", objects(o)),
        Effect::BanishTop(w) => format!("banish_top({})", who(w)),
        Effect::BanishAndPlay { from, max_might: Some(k), optional } => {
            format!("banish_and_play({}, killed_might({}), {}, {optional})", objects(from), k.spec, k.more)
        }
        Effect::BanishAndPlay { from, max_might: None, optional } => {
            format!("banish_and_play({}, {optional})", objects(from))
        }
        Effect::PlaySpellFromTrash { optional } => format!("play_spell_from_trash({optional})"),
    }
}

fn object(o: &Obj) -> String {
    match o {
        Obj::Me => "me()".into(),
        Obj::ThatUnit => "that_unit()".into(),
        Obj::Remembered => "remembered()".into(),
        Obj::Target(i) => format!("target({i})"),
        Obj::Each => "u".into(),
        Obj::Var(v) => v.script_name().into(),
    }
}

fn objects(o: &Objs) -> String {
    match o {
        Objs::Targets(i) => format!("targets({i})"),
        Objs::All(f) => format!("units({})", filter(f)),
        Objs::AtBattlefield { filter: f, spec } => format!("units_at({}, target({spec}))", filter(f)),
        Objs::Var(v) => v.script_name().into(),
    }
}

fn who(w: &Who) -> String {
    match w {
        Who::You => "you()".into(),
        Who::ThatPlayer => "that_player()".into(),
        Who::ControllerOf(o) => format!("controller_of({})", object(o)),
    }
}

fn amount(a: &Amount) -> String {
    match a {
        Amount::Number(n) => n.to_string(),
        Amount::MightOf(o) => format!("might({})", object(o)),
        Amount::EnergyOf(o) => format!("energy_of({})", object(o)),
    }
}

fn test(t: &Test) -> String {
    match t {
        Test::May => "may()".into(),
        Test::Pay { cost: c, exhaust_me: false } => format!("pay_optional({})", cost(c)),
        Test::Pay { cost: c, exhaust_me: true } => format!("pay_optional_and_exhaust({})", cost(c)),
        Test::SpendABuff => "spend_a_buff()".into(),
        Test::BuffedThisWay(o) => format!("buffed_this_way({})", object(o)),
        Test::OnlyUnitThere(o) => format!("only_unit_there({})", object(o)),
        Test::Legion => "legion()".into(),
        Test::PaidAdditional => "paid_additional()".into(),
        Test::Var(v) => v.script_name().into(),
        Test::Exists(o) => format!("{} >= 0", object(o)),
        Test::Not(t) => match t.as_ref() {
            Test::Var(_) => format!("!{}", test(t)),
            _ => format!("!({})", test(t)),
        },
    }
}

/// `UNITS + ENEMY + HERE`, `(UNITS + AT_BATTLEFIELD) | GEAR`.
pub fn filter(f: &UnitFilter) -> String {
    let mut s = kind(f.kind).to_string();
    for p in f.parts() {
        s.push_str(" + ");
        s.push_str(&part(&p));
    }
    match &f.or {
        Some(or) => format!("({s}) | ({})", filter(or)),
        None => s,
    }
}

/// `energy(2) + FURY`.
fn cost(c: &Cost) -> String {
    let mut s = format!("energy({})", c.energy);
    for p in &c.power {
        s.push_str(" + ");
        s.push_str(&power(*p));
    }
    s
}

//! The one place that writes Rhai: each ability's typed instructions ([`Effect`]) become one
//! Rhai function calling the host package (`riftbound::host`), whose functions and constants take
//! the same types. Nothing else in the card language prints code.

use crate::riftbound::abilities::names::{
    act, cost, duration, filter, keyword, other_cost, place, play_to, score_method,
};
use crate::riftbound::abilities::{Amount, Arg, CountOf, Effect, Obj, Objs, Players, Test, Var, Who};
use std::fmt::Write;

/// Writes `fn name() { ... }` for `effects`, after a `// comment` line.
pub fn function(out: &mut String, comment: &str, name: &str, effects: &[Effect]) {
    // A comment is one line: a newline in card text must not end it (and start code).
    let comment = comment.replace(['\n', '\r'], " ");
    let _ = writeln!(out, "// {comment}");
    let _ = writeln!(out, "fn {name}() {{");
    // What a loop over players keeps of each of them starts empty, before it.
    let mut kept = Vec::new();
    appended(effects, &mut kept);
    for v in kept {
        let _ = writeln!(out, "    let {} = [];", v.script_name());
    }
    for line in block(effects) {
        let _ = writeln!(out, "    {line}");
    }
    out.push_str("}\n");
}

/// Appends a card's own `script` block (the escape hatch), after a comment naming the card.
pub fn script_block(out: &mut String, card: &str, script: &str) {
    let _ = writeln!(out, "// {}: script block\n{script}", card.replace(['\n', '\r'], " "));
}

/// The statements of `effects`, one per line (nested blocks indented). A value an `if` branch
/// names (`let played = ...` inside "you may pay [B] to play ...") that a later statement reads
/// ("If it's a unit, play it here") is declared before the `if`, as none, and assigned inside.
fn block(effects: &[Effect]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, e) in effects.iter().enumerate() {
        let Effect::If { then, otherwise, .. } = e else {
            out.extend(statement(e));
            continue;
        };
        let later = block(&effects[i + 1..]).join("\n");
        let hoisted: Vec<Var> = then
            .iter()
            .chain(otherwise)
            .filter_map(|x| match x {
                Effect::Let(v, _) if mentions(&later, v.script_name()) => Some(*v),
                _ => None,
            })
            .collect();
        let mut lines = statement(e);
        for v in &hoisted {
            let name = v.script_name();
            let none = match v {
                Var::Looked => "[]",
                Var::Done => "false",
                _ => "-1",
            };
            if !out.iter().any(|l: &String| l.starts_with(&format!("let {name} = "))) {
                out.push(format!("let {name} = {none};"));
            }
            let declared = format!("    let {name} = ");
            for l in &mut lines {
                if l.starts_with(&declared) {
                    *l = format!("    {name} = {}", &l[declared.len()..]);
                }
            }
        }
        out.extend(lines);
    }
    out
}

/// The variables `Effect::Append` adds to, anywhere in `effects`, each once.
fn appended(effects: &[Effect], out: &mut Vec<Var>) {
    for e in effects {
        match e {
            Effect::Append(v, _) if !out.contains(v) => out.push(*v),
            Effect::ForEach(_, body) | Effect::EachPlayer(_, body) | Effect::Repeat(_, body) => appended(body, out),
            Effect::If { then, otherwise, .. } => {
                appended(then, out);
                appended(otherwise, out);
            }
            _ => {}
        }
    }
}

/// Whether `code` reads the variable `name` (a whole identifier).
fn mentions(code: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
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
        Effect::EachPlayer(players, body) => {
            let mut out = vec![format!("for p in {} {{", players_of(players))];
            out.extend(indented(block(body)));
            out.push("}".into());
            out
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
        Effect::Append(var, e) => vec![format!("{} += {};", var.script_name(), expression(e))],
        Effect::Repeat(n, body) => {
            let mut out = vec![format!("for n in 0..{} {{", amount(n))];
            out.extend(indented(block(body)));
            out.push("}".into());
            out
        }
        Effect::Answer(b) => vec![b.to_string()],
        e => vec![format!("{};", expression(e))],
    }
}

/// An instruction as a call (the value it answers, if any, is the call's): the host function
/// and arguments `Effect::call` names, each argument written by its type.
fn expression(e: &Effect) -> String {
    let Some((name, args)) = e.call() else { return block(std::slice::from_ref(e)).join(" ") };
    let args: Vec<String> = args.iter().map(argument).collect();
    format!("{name}({})", args.join(", "))
}

fn argument(a: &Arg) -> String {
    match a {
        Arg::Obj(o) => object(o),
        Arg::NoObj => "-1".into(),
        Arg::Objs(o) => objects(o),
        Arg::Filter(f) => filter(f),
        Arg::Who(w) => who(w),
        Arg::Amount(a) => amount(a),
        Arg::Int(n) => n.to_string(),
        Arg::Bool(b) => b.to_string(),
        Arg::Keyword(k) => keyword(*k),
        Arg::Duration(d) => duration(*d).into(),
        Arg::Token(t) => format!("{:?}", t.card_id()),
        Arg::Place(p) => place(*p).into(),
        Arg::PlayTo(t) => play_to(*t).into(),
        Arg::Cost(c) => cost(c),
        Arg::Body(b) => format!("{b:?}"),
        Arg::Players(p) => players_of(p),
        Arg::Picks(ps) => format!(
            "[{}]",
            ps.iter()
                .map(|p| format!("[{}, {}, {}]", p.count, filter(&p.filter), p.in_hand))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Arg::Words(w) => format!("[{}]", w.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(", ")),
        Arg::KilledMight(spec) => format!("killed_might({spec})"),
        Arg::OtherCost(c) => other_cost(c, filter),
    }
}

/// The players' ids, in the order they act.
fn players_of(p: &Players) -> String {
    match p {
        Players::All => "each_player()".into(),
        Players::Opponents => "each_opponent()".into(),
        Players::FromNext => "each_player_from_next()".into(),
        Players::OthersFromNext => "each_other_player_from_next()".into(),
        Players::Combatants { attacker, defender } => format!("combatants({attacker}, {defender})"),
        Players::Chose(i) => format!("chose({}, {i})", Var::Choices.script_name()),
        Players::YouAnd(w) => format!("[you(), {}]", who(w)),
    }
}

fn object(o: &Obj) -> String {
    match o {
        Obj::Me => "me()".into(),
        Obj::ThisCard => "this_card()".into(),
        Obj::ThatUnit => "that_unit()".into(),
        Obj::Remembered => "remembered()".into(),
        Obj::Paid => "paid()".into(),
        Obj::ThatBattlefield => "that_battlefield()".into(),
        Obj::Target(i) => format!("target({i})"),
        Obj::Each => "u".into(),
        Obj::Var(v) => v.script_name().into(),
    }
}

fn objects(o: &Objs) -> String {
    match o {
        Objs::Targets(i) => format!("targets({i})"),
        Objs::Pair(i, j) => format!("targets({i}) + targets({j})"),
        Objs::All(f) => format!("units({})", filter(f)),
        Objs::AtBattlefield { filter: f, spec } => format!("units_at({}, target({spec}))", filter(f)),
        Objs::AtThatBattlefield(f) => format!("units_at({}, that_battlefield())", filter(f)),
        Objs::Around { filter: f, of } => format!("units_around({}, {})", filter(f), object(of)),
        Objs::Var(v) => v.script_name().into(),
        Objs::OwnedBy(v, w) => format!("owned_by({}, {})", v.script_name(), who(w)),
    }
}

fn who(w: &Who) -> String {
    match w {
        Who::You => "you()".into(),
        Who::ThatPlayer => "that_player()".into(),
        Who::ControllerOf(o) => format!("controller_of({})", object(o)),
        Who::OwnerOf(o) => format!("owner_of({})", object(o)),
        Who::Each => "p".into(),
        Who::Var(v) => v.script_name().into(),
        Who::Target(i) => format!("target_player({i})"),
    }
}

fn amount(a: &Amount) -> String {
    match a {
        Amount::Number(n) => n.to_string(),
        // Paid with, it has left the board: its Might as it last was there.
        Amount::MightOf(Obj::Paid) => "last_might(paid())".into(),
        Amount::MightOf(o) => format!("might({})", object(o)),
        Amount::EnergyOf(o) => format!("energy_of({})", object(o)),
        Amount::DamageOn(o) => format!("damage_on({})", object(o)),
        Amount::KeywordOf(o, k) => format!("keyword_value({}, {})", object(o), keyword(*k)),
        Amount::Per { each, count: CountOf::Matching(f) } => format!("{each} * count({})", filter(f)),
        Amount::Per { each, count: CountOf::CardsInYourTrash } => format!("{each} * trash_size(you())"),
        Amount::Per { each, count: CountOf::YourPoints } => format!("{each} * points(you())"),
        Amount::Per { each, count: CountOf::PointsScoredThisTurn(method) } => {
            format!("{each} * points_scored(you(), {})", score_method(*method))
        }
        Amount::Per { each, count: CountOf::CardsInYourHand } => format!("{each} * hand_size(you())"),
        Amount::Per { each, count: CountOf::ExcessAssigned } => format!("{each} * excess_assigned(you())"),
        Amount::Per { each, count: CountOf::CardsPlayedThisTurn } => format!("{each} * cards_played(you())"),
        Amount::Per { each, count: CountOf::ExtremeMight { filter: f, highest } } => {
            let which = if *highest { "highest" } else { "lowest" };
            format!("{each} * {which}_might({})", filter(f))
        }
        // Counted by the layers for a passive: no instruction counts them.
        Amount::Per { count: c @ (CountOf::Attached(_) | CountOf::MightBonusOf(_)), .. } => {
            unreachable!("{c} is a passive's count, never an instruction's")
        }
        Amount::Twice(a) => format!("2 * {}", amount(a)),
        Amount::Above(a, o) => format!("max(0, {} - might({}))", amount(a), object(o)),
        Amount::Paid => Var::Paid.script_name().into(),
        Amount::Among { each, from, filter: f } => format!("{each} * count_among({}, {})", objects(from), filter(f)),
        Amount::Around { each, filter: f, of } => format!("{each} * count_around({}, {})", filter(f), object(of)),
    }
}

fn test(t: &Test) -> String {
    match t {
        Test::May => "may()".into(),
        Test::Pay { cost: c, exhaust_me: false, spend_buff: None } => format!("pay_optional({})", cost(c)),
        Test::Pay { cost: c, exhaust_me: true, spend_buff: None } => {
            format!("pay_optional_and_exhaust({})", cost(c))
        }
        Test::Pay { cost: c, exhaust_me, spend_buff: Some(o) } => {
            format!("pay_optional_and_spend_buff({}, {exhaust_me}, {})", cost(c), object(o))
        }
        Test::PlayerPays { who: w, cost: c } => format!("player_pays({}, {})", who(w), cost(c)),
        Test::PlayerAgrees(w) => format!("player_agrees({})", who(w)),
        Test::PayOther { cost: c, may: true } => format!("pay_other({})", other_cost(c, filter)),
        Test::PayOther { cost: c, may: false } => format!("pay_other_if_able({})", other_cost(c, filter)),
        Test::SpendItsBuff(o) => format!("spend_its_buff({})", object(o)),
        Test::RecycleToPay(o) => format!("recycle_to_pay({})", object(o)),
        Test::DoneThisWay(a, o) => format!("done_this_way({}, {})", act(*a), object(o)),
        Test::Matches(o, f) => format!("matches({}, {})", object(o), filter(f)),
        Test::Legion => "legion()".into(),
        Test::PlayedACard => "played_a_card()".into(),
        Test::PaidAdditional => "paid_additional()".into(),
        Test::XpAtLeast(n) => format!("xp_at_least({n})"),
        Test::FirstOfTwo => "choose_first()".into(),
        Test::Var(v) => v.script_name().into(),
        Test::Exists(o) => format!("{} >= 0", object(o)),
        Test::Same(a, b) => format!("{} == {}", object(a), object(b)),
        Test::AttachedTo(a, b) => format!("attached_to({}, {})", object(a), object(b)),
        Test::PayAnd { cost: c, other } => format!("pay_optional_and({}, {})", cost(c), other_cost(other, filter)),
        Test::Holds { index, .. } => format!("holds({index})"),
        Test::Not(t) => match t.as_ref() {
            Test::Var(_) => format!("!{}", test(t)),
            _ => format!("!({})", test(t)),
        },
    }
}

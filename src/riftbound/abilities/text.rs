//! The instruction set printed back as rules text: what `card show` says an ability does, in
//! the game's own wording (normalised: "target 0" names the ability's first target spec).

use super::Condition;
use super::effect::*;
use super::filter::{At, Located, Relation, TargetCount, TargetSpec, UnitFilter};
use crate::riftbound::cards::CardType;
use crate::riftbound::layers::Duration;
use std::fmt::{self, Display, Formatter};

/// Instructions as sentences, one after another.
pub struct Instructions<'a>(pub &'a [Effect]);

impl Display for Instructions<'_> {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{e}")?;
            if !matches!(e, Effect::If { .. } | Effect::ForEach(..) | Effect::EachPlayer(..) | Effect::Repeat(..)) {
                f.write_str(".")?;
            }
        }
        Ok(())
    }
}

impl Display for Effect {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Effect::ForEach(objs, body) => write!(f, "For each of {objs}: {}", Instructions(body)),
            Effect::Repeat(Amount::Paid, body) => write!(f, "For each time it was paid: {}", Instructions(body)),
            Effect::Repeat(n, body) => write!(f, "{n} times: {}", Instructions(body)),
            Effect::EachPlayer(Players::All, body) => write!(f, "For each player: {}", Instructions(body)),
            Effect::EachPlayer(Players::Opponents, body) => write!(f, "For each opponent: {}", Instructions(body)),
            Effect::EachPlayer(Players::Combatants { attacker, defender }, body) => {
                let sides = match (attacker, defender) {
                    (true, true) => "the attacker and the defender",
                    (true, false) => "the attacker",
                    _ => "the defender",
                };
                write!(f, "For {sides}: {}", Instructions(body))
            }
            Effect::EachPlayer(Players::FromNext, body) => {
                write!(f, "For each player, starting with the next: {}", Instructions(body))
            }
            Effect::EachPlayer(Players::OthersFromNext, body) => {
                write!(f, "For each other player, starting with the next: {}", Instructions(body))
            }
            Effect::EachPlayer(Players::Chose(i), body) => {
                write!(f, "For each player who chose option {}: {}", i + 1, Instructions(body))
            }
            Effect::EachPlayer(Players::YouAnd(who), body) => write!(f, "For you and {who}: {}", Instructions(body)),
            Effect::If { test, then, otherwise } => {
                write!(f, "If {test}: {}", Instructions(then))?;
                if !otherwise.is_empty() {
                    write!(f, " Otherwise: {}", Instructions(otherwise))?;
                }
                Ok(())
            }
            Effect::Let(var, e) => write!(f, "{e} (call that {})", var_text(*var)),
            Effect::Append(var, e) => write!(f, "{e} (add that to {})", var_text(*var)),
            Effect::Answer(true) => f.write_str("It applies"),
            Effect::Answer(false) => f.write_str("It does not apply"),
            Effect::Deal { amount, to } => write!(f, "Deal {amount} to {to}"),
            Effect::DealSplit { amount, spec } => write!(f, "Deal {amount} damage split among target {spec}"),
            Effect::Fight(a, b) => write!(f, "{a} and {b} deal damage equal to their Might to each other"),
            Effect::Draw { who, amount } => write!(f, "{} {amount}", verb(who, "draw", "draws")),
            Effect::GainXp { who, amount } => write!(f, "{} {amount} XP", verb(who, "gain", "gains")),
            Effect::Act(act, o) => write!(f, "{}", act_text(*act, o)),
            Effect::Give { to, grant, until } => {
                match grant {
                    Grant::Might { amount, min: None } => write!(f, "Give {to} {amount:+} [M]")?,
                    Grant::Might { amount, min: Some(m) } => {
                        write!(f, "Give {to} {amount:+} [M], to a minimum of {m} [M]")?
                    }
                    Grant::Keyword(k, 0) => write!(f, "Give {to} [{k:?}]")?,
                    Grant::Keyword(k, v) => write!(f, "Give {to} [{k:?} {v}]")?,
                    Grant::SetMight(n) => write!(f, "The Might of {to} becomes {n}")?,
                    Grant::UnchoosableByEnemies => write!(f, "{to} can't be chosen by enemy spells and abilities")?,
                    Grant::Ability(i) => write!(f, "Give {to} the ability {i} of this card")?,
                }
                f.write_str(duration_text(*until))
            }
            Effect::PreventNext { unit, amount } => {
                write!(f, "Prevent the next {amount} damage that would be dealt to {unit} this turn")
            }
            Effect::PreventNextTime(unit) => {
                write!(f, "The next time {unit} would be dealt damage this turn, prevent it")
            }
            Effect::GiveMightOf { to, amount, until } => {
                write!(f, "Give {to} + {amount} [M]")?;
                f.write_str(duration_text(*until))
            }
            Effect::MoveToChosen { unit, spec } => write!(f, "Move {unit} to the destination chosen as target {spec}"),
            Effect::GiveKeywordsOf { to, from, until } => {
                write!(f, "Give {to} the keywords of {from}{}", duration_text(*until))
            }
            Effect::SwapMight { units, until } => write!(f, "Swap the Might of {units}{}", duration_text(*until)),
            Effect::MoveAllToChosen { units, spec } => {
                write!(f, "Move {units} to the destination chosen as target {spec}")
            }
            Effect::Discard { who, amount } => write!(f, "{} {amount}", verb(who, "discard", "discards")),
            Effect::ExtraTurn(who) => write!(f, "{} a turn after this one", verb(who, "take", "takes")),
            Effect::DiscardHand(who) => write!(f, "{} {} hand", verb(who, "discard", "discards"), possessive(who)),
            Effect::RecycleFromTrash { who, amount } => {
                write!(f, "{} {amount} from {} trash", verb(who, "recycle", "recycles"), possessive(who))
            }
            Effect::PlayTokens { who, token, count, ready, .. } if token.gear => {
                let (n, s) = if *count == 1 { ("a".to_string(), "") } else { (count.to_string(), "s") };
                let exhausted = if *ready { "" } else { " exhausted" };
                write!(f, "{} {n} {} gear token{s}{exhausted}", verb(who, "play", "plays"), token.name)?;
                token_text(f, token)
            }
            Effect::PlayTokens { who, token, count, ready, place } => {
                let ready = if *ready { "ready " } else { "" };
                let kind = format!("{} [M] {} unit token", token.might, token.name);
                let with = match token.keywords.as_slice() {
                    [] => String::new(),
                    kws => format!(
                        " with {}",
                        kws.iter()
                            .map(|&(k, n)| if n == 0 { format!("[{k:?}]") } else { format!("[{k:?} {n}]") })
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                let (n, s) = if *count == 1 { ("a".to_string(), "") } else { (count.to_string(), "s") };
                write!(f, "{} {n} {ready}{kind}{s}{with}", verb(who, "play", "plays"))?;
                match place {
                    Place::Chosen => Ok(()),
                    Place::Here => f.write_str(" here"),
                    Place::Base => write!(f, " in {} base", possessive(who)),
                }?;
                token_text(f, token)
            }
            Effect::Add { who, resources, spells_only } => {
                write!(f, "{} {resources}", verb(who, "[Add]", "[Adds]"))?;
                if *spells_only {
                    f.write_str(". Use only to play spells")?;
                }
                Ok(())
            }
            Effect::AddTimes { who, each, times } => write!(f, "{} {each} {times} times", verb(who, "[Add]", "[Adds]")),
            Effect::Burn { who, amount } => write!(f, "{} {amount}", verb(who, "burn", "burns")),
            Effect::ActivateEffects { category, of } => write!(f, "Activate the {} effects of {of}", category.name()),
            Effect::Predict { who, amount } => write!(f, "{} {amount}", verb(who, "predict", "predicts")),
            Effect::Score { who, points } => {
                write!(f, "{} {points} point{}", verb(who, "score", "scores"), if *points == 1 { "" } else { "s" })
            }
            Effect::Win(who) => write!(f, "{} the game", verb(who, "win", "wins")),
            Effect::Channel { who, amount, exhausted } => {
                let s = if *amount == 1 { "" } else { "s" };
                let ex = if *exhausted { " exhausted" } else { "" };
                write!(f, "{} {amount} rune{s}{ex}", verb(who, "channel", "channels"))
            }
            Effect::ThisTurn(TurnRule::NextSpellBonus(n)) => {
                write!(f, "The next spell you play this turn deals {n} Bonus Damage")
            }
            Effect::ThisTurn(TurnRule::NextSpellCostsLess(n)) => {
                write!(f, "The next spell you play this turn costs [{n}] less")
            }
            Effect::ThisTurn(TurnRule::NextSpellRepeat) => {
                f.write_str("The next spell you play this turn has [Repeat] equal to its cost")
            }
            Effect::ThisTurn(TurnRule::UnitsEnterReady) => f.write_str("Units you play this turn enter ready"),
            Effect::ThisTurn(TurnRule::NextUnitEntersReady) => {
                f.write_str("The next unit you play this turn enters ready")
            }
            Effect::ThisTurn(TurnRule::BuffsGiveMore { might, to }) => {
                write!(f, "Buffs give an additional {might:+} [M] to {to} this turn")
            }
            Effect::ThisTurn(TurnRule::HideFree) => f.write_str("You can hide cards ignoring costs this turn"),
            Effect::ThisTurn(TurnRule::PreventDamage { spells, abilities }) => {
                let kinds = match (spells, abilities) {
                    (true, true) => "spell and ability",
                    (true, false) => "spell",
                    _ => "ability",
                };
                write!(f, "Prevent all {kinds} damage this turn")
            }
            Effect::EachPlayerKillsOne(o) => write!(f, "Each player kills one of {o} they control"),
            Effect::CantPlay { who, spells_only } => {
                write!(f, "{who} can't play {} this turn", if *spells_only { "spells" } else { "cards" })
            }
            Effect::CantMove { who, unit } => write!(f, "{who} can't move {unit} this turn"),
            Effect::PlayMeFromTrash => f.write_str("Play me from your trash"),
            Effect::PlayMeFor(cost) => write!(f, "Play me for {cost}"),
            Effect::Vision => f.write_str("Look at the top card of your Main Deck; you may recycle it"),
            Effect::Attach { card, to } => write!(f, "Attach {card} to {to}"),
            Effect::DetachFrom(o) => write!(f, "Detach an Equipment from {o}"),
            Effect::AttachOneOf { from, cards, to } => write!(f, "Attach one of {cards} attached to {from} to {to}"),
            Effect::ControlWhileOnBoard(o) => write!(f, "You control {o} until I leave the board"),
            Effect::Weaponmaster => {
                f.write_str("You may pay the Equip cost of one of your Equipment, [A] less, to attach it to me")
            }
            Effect::ReplaceNextDeath { unit, body } => {
                write!(f, "The next time {unit} would die this turn, do {body} instead")
            }
            Effect::Reflexive { body, it: None } => write!(f, "Do this: {body}"),
            Effect::Reflexive { body, it: Some(it) } => write!(f, "Do this (it: {it}): {body}"),
            Effect::ReflexiveIfKilled { body, unit } => write!(f, "If this kills {unit}, do this: {body}"),
            Effect::Delay { body, it: None } => write!(f, "Set up {body}"),
            Effect::Delay { body, it: Some(o) } => write!(f, "Set up {body}, remembering {o}"),
            Effect::MoveTo { unit, to, battlefield: true } => write!(f, "Move {unit} to the battlefield of {to}"),
            Effect::MoveTo { unit, to, battlefield: false } => write!(f, "Move {unit} to the location of {to}"),
            Effect::SwapPlaces(a, b) => write!(f, "Swap the locations of {a} and {b}"),
            Effect::LookTop { who, amount } => {
                write!(f, "{} at the top {amount} of {} Main Deck", verb(who, "look", "looks"), possessive(who))
            }
            Effect::RevealTop { who, amount } => {
                write!(f, "{} the top {amount} of {} Main Deck", verb(who, "reveal", "reveals"), possessive(who))
            }
            Effect::RevealTopRune(who) => {
                write!(f, "{} the top rune of {} rune deck", verb(who, "reveal", "reveals"), possessive(who))
            }
            Effect::ByDomain { of, domains, bodies } => {
                write!(f, "Based on the domain of {of}:")?;
                for (d, b) in domains.iter().zip(bodies) {
                    write!(f, " [{d}] do {b};")?;
                }
                Ok(())
            }
            Effect::RevealTopCard(who) => {
                write!(f, "{} the top card of {} Main Deck", verb(who, "reveal", "reveals"), possessive(who))
            }
            Effect::RevealUntil { who, filter } => write!(
                f,
                "{} cards from the top of {} Main Deck until one of {filter}",
                verb(who, "reveal", "reveals"),
                possessive(who)
            ),
            Effect::FirstOf { among, filter } => write!(f, "the first of {among} that is one of {filter}"),
            Effect::PutOneIntoHand(o) => write!(f, "Put one of {o} into your hand"),
            Effect::RecycleCards(o) => write!(f, "Recycle the rest of {o}"),
            Effect::DrawCards(o) => write!(f, "Draw the rest of {o}"),
            Effect::RecycleAny(o) => write!(f, "Recycle any of {o}"),
            Effect::PutBackInAnyOrder(o) => write!(f, "Put the rest of {o} back in any order"),
            Effect::PayAnyNumber(cost) => write!(f, "You {cost} any number of times"),
            Effect::PayAnyAmount(cost) => write!(f, "You pay {cost} any number of times"),
            Effect::BanishTop(who) => {
                write!(f, "{} the top card of {} Main Deck", verb(who, "banish", "banishes"), possessive(who))
            }
            Effect::BanishOne { who, from, optional: false } => {
                write!(f, "{} one of {from}", verb(who, "banish", "banishes"))
            }
            Effect::BanishOne { who, from, optional: true } => write!(f, "{who} may banish one of {from}"),
            Effect::BanishAndPlay { from, max_might, optional, reduced_by } => {
                let may = if *optional { "You may banish" } else { "Banish" };
                match reduced_by {
                    None => write!(f, "{may} one of {from} and play it, ignoring its cost")?,
                    Some(n) => write!(f, "{may} one of {from} and play it, reducing its cost by [{n}]")?,
                }
                if let Some(k) = max_might {
                    write!(f, " (Might up to target {}'s {:+})", k.spec, k.more)?;
                }
                Ok(())
            }
            Effect::PlayCard { who, card, ignore_energy: false, .. } => {
                write!(f, "{} {card}, paying its cost", verb(who, "Play", "plays"))
            }
            Effect::PlayCard { who, card, ignore_power, to_base, .. } => {
                let base = if *to_base { " to their base" } else { "" };
                let ignored = if *ignore_power { "cost" } else { "Energy cost" };
                write!(f, "{} {card}{base}, ignoring its {ignored}", verb(who, "Play", "plays"))
            }
            Effect::PlayCardReduced { who, card, by } => {
                write!(f, "{} {card}, its Energy cost reduced by {by}", verb(who, "Play", "plays"))
            }
            Effect::PlayHere(card) => write!(f, "{card} is played here"),
            Effect::PlayWhereItWas { card, unit } => write!(f, "{card} is played where {unit} was"),
            Effect::PlayToBattlefield(card, to) => write!(f, "{card} is played to {}", to.text()),
            Effect::RevealHand(who) => write!(f, "{} {} hand", verb(who, "reveal", "reveals"), possessive(who)),
            Effect::ChooseCard { from, filter } => write!(f, "Choose one of {from} that is one of {filter}"),
            Effect::PlayerChooses { who, filter, optional, except } => {
                let verb = if *optional { "may choose" } else { "chooses" };
                write!(f, "{who} {verb} one of {filter}")?;
                match except {
                    Some(o) => write!(f, " other than {o}"),
                    None => Ok(()),
                }
            }
            Effect::PlayersChooseOption { who, options } => {
                write!(f, "{}: that player chooses {}", players_text(who), options.join(" or "))
            }
            Effect::PlayersKeep { who, picks } => {
                let list: Vec<String> = picks
                    .iter()
                    .map(|p| format!("{} of {}{}", p.count, p.filter, if p.in_hand { " in their hand" } else { "" }))
                    .collect();
                write!(f, "{}: that player chooses {}", players_text(who), list.join(", "))
            }
            Effect::RecycleAll(objs) => write!(f, "Recycle {objs}"),
            Effect::PlayersChoose { who, filter, distinct } => {
                write!(f, "{}: that player chooses one of {filter}", players_text(who))?;
                if *distinct { f.write_str(" not chosen yet") } else { Ok(()) }
            }
        }
    }
}

/// "For each opponent" and the like, for an instruction about several players.
fn players_text(p: &Players) -> String {
    match p {
        Players::All => "For each player".into(),
        Players::Opponents => "For each opponent".into(),
        Players::FromNext => "For each player, starting with the next".into(),
        Players::OthersFromNext => "For each other player, starting with the next".into(),
        Players::Combatants { .. } => "For the players in combat".into(),
        Players::Chose(i) => format!("For each player who chose option {}", i + 1),
        Players::YouAnd(who) => format!("For you and {who}"),
    }
}

fn act_text(act: Act, o: &Obj) -> String {
    match act {
        Act::Kill => format!("Kill {o}"),
        Act::Empower => format!("Empower {o}"),
        Act::Disempower => format!("Disempower {o}"),
        Act::Buff => format!("Buff {o}"),
        Act::Stun => format!("Stun {o}"),
        Act::Ready => format!("Ready {o}"),
        Act::Exhaust => format!("Exhaust {o}"),
        Act::Recall => format!("Recall {o}"),
        Act::TakeControl => format!("Take control of {o}"),
        Act::LoseControl => format!("Lose control of {o}"),
        Act::Heal => format!("Heal {o}"),
        Act::MoveToBase => format!("Move {o} to its base"),
        Act::MoveToYourBase => format!("Move {o} to your base"),
        Act::Move => format!("Move {o}"),
        Act::MoveHere => format!("Move {o} here"),
        Act::ReturnToHand => format!("Return {o} to its owner's hand"),
        Act::ReturnToChampionZone => format!("Return {o} to its owner's Champion Zone if it is empty"),
        Act::SpendBuff => format!("Spend the buff of {o}"),
        Act::DrawIt => format!("Draw {o}"),
        Act::PutInHand => format!("Put {o} into its owner's hand"),
        Act::PutInTrash => format!("Put {o} into its owner's trash"),
        Act::Reveal => format!("Reveal {o}"),
        Act::Recycle => format!("Recycle {o}"),
        Act::TopOrBottom => format!("Its owner puts {o} on the top or bottom of their Main Deck"),
        Act::Counter => format!("Counter {o}"),
        Act::NewChoices => format!("Make new choices for {o}"),
        Act::Banish => format!("Banish {o}"),
        Act::Detach => format!("Detach {o}"),
        Act::Discard => format!("Its owner discards {o}"),
    }
}

fn duration_text(d: Duration) -> &'static str {
    match d {
        Duration::ThisTurn => " this turn",
        Duration::ThisCombat => " this combat",
        Duration::Indefinite | Duration::WhileSourceOnBoard | Duration::WhileAttached => "",
    }
}

fn verb(who: &Who, you: &str, other: &str) -> String {
    match who {
        Who::You => {
            let mut c = you.chars();
            c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
        }
        w => format!("{w} {other}"),
    }
}

fn possessive(who: &Who) -> String {
    match who {
        Who::You => "your".into(),
        w => format!("{w}'s"),
    }
}

fn var_text(v: Var) -> &'static str {
    match v {
        Var::Looked => "the cards looked at",
        Var::Banished => "the banished card",
        Var::Revealed => "the revealed card",
        Var::Played => "the played spell",
        Var::Discarded => "the discarded card",
        Var::Done => "whether it was done",
        Var::Chosen => "the chosen card",
        Var::Choices => "the players' choices",
        Var::Those => "the chosen objects",
        Var::Rest => "the objects not chosen",
        Var::Paid => "how many times it was paid",
        Var::Made => "the token played",
    }
}

impl Display for Obj {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Obj::Me => f.write_str("me"),
            Obj::ThisCard => f.write_str("this"),
            Obj::ThatUnit => f.write_str("that unit"),
            Obj::Remembered => f.write_str("it (remembered)"),
            Obj::Paid => f.write_str("the object the cost was paid with"),
            Obj::ThatBattlefield => f.write_str("this battlefield"),
            Obj::Target(i) => write!(f, "target {i}"),
            Obj::Each => f.write_str("it"),
            Obj::Var(v) => f.write_str(var_text(*v)),
        }
    }
}

impl Display for Objs {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Objs::Targets(i) => write!(f, "targets {i}"),
            Objs::Pair(i, j) => write!(f, "targets {i} and {j}"),
            Objs::All(filter) => write!(f, "all {filter}"),
            Objs::AtBattlefield { filter, spec } => write!(f, "all {filter} at the battlefield of target {spec}"),
            Objs::AtThatBattlefield(filter) => write!(f, "all {filter} at the combat's battlefield"),
            Objs::Around { filter, of } => write!(f, "all {filter} where {of} is"),
            Objs::Var(v) => f.write_str(var_text(*v)),
            Objs::OwnedBy(v, who) => write!(f, "those of {} {who} owns", var_text(*v)),
        }
    }
}

impl Display for Who {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Who::You => f.write_str("you"),
            Who::ThatPlayer => f.write_str("that player"),
            Who::ControllerOf(o) => write!(f, "the controller of {o}"),
            Who::OwnerOf(o) => write!(f, "the owner of {o}"),
            Who::Each => f.write_str("that player"),
            Who::Var(v) => f.write_str(var_text(*v)),
            Who::Target(i) => write!(f, "the player chosen for target {i}"),
        }
    }
}

impl Display for Amount {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Amount::Number(n) => write!(f, "{n}"),
            Amount::MightOf(o) => write!(f, "the Might of {o}"),
            Amount::EnergyOf(o) => write!(f, "the Energy cost of {o}"),
            Amount::DamageOn(o) => write!(f, "the damage marked on {o}"),
            Amount::KeywordOf(o, k) => write!(f, "the [{k:?}] of {o}"),
            Amount::Per { each, count: CountOf::Matching(u) } => write!(f, "{each} for each of {u}"),
            Amount::Per { each, count: CountOf::CardsInYourTrash } => write!(f, "{each} for each card in your trash"),
            Amount::Per { each, count: CountOf::YourPoints } => write!(f, "{each} for each of your points"),
            Amount::Per { each, count: c @ CountOf::PointsScoredThisTurn(_) } => write!(f, "{each} for each of {c}"),
            Amount::Per { each, count: CountOf::CardsInYourHand } => write!(f, "{each} for each card in your hand"),
            Amount::Per { each: 1, count: CountOf::ExcessAssigned } => {
                write!(f, "that much ({})", CountOf::ExcessAssigned)
            }
            Amount::Per { each, count: c @ CountOf::ExcessAssigned } => write!(f, "{each} times {c}"),
            Amount::Per { each, count: CountOf::CardsPlayedThisTurn } => {
                write!(f, "{each} for each card you've played this turn")
            }
            Amount::Per { each, count: CountOf::ExtremeMight { filter, highest } } => {
                let which = if *highest { "highest" } else { "lowest" };
                write!(f, "{each} times the {which} Might among {filter}")
            }
            Amount::Per { each, count: c @ (CountOf::Attached(_) | CountOf::MightBonusOf(_)) } => {
                write!(f, "{each} times {c}")
            }
            Amount::Twice(a) => write!(f, "twice {a}"),
            Amount::Above(a, o) => write!(f, "what {a} is above the Might of {o}"),
            Amount::Paid => f.write_str("that much (the times it was paid)"),
            Amount::Among { each, from, filter } => write!(f, "{each} for each of {filter} among {from}"),
            Amount::Around { each, filter, of } => write!(f, "{each} for each of {filter} where {of} is"),
        }
    }
}

impl Display for CountOf {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            CountOf::Matching(u) => write!(f, "the number of {u}"),
            CountOf::CardsInYourTrash => f.write_str("the number of cards in your trash"),
            CountOf::YourPoints => f.write_str("your points"),
            CountOf::PointsScoredThisTurn(method) => write!(
                f,
                "the points you scored{} this turn",
                match method {
                    Some(crate::riftbound::scoring::ScoreMethod::Hold) => " from holding",
                    Some(crate::riftbound::scoring::ScoreMethod::Conquer) => " from conquering",
                    None => "",
                }
            ),
            CountOf::CardsInYourHand => f.write_str("the number of cards in your hand"),
            CountOf::ExcessAssigned => f.write_str("the excess damage you assigned"),
            CountOf::CardsPlayedThisTurn => f.write_str("the number of cards you've played this turn"),
            CountOf::ExtremeMight { filter, highest } => {
                write!(f, "the {} Might among {filter}", if *highest { "highest" } else { "lowest" })
            }
            CountOf::Attached(cards) => write!(f, "the number of {cards} attached to it"),
            CountOf::MightBonusOf(cards) => write!(f, "the base Might bonuses of {cards} attached to it"),
        }
    }
}

impl Display for Test {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Test::May => f.write_str("you choose to"),
            Test::Pay { cost, exhaust_me: false, spend_buff: None } => write!(f, "you pay {cost}"),
            Test::Pay { cost, exhaust_me: true, spend_buff: None } if cost.is_free() => f.write_str("you exhaust me"),
            Test::Pay { cost, exhaust_me: true, spend_buff: None } => write!(f, "you pay {cost} and exhaust me"),
            Test::Pay { cost, exhaust_me, spend_buff: Some(o) } => {
                write!(f, "you pay {cost}{}, and spend the buff of {o}", if *exhaust_me { ", exhaust me" } else { "" })
            }
            Test::PlayerPays { who, cost } => write!(f, "{who} pays {cost}"),
            Test::PlayerAgrees(who) => write!(f, "{who} chooses so"),
            Test::PayOther { cost, .. } => write!(f, "you {cost}"),
            Test::SpendItsBuff(o) => write!(f, "you spend the buff of {o}"),
            Test::RecycleToPay(o) => write!(f, "you recycle {o}"),
            Test::DoneThisWay(a, o) => write!(f, "{o} was {} this way", a.past()),
            Test::Matches(o, u) => write!(f, "{o} is one of {u}"),
            Test::Legion => f.write_str("you have played another card this turn [Legion]"),
            Test::PlayedACard => f.write_str("you have played a card this turn [Legion]"),
            Test::PaidAdditional => f.write_str("you paid the additional cost"),
            Test::XpAtLeast(n) => write!(f, "you have {n}+ XP [Level {n}]"),
            Test::FirstOfTwo => f.write_str("you choose the first"),
            Test::Var(Var::Done) => f.write_str("you do"),
            Test::Var(v) => write!(f, "there is {}", var_text(*v)),
            Test::Exists(o) => write!(f, "there is {o}"),
            Test::Same(a, b) => write!(f, "{a} is {b}"),
            Test::AttachedTo(a, b) => write!(f, "{a} is attached to {b}"),
            Test::PayAnd { cost, other } => write!(f, "you pay {cost} and {other}"),
            Test::Holds { condition, .. } => write!(f, "{condition:?}"),
            Test::Not(t) => match t.as_ref() {
                Test::Var(Var::Done) => f.write_str("you can't"),
                t => write!(f, "not ({t})"),
            },
        }
    }
}

impl Display for UnitFilter {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        if self.other {
            f.write_str("other ")?;
        }
        match self.condition.as_deref() {
            Some(Condition::Buffed) => f.write_str("buffed ")?,
            Some(Condition::Mighty) => f.write_str("Mighty ")?,
            Some(Condition::Stunned) => f.write_str("stunned ")?,
            Some(Condition::Damaged) => f.write_str("damaged ")?,
            Some(Condition::Exhausted) => f.write_str("exhausted ")?,
            Some(Condition::Ready) => f.write_str("ready ")?,
            Some(Condition::Equipped) => f.write_str("equipped ")?,
            Some(Condition::Attached(true)) => f.write_str("attached ")?,
            Some(Condition::Attached(false)) => f.write_str("detached ")?,
            Some(Condition::Open) => f.write_str("open ")?,
            Some(Condition::Token) => f.write_str("token ")?,
            Some(Condition::Attacking) => f.write_str("attacking ")?,
            Some(Condition::Defending) => f.write_str("defending ")?,
            Some(Condition::Empowered) => f.write_str("Empowered ")?,
            _ => {}
        }
        match self.relation {
            Relation::Any => {}
            Relation::Friendly => f.write_str("friendly ")?,
            Relation::Enemy => f.write_str("enemy ")?,
            Relation::Own => f.write_str("your own ")?,
        }
        if let Some(t) = &self.exclude_tag {
            write!(f, "non-{t} ")?;
        }
        if let Some(t) = &self.tag {
            write!(f, "{t} ")?;
        }
        f.write_str(match self.kind {
            _ if self.facedown => "facedown cards",
            CardType::Unit => "units",
            CardType::Spell => "spells",
            CardType::Gear => "gear",
            CardType::Rune => "runes",
            CardType::Legend => "legends",
            CardType::Battlefield => "battlefields",
        })?;
        match self.at {
            At::Anywhere => {}
            At::Battlefield => f.write_str(" at battlefields")?,
            At::Here => f.write_str(" here")?,
            At::MyBattlefield => f.write_str(" at my battlefield")?,
            At::Elsewhere => f.write_str(" at another location")?,
            At::ItsLocation => f.write_str(" at its location")?,
            At::That(b) => write!(f, " at battlefield {b}")?,
            At::YourTrash => f.write_str(" in your trash")?,
            At::Trashes => f.write_str(" in a trash")?,
            At::InCombat => f.write_str(" in combat")?,
            At::YourBase => f.write_str(" in your base")?,
            At::AnyBase => f.write_str(" in a base")?,
            At::MainDeck => f.write_str(" in a Main Deck")?,
            At::YourHand => f.write_str(" in your hand")?,
            At::Chain => f.write_str(" on the chain")?,
            At::YourChampionZone => f.write_str(" in your Champion Zone")?,
            At::Everywhere => f.write_str(" everywhere")?,
        }
        if let Some(m) = self.max_might {
            write!(f, " with {m} [M] or less")?;
        }
        if let Some(m) = self.max_cost {
            write!(f, " costing no more than [{}]", m.energy)?;
            if let Some(p) = m.power {
                write!(f, " and no more than {p} Power")?;
            }
        }
        match self.condition.as_deref() {
            None
            | Some(
                Condition::Buffed
                | Condition::Mighty
                | Condition::Stunned
                | Condition::Damaged
                | Condition::Exhausted
                | Condition::Ready
                | Condition::Equipped
                | Condition::Attached(_)
                | Condition::Open
                | Condition::Token
                | Condition::Attacking
                | Condition::Defending
                | Condition::Empowered,
            ) => {}
            Some(Condition::Alone { attack: true, defend: true }) => f.write_str(" attacking or defending alone")?,
            Some(Condition::Alone { attack: true, .. }) => f.write_str(" attacking alone")?,
            Some(Condition::Alone { .. }) => f.write_str(" defending alone")?,
            Some(Condition::HasKeyword(k)) => write!(f, " with [{k:?}]")?,
            Some(Condition::EnergyCostBelow(n)) => write!(f, " with Energy cost less than {n}")?,
            Some(Condition::CostAtLeast { energy, power }) => {
                write!(f, " with Energy cost at least {energy} and at least {power} Power")?
            }
            Some(Condition::ChosenChampion) => f.write_str(" that is its owner's Chosen Champion")?,
            Some(c) => write!(f, " ({c:?})")?,
        }
        if self.my_name {
            f.write_str(" with my name")?;
        }
        if let Some(or) = &self.or {
            write!(f, " or {or}")?;
        }
        Ok(())
    }
}

impl Display for TargetSpec {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self.count {
            TargetCount::One => write!(f, "one of {}", self.filter),
            TargetCount::UpTo(n) => write!(f, "up to {n} {}", self.filter),
            TargetCount::Exactly(n) => write!(f, "{n} {}", self.filter),
            TargetCount::Split(n) => write!(f, "up to {n} {} to split damage among", self.filter),
            TargetCount::AnyNumber { total_might: None, .. } => write!(f, "any number of {}", self.filter),
            TargetCount::AnyNumber { total_might: Some(m), same_battlefield } => {
                write!(f, "any number of {} with total Might {m} or less", self.filter)?;
                if same_battlefield {
                    f.write_str(" at one battlefield")?;
                }
                Ok(())
            }
            // "to a battlefield where you have units": among the battlefields its filter names.
            TargetCount::Destination(i) if self.filter.condition.is_some() || self.filter.relation != Relation::Any => {
                write!(f, "a destination for target {i} among {}", self.filter)
            }
            TargetCount::Destination(i) => write!(f, "a destination for target {i}"),
            TargetCount::Player if self.filter.relation == Relation::Enemy => f.write_str("an opponent"),
            TargetCount::Player => f.write_str("a player"),
        }?;
        if self.distinct {
            f.write_str(", not one chosen before")?;
        }
        match self.located {
            Some(Located::SameBattlefield(i)) => write!(f, ", at the battlefield of target {i}")?,
            Some(Located::Elsewhere(i)) => write!(f, ", at a location other than target {i}'s")?,
            Some(Located::Together) => f.write_str(", all at one location")?,
            Some(Located::SameController(i)) => write!(f, ", with the controller of target {i}")?,
            Some(Located::AtIt { other }) => {
                f.write_str(", at the location of that unit")?;
                if other {
                    f.write_str(", not that unit")?;
                }
            }
            None => {}
        }
        Ok(())
    }
}

/// A token's own rules text, as its effect prints it: ` (It has "TEXT")` (176.1).
fn token_text(f: &mut fmt::Formatter, token: &Token) -> fmt::Result {
    if token.text.is_empty() { Ok(()) } else { write!(f, ". (It has \"{}\")", token.text) }
}

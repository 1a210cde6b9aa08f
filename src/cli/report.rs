//! `--report FILE`: one self-contained HTML page of a run (`sim`, `merge`) or of a comparison
//! (`compare`), for people to look at: the matchup matrix as a heat map, each deck's cards' win
//! rates when drawn with their intervals, the game lengths, and a comparison's differences. The
//! plots are SVG drawn by plotters and written into the page, which needs nothing else (no
//! network, no files beside it).

use super::SimReport;
use super::compare::Comparison;
use super::stats::{Difference, RunStats, Tally, percent, points};
use plotters::coord::Shift;
use plotters::prelude::*;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Draws one SVG of `size` with `draw`, into a `<figure>` with `id`.
fn figure(
    id: &str,
    caption: &str,
    size: (u32, u32),
    draw: impl FnOnce(&Area) -> Result<(), String>,
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        draw(&root)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(format!("<figure id=\"{id}\">{svg}<figcaption>{}</figcaption></figure>\n", escape(caption)))
}

/// Text for HTML: deck and card names come from users' files.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Red for 0%, white for 50%, green for 100%.
fn heat(rate: f64) -> RGBColor {
    let mix = |a: u8, b: u8, t: f64| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
    if rate < 0.5 {
        let t = rate / 0.5;
        RGBColor(mix(214, 255, t), mix(69, 255, t), mix(65, 255, t))
    } else {
        let t = (rate - 0.5) / 0.5;
        RGBColor(mix(255, 26, t), mix(255, 150, t), mix(255, 65, t))
    }
}

/// Win rate of deck `row` against deck `col` over the two-player pairings of the run.
fn matchups(r: &SimReport) -> Vec<Vec<Tally>> {
    let n = r.decks.len();
    let mut m = vec![vec![Tally::default(); n]; n];
    for p in r.pairings.iter().filter(|p| p.decks.len() == 2) {
        let (a, b) = (p.decks[0], p.decks[1]);
        let decided = p.wins[0] + p.wins[1];
        m[a][b].games += decided;
        m[a][b].wins += p.wins[0];
        m[b][a].games += decided;
        m[b][a].wins += p.wins[1];
    }
    m
}

fn matrix_figure(r: &SimReport) -> Result<String, String> {
    let m = matchups(r);
    let n = r.decks.len() as i32;
    let (cell, left, top) = (56, 120, 100);
    let size = ((left + cell * n + 20) as u32, (top + cell * n + 20) as u32);
    figure("matchup-matrix", "Win rate of the row's deck against the column's (games with a winner)", size, |root| {
        let font = ("sans-serif", 13).into_font();
        let e = |e: DrawingAreaErrorKind<_>| e.to_string();
        for (i, name) in r.decks.iter().enumerate() {
            let i = i as i32;
            root.draw(&Text::new(name.clone(), (8, top + i * cell + cell / 2 - 6), font.clone())).map_err(e)?;
            let rotated = font.clone().transform(FontTransform::Rotate270);
            root.draw(&Text::new(name.clone(), (left + i * cell + cell / 2 - 6, top - 8), rotated)).map_err(e)?;
        }
        for (i, row) in m.iter().enumerate() {
            for (j, t) in row.iter().enumerate() {
                let (x, y) = (left + j as i32 * cell, top + i as i32 * cell);
                let fill = match t.rate() {
                    Some(rate) if i != j => heat(rate),
                    _ => RGBColor(225, 225, 225),
                };
                root.draw(&Rectangle::new([(x, y), (x + cell - 2, y + cell - 2)], fill.filled())).map_err(e)?;
                if let (Some(rate), true) = (t.rate(), i != j) {
                    let label = format!("{:.0}%", rate * 100.0);
                    root.draw(&Text::new(label, (x + 12, y + cell / 2 - 8), font.clone())).map_err(e)?;
                }
            }
        }
        Ok(())
    })
}

/// One deck's cards: the win rate when drawn with its interval, against the deck's win rate.
fn cards_figure(s: &RunStats, deck: usize) -> Result<String, String> {
    let d = &s.decks[deck];
    let cards: Vec<_> = d.cards.iter().filter(|c| c.drawn.games > 0).collect();
    let n = cards.len() as i32;
    let caption =
        format!("{}: win rate when drawn, 95% interval; the line is the deck's {}", d.deck, percent(&d.games));
    figure(&format!("cards-{deck}"), &caption, (820, (60 + 20 * n.max(1)) as u32), |root| {
        let e = |e: DrawingAreaErrorKind<_>| e.to_string();
        let mut chart = ChartBuilder::on(root)
            .margin(8)
            .x_label_area_size(28)
            .y_label_area_size(250)
            .build_cartesian_2d(0.0f64..1.0f64, -1i32..n)
            .map_err(e)?;
        let names: Vec<String> = cards.iter().map(|c| format!("{} x{}", c.card, c.copies)).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(names.len() + 2)
            .y_label_formatter(&|y| if *y >= 0 && *y < n { names[(n - 1 - y) as usize].clone() } else { String::new() })
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .draw()
            .map_err(e)?;
        if let Some(rate) = d.games.rate() {
            chart.draw_series(LineSeries::new([(rate, -1), (rate, n)], BLACK.stroke_width(1))).map_err(e)?;
        }
        chart
            .draw_series(cards.iter().enumerate().filter_map(|(i, c)| {
                let (rate, (low, high)) = (c.drawn.rate()?, c.drawn.interval()?);
                Some(ErrorBar::new_horizontal(n - 1 - i as i32, low, rate, high, BLUE.filled(), 6))
            }))
            .map_err(e)?;
        Ok(())
    })
}

/// Games by number of turns, over every table.
fn lengths_figure(s: &RunStats) -> Result<String, String> {
    let mut lengths: Vec<u64> = Vec::new();
    for t in &s.tables {
        if lengths.len() < t.lengths.len() {
            lengths.resize(t.lengths.len(), 0);
        }
        for (x, y) in lengths.iter_mut().zip(&t.lengths) {
            *x += y;
        }
    }
    let most = lengths.iter().copied().max().unwrap_or(0).max(1);
    figure("game-lengths", "Games by number of turns", (820, 300), |root| {
        let e = |e: DrawingAreaErrorKind<_>| e.to_string();
        let mut chart = ChartBuilder::on(root)
            .margin(8)
            .x_label_area_size(28)
            .y_label_area_size(50)
            .build_cartesian_2d((0u32..lengths.len().max(1) as u32).into_segmented(), 0u64..most + most / 10 + 1)
            .map_err(e)?;
        chart.configure_mesh().disable_x_mesh().x_desc("turns").y_desc("games").draw().map_err(e)?;
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(BLUE.mix(0.6).filled())
                    .data(lengths.iter().enumerate().map(|(t, c)| (t as u32, *c))),
            )
            .map_err(e)?;
        Ok(())
    })
}

/// Horizontal bars of differences with their intervals, labelled, largest first.
fn differences_figure(id: &str, caption: &str, rows: &[(String, Difference)]) -> Result<String, String> {
    let n = rows.len() as i32;
    let reach = rows.iter().map(|(_, d)| d.low.abs().max(d.high.abs())).fold(0.05, f64::max);
    figure(id, caption, (820, (60 + 20 * n.max(1)) as u32), |root| {
        let e = |e: DrawingAreaErrorKind<_>| e.to_string();
        let mut chart = ChartBuilder::on(root)
            .margin(8)
            .x_label_area_size(28)
            .y_label_area_size(280)
            .build_cartesian_2d(-reach..reach, -1i32..n)
            .map_err(e)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(rows.len() + 2)
            .y_label_formatter(&|y| {
                if *y >= 0 && *y < n { rows[(n - 1 - y) as usize].0.clone() } else { String::new() }
            })
            .x_label_formatter(&|x| format!("{:+.0}", x * 100.0))
            .draw()
            .map_err(e)?;
        chart.draw_series(LineSeries::new([(0.0, -1), (0.0, n)], BLACK.stroke_width(1))).map_err(e)?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, (_, d))| {
                let color = if d.significant() { RED } else { BLUE };
                ErrorBar::new_horizontal(n - 1 - i as i32, d.low, d.value, d.high, color.filled(), 6)
            }))
            .map_err(e)?;
        Ok(())
    })
}

fn page(title: &str, intro: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>\n\
body {{ font-family: sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}\n\
figure {{ margin: 1.5em 0; }} figcaption {{ font-size: 0.9em; color: #555; }}\n\
table {{ border-collapse: collapse; font-size: 0.9em; }} td, th {{ padding: 0.2em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }}\n\
td:first-child, th:first-child {{ text-align: left; }}\n</style>\n</head>\n<body>\n<h1>{title}</h1>\n<p>{intro}</p>\n{body}\
<script>\n// Each figure holds its plot: the page says how many it shows.\n\
document.body.dataset.plots = String(document.querySelectorAll('figure > svg').length);\n</script>\n</body>\n</html>\n",
        title = escape(title)
    )
}

/// The page of a run.
pub fn run_page(r: &SimReport) -> Result<String, String> {
    let mut body = String::new();
    let intro = escape(&format!(
        "{} games, {}, agents {}, seed {}; build {}, card set {}. Rates carry 95% Wilson intervals.",
        r.games,
        r.mode,
        r.agents.join(","),
        r.seed,
        r.build,
        r.card_set
    ));
    body.push_str(
        "<section id=\"decks\">\n<h2>Decks</h2>\n<table>\n<tr><th>deck</th><th>games</th><th>win rate</th></tr>\n",
    );
    for (i, d) in r.decks.iter().enumerate() {
        let t = Tally { games: r.played[i], wins: r.wins[i] };
        body.push_str(&format!("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n", escape(d), t.games, percent(&t)));
    }
    body.push_str("</table>\n</section>\n");
    if r.pairings.iter().any(|p| p.decks.len() == 2) {
        body.push_str("<section id=\"matchups\">\n<h2>Matchups</h2>\n");
        body.push_str(&matrix_figure(r)?);
        body.push_str("</section>\n");
    }
    if let Some(s) = &r.card_stats {
        body.push_str("<section id=\"cards\">\n<h2>Cards</h2>\n");
        for i in 0..s.decks.len() {
            body.push_str(&cards_figure(s, i)?);
        }
        body.push_str("</section>\n<section id=\"lengths\">\n<h2>Game length</h2>\n");
        body.push_str(&lengths_figure(s)?);
        body.push_str("</section>\n");
    }
    Ok(page("Riftbound simulation", &intro, &body))
}

/// The page of a comparison.
pub fn comparison_page(c: &Comparison, rows: usize) -> Result<String, String> {
    let side = |f: &[String]| if f.is_empty() { "the official cards".to_string() } else { f.join(" + ") };
    let intro = escape(&format!(
        "{} games a side, {}, agents {}, seed {}: {} against {}. Changed cards in the decks: {}.",
        c.base.games,
        c.mode,
        c.agents.join(","),
        c.seed,
        side(&c.base.folders),
        side(&c.change.folders),
        if c.changed_cards.is_empty() { "none".to_string() } else { c.changed_cards.join(", ") }
    ));
    let mut body = String::from("<section id=\"findings\">\n<h2>Larger than the noise</h2>\n<ul>\n");
    for f in &c.findings {
        body.push_str(&format!("<li>{}</li>\n", escape(f)));
    }
    body.push_str("</ul>\n</section>\n<section id=\"deltas\">\n<h2>Differences</h2>\n");
    let decks: Vec<(String, Difference)> =
        c.decks.iter().filter_map(|d| Some((d.deck.clone(), d.difference?))).collect();
    body.push_str(&differences_figure(
        "deck-deltas",
        "Deck win rate, change minus base (points, 95% interval; red: beyond the noise)",
        &decks,
    )?);
    let cards: Vec<(String, Difference)> = c
        .cards
        .iter()
        .filter_map(|r| Some((format!("{} ({})", r.card, r.deck), r.improvement_difference?)))
        .take(rows)
        .collect();
    body.push_str(&differences_figure(
        "card-deltas",
        "Improvement when drawn, change minus base, the cards that moved most (points, 95% interval)",
        &cards,
    )?);
    body.push_str("<table>\n<tr><th>card</th><th>base</th><th>change</th><th>difference</th></tr>\n");
    for r in c.cards.iter().take(rows) {
        body.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            escape(&format!("{} ({})", r.card, r.deck)),
            points(&r.improvement_base),
            points(&r.improvement_change),
            points(&r.improvement_difference)
        ));
    }
    body.push_str("</table>\n</section>\n");
    Ok(page("Riftbound comparison", &intro, &body))
}

/// Writes `html` to `path` whole or not at all (a temporary file renamed into place).
pub fn write(path: &std::path::Path, html: &str) -> Result<(), String> {
    let tmp = path.with_extension("html.partial");
    std::fs::write(&tmp, html).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_runs_from_red_through_white_to_green() {
        assert_eq!(heat(0.5), RGBColor(255, 255, 255));
        let (lose, win) = (heat(0.0), heat(1.0));
        assert!(lose.0 > lose.1 && win.1 > win.0, "{lose:?} {win:?}");
    }

    #[test]
    fn names_from_users_files_are_escaped() {
        assert_eq!(escape("<b>R&D \"deck\""), "&lt;b&gt;R&amp;D &quot;deck&quot;");
    }
}
